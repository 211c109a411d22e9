package io.wanlint.refactorings.entity;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one-line entity patches (read-only declaration, dirty flag) are planned only when every write
 * of the entity is known; otherwise they are declined with "writes may be unseen: <where>".
 */
class WriteSafetyTest {
    @TempDir Path app;

    private static final String CMP_JAR = """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>Book</ejb-name>
                  <local-home>a.BookLocalHome</local-home>
                  <local>a.BookLocal</local>
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

    private static final String BOOK = """
            package a;
            import javax.ejb.*;
            public abstract class BookBean implements EntityBean {
                public abstract String getIsbn();
                public abstract void setIsbn(String isbn);
            %s}
            """;

    private static final String HOME = """
            package a;
            public interface BookLocalHome extends javax.ejb.EJBLocalHome {
                BookLocal findByPrimaryKey(String isbn) throws javax.ejb.FinderException;
            %s}
            """;

    private void write(String path, String text) throws IOException {
        TextApp.write(app, path, text, StandardCharsets.UTF_8);
    }

    private PlanOutcome readOnly(String bookMembers, String homeMembers) throws IOException {
        return readOnly(bookMembers, homeMembers, "BookBean");
    }

    private PlanOutcome readOnly(String bookMembers, String homeMembers, String declared) throws IOException {
        write("src/a/BookBean.java", BOOK.formatted(bookMembers).replace("class BookBean", "class " + declared));
        write("src/a/BookLocal.java", "package a; public interface BookLocal extends javax.ejb.EJBLocalObject { String getIsbn(); }");
        write("src/a/BookLocalHome.java", HOME.formatted(homeMembers));
        write("META-INF/ejb-jar.xml", CMP_JAR);
        Finding finding = new Finding("WAN005", Severity.NOTE, "entity Book is read-mostly",
                new FindingLocation("src/a/BookBean.java", 3, "a.BookBean", null), List.of(), List.of(), null, null, new FindingSubject.Entity("Book"));
        return new DeclareReadOnlyEntity().plan(finding, TextApp.analysed(app));
    }

    // ---- read-only declaration ----

    @Test
    void anEntityWhoseWritesAreAllKnownIsDeclaredReadOnly() throws IOException {
        PlanOutcome o = readOnly("", "");
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(o.patch().orElseThrow().files()).containsExactly("META-INF/jboss.xml");
    }

    @Test
    void aGetterThatCountsUpThroughASetterDeclinesTheReadOnlyDeclaration() throws IOException {
        PlanOutcome o = readOnly("""
                    public abstract int getCounter();
                    public abstract void setCounter(int counter);
                    public int getNextId() {
                        int next = getCounter() + 1;
                        setCounter(next);
                        return next;
                    }
                """, "");
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch())
                .isEqualTo("writes may be unseen: BookBean.getNextId() writes counter through setCounter() (src/a/BookBean.java:8)");
    }

    @Test
    void aGetterIncrementingAFieldDeclinesTheReadOnlyDeclaration() throws IOException {
        PlanOutcome o = readOnly("""
                    private int nextId;
                    public int getNextId() {
                        return nextId++;
                    }
                """, "");
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: BookBean.getNextId() writes nextId (src/a/BookBean.java:7)");
    }

    @Test
    void aGetterThatOnlyCachesWhatItReadIsNoWrite() throws IOException {
        PlanOutcome o = readOnly("""
                    private String label;
                    public String getLabel() {
                        if (label == null) {
                            label = "Book " + getIsbn();
                        }
                        return label;
                    }
                """, "");
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(o.patch()).isPresent();
    }

    @Test
    void mutatorsInASuperclassDeclineTheReadOnlyDeclaration() throws IOException {
        write("src/a/BaseBean.java", """
                package a;
                public abstract class BaseBean {
                    protected String note;
                    public void setNote(String note) {
                        this.note = note;
                    }
                }
                """);
        PlanOutcome o = readOnly("", "", "BookBean extends BaseBean");
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: superclass BaseBean holds mutators (setNote at src/a/BaseBean.java:4)");
    }

    @Test
    void aLockingFinderDeclinesTheReadOnlyDeclaration() throws IOException {
        PlanOutcome o = readOnly("", "    BookLocal findByPrimaryKeyForUpdate(String isbn) throws javax.ejb.FinderException;\n");
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: the locking finder BookLocalHome.findByPrimaryKeyForUpdate "
                + "(src/a/BookLocalHome.java:4) is there for callers that update what it finds");
    }

    @Test
    void aClassLoadedByANameFromConfigurationDeclinesTheReadOnlyDeclaration() throws IOException {
        write("src/a/Plugins.java", """
                package a;
                public class Plugins {
                    public Object load(javax.naming.Context env) throws Exception {
                        String name = (String) env.lookup("java:comp/env/pluginClass");
                        return Class.forName(name).newInstance();
                    }
                }
                """);
        PlanOutcome o = readOnly("", "");
        assertThat(o.reasonWithoutPatch()).startsWith("writes may be unseen: src/a/Plugins.java:5 loads a class named at run time (Class.forName(name))");
    }

    @Test
    void aPlugInOutsideTheApplicationNamedByAnEnvEntryDeclinesTheReadOnlyDeclarationNamingIt() throws IOException {
        write("src/a/Pricing.java", "package a; public interface Pricing { int price(String isbn); }");
        write("src/a/Prices.java", """
                package a;
                public class Prices {
                    public Pricing load(javax.naming.Context env) throws Exception {
                        return (Pricing) Class.forName((String) env.lookup("java:comp/env/param/Pricing")).newInstance();
                    }
                }
                """);
        write("META-INF/env.xml", """
                <env-entries>
                  <env-entry><env-entry-name>param/Pricing</env-entry-name><env-entry-value>com.vendor.RulePricing</env-entry-value></env-entry>
                </env-entries>
                """);
        PlanOutcome o = readOnly("", "");
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: class com.vendor.RulePricing, loaded by a name the deployment "
                + "gives, is not in the analysed code, whose calls are not analysed");
    }

    @Test
    void registeringAJdbcDriverByNameIsNoUnseenWrite() throws IOException {
        write("src/a/Drivers.java", """
                package a;
                public class Drivers {
                    public void register() throws Exception {
                        Class.forName(System.getProperty("jdbc.driver"));
                    }
                }
                """);
        assertThat(readOnly("", "").patch()).isPresent();
    }

    // ---- dirty flag ----

    private static final String BMP_JAR = """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>Account</ejb-name>
                  <home>a.AccountHome</home>
                  <remote>a.Account</remote>
                  <ejb-class>a.AccountBean</ejb-class>
                  <persistence-type>Bean</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """;

    private static final String ACCOUNT = """
            package a;
            import javax.ejb.*;
            public class AccountBean extends BaseAccount implements EntityBean {
                private double balance;

