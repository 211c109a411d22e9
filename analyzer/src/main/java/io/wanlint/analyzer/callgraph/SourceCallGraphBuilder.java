package io.wanlint.analyzer.callgraph;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.AppTypes.MethodInfo;
import io.wanlint.analyzer.callgraph.AppTypes.TypeInfo;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspTag;
import io.wanlint.analyzer.ingest.JspUnit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The source front end of the call graph (docs/architecture.md §Call graph): reads the parsed Java units and JSP pages,
 * resolves every call that can matter (application methods, EJB views, classified API calls) and
 * produces the immutable graph, its entry points and its transaction query.
 *
 * <p>Type resolution uses the JavaParser symbol solver over the application's own units and the
 * Java EE / Jakarta EE API jars on the analyzer's classpath, with a cheap declared-type resolver
 * first for the simple receivers and as the fallback; what neither resolves becomes a
 * best-effort edge by name and one summary diagnostic per file. Files are scanned in parallel, each
 * by one thread with its own symbol solver ({@link ScanSolvers}), and merged in file order.
 */
public final class SourceCallGraphBuilder {

    private static final Set<String> JSTL_SQL = Set.of("http://java.sun.com/jstl/sql", "http://java.sun.com/jstl/sql_rt",
            "http://java.sun.com/jsp/jstl/sql", "jakarta.tags.sql");
    private static final List<String> TAG_CALLBACKS = List.of("doStartTag", "doInitBody", "doAfterBody", "doEndTag", "doTag");

    /** Builds the graph; never throws on bad input (unresolvable code becomes diagnostics). */
    public CallGraphOutcome build(List<JavaUnit> units, List<JspUnit> jsps, ComponentModel model, TagHandlers tagHandlers) {
        return build(units, jsps, model, tagHandlers, DeploymentNames.NONE);
    }

    /** As {@link #build(List, List, ComponentModel, TagHandlers)}, with the class names the deployment's descriptors write. */
    public CallGraphOutcome build(List<JavaUnit> units, List<JspUnit> jsps, ComponentModel model, TagHandlers tagHandlers,
                                  DeploymentNames names) {
        return build(units, jsps, model, tagHandlers, names, false, SCAN_THREADS).outcome();
    }

    /** Threads that scan files: as many as there are cores, as for parsing. */
    private static final int SCAN_THREADS = Runtime.getRuntime().availableProcessors();

    /** As {@link #build(List, List, ComponentModel, TagHandlers, DeploymentNames)}, files scanned on {@code threads} threads. */
    CallGraphOutcome build(List<JavaUnit> units, List<JspUnit> jsps, ComponentModel model, TagHandlers tagHandlers,
                           DeploymentNames names, int threads) {
        return build(units, jsps, model, tagHandlers, names, false, threads).outcome();
    }

    /** The parts of the previous run's graph an update starts from (as the cache stored them). */
    public record PreviousGraph(java.util.Collection<MethodNode> nodes, List<CallEdge> edges, SourceFacts facts,
                                List<io.wanlint.analyzer.api.UnseenCode> unseenCode) {
        public PreviousGraph {
            unseenCode = unseenCode == null ? List.of() : List.copyOf(unseenCode);
        }

        public PreviousGraph(java.util.Collection<MethodNode> nodes, List<CallEdge> edges, SourceFacts facts) {
            this(nodes, edges, facts, List.of());
        }
    }

    /** A graph with what a later run needs to update it after some files changed ({@link #update}). */
    public record Recorded(CallGraphOutcome outcome, GraphMemory memory) {}

    /** As {@link #build}, also keeping the {@link GraphMemory} an incremental run updates the graph from. */
    public Recorded buildRecorded(List<JavaUnit> units, List<JspUnit> jsps, ComponentModel model, TagHandlers tagHandlers,
                                  DeploymentNames names) {
        return build(units, jsps, model, tagHandlers, names, true, SCAN_THREADS);
    }

