package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.ApiCallClassifier.Classification;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;
import io.wanlint.analyzer.callgraph.ReceiverTypes.Receiver;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns one call site into call-graph edges: EJB views as a container dispatches them, API calls
 * through {@link ApiCallClassifier}, stub interfaces ({@code java.rmi.Remote}) as RMI or SOAP, and
 * application calls by class-hierarchy analysis. Unknown API calls make no edge.
 */
final class CallSiteResolver {

    /** Where the call is: the calling method, its class and component, and the file's counters. */
    record Site(MethodRef from, TypeInfo owner, Node callable, Component component, ReceiverTypes.FileStats stats) {}


    private final AppTypes types;
    private final ReceiverTypes receivers;
    private final JpaEntities jpa;
    private final ComponentModel model;
    private final JndiNames jndi;
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();
    private final VirtualDispatch<TypeInfo, MethodInfo> dispatch;
    private final ContainerDispatch<TypeInfo, MethodInfo> container;
    private final CallSiteAssembler<TypeInfo, MethodInfo> assembler;
    private final SourceConstants constants;
    private final boolean ejbViewsOutsideSources;

    CallSiteResolver(AppTypes types, ReceiverTypes receivers, ComponentModel model, Instantiation instantiation) {
        this.types = types;
        this.receivers = receivers;
        this.model = model;
        this.jndi = new JndiNames(types, model);
        this.constants = new SourceConstants(types);
        this.jpa = new JpaEntities(types, receivers, model);
        EntityStateWrites entityWrites = new EntityStateWrites(types);
        this.dispatch = new VirtualDispatch<>(types, t -> instantiation.mayRun(types, t));
        this.container = new ContainerDispatch<>(types);
        this.assembler = new CallSiteAssembler<>(types, model, instantiation,
                (bean, site) -> entityWrites.changesState(bean, site.callee().name(), site.callee().arity()),
                CallSiteAssembler.Forwarders.none(), types::loadClass, types::binaryName);
        this.ejbViewsOutsideSources = model.components().stream()
                .flatMap(c -> c.interfaces().all().stream()).anyMatch(i -> types.type(i).isEmpty());
    }

    /** The constant expressions of the source, for the code they make dead. */
    SourceConstants constants() { return constants; }

    /** Whether a call of this name can yield an edge at all; lets the builder skip resolving the rest. */
    private boolean mayMatter(String name) {
        return classifier.mayClassify(name) || types.declaresMethodNamed(name) || ejbViewsOutsideSources
                || name.startsWith("create") || name.startsWith("find") || name.equals("remove");
    }

    List<CallEdge> resolve(MethodCallExpr call, Site site) {
        String name = call.getNameAsString();
        if (EntityStateWrites.COLLECTION_MUTATORS.contains(name)) {
            Optional<CallEdge> write = relationshipWrite(call, site);
            if (write.isPresent()) return List.of(write.get());
        }
        if (!mayMatter(name)) return List.of();
        int argc = call.getArguments().size();
        Receiver r = receivers.receiverOf(call, site.stats());
        Optional<String> type = r.type().filter(types::isKnown);
        if (type.isEmpty()) return byName(call, name, argc, r, site, r.type().filter(types::isLibraryOffClasspath));
        return assembler.edges(callSite(call, site, CallSite.Kind.CALL, type.get(), ProgramView.Callee.byArity(name, argc),
                r.form(), new SourceSyntax(call, site)));
    }

    List<CallEdge> resolve(ObjectCreationExpr creation, Site site) {
        int argc = creation.getArguments().size();
        Optional<String> type = types.resolveTypeName(creation.getType().getNameWithScope(), creation);
        if (type.isEmpty()) return List.of();
        Optional<TypeInfo> app = types.type(type.get());
        if (app.isPresent() && creation.getAnonymousClassBody().isPresent() && app.get().isInterface()) return List.of();
        if (app.isEmpty() && !types.isKnown(type.get())) return List.of();
        return assembler.edges(callSite(creation, site, CallSite.Kind.CONSTRUCTION, type.get(),
                ProgramView.Callee.byArity("<init>", argc), ReceiverForm.STATIC, CallSite.Syntax.NONE));
    }

