package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Opens the HTML report in headless Chromium (issue 7 acceptance): it renders, its script runs,
 * nothing is logged to the console, the page requests nothing from the network, and the summary
 * in the rendered DOM matches the JSON report of the same data. Leaves {@code target/report.png}
 * (desktop) and {@code target/report-phone.png} for people to look at. Skipped when no Chromium is
 * installed (Debian: {@code apt-get install chromium}).
 */
class HtmlReportBrowserTest {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final Pattern CONSOLE_LINE = Pattern.compile(".*:CONSOLE[:(].*");
    private static Path chromium;

    @TempDir Path profile;

    private record Run(int exit, String stdout, String stderr) {}

    @BeforeAll
    static void findChromium() {
        chromium = findOnPath().orElse(null);
        assumeTrue(chromium != null, "no chromium on PATH: the browser test is skipped");
    }

    private static Optional<Path> findOnPath() {
        String override = System.getenv("WANLINT_CHROMIUM");
        if (override != null && Files.isExecutable(Path.of(override))) return Optional.of(Path.of(override));
        String path = System.getenv("PATH");
        if (path == null) return Optional.empty();
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (!dir.isEmpty() && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static Path writeSampleReport() throws IOException {
        Files.createDirectories(TARGET);
        Path file = TARGET.resolve("report.html");
        String html = new HtmlReport(TARGET, List.of(TARGET), HtmlReport.Ide.VSCODE, Graphviz.onPath())
                .render(HtmlReportTest.withHostileMessage(), SamplePatches.index());
        Files.writeString(file, html, StandardCharsets.UTF_8);
        return file;
    }

    /** Runs Chromium headless on a page, with every host name unresolvable so a stray fetch cannot leave the machine. */
    private Run chromium(Path page, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless=new", "--disable-gpu", "--no-sandbox",
                "--no-first-run", "--user-data-dir=" + profile.resolve("profile"), "--host-resolver-rules=MAP * ~NOTFOUND"));
        cmd.addAll(List.of(extra));
        cmd.add(page.toUri().toString());
        Path out = profile.resolve("out.txt"), err = profile.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 120 s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The page's DOM after its scripts ran, with console messages on stderr and a net log. */
    private Run dumpDom(Path page, Path netLog) throws Exception {
        return chromium(page, "--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog, "--dump-dom");
    }

    private static List<String> consoleLines(Run run) {
        return run.stderr().lines().filter(l -> CONSOLE_LINE.matcher(l).matches()).toList();
    }

    /**
     * URLs the page itself asked the network for. Chromium's own background traffic (update
     * checks, spelling dictionaries) is in the log too; the page's requests are the ones whose
     * network isolation key is the file:// page.
     */
    private static List<String> pageNetworkRequests(Path netLog) throws IOException {
        JsonNode log = new ObjectMapper().readTree(netLog.toFile());
        int startJob = log.at("/constants/logEventTypes/URL_REQUEST_START_JOB").asInt(-1);
        List<String> urls = new ArrayList<>();
        for (JsonNode e : log.get("events")) {
            if (e.get("type").asInt() != startJob) continue;
            String url = e.at("/params/url").asText("");
            if (e.at("/params/network_isolation_key").asText("").startsWith("file://") && !url.startsWith("file:")) urls.add(url);
        }
        return urls;
    }

    private static long number(String dom, String id) {
        Matcher m = Pattern.compile("id=\"" + id + "\">(\\d+)<").matcher(dom);
        assertThat(m.find()).as("summary number %s in the rendered page", id).isTrue();
        return Long.parseLong(m.group(1));
    }

    @Test
    void reportRendersWithoutConsoleMessagesOrNetworkRequestsAndMatchesTheJsonSummary() throws Exception {
        Path page = writeSampleReport();
        Path netLog = profile.resolve("net.json");
        Run run = dumpDom(page, netLog);
        assertThat(run.exit()).as(run.stderr()).isZero();
        String dom = run.stdout();
        assertThat(dom).as("the script ran").contains("<html lang=\"en\" class=\" js\">")
                .contains("<button type=\"button\">Round trips now</button>");
        assertThat(dom).as("the hostile message stayed text").contains("&lt;script&gt;alert('x')&lt;/script&gt;");
        assertThat(consoleLines(run)).isEmpty();
        assertThat(pageNetworkRequests(netLog)).isEmpty();

        JsonNode summary = new ObjectMapper().readTree(JsonReport.render(HtmlReportTest.withHostileMessage())).get("summary");
        assertThat(number(dom, "sum-findings")).isEqualTo(summary.get("findings").asLong());
        assertThat(number(dom, "sum-errors")).isEqualTo(summary.get("errors").asLong());
        assertThat(number(dom, "sum-warnings")).isEqualTo(summary.get("warnings").asLong());
        assertThat(number(dom, "sum-notes")).isEqualTo(summary.get("notes").asLong());
        assertThat(number(dom, "sum-round-trips-now")).isEqualTo(summary.get("wanRoundTrips").asLong());
        assertThat(number(dom, "sum-round-trips-after")).isEqualTo(summary.get("afterPatches").asLong());
    }

    @Test
    void theChecksCatchAPageThatLogsErrorsAndFetches() throws Exception {
        Path page = TARGET.resolve("bad-page.html");
        Files.createDirectories(TARGET);
        Files.writeString(page, """
                <!DOCTYPE html><html><body><img src="http://example.invalid/x.png">
                <script>undefinedFunction();</script></body></html>
                """, StandardCharsets.UTF_8);
        Path netLog = profile.resolve("bad-net.json");
        Run run = dumpDom(page, netLog);
        assertThat(consoleLines(run)).anySatisfy(l -> assertThat(l).contains("undefinedFunction"));
        assertThat(pageNetworkRequests(netLog)).containsExactly("http://example.invalid/x.png");
    }

    @Test
    void screenshotsAreSavedForPeopleToLookAt() throws Exception {
        Path page = writeSampleReport();
        Path desktop = TARGET.resolve("report.png"), phone = TARGET.resolve("report-phone.png");
        Files.deleteIfExists(desktop);
        Files.deleteIfExists(phone);
        assertThat(chromium(page, "--screenshot=" + desktop, "--window-size=1200,2000").exit()).isZero();
        assertThat(chromium(page, "--screenshot=" + phone, "--window-size=390,2400").exit()).isZero();
        for (Path png : List.of(desktop, phone)) {
            byte[] bytes = Files.readAllBytes(png);
            assertThat(bytes.length).as("%s has content", png).isGreaterThan(10_000);
            assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        }
    }
}
