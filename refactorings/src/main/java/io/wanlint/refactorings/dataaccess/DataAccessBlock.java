package io.wanlint.refactorings.dataaccess;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which code of a web-tier method can move behind a façade: the whole body when it touches no web
 * object, else the contiguous run of top-level statements holding every data-access call, provided
 * that run uses no request, response, writer or session. A {@code catch} clause that turns the data
 * access's exception into a web one ({@code throw new ServletException(..)}) stays with the client,
 * around the façade call. What the run reads from before it becomes the façade method's parameters;
 * what it declares and the rest of the method uses becomes its result (a transfer object when more
 * than one value). The class's fields and helper methods it uses travel with it.
 */
final class DataAccessBlock {
    /** Web-tier types, by simple name, that moved code must not touch. */
    private static final Set<String> WEB_TYPES = Set.of("HttpServletRequest", "HttpServletResponse", "ServletRequest",
            "ServletResponse", "HttpSession", "ServletContext", "ServletConfig", "PageContext", "JspWriter", "JspContext",
            "PrintWriter", "Writer", "ServletOutputStream", "RequestDispatcher", "FilterChain", "ServletException",
            "JspException", "Cookie", "HttpServlet", "GenericServlet");

    /** Checked exceptions of the web tier: a moved run never throws them, so the façade does not declare them. */
    private static final Set<String> WEB_EXCEPTIONS = Set.of("ServletException", "javax.servlet.ServletException",
            "jakarta.servlet.ServletException", "IOException", "java.io.IOException", "JspException",
            "javax.servlet.jsp.JspException", "jakarta.servlet.jsp.JspException");

    /** A value flowing into or out of the moved run: its declared type and name. */
    record Variable(String type, String name) {}

    /**
     * The run that moves.
     *
     * @param whole        the whole body moves (the client method becomes one façade call)
     * @param start        offset of the run's first character in the client file
     * @param end          offset just after the run
     * @param movedText    the statements that move, lifted catch clauses cut out, indented as in the file
     * @param inputs       variables read by the run and declared before it (the façade's parameters)
     * @param outputs      variables the run declares and the method uses after it (the façade's result)
     * @param returnType   the method's return type when {@code whole}
     * @param liftedCatches catch clauses that stay with the client, as written
     * @param liftedTypes  the exception types those clauses catch (the façade method throws them)
     * @param exceptions   checked exceptions the façade method declares
     * @param members      the class's fields, constructor and helper methods the run uses, as written
     * @param injected     whether a member is an annotated (container-injected) field
     * @param ownTransaction the moved code demarcates its own JDBC transaction
     */
    record Extracted(boolean whole, int start, int end, String indent, String movedText, List<Variable> inputs,
                     List<Variable> outputs, String returnType, List<String> liftedCatches, List<String> liftedTypes,
                     List<String> exceptions, List<String> members, boolean ownTransaction, Set<String> envNames) {}

    sealed interface Outcome {
        record Movable(Extracted block) implements Outcome {}

        record NotMovable(String why) implements Outcome {}
    }

    private final JavaSource src;
    private final TypeDeclaration<?> type;
    private final MethodDeclaration method;
    private final String file;
    private final Set<String> webTypeNames = new HashSet<>(WEB_TYPES);
    private final Set<String> webNames = new HashSet<>();

    private DataAccessBlock(JavaSource src, TypeDeclaration<?> type, MethodDeclaration method) {
        this.src = src;
        this.type = type;
        this.method = method;
        this.file = src.source().path();
        for (ImportDeclaration i : src.unit().getImports()) {
            String n = i.getNameAsString();
            if (!i.isAsterisk() && !i.isStatic() && (n.startsWith("javax.servlet.") || n.startsWith("jakarta.servlet."))) {
                webTypeNames.add(n.substring(n.lastIndexOf('.') + 1));
            }
        }
        for (Parameter p : method.getParameters()) if (isWebType(p.getTypeAsString())) webNames.add(p.getNameAsString());
        for (VariableDeclarator v : method.findAll(VariableDeclarator.class)) if (isWebType(v.getTypeAsString())) webNames.add(v.getNameAsString());
        for (FieldDeclaration f : type.getFields()) {
            for (VariableDeclarator v : f.getVariables()) if (isWebType(v.getTypeAsString())) webNames.add(v.getNameAsString());
        }
    }

