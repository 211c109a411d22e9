package io.wanlint.rules.api;

import static io.wanlint.analyzer.api.CallOp.ENTITY_GET;
import static io.wanlint.analyzer.api.CallOp.HOME_FIND;
import static io.wanlint.analyzer.api.CallOp.JDBC_EXECUTE;
import static io.wanlint.analyzer.api.ComponentKind.ENTITY_CMP;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Suppressions;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.config.ConfigurationFiles;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.TestApp;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleEngineTest {
    /**
     * A servlet reading a remote entity and running JDBC: WAN001, WAN002 (the entity's remote view),
     * WAN003, WAN005. Its web-tier use case makes exactly WAN001's calls, so WAN002 does not repeat it.
     */
    private static AnalysisResult app() {
        TestApp app = new TestApp();
        var servlet = app.servlet("ViewBook", "shop.web.ViewBookServlet");
        app.entity("Book", ENTITY_CMP, "shop.ejb", true);
        MethodRef doGet = app.method(servlet, "doGet", 20);
        MethodRef dao = app.method(null, "shop.web.StockDao", "stock", 5);
        app.entry(EntryPoint.Kind.SERVLET, "/viewBook", doGet);
        app.remote(doGet, "Book", "findByPrimaryKey", HOME_FIND, 22);
        app.remote(doGet, "Book", "getTitle", ENTITY_GET, 23);
        app.call(doGet, dao, 24);
        app.jdbc(dao, JDBC_EXECUTE, 7);
        return app.build();
    }

    private static List<String> ids(List<Finding> fs) { return fs.stream().map(Finding::ruleId).toList(); }

    @Test
    void findingsComeOrderedByRuleFileAndLine() {
        AnalysisResult a = app();
        List<Finding> findings = RuleEngine.run(a, FakeOracle.edge(a), Configuration.DEFAULTS);

        assertThat(ids(findings)).containsExactly("WAN001", "WAN002", "WAN003", "WAN005");
        assertThat(findings.get(1).location().file()).isEqualTo("src/META-INF/ejb-jar.xml");
        assertThat(findings.get(2).location().file()).isEqualTo("src/shop/web/StockDao.java");
        assertThat(findings).isSortedAccordingTo(RuleEngine.ORDER);
    }

    @Test
    void configurationDisablesRulesOverridesSeveritiesAndExcludesPaths() {
        AnalysisResult a = app();
        Configuration c = ConfigurationFiles.parse("""
                exclude: ["src/META-INF/"]
                rules:
                  WAN005: off
                  WAN001: error
                """, "wanlint.yaml", false);

        List<Finding> findings = RuleEngine.run(a, FakeOracle.edge(a), c);

        assertThat(ids(findings)).containsExactly("WAN001", "WAN003");
        assertThat(findings.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(findings.get(1).severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void aSeverityOverrideKeepsTheNotesARuleLoweredOnPurpose() {
        AnalysisResult a = app();
        Rule twoLevels = new Rule() {
            @Override public RuleDescriptor descriptor() {
                return new RuleDescriptor("WAN901", "two-levels", Severity.WARNING, "reports a warning and a note", "0", List.of(), "");
            }

            @Override public void check(RuleContext ctx, FindingSink sink) {
                FindingLocation at = new FindingLocation("src/A.java", 1, "A", null);
                sink.report(new Finding("WAN901", Severity.WARNING, "costs round trips", at, List.of(), List.of(), null, null, new io.wanlint.analyzer.api.FindingSubject.Place("A", "a")),
                        e -> PatchEffect.NONE);
                sink.report(new Finding("WAN901", Severity.NOTE, "claims no WAN cost", at, List.of(), List.of(), null, null, new io.wanlint.analyzer.api.FindingSubject.Place("A", "b")),
                        e -> PatchEffect.NONE);
            }
        };
        Configuration errors = new Configuration(java.util.Set.of(), java.util.Map.of("WAN901", Severity.ERROR),
                io.wanlint.rules.api.RuleSettings.DEFAULTS, null, List.of(), null);

        List<Finding> findings = RuleEngine.check(a, FakeOracle.edge(a), errors, List.of(twoLevels)).findings();

        assertThat(findings).extracting(Finding::message, Finding::severity).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("costs round trips", Severity.ERROR),
                org.assertj.core.groups.Tuple.tuple("claims no WAN cost", Severity.NOTE));
    }

    @Test
    void inCodeSuppressionMovesFindingsAside() {
        AnalysisResult plain = app();
        Suppressions index = (className, method, ruleId) ->
                className.equals("shop.web.StockDao") && "stock".equals(method) && ruleId.equals("WAN003");
        AnalysisResult a = new AnalysisResult(plain.files(), plain.model(), plain.callGraph(), plain.transactions(),
                plain.diagnostics(), plain.timings(), index);

        RuleRun run = RuleEngine.check(a, FakeOracle.edge(a), Configuration.DEFAULTS);

        assertThat(ids(run.findings())).doesNotContain("WAN003");
        assertThat(ids(run.suppressed())).containsExactly("WAN003");
    }

    @Test
    void aFailingRuleBecomesADiagnosticAndTheOthersStillReport() {
        AnalysisResult a = app();
        Rule broken = new Rule() {
            @Override public RuleDescriptor descriptor() {
                return new RuleDescriptor("WAN900", "broken", Severity.ERROR, "fails", "0", List.of(), "");
            }

            @Override public void check(RuleContext ctx, FindingSink sink) { throw new IllegalStateException("boom"); }
        };

        RuleRun run = RuleEngine.check(a, FakeOracle.edge(a), Configuration.DEFAULTS,
                List.of(broken, Rules.find("WAN003").orElseThrow()));

        assertThat(ids(run.findings())).containsExactly("WAN003");
        assertThat(run.diagnostics()).singleElement()
                .satisfies(d -> assertThat(d.message()).startsWith("rule WAN900 failed and was skipped"));
    }

    @Test
    void theRulesWalksAreReleasedOnceTheyAreDoneAndALaterAskWalksAgainAlike() {
        AnalysisResult a = app();
        EntryPoint ep = a.callGraph().entryPoints().get(0);
        RuleContext[] seen = new RuleContext[1];
        RequestReach[] walked = new RequestReach[1];
        Rule walking = new Rule() {
            @Override public RuleDescriptor descriptor() {
                return new RuleDescriptor("WAN901", "walking", Severity.NOTE, "walks", "0", List.of(), "");
            }

            @Override public void check(RuleContext ctx, FindingSink sink) {
                seen[0] = ctx;
                walked[0] = ctx.reach(ep, ReachScope.WHOLE_REQUEST);
                // Within the check the walk is shared, not made again.
                assertThat(ctx.reach(ep, ReachScope.WHOLE_REQUEST)).isSameAs(walked[0]);
            }
        };

        RuleEngine.check(a, FakeOracle.edge(a), Configuration.DEFAULTS, List.of(walking));

        RequestReach again = seen[0].reach(ep, ReachScope.WHOLE_REQUEST);
        assertThat(again).isNotSameAs(walked[0]);
        assertThat(again.calls()).isNotEmpty().isEqualTo(walked[0].calls());
    }
}
