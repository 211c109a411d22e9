package io.wanlint.refactorings.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.RefactoringContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WAN011's patch: snapshot the changed fields in {@code afterBegin}, put them back in
 * {@code afterCompletion(false)}, as EJB 3.1 annotations or EJB 2.x {@code SessionSynchronization}
 * by the application's API level; planned against a real analysis, applied, and planned again.
 */
class RestoreStatefulStateOnRollbackTest {
    private static final String PATH = "src/shop/CartBean.java";

    @TempDir Path app;

    private RefactoringContext analysed(String bean) throws IOException {
        TextApp.write(app, PATH, bean, StandardCharsets.UTF_8);
        return TextApp.analysed(app);
    }

    private static Finding finding() {
        return new Finding("WAN011", Severity.WARNING, "stateful session bean CartBean changes its fields",
                new FindingLocation(PATH, 10, "shop.CartBean", null), List.of(), List.of(), RoundTrips.ZERO, RoundTrips.ZERO,
                new FindingSubject.BeanFields("shop.CartBean"));
    }

    private PlanOutcome plan(String bean) throws IOException {
        return new RestoreStatefulStateOnRollback().plan(finding(), analysed(bean));
    }

    private String patched(String bean) throws IOException {
        PlanOutcome outcome = plan(bean);
        assertThat(outcome.reasonWithoutPatch()).isEmpty();
        FileChange.Edit edit = (FileChange.Edit) outcome.patch().orElseThrow().changes().get(0);
        assertThat(edit.file()).isEqualTo(PATH);
        return edit.applyTo(bean);
    }

    private static final String EJB3_CART = """
            package shop;

            import java.util.ArrayList;
            import java.util.List;
            import javax.ejb.Stateful;

            @Stateful
            public class CartBean implements java.io.Serializable {
                private final List<Long> items = new ArrayList<>();
                private double total;

                public void add(long item, double price) {
                    items.add(item);
                    total += price;
                }
            }
            """;

    @Test
    void anEjb3BeanGetsAfterBeginAndAfterCompletionMethodsRestoringItsFields() throws IOException {
        assertThat(patched(EJB3_CART)).isEqualTo("""
                package shop;

                import java.util.ArrayList;
                import java.util.List;
                import javax.ejb.AfterBegin;
                import javax.ejb.AfterCompletion;
                import javax.ejb.Stateful;

                @Stateful
                public class CartBean implements java.io.Serializable {
                    private final List<Long> items = new ArrayList<>();
                    private double total;
                    private transient List<Long> itemsAtBegin;
                    private transient double totalAtBegin;

                    public void add(long item, double price) {
                        items.add(item);
                        total += price;
                    }

                    // Conversational state is not transactional: snapshot it when a transaction begins
                    // and put it back when the transaction rolls back (wanlint WAN011).
                    @AfterBegin
                    public void afterBegin() {
                        itemsAtBegin = items == null ? null : new ArrayList<>(items);
                        totalAtBegin = total;
                    }

                    @AfterCompletion
                    public void afterCompletion(boolean committed) {
                        if (!committed) {
                            items.clear();
                            if (itemsAtBegin != null) items.addAll(itemsAtBegin);
                            total = totalAtBegin;
                        }
                    }
                }
                """);
    }

    @Test
    void anEjb2BeanImplementsSessionSynchronization() throws IOException {
        TextApp.write(app, "META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Cart</ejb-name>
                      <home>shop.CartHome</home>
                      <remote>shop.Cart</remote>
                      <ejb-class>shop.CartBean</ejb-class>
                      <session-type>Stateful</session-type>
                      <transaction-type>Container</transaction-type>
                    </session>
                  </enterprise-beans>
                  <assembly-descriptor>
                    <container-transaction>
                      <method><ejb-name>Cart</ejb-name><method-name>*</method-name></method>
                      <trans-attribute>Required</trans-attribute>
                    </container-transaction>
                  </assembly-descriptor>
                </ejb-jar>
                """, StandardCharsets.UTF_8);
        String bean = """
                package shop;

                import javax.ejb.SessionBean;
                import javax.ejb.SessionContext;

                public class CartBean implements SessionBean {
                    private String status = "open";
                    private int count;

                    public void add(String item) {
                        count++;
                        status = "changed";
                    }

                    public void ejbCreate() {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                    public void setSessionContext(SessionContext c) {}
                }
                """;
        String after = patched(bean);
        assertThat(after).contains("import javax.ejb.SessionBean;\nimport javax.ejb.SessionContext;\nimport javax.ejb.SessionSynchronization;\n")
                .contains("public class CartBean implements SessionBean, SessionSynchronization {")
                .contains("    private transient int countAtBegin;\n    private transient String statusAtBegin;\n")
                .doesNotContain("@AfterBegin")
                .contains("""
                            public void afterBegin() {
                                countAtBegin = count;
                                statusAtBegin = status;
                            }

                            public void beforeCompletion() {
                            }

                            public void afterCompletion(boolean committed) {
                                if (!committed) {
                                    count = countAtBegin;
                                    status = statusAtBegin;
                                }
                            }
                        }
                        """);
    }

    @Test
    void planningAgainOnThePatchedBeanDeclinesAndItsAfterCompletionRestoresEveryField() throws IOException {
        String once = patched(EJB3_CART);
        Files.writeString(app.resolve(PATH), once);
        RefactoringContext again = TextApp.analysed(app);
        assertThat(again.analysis().callGraph().facts().clusterState())
                .filteredOn(f -> f.kind() == StateKind.BEAN_FIELD_WRITE && f.method().name().equals("afterCompletion"))
                .extracting(f -> f.member()).contains("items", "total");
        assertThat(new RestoreStatefulStateOnRollback().plan(finding(), again).reasonWithoutPatch())
                .contains("already has afterBegin()");
    }

    @Test
    void declinesFieldsHoldingApplicationObjects() throws IOException {
        TextApp.write(app, "src/shop/Item.java", "package shop;\npublic class Item { public int quantity; }\n", StandardCharsets.UTF_8);
        assertThat(plan(EJB3_CART.replace("List<Long>", "List<Item>").replace("add(long item", "add(Item item"))
                .reasonWithoutPatch()).contains("field items (List<Item>) of CartBean cannot be copied safely");
    }

    @Test
    void declinesABeanWithItsOwnSynchronisation() throws IOException {
        assertThat(plan(EJB3_CART.replace("    public void add(", """
                    @javax.ejb.AfterCompletion
                    void done(boolean committed) { }

                    public void add(""")).reasonWithoutPatch()).contains("already has done()");
    }

    @Test
    void declinesABeanExtendingAnotherClass() throws IOException {
        TextApp.write(app, "src/shop/BaseBean.java", "package shop;\npublic class BaseBean implements java.io.Serializable { }\n",
                StandardCharsets.UTF_8);
        assertThat(plan(EJB3_CART.replace("CartBean implements java.io.Serializable", "CartBean extends BaseBean"))
                .reasonWithoutPatch()).contains("CartBean extends BaseBean");
    }
}