    private Recorded build(List<JavaUnit> units, List<JspUnit> jsps, ComponentModel model, TagHandlers tagHandlers,
                           DeploymentNames deploymentNames, boolean record, int threads) {
        DeploymentNames names = deploymentNames == null ? DeploymentNames.NONE : deploymentNames;
        ComponentModel components = model == null ? ComponentModel.EMPTY : model;
        TagHandlers handlers = tagHandlers == null ? TagHandlers.NONE : tagHandlers;
        List<AppTypes.UnitSource> sources = new ArrayList<>();
        for (JavaUnit u : units) sources.add(new AppTypes.UnitSource(u.unit(), u.source().path(), null, null));
        for (JspUnit j : jsps) {
            if (j.unit() != null) {
                sources.add(new AppTypes.UnitSource(j.unit(), j.source().path(), j.syntheticClassName(), j.graphClassName()));
            }
        }
        // The walks for what is instantiated need no index: made on the other core while this one indexes.
        SourceInstantiations.Walks walks = SourceInstantiations.walking(sources);
        AppTypes types = new AppTypes(sources);
        types.knowGeneratedViews(components);
        Instantiation instantiation = new Instantiation(
                SourceInstantiations.of(types, walks, new JndiNames(types, components), names), components, names);
        Scanner scanner = new Scanner(types, sources, components, instantiation);

        MutableCallGraph graph = new MutableCallGraph();
        for (TypeInfo t : types.all()) scanner.addNodes(t, graph);
        List<ScannedFile> scanned = scanner.scanAll(new ArrayList<>(byFile(types).entrySet()), record, threads);
        List<FileResult> results = scanned.stream().map(ScannedFile::result).toList();
        addScans(results, graph);
        for (JspUnit j : jsps) addJspTags(j, types, handlers, graph);
        GuardedStores guardedStores = new GuardedStores(types);
        addCallbacks(graph, components, types, guardedStores);

        Set<CallEdge> conditional = new java.util.HashSet<>();
        Set<CallEdge> sqlBuilt = new java.util.HashSet<>();
        List<SourceFacts.SessionStateValue> sessionState = new ArrayList<>();
        for (FileResult r : results) {
            if (r.scan() == null) continue;
            conditional.addAll(r.scan().conditional);
            sqlBuilt.addAll(r.scan().sqlBuilt);
            sessionState.addAll(r.scan().sessionState);
        }
        sessionState.addAll(scanner.resolver.statefulBeanFields(components, t -> true));
        List<SourceFacts.StateFact> clusterState = new ArrayList<>();
        for (ScannedFile file : scanned) clusterState.addAll(file.clusterState());
        graph.setFacts(new SourceFacts(true, conditional, sqlBuilt, sessionState, testCode(types), clusterState));
        new EntryPointRules<>(types, components, pages(jsps, types, jspComponents(components))).addTo(graph);
        graph.setUnseenCode(instantiation.unseenCode(n -> types.type(n).isPresent()));
        FrozenCallGraph frozen = graph.freeze();
        List<Diagnostic> diagnostics = diagnostics(results);
        instantiation.diagnostic().ifPresent(diagnostics::add);
        CallGraphOutcome outcome = new CallGraphOutcome(frozen, new ContainerTransactionScopes(frozen, components), diagnostics);
        if (!record) return new Recorded(outcome, null);
        Map<String, Set<String>> reads = new java.util.TreeMap<>();
        Map<String, Set<String>> signatureReads = new java.util.TreeMap<>();
        for (FileResult r : results) {
            if (!r.reads().bodies().isEmpty()) reads.put(r.file(), r.reads().bodies());
            if (!r.reads().signatures().isEmpty()) signatureReads.put(r.file(), r.reads().signatures());
        }
        return new Recorded(outcome, new GraphMemory(types.facts(), reads, signatureReads, NamedQueries.ofSources(types, components),
                guardedStores.answers(), instantiation.facts().created(), instantiation.facts().open()));
    }

    /**
     * The graph of the previous run updated after some Java files or JSP pages changed without
     * changing their declarations (their {@link SurfaceFingerprint surfaces} are the same): those
     * files are scanned again, and so are the files whose scan read their code, the container
     * callbacks and entry points are worked out again, and everything else is the previous graph's.
     * Changed pages must not use tag libraries (their tag edges are not made again here). Empty when
     * the update cannot be made exactly (an unchanged JSP page would need scanning again, a file
     * needed on demand no longer parses as before): the caller then analyses from scratch.
     *
     * @param memory              what the previous run kept ({@link Recorded#memory()})
     * @param previous            the previous run's graph
     * @param previousDiagnostics the previous run's call-graph diagnostics
     * @param changed             the changed Java files' new units, by file
     * @param changedPages        the changed JSP pages, translated again, by file
     * @param pages               the JSP pages, in ingest order; only their files and page paths are used
     * @param loader              parses any other Java file on demand (empty when it cannot: the update is then given up)
     */
    public Optional<Recorded> update(GraphMemory memory, PreviousGraph previous, List<Diagnostic> previousDiagnostics,
                                     Map<String, JavaUnit> changed, Map<String, JspUnit> changedPages,
                                     ComponentModel model, List<JspUnit> pages, DeploymentNames names,
                                     java.util.function.Function<String, Optional<com.github.javaparser.ast.CompilationUnit>> loader) {
        AppTypes.UnitLoader units = file -> loader.apply(file)
                .orElseThrow(() -> new AppTypes.IncrementalUnavailable(file + " cannot be parsed again"));
        try {
            return Optional.of(updateOrThrow(memory, previous, previousDiagnostics, changed, changedPages, model, pages,
                    names == null ? DeploymentNames.NONE : names, units));
        } catch (AppTypes.IncrementalUnavailable e) {
            return Optional.empty();
        }
    }

