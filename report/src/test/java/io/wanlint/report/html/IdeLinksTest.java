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
}
