package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static io.wanlint.cli.hostile.HostileApps.servletSource;
import static io.wanlint.cli.hostile.HostileApps.utf8;
import static io.wanlint.cli.hostile.HostileApps.webXml;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileApps.zip;
import static io.wanlint.cli.hostile.HostileRun.checkJson;
import static org.assertj.core.api.Assertions.assertThat;

/** Hostile and broken archives, built in the test's folder, end to end through {@code wanlint check}. */
class HostileArchiveTest {
    @TempDir Path dir;

    /** The entries of a WAR holding one servlet: what must survive next to the bad entries. */
    private static Map<String, byte[]> goodWar(String name) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("WEB-INF/web.xml", utf8(webXml("web." + name, "/" + name.toLowerCase())));
        entries.put("WEB-INF/src/web/" + name + ".java", utf8(servletSource("web", name)));
        return entries;
    }

    @Test
    void zipSlipEntriesAreRejectedByNameAndNothingIsWrittenOutside() {
        String marker = "slip-" + UUID.randomUUID();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("../../" + marker + ".txt", utf8("escaped"));
        entries.put("WEB-INF/../../../" + marker + ".jsp", utf8("escaped"));
        entries.put("..\\..\\" + marker + ".bat", utf8("escaped"));
        entries.put(tmp.resolve(marker + ".abs").toString(), utf8("escaped"));
        entries.put("C:/Windows/" + marker + ".ini", utf8("escaped"));
        entries.putAll(goodWar("Good"));
        Path war = write(dir.resolve("shop.war"), zip(entries));

        HostileRun.Outcome run = checkJson(war);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: shop.war: unsafe entry name \"../../" + marker
                + ".txt\" rejected: it would be written outside the extraction folder");
        assertThat(run.diagnostics()).filteredOn(d -> d.contains("unsafe entry name")).hasSize(5);
        assertThat(run.componentClasses()).contains("web.Good");
        for (Path place : List.of(tmp, dir, dir.getParent(), Path.of("").toAbsolutePath())) {
            try (var listing = Files.list(place)) {
                assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(marker));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void zipBombIsStoppedAtTheEntryBoundAndWhatCameBeforeIsAnalysed() throws IOException {
        // 100,001 entries that cost nothing to write ("dN/.." names normalise to the archive root):
        // the bound is reached without filling the disk, as it would be by a real bomb.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : goodWar("Good").entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
            }
            for (int i = 0; i < 100_001; i++) zip.putNextEntry(new ZipEntry("d" + i + "/.."));
        }
        Path bomb = write(dir.resolve("bomb.war"), bytes.toByteArray());

        HostileRun.Outcome run = checkJson(bomb);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: bomb.war: zip bomb guard: more than 100000 archive entries; extraction stopped here");
        assertThat(run.componentClasses()).contains("web.Good");
    }

    @Test
    void zipBombIsStoppedAtTheByteBoundAndTheOtherInputsAreAnalysed() throws IOException {
        // One 100 MiB entry of zeros compresses to ~100 KB; eleven copies of it pass the 1 GiB bound.
        byte[] inner;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.setLevel(Deflater.BEST_SPEED);
            zip.putNextEntry(new ZipEntry("zeros.bin"));
            byte[] mebibyte = new byte[1 << 20];
            for (int i = 0; i < 100; i++) zip.write(mebibyte);
        }
        inner = bytes.toByteArray();
        Map<String, byte[]> outer = new LinkedHashMap<>();
        for (int i = 0; i < 11; i++) outer.put("part" + i + ".zip", inner);
        Path bomb = write(dir.resolve("bomb.zip"), zip(outer));
        Path app = write(dir.resolve("app/src/shop/Good.java"), servletSource("shop", "Good")).getParent().getParent().getParent();

        HostileRun.Outcome run = checkJson(bomb, app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).containsPattern("error: bomb\\.zip!/part\\d+\\.zip: zip bomb guard: more than 1 GiB extracted "
                + "from archives; stopped at entry zeros\\.bin");
        assertThat(run.componentClasses()).contains("shop.Good");
    }

    @Test
    void archivesNestedTwentyDeepStopAtTheDepthBoundAndTheShallowLevelsAreAnalysed() {
        byte[] current = zip(Map.of("Deepest.java", utf8(servletSource("deep", "Deepest"))));
        for (int level = 20; level >= 2; level--) {
            Map<String, byte[]> entries = new LinkedHashMap<>();
            entries.put("level" + (level + 1) + ".zip", current);
            if (level == 2) entries.put("src/shallow/Shallow.java", utf8(servletSource("shallow", "Shallow")));
            current = zip(entries);
        }
        Path outer = write(dir.resolve("level1.zip"), zip(Map.of("level2.zip", current)));

        HostileRun.Outcome run = checkJson(outer);

        assertThat(run.exit()).isZero();
        String path = "level1.zip!/level2.zip!/level3.zip!/level4.zip!/level5.zip!/level6.zip!/level7.zip!/level8.zip!"
                + "/level9.zip!/level10.zip!/level11.zip";
        assertThat(run.err()).contains("error: " + path + ": archive nested more than 10 levels deep; not extracted");
        assertThat(run.componentClasses()).contains("shallow.Shallow").doesNotContain("deep.Deepest");
    }

    @Test
    void corruptCentralDirectoryStillYieldsTheEntriesReadInOrder() {
        byte[] war = zip(goodWar("Good"));
        // Overwrite the end-of-central-directory record: only the local headers remain usable.
        int eocd = lastIndexOf(war, new byte[] {0x50, 0x4b, 0x05, 0x06});
        byte[] corrupt = Arrays.copyOf(war, war.length);
        Arrays.fill(corrupt, eocd, corrupt.length, (byte) 0x7f);
        Path file = write(dir.resolve("corrupt.war"), corrupt);

        HostileRun.Outcome run = checkJson(file);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: corrupt.war: corrupt archive directory (")
                .contains("reading the entries that can be read in order");
        assertThat(run.componentClasses()).contains("web.Good");
    }

    @Test
    void warInsideAnEarInsideAZipIsAnalysedWithBangPaths() {
        Map<String, byte[]> ejbJar = new LinkedHashMap<>();
        ejbJar.put("META-INF/ejb-jar.xml", utf8("""
                <?xml version="1.0"?>
                <ejb-jar><enterprise-beans><session>
                  <ejb-name>Catalog</ejb-name><home>ejb.CatalogHome</home><remote>ejb.Catalog</remote>
                  <ejb-class>ejb.CatalogBean</ejb-class><session-type>Stateless</session-type>
                </session></enterprise-beans></ejb-jar>
                """));
        ejbJar.put("ejb/CatalogBean.java", utf8("""
                package ejb;
                public class CatalogBean implements javax.ejb.SessionBean {
                    public String name(int id) { return "item" + id; }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """));
        Map<String, byte[]> ear = new LinkedHashMap<>();
        ear.put("META-INF/application.xml", utf8("""
                <?xml version="1.0"?>
                <application><module><web><web-uri>web.war</web-uri><context-root>/shop</context-root></web></module>
                <module><ejb>catalog.jar</ejb></module></application>
                """));
        Map<String, byte[]> war = goodWar("Good");
        war.put("WEB-INF/src/web/Broken.java", utf8("package web;\nclass Broken { void m( }\n"));
        ear.put("web.war", zip(war));
        ear.put("catalog.jar", zip(ejbJar));
        Path dist = write(dir.resolve("dist.zip"), zip(Map.of("shop.ear", zip(ear))));

        HostileRun.Outcome run = checkJson(dist);

        assertThat(run.exit()).isZero();
        assertThat(run.componentClasses()).contains("web.Good", "ejb.CatalogBean");
        assertThat(run.err()).contains("error: dist.zip!/shop.ear!/web.war!/WEB-INF/src/web/Broken.java:2: syntax error: ");
    }

    @Test
    void classBombInALibraryJarIsCutAtTheClassBoundWhateverTheDirectoryDeclares() throws IOException {
        // 3 GiB of zeros deflated to ~3 MB, declared as 100 bytes: reading it whole ran out of memory.
        byte[] good = classBytes(HostileApps.class);
        byte[] jar = HostileApps.rawZip(List.of(
                new HostileApps.RawEntry("bomb/Bomb.class", 0, 8, HostileApps.deflatedZeros(3 << 10), 0, 100),
                HostileApps.RawEntry.stored("io/wanlint/cli/hostile/HostileApps.class", good)));
        Map<String, byte[]> war = new LinkedHashMap<>();
        war.put("WEB-INF/web.xml", utf8(webXml("web.Catalog", "/catalog")));
        war.put("WEB-INF/lib/lib.jar", jar);
        Path file = write(dir.resolve("shop.war"), zip(war));
        assertThat(Files.size(file)).isLessThan(64 * 1024);

        HostileRun.Outcome run = checkJson(file);

        assertThat(run.exit()).isZero();
        assertThat(run.diagnostics()).anyMatch(d -> d.startsWith("warning lib.jar!/bomb/Bomb.class:0 class file larger "
                + "than 16 MiB skipped (counted while inflating: its archive directory declares 100 bytes)"));
        assertThat(run.diagnostics()).noneMatch(d -> d.contains("HostileApps"));
        assertThat(run.componentClasses()).contains("web.Catalog");
    }

    @Test
    void encryptedEntriesAreSkippedAndTheOtherEntriesOfTheArchiveAreRead() throws IOException {
        byte[] secret = new byte[64];
        new java.util.Random(17).nextBytes(secret);
        HostileApps.RawEntry encrypted = HostileApps.RawEntry.stored("WEB-INF/secret.properties", secret).withFlags(1);
        byte[] library = HostileApps.rawZip(List.of(HostileApps.RawEntry.stored("lib/Locked.class", secret).withFlags(1),
                HostileApps.RawEntry.stored("lib/readme.txt", utf8("open"))));
        // The encrypted entry comes first: the stream reader used to stop there and lose everything after it.
        List<HostileApps.RawEntry> entries = new java.util.ArrayList<>(List.of(encrypted,
                HostileApps.RawEntry.stored("WEB-INF/lib/locked.jar", library)));
        goodWar("Good").forEach((name, bytes) -> entries.add(HostileApps.RawEntry.stored(name, bytes)));
        Path war = write(dir.resolve("shop.war"), HostileApps.rawZip(entries));

        HostileRun.Outcome run = checkJson(war);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: shop.war: entry WEB-INF/secret.properties is encrypted; skipped")
                .contains("warning: shop.war!/WEB-INF/lib/locked.jar: entry lib/Locked.class is encrypted; skipped")
                .doesNotContain("corrupt archive directory").doesNotContain("cannot be read");
        assertThat(run.componentClasses()).contains("web.Good");
        assertThat(run.out()).contains("\"/good\"");
    }

    @Test
    void aDuplicatedEntryNameIsReportedAndItsLastCopyIsUsedAsJavasZipFileDoes() throws IOException {
        Path war = write(dir.resolve("shop.war"), HostileApps.rawZip(List.of(
                HostileApps.RawEntry.stored("WEB-INF/web.xml", utf8(webXml("web.Good", "/first-copy"))),
                HostileApps.RawEntry.stored("WEB-INF/src/web/Good.java", utf8(servletSource("web", "Good"))),
                HostileApps.RawEntry.stored("WEB-INF/web.xml", utf8(webXml("web.Good", "/last-copy"))))));
        String seenByJava;
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(war.toFile())) {
            seenByJava = new String(zip.getInputStream(zip.getEntry("WEB-INF/web.xml")).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
        }

        HostileRun.Outcome run = checkJson(war);

        assertThat(seenByJava).contains("/last-copy");
        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: shop.war: entry WEB-INF/web.xml occurs more than once in the archive; "
                + "the last copy is used, as Java's ZipFile does");
        assertThat(run.out()).contains("/last-copy").doesNotContain("/first-copy");
    }

    private static byte[] classBytes(Class<?> type) throws IOException {
        try (var in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static int lastIndexOf(byte[] data, byte[] pattern) {
        for (int i = data.length - pattern.length; i >= 0; i--) {
            if (Arrays.equals(data, i, i + pattern.length, pattern, 0, pattern.length)) return i;
        }
        throw new AssertionError("pattern not found");
    }
}
