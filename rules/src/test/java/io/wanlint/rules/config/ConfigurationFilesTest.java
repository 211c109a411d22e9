package io.wanlint.rules.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigurationFilesTest {
    @Test
    void goodYamlSetsRulesSeveritiesThresholdsTopologyAndExcludes() {
        Configuration c = ConfigurationFiles.parse("""
                topology: centralized
                exclude:
                  - "**/generated/**"
                  - legacy/admin
                  - "*.jspf"
                rules:
                  WAN001: { minCrossSiteCalls: 3 }
                  web-tier-jdbc: warning
                  WAN004: off
                  WAN005: { severity: error, readWriteRatio: 4.5 }
                """, "wanlint.yaml", false);

        assertThat(c.enabled("WAN004")).isFalse();
        assertThat(c.enabled("WAN001")).isTrue();
        assertThat(c.severityOverride("WAN003")).contains(Severity.WARNING);
        assertThat(c.severityOverride("WAN005")).contains(Severity.ERROR);
        assertThat(c.severityOverride("WAN001")).isEmpty();
        assertThat(c.settings().readWriteRatio()).isEqualTo(4.5);
        assertThat(c.settings().minCrossSiteCalls()).isEqualTo(3);
        assertThat(c.topology()).isEqualTo("centralized");
        assertThat(c.excludes("src/generated/Foo.java")).isTrue();
        assertThat(c.excludes("generated/Foo.java")).isTrue();
        assertThat(c.excludes("legacy/admin/Admin.java")).isTrue();
        assertThat(c.excludes("shop.war!/WEB-INF/header.jspf")).isTrue();
        assertThat(c.excludes("src/shop/Cart.java")).isFalse();
        assertThat(c.excludes("legacy/administration/X.java")).isFalse();
    }

    @Test
    void jsonFileIsReadTooAndATopologyFileIsResolvedAgainstTheConfigurationFolder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wanlint.json");
        Files.writeString(file, """
                {"topology": "sites/two-sites.yaml", "rules": {"WAN002": false}}
                """);

        assertThat(ConfigurationFiles.find(dir)).contains(file);
        Configuration c = ConfigurationFiles.load(file);
        assertThat(c.enabled("WAN002")).isFalse();
        assertThat(c.topology()).isEqualTo(dir.resolve("sites/two-sites.yaml").toAbsolutePath().normalize().toString());
        assertThat(c.source()).isEqualTo(file.toString());
    }

    @Test
    void emptyFileGivesTheDefaults() {
        Configuration c = ConfigurationFiles.parse("", "wanlint.yaml", false);
        assertThat(c.disabledRules()).isEmpty();
        assertThat(c.settings().readWriteRatio()).isEqualTo(10.0);
    }

    @Test
    void unknownRuleIdNamesTheLineAndListsTheKnownIds() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("""
                rules:
                  WAN003: error
                  WAN099: off
                """, "wanlint.yaml", false))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("wanlint.yaml:3: unknown rule id 'WAN099' under 'rules' (known rules: WAN001, WAN002, WAN003, WAN004, WAN005, WAN006, WAN007, WAN008, WAN009, WAN010, WAN011, WAN012, WAN013, WAN014, WAN015)");
    }

    @Test
    void unknownTopLevelKeyNamesItsLine() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("""
                topology: edge

                exclusions: [a]
                """, "wanlint.yaml", false))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("wanlint.yaml:3: unknown key 'exclusions' (known keys: topology, exclude, rules, settings)");
    }

    @Test
    void thresholdUnderTheWrongRuleIsRejectedWithTheKeysThatRuleKnows() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("""
                rules:
                  WAN002:
                    readWriteRatio: 5
                """, "wanlint.yaml", false))
                .hasMessage("wanlint.yaml:3: unknown key 'rules.WAN002.readWriteRatio' (known keys for WAN002: enabled, severity)");
    }

    @Test
    void thresholdsUnderSettingsAreAppliedBesideTheRulesSwitches() {
        Configuration c = ConfigurationFiles.parse("""
                rules:
                  WAN010: off
                settings:
                  WAN005: {readWriteRatio: 20}
                  remote-fine-grained-call: {minCrossSiteCalls: 3}
                """, "wanlint.yaml", false);

        assertThat(c.enabled("WAN010")).isFalse();
        assertThat(c.settings().readWriteRatio()).isEqualTo(20.0);
        assertThat(c.settings().minCrossSiteCalls()).isEqualTo(3);
    }

    @Test
    void aThresholdGivenUnderRulesAndUnderSettingsIsRejected() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("""
                rules:
                  WAN005: {severity: warning, readWriteRatio: 5}
                settings:
                  WAN005: {readWriteRatio: 20}
                """, "wanlint.yaml", false))
                .hasMessage("wanlint.yaml:4: settings.WAN005.readWriteRatio: WAN005's readWriteRatio is already set (under 'rules' or 'settings')");
    }

    @Test
    void settingsAcceptOnlyTheRulesThresholds() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("settings:\n  WAN005: {severity: note}\n", "c.yaml", false))
                .hasMessage("c.yaml:2: unknown key 'settings.WAN005.severity' (thresholds of WAN005: readWriteRatio)");
        assertThatThrownBy(() -> ConfigurationFiles.parse("settings:\n  WAN003: {readWriteRatio: 5}\n", "c.yaml", false))
                .hasMessage("c.yaml:2: settings.WAN003: WAN003 has no thresholds (rules with thresholds: WAN001, WAN005)");
        assertThatThrownBy(() -> ConfigurationFiles.parse("settings:\n  WAN099: {readWriteRatio: 5}\n", "c.yaml", false))
                .hasMessageStartingWith("c.yaml:2: unknown rule id 'WAN099' under 'settings'");
        assertThatThrownBy(() -> ConfigurationFiles.parse("settings:\n  WAN001: {minCrossSiteCalls: 0}\n", "c.yaml", false))
                .hasMessage("c.yaml:2: settings.WAN001.minCrossSiteCalls must be a whole number of at least 1, not 0");
    }

    @Test
    void badValuesAreRejectedWithTheirKeyAndLine() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("rules:\n  WAN005: { readWriteRatio: -1 }\n", "c.yaml", false))
                .hasMessage("c.yaml:2: rules.WAN005.readWriteRatio must be a positive number, not -1");
        assertThatThrownBy(() -> ConfigurationFiles.parse("rules:\n  WAN001: loud\n", "c.yaml", false))
                .hasMessage("c.yaml:2: rules.WAN001: 'loud' is not on, off or a severity (error, warning, note)");
        assertThatThrownBy(() -> ConfigurationFiles.parse("{\"rules\": {\"WAN001\": {\"minCrossSiteCalls\": 1.5}}}", "c.json", true))
                .hasMessage("c.json:1: rules.WAN001.minCrossSiteCalls must be a whole number of at least 1, not 1.5");
    }

    @Test
    void malformedYamlReportsTheLine() {
        assertThatThrownBy(() -> ConfigurationFiles.parse("rules:\n  WAN001: [off\n", "wanlint.yaml", false))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("wanlint.yaml:")
                .hasMessageContaining("not valid YAML");
    }
}
