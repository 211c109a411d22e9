package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.Range;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.LiteralStringValueExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Trees the javac front end shares while it builds them against the same trees shared afterwards by
 * {@link JavaSources}' release walk (the old path, its oracle): node for node, the ranges, positions,
 * names and literal texts must be the same objects where the walk's are, and distinct where its are,
 * and every list must be compacted as the walk compacts it.
 */
class SharedConversionTest {
    private static final String ODD = """
            /* a */ package p; // b
            import java.util.List;
            class A { int x = 1; long y = 2L; double d = 1.5; char c = 'c'; String s = "s"; String t = "s";
              List<String> names; /** doc */ void m(String s) { int x = 1; x = x + 1; /* inner */ m("s"); }
              Object o = new Object() { int x = 1; }; // end
            }
            """;

    /** Unicode escapes in a string, a char, a comment, a javadoc, an identifier and one that ends a line comment. */
    private static final String ESCAPED = """
            package p; // Gr\\u00fc\\u00dfe
            /** F\\u00fcr alle */
            class E { String s = "\\u00e4\\u00f6"; char c = '\\u00fc'; int gr\\u00f6\\u00dfe = 1; String t = "\\u00e4\\u00f6";
              /* \\u00e4 */ void m(String s) { int x = gr\\u00f6\\u00dfe; // a \\u000a x = x + 1;
                m("s" + s); }
            }
            """;

    @Test
    void convertedTreesShareWhatTheReleaseWalkShares() throws Exception {
        List<TextFile> files = new ArrayList<>(fixtureFiles());
        files.add(new TextFile("A.java", Path.of("/nowhere/A.java"), ODD, "UTF-8"));
        files.add(new TextFile("B.java", Path.of("/nowhere/B.java"), ODD.replace("\n", "\r\n"), "UTF-8"));
        files.add(new TextFile("E.java", Path.of("/nowhere/E.java"), ESCAPED, "UTF-8"));
        files.add(new TextFile("F.java", Path.of("/nowhere/F.java"), ESCAPED.replace("\n", "\r\n"), "UTF-8"));
        files.add(new TextFile("G.java", Path.of("/nowhere/G.java"), ESCAPED.replace("class E", "class G").replace("\n", "\r"), "UTF-8"));
        assertThat(files).hasSizeGreaterThan(100);

        JavaSources walked = new JavaSources();
        JavaSources built = new JavaSources();
        Identities walkedIds = new Identities();
        Identities builtIds = new Identities();
        int shared = 0;
        int escaped = 0;
        for (int from = 0; from < files.size(); from += JavaSources.JAVAC_BATCH) {
            List<TextFile> batch = files.subList(from, Math.min(files.size(), from + JavaSources.JAVAC_BATCH));
            List<JavacFrontEnd.Outcome> unshared = JavacFrontEnd.convert(batch.stream().map(TextFile::text).toList(), null, null);
            List<JavacFrontEnd.Outcome> sharing = built.convertWithJavac(batch);
            for (int i = 0; i < batch.size(); i++) {
                if (!(unshared.get(i) instanceof JavacFrontEnd.Outcome.Converted old)) continue;
                JavacFrontEnd.Outcome.Converted now = (JavacFrontEnd.Outcome.Converted) sharing.get(i);
                assertThat(old.shared()).isFalse();
                if (now.shared()) shared++;
                if (now.escapes() != null && now.compacted()) escaped++;
                Node expected = walked.converted(batch.get(i), old).unit().unit();
                Node actual = built.converted(batch.get(i), now).unit().unit();
                assertThat(TreeDifference.first(expected, actual)).as(batch.get(i).path()).isEmpty();
                List<Node> expectedNodes = nodesAndComments(expected);
                List<Node> actualNodes = nodesAndComments(actual);
                assertThat(actualNodes).hasSameSizeAs(expectedNodes);
                walkedIds.newFile();
                builtIds.newFile();
                for (int n = 0; n < expectedNodes.size(); n++) {
                    String where = batch.get(i).path() + " node " + n + " " + expectedNodes.get(n).getClass().getSimpleName();
                    assertThat(builtIds.of(actualNodes.get(n))).as(where).isEqualTo(walkedIds.of(expectedNodes.get(n)));
                    assertThat(lists(actualNodes.get(n))).as(where).isEqualTo(lists(expectedNodes.get(n)));
                }
            }
        }
        assertThat(shared).isGreaterThan(100);
        assertThat(escaped).isEqualTo(3);
        assertThat(builtIds.distinctRanges).isEqualTo(walkedIds.distinctRanges);
        assertThat(builtIds.positions).hasSameSizeAs(walkedIds.positions);
        assertThat(builtIds.texts).hasSameSizeAs(walkedIds.texts);
    }

