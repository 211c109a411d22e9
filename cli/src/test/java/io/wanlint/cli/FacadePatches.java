package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test support for the session-façade patches (WAN001, WAN002, WAN007): the patches {@code wanlint fix}
 * printed, and what a façade patch must deliver once applied and compiled — no façade finding left on
 * the client class, the entry point's round trips as predicted, nothing more to plan for it.
 */
final class FacadePatches {
    private FacadePatches() {}

    static final List<String> RULES = List.of("WAN001", "WAN002", "WAN007");

    /** One planned patch as {@code fix} printed it. */
    record Planned(String ruleId, String className, int after, Path file) {}

    private static final Pattern PLANNED = Pattern.compile(
            "^patch\\s+(WAN\\d{3}) (\\S+) \\([^)]*\\): .*\\n(?:.*\\n)*?\\s+WAN round trips .* -> (\\d+) .*\\n\\s+(\\S+\\.patch)$", Pattern.MULTILINE);

    /** The patches in {@code fix}'s printed summary, in order; at least one. */
    static List<Planned> planned(String fixOutput) {
        List<Planned> result = new ArrayList<>();
        Matcher m = PLANNED.matcher(fixOutput);
        while (m.find()) result.add(new Planned(m.group(1), m.group(2), Integer.parseInt(m.group(3)), Path.of(m.group(4))));
        assertThat(result).as(fixOutput).isNotEmpty();
        return result;
    }

    static Planned only(List<Planned> planned, String rule, String className) {
        return planned.stream().filter(p -> p.ruleId().equals(rule) && p.className().equals(className)).findFirst().orElseThrow();
    }

    /**
     * (c) and (d) on {@code app}, which has {@code p} applied and compiles: re-analysis reports no
     * façade finding on the client class and {@code entryPoint} costs exactly what the patch
     * predicted; a second {@code fix} (patches written to {@code again}) plans nothing for the class.
     */
    static void assertDelivered(Path app, Planned p, String entryPoint, Path again) throws Exception {
        AppCopy.Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(check.out());
        for (JsonNode f : report.get("findings")) {
            if (RULES.contains(f.get("ruleId").asText())) {
                assertThat(f.get("location").get("className").asText()).as(f.get("message").asText()).isNotEqualTo(p.className());
            }
        }
        int roundTrips = 0;
        int matched = 0;
        for (JsonNode ep : report.get("entryPoints")) {
            if (ep.get("id").asText().equals(entryPoint)) {
                roundTrips += ep.get("wanRoundTrips").asInt();
                matched++;
            }
        }
        assertThat(matched).as("entry point %s", entryPoint).isPositive();
        assertThat(roundTrips).as("round trips of %s after the patch", entryPoint).isEqualTo(p.after());

        AppCopy.Run second = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--rule", "WAN007",
                "--out", again.toString());
        assertThat(second.exit()).as(second.err()).isZero();
        for (String rule : RULES) {
            assertThat(second.out()).doesNotContain("patch     " + rule + " " + p.className() + " ");
            assertThat(second.out()).doesNotContain("no patch  " + rule + " " + p.className() + " ");
        }
    }
}
