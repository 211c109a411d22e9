package io.wanlint.refactorings.facade;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import io.wanlint.refactorings.facade.FacadeDesign.Parameter;
import io.wanlint.refactorings.facade.FacadeDesign.TransferObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The façade's files and descriptor entries, planned against a real analysis of small applications. */
class FacadeScaffoldTest {
    @TempDir Path app;

    private static final String EJB_JAR = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
            <!-- the shop's beans -->
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>Book</ejb-name>
                  <home>a.BookHome</home>
                  <remote>a.Book</remote>
                  <ejb-class>a.BookBean</ejb-class>
                  <persistence-type>Container</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                  <cmp-version>2.x</cmp-version>
                  <cmp-field><field-name>isbn</field-name></cmp-field>
                  <primkey-field>isbn</primkey-field>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """;

    private static final String WEB_XML = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN" "http://java.sun.com/dtd/web-app_2_3.dtd">
            <web-app>
              <servlet>
                <servlet-name>Show</servlet-name>
                <servlet-class>a.web.ShowServlet</servlet-class>
              </servlet>
              <resource-ref>
                <res-ref-name>jdbc/Shop</res-ref-name>
                <res-type>javax.sql.DataSource</res-type>
                <res-auth>Container</res-auth>
              </resource-ref>
              <ejb-ref>
                <ejb-ref-name>ejb/Book</ejb-ref-name>
                <ejb-ref-type>Entity</ejb-ref-type>
                <home>a.BookHome</home>
                <remote>a.Book</remote>
                <ejb-link>Book</ejb-link>
              </ejb-ref>
            </web-app>
            """;

    private static final String SERVLET = """
            package a.web;

            import a.Book;
            import a.BookHome;
            import javax.naming.InitialContext;
            import javax.servlet.http.*;

            public class ShowServlet extends HttpServlet {
                protected void doGet(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
                    try {
                        BookHome home = (BookHome) new InitialContext().lookup("java:comp/env/ejb/Book");
                        Book b = home.findByPrimaryKey(request.getParameter("isbn"));
                        response.getWriter().println(b.getTitle());
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }
            }
            """;

    private void writeEjb2App(String eol) throws IOException {
        write("src/a/Book.java", "package a; public interface Book extends javax.ejb.EJBObject { String getTitle() throws java.rmi.RemoteException; }");
        write("src/a/BookHome.java", """
                package a;
                public interface BookHome extends javax.ejb.EJBHome {
                    Book findByPrimaryKey(String isbn) throws javax.ejb.FinderException, java.rmi.RemoteException;
                }
                """);
        write("src/a/BookBean.java", """
                package a;
                public abstract class BookBean implements javax.ejb.EntityBean {
                    public abstract String getIsbn();
                    public abstract String getTitle();
                }
                """);
        write("src/a/web/ShowServlet.java", SERVLET);
        write("META-INF/ejb-jar.xml", EJB_JAR.replace("\n", eol));
        write("WEB-INF/web.xml", WEB_XML.replace("\n", eol));
        write("META-INF/jboss.xml", """
                <?xml version="1.0"?>
                <jboss>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>Book</ejb-name>
                      <jndi-name>shop/Book</jndi-name>
                    </entity>
                  </enterprise-beans>
                </jboss>
                """);
    }

    private static FacadeDesign design(Optional<String> dao) {
        FacadeMethod show = new FacadeMethod("getBook", "BookData", List.of(new Parameter("String", "isbn")), List.of("FinderException"),
                """
                BookHome home = (BookHome) new InitialContext().lookup("java:comp/env/ejb/Book");
                Book b = home.findByPrimaryKey(isbn);
                return new BookData(isbn, b.getTitle());
                """, Set.of("javax.ejb.FinderException"));
        return new FacadeDesign("a.facade", "ShowFacade", "src", List.of(show),
                List.of(new TransferObject("BookData", List.of(new Parameter("String", "isbn"), new Parameter("String", "title")), Set.of())),
                List.of(), Set.of("ejb/Book", "jdbc/Shop"), dao);
    }

    private FacadeScaffold.Result plan(FacadeDesign design) {
        return FacadeScaffold.plan(design, "a.web.ShowServlet", "src/a/web/ShowServlet.java", TextApp.analysed(app));
    }

    private static Scaffold planned(FacadeScaffold.Result r) {
        assertThat(r).isInstanceOf(FacadeScaffold.Result.Planned.class);
        return ((FacadeScaffold.Result.Planned) r).scaffold();
    }

