package io.wanlint.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Receiver#runFor}: which calls of a template method run when the class of {@code this} is known. */
class ReceiverTest {
    private static final MethodRef DO_GET = MethodRef.of("web.BaseServlet", "doGet");
    private static final MethodRef ORDER = MethodRef.of("web.OrderServlet", "process");
    private static final MethodRef CATALOG = MethodRef.of("web.CatalogServlet", "process");
    private static final MethodRef DEFAULT = MethodRef.of("web.BaseServlet", "process");
    private static final MethodRef LOG = MethodRef.of("web.BaseServlet", "log");
    private static final SourceLocation LINE_5 = new SourceLocation("web/BaseServlet.java", 5);
    private static final SourceLocation LINE_6 = new SourceLocation("web/BaseServlet.java", 6);

    private static CallEdge call(MethodRef to, SourceLocation at, Receiver receiver) {
        return new CallEdge(DO_GET, to, EdgeKind.LOCAL, CallOp.INVOKE, at, 0, null, false, false, List.of(), receiver);
    }

    @Test
    void anAbstractStepKeepsOnlyTheEdgeToTheOverrideOfTheKnownClass() {
        Receiver.Own site = new Receiver.Own(Map.of("web.OrderServlet", ORDER, "web.CatalogServlet", CATALOG));
        CallEdge toOrder = call(ORDER, LINE_5, site);
        CallEdge toCatalog = call(CATALOG, LINE_5, site);
        CallEdge log = call(LOG, LINE_6, Receiver.Own.PLAIN);
        List<CallEdge> calls = List.of(toOrder, toCatalog, log);

        assertThat(Receiver.runFor(calls, "web.OrderServlet")).containsExactly(toOrder, log);
        assertThat(Receiver.runFor(calls, "web.CatalogServlet")).containsExactly(toCatalog, log);
    }

    @Test
    void aDefaultStepIsRetargetedAtTheOverrideOnlyForTheClassThatOverridesIt() {
        Receiver.Own site = new Receiver.Own(Map.of("web.OrderServlet", ORDER));
        CallEdge toDefault = call(DEFAULT, LINE_5, site);
        List<CallEdge> calls = List.of(toDefault);

        assertThat(Receiver.runFor(calls, "web.OrderServlet")).singleElement().satisfies(e -> {
            assertThat(e.to()).isEqualTo(ORDER);
            assertThat(e.location()).isEqualTo(LINE_5);
            assertThat(e.from()).isEqualTo(DO_GET);
        });
        assertThat(Receiver.runFor(calls, "web.PingServlet")).containsExactly(toDefault);
    }

    @Test
    void withoutAKnownClassOrForAClassTheSiteDoesNotKnowTheCallsStayAsTheyAre() {
        Receiver.Own site = new Receiver.Own(Map.of("web.OrderServlet", ORDER, "web.CatalogServlet", CATALOG));
        List<CallEdge> calls = List.of(call(ORDER, LINE_5, site), call(CATALOG, LINE_5, site));

        assertThat(Receiver.runFor(calls, null)).isSameAs(calls);
        assertThat(Receiver.runFor(calls, "web.Unrelated")).isSameAs(calls);
    }

    @Test
    void aMethodDependsOnTheClassOfThisOnlyWhenItOrWhatItCallsOnThisDispatches() {
        Receiver.Own site = new Receiver.Own(Map.of("web.OrderServlet", ORDER));
        MethodRef service = MethodRef.of("web.BaseServlet", "service");
        CallEdge toDoGet = new CallEdge(service, DO_GET, EdgeKind.LOCAL, CallOp.INVOKE, LINE_5, 0, null, false, false, List.of(),
                Receiver.Own.PLAIN);
        CallGraph graph = io.wanlint.analyzer.callgraph.FrozenCallGraph.of(List.of(), List.of(toDoGet, call(DEFAULT, LINE_5, site),
                call(LOG, LINE_6, Receiver.Own.PLAIN)), List.of(), SourceFacts.NONE);

        assertThat(graph.dependsOnThisClass(service)).isTrue();
        assertThat(graph.dependsOnThisClass(DO_GET)).isTrue();
        assertThat(graph.dependsOnThisClass(LOG)).isFalse();
    }

    @Test
    void theCalleesThisIsTheCallersForOwnCallsTheNamedClassForExactOnesAndUnknownOtherwise() {
        assertThat(Receiver.Own.PLAIN.calleeThis("web.OrderServlet")).isEqualTo("web.OrderServlet");
        assertThat(new Receiver.Exact("cmd.OrderCommand").calleeThis("web.OrderServlet")).isEqualTo("cmd.OrderCommand");
        assertThat(Receiver.UNKNOWN.calleeThis("web.OrderServlet")).isNull();
    }

    /**
     * The calls kept for a class, on random call lists with sites sharing lines, files and names, equal to
     * the pairwise search of every call before {@code runFor} compared lines first (issue 22).
     */
    @Test
    void keepsWhatThePairwiseSearchOfEverySiteKept() {
        java.util.Random random = new java.util.Random(22);
        String[] classes = {"web.OrderServlet", "web.CatalogServlet", "web.PingServlet"};
        for (int round = 0; round < 2_000; round++) {
            List<CallEdge> calls = new java.util.ArrayList<>();
            int size = 1 + random.nextInt(12);
            for (int i = 0; i < size; i++) {
                String name = random.nextBoolean() ? "process" : "log";
                MethodRef to = MethodRef.of(random.nextBoolean() ? "web.BaseServlet" : classes[random.nextInt(3)], name);
                Map<String, MethodRef> overrides = new java.util.HashMap<>();
                for (String c : classes) if (random.nextInt(3) == 0) overrides.put(c, MethodRef.of(c, name));
                Receiver receiver = switch (random.nextInt(4)) {
                    case 0 -> Receiver.UNKNOWN;
                    case 1 -> Receiver.Own.PLAIN;
                    default -> new Receiver.Own(overrides);
                };
                SourceLocation at = new SourceLocation(random.nextBoolean() ? "web/A.java" : "web/B.java", 1 + random.nextInt(3));
                calls.add(new CallEdge(DO_GET, to, random.nextInt(5) == 0 ? EdgeKind.REMOTE_EJB : EdgeKind.LOCAL, CallOp.INVOKE, at,
                        0, null, false, false, List.of(), receiver));
            }
            for (String c : classes) assertThat(Receiver.runFor(calls, c)).as("round %d, %s", round, c).isEqualTo(pairwise(calls, c));
        }
    }

    /** {@code runFor} as it was: every pair of calls compared in full. */
    private static List<CallEdge> pairwise(List<CallEdge> calls, String thisClass) {
        List<CallEdge> out = new java.util.ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            CallEdge e = calls.get(i);
            MethodRef runs = e.receiver() instanceof Receiver.Own o ? o.overrides().get(thisClass) : null;
            if (runs == null || runs.equals(e.to())) {
                out.add(e);
                continue;
            }
            boolean siteHasEdge = false;
            boolean firstOfSite = true;
            for (int j = 0; j < calls.size(); j++) {
                CallEdge f = calls.get(j);
                boolean sameSite = e.location().equals(f.location()) && e.kind() == f.kind() && e.receiver().equals(f.receiver())
                        && e.to().name().equals(f.to().name());
                if (j == i || !sameSite) continue;
                if (f.to().equals(runs)) siteHasEdge = true;
                if (j < i) firstOfSite = false;
            }
            if (!siteHasEdge && firstOfSite) out.add(e.withTo(runs));
        }
        return out;
    }
}
