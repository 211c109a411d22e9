package io.wanlint.analyzer.pipeline;

import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import io.wanlint.analyzer.api.AnalysisOutOfMemoryError;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.cache.AnalysisCache;
import io.wanlint.analyzer.cache.CachedAnalysis;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.callgraph.BytecodeCallGraphBuilder;
import io.wanlint.analyzer.callgraph.CallGraphOutcome;
import io.wanlint.analyzer.callgraph.ContainerTransactionScopes;
import io.wanlint.analyzer.callgraph.DeploymentNames;
import io.wanlint.analyzer.callgraph.SourceCallGraphBuilder;
import io.wanlint.analyzer.callgraph.TagHandlers;
import io.wanlint.analyzer.ingest.CompiledClasses;
import io.wanlint.analyzer.ingest.ExtractionFolder;
import io.wanlint.analyzer.ingest.Ingestor;
import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.ParsedJava;
import io.wanlint.analyzer.ingest.ScannedJsp;
import io.wanlint.analyzer.ingest.Workspace;
import io.wanlint.analyzer.model.ComponentModelBuilder;
import io.wanlint.analyzer.model.CompiledTypes;
import io.wanlint.analyzer.model.ModelOutcome;
import io.wanlint.analyzer.model.SourceSuppressions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs the analysis phases in order — ingest, parse, JSP scan, component model, call graph — timing
 * each and gathering every phase's diagnostics. The call graph comes from the source front end, or
 * from the bytecode front end when the request asks for it or (AUTO) when the inputs hold classes
 * but no Java sources; JSP pages always go through their synthetic source. Archives are extracted
 * into a private temporary folder ({@link ExtractionFolder}: under {@code $TMPDIR}, else
 * {@code java.io.tmpdir}) deleted when the run ends; nothing in the analysed tree is written. When
 * that folder cannot be created or written, the run throws
 * {@link io.wanlint.analyzer.api.TemporaryFolderException} rather than return a partial result.
 * With an {@link AnalysisCache}, a run whose inputs are unchanged since the cache's entry was
 * written skips every phase after ingest.
 */
public final class AnalysisPipeline {
    private AnalysisPipeline() {}

    public static AnalysisResult run(AnalysisRequest request) {
        return run(request, null);
    }

    /**
     * Runs the analysis, reusing the cache's entry when none of the inputs changed since it was
     * written (the result is then the same as a fresh analysis's, timings apart) and refreshing it
     * otherwise.
     *
     * @param cache the {@code --cache} folder, or null for none
     */
    public static AnalysisResult run(AnalysisRequest request, AnalysisCache cache) {
        try (ExtractionFolder extraction = ExtractionFolder.create()) {
            return execute(request, extraction.path(), cache);
        }
    }

