package io.wanlint.analyzer.cache;

import static io.wanlint.analyzer.cache.SameAnalysis.assertSame;
import static io.wanlint.analyzer.cache.SameAnalysis.phases;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.ingest.ExtractionFolder;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.model.SourceSuppressions;
import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AnalysisCacheTest {
    @TempDir Path temp;

    private final List<Diagnostic> warnings = new ArrayList<>();

    static Stream<String> fixtures() {
        return Fixtures.APPLICATIONS.stream().filter(a -> Files.isDirectory(Fixtures.root().resolve(a)));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void cachedRunsGiveTheResultOfAFreshAnalysis(String app) {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app(app));
        AnalysisResult fresh = Analyzer.analyze(request);
        Path cache = temp.resolve("cache");

        AnalysisResult first = cached(request, cache);
        AnalysisResult second = cached(request, cache);

        assertSame(first, fresh);
        assertThat(phases(first)).contains("parse", "cache write");
        assertSame(second, fresh);
        assertThat(phases(second)).contains("cache read").doesNotContain("parse", "call graph", "cache write");
        assertThat(warnings).isEmpty();
    }

    @Test
    void changedAddedAndDeletedFilesAreAnalysedAgain() throws IOException {
        Path app = temp.resolve("app");
        write(app, "shop/web/CartServlet.java", SERVLET);
        write(app, "shop/web/CartHelper.java", HELPER.formatted(""));
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        AnalysisResult before = cached(request, cache);
        assertThat(executions(before)).isEmpty();

        write(app, "shop/web/CartHelper.java", HELPER.formatted("""
                java.sql.Statement s = c.createStatement();
                        s.executeQuery("select 1");
                """));
        AnalysisResult changed = cached(request, cache);
        assertSame(changed, Analyzer.analyze(request));
        assertThat(phases(changed)).contains("parse");
        assertThat(executions(changed)).hasSize(1);

        write(app, "shop/web/Audit.java", """
                package shop.web;
                public class Audit {
                    public void note(String what) { System.out.println(what); }
                }
                """);
        AnalysisResult added = cached(request, cache);
        assertSame(added, Analyzer.analyze(request));
        assertThat(added.callGraph().nodes()).anyMatch(n -> n.ref().className().equals("shop.web.Audit"));

        Files.delete(app.resolve("shop/web/Audit.java"));
        AnalysisResult deleted = cached(request, cache);
        assertSame(deleted, Analyzer.analyze(request));
        assertThat(deleted.callGraph().nodes()).noneMatch(n -> n.ref().className().equals("shop.web.Audit"));
        assertThat(phases(cached(request, cache))).contains("cache read").doesNotContain("parse");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aNewWebInfFolderMovesJspPagesEvenThoughNoFileChanged() throws IOException {
        Path app = temp.resolve("app");
        write(app, "pages/shop/cart.jsp", "<html><body><%= request.getParameter(\"id\") %></body></html>\n");
        AnalysisRequest request = AnalysisRequest.of(app);
        Path cache = temp.resolve("cache");
        AnalysisResult before = cached(request, cache);

        Files.createDirectories(app.resolve("pages/WEB-INF"));
        AnalysisResult after = cached(request, cache);

        assertSame(after, Analyzer.analyze(request));
        assertThat(jspNames(before)).containsExactly("/pages/shop/cart.jsp");
        assertThat(jspNames(after)).containsExactly("/shop/cart.jsp");
    }

    private static List<String> jspNames(AnalysisResult result) {
        return result.model().ofKind(io.wanlint.analyzer.api.ComponentKind.JSP).stream()
                .map(io.wanlint.analyzer.api.Component::name).toList();
    }

    @Test
    void aCorruptEntryIsIgnoredWithAWarningAndReplaced() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = cached(request, cache);
        Path entry = onlyEntry(cache);
        byte[] bytes = Files.readAllBytes(entry);
        Files.write(entry, java.util.Arrays.copyOf(bytes, bytes.length / 2)); // truncated mid-JSON

        AnalysisResult afterCorruption = cached(request, cache);

        assertSame(afterCorruption, fresh);
        assertThat(warnings).singleElement().satisfies(w -> {
            assertThat(w.level()).isEqualTo(Diagnostic.Level.WARNING);
            assertThat(w.message()).contains("cannot be read").contains("ignored and replaced");
        });
        warnings.clear();
        assertThat(phases(cached(request, cache))).contains("cache read").doesNotContain("parse");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aSingleAlteredByteIsNoticedAndTheEntryIgnored() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = cached(request, cache);
        Path entry = onlyEntry(cache);
        byte[] bytes = Files.readAllBytes(entry);
        bytes[bytes.length - 100] ^= 0x01; // inside the binary graph: still parses, but the checksum differs
        Files.write(entry, bytes);

        AnalysisResult result = cached(request, cache);

        assertSame(result, fresh);
        assertThat(phases(result)).contains("parse");
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString().contains("cannot be read");
    }

    @Test
    void anEntryThatIsNotACacheEntryIsIgnoredWithAWarning() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = cached(request, cache);
        Files.writeString(onlyEntry(cache), "{\"some\": \"other tool's file\"}\n");

        assertSame(cached(request, cache), fresh);
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString()
                .contains("not a wanlint analysis cache entry");
    }

    @Test
    void anEntryOfAnotherFormatVersionIsIgnoredWithAWarning() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = cached(request, cache);
        Path entry = onlyEntry(cache);
        byte[] bytes = Files.readAllBytes(entry);
        String header = "wanlint-analysis-cache " + AnalysisCache.FORMAT + " ";
        assertThat(new String(bytes, 0, header.length(), StandardCharsets.US_ASCII)).isEqualTo(header);
        byte[] other = (AnalysisCache.MAGIC + " " + (AnalysisCache.FORMAT + 1) + " ").getBytes(StandardCharsets.US_ASCII);
        byte[] rewritten = new byte[bytes.length - header.length() + other.length];
        System.arraycopy(other, 0, rewritten, 0, other.length);
        System.arraycopy(bytes, header.length(), rewritten, other.length, bytes.length - header.length());
        Files.write(entry, rewritten);

        AnalysisResult result = cached(request, cache);

        assertSame(result, fresh);
        assertThat(phases(result)).contains("parse");
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString()
                .contains("another cache format (" + (AnalysisCache.FORMAT + 1) + ", this wanlint uses " + AnalysisCache.FORMAT);
    }

    @Test
    void aCacheFolderThatCannotBeWrittenGivesAWarningAndTheFreshResult() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path notAFolder = Files.writeString(temp.resolve("plain-file"), "x");
        AnalysisResult fresh = Analyzer.analyze(request);

        assertSame(cached(request, notAFolder), fresh);
        assertSame(cached(request, notAFolder.resolve("below")), fresh);

        assertThat(warnings).hasSize(2).allSatisfy(w ->
                assertThat(w.message()).startsWith("cannot write the analysis cache").endsWith("this run is not cached"));
        assertThat(Files.readString(notAFolder)).isEqualTo("x");
    }

    @Test
    void aCacheFolderInsideTheAnalysedTreeIsNotAnalysed() throws IOException {
        Path app = temp.resolve("app");
        write(app, "shop/web/CartServlet.java", SERVLET);
        write(app, "shop/web/CartHelper.java", HELPER.formatted(""));
        AnalysisRequest request = AnalysisRequest.of(app);
        AnalysisResult fresh = Analyzer.analyze(request);

        cached(request, app.resolve(".wanlint-cache"));
        // Whatever lies in the cache folder is not the application's, even XML another tool left there.
        Files.writeString(app.resolve(".wanlint-cache/ejb-jar.xml"), "<ejb-jar><enterprise-beans/></ejb-jar>");
        AnalysisResult warm = cached(request, app.resolve(".wanlint-cache"));

        assertSame(warm, fresh);
        assertThat(phases(warm)).contains("cache read").doesNotContain("parse");
    }

    @Test
    void theFolderKeepsABoundedNumberOfEntriesAndOnlyWanlintsOwnFilesAreRemoved() throws IOException {
        Path cache = Files.createDirectories(temp.resolve("cache"));
        Path foreign = Files.writeString(cache.resolve("notes.txt"), "mine");
        String header = AnalysisCache.MAGIC + " " + AnalysisCache.FORMAT + " d s\n";
        for (int i = 0; i < AnalysisCache.MAX_ENTRIES + 5; i++) {
            Path old = Files.writeString(cache.resolve("analysis-old" + i + ".cache"), header + "stale");
            Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(3600 + i)));
        }
        Path ancient = Files.writeString(cache.resolve("analysis-ancient.cache"), header + "stale");
        Files.setLastModifiedTime(ancient, FileTime.from(Instant.now().minusSeconds(86_400L * (AnalysisCache.MAX_AGE_DAYS + 1))));
        // Named like wanlint's files, but not wanlint's: never deleted, however old.
        Path lookalike = Files.writeString(cache.resolve("analysis-report.cache"), "someone's report");
        Files.setLastModifiedTime(lookalike, FileTime.from(Instant.now().minusSeconds(86_400L * (AnalysisCache.MAX_AGE_DAYS + 1))));
        Path lookalikeTemp = Files.writeString(cache.resolve("analysis-notes.tmp"), "someone's notes");
        Files.setLastModifiedTime(lookalikeTemp, FileTime.from(Instant.now().minusSeconds(86_400)));
        // A dead run's temporary entry goes; a live process's stays, however old.
        String ours = AnalysisCache.namespaceTag(ExtractionFolder.pidNamespace());
        Path deadRun = Files.writeString(cache.resolve("analysis-" + deadPid() + "-" + ours + "-123.tmp"), header);
        long live = ProcessHandle.current().parent().orElseThrow().pid();
        Path liveRun = Files.writeString(cache.resolve("analysis-" + live + "-" + ours + "-456.tmp"), header);
        Files.setLastModifiedTime(liveRun, FileTime.from(Instant.now().minusSeconds(86_400)));
        // Another pid namespace's (a container sharing the cache folder): its pid says nothing here, so
        // a recent one stays even though no such process lives here; an hour-old one goes.
        String theirs = AnalysisCache.namespaceTag("pid:[4026531836]").equals(ours)
                ? AnalysisCache.namespaceTag("pid:[1]") : AnalysisCache.namespaceTag("pid:[4026531836]");
        Path otherNamespaceWriting = Files.writeString(cache.resolve("analysis-" + deadPid() + "-" + theirs + "-7.tmp"), header);
        Path otherNamespaceLeft = Files.writeString(cache.resolve("analysis-" + deadPid() + "-" + theirs + "-8.tmp"), header);
        Files.setLastModifiedTime(otherNamespaceLeft, FileTime.from(Instant.now().minusSeconds(7_200)));

        cached(AnalysisRequest.of(Fixtures.app("rubis-facade")), cache);

        try (Stream<Path> files = Files.list(cache)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertThat(names.stream().filter(n -> n.endsWith(".cache") && !n.equals("analysis-report.cache")))
                    .hasSize(AnalysisCache.MAX_ENTRIES);
            assertThat(names).contains("notes.txt", "analysis-old0.cache", "analysis-report.cache", "analysis-notes.tmp",
                            liveRun.getFileName().toString(), otherNamespaceWriting.getFileName().toString())
                    .doesNotContain("analysis-ancient.cache", "analysis-old" + (AnalysisCache.MAX_ENTRIES + 4) + ".cache",
                            deadRun.getFileName().toString(), otherNamespaceLeft.getFileName().toString());
        }
        assertThat(foreign).hasContent("mine");
        assertThat(lookalike).hasContent("someone's report");
        assertThat(lookalikeTemp).hasContent("someone's notes");
    }

    @Test
    void anEditedEntryWhoseChecksumWasRecomputedIsRejected() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = cached(request, cache);
        Path entry = onlyEntry(cache);
        byte[] bytes = Files.readAllBytes(entry);
        int header = new String(bytes, StandardCharsets.ISO_8859_1).indexOf('\n') + 1;
        // Forge: rename a component inside the JSON and re-sign with a key the forger chose.
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int json = text.indexOf("\"name\":\"", header);
        assertThat(json).isPositive();
        bytes[json + 8] ^= 0x01;
        byte[] forged = resign(bytes, "a key the forger chose, not ours".getBytes(StandardCharsets.UTF_8));
        Files.write(entry, forged);

        AnalysisResult result = cached(request, cache);

        assertSame(result, fresh);
        assertThat(phases(result)).contains("parse");
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString()
                .contains("cannot be read").contains("another cache key");
    }

    @Test
    void anEntryWrittenUnderAnotherEnvironmentKeyIsRejected() {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, "first secret of the CI, 32 chars"));
        AnalysisResult sameKey = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, "first secret of the CI, 32 chars"));
        assertThat(phases(sameKey)).contains("cache read").doesNotContain("parse");
        assertThat(warnings).isEmpty();
        assertThat(cache.resolve(CacheKey.FILE)).as("no key file when the key comes from the environment").doesNotExist();

        AnalysisResult otherKey = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, "another secret entirely, 32 chr"));

        assertSame(otherKey, fresh);
        assertThat(phases(otherKey)).contains("parse");
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString().contains("another cache key");
    }

    @Test
    void theKeyFileIsPrivateAndAKeyOthersCanReadIsNotUsed() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.getFileStore(temp).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class));
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));
        Path key = cache.resolve(CacheKey.FILE);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rw-------");
        assertThat(Files.size(key)).isEqualTo(32);

        Files.setPosixFilePermissions(key, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        AnalysisResult result = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));

        assertSame(result, fresh);
        assertThat(phases(result)).contains("parse");
        assertThat(warnings).isNotEmpty().allSatisfy(w -> assertThat(w.message()).contains("accessible to other users"));
    }

    @Test
    void aDamagedKeyIsReplacedByANewPrivateKeyAndTheCacheWorksAgain() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = temp.resolve("cache");
        AnalysisResult fresh = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));
        Files.writeString(cache.resolve(CacheKey.FILE), "short");

        AnalysisResult damaged = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));

        assertSame(damaged, fresh);
        assertThat(phases(damaged)).contains("parse");
        assertThat(warnings).anySatisfy(w -> assertThat(w.message()).contains("has 5 bytes").contains("a new private key was made"));
        assertThat(Files.size(cache.resolve(CacheKey.FILE))).isEqualTo(32);
        warnings.clear();
        AnalysisResult after = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));
        assertThat(phases(after)).contains("cache read").doesNotContain("parse");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aKeyFileThatIsALinkIsNotFollowed() throws IOException {
        AnalysisRequest request = AnalysisRequest.of(Fixtures.app("rubis-facade"));
        Path cache = Files.createDirectories(temp.resolve("cache"));
        Path elsewhere = Files.write(temp.resolve("elsewhere.key"), new byte[32]);
        Files.createSymbolicLink(cache.resolve(CacheKey.FILE), elsewhere);

        AnalysisResult result = Analyzer.analyze(request, AnalysisCache.in(cache, warnings::add, null));

        assertSame(result, Analyzer.analyze(request));
        assertThat(warnings).singleElement().extracting(Diagnostic::message).asString().contains("not a regular file")
                .contains("a new private key was made");
        assertThat(elsewhere).hasBinaryContent(new byte[32]);
        assertThat(Files.isSymbolicLink(cache.resolve(CacheKey.FILE))).isFalse();
    }

    // ---------------------------------------------------------------- helpers

    private AnalysisResult cached(AnalysisRequest request, Path cache) {
        return Analyzer.analyze(request, cache, warnings::add);
    }

    private static List<CallEdge> executions(AnalysisResult result) {
        return result.callGraph().edges().stream().filter(e -> e.op().name().equals("JDBC_EXECUTE")).toList();
    }

    /** A process id that no running process has. */
    private static long deadPid() {
        long pid = 4_000_000;
        while (ProcessHandle.of(pid).isPresent()) pid++;
        return pid;
    }

    /** The entry with its MAC replaced by one under {@code key}, as a forger who does not know ours would sign it. */
    private static byte[] resign(byte[] entry, byte[] key) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256"));
            mac.update(entry, 0, entry.length - CacheKey.MAC_BYTES);
            byte[] out = entry.clone();
            System.arraycopy(mac.doFinal(), 0, out, entry.length - CacheKey.MAC_BYTES, CacheKey.MAC_BYTES);
            return out;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path onlyEntry(Path cache) throws IOException {
        try (Stream<Path> files = Files.list(cache)) {
            return files.filter(p -> p.toString().endsWith(".cache")).reduce((a, b) -> {
                throw new AssertionError("more than one entry: " + a + ", " + b);
            }).orElseThrow();
        }
    }

    private static void write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static final String SERVLET = """
            package shop.web;

            import java.io.IOException;
            import javax.servlet.http.HttpServlet;
            import javax.servlet.http.HttpServletRequest;
            import javax.servlet.http.HttpServletResponse;

            public class CartServlet extends HttpServlet {
                private final CartHelper helper = new CartHelper();

                protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                    helper.total(req.getParameter("cart"));
                }
            }
            """;

    private static final String HELPER = """
            package shop.web;

            import java.sql.Connection;
            import java.sql.DriverManager;

            public class CartHelper {
                public int total(String cart) {
                    try {
                        Connection c = DriverManager.getConnection("jdbc:db://central/shop");
                        %s
                        return 0;
                    } catch (java.sql.SQLException e) {
                        return -1;
                    }
                }
            }
            """;
}
