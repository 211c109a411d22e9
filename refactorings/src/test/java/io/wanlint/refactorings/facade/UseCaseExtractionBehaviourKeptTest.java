package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.JavaSource;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Behaviour kept (issue 21.6): the exceptions the moved code throws reach the client's own catch
 * clauses as themselves. Checked ones are declared on the façade method, whatever broader type the
 * client catches them as; one caught inside the moved code stays there; an unchecked one the client
 * catches by its type would arrive wrapped by the container, so that move is declined. Bean writes
 * are not run before what the client does first (writing the page), and a resource the moved code
 * opens is not left for the client to close.
 */
class UseCaseExtractionBehaviourKeptTest {
    private static final String SHOP_EXCEPTION = """
            package shop.beans;

            public class ShopException extends Exception {
                public ShopException(String m) { super(m); }
            }
            """;
    private static final String UNKNOWN_ITEM = """
            package shop.beans;

            public class UnknownItemException extends ShopException {
                public UnknownItemException(String m) { super(m); }
            }
            """;
    private static final String SOLD_OUT = """
            package shop.beans;

            public class SoldOutException extends RuntimeException {
                public SoldOutException(String m) { super(m); }
            }
            """;
    private static final String ITEM = """
            package shop.beans;

            import java.rmi.RemoteException;
            import javax.ejb.EJBObject;

            public interface Item extends EJBObject {
                String getName() throws RemoteException;
                float getPrice() throws RemoteException, UnknownItemException;
                void reserve(int quantity) throws RemoteException, SoldOutException;
                void hold(int quantity) throws RemoteException;
            }
            """;
    private static final String ITEM_HOME = """
            package shop.beans;

            import java.rmi.RemoteException;
            import javax.ejb.EJBHome;
            import javax.ejb.FinderException;

            public interface ItemHome extends EJBHome {
                Item findByPrimaryKey(Integer id) throws FinderException, RemoteException;
            }
            """;
    private static final String HEADER = """
            package shop.web;

            import java.io.IOException;
            import java.io.PrintWriter;
            import javax.ejb.FinderException;
            import javax.naming.InitialContext;
            import javax.naming.NamingException;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.http.HttpServlet;
            import javax.servlet.http.HttpServletRequest;
            import javax.servlet.http.HttpServletResponse;
            import shop.beans.Item;
            import shop.beans.ItemHome;
            import shop.beans.ShopException;
            import shop.beans.SoldOutException;

            """;

    private final AppTypes types = new AppTypes(q -> Optional.ofNullable(Map.of("shop.beans.Item", ITEM, "shop.beans.ItemHome", ITEM_HOME,
                    "shop.beans.ShopException", SHOP_EXCEPTION, "shop.beans.UnknownItemException", UNKNOWN_ITEM,
                    "shop.beans.SoldOutException", SOLD_OUT).get(q))
            .flatMap(t -> JavaSource.parse(new SourceText(q.replace('.', '/') + ".java", t, StandardCharsets.UTF_8, false))));

