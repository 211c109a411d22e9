package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wanlint.analyzer.fuzz.TextMutation;
import io.wanlint.analyzer.fuzz.TextMutation.Sample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Fuzzes Java ingest — {@link JavaSources#parse} and {@link JspScanner#scanPage} — with mutated
 * fixture sources and pages: whatever the text, a unit comes back (possibly empty) with
 * diagnostics, never an exception, within a time bound.
 *
 * <p>Each property runs {@code jqwik.tries.default} times (200 in {@code junit-platform.properties});
 * the {@code fuzz} Maven profile runs 20,000 ({@code mvn -B -o -pl analyzer -am test -Pfuzz}).
 */
class JavaIngestFuzzTest {
    private static final Duration BOUND = Duration.ofSeconds(10);

    /** The smaller fixture sources keep a try cheap; the big ones add nothing a mutation cannot. */
    private static final List<Sample> SOURCES = TextMutation.fixtureFiles(n -> n.endsWith(".java")).stream()
            .filter(s -> s.text().length() < 4_000).toList();
    private static final List<Sample> PAGES = TextMutation.fixtureFiles(n -> n.endsWith(".jsp"));

    /** What breaks Java and JSP scanners: unbalanced delimiters, unterminated literals, old keywords. */
    private static final List<String> JAVA_TOKENS = List.of(
            "{", "}", "(", ")", "[", "]", ";", "\"", "'", "\"\"\"", "/*", "*/", "//", "\\u", "\\u000a", "@",
            "<", ">", "->", "::", "...", "enum", "assert", "_", "record", "sealed", "yield", "var", "class X {",
            "interface", "switch (x) { case 1 -> ", "new int[][] {{", "((((((((((", "))))))))))", "\r", "\n",
            "\u0000", "\uFEFF", "\uD800", "<%", "%>", "<%=", "<%!", "<%@ page import=\"", "<%--", "--%>",
            "<jsp:useBean id=\"b\" class=\"", "<jsp:scriptlet>", "</jsp:scriptlet>", "<c:forEach items=\"${x}\">",
            "<%@ taglib prefix=\"c\" uri=\"", "${", "#{");

    private final JavaSources java = new JavaSources();
    private final JspScanner jsp = new JspScanner();

    @Provide Arbitrary<String> mutatedSources() {
        return Combinators.combine(Arbitraries.of(SOURCES), TextMutation.edits(JAVA_TOKENS, 6))
                .as((sample, edits) -> TextMutation.applyAll(sample.text(), edits));
    }

    @Provide Arbitrary<String> mutatedPages() {
        return Combinators.combine(Arbitraries.of(PAGES), TextMutation.edits(JAVA_TOKENS, 6))
                .as((sample, edits) -> TextMutation.applyAll(sample.text(), edits));
    }

    @Property
    void mutatedSourcesAlwaysGiveAUnitAndNeverThrow(@ForAll("mutatedSources") String text) {
        TextFile file = new TextFile("src/shop/Fuzzed.java", null, text, "UTF-8");
        ParsedJava parsed = assertTimeoutPreemptively(BOUND, () -> java.parse(file));
        assertThat(parsed.unit().unit()).isNotNull();
        assertThat(parsed.unit().source()).isEqualTo(file);
        assertThat(parsed.diagnostics()).allSatisfy(d -> assertThat(d.location().file()).isEqualTo(file.path()));
    }

    @Property
    void mutatedPagesAlwaysGiveAUnitAndNeverThrow(@ForAll("mutatedPages") String text) {
        TextFile file = new TextFile("docroot/fuzzed.jsp", Path.of("docroot/fuzzed.jsp"), text, "UTF-8");
        ScannedJsp scanned = assertTimeoutPreemptively(BOUND, () -> jsp.scanPage(file, "/fuzzed.jsp"));
        assertThat(scanned.unit().unit().getTypes()).isNotEmpty();
        assertThat(scanned.diagnostics()).allSatisfy(d -> assertThat(d.location().file()).isEqualTo(file.path()));
    }

    @Property
    void randomBytesDecodedAsSourceNeverThrow(@ForAll @Size(max = 2048) byte[] bytes) {
        TextDecoding.DecodedText decoded = TextDecoding.decode(bytes);
        TextFile file = new TextFile("src/Random.java", null, decoded.text(), decoded.encoding());
        assertThat(assertTimeoutPreemptively(BOUND, () -> java.parse(file)).unit().unit()).isNotNull();
    }
}