    private Recorded updateOrThrow(GraphMemory memory, PreviousGraph previous, List<Diagnostic> previousDiagnostics,
                                   Map<String, JavaUnit> changedJava, Map<String, JspUnit> changedPages,
                                   ComponentModel model, List<JspUnit> pages, DeploymentNames names,
                                   AppTypes.UnitLoader loader) {
        ComponentModel components = model == null ? ComponentModel.EMPTY : model;
        Map<String, AppTypes.UnitSource> fresh = new LinkedHashMap<>();
        for (Map.Entry<String, JavaUnit> c : changedJava.entrySet()) {
            fresh.put(c.getKey(), new AppTypes.UnitSource(c.getValue().unit(), c.getKey(), null, null));
        }
        for (Map.Entry<String, JspUnit> p : changedPages.entrySet()) {
            JspUnit j = p.getValue();
            if (j.unit() == null) throw new AppTypes.IncrementalUnavailable("page " + p.getKey() + " did not translate");
            fresh.put(p.getKey(), new AppTypes.UnitSource(j.unit(), p.getKey(), j.syntheticClassName(), j.graphClassName()));
        }
        // Every changed file, Java or page: what was read from them is read again.
        Map<String, AppTypes.UnitSource> changed = fresh;
        AppTypes types = new AppTypes(memory.index(), fresh, loader);
        types.knowGeneratedViews(components);
        types.knowNamedQueries(memory.namedQueries());
        // What is instantiated is as before: a change to a file's creations changes its surface, which is analysed from scratch.
        Instantiation instantiation = new Instantiation(new Instantiation.Facts(memory.created(), memory.openTypes()),
                components, names);
        Scanner scanner = new Scanner(types, List.copyOf(fresh.values()), components, instantiation);

        Set<String> jspFiles = new java.util.HashSet<>();
        for (IndexFacts.File f : memory.index()) if (f.syntheticClass() != null) jspFiles.add(f.file());
        Set<String> rescan = new java.util.HashSet<>(changed.keySet());
        memory.reads().forEach((file, read) -> {
            for (String c : changed.keySet()) if (read.contains(c)) rescan.add(file);
        });
        for (String f : rescan) {
            // An unchanged page is not parsed again here (its class comes from translating the page).
            if (jspFiles.contains(f) && !changedPages.containsKey(f)) {
                throw new AppTypes.IncrementalUnavailable("page " + f + " read a changed file");
            }
        }

        MutableCallGraph graph = new MutableCallGraph();
        for (MethodNode n : previous.nodes()) if (!rescan.contains(n.location().file())) graph.addNode(n);
        Map<String, List<TypeInfo>> byFile = byFile(types);
        for (String f : rescan) for (TypeInfo t : byFile.getOrDefault(f, List.of())) scanner.addNodes(t, graph);
        for (CallEdge e : previous.edges()) {
            if (e.op() != CallOp.CONTAINER_CALLBACK && !rescan.contains(e.location().file())) graph.addEdge(e);
        }
        List<String> order = new ArrayList<>(byFile.keySet());
        Map<String, FileResult> results = new LinkedHashMap<>();
        for (String f : order) {
            if (rescan.contains(f)) results.put(f, scanner.scan(f, byFile.get(f), true));
        }
        addScans(results.values(), graph);
        List<GuardedStores.Answer> known = memory.storeAnswers().stream()
                .filter(a -> a.reads().stream().noneMatch(changed::containsKey)).toList();
        GuardedStores guardedStores = new GuardedStores(types, known);
        addCallbacks(graph, components, types, guardedStores);

        SourceFacts before = previous.facts();
        Set<CallEdge> conditional = new java.util.HashSet<>();
        Set<CallEdge> sqlBuilt = new java.util.HashSet<>();
        for (CallEdge e : before.conditionalCalls()) if (!rescan.contains(e.location().file())) conditional.add(e);
        for (CallEdge e : before.sqlBuiltAtRuntime()) if (!rescan.contains(e.location().file())) sqlBuilt.add(e);
        Map<String, List<SourceFacts.SessionStateValue>> sessionByFile = new HashMap<>();
        Map<String, List<SourceFacts.SessionStateValue>> fieldsByBean = new HashMap<>();
        for (SourceFacts.SessionStateValue v : before.nonSerializableState()) {
            if (v.holder() == SourceFacts.Holder.STATEFUL_BEAN_FIELD) {
                fieldsByBean.computeIfAbsent(v.className(), k -> new ArrayList<>()).add(v);
            } else if (!rescan.contains(v.location().file())) {
                sessionByFile.computeIfAbsent(v.location().file(), k -> new ArrayList<>()).add(v);
            }
        }
        for (FileResult r : results.values()) {
            if (r.scan() == null) continue;
            conditional.addAll(r.scan().conditional);
            sqlBuilt.addAll(r.scan().sqlBuilt);
            if (!r.scan().sessionState.isEmpty()) sessionByFile.put(r.file(), r.scan().sessionState);
        }
        List<SourceFacts.SessionStateValue> sessionState = new ArrayList<>();
        for (String f : order) sessionState.addAll(sessionByFile.getOrDefault(f, List.of()));
        // Stateful beans' fields: read again for the beans declared in changed files (their lines may move).
        List<SourceFacts.SessionStateValue> again = scanner.resolver.statefulBeanFields(components,
                t -> changed.containsKey(t.file));
        for (Component c : components.components()) {
            if (c.kind() != ComponentKind.STATEFUL_SESSION || c.className() == null) continue;
            Optional<TypeInfo> bean = types.type(c.className());
            if (bean.isEmpty()) continue;
            if (changed.containsKey(bean.get().file)) {
                for (SourceFacts.SessionStateValue v : again) if (v.className().equals(bean.get().graphName)) sessionState.add(v);
            } else {
                sessionState.addAll(fieldsByBean.getOrDefault(bean.get().graphName, List.of()));
            }
        }
        // Cluster state: each file's own facts, read again for the files scanned again.
        Map<String, List<SourceFacts.StateFact>> clusterByFile = new HashMap<>();
        for (SourceFacts.StateFact f : before.clusterState()) {
            if (!rescan.contains(f.location().file())) clusterByFile.computeIfAbsent(f.location().file(), k -> new ArrayList<>()).add(f);
        }
        for (String f : rescan) clusterByFile.put(f, ClusterStateScan.of(types, components, byFile.getOrDefault(f, List.of())));
        List<SourceFacts.StateFact> clusterState = new ArrayList<>();
        for (String f : order) clusterState.addAll(clusterByFile.getOrDefault(f, List.of()));
        graph.setFacts(new SourceFacts(true, conditional, sqlBuilt, sessionState, testCode(types), clusterState));
        new EntryPointRules<>(types, components, pages(pages, types, jspComponents(components))).addTo(graph);
        if (types.unavailable().isPresent()) throw new AppTypes.IncrementalUnavailable(types.unavailable().get());
        // What is instantiated is as before, and so is what runs unseen.
        graph.setUnseenCode(previous.unseenCode());
        FrozenCallGraph frozen = graph.freeze();

        // Diagnostics: each file's, in file order, failures first as in a full build.
        List<FileResult> all = new ArrayList<>();
        Map<String, List<Diagnostic>> failures = new HashMap<>();
        Map<String, List<Diagnostic>> unresolved = new HashMap<>();
        for (Diagnostic d : previousDiagnostics) {
            (d.level() == Diagnostic.Level.ERROR ? failures : unresolved)
                    .computeIfAbsent(d.location().file(), k -> new ArrayList<>()).add(d);
        }
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (String f : order) {
            FileResult r = results.get(f);
            if (r != null) {
                if (r.failure() != null) diagnostics.add(r.failure());
            } else {
                diagnostics.addAll(failures.getOrDefault(f, List.of()));
            }
        }
        for (String f : order) {
            FileResult r = results.get(f);
            if (r != null) {
                if (r.scan() != null) unresolvedWarning(r.scan().stats).ifPresent(diagnostics::add);
            } else {
                diagnostics.addAll(unresolved.getOrDefault(f, List.of()));
            }
        }
        instantiation.diagnostic().ifPresent(diagnostics::add);
        CallGraphOutcome outcome = new CallGraphOutcome(frozen, new ContainerTransactionScopes(frozen, components), diagnostics);
        Map<String, Set<String>> reads = new java.util.TreeMap<>(memory.reads());
        Map<String, Set<String>> signatureReads = new java.util.TreeMap<>(memory.signatureReads());
        for (FileResult r : results.values()) {
            if (r.reads().bodies().isEmpty()) reads.remove(r.file());
            else reads.put(r.file(), r.reads().bodies());
            if (r.reads().signatures().isEmpty()) signatureReads.remove(r.file());
            else signatureReads.put(r.file(), r.reads().signatures());
        }
        return new Recorded(outcome, new GraphMemory(types.facts(), reads, signatureReads, memory.namedQueries(),
                guardedStores.answers(), memory.created(), memory.openTypes()));
    }

