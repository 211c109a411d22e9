package io.wanlint.rules.wan;

import io.wanlint.rules.testing.RuleTestHarness;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WAN008 tells a dirty check (a guard that skips the write when no mutator ran since the load) from
 * other guards in {@code ejbStore}: a creation guard or a validation guard still lets every store of a
 * loaded bean write, so the store is reported. Real BMP source through the whole pipeline.
 */
class EjbStoreGuardsTest {
    private final RuleTestHarness harness = RuleTestHarness.withPipeline(List.of(new UnconditionalEjbStore()));

    private static final Map<String, String> EJB_JAR = Map.of("META-INF/ejb-jar.xml", """
            <?xml version="1.0"?>
            <ejb-jar>
              <enterprise-beans>
                <entity>
                  <ejb-name>Quote</ejb-name>
                  <home>shop.ejb.QuoteHome</home>
                  <remote>shop.ejb.Quote</remote>
                  <ejb-class>shop.ejb.QuoteBean</ejb-class>
                  <persistence-type>Bean</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity>
              </enterprise-beans>
            </ejb-jar>
            """);
    private static final String HOME = """
            package shop.ejb;
            public interface QuoteHome extends javax.ejb.EJBHome {
                Quote findByPrimaryKey(String symbol) throws javax.ejb.FinderException, java.rmi.RemoteException;
            }
            """;
    private static final String REMOTE = """
            package shop.ejb;
            public interface Quote extends javax.ejb.EJBObject {
                double getPrice() throws java.rmi.RemoteException;
                void setPrice(double price) throws java.rmi.RemoteException;
            }
            """;

    /** A BMP QuoteBean whose {@code ejbStore} body is {@code store}, with {@code members} added to the class. */
    private static String bean(String members, String store) {
        return """
                package shop.ejb;
                import java.sql.*;
                import javax.ejb.*;
                public class QuoteBean implements EntityBean {
                    private EntityContext ctx;
                    private String symbol;
                    private double price;
                %s
                    public double getPrice() { return price; }
                    public String ejbFindByPrimaryKey(String s) { return s; }
                    public void ejbLoad() { }
                    public void ejbStore() {
                %s
                    }
                    private Connection connection() throws SQLException {
                        try {
                            return ((javax.sql.DataSource) new javax.naming.InitialContext().lookup("java:comp/env/jdbc/q")).getConnection();
                        } catch (javax.naming.NamingException e) { throw new EJBException(e); }
                    }
                    public void setEntityContext(EntityContext c) { ctx = c; }
                    public void unsetEntityContext() { ctx = null; }
                    public void ejbActivate() { }
                    public void ejbPassivate() { }
                    public void ejbRemove() { }
                }
                """.formatted(members, store);
    }

    private static final String WRITE = """
                    try (Connection c = connection(); PreparedStatement ps = c.prepareStatement("UPDATE quote SET price = ? WHERE symbol = ?")) {
                        ps.setDouble(1, price);
                        ps.setString(2, symbol);
                        ps.executeUpdate();%s
                    } catch (SQLException e) { throw new EJBException(e); }
            """;

    @Test
    void creationGuardIsNotADirtyCheck() {
        harness.expectFindings(EJB_JAR, HOME, REMOTE, bean("""
                    private boolean beingCreated;
                    public void setPrice(double p) { price = p; }
                    public String ejbCreate(String s, double p) { beingCreated = true; symbol = s; price = p; return s; }
                    public void ejbPostCreate(String s, double p) { beingCreated = false; }
                """, "        if (beingCreated) return;\n" + WRITE.formatted(" // expect: WAN008")));
    }

    @Test
    void validationGuardThatThrowsIsNotADirtyCheck() {
        harness.expectFindings(EJB_JAR, HOME, REMOTE, bean("""
                    private boolean valid;
                    private boolean dirty;
                    public void setPrice(double p) { price = p; dirty = true; valid = p >= 0; }
                """, "        if (!valid) throw new EJBException(\"invalid quote\");\n" + WRITE.formatted(" // expect: WAN008")));
    }

    @Test
    void flagSetBySettersAndTestedThroughIsModifiedIsADirtyCheck() {
        harness.expectFindings(EJB_JAR, HOME, REMOTE, bean("""
                    private boolean modified;
                    public void setPrice(double p) { price = p; modified = true; }
                    private boolean isModified() { return modified; }
                """, "        if (!isModified()) return;\n" + WRITE.formatted("")));
    }

    @Test
    void writeInsideAnIfOnTheDirtyFlagIsNotReported() {
        harness.expectFindings(EJB_JAR, HOME, REMOTE, bean("""
                    private boolean dirty;
                    public void setPrice(double p) { price = p; dirty = true; }
                """, "        if (dirty) {\n" + WRITE.formatted("") + "        }"));
    }
}
