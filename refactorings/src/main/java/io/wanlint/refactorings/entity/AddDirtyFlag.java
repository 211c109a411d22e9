package io.wanlint.refactorings.entity;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * WAN008: a BMP entity's {@code ejbStore} that writes at every commit gets a dirty flag. The
 * persistent state is what {@code ejbLoad} (or a helper it calls) reads into fields; every business
 * method that assigns one of those fields, itself or through a helper of the bean, sets the flag;
 * {@code ejbLoad}, each {@code ejbPostCreate} (the row was just inserted) and a completed store clear
 * it; and {@code ejbStore} returns at once when it is clear. The flag is {@code transient}: it
 * describes the instance's current transaction, never state to passivate.
 */
public final class AddDirtyFlag implements Refactoring {
    public static final String RULE_ID = "WAN008";
    private static final List<String> FLAG_NAMES = List.of("dirty", "modified", "stateChanged");

    /** The planned edits of one file, or why there are none. */
    sealed interface Rewrite {
        record Planned(FileChange.Edit change, String flag, List<String> mutators) implements Rewrite {}

        record NotApplicable(String reason) implements Rewrite {}
    }

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Method.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!handles(finding)) return PlanOutcome.declined("not a WAN008 finding");
        String file = finding.location().file();
        Optional<SourceText> source = context.read(file);
        if (source.isEmpty()) return PlanOutcome.declined(file + " cannot be read");
        String className = finding.location().className();
        String simple = className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
        boolean beanClass = context.model().byClass(className).filter(c -> c.kind() == ComponentKind.ENTITY_BMP).isPresent();
        if (!beanClass) {
            // A base class's ejbStore serves beans whose mutators it cannot see: a flag there could skip real writes.
            return PlanOutcome.declined(file + ": " + simple + " is not the bean class of a BMP entity; its ejbStore is inherited");
        }
        List<WriteSafety.Declared> chain = WriteSafety.chain(className, context);
        List<WriteSafety.Declared> superclasses = chain.isEmpty() ? List.of() : chain.subList(1, chain.size());
        Optional<String> inherited = inheritedFlag(superclasses);
        Optional<String> unseen = unseenBySubclassFlag(superclasses, inherited, simple);
        if (unseen.isPresent()) return PlanOutcome.declined("writes may be unseen: " + unseen.get());
        Rewrite r = rewrite(source.get(), simple, inherited);
        if (r instanceof Rewrite.NotApplicable n) return PlanOutcome.declined(n.reason());
        Rewrite.Planned p = (Rewrite.Planned) r;
        String by = p.mutators().isEmpty() ? "; no business method changes the state" : " set by " + String.join(", ", p.mutators());
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(),
                "Store " + simple + " only when its state changed (a " + p.flag() + " flag" + by + ")",
                List.of(p.change()), finding.before(), finding.after()));
    }

    /** Names of inherited fields taken for a dirty flag a base class keeps. */
    private static final java.util.regex.Pattern CHANGE_WORDS = java.util.regex.Pattern.compile("(?i).*(dirty|modified|changed).*");

    /** A boolean field of a superclass, visible to the bean, named for a change: the flag the hierarchy already keeps. */
    static Optional<String> inheritedFlag(List<WriteSafety.Declared> superclasses) {
        for (WriteSafety.Declared d : superclasses) {
            for (FieldDeclaration f : d.type().getFields()) {
                if (f.isStatic() || f.isPrivate() || !f.getElementType().asString().equals("boolean")) continue;
                for (VariableDeclarator v : f.getVariables()) {
                    if (CHANGE_WORDS.matcher(v.getNameAsString()).matches()) return Optional.of(v.getNameAsString());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Where a superclass changes state without the bean's flag knowing: its mutators when there is no
     * inherited flag (a flag added to the bean would not see them, and {@code ejbStore} would skip
     * their changes), or a mutator that does not raise the inherited flag.
     */
    static Optional<String> unseenBySubclassFlag(List<WriteSafety.Declared> superclasses, Optional<String> flag, String bean) {
        for (WriteSafety.Declared d : superclasses) {
            for (MethodDeclaration m : d.type().getMethods()) {
                String n = m.getNameAsString();
                if (m.isStatic() || lifecycle(n)) continue;
                boolean setter = n.length() > 3 && n.startsWith("set") && Character.isUpperCase(n.charAt(3)) && m.getParameters().size() == 1;
                boolean writes = m.getBody().isPresent() && WriteSafety.firstWrite(m).filter(w -> flag.map(f -> !w.equals(f)).orElse(true)).isPresent();
                if (!setter && !writes) continue;
                String at = d.simple() + "." + n + " (" + d.at(m) + ")";
                if (flag.isEmpty()) {
                    return Optional.of("superclass " + d.simple() + " holds mutators (" + at + "), which a flag added to " + bean + " would not see");
                }
                boolean raises = m.getBody().isPresent() && m.findAll(AssignExpr.class).stream()
                        .anyMatch(a -> fieldOf(a.getTarget(), Set.of()).filter(flag.get()::equals).isPresent()
                                && !(a.getValue() instanceof com.github.javaparser.ast.expr.BooleanLiteralExpr b && !b.getValue()));
                if (!raises) return Optional.of(at + " changes state without raising " + flag.get());
            }
        }
        return Optional.empty();
    }

    /** The dirty flag for bean class {@code simpleClassName}. */
    static Rewrite rewrite(SourceText text, String simpleClassName) {
        return rewrite(text, simpleClassName, Optional.empty());
    }

    /** The dirty flag for bean class {@code simpleClassName}, reusing {@code inherited} when a superclass keeps one. */
    static Rewrite rewrite(SourceText text, String simpleClassName, Optional<String> inherited) {
        JavaSource.TypeLookup lookup = JavaSource.findType(text, simpleClassName);
        if (lookup instanceof JavaSource.TypeLookup.Missing missing) return new Rewrite.NotApplicable(missing.reason());
        JavaSource.TypeLookup.Found found = (JavaSource.TypeLookup.Found) lookup;
        JavaSource src = found.source();
        TypeDeclaration<?> type = found.type();
        String at = text.path() + ":";
        if (type instanceof ClassOrInterfaceDeclaration c && (c.isAbstract() || c.isInterface())) {
            return new Rewrite.NotApplicable(simpleClassName + " is abstract: its subclasses' mutators would not set the flag");
        }
        Optional<MethodDeclaration> store = noArg(type, "ejbStore");
        Optional<MethodDeclaration> load = noArg(type, "ejbLoad");
        if (store.isEmpty() || store.get().getBody().isEmpty()) return new Rewrite.NotApplicable(simpleClassName + " declares no ejbStore() with a body");
        if (load.isEmpty() || load.get().getBody().isEmpty()) {
            return new Rewrite.NotApplicable(simpleClassName + " declares no ejbLoad() of its own: the persistent fields are unknown");
        }
        BlockStmt storeBody = store.get().getBody().get();
        if (!storeBody.getStatements().isEmpty() && storeBody.getStatement(0) instanceof IfStmt i
                && (!i.findAll(ReturnStmt.class).isEmpty() || !i.findAll(ThrowStmt.class).isEmpty())) {
            return new Rewrite.NotApplicable(at + store.get().getBegin().orElseThrow().line + ": ejbStore already starts with a check");
        }

        Set<String> fields = new HashSet<>();
        for (FieldDeclaration f : type.getFields()) {
            if (f.isStatic()) continue;
            for (VariableDeclarator v : f.getVariables()) fields.add(v.getNameAsString());
        }
        Set<String> persistent = assignedFields(type, load.get(), fields);
        if (persistent.isEmpty()) return new Rewrite.NotApplicable(simpleClassName + ".ejbLoad assigns no field");
        if (inherited.isPresent() && fields.contains(inherited.get())) {
            return new Rewrite.NotApplicable(simpleClassName + "'s field " + inherited.get() + " hides its superclass's flag of that name");
        }
        String flag = inherited.orElseGet(() -> FLAG_NAMES.stream().filter(n -> !fields.contains(n)).findFirst().orElse(null));
        if (flag == null) return new Rewrite.NotApplicable(simpleClassName + " already has fields named " + String.join(", ", FLAG_NAMES));

        String file = text.path();
        String eol = text.lineEnding();
        List<TextEdit> edits = new ArrayList<>();
        FieldDeclaration lastPersistent = null;
        for (FieldDeclaration f : type.getFields()) {
            if (f.getVariables().stream().anyMatch(v -> persistent.contains(v.getNameAsString()))) lastPersistent = f;
        }
        String indent = src.source().indentationAt(src.begin(lastPersistent));
        int afterField = nextLine(src, src.end(lastPersistent));
        if (inherited.isEmpty()) edits.add(TextEdit.insert(file, afterField, indent + "/** Set when a business method changes the persistent state: ejbStore writes only then. */" + eol
                + indent + "private transient boolean " + flag + ";" + eol));

        List<String> mutators = new ArrayList<>();
        for (MethodDeclaration m : type.getMethods()) {
            if (m.isStatic() || m.isPrivate() || m.getBody().isEmpty() || lifecycle(m.getNameAsString())) continue;
            if (assignedFields(type, m, persistent).isEmpty()) continue;
            Object e = setFlag(src, m, flag + " = true;");
            if (e instanceof String reason) return new Rewrite.NotApplicable(at + m.getBegin().orElseThrow().line + ": " + reason);
            edits.add((TextEdit) e);
            mutators.add(m.getNameAsString());
        }
        for (MethodDeclaration m : type.getMethods()) {
            boolean reset = m.getNameAsString().equals("ejbPostCreate") || m == load.get();
            if (!reset || m.getBody().isEmpty()) continue;
            Object e = append(src, m, flag + " = false;");
            if (e instanceof String reason) return new Rewrite.NotApplicable(at + m.getBegin().orElseThrow().line + ": " + reason);
            edits.add((TextEdit) e);
        }
        Object check = prepend(src, store.get(), List.of("if (!" + flag + ") {", "    return;", "}"));
        if (check instanceof String reason) return new Rewrite.NotApplicable(at + store.get().getBegin().orElseThrow().line + ": " + reason);
        edits.add((TextEdit) check);
        Object stored = append(src, store.get(), flag + " = false;");
        if (stored instanceof String reason) return new Rewrite.NotApplicable(at + store.get().getBegin().orElseThrow().line + ": " + reason);
        edits.add((TextEdit) stored);
        try {
            return new Rewrite.Planned(new FileChange.Edit(file, edits), flag, mutators);
        } catch (IllegalArgumentException overlapping) {
            return new Rewrite.NotApplicable(simpleClassName + "'s methods share lines, so the flag cannot be added line by line");
        }
    }

    private static boolean lifecycle(String name) {
        return name.startsWith("ejb") || name.equals("setEntityContext") || name.equals("unsetEntityContext");
    }

    private static Optional<MethodDeclaration> noArg(TypeDeclaration<?> type, String name) {
        return type.getMethodsByName(name).stream().filter(m -> m.getParameters().isEmpty()).findFirst();
    }

    /**
     * The fields of {@code candidates} that {@code method} assigns, itself or through methods of the
     * bean it calls unqualified or on {@code this} (followed transitively).
     */
    private static Set<String> assignedFields(TypeDeclaration<?> type, MethodDeclaration method, Set<String> candidates) {
        Set<String> out = new LinkedHashSet<>();
        Set<MethodDeclaration> seen = new HashSet<>();
        Deque<MethodDeclaration> work = new ArrayDeque<>(List.of(method));
        while (!work.isEmpty()) {
            MethodDeclaration m = work.poll();
            if (!seen.add(m)) continue;
            Set<String> locals = new HashSet<>();
            m.getParameters().forEach(p -> locals.add(p.getNameAsString()));
            m.findAll(VariableDeclarator.class).forEach(v -> locals.add(v.getNameAsString()));
            for (AssignExpr a : m.findAll(AssignExpr.class)) fieldOf(a.getTarget(), locals).filter(candidates::contains).ifPresent(out::add);
            for (UnaryExpr u : m.findAll(UnaryExpr.class, u -> u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
                fieldOf(u.getExpression(), locals).filter(candidates::contains).ifPresent(out::add);
            }
            for (MethodCallExpr c : m.findAll(MethodCallExpr.class)) {
                // items.add(x), when.setTime(t): a mutable field changed in place is a change of state too.
                Optional<String> receiver = c.getScope().flatMap(r -> fieldOf(r, locals)).filter(candidates::contains);
                if (receiver.isPresent() && !readsOnly(c.getNameAsString())) out.add(receiver.get());
                if (c.getScope().isPresent() && !(c.getScope().get() instanceof ThisExpr)) continue;
                for (MethodDeclaration callee : type.getMethodsByName(c.getNameAsString())) {
                    if (callee.getParameters().size() == c.getArguments().size() && callee.getBody().isPresent()) work.add(callee);
                }
            }
        }
        return out;
    }

    /** Calls that only read their receiver (getters and the common queries of values and collections). */
    private static boolean readsOnly(String method) {
        return method.startsWith("get") || method.startsWith("is") || method.startsWith("has") || method.startsWith("to")
                || READ_ONLY_CALLS.contains(method);
    }

    private static final Set<String> READ_ONLY_CALLS = Set.of("size", "length", "contains", "containsKey", "containsValue",
            "equals", "hashCode", "compareTo", "charAt", "indexOf", "lastIndexOf", "startsWith", "endsWith", "trim",
            "substring", "intValue", "longValue", "doubleValue", "floatValue", "shortValue", "byteValue", "booleanValue",
            "before", "after", "iterator", "stream", "clone", "equalsIgnoreCase", "matches", "format");

    private static Optional<String> fieldOf(Expression target, Set<String> locals) {
        if (target instanceof NameExpr n && !locals.contains(n.getNameAsString())) return Optional.of(n.getNameAsString());
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return Optional.of(f.getNameAsString());
        return Optional.empty();
    }

    /** {@code statement} where the method has changed the state: at its end, or its start when it can return midway. */
    private static Object setFlag(JavaSource src, MethodDeclaration m, String statement) {
        BlockStmt body = m.getBody().orElseThrow();
        boolean returns = !body.findAll(ReturnStmt.class, r -> r.findAncestor(LambdaExpr.class).filter(body::isAncestorOf).isEmpty()).isEmpty();
        Optional<Statement> last = body.getStatements().getLast();
        if (returns || last.filter(s -> s instanceof ThrowStmt).isPresent()) return prepend(src, m, List.of(statement));
        return append(src, m, statement);
    }

    /** Lines inserted before the body's last closing brace. */
    private static Object append(JavaSource src, MethodDeclaration m, String statement) {
        BlockStmt body = m.getBody().orElseThrow();
        Optional<Statement> last = body.getStatements().getLast();
        if (last.filter(s -> s instanceof ReturnStmt || s instanceof ThrowStmt).isPresent()) {
            return m.getNameAsString() + " ends with a return or throw";
        }
        if (!body.findAll(ReturnStmt.class).isEmpty()) return m.getNameAsString() + " can return before its end";
        String eol = src.source().lineEnding();
        int close = src.end(body) - 1;
        String inner = statementIndent(src, m);
        if (src.startsLine(close)) {
            return TextEdit.insert(src.source().path(), src.source().lineStart(close), inner + statement + eol);
        }
        if (body.getStatements().isEmpty() && src.text(body).replaceAll("\\s", "").equals("{}")) {
            // An empty body on one line: it opens up around the one statement.
            String outer = src.source().indentationAt(src.begin(m));
            return new TextEdit(src.source().path(), src.begin(body), src.end(body), "{" + eol + inner + statement + eol + outer + "}");
        }
        return m.getNameAsString() + "'s closing brace shares its line with code";
    }

    /** Lines inserted right after the body's opening brace. */
    private static Object prepend(JavaSource src, MethodDeclaration m, List<String> lines) {
        BlockStmt body = m.getBody().orElseThrow();
        String text = src.source().text();
        int open = src.begin(body);
        int nl = text.indexOf('\n', open);
        if (nl < 0 || !text.substring(open + 1, nl).isBlank()) return m.getNameAsString() + "'s opening brace shares its line with code";
        String eol = src.source().lineEnding();
        String inner = statementIndent(src, m);
        StringBuilder b = new StringBuilder();
        for (String l : lines) b.append(inner).append(l.replace("    ", unit(src, m))).append(eol);
        return TextEdit.insert(src.source().path(), nl + 1, b.toString());
    }

    private static String statementIndent(JavaSource src, MethodDeclaration m) {
        BlockStmt body = m.getBody().orElseThrow();
        if (!body.getStatements().isEmpty()) return src.source().indentationAt(src.begin(body.getStatement(0)));
        return src.source().indentationAt(src.begin(m)) + unit(src, m);
    }

    /** One level of indentation as the file uses it: the member's own indentation, else four spaces. */
    private static String unit(JavaSource src, BodyDeclaration<?> member) {
        String own = src.source().indentationAt(src.begin(member));
        Node parent = member.getParentNode().orElse(null);
        return own.isEmpty() || !(parent instanceof TypeDeclaration<?> t) || t.getParentNode().filter(p -> p instanceof TypeDeclaration).isPresent()
                ? "    " : own;
    }

    private static int nextLine(JavaSource src, int offset) {
        int nl = src.source().text().indexOf('\n', offset);
        return nl < 0 ? src.source().text().length() : nl + 1;
    }
}