    private String applied(Scaffold s, String file) throws IOException {
        String text = Files.readString(app.resolve(file), StandardCharsets.ISO_8859_1);
        return s.changes().stream().filter(c -> c.file().equals(file)).map(c -> ((FileChange.Edit) c).applyTo(text)).findFirst().orElseThrow();
    }

    private static Map<String, FileChange> byFile(Scaffold s) {
        return s.changes().stream().collect(Collectors.toMap(FileChange::file, Function.identity()));
    }

    @Test
    void ejb2AppGetsRemoteHomeBeanAndTransferObjectClasses() throws IOException {
        writeEjb2App("\n");
        Scaffold s = planned(plan(design(Optional.empty())));
        Map<String, FileChange> files = byFile(s);
        assertThat(files).containsKeys("src/a/facade/ShowFacade.java", "src/a/facade/ShowFacadeHome.java",
                "src/a/facade/ShowFacadeBean.java", "src/a/facade/BookData.java");
        assertThat(((FileChange.Create) files.get("src/a/facade/ShowFacade.java")).text())
                .contains("public interface ShowFacade extends EJBObject {")
                .contains("    BookData getBook(String isbn) throws RemoteException, FinderException;")
                .contains("import javax.ejb.FinderException;").contains("import java.rmi.RemoteException;");
        assertThat(((FileChange.Create) files.get("src/a/facade/ShowFacadeHome.java")).text())
                .contains("ShowFacade create() throws CreateException, RemoteException;");
        String bean = ((FileChange.Create) files.get("src/a/facade/ShowFacadeBean.java")).text();
        assertThat(bean).contains("public class ShowFacadeBean implements SessionBean {")
                .contains("    public BookData getBook(String isbn) throws FinderException {\n"
                        + "        BookHome home = (BookHome) new InitialContext().lookup(\"java:comp/env/ejb/Book\");\n")
                .contains("import a.Book;\n").contains("import a.BookHome;\n").contains("import javax.naming.InitialContext;\n")
                .doesNotContain("javax.servlet").doesNotContain("import a.facade");
        assertThat(((FileChange.Create) files.get("src/a/facade/BookData.java")).text())
                .contains("public class BookData implements Serializable {")
                .contains("    private final String title;")
                .contains("    public BookData(String isbn, String title) {")
                .contains("    public String getTitle() {\n        return title;\n    }");
        assertThat(s.access().facade()).isEqualTo("showFacade()");
        assertThat(s.access().callThrows()).containsExactly("java.rmi.RemoteException");
        assertThat(String.join("", s.access().members())).contains("if (showFacade == null) {")
                .contains("context.lookup(\"java:comp/env/ejb/ShowFacade\")").contains("showFacade = home.create();")
                .contains("throw new EJBException(e);");
    }

    @Test
    void ejbJarGetsTheSessionEntryWithCopiedRefsAndARequiredTransactionKeepingTheDoctype() throws IOException {
        writeEjb2App("\n");
        Scaffold s = planned(plan(design(Optional.empty())));
        String jar = applied(s, "META-INF/ejb-jar.xml");
        assertThat(jar).startsWith("""
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <!-- the shop's beans -->
                """);
        assertThat(jar).contains("""
                    </entity>
                    <session>
                      <ejb-name>ShowFacade</ejb-name>
                      <home>a.facade.ShowFacadeHome</home>
                      <remote>a.facade.ShowFacade</remote>
                      <ejb-class>a.facade.ShowFacadeBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                      <ejb-ref>
                        <ejb-ref-name>ejb/Book</ejb-ref-name>
                        <ejb-ref-type>Entity</ejb-ref-type>
                        <home>a.BookHome</home>
                        <remote>a.Book</remote>
                        <ejb-link>Book</ejb-link>
                      </ejb-ref>
                      <resource-ref>
                        <res-ref-name>jdbc/Shop</res-ref-name>
                        <res-type>javax.sql.DataSource</res-type>
                        <res-auth>Container</res-auth>
                      </resource-ref>
                    </session>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method>
                        <ejb-name>ShowFacade</ejb-name>
                        <method-name>*</method-name>
                      </method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """);
    }