    /** The nodes and edges of the files scanned (a file the scanner failed on adds none). */
    private static void addScans(Iterable<FileResult> results, MutableCallGraph graph) {
        for (FileResult r : results) {
            if (r.scan() == null) continue;
            r.scan().nodes.forEach(graph::addNode);
            r.scan().edges.forEach(graph::addEdge);
        }
    }

    /** The container's callbacks on the graph's EJB calls, bean methods found up each bean's class chain. */
    private static void addCallbacks(MutableCallGraph graph, ComponentModel components, AppTypes types,
                                     GuardedStores guardedStores) {
        ContainerCallbacks.addTo(graph, components, new ContainerDispatch<>(types)::callback, guardedStores::mayWriteAfter);
    }

    private static Map<String, List<TypeInfo>> byFile(AppTypes types) {
        Map<String, List<TypeInfo>> byFile = new LinkedHashMap<>();
        for (TypeInfo t : types.all()) byFile.computeIfAbsent(t.file, k -> new ArrayList<>()).add(t);
        return byFile;
    }

    private static List<Diagnostic> diagnostics(List<FileResult> results) {
        List<Diagnostic> diagnostics = new ArrayList<>();
        for (FileResult r : results) if (r.failure() != null) diagnostics.add(r.failure());
        for (FileResult r : results) if (r.scan() != null) unresolvedWarning(r.scan().stats).ifPresent(diagnostics::add);
        return diagnostics;
    }

    private static Optional<Diagnostic> unresolvedWarning(ReceiverTypes.FileStats s) {
        if (s.unresolved == 0) return Optional.empty();
        String library = s.libraryCalls == 0 ? "" : String.format("; %d on library types not on the classpath kept as "
                + "unresolved library calls, never bound by name (first: %s)", s.libraryCalls, s.libraryExample);
        return Optional.of(Diagnostic.warning(s.file, s.exampleLine, String.format(
                "%d call(s) on receivers whose type could not be resolved (first: %s); %d kept as best-effort "
                        + "edges by method name%s, the rest ignored", s.unresolved, s.example, s.byName, library)));
    }

