package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.TransactionScopes;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnifiedDiffsTest {
    @TempDir Path repo;

    @Test
    void crlfFileKeepsItsLineEndingsThroughGitApply() throws Exception {
        String before = "<jboss>\r\n  <entity>\r\n    <ejb-name>A</ejb-name>\r\n  </entity>\r\n</jboss>\r\n";
        byte[] applied = roundTrip("META-INF/jboss.xml", before.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                before.indexOf("</ejb-name>") + "</ejb-name>".length(), "\r\n    <read-only>true</read-only>");
        assertThat(new String(applied, StandardCharsets.UTF_8)).isEqualTo(
                "<jboss>\r\n  <entity>\r\n    <ejb-name>A</ejb-name>\r\n    <read-only>true</read-only>\r\n  </entity>\r\n</jboss>\r\n");
    }

    @Test
    void latin1FileKeepsItsEncodingThroughGitApply() throws Exception {
        Charset latin1 = StandardCharsets.ISO_8859_1;
        String before = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<!-- Enchères -->\n<jboss>\n</jboss>";
        byte[] applied = roundTrip("jboss.xml", before.getBytes(latin1), latin1, before.indexOf("</jboss>"), "  <!-- café -->\n");
        assertThat(applied).isEqualTo(
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<!-- Enchères -->\n<jboss>\n  <!-- café -->\n</jboss>".getBytes(latin1));
    }

    @Test
    void newFileIsCreatedFromDevNull() throws Exception {
        git("init", "-q");
        byte[] diff = UnifiedDiffs.creation("src/p/New.java", "package p;\nclass New {}\n");
        assertThat(new String(diff, StandardCharsets.UTF_8)).contains("--- /dev/null\n+++ b/src/p/New.java\n@@ -0,0 +1,2 @@\n");
        Path patch = repo.resolve("../new-" + System.nanoTime() + ".patch");
        Files.write(patch, diff);
        git("apply", patch.toString());
        assertThat(Files.readString(repo.resolve("src/p/New.java"))).isEqualTo("package p;\nclass New {}\n");
    }

    @Test
    void unchangedTextGivesNoDiff() {
        SourceText t = new SourceText("a.txt", "x\n", StandardCharsets.UTF_8, false);
        assertThat(UnifiedDiffs.fileDiff(t, "x\n")).isEmpty();
    }

    /** Writes the file, commits it, renders the edit as a diff, applies it with git and returns the new bytes. */
    private byte[] roundTrip(String path, byte[] bytes, Charset charset, int at, String insert) throws Exception {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        git("init", "-q");
        git("-c", "core.autocrlf=false", "add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
        RefactoringContext ctx = new RefactoringContext(emptyAnalysis(), repo);
        SourceText text = ctx.read(path).orElseThrow();
        assertThat(text.charset()).isEqualTo(charset);
        Patch patch = new Patch("fp", "WAN005", "t", List.of(new FileChange.Edit(path, List.of(TextEdit.insert(path, at, insert)))),
                null, null);
        Path patchFile = repo.resolveSibling("p-" + System.nanoTime() + ".patch");
        Files.write(patchFile, UnifiedDiffs.render(patch, ctx));
        git("apply", "--check", patchFile.toString());
        git("apply", patchFile.toString());
        return Files.readAllBytes(file);
    }

    static AnalysisResult emptyAnalysis() {
        return new AnalysisResult(List.of(), ComponentModel.EMPTY, null, null, List.of(), List.of());
    }

    private void git(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
    }
}