    /** The movable run of {@code method} holding the data-access calls on {@code dataLines}, or why there is none. */
    static Outcome of(JavaSource src, TypeDeclaration<?> type, MethodDeclaration method, Set<Integer> dataLines) {
        return new DataAccessBlock(src, type, method).extract(dataLines);
    }

    private boolean isWebType(String typeName) {
        String t = typeName.replaceAll("<.*>", "").replace("[]", "").trim();
        return webTypeNames.contains(t.substring(t.lastIndexOf('.') + 1)) || t.startsWith("javax.servlet.") || t.startsWith("jakarta.servlet.");
    }

    /** The first line of {@code n} that touches a web object, if any. */
    private Optional<Integer> webUse(Node n) {
        int best = Integer.MAX_VALUE;
        for (NameExpr e : n.findAll(NameExpr.class)) if (webNames.contains(e.getNameAsString())) best = Math.min(best, line(e));
        for (ClassOrInterfaceType t : n.findAll(ClassOrInterfaceType.class)) if (isWebType(t.getNameAsString())) best = Math.min(best, line(t));
        for (MethodCallExpr c : n.findAll(MethodCallExpr.class)) {
            boolean unscoped = c.getScope().isEmpty() || c.getScope().get() instanceof ThisExpr;
            boolean inherited = unscoped && type.getMethodsByName(c.getNameAsString()).isEmpty();
            if (inherited || c.getScope().filter(s -> s instanceof SuperExpr).isPresent()) best = Math.min(best, line(c));
        }
        return best == Integer.MAX_VALUE ? Optional.empty() : Optional.of(best);
    }

    private static int line(Node n) { return n.getBegin().map(p -> p.line).orElse(0); }

    private static boolean covers(Node n, int line) {
        return n.getBegin().isPresent() && n.getEnd().isPresent() && n.getBegin().get().line <= line && line <= n.getEnd().get().line;
    }

