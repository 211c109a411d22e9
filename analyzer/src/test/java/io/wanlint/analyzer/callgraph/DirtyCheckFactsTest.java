package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which guards make a statement execution conditional in {@code SourceFacts#conditionalCalls}: only
 * dirty checks (a flag the bean's mutators set, read directly or through {@code isModified()}), not
 * creation or validation guards on state only the container's callbacks assign.
 */
class DirtyCheckFactsTest {
    private static final String BEAN = """
            package shop.ejb;
            import java.sql.*;
            public class QuoteBean {
                private boolean dirty;
                private boolean modified;
                private boolean beingCreated;
                private boolean valid;
                private int version;
                private double price;
                public void setPrice(double p) { price = p; dirty = true; }
                public void reprice(double p) { price = p; this.modified = true; version++; }
                private boolean isModified() { return modified; }
                public String ejbCreate(String s) { beingCreated = true; return s; }
                public void ejbPostCreate(String s) { beingCreated = false; }
                public void ejbLoad() { valid = true; dirty = false; }
                public void invalidate() { valid = false; }
                void flagged(PreparedStatement ps) throws SQLException {
                    if (!dirty) return;
                    ps.executeUpdate();                                        // after a dirty flag
                }
                void throughAccessor(PreparedStatement ps) throws SQLException {
                    if (isModified()) ps.executeUpdate();                      // modified accessor
                }
                void counter(PreparedStatement ps, int loaded) throws SQLException {
                    if (version != loaded) { ps.executeUpdate(); }             // version counter
                }
                void creation(PreparedStatement ps) throws SQLException {
                    if (beingCreated) return;
                    ps.executeUpdate();                                        // after a creation guard
                }
                void validation(PreparedStatement ps) throws SQLException {
                    if (!valid) throw new IllegalStateException("not loaded");
                    ps.executeUpdate();                                        // after a validation guard
                }
                void throwingOnDirty(PreparedStatement ps) throws SQLException {
                    if (dirty) throw new IllegalStateException("unsaved");
                    ps.executeUpdate();                                        // after a throw on the flag
                }
                void parameter(PreparedStatement ps, boolean force) throws SQLException {
                    if (force) ps.executeUpdate();                             // on a parameter
                }
            }
            """;

    @Test
    void onlyGuardsOnFlagsThatMutatorsSetMakeAWriteConditional() {
        GraphFixture f = new GraphFixture().java("shop/ejb/QuoteBean.java", BEAN);
        CallGraph g = f.build().graph();
        List<Integer> conditional = g.edges().stream().filter(e -> e.op() == CallOp.JDBC_EXECUTE)
                .filter(g.facts().conditionalCalls()::contains).map(CallEdge::line).toList();
        String file = "shop/ejb/QuoteBean.java";
        assertThat(conditional).containsExactlyInAnyOrder(f.line(file, "// after a dirty flag"),
                f.line(file, "// modified accessor"), f.line(file, "// version counter"));
    }

    /** Callbacks in an abstract base class, as in many BMP code bases: the subclasses' setters raise its flags. */
    private static final String BASE = """
            package shop.ejb;
            import java.sql.*;
            public abstract class JdbcEntity {
                protected boolean dirty;
                private boolean loaded;
                public void ejbLoad() { loaded = true; }
                void store(PreparedStatement ps) throws SQLException {
                    if (!dirty) return;
                    ps.executeUpdate();                                        // flag of the subclasses
                }
                void inherited(PreparedStatement ps) throws SQLException {
                    if (isModified()) ps.executeUpdate();                      // inherited accessor
                }
                void afterLoad(PreparedStatement ps) throws SQLException {
                    if (!loaded) return;
                    ps.executeUpdate();                                        // private load flag
                }
                abstract boolean isModified();
            }
            """;

    @Test
    void aNonPrivateFlagOfABaseClassThatOnlySubclassesRaiseIsADirtyCheck() {
        GraphFixture f = new GraphFixture().java("shop/ejb/JdbcEntity.java", BASE);
        CallGraph g = f.build().graph();
        List<Integer> conditional = g.edges().stream().filter(e -> e.op() == CallOp.JDBC_EXECUTE)
                .filter(g.facts().conditionalCalls()::contains).map(CallEdge::line).toList();
        String file = "shop/ejb/JdbcEntity.java";
        assertThat(conditional).containsExactlyInAnyOrder(f.line(file, "// flag of the subclasses"), f.line(file, "// inherited accessor"));
    }
}
