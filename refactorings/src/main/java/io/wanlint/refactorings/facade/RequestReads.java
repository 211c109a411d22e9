package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithArguments;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.Type;
import io.wanlint.refactorings.facade.UseCaseExtraction.Declared;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The request reads a refused split can take out of the statements that call beans. In a servlet
 * the bean calls take their arguments straight from the request
 * ({@code catalog.getItem(request.getParameter("itemId"))}); such a statement touches the request,
 * so it cannot move to the façade as written. The reads listed in {@link Read} change nothing and
 * read no stream, so the client may make them first, into locals declared just before the moved
 * statements ({@code String itemId = request.getParameter("itemId");}); the statement then only
 * reads a local and moves, the local becoming a parameter of the façade method. A read is hoisted
 * only when it is the statement's last tie to the web tier, its receiver and arguments hold the
 * same values at the start of the moved statements (declared before them and never assigned, or
 * constants), and nothing in the moved statements could change the request or session before it
 * (a {@code setAttribute} ahead of it, or anywhere in a loop around it): otherwise the split's own
 * refusal stands. A cast around the read ({@code (Integer) session.getAttribute("last")}) is made
 * with it, and types the local, when the statement makes it whatever happens (a cast in a branch
 * could fail where the code never made it); an uncast attribute is an {@code Object}, which no
 * façade parameter can be, and is refused with its line. A local declaration in the moved statements initialised by such a read alone
 * ({@code String id = request.getParameter("id");} between two bean calls) moves before them as written.
 */
final class RequestReads {
    /** The request and session accessors that are hoisted: well known, free of side effects, and their value types. */
    private enum Read {
        PARAMETER("getParameter", 1, "String", "parameter", Set.of("ServletRequest", "HttpServletRequest")),
        PARAMETER_VALUES("getParameterValues", 1, "String[]", "parameterValues", Set.of("ServletRequest", "HttpServletRequest")),
        ATTRIBUTE("getAttribute", 1, "Object", "attribute", Set.of("ServletRequest", "HttpServletRequest", "HttpSession")),
        HEADER("getHeader", 1, "String", "header", Set.of("HttpServletRequest")),
        REMOTE_USER("getRemoteUser", 0, "String", "remoteUser", Set.of("HttpServletRequest"));

        final String method;
        final int arity;
        final String type;
        final String defaultName;
        final Set<String> receivers;

        Read(String method, int arity, String type, String defaultName, Set<String> receivers) {
            this.method = method;
            this.arity = arity;
            this.type = type;
            this.defaultName = defaultName;
            this.receivers = receivers;
        }

        static Optional<Read> of(MethodCallExpr c, String receiverType) {
            for (Read r : values()) {
                if (r.method.equals(c.getNameAsString()) && r.arity == c.getArguments().size() && r.receivers.contains(receiverType)) {
                    return Optional.of(r);
                }
            }
            return Optional.empty();
        }
    }

    /** Types of the objects whose state the reads see. */
    private static final Set<String> REQUEST_STATE = Set.of("ServletRequest", "HttpServletRequest", "HttpSession");

    /**
     * Calls on the request or session known not to change what the reads return; any other call on
     * them, or handing them to another method, might ({@code setAttribute}, {@code forward}).
     */
    private static final Set<String> READ_ONLY = Set.of("getParameter", "getParameterValues", "getParameterNames",
            "getParameterMap", "getAttribute", "getAttributeNames", "getHeader", "getHeaders", "getHeaderNames", "getIntHeader",
            "getDateHeader", "getRemoteUser", "getUserPrincipal", "isUserInRole", "getSession", "getContextPath", "getServletPath",
            "getPathInfo", "getRequestURI", "getRequestURL", "getQueryString", "getMethod", "getLocale", "getCookies",
            "getRemoteAddr", "getRemoteHost", "getAuthType", "isSecure", "getScheme", "getServerName", "getServerPort",
            "getContentType", "getCharacterEncoding", "getId", "getCreationTime", "getLastAccessedTime", "isNew");

    /**
     * What the client evaluates first.
     *
     * @param declarations the local declarations to put before the moved statements, in source order
     * @param replaced     what each hoisted read becomes (its local's name) and each moved declaration ({@code ""})
     * @param names        the locals declared
     */
    record Hoisting(List<String> declarations, Map<Node, String> replaced, Set<String> names) {}