    private Outcome extract(Set<Integer> dataLines) {
        if (method.getBody().isEmpty()) return new Outcome.NotMovable(method.getNameAsString() + " has no body");
        BlockStmt body = method.getBody().get();
        List<Statement> stmts = body.getStatements();
        if (stmts.isEmpty()) return new Outcome.NotMovable(method.getNameAsString() + " is empty");
        boolean whole = webUse(body).isEmpty();
        int first = 0;
        int last = stmts.size() - 1;
        if (!whole) {
            first = -1;
            for (int i = 0; i < stmts.size(); i++) {
                int idx = i;
                if (dataLines.stream().anyMatch(l -> covers(stmts.get(idx), l))) {
                    if (first < 0) first = i;
                    last = i;
                }
            }
            if (first < 0) return new Outcome.NotMovable("no data-access call of " + method.getNameAsString() + " was found in " + file);
        }
        // Declarations right before the run whose variables the run fills in (`int count = 0; try {..}`) move with it.
        while (!whole && first > 0 && !topLevelLocals(stmts.get(first - 1)).isEmpty() && webUse(stmts.get(first - 1)).isEmpty()) {
            List<Statement> candidate = stmts.subList(first, last + 1);
            if (!topLevelLocals(stmts.get(first - 1)).stream().allMatch(v -> assigns(candidate, v.getNameAsString()))) break;
            first--;
        }
        List<Statement> run = stmts.subList(first, last + 1);

        // Web use inside the run: only catch clauses of a top-level try may keep it (they stay with the client).
        List<CatchClause> lifted = new ArrayList<>();
        for (Statement s : run) {
            if (s instanceof TryStmt t) {
                for (CatchClause c : t.getCatchClauses()) if (webUse(c).isPresent()) lifted.add(c);
                Optional<Integer> rest = firstWebUseExcept(t, lifted);
                if (rest.isPresent()) return renderingInterleaved(rest.get());
            } else {
                Optional<Integer> use = webUse(s);
                if (use.isPresent()) return renderingInterleaved(use.get());
            }
        }
        if (!whole) {
            for (Statement s : run) {
                for (ReturnStmt r : s.findAll(ReturnStmt.class)) {
                    if (enclosedByLambdaOrClass(r, s)) continue;
                    return new Outcome.NotMovable("the data access of " + method.getNameAsString() + " returns from the middle of the method ("
                            + file + ":" + line(r) + ")");
                }
            }
        }

        // Variables: declared before the run (parameters, top-level locals) and read in it; declared in it and read after.
        Map<String, String> before = new LinkedHashMap<>();
        for (Parameter p : method.getParameters()) before.put(p.getNameAsString(), p.getTypeAsString() + (p.isVarArgs() ? "[]" : ""));
        for (Statement s : stmts.subList(0, first)) topLevelLocals(s).forEach(v -> before.put(v.getNameAsString(), v.getTypeAsString()));
        Set<String> declaredInRun = new HashSet<>();
        for (Statement s : run) {
            s.findAll(VariableDeclarator.class).forEach(v -> declaredInRun.add(v.getNameAsString()));
            s.findAll(Parameter.class).forEach(p -> declaredInRun.add(p.getNameAsString()));
        }
        List<Statement> after = stmts.subList(last + 1, stmts.size());
        Set<String> readAfter = new HashSet<>();
        for (Statement s : after) s.findAll(NameExpr.class).forEach(n -> readAfter.add(n.getNameAsString()));
        for (CatchClause c : lifted) c.findAll(NameExpr.class).forEach(n -> readAfter.add(n.getNameAsString()));

        List<Variable> inputs = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Statement s : run) {
            if (s instanceof TryStmt t) {
                for (Node part : tryPartsExcept(t, lifted)) collectInputs(part, before, declaredInRun, seen, inputs);
            } else {
                collectInputs(s, before, declaredInRun, seen, inputs);
            }
        }
        // The method's parameters keep their order (the façade reads like the method); locals follow as first read.
        List<String> paramOrder = method.getParameters().stream().map(Parameter::getNameAsString).toList();
        inputs.sort(java.util.Comparator.comparingInt(v -> paramOrder.contains(v.name()) ? paramOrder.indexOf(v.name()) : paramOrder.size()));
        for (Variable v : inputs) {
            if (v.type().equals("var")) return new Outcome.NotMovable(v.name() + " is declared with var; its type is needed for the façade's signature");
            if (readAfter.contains(v.name()) && assigns(run, v.name())) {
                return new Outcome.NotMovable("the data access of " + method.getNameAsString() + " changes " + v.name()
                        + ", which the rest of the method reads (" + file + ":" + line(run.get(0)) + ")");
            }
        }
        List<Variable> outputs = new ArrayList<>();
        if (!whole) {
            for (Statement s : run) {
                for (VariableDeclarator v : topLevelLocals(s)) {
                    if (readAfter.contains(v.getNameAsString())) {
                        if (v.getTypeAsString().equals("var")) return new Outcome.NotMovable(v.getNameAsString() + " is declared with var");
                        outputs.add(new Variable(v.getTypeAsString(), v.getNameAsString()));
                    }
                }
            }
        }

        // Members of the class the moved code (and the members themselves) use.
        Members members = new Members();
        for (Statement s : run) members.collect(s);
        Optional<String> memberProblem = members.problem();
        if (memberProblem.isPresent()) return new Outcome.NotMovable(memberProblem.get());

