package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.api.Suppressions;
import io.wanlint.analyzer.callgraph.CallGraphOutcome;
import io.wanlint.analyzer.callgraph.SourceCallGraphBuilder;
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
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the analysis phases in order — ingest, parse, model, call graph — timing each, and
 * gathering every phase's diagnostics. Archives are extracted into a private temporary folder that
 * is deleted when the run ends; nothing in the analysed tree is written.
 */
public final class AnalysisPipeline {
    private AnalysisPipeline() {}

    public static AnalysisResult run(AnalysisRequest request) {
        Path extraction;
        try {
            extraction = Files.createTempDirectory("wanlint-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for archive extraction", e);
        }
        try {
            return new Run().execute(request, extraction);
        } finally {
            deleteQuietly(extraction);
        }
    }

    /** One analysis: its clock and its diagnostics. */
    private static final class Run {
        private final List<PhaseTiming> timings = new ArrayList<>();
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private long phaseStart = System.nanoTime();

        AnalysisResult execute(AnalysisRequest request, Path extraction) {
            Workspace workspace = new Ingestor().ingest(request, extraction);
            diagnostics.addAll(workspace.diagnostics());
            phase("ingest");

            List<JavaUnit> units = new ArrayList<>();
            for (ParsedJava p : new JavaSources().parseAll(workspace.javaSources())) {
                units.add(p.unit());
                diagnostics.addAll(p.diagnostics());
            }
            List<JspUnit> jsps = new ArrayList<>();
            for (ScannedJsp s : new JspScanner().scanAll(workspace.jsps())) {
                jsps.add(s.unit());
                diagnostics.addAll(s.diagnostics());
            }
            phase("parse");

            ModelOutcome model = new ComponentModelBuilder().build(units, jsps, workspace.xmlFiles());
            diagnostics.addAll(model.diagnostics());
            phase("model");

            CallGraphOutcome calls = new SourceCallGraphBuilder()
                    .build(units, jsps, model.model(), model.tagLibraries()::handlerClass);
            diagnostics.addAll(calls.diagnostics());
            phase("call graph");

            ComponentModel placed = TiersByReachability.assign(model.model(), calls.graph());
            Suppressions suppressions = SourceSuppressions.of(units);
            return new AnalysisResult(workspace.files(), placed, calls.graph(), calls.transactions(), diagnostics, timings,
                    suppressions);
        }

        private void phase(String name) {
            long now = System.nanoTime();
            timings.add(new PhaseTiming(name, (now - phaseStart) / 1_000_000));
            phaseStart = now;
        }
    }

    private static void deleteQuietly(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // A temporary folder left behind is harmless; the OS cleans it.
        }
    }
}