    /** {@code super(…)} / {@code this(…)} in a constructor: a direct call of the other constructor. */
    List<CallEdge> resolve(ExplicitConstructorInvocationStmt call, Site site) {
        TypeInfo target = call.isThis() ? site.owner()
                : site.owner().superclass == null ? null : types.type(site.owner().superclass).orElse(null);
        if (target == null) return List.of();
        return assembler.edges(callSite(call, site, CallSite.Kind.CONSTRUCTION, target.fqn,
                ProgramView.Callee.byArity("<init>", call.getArguments().size()), ReceiverForm.SUPER, CallSite.Syntax.NONE));
    }

    /**
     * A method reference ({@code items.forEach(this::price)}): a call of every application method
     * of that name on the referenced type, per element when handed to an iterating operation.
     */
    List<CallEdge> resolve(MethodReferenceExpr ref, Site site) {
        String name = ref.getIdentifier();
        if (name.equals("new") || !types.declaresMethodNamed(name)) return List.of();
        Expression scope = ref.getScope();
        Optional<String> type;
        ReceiverForm form = ReceiverForm.VALUE;
        if (scope instanceof ThisExpr) {
            type = receivers.enclosingType(ref);
            form = ReceiverForm.THIS;
        } else if (scope instanceof TypeExpr te) {
            type = types.resolveTypeName(te.getType().asString(), ref);
            form = ReceiverForm.STATIC;
        } else {
            type = receivers.typeOf(scope, site.stats());
        }
        Optional<TypeInfo> ti = type.flatMap(types::type);
        if (ti.isEmpty()) return List.of();
        List<CallEdge> out = new ArrayList<>();
        Set<Integer> arities = new java.util.TreeSet<>();
        for (String t : types.selfAndAncestors(ti.get().fqn)) {
            types.type(t).ifPresent(x -> x.named(name).forEach(m -> arities.add(m.arity)));
        }
        for (int arity : arities) {
            out.addAll(assembler.edges(callSite(ref, site, CallSite.Kind.METHOD_REFERENCE, ti.get().fqn,
                    ProgramView.Callee.byArity(name, arity), form, CallSite.Syntax.NONE)));
        }
        return out;
    }

    /**
     * {@code player.getTeams().remove(team)}: a change of a relationship (or element) collection obtained
     * through an entity's getter is a write of that entity (CMR collections of CMP 2.x beans, JPA
     * collections the flush writes). The edge goes to the getter, with {@link CallOp#ENTITY_UPDATE} and
     * the entity as target. Inside the entity's own methods ({@code this.getTeams().add(t)}) the
     * enclosing method is the update ({@link EntityStateWrites}), so no edge is added there.
     */
    private Optional<CallEdge> relationshipWrite(MethodCallExpr call, Site site) {
        if (!(call.getScope().orElse(null) instanceof MethodCallExpr getter) || !getter.getArguments().isEmpty()
                || !getter.getNameAsString().startsWith("get") || getter.getScope().isEmpty()
                || getter.getScope().get() instanceof ThisExpr) {
            return Optional.empty();
        }
        Optional<String> owner = receivers.receiverOf(getter, site.stats()).type().filter(types::isKnown);
        if (owner.isEmpty()) return Optional.empty();
        String name = getter.getNameAsString();
        Optional<Component> jpaEntity = model.byClass(owner.get()).filter(c -> c.kind() == ComponentKind.JPA_ENTITY);
        if (jpaEntity.isPresent()) {
            if (site.owner().fqn.equals(owner.get())) return Optional.empty();
            Optional<TypeInfo> ti = types.type(owner.get());
            MethodRef to = ti.flatMap(t -> types.findInHierarchy(t, name, 0)).map(m -> m.ref).orElseGet(() -> assembler.libraryRef(owner.get(), name, 0));
            return Optional.of(edge(site, call, to, EdgeKind.LOCAL, CallOp.ENTITY_UPDATE, jpaEntity.get().name()));
        }
        Optional<EjbViews.ViewCall> view = EjbViews.of(model, owner.get(), types.selfAndAncestors(owner.get()), name, site.owner().fqn);
        if (view.isEmpty() || view.get().bean() == null || !view.get().entity() || view.get().op() != CallOp.ENTITY_GET) {
            return Optional.empty();
        }
        MethodRef to = container.beanMethod(view.get().bean(), ProgramView.Callee.byArity(name, 0), view.get().home(), CallOp.ENTITY_GET)
                .orElseGet(() -> interfaceMethod(owner.get(), name, 0));
        return Optional.of(edge(site, call, to, view.get().kind(), CallOp.ENTITY_UPDATE, view.get().bean().name()));
    }