    @Test
    void webDescriptorGetsTheEjbRefAfterItsOtherEjbRefsAndVendorBindingFollowsTheConvention() throws IOException {
        writeEjb2App("\n");
        Scaffold s = planned(plan(design(Optional.empty())));
        assertThat(applied(s, "WEB-INF/web.xml")).contains("""
                    <ejb-link>Book</ejb-link>
                  </ejb-ref>
                  <ejb-ref>
                    <ejb-ref-name>ejb/ShowFacade</ejb-ref-name>
                    <ejb-ref-type>Session</ejb-ref-type>
                    <home>a.facade.ShowFacadeHome</home>
                    <remote>a.facade.ShowFacade</remote>
                    <ejb-link>ShowFacade</ejb-link>
                  </ejb-ref>
                </web-app>
                """);
        assertThat(applied(s, "META-INF/jboss.xml")).contains("""
                    </entity>
                    <session>
                      <ejb-name>ShowFacade</ejb-name>
                      <jndi-name>shop/ShowFacade</jndi-name>
                    </session>
                  </enterprise-beans>
                """);
    }

    @Test
    void crlfDescriptorsGetCrlfEntries() throws IOException {
        writeEjb2App("\r\n");
        Scaffold s = planned(plan(design(Optional.empty())));
        String jar = applied(s, "META-INF/ejb-jar.xml");
        String web = applied(s, "WEB-INF/web.xml");
        assertThat(jar.replace("\r\n", "")).doesNotContain("\n");
        assertThat(web.replace("\r\n", "")).doesNotContain("\n");
        assertThat(jar).contains("<session>\r\n      <ejb-name>ShowFacade</ejb-name>\r\n");
    }

    @Test
    void assemblyDescriptorKeepsExistingTransactionsAndGetsTheNewOneBeforeExcludeList() throws IOException {
        writeEjb2App("\n");
        String withAssembly = EJB_JAR.replace("</ejb-jar>", """
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>Book</ejb-name><method-name>*</method-name></method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                    <exclude-list>
                      <method><ejb-name>Book</ejb-name><method-name>remove</method-name></method>
                    </exclude-list>
                  </assembly-descriptor>
                </ejb-jar>""");
        write("META-INF/ejb-jar.xml", withAssembly);
        String jar = applied(planned(plan(design(Optional.empty()))), "META-INF/ejb-jar.xml");
        assertThat(jar).containsOnlyOnce("<assembly-descriptor>").contains("""
                    </container-transaction>
                    <container-transaction>
                      <method>
                        <ejb-name>ShowFacade</ejb-name>
                        <method-name>*</method-name>
                      </method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                    <exclude-list>
                """);
    }

    @Test
    void withADaoTheBodiesGoIntoThePlainClassAndTheBeanDelegates() throws IOException {
        writeEjb2App("\n");
        Map<String, FileChange> files = byFile(planned(plan(design(Optional.of("ShowDao")))));
        assertThat(((FileChange.Create) files.get("src/a/facade/ShowDao.java")).text())
                .contains("public class ShowDao {").contains("    public BookData getBook(String isbn) throws FinderException {\n"
                        + "        BookHome home");
        assertThat(((FileChange.Create) files.get("src/a/facade/ShowFacadeBean.java")).text())
                .contains("        return new ShowDao().getBook(isbn);").doesNotContain("lookup(");
    }

    @Test
    void planningAFacadeTheApplicationAlreadyHasIsDeclined() throws IOException {
        writeEjb2App("\n");
        Scaffold s = planned(plan(design(Optional.empty())));
        for (FileChange c : s.changes()) {
            Path target = app.resolve(c.file());
            Files.createDirectories(target.getParent());
            if (c instanceof FileChange.Create create) Files.writeString(target, create.text());
            else Files.writeString(target, applied(s, c.file()), StandardCharsets.ISO_8859_1);
        }
        FacadeScaffold.Result again = plan(design(Optional.empty()));
        assertThat(again).isInstanceOfSatisfying(FacadeScaffold.Result.Declined.class,
                d -> assertThat(d.why()).contains("ShowFacade").contains("already"));
    }

