package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import io.wanlint.analyzer.callgraph.ContainerTransactionScopes;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.testing.FakeOracle;
import io.wanlint.rules.testing.RandomApp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The oracle of the rules' per-entry-point reuse (issue 22): after a random body edit of one class of a
 * random application, an entry point {@link EditedFacts#dirty} leaves out walks as before, and the rules
 * run with what the run before the edit recorded ({@link EntryPointReuse}) give what a full run of the
 * edited application gives.
 */
class EntryPointReuseTest {
    private static final int APPS = 400;

    @Test void anEntryPointTheEditCannotReachWalksAsBefore() {
        int clean = 0;
        for (long seed = 0; seed < APPS; seed++) {
            Random r = RandomApp.random(seed);
            RandomApp app = RandomApp.of(r);
            CallGraph edited = edit(app.graph(), r);
            Set<EntryPoint> dirty = EditedFacts.dirty(edited, EditedFacts.changedParts(EditedFacts.digests(app.graph()),
                    EditedFacts.digests(edited)));
            RuleContext before = context(app.graph(), app);
            RuleContext after = context(edited, app);
            for (EntryPoint ep : edited.entryPoints()) {
                if (dirty.contains(ep)) continue;
                clean++;
                for (ReachScope scope : ReachScope.values()) {
                    assertThat(calls(after.reach(ep, scope))).as("seed %d, %s, %s", seed, ep, scope)
                            .isEqualTo(calls(before.reach(ep, scope)));
                }
                assertThat(after.oracle().estimate(ep)).as("seed %d, %s", seed, ep).isEqualTo(before.oracle().estimate(ep));
            }
        }
        System.out.println("clean entry points: " + clean);
        assertThat(clean).as("entry points left out").isGreaterThan(APPS / 4);
    }

    @Test void theRulesWithTheRunBeforeGiveTheFullRunsOutcome() {
        int skipped = 0;
        int findings = 0;
        for (long seed = 0; seed < APPS; seed++) {
            Random r = RandomApp.random(seed);
            RandomApp app = RandomApp.of(r);
            CallGraph edited = edit(app.graph(), r);
            RuleRun first = run(app.graph(), app, EntryPointReuse.NONE);
            Set<EntryPoint> dirty = EditedFacts.dirty(edited, EditedFacts.changedParts(EditedFacts.digests(app.graph()),
                    EditedFacts.digests(edited)));
            EntryPointReuse reuse = new EntryPointReuse(dirty, first.contributing());
            RuleRun reused = run(edited, app, reuse);
            RuleRun full = run(edited, app, EntryPointReuse.NONE);
            assertThat(reused.findings()).as("seed %d", seed).isEqualTo(full.findings());
            assertThat(reused.suppressed()).as("seed %d", seed).isEqualTo(full.suppressed());
            assertThat(reused.diagnostics()).as("seed %d", seed).isEqualTo(full.diagnostics());
            assertThat(reused.afterPatchesByEntryPoint()).as("seed %d", seed).isEqualTo(full.afterPatchesByEntryPoint());
            assertThat(reused.contributing()).as("seed %d", seed).isEqualTo(full.contributing());
            findings += full.findings().size();
            for (String rule : first.contributing().keySet()) {
                for (EntryPoint ep : edited.entryPoints()) if (reuse.skips(rule, ep)) skipped++;
            }
        }
        System.out.println("findings " + findings + ", steps skipped " + skipped);
        assertThat(findings).as("findings").isGreaterThan(APPS / 4);
        assertThat(skipped).as("steps skipped").isGreaterThan(APPS / 4);
    }

    @Test void anEditOfNothingTheGraphRecordsLeavesEveryEntryPointClean() {
        RandomApp app = RandomApp.of(RandomApp.random(7));
        CallGraph same = FrozenCallGraph.of(app.graph().nodes(), app.graph().edges(), app.graph().entryPoints(), app.graph().facts());
        Set<String> changed = EditedFacts.changedParts(EditedFacts.digests(app.graph()), EditedFacts.digests(same));
        assertThat(changed).isEmpty();
        assertThat(EditedFacts.dirty(same, changed)).isEmpty();
    }

    @Test void aChangedEntryPointListMakesEveryEntryPointDirty() {
        RandomApp app = RandomApp.of(RandomApp.random(11));
        List<EntryPoint> eps = new ArrayList<>(app.graph().entryPoints());
        eps.add(new EntryPoint("/new", EntryPoint.Kind.SERVLET, MethodRef.of("app.K0", "m0"), null));
        CallGraph more = FrozenCallGraph.of(app.graph().nodes(), app.graph().edges(), eps, app.graph().facts());
        Set<String> changed = EditedFacts.changedParts(EditedFacts.digests(app.graph()), EditedFacts.digests(more));
        assertThat(changed).contains(EditedFacts.WHOLE);
        assertThat(EditedFacts.dirty(more, changed)).hasSize(eps.size());
    }

    @Test void anEditedMethodMakesDirtyTheEntryPointsThatCallItOrTheOverrideItIs() {
        MethodRef servlet = MethodRef.of("app.Page", "doGet");
        MethodRef other = MethodRef.of("app.Other", "doGet");
        MethodRef base = MethodRef.of("app.Base", "save");
        MethodRef sub = MethodRef.of("app.Sub", "save");
        List<MethodNode> nodes = List.of(node(servlet, "Page.java"), node(other, "Other.java"), node(base, "Base.java"), node(sub, "Sub.java"));
        List<CallEdge> edges = List.of(call(servlet, base, 3).withReceiver(new io.wanlint.analyzer.api.Receiver.Own(Map.of("app.Sub", sub))),
                call(other, base, 4));
        List<EntryPoint> eps = List.of(new EntryPoint("/page", EntryPoint.Kind.SERVLET, servlet, null),
                new EntryPoint("/other", EntryPoint.Kind.SERVLET, other, null));
        CallGraph before = FrozenCallGraph.of(nodes, edges, eps, io.wanlint.analyzer.api.SourceFacts.NONE);
        List<CallEdge> edited = new ArrayList<>(edges);
        edited.add(call(sub, MethodRef.of("app.Dao", "load"), 9));
        CallGraph after = FrozenCallGraph.of(nodes, edited, eps, io.wanlint.analyzer.api.SourceFacts.NONE);
        Set<String> changed = EditedFacts.changedParts(EditedFacts.digests(before), EditedFacts.digests(after));
        assertThat(changed).containsExactly("file Sub.java");
        // Sub.save overrides Base.save, which /page calls on its own object (a Sub, it may be): a walk on a
        // Sub runs the edited method. /other calls Base.save on another object, never the override.
        assertThat(EditedFacts.dirty(after, changed)).extracting(EntryPoint::id).containsExactly("/page");
    }

    private static MethodNode node(MethodRef m, String file) { return new MethodNode(m, null, new SourceLocation(file, 1)); }

    private static CallEdge call(MethodRef from, MethodRef to, int line) {
        return new CallEdge(from, to, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("", line), 0, null, false, false, List.of());
    }

    /**
     * A body edit of one class: some of its methods' calls dropped, others added towards random
     * methods, some moved to another line; nodes and entry points as they were.
     */
    private static CallGraph edit(CallGraph graph, Random r) {
        List<MethodNode> nodes = new ArrayList<>(graph.nodes());
        String edited = "app.K" + r.nextInt(9);
        List<CallEdge> edges = new ArrayList<>();
        for (CallEdge e : graph.edges()) {
            if (!e.from().className().equals(edited)) {
                edges.add(e);
                continue;
            }
            switch (r.nextInt(4)) {
                case 0 -> { }
                case 1 -> edges.add(new CallEdge(e.from(), e.to(), e.kind(), e.op(), new SourceLocation(e.location().file(), e.line() + 1),
                        e.loopDepth(), e.targetComponent(), e.cachedOnce(), e.inUserTransaction(), e.branches(), e.receiver()));
                default -> edges.add(e);
            }
        }
        int added = r.nextInt(4);
        for (int i = 0; i < added; i++) {
            MethodRef from = MethodRef.of(edited, "m" + r.nextInt(4));
            MethodRef to = MethodRef.of("app.K" + r.nextInt(9), "m" + r.nextInt(4));
            EdgeKind kind = r.nextBoolean() ? EdgeKind.LOCAL : r.nextBoolean() ? EdgeKind.REMOTE_EJB : EdgeKind.JDBC;
            String target = kind.isEjb() && r.nextBoolean() ? "C" + r.nextInt(9) : null;
            edges.add(new CallEdge(from, to, kind, kind == EdgeKind.LOCAL ? CallOp.INVOKE : kind == EdgeKind.JDBC ? CallOp.JDBC_EXECUTE
                    : CallOp.BUSINESS_METHOD, new SourceLocation("src/" + edited + ".java", 7 + i), r.nextInt(3) == 0 ? 1 : 0, target,
                    false, false, List.of()));
        }
        return FrozenCallGraph.of(nodes, edges, graph.entryPoints(), graph.facts());
    }

    private static AnalysisResult analysis(CallGraph graph, RandomApp app) {
        return new AnalysisResult(List.of(), app.model(), graph, ContainerTransactionScopes.of(graph, app.model()), List.of(), List.of());
    }

    private static RuleContext context(CallGraph graph, RandomApp app) {
        AnalysisResult a = analysis(graph, app);
        return new RuleContext(a, FakeOracle.edge(a), null);
    }

    private static RuleRun run(CallGraph graph, RandomApp app, EntryPointReuse reuse) {
        AnalysisResult a = analysis(graph, app);
        return RuleEngine.check(a, FakeOracle.edge(a), Configuration.DEFAULTS, Rules.builtIn(), reuse);
    }

    private static List<String> calls(RequestReach walk) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < walk.size(); i++) out.add(walk.edge(i) + " by " + walk.callerComponent(i) + (walk.inLoop(i) ? " in loop" : ""));
        return out;
    }

}
