package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-mostly twin planned against a real analysis: descriptor edits before/after, readers, declines. */
class IntroduceReadMostlyTwinTest {
    private static final String EJB_JAR = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
                "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
            <!-- Caf\u00e9 catalogue -->
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
                  <abstract-schema-name>Book</abstract-schema-name>
                  <cmp-field><field-name>isbn</field-name></cmp-field>
                  <cmp-field><field-name>title</field-name></cmp-field>
                  <primkey-field>isbn</primkey-field>
                  <query>
                    <query-method>
                      <method-name>findByTitle</method-name>
                      <method-params><method-param>java.lang.String</method-param></method-params>
                    </query-method>
                    <ejb-ql>SELECT OBJECT(b) FROM Book AS b WHERE b.title = ?1</ejb-ql>
                  </query>
                </entity>
              </enterprise-beans>
              <assembly-descriptor>
                <container-transaction>
                  <!-- every method -->
                  <method><ejb-name>Book</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>Required</trans-attribute>
                </container-transaction>
                <container-transaction>
                  <method><ejb-name>Book</ejb-name><method-name>setTitle</method-name></method>
                  <trans-attribute>RequiresNew</trans-attribute>
                </container-transaction>
              </assembly-descriptor>
            </ejb-jar>
            """;
    private static final String JBOSS = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 3.2//EN" "http://www.jboss.org/j2ee/dtd/jboss_3_2.dtd">
            <jboss>
              <enterprise-beans>
                <!-- the catalogue -->
                <entity>
                  <ejb-name>Book</ejb-name>
                  <jndi-name>BookHome</jndi-name>
                </entity>
              </enterprise-beans>
            </jboss>
            """;
    private static final String WEB = """
            <?xml version="1.0"?>
            <web-app>
              <servlet><servlet-name>Show</servlet-name><servlet-class>w.Show</servlet-class></servlet>
              <servlet><servlet-name>Rename</servlet-name><servlet-class>w.Rename</servlet-class></servlet>
              <servlet-mapping><servlet-name>Show</servlet-name><url-pattern>/Show</url-pattern></servlet-mapping>
              <servlet-mapping><servlet-name>Rename</servlet-name><url-pattern>/Rename</url-pattern></servlet-mapping>
              <ejb-ref>
                <ejb-ref-name>ejb/Book</ejb-ref-name>
                <ejb-ref-type>Entity</ejb-ref-type>
                <home>a.BookHome</home>
                <remote>a.Book</remote>
                <ejb-link>Book</ejb-link>
              </ejb-ref>
            </web-app>
            """;
    private static final String SHOW = """
            package w;

            import a.Book;
            import a.BookHome;
            import javax.naming.InitialContext;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.http.*;

            public class Show extends HttpServlet {
                public void doGet(HttpServletRequest req, HttpServletResponse res) {
                    try {
                        Object ref = new InitialContext().lookup("java:comp/env/ejb/Book");
                        BookHome home = (BookHome) PortableRemoteObject.narrow(ref, BookHome.class);
                        Book book = home.findByPrimaryKey(req.getParameter("isbn"));
                        res.getWriter().println(book.getTitle());
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }
            }
            """;
    private static final String RENAME = """
            package w;

            import a.Book;
            import a.BookHome;
            import javax.naming.InitialContext;
            import javax.rmi.PortableRemoteObject;
            import javax.servlet.http.*;

            public class Rename extends HttpServlet {
                public void doPost(HttpServletRequest req, HttpServletResponse res) {
                    try {
                        Object ref = new InitialContext().lookup("java:comp/env/ejb/Book");
                        BookHome home = (BookHome) PortableRemoteObject.narrow(ref, BookHome.class);
                        Book book = home.findByPrimaryKey(req.getParameter("isbn"));
                        book.setTitle(req.getParameter("title"));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }
            }
            """;

    @TempDir Path app;