    @Test
    void jakartaAppGetsStatelessBeanRemoteInterfaceAndInjectionInTheServlet() throws IOException {
        write("src/main/java/s/CatalogRemote.java", "package s; import jakarta.ejb.Remote; @Remote public interface CatalogRemote { int count(); }");
        write("src/main/java/s/CatalogBean.java", """
                package s;
                import jakarta.ejb.Stateless;
                @Stateless
                public class CatalogBean implements CatalogRemote { public int count() { return 0; } }
                """);
        write("src/main/java/s/web/ReportServlet.java", """
                package s.web;
                import jakarta.annotation.Resource;
                import jakarta.servlet.annotation.WebServlet;
                import jakarta.servlet.http.*;
                import javax.sql.DataSource;
                @WebServlet("/report")
                public class ReportServlet extends HttpServlet {
                    @Resource(name = "jdbc/shop") private DataSource ds;
                }
                """);
        FacadeMethod m = new FacadeMethod("countOrders", "int", List.of(), List.of("java.sql.SQLException"), """
                try (java.sql.Connection c = ds.getConnection()) {
                    return 1;
                }
                """, Set.of());
        FacadeDesign d = new FacadeDesign("s.facade", "ReportFacade", "src/main/java", List.of(m), List.of(),
                List.of("@Resource(name = \"jdbc/shop\") private DataSource ds;"), Set.of(), Optional.of("ReportDao"));
        Scaffold s = planned(FacadeScaffold.plan(d, "s.web.ReportServlet", "src/main/java/s/web/ReportServlet.java", TextApp.analysed(app)));
        Map<String, FileChange> files = byFile(s);
        assertThat(files).containsOnlyKeys("src/main/java/s/facade/ReportFacade.java", "src/main/java/s/facade/ReportFacadeBean.java",
                "src/main/java/s/facade/ReportDao.java");
        assertThat(((FileChange.Create) files.get("src/main/java/s/facade/ReportFacade.java")).text())
                .contains("import jakarta.ejb.Remote;").contains("@Remote\npublic interface ReportFacade {")
                .contains("    int countOrders() throws java.sql.SQLException;");
        assertThat(((FileChange.Create) files.get("src/main/java/s/facade/ReportFacadeBean.java")).text())
                .contains("import jakarta.ejb.Stateless;").contains("import jakarta.annotation.Resource;").contains("import javax.sql.DataSource;")
                .contains("@Stateless\npublic class ReportFacadeBean implements ReportFacade {")
                .contains("    @Resource(name = \"jdbc/shop\") private DataSource ds;")
                .contains("        return new ReportDao(ds).countOrders();");
        assertThat(((FileChange.Create) files.get("src/main/java/s/facade/ReportDao.java")).text())
                .contains("    private final DataSource ds;").contains("    public ReportDao(DataSource ds) {")
                .doesNotContain("@Resource");
        assertThat(s.access().members()).containsExactly("@EJB\nprivate ReportFacade reportFacade;\n");
        assertThat(s.access().imports()).contains("jakarta.ejb.EJB", "s.facade.ReportFacade");
        assertThat(s.access().callThrows()).isEmpty();
    }

    @Test
    void aStatefulBeanClientGetsTheEjbRefInItsOwnEntry() throws IOException {
        writeEjb2App("\n");
        write("src/a/Cart.java", "package a; public interface Cart extends javax.ejb.EJBObject { int size() throws java.rmi.RemoteException; }");
        write("src/a/CartHome.java", "package a; public interface CartHome extends javax.ejb.EJBHome { Cart create() throws javax.ejb.CreateException, java.rmi.RemoteException; }");
        write("src/a/CartBean.java", """
                package a;
                public class CartBean implements javax.ejb.SessionBean {
                    public void ejbCreate() {}
                    public int size() { return 0; }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """);
        String cart = String.join("\n", "    <session>", "      <ejb-name>Cart</ejb-name>", "      <home>a.CartHome</home>",
                "      <remote>a.Cart</remote>", "      <ejb-class>a.CartBean</ejb-class>", "      <session-type>Stateful</session-type>",
                "      <transaction-type>Container</transaction-type>", "      <resource-ref>",
                "        <res-ref-name>jdbc/Shop</res-ref-name>", "        <res-type>javax.sql.DataSource</res-type>",
                "        <res-auth>Container</res-auth>", "      </resource-ref>", "    </session>", "  </enterprise-beans>");
        write("META-INF/ejb-jar.xml", EJB_JAR.replace("  </enterprise-beans>", cart));
        Scaffold s = planned(FacadeScaffold.plan(design(Optional.empty()), "a.CartBean", "src/a/CartBean.java", TextApp.analysed(app)));
        assertThat(s.changes()).noneMatch(c -> c.file().equals("WEB-INF/web.xml"));
        assertThat(applied(s, "META-INF/ejb-jar.xml")).contains("""
                      <transaction-type>Container</transaction-type>
                      <ejb-ref>
                        <ejb-ref-name>ejb/ShowFacade</ejb-ref-name>
                        <ejb-ref-type>Session</ejb-ref-type>
                        <home>a.facade.ShowFacadeHome</home>
                        <remote>a.facade.ShowFacade</remote>
                        <ejb-link>ShowFacade</ejb-link>
                      </ejb-ref>
                      <resource-ref>
                        <res-ref-name>jdbc/Shop</res-ref-name>
                """).contains("""
                      <ejb-name>ShowFacade</ejb-name>
                      <home>a.facade.ShowFacadeHome</home>
                      <remote>a.facade.ShowFacade</remote>
                      <ejb-class>a.facade.ShowFacadeBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                      <resource-ref>
                        <res-ref-name>jdbc/Shop</res-ref-name>
                """);
    }

