package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

/** {@code --help-base-uri}: where wanlint's docs are published, so SARIF rules and the HTML report link each rule's page. */
class HelpBaseUriOptionTest {
    private static final String BASE = "https://git.example.org/acme/wanlint/blob/v1.0/docs/";

    @Test
    void sarifRulesLinkTheirPageUnderTheGivenBaseAndTheDriverItsDocumentation() throws Exception {
        String app = Fixtures.app("rubis-facade").toString();
        Run run = wanlint("check", app, "--format", "sarif", "--fail-on", "never", "--help-base-uri", BASE);

        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode driver = new ObjectMapper().readTree(run.out()).at("/runs/0/tool/driver");
        assertThat(driver.path("informationUri").asText()).isEqualTo(BASE);
        assertThat(driver.path("rules")).isNotEmpty().allSatisfy(r -> assertThat(r.path("helpUri").asText())
                .isEqualTo(BASE + "rules.md#" + r.path("id").asText().toLowerCase(java.util.Locale.ROOT)));
    }

    @Test
    void withoutTheOptionSarifHasNoHelpUriAndTheHtmlNoRulePageLinks() throws Exception {
        String app = Fixtures.app("rubis-facade").toString();
        Run sarif = wanlint("check", app, "--format", "sarif", "--fail-on", "never");
        assertThat(sarif.out()).doesNotContain("helpUri", "informationUri");
        Run html = wanlint("check", app, "--format", "html", "--fail-on", "never");
        assertThat(html.out()).doesNotContain("rule-page");
        Run linked = wanlint("check", app, "--format", "html", "--fail-on", "never", "--help-base-uri", BASE);
        assertThat(linked.out()).contains("class=\"rule-page\" href=\"" + BASE + "rules.md#wan");
    }

    @Test
    void aRelativeBaseIsAUsageError() {
        Run run = wanlint("check", Fixtures.app("rubis-facade").toString(), "--format", "sarif", "--help-base-uri", "docs/");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("--help-base-uri", "absolute");
    }
}
