package io.wanlint.analyzer.pipeline;

import com.github.javaparser.ast.CompilationUnit;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.cache.CachedAnalysis;
import io.wanlint.analyzer.cache.IncrementalState;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.callgraph.DeploymentNames;
import io.wanlint.analyzer.callgraph.SourceCallGraphBuilder;
import io.wanlint.analyzer.callgraph.SurfaceFingerprint;
import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.ParsedJava;
import io.wanlint.analyzer.ingest.ScannedJsp;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.ingest.Workspace;
import io.wanlint.analyzer.model.SourceSuppressions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Brings a cached analysis up to date after some Java files or JSP pages changed, without parsing
 * or resolving the rest of the application. It applies only when the files' {@link SurfaceFingerprint
 * surfaces} (declarations, signatures, annotations, fields; for a page, those of its translated
 * class) are what they were, they parse cleanly now as before, and nothing but the contents of Java
 * files and pages changed (the cache's {@link InputDigest#structure()} says so): then the type index,
 * component model and suppressions are the cached ones, and the call graph is the cached one with
 * the changed files — and the files whose scan read their code — scanned again
 * ({@link SourceCallGraphBuilder#update}). A changed page must not use tag libraries (their handlers
 * come from descriptors the cache does not keep). In every other case it declines and the pipeline
 * analyses from scratch; the result is the same either way, only slower.
 */
final class IncrementalUpdate {
    private IncrementalUpdate() {}

    /**
     * The updated analysis (the model placed in tiers; the diagnostics derived after ingest) and the
     * cache entry to store for it.
     */
    record Outcome(ComponentModel model, CallGraph graph, TransactionScopes transactions, List<Diagnostic> diagnostics,
                   SourceSuppressions suppressions, CachedAnalysis entry) {}

    static Optional<Outcome> run(Workspace ws, InputDigest key, CachedAnalysis previous, List<PhaseTiming> timings) {
        IncrementalState state = previous.incremental();
        if (state == null) return Optional.empty();
        Optional<List<TextFile>> javaChanged = changed(ws.javaSources(), state, key);
        Optional<List<TextFile>> pagesChanged = changed(ws.jsps(), state, key);
        if (javaChanged.isEmpty() || pagesChanged.isEmpty()) return Optional.empty();
        List<TextFile> changedFiles = javaChanged.get();
        List<TextFile> changedPages = pagesChanged.get();
        if (changedFiles.isEmpty() && changedPages.isEmpty()) return Optional.empty();
        Map<String, TextFile> byPath = new HashMap<>();
        for (TextFile f : ws.javaSources()) byPath.put(f.path(), f);
        int graphDiagnostics = state.graphDiagnostics();
        List<Diagnostic> derived = previous.diagnostics();
        if (graphDiagnostics < 0 || graphDiagnostics > derived.size()) return Optional.empty();
        List<Diagnostic> beforeGraph = derived.subList(0, derived.size() - graphDiagnostics);
        List<Diagnostic> graphBefore = derived.subList(derived.size() - graphDiagnostics, derived.size());
        // A file the parser, JSP scanner or model said something about is not worth the care its
        // partial tree would need.
        Set<String> noted = new HashSet<>();
        for (Diagnostic d : beforeGraph) noted.add(d.location().file());

        List<ParsedJava> parsed = timed("parse", timings, () -> new JavaSources().parseAll(changedFiles));
        Map<String, JavaUnit> changed = new LinkedHashMap<>();
        for (ParsedJava p : parsed) {
            String path = p.unit().source().path();
            if (!p.clean() || noted.contains(path)) return Optional.empty();
            if (!SurfaceFingerprint.of(p.unit().unit()).equals(state.surfaces().get(path))) return Optional.empty();
            changed.put(path, p.unit());
        }
        Map<String, JspUnit> changedJsps = new LinkedHashMap<>();
        if (!changedPages.isEmpty()) {
            List<ScannedJsp> scanned = timed("jsp", timings, () -> new JspScanner().scanAll(changedPages));
            for (ScannedJsp s : scanned) {
                String path = s.unit().source().path();
                if (!s.diagnostics().isEmpty() || noted.contains(path)) return Optional.empty();
                Optional<String> surface = pageSurface(s.unit());
                if (surface.isEmpty() || !surface.get().equals(state.surfaces().get(path)) || usesTagLibraries(s.unit())) {
                    return Optional.empty();
                }
                changedJsps.put(path, s.unit());
            }
        }

        ComponentModel model = previous.model();
        List<JspUnit> pages = new ArrayList<>();
        for (TextFile jsp : ws.jsps()) pages.add(new JspUnit(jsp, JspScanner.pagePath(jsp), null, null, List.of()));
        JavaSources parser = new JavaSources();
        Optional<SourceCallGraphBuilder.Recorded> updated = timed("call graph", timings, () -> {
            Map<String, CompilationUnit> ahead = parsedAhead(state.memory().reads(), state.memory().signatureReads(), changed.keySet(),
                    byPath, parser);
            return new SourceCallGraphBuilder()
                    .update(state.memory(), new SourceCallGraphBuilder.PreviousGraph(previous.nodes(), previous.edges(), previous.facts(), previous.unseenCode()), graphBefore, changed, changedJsps, model, pages,
                            DeploymentNames.read(ws.xmlFiles(), ws.jsps(), ws.propertyFiles()), file -> {
                        CompilationUnit early = ahead.remove(file);
                        if (early != null) return Optional.of(early);
                        TextFile source = byPath.get(file);
                        if (source == null) return Optional.<CompilationUnit>empty();
                        return Optional.of(parser.parse(source).unit().unit());
                    });
        });
        if (updated.isEmpty()) return Optional.empty();
        CallGraph graph = updated.get().outcome().graph();
        TransactionScopes transactions = updated.get().outcome().transactions();
        List<Diagnostic> graphDiagnosticsNow = updated.get().outcome().diagnostics();
        List<Diagnostic> derivedNow = new ArrayList<>(beforeGraph);
        derivedNow.addAll(graphDiagnosticsNow);
        SourceSuppressions suppressions = previous.sourceSuppressions();

        ComponentModel placed = timed("tiers", timings, () -> TiersByReachability.assign(model, graph));
        IncrementalState next = new IncrementalState(key.structure(), key.contentHashes(), state.surfaces(),
                graphDiagnosticsNow.size(), updated.get().memory());
        CachedAnalysis entry = CachedAnalysis.of(model, graph, derivedNow, suppressions, next, key.digest());
        // Changes that changed no fact (a comment edited in place, whitespace) leave the analysis what it
        // was: it keeps its identity, and what later steps derived from it stays valid (issue 22).
        boolean same = timed("facts compared", timings, () -> entry.sameFactsAs(previous));
        return Optional.of(new Outcome(placed, graph, transactions, derivedNow, suppressions,
                same ? new CachedAnalysis(entry.components(), entry.ejbRefsOf(), entry.ejbRefLists(), entry.nodes(), entry.edges(),
                        entry.entryPoints(), entry.facts(), entry.unseenCode(), entry.diagnostics(), entry.suppressions(), next,
                        previous.identity())
                        : entry));
    }

    /**
     * The unchanged files whose trees the call graph's update will read, parsed ahead as the whole
     * analysis parses (every core, javac's parser where its trees convert exactly), by path: those whose
     * code or declarations the files scanned again — the changed ones and those whose scan read them —
     * read last time. A body edit leaves what they resolve against as it was, so they ask for the same
     * files; a file not guessed is parsed when asked, as before. HELIUM V, a line added to a session
     * bean's method: the update parsed them one at a time with JavaParser on one thread, 14% of the
     * re-run's CPU samples.
     */
    static Map<String, CompilationUnit> parsedAhead(Map<String, Set<String>> reads, Map<String, Set<String>> signatureReads,
                                                    Set<String> changed, Map<String, TextFile> byPath, JavaSources parser) {
        Set<String> scannedAgain = new java.util.TreeSet<>(changed);
        reads.forEach((file, read) -> {
            for (String c : changed) if (read.contains(c)) scannedAgain.add(file);
        });
        Set<String> wanted = new java.util.TreeSet<>();
        for (String f : scannedAgain) {
            wanted.addAll(reads.getOrDefault(f, Set.of()));
            wanted.addAll(signatureReads.getOrDefault(f, Set.of()));
        }
        wanted.removeAll(changed);
        List<TextFile> files = new ArrayList<>();
        for (String f : wanted) if (byPath.containsKey(f)) files.add(byPath.get(f));
        Map<String, CompilationUnit> out = new java.util.concurrent.ConcurrentHashMap<>();
        for (ParsedJava p : parser.parseAll(files)) out.put(p.unit().source().path(), p.unit().unit());
        return out;
    }

    /** The files whose content hash differs from the cached one; empty when one is unknown to the cache. */
    private static Optional<List<TextFile>> changed(List<TextFile> files, IncrementalState state, InputDigest key) {
        List<TextFile> changed = new ArrayList<>();
        for (TextFile f : files) {
            String before = state.contentHashes().get(f.path());
            if (before == null) return Optional.empty();
            if (!before.equals(key.contentHashes().get(f.path()))) changed.add(f);
        }
        return Optional.of(changed);
    }

    /**
     * A translated page's surface for the incremental update: its class's {@link SurfaceFingerprint}
     * and whether it uses tag libraries; empty when the page did not translate into a class.
     */
    static Optional<String> pageSurface(JspUnit page) {
        if (page.unit() == null) return Optional.empty();
        return Optional.of((usesTagLibraries(page) ? "jsp+taglib " : "jsp ") + SurfaceFingerprint.of(page.unit()));
    }

    private static boolean usesTagLibraries(JspUnit page) {
        return page.tags().stream().anyMatch(t -> t.taglibUri() != null);
    }

    private static <T> T timed(String phase, List<PhaseTiming> timings, Supplier<T> work) {
        long start = System.nanoTime();
        T result = work.get();
        timings.add(new PhaseTiming(phase, (System.nanoTime() - start) / 1_000_000));
        return result;
    }
}
