package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytecode parity (issue 23.3): the Jakarta shop, configured by annotations only (no ejb-jar.xml,
 * no web.xml), built to class files and analysed without its sources, has the components, entry
 * points and cross-tier calls its sources give.
 */
class AnnotatedBytecodeApplicationTest {
    private static final Set<EdgeKind> CROSS_TIER = EnumSet.of(EdgeKind.REMOTE_EJB, EdgeKind.LOCAL_EJB, EdgeKind.JDBC,
            EdgeKind.JPA, EdgeKind.HTTP_EXTERNAL, EdgeKind.JMS_SEND);

    @TempDir Path tmp;

    /** The fixture's class files beside its other files (persistence.xml, beans.xml), as a build would package them. */
    private Path built(String fixture) throws IOException {
        Path app = Fixtures.app(fixture);
        Path bin = tmp.resolve(fixture + "-bin");
        CompiledFixture.compile(app.resolve("src"), bin, "UTF-8");
        try (Stream<Path> walk = Files.walk(app.resolve("src"))) {
            for (Path p : walk.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".java")).toList()) {
                Path target = bin.resolve(app.resolve("src").relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
            }
        }
        return bin;
    }

    private static AnalysisResult analyse(Path root, AnalysisRequest.FrontEnd frontEnd) {
        return Analyzer.analyze(new AnalysisRequest(List.of(root), List.of(), frontEnd));
    }

    private static Set<String> components(AnalysisResult r) {
        return r.model().components().stream()
                .filter(c -> c.kind() != ComponentKind.PLAIN && c.kind() != ComponentKind.DAO && c.kind() != ComponentKind.JSP)
                .map(AnnotatedBytecodeApplicationTest::describe).collect(Collectors.toCollection(TreeSet::new));
    }

    private static String describe(Component c) {
        return c.kind() + " " + c.name() + " " + c.className() + " views " + c.interfaces().all() + " noInterface "
                + c.interfaces().noInterfaceView() + " urls " + c.urlPatterns() + " refs "
                + c.ejbRefs().stream().map(x -> x.name() + "->" + x.target() + (x.local() ? " local" : " remote")).toList()
                + " tx " + (c.kind().isEjb() ? c.transactions().stream().map(t -> t.method() + "=" + t.attribute()).sorted().toList() : "");
    }

    private static Set<String> crossTier(AnalysisResult r) {
        return r.callGraph().edges().stream().filter(e -> CROSS_TIER.contains(e.kind()))
                .map(AnnotatedBytecodeApplicationTest::describe).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * A cross-tier call between two methods, as {@link BytecodeCallGraphBuilderTest} compares them: lines
     * of a statement spread over several lines differ (a class file has the invoking instruction's).
     */
    private static String describe(CallEdge e) {
        return e.from().className() + "#" + e.from().name() + " -> " + e.to().className() + "#" + e.to().name() + " "
                + e.kind() + " " + e.op() + " loops " + e.loopDepth();
    }

    /** EJB calls with the bean they reach: what the annotations read from class files must give. */
    private static Set<String> ejbCalls(AnalysisResult r) {
        return r.callGraph().edges().stream().filter(e -> e.kind() == EdgeKind.REMOTE_EJB || e.kind() == EdgeKind.LOCAL_EJB)
                .map(e -> describe(e) + " line " + e.line() + " target " + e.targetComponent())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> entryPoints(AnalysisResult r) {
        return r.callGraph().entryPoints().stream().filter(ep -> ep.kind() != EntryPoint.Kind.JSP)
                .map(ep -> ep.id() + " " + ep.kind() + " " + ep.method().className() + "#" + ep.method().name() + " " + ep.component())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void anAnnotatedApplicationShippedAsClassFilesHasTheComponentsAndCallsOfItsSources() throws IOException {
        AnalysisResult source = analyse(Fixtures.app("jakarta-shop"), AnalysisRequest.FrontEnd.SOURCE);
        AnalysisResult bytecode = analyse(built("jakarta-shop"), AnalysisRequest.FrontEnd.AUTO);

        assertThat(components(source)).hasSizeGreaterThanOrEqualTo(8);
        assertThat(components(bytecode)).isEqualTo(components(source));
        assertThat(entryPoints(bytecode)).isEqualTo(entryPoints(source));
        assertThat(crossTier(source)).anyMatch(e -> e.contains("REMOTE_EJB"));
        assertThat(crossTier(bytecode)).isEqualTo(crossTier(source));
        assertThat(ejbCalls(bytecode)).isEqualTo(ejbCalls(source)).hasSize(4);
    }

    @Test
    void jpaCallsReadFromClassFilesTargetTheEntitiesTheSourcesName() throws IOException {
        AnalysisResult source = analyse(Fixtures.app("jakarta-shop"), AnalysisRequest.FrontEnd.SOURCE);
        AnalysisResult bytecode = analyse(built("jakarta-shop"), AnalysisRequest.FrontEnd.AUTO);
        assertThat(jpaCalls(source)).anyMatch(e -> !e.endsWith("target null"));
        assertThat(jpaCalls(bytecode)).isEqualTo(jpaCalls(source));
    }

    /** JPA calls with the entity they reach (no line: a query chained over lines has the invoking instruction's). */
    private static Set<String> jpaCalls(AnalysisResult r) {
        return r.callGraph().edges().stream().filter(e -> e.kind() == EdgeKind.JPA)
                .map(e -> describe(e) + " target " + e.targetComponent())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void theFactsOfWan009AndWan010AreReadFromClassFilesAndOnlyClusterStateIsSaidToBeUnknown() throws IOException {
        AnalysisResult bytecode = analyse(built("jakarta-shop"), AnalysisRequest.FrontEnd.AUTO);
        AnalysisResult source = analyse(Fixtures.app("jakarta-shop"), AnalysisRequest.FrontEnd.SOURCE);
        assertThat(bytecode.callGraph().facts().sqlBuiltAtRuntime()).extracting(e -> e.from().className() + "." + e.from().name())
                .containsExactly("com.example.shop.web.ReportServlet.doGet");
        assertThat(bytecode.callGraph().facts().nonSerializableState()).extracting(v -> v.holder() + " " + v.valueType())
                .containsExactlyInAnyOrderElementsOf(source.callGraph().facts().nonSerializableState().stream()
                        .map(v -> v.holder() + " " + v.valueType()).toList())
                .isNotEmpty();
        assertThat(bytecode.diagnostics()).extracting(d -> d.message())
                .noneSatisfy(m -> assertThat(m).matches("WAN0(08|09|10) unknown.*"))
                .anySatisfy(m -> assertThat(m).startsWith("WAN011–WAN015 unknown for the Java code of "));
        assertThat(source.diagnostics()).noneSatisfy(d -> assertThat(d.message()).contains(" unknown for "));
    }

    @Test
    void aBeanReadFromItsClassFileIsLocatedAtItsSourceFileName() throws IOException {
        // Session 7 read no annotation from class files: this bean was not there at all.
        Path bin = built("jakarta-shop");
        AnalysisResult bytecode = analyse(bin, AnalysisRequest.FrontEnd.BYTECODE);
        assertThat(bytecode.model().byName("OrderBean")).hasValueSatisfying(c -> {
            assertThat(c.kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
            assertThat(c.declaredIn()).singleElement().satisfies(l -> assertThat(l.file()).isEqualTo("com/example/shop/order/OrderBean.java"));
        });
    }
}