    /** One file's scan (null when the scanner failed on it), the failure's diagnostic, and the other files it read. */
    private record FileResult(String file, FileScan scan, Diagnostic failure, AppTypes.Reads reads) {}

    /** One file's scan and the cluster-state facts of its types (those only in a full build). */
    private record ScannedFile(FileResult result, List<SourceFacts.StateFact> clusterState) {}

    /** The resolution machinery of one run: the index, the symbol solvers, the resolvers. */
    private static final class Scanner {
        /** Files handed to a scanning thread at a time: few enough to balance files of very different sizes. */
        private static final int CHUNK = 8;
        /** What the launcher gives the main thread ({@code -Xss8m}), which scanned every file before. */
        private static final long SCAN_STACK_BYTES = 8L << 20;

        final AppTypes types;
        final ComponentModel components;
        final Map<String, Component> jspComponents;
        final Instantiation instantiation;
        /** Null when the symbol solver cannot be set up. */
        final ScanSolvers solvers;
        /** The calling thread's resolver. */
        final CallSiteResolver resolver;

        Scanner(AppTypes types, List<AppTypes.UnitSource> parsed, ComponentModel components, Instantiation instantiation) {
            this.types = types;
            this.components = components;
            this.jspComponents = jspComponents(components);
            this.instantiation = instantiation;
            this.solvers = ScanSolvers.attachTo(types, parsed).orElse(null);
            this.resolver = resolverWith(solvers == null ? null : solvers.calling());
        }

        /**
         * A resolver of its own for one thread: the resolvers' memos are concurrent, but the solver is not,
         * and the lazily made indexes of a resolver ({@code JndiNames}, {@code JpaEntities}) are one thread's.
         */
        private CallSiteResolver resolverWith(ScanSolvers.Solver solver) {
            return new CallSiteResolver(types, new ReceiverTypes(types, solver == null ? null : solver.facade()), components,
                    instantiation);
        }

        void addNodes(TypeInfo t, MutableCallGraph graph) {
            String component = componentOf(t, types, components, jspComponents).map(Component::name).orElse(null);
            for (MethodInfo m : t.methods) graph.addNode(new MethodNode(m.ref, component, m.location()));
        }

        FileResult scan(String file, List<TypeInfo> fileTypes, boolean record) {
            return scan(file, fileTypes, record, resolver);
        }

