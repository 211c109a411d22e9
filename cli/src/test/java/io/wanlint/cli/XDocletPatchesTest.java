package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.fixtures.Fixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Patches for an application declared by XDoclet tags (issue 23.1): XDoclet writes the descriptors
 * at build time, so a patch that would edit or create one is declined with the tag to edit and
 * its file; a patch of Java code only is offered as for any application.
 */
class XDocletPatchesTest {
    @TempDir Path temp;

    @Test
    void aFacadePatchIsDeclinedWithTheTagToEditAndItsFile() throws Exception {
        Run fix = wanlint("fix", Fixtures.app("xdoclet-store").toString(), "--rule", "WAN001", "--out", temp.resolve("f").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("declared by XDoclet tags: edit @ejb.… in StoreFacadeBean.java (StoreFacade); the patch adds "
                + "RepriceFacade.java, RepriceFacadeBean.java, which XDoclet would not deploy without @ejb.bean tags of its own");
        assertThat(patchFiles(temp.resolve("f"))).isEmpty();
    }

    @Test
    void aPatchOfClientCodeOnlyIsNotDeclinedForTheTags() throws Exception {
        Run fix = wanlint("fix", Fixtures.app("xdoclet-store").toString(), "--rule", "WAN006", "--out", temp.resolve("l").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("WAN006 org.example.xstore.web.CatalogServlet").doesNotContain("declared by XDoclet tags");
    }
}
