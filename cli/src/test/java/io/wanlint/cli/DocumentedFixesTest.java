package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.api.Rules;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The link between rules and refactorings is declared once, by each refactoring ({@code fixes()}),
 * and agrees with docs/rules.md §Refactorings and each rule's "Fix:" line: every rule with a
 * documented fix has a registered refactoring declaring it, every declaration is documented, and
 * every fixture finding of such a rule is offered to a refactoring by its typed subject.
 */
class DocumentedFixesTest {
    private static final Pattern RULE_SECTION = Pattern.compile("(?m)^## (WAN\\d{3})\\s*\\n(.*?)(?=^## )", Pattern.DOTALL);
    /** {@code Fix: `IntroduceSessionFacade`} or {@code Fixes: `A` (…) and `B`}, to the end of the sentence's paragraph. */
    private static final Pattern FIX_SENTENCE = Pattern.compile("Fix(?:es)?:(.*)", Pattern.DOTALL);
    private static final Pattern CODE = Pattern.compile("`([A-Z][A-Za-z]+)`");
    private static final Pattern TABLE_ROW = Pattern.compile("(?m)^\\| `([A-Z][A-Za-z]+)` \\| `[a-z]+` \\| ([^|]+)\\|$");
    private static final Pattern RULE_ID = Pattern.compile("WAN\\d{3}");

    @SuppressWarnings("unused") // the fixtures for @FieldSource
    static final List<String> APPLICATIONS = Fixtures.APPLICATIONS;

    private static String rulesPage() throws IOException {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path page = d.resolve("docs/rules.md");
            if (Files.isRegularFile(page) && Files.isRegularFile(d.resolve("cli/pom.xml"))) return Files.readString(page, StandardCharsets.UTF_8);
        }
        throw new IllegalStateException("docs/rules.md not found");
    }

    /** Per rule, the refactorings its section's "Fix:" sentence names. */
    private static Map<String, Set<String>> documentedByRule(String page) {
        Map<String, Set<String>> out = new TreeMap<>();
        Matcher section = RULE_SECTION.matcher(page);
        while (section.find()) {
            Set<String> names = new TreeSet<>();
            Matcher fix = FIX_SENTENCE.matcher(section.group(2));
            if (fix.find()) {
                // Parentheses explain a fix (WebLogic `ReadOnly`); the names outside them are the refactorings.
                Matcher code = CODE.matcher(fix.group(1).replaceAll("\\([^()]*\\)", ""));
                while (code.find()) names.add(code.group(1));
            }
            out.put(section.group(1), names);
        }
        return out;
    }

    /** Per refactoring, the rules its row of the §Refactorings table lists. */
    private static Map<String, Set<String>> documentedByRefactoring(String page) {
        Map<String, Set<String>> out = new TreeMap<>();
        Matcher row = TABLE_ROW.matcher(page.substring(page.indexOf("## Refactorings")));
        while (row.find()) {
            Matcher id = RULE_ID.matcher(row.group(2));
            Set<String> rules = new TreeSet<>();
            while (id.find()) rules.add(id.group());
            out.put(row.group(1), rules);
        }
        return out;
    }

    private static String name(Refactoring r) { return r.getClass().getSimpleName(); }

    @Test
    void everyRuleWithADocumentedFixHasARefactoringDeclaringItAndViceVersa() throws IOException {
        String page = rulesPage();
        Map<String, Set<String>> documented = documentedByRule(page);
        Refactorings registry = Refactorings.builtIn();
        Set<String> ruleIds = Rules.builtIn().stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));

        assertThat(documented.keySet()).as("rule sections of docs/rules.md").containsAll(ruleIds);
        for (String rule : ruleIds) {
            Set<String> declaring = registry.fixing(rule).stream().map(DocumentedFixesTest::name)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(declaring).as("refactorings declaring %s vs its Fix: line in docs/rules.md", rule)
                    .isEqualTo(documented.get(rule));
        }
        for (Refactoring r : registry.all()) {
            assertThat(ruleIds).as("rules %s declares", name(r)).containsAll(r.fixes().rules());
        }
    }

    @Test
    void theRefactoringsTableListsExactlyWhatEachRefactoringDeclares() throws IOException {
        Map<String, Set<String>> table = documentedByRefactoring(rulesPage());
        Map<String, Set<String>> declared = new TreeMap<>();
        for (Refactoring r : Refactorings.builtIn().all()) declared.put(name(r), new TreeSet<>(r.fixes().rules()));

        assertThat(table).as("docs/rules.md §Refactorings").isEqualTo(declared);
    }

    /**
     * A rule that changes the subject its findings carry, without the refactoring following, would
     * silently lose its patches: every fixture finding of a rule with a declared fix reaches one.
     */
    @ParameterizedTest(name = "{0}")
    @FieldSource("APPLICATIONS")
    void everyFixtureFindingOfARuleWithAFixIsOfferedToARefactoring(String app) {
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(Fixtures.app(app)));
        RoundTripOracle oracle = RoundTripOracle.of(WanCostModel.of(result.model(), result.callGraph(), Topologies.preset("edge")));
        Refactorings registry = Refactorings.builtIn();
        for (Finding f : RuleEngine.run(result, oracle, Configuration.DEFAULTS)) {
            if (registry.fixing(f.ruleId()).isEmpty()) continue;
            assertThat(registry.all()).as("refactorings for %s %s (%s)", f.ruleId(), f.subject(), app).anyMatch(r -> r.handles(f));
        }
    }
}
