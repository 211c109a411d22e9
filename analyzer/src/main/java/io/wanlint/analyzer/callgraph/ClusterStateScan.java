package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The source front end's facts about state a cluster keeps per node or replicates only when told
 * (WAN011–WAN014): bean and static field writes, servlet-context and session attributes, timers and
 * start-up methods ({@link StateKind}). Read from each type's own code, syntactically apart from the
 * declared types of fields and variables; a reference the scan cannot tie to a field (a name a local
 * variable shadows, another class's field) is not a fact, so the rules built on these miss rather
 * than guess.
 */
final class ClusterStateScan {
    private static final Set<String> COLLECTION_MUTATORS = Set.of("add", "addAll", "put", "putAll", "putIfAbsent",
            "remove", "removeAll", "retainAll", "removeIf", "clear", "set", "addElement", "removeElement",
            "removeElementAt", "insertElementAt", "setElementAt", "removeAllElements", "push", "pop", "offer", "poll",
            "compute", "computeIfAbsent", "computeIfPresent", "merge", "replace", "replaceAll", "setProperty",
            "addFirst", "addLast", "removeFirst", "removeLast", "sort");
    private static final Set<String> ATOMIC_MUTATORS = Set.of("set", "lazySet", "getAndSet", "incrementAndGet",
            "getAndIncrement", "decrementAndGet", "getAndDecrement", "addAndGet", "getAndAdd", "compareAndSet",
            "updateAndGet", "getAndUpdate", "accumulateAndGet", "getAndAccumulate", "increment", "add", "reset");
    private static final Set<String> SESSION_TYPES = Set.of("javax.servlet.http.HttpSession", "jakarta.servlet.http.HttpSession", "HttpSession");
    private static final Set<String> CONTEXT_TYPES = Set.of("javax.servlet.ServletContext", "jakarta.servlet.ServletContext", "ServletContext");

    private final AppTypes types;
    private final ComponentModel components;
    /** The bodies the call-graph scan already walked, by callable ({@link CallableNodes}). */
    private final Map<Node, CallableNodes> walked;

    private ClusterStateScan(AppTypes types, ComponentModel components, Map<Node, CallableNodes> walked) {
        this.types = types;
        this.components = components;
        this.walked = walked;
    }

    /** The facts of the given types' code, type by type in the given order. */
    static List<StateFact> of(AppTypes types, ComponentModel components, Collection<TypeInfo> which) {
        return of(types, components, which, Map.of());
    }

    /**
     * As {@link #of(AppTypes, ComponentModel, Collection)}, reading a body's calls, creations and declared names
     * from {@code walked} where the call-graph scan of the same file collected them (a body not there is walked).
     */
    static List<StateFact> of(AppTypes types, ComponentModel components, Collection<TypeInfo> which,
                              Map<Node, CallableNodes> walked) {
        ClusterStateScan scan = new ClusterStateScan(types, components, walked);
        List<StateFact> out = new ArrayList<>();
        for (TypeInfo t : which) {
            if (t.isInterface) continue;
            try {
                scan.scanType(t, out);
            } catch (RuntimeException e) {
                // a construct the scan does not expect costs this type its facts, never the analysis
            }
        }
        return out;
    }

    private void scanType(TypeInfo t, List<StateFact> out) {
        TypeDeclaration<?> decl = t.decl();
        if (decl == null) return;
        Component c = components.byClass(t.fqn).or(() -> components.byClass(t.graphName)).orElse(null);
        ComponentKind kind = c == null ? null : c.kind();
        boolean bean = kind == ComponentKind.STATEFUL_SESSION || kind == ComponentKind.SINGLETON_SESSION;
        Map<String, String> instanceFields = new LinkedHashMap<>();
        Map<String, String> staticFields = new LinkedHashMap<>();
        for (FieldDeclaration f : decl.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                String type = types.erasure(v.getType(), v);
                if (f.isStatic()) {
                    if (!f.isFinal() || mutableHolder(type)) staticFields.put(v.getNameAsString(), type);
                } else if (bean && !f.isTransient()) {
                    instanceFields.put(v.getNameAsString(), type);
                }
            }
        }
        boolean startupSingleton = kind == ComponentKind.SINGLETON_SESSION && annotated(decl.getAnnotations(), "Startup");
        Map<String, List<StateFact>> staticReads = new LinkedHashMap<>();
        Set<String> staticWritten = new HashSet<>();
        for (BodyDeclaration<?> member : decl.getMembers()) {
            if (!(member instanceof CallableDeclaration<?> callable)) continue;
            if (member instanceof MethodDeclaration md && md.getBody().isEmpty()) continue;
            Optional<MethodInfo> info = types.methodOf(callable);
            if (info.isEmpty()) continue;
            MethodRef ref = info.get().ref;
            Body body = new Body(t, callable, ref);
            if (bean && !(member instanceof ConstructorDeclaration)) {
                body.fieldWrites(instanceFields, StateKind.BEAN_FIELD_WRITE, out);
            }
            int before = out.size();
            body.fieldWrites(staticFields, StateKind.STATIC_FIELD_WRITE, out);
            for (int i = before; i < out.size(); i++) staticWritten.add(out.get(i).member());
            body.staticReads(staticFields, staticReads);
            body.contextAttributes(out);
            body.sessionMutations(out);
            body.sessionAttributeWrites(out);
            body.timers(out);
            if (kind != null && kind.isSession()) body.guardedCalls(out);
            if (member instanceof MethodDeclaration md) {
                String name = md.getNameAsString();
                int arity = md.getParameters().size();
                boolean startup = name.equals("contextInitialized") && arity == 1
                        || name.equals("init") && arity <= 1 && kind == ComponentKind.SERVLET
                        || startupSingleton && annotated(md.getAnnotations(), "PostConstruct");
                if (startup) out.add(body.fact(StateKind.STARTUP, name, "", name + "()", md));
                boolean afterCompletion = kind == ComponentKind.STATEFUL_SESSION
                        && (name.equals("afterCompletion") && arity == 1 || annotated(md.getAnnotations(), "AfterCompletion"));
                if (afterCompletion) out.add(body.fact(StateKind.AFTER_COMPLETION, t.graphName, "", name + "(…)", md));
            }
        }
        // A stateful bean synchronised by a superclass's afterCompletion: the method, not its writes.
        if (kind == ComponentKind.STATEFUL_SESSION && out.stream().noneMatch(f -> f.kind() == StateKind.AFTER_COMPLETION
                && f.method().className().equals(t.graphName))) {
            boolean synchronised = types.selfAndAncestors(t.fqn).stream().anyMatch(s -> s.endsWith(".SessionSynchronization"));
            Optional<MethodInfo> inherited = types.concreteInClassChain(t, "afterCompletion", 1);
            if (synchronised && inherited.isPresent()) {
                out.add(new StateFact(StateKind.AFTER_COMPLETION, inherited.get().ref, t.graphName, "",
                        "afterCompletion(…)", new SourceLocation(inherited.get().owner.file, inherited.get().line), 0));
            }
        }
        for (Map.Entry<String, List<StateFact>> read : staticReads.entrySet()) {
            if (staticWritten.contains(read.getKey())) out.addAll(read.getValue());
        }
    }

    /** Collections, maps and atomic values: a {@code static final} one is still mutable through calls. */
    private static boolean mutableHolder(String type) {
        if (type.startsWith("java.util.concurrent.atomic.")) return true;
        if (!type.startsWith("java.util.")) return false;
        String simple = type.substring(type.lastIndexOf('.') + 1);
        return simple.endsWith("List") || simple.endsWith("Map") || simple.endsWith("Set") || simple.endsWith("Collection")
                || simple.equals("Vector") || simple.equals("Hashtable") || simple.equals("Stack") || simple.equals("Properties")
                || simple.endsWith("Queue") || simple.endsWith("Deque");
    }

    private static boolean annotated(List<AnnotationExpr> annotations, String simpleName) {
        for (AnnotationExpr a : annotations) {
            String n = a.getNameAsString();
            if (n.equals(simpleName) || n.endsWith("." + simpleName)) return true;
        }
        return false;
    }

    private static int line(Node n) { return n.getBegin().map(p -> p.line).orElse(0); }

    private static Expression unwrap(Expression e) {
        while (true) {
            if (e instanceof CastExpr c) e = c.getExpression();
            else if (e instanceof EnclosedExpr p) e = p.getInner();
            else return e;
        }
    }

    /** One method's or constructor's code. */
    private final class Body {
        final TypeInfo owner;
        final CallableDeclaration<?> callable;
        final MethodRef ref;
        /** Names declared in the body (parameters, locals, lambda parameters): they hide fields. */
        final Set<String> locals = new HashSet<>();
        /** The body's method calls and instance creations in preorder, collected once for the several questions that read them. */
        private final List<MethodCallExpr> calls;
        private final List<ObjectCreationExpr> creations;

        Body(TypeInfo owner, CallableDeclaration<?> callable, MethodRef ref) {
            this.owner = owner;
            this.callable = callable;
            this.ref = ref;
            // One walk for the declarations (a lambda's parameters are parameters the walk meets too) and the calls,
            // the call-graph scan's when it made one.
            CallableNodes nodes = walked.get(callable);
            if (nodes == null) nodes = CallableNodes.of(callable);
            locals.addAll(nodes.declaredNames());
            List<ObjectCreationExpr> creations = new ArrayList<>();
            for (Node site : nodes.sites()) if (site instanceof ObjectCreationExpr c) creations.add(c);
            this.calls = java.util.Collections.unmodifiableList(nodes.calls());
            this.creations = java.util.Collections.unmodifiableList(creations);
        }

        StateFact fact(StateKind kind, String member, String type, String what, Node at) {
            return fact(kind, member, type, what, at, 0);
        }

        StateFact fact(StateKind kind, String member, String type, String what, Node at, int related) {
            return new StateFact(kind, ref, member, type, what, new SourceLocation(owner.file, line(at)), related);
        }

        /** The field of {@code fields} that {@code e} names: {@code f}, {@code this.f}, {@code Owner.f}. */
        Optional<String> field(Expression e, Map<String, String> fields) {
            if (e instanceof NameExpr n) {
                String name = n.getNameAsString();
                return fields.containsKey(name) && !locals.contains(name) ? Optional.of(name) : Optional.empty();
            }
            if (e instanceof FieldAccessExpr fa && fields.containsKey(fa.getNameAsString())) {
                Expression scope = fa.getScope();
                if (scope instanceof ThisExpr t && t.getTypeName().isEmpty()) return Optional.of(fa.getNameAsString());
                String simple = owner.fqn.substring(owner.fqn.lastIndexOf('.') + 1);
                if (scope instanceof NameExpr n && n.getNameAsString().equals(simple)) return Optional.of(fa.getNameAsString());
            }
            return Optional.empty();
        }

        void fieldWrites(Map<String, String> fields, StateKind kind, List<StateFact> out) {
            if (fields.isEmpty()) return;
            Set<String> seen = new HashSet<>();
            PreorderWalk.forEach(callable, n -> {
                String field = null;
                String what = null;
                if (n instanceof AssignExpr a) {
                    field = field(a.getTarget(), fields).orElse(null);
                    if (field != null && lazyInitialisation(a, field)) field = null;
                    if (field != null) what = field + " " + a.getOperator().asString() + " …";
                } else if (n instanceof UnaryExpr u && (u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT || u.getOperator() == UnaryExpr.Operator.POSTFIX_DECREMENT
                            || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) {
                    field = field(u.getExpression(), fields).orElse(null);
                    if (field != null) what = u.toString();
                } else if (n instanceof MethodCallExpr call && call.getScope().isPresent()) {
                    field = field(call.getScope().get(), fields).orElse(null);
                    if (field != null && !mutates(fields.get(field), call.getNameAsString())) field = null;
                    if (field != null) what = field + "." + call.getNameAsString() + "(…)";
                }
                // A round-robin index (COUNTER.getAndIncrement() % n, next = (next + 1) % n) only spreads this
                // node's own calls: each node cycling on its own is all it is for.
                if (field != null && kind == StateKind.STATIC_FIELD_WRITE && roundRobin(n)) field = null;
                // Set up with another field made once: if (config == null) { defaults = …; config = …; }
                if (field != null && kind == StateKind.STATIC_FIELD_WRITE && underOnceGuard(n, fields)) field = null;
                // Recorded when a class is missing from the deployment: the same answer on every node.
                if (field != null && kind == StateKind.STATIC_FIELD_WRITE && whenAClassIsMissing(n)) field = null;
                if (field != null && seen.add(field + "@" + line(n))) {
                    int whenMissing = n instanceof MethodCallExpr ? whenMissingLine(n, field) : 0;
                    out.add(fact(kind, field, fields.get(field), what, n, whenMissing));
                }
            });
        }

        /**
         * Inside {@code if (g == null)} (or {@code null == g}) whose then-branch assigns {@code g}, a
         * static field of this class: a block that runs once per JVM, alike on every node.
         */
        private boolean underOnceGuard(Node n, Map<String, String> fields) {
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (!(p instanceof IfStmt i) || !i.getThenStmt().isAncestorOf(n)) continue;
                if (!(unwrap(i.getCondition()) instanceof BinaryExpr b) || b.getOperator() != BinaryExpr.Operator.EQUALS) continue;
                Expression other = b.getLeft().isNullLiteralExpr() ? b.getRight() : b.getRight().isNullLiteralExpr() ? b.getLeft() : null;
                Optional<String> guard = other == null ? Optional.empty() : field(unwrap(other), fields);
                if (guard.isEmpty()) continue;
                for (AssignExpr a : i.getThenStmt().findAll(AssignExpr.class)) {
                    if (a.getOperator() == AssignExpr.Operator.ASSIGN && field(a.getTarget(), fields).equals(guard)) return true;
                }
            }
            return false;
        }

        /** Inside {@code catch (ClassNotFoundException | NoClassDefFoundError …)}: what the deployment ships. */
        private boolean whenAClassIsMissing(Node n) {
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof com.github.javaparser.ast.stmt.CatchClause c
                        && c.getParameter().getType().findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class).stream()
                        .anyMatch(t -> t.getNameAsString().equals("ClassNotFoundException") || t.getNameAsString().equals("NoClassDefFoundError"))) {
                    return true;
                }
            }
            return false;
        }

        /** A write whose value is only used modulo something: {@code c.getAndIncrement() % n}, {@code i = (i + 1) % n}. */
        private static boolean roundRobin(Node n) {
            if (n instanceof AssignExpr a) {
                return a.getOperator() == AssignExpr.Operator.ASSIGN && unwrap(a.getValue()) instanceof BinaryExpr b
                        && b.getOperator() == BinaryExpr.Operator.REMAINDER;
            }
            Node at = n;
            while (at.getParentNode().orElse(null) instanceof EnclosedExpr e) at = e;
            Node parent = at.getParentNode().orElse(null);
            if (parent instanceof BinaryExpr b) return b.getOperator() == BinaryExpr.Operator.REMAINDER && b.getLeft() == at;
            return parent instanceof MethodCallExpr m && m.getNameAsString().equals("floorMod") && m.getArguments().size() == 2
                    && m.getArgument(0) == at;
        }

        /**
         * The line of the check that makes the node run only when something is missing, or 0: an
         * {@code if (… == null)} or {@code if (field.isEmpty())}/{@code if (field.size() == 0)} whose
         * then-branch holds it, or an earlier {@code if (… != null) return …} (what was found is
         * returned, so the code after runs only when it was missing).
         */
        private int whenMissingLine(Node n, String field) {
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof IfStmt i && i.getThenStmt().isAncestorOf(n)) {
                    for (BinaryExpr b : i.getCondition().findAll(BinaryExpr.class)) {
                        if (b.getOperator() == BinaryExpr.Operator.EQUALS
                                && (b.getLeft().isNullLiteralExpr() || b.getRight().isNullLiteralExpr())) return line(i);
                    }
                    if (emptinessOf(i.getCondition(), field)) return line(i);
                }
            }
            return returnsWhenFound(n, field, false);
        }

        /** {@code field.isEmpty()} or {@code field.size() == 0} in the condition. */
        private static boolean emptinessOf(Expression condition, String field) {
            for (MethodCallExpr c : condition.findAll(MethodCallExpr.class)) {
                if (c.getScope().isEmpty() || !names(unwrap(c.getScope().get()).toString(), field)) continue;
                if (c.getNameAsString().equals("isEmpty")) return true;
                if (c.getNameAsString().equals("size") && c.getParentNode().orElse(null) instanceof BinaryExpr b
                        && b.getOperator() == BinaryExpr.Operator.EQUALS && (b.getLeft().toString().equals("0") || b.getRight().toString().equals("0"))) return true;
            }
            return false;
        }

        private static boolean names(String expr, String field) { return expr.equals(field) || expr.endsWith("." + field); }

        /**
         * The line of an {@code if (x != null) return …} before the node, in a block enclosing it, or 0;
         * with {@code fieldItself}, only when {@code x} is the field.
         */
        private int returnsWhenFound(Node n, String field, boolean fieldItself) {
            Node inner = n;
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; inner = p, p = p.getParentNode().orElse(null)) {
                if (!(p instanceof BlockStmt block)) continue;
                for (Statement st : block.getStatements()) {
                    if (st == inner || st.isAncestorOf(n)) break;
                    if (!(st instanceof IfStmt i) || !returns(i.getThenStmt())) continue;
                    for (BinaryExpr b : i.getCondition().findAll(BinaryExpr.class)) {
                        if (b.getOperator() != BinaryExpr.Operator.NOT_EQUALS) continue;
                        String l = unwrap(b.getLeft()).toString();
                        String r = unwrap(b.getRight()).toString();
                        boolean onField = names(l, field) || names(r, field);
                        if ((l.equals("null") || r.equals("null")) && (onField || !fieldItself)) return line(i);
                    }
                }
            }
            return 0;
        }

        private static boolean returns(Statement then) {
            if (then instanceof ReturnStmt) return true;
            return then instanceof BlockStmt b && !b.getStatements().isEmpty() && b.getStatements().getLast().orElseThrow() instanceof ReturnStmt;
        }

        /**
         * {@code if (f == null) f = …}, or {@code if (f != null) return f;} before {@code f = …}: made once per
         * node, the same everywhere, not state that diverges.
         */
        private boolean lazyInitialisation(AssignExpr a, String field) {
            if (a.getOperator() != AssignExpr.Operator.ASSIGN) return false;
            for (Node p = a.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof IfStmt i) {
                    for (BinaryExpr b : i.getCondition().findAll(BinaryExpr.class)) {
                        if (b.getOperator() != BinaryExpr.Operator.EQUALS) continue;
                        String l = unwrap(b.getLeft()).toString();
                        String r = unwrap(b.getRight()).toString();
                        boolean names = l.equals(field) || l.endsWith("." + field) || r.equals(field) || r.endsWith("." + field);
                        if (names && (l.equals("null") || r.equals("null"))) return true;
                    }
                }
            }
            return returnsWhenFound(a, field, true) > 0;
        }

        private boolean mutates(String type, String method) {
            if (type.startsWith("java.util.concurrent.atomic.")) return ATOMIC_MUTATORS.contains(method);
            return mutableHolder(type) && COLLECTION_MUTATORS.contains(method);
        }

        void staticReads(Map<String, String> fields, Map<String, List<StateFact>> reads) {
            if (fields.isEmpty()) return;
            Set<String> seen = new HashSet<>();
            for (Expression e : callable.findAll(Expression.class, x -> x instanceof NameExpr || x instanceof FieldAccessExpr)) {
                Optional<String> f = field(e, fields);
                if (f.isEmpty() || !seen.add(f.get())) continue;
                if (partOfWrite(e, fields.get(f.get()))) {
                    seen.remove(f.get());
                    continue;
                }
                reads.computeIfAbsent(f.get(), k -> new ArrayList<>())
                        .add(fact(StateKind.STATIC_FIELD_READ, f.get(), fields.get(f.get()), f.get(), e));
            }
        }

        /** The field reference is the written side of a write ({@code f = …}, {@code f++}, {@code f.put(…)}), not a read. */
        private boolean partOfWrite(Expression e, String type) {
            Node parent = e.getParentNode().orElse(null);
            if (parent instanceof AssignExpr a && a.getTarget() == e) return true;
            if (parent instanceof UnaryExpr u && (u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.POSTFIX_DECREMENT || u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                    || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT)) return true;
            return parent instanceof MethodCallExpr call && call.getScope().orElse(null) == e && mutates(type, call.getNameAsString());
        }

        /** The declared type of a name in this body, or of the owner's field of that name; empty when neither declares it. */
        Optional<String> declaredType(String name) {
            for (Parameter p : callable.findAll(Parameter.class)) {
                if (p.getNameAsString().equals(name)) return Optional.of(types.erasure(p.getType(), p));
            }
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name)) return Optional.of(types.erasure(v.getType(), v));
            }
            TypeDeclaration<?> d = owner.decl();
            for (FieldDeclaration f : d.getFields()) {
                for (VariableDeclarator v : f.getVariables()) {
                    if (v.getNameAsString().equals(name)) return Optional.of(types.erasure(v.getType(), v));
                }
            }
            return Optional.empty();
        }

        /** An expression denoting an object of one of {@code typeNames}; {@code implicit} is the JSP page's implicit variable. */
        boolean denotes(Expression e, Set<String> typeNames, String getter, String implicit) {
            e = unwrap(e);
            if (e instanceof MethodCallExpr m) return m.getNameAsString().equals(getter);
            if (e instanceof NameExpr n) {
                Optional<String> t = declaredType(n.getNameAsString());
                if (t.isPresent()) return typeNames.contains(t.get());
                return n.getNameAsString().equals(implicit) && owner.graphName.startsWith("jsp:");
            }
            return false;
        }

        void contextAttributes(List<StateFact> out) {
            for (MethodCallExpr call : calls) {
                String name = call.getNameAsString();
                boolean write = (name.equals("setAttribute") && call.getArguments().size() == 2)
                        || (name.equals("removeAttribute") && call.getArguments().size() == 1);
                boolean read = name.equals("getAttribute") && call.getArguments().size() == 1;
                if (!(write || read) || call.getScope().isEmpty()) continue;
                if (!denotes(call.getScope().get(), CONTEXT_TYPES, "getServletContext", "application")) continue;
                if (write && underNullCheck(call)) continue;
                String attribute = attributeName(call.getArgument(0));
                out.add(fact(write ? StateKind.CONTEXT_ATTRIBUTE_WRITE : StateKind.CONTEXT_ATTRIBUTE_READ, attribute, "",
                        "ServletContext." + name + "(" + (call.getArgument(0).isStringLiteralExpr() ? "\"" + attribute + "\"" : attribute)
                                + (write && name.equals("setAttribute") ? ", …" : "") + ")", call));
            }
        }

        /** Every change of an HTTP session's attributes, with the loops around it (replication messages). */
        void sessionAttributeWrites(List<StateFact> out) {
            for (MethodCallExpr call : calls) {
                String name = call.getNameAsString();
                boolean write = ((name.equals("setAttribute") || name.equals("putValue")) && call.getArguments().size() == 2)
                        || ((name.equals("removeAttribute") || name.equals("removeValue")) && call.getArguments().size() == 1);
                if (!write || call.getScope().isEmpty()) continue;
                if (!denotes(call.getScope().get(), SESSION_TYPES, "getSession", "session")) continue;
                String attribute = attributeName(call.getArgument(0));
                out.add(fact(StateKind.SESSION_ATTRIBUTE_WRITE, attribute, "", "HttpSession." + name + "("
                        + (call.getArgument(0).isStringLiteralExpr() ? "\"" + attribute + "\"" : attribute)
                        + (call.getArguments().size() == 2 ? ", …" : "") + ")", call, loopsAround(call)));
            }
        }

        /** Loops ({@code for}, {@code while}, {@code do}, a lambda passed to {@code forEach}) enclosing {@code n} in this body. */
        private int loopsAround(Node n) {
            int loops = 0;
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof com.github.javaparser.ast.stmt.ForStmt || p instanceof com.github.javaparser.ast.stmt.ForEachStmt
                        || p instanceof com.github.javaparser.ast.stmt.WhileStmt || p instanceof com.github.javaparser.ast.stmt.DoStmt) {
                    loops++;
                } else if (p instanceof com.github.javaparser.ast.expr.LambdaExpr l && l.getParentNode().orElse(null) instanceof MethodCallExpr m
                        && m.getNameAsString().equals("forEach")) {
                    loops++;
                }
            }
            return loops;
        }

        /** Inside {@code if (x == null)}: an attribute made once when missing, alike on every node. */
        private boolean underNullCheck(Node n) {
            for (Node p = n.getParentNode().orElse(null); p != null && p != callable; p = p.getParentNode().orElse(null)) {
                if (p instanceof IfStmt i && i.getThenStmt().isAncestorOf(n)) {
                    for (BinaryExpr b : i.getCondition().findAll(BinaryExpr.class)) {
                        if (b.getOperator() == BinaryExpr.Operator.EQUALS
                                && (b.getLeft().isNullLiteralExpr() || b.getRight().isNullLiteralExpr())) return true;
                    }
                }
            }
            return false;
        }

        private static String attributeName(Expression e) {
            return e.isStringLiteralExpr() ? e.asStringLiteralExpr().getValue() : e.toString();
        }

        void sessionMutations(List<StateFact> out) {
            for (MethodCallExpr read : calls) {
                String name = read.getNameAsString();
                if (!(name.equals("getAttribute") || name.equals("getValue")) || read.getArguments().size() != 1) continue;
                if (read.getScope().isEmpty() || !denotes(read.getScope().get(), SESSION_TYPES, "getSession", "session")) continue;
                String variable = assignedVariable(read);
                if (variable == null) continue;
                String attribute = attributeName(read.getArgument(0));
                sessionValue(read, variable, attribute).ifPresent(out::add);
            }
        }

        /** The local variable a session read initialises or is assigned to (through casts), or null. */
        private String assignedVariable(MethodCallExpr read) {
            Node n = read;
            while (n.getParentNode().orElse(null) instanceof Expression p && (p instanceof CastExpr || p instanceof EnclosedExpr)) n = p;
            Node parent = n.getParentNode().orElse(null);
            if (parent instanceof VariableDeclarator v && v.getInitializer().orElse(null) == n) return v.getNameAsString();
            if (parent instanceof AssignExpr a && a.getValue() == n && a.getTarget() instanceof NameExpr t
                    && locals.contains(t.getNameAsString())) return t.getNameAsString();
            return null;
        }

        private Optional<StateFact> sessionValue(MethodCallExpr read, String variable, String attribute) {
            // Every value the variable holds is the attribute's: read from it, or stored into it in this body.
            List<Expression> assigned = new ArrayList<>();
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(variable)) v.getInitializer().ifPresent(assigned::add);
            }
            for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(variable)) assigned.add(a.getValue());
            }
            List<MethodCallExpr> stores = new ArrayList<>();
            for (MethodCallExpr call : calls) {
                String n = call.getNameAsString();
                if ((n.equals("setAttribute") || n.equals("putValue")) && call.getArguments().size() == 2
                        && attributeName(call.getArgument(0)).equals(attribute)
                        && unwrap(call.getArgument(1)) instanceof NameExpr v && v.getNameAsString().equals(variable)) {
                    stores.add(call);
                }
            }
            for (Expression value : assigned) {
                Expression u = unwrap(value);
                boolean sameRead = u instanceof MethodCallExpr m && (m.getNameAsString().equals("getAttribute") || m.getNameAsString().equals("getValue"))
                        && m.getArguments().size() == 1 && attributeName(m.getArgument(0)).equals(attribute);
                if (!sameRead && stores.isEmpty()) return Optional.empty();
            }
            Optional<String> type = declaredType(variable);
            if (type.isEmpty()) return Optional.empty();
            int readLine = line(read);
            Node lastMutation = null;
            String what = null;
            for (Node n : callable.findAll(Node.class, x -> x instanceof MethodCallExpr || x instanceof AssignExpr)) {
                if (line(n) < readLine) continue;
                String mutation = mutationOf(n, variable, type.get());
                if (mutation != null) {
                    lastMutation = n;
                    what = mutation;
                }
            }
            if (lastMutation == null) return Optional.empty();
            int mutationEnd = lastMutation.getEnd().map(p -> p.line).orElse(0);
            for (MethodCallExpr store : stores) if (line(store) >= mutationEnd) return Optional.empty();
            return Optional.of(fact(StateKind.SESSION_VALUE_MUTATED, attribute, type.get(), what, lastMutation, readLine));
        }

        /** How {@code n} mutates the object {@code variable} holds, or null when it does not (provably). */
        private String mutationOf(Node n, String variable, String type) {
            if (n instanceof AssignExpr a && a.getTarget() instanceof FieldAccessExpr fa
                    && fa.getScope() instanceof NameExpr s && s.getNameAsString().equals(variable)) {
                return variable + "." + fa.getNameAsString() + " = …";
            }
            if (!(n instanceof MethodCallExpr call) || call.getScope().isEmpty()) return null;
            if (!(unwrap(call.getScope().get()) instanceof NameExpr s) || !s.getNameAsString().equals(variable)) return null;
            String method = call.getNameAsString();
            if (mutates(type, method)) return variable + "." + method + "(…)";
            // an initialisation every request runs again (a page's useBean then initialize(request)) rebuilds on any node
            if (method.equals("initialize") || method.equals("init")) return null;
            Optional<TypeInfo> app = types.byGraphName(type).or(() -> types.type(type));
            if (app.isEmpty()) return null;
            Optional<MethodInfo> m = types.concreteInClassChain(app.get(), method, call.getArguments().size());
            if (m.isEmpty() || m.get().isStatic || m.get().decl() == null) return null;
            return writesOwnFields(m.get()) ? variable + "." + method + "(…)" : null;
        }

        /** Whether an application method assigns or mutates a field of its own object in its own body. */
        private boolean writesOwnFields(MethodInfo m) {
            TypeDeclaration<?> d = m.owner.decl();
            Map<String, String> fields = new LinkedHashMap<>();
            for (FieldDeclaration f : d.getFields()) {
                if (f.isStatic()) continue;
                for (VariableDeclarator v : f.getVariables()) fields.put(v.getNameAsString(), types.erasure(v.getType(), v));
            }
            if (fields.isEmpty()) return false;
            Body body = new Body(m.owner, m.decl(), m.ref);
            List<StateFact> writes = new ArrayList<>();
            body.fieldWrites(fields, StateKind.BEAN_FIELD_WRITE, writes);
            return !writes.isEmpty();
        }

        /** Calls made only under a condition of this body: in an if, a switch, a ?: or a catch. */
        void guardedCalls(List<StateFact> out) {
            for (MethodCallExpr call : calls) {
                Node child = call;
                for (Node p = call.getParentNode().orElse(null); p != null && p != callable; child = p, p = p.getParentNode().orElse(null)) {
                    if (p instanceof LambdaExpr) break;
                    // In the condition exactly when the condition is the node this walk came up through (a
                    // search of the condition's subtree, isAncestorOf, was this scan's largest item).
                    boolean guarded = p instanceof IfStmt i && i.getCondition() != child
                            || p instanceof com.github.javaparser.ast.expr.ConditionalExpr
                            || p instanceof com.github.javaparser.ast.stmt.SwitchStmt
                            || p instanceof com.github.javaparser.ast.stmt.CatchClause;
                    if (guarded) {
                        out.add(fact(StateKind.GUARDED_CALL, call.getNameAsString(), "", "", call));
                        break;
                    }
                }
            }
        }

        /**
         * Whether every task this method schedules works on {@code AsyncContext}s: it completes the
         * asynchronous requests this node holds, which only this node can, so every node runs its own.
         */
        private boolean completesItsNodesAsyncRequests() {
            List<MethodCallExpr> scheduled = calls.stream()
                    .filter(c -> c.getNameAsString().startsWith("schedule") && !c.getArguments().isEmpty()).toList();
            if (scheduled.isEmpty()) return false;
            for (MethodCallExpr c : scheduled) {
                if (!(c.getArgument(0) instanceof LambdaExpr task) || task.findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class)
                        .stream().noneMatch(t -> t.getNameAsString().equals("AsyncContext"))) {
                    return false;
                }
            }
            return true;
        }

        void timers(List<StateFact> out) {
            if (callable instanceof MethodDeclaration md) {
                for (AnnotationExpr a : md.getAnnotations()) {
                    for (AnnotationExpr schedule : a.findAll(AnnotationExpr.class)) {
                        String n = schedule.getNameAsString();
                        if (!(n.equals("Schedule") || n.endsWith(".Schedule"))) continue;
                        if (schedule instanceof NormalAnnotationExpr normal && normal.getPairs().stream().anyMatch(p ->
                                p.getNameAsString().equals("persistent") && p.getValue() instanceof BooleanLiteralExpr b && !b.getValue())) {
                            out.add(fact(StateKind.TIMER, "@Schedule(persistent = false)", "", "@Schedule(persistent = false)", schedule));
                        }
                    }
                }
            }
            for (ObjectCreationExpr creation : creations) {
                String type = types.erasure(creation.getType(), creation);
                if (type.equals("java.util.Timer")) {
                    out.add(fact(StateKind.TIMER, "java.util.Timer", type, "new Timer(…)", creation));
                } else if (type.equals("java.util.concurrent.ScheduledThreadPoolExecutor")) {
                    out.add(fact(StateKind.TIMER, "ScheduledExecutorService", type, "new ScheduledThreadPoolExecutor(…)", creation));
                } else if (type.endsWith("TimerConfig") && creation.getArguments().size() == 2
                        && creation.getArgument(1) instanceof BooleanLiteralExpr b && !b.getValue()) {
                    out.add(fact(StateKind.TIMER, "TimerConfig(persistent = false)", type, "new TimerConfig(…, false)", creation));
                }
            }
            for (MethodCallExpr call : calls) {
                String n = call.getNameAsString();
                // The scope is printed only for the two names it matters for (printing every call's scope was costly).
                if ((n.equals("newScheduledThreadPool") || n.equals("newSingleThreadScheduledExecutor"))
                        && call.getScope().map(s -> s.toString().endsWith("Executors")).orElse(false)
                        && !completesItsNodesAsyncRequests()) {
                    out.add(fact(StateKind.TIMER, "ScheduledExecutorService", "java.util.concurrent.ScheduledExecutorService",
                            "Executors." + n + "(…)", call));
                } else if (n.equals("setPersistent") && call.getArguments().size() == 1
                        && call.getArgument(0) instanceof BooleanLiteralExpr b && !b.getValue()) {
                    out.add(fact(StateKind.TIMER, "TimerConfig(persistent = false)", "", call + "", call));
                }
            }
        }
    }
}
