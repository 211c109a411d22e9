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
    private final EntityStateWrites entityWrites;
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();
    private final VirtualDispatch<TypeInfo, MethodInfo> dispatch;
    private final ContainerDispatch<TypeInfo, MethodInfo> container;
    private final boolean ejbViewsOutsideSources;

    CallSiteResolver(AppTypes types, ReceiverTypes receivers, ComponentModel model, Instantiation instantiation) {
        this.types = types;
        this.receivers = receivers;
        this.model = model;
        this.jndi = new JndiNames(types, model);
        this.jpa = new JpaEntities(types, receivers, model);
        this.entityWrites = new EntityStateWrites(types);
        this.dispatch = new VirtualDispatch<>(types, t -> instantiation.mayRun(types, t));
        this.container = new ContainerDispatch<>(types);
        this.ejbViewsOutsideSources = model.components().stream()
                .flatMap(c -> c.interfaces().all().stream()).anyMatch(i -> types.type(i).isEmpty());
    }

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
        String t = type.get();
        List<String> lineage = types.selfAndAncestors(t);
        boolean local = isSelfCall(r.form(), t, name, argc);

        Optional<List<CallEdge>> ejb = local ? Optional.empty() : ejbCall(call, t, lineage, name, argc, site);
        if (ejb.isPresent()) return ejb.get();

        Optional<Classification> api = classifier.classifyAny(lineage, name, argc);
        if (api.isPresent() && UrlProtocols.isUrlConnection(t) && api.get().op() == CallOp.HTTP_REQUEST) {
            return urlConnection(call, t, name, argc, api.get(), site);
        }
        if (api.isPresent()) return List.of(apiEdge(call, t, name, argc, api.get(), site));
        if (local) return appCall(call, t, name, argc, r.form(), site);

        if (lineage.contains("java.rmi.Remote") && !implementedInApplication(t, call, site)) {
            Classification stub = classifier.remoteStubCall(isWebServicePort(t, call, site));
            return List.of(edge(site, call, interfaceMethod(t, name, argc), stub.kind(), stub.op(), null));
        }
        Optional<List<CallEdge>> parent = parentInterfaceCall(call, t, name, argc, site);
        if (parent.isPresent()) return parent.get();
        return appCall(call, t, name, argc, r.form(), site);
    }

    /**
     * A call the object makes on itself ({@code this.m()}, {@code m()}, {@code super.m()}), a static
     * call, or a call of a private method: a plain Java call inside the instance. No container proxy
     * stands between caller and callee, so it is never an EJB (or RMI stub) call and no transaction
     * attribute of the callee applies.
     */
    private boolean isSelfCall(ReceiverForm form, String type, String name, int argc) {
        if (form == ReceiverForm.THIS || form == ReceiverForm.SUPER || form == ReceiverForm.STATIC) return true;
        return types.type(type).flatMap(ti -> types.findInHierarchy(ti, name, argc)).map(m -> m.isPrivate).orElse(false);
    }

    List<CallEdge> resolve(ObjectCreationExpr creation, Site site) {
        int argc = creation.getArguments().size();
        Optional<String> type = types.resolveTypeName(creation.getType().getNameWithScope(), creation);
        if (type.isEmpty()) return List.of();
        Optional<TypeInfo> app = types.type(type.get());
        if (app.isPresent()) {
            if (creation.getAnonymousClassBody().isPresent() && app.get().isInterface()) return List.of();
            Optional<MethodInfo> ctor = app.get().methods("<init>", argc).stream().findFirst();
            return ctor.map(m -> List.of(edge(site, creation, m.ref, EdgeKind.LOCAL, CallOp.INVOKE, null))).orElse(List.of());
        }
        if (!types.isKnown(type.get())) return List.of();
        return classifier.classifyAny(types.selfAndAncestors(type.get()), "<init>", argc)
                .map(c -> List.of(edge(site, creation, apiRef(type.get(), "<init>", argc), c.kind(), c.op(), null)))
                .orElse(List.of());
    }

    /** {@code super(…)} / {@code this(…)} in a constructor: a direct call of the other constructor. */
    List<CallEdge> resolve(ExplicitConstructorInvocationStmt call, Site site) {
        TypeInfo target = call.isThis() ? site.owner()
                : site.owner().superclass == null ? null : types.type(site.owner().superclass).orElse(null);
        if (target == null) return List.of();
        return target.methods("<init>", call.getArguments().size()).stream().findFirst()
                .map(m -> List.of(edge(site, call, m.ref, EdgeKind.LOCAL, CallOp.INVOKE, null))).orElse(List.of());
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
            for (MethodInfo m : dispatch(ti.get(), name, arity, form)) {
                out.add(edge(site, ref, m.ref, EdgeKind.LOCAL, CallOp.INVOKE, null));
            }
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
            MethodRef to = ti.flatMap(t -> types.findInHierarchy(t, name, 0)).map(m -> m.ref).orElseGet(() -> apiRef(owner.get(), name, 0));
            return Optional.of(edge(site, call, to, EdgeKind.LOCAL, CallOp.ENTITY_UPDATE, jpaEntity.get().name()));
        }
        Optional<EjbViews.ViewCall> view = EjbViews.of(model, owner.get(), types.selfAndAncestors(owner.get()), name, site.owner().fqn);
        if (view.isEmpty() || view.get().bean() == null || !view.get().entity() || view.get().op() != CallOp.ENTITY_GET) {
            return Optional.empty();
        }
        MethodRef to = beanMethod(view.get().bean(), view.get().view(), name, 0, view.get().home(), CallOp.ENTITY_GET)
                .orElseGet(() -> interfaceMethod(owner.get(), name, 0));
        return Optional.of(edge(site, call, to, view.get().kind(), CallOp.ENTITY_UPDATE, view.get().bean().name()));
    }

    // ---------------------------------------------------------------- EJB views

    private Optional<List<CallEdge>> ejbCall(MethodCallExpr call, String type, List<String> lineage, String name, int argc,
                                             Site site) {
        Optional<EjbViews.ViewCall> found = EjbViews.of(model, type, lineage, name, site.owner().fqn);
        if (found.isEmpty()) return Optional.empty();
        EjbViews.ViewCall v = found.get();
        if (v.bean() == null) {
            return Optional.of(List.of(edge(site, call, interfaceMethod(type, name, argc), v.kind(), v.op(), null)));
        }
        CallOp op = v.op();
        // A business method whose code changes the bean's state is an update of the entity.
        if (v.entity() && op == CallOp.BUSINESS_METHOD && entityWrites.changesState(v.bean().className(), name, argc)) {
            op = CallOp.ENTITY_UPDATE;
        }
        MethodRef target = beanMethod(v.bean(), v.view(), name, argc, v.home(), op).orElseGet(() -> interfaceMethod(type, name, argc));
        return Optional.of(List.of(edge(site, call, target, v.kind(), op, v.bean().name())));
    }

    /** {@link EjbViews#throughParentInterface}: a call on an interface only session beans' views extend. */
    private Optional<List<CallEdge>> parentInterfaceCall(MethodCallExpr call, String type, String name, int argc, Site site) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isEmpty() || !ti.get().isInterface()) return Optional.empty();
        List<String> implementations = container.concreteImplementations(type);
        List<EjbViews.ViewCall> views = EjbViews.throughParentInterface(model, type, name, implementations, site.owner().fqn,
                types::selfAndAncestors);
        if (views.isEmpty()) return Optional.empty();
        List<CallEdge> out = new ArrayList<>();
        for (EjbViews.ViewCall v : views) {
            MethodRef target = beanMethod(v.bean(), v.view(), name, argc, false, v.op()).orElseGet(() -> interfaceMethod(type, name, argc));
            out.add(edge(site, call, target, v.kind(), v.op(), v.bean().name()));
        }
        return Optional.of(out);
    }

    /**
     * The bean-class method the container runs for a call on a view ({@link EjbViews#containerMethod}),
     * by name and arity. Empty when the bean has no code for it (CMP finders and accessors).
     */
    private Optional<MethodRef> beanMethod(Component bean, String view, String name, int argc, boolean home, CallOp op) {
        return container.beanMethod(bean, ProgramView.Callee.byArity(name, argc), home, op);
    }

    /** The interface's own declaration of a method (the graph node when the bean has no code for it). */
    private MethodRef interfaceMethod(String type, String name, int argc) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isPresent()) {
            Optional<MethodInfo> m = types.findInHierarchy(ti.get(), name, argc);
            if (m.isPresent()) return m.get().ref;
        }
        return apiRef(type, name, argc);
    }

    // ---------------------------------------------------------------- API calls

    private CallEdge apiEdge(MethodCallExpr call, String type, String name, int argc, Classification c, Site site) {
        String target = null;
        if (c.kind() == EdgeKind.JNDI_LOOKUP && argc >= 1) {
            target = jndi.constantValue(call.getArgument(0))
                    .flatMap(n -> jndi.resolve(n, site.component()))
                    .map(Component::name).orElse(null);
        } else if (c.kind() == EdgeKind.JPA) {
            target = jpa.entityOf(call, c.op(), site.stats()).orElse(null);
        }
        return edge(site, call, apiRef(type, name, argc), c.kind(), c.op(), target);
    }

    private final java.util.Map<String, MethodRef> apiRefs = new java.util.concurrent.ConcurrentHashMap<>();

    /** A method of a library type; parameter types from the classpath when the arity identifies one overload. */
    private MethodRef apiRef(String type, String name, int argc) {
        return apiRefs.computeIfAbsent(type + '#' + name + '/' + argc, k -> reflectApiRef(type, name, argc));
    }

    private MethodRef reflectApiRef(String type, String name, int argc) {
        Optional<Class<?>> c = types.loadClass(type);
        List<String> params = List.of();
        if (c.isPresent()) {
            try {
                List<List<String>> candidates = new ArrayList<>();
                if (name.equals("<init>")) {
                    for (var k : c.get().getConstructors()) if (k.getParameterCount() == argc) candidates.add(names(k.getParameterTypes()));
                } else {
                    for (Method m : c.get().getMethods()) if (m.getName().equals(name) && m.getParameterCount() == argc) candidates.add(names(m.getParameterTypes()));
                }
                List<List<String>> distinct = new ArrayList<>(new LinkedHashSet<>(candidates));
                if (distinct.size() == 1) params = distinct.get(0);
            } catch (LinkageError ignored) {
                // A class whose dependencies are missing: keep the reference without parameter types.
            }
        }
        return new MethodRef(types.binaryName(type), name, params);
    }

    private static List<String> names(Class<?>[] classes) {
        List<String> out = new ArrayList<>();
        for (Class<?> k : classes) out.add(k.getTypeName());
        return out;
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

    /**
     * An interface extending {@code java.rmi.Remote} (or a class implementing one) that a concrete
     * application class implements is no external RMI server: the object is the application's own,
     * and the call dispatches to its code. A JAX-RPC/JAX-WS port stays a SOAP call, since its stub
     * talks HTTP even to an endpoint of the same application.
     */
    private boolean implementedInApplication(String type, MethodCallExpr call, Site site) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isEmpty()) return false;
        boolean implemented = !ti.get().isInterface() && !ti.get().isAbstract
                || types.subtypes(type).stream().anyMatch(x -> !x.isInterface() && !x.isAbstract);
        return implemented && !isWebServicePort(type, call, site);
    }

    // ---------------------------------------------------------------- URL connections

    /**
     * {@code url.openStream()}/{@code openConnection()}/{@code getContent()}: an outbound HTTP call only
     * when the URL's protocol leaves the machine. A {@code file:}/{@code jar:} URL or a class-path
     * resource makes no edge; a URL whose protocol is no constant keeps the HTTP edge, marked
     * {@link UrlProtocols#UNKNOWN_PROTOCOL} so that the finding says so.
     */
    private List<CallEdge> urlConnection(MethodCallExpr call, String type, String name, int argc, Classification c, Site site) {
        UrlProtocols.Reach reach = call.getScope().map(s -> urlReach(s, site, 0)).orElse(UrlProtocols.Reach.UNKNOWN);
        if (reach == UrlProtocols.Reach.UNKNOWN && castToHttpConnection(call, site)) reach = UrlProtocols.Reach.NETWORK;
        return switch (reach) {
            case LOCAL -> List.of();
            case NETWORK -> List.of(apiEdge(call, type, name, argc, c, site));
            case UNKNOWN -> List.of(edge(site, call, apiRef(type, name, argc), c.kind(), c.op(), UrlProtocols.UNKNOWN_PROTOCOL));
        };
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

    // ---------------------------------------------------------------- application calls

    private List<CallEdge> appCall(MethodCallExpr call, String type, String name, int argc, ReceiverForm form, Site site) {
        Optional<TypeInfo> ti = types.type(type);
        if (ti.isEmpty()) return List.of();
        // A JPA entity's own method that changes its state (player.dropTeam(team)), called from another
        // class, is an update of the entity, as for entity beans; setters stay plain calls (the cost
        // model charges them as dirty fields by name, WAN005 counts them after a find or query).
        Optional<Component> jpaEntity = model.byClass(type).filter(c -> c.kind() == ComponentKind.JPA_ENTITY);
        // Getters are left out: a lazily initialised collection (if (teams == null) teams = …) is no write.
        boolean update = jpaEntity.isPresent() && !name.startsWith("set") && !name.startsWith("get") && !name.startsWith("is")
                && !site.owner().fqn.equals(type)
                && entityWrites.changesState(type, name, argc);
        List<CallEdge> out = new ArrayList<>();
        for (MethodInfo m : dispatch(ti.get(), name, argc, form)) {
            out.add(update ? edge(site, call, m.ref, EdgeKind.LOCAL, CallOp.ENTITY_UPDATE, jpaEntity.get().name())
                    : edge(site, call, m.ref, EdgeKind.LOCAL, CallOp.INVOKE, null));
        }
        return out;
    }

    /** {@link VirtualDispatch} by arity (the source's argument types are not always known). */
    List<MethodInfo> dispatch(TypeInfo receiver, String name, int argc, ReceiverForm form) {
        return dispatch.targets(receiver, ProgramView.Callee.byArity(name, argc), form);
    }

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

    private static CallEdge edge(Site site, Node at, MethodRef to, EdgeKind kind, CallOp op, String targetComponent) {
        int line = at.getBegin().map(p -> p.line).orElse(0);
        return new CallEdge(site.from(), to, kind, op, new SourceLocation(site.owner().file, line),
                CallSiteShape.loopDepth(at, site.callable()), targetComponent, false, false,
                CallSiteShape.branches(at, site.callable()));
    }

}