    /**
     * One read to hoist, or one declaration to move.
     *
     * @param replaced    the node that the local's name replaces (the read, its cast, or the declaration statement)
     * @param initializer the expression the local is assigned
     * @param type        the local's type as written
     * @param moved       the declaration that moves as written, or null
     * @param read        the accessor called
     */
    private record Site(Node replaced, Expression initializer, String type, ExpressionStmt moved, Read read) {
        String key() { return initializer.toString(); }
    }

    private final UseCaseExtraction extraction;
    private final JavaSource client;
    private final UseCaseExtraction.Range range;
    private final Set<Node> rangeNodes = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Site> sites = new ArrayList<>();
    private final Set<String> taken = new HashSet<>();

    RequestReads(UseCaseExtraction extraction, UseCaseExtraction.Range range) {
        this.extraction = extraction;
        this.client = extraction.client();
        this.range = range;
        rangeNodes.addAll(range.statements());
    }

    /**
     * The reads to hoist, or empty when there is none or one cannot safely move (the split's own
     * refusal then stands).
     *
     * @throws UseCaseExtraction.Refusal when a read that would free a statement returns a value that cannot be sent
     */
    Optional<Hoisting> plan() {
        Set<Node> renderDecls = identitySet();
        for (Statement s : range.statements()) {
            if (!extraction.touchesWeb(s, renderDecls, Set.of())) continue;
            if (UseCaseExtraction.isLoop(s) && extraction.holdsDataSite(s)) {
                loop(s);
                continue;
            }
            if (extraction.holdsDataSite(s) && unit(s, renderDecls)) continue;
            Optional<Site> moved = movableDeclaration(s);
            if (moved.isPresent()) {
                sites.add(moved.get());
                continue;
            }
            if (s instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) renderDecls.addAll(v.getVariables());
        }
        if (sites.isEmpty() || sites.stream().anyMatch(this::overwritten)) return Optional.empty();
        return Optional.of(hoisting());
    }

    /** A loop the split keeps: its header runs in the façade, and its body statements that call beans may read the request. */
    private void loop(Statement s) {
        List<Node> header = new ArrayList<>();
        Statement body;
        if (s instanceof ForStmt f) {
            header.addAll(f.getInitialization());
            f.getCompare().ifPresent(header::add);
            header.addAll(f.getUpdate());
            body = f.getBody();
        } else if (s instanceof ForEachStmt f) {
            header.add(f.getIterable());
            body = f.getBody();
        } else {
            WhileStmt w = (WhileStmt) s;
            header.add(w.getCondition());
            body = w.getBody();
        }
        for (Node x : header) if (extraction.touchesWeb(x, Set.of(), Set.of())) unit(x, Set.of());
        if (!(body instanceof BlockStmt block)) return;
        Set<Node> renderDecls = identitySet();
        for (Statement st : block.getStatements()) {
            if (!extraction.touchesWeb(st, renderDecls, Set.of())) continue;
            if (extraction.holdsDataSite(st) && unit(st, renderDecls)) continue;
            if (st instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v) renderDecls.addAll(v.getVariables());
        }
    }

    /** Hoists the reads of {@code unit} when they are all that ties it to the web tier; whether they are. */
    private boolean unit(Node unit, Set<Node> renderDecls) {
        List<Site> found = new ArrayList<>();
        for (MethodCallExpr c : unit.findAll(MethodCallExpr.class)) read(c, unit).ifPresent(found::add);
        if (found.isEmpty()) return false;
        Set<Node> skipped = identitySet();
        found.forEach(f -> skipped.add(f.replaced()));
        if (extraction.touchesWeb(unit, renderDecls, skipped)) return false;
        for (Site f : found) {
            if (!transferable(f)) {
                throw extraction.refuse(f.initializer(), "`" + client.text(f.initializer()) + "` returns " + f.type()
                        + ", which cannot be sent to a session bean");
            }
        }
        sites.addAll(found);
        return true;
    }

