package io.wanlint.refactorings.messaging;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.YieldStmt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Finds, in a transactional method, the statements that make its external calls: the contiguous
 * statements of one block from the first call to the last, widened backwards over preparation that
 * only they use and that touches no transactional resource (building a mail message, say), and to
 * the whole {@code try} when they are its whole body. They can move to a message-driven bean only
 * when the transaction does not depend on them: nothing they compute is read afterwards, they do
 * not return, roll back, write the bean's fields or call its methods, and what they read can travel
 * in a message.
 */
final class CallSlicer {
    private static final Set<String> LIFECYCLE = Set.of("ejbCreate", "setSessionContext", "setEntityContext",
            "setMessageDrivenContext", "init");
    private static final Set<String> INJECTIONS = Set.of("Resource", "Inject", "EJB", "PersistenceContext", "PersistenceUnit");

    private final TypeDeclaration<?> type;
    private final MethodDeclaration method;
    private final String file;
    /** Lines of the method with a JDBC, JPA, EJB, JMS or JNDI call: such statements are the transaction's own work. */
    private final Set<Integer> transactionalLines;
    /** The qualified name of a type as written, by the file's imports. */
    private final Function<String, String> qualify;
    /** Whether an application class of this qualified name declares {@code Serializable}. */
    private final Predicate<String> appSerializable;

    CallSlicer(TypeDeclaration<?> type, MethodDeclaration method, String file, Set<Integer> transactionalLines,
               Function<String, String> qualify, Predicate<String> appSerializable) {
        this.type = type;
        this.method = method;
        this.file = file;
        this.transactionalLines = transactionalLines;
        this.qualify = qualify;
        this.appSerializable = appSerializable;
    }

