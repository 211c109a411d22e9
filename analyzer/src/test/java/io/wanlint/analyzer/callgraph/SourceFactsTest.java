package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceFacts.SessionStateValue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@link SourceFacts} the source front end attaches to its call graph. */
class SourceFactsTest {
    private static final String DAO = """
            package shop.dao;
            import java.sql.*;
            public class ItemDao {
                private static final String COLUMNS = "id, name";
                private boolean dirty;
                void rename() { dirty = true; }
                void queries(Connection c, String cat, String sqlFromCaller) throws SQLException {
                    Statement s = c.createStatement();
                    s.executeQuery("SELECT " + COLUMNS + " FROM item");                 // constant
                    s.executeQuery("SELECT * FROM item WHERE cat = '" + cat + "'");      // built
                    String sql = "SELECT * FROM item WHERE cat = " + cat;
                    s.executeQuery(sql);                                                // built via a local
                    StringBuilder where = new StringBuilder(" WHERE 1 = 1");
                    s.executeQuery("SELECT * FROM item" + where);                       // built
                    s.executeUpdate(sqlFromCaller);                                     // unknown: not built
                    final String literal = "DELETE FROM item";
                    s.executeUpdate(literal);                                           // constant local
                }
                public void ejbStore(Connection c) throws SQLException {
                    PreparedStatement ps = c.prepareStatement("UPDATE item SET name = ?");
                    ps.executeUpdate();                                                 // unconditional
                    if (dirty) ps.executeUpdate();                                      // conditional
                }
                public void guarded(PreparedStatement ps) throws SQLException {
                    if (!dirty) return;
                    try {
                        ps.executeUpdate();                                             // after an early return
                    } finally { dirty = false; }
                }
            }
            """;

    @Test
    void statementExecutionsKnowWhetherTheirSqlIsBuiltAndWhetherAConditionGuardsThem() {
        GraphFixture f = new GraphFixture().java("shop/dao/ItemDao.java", DAO);
        CallGraph g = f.build().graph();
        SourceFacts facts = g.facts();
        assertThat(facts.known()).isTrue();
        List<CallEdge> executes = g.edges().stream().filter(e -> e.op() == CallOp.JDBC_EXECUTE).toList();
        assertThat(executes.stream().filter(facts.sqlBuiltAtRuntime()::contains).map(CallEdge::line))
                .containsExactlyInAnyOrder(f.line("shop/dao/ItemDao.java", "// built"),
                        f.line("shop/dao/ItemDao.java", "// built via a local"),
                        f.line("shop/dao/ItemDao.java", "where);"));
        assertThat(executes.stream().filter(facts.conditionalCalls()::contains).map(CallEdge::line))
                .containsExactlyInAnyOrder(f.line("shop/dao/ItemDao.java", "// conditional"),
                        f.line("shop/dao/ItemDao.java", "// after an early return"));
    }

    @Test
    void nonSerializableValuesPutInTheSessionOrHeldByStatefulBeansAreListed() {
        GraphFixture f = new GraphFixture()
                .java("shop/web/Helper.java", "package shop.web;\npublic class Helper { }\n")
                .java("shop/web/Child.java", "package shop.web;\npublic class Child extends Helper { }\n")
                .java("shop/web/Dto.java", "package shop.web;\npublic class Dto implements java.io.Serializable { }\n")
                .java("shop/web/SubDto.java", "package shop.web;\npublic class SubDto extends Dto { }\n")
                .java("shop/web/Page.java", """
                        package shop.web;
                        import javax.servlet.http.*;
                        public class Page extends HttpServlet {
                            protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                                HttpSession s = q.getSession();
                                s.setAttribute("helper", new Helper());
                                s.setAttribute("child", new Child());
                                s.setAttribute("dto", new SubDto());
                                s.setAttribute("text", "plain");
                                s.putValue("old", new Helper());
                            }
                        }
                        """)
                .java("shop/ejb/CartBean.java", """
                        package shop.ejb;
                        public class CartBean implements javax.ejb.SessionBean {
                            private shop.web.Helper helper;
                            private transient shop.web.Helper cached;
                            private static shop.web.Helper shared;
                            private shop.web.Dto dto;
                            public void setSessionContext(javax.ejb.SessionContext c) { }
                            public void ejbRemove() { }
                            public void ejbActivate() { }
                            public void ejbPassivate() { }
                        }
                        """)
                .component(Component.simple("Cart", ComponentKind.STATEFUL_SESSION, "shop.ejb.CartBean", List.of(), List.of()));
        SourceFacts facts = f.build().graph().facts();
        assertThat(facts.nonSerializableState()).extracting(SessionStateValue::holder, SessionStateValue::member,
                        SessionStateValue::valueType)
                .containsExactlyInAnyOrder(
                        tuple(SourceFacts.Holder.HTTP_SESSION, "helper", "shop.web.Helper"),
                        tuple(SourceFacts.Holder.HTTP_SESSION, "child", "shop.web.Child"),
                        tuple(SourceFacts.Holder.HTTP_SESSION, "old", "shop.web.Helper"),
                        tuple(SourceFacts.Holder.STATEFUL_BEAN_FIELD, "helper", "shop.web.Helper"));
    }
}
