package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.wanlint;
import static io.wanlint.cli.FacadePatches.only;
import static io.wanlint.cli.FacadePatches.planned;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import io.wanlint.cli.FacadePatches.Planned;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-façade patches (WAN001, WAN002) on an EJB 3 application whose servlets call
 * {@code @EJB}-injected {@code @Remote @Stateless} beans (issue 6 acceptance): each patch applied
 * alone to a git copy passes {@code git apply --check}, compiles against the platform API, removes
 * the finding at the predicted round trips, and a second {@code fix} plans nothing for it. Runs on
 * the Jakarta EE 10 test application and on its {@code javax} (Java EE 8) twin.
 */
class JakartaFacadeFixTest {
    @TempDir Path temp;


    @Test
    void jakartaServletsGetAnInjectedStatelessFacadeThatCompilesAndCostsWhatItPredicted() throws Exception {
        Path app = gitCopy(temp.resolve("base"), false);
        List<Planned> planned = fixAll(app);
        Planned product = only(planned, "WAN001", "org.acme.chatty.web.ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+    @EJB\n+    private ProductFacade productFacade;\n")
                .contains("+        ProductData page = productFacade.getProduct(id);\n")
                .contains("+import jakarta.ejb.Remote;\n").contains("+@Remote\n+public interface ProductFacade {\n")
                .contains("+    ProductData getProduct(long id);\n")
                .contains("+@Stateless\n+public class ProductFacadeBean implements ProductFacade {\n")
                // The bean is injected with the beans the servlet used.
                .contains("+    @EJB\n+    private CatalogRemote catalog;\n").contains("+    private StockRemote stock;\n")
                // EJB 3 business methods do not declare RemoteException.
                .doesNotContain("RemoteException");
        Planned category = only(planned, "WAN001", "org.acme.chatty.web.CategoryServlet");
        assertThat(Files.readString(category.file()))
                .contains("+            int available = stock.available(id);\n")
                .contains("+            out.println(id + \": \" + row.getAvailable() + \" in stock\");\n");
        for (String servlet : List.of("ProductServlet", "CategoryServlet")) {
            String cls = "org.acme.chatty.web." + servlet;
            // The use case of two session beans is WAN001's very calls: one finding, one façade.
            assertThat(only(planned, "WAN001", cls).after()).isEqualTo(1);
            assertThat(planned).noneMatch(p -> p.ruleId().equals("WAN002") && p.className().equals(cls));
        }
        git(app, "apply", "--check", temp.resolve("patches/wanlint.patch").toString());

        acceptAlone(product, "/product", false);
        acceptAlone(category, "/category", false);
    }

    @Test
    void javaxServletsGetTheSameFacadeInJavaxEjb() throws Exception {
        Path app = gitCopy(temp.resolve("base"), true);
        List<Planned> planned = fixAll(app);
        Planned product = only(planned, "WAN001", "org.acme.chatty.web.ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+import javax.ejb.Remote;\n").contains("+import javax.ejb.Stateless;\n").contains("+import javax.ejb.EJB;\n")
                .doesNotContain("jakarta.");
        acceptAlone(product, "/product", true);
        acceptAlone(only(planned, "WAN001", "org.acme.chatty.web.CategoryServlet"), "/category", true);
    }

    private List<Planned> fixAll(Path app) {
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("no patch");
        return planned(fix.out());
    }

    /** (a)–(d) for one patch applied alone to a fresh git copy. */
    private void acceptAlone(Planned p, String entryPoint, boolean javax) throws Exception {
        Path app = gitCopy(temp.resolve("alone-" + p.file().getFileName()), javax);
        git(app, "apply", "--check", p.file().toString());
        git(app, "apply", p.file().toString());
        // One platform's API only, so that a stray jakarta/javax import fails.
        compile(app, StandardCharsets.UTF_8, List.of(javax ? "javaee-api" : "jakarta.jakartaee-api"));
        FacadePatches.assertDelivered(app, p, entryPoint, temp.resolve("again-" + p.file().getFileName()));
    }

    /** The test application, committed to a fresh repository; its javax twin differs only in the API package. */
    private static Path gitCopy(Path app, boolean javax) throws Exception {
        Path source = Path.of(JakartaFacadeFixTest.class.getResource("/apps/jakarta-chatty").toURI());
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path target = app.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    String text = Files.readString(p, StandardCharsets.UTF_8);
                    Files.writeString(target, javax ? text.replace("import jakarta.", "import javax.") : text, StandardCharsets.UTF_8);
                }
            }
        }
        return commit(app);
    }
}
