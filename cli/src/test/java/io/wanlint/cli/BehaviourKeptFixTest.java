package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.compile;
import static io.wanlint.cli.AppCopy.git;
import static io.wanlint.cli.AppCopy.patchFiles;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.cli.AppCopy.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21.6 and 21.8 through the real CLI, on an application written here: a servlet that assigns
 * a local declared before the moved code and catches the entity's application exception by its type
 * (and everything else as {@code Exception}). Session 6 declined it ("the moved code assigns
 * `price`, declared before it"); now the façade hands the value back, declares the application
 * exception and the naming and finder exceptions (the client caught them as {@code Exception}),
 * {@code fix}'s own compile check verifies the patch, and the applied patch compiles.
 */
class BehaviourKeptFixTest {
    @TempDir Path temp;

    private static void write(Path app, String path, String text) throws IOException {
        Path p = app.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    @Test
    void aServletAssigningALocalAndCatchingAnApplicationExceptionGetsAVerifiedFacadeThatKeepsTheExceptions() throws Exception {
        Path app = temp.resolve("shop");
        write(app, "src/shop/beans/Item.java", """
                package shop.beans;

                import java.rmi.RemoteException;
                import javax.ejb.EJBObject;

                public interface Item extends EJBObject {
                    String getName() throws RemoteException;
                    float getPrice() throws RemoteException, UnknownPriceException;
                }
                """);
        write(app, "src/shop/beans/UnknownPriceException.java", """
                package shop.beans;

                public class UnknownPriceException extends Exception {
                    public UnknownPriceException(String m) { super(m); }
                }
                """);
        write(app, "src/shop/beans/ItemHome.java", """
                package shop.beans;

                import java.rmi.RemoteException;
                import javax.ejb.EJBHome;
                import javax.ejb.FinderException;

                public interface ItemHome extends EJBHome {
                    Item findByPrimaryKey(Integer id) throws FinderException, RemoteException;
                }
                """);
        write(app, "src/shop/beans/ItemBean.java", """
                package shop.beans;

                import javax.ejb.EntityBean;
                import javax.ejb.EntityContext;

                public class ItemBean implements EntityBean {
                    private Integer id;
                    private String name;
                    private float price;
                    public Integer ejbFindByPrimaryKey(Integer id) { return id; }
                    public String getName() { return name; }
                    public float getPrice() throws UnknownPriceException { if (price < 0) throw new UnknownPriceException("no price"); return price; }
                    public void setEntityContext(EntityContext c) {}
                    public void unsetEntityContext() {}
                    public void ejbLoad() {}
                    public void ejbStore() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                    public void ejbRemove() {}
                }
                """);
        write(app, "src/shop/web/ShowItem.java", """
                package shop.web;

                import java.io.IOException;
                import java.io.PrintWriter;
                import javax.naming.InitialContext;
                import javax.rmi.PortableRemoteObject;
                import javax.servlet.http.HttpServlet;
                import javax.servlet.http.HttpServletRequest;
                import javax.servlet.http.HttpServletResponse;
                import shop.beans.Item;
                import shop.beans.ItemHome;
                import shop.beans.UnknownPriceException;

                public class ShowItem extends HttpServlet {
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                        Integer id = Integer.valueOf(request.getParameter("id"));
                        float price = 0;
                        try {
                            InitialContext ic = new InitialContext();
                            ItemHome home = (ItemHome) PortableRemoteObject.narrow(ic.lookup("java:comp/env/ejb/Item"), ItemHome.class);
                            Item item = home.findByPrimaryKey(id);
                            price = item.getPrice();
                            String name = item.getName();
                            PrintWriter out = response.getWriter();
                            out.println(name);
                        } catch (UnknownPriceException e) {
                            response.sendError(404, e.getMessage());
                        } catch (Exception e) {
                            response.sendError(500);
                        }
                        response.getWriter().println(price);
                    }
                }
                """);
        write(app, "WEB-INF/web.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN" "http://java.sun.com/dtd/web-app_2_3.dtd">
                <web-app>
                  <servlet><servlet-name>ShowItem</servlet-name><servlet-class>shop.web.ShowItem</servlet-class></servlet>
                  <servlet-mapping><servlet-name>ShowItem</servlet-name><url-pattern>/item</url-pattern></servlet-mapping>
                  <ejb-ref>
                    <ejb-ref-name>ejb/Item</ejb-ref-name>
                    <ejb-ref-type>Entity</ejb-ref-type>
                    <home>shop.beans.ItemHome</home>
                    <remote>shop.beans.Item</remote>
                    <ejb-link>Item</ejb-link>
                  </ejb-ref>
                </web-app>
                """);
        write(app, "META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>Item</ejb-name>
                      <home>shop.beans.ItemHome</home>
                      <remote>shop.beans.Item</remote>
                      <ejb-class>shop.beans.ItemBean</ejb-class>
                      <persistence-type>Bean</persistence-type>
                      <prim-key-class>java.lang.Integer</prim-key-class>
                      <reentrant>False</reentrant>
                    </entity>
                  </enterprise-beans>
                </ejb-jar>
                """);
        commit(app);
        Path patches = temp.resolve("patches");
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--out", patches.toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).contains("patch     WAN001 shop.web.ShowItem").doesNotContain("unverified");
        List<Path> files = patchFiles(patches);
        assertThat(files).hasSize(1);
        String diff = Files.readString(files.get(0));
        assertThat(diff).contains("+    ShowItemData showItem(Integer id, float price) throws RemoteException, UnknownPriceException, "
                        + "NamingException, FinderException;\n")
                .contains("+            ShowItemData page = showItemFacade().showItem(id, price);\n")
                .contains("+            price = page.getPrice();\n")
                // the client's catch clauses stay as they were, around the façade call
                .doesNotContain("-        } catch (UnknownPriceException e) {");
        git(app, "apply", files.get(0).toString());
        compile(app, StandardCharsets.UTF_8, List.of("javaee-api", "jboss-rmi-api"));
    }
}
