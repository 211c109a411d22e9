package io.wanlint.analyzer.callgraph;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspTag;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.TextFile;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds small applications from Java text blocks and hand-made components, and queries the graph. */
final class GraphFixture {
    private final List<JavaUnit> units = new ArrayList<>();
    private final List<JspUnit> jsps = new ArrayList<>();
    private final List<Component> components = new ArrayList<>();
    private final Map<String, String> texts = new java.util.HashMap<>();
    private TagHandlers tagHandlers = TagHandlers.NONE;

    static CompilationUnit parse(String text) {
        return new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17))
                .parse(text).getResult().orElseThrow();
    }

    GraphFixture java(String path, String text) {
        units.add(new JavaUnit(new TextFile(path, Path.of(path), text, "UTF-8"), parse(text)));
        texts.put(path, text);
        return this;
    }

    GraphFixture jsp(String pagePath, String syntheticClass, String javaText, List<JspTag> tags) {
        String path = "web" + pagePath;
        jsps.add(new JspUnit(new TextFile(path, Path.of(path), javaText, "UTF-8"), pagePath, parse(javaText),
                syntheticClass, tags));
        texts.put(path, javaText);
        return this;
    }

    GraphFixture component(Component c) {
        components.add(c);
        return this;
    }

    GraphFixture tagHandlers(TagHandlers handlers) {
        this.tagHandlers = handlers;
        return this;
    }

    CallGraphOutcome build() {
        return new SourceCallGraphBuilder().build(units, jsps, new ComponentModel(components), tagHandlers);
    }

    /** The 1-based line of the first line of {@code path} containing {@code marker}. */
    int line(String path, String marker) {
        String[] lines = texts.get(path).split("\n", -1);
        for (int i = 0; i < lines.length; i++) if (lines[i].contains(marker)) return i + 1;
        throw new IllegalArgumentException("marker not found: " + marker);
    }

    // ------------------------------------------------------------------ components

    static Component servlet(String name, String className, String pattern, EjbReference... refs) {
        return Component.simple(name, ComponentKind.SERVLET, className, pattern == null ? List.of() : List.of(pattern), List.of())
                .withEjbRefs(List.of(refs));
    }

    static EjbReference ref(String name, String target) {
        return new EjbReference(name, false, null, null, target, null, target);
    }

    static Component ejb(String name, ComponentKind kind, String className, EjbInterfaces views, TransactionType tx,
                         List<MethodTransaction> transactions, EjbReference... refs) {
        PersistenceType persistence = kind == ComponentKind.ENTITY_CMP ? PersistenceType.CONTAINER
                : kind == ComponentKind.ENTITY_BMP ? PersistenceType.BEAN : PersistenceType.NONE;
        return new Component(name, kind, kind.defaultTier(), className, views, persistence, tx, null, List.of(), List.of(),
                transactions, List.of(), List.of(refs), List.of(), null, null, false, List.of());
    }

    static EjbInterfaces remoteViews(String home, String remote) {
        return new EjbInterfaces(home, remote, null, null, List.of(), List.of(), false);
    }

    static EjbInterfaces localViews(String localHome, String local) {
        return new EjbInterfaces(null, null, localHome, local, List.of(), List.of(), false);
    }

    static MethodTransaction tx(String method, TransactionAttribute attribute) {
        return new MethodTransaction(method, null, null, attribute, MethodTransaction.Source.DESCRIPTOR);
    }

    // ------------------------------------------------------------------ queries

    static List<CallEdge> edgesFrom(CallGraph g, String className, String method) {
        return g.edges().stream().filter(e -> e.from().className().equals(className) && e.from().name().equals(method)).toList();
    }

    static List<CallEdge> ofKind(List<CallEdge> edges, EdgeKind kind) {
        return edges.stream().filter(e -> e.kind() == kind).toList();
    }

    static List<CallEdge> ofOp(List<CallEdge> edges, CallOp op) {
        return edges.stream().filter(e -> e.op() == op).toList();
    }

    static EntryPoint entry(CallGraph g, String id) {
        return g.entryPoints().stream().filter(e -> e.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no entry point " + id + " in " + g.entryPoints()));
    }

    /** Every edge reachable from the entry point. */
    static List<CallEdge> reachable(CallGraph g, EntryPoint ep) {
        List<CallEdge> out = new ArrayList<>();
        Set<MethodRef> seen = new HashSet<>();
        Deque<MethodRef> work = new ArrayDeque<>(List.of(ep.method()));
        while (!work.isEmpty()) {
            MethodRef m = work.poll();
            if (!seen.add(m)) continue;
            for (CallEdge e : g.outgoing(m)) {
                out.add(e);
                work.add(e.to());
            }
        }
        return out;
    }

    static JspTag tag(String prefix, String name, String uri, Map<String, String> attributes, int line) {
        return new JspTag(prefix, name, uri, attributes, line);
    }
}