    /** {@code call} as a hoistable read inside {@code unit}: with the cast around it, if any. */
    private Optional<Site> read(MethodCallExpr call, Node unit) {
        if (!(call.getScope().orElse(null) instanceof NameExpr receiver)) return Optional.empty();
        Optional<Declared> d = extraction.declarationOf(receiver);
        if (d.isEmpty() || UseCaseExtraction.insideAny(d.get().node(), rangeNodes) || !neverAssigned(d.get())) return Optional.empty();
        Optional<Read> read = Read.of(call, simple(d.get().type()));
        if (read.isEmpty() || !call.getArguments().stream().allMatch(this::stable)) return Optional.empty();
        Expression initializer = call;
        String type = read.get().type;
        if (call.getParentNode().orElse(null) instanceof CastExpr cast) {
            // A cast may fail: made first, it must be one the statement made whatever happened, outside any try.
            if (!unconditional(cast, unit)) return Optional.empty();
            initializer = cast;
            type = cast.getType().asString();
        }
        Node replaced = initializer.getParentNode().orElse(null) instanceof EnclosedExpr p ? p : initializer;
        // A read in a lambda or local class runs when that code runs, maybe never.
        if (enclosedBy(call, unit, LambdaExpr.class) || enclosedBy(call, unit, LocalClassDeclarationStmt.class)
                || call.findAncestor(ObjectCreationExpr.class).filter(o -> o.getAnonymousClassBody().isPresent()
                && (o == unit || unit.isAncestorOf(o))).isPresent()) {
            return Optional.empty();
        }
        if (!singleLine(replaced)) return Optional.empty();
        return Optional.of(new Site(replaced, initializer, type, null, read.get()));
    }

    /** {@code String id = request.getParameter("id");} in the moved statements, on one line and never reassigned. */
    private Optional<Site> movableDeclaration(Statement s) {
        if (!(s instanceof ExpressionStmt e) || !(e.getExpression() instanceof VariableDeclarationExpr v)
                || v.getVariables().size() != 1 || s.getComment().isPresent() || !singleLine(s)) {
            return Optional.empty();
        }
        VariableDeclarator var = v.getVariables().get(0);
        if (var.getInitializer().isEmpty() || !neverAssigned(new Declared(var.getNameAsString(), var, var.getType()))) return Optional.empty();
        Expression init = var.getInitializer().get();
        MethodCallExpr call = init instanceof CastExpr c && c.getExpression() instanceof MethodCallExpr m ? m
                : init instanceof MethodCallExpr m ? m : null;
        if (call == null) return Optional.empty();
        Optional<Site> read = read(call, s);
        if (read.isEmpty() || read.get().initializer() != init) return Optional.empty();
        return Optional.of(new Site(s, init, var.getType().asString(), e, read.get().read()));
    }

    /** A literal, a constant, or a local declared before the moved statements and never assigned. */
    private boolean stable(Expression a) {
        if (a instanceof LiteralExpr) return true;
        if (a instanceof EnclosedExpr p) return stable(p.getInner());
        if (a instanceof BinaryExpr b) return stable(b.getLeft()) && stable(b.getRight());
        if (a instanceof NameExpr n) {
            Optional<Declared> d = extraction.declarationOf(n);
            if (d.isPresent()) return !UseCaseExtraction.insideAny(d.get().node(), rangeNodes) && neverAssigned(d.get());
            return ownField(n.getNameAsString()).filter(f -> f.isStatic() && f.isFinal()).isPresent();
        }
        if (a instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr owner && extraction.declarationOf(owner).isEmpty()
                && ownField(owner.getNameAsString()).isEmpty()) {
            // A String constant of an application class (JNDI and parameter names kept in an interface).
            return extraction.types().qualify(owner.getNameAsString(), client.unit())
                    .flatMap(q -> extraction.types().constantString(q, f.getNameAsString())).isPresent();
        }
        return false;
    }

    private Optional<FieldDeclaration> ownField(String name) {
        return extraction.method().findAncestor(ClassOrInterfaceDeclaration.class).flatMap(t -> t.getFieldByName(name));
    }

