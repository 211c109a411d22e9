package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.JavaSource;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class UseCaseExtractionTest {
    private static final String ITEM = """
            package shop.beans;

            import java.rmi.RemoteException;
            import java.sql.Timestamp;
            import javax.ejb.EJBObject;

            public interface Item extends EJBObject {
                String getName() throws RemoteException;
                float getPrice() throws RemoteException;
                Timestamp getEndDate() throws RemoteException;
            }
            """;
    private static final String ITEM_HOME = """
            package shop.beans;

            import java.util.Collection;
            import javax.ejb.EJBHome;

            public interface ItemHome extends EJBHome {
                Item findByPrimaryKey(Integer id) throws javax.ejb.FinderException, java.rmi.RemoteException;
                Collection findAll() throws javax.ejb.FinderException, java.rmi.RemoteException;
                Collection findByCategory(String category) throws javax.ejb.FinderException, java.rmi.RemoteException;
            }
            """;
    private static final String NAMES = """
            package shop.util;

            public interface JndiNames {
                String PREFIX = "java:comp/env/";
                String ITEM = PREFIX + "ejb/Item";
            }
            """;
    private static final String HEADER = """
            package shop.web;

            import java.io.IOException;
            import java.io.PrintWriter;
            import java.util.Collection;
            import java.util.Iterator;
            import javax.ejb.FinderException;
            import javax.naming.InitialContext;
            import javax.naming.NamingException;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.http.HttpServlet;
            import javax.servlet.http.HttpServletRequest;
            import javax.servlet.http.HttpServletResponse;
            import shop.beans.Item;
            import shop.beans.ItemHome;
            import shop.util.JndiNames;

            """;

    private static final String CATALOG = """
            package shop.beans;

            import java.util.List;

            public interface Catalog {
                List<Integer> ids(String category);
            }
            """;
    private static final String STOCK = """
            package shop.beans;

            public interface Stock {
                int available(Integer id);
            }
            """;

    private final AppTypes types = new AppTypes(q -> Optional.ofNullable(Map.of("shop.beans.Item", ITEM,
            "shop.beans.ItemHome", ITEM_HOME, "shop.util.JndiNames", NAMES, "shop.beans.Catalog", CATALOG, "shop.beans.Stock", STOCK).get(q))
            .flatMap(t -> JavaSource.parse(new SourceText(q.replace('.', '/') + ".java", t, java.nio.charset.StandardCharsets.UTF_8, false))));

    @Test
    void dataRunsInTheFacadeAndTheClientReadsWhatItPrintsFromTheTransferObject() {
        String client = HEADER + """
                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup(JndiNames.ITEM), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            String name = item.getName();
                            PrintWriter out = response.getWriter();
                            out.println(name + ": " + item.getPrice());
                        } catch (FinderException e) {
                            response.sendError(404);
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 23, 24, 25, 27);

        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("Integer", "id"));
        assertThat(x.method().returnType()).isEqualTo("ShowItemData");
        assertThat(x.method().exceptions()).containsExactly("FinderException", "NamingException", "RemoteException");
        assertThat(x.method().body()).isEqualTo("""
                InitialContext ic = new InitialContext();
                ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup(JndiNames.ITEM), ItemHome.class);
                Item item = home.findByPrimaryKey(id);
                String name = item.getName();
                float price = item.getPrice();
                return new ShowItemData(name, price);""");
        assertThat(x.method().imports()).contains("shop.beans.Item", "shop.beans.ItemHome", "shop.util.JndiNames",
                "javax.naming.InitialContext", "javax.rmi.PortableRemoteObject", "java.rmi.RemoteException");
        assertThat(x.envRefNames()).containsExactly("ejb/Item");
        assertThat(x.transferObjects()).containsExactly(new FacadeDesign.TransferObject("ShowItemData",
                java.util.List.of(new FacadeDesign.Parameter("String", "name"), new FacadeDesign.Parameter("float", "price")), Set.of()));
        assertThat(applied(client, x)).contains("""
                        try {
                            ShowItemData page = facade().showItem(id);
                            String name = page.getName();
                            PrintWriter out = response.getWriter();
                            out.println(name + ": " + page.getPrice());
                        } catch (FinderException e) {
                """);
    }

    @Test
    void aLoopThatReadsBeansAndPrintsBecomesRowsInTheFacadeAndALoopOverRowsInTheClient() {
        String client = HEADER + """
                public class ListItems extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        PrintWriter out = response.getWriter();
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Collection all = home.findAll();
                            for (Iterator it = all.iterator(); it.hasNext();) {
                                Item each = (Item) it.next();
                                out.println("<li>" + each.getName() + " " + each.getEndDate() + "</li>");
                            }
                        } catch (Exception e) {
                            out.println("none");
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 22, 23, 26);

        assertThat(x.method().body()).isEqualTo("""
                ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                Collection all = home.findAll();
                List itemRows = new ArrayList();
                for (Iterator it = all.iterator(); it.hasNext();) {
                    Item each = (Item) it.next();
                    String name = each.getName();
                    Timestamp endDate = each.getEndDate();
                    itemRows.add(new ItemRow(name, endDate));
                }
                return new ListItemsData(itemRows);""");
        assertThat(x.method().imports()).contains("java.sql.Timestamp", "java.util.List", "java.util.ArrayList");
        assertThat(x.transferObjects()).extracting(FacadeDesign.TransferObject::name).containsExactly("ListItemsData", "ItemRow");
        assertThat(applied(client, x)).contains("""
                            ListItemsData page = facade().listItems();
                            for (Iterator rows = page.getItemRows().iterator(); rows.hasNext();) {
                                ItemRow row = (ItemRow) rows.next();
                                out.println("<li>" + row.getName() + " " + row.getEndDate() + "</li>");
                            }
                """);
        assertThat(x.client().imports()).containsExactlyInAnyOrder("shop.facade.ListItemsData", "shop.facade.ItemRow", "java.util.Iterator");
    }

    @Test
    void aMethodThatOnlyReadsBeansMovesWholeAndReturnsTheFacadeResult() {
        String client = HEADER + """
                public class PriceHelper {
                    public String priceOf(Integer id) throws NamingException, java.rmi.RemoteException {
                        InitialContext ic = new InitialContext();
                        ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                        try {
                            return "" + home.findByPrimaryKey(id).getPrice();
                        } catch (FinderException e) {
                            return "unknown";
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "priceOf", 21, 23);

        assertThat(x.method().returnType()).isEqualTo("String");
        assertThat(x.method().body()).startsWith("InitialContext ic = new InitialContext();\n").endsWith("    return \"unknown\";\n}");
        assertThat(x.transferObjects()).isEmpty();
        assertThat(applied(client, x)).contains("""
                    public String priceOf(Integer id) throws NamingException, java.rmi.RemoteException {
                        return facade().priceOf(id);
                    }
                """);
    }

    @Test
    void anIfThatBothCallsBeansAndWritesTheResponseIsRefusedWithItsLine() {
        String client = HEADER + """
                public class Buy extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(1));
                            if (item.getPrice() > 10f) {
                                response.getWriter().println(item.getName());
                            }
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doPost", 21, 22, 23, 24);

        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why())
                .isEqualTo("this statement mixes EJB calls with writing the response (shop/web/Buy.java:23)");
    }

    @Test
    void aBeanNeededAfterTheMovedCodeIsRefusedBecauseItCannotTravel() {
        String client = HEADER + """
                public class Keep extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(1));
                            request.setAttribute("item", item);
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doGet", 21, 22);

        assertThat(((UseCaseExtraction.Refused) r).why()).contains("the web code uses `item` (Item), which cannot be sent to the web tier");
    }

    @Test
    void aPrintedVariableThatChangesLaterIsRefusedBecauseOneValueCouldNotStandForBoth() {
        String client = HEADER + """
                public class Twice extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            String name = home.findByPrimaryKey(Integer.valueOf(1)).getName();
                            response.getWriter().println(name);
                            name = home.findByPrimaryKey(Integer.valueOf(2)).getName();
                            response.getWriter().println(name);
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doGet", 21, 22, 24);

        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("`name` changes after it is declared, and the web code prints it (shop/web/Twice.java:24)");
    }

    @Test
    void theSameBeanReadInTwoOutputStatementsIsReadAtEachOfThemInTurn() {
        String client = HEADER + """
                public class Again extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(1));
                            PrintWriter out = response.getWriter();
                            out.println(item.getName());
                            out.println(item.getName() + "!");
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 21, 22, 24, 25);

        assertThat(x.method().body()).endsWith("""
                String name = item.getName();
                String itemName = item.getName();
                return new AgainData(name, itemName);""");
        assertThat(applied(client, x)).contains("""
                            out.println(page.getName());
                            out.println(page.getItemName() + "!");
                """);
    }

    @Test
    void injectedBeansMoveIntoTheFacadeAndACallOnOneInsideTheLoopBecomesARowField() {
        String client = HEADER + """
                public class StockList extends HttpServlet {
                    @javax.ejb.EJB private shop.beans.Catalog catalog;
                    @javax.ejb.EJB private shop.beans.Stock stock;
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        String category = request.getParameter("c");
                        java.util.List<Integer> ids = catalog.ids(category);
                        PrintWriter out = response.getWriter();
                        for (Integer id : ids) {
                            out.println(id + ": " + stock.available(id));
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 23, 26);

        assertThat(x.memberDeclarations()).containsExactly("@javax.ejb.EJB private shop.beans.Catalog catalog;",
                "@javax.ejb.EJB private shop.beans.Stock stock;");
        assertThat(x.method().body()).contains("java.util.List<Integer> ids = catalog.ids(category);\n")
                .contains("    int available = stock.available(id);\n");
        assertThat(applied(client, x)).contains("out.println(id + \": \" + row.getAvailable());").doesNotContain("stock.available");
    }

    @Test
    void anInjectedBeanTheClientReassignsIsRefused() {
        String client = HEADER + """
                public class StockList extends HttpServlet {
                    @javax.ejb.EJB private shop.beans.Stock stock;
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        int available = stock.available(id);
                        response.getWriter().println(available);
                    }
                    public void reset() { stock = null; }
                }
                """;
        assertThat(extract(client, "doGet", 22)).isInstanceOf(UseCaseExtraction.Refused.class)
                .extracting(Object::toString).asString().contains("field `stock`");
    }

    @Test
    void requestParametersTheBeanCallsTakeAreReadIntoLocalsFirstAndBecomeFacadeParameters() {
        String client = HEADER + """
                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(request.getParameter("item-id")));
                            String note = item.getName() + " #" + request.getParameter("item-id") + " by " + request.getRemoteUser();
                            PrintWriter out = response.getWriter();
                            out.println(note + item.getPrice());
                            request.setAttribute("note", note);
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 21, 22, 23, 25);

        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("String", "itemId"),
                new FacadeDesign.Parameter("String", "remoteUser"));
        assertThat(x.method().body()).isEqualTo("""
                ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                Item item = home.findByPrimaryKey(Integer.valueOf(itemId));
                String note = item.getName() + " #" + itemId + " by " + remoteUser;
                float price = item.getPrice();
                return new ShowItemData(note, price);""");
        // The one read written twice is made once; the write after the reads stays after the façade call.
        assertThat(applied(client, x)).contains("""
                        try {
                            String itemId = request.getParameter("item-id");
                            String remoteUser = request.getRemoteUser();
                            ShowItemData page = facade().showItem(itemId, remoteUser);
                            String note = page.getNote();
                            PrintWriter out = response.getWriter();
                            out.println(note + page.getPrice());
                            request.setAttribute("note", note);
                        } catch (Exception e) {
                """);
    }

    @Test
    void aCastSessionAttributeAndADeclarationBetweenBeanCallsMoveBeforeTheFacadeCallAndTheLoopHeaderReusesIt() {
        String client = HEADER + """
                public class Browse extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        javax.servlet.http.HttpSession session = request.getSession();
                        PrintWriter out = response.getWriter();
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item last = home.findByPrimaryKey((Integer) session.getAttribute("lastItem"));
                            String category = request.getParameter("category");
                            out.println("<h1>" + category + ": " + last.getName() + "</h1>");
                            for (Iterator it = home.findByCategory(request.getParameter("category")).iterator(); it.hasNext();) {
                                Item each = (Item) it.next();
                                out.println("<li>" + each.getName() + "</li>");
                            }
                        } catch (Exception e) {
                            out.println("none");
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doGet", 23, 24, 26, 27, 29);

        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("Integer", "lastItem"),
                new FacadeDesign.Parameter("String", "category"));
        assertThat(x.method().body())
                .startsWith("""
                        ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                        Item last = home.findByPrimaryKey(lastItem);
                        """)
                .contains("for (Iterator it = home.findByCategory(category).iterator(); it.hasNext();) {\n")
                .doesNotContain("request").doesNotContain("session");
        assertThat(applied(client, x)).contains("""
                        try {
                            Integer lastItem = (Integer) session.getAttribute("lastItem");
                            String category = request.getParameter("category");
                            BrowseData page = facade().browse(lastItem, category);
                            out.println("<h1>" + category + ": " + page.getName() + "</h1>");
                            for (Iterator rows = page.getItemRows().iterator(); rows.hasNext();) {
                """);
    }

    @Test
    void aHoistedLocalTakesANameFreeInTheMethodAndParameterValuesTravelAsAnArray() {
        String client = HEADER + """
                public class Tagged extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(7);
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup(JndiNames.ITEM);
                            String name = home.findByPrimaryKey(Integer.valueOf(request.getParameter("id"))).getName() + home.findByPrimaryKey(id).getName();
                            Item tagged = home.findByPrimaryKey(Integer.valueOf(request.getParameterValues("tag").length));
                            request.setAttribute("name", name + tagged.getName());
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "doPost", 22, 23, 24, 25);

        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("String", "id2"),
                new FacadeDesign.Parameter("Integer", "id"), new FacadeDesign.Parameter("String[]", "tag"));
        assertThat(x.method().body()).contains("home.findByPrimaryKey(Integer.valueOf(id2)).getName() + home.findByPrimaryKey(id).getName();")
                .contains("Item tagged = home.findByPrimaryKey(Integer.valueOf(tag.length));");
        assertThat(applied(client, x)).contains("""
                            String id2 = request.getParameter("id");
                            String[] tag = request.getParameterValues("tag");
                            TaggedData page = facade().tagged(id2, id, tag);
                """);
    }

    @Test
    void aHelperThatReturnsWhatTheBeansSayForARequestParameterStillMovesWhole() {
        String client = HEADER + """
                public class PriceHelper {
                    public String priceOf(HttpServletRequest request) throws NamingException, FinderException, java.rmi.RemoteException {
                        ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                        return "" + home.findByPrimaryKey(Integer.valueOf(request.getParameter("id"))).getPrice();
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, "priceOf", 20, 21);

        assertThat(x.method().returnType()).isEqualTo("String");
        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("String", "id"));
        assertThat(x.method().body()).isEqualTo("""
                ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                return "" + home.findByPrimaryKey(Integer.valueOf(id)).getPrice();""");
        assertThat(applied(client, x)).contains("""
                    public String priceOf(HttpServletRequest request) throws NamingException, FinderException, java.rmi.RemoteException {
                        String id = request.getParameter("id");
                        return facade().priceOf(id);
                    }
                """);
    }

    @Test
    void aRefusalAfterHoistingNamesTheLineOfTheFileAsItIs() {
        String client = HEADER + """
                public class Keep extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(request.getParameter("id")));
                            request.setAttribute("item", item);
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doGet", 21, 22);

        // Hoisting frees line 22, but the bean itself is what line 23 hands to the page.
        assertThat(((UseCaseExtraction.Refused) r).why())
                .isEqualTo("the web code uses `item` (Item), which cannot be sent to the web tier (shop/web/Keep.java:23)");
    }

    @Test
    void aReadAfterTheMovedCodeWroteTheRequestStaysAndTheStatementIsRefusedAsBefore() {
        String client = HEADER + """
                public class Remember extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            request.setAttribute("itemId", Integer.valueOf(7));
                            Item item = home.findByPrimaryKey((Integer) request.getAttribute("itemId"));
                            response.getWriter().println(item.getName());
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doGet", 21, 23, 24);

        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("the web code uses `home` (ItemHome), which cannot be sent to the web tier (shop/web/Remember.java:23)");
    }

    @Test
    void aReadInALoopThatAlsoWritesTheSessionIsNotHoisted() {
        String client = HEADER + """
                public class Counter extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        javax.servlet.http.HttpSession session = request.getSession();
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            for (int i = 0; i < 3; i++) {
                                Item item = home.findByPrimaryKey((Integer) session.getAttribute("next"));
                                session.setAttribute("next", Integer.valueOf(i));
                            }
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        // The second iteration reads what the first one wrote: the read cannot be made once, before the loop.
        assertThat(((UseCaseExtraction.Refused) extract(client, "doGet", 22, 24)).why())
                .isEqualTo("the web code uses `home` (ItemHome), which cannot be sent to the web tier (shop/web/Counter.java:24)");
    }

    @Test
    void aCastTheCodeMakesOnlyInABranchIsNotMadeFirst() {
        String client = HEADER + """
                public class Guarded extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            if (home.findAll().size() > 1) {
                                home.findByPrimaryKey((Integer) request.getAttribute("itemId")).remove();
                            }
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        // Made before the if, the cast could fail where the code never made it.
        assertThat(((UseCaseExtraction.Refused) extract(client, "doGet", 21, 22, 23)).why())
                .isEqualTo("this statement mixes EJB calls with writing the response (shop/web/Guarded.java:22)");
    }

    @Test
    void anAttributeReadAsObjectCannotBeSentAndIsRefusedWithItsLine() {
        String client = HEADER + """
                public class Loose extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        try {
                            ItemHome home = (ItemHome) new InitialContext().lookup("java:comp/env/ejb/Item");
                            Item item = home.findByPrimaryKey(Integer.valueOf(String.valueOf(request.getAttribute("itemId"))));
                            response.getWriter().println(item.getName());
                        } catch (Exception e) {
                            throw new IOException(e.getMessage());
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, "doGet", 21, 22, 23);

        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("`request.getAttribute(\"itemId\")` returns Object, which cannot be sent "
                + "to a session bean (shop/web/Loose.java:22)");
    }

    @Test
    void hoistedNamesComeFromTheParameterNamesWords() {
        assertThat(RequestReads.identifier("item-id")).contains("itemId");
        assertThat(RequestReads.identifier("User-Agent")).contains("userAgent");
        assertThat(RequestReads.identifier("ITEM_ID")).contains("itemId");
        assertThat(RequestReads.identifier("j_username")).contains("jUsername");
        assertThat(RequestReads.identifier("class")).isEmpty();
        assertThat(RequestReads.identifier("2nd")).isEmpty();
    }

    private UseCaseExtraction.Result extract(String client, String method, Integer... lines) {
        JavaSource src = JavaSource.parse(new SourceText(pathOf(client), client, java.nio.charset.StandardCharsets.UTF_8, false)).orElseThrow();
        MethodDeclaration m = src.unit().findAll(MethodDeclaration.class).stream()
                .filter(d -> d.getNameAsString().equals(method)).findFirst().orElseThrow();
        String useCase = src.unit().getType(0).getNameAsString();
        String name = method.startsWith("do") ? UseCaseExtraction.decapitalize(useCase) : method;
        return UseCaseExtraction.extract(src, m, new TreeSet<>(Set.of(lines)), types,
                new UseCaseExtraction.Names("shop.facade", name, useCase + "Data"), true);
    }

    private UseCaseExtraction.Extracted extracted(String client, String method, Integer... lines) {
        UseCaseExtraction.Result r = extract(client, method, lines);
        assertThat(r).as(r.toString()).isInstanceOf(UseCaseExtraction.Extracted.class);
        return (UseCaseExtraction.Extracted) r;
    }

    private static String pathOf(String client) {
        String cls = client.substring(client.indexOf("public class ") + 13);
        return "shop/web/" + cls.substring(0, cls.indexOf(' ')) + ".java";
    }

    private static String applied(String client, UseCaseExtraction.Extracted x) {
        return client.substring(0, x.client().start()) + x.client().replacement("facade()") + client.substring(x.client().end());
    }
}
