package io.wanlint.analyzer.pipeline;

import com.github.javaparser.ast.Node;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.cache.CachedAnalysis;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.callgraph.DeploymentNames;
import io.wanlint.analyzer.callgraph.SourceCallGraphBuilder;
import io.wanlint.analyzer.callgraph.SurfaceFingerprint;
import io.wanlint.analyzer.ingest.CompiledClasses;
import io.wanlint.analyzer.ingest.Ingestor;
import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.ParsedJava;
import io.wanlint.analyzer.ingest.ScannedJsp;
import io.wanlint.analyzer.ingest.Workspace;
import io.wanlint.analyzer.model.ComponentModelBuilder;
import io.wanlint.analyzer.model.CompiledTypes;
import io.wanlint.analyzer.model.ModelOutcome;
import io.wanlint.analyzer.model.SourceSuppressions;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The entry a fresh analysis hands to the cache writer holds no parsed tree, so the trees do not
 * outlive the call graph while the writer runs beside the rules.
 */
class PendingEntryTest {
    @TempDir Path scratch;

    @Test
    void theEntryHandedToTheWriterReachesNoParsedTreeButHasEveryFilesSurface() {
        Workspace ws = new Ingestor().ingest(AnalysisRequest.of(Fixtures.app("petstore-1.1")), scratch);
        List<JavaUnit> units = new JavaSources().parseAll(ws.javaSources()).stream().map(ParsedJava::unit).toList();
        List<JspUnit> jsps = new JspScanner().scanAll(ws.jsps()).stream().map(ScannedJsp::unit).toList();
        ModelOutcome model = new ComponentModelBuilder().build(units, jsps, ws.xmlFiles(), new CompiledClasses(ws.classRoots()),
                CompiledTypes.NONE);
        SourceCallGraphBuilder.Recorded recorded = new SourceCallGraphBuilder().buildRecorded(units, jsps, model.model(),
                model.tagLibraries()::handlerClass, DeploymentNames.read(ws.xmlFiles(), ws.jsps(), ws.propertyFiles()));

        PendingEntry entry = PendingEntry.of(model.model(), recorded.outcome().graph(), List.of(), 0, SourceSuppressions.of(units),
                recorded.memory(), new InputDigest("slot", "digest", "structure", Map.of()), units, jsps);

        assertThat(jsps).isNotEmpty();
        assertThat(treesReachableFrom(units.get(0))).as("the walk finds trees where there are some").isNotEmpty();
        assertThat(treesReachableFrom(entry)).isEmpty();
        assertThat(entry.incremental().surfaces()).hasSize(units.size() + jsps.size());
        for (JavaUnit u : units) {
            assertThat(entry.incremental().surfaces()).containsEntry(u.source().path(), SurfaceFingerprint.of(u.unit()));
        }
        CachedAnalysis made = entry.get();
        assertThat(made.incremental()).isSameAs(entry.incremental());
        assertThat(made.identity()).isEqualTo("digest");
    }

    /**
     * The paths to the JavaParser nodes reachable from {@code root} through fields, arrays, collections,
     * maps and optionals (other JDK objects are not looked into).
     */
    private static List<String> treesReachableFrom(Object root) {
        List<String> found = new ArrayList<>();
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        Deque<Map.Entry<Object, String>> todo = new ArrayDeque<>();
        todo.add(Map.entry(root, root.getClass().getSimpleName()));
        while (!todo.isEmpty() && found.size() < 10) {
            Map.Entry<Object, String> next = todo.poll();
            Object o = next.getKey();
            String path = next.getValue();
            if (seen.put(o, Boolean.TRUE) != null) continue;
            Class<?> c = o.getClass();
            if (o instanceof Node) {
                found.add(path + " -> " + c.getSimpleName());
            } else if (c.isArray()) {
                if (c.getComponentType().isPrimitive()) continue;
                for (int i = 0; i < Array.getLength(o); i++) push(todo, Array.get(o, i), path + "[" + i + "]");
            } else if (o instanceof Collection<?> items) {
                int i = 0;
                for (Object item : items) push(todo, item, path + "[" + i++ + "]");
            } else if (o instanceof Map<?, ?> map) {
                map.forEach((k, v) -> {
                    push(todo, k, path + ".key(" + k + ")");
                    push(todo, v, path + ".get(" + k + ")");
                });
            } else if (o instanceof Optional<?> optional) {
                optional.ifPresent(v -> push(todo, v, path + ".get()"));
            } else if (!c.getName().startsWith("java.") && !c.getName().startsWith("jdk.") && !c.getName().startsWith("sun.")) {
                for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) continue;
                        f.setAccessible(true);
                        try {
                            push(todo, f.get(o), path + "." + f.getName());
                        } catch (IllegalAccessException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static void push(Deque<Map.Entry<Object, String>> todo, Object value, String path) {
        if (value != null && !(value instanceof String) && !(value instanceof Number) && !(value instanceof Enum<?>)) {
            todo.add(Map.entry(value, path));
        }
    }
}
