package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.gitCopy;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.snapshot;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wanlint fix} through the real CLI on git copies of the fixtures (issue 6 acceptance): each
 * patch passes {@code git apply --check}, the patched application compiles, re-analysis no longer
 * reports the finding, a second run plans no patch for it, a dry run writes nothing into the
 * analysed tree, and {@code --apply} refuses a dirty tree and writes only the touched files.
 */
class FixCommandTest {
    @TempDir Path temp;

    @Test
    void jpaEntityGetsCacheableAndSharedCacheModeThatCompileAndSilenceWan005() throws Exception {
        Path app = gitCopy("jakarta-shop", temp.resolve("jakarta-shop"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        Path patch = patches.resolve("WAN005-1-product.patch");
        assertThat(patch).exists();
        String diff = Files.readString(patch);
        assertThat(diff).contains("diff --git a/src/main/java/com/example/shop/model/Product.java b/src/main/java/com/example/shop/model/Product.java")
                .contains("+import jakarta.persistence.Cacheable;\n")
                .contains(" @Entity\n+@Cacheable\n public class Product")
                .contains("+    <shared-cache-mode>ENABLE_SELECTIVE</shared-cache-mode>\n");
        assertThat(fix.out()).contains("Product").contains("src/main/resources/META-INF/persistence.xml");

        acceptance(app, patches, List.of(patch), StandardCharsets.UTF_8, "WAN005", List.of("com.example.shop.model.Product"));
    }

    @Test
    void concatenatedSqlBecomesAPreparedStatementThatCompilesAndSilencesWan009() throws Exception {
        Path app = gitCopy("jakarta-shop", temp.resolve("jakarta-shop"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN009", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Path> files = patchFiles(patches);
        assertThat(files).hasSize(1);
        assertThat(Files.readString(files.get(0))).contains("+import java.sql.PreparedStatement;\n")
                .contains("+             PreparedStatement statement = connection.prepareStatement(\"SELECT SUM(total) FROM CUSTOMER_ORDER WHERE status = ?\")) {\n")
                .contains("+            statement.setString(1, status);\n")
                .contains("+            try (ResultSet rows = statement.executeQuery()) {\n");

        acceptance(app, patches, files, StandardCharsets.UTF_8, "WAN009", List.of("com.example.shop.web.ReportServlet"));
    }

    @Test
    void sessionStateClassBecomesSerializableThatCompilesAndSilencesWan010() throws Exception {
        Path app = gitCopy("jakarta-shop", temp.resolve("jakarta-shop"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN010", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Path> files = patchFiles(patches);
        assertThat(files).hasSize(1);
        assertThat(Files.readString(files.get(0)))
                .contains("+++ b/src/main/java/com/example/shop/web/BrowseHistory.java")
                .contains("+public class BrowseHistory implements java.io.Serializable {\n");

        acceptance(app, patches, files, StandardCharsets.UTF_8, "WAN010", List.of("com.example.shop.web.ProductsServlet"));
    }

    @Test
    void neverWrittenCmpEntitiesAreDeclaredReadOnlyInJbossXml() throws Exception {
        // rubis-entity's servlets read the entity beans across the WAN (rubis-facade's are read only by its façades,
        // next to them, and get no WAN005 finding).
        Path app = gitCopy("rubis-entity", temp.resolve("rubis-entity"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Path> files = patchFiles(patches);
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder("WAN005-1-category.patch", "WAN005-2-item.patch", "WAN005-3-region.patch", "WAN005-4-user.patch");
        assertThat(Files.readString(patches.resolve("WAN005-1-category.patch"), StandardCharsets.ISO_8859_1))
                .contains("       <ejb-name>Category</ejb-name>\n       <jndi-name>CategoryHome</jndi-name>\n"
                        + "+      <read-only>true</read-only>\n     </entity>");
        // Item is written (StoreBid): a read-only declaration would lose its writes, so Item itself is never declared
        // read-only; its readers get a read-only twin instead.
        assertThat(fix.out()).containsPattern("patch     WAN005 org\\.acme\\.rubis\\.entity\\.beans\\.ItemBean .*: Serve the readers of"
                + " read-mostly entity Item from a read-only twin ItemReadOnly");
        assertThat(Files.readString(patches.resolve("WAN005-2-item.patch"), StandardCharsets.ISO_8859_1))
                .doesNotContain("       <ejb-name>Item</ejb-name>\n       <jndi-name>ItemHome</jndi-name>\n+      <read-only>true</read-only>");

        acceptance(app, patches, files, StandardCharsets.ISO_8859_1, "WAN005", List.of("org.acme.rubis.entity.beans.CategoryBean",
                "org.acme.rubis.entity.beans.ItemBean", "org.acme.rubis.entity.beans.RegionBean", "org.acme.rubis.entity.beans.UserBean"));
    }

    @Test
    void dryRunWritesNothingIntoTheAnalysedTree() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("rubis-entity"));
        Map<String, String> before = snapshot(app);
        Run fix = wanlint("fix", app.toString(), "--out", temp.resolve("out").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        // Patches were planned (and written to --out), so there was something to write.
        assertThat(patchFiles(temp.resolve("out"))).isNotEmpty();
        assertThat(snapshot(app)).isEqualTo(before);
        assertThat(git(app, "status", "--porcelain")).isEmpty();
    }

    /** petstore-1.1, whose only WAN005 patch declares the never-written Inventory read-only in src/deploy/jboss.xml. */
    private static final String PETSTORE_JBOSS = "src/deploy/jboss.xml";

    @Test
    void applyRefusesWhenTouchedFilesHaveUncommittedChanges() throws Exception {
        Path app = gitCopy("petstore-1.1", temp.resolve("petstore-1.1"));
        Path jboss = app.resolve(PETSTORE_JBOSS);
        String dirty = Files.readString(jboss, StandardCharsets.ISO_8859_1) + "<!-- local edit -->\n";
        Files.writeString(jboss, dirty, StandardCharsets.ISO_8859_1);
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", temp.resolve("out").toString(), "--apply");
        assertThat(fix.exit()).isEqualTo(2);
        assertThat(fix.err()).contains("uncommitted changes").contains(PETSTORE_JBOSS);
        assertThat(Files.readString(jboss, StandardCharsets.ISO_8859_1)).isEqualTo(dirty);
    }

    @Test
    void applyRefusesAFolderThatIsNotAGitWorkTree() throws Exception {
        Path app = copy("petstore-1.1", temp.resolve("plain"));
        Map<String, String> before = snapshot(app);
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", temp.resolve("out").toString(), "--apply");
        assertThat(fix.exit()).isEqualTo(2);
        // Temporary folders may sit in an ignoring parent repository: untracked files are refused too.
        assertThat(fix.err()).containsAnyOf("not a git work tree", "not tracked by git");
        assertThat(snapshot(app)).isEqualTo(before);
    }

    @Test
    void applyWritesOnlyTheTouchedFilesAndTheirPatchedText() throws Exception {
        Path app = gitCopy("petstore-1.1", temp.resolve("petstore-1.1"));
        Path patches = temp.resolve("out");
        Path jboss = app.resolve(PETSTORE_JBOSS);
        boolean posix = Files.getFileStore(jboss).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class);
        if (posix) Files.setPosixFilePermissions(jboss, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", patches.toString(), "--apply");
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(git(app, "status", "--porcelain").strip()).isEqualTo("M " + PETSTORE_JBOSS);
        if (posix) {
            // Written through a private temporary file, yet the user's file keeps its mode.
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(jboss)))
                    .isEqualTo("rw-rw-r--");
        }
        // What --apply wrote is exactly what the combined patch says.
        git(app, "apply", "--reverse", "--check", patches.resolve("wanlint.patch").toString());
        assertThat(Files.readString(jboss, StandardCharsets.ISO_8859_1))
                .startsWith("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<!DOCTYPE jboss PUBLIC")
                .contains("<read-only>true</read-only>");
    }

    /** (a) git apply --check, (b) javac, (c) re-analysis without the findings, (d) no patch on a second run. */
    private void acceptance(Path app, Path patches, List<Path> perFinding, Charset encoding, String ruleId, List<String> fixedClasses) throws Exception {
        for (Path p : perFinding) git(app, "apply", "--check", p.toString());
        Path combined = patches.resolve("wanlint.patch");
        git(app, "apply", "--check", combined.toString());
        git(app, "apply", combined.toString());

        compile(app, encoding);

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        List<String> stillReported = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            if (f.get("ruleId").asText().equals(ruleId)) stillReported.add(f.get("location").get("className").asText());
        }
        assertThat(stillReported).doesNotContainAnyElementsOf(fixedClasses);

        Path again = temp.resolve("again");
        Run second = wanlint("fix", app.toString(), "--rule", ruleId, "--out", again.toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(patchFiles(again)).isEmpty();
        for (String c : fixedClasses) assertThat(second.out()).doesNotContain(c);
    }
}
