package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import io.wanlint.refactorings.facade.FacadeDesign.TransferObject;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * Splits one client method into the part that talks to the beans and the part that writes the
 * page, at statement level. The statements holding the data sites (cross-site EJB calls and
 * lookups) form a contiguous range; within it, statements touching web-only objects (request,
 * response, writers, session, the client's own methods) are render statements and everything else
 * is data. Render statements only write output, so the data statements can all run first, in a
 * façade method next to the beans, and the render statements afterwards in the client, in their
 * original order, reading what they need from a serializable transfer object: the data variables
 * they use and each bean-dependent expression they contain ({@code user.getNickName()}). A loop that
 * mixes both becomes, in the façade, a loop adding one row per iteration and, in the client, a loop
 * over those rows. A statement that calls beans with what it reads from the request
 * ({@code catalog.getItem(request.getParameter("itemId"))}) moves once {@link RequestReads} has the
 * client make those reads first, into locals the façade method takes as parameters. Anything else
 * that mixes the two is refused with its line: a wrong move is worse than none.
 */
final class UseCaseExtraction {
    /** Types whose values exist only in the web container. */
    private static final Set<String> WEB_TYPES = Set.of("HttpServletRequest", "HttpServletResponse", "ServletRequest",
            "ServletResponse", "PrintWriter", "JspWriter", "Writer", "HttpSession", "ServletContext",
            "ServletOutputStream", "OutputStream", "PageContext", "ServletConfig", "RequestDispatcher");
    /** Checked exceptions the moved bean code throws and the client keeps handling. */
    private static final Set<String> BEAN_EXCEPTIONS = Set.of("NamingException", "FinderException",
            "ObjectNotFoundException", "CreateException", "DuplicateKeyException", "RemoveException");
    private static final String FACADE = "\u0000facade\u0000";
    private static final String PAGE = "\u0000page\u0000";

    /** Names chosen by the caller: where the façade lives and what its method and transfer object are called. */
    record Names(String packageName, String methodName, String dataClass) {}

    /** The outcome: the façade's half and the client's half, or why the method cannot be split. */
    sealed interface Result permits Extracted, Refused {}

    /**
     * @param method          the façade business method
     * @param transferObjects the data class and its row classes (empty when the method returns nothing new)
     * @param envRefNames     {@code java:comp/env} names the moved code looks up
     * @param handled         simple names of exceptions the client already handles around the call
     */
    record Extracted(FacadeMethod method, List<TransferObject> transferObjects, Set<String> envRefNames,
                     List<String> memberDeclarations, ClientRewrite client, Set<String> handled) implements Result {}

    record Refused(String why) implements Result {}

    /**
     * The client's edit: characters {@code [start, end)} become {@link #replacement} with the façade
     * expression filled in; {@code imports} are the qualified names the new text needs.
     */
    record ClientRewrite(int start, int end, String template, Set<String> imports) {
        String replacement(String facadeExpression) { return template.replace(FACADE, facadeExpression); }
    }

    private enum Role { DATA, RENDER, LOOP }

    private final JavaSource client;
    private final MethodDeclaration method;
    private final java.util.NavigableSet<Integer> dataLines;
    private final AppTypes types;
    private final Names names;
    private final boolean remoteCalls;
    private final boolean generics;
    private final String eol;
    private final String unit;
    private final Set<String> reserved = new LinkedHashSet<>();
    private final Set<String> facadeImports = new TreeSet<>();
    private final Set<String> envRefs = new TreeSet<>();
    private final List<String> members = new ArrayList<>();
    private final Map<String, String> preludes = new LinkedHashMap<>();
    private final Set<String> clientFields = new java.util.HashSet<>();
    private final List<Node> preludeRoots = new ArrayList<>();
    /** Locals declared before the moved code without a value and used only by it: their declaration is repeated in the façade. */
    private final Set<Node> carried = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private final Hoisted hoisted;
    /**
     * Locals declared before the moved code that it assigns and the client reads afterwards: the
     * façade takes each one's value as a parameter and hands back the value it ends with.
     */
    private final Map<Node, Declared> assignedOutputs = new java.util.IdentityHashMap<>();

    /**
     * The request reads the client makes first, in the text this extraction splits ({@link RequestReads}).
     *
     * @param names        the locals they declare
     * @param declarations how many declarations precede the moved statements
     * @param shownLine    the line of the file as it is for a line of this text, for the reasons shown
     */
    private record Hoisted(Set<String> names, int declarations, IntUnaryOperator shownLine) {
        static final Hoisted NONE = new Hoisted(Set.of(), 0, l -> l);
    }

    private UseCaseExtraction(JavaSource client, MethodDeclaration method, Set<Integer> dataLines, AppTypes types,
                              Names names, boolean remoteCalls, Hoisted hoisted) {
        this.client = client;
        this.hoisted = hoisted;
        this.method = method;
        this.dataLines = new TreeSet<>(dataLines);
        this.types = types;
        this.names = names;
        this.remoteCalls = remoteCalls;
        this.generics = client.unit().findAll(ClassOrInterfaceType.class).stream().anyMatch(t -> t.getTypeArguments().isPresent());
        this.eol = client.source().lineEnding();
        String methodIndent = client.source().indentationAt(client.begin(method));
        String firstIndent = method.getBody().flatMap(b -> b.getStatements().getFirst())
                .map(s -> client.source().indentationAt(client.begin(s))).orElse(methodIndent + "    ");
        this.unit = firstIndent.startsWith(methodIndent) && firstIndent.length() > methodIndent.length()
                ? firstIndent.substring(methodIndent.length()) : "    ";
        method.findAll(VariableDeclarator.class).forEach(v -> reserved.add(v.getNameAsString()));
        method.getParameters().forEach(p -> reserved.add(p.getNameAsString()));
        method.findAll(Parameter.class).forEach(p -> reserved.add(p.getNameAsString()));
    }

    /**
     * Splits {@code method} of {@code client} around the statements on {@code dataLines}.
     *
     * @param remoteCalls whether the moved code calls beans through remote interfaces (its façade
     *                    method then declares {@code RemoteException})
     */
    static Result extract(JavaSource client, MethodDeclaration method, Set<Integer> dataLines, AppTypes types,
                          Names names, boolean remoteCalls) {
        if (method.getBody().isEmpty()) return new Refused("the method has no body");
        if (dataLines.isEmpty()) return new Refused("no cross-site EJB call or lookup was found in the method");
        UseCaseExtraction first = new UseCaseExtraction(client, method, dataLines, types, names, remoteCalls, Hoisted.NONE);
        Range range;
        Result plain;
        try {
            range = first.range();
        } catch (Refusal r) {
            return new Refused(r.getMessage());
        }
        try {
            plain = first.split(range);
        } catch (Refusal r) {
            plain = new Refused(r.getMessage());
        }
        if (plain instanceof Extracted) return plain;
        // Second chance: the statements it refused may only read the request, which the client can do first.
        try {
            Optional<RequestReads.Hoisting> hoisting = new RequestReads(first, range).plan();
            if (hoisting.isEmpty()) return plain;
            return splitHoisted(client, method, dataLines, types, names, remoteCalls, range, hoisting.get()).orElse(plain);
        } catch (Refusal r) {
            return new Refused(r.getMessage());
        }
    }

    /**
     * The split of the method as it reads once the request reads are hoisted: the hoisted text is
     * parsed and split again, and the client's edit mapped back onto the file as it is. Empty when
     * the second split does not move the same statements (then the first split's refusal stands).
     */
    private static Optional<Result> splitHoisted(JavaSource client, MethodDeclaration method, Set<Integer> dataLines, AppTypes types,
                                                 Names names, boolean remoteCalls, Range range, RequestReads.Hoisting hoisting) {
        String eol = client.source().lineEnding();
        Statement firstStmt = range.statements().get(0), lastStmt = range.statements().get(range.statements().size() - 1);
        int at = commentStart(client, firstStmt);
        int end = client.end(lastStmt);
        String indent = client.source().indentationAt(client.begin(firstStmt));
        StringBuilder declarations = new StringBuilder();
        for (String d : hoisting.declarations()) declarations.append(d).append(eol).append(indent);
        // Spliced from the end: each replaced read stays on its line, so only the declarations move lines.
        record Splice(int from, int to, String text) {}
        List<Splice> splices = new ArrayList<>();
        hoisting.replaced().forEach((node, name) -> splices.add(new Splice(client.begin(node), client.end(node), name)));
        splices.sort((a, b) -> Integer.compare(b.from(), a.from()));
        StringBuilder out = new StringBuilder(client.source().text());
        int shrunk = 0;
        int previous = Integer.MAX_VALUE;
        for (Splice e : splices) {
            if (e.to() > previous || e.from() < at || e.to() > end) return Optional.empty();
            previous = e.from();
            out.replace(e.from(), e.to(), e.text());
            shrunk += (e.to() - e.from()) - e.text().length();
        }
        out.insert(at, declarations);
        int k = hoisting.declarations().size();
        int firstLine = line(firstStmt.getComment().map(c -> (Node) c).orElse(firstStmt));
        if (dataLines.stream().anyMatch(l -> l < firstLine)) return Optional.empty();
        Set<Integer> lines = new TreeSet<>();
        dataLines.forEach(l -> lines.add(l + k));
        Optional<JavaSource> reparsed = JavaSource.parse(new SourceText(client.source().path(), out.toString(),
                client.source().charset(), client.source().byteOrderMark()));
        if (reparsed.isEmpty()) return Optional.empty();
        int methodLine = line(method);
        Optional<MethodDeclaration> again = reparsed.get().unit().findAll(MethodDeclaration.class).stream()
                .filter(m -> m.getNameAsString().equals(method.getNameAsString()) && line(m) == methodLine).findFirst();
        if (again.isEmpty()) return Optional.empty();
        UseCaseExtraction second = new UseCaseExtraction(reparsed.get(), again.get(), lines, types, names, remoteCalls,
                new Hoisted(hoisting.names(), k, l -> l >= firstLine + k ? l - k : Math.min(l, firstLine)));
        Result split;
        try {
            split = second.run();
        } catch (Refusal r) {
            return Optional.of(new Refused(r.getMessage()));
        }
        if (!(split instanceof Extracted x)) return Optional.of(split);
        ClientRewrite rw = x.client();
        // The same statements must have moved: the rewrite starts right after the declarations and ends where the range did.
        if (rw.start() != at + declarations.length() || rw.end() - declarations.length() + shrunk != end) return Optional.empty();
        ClientRewrite mapped = new ClientRewrite(at, end, declarations + rw.template(), rw.imports());
        return Optional.of(new Extracted(x.method(), x.transferObjects(), x.envRefNames(), x.memberDeclarations(), mapped, x.handled()));
    }

    JavaSource client() { return client; }

    MethodDeclaration method() { return method; }

    AppTypes types() { return types; }

    /** Names the method already declares: a new local must not shadow or clash with them. */
    Set<String> declaredNames() { return Set.copyOf(reserved); }

    /** Internal short-cut out of the recursive walks; never escapes {@link #extract}. */
    static final class Refusal extends RuntimeException {
        Refusal(String why) { super(why, null, false, false); }
    }

    Refusal refuse(Node at, String why) {
        return new Refusal(why + " (" + client.source().path() + ":" + hoisted.shownLine().applyAsInt(line(at)) + ")");
    }

    private static int line(Node n) { return n.getBegin().map(p -> p.line).orElse(0); }

    boolean holdsDataSite(Node n) {
        int from = line(n), to = n.getEnd().map(p -> p.line).orElse(from);
        return !dataLines.subSet(from, true, to, true).isEmpty();
    }

    // ---- the range of statements to move ----

    /** The statements to move: a contiguous run of one block, with what follows it and the tries around it. */
    record Range(List<Statement> statements, List<Statement> after, List<TryStmt> tries, boolean wholeBody) {}

    private Result run() { return split(range()); }

    private Range range() {
        BlockStmt block = method.getBody().get();
        List<TryStmt> tries = new ArrayList<>();
        int first, last;
        while (true) {
            List<Statement> stmts = block.getStatements();
            List<Integer> holding = new ArrayList<>();
            for (int i = 0; i < stmts.size(); i++) if (holdsDataSite(stmts.get(i))) holding.add(i);
            if (holding.isEmpty()) throw new Refusal("the EJB calls are not statements of " + method.getNameAsString());
            Statement only = holding.size() == 1 ? stmts.get(holding.get(0)) : null;
            if (only instanceof TryStmt t && t.getFinallyBlock().isEmpty() && t.getResources().isEmpty()
                    && t.getCatchClauses().stream().noneMatch(this::holdsDataSite)) {
                if (holdsAll(t.getTryBlock())) {
                    tries.add(t);
                    block = t.getTryBlock();
                    continue;
                }
            }
            if (only instanceof BlockStmt b) {
                block = b;
                continue;
            }
            first = holding.get(0);
            last = holding.get(holding.size() - 1);
            break;
        }
        List<Statement> stmts = block.getStatements();
        while (first > 0 && feedsOnly(stmts.get(first - 1), stmts.subList(last + 1, stmts.size()))) first--;
        // The reads hoisted before the moved statements do not keep a method from moving whole.
        boolean wholeBody = block.equals(method.getBody().get()) && first == hoisted.declarations() && last == stmts.size() - 1;
        return new Range(List.copyOf(stmts.subList(first, last + 1)), List.copyOf(stmts.subList(last + 1, stmts.size())),
                List.copyOf(tries), wholeBody);
    }

    private boolean holdsAll(Node n) {
        int from = line(n), to = n.getEnd().map(p -> p.line).orElse(from);
        return dataLines.stream().allMatch(l -> l >= from && l <= to);
    }

    /** A declaration just before the range that only feeds it ({@code Context ctx = new InitialContext();}). */
    private boolean feedsOnly(Statement s, List<Statement> after) {
        if (!(s instanceof ExpressionStmt e) || !(e.getExpression() instanceof VariableDeclarationExpr d)) return false;
        if (touchesWeb(s, Set.of())) return false;
        for (VariableDeclarator v : d.getVariables()) {
            for (Statement later : after) {
                if (later.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(v.getNameAsString()))) return false;
            }
            if (v.getInitializer().isEmpty()) return false;
        }
        return true;
    }

    // ---- web or data ----

    /** Whether the node uses web-only objects, the client's own methods, or variables declared by render statements. */
    private boolean touchesWeb(Node n, Set<Node> renderDecls) { return touchesWeb(n, renderDecls, Set.of()); }

    /** {@link #touchesWeb(Node, Set)} outside the {@code skipped} subtrees (request reads the client makes first). */
    boolean touchesWeb(Node n, Set<Node> renderDecls, Set<Node> skipped) {
        if (n.findAll(ThisExpr.class).stream().anyMatch(x -> !insideAny(x, skipped))
                || n.findAll(SuperExpr.class).stream().anyMatch(x -> !insideAny(x, skipped))) return true;
        for (MethodCallExpr c : n.findAll(MethodCallExpr.class)) if (c.getScope().isEmpty() && !insideAny(c, skipped)) return true;
        for (NameExpr ref : n.findAll(NameExpr.class)) {
            if (insideAny(ref, skipped)) continue;
            Optional<Declared> d = declarationOf(ref);
            if (d.isEmpty()) continue;
            if (renderDecls.contains(d.get().node())) return true;
            String t = d.get().type().asString();
            if (WEB_TYPES.contains(t.substring(t.lastIndexOf('.') + 1))) return true;
        }
        return false;
    }

    /** A local variable or parameter: its declaring node and declared type. */
    record Declared(String name, Node node, Type type) {}

    /** The local variable or parameter a simple name refers to, by Java's scoping rules; empty for fields and types. */
    Optional<Declared> declarationOf(NameExpr ref) {
        String name = ref.getNameAsString();
        Node child = ref;
        for (Optional<Node> up = ref.getParentNode(); up.isPresent(); child = up.get(), up = up.get().getParentNode()) {
            Node p = up.get();
            if (p instanceof BlockStmt b) {
                for (Statement s : b.getStatements()) {
                    if (s == child || s.isAncestorOf(child)) break;
                    Optional<Declared> d = declaredBy(s, name);
                    if (d.isPresent()) return d;
                }
            } else if (p instanceof ForStmt f) {
                for (Expression init : f.getInitialization()) {
                    if (init instanceof VariableDeclarationExpr v) {
                        for (VariableDeclarator vd : v.getVariables()) {
                            if (vd.getNameAsString().equals(name)) return Optional.of(new Declared(name, vd, vd.getType()));
                        }
                    }
                }
            } else if (p instanceof ForEachStmt f) {
                for (VariableDeclarator vd : f.getVariable().getVariables()) {
                    if (vd.getNameAsString().equals(name)) return Optional.of(new Declared(name, vd, vd.getType()));
                }
            } else if (p instanceof CatchClause c && c.getParameter().getNameAsString().equals(name)) {
                return Optional.of(new Declared(name, c.getParameter(), c.getParameter().getType()));
            } else if (p instanceof MethodDeclaration m) {
                for (Parameter param : m.getParameters()) {
                    if (param.getNameAsString().equals(name)) return Optional.of(new Declared(name, param, param.getType()));
                }
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<Declared> declaredBy(Statement s, String name) {
        if (s instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) {
            for (VariableDeclarator vd : v.getVariables()) {
                if (vd.getNameAsString().equals(name)) return Optional.of(new Declared(name, vd, vd.getType()));
            }
        }
        return Optional.empty();
    }

    // ---- the split ----

    /** One value the client reads back: a data variable (kept by name) or a bean-dependent expression. */
    private record Field(String name, AppTypes.Resolved type, Expression expression, Declared variable, int position) {
        String getter() {
            String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            return (type.qualified().equals("boolean") ? "is" : "get") + cap + "()";
        }
    }

    /** What a run of render statements reads, in one transfer object (the page's or a loop's row). */
    private final class Reads {
        final Map<String, Field> byExpression = new LinkedHashMap<>();
        final Map<Node, Field> byVariable = new java.util.IdentityHashMap<>();
        final List<Field> fields = new ArrayList<>();

        /** The fields in source order: the transfer object reads like the code it came from. */
        List<Field> ordered() {
            List<Field> out = new ArrayList<>(fields);
            out.sort(java.util.Comparator.comparingInt(Field::position));
            return out;
        }

        /** One field per expression and render statement: a bean may change between two statements. */
        Field expression(Expression e, Statement owner) {
            String text = client.text(e);
            String key = client.begin(owner) + ":" + text;
            Field f = byExpression.get(key);
            if (f != null) return f;
            AppTypes.Resolved t = typeOf(e).orElseThrow(() -> refuse(e, "cannot tell what `" + text + "` returns"));
            if (!types.transferable(t.qualified())) throw refuse(e, "`" + text + "` returns " + t.written() + ", which cannot be sent to the web tier");
            t.importName().ifPresent(facadeImports::add);
            f = new Field(fresh(fieldName(e)), t, e, null, client.begin(e));
            byExpression.put(key, f);
            fields.add(f);
            return f;
        }

        Field variable(Declared d, Node at) {
            Field f = byVariable.get(d.node());
            if (f != null) return f;
            // The transfer object carries one value per variable: one that changes after its
            // declaration could be printed with another value than the one it had at that point.
            for (AssignExpr a : method.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr n && declarationOf(n).map(x -> x.node() == d.node()).orElse(false)) {
                    throw refuse(a, "`" + d.name() + "` changes after it is declared, and the web code prints it");
                }
            }
            for (UnaryExpr u : method.findAll(UnaryExpr.class)) {
                if (u.getExpression() instanceof NameExpr n && mutates(u)
                        && declarationOf(n).map(x -> x.node() == d.node()).orElse(false)) {
                    throw refuse(u, "`" + d.name() + "` changes after it is declared, and the web code prints it");
                }
            }
            AppTypes.Resolved t = types.resolve(d.type(), client.unit()).orElseThrow(() -> refuse(at, "cannot resolve type " + d.type()));
            if (resource(t.qualified())) {
                throw refuse(at, "the moved code opens `" + d.name() + "` (" + d.type() + ") and the client still uses it here: a connection, "
                        + "statement or stream stays on the side that opened it, so it would not be used and closed as before");
            }
            if (!types.transferable(t.qualified())) {
                throw refuse(at, "the web code uses `" + d.name() + "` (" + d.type() + "), which cannot be sent to the web tier");
            }
            f = new Field(d.name(), t, null, d, client.begin(d.node()));
            byVariable.put(d.node(), f);
            fields.add(f);
            return f;
        }
    }

    /** A render statement and the bean-dependent expressions in it, by the field that replaces each. */
    private record Render(Statement statement, Map<Expression, Field> replaced) {
        /** The fields in the order their expressions appear. */
        List<Field> fields() {
            List<Field> out = new ArrayList<>(new NodeSet(replaced.keySet()).stream().map(replaced::get).toList());
            out.sort(java.util.Comparator.comparingInt(Field::position));
            return out.stream().distinct().toList();
        }
    }

    private Result split(Range moved) {
        List<Statement> range = moved.statements(), after = moved.after();
        List<TryStmt> tries = moved.tries();
        boolean wholeBody = moved.wholeBody();
        Set<Node> renderDecls = new NodeSet();
        Set<Node> dataDecls = new NodeSet();
        List<Role> roles = new ArrayList<>();
        // A return that ends the moved code returns the façade's value from the client; one before its end cannot be moved.
        ReturnStmt finalReturn = !wholeBody && range.get(range.size() - 1) instanceof ReturnStmt r ? r : null;
        for (Statement s : range) {
            for (ReturnStmt r : s.findAll(ReturnStmt.class)) {
                if (wholeBody || r == finalReturn || deferred(r, s)) continue;
                throw refuse(r, "the moved code returns from the method before its last statement: the façade can only hand back a value at its end");
            }
            for (BreakStmt b : s.findAll(BreakStmt.class)) if (b.getLabel().isPresent()) throw refuse(b, "a labelled break leaves the moved code");
            boolean web = touchesWeb(s, renderDecls);
            Role role;
            if (!web) role = Role.DATA;
            else if (isLoop(s) && holdsDataSite(s)) role = Role.LOOP;
            else if (s instanceof ExpressionStmt) role = Role.RENDER;
            else if (holdsDataSite(s)) throw refuse(s, "this statement mixes EJB calls with writing the response");
            else role = Role.RENDER;
            roles.add(role);
            if (s instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) {
                (role == Role.RENDER ? renderDecls : dataDecls).addAll(v.getVariables());
            }
            if (role == Role.DATA) s.findAll(VariableDeclarator.class).forEach(dataDecls::add);
        }
        if (wholeBody && roles.stream().anyMatch(r -> r != Role.DATA)) {
            // A void method that renders moves its data part like any other range; one that returns cannot split.
            if (!method.getType().isVoidType() || range.stream().anyMatch(s -> !s.findAll(ReturnStmt.class).isEmpty())) {
                throw refuse(range.get(0), "the method both returns and writes the response");
            }
            wholeBody = false;
        }
        if (finalReturn != null && roles.stream().anyMatch(r -> r != Role.DATA)) {
            throw refuse(finalReturn, "the moved code writes the response and then returns from the method");
        }
        Set<Node> movedRoots = new NodeSet();
        Reads page = new Reads();
        List<String> facade = new ArrayList<>();
        List<String> clientLines = new ArrayList<>();
        List<TransferObject> rowClasses = new ArrayList<>();
        Set<String> clientImports = new TreeSet<>();
        String baseIndent = client.source().indentationAt(client.begin(range.get(0)));
        List<String> renderClient = new ArrayList<>();

        for (int i = 0; i < range.size(); i++) {
            Statement s = range.get(i);
            switch (roles.get(i)) {
                case DATA -> {
                    movedRoots.add(s);
                    checkAssignments(s, range);
                    facade.add(copied(s, ""));
                }
                case RENDER -> {
                    Render r = render(s, page, dataDecls, range);
                    for (Field f : r.fields()) {
                        if (facade.stream().noneMatch(l -> l.startsWith(f.type().written() + " " + f.name() + " = "))) {
                            movedRoots.add(f.expression());
                            facade.add(f.type().written() + " " + f.name() + " = " + client.text(f.expression()) + ";");
                        }
                    }
                    renderClient.add(rewritten(r, PAGE, baseIndent, false));
                }
                case LOOP -> {
                    Loop loop = loop(s, page, dataDecls, range, rowClasses, baseIndent, movedRoots);
                    facade.addAll(loop.facadeLines());
                    renderClient.add(loop.clientText());
                    clientImports.addAll(loop.clientImports());
                }
            }
        }
        // Data variables the rest of the method still reads come back too.
        for (Statement s : after) {
            for (NameExpr ref : s.findAll(NameExpr.class)) {
                declarationOf(ref).filter(d -> dataDecls.contains(d.node())).ifPresent(d -> page.variable(d, ref));
            }
        }
        uncovered(range, roles, movedRoots);
        keepsSideEffectOrder(range, roles);

        // Inputs: locals and parameters declared before the range that the moved code reads.
        Map<String, Declared> inputs = new LinkedHashMap<>();
        Set<Node> rangeNodes = new NodeSet(range);
        List<Node> roots = new ArrayList<>(movedRoots);
        for (int r = 0; r < roots.size(); r++) {
            Node root = roots.get(r);
            for (NameExpr ref : root.findAll(NameExpr.class)) {
                Optional<Declared> d = declarationOf(ref);
                if (d.isPresent()) {
                    if (!insideAny(d.get().node(), rangeNodes) && !carried.contains(d.get().node())) inputs.putIfAbsent(d.get().name(), d.get());
                } else {
                    field(ref);
                }
            }
            root.findAll(ClassOrInterfaceType.class).forEach(t -> importFor(t.getNameWithScope(), t));
            root.findAll(NameExpr.class).stream().filter(n -> declarationOf(n).isEmpty() && !clientFields.contains(n.getNameAsString()))
                    .filter(n -> Character.isUpperCase(n.getNameAsString().charAt(0))).forEach(n -> importFor(n.getNameAsString(), null));
            root.findAll(FieldAccessExpr.class).forEach(this::envRefThroughConstant);
            root.findAll(StringLiteralExpr.class).forEach(l -> envRef(l.getValue()));
            roots.addAll(preludeRoots);
            preludeRoots.clear();
        }
        facade.addAll(0, preludes.values());
        List<FacadeDesign.Parameter> params = new ArrayList<>();
        for (Declared d : inputs.values()) {
            // An array read from the request ({@code getParameterValues}) travels as its elements do.
            Type sent = d.type().isArrayType() && hoisted.names().contains(d.name()) ? d.type().asArrayType().getElementType() : d.type();
            AppTypes.Resolved t = types.resolve(sent, client.unit())
                    .orElseThrow(() -> refuse(d.node(), "cannot resolve the type of `" + d.name() + "`"));
            if (!types.transferable(t.qualified())) {
                if (assignedOutputs.containsKey(d.node())) {
                    throw refuse(d.node(), "the moved code assigns `" + d.name() + "` (" + d.type() + "), which cannot be sent back from a session bean");
                }
                throw refuse(d.node(), "the moved code needs `" + d.name() + "` (" + d.type() + "), which cannot be sent to a session bean");
            }
            t.importName().ifPresent(facadeImports::add);
            params.add(new FacadeDesign.Parameter(d.type().asString(), d.name()));
        }
        // The values the façade hands back come last: the inputs read like the method's own.
        Set<String> handedBack = new java.util.HashSet<>();
        assignedOutputs.values().forEach(d -> handedBack.add(d.name()));
        params.sort(java.util.Comparator.comparingInt(p -> handedBack.contains(p.name()) ? 1 : 0));
        String args = String.join(", ", params.stream().map(FacadeDesign.Parameter::name).toList());
        String call = FACADE + "." + names.methodName() + "(" + args + ")";

        List<TransferObject> tos = new ArrayList<>();
        String returnType;
        List<Field> outputs = wholeBody ? List.of() : outputs(finalReturn);
        if (finalReturn != null) {
            // The moved code ends the method: the client returns what the façade returns.
            AppTypes.Resolved r = method.getType().isVoidType() ? new AppTypes.Resolved("void", "void")
                    : types.resolve(method.getType(), client.unit()).orElseThrow(() -> refuse(method, "cannot resolve the return type"));
            if (!r.qualified().equals("void") && !types.transferable(r.qualified())) {
                throw refuse(finalReturn, "the moved code returns " + r.written() + ", which cannot be sent from a session bean");
            }
            r.importName().ifPresent(facadeImports::add);
            returnType = r.written();
            clientLines.add((returnType.equals("void") ? "" : "return ") + call + ";");
            if (returnType.equals("void")) clientLines.add("return;");
        } else if (page.fields.isEmpty() && outputs.size() == 1) {
            // One variable the client reads on: the façade returns its last value.
            Field only = outputs.get(0);
            returnType = only.type().written();
            facade.add("return " + only.name() + ";");
            clientLines.add(only.name() + " = " + call + ";");
        } else if (wholeBody) {
            AppTypes.Resolved r = method.getType().isVoidType() ? new AppTypes.Resolved("void", "void")
                    : types.resolve(method.getType(), client.unit()).orElseThrow(() -> refuse(method, "cannot resolve the return type"));
            if (!r.qualified().equals("void") && !types.transferable(r.qualified())) {
                throw refuse(method, "the method returns " + r.written() + ", which cannot be sent from a session bean");
            }
            r.importName().ifPresent(facadeImports::add);
            returnType = r.written();
            clientLines.add((returnType.equals("void") ? "" : "return ") + call + ";");
        } else if (page.fields.isEmpty() && outputs.isEmpty()) {
            returnType = "void";
            clientLines.add(call + ";");
        } else {
            returnType = names.dataClass();
            String var = fresh(List.of("page", "data", decapitalize(names.dataClass())));
            clientImports.add(qualified(names.dataClass()));
            clientLines.add(names.dataClass() + " " + var + " = " + call + ";");
            List<FacadeDesign.Parameter> fields = new ArrayList<>();
            Set<String> toImports = new TreeSet<>();
            List<Field> all = new ArrayList<>(page.ordered());
            all.addAll(outputs);
            for (Field f : all) {
                fields.add(new FacadeDesign.Parameter(f.type().written(), f.name()));
                f.type().importName().ifPresent(toImports::add);
                if (outputs.contains(f)) clientLines.add(f.name() + " = " + var + "." + f.getter() + ";");
                else if (f.variable() != null) clientLines.add(f.type().written() + " " + f.name() + " = " + var + "." + f.getter() + ";");
            }
            facade.add("return new " + names.dataClass() + "(" + String.join(", ", all.stream().map(Field::name).toList()) + ");");
            tos.add(new TransferObject(names.dataClass(), fields, toImports));
            for (int i = 0; i < renderClient.size(); i++) renderClient.set(i, renderClient.get(i).replace(PAGE, var));
        }
        tos.addAll(rowClasses);
        clientLines.addAll(renderClient);

        // Exceptions: what the client handles around the moved code stays handled, by the same catch.
        Set<String> exceptions = new LinkedHashSet<>();
        Set<String> handled = new LinkedHashSet<>();
        for (TryStmt t : tries) {
            for (CatchClause c : t.getCatchClauses()) {
                for (String n : c.getParameter().getType().asString().split("\\|")) handled.add(simple(n.trim()));
            }
        }
        method.getThrownExceptions().forEach(t -> handled.add(simple(t.asString())));
        ExceptionTypes exceptionTypes = new ExceptionTypes(types);
        MovedCodeExceptions flow = MovedCodeExceptions.of(movedRoots, exceptionTypes, e -> typeOf(e).map(AppTypes.Resolved::qualified),
                this::qualifyException);
        keepsUncheckedExceptions(tries, flow, exceptionTypes);
        boolean throwsRemote = remoteCalls;
        for (String e : flow.thrown().keySet()) {
            // Checked exceptions go on the façade method and reach the client's catch as themselves.
            if (exceptionTypes.unchecked(e).orElse(false)) continue;   // an unknown kind is declared: harmless if unchecked
            if (e.equals("java.rmi.RemoteException")) {
                throwsRemote = true;
                continue;
            }
            if (exceptions.add(simple(e)) && !e.startsWith("java.lang.")) facadeImports.add(e);
        }
        // In the order the client's catch clauses name them (the signature reads like the code it came from).
        List<String> order = new ArrayList<>(handled);
        List<String> sorted = new ArrayList<>(exceptions);
        sorted.sort(java.util.Comparator.comparingInt(e -> order.contains(e) ? order.indexOf(e) : order.size()));
        exceptions = new LinkedHashSet<>(sorted);
        if (!flow.complete()) {
            // Some call's declaration is unknown: the exceptions the client handles by name may be what it throws.
            for (String h : handled) {
                if (BEAN_EXCEPTIONS.contains(h) || !h.endsWith("IOException") && !h.equals("ServletException")
                        && !h.equals("Exception") && !h.equals("Throwable") && !h.equals("RemoteException") && appException(h)) {
                    if (exceptions.add(h)) importFor(h, null);
                }
            }
        }
        if (throwsRemote) {
            exceptions.add("RemoteException");
            facadeImports.add("java.rmi.RemoteException");
        }
        FacadeMethod fm = new FacadeMethod(names.methodName(), returnType, params, List.copyOf(exceptions),
                String.join("\n", facade.stream().map(l -> l.replace(eol, "\n")).toList()), facadeImports);
        Statement firstStmt = range.get(0), lastStmt = range.get(range.size() - 1);
        int start = commentStart(client, firstStmt);
        String template = String.join(eol + baseIndent, clientLines);
        return new Extracted(fm, tos, envRefs, members, new ClientRewrite(start, client.end(lastStmt), template, clientImports), handled);
    }

    /** A type name written in the client, qualified; {@code java.lang} exceptions need no import. */
    private Optional<String> qualifyException(String written) {
        return new ExceptionTypes(types).qualify(written, client.unit());
    }

    /**
     * A bean turns an unchecked exception into its system exception ({@code RemoteException} for an
     * EJB 2.x remote client, {@code EJBException} otherwise): a client's {@code catch} of a specific
     * unchecked type around code that throws it would no longer run once that code is in the façade.
     */
    private void keepsUncheckedExceptions(List<TryStmt> tries, MovedCodeExceptions flow, ExceptionTypes exceptionTypes) {
        for (TryStmt t : tries) {
            for (CatchClause c : t.getCatchClauses()) {
                for (String written : c.getParameter().getType().asString().split("\\|")) {
                    Optional<String> caught = qualifyException(written.trim());
                    if (caught.isEmpty() || Set.of("java.lang.RuntimeException", "java.lang.Throwable", "java.lang.Exception", "java.lang.Error")
                            .contains(caught.get()) || caught.get().endsWith(".ejb.EJBException")) continue;
                    Optional<Node> thrower = flow.uncheckedCaughtAs(caught.get(), exceptionTypes);
                    if (thrower.isPresent()) {
                        throw refuse(thrower.get(), "the client catches " + simple(written.trim()) + " (line " + hoisted.shownLine().applyAsInt(line(c))
                                + "), which `" + shortText(thrower.get()) + "` throws: thrown in the façade bean it would reach the client as "
                                + (remoteCalls ? "RemoteException" : "EJBException") + ", not as " + simple(written.trim()));
                    }
                }
            }
        }
    }

    private String shortText(Node n) {
        String text = client.text(n).replaceAll("\\s+", " ");
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }

    /**
     * The locals the moved code assigns that were declared before it, as the values the façade hands
     * back: each goes to the façade as a parameter (its value on entry) and comes back as the
     * façade's result or a field of the transfer object. None when the moved code returns instead.
     */
    private List<Field> outputs(ReturnStmt finalReturn) {
        List<Field> out = new ArrayList<>();
        for (Declared d : assignedOutputs.values()) {
            if (finalReturn != null) {
                throw refuse(finalReturn, "the moved code both returns from the method and assigns `" + d.name() + "`, declared before it");
            }
            if (d.type().isVarType()) throw refuse(d.node(), "`" + d.name() + "` is declared with var; the façade needs its type");
            AppTypes.Resolved t = types.resolve(d.type(), client.unit()).orElseThrow(() -> refuse(d.node(), "cannot resolve the type of `" + d.name() + "`"));
            if (!types.transferable(t.qualified())) {
                throw refuse(d.node(), "the moved code assigns `" + d.name() + "` (" + d.type() + "), which cannot be sent back from a session bean");
            }
            t.importName().ifPresent(facadeImports::add);
            out.add(new Field(d.name(), t, null, d, client.begin(d.node())));
        }
        out.sort(java.util.Comparator.comparingInt(Field::position));
        return out;
    }

    /** Code in a lambda or anonymous class body runs when that is called, not where it is written. */
    private static boolean deferred(Node n, Node root) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != root; p = p.getParentNode().orElse(null)) {
            if (p instanceof com.github.javaparser.ast.expr.LambdaExpr || p instanceof com.github.javaparser.ast.body.BodyDeclaration<?>) return true;
        }
        return false;
    }

    /** JDBC and JPA objects holding a connection, and JDK streams: what must be closed by the code that opened it. */
    private static boolean resource(String qualified) {
        int dot = qualified.lastIndexOf('.');
        if (dot < 0) return false;
        String pkg = qualified.substring(0, dot), simple = qualified.substring(dot + 1);
        if (ResourceTypes.BOUND_TO_THEIR_SIDE.getOrDefault(pkg, Set.of()).contains(simple) && !pkg.contains("servlet")) return true;
        return pkg.equals("java.io") && (simple.endsWith("Stream") || simple.endsWith("Reader") || simple.endsWith("Writer"));
    }

    private boolean appException(String simpleName) {
        return types.qualify(simpleName, client.unit()).map(types::exists).orElse(false);
    }

    static boolean isLoop(Statement s) { return s instanceof WhileStmt || s instanceof ForStmt || s instanceof ForEachStmt; }

    static boolean insideAny(Node n, Set<Node> roots) {
        for (Node r : roots) if (r == n || r.isAncestorOf(n)) return true;
        return false;
    }

    /**
     * {@code XHome home = null; try { home = (XHome) narrow(...); ... }}: a local declared before the
     * moved code without a value ({@code null} or none) and read or written only by it is the moved
     * code's own variable; the façade declares it the same way and the client's declaration, unused
     * afterwards, stays as it was.
     */
    private boolean carry(Declared d, Set<Node> rangeNodes) {
        if (carried.contains(d.node())) return true;
        if (!(d.node() instanceof VariableDeclarator v) || v.getInitializer().filter(i -> !i.isNullLiteralExpr()).isPresent()) return false;
        if (!(v.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl) || decl.getVariables().size() != 1) return false;
        for (NameExpr use : method.findAll(NameExpr.class, n -> n.getNameAsString().equals(d.name()))) {
            if (declarationOf(use).filter(o -> o.node() == v).isPresent() && !insideAny(use, rangeNodes)) return false;
        }
        carried.add(v);
        preludes.put(d.name(), d.type().asString() + " " + d.name() + (v.getInitializer().isPresent() ? " = null;" : ";"));
        d.type().findAll(ClassOrInterfaceType.class).forEach(t -> importFor(t.getNameWithScope(), t));
        if (d.type() instanceof ClassOrInterfaceType t) importFor(t.getNameWithScope(), t);
        return true;
    }

    /**
     * The moved code may assign a local the client declared before it: the client sees the change
     * through the façade's result ({@link #outputs}). Fields and array elements it may not change.
     */
    private void checkAssignments(Node moved, List<Statement> range) {
        Set<Node> rangeNodes = new NodeSet(range);
        for (AssignExpr a : moved.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr n) {
                Optional<Declared> d = declarationOf(n);
                if (d.isPresent() && !insideAny(d.get().node(), rangeNodes) && !carry(d.get(), rangeNodes)) {
                    assignedOutputs.putIfAbsent(d.get().node(), d.get());
                }
                if (d.isEmpty()) throw refuse(a, "the moved code assigns field `" + n + "` of the client");
            } else if (a.getTarget() instanceof FieldAccessExpr f) {
                throw refuse(a, "the moved code assigns `" + f + "`");
            } else if (a.getTarget() instanceof ArrayAccessExpr x && arrayRoot(x) instanceof NameExpr n) {
                // An array sent to the façade is a copy: the client would not see the element change.
                Optional<Declared> d = declarationOf(n);
                if (d.isEmpty() || !insideAny(d.get().node(), rangeNodes)) throw refuse(a, "the moved code changes an element of `" + n + "`, declared before it");
            }
        }
        for (UnaryExpr u : moved.findAll(UnaryExpr.class)) {
            if (u.getExpression() instanceof NameExpr n && mutates(u)) {
                Optional<Declared> d = declarationOf(n);
                if (d.isEmpty()) throw refuse(u, "the moved code changes field `" + n + "` of the client");
                if (!insideAny(d.get().node(), rangeNodes)) assignedOutputs.putIfAbsent(d.get().node(), d.get());
            }
        }
    }

    /**
     * Nodes by identity, in insertion order: JavaParser nodes are equal when they look alike, and
     * two {@code item.getName()} calls on different lines are different call sites.
     */
    private static final class NodeSet extends java.util.AbstractSet<Node> {
        private final List<Node> order = new ArrayList<>();
        private final Set<Node> members = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

        NodeSet() {}

        NodeSet(java.util.Collection<? extends Node> nodes) { nodes.forEach(this::add); }

        @Override public boolean add(Node n) { return members.add(n) && order.add(n); }

        @Override public boolean contains(Object o) { return members.contains(o); }

        @Override public java.util.Iterator<Node> iterator() { return java.util.Collections.unmodifiableList(order).iterator(); }

        @Override public int size() { return order.size(); }
    }

    private static Expression arrayRoot(ArrayAccessExpr x) {
        Expression e = x.getName();
        while (e instanceof ArrayAccessExpr inner) e = inner.getName();
        return e;
    }

    private static boolean mutates(UnaryExpr u) {
        return switch (u.getOperator()) {
            case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT -> true;
            default -> false;
        };
    }

    /**
     * The façade runs the moved statements before every render statement the client keeps: a bean
     * write that came after something the client does outside itself (writing the page, setting a
     * session attribute, redirecting) would now come first, and an exception from it would leave that
     * undone. Reads ({@code get}, {@code find}, lookups) may move earlier; writes may not.
     */
    private void keepsSideEffectOrder(List<Statement> range, List<Role> roles) {
        Statement effect = null;
        for (int i = 0; i < range.size(); i++) {
            Statement s = range.get(i);
            if (roles.get(i) == Role.DATA) {
                Optional<Node> write = beanWrite(s);
                if (effect != null && write.isPresent()) {
                    throw refuse(write.get(), "the façade would run `" + shortText(write.get()) + "` before `" + shortText(effect)
                            + "` (line " + hoisted.shownLine().applyAsInt(line(effect)) + "), which the client runs first: the order of side effects would change");
                }
            } else if (effect == null && writesOutside(s)) {
                effect = s;
            }
        }
    }

    /** Method names that read: a call so named has no side effect the order of the page could show. */
    private static final java.util.regex.Pattern READS = java.util.regex.Pattern.compile(
            "(get|is|has|find|lookup|narrow|list|size|iterator|hasNext|next|hasMore|nextElement|toString|equals|hashCode|valueOf|parse|format|"
                    + "contains|length|compareTo|elements|keys|keySet|values|entrySet|toArray|substring|trim|indexOf|charAt)([A-Z_].*)?");

    /** A call in {@code s} on a bean or other object (not a web object) whose name does not say it reads. */
    private Optional<Node> beanWrite(Statement s) {
        for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) {
            if (c.getScope().isEmpty() || !holdsDataSite(c)) continue;
            String name = c.getNameAsString();
            if (READS.matcher(name).matches()) continue;
            // A session home's create() opens a conversation; an entity's create takes its fields and inserts a row.
            if (name.startsWith("create") && c.getArguments().isEmpty()) continue;
            return Optional.of(c);
        }
        return Optional.empty();
    }

    /** Whether a statement the client keeps does something outside itself: a call that does not read, or an assignment of a field. */
    private boolean writesOutside(Statement s) {
        for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) if (!READS.matcher(c.getNameAsString()).matches()) return true;
        for (AssignExpr a : s.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof FieldAccessExpr || a.getTarget() instanceof NameExpr n && declarationOf(n).isEmpty()) return true;
        }
        return false;
    }

    /** Every data site must end up in the façade; one left in a render statement would still cross the WAN. */
    private void uncovered(List<Statement> range, List<Role> roles, Set<Node> moved) {
        for (int i = 0; i < range.size(); i++) {
            if (roles.get(i) == Role.DATA) continue;
            Statement s = range.get(i);
            for (int l : dataLines) {
                if (l < line(s) || l > s.getEnd().get().line) continue;
                boolean covered = moved.stream().anyMatch(m -> s.isAncestorOf(m) && line(m) <= l && m.getEnd().get().line >= l);
                if (!covered) throw new Refusal("the EJB call on line " + hoisted.shownLine().applyAsInt(l) + " would stay in the web tier ("
                        + client.source().path() + ":" + hoisted.shownLine().applyAsInt(l) + ")");
            }
        }
    }

    /** A client field the moved code reads: a constant is copied into the bean, anything else refused. */
    private void field(NameExpr ref) {
        String name = ref.getNameAsString();
        var type = method.findAncestor(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration.class);
        if (type.isEmpty()) return;
        var field = type.get().getFieldByName(name);
        if (field.isEmpty()) {
            if (Character.isLowerCase(name.charAt(0))) throw refuse(ref, "the moved code uses `" + name + "`, which is not declared in "
                    + type.get().getNameAsString());
            return;
        }
        var f = field.get();
        clientFields.add(name);
        if (f.isStatic() && f.isFinal() && f.getVariables().stream().allMatch(v -> v.getInitializer().isPresent())) {
            String text = client.text(f);
            if (!members.contains(text)) members.add(text);
            return;
        }
        if (!f.isStatic() && preludes.containsKey(name)) return;
        if (containerInjected(f)) {
            // The container injects the bean just as it injected the client: the declaration moves as written.
            String text = client.text(f);
            if (!members.contains(text)) members.add(text);
            f.getAnnotations().forEach(a -> importFor(a.getName().getIdentifier(), null));
            f.findAll(ClassOrInterfaceType.class).forEach(t -> importFor(t.getNameWithScope(), t));
            return;
        }
        if (!f.isStatic()) {
            Optional<String> prelude = initialisedOnce(type.get(), f, name);
            if (prelude.isPresent()) {
                preludes.put(name, prelude.get());
                return;
            }
        }
        throw refuse(ref, "the moved code uses field `" + name + "` of " + type.get().getNameAsString()
                + ", which is not assigned exactly once in a lifecycle method (init, ejbCreate, a constructor) from EJB-tier values");
    }

    /** Annotations by which an EJB 3 / Jakarta container injects a field of a web component and of a session bean alike. */
    private static final Set<String> INJECTIONS = Set.of("EJB", "Resource", "Inject", "PersistenceContext", "PersistenceUnit");

    /** An instance field the container injects and the client never assigns itself. */
    private static boolean containerInjected(com.github.javaparser.ast.body.FieldDeclaration f) {
        if (f.isStatic() || f.getVariables().size() != 1 || f.getVariables().get(0).getInitializer().isPresent()) return false;
        if (f.getAnnotations().stream().noneMatch(a -> INJECTIONS.contains(a.getName().getIdentifier()))) return false;
        String name = f.getVariables().get(0).getNameAsString();
        var type = f.findAncestor(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration.class);
        return type.isPresent() && type.get().findAll(AssignExpr.class).stream().noneMatch(a -> a.getTarget() instanceof NameExpr n
                && n.getNameAsString().equals(name) || a.getTarget() instanceof FieldAccessExpr fa && fa.getNameAsString().equals(name));
    }

    /** Whether a name is an instance field of the client class that the container injects. */
    private boolean injectedField(String name) {
        return method.findAncestor(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration.class)
                .flatMap(t -> t.getFieldByName(name)).map(UseCaseExtraction::containerInjected).orElse(false);
    }

    /** Methods in which a client assigns what it keeps for all its requests. */
    private static final Set<String> LIFECYCLE = Set.of("init", "ejbCreate", "setSessionContext", "jspInit");

    /**
     * A field the client assigns once in its lifecycle (a home looked up in {@code init()}) becomes a
     * local of the façade method assigned from the same expression; the exceptions the client caught
     * around that assignment become {@code EJBException}s, as a bean reports system failures.
     */
    private Optional<String> initialisedOnce(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration type,
                                             com.github.javaparser.ast.body.FieldDeclaration f, String name) {
        String where = "field `" + name + "` of " + type.getNameAsString();
        if (f.getVariables().size() != 1 || f.getVariables().get(0).getInitializer().isPresent()) return Optional.empty();
        List<AssignExpr> assignments = new ArrayList<>();
        for (AssignExpr a : type.findAll(AssignExpr.class)) {
            Expression t = a.getTarget();
            if (t instanceof NameExpr n && n.getNameAsString().equals(name)
                    || t instanceof FieldAccessExpr fa && fa.getScope() instanceof ThisExpr && fa.getNameAsString().equals(name)) {
                assignments.add(a);
            }
        }
        if (assignments.size() != 1 || assignments.get(0).getOperator() != AssignExpr.Operator.ASSIGN) {
            throw refuse(f, "the moved code uses " + where + ", assigned " + assignments.size() + " times");
        }
        AssignExpr a = assignments.get(0);
        boolean lifecycle = a.findAncestor(com.github.javaparser.ast.body.ConstructorDeclaration.class).isPresent()
                || a.findAncestor(MethodDeclaration.class).map(m -> LIFECYCLE.contains(m.getNameAsString())).orElse(false);
        if (!lifecycle) throw refuse(a, "the moved code uses " + where + ", which changes outside the lifecycle methods");
        Expression value = a.getValue();
        Optional<NameExpr> local = value.findAll(NameExpr.class).stream()
                .filter(n -> Character.isLowerCase(n.getNameAsString().charAt(0))).findFirst();
        if (!value.findAll(ThisExpr.class).isEmpty() || value.findAll(MethodCallExpr.class).stream().anyMatch(c -> c.getScope().isEmpty())
                || local.isPresent()) {
            throw refuse(a, "the moved code uses " + where + ", whose value is computed from "
                    + local.map(n -> "`" + n + "`").orElse("the client's own state") + " where it is assigned");
        }
        String typeText = f.getVariables().get(0).getType().asString();
        importFor(simple(typeText), null);
        preludeRoots.add(value);
        String assigned = reindent(client.text(value), client.source().indentationAt(client.begin(a)), unit);
        Optional<TryStmt> around = a.findAncestor(TryStmt.class);
        List<String> caught = new ArrayList<>();
        around.ifPresent(t -> t.getCatchClauses().forEach(c -> {
            for (String n : c.getParameter().getType().asString().split("\\|")) caught.add(n.trim());
        }));
        if (caught.isEmpty()) return Optional.of(typeText + " " + name + " = " + assigned + ";");
        String ejb = client.unit().getImports().stream().anyMatch(i -> i.getNameAsString().startsWith("jakarta.")) ? "jakarta.ejb" : "javax.ejb";
        facadeImports.add(ejb + ".EJBException");
        StringBuilder b = new StringBuilder(typeText + " " + name + ";\ntry {\n" + unit + name + " = " + assigned + ";\n}");
        for (String c : caught) {
            importFor(c, null);
            b.append(" catch (").append(c).append(" e) {\n").append(unit).append("throw new EJBException(e);\n}");
        }
        return Optional.of(b.toString());
    }

    private void envRef(String jndiName) {
        if (jndiName.startsWith("java:comp/env/") && jndiName.length() > 14) envRefs.add(jndiName.substring(14));
    }

    private void envRefThroughConstant(FieldAccessExpr f) {
        if (!(f.getScope() instanceof NameExpr owner)) return;
        types.qualify(owner.getNameAsString(), client.unit())
                .flatMap(q -> types.constantString(q, f.getNameAsString())).ifPresent(this::envRef);
    }

    private void importFor(String name, Node at) {
        String simple = name.contains(".") ? null : name;
        if (simple == null) return;
        Optional<String> q = types.qualify(simple, client.unit());
        if (q.isPresent()) {
            if (!(q.get().startsWith("java.lang.") && q.get().lastIndexOf('.') == 9) && q.get().contains(".")) facadeImports.add(q.get());
            return;
        }
        for (var i : client.unit().getImports()) {
            if (i.isAsterisk() && !i.isStatic()) facadeImports.add(i.getNameAsString() + ".*");
        }
    }

    // ---- render statements ----

    private Render render(Statement s, Reads reads, Set<Node> dataDecls, List<Statement> range) {
        Map<Expression, Field> replaced = new java.util.IdentityHashMap<>();
        collect(s, s, reads, dataDecls, replaced);
        for (AssignExpr a : s.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr n && declarationOf(n).map(d -> dataDecls.contains(d.node())).orElse(false)) {
                throw refuse(a, "the web code assigns `" + n + "`, which the moved code computes");
            }
        }
        return new Render(s, replaced);
    }

    private void collect(Node n, Statement owner, Reads reads, Set<Node> dataDecls, Map<Expression, Field> replaced) {
        if (n instanceof Expression e && beanRooted(e, dataDecls)) {
            replaced.put(e, reads.expression(e, owner));
            return;
        }
        if (n instanceof NameExpr ref) {
            Optional<Declared> d = declarationOf(ref);
            if (d.isPresent() && dataDecls.contains(d.get().node())) reads.variable(d.get(), ref);
            return;
        }
        for (Node c : n.getChildNodes()) collect(c, owner, reads, dataDecls, replaced);
    }

    /** A call chain on a data variable that cannot travel itself ({@code item.getName()}), free of web objects. */
    private boolean beanRooted(Expression e, Set<Node> dataDecls) {
        if (!(e instanceof MethodCallExpr || e instanceof FieldAccessExpr)) return false;
        Expression root = e;
        while (true) {
            if (root instanceof MethodCallExpr m && m.getScope().isPresent()) root = m.getScope().get();
            else if (root instanceof FieldAccessExpr f) root = f.getScope();
            else if (root instanceof EnclosedExpr p) root = p.getInner();
            else if (root instanceof CastExpr c) root = c.getExpression();
            else break;
        }
        if (!(root instanceof NameExpr n)) return false;
        Optional<Declared> d = declarationOf(n);
        // A call on an injected bean reference ({@code stock.available(id)}) is made by the façade, its result sent back.
        if (d.isEmpty() && e instanceof MethodCallExpr && injectedField(n.getNameAsString())) return !touchesWeb(e, Set.of());
        if (d.isEmpty() || !dataDecls.contains(d.get().node())) return false;
        Optional<AppTypes.Resolved> t = types.resolve(d.get().type(), client.unit());
        if (t.isPresent() && types.transferable(t.get().qualified())) return false;
        return !touchesWeb(e, Set.of());
    }

    private Optional<AppTypes.Resolved> typeOf(Expression e) {
        if (e instanceof EnclosedExpr p) return typeOf(p.getInner());
        if (e instanceof CastExpr c) return types.resolve(c.getType(), client.unit());
        if (e instanceof NameExpr n) {
            Optional<Declared> d = declarationOf(n);
            if (d.isPresent()) return types.resolve(d.get().type(), client.unit());
            if (!injectedField(n.getNameAsString())) return Optional.empty();
            return method.findAncestor(com.github.javaparser.ast.body.ClassOrInterfaceDeclaration.class)
                    .flatMap(t -> t.getFieldByName(n.getNameAsString()))
                    .flatMap(f -> types.resolve(f.getVariables().get(0).getType(), client.unit()));
        }
        if (e instanceof MethodCallExpr m && m.getScope().isPresent()) {
            return typeOf(m.getScope().get()).flatMap(owner -> types.returnType(owner.qualified(), m.getNameAsString(), m.getArguments().size()));
        }
        return Optional.empty();
    }

    private String fieldName(Expression e) {
        String prop = e instanceof MethodCallExpr m ? property(m.getNameAsString())
                : e instanceof FieldAccessExpr f ? f.getNameAsString() : "value";
        if (!reserved.contains(prop)) return prop;
        Expression root = e;
        while (root instanceof MethodCallExpr m && m.getScope().isPresent()) root = m.getScope().get();
        return root instanceof NameExpr n ? n.getNameAsString() + Character.toUpperCase(prop.charAt(0)) + prop.substring(1) : prop;
    }

    private static String property(String methodName) {
        for (String prefix : List.of("get", "is")) {
            if (methodName.startsWith(prefix) && methodName.length() > prefix.length()
                    && Character.isUpperCase(methodName.charAt(prefix.length()))) {
                return decapitalize(methodName.substring(prefix.length()));
            }
        }
        return methodName;
    }

    private String fresh(String wanted) { return fresh(List.of(wanted)); }

    private String fresh(List<String> candidates) { return fresh(candidates, reserved); }

    /**
     * The first candidate not in {@code taken}, else the first numbered {@code 2}, {@code 3}, …;
     * the name is then taken.
     */
    static String fresh(List<String> candidates, Set<String> taken) {
        for (String c : candidates) {
            if (taken.add(c)) return c;
        }
        String base = candidates.get(0);
        for (int i = 2; ; i++) {
            if (taken.add(base + i)) return base + i;
        }
    }

    // ---- loops that read beans and write rows ----

    private record Loop(List<String> facadeLines, String clientText, Set<String> clientImports) {}

    private Loop loop(Statement s, Reads page, Set<Node> outerData, List<Statement> range, List<TransferObject> rowClasses,
                      String baseIndent, Set<Node> moved) {
        Statement bodyStmt = s instanceof WhileStmt w ? w.getBody() : s instanceof ForStmt f ? f.getBody() : ((ForEachStmt) s).getBody();
        if (!(bodyStmt instanceof BlockStmt body)) throw refuse(s, "the loop body is not a block");
        for (Node n : s.findAll(ContinueStmt.class)) throw refuse(n, "the loop mixing EJB calls and output uses continue");
        for (Node n : s.findAll(BreakStmt.class)) throw refuse(n, "the loop mixing EJB calls and output uses break");
        // The header runs in the façade.
        Node header = s instanceof WhileStmt w ? w.getCondition() : s;
        if (s instanceof ForStmt f) {
            for (Expression x : f.getInitialization()) { if (touchesWeb(x, Set.of())) throw refuse(x, "the loop header uses web objects"); moved.add(x); }
            f.getCompare().ifPresent(x -> { if (touchesWeb(x, Set.of())) throw refuse(x, "the loop header uses web objects"); moved.add(x); });
            for (Expression x : f.getUpdate()) { if (touchesWeb(x, Set.of())) throw refuse(x, "the loop header uses web objects"); moved.add(x); }
        } else if (s instanceof ForEachStmt fe) {
            if (touchesWeb(fe.getIterable(), Set.of())) throw refuse(fe, "the loop header uses web objects");
            moved.add(fe.getIterable());
        } else {
            if (touchesWeb(header, Set.of())) throw refuse(header, "the loop condition uses web objects");
            moved.add(header);
        }
        Set<Node> loopData = new NodeSet(outerData);
        if (s instanceof ForStmt f) f.getInitialization().forEach(x -> loopData.addAll(x.findAll(VariableDeclarator.class)));
        if (s instanceof ForEachStmt fe) loopData.addAll(fe.getVariable().getVariables());
        Reads row = new Reads();
        String thing = null;
        List<String> inner = new ArrayList<>();
        List<String> clientBody = new ArrayList<>();
        IfStmt guard = null;
        boolean unguardedRender = false;
        String rowClassPlaceholder = "\u0000row\u0000";
        Set<Node> renderDecls = new NodeSet();
        String bodyIndent = baseIndent + unit;
        // Each row's bean calls run in the façade before any row is written: only reads may be regrouped so.
        {
            Set<Node> loopRender = new NodeSet();
            List<Statement> inLoop = body.getStatements();
            List<Role> loopRoles = new ArrayList<>();
            for (Statement st : inLoop) {
                boolean web = touchesWeb(st, loopRender);
                loopRoles.add(web ? Role.RENDER : Role.DATA);
                if (web && st instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) loopRender.addAll(v.getVariables());
            }
            Optional<Statement> firstEffect = java.util.stream.IntStream.range(0, inLoop.size()).filter(i -> loopRoles.get(i) == Role.RENDER)
                    .mapToObj(inLoop::get).filter(this::writesOutside).findFirst();
            Optional<Node> write = java.util.stream.IntStream.range(0, inLoop.size()).filter(i -> loopRoles.get(i) == Role.DATA)
                    .mapToObj(inLoop::get).flatMap(st -> beanWrite(st).stream()).findFirst();
            if (firstEffect.isPresent() && write.isPresent()) {
                throw refuse(write.get(), "the façade would make every row's `" + shortText(write.get()) + "` before the client runs `"
                        + shortText(firstEffect.get()) + "` for the first row: the loop interleaves bean writes with what the client does");
            }
        }
        for (Statement st : body.getStatements()) {
            boolean web = touchesWeb(st, renderDecls);
            if (!web) {
                checkAssignments(st, range);
                moved.add(st);
                inner.add(copied(st, unit));
                st.findAll(VariableDeclarator.class).forEach(v -> {
                    loopData.add(v);
                });
                if (thing == null && st instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) {
                    Type t = v.getVariables().get(0).getType();
                    Optional<AppTypes.Resolved> r = types.resolve(t, client.unit());
                    if (r.isPresent() && !types.transferable(r.get().qualified())) thing = simple(t.asString());
                }
                continue;
            }
            if (st instanceof IfStmt i && i.getElseStmt().isEmpty() && !touchesWeb(i.getCondition(), renderDecls) && guard == null
                    && !unguardedRender) {
                guard = i;
                moved.add(i.getCondition());
                List<Statement> guarded = i.getThenStmt() instanceof BlockStmt b ? b.getStatements() : List.of(i.getThenStmt());
                inner.add("if (" + client.text(i.getCondition()) + ") {");
                for (Statement g : guarded) {
                    if (!(g instanceof ExpressionStmt) && holdsDataSite(g)) throw refuse(g, "this statement mixes EJB calls with writing the response");
                    Render r = render(g, row, loopData, range);
                    for (Field f : r.fields()) {
                        if (moved.add(f.expression())) inner.add(unit + f.type().written() + " " + f.name() + " = " + client.text(f.expression()) + ";");
                    }
                    clientBody.add(rewritten(r, rowClassPlaceholder, bodyIndent, true));
                }
                inner.add(unit + "\u0000add\u0000");
                inner.add("}");
                continue;
            }
            if (guard != null || !(st instanceof ExpressionStmt)) {
                throw refuse(st, "this statement in the loop mixes EJB calls with writing the response");
            }
            unguardedRender = true;
            Render r = render(st, row, loopData, range);
            if (st instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) renderDecls.addAll(v.getVariables());
            for (Field f : r.fields()) {
                if (moved.add(f.expression())) inner.add(f.type().written() + " " + f.name() + " = " + client.text(f.expression()) + ";");
            }
            clientBody.add(rewritten(r, rowClassPlaceholder, bodyIndent, false));
        }
        // Variables from before the loop that the rows' render statements read belong to the page.
        List<Field> rowFields = new ArrayList<>();
        for (Field f : row.ordered()) {
            if (f.variable() != null && !insideAny(f.variable().node(), Set.of(s))) {
                page.variable(f.variable(), s);
            } else {
                rowFields.add(f);
            }
        }
        String rowClass = (thing == null ? "" : thing) + "Row";
        if (rowClasses.stream().anyMatch(t -> t.name().equals(rowClass))) throw refuse(s, "two loops would need row class " + rowClass);
        String listName = fresh(decapitalize(rowClass) + "s");
        String rowsField = listName;
        String add = listName + ".add(new " + rowClass + "(" + String.join(", ", rowFields.stream().map(Field::name).toList()) + "));";
        List<String> facadeLines = new ArrayList<>();
        facadeLines.add(generics ? "List<" + rowClass + "> " + listName + " = new ArrayList<" + rowClass + ">();" : "List " + listName + " = new ArrayList();");
        facadeImports.add("java.util.List");
        facadeImports.add("java.util.ArrayList");
        String headerText = client.source().text().substring(client.begin(s), client.begin(body));
        facadeLines.add(headerText + "{");
        for (String l : inner) facadeLines.add(unit + l.replace("\u0000add\u0000", add));
        if (guard == null) facadeLines.add(unit + add);
        facadeLines.add("}");

        List<FacadeDesign.Parameter> fields = new ArrayList<>();
        Set<String> toImports = new TreeSet<>();
        for (Field f : rowFields) {
            fields.add(new FacadeDesign.Parameter(f.type().written(), f.name()));
            f.type().importName().ifPresent(toImports::add);
        }
        rowClasses.add(new TransferObject(rowClass, fields, toImports));
        Field list = new Field(rowsField, new AppTypes.Resolved(generics ? "List<" + rowClass + ">" : "List", "java.util.List"), null, null, client.begin(s));
        page.fields.add(list);

        String rowVar = fresh("row");
        Set<String> imports = new TreeSet<>();
        imports.add(qualified(rowClass));
        StringBuilder c = new StringBuilder();
        String getter = PAGE + "." + list.getter();
        if (generics) {
            c.append("for (").append(rowClass).append(' ').append(rowVar).append(" : ").append(getter).append(") {");
        } else {
            String it = fresh(List.of("it", "rows", "i"));
            imports.add("java.util.Iterator");
            c.append("for (Iterator ").append(it).append(" = ").append(getter).append(".iterator(); ").append(it).append(".hasNext();) {");
            c.append(eol).append(bodyIndent).append(rowClass).append(' ').append(rowVar).append(" = (").append(rowClass).append(") ")
                    .append(it).append(".next();");
        }
        for (Field f : rowFields) {
            if (f.variable() != null) {
                c.append(eol).append(bodyIndent).append(f.type().written()).append(' ').append(f.name()).append(" = ")
                        .append(rowVar).append('.').append(f.getter()).append(';');
            }
        }
        for (String l : clientBody) c.append(eol).append(bodyIndent).append(l.replace(rowClassPlaceholder, rowVar));
        c.append(eol).append(baseIndent).append('}');
        return new Loop(facadeLines, c.toString(), imports);
    }

    // ---- text ----

    /** A statement's text (with its comment) re-indented to {@code indent}. */
    private String copied(Statement s, String indent) {
        String original = client.source().indentationAt(client.begin(s));
        StringBuilder out = new StringBuilder();
        s.getComment().ifPresent(c -> out.append(reindent(client.text(c), original, indent)).append('\n').append(indent));
        out.append(reindent(client.text(s), original, indent));
        return out.toString();
    }

    private static int commentStart(JavaSource client, Statement s) {
        return s.getComment().map(client::begin).orElse(client.begin(s));
    }

    /** Continuation lines keep their indentation relative to the statement's first line. */
    private String reindent(String text, String from, String to) {
        String[] lines = text.split("\r?\n", -1);
        StringBuilder out = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i];
            out.append('\n').append(l.startsWith(from) ? to + l.substring(from.length()) : l.stripLeading().isEmpty() ? "" : to + l.stripLeading());
        }
        return out.toString();
    }

    /** A render statement with each bean-dependent expression replaced by the transfer object's getter. */
    private String rewritten(Render r, String holder, String indent, boolean denest) {
        Statement s = r.statement();
        int from = client.begin(s);
        String text = client.text(s);
        List<Map.Entry<Expression, Field>> es = new ArrayList<>(r.replaced().entrySet());
        es.sort((a, b) -> Integer.compare(client.begin(b.getKey()), client.begin(a.getKey())));
        StringBuilder sb = new StringBuilder(text);
        for (var e : es) {
            sb.replace(client.begin(e.getKey()) - from, client.end(e.getKey()) - from, holder + "." + e.getValue().getter());
        }
        String original = client.source().indentationAt(from);
        String result = sb.toString();
        if (denest || !original.equals(indent)) {
            String[] lines = result.split("\r?\n", -1);
            StringBuilder out = new StringBuilder(lines[0]);
            for (int i = 1; i < lines.length; i++) {
                String l = lines[i];
                out.append(eol).append(l.startsWith(original) ? indent + l.substring(original.length()) : l);
            }
            result = out.toString();
        }
        return result;
    }

    private String qualified(String simple) { return names.packageName().isEmpty() ? simple : names.packageName() + "." + simple; }

    private static String simple(String name) { return name.substring(name.lastIndexOf('.') + 1); }

    static String decapitalize(String s) { return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1); }
}