    /**
     * Numbers each range, position and text by when it was first met, by identity: two trees share
     * alike exactly when their nodes get the same numbers. Ranges are numbered per file (each file
     * has its own), positions and texts across files (their pools span a parse).
     */
    private static final class Identities {
        private Map<Object, Integer> ranges = new IdentityHashMap<>();
        private final Map<Object, Integer> positions = new IdentityHashMap<>();
        private final Map<Object, Integer> texts = new IdentityHashMap<>();
        private int distinctRanges;

        void newFile() {
            distinctRanges += ranges.size();
            ranges = new IdentityHashMap<>();
        }

        List<Integer> of(Node node) {
            Range range = node.getRange().orElse(null);
            String text = node instanceof SimpleName s ? s.getIdentifier() : node instanceof Name n ? n.getIdentifier()
                    : node instanceof LiteralStringValueExpr l ? l.getValue() : null;
            if (range == null) return List.of(-1, -1, -1, text == null ? -1 : id(texts, text));
            return List.of(id(ranges, range), id(positions, range.begin), id(positions, range.end), text == null ? -1 : id(texts, text));
        }

        private static int id(Map<Object, Integer> ids, Object value) {
            return ids.computeIfAbsent(value, v -> ids.size());
        }
    }

    /**
     * What compaction made of a node's lists: for each list field of the node and of its node lists,
     * the list's class (compacted empty lists are one sealed list) and size.
     */
    private static List<String> lists(Node node) throws ReflectiveOperationException {
        List<String> lists = new ArrayList<>();
        for (Class<?> c = node.getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !(List.class.isAssignableFrom(f.getType()) || NodeList.class.isAssignableFrom(f.getType()))) continue;
                f.setAccessible(true);
                Object value = f.get(node);
                lists.add(f.getName() + describe(value));
                if (value instanceof NodeList<?> nodeList) {
                    for (String inner : List.of("innerList", "observers")) {
                        Field g = NodeList.class.getDeclaredField(inner);
                        g.setAccessible(true);
                        lists.add(f.getName() + "." + inner + describe(g.get(nodeList)));
                    }
                }
            }
        }
        return lists;
    }

    private static String describe(Object list) {
        return list == null ? " null" : " " + list.getClass().getName() + " " + ((java.util.Collection<?>) list).size();
    }

    /** Every node in pre-order, each followed by the comment attached to it, as the release walk meets them. */
    private static List<Node> nodesAndComments(Node root) {
        List<Node> nodes = new ArrayList<>();
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            nodes.add(node);
            node.getComment().ifPresent(nodes::add);
            List<Node> children = node.getChildNodes();
            for (int i = children.size() - 1; i >= 0; i--) pending.push(children.get(i));
        }
        return nodes;
    }

    private static List<TextFile> fixtureFiles() throws IOException {
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(Fixtures.root())) {
            paths = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        List<TextFile> files = new ArrayList<>();
        for (Path p : paths) files.add(new TextFile(p.toString(), p, Files.readString(p, StandardCharsets.ISO_8859_1), "ISO-8859-1"));
        return files;
    }
}
