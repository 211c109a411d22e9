package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.callgraph.BytecodeCallGraphBuilder;
import io.wanlint.analyzer.callgraph.CallGraphOutcome;
import io.wanlint.analyzer.callgraph.SourceCallGraphBuilder;
import io.wanlint.analyzer.callgraph.TagHandlers;
import io.wanlint.analyzer.ingest.Ingestor;
import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.ParsedJava;
import io.wanlint.analyzer.ingest.ScannedJsp;
import io.wanlint.analyzer.ingest.Workspace;
import io.wanlint.analyzer.model.ComponentModelBuilder;
import io.wanlint.analyzer.model.ModelOutcome;
import io.wanlint.analyzer.model.SourceSuppressions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Runs the analysis phases in order: ingest, parse, component model, call graph. The call graph
 * comes from the source front end, or from the bytecode front end when the request asks for it or
 * (AUTO) when the inputs hold classes but no Java sources; JSP pages always go through their
 * synthetic source. Integration is owned by the lead.
 */
public final class AnalysisPipeline {
    private AnalysisPipeline() {}

    public static AnalysisResult run(AnalysisRequest request) {
        List<PhaseTiming> timings = new ArrayList<>();
        List<Diagnostic> diagnostics = new ArrayList<>();
        Path extraction;
        try {
            // Archive members stay readable after the run: reports quote them.
            extraction = Files.createTempDirectory("wanlint-");
        } catch (IOException e) {
            extraction = Path.of(System.getProperty("java.io.tmpdir"), "wanlint-" + ProcessHandle.current().pid());
        }
        Path extractionDir = extraction;
        Workspace ws = timed("ingest", timings, () -> new Ingestor().ingest(request, extractionDir));
        diagnostics.addAll(ws.diagnostics());

        List<ParsedJava> parsed = timed("parse", timings, () -> new JavaSources().parseAll(ws.javaSources()));
        List<JavaUnit> units = parsed.stream().map(ParsedJava::unit).toList();
        parsed.forEach(p -> diagnostics.addAll(p.diagnostics()));
        List<ScannedJsp> scanned = timed("jsp", timings, () -> new JspScanner().scanAll(ws.jsps()));
        List<JspUnit> jsps = scanned.stream().map(ScannedJsp::unit).toList();
        scanned.forEach(s -> diagnostics.addAll(s.diagnostics()));

        ModelOutcome model = timed("model", timings, () -> new ComponentModelBuilder().build(units, jsps, ws.xmlFiles()));
        diagnostics.addAll(model.diagnostics());
        TagHandlers tags = model.tagLibraries()::handlerClass;

        boolean bytecode = request.frontEnd() == AnalysisRequest.FrontEnd.BYTECODE
                || request.frontEnd() == AnalysisRequest.FrontEnd.AUTO && ws.javaSources().isEmpty() && !ws.classRoots().isEmpty();
        CallGraphOutcome graph = timed("callgraph", timings, () -> bytecode
                ? new BytecodeCallGraphBuilder().build(ws.classRoots(), model.model(),
                        jsps.isEmpty() ? null : new SourceCallGraphBuilder().build(List.of(), jsps, model.model(), tags))
                : new SourceCallGraphBuilder().build(units, jsps, model.model(), tags));
        diagnostics.addAll(graph.diagnostics());

        return new AnalysisResult(ws.files(), model.model(), graph.graph(), graph.transactions(), diagnostics, timings,
                SourceSuppressions.of(units));
    }

    private static <T> T timed(String phase, List<PhaseTiming> timings, Supplier<T> work) {
        long start = System.nanoTime();
        T result = work.get();
        timings.add(new PhaseTiming(phase, (System.nanoTime() - start) / 1_000_000));
        return result;
    }
}