        List<String> liftedTypes = new ArrayList<>();
        for (CatchClause c : lifted) {
            String t = c.getParameter().getTypeAsString();
            for (String one : t.split("\\|")) {
                liftedTypes.add(one.trim());
                Optional<String> unchecked = specificUnchecked(one.trim());
                if (unchecked.isPresent()) {
                    return new Outcome.NotMovable("the catch of " + one.trim() + " (" + file + ":" + line(c) + ") would stay in the client around the "
                            + "façade call, but " + one.trim() + " is unchecked: thrown in the bean it would reach the client as the container's "
                            + "EJBException or RemoteException, and that catch would no longer run");
                }
            }
        }
        List<String> exceptions = new ArrayList<>();
        int runStart = src.begin(run.get(0));
        String runText = src.source().text().substring(runStart, src.end(run.get(run.size() - 1)));
        for (var t : method.getThrownExceptions()) {
            String name = t.asString();
            if (isWebType(name)) continue;
            // The web tier's own exceptions only when the moved code throws them itself (e.g. wraps SQLException in IOException).
            if (!whole && WEB_EXCEPTIONS.contains(name) && !runText.contains(name.substring(name.lastIndexOf('.') + 1))) continue;
            exceptions.add(name);
        }
        for (String t : liftedTypes) if (!exceptions.contains(t)) exceptions.add(t);