    private boolean neverAssigned(Declared d) {
        for (AssignExpr a : extraction.method().findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr n && refersTo(n, d)) return false;
        }
        for (UnaryExpr u : extraction.method().findAll(UnaryExpr.class)) {
            if (u.getExpression() instanceof NameExpr n && u.getOperator() != UnaryExpr.Operator.MINUS
                    && u.getOperator() != UnaryExpr.Operator.PLUS && u.getOperator() != UnaryExpr.Operator.LOGICAL_COMPLEMENT
                    && u.getOperator() != UnaryExpr.Operator.BITWISE_COMPLEMENT && refersTo(n, d)) {
                return false;
            }
        }
        return true;
    }

    private boolean refersTo(NameExpr n, Declared d) {
        return n.getNameAsString().equals(d.name()) && extraction.declarationOf(n).map(x -> x.node() == d.node()).orElse(false);
    }

    /** Whether the value can be a façade parameter: the read's type, or the type it is cast to. */
    private boolean transferable(Site s) {
        if (s.type().equals("String") || s.type().equals("String[]")) return true;
        if (!(s.initializer() instanceof CastExpr cast)) return false;
        Type t = cast.getType().isArrayType() ? cast.getType().asArrayType().getElementType() : cast.getType();
        return extraction.types().resolve(t, client.unit()).map(r -> extraction.types().transferable(r.qualified())).orElse(false);
    }

    // ---- what could change the request first ----

    /** Whether the moved statements might change the request or session before the read is made. */
    private boolean overwritten(Site site) {
        for (Statement s : range.statements()) {
            for (Node w : writes(s)) {
                if (client.begin(w) < client.begin(site.replaced()) || inSameLoop(w, site.replaced())) return true;
            }
        }
        return false;
    }

    private List<Node> writes(Statement s) {
        List<Node> out = new ArrayList<>();
        for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) {
            if (c.getScope().isPresent() && requestState(c.getScope().get()) && !READ_ONLY.contains(c.getNameAsString())) out.add(c);
            else if (handsOn(c)) out.add(c);
        }
        for (ObjectCreationExpr o : s.findAll(ObjectCreationExpr.class)) if (handsOn(o)) out.add(o);
        return out;
    }

    /** A call that passes the request or session to other code, which might change it. */
    private boolean handsOn(NodeWithArguments<?> call) {
        return call.getArguments().stream().anyMatch(this::requestState);
    }

    /** The request or session itself: a variable of that type, or {@code request.getSession()}. */
    private boolean requestState(Expression e) {
        if (e instanceof EnclosedExpr p) return requestState(p.getInner());
        if (e instanceof NameExpr n) return extraction.declarationOf(n).map(d -> REQUEST_STATE.contains(simple(d.type()))).orElse(false);
        return e instanceof MethodCallExpr m && m.getNameAsString().equals("getSession") && m.getScope().map(this::requestState).orElse(false);
    }

    /** Whether a loop among the moved statements holds both: its next iteration reads after this one's write. */
    private boolean inSameLoop(Node write, Node read) {
        if (rangeNodes.contains(read)) return false;
        for (Node up = read.getParentNode().orElse(null); up != null; up = up.getParentNode().orElse(null)) {
            if (isAnyLoop(up) && up.isAncestorOf(write)) return true;
            if (rangeNodes.contains(up)) return false;
        }
        return false;
    }

    private static boolean isAnyLoop(Node n) {
        return n instanceof WhileStmt || n instanceof ForStmt || n instanceof ForEachStmt || n instanceof DoStmt;
    }

    // ---- the locals ----

    private Hoisting hoisting() {
        taken.addAll(extraction.declaredNames());
        extraction.method().findAll(SimpleName.class).forEach(n -> taken.add(n.getIdentifier()));
        extraction.method().findAncestor(ClassOrInterfaceDeclaration.class).ifPresent(t -> t.getFields()
                .forEach(f -> f.getVariables().forEach(v -> taken.add(v.getNameAsString()))));
        sites.sort(Comparator.comparingInt(s -> client.begin(s.replaced())));
        // Moved declarations keep their names; a read written the same way reuses the variable.
        Map<String, String> byKey = new HashMap<>();
        Map<String, String> typeByKey = new HashMap<>();
        for (Site s : sites) {
            if (s.moved() != null) {
                String name = ((VariableDeclarationExpr) s.moved().getExpression()).getVariables().get(0).getNameAsString();
                byKey.putIfAbsent(s.key(), name);
                typeByKey.putIfAbsent(s.key(), s.type());
            }
        }
        List<String> declarations = new ArrayList<>();
        Map<Node, String> replaced = new IdentityHashMap<>();
        Set<String> names = new LinkedHashSet<>();
        for (Site s : sites) {
            if (s.moved() != null) {
                declarations.add(client.text(s.moved()));
                replaced.put(s.replaced(), "");
                names.add(byKey.get(s.key()));
                continue;
            }
            String name = byKey.get(s.key());
            if (name == null || !typeByKey.get(s.key()).equals(s.type())) {
                name = fresh(wanted(s));
                byKey.put(s.key(), name);
                typeByKey.put(s.key(), s.type());
                declarations.add(s.type() + " " + name + " = " + client.text(s.initializer()) + ";");
            }
            replaced.put(s.replaced(), name);
            names.add(name);
        }
        return new Hoisting(List.copyOf(declarations), replaced, names);
    }

    /** The parameter's name from its string literal or constant ({@code "itemId"}, {@code PARAM_ITEM_ID}), else the accessor's. */
    private static String wanted(Site s) {
        MethodCallExpr call = s.initializer() instanceof CastExpr c ? (MethodCallExpr) c.getExpression() : (MethodCallExpr) s.initializer();
        if (call.getArguments().size() == 1) {
            Expression a = call.getArgument(0);
            Optional<String> named = a instanceof StringLiteralExpr l ? identifier(l.getValue())
                    : a instanceof FieldAccessExpr f ? identifier(f.getNameAsString())
                    : a instanceof NameExpr n && n.getNameAsString().equals(n.getNameAsString().toUpperCase(java.util.Locale.ROOT))
                    ? identifier(n.getNameAsString()) : Optional.empty();
            if (named.isPresent()) return named.get();
        }
        return s.read().defaultName;
    }

    /** A lower camel case Java name from words separated by anything else ({@code item_id}, {@code User-Agent}, {@code ITEM_ID}). */
    static Optional<String> identifier(String words) {
        boolean constant = words.equals(words.toUpperCase(java.util.Locale.ROOT));
        StringBuilder out = new StringBuilder();
        for (String part : words.split("[^A-Za-z0-9]+")) {
            if (part.isEmpty()) continue;
            String p = constant ? part.toLowerCase(java.util.Locale.ROOT) : part;
            out.append(out.length() == 0 ? Character.toLowerCase(p.charAt(0)) : Character.toUpperCase(p.charAt(0))).append(p.substring(1));
        }
        String name = out.toString();
        return name.isEmpty() || !SourceVersion.isName(name) ? Optional.empty() : Optional.of(name);
    }

    private String fresh(String wanted) { return UseCaseExtraction.fresh(List.of(wanted), taken); }

    private static String simple(Type t) {
        String s = t.asString();
        return s.substring(s.lastIndexOf('.') + 1);
    }

    private static boolean singleLine(Node n) {
        return n.getBegin().isPresent() && n.getEnd().isPresent() && n.getBegin().get().line == n.getEnd().get().line;
    }

    /**
     * Whether {@code unit} evaluates {@code n} each time it runs, outside any try: not in a branch,
     * a loop's body or condition, the right of {@code &&} or {@code ||}, a switch, or a try or catch.
     */
    private static boolean unconditional(Node n, Node unit) {
        Node child = n;
        for (Node up = n.getParentNode().orElse(null); up != null; child = up, up = up.getParentNode().orElse(null)) {
            boolean conditional = up instanceof IfStmt i && i.getCondition() != child
                    || up instanceof ConditionalExpr c && c.getCondition() != child
                    || up instanceof BinaryExpr b && b.getRight() == child
                    && (b.getOperator() == BinaryExpr.Operator.AND || b.getOperator() == BinaryExpr.Operator.OR)
                    || up instanceof ForEachStmt f && f.getIterable() != child
                    || up instanceof ForStmt f && !f.getInitialization().contains(child)
                    || up instanceof WhileStmt || up instanceof DoStmt || up instanceof SwitchStmt || up instanceof SwitchExpr
                    || up instanceof TryStmt || up instanceof CatchClause || up instanceof LambdaExpr;
            if (conditional) return false;
            if (up == unit) return true;
        }
        return true;
    }

    /** Whether a node of {@code kind} lies between {@code n} and {@code unit} (inclusive of {@code unit}). */
    private static boolean enclosedBy(Node n, Node unit, Class<? extends Node> kind) {
        for (Node up = n.getParentNode().orElse(null); up != null; up = up.getParentNode().orElse(null)) {
            if (kind.isInstance(up)) return true;
            if (up == unit) return false;
        }
        return false;
    }

    private static Set<Node> identitySet() { return Collections.newSetFromMap(new IdentityHashMap<>()); }
}
