package io.wanlint.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Code and documentation cite the contract pages under {@code docs/} (issue 16): every such citation
 * names a page of the repository and, when it gives one, a section that page has; the Markdown links
 * of those pages resolve; and nothing cites the old specification and style files kept outside the
 * repository, or reads a folder beside it.
 */
class DocsReferencesTest {
    /** {@code docs/cost-model.md §Cost table …}: the page, and the text after the section sign. */
    private static final Pattern CITATION = Pattern.compile(
            "(?<![\\w./-])(?:\\.\\./)*docs/([\\w-]+\\.md)(?:\\)?\\s*§([^\\n]+))?");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.+)$", Pattern.MULTILINE);
    // Spelt in pieces so that this file does not match the searches it stands for.
    private static final String SPEC_CITATION = "SPEC" + " §", HOUSE_RULES_FILE = "ST" + "YLE.md", BESIDE = "../" + "shared";
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(?:#([^)\\s]+))?\\)");

    private static Path repository() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().getParent();
    }

    /** UTF-8, with malformed bytes replaced: some fixtures are ISO-8859-1 on purpose. */
    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(file + ": " + e.getMessage(), e);
        }
    }

    /** The repository's Java and Markdown files, without build output. */
    private static List<Path> sourcesAndDocs() throws IOException {
        Path root = repository();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.toString().endsWith(".java") || f.toString().endsWith(".md"))
                    .filter(f -> {
                        String rel = root.relativize(f).toString().replace('\\', '/');
                        return !rel.contains("/target/") && !rel.startsWith(".git/") && !rel.startsWith("target/");
                    })
                    .toList();
        }
    }

    private static List<String> headings(Path page) {
        List<String> out = new ArrayList<>();
        Matcher m = HEADING.matcher(read(page));
        while (m.find()) out.add(m.group(1).trim());
        return out;
    }

    @Test
    void everyCitationOfADocsPageNamesAPageAndASectionThatExist() throws IOException {
        Path docs = repository().resolve("docs");
        int citations = 0;
        for (Path file : sourcesAndDocs()) {
            if (file.endsWith("DocsReferencesTest.java")) continue; // its own examples include a wrong citation
            Matcher m = CITATION.matcher(read(file));
            while (m.find()) {
                citations++;
                Path page = docs.resolve(m.group(1));
                assertThat(page).as("%s cites %s", file, m.group()).isRegularFile();
                if (m.group(2) == null) continue;
                String after = m.group(2);
                assertThat(headings(page)).as("%s cites %s: a section of %s", file, m.group(), page.getFileName())
                        .anyMatch(after::startsWith);
            }
        }
        assertThat(citations).as("citations of docs/ pages in the repository").isPositive();
    }

    @Test
    void linksOfTheDocsPagesResolve() throws IOException {
        Path docs = repository().resolve("docs");
        List<Path> pages;
        try (Stream<Path> files = Files.list(docs)) {
            pages = files.filter(f -> f.toString().endsWith(".md")).toList();
        }
        assertThat(pages).extracting(p -> p.getFileName().toString())
                .contains("architecture.md", "cost-model.md", "json-report.md", "rules.md", "style.md");
        for (Path page : pages) {
            Matcher m = LINK.matcher(read(page));
            while (m.find()) {
                if (m.group(1).contains("://")) continue;
                Path target = page.resolveSibling(m.group(1)).normalize();
                assertThat(target).as("link %s of %s", m.group(), page.getFileName()).exists();
                if (m.group(2) != null && target.toString().endsWith(".md")) {
                    assertThat(headings(target).stream().map(DocsReferencesTest::anchor))
                            .as("anchor of link %s of %s", m.group(), page.getFileName()).contains(m.group(2));
                }
            }
        }
    }

    /** GitHub's anchor of a heading: lower case, spaces to hyphens, punctuation dropped. */
    private static String anchor(String heading) {
        return heading.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N} -]", "").replace(' ', '-');
    }

    @Test
    void nothingCitesFilesOutsideTheRepository() throws IOException {
        for (Path file : sourcesAndDocs()) {
            assertThat(read(file)).as("%s", file).doesNotContain(SPEC_CITATION).doesNotContain(HOUSE_RULES_FILE).doesNotContain(BESIDE);
        }
    }

    @Test
    void aCitationOfAMissingSectionIsCaught() {
        Matcher m = CITATION.matcher("see docs/cost-model.md §Cost tables and docs/rules.md §WAN005.");
        assertThat(m.find()).isTrue();
        assertThat(headings(repository().resolve("docs/cost-model.md"))).anyMatch(m.group(2)::startsWith);
        Matcher wrong = CITATION.matcher("see docs/cost-model.md §Costs per call");
        assertThat(wrong.find()).isTrue();
        assertThat(headings(repository().resolve("docs/cost-model.md"))).noneMatch(wrong.group(2)::startsWith);
    }
}
