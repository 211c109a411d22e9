package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copyTree;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-façade patches on servlets whose bean calls take their arguments straight from the
 * request ({@code catalog.getName(request.getParameter("productId"))}), the most common shape of a
 * legacy servlet (issue 6 acceptance, test application {@code apps/request-args}: an EJB 2.x
 * stateless bean behind its remote home): the servlet reads the request into locals first, the
 * bean calls move into the façade, which takes those locals as parameters. Each patch applied alone
 * to a git copy passes {@code git apply --check}, compiles against the J2EE API, removes the
 * finding at the predicted round trips, and a second {@code fix} plans nothing for it. The same
 * on the Jakarta test application with its servlet rewritten to read the request inside the calls.
 */
class RequestArgumentsFixTest {
    private static final String WEB = "org.acme.args.web.";

    @TempDir Path temp;

    @Test
    void servletsThatPassRequestReadsToBeansGetAFacadeTakingThoseReadsAsParameters() throws Exception {
        Path app = gitCopy(temp.resolve("base"));
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("no patch");
        List<Planned> planned = planned(fix.out());

        Planned product = only(planned, "WAN001", WEB + "ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+            String productId = request.getParameter(\"productId\");\n"
                        + "+            String xCurrency = request.getHeader(\"X-Currency\");\n"
                        + "+            ProductData page = productFacade().getProduct(productId, xCurrency);\n")
                .contains("+        String name = catalog.getName(productId);\n"
                        + "+        double price = catalog.getPrice(productId, xCurrency);\n"
                        + "+        int stock = catalog.inStock(productId);\n")
                .contains("+    ProductData getProduct(String productId, String xCurrency) throws RemoteException, NamingException, CreateException;\n");

        Planned search = only(planned, "WAN001", WEB + "SearchServlet");
        assertThat(Files.readString(search.file()))
                .contains("+            String q = request.getParameter(\"q\");\n"
                        + "+            String page = request.getParameter(\"page\");\n")
                .contains("+        for (Iterator it = catalog.search(q, Integer.parseInt(page)).iterator(); it.hasNext();) {\n");

        Planned reserve = only(planned, "WAN001", WEB + "ReserveServlet");
        assertThat(Files.readString(reserve.file()))
                // The read between the bean calls stays, now before them; the cast attribute is read next to it.
                .contains("+            String customer = (String) session.getAttribute(\"customer\");\n"
                        + "+            ReserveData page = reserveFacade().getReserve(customer, productId);\n")
                .doesNotContain("-            String productId = request.getParameter(PRODUCT);")
                .contains("+        boolean reserved = catalog.reserve(customer, productId, 1);\n")
                // The session is written after the façade call, as it was after the bean calls.
                .contains("             session.setAttribute(\"lastReserved\", productId);\n");

        git(app, "apply", "--check", temp.resolve("patches/wanlint.patch").toString());
        acceptAlone(product, "/product");
        acceptAlone(search, "/search");
        acceptAlone(reserve, "/reserve");
    }

    @Test
    void aJakartaServletPassingRequestReadsToInjectedBeansGetsTheSameHoisting() throws Exception {
        Path app = chattyReadingInline(temp.resolve("base"));
        // Two session beans' calls, which are WAN001's: one finding (WAN001), one façade.
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        Planned product = only(planned(fix.out()), "WAN001", "org.acme.chatty.web.ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+        String id = request.getParameter(\"id\");\n+        ProductData page = productFacade.getProduct(id);\n")
                .contains("+    ProductData getProduct(String id);\n")
                .contains("+        String name = catalog.findProduct(Long.parseLong(id));\n");

        Path alone = chattyReadingInline(temp.resolve("alone"));
        git(alone, "apply", "--check", product.file().toString());
        git(alone, "apply", product.file().toString());
        compile(alone, StandardCharsets.UTF_8, List.of("jakarta.jakartaee-api"));
        FacadePatches.assertDelivered(alone, product, "/product", temp.resolve("again"));
    }

    /** (a)–(d) for one patch applied alone to a fresh git copy. */
    private void acceptAlone(Planned p, String entryPoint) throws Exception {
        Path app = gitCopy(temp.resolve("alone-" + p.file().getFileName()));
        git(app, "apply", "--check", p.file().toString());
        git(app, "apply", p.file().toString());
        compile(app, StandardCharsets.ISO_8859_1);
        FacadePatches.assertDelivered(app, p, entryPoint, temp.resolve("again-" + p.file().getFileName()));
    }

    private static Path gitCopy(Path app) throws Exception {
        copyTree(resource("request-args"), app);
        return commit(app);
    }

    /** The Jakarta test application with ProductServlet parsing the request inside each bean call, committed. */
    private static Path chattyReadingInline(Path app) throws Exception {
        copyTree(resource("jakarta-chatty"), app);
        Path servlet = app.resolve("src/main/java/org/acme/chatty/web/ProductServlet.java");
        String before = """
                        long id = Long.parseLong(request.getParameter("id"));
                        String name = catalog.findProduct(id);
                        double price = catalog.getPrice(id);
                        int available = stock.available(id);
                """;
        String text = Files.readString(servlet, StandardCharsets.UTF_8);
        assertThat(text).contains(before);
        Files.writeString(servlet, text.replace(before, """
                        String name = catalog.findProduct(Long.parseLong(request.getParameter("id")));
                        double price = catalog.getPrice(Long.parseLong(request.getParameter("id")));
                        int available = stock.available(Long.parseLong(request.getParameter("id")));
                """), StandardCharsets.UTF_8);
        return commit(app);
    }

    private static Path resource(String app) throws Exception {
        return Path.of(RequestArgumentsFixTest.class.getResource("/apps/" + app).toURI());
    }
}
