package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.gitCopy;
import static io.wanlint.cli.AppCopy.wanlint;
import static io.wanlint.cli.FacadePatches.planned;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.cli.AppCopy.Run;
import io.wanlint.cli.FacadePatches.Planned;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-façade patches (WAN001, WAN002) through the real CLI on git copies of the fixtures
 * (issue 6 acceptance), each patch applied alone: {@code git apply --check} accepts it, the patched
 * application compiles, re-analysis reports neither rule on the client class and the entry point
 * costs exactly the round trips the patch predicted, and a second {@code fix} plans nothing for it.
 */
class FacadeFixTest {
    @TempDir Path temp;


    @Test
    void everyRubisEntityPageGetsOneFacadeCallThatCompilesAndCostsWhatItPredicted() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("base"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--rule", "WAN007", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Planned> planned = planned(fix.out());
        // One finding per page: the web-tier use case and the finder's N+1 are WAN001's very calls, so WAN001
        // names them and its one façade (the finder's loop becomes rows) makes the page cost 1.
        List<String> pages = List.of("BrowseCategories", "BrowseRegions", "SearchItemsByCategory", "StoreBid", "StoreComment",
                "ViewBidHistory", "ViewItem", "ViewUserInfo");
        for (String page : pages) {
            String cls = "org.acme.rubis.entity.servlets." + page;
            Planned wan001 = planned.stream().filter(p -> p.ruleId().equals("WAN001") && p.className().equals(cls)).findFirst().orElseThrow();
            assertThat(wan001.after()).isEqualTo(1);
            assertThat(planned).as("%s: one finding for one cause", page)
                    .noneMatch(p -> p.className().equals(cls) && (p.ruleId().equals("WAN002") || p.ruleId().equals("WAN007")));
        }
        // The combined patch holds each page's façade once.
        git(app, "apply", "--check", patches.resolve("wanlint.patch").toString());

        for (String page : pages) {
            String cls = "org.acme.rubis.entity.servlets." + page;
            Planned p = planned.stream().filter(x -> x.ruleId().equals("WAN001") && x.className().equals(cls)).findFirst().orElseThrow();
            acceptAlone("rubis-entity", p, StandardCharsets.ISO_8859_1, "/" + page);
        }
    }

    @Test
    void viewItemReadsItsFieldsFromOneTransferObject() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("base"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        Planned viewItem = planned(fix.out()).stream()
                .filter(p -> p.className().endsWith(".ViewItem")).findFirst().orElseThrow();
        String diff = Files.readString(viewItem.file());
        assertThat(diff)
                .contains("+            ViewItemData page = viewItemFacade().viewItem(itemId);\n"
                        + "+            String name = page.getName();\n")
                .contains("+            String sellerNickName = page.getSellerNickName();\n")
                .contains("\n             PrintWriter out = startPage(response, name);\n")
                .contains("+    public ViewItemData viewItem(Integer itemId) throws FinderException, NamingException, RemoteException {\n"
                        + "+        Context ctx = new InitialContext();\n")
                .contains("+        return new ViewItemData(name, description, initialPrice, maxBid, endDate, sellerId, sellerNickName);\n")
                .contains("+      <ejb-name>ViewItemFacade</ejb-name>");
    }

    @Test
    void petstoreHelperMovesWholeAndTheCasesItCannotMoveSayWhy() throws Exception {
        Path app = gitCopy("petstore-1.1", temp.resolve("base"));
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--rule", "WAN007", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        List<Planned> planned = planned(fix.out());
        Planned helper = planned.stream().filter(p -> p.className().equals("com.acme.estore.web.InventoryWebHelper")
                && p.ruleId().equals("WAN001")).findFirst().orElseThrow();
        assertThat(Files.readString(helper.file()))
                .contains("+        return inventoryFacade().getAvailability(itemId);\n");
        acceptAlone("petstore-1.1", helper, StandardCharsets.ISO_8859_1, "/product.jsp");

        Planned orders = planned.stream().filter(p -> p.className().equals("com.acme.estore.web.OrdersServlet")
                && p.ruleId().equals("WAN001")).findFirst().orElseThrow();
        assertThat(Files.readString(orders.file()))
                .contains("+            OrdersData page = ordersFacade().getOrders(userId);\n")
                .contains("+                OrderDetails details = row.getDetails();\n")
                // The home the servlet looked up once in init() is looked up by the façade next to the entities.
                .contains("+            orderHome = (OrderHome) EJBHomeFactory.getInstance()\n")
                .contains("+        <ejb-ref-name>ejb/order/Order</ejb-ref-name>");
        acceptAlone("petstore-1.1", orders, StandardCharsets.ISO_8859_1, "/orders");
        // The finder's N+1 is among WAN001's calls: WAN001's façade is its bulk read, and WAN007 does not repeat it.
        assertThat(planned).noneMatch(p -> p.className().equals("com.acme.estore.web.OrdersServlet") && p.ruleId().equals("WAN007"));

        // The stateful controller keeps its conversation's state in its own fields: it cannot move as is.
        assertThat(fix.out()).containsPattern("no patch  WAN002 com\\.acme\\.estore\\.control\\.ejb\\.ShoppingClientControllerEJB .*: .*accountHome");
    }

