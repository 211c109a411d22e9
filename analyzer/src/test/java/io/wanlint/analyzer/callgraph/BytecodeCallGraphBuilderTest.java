package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class BytecodeCallGraphBuilderTest {

    private static final Set<EdgeKind> CROSS_TIER = EnumSet.of(EdgeKind.REMOTE_EJB, EdgeKind.JDBC,
            EdgeKind.HTTP_EXTERNAL, EdgeKind.JMS_SEND);

    @TempDir Path tmp;

    /** A cross-tier call between two methods, as both front ends must see it. */
    record Tier(String fromClass, String fromMethod, String toClass, String toMethod, EdgeKind kind) implements Comparable<Tier> {
        @Override public int compareTo(Tier o) { return toString().compareTo(o.toString()); }
    }

    private static Set<Tier> crossTier(CallGraph g) {
        return g.edges().stream()
                // No compiled JSPs: their edges exist only in the source graph.
                .filter(e -> CROSS_TIER.contains(e.kind()) && !e.from().className().startsWith("jsp:"))
                .map(e -> new Tier(e.from().className(), e.from().name(), e.to().className(), e.to().name(), e.kind()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @ParameterizedTest
    @CsvSource({"rubis-entity, UTF-8", "ecperf-supplier, UTF-8", "rubis-facade, UTF-8", "petstore-1.1, ISO-8859-1"})
    void bothFrontEndsFindTheSameCrossTierEdges(String fixture, String encoding) throws Exception {
        Path app = Fixtures.app(fixture);
        Path classes = tmp.resolve("classes");
        CompiledFixture.compile(app, classes, encoding);
        CompiledFixture.Application parsed = CompiledFixture.read(app, tmp.resolve("extract"));

        long t0 = System.nanoTime();
        CallGraphOutcome source = parsed.sourceGraph();
        long t1 = System.nanoTime();
        CallGraphOutcome bytecode = new BytecodeCallGraphBuilder().build(java.util.List.of(classes), parsed.components());
        long t2 = System.nanoTime();
        System.out.printf("%s: source %d ms, bytecode %d ms%n", fixture, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);

        Set<Tier> fromSource = crossTier(source.graph());
        Set<Tier> fromBytecode = crossTier(bytecode.graph());
        Set<Tier> onlySource = new TreeSet<>(fromSource);
        onlySource.removeAll(fromBytecode);
        Set<Tier> onlyBytecode = new TreeSet<>(fromBytecode);
        onlyBytecode.removeAll(fromSource);
        System.out.println("only source: " + onlySource);
        System.out.println("only bytecode: " + onlyBytecode);
        System.out.println("DETAIL " + fixture + " edges=" + fromSource.size());
        java.util.function.Function<CallGraph, Set<String>> detail = g -> g.edges().stream()
                .filter(e -> !e.from().className().startsWith("jsp:") && e.kind() != EdgeKind.LOCAL)
                .map(e -> e.from().className() + "#" + e.from().name() + " -> " + e.to() + " " + e.kind() + " " + e.op()
                        + " d" + e.loopDepth() + " " + e.targetComponent() + " once=" + e.cachedOnce() + " utx=" + e.inUserTransaction())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> ds = detail.apply(source.graph()), db = detail.apply(bytecode.graph());
        ds.stream().filter(x -> !db.contains(x)).forEach(x -> System.out.println("  S " + x));
        db.stream().filter(x -> !ds.contains(x)).forEach(x -> System.out.println("  B " + x));
        Set<String> es = source.graph().entryPoints().stream().filter(e -> e.kind() != EntryPoint.Kind.JSP).map(Object::toString).collect(Collectors.toCollection(TreeSet::new));
        Set<String> eb = bytecode.graph().entryPoints().stream().map(Object::toString).collect(Collectors.toCollection(TreeSet::new));
        es.stream().filter(x -> !eb.contains(x)).forEach(x -> System.out.println("  ES " + x));
        eb.stream().filter(x -> !es.contains(x)).forEach(x -> System.out.println("  EB " + x));
        System.out.println("diag " + bytecode.diagnostics());
        java.util.function.Function<CallGraph, Set<String>> local = g -> g.edges().stream()
                .filter(e -> !e.from().className().startsWith("jsp:") && e.kind() == EdgeKind.LOCAL)
                .map(e -> e.from() + " -> " + e.to() + " d" + e.loopDepth()).collect(Collectors.toCollection(TreeSet::new));
        Set<String> ls = local.apply(source.graph()), lb = local.apply(bytecode.graph());
        System.out.println("LOCAL source " + ls.size() + " bytecode " + lb.size() + " nodes " + source.graph().nodes().size() + "/" + bytecode.graph().nodes().size());
        ls.stream().filter(x -> !lb.contains(x)).limit(12).forEach(x -> System.out.println("  LS " + x));
        lb.stream().filter(x -> !ls.contains(x)).limit(12).forEach(x -> System.out.println("  LB " + x));
        Set<String> ns = source.graph().nodes().stream().filter(n -> !n.ref().className().startsWith("jsp:")).map(n -> n.ref().toString() + " " + n.component()).collect(Collectors.toCollection(TreeSet::new));
        Set<String> nb = bytecode.graph().nodes().stream().map(n -> n.ref().toString() + " " + n.component()).collect(Collectors.toCollection(TreeSet::new));
        ns.stream().filter(x -> !nb.contains(x)).limit(12).forEach(x -> System.out.println("  NS " + x));
        nb.stream().filter(x -> !ns.contains(x)).limit(12).forEach(x -> System.out.println("  NB " + x));
        assertThat(fromSource).isNotEmpty();
        assertThat(fromBytecode).isEqualTo(fromSource);
        assertThat(bytecode.diagnostics()).isEmpty();
    }
}
