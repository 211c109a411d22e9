package io.wanlint.report.html;

import io.wanlint.report.api.HtmlReport.Ide;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class IdeLinksTest {
    private final IdeLinks vscode = new IdeLinks(Ide.VSCODE, Path.of("/work/app"));

    @Test
    void fileOfTheAnalysedTreeOpensAtItsLine() {
        assertThat(vscode.href("src/shop/Good.java", 12)).contains("vscode://file/work/app/src/shop/Good.java:12");
        assertThat(vscode.href("src/shop/../shop/Good.java", 1)).contains("vscode://file/work/app/src/shop/Good.java:1");
    }

    @Test
    void pathThatClimbsOutOfTheAnalysedTreeHasNoLink() {
        assertThat(vscode.href("shop/../../../etc/hostname", 1)).isEmpty();
        assertThat(vscode.href("/etc/hostname", 1)).isEmpty();
        assertThat(new IdeLinks(Ide.IDEA, Path.of("/work/app")).href("../app2/x.java", 3)).isEmpty();
    }

    @Test
    void ideRootReplacesThisMachinesRepositoryKeepingTheAnalysedFoldersPlaceInIt(@org.junit.jupiter.api.io.TempDir Path repo)
            throws java.io.IOException {
        java.nio.file.Files.createDirectories(repo.resolve(".git"));
        Path app = java.nio.file.Files.createDirectories(repo.resolve("apps/shop"));
        IdeLinks links = new IdeLinks(Ide.VSCODE, app, "/home/reader/src/checkout/");

        assertThat(links.href("src/Good.java", 3)).contains("vscode://file/home/reader/src/checkout/apps/shop/src/Good.java:3");
        assertThat(links.href("src/Good.java", 3).orElseThrow()).doesNotContain(repo.toString());
        assertThat(links.href("../../../etc/passwd", 1)).as("still only files of the analysed tree").isEmpty();
    }
}