        /**
         * Every file scanned (and its cluster-state facts read), in the order given, on up to {@code threads}
         * threads, each with its own solver and resolvers; a file is scanned by one thread, as a whole. What a
         * file's scan yields depends neither on the thread nor on what that thread scanned before (the memos
         * hold answers equal to those worked out afresh), so the results are those of one thread.
         */
        List<ScannedFile> scanAll(List<Map.Entry<String, List<TypeInfo>>> files, boolean record, int threads) {
            int workers = Math.max(1, Math.min(threads, (files.size() + CHUNK - 1) / CHUNK));
            // Each worker's own solver, made here: when one cannot be made, no two threads may share one, so
            // the files are scanned on this thread.
            List<ScanSolvers.Solver> workerSolvers = new ArrayList<>();
            for (int w = 0; workers > 1 && solvers != null && w < workers; w++) solvers.forAnotherThread().ifPresent(workerSolvers::add);
            if (workers == 1 || solvers == null || workerSolvers.size() < workers) {
                List<ScannedFile> out = new ArrayList<>(files.size());
                for (Map.Entry<String, List<TypeInfo>> f : files) out.add(scanWithFacts(f, record, resolver));
                return out;
            }
            ScannedFile[] out = new ScannedFile[files.size()];
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            Throwable[] failures = new Throwable[workers];
            List<Thread> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int me = w;
                Thread thread = new Thread(null, () -> {
                    try {
                        ScanSolvers.Solver mine = workerSolvers.get(me);
                        CallSiteResolver own = resolverWith(mine);
                        try (ScanSolvers.Scope ignored = solvers.use(mine)) {
                            for (int start; (start = next.getAndAdd(CHUNK)) < files.size(); ) {
                                for (int i = start; i < Math.min(files.size(), start + CHUNK); i++) {
                                    out[i] = scanWithFacts(files.get(i), record, own);
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failures[me] = e;
                    }
                }, "wanlint-call-graph-" + w, SCAN_STACK_BYTES);
                thread.setDaemon(true);
                thread.start();
                running.add(thread);
            }
            boolean interrupted = false;
            // Joined (whatever interrupts): the results are read only once every thread is done with them.
            for (Thread t : running) {
                while (true) {
                    try {
                        t.join();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
            for (Throwable f : failures) {
                if (f instanceof RuntimeException r) throw r;
                if (f instanceof Error e) throw e;
                if (f != null) throw new IllegalStateException(f);
            }
            return List.of(out);
        }

        private ScannedFile scanWithFacts(Map.Entry<String, List<TypeInfo>> file, boolean record, CallSiteResolver with) {
            FileResult r = scan(file.getKey(), file.getValue(), record, with);
            if (r.scan() == null) return new ScannedFile(r, ClusterStateScan.of(types, components, file.getValue()));
            // The bodies walked once for both; the walks are let go with the file (the results are kept to the end).
            List<SourceFacts.StateFact> facts = ClusterStateScan.of(types, components, file.getValue(), r.scan().walked);
            r.scan().walked = Map.of();
            return new ScannedFile(r, facts);
        }

        private FileResult scan(String file, List<TypeInfo> fileTypes, boolean record, CallSiteResolver with) {
            FileScan scan = new FileScan(new ReceiverTypes.FileStats(file));
            RuntimeException[] failed = {null};
            boolean[] tooDeep = {false};
            Runnable work = () -> {
                try {
                    for (TypeInfo t : fileTypes) {
                        scanType(t, componentOf(t, types, components, jspComponents).orElse(null), types, with, scan);
                    }
                } catch (AppTypes.IncrementalUnavailable e) {
                    throw e;
                } catch (RuntimeException e) {
                    failed[0] = e;
                } catch (StackOverflowError e) {
                    tooDeep[0] = true;
                }
            };
            AppTypes.Reads reads = AppTypes.Reads.NONE;
            if (record) reads = AppTypes.recordingReads(file, work);
            else work.run();
            scan.stats.scanned();
            if (failed[0] != null || tooDeep[0]) {
                // One file the scanner cannot handle loses its calls, never the rest of the graph.
                return new FileResult(file, null, Diagnostic.error(file, 0, "calls of this file are left out of the call graph: "
                        + (tooDeep[0] ? "code nested too deeply" : "internal error ("
                        + failed[0].getClass().getSimpleName() + ")")), reads);
            }
            return new FileResult(file, scan, null, reads);
        }
    }

    /** A symbol solver attached to the units, for tests that resolve receivers outside a build. */
    static JavaParserFacade symbolSolver(AppTypes types, List<AppTypes.UnitSource> sources) {
        return ScanSolvers.attachTo(types, sources).map(s -> s.calling().facade()).orElse(null);
    }

    // ---------------------------------------------------------------- scanning

    /** What scanning one file produced. */
    private static final class FileScan {
        final List<MethodNode> nodes = new ArrayList<>();
        final List<CallEdge> edges = new ArrayList<>();
        final List<CallEdge> conditional = new ArrayList<>();
        final List<CallEdge> sqlBuilt = new ArrayList<>();
        final List<SourceFacts.SessionStateValue> sessionState = new ArrayList<>();
        final ReceiverTypes.FileStats stats;
        /** Each callable's nodes as the scan walked them, for the file's cluster-state facts; dropped once they are read. */
        Map<Node, CallableNodes> walked = new java.util.IdentityHashMap<>();

        FileScan(ReceiverTypes.FileStats stats) { this.stats = stats; }
    }

    /** A resolved call with its position, for the {@code UserTransaction} span pass. */
    private record Pending(CallEdge edge, Position at, Node node) {}

    private static void scanType(TypeInfo t, Component component, AppTypes types, CallSiteResolver resolver,
                                 FileScan scan) {
        List<MethodRef> constructors = t.methods.stream().filter(m -> m.ref.name().equals("<init>")).map(m -> m.ref).toList();
        MethodRef clinit = new MethodRef(t.graphName, "<clinit>", List.of());
        CacheGuards guards = new CacheGuards(t.decl());
        for (BodyDeclaration<?> member : t.decl().getMembers()) {
            if (member instanceof MethodDeclaration md) {
                if (md.getBody().isEmpty()) continue;
                MethodInfo mi = types.methodOf(md).orElse(null);
                if (mi != null) scanCallable(md, List.of(mi.ref), t, component, resolver, guards, scan);
            } else if (member instanceof ConstructorDeclaration cd) {
                MethodInfo mi = types.methodOf(cd).orElse(null);
                if (mi != null) scanCallable(cd, List.of(mi.ref), t, component, resolver, guards, scan);
            } else if (member instanceof InitializerDeclaration init) {
                List<MethodRef> from = init.isStatic() ? List.of(clinit) : constructors;
                if (init.isStatic()) scan.nodes.add(new MethodNode(clinit, component == null ? null : component.name(),
                        new SourceLocation(t.file, init.getBegin().map(p -> p.line).orElse(0))));
                scanCallable(init, from, t, component, resolver, guards, scan);
            } else if (member instanceof FieldDeclaration fd && fd.getVariables().stream().anyMatch(v -> v.getInitializer().isPresent())) {
                List<MethodRef> from = fd.isStatic() ? List.of(clinit) : constructors;
                if (fd.isStatic() && !fd.findAll(MethodCallExpr.class).isEmpty()) {
                    scan.nodes.add(new MethodNode(clinit, component == null ? null : component.name(),
                            new SourceLocation(t.file, fd.getBegin().map(p -> p.line).orElse(0))));
                }
                scanCallable(fd, from, t, component, resolver, guards, scan);
            }
        }
    }


    private static void scanCallable(Node callable, List<MethodRef> froms, TypeInfo owner, Component component,
                                     CallSiteResolver resolver, CacheGuards guards, FileScan scan) {
        if (froms.isEmpty()) return;
        boolean initialiser = runsOncePerInstance(callable, component);
        CallableNodes nodes = CallableNodes.of(callable);
        scan.walked.put(callable, nodes);
        Set<String> cacheMaps = CallSiteShape.cacheMaps(nodes.calls());
        // What javac leaves out of the class file (if (DEBUG) …) is no call here either.
        List<Node> dead = resolver.constants().deadCode(nodes.ifs(), nodes.conditionals(), nodes.binaries());
        for (MethodRef from : froms) {
            CallSiteResolver.Site site = new CallSiteResolver.Site(from, owner, callable, component, scan.stats);
            List<Pending> pending = new ArrayList<>();
            for (Node n : nodes.sites()) {
                if (!dead.isEmpty() && SourceConstants.inDeadCode(n, dead)) continue;
                List<CallEdge> edges;
                if (n instanceof MethodCallExpr call) edges = safely(() -> resolver.resolve(call, site));
                else if (n instanceof ObjectCreationExpr creation) edges = safely(() -> resolver.resolve(creation, site));
                else if (n instanceof ExplicitConstructorInvocationStmt ctor) edges = safely(() -> resolver.resolve(ctor, site));
                else if (n instanceof MethodReferenceExpr ref) edges = safely(() -> resolver.resolve(ref, site));
                else continue;
                if (n instanceof MethodCallExpr call) resolver.sessionPut(call, site).ifPresent(scan.sessionState::add);
                if (edges.isEmpty()) continue;
                boolean once = initialiser || guards.behindCache(n, callable, cacheMaps);
                // Evaluation order: a call's receiver and arguments end before the call does.
                Position at = n.getEnd().orElse(Position.HOME);
                for (CallEdge e : edges) pending.add(new Pending(once ? withFlags(e, true, false) : e, at, n));
            }
            pending.sort(Comparator.comparing(Pending::at));
            List<CallEdge> marked = EeSemantics.markUserTransactions(pending.stream().map(Pending::edge).toList());
            scan.edges.addAll(marked);
            for (int i = 0; i < marked.size(); i++) noteFacts(marked.get(i), pending.get(i).node(), callable, owner, scan);
        }
    }

    /** Simple names of the annotations that mark a test method (JUnit 4 and 5, TestNG). */
    private static final Set<String> TEST_ANNOTATIONS = Set.of("Test", "ParameterizedTest", "RepeatedTest", "TestFactory");
    /** JUnit 3's test types: a runner runs whatever implements {@code Test} (the itests' own numbered test cases do). */
    private static final Set<String> TEST_CASES = Set.of("junit.framework.Test", "junit.framework.TestCase",
            "junit.framework.TestSuite", "junit.framework.Assert");

    /**
     * Classes of test code ({@link SourceFacts#testCode}): a test runner runs them, no container deploys
     * them. Read off the type index alone, so an incremental update recomputes them for free.
     */
    static Set<String> testCode(AppTypes types) {
        Set<String> out = new java.util.HashSet<>();
        for (TypeInfo t : types.all()) {
            boolean test = t.file != null && ("/" + t.file.replace('\\', '/')).contains("/src/test/")
                    || types.selfAndAncestors(t.fqn).stream().anyMatch(TEST_CASES::contains)
                    || t.methods.stream().anyMatch(m -> m.annotations.stream()
                            .anyMatch(a -> TEST_ANNOTATIONS.contains(EntryPointRules.simple(a))));
            if (test) out.add(t.graphName);
        }
        return out;
    }

    /** The {@link SourceFacts} of one call: only statement executions and preparations and {@code ejbStore}'s calls are asked about. */
    private static void noteFacts(CallEdge e, Node node, Node callable, TypeInfo owner, FileScan scan) {
        boolean execute = e.op() == CallOp.JDBC_EXECUTE;
        if ((execute || e.from().name().equals("ejbStore")) && StatementFacts.conditional(node, callable)) {
            scan.conditional.add(e);
        }
        if (execute && node instanceof MethodCallExpr call && StatementFacts.sqlBuiltAtRuntime(call, callable, owner.decl())) {
            scan.sqlBuilt.add(e);
        }
        if (e.op() == CallOp.JDBC_PREPARE && node instanceof MethodCallExpr call
                && StatementFacts.preparedFromRuntimeText(call, callable, owner.decl())) {
            scan.sqlBuilt.add(e);
        }
    }

    /** {@link EeSemantics#runsOncePerInstance} for a callable of the source. */
    private static boolean runsOncePerInstance(Node callable, Component component) {
        if (callable instanceof InitializerDeclaration i && i.isStatic() || callable instanceof FieldDeclaration f && f.isStatic()) {
            return EeSemantics.runsOncePerInstance(EeSemantics.Callable.STATIC_INITIALISER, "<clinit>", 0, false, component);
        }
        if (callable instanceof ConstructorDeclaration || callable instanceof InitializerDeclaration
                || callable instanceof FieldDeclaration) {
            return EeSemantics.runsOncePerInstance(EeSemantics.Callable.CONSTRUCTOR, "<init>", 0, false, component);
        }
        if (callable instanceof MethodDeclaration m) {
            boolean postConstruct = m.getAnnotations().stream().anyMatch(a -> a.getNameAsString().endsWith("PostConstruct"));
            return EeSemantics.runsOncePerInstance(EeSemantics.Callable.METHOD, m.getNameAsString(), m.getParameters().size(),
                    postConstruct, component);
        }
        return false;
    }

    /** A call the resolver cannot handle (a parser corner case) is skipped, never fatal. */
    private static List<CallEdge> safely(java.util.function.Supplier<List<CallEdge>> work) {
        try {
            return work.get();
        } catch (AppTypes.IncrementalUnavailable e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            return List.of();
        }
    }

    private static CallEdge withFlags(CallEdge e, boolean cachedOnce, boolean inUserTransaction) {
        return e.withFlags(cachedOnce, inUserTransaction);
    }

    // ---------------------------------------------------------------- JSP tags

    private static void addJspTags(JspUnit jsp, AppTypes types, TagHandlers handlers, MutableCallGraph graph) {
        String file = jsp.source().path();
        MethodRef service = jspService(jsp, types);
        if (!graph.hasNode(service)) graph.addNode(new MethodNode(service, null, new SourceLocation(file, 1)));
        for (JspTag tag : jsp.tags()) {
            SourceLocation at = new SourceLocation(file, tag.line());
            if (tag.taglibUri() == null) continue;
            if (JSTL_SQL.contains(tag.taglibUri())) {
                sqlTagEdge(tag).ifPresent(op -> graph.addEdge(new CallEdge(service,
                        new MethodRef("javax.servlet.jsp.jstl.sql", tag.name(), List.of()), EdgeKind.JDBC, op, at, 0, null,
                        false, false)));
                continue;
            }
            Optional<TypeInfo> handler = handlers.handlerClass(tag.taglibUri(), tag.name()).flatMap(types::type);
            if (handler.isEmpty()) continue;
            // The container runs the callbacks on an instance of the handler class the TLD names, whatever
            // superclass declares them: their calls on this run that class's overrides.
            Receiver onHandler = new Receiver.Exact(types.name(handler.get()));
            for (String callback : TAG_CALLBACKS) {
                types.concreteInClassChain(handler.get(), callback, 0).ifPresent(m -> graph.addEdge(
                        new CallEdge(service, m.ref, EdgeKind.LOCAL, CallOp.INVOKE, at, 0, null, false, false, List.of(), onHandler)));
            }
        }
    }

    private static Optional<CallOp> sqlTagEdge(JspTag tag) {
        return switch (tag.name()) {
            case "query", "update" -> Optional.of(CallOp.JDBC_EXECUTE);
            case "transaction" -> Optional.of(CallOp.JDBC_COMMIT);
            case "setDataSource" -> tag.attributes().containsKey("driver")
                    ? Optional.of(CallOp.JDBC_CONNECTION_DRIVER_MANAGER) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** The page's {@code _jspService} node (a synthetic one when the page's Java did not parse). */
    static MethodRef jspService(JspUnit jsp, AppTypes types) {
        return types.byGraphName(jsp.graphClassName())
                .flatMap(t -> t.methods.stream().filter(m -> m.ref.name().equals("_jspService")).findFirst())
                .map(m -> m.ref)
                .orElse(new MethodRef(jsp.graphClassName(), "_jspService",
                        List.of("javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse")));
    }

    /**
     * One entry point per JSP page, named by the page's first URL pattern or its path. A page at the
     * same path twice (the source page and its copy in a built WAR next to it) is one node of the
     * graph: one entry point, not "/page.jsp (2)".
     */
    private static List<EntryPointRules.Page> pages(List<JspUnit> jsps, AppTypes types, Map<String, Component> jspComponents) {
        List<EntryPointRules.Page> out = new ArrayList<>();
        Set<MethodRef> seen = new java.util.HashSet<>();
        for (JspUnit j : jsps) {
            Component c = jspComponents.get(j.pagePath());
            String id = c != null && !c.urlPatterns().isEmpty() ? c.urlPatterns().get(0) : j.pagePath();
            MethodRef service = jspService(j, types);
            if (seen.add(service)) out.add(new EntryPointRules.Page(id, service, c == null ? j.pagePath() : c.name()));
        }
        return out;
    }

    // ---------------------------------------------------------------- components

    static Map<String, Component> jspComponents(ComponentModel model) {
        Map<String, Component> out = new HashMap<>();
        for (Component c : model.ofKind(ComponentKind.JSP)) {
            out.putIfAbsent(c.className(), c);
            out.putIfAbsent(c.name(), c);
        }
        return out;
    }

    /** The component a type belongs to: its own, its outer class's, or the JSP page's. */
    static Optional<Component> componentOf(TypeInfo t, AppTypes types, ComponentModel model, Map<String, Component> jsps) {
        if (t.graphName.startsWith("jsp:")) {
            String page = t.graphName.substring(4);
            int nested = page.indexOf('$');
            if (nested >= 0) page = page.substring(0, nested);
            return Optional.ofNullable(jsps.get(page));
        }
        String name = t.fqn;
        while (true) {
            Optional<Component> c = model.byClass(name);
            if (c.isPresent()) return c;
            int dot = name.lastIndexOf('.');
            if (dot < 0) return Optional.empty();
            name = name.substring(0, dot);
            if (types.type(name).isEmpty()) return Optional.empty();
        }
    }
}
