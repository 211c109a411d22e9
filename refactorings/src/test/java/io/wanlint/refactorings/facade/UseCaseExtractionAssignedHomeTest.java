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

/** The idiom of a home looked up into a variable declared before the try block: {@code ItemHome home = null; try { home = ... }}. */
class UseCaseExtractionAssignedHomeTest {
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

    private final AppTypes types = new AppTypes(q -> Optional.ofNullable(Map.of("shop.beans.Item", ITEM,
            "shop.beans.ItemHome", ITEM_HOME, "shop.util.JndiNames", NAMES).get(q))
            .flatMap(t -> JavaSource.parse(new SourceText(q.replace('.', '/') + ".java", t, java.nio.charset.StandardCharsets.UTF_8, false))));

    private static final String SHOW_ITEM = HEADER + """
            public class ShowItem extends HttpServlet {
                public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                    Integer id = Integer.valueOf(request.getParameter("id"));
                    ItemHome home = null;
                    try {
                        InitialContext ic = new InitialContext();
                        home = (ItemHome) PortableRemoteObject.narrow(ic.lookup(JndiNames.ITEM), ItemHome.class);
                        Item item = home.findByPrimaryKey(id);
                        String name = item.getName();
                        PrintWriter out = response.getWriter();
                        out.println(name + ": " + item.getPrice());
                    } catch (FinderException e) {
                        response.sendError(404);
                    } catch (NamingException e) {
                        throw new IOException(e.getMessage());
                    }
                %s}
            }
            """;

    @Test
    void aHomeVariableDeclaredBeforeTheTryAndUsedOnlyByTheMovedCodeIsDeclaredInTheFacade() {
        String client = SHOW_ITEM.formatted("");
        UseCaseExtraction.Result r = extract(client, "doGet", 24, 25, 26, 28);
        assertThat(r).as(r.toString()).isInstanceOf(UseCaseExtraction.Extracted.class);
        UseCaseExtraction.Extracted x = (UseCaseExtraction.Extracted) r;
        assertThat(x.method().parameters()).containsExactly(new FacadeDesign.Parameter("Integer", "id"));
        assertThat(x.method().body()).isEqualTo("""
                ItemHome home = null;
                InitialContext ic = new InitialContext();
                home = (ItemHome) PortableRemoteObject.narrow(ic.lookup(JndiNames.ITEM), ItemHome.class);
                Item item = home.findByPrimaryKey(id);
                String name = item.getName();
                float price = item.getPrice();
                return new ShowItemData(name, price);""");
        assertThat(x.method().imports()).contains("shop.beans.ItemHome");
    }

    @Test
    void aHomeVariableTheClientStillReadsAfterTheMovedCodeIsDeclined() {
        String client = SHOW_ITEM.formatted("    if (home == null) response.sendError(500);\n    ");
        UseCaseExtraction.Result r = extract(client, "doGet", 24, 25, 26, 28);
        assertThat(r).isInstanceOf(UseCaseExtraction.Refused.class);
        assertThat(((UseCaseExtraction.Refused) r).why()).startsWith("the moved code assigns `home` (ItemHome), which cannot be sent back from a session bean");
    }

    private UseCaseExtraction.Result extract(String client, String method, Integer... lines) {
        JavaSource src = JavaSource.parse(new SourceText("shop/web/ShowItem.java", client, java.nio.charset.StandardCharsets.UTF_8, false)).orElseThrow();
        MethodDeclaration m = src.unit().findAll(MethodDeclaration.class).stream()
                .filter(d -> d.getNameAsString().equals(method)).findFirst().orElseThrow();
        return UseCaseExtraction.extract(src, m, new TreeSet<>(Set.of(lines)), types,
                new UseCaseExtraction.Names("shop.facade", "showItem", "ShowItemData"), true);
    }
}
