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
import sootup.core.jimple.common.constant.ClassConstant;
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
import sootup.core.types.ClassType;
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
    private static final int MAX_INLINE = CallSiteAssembler.MAX_FORWARDING;

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
        run.graph.setFacts(run.facts.facts(components, pages == null ? null : pages.graph().facts()));
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
        private final MutableCallGraph graph = new MutableCallGraph();
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final Map<String, Optional<Component>> componentByClass = new HashMap<>();
        private final Map<String, Boolean> usesWebServices = new HashMap<>();
        private final Map<MethodInfo, Optional<Body>> bodies = new HashMap<>();
        private final BytecodeEntityStateWrites entityWrites;
        private final DeploymentNames names;
        /** Classes of the {@code new} expressions seen in the bodies scanned. */
        private final Set<String> created = new java.util.HashSet<>();
        private final List<Instantiation.Reflective> reflective = new ArrayList<>();
        /** WAN008–WAN010's facts; the statement facts of each call site wait here until the site becomes edges. */
        private final BytecodeSourceFacts facts;
        private final Map<CallSite, BytecodeStatementFacts.Flags> siteFacts = new java.util.IdentityHashMap<>();
        private final BytecodeJpaTargets jpaTargets;

        Run(BytecodeTypes types, ComponentModel model, DeploymentNames names) {
            this.types = types;
            this.model = model;
            this.names = names;
            this.entityWrites = new BytecodeEntityStateWrites(types, this::body);
            this.facts = new BytecodeSourceFacts(types, this::body);
            this.jpaTargets = new BytecodeJpaTargets(types, model);
        }

        /** Where a call is: the method it is attributed to, and the place and shape of the statement. */
        private record Site(MethodRef from, ClassInfo owner, Component component, BytecodeBodyShape shape, Local thisLocal,
                            SourceLocation location, int loopDepth, boolean once, int order) {}

        /**
         * A call site with its statement order, for the {@code UserTransaction} span pass. Sites become
         * edges once every body is scanned: which classes are instantiated is known only then.
         */
        private record Pending(CallSite site, int line, int order) {}

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
            Instantiation instantiation = new Instantiation(Instantiation.Facts.of(created, reflective, names), model, names);
            CallSiteAssembler<ClassInfo, MethodInfo> assembler = new CallSiteAssembler<>(types, model, instantiation,
                    (bean, site) -> entityWrites.changesState(bean, site.declared()), this::forwarded,
                    types::loadClass, java.util.function.UnaryOperator.identity());
            for (List<Pending> pending : scanned) {
                List<CallEdge> edges = new ArrayList<>();
                List<BytecodeStatementFacts.Flags> edgeFacts = new ArrayList<>();
                for (Pending p : pending) {
                    try {
                        List<CallEdge> made = assembler.edges(p.site());
                        edges.addAll(made);
                        for (int i = 0; i < made.size(); i++) edgeFacts.add(siteFacts.get(p.site()));
                    } catch (RuntimeException | StackOverflowError e) {
                        // One call SootUp models in an unexpected way is skipped, never fatal.
                    }
                }
                List<CallEdge> marked = EeSemantics.markUserTransactions(edges);
                for (int i = 0; i < marked.size(); i++) {
                    graph.addEdge(marked.get(i));
                    facts.edgesOf(edgeFacts.get(i), List.of(marked.get(i)));
                }
            }
            instantiation.diagnostic().ifPresent(diagnostics::add);
            graph.setUnseenCode(instantiation.unseenCode(n -> types.type(n).isPresent()));
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
            if (defs.size() > 1) {
                // javac reuses a variable's slot for later variables of other types (a stream, then the name):
                // only the definitions that give a String can be the class name.
                defs = defs.stream().filter(d -> d.getType().toString().equals("java.lang.String")).toList();
            }
            if (defs.size() != 1) return new Instantiation.Unknown();
            Value def = defs.get(0);
            if (def instanceof sootup.core.jimple.common.expr.JCastExpr cast) return classNameOrigin(cast.getOp(), shape, depth + 1);
            if (def instanceof Local other) return classNameOrigin(other, shape, depth + 1);
            if (def instanceof AbstractInvokeExpr call && call.getMethodSignature().getName().equals("lookup") && call.getArgCount() == 1) {
                return constantString(call.getArg(0), shape).<Instantiation.LoadedName>map(Instantiation.EnvEntry::new)
                        .orElse(new Instantiation.Unknown());
            }
            if (def instanceof AbstractInstanceInvokeExpr call && call.getMethodSignature().getName().equals("getProperty")
                    && call.getArgCount() >= 1) {
                return constantString(call.getArg(0), shape).<Instantiation.LoadedName>map(Instantiation.Property::new)
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
            BytecodeStatementFacts.Method factsOf = facts.method(m, body, shape, thisLocal);
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
                        Optional<CallSite> c = callSite(expr.get(), s, site, inlined);
                        if (c.isPresent()) {
                            out.add(new Pending(c.get(), line, site.order()));
                            BytecodeStatementFacts.Flags f = facts.call(s, expr.get(), factsOf, from, shape, site.location());
                            if (f.any()) siteFacts.put(c.get(), f);
                        }
                    }
                } catch (RuntimeException | StackOverflowError e) {
                    // One call SootUp models in an unexpected way is skipped, never fatal.
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
            out.add(new Pending(new CallSite(at.from(), at.owner().name, at.component(), CallSite.Kind.METHOD_REFERENCE,
                    impl.get().owner.name, ProgramView.Callee.exactly(ref.name(), ref.parameterTypes()), ref,
                    impl.get().isStatic ? ReceiverForm.STATIC : ReceiverForm.VALUE,
                    new CallSite.Fixed(at.location(), at.loopDepth(), List.of()), at.once(), inlined, CallSite.Syntax.NONE), at.location().line(), at.order()));
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

        /**
         * The neutral record of one invoke statement: the declared callee and static receiver type javac
         * wrote into the class file, and the answers about the code around it that the assembler may need
         * (read now: the bodies are not kept until the sites are assembled).
         */
        private Optional<CallSite> callSite(AbstractInvokeExpr call, Stmt stmt, Site site, int inlined) {
            MethodSignature sig = call.getMethodSignature();
            String type = sig.getDeclClassType().getFullyQualifiedName();
            String name = sig.getName();
            if (name.equals("<clinit>")) return Optional.empty();
            MethodRef invoked = BytecodeTypes.refOf(sig);
            ReceiverForm form;
            if (call instanceof JStaticInvokeExpr) form = ReceiverForm.STATIC;
            else if (call instanceof JSpecialInvokeExpr) form = ReceiverForm.SUPER;
            else if (call instanceof AbstractInstanceInvokeExpr i && i.getBase().equals(site.thisLocal())) form = ReceiverForm.THIS;
            else form = ReceiverForm.VALUE;
            List<String> constants = new ArrayList<>();
            if (call.getArgCount() >= 1) constants.add(constantString(call.getArg(0), site.shape()).orElse(null));
            UrlProtocols.Reach url = UrlProtocols.isUrlConnection(type) ? urlReach(call, stmt, site) : UrlProtocols.Reach.UNKNOWN;
            boolean port = types.selfAndAncestors(type).contains("java.rmi.Remote") && isWebServicePort(type, call, site);
            return Optional.of(new CallSite(site.from(), site.owner().name, site.component(), CallSite.Kind.CALL, type,
                    ProgramView.Callee.exactly(name, invoked.parameterTypes()), invoked, form,
                    new CallSite.Fixed(site.location(), site.loopDepth(), List.of()), site.once(), inlined, new CallSite.Known(constants, url, port, jpaTargets.of(type, call, site.shape(), site.owner().name),
                            call.getArgs().stream().anyMatch(a -> typeOf(a) != null && typeOf(a).endsWith(".LockModeType")))));
        }

        /** The static class type of a value (a local's type as Jimple infers it), or null. */
        private static String typeOf(Value v) {
            return v instanceof Local l && l.getType() instanceof ClassType t ? t.getFullyQualifiedName() : null;
        }

        /**
         * The calls a compiler-made forwarder (bridge, accessor) makes, for the assembler to place at the
         * call that reached it; empty for a method of its own. A lambda body reached by dispatch makes none
         * (its calls belong to the method that creates the lambda).
         */
        private Optional<List<CallSite>> forwarded(MethodInfo forwarder, CallSite at) {
            if (!forwarder.synthetic) return Optional.empty();
            if (forwarder.isLambdaBody()) return Optional.of(List.of());
            Optional<Body> body = body(forwarder);
            if (body.isEmpty()) return Optional.of(List.of());
            Local inner = null;
            try {
                if (!forwarder.isStatic) inner = body.get().getThisLocal();
            } catch (RuntimeException ignored) {
                // no this
            }
            BytecodeBodyShape shape = new BytecodeBodyShape(body.get().getControlFlowGraph(), inner);
            Site site = new Site(at.from(), forwarder.owner, at.component(), shape, inner, at.location(), at.loopDepth(),
                    at.once(), 0);
            List<CallSite> out = new ArrayList<>();
            for (Stmt s : body.get().getControlFlowGraph().getStmts()) {
                if (!s.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
                if (e.isPresent() && !(e.get() instanceof JDynamicInvokeExpr)) {
                    callSite(e.get(), s, site, at.forwardedDepth()).ifPresent(out::add);
                }
            }
            return Optional.of(out);
        }

        // ------------------------------------------------------------ API calls

        /**
         * Where the URL a {@code url.openStream()}/{@code openConnection()} call's receiver holds points;
         * HTTP when the code casts the connection to an HTTP one ({@code (HttpURLConnection) url.openConnection()}).
         */
        private static UrlProtocols.Reach urlReach(AbstractInvokeExpr call, Stmt stmt, Site site) {
            UrlProtocols.Reach reach = call instanceof AbstractInstanceInvokeExpr i
                    ? urlReach(i.getBase(), site.shape(), 0) : UrlProtocols.Reach.UNKNOWN;
            if (reach == UrlProtocols.Reach.UNKNOWN && stmt instanceof JAssignStmt a && a.getLeftOp() instanceof Local made
                    && site.shape().castsOf(made).stream().anyMatch(UrlProtocols::isHttpConnectionType)) {
                reach = UrlProtocols.Reach.NETWORK;
            }
            return reach;
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

    }

}