    /** The movable statements around the calls on {@code callLines} (lines of {@link #method}). */
    CallSlice slice(Set<Integer> callLines) {
        if (method.getBody().isEmpty()) return refuse(line(method), "has no body");
        List<Statement> callStatements = new ArrayList<>();
        for (int l : callLines) {
            Optional<Statement> s = statementAt(l);
            if (s.isEmpty()) return refuse(l, "is not a statement of a block that wanlint can move");
            callStatements.add(s.get());
        }
        BlockStmt block = commonBlock(callStatements);
        List<Statement> stmts = block.getStatements();
        int from = Integer.MAX_VALUE, to = -1;
        for (Statement s : callStatements) {
            Statement inBlock = ancestorIn(s, block);
            int i = indexOf(stmts, inBlock);
            from = Math.min(from, i);
            to = Math.max(to, i);
        }

        // The rest of the same interaction: plain statements right after that carry on with what the calls opened.
        while (to + 1 < stmts.size() && continuesWith(stmts.get(to + 1), stmts.subList(from, to + 1))) to++;

        Optional<String> depends = dependency(stmts.subList(from, to + 1));
        if (depends.isPresent()) return new CallSlice.Refused(depends.get());

        // Widen over preparation until every input can travel in a message; a try whose whole body
        // moves moves with its catch and finally clauses (they only fit those statements), and the
        // widening goes on in the block around it.
        while (true) {
            if (!untransferable(stmts.subList(from, to + 1)).isEmpty()) {
                for (int k = from - 1; k >= 0; k--) {
                    if (!preparation(stmts, k, from, to)) continue;
                    if (untransferable(stmts.subList(k, to + 1)).isEmpty()) {
                        from = k;
                        break;
                    }
                }
            }
            if (from == 0 && to == stmts.size() - 1 && block.getParentNode().orElse(null) instanceof TryStmt t
                    && t.getTryBlock() == block && t.getResources().isEmpty() && t.getParentNode().orElse(null) instanceof BlockStmt outer) {
                block = outer;
                stmts = outer.getStatements();
                from = to = indexOf(stmts, t);
                continue;
            }
            break;
        }
        List<Statement> range = new ArrayList<>(stmts.subList(from, to + 1));
        if (block.getParentNode().orElse(null) instanceof TryStmt t && t.getTryBlock() == block && !t.getCatchClauses().isEmpty()) {
            return refuse(line(range.get(0)), "shares its try block with statements that stay in the transaction; the catch clauses at line "
                    + line(t.getCatchClauses().get(0)) + " would no longer match (move the call into its own try block first)");
        }
        Optional<String> again = dependency(range);
        if (again.isPresent()) return new CallSlice.Refused(again.get());
        Map<String, CallSlice.Input> inputs = new LinkedHashMap<>();
        List<FieldDeclaration> constants = new ArrayList<>();
        List<CallSlice.Resource> resources = new ArrayList<>();
        for (Reference r : references(range)) {
            switch (r.origin) {
                case LOCAL -> {
                    Optional<MessageValue> v = MessageValue.of(r.type, qualify.apply(r.type), appSerializable.test(qualify.apply(r.type)));
                    if (v.isEmpty()) return refuse(r.line, "needs " + r.name + " (" + r.type + "), which cannot travel in a JMS message");
                    inputs.putIfAbsent(r.name, new CallSlice.Input(r.name, r.type, v.get()));
                }
                case FIELD -> {
                    FieldDeclaration f = r.field;
                    if (f.isStatic()) {
                        if (!f.isFinal() || f.getVariable(0).getInitializer().isEmpty()) {
                            return refuse(r.line, "reads the static field " + r.name + ", which the message bean would not share");
                        }
                        if (!constants.contains(f)) constants.add(f);
                        continue;
                    }
                    Optional<String> lookup = lookupOf(r.name);
                    boolean injected = f.getAnnotations().stream().anyMatch(a -> INJECTIONS.contains(a.getNameAsString()));
                    if (lookup.isPresent() || injected) {
                        if (resources.stream().noneMatch(x -> x.name().equals(r.name))) {
                            resources.add(new CallSlice.Resource(f, r.name, r.type, lookup.orElse("")));
                        }
                        continue;
                    }
                    Optional<MessageValue> v = MessageValue.of(r.type, qualify.apply(r.type), appSerializable.test(qualify.apply(r.type)));
                    if (v.isEmpty()) return refuse(r.line, "needs the field " + r.name + " (" + r.type + "), which cannot travel in a JMS message");
                    inputs.putIfAbsent(r.name, new CallSlice.Input(r.name, r.type, v.get()));
                }
            }
        }
        // An object input travels as a copy: changes the statements make to it would not reach the transaction.
        for (CallSlice.Input in : inputs.values()) {
            if (in.kind() != MessageValue.SERIALIZABLE) continue;
            for (Statement st : range) {
                for (MethodCallExpr c : st.findAll(MethodCallExpr.class)) {
                    boolean onInput = c.getScope().orElse(null) instanceof NameExpr n && n.getNameAsString().equals(in.name());
                    String m = c.getNameAsString();
                    if (onInput && !(m.startsWith("get") || m.startsWith("is") || m.startsWith("to") || m.equals("hashCode")
                            || m.equals("equals") || m.equals("compareTo"))) {
                        return refuse(line(c), "calls " + in.name() + "." + m + "(), which may change an object the message would only carry a copy of");
                    }
                }
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (Statement s : range) s.walk(com.github.javaparser.ast.expr.SimpleName.class, n -> names.add(n.getIdentifier()));
        for (FieldDeclaration c : constants) c.walk(com.github.javaparser.ast.expr.SimpleName.class, n -> names.add(n.getIdentifier()));
        for (CallSlice.Resource r : resources) names.add(r.type().replaceAll("<.*", ""));
        return new CallSlice.Movable(method, range, List.copyOf(inputs.values()), constants, resources, names,
                !method.getThrownExceptions().isEmpty());
    }

    // ---- where the calls are -----------------------------------------------------------------------

    /** The outermost statement starting on the line, that is a direct member of a block of the method. */
    private Optional<Statement> statementAt(int line) {
        Statement best = null;
        for (Statement s : method.getBody().get().findAll(Statement.class)) {
            if (!(s.getParentNode().orElse(null) instanceof BlockStmt) || s instanceof BlockStmt) continue;
            int b = s.getBegin().orElseThrow().line, e = s.getEnd().orElseThrow().line;
            if (b > line || e < line) continue;
            // the innermost statement holding the line: its own block is where the call sits
            if (best == null || best.isAncestorOf(s)) best = s;
        }
        return Optional.ofNullable(best);
    }

    private BlockStmt commonBlock(List<Statement> statements) {
        BlockStmt candidate = (BlockStmt) statements.get(0).getParentNode().orElseThrow();
        while (true) {
            BlockStmt c = candidate;
            if (statements.stream().allMatch(s -> c.isAncestorOf(s))) return c;
            Node up = candidate.getParentNode().orElseThrow();
            while (!(up instanceof BlockStmt)) up = up.getParentNode().orElseThrow();
            candidate = (BlockStmt) up;
        }
    }

    private static Statement ancestorIn(Statement s, BlockStmt block) {
        Node n = s;
        while (n.getParentNode().orElseThrow() != block) n = n.getParentNode().orElseThrow();
        return (Statement) n;
    }

    private static int indexOf(List<Statement> stmts, Statement s) {
        for (int i = 0; i < stmts.size(); i++) if (stmts.get(i) == s) return i;
        throw new IllegalStateException("statement not in its block");
    }

    // ---- does the transaction depend on them -------------------------------------------------------

    /** Why the transaction depends on these statements, if it does. */
    private Optional<String> dependency(List<Statement> range) {
        int end = range.get(range.size() - 1).getEnd().orElseThrow().line;
        Set<String> written = new LinkedHashSet<>();
        for (Statement s : range) {
            for (VariableDeclarator v : s.findAll(VariableDeclarator.class)) written.add(v.getNameAsString());
            for (AssignExpr a : s.findAll(AssignExpr.class)) {
                Optional<String> field = fieldTarget(a.getTarget());
                if (field.isPresent()) {
                    return Optional.of(at(line(a)) + " writes the field " + field.get() + ", which the transaction's bean keeps");
                }
                if (a.getTarget() instanceof NameExpr n) written.add(n.getNameAsString());
            }
            for (UnaryExpr u : s.findAll(UnaryExpr.class)) {
                if (u.getExpression() instanceof NameExpr n && (u.getOperator().isPostfix() || u.getOperator().isPrefix())
                        && u.getOperator().name().contains("CREMENT")) {
                    if (isField(n.getNameAsString()) && !declaredIn(range, n.getNameAsString())) {
                        return Optional.of(at(line(u)) + " writes the field " + n.getNameAsString() + ", which the transaction's bean keeps");
                    }
                    written.add(n.getNameAsString());
                }
            }
            for (ReturnStmt r : s.findAll(ReturnStmt.class)) {
                if (insideLambdaOrClass(r, s)) continue;
                return Optional.of(at(line(r)) + " returns from the method with the call's outcome: the transaction depends on the call's result");
            }
            for (Statement jump : s.findAll(Statement.class, x -> x instanceof BreakStmt || x instanceof ContinueStmt || x instanceof YieldStmt)) {
                if (!s.isAncestorOf(targetOf(jump)) && targetOf(jump) != s) {
                    return Optional.of(at(line(jump)) + " leaves the surrounding loop or switch from the call's block");
                }
            }
            for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) {
                String n = c.getNameAsString();
                if (n.equals("setRollbackOnly") || n.equals("getRollbackOnly")) {
                    return Optional.of(at(line(c)) + " decides the transaction's outcome (" + n + ") from the call: the transaction depends on the call's result");
                }
                boolean own = c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr;
                if (own && !type.getMethodsByName(n).isEmpty()) {
                    return Optional.of(at(line(c)) + " calls the bean's own method " + n + "(), which a message bean cannot call");
                }
                if (own && inheritsCode()) {
                    return Optional.of(at(line(c)) + " calls " + n + "(), which the bean inherits and a message bean would not have");
                }
            }
            for (ThisExpr t : s.findAll(ThisExpr.class)) {
                boolean fieldAccess = t.getParentNode().orElse(null) instanceof FieldAccessExpr f && f.getScope() == t
                        || t.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().orElse(null) == t;
                if (!fieldAccess && !insideLambdaOrClass(t, s)) {
                    return Optional.of(at(line(t)) + " hands the bean itself (this) to the call, which a message bean cannot do");
                }
            }
        }
        // A value the statements compute, read later by the transaction.
        for (NameExpr n : method.getBody().get().findAll(NameExpr.class)) {
            if (line(n) <= end || !written.contains(n.getNameAsString())) continue;
            if (range.stream().anyMatch(r -> r.isAncestorOf(n))) continue;
            String rollback = method.getBody().get().findAll(MethodCallExpr.class).stream()
                    .filter(c -> c.getNameAsString().equals("setRollbackOnly") && line(c) > end).findFirst()
                    .map(c -> " (line " + line(c) + " rolls it back on that result; deferring the call would commit first)").orElse("");
            return Optional.of(at(line(n)) + " reads " + n.getNameAsString() + ", which line " + definitionLine(range, n.getNameAsString())
                    + " gets from the call: the transaction depends on the call's result" + rollback);
        }
        return Optional.empty();
    }

    /** Whether the bean extends an application class whose methods unqualified calls may reach. */
    private boolean inheritsCode() {
        return type instanceof com.github.javaparser.ast.body.ClassOrInterfaceDeclaration c && !c.getExtendedTypes().isEmpty();
    }

    private static Node targetOf(Statement jump) {
        Node n = jump.getParentNode().orElse(null);
        while (n != null && !(n instanceof com.github.javaparser.ast.stmt.ForStmt || n instanceof com.github.javaparser.ast.stmt.ForEachStmt
                || n instanceof com.github.javaparser.ast.stmt.WhileStmt || n instanceof com.github.javaparser.ast.stmt.DoStmt
                || n instanceof com.github.javaparser.ast.stmt.SwitchStmt || n instanceof com.github.javaparser.ast.expr.SwitchExpr)) {
            n = n.getParentNode().orElse(null);
        }
        return n;
    }

    private static boolean insideLambdaOrClass(Node n, Node top) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != top; p = p.getParentNode().orElse(null)) {
            if (p instanceof com.github.javaparser.ast.expr.LambdaExpr || p instanceof BodyDeclaration<?>) return true;
        }
        return false;
    }

    private int definitionLine(List<Statement> range, String name) {
        for (Statement s : range) {
            for (VariableDeclarator v : s.findAll(VariableDeclarator.class)) if (v.getNameAsString().equals(name)) return line(v);
            for (AssignExpr a : s.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(name)) return line(a);
            }
        }
        return line(range.get(0));
    }

    private Optional<String> fieldTarget(Expression target) {
        if (target instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return Optional.of(f.getNameAsString());
        if (target instanceof NameExpr n && isField(n.getNameAsString()) && !declaredBefore(n)) return Optional.of(n.getNameAsString());
        return Optional.empty();
    }

    private static boolean declaredIn(List<Statement> range, String name) {
        return range.stream().anyMatch(s -> s.findAll(VariableDeclarator.class).stream().anyMatch(v -> v.getNameAsString().equals(name)));
    }

    /**
     * Whether {@code next} is a plain statement (a call or a declaration, no transactional work)
     * that reads a variable the statements declare, such as {@code c.getResponseCode()} after
     * {@code openConnection()}.
     */
    private boolean continuesWith(Statement next, List<Statement> range) {
        if (!(next instanceof ExpressionStmt es)) return false;
        if (!(es.getExpression() instanceof MethodCallExpr || es.getExpression() instanceof VariableDeclarationExpr)) return false;
        for (int l = line(next); l <= next.getEnd().orElseThrow().line; l++) if (transactionalLines.contains(l)) return false;
        Set<String> declared = new LinkedHashSet<>();
        for (Statement s : range) for (VariableDeclarator v : s.findAll(VariableDeclarator.class)) declared.add(v.getNameAsString());
        return next.findAll(NameExpr.class).stream().anyMatch(n -> declared.contains(n.getNameAsString()));
    }

    // ---- widening over preparation -----------------------------------------------------------------

    /**
     * Whether statements {@code k..from-1} only prepare the calls: declarations whose variables
     * nothing after {@code to} reads, and calls on variables they declare (no transactional work).
     */
    private boolean preparation(List<Statement> stmts, int k, int from, int to) {
        int end = stmts.get(to).getEnd().orElseThrow().line;
        Set<String> declared = new LinkedHashSet<>();
        for (int i = k; i < from; i++) {
            Statement s = stmts.get(i);
            int b = line(s), e = s.getEnd().orElseThrow().line;
            for (int l = b; l <= e; l++) if (transactionalLines.contains(l)) return false;
            if (!(s instanceof ExpressionStmt es)) return false;
            Expression x = es.getExpression();
            if (x instanceof VariableDeclarationExpr v) {
                for (VariableDeclarator d : v.getVariables()) {
                    if (readAfter(d.getNameAsString(), end)) return false;
                    declared.add(d.getNameAsString());
                }
            } else if (x instanceof MethodCallExpr call) {
                Optional<String> root = rootName(call);
                if (root.isEmpty() || !declared.contains(root.get())) return false;
            } else if (x instanceof AssignExpr a && a.getTarget() instanceof NameExpr n && declared.contains(n.getNameAsString())) {
                // assigning a variable declared in the preparation
            } else {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> rootName(MethodCallExpr call) {
        Expression e = call.getScope().orElse(null);
        while (e instanceof MethodCallExpr m) e = m.getScope().orElse(null);
        while (e instanceof FieldAccessExpr f) e = f.getScope();
        return e instanceof NameExpr n ? Optional.of(n.getNameAsString()) : Optional.empty();
    }

    private boolean readAfter(String name, int line) {
        return method.getBody().get().findAll(NameExpr.class).stream().anyMatch(n -> line(n) > line && n.getNameAsString().equals(name));
    }

    private List<Reference> untransferable(List<Statement> range) {
        List<Reference> out = new ArrayList<>();
        for (Reference r : references(range)) {
            if (r.origin == Origin.FIELD && (r.field.isStatic() || lookupOf(r.name).isPresent()
                    || r.field.getAnnotations().stream().anyMatch(a -> INJECTIONS.contains(a.getNameAsString())))) continue;
            if (MessageValue.of(r.type, qualify.apply(r.type), appSerializable.test(qualify.apply(r.type))).isEmpty()) out.add(r);
        }
        return out;
    }

    // ---- what the statements read ------------------------------------------------------------------

    private enum Origin { LOCAL, FIELD }

    private record Reference(String name, String type, Origin origin, FieldDeclaration field, int line) {}

    /** Variables declared before the statements and fields of the bean that the statements read, in order. */
    private List<Reference> references(List<Statement> range) {
        Map<String, Reference> out = new LinkedHashMap<>();
        int start = line(range.get(0));
        for (Statement s : range) {
            List<Expression> uses = new ArrayList<>(s.findAll(NameExpr.class));
            for (FieldAccessExpr f : s.findAll(FieldAccessExpr.class)) if (f.getScope() instanceof ThisExpr) uses.add(f);
            for (Expression use : uses) {
                String name = use instanceof NameExpr n ? n.getNameAsString() : ((FieldAccessExpr) use).getNameAsString();
                if (out.containsKey(name)) continue;
                if (use instanceof NameExpr n && declaredWithin(range, n)) continue;
                Optional<String> localType = use instanceof NameExpr ? localBefore(name, start) : Optional.empty();
                if (localType.isPresent()) {
                    out.put(name, new Reference(name, localType.get(), Origin.LOCAL, null, line(use)));
                    continue;
                }
                Optional<FieldDeclaration> field = type.getFieldByName(name);
                if (field.isPresent()) {
                    String t = field.get().getVariables().stream().filter(v -> v.getNameAsString().equals(name)).findFirst()
                            .orElseThrow().getTypeAsString();
                    out.put(name, new Reference(name, t, Origin.FIELD, field.get(), line(use)));
                }
            }
        }
        return List.copyOf(out.values());
    }

    /** Whether a variable of this name is declared in the statements, in scope of the use. */
    private static boolean declaredWithin(List<Statement> range, NameExpr use) {
        for (Statement s : range) {
            for (VariableDeclarator v : s.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(use.getNameAsString()) && line(v) <= line(use)) return true;
            }
            for (Parameter p : s.findAll(Parameter.class)) if (p.getNameAsString().equals(use.getNameAsString())) return true;
            for (CatchClause c : s.findAll(CatchClause.class)) if (c.getParameter().getNameAsString().equals(use.getNameAsString())) return true;
        }
        return false;
    }

    /** The type of the nearest parameter or local variable of that name declared before {@code line}. */
    private Optional<String> localBefore(String name, int line) {
        String found = null;
        int foundLine = -1;
        for (Parameter p : method.getParameters()) if (p.getNameAsString().equals(name)) found = p.getTypeAsString();
        for (VariableDeclarator v : method.getBody().get().findAll(VariableDeclarator.class)) {
            if (v.getNameAsString().equals(name) && line(v) < line && line(v) > foundLine) {
                found = v.getTypeAsString();
                foundLine = line(v);
            }
        }
        return Optional.ofNullable(found);
    }

    private boolean declaredBefore(NameExpr n) { return localBefore(n.getNameAsString(), line(n) + 1).isPresent(); }

    private boolean isField(String name) { return type.getFieldByName(name).isPresent(); }

    /**
     * The JNDI name expression of {@code field = (T) ctx.lookup(NAME)} in a lifecycle method
     * ({@code ejbCreate}, {@code setSessionContext}...), as written.
     */
    private Optional<String> lookupOf(String field) {
        for (MethodDeclaration m : type.getMethods()) {
            if (!LIFECYCLE.contains(m.getNameAsString())) continue;
            for (AssignExpr a : m.findAll(AssignExpr.class)) {
                boolean target = a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(field)
                        || a.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(field);
                if (!target) continue;
                Expression v = a.getValue();
                while (v instanceof CastExpr || v instanceof EnclosedExpr) {
                    v = v instanceof CastExpr c ? c.getExpression() : ((EnclosedExpr) v).getInner();
                }
                if (v instanceof MethodCallExpr call && call.getNameAsString().equals("lookup") && call.getArguments().size() == 1) {
                    return Optional.of(call.getArgument(0).toString());
                }
            }
        }
        return Optional.empty();
    }

    // ---- positions ---------------------------------------------------------------------------------

    private static int line(Node n) { return n.getBegin().orElseThrow().line; }

    private String at(int line) { return file + ":" + line; }

    private CallSlice.Refused refuse(int line, String why) {
        return new CallSlice.Refused("the call at " + at(line) + " " + why);
    }
}
