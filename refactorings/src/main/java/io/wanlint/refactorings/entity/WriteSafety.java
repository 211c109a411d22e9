package io.wanlint.refactorings.entity;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether an entity's write set is complete and known, which the one-line patches rely on: a
 * read-only declaration loses every write it did not see, and a dirty flag skips every store whose
 * change did not raise it. Writes the call graph does not show as writes:
 * <ul>
 * <li>a method named like a getter that changes state ({@code getNextId()} counting up a field, or
 *     calling a setter), in the bean class or a superclass;</li>
 * <li>mutators or field writes in a superclass of the bean (a CMP/BMP base class);</li>
 * <li>code loaded with {@code Class.forName} from a name read at run time (an env-entry, a property):
 *     the analysis cannot see what it calls (the call graph's unseen code, or any such load in the sources);</li>
 * <li>a locking finder ({@code findByPrimaryKeyForUpdate}): it is there because callers update what it finds.</li>
 * </ul>
 * Each reason reads {@code writes may be unseen: <where>}.
 */
final class WriteSafety {
    private WriteSafety() {}

    private static final Pattern GETTER = Pattern.compile("(get|is|has)[A-Z0-9_].*");
    private static final Pattern LOCKING_FINDER = Pattern.compile("(?i)find\\w*(ForUpdate|Lock\\w*)");
    private static final Set<String> LIFECYCLE = Set.of("setEntityContext", "unsetEntityContext");

    /** A class of the bean's hierarchy found among the application's sources. */
    record Declared(String qualified, String file, ClassOrInterfaceDeclaration type) {
        String simple() { return type.getNameAsString(); }

        String at(com.github.javaparser.ast.Node n) { return file + ":" + n.getBegin().map(p -> p.line).orElse(0); }
    }

    /** Why the entity's writes may not all be known, for a read-only declaration; empty when they are. */
    static Optional<String> forReadOnly(Component entity, RefactoringContext context) {
        List<Declared> chain = chain(entity.className(), context);
        Optional<String> why = getterWrites(chain);
        if (why.isEmpty() && chain.size() > 1) why = superclassWrites(chain.subList(1, chain.size()));
        if (why.isEmpty()) why = lockingFinder(entity, context);
        if (why.isEmpty()) why = unseenCode(context);
        if (why.isEmpty()) why = classesLoadedByName(context);
        return why.map(w -> "writes may be unseen: " + w);
    }

    /** The bean class and its superclasses among the application's sources, nearest first. */
    static List<Declared> chain(String className, RefactoringContext context) {
        List<Declared> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        String next = className;
        while (next != null && seen.add(next)) {
            Optional<Declared> d = declared(next, context);
            if (d.isEmpty()) break;
            out.add(d.get());
            next = d.get().type().getExtendedTypes().stream().findFirst()
                    .flatMap(t -> qualify(t.getNameWithScope(), d.get().type().findCompilationUnit().orElseThrow(), context)).orElse(null);
        }
        return out;
    }

    /** A getter-named method of the hierarchy that writes a field or calls a setter: {@code Counter.getNextId() writes nextId (file:line)}. */
    static Optional<String> getterWrites(List<Declared> chain) {
        for (Declared d : chain) {
            for (MethodDeclaration m : d.type().getMethods()) {
                if (m.isStatic() || m.getBody().isEmpty() || !GETTER.matcher(m.getNameAsString()).matches()) continue;
                Optional<String> w = firstWrite(m);
                if (w.isPresent()) return Optional.of(d.simple() + "." + m.getNameAsString() + "() writes " + w.get() + " (" + d.at(m) + ")");
            }
        }
        return Optional.empty();
    }

    /** A superclass declaring setters or methods that write fields: {@code superclass Base holds mutators (setName at file:line)}. */
    static Optional<String> superclassWrites(List<Declared> superclasses) {
        for (Declared d : superclasses) {
            List<String> mutators = mutators(d);
            if (!mutators.isEmpty()) {
                return Optional.of("superclass " + d.simple() + " holds mutators (" + String.join(", ", mutators.subList(0, Math.min(3, mutators.size())))
                        + (mutators.size() > 3 ? ", …" : "") + ")");
            }
        }
        return Optional.empty();
    }

    /** The methods of a class (callbacks aside) that are setters or write a field, as {@code name at file:line}. */
    static List<String> mutators(Declared d) {
        List<String> out = new ArrayList<>();
        for (MethodDeclaration m : d.type().getMethods()) {
            String n = m.getNameAsString();
            if (m.isStatic() || LIFECYCLE.contains(n) || n.startsWith("ejb")) continue;
            boolean setter = n.length() > 3 && n.startsWith("set") && Character.isUpperCase(n.charAt(3)) && m.getParameters().size() == 1;
            if (setter || m.getBody().isPresent() && firstWrite(m).isPresent()) out.add(n + " at " + d.at(m));
        }
        return out;
    }

    /** The first field {@code m} assigns or counts, or the setter it calls on its own object. */
    static Optional<String> firstWrite(MethodDeclaration m) {
        Set<String> locals = new HashSet<>();
        m.getParameters().forEach(p -> locals.add(p.getNameAsString()));
        m.findAll(VariableDeclarator.class).forEach(v -> locals.add(v.getNameAsString()));
        for (AssignExpr a : m.findAll(AssignExpr.class)) {
            Optional<String> f = fieldOf(a.getTarget(), locals);
            if (f.isPresent() && !lazilyInitialised(a, f.get())) return f;
        }
        for (UnaryExpr u : m.findAll(UnaryExpr.class, u -> u.getOperator().isPostfix()
                || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
            Optional<String> f = fieldOf(u.getExpression(), locals);
            if (f.isPresent()) return f;
        }
        for (MethodCallExpr c : m.findAll(MethodCallExpr.class)) {
            String n = c.getNameAsString();
            boolean own = c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr;
            if (own && n.length() > 3 && n.startsWith("set") && Character.isUpperCase(n.charAt(3)) && !LIFECYCLE.contains(n)) {
                return Optional.of(Character.toLowerCase(n.charAt(3)) + n.substring(4) + " through " + n + "()");
            }
        }
        return Optional.empty();
    }

    /** {@code if (items == null) items = load();}: a cache of what was read, not a change of state. */
    private static boolean lazilyInitialised(AssignExpr a, String field) {
        if (a.getOperator() != AssignExpr.Operator.ASSIGN) return false;
        return a.findAncestor(com.github.javaparser.ast.stmt.IfStmt.class)
                .filter(i -> i.getCondition() instanceof com.github.javaparser.ast.expr.BinaryExpr b
                        && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.EQUALS
                        && (b.getLeft().isNullLiteralExpr() || b.getRight().isNullLiteralExpr())
                        && (b.getLeft().toString().replace("this.", "").equals(field) || b.getRight().toString().replace("this.", "").equals(field)))
                .isPresent();
    }

    private static Optional<String> fieldOf(Expression target, Set<String> locals) {
        if (target instanceof NameExpr n && !locals.contains(n.getNameAsString())) return Optional.of(n.getNameAsString());
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return Optional.of(f.getNameAsString());
        return Optional.empty();
    }

    /** A finder of the entity's homes (or its descriptor's queries) named for locking rows. */
    static Optional<String> lockingFinder(Component entity, RefactoringContext context) {
        if (entity.interfaces() != null) {
            for (String home : new String[] {entity.interfaces().home(), entity.interfaces().localHome()}) {
                if (home == null) continue;
                Optional<Declared> d = declared(home, context);
                if (d.isEmpty()) continue;
                for (MethodDeclaration m : d.get().type().getMethods()) {
                    if (LOCKING_FINDER.matcher(m.getNameAsString()).matches()) {
                        return Optional.of("the locking finder " + d.get().simple() + "." + m.getNameAsString() + " (" + d.get().at(m)
                                + ") is there for callers that update what it finds");
                    }
                }
            }
        }
        for (QueryDefinition q : entity.queries()) {
            if (q.method() != null && LOCKING_FINDER.matcher(q.method()).matches()) {
                return Optional.of("the locking finder " + q.method() + " is there for callers that update what it finds");
            }
        }
        return Optional.empty();
    }

    /** Code the call graph says runs unseen ({@link io.wanlint.analyzer.api.CallGraph#unseenCode}), in either front end. */
    static Optional<String> unseenCode(RefactoringContext context) {
        if (!context.hasCallGraph()) return Optional.empty();
        List<io.wanlint.analyzer.api.UnseenCode> unseen = context.unseenCode();
        if (unseen.isEmpty()) return Optional.empty();
        return Optional.of(unseen.get(0).describe() + (unseen.size() > 1 ? " (and " + (unseen.size() - 1) + " more)" : "")
                + ", whose calls are not analysed");
    }

    /**
     * A {@code Class.forName} of a name known only at run time whose class is then used: plug-in code
     * configured in an env-entry or a property, which may write the entity where no call graph sees it.
     * A bare {@code Class.forName(driver);} statement only registers a JDBC driver and is not counted.
     */
    static Optional<String> classesLoadedByName(RefactoringContext context) {
        List<String> files = new ArrayList<>();
        for (AnalyzedFile f : context.files()) {
            if (f.kind() == AnalyzedFile.Kind.JAVA && !f.path().contains("!/")) files.add(f.path());
        }
        files.sort(null);
        for (String file : files) {
            Optional<String> text = context.read(file).map(t -> t.text());
            if (text.isEmpty() || !text.get().contains("forName")) continue;
            Optional<JavaSource> src = context.read(file).flatMap(JavaSource::parse);
            if (src.isEmpty()) continue;
            for (MethodCallExpr c : src.get().unit().findAll(MethodCallExpr.class)) {
                if (!c.getNameAsString().equals("forName") || c.getArguments().isEmpty()) continue;
                if (c.getScope().filter(s -> s.toString().equals("Class") || s.toString().equals("java.lang.Class")).isEmpty()) continue;
                if (c.getArgument(0) instanceof StringLiteralExpr) continue;
                if (c.getParentNode().filter(p -> p instanceof ExpressionStmt).isPresent()) continue;
                return Optional.of(file + ":" + c.getBegin().map(p -> p.line).orElse(0) + " loads a class named at run time (Class.forName("
                        + c.getArgument(0) + ")), whose calls are not analysed");
            }
        }
        return Optional.empty();
    }

    // ---- finding the application's classes ----

    static Optional<Declared> declared(String qualified, RefactoringContext context) {
        String suffix = qualified.replace('.', '/') + ".java";
        for (AnalyzedFile f : context.files()) {
            if (f.kind() != AnalyzedFile.Kind.JAVA || f.path().contains("!/")) continue;
            if (!(f.path().equals(suffix) || f.path().endsWith("/" + suffix))) continue;
            Optional<JavaSource> src = context.read(f.path()).flatMap(JavaSource::parse);
            String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
            Optional<ClassOrInterfaceDeclaration> t = src.flatMap(s -> s.unit().findAll(ClassOrInterfaceDeclaration.class).stream()
                    .filter(c -> c.getNameAsString().equals(simple)).findFirst());
            if (t.isPresent()) return Optional.of(new Declared(qualified, f.path(), t.get()));
        }
        return Optional.empty();
    }

    private static Optional<String> qualify(String name, CompilationUnit unit, RefactoringContext context) {
        if (name.contains(".")) return Optional.of(name);
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isStatic() && !i.isAsterisk() && i.getNameAsString().endsWith("." + name)) return Optional.of(i.getNameAsString());
        }
        String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        String same = pkg.isEmpty() ? name : pkg + "." + name;
        if (declared(same, context).isPresent()) return Optional.of(same);
        Set<String> candidates = new LinkedHashSet<>();
        for (ImportDeclaration i : unit.getImports()) {
            if (!i.isStatic() && i.isAsterisk()) candidates.add(i.getNameAsString() + "." + name);
        }
        return candidates.stream().filter(c -> declared(c, context).isPresent()).findFirst();
    }
}
