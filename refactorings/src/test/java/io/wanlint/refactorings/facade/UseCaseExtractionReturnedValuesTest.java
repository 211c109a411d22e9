package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Issue 21.8's second idiom: moved code that assigns a local declared before it, or that ends the
 * method with a return. The façade hands the value back (one variable: its result; several: a
 * transfer object), and the client assigns or returns it where the moved code did.
 */
class UseCaseExtractionReturnedValuesTest {
    private static final String ITEM = """
            package shop.beans;

            import java.rmi.RemoteException;
            import javax.ejb.EJBObject;

            public interface Item extends EJBObject {
                String getName() throws RemoteException;
                float getPrice() throws RemoteException;
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
            import javax.ejb.FinderException;
            import javax.naming.InitialContext;
            import javax.naming.NamingException;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.http.HttpServlet;
            import javax.servlet.http.HttpServletRequest;
            import javax.servlet.http.HttpServletResponse;
            import shop.beans.Item;
            import shop.beans.ItemHome;

            """;

    private final AppTypes types = new AppTypes(q -> Optional.ofNullable(Map.of("shop.beans.Item", ITEM, "shop.beans.ItemHome", ITEM_HOME).get(q))
            .flatMap(t -> JavaSource.parse(new SourceText(q.replace('.', '/') + ".java", t, StandardCharsets.UTF_8, false))));

    @Test
    void aLocalDeclaredBeforeAndReadAfterwardsIsTheFacadesResult() {
        // Before: declined, "the moved code assigns `price`, declared before it".
        String client = HEADER + """
                public class ShowPrice extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        float price = 0;
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            price = home.findByPrimaryKey(id).getPrice();
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                        response.getWriter().println(price);
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 19, 20, 21);
        assertThat(x.method().returnType()).isEqualTo("float");
        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("Integer", "id"), new FacadeDesign.Parameter("float", "price"));
        assertThat(x.method().body()).endsWith("price = home.findByPrimaryKey(id).getPrice();\nreturn price;");
        assertThat(x.transferObjects()).isEmpty();
        assertThat(flat(rewritten(client, x))).contains(flat("""
                        try {
                            price = FACADE.showPrice(id, price);
                        } catch (NamingException e) {"""));
    }

    @Test
    void severalLocalsComeBackInATransferObjectAndAreAssignedFromIt() {
        String client = HEADER + """
                public class ShowPrice extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        String name = "?";
                        float price = 0;
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            name = item.getName();
                            price = item.getPrice();
                        } catch (NamingException e) {
                            throw new IOException(e.getMessage());
                        } catch (FinderException e) {
                            response.sendError(404);
                        }
                        response.getWriter().println(name + ": " + price);
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 20, 21, 22, 23, 24);
        assertThat(x.method().returnType()).isEqualTo("ShowPriceData");
        assertThat(x.method().body()).endsWith("return new ShowPriceData(name, price);");
        assertThat(x.transferObjects()).containsExactly(new FacadeDesign.TransferObject("ShowPriceData",
                List.of(new FacadeDesign.Parameter("String", "name"), new FacadeDesign.Parameter("float", "price")), Set.of()));
        assertThat(flat(rewritten(client, x))).contains(flat("""
                            ShowPriceData page = FACADE.showPrice(id, name, price);
                            name = page.getName();
                            price = page.getPrice();
                        } catch (NamingException e) {"""));
    }

    @Test
    void aReturnThatEndsTheMovedCodeReturnsTheFacadesValue() {
        // Before: declined, "the moved code returns from the method".
        String client = HEADER + """
                public class ShowPrice extends HttpServlet {
                    String nameOf(Integer id) {
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            return home.findByPrimaryKey(id).getName();
                        } catch (NamingException e) {
                            return null;
                        } catch (FinderException e) {
                            return "?";
                        } catch (java.rmi.RemoteException e) {
                            return null;
                        }
                    }
                }
                """;
        UseCaseExtraction.Extracted x = extracted(client, 17, 18, 19);
        assertThat(x.method().returnType()).isEqualTo("String");
        assertThat(x.method().body()).endsWith("return home.findByPrimaryKey(id).getName();");
        assertThat(flat(rewritten(client, x))).contains(flat("""
                        try {
                            return FACADE.showPrice(id);
                        } catch (NamingException e) {"""));
    }

    @Test
    void aReturnBeforeTheEndOfTheMovedCodeIsDeclinedWithItsLine() {
        String client = HEADER + """
                public class ShowPrice extends HttpServlet {
                    String nameOf(Integer id) {
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            if (item.getPrice() == 0) return "free";
                            return item.getName();
                        } catch (Exception e) {
                            return null;
                        }
                    }
                }
                """;
        UseCaseExtraction.Result r = extract(client, 17, 18, 19, 20, 21);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).isEqualTo("the moved code returns from the method before its last statement: "
                + "the façade can only hand back a value at its end (shop/web/ShowPrice.java:20)");
    }

    /** Each line without its indentation: the rewrite keeps the client's, which the text blocks here do not show. */
    private static String flat(String text) {
        return String.join("\n", text.lines().map(String::strip).toList());
    }

    /** The client as the extraction rewrites it, the façade expression written FACADE. */
    private static String rewritten(String client, UseCaseExtraction.Extracted x) {
        UseCaseExtraction.ClientRewrite rw = x.client();
        return new FileChange.Edit("c", List.of(new TextEdit("c", rw.start(), rw.end(), rw.replacement("FACADE")))).applyTo(client);
    }

    private UseCaseExtraction.Extracted extracted(String client, Integer... lines) {
        UseCaseExtraction.Result r = extract(client, lines);
        assertThat(r).as(r.toString()).isInstanceOf(UseCaseExtraction.Extracted.class);
        return (UseCaseExtraction.Extracted) r;
    }

    private UseCaseExtraction.Result extract(String client, Integer... lines) {
        JavaSource src = JavaSource.parse(new SourceText("shop/web/ShowPrice.java", client, StandardCharsets.UTF_8, false)).orElseThrow();
        MethodDeclaration m = src.unit().findAll(MethodDeclaration.class).get(0);
        return UseCaseExtraction.extract(src, m, new TreeSet<>(Set.of(lines)), types,
                new UseCaseExtraction.Names("shop.facade", "showPrice", "ShowPriceData"), true);
    }
}