    private static AnalysisResult execute(AnalysisRequest request, Path extraction, AnalysisCache cache) {
        List<PhaseTiming> timings = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        // The cache entry is read and decoded while ingest reads the inputs.
        AnalysisCache.Prefetch ahead = cache == null ? null : cache.prefetch(request);

        Workspace ws = timed("ingest", timings, () -> new Ingestor().ingest(request, extraction,
                cache == null ? List.of() : List.of(cache.folder())));
        diagnostics.addAll(ws.diagnostics());
        boolean bytecode = request.frontEnd() == AnalysisRequest.FrontEnd.BYTECODE
                || request.frontEnd() == AnalysisRequest.FrontEnd.AUTO && ws.javaSources().isEmpty() && !ws.classRoots().isEmpty();

        InputDigest key = null;
        if (cache != null) {
            key = timed("cache lookup", timings, () -> InputDigest.of(request, ws, extraction, bytecode));
            InputDigest lookup = key;
            Optional<AnalysisCache.Entry> hit = timed("cache read", timings, () -> cache.read(lookup, ahead));
            if (hit.isPresent() && hit.get().exact()) {
                CachedAnalysis cached = hit.get().analysis();
                ComponentModel model = cached.model();
                CallGraph graph = cached.graph();
                diagnostics.addAll(cached.diagnostics());
                cache.served(lookup, cached.identity());
                ComponentModel placed = timed("tiers", timings, () -> TiersByReachability.assign(model, graph));
                return new AnalysisResult(ws.files(), placed, graph, ContainerTransactionScopes.of(graph, model),
                        diagnostics, timings, cached.sourceSuppressions());
            }
            if (hit.isPresent() && !bytecode) {
                List<PhaseTiming> attempt = new ArrayList<>();
                long start = System.nanoTime();
                Optional<IncrementalUpdate.Outcome> updated = IncrementalUpdate.run(ws, key, hit.get().analysis(), attempt);
                if (updated.isPresent()) {
                    timings.addAll(attempt);
                    IncrementalUpdate.Outcome done = updated.get();
                    InputDigest storeKey = key;
                    cache.served(storeKey, done.entry().identity());
                    timed(cache.defersWrites() ? "cache write started" : "cache write", timings, () -> {
                        cache.store(storeKey, done.entry());
                        return null;
                    });
                    diagnostics.addAll(done.diagnostics());
                    return new AnalysisResult(ws.files(), done.model(), done.graph(), done.transactions(), diagnostics,
                            timings, done.suppressions());
                }
                // Declined (a declaration changed, say): the time it took is shown, then everything is analysed.
                timings.add(new PhaseTiming("incremental update declined", (System.nanoTime() - start) / 1_000_000));
            }
        }

        List<ParsedJava> parsed = timed("parse", timings, () -> new JavaSources().parseAll(ws.javaSources()));
        List<JavaUnit> units = parsed.stream().map(ParsedJava::unit).toList();
        parsed.forEach(p -> diagnostics.addAll(p.diagnostics()));
        List<ScannedJsp> scanned = timed("jsp", timings, () -> new JspScanner().scanAll(ws.jsps()));
        List<JspUnit> jsps = scanned.stream().map(ScannedJsp::unit).toList();
        scanned.forEach(s -> diagnostics.addAll(s.diagnostics()));

        // Class-file annotations declare components only for bytecode input: with sources, the sources do.
        ModelOutcome model = timed("model", timings, () -> new ComponentModelBuilder().build(units, jsps, ws.xmlFiles(),
                new CompiledClasses(ws.classRoots()), bytecode ? CompiledTypes.read(ws.classRoots()) : CompiledTypes.NONE));
        diagnostics.addAll(model.diagnostics());
        TagHandlers tags = model.tagLibraries()::handlerClass;

        DeploymentNames deploymentNames = timed("deployment names", timings, () -> DeploymentNames.read(ws.xmlFiles(), ws.jsps(), ws.propertyFiles()));
        boolean remember = cache != null && !bytecode;
        SourceCallGraphBuilder.Recorded recorded = timed("call graph", timings, () -> bytecode
                ? new SourceCallGraphBuilder.Recorded(new BytecodeCallGraphBuilder().build(ws.classRoots(), model.model(),
                        jsps.isEmpty() ? null : new SourceCallGraphBuilder().build(List.of(), jsps, model.model(), tags,
                                deploymentNames), deploymentNames), null)
                : remember ? new SourceCallGraphBuilder().buildRecorded(units, jsps, model.model(), tags, deploymentNames)
                : new SourceCallGraphBuilder.Recorded(new SourceCallGraphBuilder().build(units, jsps, model.model(), tags,
                        deploymentNames), null));
        CallGraphOutcome graph = recorded.outcome();
        diagnostics.addAll(graph.diagnostics());
        if (bytecode) diagnostics.addAll(UnknownSourceFacts.of(model.model(), graph.graph()));
        // JavaParser's symbol solver keeps each facade in a static map whose values hold their type
        // solver, and through it every parsed tree: without this, the trees (most of the heap on a large
        // application) outlive the call graph for the whole rules phase. Only caches are dropped (an
        // analysis running beside this one makes a new facade when it next asks); the lock is the one
        // JavaParserFacade.get takes, as clearInstances takes none.
        synchronized (JavaParserFacade.class) {
            JavaParserFacade.clearInstances();
        }

        ComponentModel placed = timed("tiers", timings, () -> TiersByReachability.assign(model.model(), graph.graph()));
        SourceSuppressions suppressions = SourceSuppressions.of(units);
        if (cache != null) {
            // Everything after ingest, so that a warm run adds it to ingest's own diagnostics (same order).
            List<Diagnostic> derived = List.copyOf(diagnostics.subList(ws.diagnostics().size(), diagnostics.size()));
            InputDigest storeKey = key;
            // A fresh analysis is named by its inputs (see CachedAnalysis#identity).
            cache.served(storeKey, storeKey.digest());
            // Made here, before the rules: the surfaces are taken from the trees now (see PendingEntry).
            PendingEntry entry = timed("cache surfaces", timings, () -> PendingEntry.of(model.model(), graph.graph(), derived,
                    graph.diagnostics().size(), suppressions, recorded.memory(), storeKey, units, jsps));
            timed(cache.defersWrites() ? "cache write started" : "cache write", timings, () -> {
                cache.store(storeKey, entry);
                return null;
            });
        }
        return new AnalysisResult(ws.files(), placed, graph.graph(), graph.transactions(), diagnostics, timings,
                suppressions);
    }

    private static <T> T timed(String phase, List<PhaseTiming> timings, Supplier<T> work) {
        long start = System.nanoTime();
        T result;
        try {
            result = work.get();
        } catch (AnalysisOutOfMemoryError e) {
            throw e;
        } catch (OutOfMemoryError e) {
            throw new AnalysisOutOfMemoryError(phase, e);
        }
        timings.add(new PhaseTiming(phase, (System.nanoTime() - start) / 1_000_000));
        return result;
    }
}