    @Test
    void anEntityRemoteViewThatNobodyUsesLeavesTheDescriptors() throws Exception {
        // rubis-facade with a remote view added to Category: its only clients are the façades, locally.
        Path app = copy("rubis-facade", temp.resolve("base"));
        Path beans = app.resolve("src/org/acme/rubis/ejb/entity");
        Files.writeString(beans.resolve("CategoryHome.java"), """
                package org.acme.rubis.ejb.entity;

                import java.rmi.RemoteException;
                import javax.ejb.EJBHome;
                import javax.ejb.FinderException;

                public interface CategoryHome extends EJBHome {
                    Category findByPrimaryKey(Integer id) throws FinderException, RemoteException;
                }
                """, StandardCharsets.ISO_8859_1);
        Files.writeString(beans.resolve("Category.java"), """
                package org.acme.rubis.ejb.entity;

                import java.rmi.RemoteException;
                import javax.ejb.EJBObject;

                public interface Category extends EJBObject {
                    String getName() throws RemoteException;
                }
                """, StandardCharsets.ISO_8859_1);
        Path ejbJar = app.resolve("META-INF/ejb-jar.xml");
        String jar = Files.readString(ejbJar, StandardCharsets.ISO_8859_1);
        String entry = "      <ejb-name>Category</ejb-name>\n";
        assertThat(jar).contains(entry);
        Files.writeString(ejbJar, jar.replace(entry, entry + "      <home>org.acme.rubis.ejb.entity.CategoryHome</home>\n"
                + "      <remote>org.acme.rubis.ejb.entity.Category</remote>\n"), StandardCharsets.ISO_8859_1);
        Path jboss = app.resolve("META-INF/jboss.xml");
        String vendor = Files.readString(jboss, StandardCharsets.ISO_8859_1);
        String local = "      <ejb-name>Category</ejb-name>\n      <local-jndi-name>CategoryLocalHome</local-jndi-name>\n";
        assertThat(vendor).contains(local);
        Files.writeString(jboss, vendor.replace(local, "      <ejb-name>Category</ejb-name>\n      <jndi-name>CategoryHome</jndi-name>\n"
                + "      <local-jndi-name>CategoryLocalHome</local-jndi-name>\n"), StandardCharsets.ISO_8859_1);
        commit(app);

        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN002", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN002 org.acme.rubis.ejb.entity.CategoryBean (META-INF/ejb-jar.xml): Drop the remote view of entity Category");
        Path patch;
        try (Stream<Path> files = Files.list(patches)) {
            patch = files.filter(p -> p.getFileName().toString().matches("WAN002-\\d+-category\\.patch")).findFirst().orElseThrow();
        }
        assertThat(Files.readString(patch, StandardCharsets.ISO_8859_1))
                .contains("-      <home>org.acme.rubis.ejb.entity.CategoryHome</home>\n-      <remote>org.acme.rubis.ejb.entity.Category</remote>\n")
                .contains("-      <jndi-name>CategoryHome</jndi-name>\n");

        git(app, "apply", "--check", patch.toString());
        git(app, "apply", patch.toString());
        compile(app, StandardCharsets.ISO_8859_1);
        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        for (JsonNode f : new ObjectMapper().readTree(check.out()).get("findings")) {
            assertThat(f.get("ruleId").asText() + " " + f.get("location").get("className").asText())
                    .isNotEqualTo("WAN002 org.acme.rubis.ejb.entity.CategoryBean");
        }
        Run second = wanlint("fix", app.toString(), "--rule", "WAN002", "--out", temp.resolve("again").toString());
        assertThat(second.out()).doesNotContain("CategoryBean");
    }

    @Test
    void entityRemoteViewsStayWhileTheEntityHasNoLocalViewOrRemoteClients() throws Exception {
        Path app = gitCopy("rubis-entity", temp.resolve("base"));
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN002", "--out", temp.resolve("patches").toString());
        assertThat(fix.out()).contains("no patch  WAN002 org.acme.rubis.entity.beans.ItemBean (META-INF/ejb-jar.xml): entity Item has no "
                + "local interfaces: declare a local home and local interface first");
    }

    /** (a)–(d) for one patch applied alone to a fresh git copy. */
    private void acceptAlone(String fixture, Planned p, Charset encoding, String entryPoint) throws Exception {
        Path app = gitCopy(fixture, temp.resolve("alone-" + p.file().getFileName()));
        git(app, "apply", "--check", p.file().toString());
        git(app, "apply", p.file().toString());
        compile(app, encoding);
        FacadePatches.assertDelivered(app, p, entryPoint, temp.resolve("again-" + p.file().getFileName()));
    }
}
