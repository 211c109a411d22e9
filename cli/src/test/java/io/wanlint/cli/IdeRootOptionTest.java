package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class IdeRootOptionTest {
    private static final Pattern HREF = Pattern.compile("href=\"(vscode://[^\"]+)\"");

    @Test
    void htmlLocationLinksOpenFilesUnderTheReadersCheckoutNotThisMachinesFolders() {
        String app = Fixtures.app("rubis-facade").toString();
        Run run = wanlint("check", app, "--format", "html", "--fail-on", "never", "--ide-root", "/home/reader/wanlint");

        assertThat(run.exit()).isZero();
        List<String> links = HREF.matcher(run.out()).results().map(m -> m.group(1)).toList();
        assertThat(links).isNotEmpty().allSatisfy(link -> assertThat(link)
                .startsWith("vscode://file/home/reader/wanlint/fixtures/rubis-facade/")
                .doesNotContain(Fixtures.root().toString()));
    }
}