    @BeforeEach
    void writeApp() throws IOException {
        write("src/a/BookBean.java", """
                package a;
                import javax.ejb.*;
                public abstract class BookBean implements EntityBean {
                    public abstract String getIsbn();
                    public abstract void setIsbn(String isbn);
                    public abstract String getTitle();
                    public abstract void setTitle(String title);
                }
                """);
        write("src/a/Book.java", """
                package a;

                import java.rmi.RemoteException;
                import javax.ejb.EJBObject;

                /** The book. */
                public interface Book extends EJBObject {
                    String getIsbn() throws RemoteException;
                    String getTitle() throws RemoteException;
                    void setTitle(String title) throws RemoteException;
                }
                """);
        write("src/a/BookHome.java", """
                package a;

                import java.rmi.RemoteException;
                import java.util.Collection;
                import javax.ejb.CreateException;
                import javax.ejb.EJBHome;
                import javax.ejb.FinderException;

                public interface BookHome extends EJBHome {
                    Book create(String isbn) throws CreateException, RemoteException;
                    Book findByPrimaryKey(String isbn) throws FinderException, RemoteException;
                    Collection findByTitle(String title) throws FinderException, RemoteException;
                }
                """);
        write("src/w/Show.java", SHOW);
        write("src/w/Rename.java", RENAME);
        TextApp.write(app, "META-INF/ejb-jar.xml", EJB_JAR, StandardCharsets.ISO_8859_1);
        TextApp.write(app, "META-INF/jboss.xml", JBOSS, StandardCharsets.ISO_8859_1);
        write("WEB-INF/web.xml", WEB);
    }

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }

    private PlanOutcome plan() {
        Finding finding = new Finding("WAN005", Severity.NOTE, "entity Book is read-mostly",
                new FindingLocation("src/a/BookBean.java", 3, "a.BookBean", null), List.of("/Show", "/Rename"), List.of(),
                RoundTrips.of(7), RoundTrips.of(5), new FindingSubject.Entity("Book"));
        return new IntroduceReadMostlyTwin().plan(finding, TextApp.analysed(app));
    }

    private String after(Patch patch, String path, java.nio.charset.Charset charset) throws IOException {
        String text = Files.readString(app.resolve(path), charset);
        for (FileChange c : patch.changes()) {
            if (c.file().equals(path) && c instanceof FileChange.Edit e) return e.applyTo(text);
        }
        return text;
    }

    private static String created(Patch patch, String path) {
        return patch.changes().stream().filter(c -> c.file().equals(path)).map(c -> ((FileChange.Create) c).text())
                .findFirst().orElseThrow();
    }

    @Test
    void ejbJarGetsTheTwinRightAfterTheBeanAndItsTransactionsKeepingDoctypeCommentsAndEncoding() throws IOException {
        Patch patch = plan().patch().orElseThrow();
        String ejbJar = after(patch, "META-INF/ejb-jar.xml", StandardCharsets.ISO_8859_1);
        assertThat(ejbJar).startsWith(EJB_JAR.substring(0, EJB_JAR.indexOf("<ejb-jar>")))
                .contains("""
                            <ejb-ql>SELECT OBJECT(b) FROM Book AS b WHERE b.title = ?1</ejb-ql>
                          </query>
                        </entity>
                        <entity>
                          <ejb-name>BookReadOnly</ejb-name>
                          <home>a.BookReadOnlyHome</home>
                          <remote>a.BookReadOnly</remote>
                          <ejb-class>a.BookBean</ejb-class>
                    """)
                .contains("      <abstract-schema-name>BookReadOnly</abstract-schema-name>\n")
                .contains("<ejb-ql>SELECT OBJECT(b) FROM BookReadOnly AS b WHERE b.title = ?1</ejb-ql>")
                .contains("""
                          <!-- every method -->
                          <method><ejb-name>Book</ejb-name><method-name>*</method-name></method>
                          <method><ejb-name>BookReadOnly</ejb-name><method-name>*</method-name></method>
                          <trans-attribute>Required</trans-attribute>
                    """)
                // setTitle is not on the twin's interfaces: its transaction attribute stays the writer's.
                .doesNotContain("<method><ejb-name>BookReadOnly</ejb-name><method-name>setTitle</method-name></method>");
        String withoutTwin = ejbJar.replace(ejbJar.substring(ejbJar.indexOf("    <entity>\n      <ejb-name>BookReadOnly"),
                ejbJar.indexOf("</entity>", ejbJar.indexOf("<ejb-name>BookReadOnly")) + "</entity>\n".length()), "")
                .replace("      <method><ejb-name>BookReadOnly</ejb-name><method-name>*</method-name></method>\n", "");
        assertThat(withoutTwin.replace(INVALIDATION_REFS, "").replace(INVALIDATION_MDB, "").replace(INVALIDATION_TX, ""))
                .isEqualTo(EJB_JAR);
    }

    /** The writer's switch and topic references, before its queries (EJB 2.0 entity order). */
    private static final String INVALIDATION_REFS = """
                  <env-entry>
                    <env-entry-name>publishInvalidations</env-entry-name>
                    <env-entry-type>java.lang.Boolean</env-entry-type>
                    <env-entry-value>true</env-entry-value>
                  </env-entry>
                  <resource-ref>
                    <res-ref-name>jms/BookInvalidationFactory</res-ref-name>
                    <res-type>javax.jms.TopicConnectionFactory</res-type>
                    <res-auth>Container</res-auth>
                  </resource-ref>
                  <resource-env-ref>
                    <resource-env-ref-name>jms/BookInvalidation</resource-env-ref-name>
                    <resource-env-ref-type>javax.jms.Topic</resource-env-ref-type>
                  </resource-env-ref>
            """;
    private static final String INVALIDATION_MDB = """
                <message-driven>
                  <ejb-name>BookInvalidation</ejb-name>
                  <ejb-class>a.BookInvalidationBean</ejb-class>
                  <transaction-type>Container</transaction-type>
                  <message-driven-destination>
                    <destination-type>javax.jms.Topic</destination-type>
                  </message-driven-destination>
                </message-driven>
            """;
    private static final String INVALIDATION_TX = """
                <container-transaction>
                  <method>
                    <ejb-name>BookInvalidation</ejb-name>
                    <method-name>onMessage</method-name>
                  </method>
                  <trans-attribute>NotSupported</trans-attribute>
                </container-transaction>
            """;

    @Test
    void theWriterDeclaresTheSwitchAndTopicRefsAndTheInvalidationBeanListensOnTheTopicWithoutATransaction() throws IOException {
        Patch patch = plan().patch().orElseThrow();
        String ejbJar = after(patch, "META-INF/ejb-jar.xml", StandardCharsets.ISO_8859_1);
        assertThat(ejbJar)
                .contains("      <primkey-field>isbn</primkey-field>\n" + INVALIDATION_REFS + "      <query>\n")
                .contains("    </entity>\n" + INVALIDATION_MDB + "  </enterprise-beans>\n")
                .contains("      <trans-attribute>RequiresNew</trans-attribute>\n    </container-transaction>\n" + INVALIDATION_TX
                        + "  </assembly-descriptor>\n");
        // only the read-write bean publishes: the twin's copy has neither the switch nor the topic
        String twin = ejbJar.substring(ejbJar.indexOf("<ejb-name>BookReadOnly</ejb-name>"), ejbJar.indexOf("</entity>",
                ejbJar.indexOf("<ejb-name>BookReadOnly</ejb-name>")));
        assertThat(twin).doesNotContain("env-entry").doesNotContain("resource-ref");
    }

    @Test
    void anEjb21DescriptorGetsAnActivationConfigForTheTopic() throws IOException {
        Files.writeString(app.resolve("META-INF/ejb-jar.xml"), EJB_JAR
                .replace(EJB_JAR.substring(EJB_JAR.indexOf("<!DOCTYPE"), EJB_JAR.indexOf("<!-- Caf")), "")
                .replace("<ejb-jar>", "<ejb-jar xmlns=\"http://java.sun.com/xml/ns/j2ee\" version=\"2.1\">"), StandardCharsets.ISO_8859_1);
        String ejbJar = after(plan().patch().orElseThrow(), "META-INF/ejb-jar.xml", StandardCharsets.ISO_8859_1);
        assertThat(ejbJar).contains("""
                      <messaging-type>javax.jms.MessageListener</messaging-type>
                      <transaction-type>Container</transaction-type>
                      <activation-config>
                        <activation-config-property>
                          <activation-config-property-name>destinationType</activation-config-property-name>
                          <activation-config-property-value>javax.jms.Topic</activation-config-property-value>
                """).doesNotContain("message-driven-destination");
    }

    @Test
    void theBeanClassLooksUpTheTopicOnceAndPublishesItsKeyFromEjbStore() {
        Patch patch = plan().patch().orElseThrow();
        FileChange.Edit edit = patch.changes().stream().filter(c -> c.file().equals("src/a/BookBean.java"))
                .map(FileChange.Edit.class::cast).findFirst().orElseThrow();
        String bean = edit.applyTo("""
                package a;
                import javax.ejb.*;
                public abstract class BookBean implements EntityBean {
                    public abstract String getIsbn();
                    public abstract void setIsbn(String isbn);
                    public abstract String getTitle();
                    public abstract void setTitle(String title);
                }
                """);
        assertThat(bean).contains("import javax.jms.TopicPublisher;\n")
                .doesNotContain("import javax.ejb.EJBException;") // covered by javax.ejb.*
                .contains("""
                            public abstract void setTitle(String title);

                            private EntityContext entityContext;

                            /** Set only on the read-write deployment: the read-only twin shares this class and never stores. */
                            private boolean publishInvalidations;
                            private TopicConnectionFactory invalidationFactory;
                            private Topic invalidationTopic;

                            public void setEntityContext(EntityContext ctx) {
                                entityContext = ctx;
                                lookUpInvalidationTopic();
                            }

                            public void ejbStore() {
                                publishInvalidation();
                            }
                        """)
                .contains("publishInvalidations = ((Boolean) jndi.lookup(\"java:comp/env/publishInvalidations\")).booleanValue();")
                .contains("} catch (NameNotFoundException readOnlyTwin) {")
                .contains("invalidationTopic = (Topic) jndi.lookup(\"java:comp/env/jms/BookInvalidation\");")
                .contains("publisher.publish(session.createObjectMessage((java.io.Serializable) entityContext.getPrimaryKey()));")
                .contains("connection.close();")
                .endsWith("    }\n}\n");
    }

    @Test
    void anExistingOneLineSetEntityContextBecomesABlockThatKeepsItsAssignment() throws IOException {
        write("src/a/BookBean.java", """
                package a;
                import javax.ejb.*;
                public abstract class BookBean implements EntityBean {
                    private EntityContext ctx;
                    public abstract String getIsbn();
                    public abstract void setIsbn(String isbn);
                    public abstract String getTitle();
                    public abstract void setTitle(String title);
                    public void setEntityContext(EntityContext c) { ctx = c; }
                    public void ejbStore() {
                        // nothing to prepare
                    }
                }
                """);
        String bean = after(plan().patch().orElseThrow(), "src/a/BookBean.java", StandardCharsets.UTF_8);
        assertThat(bean).contains("""
                    public void setEntityContext(EntityContext c) {
                        ctx = c;
                        lookUpInvalidationTopic();
                    }
                    public void ejbStore() {
                        // nothing to prepare
                        publishInvalidation();
                    }
                """).doesNotContain("private EntityContext entityContext").contains("(java.io.Serializable) ctx.getPrimaryKey()");
    }

    @Test
    void aCreatedJbossXmlBindsTheWritersTopicRefsAndTheInvalidationBean() throws IOException {
        Files.delete(app.resolve("META-INF/jboss.xml"));
        assertThat(created(plan().patch().orElseThrow(), "META-INF/jboss.xml")).contains("""
                      <read-only>true</read-only>
                    </entity>
                    <entity>
                      <ejb-name>Book</ejb-name>
                      <resource-ref>
                        <res-ref-name>jms/BookInvalidationFactory</res-ref-name>
                        <jndi-name>java:/JmsXA</jndi-name>
                      </resource-ref>
                      <resource-env-ref>
                        <resource-env-ref-name>jms/BookInvalidation</resource-env-ref-name>
                        <jndi-name>topic/BookInvalidation</jndi-name>
                      </resource-env-ref>
                    </entity>
                    <message-driven>
                      <ejb-name>BookInvalidation</ejb-name>
                      <destination-jndi-name>topic/BookInvalidation</destination-jndi-name>
                    </message-driven>
                  </enterprise-beans>
                </jboss>
                """);
    }

    @Test
    void theInvalidationBeanEvictsTheTwinsCachedInstanceThroughJbossCacheMBean() {
        String mdb = created(plan().patch().orElseThrow(), "src/a/BookInvalidationBean.java");
        assertThat(mdb).startsWith("package a;\n")
                .contains("public class BookInvalidationBean implements MessageDrivenBean, MessageListener {")
                .contains("\"jboss.j2ee:service=EJB,jndiName=BookReadOnlyHome,plugin=cache\"")
                .contains("server = (MBeanServer) MBeanServerFactory.findMBeanServer(null).get(0);")
                .contains("primaryKey = ((ObjectMessage) message).getObject();")
                .contains("server.invoke(twinCache, \"remove\", new Object[] {primaryKey}, new String[] {Object.class.getName()});")
                .doesNotContain("org.jboss");
    }

    @Test
    void jbossXmlDeclaresTheTwinReadOnlyWithItsOwnJndiNameAndJbossCmpMapsItToTheBooksTable() throws IOException {
        Patch patch = plan().patch().orElseThrow();
        assertThat(after(patch, "META-INF/jboss.xml", StandardCharsets.ISO_8859_1)).isEqualTo(JBOSS.replace("""
                      <jndi-name>BookHome</jndi-name>
                    </entity>
                """, """
                      <jndi-name>BookHome</jndi-name>
                    </entity>
                    <entity>
                      <ejb-name>BookReadOnly</ejb-name>
                      <jndi-name>BookReadOnlyHome</jndi-name>
                      <read-only>true</read-only>
                    </entity>
                    <message-driven>
                      <ejb-name>BookInvalidation</ejb-name>
                      <destination-jndi-name>topic/BookInvalidation</destination-jndi-name>
                    </message-driven>
                """).replace("""
                      <jndi-name>BookHome</jndi-name>
                """, """
                      <jndi-name>BookHome</jndi-name>
                      <resource-ref>
                        <res-ref-name>jms/BookInvalidationFactory</res-ref-name>
                        <jndi-name>java:/JmsXA</jndi-name>
                      </resource-ref>
                      <resource-env-ref>
                        <resource-env-ref-name>jms/BookInvalidation</resource-env-ref-name>
                        <jndi-name>topic/BookInvalidation</jndi-name>
                      </resource-env-ref>
                """));
        assertThat(created(patch, "META-INF/jbosscmp-jdbc.xml"))
                .contains("\"-//JBoss//DTD JBOSSCMP-JDBC 3.2//EN\"")
                .contains("<ejb-name>BookReadOnly</ejb-name>\n      <create-table>false</create-table>\n"
                        + "      <remove-table>false</remove-table>\n      <read-only>true</read-only>\n"
                        + "      <read-time-out>60000</read-time-out>\n      <table-name>Book</table-name>");
    }

    @Test
    void anExistingJbossCmpMappingIsCopiedForTheTwinWithReadOnlyInDtdOrder() throws IOException {
        String cmp = """
                <?xml version="1.0"?>
                <jbosscmp-jdbc>
                  <enterprise-beans>
                    <entity>
                      <ejb-name>Book</ejb-name>
                      <create-table>true</create-table>
                      <remove-table>true</remove-table>
                      <table-name>BOOKS</table-name>
                      <cmp-field><field-name>title</field-name><column-name>TITLE</column-name></cmp-field>
                    </entity>
                  </enterprise-beans>
                </jbosscmp-jdbc>
                """;
        write("META-INF/jbosscmp-jdbc.xml", cmp);
        Patch patch = plan().patch().orElseThrow();
        assertThat(after(patch, "META-INF/jbosscmp-jdbc.xml", StandardCharsets.UTF_8)).isEqualTo(cmp.replace("""
                    </entity>
                """, """
                    </entity>
                    <entity>
                      <ejb-name>BookReadOnly</ejb-name>
                      <create-table>false</create-table>
                      <remove-table>false</remove-table>
                      <read-only>true</read-only>
                      <read-time-out>60000</read-time-out>
                      <table-name>BOOKS</table-name>
                      <cmp-field><field-name>title</field-name><column-name>TITLE</column-name></cmp-field>
                    </entity>
                """));
    }

    @Test
    void theReaderSwitchesToTheTwinAndTheWriterKeepsTheReadWriteBean() throws IOException {
        Patch patch = plan().patch().orElseThrow();
        assertThat(patch.files()).doesNotContain("src/w/Rename.java");
        assertThat(after(patch, "src/w/Show.java", StandardCharsets.UTF_8)).isEqualTo(SHOW
                .replace("import a.Book;\nimport a.BookHome;", "import a.BookReadOnly;\nimport a.BookReadOnlyHome;")
                .replace("\"java:comp/env/ejb/Book\"", "\"java:comp/env/ejb/BookReadOnly\"")
                .replace("BookHome home = (BookHome) PortableRemoteObject.narrow(ref, BookHome.class);",
                        "BookReadOnlyHome home = (BookReadOnlyHome) PortableRemoteObject.narrow(ref, BookReadOnlyHome.class);")
                .replace("Book book =", "BookReadOnly book ="));
        assertThat(after(patch, "WEB-INF/web.xml", StandardCharsets.UTF_8)).contains("""
                    <ejb-link>Book</ejb-link>
                  </ejb-ref>
                  <ejb-ref>
                    <ejb-ref-name>ejb/BookReadOnly</ejb-ref-name>
                    <ejb-ref-type>Entity</ejb-ref-type>
                    <home>a.BookReadOnlyHome</home>
                    <remote>a.BookReadOnly</remote>
                    <ejb-link>BookReadOnly</ejb-link>
                  </ejb-ref>
                """);
    }

    @Test
    void theTwinsInterfacesOfferOnlyGettersAndFinders() {
        Patch patch = plan().patch().orElseThrow();
        assertThat(created(patch, "src/a/BookReadOnly.java")).isEqualTo("""
                package a;

                import java.rmi.RemoteException;
                import javax.ejb.EJBObject;

                /** Read-only view of Book for its readers: getters only; writes go through Book. */
                public interface BookReadOnly extends EJBObject {
                    String getIsbn() throws RemoteException;
                    String getTitle() throws RemoteException;
                }
                """);
        assertThat(created(patch, "src/a/BookReadOnlyHome.java")).isEqualTo("""
                package a;

                import java.rmi.RemoteException;
                import java.util.Collection;
                import javax.ejb.EJBHome;
                import javax.ejb.FinderException;

                /** Home of the read-only BookReadOnly twin of Book: finders only. */
                public interface BookReadOnlyHome extends EJBHome {
                    BookReadOnly findByPrimaryKey(String isbn) throws FinderException, RemoteException;
                    Collection findByTitle(String title) throws FinderException, RemoteException;
                }
                """);
    }

    @Test
    void aHelperThatServesReadersAndWritersIsDeclinedWithItsFileAndLines() throws IOException {
        write("src/w/Books.java", """
                package w;

                import a.Book;
                import a.BookHome;
                import javax.naming.InitialContext;
                import javax.rmi.PortableRemoteObject;

                final class Books {
                    static Book find(String isbn) throws Exception {
                        Object ref = new InitialContext().lookup("java:comp/env/ejb/Book");
                        return ((BookHome) PortableRemoteObject.narrow(ref, BookHome.class)).findByPrimaryKey(isbn);
                    }
                }
                """);
        String viaHelper = "Book book = Books.find(req.getParameter(\"isbn\"));";
        write("src/w/Show.java", SHOW.replace("Book book = home.findByPrimaryKey(req.getParameter(\"isbn\"));", viaHelper));
        write("src/w/Rename.java", RENAME.replace("Book book = home.findByPrimaryKey(req.getParameter(\"isbn\"));", viaHelper));
        PlanOutcome outcome = plan();
        assertThat(outcome.patch()).isEmpty();
        assertThat(outcome.reasonWithoutPatch()).contains("src/w/Books.java serves both entry points that only read Book (/Show, line 10)")
                .contains("move the reads into a class of their own");
    }

    @Test
    void aLookupByTheGlobalJndiNameSwitchesToTheTwinsGlobalNameAndLeavesWebXmlAlone() throws IOException {
        write("src/w/Show.java", SHOW.replace("\"java:comp/env/ejb/Book\"", "\"BookHome\""));
        Patch patch = plan().patch().orElseThrow();
        assertThat(after(patch, "src/w/Show.java", StandardCharsets.UTF_8)).contains("lookup(\"BookReadOnlyHome\")");
        assertThat(patch.files()).doesNotContain("WEB-INF/web.xml");
    }

    @Test
    void aServletThatReadsAndWritesKeepsTheReadWriteBeanWhileAPureReaderSwitches() throws IOException {
        write("src/w/Show.java", SHOW.replace("res.getWriter().println(book.getTitle());",
                "res.getWriter().println(book.getTitle());\n                book.setTitle(\"x\");"));
        write("src/w/Rename.java", RENAME.replace("book.setTitle(req.getParameter(\"title\"));", "book.getTitle();"));
        Patch patch = plan().patch().orElseThrow();
        assertThat(patch.files()).contains("src/w/Rename.java").doesNotContain("src/w/Show.java");
    }

    @Test
    void anEntityInAContainerManagedRelationshipIsDeclined() throws IOException {
        Files.writeString(app.resolve("META-INF/ejb-jar.xml"), EJB_JAR.replace("  <assembly-descriptor>", """
                  <relationships>
                    <ejb-relation>
                      <ejb-relationship-role>
                        <relationship-role-source><ejb-name>Book</ejb-name></relationship-role-source>
                      </ejb-relationship-role>
                    </ejb-relation>
                  </relationships>
                  <assembly-descriptor>"""), StandardCharsets.ISO_8859_1);
        PlanOutcome outcome = plan();
        assertThat(outcome.patch()).isEmpty();
        assertThat(outcome.reasonWithoutPatch()).contains("container-managed relationships").contains("META-INF/ejb-jar.xml:");
    }

    @Test
    void declareReadOnlyEntityNamesTheWritesWhenItDeclines() {
        Finding finding = new Finding("WAN005", Severity.NOTE, "entity Book is read-mostly",
                new FindingLocation("src/a/BookBean.java", 3, "a.BookBean", null), List.of("/Show"), List.of(),
                RoundTrips.of(7), RoundTrips.of(5), new FindingSubject.Entity("Book"));
        PlanOutcome outcome = new DeclareReadOnlyEntity().plan(finding, TextApp.analysed(app));
        assertThat(outcome.patch()).isEmpty();
        assertThat(outcome.reasonWithoutPatch()).contains("Book is written (setTitle() at src/w/Rename.java:15)")
                .contains("read-mostly patch");
    }
}