                public void debit(double amount) {
                    balance = balance - amount;
                }

                public void ejbLoad() {
                    balance = 1;
                }

                public void ejbStore() {
                    write();
                }

                private void write() {
                }
            }
            """;

    private PlanOutcome dirtyFlag(String base) throws IOException {
        write("src/a/AccountBean.java", ACCOUNT);
        write("src/a/BaseAccount.java", base);
        write("src/a/Account.java", "package a; public interface Account extends javax.ejb.EJBObject { void debit(double a) throws java.rmi.RemoteException; }");
        write("src/a/AccountHome.java", "package a; public interface AccountHome extends javax.ejb.EJBHome { Account findByPrimaryKey(String id) "
                + "throws javax.ejb.FinderException, java.rmi.RemoteException; }");
        write("META-INF/ejb-jar.xml", BMP_JAR);
        Finding finding = new Finding("WAN008", Severity.WARNING, "ejbStore writes at every commit",
                new FindingLocation("src/a/AccountBean.java", 14, "a.AccountBean", "ejbStore"), List.of(), List.of(), null, null,
                new FindingSubject.Method(MethodRef.of("a.AccountBean", "ejbStore")));
        return new AddDirtyFlag().plan(finding, TextApp.analysed(app));
    }

    private String applied(PlanOutcome o) throws IOException {
        FileChange.Edit edit = (FileChange.Edit) o.patch().orElseThrow().changes().get(0);
        return edit.applyTo(Files.readString(app.resolve(edit.file())));
    }

    @Test
    void aBeanWhoseSuperclassHoldsNoStateGetsItsOwnFlag() throws IOException {
        PlanOutcome o = dirtyFlag("package a;\npublic abstract class BaseAccount {\n}\n");
        assertThat(o.reasonWithoutPatch()).isEmpty();
        assertThat(applied(o)).contains("private transient boolean dirty;").contains("if (!dirty) {");
    }

    @Test
    void mutatorsInASuperclassWithoutAFlagDeclineTheDirtyFlag() throws IOException {
        PlanOutcome o = dirtyFlag("""
                package a;
                public abstract class BaseAccount {
                    protected String owner;
                    public void setOwner(String owner) {
                        this.owner = owner;
                    }
                }
                """);
        assertThat(o.patch()).isEmpty();
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: superclass BaseAccount holds mutators "
                + "(BaseAccount.setOwner (src/a/BaseAccount.java:4)), which a flag added to AccountBean would not see");
    }

    @Test
    void aFlagTheSuperclassKeepsIsReusedInsteadOfASecondOne() throws IOException {
        PlanOutcome o = dirtyFlag("""
                package a;
                public abstract class BaseAccount {
                    protected boolean modified;
                    protected String owner;
                    public void setOwner(String owner) {
                        this.owner = owner;
                        modified = true;
                    }
                }
                """);
        assertThat(o.reasonWithoutPatch()).isEmpty();
        String bean = applied(o);
        assertThat(bean).doesNotContain("boolean dirty").doesNotContain("boolean modified")
                .contains("        balance = balance - amount;\n        modified = true;\n")
                .contains("    public void ejbStore() {\n        if (!modified) {\n            return;\n        }\n");
        assertThat(o.patch().orElseThrow().title()).contains("a modified flag set by debit");
    }

    @Test
    void aSuperclassMutatorThatDoesNotRaiseTheInheritedFlagDeclinesTheDirtyFlag() throws IOException {
        PlanOutcome o = dirtyFlag("""
                package a;
                public abstract class BaseAccount {
                    protected boolean modified;
                    protected String owner;
                    public void setOwner(String owner) {
                        this.owner = owner;
                    }
                }
                """);
        assertThat(o.reasonWithoutPatch()).isEqualTo("writes may be unseen: BaseAccount.setOwner (src/a/BaseAccount.java:5) changes state without raising modified");
    }
}
