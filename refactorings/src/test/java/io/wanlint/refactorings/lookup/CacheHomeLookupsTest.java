package io.wanlint.refactorings.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CacheHomeLookupsTest {
    private static SourceText text(String s) { return new SourceText("src/a/T.java", s, StandardCharsets.ISO_8859_1, false); }

    private static String applied(CacheHomeLookups.Rewrite r, String before) {
        assertThat(r).isInstanceOf(CacheHomeLookups.Rewrite.Planned.class);
        return ((CacheHomeLookups.Rewrite.Planned) r).change().applyTo(before);
    }

    private static final String VIEW_ITEM = """
            package a;

            import javax.naming.Context;
            import javax.naming.InitialContext;
            import javax.naming.NamingException;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.ServletException;

            /** Shows an item. */
            public class ViewItem extends Base {

                public void doGet(Req request, Resp response) throws ServletException {
                    try {
                        Context ctx = new InitialContext();
                        ItemHome itemHome = (ItemHome) PortableRemoteObject.narrow(ctx.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                        Item item = itemHome.findByPrimaryKey(1);

                        // global name bound by jboss.xml
                        UserHome userHome = (UserHome) PortableRemoteObject.narrow(ctx.lookup("UserHome"), UserHome.class);
                        show(item, userHome.findByPrimaryKey(2));
                    } catch (FinderException e) {
                        error("no such item");
                    } catch (NamingException e) {
                        throw new ServletException("Cannot find the Item or User home: " + e.getMessage());
                    }
                }
            }
            """;

    @Test
    void servletHomesBecomeFieldsLookedUpInANewInitAndTheUnreachableCatchGoes() {
        String after = applied(CacheHomeLookups.rewrite(text(VIEW_ITEM), "ViewItem", "doGet", 2,
                new CacheHomeLookups.Calls(Set.of(15, 19), Set.of()), CacheHomeLookups.Placement.SERVLET_INIT), VIEW_ITEM);
        assertThat(after).isEqualTo("""
                package a;

                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.rmi.PortableRemoteObject;
                import javax.servlet.ServletException;
                import javax.servlet.UnavailableException;

                /** Shows an item. */
                public class ViewItem extends Base {

                    private ItemHome itemHome;
                    private UserHome userHome;

                    /** Homes and stateless stubs stay valid for the servlet's life: acquired once, not per request. */
                    public void init() throws ServletException {
                        try {
                            InitialContext context = new InitialContext();
                            itemHome = (ItemHome) PortableRemoteObject.narrow(context.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            // global name bound by jboss.xml
                            userHome = (UserHome) PortableRemoteObject.narrow(context.lookup("UserHome"), UserHome.class);
                        } catch (NamingException e) {
                            throw new UnavailableException("Cannot look up ItemHome, UserHome: " + e.getMessage());
                        }
                    }

                    public void doGet(Req request, Resp response) throws ServletException {
                        try {
                            Item item = itemHome.findByPrimaryKey(1);

                            show(item, userHome.findByPrimaryKey(2));
                        } catch (FinderException e) {
                            error("no such item");
                        }
                    }
                }
                """);
        // Planning again finds no lookup on those lines any more.
        assertThat(CacheHomeLookups.rewrite(text(after), "ViewItem", "doGet", 2,
                new CacheHomeLookups.Calls(Set.of(15, 19), Set.of()), CacheHomeLookups.Placement.SERVLET_INIT))
                .isInstanceOf(CacheHomeLookups.Rewrite.NotApplicable.class);
    }

    @Test
    void aTwoStepLookupKeepsItsLocalReadingTheFieldAndCrlfEndings() {
        String before = """
                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.rmi.PortableRemoteObject;

                public class BrowseCategories extends Base {
                    private static final int SIZE = 25;

                    public void doGet(Req request, Resp response) throws ServletException {
                        try {
                            Object ref = new InitialContext().lookup("java:comp/env/ejb/Category");
                            CategoryHome home = (CategoryHome) PortableRemoteObject.narrow(ref, CategoryHome.class);
                            list(home.findAllCategories());
                        } catch (NamingException e) {
                            throw new ServletException("Cannot find the Category home: " + e.getMessage());
                        } finally {
                            done();
                        }
                    }
                }
                """.replace("\n", "\r\n");
        String after = applied(CacheHomeLookups.rewrite(text(before), "BrowseCategories", "doGet", 2,
                new CacheHomeLookups.Calls(Set.of(10), Set.of()), CacheHomeLookups.Placement.SERVLET_INIT), before);
        assertThat(after).isEqualTo("""
                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.rmi.PortableRemoteObject;
                import javax.servlet.ServletException;
                import javax.servlet.UnavailableException;

                public class BrowseCategories extends Base {
                    private static final int SIZE = 25;
                    private CategoryHome categoryHome;

                    /** Homes and stateless stubs stay valid for the servlet's life: acquired once, not per request. */
                    public void init() throws ServletException {
                        try {
                            InitialContext context = new InitialContext();
                            categoryHome = (CategoryHome) PortableRemoteObject.narrow(context.lookup("java:comp/env/ejb/Category"), CategoryHome.class);
                        } catch (NamingException e) {
                            throw new UnavailableException("Cannot look up CategoryHome: " + e.getMessage());
                        }
                    }

                    public void doGet(Req request, Resp response) throws ServletException {
                        try {
                            CategoryHome home = categoryHome;
                            list(home.findAllCategories());
                        } finally {
                            done();
                        }
                    }
                }
                """.replace("\n", "\r\n"));
    }

    @Test
    void aStatelessStubCreatedPerRequestIsCreatedInTheExistingInitAndTheTryGivesWayToItsBody() {
        String before = """
                import javax.ejb.CreateException;
                import javax.naming.NamingException;
                import javax.servlet.ServletException;

                public class VerifySignInServlet extends HttpServlet {

                    private CustomerHome customerHome;

                    public void init() throws ServletException {
                        try {
                            customerHome = (CustomerHome) Factory.lookUpHome("Customer", CustomerHome.class);
                        } catch (NamingException e) {
                            throw new ServletException("Customer home not bound", e);
                        }
                    }

                    protected void doPost(Req request, Resp response) throws ServletException, IOException {
                        Details profile;
                        try {
                            Customer customer = customerHome.create();
                            profile = customer.getProfile("u", "p");
                        } catch (CreateException e) {
                            throw new ServletException("cannot create Customer bean", e);
                        }
                        show(profile);
                    }
                }
                """;
        String after = applied(CacheHomeLookups.rewrite(text(before), "VerifySignInServlet", "doPost", 2,
                new CacheHomeLookups.Calls(Set.of(), Set.of(20)), CacheHomeLookups.Placement.SERVLET_INIT), before);
        assertThat(after).isEqualTo("""
                import javax.ejb.CreateException;
                import javax.naming.NamingException;
                import javax.servlet.ServletException;
                import java.rmi.RemoteException;
                import javax.servlet.UnavailableException;

                public class VerifySignInServlet extends HttpServlet {

                    private CustomerHome customerHome;
                    private Customer customer;

                    public void init() throws ServletException {
                        try {
                            customerHome = (CustomerHome) Factory.lookUpHome("Customer", CustomerHome.class);
                        } catch (NamingException e) {
                            throw new ServletException("Customer home not bound", e);
                        }
                        try {
                            customer = customerHome.create();
                        } catch (CreateException e) {
                            throw new UnavailableException("Cannot create Customer bean: " + e.getMessage());
                        } catch (RemoteException e) {
                            throw new UnavailableException("Cannot create Customer bean: " + e.getMessage());
                        }
                    }

                    protected void doPost(Req request, Resp response) throws ServletException, IOException {
                        Details profile;
                        profile = customer.getProfile("u", "p");
                        show(profile);
                    }
                }
                """);
    }

    @Test
    void aHelperClassGetsAStaticHomeFilledOnFirstUse() {
        String before = """
                package a;

                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.rmi.PortableRemoteObject;

                public class InventoryWebHelper {

                    public String getAvailability(String itemId) throws NamingException {
                        InitialContext ic = new InitialContext();
                        Object ref = ic.lookup(JNDINames.INVENTORY_EJBHOME);
                        InventoryHome home = (InventoryHome) PortableRemoteObject.narrow(ref, InventoryHome.class);
                        return home.findByPrimaryKey(itemId).describe();
                    }
                }
                """;
        String after = applied(CacheHomeLookups.rewrite(text(before), "InventoryWebHelper", "getAvailability", 1,
                new CacheHomeLookups.Calls(Set.of(11), Set.of()), CacheHomeLookups.Placement.STATIC_ACCESSOR), before);
        assertThat(after).isEqualTo("""
                package a;

                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.rmi.PortableRemoteObject;

                public class InventoryWebHelper {

                    /** Looked up once: a home stays valid for the life of the server and may be shared. */
                    private static InventoryHome inventoryHome;

                    public String getAvailability(String itemId) throws NamingException {
                        InventoryHome home = lookUpInventoryHome();
                        return home.findByPrimaryKey(itemId).describe();
                    }

                    private static synchronized InventoryHome lookUpInventoryHome() throws NamingException {
                        if (inventoryHome == null) {
                            InitialContext context = new InitialContext();
                            inventoryHome = (InventoryHome) PortableRemoteObject.narrow(context.lookup(JNDINames.INVENTORY_EJBHOME), InventoryHome.class);
                        }
                        return inventoryHome;
                    }
                }
                """);
    }

    @Test
    void anExistingInitWithConfigGetsTheLookupsAfterItsSuperCall() {
        String before = """
                import javax.naming.InitialContext;
                import javax.naming.NamingException;
                import javax.servlet.ServletConfig;
                import javax.servlet.ServletException;

                public class Search extends HttpServlet {
                    private int pageSize;

                    public void init(ServletConfig config) throws ServletException {
                        super.init(config);
                        pageSize = 10;
                    }

                    public void doGet(Req q, Resp r) throws ServletException {
                        try {
                            CatalogHome home = (CatalogHome) new InitialContext().lookup("java:comp/env/ejb/Catalog");
                            r.print(home.findAll());
                        } catch (NamingException e) {
                            throw new ServletException(e);
                        }
                    }
                }
                """;
        String after = applied(CacheHomeLookups.rewrite(text(before), "Search", "doGet", 2,
                new CacheHomeLookups.Calls(Set.of(16), Set.of()), CacheHomeLookups.Placement.SERVLET_INIT), before);
        assertThat(after).contains("""
                    private int pageSize;
                    private CatalogHome catalogHome;

                    public void init(ServletConfig config) throws ServletException {
                        super.init(config);
                        pageSize = 10;
                        try {
                            InitialContext context = new InitialContext();
                            catalogHome = (CatalogHome) context.lookup("java:comp/env/ejb/Catalog");
                        } catch (NamingException e) {
                            throw new UnavailableException("Cannot look up CatalogHome: " + e.getMessage());
                        }
                    }

                    public void doGet(Req q, Resp r) throws ServletException {
                        CatalogHome home = catalogHome;
                        r.print(home.findAll());
                    }
                """);
    }

    @Test
    void aHomeKeptInAFieldSetPerRequestIsDeclined() {
        String before = """
                public class S extends HttpServlet {
                    private MailerHome home;

                    public void doGet(Req q, Resp r) throws Exception {
                        home = lookup();
                        Mailer m = home.create();
                        m.send();
                    }
                }
                """;
        assertThat(CacheHomeLookups.rewrite(text(before), "S", "doGet", 2, new CacheHomeLookups.Calls(Set.of(), Set.of(6)),
                CacheHomeLookups.Placement.SERVLET_INIT))
                .isInstanceOfSatisfying(CacheHomeLookups.Rewrite.NotApplicable.class,
                        n -> assertThat(n.reason()).isEqualTo("src/a/T.java:6: the field home is not set in init()"));
    }
}
