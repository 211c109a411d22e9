package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.ApiCallClassifier.Classification;
import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.MethodHandle;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JDynamicInvokeExpr;
import sootup.core.jimple.common.expr.JSpecialInvokeExpr;
import sootup.core.jimple.common.expr.JStaticInvokeExpr;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.Body;
import sootup.core.signatures.MethodSignature;
import sootup.java.core.AnnotationUsage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bytecode front end of the call graph (docs/architecture.md §Call graph), for applications shipped as class folders and
 * jars without sources. It reads the class roots with SootUp 3 (application classes only: the JDK
 * and the library APIs are never loaded into the view, so a small application takes about a second
 * instead of fifteen) and produces the same graph shape as {@link SourceCallGraphBuilder}: nodes are
 * application methods by binary class name ({@code Outer$Inner}), name and erased parameter types;
 * edges carry the same {@link EdgeKind} and {@link CallOp}, because API calls are classified by the
 * same {@link ApiCallClassifier} from the invoke expression's declared method (the static receiver
 * type javac writes into the class file), EJB views are dispatched to the bean class as a container
 * does ({@code create} → {@code ejbCreate}, BMP {@code findX} → {@code ejbFindX}, business methods
 * by name), and calls on application types dispatch by class hierarchy (CHA) to every application
 * implementation. Locations are the class's {@code SourceFile} under its package path
 * ({@code com/acme/Foo.java}) and the line-number table's line; multiplicity comes from natural
 * loops in each method's control-flow graph. Entry points and transaction scopes follow the same
 * rules as the source front end.
 *
 * <p>Known differences from the source front end, by the nature of class files:
 * <ul>
 *   <li><b>Lambdas.</b> SootUp's own call-graph algorithms miss the targets of {@code invokedynamic}
 *       lambdas (SootUp issue #906). This builder does not use them: it follows the lambda
 *       factory's method handle itself and attributes the calls in a {@code lambda$…} body to the
 *       method that creates the lambda (one more loop level when the lambda is handed to
 *       {@code forEach}, {@code map} and the like), as the source front end does. Lambdas created
 *       in one class and run by another, and {@code invokedynamic} call sites that are not
 *       lambda factories, yield no edge.</li>
 *   <li>Compiler-made methods (bridges, {@code access$NNN} accessors) are not nodes: a call that
 *       lands on one is followed through to the method it forwards to.</li>
 *   <li>Anonymous and local classes are nodes of their own ({@code Outer$1#run}); the source
 *       front end attributes their calls to the enclosing method.</li>
 *   <li>Constant JNDI names are whatever javac folded into the class file (literals, {@code static
 *       final} constants and their concatenations); names built at run time are not resolved.</li>
 *   <li>Method nodes are located at their first line of code (class files keep no declaration
 *       lines), in {@code com/acme/Foo.java} as the {@code SourceFile} attribute and package name
 *       it, not the path under the input the source front end reports.</li>
 *   <li>Implicit {@code super()} calls are edges (the source front end only sees explicit ones);
 *       inner-class constructors carry the outer instance as their first parameter.</li>
 * </ul>
 * Unreadable or corrupt class files, and bodies SootUp cannot convert, become diagnostics; the rest
 * of the application is still analysed.
 */
public final class BytecodeCallGraphBuilder {

    private static final Set<String> WEB_SERVICE_PACKAGES = Set.of("javax.xml.rpc.", "javax.xml.ws.", "jakarta.xml.ws.",
            "org.apache.axis.");
    /** How deep compiler-made forwarders and nested lambdas are followed. */
    private static final int MAX_INLINE = 4;

    /** Builds the graph from class folders and jars; never throws on bad input (it becomes diagnostics). */
    public CallGraphOutcome build(List<Path> classRoots, ComponentModel model) {
        return build(classRoots, model, null, DeploymentNames.NONE);
    }

    /**
     * As {@link #build(List, ComponentModel)}, merging in {@code pages}: the graph the source front end
     * built for the application's JSP pages (pages are not compiled, so only their synthetic source
     * knows them). Their nodes, edges and entry points join the bytecode graph before remote
     * façades are determined, so a bean a page calls is not mistaken for one only outside clients call.
     */
    public CallGraphOutcome build(List<Path> classRoots, ComponentModel model, CallGraphOutcome pages, DeploymentNames names) {
        ComponentModel components = model == null ? ComponentModel.EMPTY : model;
        ClassFileIndex index = new ClassFileIndex(classRoots == null ? List.of() : classRoots);
        List<Diagnostic> diagnostics = new ArrayList<>(index.diagnostics());
        BytecodeTypes types;
        try {
            types = new BytecodeTypes(index);
        } catch (RuntimeException | LinkageError e) {
            diagnostics.add(Diagnostic.error("", 0, "the class files could not be analysed: " + e.getClass().getSimpleName()));
            MutableCallGraph empty = new MutableCallGraph();
            FrozenCallGraph frozen = empty.freeze();
            return new CallGraphOutcome(frozen, new ContainerTransactionScopes(frozen, components), diagnostics);
        }
        diagnostics.addAll(types.diagnostics());
        Run run = new Run(types, components, names == null ? DeploymentNames.NONE : names);
        run.scanAll();
        diagnostics.addAll(run.diagnostics);
        if (pages != null) {
            pages.graph().nodes().forEach(run.graph::addNode);
            pages.graph().edges().forEach(run.graph::addEdge);
            pages.graph().entryPoints().forEach(run.graph::addEntryPoint);
            diagnostics.addAll(pages.diagnostics());
        }
        ContainerCallbacks.addTo(run.graph, components, new ContainerDispatch<>(types)::callback);
        new EntryPointRules<>(types, components, List.of()).addTo(run.graph);
        FrozenCallGraph frozen = run.graph.freeze();
        return new CallGraphOutcome(frozen, new ContainerTransactionScopes(frozen, components), diagnostics);
    }

    /** The state of one build. */
    private static final class Run {
        private final BytecodeTypes types;
        private final ComponentModel model;
        private final JndiNames jndi;
        private final ApiCallClassifier classifier = ApiCallClassifier.standard();
        private final MutableCallGraph graph = new MutableCallGraph();
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final Map<String, Optional<Component>> componentByClass = new HashMap<>();
        private final Map<String, Boolean> usesWebServices = new HashMap<>();
        private final Map<MethodInfo, Optional<Body>> bodies = new HashMap<>();
        private final Map<MethodRef, MethodRef> apiRefs = new HashMap<>();
        private final BytecodeEntityStateWrites entityWrites;
        private final DeploymentNames names;
        /** Set once every body is scanned: what the application instantiates, for {@link #dispatch}. */
        private Instantiation instantiation;
        private final VirtualDispatch<ClassInfo, MethodInfo> dispatch;
        private final ContainerDispatch<ClassInfo, MethodInfo> container;
        /** Classes of the {@code new} expressions seen in the bodies scanned. */
        private final Set<String> created = new java.util.HashSet<>();
        private final List<Instantiation.Reflective> reflective = new ArrayList<>();
        /**
         * Virtual calls met while scanning, whose targets wait until every body is scanned (which
         * classes are instantiated is known only then); drained into the statement's pending calls.
         */
        private final List<Deferred> deferred = new ArrayList<>();

        Run(BytecodeTypes types, ComponentModel model, DeploymentNames names) {
            this.types = types;
            this.model = model;
            this.names = names;
            // Only the name-to-bean half of JndiNames is used; it needs no source types.
            this.jndi = new JndiNames(null, model);
            this.entityWrites = new BytecodeEntityStateWrites(types, this::body);
            this.dispatch = new VirtualDispatch<>(types, t -> instantiation == null || instantiation.mayRun(types, t));
            this.container = new ContainerDispatch<>(types);
        }

        /** Where a call is: the method it is attributed to, and the place and shape of the statement. */
        private record Site(MethodRef from, ClassInfo owner, Component component, BytecodeBodyShape shape, Local thisLocal,
                            SourceLocation location, int loopDepth, boolean once, int order) {}

        /**
         * A call with its statement order, for the {@code UserTransaction} span pass: an edge, or a
         * virtual call whose targets are resolved after the scan.
         */
        private record Pending(CallEdge edge, Deferred call, int line, int order) {
            Pending(CallEdge edge, int line, int order) { this(edge, null, line, order); }
        }

        /** A virtual call on an application type, dispatched once instantiations are known. */
        private record Deferred(ClassInfo receiver, String name, List<String> params, ReceiverForm form, Site site,
                                int inlined) {}

        void scanAll() {
            List<List<Pending>> scanned = new ArrayList<>();
            for (ClassInfo c : types.all()) {
                Component component = componentOf(c).orElse(null);
                String componentName = component == null ? null : component.name();
                int failed = 0;
                String example = null;
                for (MethodInfo m : c.methods) {
                    if (m.synthetic) continue;
                    Optional<Body> body = m.isAbstract ? Optional.empty() : body(m);
                    // Class files have no declaration lines: a method is where its first line of code is.
                    graph.addNode(new MethodNode(m.ref, componentName, new SourceLocation(c.file, body.map(Run::firstLine).orElse(0))));
                    if (m.isAbstract) continue;
                    if (body.isEmpty()) {
                        failed++;
                        if (example == null) example = m.ref.name();
                        continue;
                    }
                    List<Pending> pending = new ArrayList<>();
                    scanBody(m, body.get(), m.ref, component, initialiser(m, component), 0, pending, 0);
                    pending.sort(Comparator.comparingInt(Pending::line).thenComparingInt(Pending::order));
                    scanned.add(pending);
                }
                if (failed > 0) {
                    diagnostics.add(Diagnostic.warning(c.file, 0, String.format(
                            "%d method bod%s of %s could not be read from the class file (first: %s); their calls are missing",
                            failed, failed == 1 ? "y" : "ies", c.name, example)));
                }
            }
            instantiation = new Instantiation(Instantiation.Facts.of(created, reflective, names), model, names);
            for (List<Pending> pending : scanned) {
                List<CallEdge> edges = new ArrayList<>();
                for (Pending p : pending) {
                    if (p.edge() != null) edges.add(p.edge());
                    else edges.addAll(dispatched(p.call()));
                }
                for (CallEdge e : EeSemantics.markUserTransactions(edges)) graph.addEdge(e);
            }
            instantiation.diagnostic().ifPresent(diagnostics::add);
        }

        /** The edges of a virtual call, now that instantiations are known. */
        private List<CallEdge> dispatched(Deferred d) {
            List<CallEdge> out = new ArrayList<>();
            for (MethodInfo m : dispatch(d.receiver(), d.name(), d.params(), d.form())) {
                if (m.synthetic) {
                    out.addAll(forwarded(m, d.site(), d.inlined()));
                } else {
                    out.add(edge(d.site(), m.ref, EdgeKind.LOCAL, CallOp.INVOKE, null));
                }
            }
            return out;
        }

        /** What a statement tells of instantiation: {@code new X}, and reflective creation. */
        private void noteCreation(Stmt s, BytecodeBodyShape shape) {
            if (!(s instanceof JAssignStmt a)) return;
            if (a.getRightOp() instanceof sootup.core.jimple.common.expr.JNewExpr n) {
                String type = n.getType().getFullyQualifiedName();
                if (types.type(type).isPresent()) created.add(type);
                return;
            }
            if (!(a.getRightOp() instanceof AbstractInstanceInvokeExpr call)) return;
            MethodSignature sig = call.getMethodSignature();
            String owner = sig.getDeclClassType().getFullyQualifiedName();
            if (!sig.getName().equals("newInstance")
                    || !(owner.equals("java.lang.Class") || owner.equals("java.lang.reflect.Constructor"))) {
                return;
            }
            String castTo = null;
            if (a.getLeftOp() instanceof Local made) {
                List<String> casts = shape.castsOf(made);
                if (casts.size() == 1) castTo = casts.get(0);
            }
            reflective.add(new Instantiation.Reflective(castTo, loadedName(call.getBase(), shape, 0)));
        }

        /** Where the name of the class a {@code Class}/{@code Constructor} value holds comes from. */
        private Instantiation.LoadedName loadedName(Value classValue, BytecodeBodyShape shape, int depth) {
            if (depth > 6 || !(classValue instanceof Local l)) return new Instantiation.Unknown();
            List<Value> defs = shape.definitionsOf(l);
            if (defs.size() != 1) return new Instantiation.Unknown();
            Value def = defs.get(0);
            if (def instanceof sootup.core.jimple.common.expr.JCastExpr cast) return loadedName(cast.getOp(), shape, depth + 1);
            if (def instanceof Local other) return loadedName(other, shape, depth + 1);
            if (!(def instanceof AbstractInvokeExpr call)) return new Instantiation.Unknown();
            String name = call.getMethodSignature().getName();
            if ((name.equals("getConstructor") || name.equals("getDeclaredConstructor") || name.equals("asSubclass"))
                    && call instanceof AbstractInstanceInvokeExpr i) {
                return loadedName(i.getBase(), shape, depth + 1);
            }
            if ((name.equals("forName") || name.equals("loadClass")) && call.getArgCount() >= 1) {
                return classNameOrigin(call.getArg(0), shape, 0);
            }
            return new Instantiation.Unknown();
        }

        /** A class name: a constant, an env-entry looked up by a constant JNDI name, or unknown. */
        private static Instantiation.LoadedName classNameOrigin(Value v, BytecodeBodyShape shape, int depth) {
            Optional<String> constant = constantString(v, shape);
            if (constant.isPresent()) return new Instantiation.Constant(constant.get());
            if (depth > 6 || !(v instanceof Local l)) return new Instantiation.Unknown();
            List<Value> defs = shape.definitionsOf(l);
            if (defs.size() != 1) return new Instantiation.Unknown();
            Value def = defs.get(0);
            if (def instanceof sootup.core.jimple.common.expr.JCastExpr cast) return classNameOrigin(cast.getOp(), shape, depth + 1);
            if (def instanceof Local other) return classNameOrigin(other, shape, depth + 1);
            if (def instanceof AbstractInvokeExpr call && call.getMethodSignature().getName().equals("lookup") && call.getArgCount() == 1) {
                return constantString(call.getArg(0), shape).<Instantiation.LoadedName>map(Instantiation.EnvEntry::new)
                        .orElse(new Instantiation.Unknown());
            }
            return new Instantiation.Unknown();
        }

        private static int firstLine(Body body) {
            int first = 0;
            for (Stmt s : body.getStmts()) {
                int l = line(s);
                if (l > 0 && (first == 0 || l < first)) first = l;
            }
            return first;
        }

        /**
         * A method's Jimple body. Only compiler-made methods' bodies (lambda bodies, bridges,
         * accessors) are kept, since calls are followed into them; keeping every body would hold the
         * whole application's Jimple in memory at once.
         */
        private Optional<Body> body(MethodInfo m) {
            if (!m.synthetic) return readBody(m);
            return bodies.computeIfAbsent(m, Run::readBody);
        }

        private static Optional<Body> readBody(MethodInfo m) {
            try {
                return m.soot.hasBody() ? Optional.of(m.soot.getBody()) : Optional.empty();
            } catch (RuntimeException | LinkageError | StackOverflowError e) {
                return Optional.empty();
            }
        }

        /**
         * Scans one body's call statements. {@code from} is the method the calls are attributed to
         * (the lambda's creator for a lambda body); {@code extraDepth} the loops around the lambda.
         */
        private void scanBody(MethodInfo m, Body body, MethodRef from, Component component, boolean once, int extraDepth,
                              List<Pending> out, int inlined) {
            BytecodeBodyShape shape;
            Local thisLocal = null;
            try {
                if (!m.isStatic) thisLocal = body.getThisLocal();
            } catch (RuntimeException ignored) {
                // A body without an identity statement for this: calls on this dispatch like any other.
            }
            shape = new BytecodeBodyShape(body.getControlFlowGraph(), thisLocal);
            for (Stmt s : body.getControlFlowGraph().getStmts()) {
                noteCreation(s, shape);
                if (!s.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> expr = s.asInvokableStmt().getInvokeExpr();
                if (expr.isEmpty()) continue;
                int line = line(s);
                int depth = extraDepth + shape.loopDepth(s);
                boolean cached = once || shape.behindCache(s);
                Site site = new Site(from, m.owner, component, shape, thisLocal, new SourceLocation(m.owner.file, line),
                        depth, cached, shape.order(s));
                try {
                    if (expr.get() instanceof JDynamicInvokeExpr dyn) {
                        lambda(s, dyn, site, body, out, inlined);
                    } else {
                        for (CallEdge e : resolve(expr.get(), s, site, inlined)) out.add(new Pending(e, line, site.order()));
                        for (Deferred d : deferred) out.add(new Pending(null, d, line, site.order()));
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    // One call SootUp models in an unexpected way is skipped, never fatal.
                } finally {
                    deferred.clear();
                }
            }
        }

        private static int line(Stmt s) {
            try {
                int l = s.getPositionInfo().getStmtPosition().getFirstLine();
                return Math.max(l, 0);
            } catch (RuntimeException e) {
                return 0;
            }
        }

        // ------------------------------------------------------------ lambdas and method references

        /**
         * A lambda or method reference: the factory's method handle names the implementation. A
         * {@code lambda$} body of this class is scanned as part of the creating method; a method
         * reference to an application method is a call of it. Either runs per element when handed
         * to an iterating library operation.
         */
        private void lambda(Stmt s, JDynamicInvokeExpr dyn, Site site, Body body, List<Pending> out, int inlined) {
            if (inlined >= MAX_INLINE) return;
            MethodSignature target = null;
            for (Value arg : dyn.getBootstrapArgs()) {
                if (arg instanceof MethodHandle h && h.isMethodRef() && h.getReferenceSignature() instanceof MethodSignature ms) {
                    target = ms;
                }
            }
            if (target == null) return;
            int depth = site.loopDepth() + (handedToIteration(s, body) ? 1 : 0);
            MethodRef ref = BytecodeTypes.refOf(target);
            Optional<MethodInfo> impl = types.method(ref.className(), ref.name(), ref.parameterTypes());
            if (impl.isEmpty()) return;
            if (impl.get().isLambdaBody()) {
                Optional<Body> lambdaBody = body(impl.get());
                if (lambdaBody.isPresent()) {
                    scanBody(impl.get(), lambdaBody.get(), site.from(), site.component(), site.once(), depth, out, inlined + 1);
                }
                return;
            }
            Site at = new Site(site.from(), site.owner(), site.component(), site.shape(), site.thisLocal(), site.location(),
                    depth, site.once(), site.order());
            // Dispatched after the scan, when what is instantiated is known.
            out.add(new Pending(null, new Deferred(impl.get().owner, ref.name(), ref.parameterTypes(),
                    impl.get().isStatic ? ReceiverForm.STATIC : ReceiverForm.VALUE, at, inlined), at.location().line(), at.order()));
        }

        private static boolean handedToIteration(Stmt s, Body body) {
            if (!(s instanceof JAssignStmt a) || !(a.getLeftOp() instanceof Local made)) return false;
            for (Stmt t : body.getControlFlowGraph().getStmts()) {
                if (!t.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> e = t.asInvokableStmt().getInvokeExpr();
                if (e.isPresent() && EeSemantics.ITERATING_OPS.contains(e.get().getMethodSignature().getName())
                        && e.get().getArgs().contains(made)) {
                    return true;
                }
            }
            return false;
        }

        // ------------------------------------------------------------ call sites

        private List<CallEdge> resolve(AbstractInvokeExpr call, Stmt stmt, Site site, int inlined) {
            MethodSignature sig = call.getMethodSignature();
            String type = sig.getDeclClassType().getFullyQualifiedName();
            String name = sig.getName();
            if (name.equals("<clinit>")) return List.of();
            MethodRef invoked = BytecodeTypes.refOf(sig);
            int argc = invoked.parameterTypes().size();
            List<String> lineage = types.selfAndAncestors(type);
            ReceiverForm form;
            if (call instanceof JStaticInvokeExpr) form = ReceiverForm.STATIC;
            else if (call instanceof JSpecialInvokeExpr) form = ReceiverForm.SUPER;
            else if (call instanceof AbstractInstanceInvokeExpr i && i.getBase().equals(site.thisLocal())) form = ReceiverForm.THIS;
            else form = ReceiverForm.VALUE;
            boolean local = isSelfCall(form, type, name, invoked.parameterTypes());

            Optional<List<CallEdge>> ejb = local ? Optional.empty() : ejbCall(invoked, lineage, site);
            if (ejb.isPresent()) return ejb.get();

            Optional<Classification> api = classifier.classifyAny(lineage, name, argc);
            if (api.isPresent() && UrlProtocols.isUrlConnection(type) && api.get().op() == CallOp.HTTP_REQUEST) {
                return urlConnection(call, stmt, invoked, api.get(), site);
            }
            if (api.isPresent()) return List.of(apiEdge(call, stmt, invoked, api.get(), site));

            if (!local && lineage.contains("java.rmi.Remote") && !implementedInApplication(type, call, site)) {
                Classification stub = classifier.remoteStubCall(isWebServicePort(type, call, site));
                return List.of(edge(site, interfaceMethod(invoked), stub.kind(), stub.op(), null));
            }
            Optional<ClassInfo> receiver = types.type(type);
            if (receiver.isEmpty()) return List.of();
            if (!local && receiver.get().isInterface()) {
                Optional<List<CallEdge>> parent = parentInterfaceCall(invoked, site);
                if (parent.isPresent()) return parent.get();
            }
            Deferred virtual = new Deferred(receiver.get(), name, invoked.parameterTypes(), form, site, inlined);
            if (instantiation == null) {
                deferred.add(virtual);
                return List.of();
            }
            return dispatched(virtual);
        }

        /**
         * A call the object makes on itself ({@code this.m()}, {@code super.m()}), a static call, or a
         * call of a private method: a plain Java call inside the instance, as in the source front end.
         * No container proxy stands between caller and callee, so it is never an EJB (or RMI stub)
         * call and no transaction attribute of the callee applies.
         */
        private boolean isSelfCall(ReceiverForm form, String type, String name, List<String> params) {
            if (form != ReceiverForm.VALUE) return true;
            return types.type(type).flatMap(c -> types.findInHierarchy(c, name, params)).map(m -> m.isPrivate).orElse(false);
        }

        /** The calls a compiler-made forwarder (bridge, accessor) makes, placed at the original call site. */
        private List<CallEdge> forwarded(MethodInfo forwarder, Site site, int inlined) {
            if (inlined >= MAX_INLINE || forwarder.isLambdaBody()) return List.of();
            Optional<Body> body = body(forwarder);
            if (body.isEmpty()) return List.of();
            List<CallEdge> out = new ArrayList<>();
            Local inner = null;
            try {
                if (!forwarder.isStatic) inner = body.get().getThisLocal();
            } catch (RuntimeException ignored) {
                // no this
            }
            Site at = new Site(site.from(), site.owner(), site.component(), site.shape(), inner, site.location(),
                    site.loopDepth(), site.once(), site.order());
            for (Stmt s : body.get().getControlFlowGraph().getStmts()) {
                if (!s.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
                if (e.isPresent() && !(e.get() instanceof JDynamicInvokeExpr)) out.addAll(resolve(e.get(), s, at, inlined + 1));
            }
            return out;
        }

        /** {@link VirtualDispatch} by the parameter types javac wrote into the call. */
        private List<MethodInfo> dispatch(ClassInfo receiver, String name, List<String> params, ReceiverForm form) {
            return dispatch.targets(receiver, ProgramView.Callee.exactly(name, params), form);
        }

        // ------------------------------------------------------------ EJB views

        private Optional<List<CallEdge>> ejbCall(MethodRef invoked, List<String> lineage, Site site) {
            Optional<EjbViews.ViewCall> found = EjbViews.of(model, invoked.className(), lineage, invoked.name(), site.owner().name);
            if (found.isEmpty()) return Optional.empty();
            EjbViews.ViewCall v = found.get();
            if (v.bean() == null) return Optional.of(List.of(edge(site, interfaceMethod(invoked), v.kind(), v.op(), null)));
            CallOp op = v.op();
            // A business method whose code changes the bean's state is an update of the entity.
            if (v.entity() && op == CallOp.BUSINESS_METHOD && entityWrites.changesState(v.bean().className(), invoked)) {
                op = CallOp.ENTITY_UPDATE;
            }
            MethodRef target = beanMethod(v.bean(), invoked, v.home(), op).orElseGet(() -> interfaceMethod(invoked));
            return Optional.of(List.of(edge(site, target, v.kind(), op, v.bean().name())));
        }

        /** {@link EjbViews#throughParentInterface}: a call on an interface only session beans' views extend. */
        private Optional<List<CallEdge>> parentInterfaceCall(MethodRef invoked, Site site) {
            List<String> implementations = container.concreteImplementations(invoked.className());
            List<EjbViews.ViewCall> views = EjbViews.throughParentInterface(model, invoked.className(), invoked.name(),
                    implementations, site.owner().name, types::selfAndAncestors);
            if (views.isEmpty()) return Optional.empty();
            List<CallEdge> out = new ArrayList<>();
            for (EjbViews.ViewCall v : views) {
                MethodRef target = beanMethod(v.bean(), invoked, false, v.op()).orElseGet(() -> interfaceMethod(invoked));
                out.add(edge(site, target, v.kind(), v.op(), v.bean().name()));
            }
            return Optional.of(out);
        }

        /**
         * The bean-class method the container runs for a call on a view ({@link EjbViews#containerMethod}):
         * the same parameter types first, then the same arity. Empty when the bean has no code for it.
         */
        private Optional<MethodRef> beanMethod(Component bean, MethodRef invoked, boolean home, CallOp op) {
            return container.beanMethod(bean, ProgramView.Callee.exactly(invoked.name(), invoked.parameterTypes()), home, op);
        }

        /** The interface's own declaration of a method (the graph node when the bean has no code for it). */
        private MethodRef interfaceMethod(MethodRef invoked) {
            Optional<ClassInfo> t = types.type(invoked.className());
            if (t.isPresent()) {
                Optional<MethodInfo> m = types.findInHierarchy(t.get(), invoked.name(), invoked.parameterTypes());
                if (m.isPresent()) return m.get().ref;
            }
            return invoked;
        }

        // ------------------------------------------------------------ API calls

        private CallEdge apiEdge(AbstractInvokeExpr call, Stmt stmt, MethodRef invoked, Classification c, Site site) {
            String target = null;
            if (c.kind() == EdgeKind.JNDI_LOOKUP && call.getArgCount() >= 1) {
                target = constantString(call.getArg(0), site.shape())
                        .flatMap(n -> jndi.resolve(n, site.component()))
                        .map(Component::name).orElse(null);
            }
            return edge(site, apiRef(invoked), c.kind(), c.op(), target);
        }

        /**
         * An interface extending {@code java.rmi.Remote} (or a class implementing one) that a concrete
         * application class implements is no external RMI server, as in the source front end; a
         * JAX-RPC/JAX-WS port stays a SOAP call.
         */
        private boolean implementedInApplication(String type, AbstractInvokeExpr call, Site site) {
            Optional<ClassInfo> c = types.type(type);
            if (c.isEmpty()) return false;
            boolean implemented = !c.get().isInterface() && !c.get().soot.isAbstract()
                    || types.subtypes(type).stream().anyMatch(x -> !x.isInterface() && !x.soot.isAbstract());
            return implemented && !isWebServicePort(type, call, site);
        }

        /**
         * {@code url.openStream()}/{@code openConnection()}/{@code getContent()}, as in the source front
         * end: no edge for a {@code file:}/{@code jar:} URL or a class-path resource, the HTTP edge marked
         * {@link UrlProtocols#UNKNOWN_PROTOCOL} when the protocol is no constant.
         */
        private List<CallEdge> urlConnection(AbstractInvokeExpr call, Stmt stmt, MethodRef invoked, Classification c, Site site) {
            UrlProtocols.Reach reach = call instanceof AbstractInstanceInvokeExpr i
                    ? urlReach(i.getBase(), site.shape(), 0) : UrlProtocols.Reach.UNKNOWN;
            // (HttpURLConnection) url.openConnection(): the code itself says the protocol is HTTP.
            if (reach == UrlProtocols.Reach.UNKNOWN && stmt instanceof JAssignStmt a && a.getLeftOp() instanceof Local made
                    && site.shape().castsOf(made).stream().anyMatch(UrlProtocols::isHttpConnectionType)) {
                reach = UrlProtocols.Reach.NETWORK;
            }
            return switch (reach) {
                case LOCAL -> List.of();
                case NETWORK -> List.of(apiEdge(call, stmt, invoked, c, site));
                case UNKNOWN -> List.of(edge(site, apiRef(invoked), c.kind(), c.op(), UrlProtocols.UNKNOWN_PROTOCOL));
            };
        }

        /** Where the URL a value holds points: its constructor's constant, a resource lookup, or unknown. */
        private static UrlProtocols.Reach urlReach(Value v, BytecodeBodyShape shape, int depth) {
            if (depth > 6 || !(v instanceof Local l)) return UrlProtocols.Reach.UNKNOWN;
            List<Value> defs = shape.definitionsOf(l);
            if (defs.isEmpty()) return UrlProtocols.Reach.UNKNOWN;
            Optional<UrlProtocols.Reach> reach = Optional.empty();
            for (Value def : defs) {
                UrlProtocols.Reach r;
                if (def instanceof sootup.core.jimple.common.constant.NullConstant) continue;
                if (def instanceof sootup.core.jimple.common.expr.JNewExpr) {
                    r = constructedUrl(l, shape, depth);
                } else if (def instanceof sootup.core.jimple.common.expr.JCastExpr cast) {
                    r = urlReach(cast.getOp(), shape, depth + 1);
                } else if (def instanceof Local other) {
                    r = urlReach(other, shape, depth + 1);
                } else if (def instanceof AbstractInvokeExpr call) {
                    String name = call.getMethodSignature().getName();
                    if (UrlProtocols.RESOURCE_CALLS.contains(name)) {
                        r = UrlProtocols.Reach.LOCAL;
                    } else if (name.equals("toURL") && call instanceof AbstractInstanceInvokeExpr i
                            && shape.definitionsOf(i.getBase()).stream().anyMatch(d -> d instanceof AbstractInvokeExpr x
                                    && UrlProtocols.FILE_URI_CALLS.contains(x.getMethodSignature().getName()))) {
                        r = UrlProtocols.Reach.LOCAL;
                    } else {
                        r = UrlProtocols.Reach.UNKNOWN;
                    }
                } else {
                    r = UrlProtocols.Reach.UNKNOWN;
                }
                reach = Optional.of(UrlProtocols.join(reach, r));
            }
            return reach.orElse(UrlProtocols.Reach.UNKNOWN);
        }

        /** {@code new URL(spec)}, {@code new URL(context, spec)}, {@code new URL(protocol, host, [port,] file)}. */
        private static UrlProtocols.Reach constructedUrl(Local url, BytecodeBodyShape shape, int depth) {
            List<AbstractInvokeExpr> inits = shape.constructionsOf(url);
            if (inits.size() != 1) return UrlProtocols.Reach.UNKNOWN;
            AbstractInvokeExpr init = inits.get(0);
            List<String> params = init.getMethodSignature().getParameterTypes().stream().map(Object::toString).toList();
            if (params.size() == 1 && params.get(0).equals("java.lang.String")) {
                return leadingString(init.getArg(0), shape).map(UrlProtocols::ofSpec).orElse(UrlProtocols.Reach.UNKNOWN);
            }
            if (params.size() >= 2 && params.get(0).equals("java.net.URL")) {
                UrlProtocols.Reach spec = leadingString(init.getArg(1), shape).map(UrlProtocols::ofSpec)
                        .orElse(UrlProtocols.Reach.UNKNOWN);
                return spec != UrlProtocols.Reach.UNKNOWN ? spec : urlReach(init.getArg(0), shape, depth + 1);
            }
            if (params.size() >= 3 && params.get(0).equals("java.lang.String")) {
                return constantString(init.getArg(0), shape).map(UrlProtocols::ofProtocol).orElse(UrlProtocols.Reach.UNKNOWN);
            }
            return UrlProtocols.Reach.UNKNOWN;
        }

        /**
         * The constant beginning of a string: the constant itself, or the recipe's text before the first
         * argument of a compiled concatenation ({@code "http://" + host} is {@code makeConcatWithConstants}).
         */
        private static Optional<String> leadingString(Value v, BytecodeBodyShape shape) {
            Optional<String> whole = constantString(v, shape);
            if (whole.isPresent() || !(v instanceof Local l)) return whole;
            List<Value> defs = shape.definitionsOf(l);
            if (defs.size() == 1 && defs.get(0) instanceof JDynamicInvokeExpr dyn
                    && dyn.getMethodSignature().getName().equals("makeConcatWithConstants")
                    && !dyn.getBootstrapArgs().isEmpty() && dyn.getBootstrapArgs().get(0) instanceof StringConstant recipe) {
                String text = recipe.getValue();
                int arg = text.indexOf('\u0001');
                return Optional.of(arg < 0 ? text : text.substring(0, arg));
            }
            return Optional.empty();
        }

        /**
         * The target of an API call, spelt as the source front end spells it so that both graphs hold
         * the same refs: parameter types only when the name and arity pick one public overload of the
         * type on the analyzer's class path ({@code Context.lookup(String)} and {@code lookup(Name)}
         * both take one argument, so neither front end names the parameter type).
         */
        private MethodRef apiRef(MethodRef invoked) {
            return apiRefs.computeIfAbsent(invoked, k -> {
                int argc = k.parameterTypes().size();
                List<String> params = List.of();
                Optional<Class<?>> c = types.loadClass(k.className());
                if (c.isPresent()) {
                    try {
                        Set<List<String>> candidates = new LinkedHashSet<>();
                        if (k.name().equals("<init>")) {
                            for (var ctor : c.get().getConstructors()) {
                                if (ctor.getParameterCount() == argc) candidates.add(names(ctor.getParameterTypes()));
                            }
                        } else {
                            for (var m : c.get().getMethods()) {
                                if (m.getName().equals(k.name()) && m.getParameterCount() == argc) candidates.add(names(m.getParameterTypes()));
                            }
                        }
                        if (candidates.size() == 1) params = candidates.iterator().next();
                    } catch (LinkageError ignored) {
                        // A class whose dependencies are missing: keep the reference without parameter types.
                    }
                }
                return new MethodRef(k.className(), k.name(), params);
            });
        }

        private static List<String> names(Class<?>[] classes) {
            List<String> out = new ArrayList<>();
            for (Class<?> k : classes) out.add(k.getTypeName());
            return out;
        }

        /** A string javac left as a constant: the argument itself, or the one value ever stored in its local. */
        private static Optional<String> constantString(Value v, BytecodeBodyShape shape) {
            if (v instanceof StringConstant s) return Optional.of(s.getValue());
            if (v instanceof Local l) {
                List<Value> defs = shape.definitionsOf(l);
                if (defs.size() == 1 && defs.get(0) instanceof StringConstant s) return Optional.of(s.getValue());
            }
            return Optional.empty();
        }

        /**
         * A JAX-RPC / JAX-WS port rather than an RMI stub: the interface is a {@code @WebService}, the
         * calling class uses the web-services APIs, or the receiver came from {@code getXxxPort()}.
         */
        private boolean isWebServicePort(String type, AbstractInvokeExpr call, Site site) {
            Optional<ClassInfo> t = types.type(type);
            if (t.isPresent()) {
                for (AnnotationUsage a : t.get().annotations()) {
                    if (a.getAnnotation().getFullyQualifiedName().endsWith("WebService")) return true;
                }
                if (usesWebServices(t.get())) return true;
            }
            if (usesWebServices(site.owner())) return true;
            if (call instanceof AbstractInstanceInvokeExpr i) {
                for (Value d : site.shape().definitionsOf(i.getBase())) {
                    if (d instanceof AbstractInvokeExpr e) {
                        String n = e.getMethodSignature().getName();
                        if (n.startsWith("get") && n.endsWith("Port")) return true;
                    }
                }
            }
            return false;
        }

        /** Whether a class calls into the web-services APIs (the bytecode trace of their imports). */
        private boolean usesWebServices(ClassInfo c) {
            return usesWebServices.computeIfAbsent(c.name, k -> {
                for (String s : c.supertypes()) if (WEB_SERVICE_PACKAGES.stream().anyMatch(s::startsWith)) return true;
                for (MethodInfo m : c.methods) {
                    if (m.isAbstract) continue;
                    Optional<Body> b = body(m);
                    if (b.isEmpty()) continue;
                    for (Stmt s : b.get().getControlFlowGraph().getStmts()) {
                        if (!s.isInvokableStmt()) continue;
                        Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
                        if (e.isEmpty()) continue;
                        String owner = e.get().getMethodSignature().getDeclClassType().getFullyQualifiedName();
                        if (WEB_SERVICE_PACKAGES.stream().anyMatch(owner::startsWith)) return true;
                    }
                }
                return false;
            });
        }

        // ------------------------------------------------------------ components and initialisers

        /** The component a class belongs to: its own, or its outer class's. */
        private Optional<Component> componentOf(ClassInfo c) {
            return componentByClass.computeIfAbsent(c.name, k -> {
                String name = k;
                while (true) {
                    Optional<Component> comp = model.byClass(name);
                    if (comp.isEmpty() && name.contains("$")) comp = model.byClass(name.replace('$', '.'));
                    if (comp.isPresent()) return comp;
                    int nested = name.lastIndexOf('$');
                    if (nested < 0) return Optional.empty();
                    name = name.substring(0, nested);
                    if (types.type(name).isEmpty()) return Optional.empty();
                }
            });
        }

        /** {@link EeSemantics#runsOncePerInstance} for a method of a class file. */
        private static boolean initialiser(MethodInfo m, Component component) {
            String name = m.ref.name();
            if (name.equals("<clinit>")) {
                return EeSemantics.runsOncePerInstance(EeSemantics.Callable.STATIC_INITIALISER, name, 0, false, component);
            }
            if (name.equals("<init>")) return EeSemantics.runsOncePerInstance(EeSemantics.Callable.CONSTRUCTOR, name, 0, false, component);
            boolean postConstruct = false;
            for (AnnotationUsage a : m.annotations()) {
                if (a.getAnnotation().getFullyQualifiedName().endsWith("PostConstruct")) postConstruct = true;
            }
            return EeSemantics.runsOncePerInstance(EeSemantics.Callable.METHOD, name, m.arity, postConstruct, component);
        }

        // ------------------------------------------------------------ edges

        private static CallEdge edge(Site site, MethodRef to, EdgeKind kind, CallOp op, String targetComponent) {
            return new CallEdge(site.from(), to, kind, op, site.location(), site.loopDepth(), targetComponent, site.once(), false);
        }

    }

}
