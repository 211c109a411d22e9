package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.UnseenCode;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.RefactoringContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A façade plan asks for the client method's calls and for the application's sources by type
 * name: the context indexes the call graph's methods and the analysed files once for every plan,
 * where a scan of them per finding made planning quadratic (a 2M-line generated application:
 * patches 6.5 s at 1M, 20 s at 2M).
 */
class FacadePlanningIndexesTest {
    @TempDir Path app;

    /** The analysis's call graph, counting how often its methods are listed. */
    private static final class CountingGraph implements CallGraph {
        private final CallGraph graph;
        int nodeListings;

        CountingGraph(CallGraph graph) { this.graph = graph; }

        @Override public Collection<MethodNode> nodes() {
            nodeListings++;
            return graph.nodes();
        }

        @Override public Optional<MethodNode> node(MethodRef method) { return graph.node(method); }

        @Override public List<CallEdge> edges() { return graph.edges(); }

        @Override public List<CallEdge> outgoing(MethodRef method) { return graph.outgoing(method); }

        @Override public List<CallEdge> incoming(MethodRef method) { return graph.incoming(method); }

        @Override public List<EntryPoint> entryPoints() { return graph.entryPoints(); }

        @Override public SourceFacts facts() { return graph.facts(); }

        @Override public List<UnseenCode> unseenCode() { return graph.unseenCode(); }
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }

    private static Finding finding(String className, String method, int line, String file) {
        return new Finding("WAN001", Severity.ERROR, "chatty request", new FindingLocation(file, line, className, method),
                List.of("/show"), List.of(), RoundTrips.of(3), RoundTrips.of(1), null);
    }

    @Test
    void everyPlanOfARunReadsTheCallGraphsMethodsOnce() throws IOException {
        write("src/a/web/ShowServlet.java", """
                package a.web;
                public class ShowServlet extends javax.servlet.http.HttpServlet {
                    protected void doGet(javax.servlet.http.HttpServletRequest q, javax.servlet.http.HttpServletResponse r) {
                        show(1);
                    }
                    void show(int id) { show("" + id); }
                    void show(String id) {}
                }
                """);
        write("src/a/util/Show.java", "package a.util; public class Show {}");
        write("src/b/util/Show.java", "package b.util; public class Show {}");
        write("src/a/util/ShowServlet.java", "package a.util; public class ShowServlet {}");
        AnalysisResult analysed = TextApp.analysed(app).analysis();
        CountingGraph graph = new CountingGraph(analysed.callGraph());
        RefactoringContext context = new RefactoringContext(new AnalysisResult(analysed.files(), analysed.model(), graph,
                analysed.transactions(), analysed.diagnostics(), analysed.timings(), analysed.suppressions()), app);
        IntroduceSessionFacade facade = new IntroduceSessionFacade();

        for (int i = 0; i < 20; i++) {
            PlanOutcome outcome = facade.plan(finding("a.web.ShowServlet", i % 2 == 0 ? "doGet" : "show", i % 2 == 0 ? 4 : 6,
                    "src/a/web/ShowServlet.java"), context);
            assertThat(outcome.patch()).as("no EJB call to take over").isEmpty();
        }

        assertThat(graph.nodeListings).isEqualTo(1);
        List<MethodRef> scanned = analysed.callGraph().nodes().stream().map(MethodNode::ref)
                .filter(r -> r.className().equals("a.web.ShowServlet")).toList();
        assertThat(context.methodsOf("a.web.ShowServlet")).as("in the graph's order, overloads included").isEqualTo(scanned)
                .extracting(MethodRef::name).contains("doGet", "show");
        assertThat(context.methodsOf("a.web.Nowhere")).isEmpty();
        assertThat(context.javaFilesNamed("Show")).containsExactlyInAnyOrder("src/a/util/Show.java", "src/b/util/Show.java");
        assertThat(context.javaFilesNamed("ShowServlet")).containsExactlyInAnyOrder("src/a/web/ShowServlet.java", "src/a/util/ShowServlet.java");
    }
}
