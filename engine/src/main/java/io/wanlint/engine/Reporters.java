package io.wanlint.engine;

import io.wanlint.report.api.HtmlReport;
import io.wanlint.report.api.JsonReport;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.RepositoryRoot;
import io.wanlint.report.api.SarifReport;
import io.wanlint.report.api.TextReport;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The one registry of report formats every front door renders through: text, JSON, SARIF, HTML. */
public final class Reporters {
    private static final Reporters BUILT_IN = new Reporters(List.of(new Text(), new Json(), new Sarif(), new Html()));

    private final List<Reporter> reporters;

    public Reporters(List<Reporter> reporters) { this.reporters = List.copyOf(reporters); }

    public static Reporters builtIn() { return BUILT_IN; }

    /** The reporter of a format name, in any case. */
    public Optional<Reporter> find(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return reporters.stream().filter(r -> r.name().equals(wanted)).findFirst();
    }

    /** @throws IllegalArgumentException for a format no reporter writes */
    public Reporter get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no report format " + name + " (known: "
                + String.join(", ", names()) + ")"));
    }

    public List<String> names() { return reporters.stream().map(Reporter::name).toList(); }

    private record Text() implements Reporter {
        @Override public String name() { return "text"; }

        @Override public String extension() { return "txt"; }

        @Override public String render(ReportData data, PatchIndex patches, Options options) {
            TextReport text = new TextReport(options.colour());
            return options.compact() ? text.renderCompact(data) : text.render(data, patches);
        }
    }

    private record Json() implements Reporter {
        @Override public String name() { return "json"; }

        @Override public String extension() { return "json"; }

        @Override public String render(ReportData data, PatchIndex patches, Options options) { return JsonReport.render(data, patches); }
    }

    private record Sarif() implements Reporter {
        @Override public String name() { return "sarif"; }

        @Override public String extension() { return "sarif"; }

        @Override public String render(ReportData data, PatchIndex patches, Options options) {
            Path root = options.sourceRoot();
            return SarifReport.render(data, patches, root, root == null ? null : RepositoryRoot.forReports(root, options.uriBase()),
                    options.help());
        }
    }

    private record Html() implements Reporter {
        @Override public String name() { return "html"; }

        @Override public String extension() { return "html"; }

        @Override public String render(ReportData data, PatchIndex patches, Options options) {
            return new HtmlReport(options.sourceRoot(), options.analysedPaths(), options.ide(), options.graphviz(), options.ideRoot(),
                    options.help()).render(data, patches);
        }
    }
}
