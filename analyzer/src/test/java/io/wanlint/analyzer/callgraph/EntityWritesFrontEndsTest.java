package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.13 through both call-graph front ends: every change of an entity's persistent state that a
 * client's call makes is a write of the entity, whatever the called method is named and wherever in
 * the bean's class hierarchy the change is made. A CMP bean's abstract setters and a BMP bean's field
 * assignments ({@code +=}, {@code ++}, {@code --}) are writes; so are a method of a superclass the bean
 * runs through {@code super.adjust()} or inherits ({@code tally()}), also when that method changes the
 * state through a further own method, and methods named like getters that count up a field
 * ({@code getNextId()}). Getters that only read, or fill a cache of what they read
 * ({@code if (history == null) history = …}), stay reads. A details object read, changed and stored
 * back is written by the {@code setDetails} call. A finder named for locking rows
 * ({@code findByPrimaryKeyForUpdate}) is a read that locks for update.
 */
class EntityWritesFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("store/AccountLocal.java", """
                package store;
                public interface AccountLocal extends javax.ejb.EJBLocalObject {
                    void deposit(double amount);
                    void touch();
                    void undo();
                    int getNextId();
                    void reprice();
                    void bump();
                    double getBalance();
                    java.util.List getHistory();
                }
                """);
        files.put("store/AccountLocalHome.java", """
                package store;
                public interface AccountLocalHome extends javax.ejb.EJBLocalHome {
                    AccountLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                    AccountLocal findByPrimaryKeyForUpdate(String id) throws javax.ejb.FinderException;
                }
                """);
        files.put("store/BaseAccount.java", """
                package store;
                public abstract class BaseAccount {
                    protected double rate;
                    protected int tallies;
                    public void adjust() { applyRate(2); }
                    protected void applyRate(double factor) { rate = rate * factor; }
                    public void tally() { tallies++; }
                }
                """);
        files.put("store/AccountBean.java", """
                package store;
                public class AccountBean extends BaseAccount implements javax.ejb.EntityBean {
                    private String id;
                    private double balance;
                    private int count;
                    private int nextId;
                    private java.util.List history;
                    public void deposit(double amount) { balance += amount; }
                    public void touch() { count++; }
                    public void undo() { count--; }
                    public int getNextId() { return nextId++; }
                    public void reprice() { super.adjust(); }
                    public void bump() { tally(); }
                    public double getBalance() { return balance; }
                    public java.util.List getHistory() {
                        if (history == null) {
                            history = new java.util.ArrayList();
                        }
                        return history;
                    }
                    public String ejbFindByPrimaryKey(String id) { return id; }
                    public String ejbFindByPrimaryKeyForUpdate(String id) { return id; }
                    public void setEntityContext(javax.ejb.EntityContext c) {}
                    public void unsetEntityContext() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                    public void ejbLoad() {}
                    public void ejbStore() {}
                    public void ejbRemove() {}
                }
                """);
        files.put("store/ItemDetails.java", """
                package store;
                public class ItemDetails implements java.io.Serializable {
                    private int qty;
                    public int getQty() { return qty; }
                    public void setQty(int qty) { this.qty = qty; }
                }
                """);
        files.put("store/ItemLocal.java", """
                package store;
                public interface ItemLocal extends javax.ejb.EJBLocalObject {
                    int getQty();
                    void setQty(int qty);
                    ItemDetails getDetails();
                    void setDetails(ItemDetails details);
                    void restock(int n);
                    int getNextSerial();
                }
                """);
        files.put("store/ItemLocalHome.java", """
                package store;
                public interface ItemLocalHome extends javax.ejb.EJBLocalHome {
                    ItemLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                }
                """);
        files.put("store/ItemBean.java", """
                package store;
                public abstract class ItemBean implements javax.ejb.EntityBean {
                    public abstract String getId();
                    public abstract void setId(String id);
                    public abstract int getQty();
                    public abstract void setQty(int qty);
                    public abstract ItemDetails getDetails();
                    public abstract void setDetails(ItemDetails details);
                    public abstract int getSerial();
                    public abstract void setSerial(int serial);
                    public void restock(int n) { setQty(getQty() + n); }
                    public int getNextSerial() {
                        int s = getSerial();
                        setSerial(s + 1);
                        return s;
                    }
                    public void setEntityContext(javax.ejb.EntityContext c) {}
                    public void unsetEntityContext() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                    public void ejbLoad() {}
                    public void ejbStore() {}
                    public void ejbRemove() {}
                }
                """);
        files.put("store/Teller.java", """
                package store;
                public interface Teller extends javax.ejb.EJBLocalObject {
                    void serve(String id) throws Exception;
                }
                """);
        files.put("store/TellerHome.java", """
                package store;
                public interface TellerHome extends javax.ejb.EJBLocalHome {
                    Teller create() throws javax.ejb.CreateException;
                }
                """);
        files.put("store/TellerBean.java", """
                package store;
                public class TellerBean implements javax.ejb.SessionBean {
                    private AccountLocalHome accounts;
                    private ItemLocalHome items;
                    public void serve(String id) throws Exception {
                        AccountLocal a = accounts.findByPrimaryKey(id);
                        a.deposit(1);
                        a.touch();
                        a.undo();
                        a.getNextId();
                        a.reprice();
                        a.bump();
                        a.getBalance();
                        a.getHistory();
                        accounts.findByPrimaryKeyForUpdate(id);
                        ItemLocal item = items.findByPrimaryKey(id);
                        item.setQty(2);
                        item.restock(3);
                        item.getNextSerial();
                        ItemDetails d = item.getDetails();
                        d.setQty(4);
                        item.setDetails(d);
                    }
                    public void ejbCreate() throws Exception {
                        javax.naming.InitialContext ctx = new javax.naming.InitialContext();
                        accounts = (AccountLocalHome) ctx.lookup("java:comp/env/ejb/Account");
                        items = (ItemLocalHome) ctx.lookup("java:comp/env/ejb/Item");
                    }
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                    public void ejbRemove() {}
                }
                """);
        files.put("META-INF/ejb-jar.xml", """
                <?xml version="1.0"?>
                <ejb-jar version="2.1">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Teller</ejb-name>
                      <local-home>store.TellerHome</local-home>
                      <local>store.Teller</local>
                      <ejb-class>store.TellerBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                      <ejb-local-ref><ejb-ref-name>ejb/Account</ejb-ref-name><ejb-ref-type>Entity</ejb-ref-type>
                        <local-home>store.AccountLocalHome</local-home><local>store.AccountLocal</local><ejb-link>Account</ejb-link></ejb-local-ref>
                      <ejb-local-ref><ejb-ref-name>ejb/Item</ejb-ref-name><ejb-ref-type>Entity</ejb-ref-type>
                        <local-home>store.ItemLocalHome</local-home><local>store.ItemLocal</local><ejb-link>Item</ejb-link></ejb-local-ref>
                    </session>
                    <entity>
                      <ejb-name>Account</ejb-name>
                      <local-home>store.AccountLocalHome</local-home>
                      <local>store.AccountLocal</local>
                      <ejb-class>store.AccountBean</ejb-class>
                      <persistence-type>Bean</persistence-type>
                      <prim-key-class>java.lang.String</prim-key-class>
                      <reentrant>false</reentrant>
                    </entity>
                    <entity>
                      <ejb-name>Item</ejb-name>
                      <local-home>store.ItemLocalHome</local-home>
                      <local>store.ItemLocal</local>
                      <ejb-class>store.ItemBean</ejb-class>
                      <persistence-type>Container</persistence-type>
                      <prim-key-class>java.lang.String</prim-key-class>
                      <reentrant>false</reentrant>
                      <cmp-version>2.x</cmp-version>
                      <abstract-schema-name>Item</abstract-schema-name>
                      <cmp-field><field-name>id</field-name></cmp-field>
                      <cmp-field><field-name>qty</field-name></cmp-field>
                      <cmp-field><field-name>details</field-name></cmp-field>
                      <cmp-field><field-name>serial</field-name></cmp-field>
                      <primkey-field>id</primkey-field>
                    </entity>
                  </enterprise-beans>
                </ejb-jar>
                """);
        return files;
    }

    private static List<CallEdge> entityCalls(AnalysisResult result) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals("store.TellerBean") && e.from().name().equals("serve"))
                .filter(e -> e.targetComponent() != null)
                .toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void everyChangeOfTheBeansStateIsAWriteWhateverTheMethodIsCalled(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(entityCalls(result)).extracting(e -> e.to().name(), CallEdge::op).contains(
                tuple("deposit", CallOp.ENTITY_UPDATE),
                tuple("touch", CallOp.ENTITY_UPDATE),
                tuple("undo", CallOp.ENTITY_UPDATE),
                tuple("setQty", CallOp.ENTITY_SET),
                tuple("restock", CallOp.ENTITY_UPDATE),
                tuple("setDetails", CallOp.ENTITY_SET));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aChangeMadeInASuperclassMethodIsAWriteOfTheBean(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(entityCalls(result)).extracting(e -> e.to().name(), CallEdge::op).contains(
                tuple("reprice", CallOp.ENTITY_UPDATE),
                tuple("bump", CallOp.ENTITY_UPDATE));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aGetterThatCountsUpIsAWriteAndGettersThatOnlyReadOrCacheAreNot(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(entityCalls(result)).extracting(e -> e.to().name(), CallEdge::op).contains(
                tuple("getNextId", CallOp.ENTITY_UPDATE),
                tuple("getNextSerial", CallOp.ENTITY_UPDATE),
                tuple("getBalance", CallOp.ENTITY_GET),
                tuple("getHistory", CallOp.ENTITY_GET),
                tuple("getDetails", CallOp.ENTITY_GET));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aFinderNamedForLockingRowsLocksForUpdateAndThePlainFinderDoesNot(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(entityCalls(result)).filteredOn(e -> e.op() == CallOp.HOME_FIND && e.targetComponent().equals("Account"))
                .extracting(e -> e.to().name().replace("ejbFind", "find"), CallEdge::locksForUpdate)
                .containsExactlyInAnyOrder(tuple("findByPrimaryKey", false), tuple("findByPrimaryKeyForUpdate", true));
    }
}
