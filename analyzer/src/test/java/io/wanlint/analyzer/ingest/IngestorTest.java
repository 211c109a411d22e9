package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Diagnostic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class IngestorTest {
    private static final String WEB_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN"
              "http://java.sun.com/dtd/web-app_2_3.dtd">
            <web-app><servlet><servlet-name>main</servlet-name></servlet></web-app>
            """;

    @TempDir Path temp;

    private Path extraction() {
        return temp.resolve("extract");
    }

    private Workspace ingest(Path... inputs) {
        return new Ingestor().ingest(AnalysisRequest.of(inputs), extraction());
    }

    private Path write(String relative, String text) throws IOException {
        return write(relative, text.getBytes(StandardCharsets.UTF_8));
    }

    private Path write(String relative, byte[] bytes) throws IOException {
        Path file = temp.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    private static List<String> paths(List<TextFile> files) {
        return files.stream().map(TextFile::path).toList();
    }

    private static List<String> messages(Workspace workspace) {
        return workspace.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    private Map<String, Long> snapshot(Path folder) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(folder.relativize(p).toString(), Files.getLastModifiedTime(p).toMillis() ^ Files.size(p));
            }
        }
        return files;
    }

    @Test
    void nestedArchivesAreWalkedWithBangPaths() throws IOException {
        Zips war = Zips.zip()
                .add("WEB-INF/web.xml", WEB_XML)
                .add("WEB-INF/src/shop/Cart.java", "package shop; public class Cart {}")
                .add("catalog/product.jsp", "<%@ page import=\"shop.*\" %><%= new Cart() %>");
        Zips ear = Zips.zip()
                .add("META-INF/application.xml", "<application><module><web><web-uri>c.war</web-uri></web></module></application>")
                .add("c.war", war)
                .add("lib/util.jar", Zips.zip().add("util/Strings.class", new byte[] {1, 2, 3}));
        Path input = write("in/a.zip", Zips.zip().add("b.ear", ear).bytes());
        Map<String, Long> before = snapshot(temp.resolve("in"));

        Workspace workspace = ingest(input);

        assertThat(paths(workspace.javaSources())).containsExactly("a.zip!/b.ear!/c.war!/WEB-INF/src/shop/Cart.java");
        assertThat(paths(workspace.jsps())).containsExactly("a.zip!/b.ear!/c.war!/catalog/product.jsp");
        assertThat(paths(workspace.xmlFiles())).containsExactly(
                "a.zip!/b.ear!/META-INF/application.xml", "a.zip!/b.ear!/c.war!/WEB-INF/web.xml");
        assertThat(workspace.classRoots()).singleElement().satisfies(root -> {
            assertThat(root.getFileName()).hasToString("util.jar");
            assertThat(root).startsWith(extraction().toAbsolutePath().normalize());
        });
        assertThat(workspace.files()).extracting(AnalyzedFile::path).doesNotContain("a.zip!/b.ear!/lib/util.jar!/util/Strings.class")
                .contains("a.zip", "a.zip!/b.ear", "a.zip!/b.ear!/c.war", "a.zip!/b.ear!/lib/util.jar");
        assertThat(workspace.files()).allSatisfy(f -> assertThat(f.absolute().toAbsolutePath().normalize())
                .satisfiesAnyOf(p -> assertThat(p).startsWith(extraction().toAbsolutePath().normalize()),
                        p -> assertThat(p).isEqualTo(input.toAbsolutePath().normalize())));
        assertThat(JspScanner.pagePath(workspace.jsps().get(0))).isEqualTo("/catalog/product.jsp");
        assertThat(workspace.diagnostics()).isEmpty();
        assertThat(snapshot(temp.resolve("in"))).isEqualTo(before);
    }

    @Test
    void zipSlipEntriesAreRejectedAndNothingIsWrittenOutside() throws IOException {
        String absolute = temp.resolve("evil-absolute").toAbsolutePath().toString();
        Path input = write("in/evil.zip", Zips.zip()
                .add("../../x", "escaped")
                .add(absolute, "absolute")
                .add("..\\..\\y", "backslashes")
                .add("C:/z", "drive")
                .add("ok/ejb-jar.xml", "<ejb-jar/>")
                .bytes());

        Workspace workspace = ingest(input);

        assertThat(paths(workspace.xmlFiles())).containsExactly("evil.zip!/ok/ejb-jar.xml");
        assertThat(workspace.diagnostics()).filteredOn(d -> d.message().contains("unsafe entry name"))
                .extracting(Diagnostic::message)
                .hasSize(4)
                .anySatisfy(m -> assertThat(m).contains("\"../../x\""))
                .anySatisfy(m -> assertThat(m).contains(absolute));
        assertThat(workspace.diagnostics()).allSatisfy(d -> assertThat(d.location().file()).isEqualTo("evil.zip"));
        try (Stream<Path> all = Files.walk(temp)) {
            assertThat(all.filter(Files::isRegularFile).map(temp::relativize).map(Path::toString).toList())
                    .allSatisfy(p -> assertThat(p).matches("in/evil\\.zip|extract/.*"));
        }
        assertThat(Path.of(absolute)).doesNotExist();
    }

    @Test
    void zipBombIsStoppedByTheByteBound() throws IOException {
        Path input = write("in/bomb.zip", Zips.zip()
                .add("small.xml", "<ejb-jar/>")
                .add("zeros.bin", new byte[200_000])
                .add("after.xml", "<web-app/>")
                .bytes());

        Workspace workspace = new Ingestor(new ArchiveLimits(1000, 100_000, 10)).ingest(AnalysisRequest.of(input), extraction());

        assertThat(messages(workspace)).anySatisfy(m -> assertThat(m)
                .contains("zip bomb guard: more than 100000 bytes").contains("zeros.bin"));
        assertThat(paths(workspace.xmlFiles())).containsExactly("bomb.zip!/small.xml");
        long written;
        try (Stream<Path> all = Files.walk(extraction())) {
            written = all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        assertThat(written).isLessThanOrEqualTo(100_000);
    }

    @Test
    void zipBombIsStoppedByTheEntryBound() throws IOException {
        Zips many = Zips.zip();
        for (int i = 0; i < 50; i++) many.add("f" + i + ".txt", "x");
        Path input = write("in/many.zip", many.bytes());

        Workspace workspace = new Ingestor(new ArchiveLimits(10, 1L << 20, 10)).ingest(AnalysisRequest.of(input), extraction());

        assertThat(messages(workspace)).anySatisfy(m -> assertThat(m).contains("zip bomb guard: more than 10 archive entries"));
        try (Stream<Path> all = Files.walk(extraction())) {
            assertThat(all.filter(Files::isRegularFile).count()).isEqualTo(10);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void archivesNestedTwentyDeepStopAtTheDepthBound() throws IOException {
        Zips inner = Zips.zip().add("deepest.xml", "<ejb-jar/>");
        for (int level = 19; level >= 1; level--) {
            inner = Zips.zip().add("level" + level + ".zip", inner).add("at" + level + ".xml", "<web-app/>");
        }
        Path input = write("in/level0.zip", inner.bytes());

        Workspace workspace = ingest(input);

        assertThat(messages(workspace)).anySatisfy(m -> assertThat(m).contains("nested more than 10 levels"));
        assertThat(workspace.xmlFiles()).hasSize(10).noneMatch(f -> f.path().endsWith("deepest.xml"));
    }

    @Test
    void corruptCentralDirectoryKeepsTheReadableEntries() throws IOException {
        byte[] bytes = Zips.zip()
                .add("META-INF/ejb-jar.xml", "<ejb-jar/>")
                .add("shop/Cart.java", "package shop; class Cart {}")
                .bytes();
        for (int i = 0; i + 3 < bytes.length; i++) {
            if (bytes[i] == 'P' && bytes[i + 1] == 'K' && bytes[i + 2] == 1 && bytes[i + 3] == 2) bytes[i + 2] = 9;
        }
        Path input = write("in/broken.jar", bytes);

        Workspace workspace = ingest(input);

        assertThat(workspace.diagnostics()).anySatisfy(d -> {
            assertThat(d.location().file()).isEqualTo("broken.jar");
            assertThat(d.message()).contains("corrupt archive directory");
        });
        assertThat(paths(workspace.xmlFiles())).containsExactly("broken.jar!/META-INF/ejb-jar.xml");
        assertThat(paths(workspace.javaSources())).containsExactly("broken.jar!/shop/Cart.java");
    }

    @Test
    void truncatedArchiveKeepsWhatWasReadAndReportsTheRest() throws IOException {
        byte[] whole = Zips.zip()
                .add("first.xml", "<ejb-jar/>")
                .add("second.xml", "<web-app>" + "<servlet/>".repeat(2000) + "</web-app>")
                .bytes();
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length / 2);
        Path input = write("in/cut.war", cut);

        Workspace workspace = ingest(input);

        assertThat(paths(workspace.xmlFiles())).contains("cut.war!/first.xml");
        assertThat(workspace.diagnostics()).anySatisfy(d -> assertThat(d.message()).contains("truncated or corrupt"));
    }

    @Test
    void descriptorsAreFoundByContentNotName() throws IOException {
        write("app/META-INF/supplier.xml.CMP", "\n  <?xml version=\"1.0\"?>\n<ejb-jar><enterprise-beans/></ejb-jar>");
        write("app/META-INF/supplier.xml.BMP", "<?xml version=\"1.0\"?>\n<ejb-jar><enterprise-beans/></ejb-jar>");
        write("app/web/logo.bmp", new byte[] {'B', 'M', 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0});
        write("app/META-INF/estore_ejb.xml", WEB_XML);
        write("app/conf/tpcw.xml", "<!-- generated -->\n<jboss/>");
        write("app/conf/shop.properties", "name=<not xml>");
        write("app/web/index.html", "<html><body/></html>");
        write("app/web/page.txt", "<!DOCTYPE html><html></html>");
        write("app/.git/config.xml", "<config/>");

        Workspace workspace = ingest(temp.resolve("app"));

        // supplier.xml.BMP is a bean-managed-persistence variant, not a bitmap; logo.bmp is one.
        assertThat(paths(workspace.xmlFiles())).containsExactly(
                "META-INF/estore_ejb.xml", "META-INF/supplier.xml.BMP", "META-INF/supplier.xml.CMP", "conf/tpcw.xml");
        assertThat(workspace.files()).filteredOn(f -> f.kind() == AnalyzedFile.Kind.DESCRIPTOR).hasSize(4);
    }

    @Test
    void wrongXmlEncodingDeclarationIsAWarningAndStillRead() throws IOException {
        write("app/WEB-INF/web.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><web-app><display-name>Boutique é</display-name></web-app>"
                .getBytes(StandardCharsets.ISO_8859_1));

        Workspace workspace = ingest(temp.resolve("app"));

        assertThat(workspace.xmlFiles()).singleElement().satisfies(f -> {
            assertThat(f.text()).contains("Boutique é");
            assertThat(f.encoding()).isEqualTo("ISO-8859-1");
        });
        assertThat(workspace.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.WARNING);
            assertThat(d.location().file()).isEqualTo("WEB-INF/web.xml");
        });
    }

    @Test
    void latin1SourcesAreRecordedWithTheirEncoding() throws IOException {
        write("src/shop/Caf\u00e9.java", "// Prüfung\nclass Café { String s = \"ü\"; }".getBytes(StandardCharsets.ISO_8859_1));
        write("my src/B\u00fccher.java", "class Bücher {}");

        Workspace workspace = ingest(temp.resolve("src"), temp.resolve("my src"));

        assertThat(paths(workspace.javaSources())).containsExactly("shop/Café.java", "Bücher.java");
        assertThat(workspace.javaSources().get(0).text()).contains("Prüfung", "\"ü\"");
        assertThat(workspace.files()).extracting(AnalyzedFile::encoding).containsExactly("ISO-8859-1", "UTF-8");
    }

    @Test
    void classRootIsDerivedFromTheCompiledClassPackage() throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assumeTrue(compiler != null, "needs a JDK");
        Path source = write("gen/com/acme/shop/Cart.java", "package com.acme.shop; public class Cart { int n; }");
        Path classes = temp.resolve("app/build/classes");
        Files.createDirectories(classes);
        int status = compiler.run(null, null, null, "-d", classes.toString(), source.toString());
        assertThat(status).isZero();
        write("app/misplaced/Wrong.class", Files.readAllBytes(classes.resolve("com/acme/shop/Cart.class")));

        Workspace workspace = ingest(temp.resolve("app"));

        assertThat(workspace.classRoots()).containsExactly(classes.toAbsolutePath().normalize());
        assertThat(workspace.files()).filteredOn(f -> f.kind() == AnalyzedFile.Kind.CLASS)
                .extracting(AnalyzedFile::path)
                .containsExactly("build/classes/com/acme/shop/Cart.class", "misplaced/Wrong.class");
        assertThat(messages(workspace)).singleElement().satisfies(m ->
                assertThat(m).contains("misplaced/Wrong.class", "com.acme.shop.Cart", "not in a folder matching"));
    }

    @Test
    void libraryJarWithEjbDescriptorIsUnpacked() throws IOException {
        write("app/WEB-INF/lib/plain.jar", Zips.zip().add("a/A.class", new byte[] {0}).bytes());
        write("app/WEB-INF/lib/ejbs.jar", Zips.zip().add("META-INF/ejb-jar.xml", "<ejb-jar/>").bytes());

        Workspace workspace = ingest(temp.resolve("app"));

        assertThat(workspace.classRoots()).containsExactly(temp.resolve("app/WEB-INF/lib/plain.jar").toAbsolutePath().normalize());
        assertThat(paths(workspace.xmlFiles())).containsExactly("WEB-INF/lib/ejbs.jar!/META-INF/ejb-jar.xml");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void symlinkLoopDoesNotHang() throws IOException {
        write("app/src/shop/Cart.java", "class Cart {}");
        try {
            Files.createSymbolicLink(temp.resolve("app/src/shop/loop"), temp.resolve("app/src"));
            Files.createSymbolicLink(temp.resolve("app/src/broken"), temp.resolve("app/nowhere"));
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "file system without symbolic links");
        }

        Workspace workspace = ingest(temp.resolve("app"));

        assertThat(paths(workspace.javaSources())).containsExactly("src/shop/Cart.java");
        assertThat(workspace.diagnostics()).anySatisfy(d -> {
            assertThat(d.location().file()).isEqualTo("src/broken");
            assertThat(d.message()).contains("symbolic link");
        });
    }

    @Test
    void unreadableFileIsADiagnosticAndTheRestIsRead() throws IOException {
        Path secret = write("app/a/Secret.java", "class Secret {}");
        write("app/b/Open.java", "class Open {}");
        try {
            Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            assumeTrue(false, "no POSIX permissions");
        }
        assumeTrue(!Files.isReadable(secret), "running with rights that read anything");

        Workspace workspace = ingest(temp.resolve("app"));

        assertThat(paths(workspace.javaSources())).containsExactly("b/Open.java");
        assertThat(messages(workspace)).singleElement().satisfies(m -> assertThat(m).contains("a/Secret.java", "cannot read"));
    }

    @Test
    void excludeGlobsSkipMatchingFilesAndFolders() throws IOException {
        write("app/generated/A.java", "class A {}");
        write("app/src/generated/B.java", "class B {}");
        write("app/src/C.java", "class C {}");
        write("app/src/C.bak.java", "class D {}");
        write("app/target/classes/E.java", "class E {}");

        Workspace workspace = new Ingestor().ingest(new AnalysisRequest(List.of(temp.resolve("app")),
                List.of("**/generated/**", "*.bak.java"), AnalysisRequest.FrontEnd.AUTO), extraction());

        assertThat(paths(workspace.javaSources())).containsExactly("src/C.java", "target/classes/E.java");
    }

    @Test
    void aFolderGlobExcludesItsContentAndALeadingSlashAnchorsIt() throws IOException {
        write("app/build/A.java", "class A {}");
        write("app/src/build/B.java", "class B {}");
        write("app/dist/C.java", "class C {}");
        write("app/src/D.java", "class D {}");

        Workspace workspace = new Ingestor().ingest(new AnalysisRequest(List.of(temp.resolve("app")),
                List.of("/build", "dist/"), AnalysisRequest.FrontEnd.AUTO), extraction());

        assertThat(paths(workspace.javaSources())).containsExactlyInAnyOrder("src/build/B.java", "src/D.java");
    }

    @Test
    void missingInputIsAnErrorDiagnostic() {
        Path missing = temp.resolve("does-not-exist");

        Workspace workspace = ingest(missing);

        assertThat(workspace.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR);
            assertThat(d.message()).isEqualTo("input does not exist");
            assertThat(d.location().file()).isEqualTo(missing.toString());
        });
    }

    @Test
    void extractionFolderInsideTheInputIsNotWalked() throws IOException {
        write("app/shop.jar", Zips.zip().add("x/Y.java", "class Y {}").bytes());

        Workspace workspace = new Ingestor().ingest(AnalysisRequest.of(temp.resolve("app")), temp.resolve("app/.wanlint-tmp"));

        assertThat(paths(workspace.javaSources())).containsExactly("shop.jar!/x/Y.java");
    }
}
