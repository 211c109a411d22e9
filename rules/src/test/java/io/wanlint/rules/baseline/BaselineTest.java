package io.wanlint.rules.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.Fingerprints;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {
    private static Finding finding(String rule, String file, int line, FindingSubject subject, String message) {
        return new Finding(rule, Severity.WARNING, message, new FindingLocation(file, line, "shop.Web", "doGet"),
                List.of("/x"), List.of(), RoundTrips.of(3), RoundTrips.of(1), subject);
    }

    private static FindingSubject method(String className, String name) {
        return new FindingSubject.Method(MethodRef.of(className, name));
    }

    @Test
    void fingerprintIgnoresLinesMessagesAndRoundTripsButNotRuleKeyOrFile() {
        Finding f = finding("WAN003", "src/shop/Web.java", 10, method("shop.Web", "doGet"), "3 calls");
        String fp = Fingerprints.of(f);

        assertThat(Fingerprints.of(finding("WAN003", "src/shop/Web.java", 42, method("shop.Web", "doGet"), "4 calls"))).isEqualTo(fp);
        assertThat(Fingerprints.of(finding("WAN003", "src\\shop\\Web.java", 10, method("shop.Web", "doGet"), "3 calls"))).isEqualTo(fp);
        assertThat(Fingerprints.of(finding("WAN001", "src/shop/Web.java", 10, method("shop.Web", "doGet"), "3 calls"))).isNotEqualTo(fp);
        assertThat(Fingerprints.of(finding("WAN003", "src/shop/Web.java", 10, method("shop.Web", "doPost"), "3 calls"))).isNotEqualTo(fp);
        assertThat(Fingerprints.of(finding("WAN003", "src/shop/Other.java", 10, method("shop.Web", "doGet"), "3 calls"))).isNotEqualTo(fp);
        assertThat(fp).matches("[0-9a-f]{32}");
    }

    @Test
    void writtenBaselineSuppressesOldFindingsAfterALineShiftKeepsTheNewOneAndReportsStaleEntries(@TempDir Path dir)
            throws Exception {
        Finding old1 = finding("WAN003", "src/shop/Web.java", 10, method("shop.Web", "doGet"), "m");
        Finding old2 = finding("WAN001", "src/shop/Web.java", 20, new FindingSubject.Request("/x"), "m");
        Finding fixed = finding("WAN004", "src/shop/Tx.java", 5, method("shop.Tx", "run"), "m");
        Path file = dir.resolve("baseline.json");
        Baseline.of(List.of(old1, old2, fixed)).write(file);

        Baseline read = Baseline.read(file);
        Finding shifted1 = finding("WAN003", "src/shop/Web.java", 14, method("shop.Web", "doGet"), "m");
        Finding shifted2 = finding("WAN001", "src/shop/Web.java", 25, new FindingSubject.Request("/x"), "m");
        Finding fresh = finding("WAN003", "src/shop/Web.java", 60, method("shop.Web", "doPost"), "m");
        BaselineResult r = read.filter(List.of(shifted1, fresh, shifted2));

        assertThat(r.newFindings()).containsExactly(fresh);
        assertThat(r.suppressed()).containsExactly(shifted1, shifted2);
        assertThat(r.staleEntries()).extracting(BaselineEntry::ruleId, BaselineEntry::key)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("WAN004", "shop.Tx#run()"));
        assertThat(Files.readString(file)).contains("\"schemaVersion\" : \"1\"").doesNotContain("\"line\"");
    }

    @Test
    void duplicateFindingsAreMatchedOneForOne() {
        Finding a = finding("WAN003", "src/shop/Web.java", 10, new FindingSubject.Request("k"), "m");
        BaselineResult r = Baseline.of(List.of(a)).filter(List.of(a, a));
        assertThat(r.suppressed()).hasSize(1);
        assertThat(r.newFindings()).hasSize(1);
        assertThat(r.staleEntries()).isEmpty();
    }

    @Test
    void entryWithoutFingerprintIsRecomputedFromItsParts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("b.json");
        Files.writeString(file, """
                {"schemaVersion": "1", "findings": [{"ruleId": "WAN003", "file": "src/shop/Web.java", "key": "k"}]}
                """);
        Finding a = finding("WAN003", "src/shop/Web.java", 10, new FindingSubject.Request("k"), "m");
        assertThat(Baseline.read(file).filter(List.of(a)).suppressed()).containsExactly(a);
    }

    @Test
    void notABaselineIsAConfigurationError(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("b.json");
        Files.writeString(file, "{\"findings\": 3}");
        assertThatThrownBy(() -> Baseline.read(file)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("not a wanlint baseline");
        Files.writeString(file, "{\n  \"findings\": [\n");
        assertThatThrownBy(() -> Baseline.read(file)).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith(file + ":");
    }
}
