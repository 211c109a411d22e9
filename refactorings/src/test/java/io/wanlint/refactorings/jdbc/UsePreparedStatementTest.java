package io.wanlint.refactorings.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.jdbc.UsePreparedStatement.Rewrite;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UsePreparedStatementTest {
    private static String apply(String before, String method) {
        Rewrite r = UsePreparedStatement.rewrite(new SourceText("src/a/Dao.java", before, StandardCharsets.UTF_8, false), "Dao", method);
        assertThat(r).as("%s", r).isInstanceOf(Rewrite.Planned.class);
        return ((Rewrite.Planned) r).change().applyTo(before);
    }

    private static Rewrite rewrite(String text) {
        return UsePreparedStatement.rewrite(new SourceText("src/a/Dao.java", text, StandardCharsets.UTF_8, false), "Dao", "find");
    }

    @Test
    void inlineConcatenationBecomesBoundParameters() {
        String before = """
                package a;

                import java.sql.Connection;
                import java.sql.ResultSet;
                import java.sql.Statement;

                class Dao {
                    ResultSet find(Connection conn, String name, int age, long id) throws Exception {
                        Statement stmt = conn.createStatement();
                        // the lookup
                        ResultSet rs = stmt.executeQuery("SELECT * FROM P WHERE name = '" + name + "' AND age = " + age
                                + " AND id = " + id + " AND k = " + key());
                        return rs;
                    }
                    Object key() { return null; }
                }
                """;
        assertThat(apply(before, "find")).isEqualTo("""
                package a;

                import java.sql.Connection;
                import java.sql.PreparedStatement;
                import java.sql.ResultSet;
                import java.sql.Statement;

                class Dao {
                    ResultSet find(Connection conn, String name, int age, long id) throws Exception {
                        PreparedStatement stmt = conn.prepareStatement("SELECT * FROM P WHERE name = ? AND age = ? AND id = ? AND k = ?");
                        // the lookup
                        stmt.setString(1, name);
                        stmt.setInt(2, age);
                        stmt.setLong(3, id);
                        stmt.setObject(4, key());
                        ResultSet rs = stmt.executeQuery();
                        return rs;
                    }
                    Object key() { return null; }
                }
                """);
    }

    @Test
    void sqlVariableGivesWayToTheBindingsAndCrlfIsKept() {
        String before = """
                package a;
                import java.sql.*;
                class Dao {
                    int find(Connection c, Integer n) throws SQLException {
                        Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
                        String sql = "UPDATE T SET n = " + n + " WHERE x = 'y'";
                        return s.executeUpdate(sql);
                    }
                }
                """.replace("\n", "\r\n");
        assertThat(apply(before, "find")).isEqualTo("""
                package a;
                import java.sql.*;
                class Dao {
                    int find(Connection c, Integer n) throws SQLException {
                        PreparedStatement s = c.prepareStatement("UPDATE T SET n = ? WHERE x = 'y'", ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
                        s.setObject(1, n);
                        return s.executeUpdate();
                    }
                }
                """.replace("\n", "\r\n"));
    }

    @Test
    void tryResourcesSplitSoTheParametersAreBoundBeforeTheQuery() {
        String before = """
                package a;
                import java.sql.Connection;
                import java.sql.ResultSet;
                import java.sql.Statement;
                class Dao {
                    javax.sql.DataSource ds;
                    int find(String status) throws Exception {
                        try (Connection connection = ds.getConnection();
                             Statement statement = connection.createStatement();
                             ResultSet rows = statement.executeQuery(
                                     "SELECT COUNT(*) FROM T WHERE status = '" + status + "'")) {
                            if (rows.next()) {
                                return rows.getInt(1);
                            }
                            return 0;
                        } finally {
                            ds = null;
                        }
                    }
                }
                """;
        String after = apply(before, "find");
        assertThat(after).isEqualTo("""
                package a;
                import java.sql.Connection;
                import java.sql.PreparedStatement;
                import java.sql.ResultSet;
                import java.sql.Statement;
                class Dao {
                    javax.sql.DataSource ds;
                    int find(String status) throws Exception {
                        try (Connection connection = ds.getConnection();
                             PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM T WHERE status = ?")) {
                            statement.setString(1, status);
                            try (ResultSet rows = statement.executeQuery()) {
                                if (rows.next()) {
                                    return rows.getInt(1);
                                }
                                return 0;
                            }
                        } finally {
                            ds = null;
                        }
                    }
                }
                """);
        assertThat(rewrite(after)).isInstanceOf(Rewrite.NotApplicable.class);
    }

    @Test
    void statementDeclaredNullAndAssignedInTheTryIsPreparedThere() {
        String before = """
                package a;
                import java.sql.*;
                class Dao {
                    Object find(Connection con, String categoryId) throws SQLException {
                        Statement stmt = null;
                        ResultSet rs = null;
                        try {
                            stmt = con.createStatement();
                            rs = stmt.executeQuery("SELECT name "
                                    + "FROM item WHERE catid = '"
                                    + categoryId + "' ORDER BY name");
                            return rs.next() ? rs.getString(1) : null;
                        } finally {
                            if (stmt != null) stmt.close();
                            closeQuietly(rs, stmt);
                        }
                    }
                    static void closeQuietly(ResultSet rs, Statement s) {}
                }
                """;
        String after = apply(before, "find");
        assertThat(after).isEqualTo(before
                .replace("Statement stmt = null;", "PreparedStatement stmt = null;")
                .replace("stmt = con.createStatement();", "stmt = con.prepareStatement(\"SELECT name FROM item WHERE catid = ? ORDER BY name\");")
                .replace("""
                                    rs = stmt.executeQuery("SELECT name "
                                            + "FROM item WHERE catid = '"
                                            + categoryId + "' ORDER BY name");
                        """, """
                                    stmt.setString(1, categoryId);
                                    rs = stmt.executeQuery();
                        """));
        assertThat(rewrite(after)).isInstanceOf(Rewrite.NotApplicable.class);
        // Handed to a helper that may run other SQL on it: a PreparedStatement would refuse that SQL.
        assertThat(rewrite(before.replace("closeQuietly(rs, stmt);", "audit(stmt);")))
                .isInstanceOf(Rewrite.NotApplicable.class);
    }

    @Test
    void likePatternAroundAValueIsBoundWithItsWildcards() {
        String before = """
                package a;
                import java.sql.*;
                class Dao {
                    void find(Connection c, String name) throws SQLException {
                        Statement s = c.createStatement();
                        s.executeQuery("SELECT id FROM T WHERE name LIKE '%" + name + "%' ORDER BY id");
                    }
                }
                """;
        assertThat(apply(before, "find")).contains("""
                        PreparedStatement s = c.prepareStatement("SELECT id FROM T WHERE name LIKE ? ORDER BY id");
                        s.setString(1, "%" + name + "%");
                        s.executeQuery();
                """);
    }

    @Test
    void whereClauseBuiltInALoopCollectsItsValuesAndBindsThemAfterPreparing() {
        String before = """
                package a;
                import java.sql.*;
                import java.util.StringTokenizer;
                class Dao {
                    private static final String COLUMNS = "i.id, i.name";
                    Object find(Connection con, String keywords) throws SQLException {
                        StringBuffer where = new StringBuffer();
                        StringTokenizer words = new StringTokenizer(keywords);
                        while (words.hasMoreTokens()) {
                            String word = words.nextToken();
                            where.append(" AND (i.name LIKE '%").append(word)
                                 .append("%' OR i.descn LIKE '").append(word).append("%')");
                        }
                        Statement stmt = null;
                        try {
                            stmt = con.createStatement();
                            return stmt.executeQuery("SELECT " + COLUMNS + " FROM item i WHERE i.ok = 1" + where.toString());
                        } finally {
                            if (stmt != null) stmt.close();
                        }
                    }
                }
                """;
        String after = apply(before, "find");
        assertThat(after).isEqualTo("""
                package a;
                import java.sql.*;
                import java.util.ArrayList;
                import java.util.List;
                import java.util.StringTokenizer;
                class Dao {
                    private static final String COLUMNS = "i.id, i.name";
                    Object find(Connection con, String keywords) throws SQLException {
                        StringBuffer where = new StringBuffer();
                        List whereValues = new ArrayList();
                        StringTokenizer words = new StringTokenizer(keywords);
                        while (words.hasMoreTokens()) {
                            String word = words.nextToken();
                            where.append(" AND (i.name LIKE ? OR i.descn LIKE ?)");
                            whereValues.add("%" + word + "%");
                            whereValues.add(word + "%");
                        }
                        PreparedStatement stmt = null;
                        try {
                            stmt = con.prepareStatement("SELECT " + COLUMNS + " FROM item i WHERE i.ok = 1" + where.toString());
                            for (int i = 0; i < whereValues.size(); i++) {
                                stmt.setString(i + 1, (String) whereValues.get(i));
                            }
                            return stmt.executeQuery();
                        } finally {
                            if (stmt != null) stmt.close();
                        }
                    }
                }
                """);
        assertThat(rewrite(after)).isInstanceOf(Rewrite.NotApplicable.class);
        // Appended to after the statement is created: the values would be bound too late.
        assertThat(rewrite(before.replace("            return stmt.executeQuery(", "            where.append(\" AND 1 = 1\");\n            return stmt.executeQuery(")))
                .isInstanceOf(Rewrite.NotApplicable.class);
        // The builder passed elsewhere may gain SQL the rewrite cannot see.
        assertThat(rewrite(before.replace("StringTokenizer words =", "audit(where);\n        StringTokenizer words =")))
                .isInstanceOf(Rewrite.NotApplicable.class);
    }

    @Test
    void runningTwiceChangesNothingMore() {
        String before = """
                package a;
                import java.sql.*;
                class Dao {
                    void find(Connection conn, String id) throws SQLException {
                        Statement st = conn.createStatement();
                        st.execute("DELETE FROM T WHERE id = " + id);
                        st.close();
                    }
                }
                """;
        String once = apply(before, "find");
        assertThat(once).contains("st.setString(1, id);\n        st.execute();\n        st.close();");
        assertThat(rewrite(once)).isInstanceOf(Rewrite.NotApplicable.class);
    }

    @Test
    void otherShapesAreLeftAlone() {
        // A statement passed in: the connection it came from is unknown.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Statement s, String id) throws Exception { s.execute("DELETE FROM T WHERE id = " + id); } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
        // One statement running two different SQL statements.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, String id) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute("DELETE FROM T WHERE id = " + id);
                    s.execute("DELETE FROM U");
                } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
        // A value next to an escaped quote of an SQL string literal: the literal's text is not plain.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, String id) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute("DELETE FROM T WHERE id LIKE 'it''s " + id + "%'");
                } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
        // A value that is only part of an SQL string literal's text besides wildcards stays as it is.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, String id) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute("DELETE FROM T WHERE id = 'A-" + id + "' OR id = '" + id + "-B'");
                } }
                """)).isInstanceOf(Rewrite.Planned.class);
        // A column list and a clause are SQL text, not values: a ? cannot stand for them.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, String cols, String id) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute("SELECT " + cols + " FROM T WHERE id = " + id);
                } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, String where) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute("SELECT a FROM T WHERE a = 1" + where);
                } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
        // Numbers added before the string starts: not a plain concatenation.
        assertThat(rewrite("""
                class Dao { void find(java.sql.Connection c, int a, int b) throws Exception {
                    java.sql.Statement s = c.createStatement();
                    s.execute(a + b + " FROM T");
                } }
                """)).isInstanceOf(Rewrite.NotApplicable.class);
    }

    @Test
    void aFullyQualifiedStatementNeedsNoImport() {
        String after = apply("""
                class Dao {
                    void find(java.sql.Connection c, String id) throws Exception {
                        java.sql.Statement s = c.createStatement();
                        s.executeUpdate("DELETE FROM T WHERE id = " + id);
                    }
                }
                """, "find");
        assertThat(after).doesNotContain("import").contains("java.sql.PreparedStatement s = c.prepareStatement(\"DELETE FROM T WHERE id = ?\");");
    }

    @Test
    void aRewriteLeavesTheTreeAsParsedSoThatASharedParseGivesTheSameRewriteAgain() {
        // A value inside SQL quotes takes the next literal's head ("' AND age = ") along: planned from one
        // shared tree (io.wanlint.refactorings.text.JavaSource#sharing), the second rewrite must still see that head.
        SourceText text = new SourceText("src/a/Dao.java", """
                package a;

                import java.sql.Connection;
                import java.sql.ResultSet;
                import java.sql.Statement;

                class Dao {
                    ResultSet find(Connection conn, String name, String city) throws Exception {
                        Statement stmt = conn.createStatement();
                        return stmt.executeQuery("SELECT * FROM P WHERE name = '" + name + "' AND city LIKE '%" + city + "%'");
                    }
                }
                """, StandardCharsets.UTF_8, false);
        Rewrite alone = UsePreparedStatement.rewrite(text, "Dao", "find");
        assertThat(alone).isInstanceOf(Rewrite.Planned.class);
        try (io.wanlint.refactorings.text.JavaSource.Sharing trees = io.wanlint.refactorings.text.JavaSource.sharing()) {
            assertThat(UsePreparedStatement.rewrite(text, "Dao", "find")).isEqualTo(alone);
            assertThat(UsePreparedStatement.rewrite(text, "Dao", "find")).isEqualTo(alone);
        }
    }
}