    /** The interface's own declaration of a method (the graph node when the bean has no code for it). */
    private MethodRef interfaceMethod(String type, String name, int argc) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isPresent()) {
            Optional<MethodInfo> m = types.findInHierarchy(ti.get(), name, argc);
            if (m.isPresent()) return m.get().ref;
        }
        return assembler.libraryRef(type, name, argc);
    }

    /**
     * A JAX-RPC / JAX-WS port rather than an RMI stub: the interface or the calling unit uses the web
     * services APIs, or the receiver came from {@code getPort}/{@code getXxxPort()}.
     */
    private boolean isWebServicePort(String type, MethodCallExpr call, Site site) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isPresent()) {
            if (ti.get().signatureDecl().getAnnotations().stream().anyMatch(a -> a.getNameAsString().endsWith("WebService"))) return true;
            if (importsWebServices(ti.get().signatureUnit())) return true;
        }
        if (importsWebServices(site.owner().unit())) return true;
        if (call.getScope().orElse(null) instanceof NameExpr n) {
            for (VariableDeclarator d : site.callable().findAll(VariableDeclarator.class)) {
                if (d.getNameAsString().equals(n.getNameAsString()) && d.getInitializer().isPresent()
                        && d.getInitializer().get().findAll(MethodCallExpr.class).stream().anyMatch(
                                m -> m.getNameAsString().startsWith("get") && m.getNameAsString().endsWith("Port"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean importsWebServices(com.github.javaparser.ast.CompilationUnit unit) {
        return unit.getImports().stream().map(i -> i.getNameAsString()).anyMatch(n -> n.startsWith("javax.xml.rpc")
                || n.startsWith("javax.xml.ws") || n.startsWith("jakarta.xml.ws") || n.startsWith("org.apache.axis"));
    }

    // ---------------------------------------------------------------- URL connections

    /** Where the URL {@code call}'s receiver holds points; HTTP when the code casts the connection to an HTTP one. */
    private UrlProtocols.Reach urlReach(MethodCallExpr call, Site site) {
        UrlProtocols.Reach reach = call.getScope().map(s -> urlReach(s, site, 0)).orElse(UrlProtocols.Reach.UNKNOWN);
        if (reach == UrlProtocols.Reach.UNKNOWN && castToHttpConnection(call, site)) reach = UrlProtocols.Reach.NETWORK;
        return reach;
    }

    /** Where the URL an expression denotes points: from its constructor's constant, a resource lookup, or its variable. */
    private UrlProtocols.Reach urlReach(Expression e, Site site, int depth) {
        if (depth > 6) return UrlProtocols.Reach.UNKNOWN;
        if (e instanceof com.github.javaparser.ast.expr.EnclosedExpr en) return urlReach(en.getInner(), site, depth + 1);
        if (e instanceof com.github.javaparser.ast.expr.CastExpr ce) return urlReach(ce.getExpression(), site, depth + 1);
        if (e instanceof ObjectCreationExpr o && o.getType().getNameAsString().equals("URL")) {
            List<Expression> args = o.getArguments();
            if (args.size() == 1) return leadingConstant(args.get(0)).map(UrlProtocols::ofSpec).orElse(UrlProtocols.Reach.UNKNOWN);
            if (args.size() == 2) {
                // new URL(context, spec): an absolute spec decides, else the context's protocol.
                UrlProtocols.Reach spec = leadingConstant(args.get(1)).map(UrlProtocols::ofSpec).orElse(UrlProtocols.Reach.UNKNOWN);
                return spec != UrlProtocols.Reach.UNKNOWN ? spec : urlReach(args.get(0), site, depth + 1);
            }
            // new URL(protocol, host, [port,] file)
            return leadingConstant(args.get(0)).map(UrlProtocols::ofProtocol).orElse(UrlProtocols.Reach.UNKNOWN);
        }
        if (e instanceof MethodCallExpr m) {
            if (UrlProtocols.RESOURCE_CALLS.contains(m.getNameAsString())) return UrlProtocols.Reach.LOCAL;
            if (m.getNameAsString().equals("toURL") && m.getScope().orElse(null) instanceof MethodCallExpr inner
                    && UrlProtocols.FILE_URI_CALLS.contains(inner.getNameAsString())) {
                return UrlProtocols.Reach.LOCAL;
            }
            return UrlProtocols.Reach.UNKNOWN;
        }
        if (e instanceof NameExpr n) {
            Optional<UrlProtocols.Reach> reach = Optional.empty();
            boolean declared = false;
            for (VariableDeclarator d : site.callable().findAll(VariableDeclarator.class)) {
                if (!d.getNameAsString().equals(n.getNameAsString())) continue;
                declared = true;
                if (d.getInitializer().isPresent() && !d.getInitializer().get().isNullLiteralExpr()) {
                    reach = Optional.of(UrlProtocols.join(reach, urlReach(d.getInitializer().get(), site, depth + 1)));
                }
            }
            for (com.github.javaparser.ast.expr.AssignExpr a : site.callable().findAll(com.github.javaparser.ast.expr.AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(n.getNameAsString())
                        && !a.getValue().isNullLiteralExpr()) {
                    reach = Optional.of(UrlProtocols.join(reach, urlReach(a.getValue(), site, depth + 1)));
                }
            }
            if (declared) return reach.orElse(UrlProtocols.Reach.UNKNOWN);
            // A final field with an initialiser.
            for (com.github.javaparser.ast.body.FieldDeclaration f : site.owner().signatureDecl().getFields()) {
                if (!f.isFinal()) continue;
                for (VariableDeclarator v : f.getVariables()) {
                    if (v.getNameAsString().equals(n.getNameAsString()) && v.getInitializer().isPresent()) {
                        return urlReach(v.getInitializer().get(), site, depth + 1);
                    }
                }
            }
        }
        return UrlProtocols.Reach.UNKNOWN;
    }

    /**
     * {@code (HttpURLConnection) url.openConnection()}, or the variable holding the connection cast so
     * later: the code itself says the protocol is HTTP.
     */
    private static boolean castToHttpConnection(MethodCallExpr call, Site site) {
        Node n = call.getParentNode().orElse(null);
        while (n instanceof com.github.javaparser.ast.expr.EnclosedExpr) n = n.getParentNode().orElse(null);
        if (n instanceof com.github.javaparser.ast.expr.CastExpr c) return UrlProtocols.isHttpConnectionType(c.getType().asString());
        String held = n instanceof VariableDeclarator d ? d.getNameAsString()
                : n instanceof com.github.javaparser.ast.expr.AssignExpr a && a.getTarget() instanceof NameExpr t ? t.getNameAsString() : null;
        if (held == null) return false;
        return site.callable().findAll(com.github.javaparser.ast.expr.CastExpr.class).stream()
                .anyMatch(c -> c.getExpression() instanceof NameExpr v && v.getNameAsString().equals(held)
                        && UrlProtocols.isHttpConnectionType(c.getType().asString()));
    }

    /** The constant beginning of a string expression ({@code "http://" + host}), when it has one. */
    private Optional<String> leadingConstant(Expression e) {
        Optional<String> whole = jndi.constantValue(e);
        if (whole.isPresent()) return whole;
        if (e instanceof com.github.javaparser.ast.expr.BinaryExpr b && b.getOperator() == com.github.javaparser.ast.expr.BinaryExpr.Operator.PLUS) {
            return leadingConstant(b.getLeft());
        }
        return Optional.empty();
    }

    // ---------------------------------------------------------------- call sites

    /** {@link VirtualDispatch} by arity (the source's argument types are not always known). */
    List<MethodInfo> dispatch(TypeInfo receiver, String name, int argc, ReceiverForm form) {
        return dispatch.targets(receiver, ProgramView.Callee.byArity(name, argc), form);
    }

    /**
     * The neutral record of a call site of the source. Whether it runs once per instance (an
     * initialiser, a cache check) is marked on its edges afterwards, only for the calls that made one.
     */
    private static CallSite callSite(Node at, Site site, CallSite.Kind kind, String type, ProgramView.Callee callee,
                                     ReceiverForm form, CallSite.Syntax syntax) {
        return new CallSite(site.from(), site.owner().fqn, site.component(), kind, type, callee, null, form,
                new SourcePlace(at, site), false, 0, syntax);
    }

    /**
     * Where a source call is, worked out on first use: most call sites the assembler sees make no edge
     * (a library call nothing classifies), and walking up the tree for loops and branches is not free.
     */
    private static final class SourcePlace implements CallSite.Place {
        private final Node at;
        private final Site site;
        private int loopDepth = -1;
        private List<io.wanlint.analyzer.api.BranchArm> branches;

        SourcePlace(Node at, Site site) {
            this.at = at;
            this.site = site;
        }

        @Override public SourceLocation location() {
            return new SourceLocation(site.owner().file, at.getBegin().map(p -> p.line).orElse(0));
        }

        @Override public int loopDepth() {
            if (loopDepth < 0) loopDepth = CallSiteShape.loopDepth(at, site.callable());
            return loopDepth;
        }

        @Override public List<io.wanlint.analyzer.api.BranchArm> branches() {
            if (branches == null) branches = CallSiteShape.branches(at, site.callable());
            return branches;
        }
    }

    /** The source's answers about one method call, read off its syntax tree when the assembler asks. */
    private final class SourceSyntax implements CallSite.Syntax {
        private final MethodCallExpr call;
        private final Site site;

        SourceSyntax(MethodCallExpr call, Site site) {
            this.call = call;
            this.site = site;
        }

        @Override public Optional<String> constantString(int index) {
            return index < call.getArguments().size() ? jndi.constantValue(call.getArgument(index)) : Optional.empty();
        }

        @Override public UrlProtocols.Reach urlReach() { return CallSiteResolver.this.urlReach(call, site); }

        @Override public boolean webServicePort(String type) { return isWebServicePort(type, call, site); }

        @Override public Optional<String> jpaEntity(CallOp op) { return jpa.entityOf(call, op, site.stats()); }

        @Override public boolean passesLockMode() {
            for (Expression a : call.getArguments()) {
                String text = a.toString();
                if (text.startsWith("LockModeType.") || text.contains(".LockModeType.")) return true;
                if (a instanceof NameExpr n && LOCK_MODES.contains(n.getNameAsString())) return true;
            }
            return false;
        }
    }

    /** The {@code LockModeType} constants, as a static import names them. */
    private static final Set<String> LOCK_MODES = Set.of("PESSIMISTIC_WRITE", "PESSIMISTIC_READ", "PESSIMISTIC_FORCE_INCREMENT",
            "OPTIMISTIC_FORCE_INCREMENT");

    // ---------------------------------------------------------------- unknown receivers

    /**
     * Best effort when the receiver's type is unknown: an API op by name, or the one app method of that
     * name. When the receiver's type is known to be a library type missing from the classpath
     * ({@code CollectionUtils.find}, a Hibernate 2 {@code Session.save}), the callee is that library's
     * method, never an application method that happens to share its name: it stays an unresolved
     * library call, counted in the file's diagnostic.
     */
    private List<CallEdge> byName(MethodCallExpr call, String name, int argc, Receiver r, Site site, Optional<String> library) {
        site.stats().unresolved(call, r.written() + "." + name + "(…)");
        Optional<Classification> api = classifier.classifyByName(name);
        if (api.isPresent()) {
            site.stats().byName++;
            String type = classifier.typicalDeclaringType(name).orElse("java.lang.Object");
            return List.of(edge(site, call, new MethodRef(type, name, List.of()), api.get().kind(), api.get().op(), null));
        }
        if (library.isPresent()) {
            site.stats().libraryCall(library.get() + "." + name + "(…)");
            return List.of();
        }
        List<MethodInfo> candidates = types.methodsNamed(name).stream().filter(m -> m.accepts(argc) && !m.isAbstract).toList();
        if (candidates.size() == 1) {
            site.stats().byName++;
            return List.of(edge(site, call, candidates.get(0).ref, EdgeKind.LOCAL, CallOp.INVOKE, null));
        }
        return List.of();
    }

    // ---------------------------------------------------------------- session state (WAN010)

    private static final Set<String> HTTP_SESSIONS = Set.of("javax.servlet.http.HttpSession", "jakarta.servlet.http.HttpSession");
    private static final Set<String> SERIALIZABLE = Set.of("java.io.Serializable", "java.io.Externalizable");

    /**
     * {@code session.setAttribute(name, value)} / {@code putValue} whose value's static type is an
     * application class that is not serializable; empty for every other call.
     */
    Optional<SourceFacts.SessionStateValue> sessionPut(MethodCallExpr call, Site site) {
        String name = call.getNameAsString();
        if (!(name.equals("setAttribute") || name.equals("putValue")) || call.getArguments().size() != 2) return Optional.empty();
        Receiver r = receivers.receiverOf(call, site.stats());
        if (r.type().isEmpty() || types.selfAndAncestors(r.type().get()).stream().noneMatch(HTTP_SESSIONS::contains)) {
            return Optional.empty();
        }
        Optional<String> valueType = receivers.typeOf(call.getArgument(1), site.stats()).filter(this::notSerializable);
        if (valueType.isEmpty()) return Optional.empty();
        String attribute = call.getArgument(0).isStringLiteralExpr() ? call.getArgument(0).asStringLiteralExpr().getValue() : "";
        int line = call.getBegin().map(p -> p.line).orElse(0);
        return Optional.of(new SourceFacts.SessionStateValue(SourceFacts.Holder.HTTP_SESSION, site.from().className(),
                site.from(), attribute, valueType.get(), new SourceLocation(site.owner().file, line)));
    }

    /** Non-static, non-transient fields of stateful session beans whose declared type is not serializable. */
    List<SourceFacts.SessionStateValue> statefulBeanFields(ComponentModel components,
                                                           java.util.function.Predicate<TypeInfo> which) {
        List<SourceFacts.SessionStateValue> out = new ArrayList<>();
        for (Component c : components.components()) {
            if (c.kind() != ComponentKind.STATEFUL_SESSION || c.className() == null) continue;
            Optional<TypeInfo> bean = types.type(c.className());
            if (bean.isEmpty() || !which.test(bean.get())) continue;
            for (com.github.javaparser.ast.body.FieldDeclaration f : bean.get().signatureDecl().getFields()) {
                if (f.isStatic() || f.isTransient()) continue;
                for (VariableDeclarator v : f.getVariables()) {
                    String type = types.erasure(v.getType(), v);
                    if (!notSerializable(type)) continue;
                    int line = v.getBegin().map(p -> p.line).orElse(0);
                    out.add(new SourceFacts.SessionStateValue(SourceFacts.Holder.STATEFUL_BEAN_FIELD, bean.get().graphName,
                            null, v.getNameAsString(), type, new SourceLocation(bean.get().file, line)));
                }
            }
        }
        return out;
    }

    /**
     * An application class (not an interface: the object behind one may well be serializable)
     * none of whose supertypes is {@code Serializable}/{@code Externalizable}, and all of whose
     * supertypes are known, so that a library superclass cannot hide serializability.
     */
    private boolean notSerializable(String fqn) {
        Optional<TypeInfo> t = types.type(fqn);
        if (t.isEmpty() || t.get().isInterface() || t.get().isEnum) {
            return false;
        }
        for (String s : types.selfAndAncestors(fqn)) {
            if (SERIALIZABLE.contains(s)) return false;
            if (types.type(s).isEmpty() && !s.equals("java.lang.Object") && types.loadClass(s).isEmpty()) return false;
        }
        return true;
    }

    // ---------------------------------------------------------------- helpers

    /** An edge the source alone makes (a relationship write, a call bound by name), placed as the assembler places its own. */
    private static CallEdge edge(Site site, Node at, MethodRef to, EdgeKind kind, CallOp op, String targetComponent) {
        CallSite s = callSite(at, site, CallSite.Kind.CALL, to.className(),
                ProgramView.Callee.byArity(to.name(), to.parameterTypes().size()), ReceiverForm.VALUE, CallSite.Syntax.NONE);
        return CallSiteAssembler.edge(s, to, kind, op, targetComponent);
    }

}