    @Test
    void anUnmanagedJakartaClientLooksTheFacadeUpOnceByItsPortableName() throws IOException {
        write("src/main/java/s/CatalogRemote.java", "package s; import jakarta.ejb.Remote; @Remote public interface CatalogRemote { int count(); }");
        write("src/main/java/s/CatalogBean.java", "package s;\nimport jakarta.ejb.Stateless;\n@Stateless\npublic class CatalogBean implements CatalogRemote { public int count() { return 0; } }\n");
        write("src/main/java/s/web/Helper.java", "package s.web;\nimport jakarta.servlet.http.HttpServletRequest;\npublic class Helper { }\n");
        FacadeMethod m = new FacadeMethod("ping", "int", List.of(), List.of(), "return 1;\n", Set.of());
        FacadeDesign d = new FacadeDesign("s.facade", "PingFacade", "src/main/java", List.of(m), List.of(), List.of(), Set.of(), Optional.empty());
        Scaffold s = planned(FacadeScaffold.plan(d, "s.web.Helper", "src/main/java/s/web/Helper.java", TextApp.analysed(app)));
        assertThat(s.access().facade()).isEqualTo("pingFacade()");
        assertThat(String.join("", s.access().members())).contains("private transient PingFacade pingFacade;")
                .contains("if (pingFacade == null) {")
                .contains("pingFacade = (PingFacade) new InitialContext().lookup(\"java:module/PingFacadeBean!s.facade.PingFacade\");");
        assertThat(s.access().imports()).contains("jakarta.ejb.EJBException", "javax.naming.InitialContext");
    }

    @Test
    void anAnnotatedAppWhoseEjbJarListsItsSessionBeansGetsTheFacadeListedToo() throws IOException {
        write("src/main/java/s/CatalogRemote.java", "package s; import javax.ejb.Remote; @Remote public interface CatalogRemote { int count(); }");
        write("src/main/java/s/CatalogBean.java", "package s;\nimport javax.ejb.Stateless;\n@Stateless\npublic class CatalogBean implements CatalogRemote { public int count() { return 0; } }\n");
        write("src/main/java/s/web/Helper.java", "package s.web;\nimport javax.naming.InitialContext;\npublic class Helper { }\n");
        write("src/main/resources/META-INF/ejb-jar.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <ejb-jar xmlns="http://xmlns.jcp.org/xml/ns/javaee" version="3.2" metadata-complete="true">
                  <enterprise-beans>
                    <session>
                      <ejb-name>CatalogBean</ejb-name>
                      <business-remote>s.CatalogRemote</business-remote>
                      <ejb-class>s.CatalogBean</ejb-class>
                      <session-type>Stateless</session-type>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """);
        FacadeMethod m = new FacadeMethod("ping", "int", List.of(), List.of(), "return 1;\n", Set.of());
        FacadeDesign d = new FacadeDesign("s.facade", "PingFacade", "src/main/java", List.of(m), List.of(), List.of(), Set.of(), Optional.empty());
        Scaffold s = planned(FacadeScaffold.plan(d, "s.web.Helper", "src/main/java/s/web/Helper.java", TextApp.analysed(app)));
        assertThat(byFile(s).get("src/main/java/s/facade/PingFacadeBean.java")).isInstanceOfSatisfying(FileChange.Create.class,
                c -> assertThat(c.text()).contains("import javax.ejb.Stateless;").contains("@Stateless\npublic class PingFacadeBean implements PingFacade {"));
        assertThat(applied(s, "src/main/resources/META-INF/ejb-jar.xml")).contains("""
                    </session>
                    <session>
                      <ejb-name>PingFacadeBean</ejb-name>
                      <business-remote>s.facade.PingFacade</business-remote>
                      <ejb-class>s.facade.PingFacadeBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                """);
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.ISO_8859_1);
    }
}
