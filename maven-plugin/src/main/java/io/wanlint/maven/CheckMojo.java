package io.wanlint.maven;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.engine.CheckRequest;
import io.wanlint.engine.CheckResult;
import io.wanlint.engine.FailOn;
import io.wanlint.engine.Gate;
import io.wanlint.engine.PatchOptions;
import io.wanlint.engine.Reporter;
import io.wanlint.engine.Reporters;
import io.wanlint.report.api.RuleHelpLinks;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code wanlint:check}: analyses the module, writes the reports into {@code outputDirectory}
 * ({@code wanlint.sarif}, {@code wanlint.json}, {@code wanlint.html}) and fails the build when a
 * reported finding is at or above {@code failOn}, naming the findings and the reports.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CheckMojo extends AnalysisMojo {
    /** How many failing findings the build failure lists; the reports hold every one. */
    static final int SUMMARY_LINES = 20;

    /** The lowest severity that fails the build: {@code error}, {@code warning}, {@code note} or {@code never}. */
    @Parameter(property = "wanlint.failOn", defaultValue = "error")
    String failOn;

    /** The report formats to write, comma-separated: {@code sarif}, {@code json}, {@code html}, {@code text}. */
    @Parameter(property = "wanlint.formats", defaultValue = "sarif,json")
    String formats;

    /** Where the reports go. */
    @Parameter(property = "wanlint.outputDirectory", defaultValue = "${project.build.directory}/wanlint")
    File outputDirectory;

    /** Report only findings that are not in this baseline ({@code wanlint:baseline}, {@code wanlint baseline}). */
    @Parameter(property = "wanlint.baseline")
    File baseline;

    /** Report only findings in files changed since this git ref. */
    @Parameter(property = "wanlint.changedSince")
    String changedSince;

    /** Plan the patches wanlint fix would write (SARIF fixes, HTML previews); off saves the compile of each patch. */
    @Parameter(property = "wanlint.patches", defaultValue = "true")
    boolean patches;

    /**
     * The folder SARIF artifact URIs are relative to (code scanning resolves them against the
     * repository root); default: the root of the git work tree holding the project, else the analysed folder.
     */
    @Parameter(property = "wanlint.sourceRoot")
    File sourceRoot;

    /**
     * Where wanlint's {@code docs/} folder is published: SARIF rules then carry {@code helpUri}
     * ({@code <helpBaseUri>/rules.md#wan003}) and the driver {@code informationUri}; default: no links.
     */
    @Parameter(property = "wanlint.helpBaseUri")
    String helpBaseUri;

    @Override public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("wanlint: skipped");
            return;
        }
        FailOn threshold = failOn();
        List<Reporter> reporters = reporters();
        RuleHelpLinks help;
        try {
            help = RuleHelpLinks.under(helpBaseUri);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("wanlint: helpBaseUri: " + e.getMessage());
        }
        Optional<CheckRequest> request = request();
        if (request.isEmpty()) return;
        if (baseline != null && !baseline.isFile()) throw new MojoExecutionException("wanlint: no such baseline file: " + baseline);
        Gate gate = new Gate(changedSince, baseline == null ? null : baseline.toPath());
        CheckResult result = run(request.get(), gate, patches ? PatchOptions.DEFAULT : PatchOptions.NONE, threshold);
        List<Path> written = write(result, reporters, help);
        getLog().info("wanlint: " + result.findings().size() + " finding(s), " + result.failing().size() + " at or above " + threshold
                + "; reports: " + String.join(", ", written.stream().map(Path::toString).toList()));
        if (!result.failing().isEmpty()) throw new MojoFailureException(summary(result, threshold, written));
    }

    private FailOn failOn() throws MojoExecutionException {
        try {
            return FailOn.valueOf(failOn.strip().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException("wanlint: failOn is error, warning, note or never, not " + failOn);
        }
    }

    private List<Reporter> reporters() throws MojoExecutionException {
        List<Reporter> out = new ArrayList<>();
        for (String name : formats.split(",")) {
            if (name.isBlank()) continue;
            Optional<Reporter> r = Reporters.builtIn().find(name);
            if (r.isEmpty()) {
                throw new MojoExecutionException("wanlint: no report format " + name.strip() + " (formats: "
                        + String.join(", ", Reporters.builtIn().names()) + ")");
            }
            out.add(r.get());
        }
        return out;
    }

    private List<Path> write(CheckResult result, List<Reporter> reporters, RuleHelpLinks help) throws MojoExecutionException {
        Path dir = outputDirectory.toPath();
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            for (Reporter r : reporters) {
                Path file = dir.resolve("wanlint." + r.extension());
                Files.writeString(file, result.render(r, new Reporter.Options(result.sourceRoot(), result.analysedPaths(),
                        io.wanlint.report.api.HtmlReport.Ide.NONE, io.wanlint.report.api.Graphviz.absent(), false, false,
                        sourceRoot == null ? null : sourceRoot.toPath(), null, help)).orElseThrow(), StandardCharsets.UTF_8);
                written.add(file);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("wanlint: cannot write the reports into " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }

    /** The failure message: how many, the worst first, and where the reports are. */
    static String summary(CheckResult result, FailOn threshold, List<Path> reports) {
        List<Finding> worst = result.failing().stream()
                .sorted(Comparator.comparing((Finding f) -> -f.severity().ordinal())
                        .thenComparing(Finding::ruleId).thenComparing(f -> f.location().file()).thenComparingInt(f -> f.location().line()))
                .toList();
        StringBuilder b = new StringBuilder("wanlint: " + worst.size() + " finding(s) at or above " + threshold + ":\n");
        worst.stream().limit(SUMMARY_LINES).forEach(f -> b.append("  ").append(f.location().file()).append(':').append(f.location().line())
                .append(": ").append(f.severity().label()).append(' ').append(f.ruleId()).append(' ').append(f.message()).append('\n'));
        if (worst.size() > SUMMARY_LINES) b.append("  … ").append(worst.size() - SUMMARY_LINES).append(" more in the reports\n");
        b.append("reports: ").append(String.join(", ", reports.stream().map(Path::toString).toList()));
        return b.toString();
    }
}
