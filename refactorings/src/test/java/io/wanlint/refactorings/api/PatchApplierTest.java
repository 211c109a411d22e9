package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --apply}'s writer: edits that do not fit their file refuse the application, and nothing is written. */
class PatchApplierTest {
    private static final String FILE = "src/shop/web/StatusServlet.java";
    private static final String TEXT = "package shop.web;\n\npublic class StatusServlet {\n}\n";

    @TempDir Path app;

    private void git(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", app.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("GIT_CEILING_DIRECTORIES", app.getParent().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    @Test
    void anEditBeyondItsFileRefusesTheApplicationBeforeAnythingIsWritten() throws Exception {
        TextApp.write(app, FILE, TEXT, StandardCharsets.UTF_8);
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "base");
        Patch beyond = new Patch("fp", "WAN003", "t", List.of(new FileChange.Create("src/shop/facade/StatusFacade.java", "package shop.facade;\n"),
                new FileChange.Edit(FILE, List.of(new TextEdit(FILE, 500, 510, "x")))), RoundTrips.of(2), RoundTrips.of(1));

        PatchApplier.Outcome outcome = PatchApplier.apply(List.of(beyond), TextApp.analysed(app));

        assertThat(outcome).isEqualTo(new PatchApplier.Outcome.Refused("an edit of " + FILE + " at 500..510 lies beyond its "
                + TEXT.length() + " characters (the file changed since the patch was planned)"));
        assertThat(app.resolve("src/shop/facade/StatusFacade.java")).doesNotExist();
        assertThat(Files.readString(app.resolve(FILE))).isEqualTo(TEXT);
    }
}