    @Test
    void checkedExceptionsTheClientCatchesAsExceptionAreDeclaredOnTheFacadeNotLeftUnreported() {
        // Before: only RemoteException was declared (the client names no bean exception), and the façade
        // bean failed to compile with an unreported NamingException and FinderException.
        String client = HEADER + """
                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            String name = item.getName();
                            PrintWriter out = response.getWriter();
                            out.println(name);
                        } catch (Exception e) {
                            response.sendError(500);
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 21, 22, 23, 24);
        assertThat(x.method().exceptions()).containsExactly("NamingException", "FinderException", "RemoteException");
        assertThat(x.method().imports()).contains("javax.naming.NamingException", "javax.ejb.FinderException");
    }

    @Test
    void anApplicationExceptionIsDeclaredAsItselfWhenTheClientCatchesItsSuperclass() {
        String client = HEADER + """
                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            float price = item.getPrice();
                            PrintWriter out = response.getWriter();
                            out.println(price);
                        } catch (ShopException e) {
                            response.sendError(404, e.getMessage());
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 21, 22, 23, 24);
        // UnknownItemException travels as itself (never RemoteException/EJBException), caught by catch (ShopException).
        assertThat(x.method().exceptions()).containsExactly("NamingException", "FinderException", "UnknownItemException", "RemoteException");
        assertThat(x.method().imports()).contains("shop.beans.UnknownItemException");
    }

    @Test
    void anExceptionTheMovedCodeCatchesItselfIsNotDeclared() {
        String client = HEADER + """
                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            ItemHome home = null;
                            try {
                                InitialContext ic = new InitialContext();
                                home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            } catch (NamingException e) {
                                throw new FinderException(e.getMessage());
                            }
                            Item item = home.findByPrimaryKey(id);
                            String name = item.getName();
                            PrintWriter out = response.getWriter();
                            out.println(name);
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 23, 24, 28, 29);
        assertThat(x.method().exceptions()).containsExactly("FinderException", "RemoteException");
    }

    @Test
    void anUncheckedExceptionTheClientCatchesByItsTypeDeclinesTheMove() {
        // In the façade bean SoldOutException would be a system exception: the client would get a
        // RemoteException and its catch (SoldOutException) would never run again.
        String client = HEADER + """
                public class Reserve extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            item.reserve(1);
                            response.getWriter().println("reserved");
                        } catch (SoldOutException e) {
                            response.sendError(409);
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, 21, 22, 23, 24);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("the client catches SoldOutException (line 26), which `item.reserve(1)` throws: "
                + "thrown in the façade bean it would reach the client as RemoteException, not as SoldOutException (shop/web/ShowItem.java:24)");
    }

    @Test
    void aBeanWriteAfterTheClientHasWrittenThePageIsNotMovedBeforeIt() {
        // Before: hold(1) ran in the façade before the heading the client writes between the find and the hold;
        // if it failed, the page lost its heading.
        String client = HEADER + """
                public class Hold extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        PrintWriter out = response.getWriter();
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            out.println("<h1>Holding " + id + "</h1>");
                            item.hold(1);
                            out.println(item.getName());
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, 22, 23, 24, 26, 27);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("the façade would run `item.hold(1)` before `out.println(\"<h1>Holding \" + id + \"</h1>\");` "
                + "(line 25), which the client runs first: the order of side effects would change (shop/web/ShowItem.java:26)");
    }

    @Test
    void beanReadsMayMoveBeforeWhatTheClientWroteFirst() {
        // The heading between the lookup and the find is written after the façade call: only reads were regrouped.
        String client = HEADER + """
                public class Hold extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        PrintWriter out = response.getWriter();
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            out.println("<h1>Item</h1>");
                            Item item = home.findByPrimaryKey(id);
                            out.println(item.getName());
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 22, 23, 25, 26);
        assertThat(x.method().body()).contains("Item item = home.findByPrimaryKey(id);");
    }

    @Test
    void aBeanWriteInALoopThatWritesRowsIsNotRegroupedBeforeTheRows() {
        String client = HEADER + """
                public class HoldAll extends HttpServlet {
                    public void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        PrintWriter out = response.getWriter();
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            for (int i = 1; i < 4; i++) {
                                Item item = home.findByPrimaryKey(Integer.valueOf(i));
                                item.hold(1);
                                out.println(item.getName());
                            }
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, 21, 22, 24, 25, 26);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).startsWith("the façade would make every row's `item.hold(1)` before the client runs "
                + "`out.println(item.getName());` for the first row");
    }

    @Test
    void aConnectionTheMovedCodeOpensAndTheClientClosesAfterwardsDeclinesTheMove() {
        // The façade would open the connection in the bean and hand nothing back the client could close.
        String client = HEADER + """
                public class Report extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        try {
                            InitialContext ic = new InitialContext();
                            javax.sql.DataSource ds = (javax.sql.DataSource) ic.lookup("java:comp/env/jdbc/Shop");
                            java.sql.Connection c = ds.getConnection();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            String name = home.findByPrimaryKey(id).getName();
                            response.getWriter().println(name);
                            c.close();
                        } catch (Exception e) {
                            response.sendError(500);
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, 21, 22, 23, 24, 25);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).startsWith("the moved code opens `c` (java.sql.Connection) and the client still uses it here");
    }

    private UseCaseExtraction.Extracted extracted(String client, Integer... lines) {
        UseCaseExtraction.Result r = extract(client, lines);
        assertThat(r).as(r.toString()).isInstanceOf(UseCaseExtraction.Extracted.class);
        return (UseCaseExtraction.Extracted) r;
    }

    private UseCaseExtraction.Result extract(String client, Integer... lines) {
        JavaSource src = JavaSource.parse(new SourceText("shop/web/ShowItem.java", client, StandardCharsets.UTF_8, false)).orElseThrow();
        MethodDeclaration m = src.unit().findAll(MethodDeclaration.class).stream()
                .filter(d -> d.getNameAsString().startsWith("do")).findFirst().orElseThrow();
        return UseCaseExtraction.extract(src, m, new TreeSet<>(Set.of(lines)), types,
                new UseCaseExtraction.Names("shop.facade", "showItem", "ShowItemData"), true);
    }
}
