package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.gitCopy;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WAN005's patches through the real CLI on git copies of the RUBiS fixtures (issue 6 acceptance):
 * the read-only twin of the written Item entity, and the read-only declaration of the never-written
 * User entity. Each patch, applied alone, passes {@code git apply --check}, compiles, silences its
 * finding, and re-analysis gives exactly the round trips the patch predicted over the finding's
 * entry points; a second run plans nothing for it.
 */
class ReadMostlyFixTest {
    private static final Pattern PLANNED = Pattern.compile(
            "(patch|no patch) +WAN005 (\\S+) \\([^)]*\\): (.*)\\n(?: +files: .*\\n +WAN round trips (.+) -> (.+) \\(entry points: (.+)\\)\\n +(\\S+))?");

    @TempDir Path temp;

    /** One line of {@code wanlint fix}'s summary. */
    private record Planned(boolean patched, String className, String titleOrReason, String before, String after,
                           List<String> entryPoints, Path patch) {}

    @Test
    void writtenItemGetsAReadOnlyTwinForItsReadersThatCompilesAndCostsWhatWasPredicted() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("rubis-entity"));
        Planned item = planned(fix(app, temp.resolve("patches")), "org.acme.rubis.entity.beans.ItemBean");
        assertThat(item.patched()).as(item.titleOrReason()).isTrue();
        assertThat(item.titleOrReason()).contains("read-only twin ItemReadOnly").contains("3 readers switched; 1 writer keeps Item");
        assertThat(item.entryPoints()).containsExactlyInAnyOrder("/SearchItemsByCategory", "/StoreBid", "/ViewBidHistory", "/ViewItem");
        // One request of the worst reader (never the four added up): lookups and getters local, one query per
        // finder; /StoreBid writes and would keep its figures.
        assertThat(item.before()).isEqualTo("6 + 6n");
        assertThat(item.after()).isEqualTo("4 + 6n");

        String diff = Files.readString(item.patch(), StandardCharsets.ISO_8859_1);
        assertThat(diff).contains("+      <ejb-name>ItemReadOnly</ejb-name>\n+      <home>org.acme.rubis.entity.beans.ItemReadOnlyHome</home>")
                .contains("+        <ejb-ql>SELECT OBJECT(i) FROM ItemReadOnly AS i WHERE i.categoryId = ?1</ejb-ql>")
                .contains("+      <jndi-name>ItemReadOnlyHome</jndi-name>\n+      <read-only>true</read-only>")
                .contains("+      <table-name>Item</table-name>")
                .contains("+            ItemReadOnly item = itemHome.findByPrimaryKey(itemId);")
                .doesNotContain("StoreBid.java");
        // Push invalidation: Item publishes its key from ejbStore; ItemInvalidation evicts the twin's cached copy.
        assertThat(diff).contains("+        <env-entry-name>publishInvalidations</env-entry-name>")
                .contains("+        <res-type>javax.jms.TopicConnectionFactory</res-type>")
                .contains("+      <destination-jndi-name>topic/ItemInvalidation</destination-jndi-name>")
                .contains("+    public void ejbStore() {\n+        publishInvalidation();\n+    }")
                .contains("+++ b/src/org/acme/rubis/entity/beans/ItemInvalidationBean.java")
                .contains("jndiName=ItemReadOnlyHome,plugin=cache");

        acceptance(app, item, StandardCharsets.ISO_8859_1);
        // The listener and the publisher add no finding of their own: the JMS send runs in the writer's ejbStore at main.
        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            assertThat(f.get("location").get("className").asText()).doesNotContain("ItemInvalidation");
            assertThat(f.get("message").asText()).doesNotContain("ItemInvalidation").doesNotContain("publishInvalidation");
        }
    }

    @Test
    void neverWrittenUserIsDeclaredReadOnlyAndCostsWhatWasPredicted() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("rubis-entity"));
        Planned user = planned(fix(app, temp.resolve("patches")), "org.acme.rubis.entity.beans.UserBean");
        assertThat(user.patched()).as(user.titleOrReason()).isTrue();
        assertThat(user.before()).isEqualTo("10 + 6n");
        assertThat(user.after()).isEqualTo("3 + 5n");
        acceptance(app, user, StandardCharsets.ISO_8859_1);
    }

    @Test
    void facadeItemWhoseReadersAllRunNextToItIsNeitherReportedNorPatched() throws Exception {
        // Every read of Item is made by the façade on the entity's own site: an edge copy saves no WAN round trip.
        Path app = gitCopy("rubis-facade", temp.resolve("rubis-facade"));
        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            if (f.get("ruleId").asText().equals("WAN005")) {
                assertThat(f.get("location").get("className").asText()).isNotEqualTo("org.acme.rubis.ejb.entity.ItemBean");
            }
        }
        assertThat(fix(app, temp.resolve("patches")).out()).doesNotContain("org.acme.rubis.ejb.entity.ItemBean");
    }

    /** (a) git apply --check and apply alone, (b) javac, (c) silenced with the predicted round trips, (d) nothing planned again. */
    private void acceptance(Path app, Planned planned, Charset encoding) throws Exception {
        Map<String, String> before = formulas(app);
        git(app, "apply", "--check", planned.patch().toString());
        git(app, "apply", planned.patch().toString());
        compile(app, encoding);

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        List<String> wan005 = new ArrayList<>();
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            if (f.get("ruleId").asText().equals("WAN005")) wan005.add(f.get("location").get("className").asText());
        }
        assertThat(wan005).doesNotContain(planned.className());

        // The figures are one request's (the worst the patch makes cheaper), never a sum over entry points:
        // one of them cost what was promised before and costs what was promised after.
        Map<String, String> after = formulas(app);
        assertThat(planned.entryPoints()).allMatch(after::containsKey);
        assertThat(planned.entryPoints().stream().map(ep -> before.get(ep) + " -> " + after.get(ep)))
                .contains(planned.before() + " -> " + planned.after());

        // The other entities' findings still get their patches; this entity gets none (named WAN005-<n>-item.patch).
        Run again = fix(app, temp.resolve("again"));
        assertThat(again.out()).doesNotContain(planned.className());
        String name = planned.patch().getFileName().toString();
        String slug = name.substring(name.indexOf('-', "WAN005-".length()));
        try (Stream<Path> files = Files.list(temp.resolve("again"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(slug));
        }
    }

    private Run fix(Path app, Path out) {
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN005", "--out", out.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        return fix;
    }

    private static Planned planned(Run fix, String className) {
        Matcher m = PLANNED.matcher(fix.out());
        while (m.find()) {
            if (!m.group(2).equals(className)) continue;
            boolean patched = m.group(1).equals("patch");
            return new Planned(patched, className, m.group(3), m.group(4), m.group(5),
                    m.group(6) == null ? List.of() : List.of(m.group(6).split(", ")), m.group(7) == null ? null : Path.of(m.group(7)));
        }
        throw new AssertionError("no WAN005 line for " + className + " in:\n" + fix.out());
    }

    /** Each entry point's predicted round trips, by id. */
    private Map<String, String> formulas(Path app) throws Exception {
        Run predict = wanlint("predict", app.toString(), "--format", "json");
        assertThat(predict.exit()).as(predict.err()).isZero();
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (JsonNode ep : new ObjectMapper().readTree(predict.out()).get("entryPoints")) {
            out.put(ep.get("id").asText(), ep.get("formula").asText());
        }
        return out;
    }
}