        int start = src.begin(run.get(0));
        int end = src.end(run.get(run.size() - 1));
        String indent = src.source().indentationAt(start);
        String moved = whole ? wholeBody(body) : indent + cut(start, end, run, lifted);
        Set<Node> movedNodes = new LinkedHashSet<>(run);
        movedNodes.addAll(members.nodes);
        boolean ownTransaction = movedNodes.stream().flatMap(n -> n.findAll(MethodCallExpr.class).stream())
                .anyMatch(c -> c.getNameAsString().equals("setAutoCommit") || c.getNameAsString().equals("commit")
                        || c.getNameAsString().equals("rollback"));
        Set<String> env = new LinkedHashSet<>();
        for (Node n : movedNodes) {
            for (var lit : n.findAll(com.github.javaparser.ast.expr.StringLiteralExpr.class)) {
                String v = lit.asString();
                if (v.startsWith("java:comp/env/")) env.add(v.substring("java:comp/env/".length()));
            }
        }
        return new Outcome.Movable(new Extracted(whole, whole ? src.begin(body) : start, whole ? src.end(body) : end, indent, moved,
                inputs, outputs, method.getTypeAsString(), lifted.stream().map(src::text).toList(), liftedTypes, exceptions,
                members.texts(), ownTransaction, env));
    }

    /**
     * The qualified name of a JDK exception type written in the client when it is unchecked and more
     * specific than {@code RuntimeException}: what a bean turns into its system exception.
     */
    private Optional<String> specificUnchecked(String written) {
        String qualified = written.contains(".") ? written : "java.lang." + written;
        for (ImportDeclaration i : src.unit().getImports()) {
            if (!i.isStatic() && !i.isAsterisk() && i.getName().getIdentifier().equals(written)) qualified = i.getNameAsString();
        }
        try {
            Class<?> c = Class.forName(qualified, false, ClassLoader.getPlatformClassLoader());
            boolean unchecked = RuntimeException.class.isAssignableFrom(c) && c != RuntimeException.class;
            return unchecked ? Optional.of(qualified) : Optional.empty();
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    private Outcome renderingInterleaved(int line) {
        return new Outcome.NotMovable("the data access of " + method.getNameAsString()
                + " is interleaved with web code (request, response, writer or session) at " + file + ":" + line
                + "; split rendering from data access first, then move the data access");
    }

    private Optional<Integer> firstWebUseExcept(TryStmt t, List<CatchClause> lifted) {
        return tryPartsExcept(t, lifted).stream().map(this::webUse).flatMap(Optional::stream).min(Integer::compare);
    }

    private static List<Node> tryPartsExcept(TryStmt t, List<CatchClause> lifted) {
        List<Node> parts = new ArrayList<>(t.getResources());
        parts.add(t.getTryBlock());
        for (CatchClause c : t.getCatchClauses()) if (!lifted.contains(c)) parts.add(c);
        t.getFinallyBlock().ifPresent(parts::add);
        return parts;
    }

    private static boolean enclosedByLambdaOrClass(Node n, Node top) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != top; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr || p instanceof ObjectCreationExpr || p instanceof TypeDeclaration<?>) return true;
        }
        return false;
    }

    private static List<VariableDeclarator> topLevelLocals(Statement s) {
        if (s instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr d) return d.getVariables();
        return List.of();
    }

    private static void collectInputs(Node n, Map<String, String> before, Set<String> declaredInRun, Set<String> seen, List<Variable> out) {
        for (NameExpr e : n.findAll(NameExpr.class)) {
            String name = e.getNameAsString();
            if (before.containsKey(name) && !declaredInRun.contains(name) && seen.add(name)) out.add(new Variable(before.get(name), name));
        }
    }

    private static boolean assigns(List<Statement> run, String name) {
        for (Statement s : run) {
            for (AssignExpr a : s.findAll(AssignExpr.class)) if (a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name)) return true;
            for (UnaryExpr u : s.findAll(UnaryExpr.class)) {
                if (u.getExpression() instanceof NameExpr n && n.getNameAsString().equals(name)
                        && (u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                        || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) return true;
            }
        }
        return false;
    }

    /** The body between its braces, as written. */
    private String wholeBody(BlockStmt body) {
        String text = src.text(body);
        return text.substring(1, text.length() - 1);
    }

    /**
     * The run's text with the lifted catch clauses cut out; a plain {@code try} left with neither
     * catch, finally nor resources keeps only its block.
     */
    private String cut(int start, int end, List<Statement> run, List<CatchClause> lifted) {
        String text = src.source().text();
        List<int[]> cuts = new ArrayList<>();
        for (Statement s : run) {
            if (!(s instanceof TryStmt t)) continue;
            Node prev = t.getTryBlock();
            boolean kept = false;
            for (CatchClause c : t.getCatchClauses()) {
                if (lifted.contains(c)) cuts.add(new int[] {src.end(prev), src.end(c)});
                else kept = true;
                prev = c;
            }
            if (!kept && t.getFinallyBlock().isEmpty() && t.getResources().isEmpty() && t.getCatchClauses().stream().anyMatch(lifted::contains)) {
                cuts.add(new int[] {src.begin(t), src.begin(t.getTryBlock())});
            }
        }
        cuts.sort((a, b) -> Integer.compare(a[0], b[0]));
        StringBuilder b = new StringBuilder();
        int at = start;
        for (int[] c : cuts) {
            b.append(text, at, c[0]);
            at = c[1];
        }
        return b.append(text, at, end).toString();
    }

    /** The fields, constructor and helper methods of the class that the moved code needs, found transitively. */
    private final class Members {
        final Set<Node> nodes = new LinkedHashSet<>();
        final Set<String> fields = new LinkedHashSet<>();
        final List<String> problems = new ArrayList<>();
        /** Assignments of used instance fields outside the constructor: fine only inside copied helpers. */
        final List<AssignExpr> otherAssignments = new ArrayList<>();

        void collect(Node code) {
            Set<String> locals = new HashSet<>();
            code.findAll(VariableDeclarator.class).forEach(v -> locals.add(v.getNameAsString()));
            code.findAll(Parameter.class).forEach(p -> locals.add(p.getNameAsString()));
            if (code instanceof CallableDeclaration<?> c) c.getParameters().forEach(p -> locals.add(p.getNameAsString()));
            Set<String> methodLocals = new HashSet<>();
            for (Parameter p : method.getParameters()) methodLocals.add(p.getNameAsString());
            method.findAll(VariableDeclarator.class).forEach(v -> methodLocals.add(v.getNameAsString()));
            boolean inMethod = code.findAncestor(MethodDeclaration.class).filter(m -> m == method).isPresent();
            for (NameExpr n : code.findAll(NameExpr.class)) {
                String name = n.getNameAsString();
                if (locals.contains(name) || inMethod && methodLocals.contains(name)) continue;
                field(name);
            }
            for (FieldAccessExpr f : code.findAll(FieldAccessExpr.class)) if (f.getScope() instanceof ThisExpr) field(f.getNameAsString());
            for (MethodCallExpr c : code.findAll(MethodCallExpr.class)) {
                if (c.getScope().isPresent() && !(c.getScope().get() instanceof ThisExpr)) continue;
                for (MethodDeclaration m : type.getMethodsByName(c.getNameAsString())) {
                    if (m == method) {
                        problems.add(method.getNameAsString() + " calls itself (" + file + ":" + line(c) + ")");
                    } else if (nodes.add(m)) {
                        collect(m);
                    }
                }
            }
        }

        private void field(String name) {
            Optional<FieldDeclaration> f = type.getFieldByName(name);
            if (f.isEmpty() || !fields.add(name)) return;
            FieldDeclaration decl = f.get();
            nodes.add(decl);
            decl.getVariables().forEach(v -> v.getInitializer().ifPresent(this::collect));
            if (decl.isStatic() || !decl.getAnnotations().isEmpty()) return;
            // An instance field: set up by the constructor (copied along) or by its initializer only.
            for (UnaryExpr u : type.findAll(UnaryExpr.class)) {
                boolean changes = u.getOperator().isPostfix() || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                        || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT;
                String target = u.getExpression() instanceof NameExpr n ? n.getNameAsString()
                        : u.getExpression() instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr ? fa.getNameAsString() : null;
                if (changes && name.equals(target)) {
                    problems.add(type.getNameAsString() + " keeps state in " + name + ", changed at " + file + ":" + line(u)
                            + "; the data access cannot move without it");
                }
            }
            for (AssignExpr a : type.findAll(AssignExpr.class)) {
                if (!targets(a, name)) continue;
                Optional<CallableDeclaration> owner = a.findAncestor(CallableDeclaration.class);
                if (owner.isPresent() && owner.get() instanceof ConstructorDeclaration ctor) {
                    if (type.getConstructors().size() != 1 || !ctor.getParameters().isEmpty()) {
                        problems.add(type.getNameAsString() + "." + name + " is set by a constructor with parameters ("
                                + file + ":" + line(ctor) + ")");
                    } else if (nodes.add(ctor)) {
                        collect(ctor);
                    }
                } else {
                    otherAssignments.add(a);
                }
            }
        }

        private boolean targets(AssignExpr a, String name) {
            return a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(name)
                    || a.getTarget() instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr && f.getNameAsString().equals(name);
        }

        Optional<String> problem() {
            for (AssignExpr a : otherAssignments) {
                Optional<CallableDeclaration> owner = a.findAncestor(CallableDeclaration.class);
                if (owner.isEmpty() || !nodes.contains(owner.get())) {
                    return Optional.of(type.getNameAsString() + " keeps state in " + a.getTarget() + ", set at " + file + ":" + line(a)
                            + "; the data access cannot move without it");
                }
            }
            for (Node n : nodes) {
                Optional<Integer> use = webUse(n);
                if (use.isPresent()) return Optional.of("the data access of " + method.getNameAsString() + " uses "
                        + describe(n) + ", which touches web objects (" + file + ":" + use.get() + ")");
                if (n instanceof ConstructorDeclaration c) {
                    for (AssignExpr a : c.findAll(AssignExpr.class)) {
                        String target = a.getTarget() instanceof NameExpr ne ? ne.getNameAsString()
                                : a.getTarget() instanceof FieldAccessExpr fa ? fa.getNameAsString() : null;
                        if (target != null && type.getFieldByName(target).isPresent() && !fields.contains(target)) {
                            return Optional.of("the constructor of " + type.getNameAsString() + " also sets up " + target
                                    + ", which the data access does not use (" + file + ":" + line(a) + ")");
                        }
                    }
                }
            }
            return problems.stream().findFirst();
        }

        private String describe(Node n) {
            if (n instanceof MethodDeclaration m) return m.getNameAsString() + "()";
            if (n instanceof FieldDeclaration f) return f.getVariable(0).getNameAsString();
            return "the constructor";
        }

        /** The members as written, in the order of the class. */
        List<String> texts() {
            List<String> out = new ArrayList<>();
            for (BodyDeclaration<?> m : type.getMembers()) if (nodes.contains(m)) out.add(src.text(m));
            return out;
        }
    }
}
