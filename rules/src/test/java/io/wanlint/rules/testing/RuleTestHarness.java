package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.api.RuleRun;
import io.wanlint.rules.api.Rules;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Marker tests over source code, in the style of Error Prone's {@code // BUG: Diagnostic contains:}:
 * each line that should carry a finding ends with {@code // expect: WAN003} (several ids separated
 * by commas); every other line must carry none. Sources are written to a temporary folder as
 * {@code <package path>/<Type>.java}, analysed, and the rules' findings compared with the markers by
 * file, line and rule id.
 *
 * <pre>
 * RuleTestHarness.withPipeline(List.of(new WebTierJdbc())).expectFindings("""
 *     package shop.web;
 *     class ListServlet extends HttpServlet {
 *         protected void doGet(HttpServletRequest q, HttpServletResponse r) throws IOException {
 *             ds.getConnection().createStatement().executeQuery("select 1"); // expect: WAN003
 *         }
 *     }
 *     """);
 * </pre>
 */
public final class RuleTestHarness {
    private static final Pattern MARKER = Pattern.compile("(?://|<!--)\\s*expect:\\s*(WAN\\d{3}(?:\\s*,\\s*WAN\\d{3})*)");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern TYPE = Pattern.compile("\\b(?:class|interface|enum|record)\\s+(\\w+)");

    private final Function<Path, AnalysisResult> analyzer;
    private final Function<AnalysisResult, RoundTripOracle> oracle;
    private final List<Rule> rules;

    /**
     * @param analyzer analyses a folder of sources (the real pipeline, or a stand-in)
     * @param oracle   the cost model for an analysis
     * @param rules    the rules under test
     */
    public RuleTestHarness(Function<Path, AnalysisResult> analyzer, Function<AnalysisResult, RoundTripOracle> oracle,
                           List<Rule> rules) {
        this.analyzer = analyzer;
        this.oracle = oracle;
        this.rules = List.copyOf(rules);
    }

    /** The real analyzer and cost model under the {@code edge} topology (usable once the pipeline is wired). */
    public static RuleTestHarness withPipeline(List<Rule> rules) {
        return new RuleTestHarness(dir -> Analyzer.analyze(AnalysisRequest.of(dir)),
                a -> RoundTripOracle.of(WanCostModel.of(a.model(), a.callGraph(), Topologies.preset("edge"))), rules);
    }

    public static RuleTestHarness withPipeline() { return withPipeline(Rules.builtIn()); }

    /** Analyses the sources and fails unless the findings are exactly the markers. Returns the findings. */
    public List<Finding> expectFindings(String... javaSources) {
        return expectFindings(java.util.Map.of(), javaSources);
    }

    /**
     * As {@link #expectFindings(String...)}, with further files (deployment descriptors) written at
     * the given relative paths; their markers are XML comments, {@code <!-- expect: WAN002 -->}.
     */
    public List<Finding> expectFindings(java.util.Map<String, String> otherFiles, String... javaSources) {
        Path dir;
        try {
            dir = Files.createTempDirectory("wanlint-rule-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TreeSet<String> expected = new TreeSet<>();
        otherFiles.forEach((path, text) -> {
            write(dir.resolve(path), text);
            expected.addAll(markers(path, text));
        });
        for (String source : javaSources) {
            String file = pathOf(source);
            write(dir.resolve(file), source);
            expected.addAll(markers(file, source));
        }
        AnalysisResult analysis = analyzer.apply(dir);
        RuleRun run = RuleEngine.check(analysis, oracle.apply(analysis), Configuration.DEFAULTS, rules);
        TreeSet<String> actual = new TreeSet<>();
        for (Finding f : run.findings()) actual.add(f.location().file() + ":" + f.location().line() + ": " + f.ruleId());
        if (!actual.equals(expected) || !run.diagnostics().isEmpty()) {
            TreeSet<String> missing = new TreeSet<>(expected);
            missing.removeAll(actual);
            TreeSet<String> unexpected = new TreeSet<>(actual);
            unexpected.removeAll(expected);
            StringBuilder msg = new StringBuilder("findings differ from the // expect: markers");
            if (!missing.isEmpty()) msg.append("\n  missing:    ").append(String.join("\n              ", missing));
            if (!unexpected.isEmpty()) msg.append("\n  unexpected: ").append(String.join("\n              ", unexpected));
            run.diagnostics().forEach(d -> msg.append("\n  diagnostic: ").append(d));
            run.findings().stream().sorted(Comparator.comparing(Finding::ruleId))
                    .forEach(f -> msg.append("\n  ").append(f.ruleId()).append(' ').append(f.message()));
            throw new AssertionError(msg.toString());
        }
        return run.findings();
    }

    /** {@code shop/web/ListServlet.java} for a source in package {@code shop.web} declaring {@code ListServlet}. */
    static String pathOf(String source) {
        Matcher t = TYPE.matcher(source);
        if (!t.find()) throw new IllegalArgumentException("no type declared in test source:\n" + source);
        Matcher p = PACKAGE.matcher(source);
        String pkg = p.find() ? p.group(1).replace('.', '/') + "/" : "";
        return pkg + t.group(1) + ".java";
    }

    /** {@code file:line: WANxxx} for each id of each marker. */
    static List<String> markers(String file, String source) {
        List<String> out = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = MARKER.matcher(lines[i]);
            if (!m.find()) continue;
            for (String id : m.group(1).split(",")) out.add(file + ":" + (i + 1) + ": " + id.trim());
        }
        return out;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
