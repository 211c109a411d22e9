package org.acme.seed.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

/**
 * Loads the sample shop data: one request creates the tables and inserts the rows, step by step,
 * each step on the connection the request opened.
 */
public class SeedDataServlet extends HttpServlet {
    private static final String DATA_SOURCE = "java:comp/env/jdbc/ShopDB";

    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        boolean force = "true".equals(request.getParameter("force"));
        Connection con = null;
        try {
            con = getDBConnection();
            if (!force && isSeeded(con)) {
                response.sendRedirect("seeded.html");
                return;
            }
            dropTables(con);
            createCategoryTable(con);
            createProductTable(con);
            createItemTable(con);
            createInventoryTable(con);
            createAccountTable(con);
            insertCategories(con);
            insertProducts(con);
            insertItems(con);
            insertInventory(con);
            insertAccounts(con, "j2ee", "j2ee@example.com");
            int items = countItems(con);
            response.setContentType("text/plain");
            PrintWriter out = response.getWriter();
            out.println("seeded " + items + " items");
        } catch (SQLException e) {
            throw new ServletException("seeding failed: " + e.getMessage());
        } finally {
            closeConnection(con);
        }
    }

    private Connection getDBConnection() throws ServletException {
        Connection con = null;
        try {
            InitialContext ic = new InitialContext();
            DataSource ds = (DataSource) ic.lookup(DATA_SOURCE);
            con = ds.getConnection();
        } catch (NamingException e) {
            throw new ServletException("no data source " + DATA_SOURCE + ": " + e.getMessage());
        } catch (SQLException e) {
            throw new ServletException("cannot connect: " + e.getMessage());
        }
        return con;
    }

    private void closeConnection(Connection con) {
        try {
            if (con != null) con.close();
        } catch (SQLException e) {
            log("cannot close the connection", e);
        }
    }

    private boolean isSeeded(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        try {
            ResultSet rs = stmt.executeQuery("SELECT COUNT(*) FROM category");
            return rs.next() && rs.getInt(1) > 0;
        } catch (SQLException noTableYet) {
            return false;
        } finally {
            stmt.close();
        }
    }

    private void dropTables(Connection con) throws SQLException {
        String[] tables = {"inventory", "item", "product", "category", "account"};
        Statement stmt = con.createStatement();
        for (int i = 0; i < tables.length; i++) {
            try {
                stmt.executeUpdate("DROP TABLE " + tables[i]);
            } catch (SQLException absent) {
                log("no table " + tables[i] + " to drop");
            }
        }
        stmt.close();
    }

    private void createCategoryTable(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("CREATE TABLE category (catid VARCHAR(10) PRIMARY KEY, name VARCHAR(80))");
        stmt.close();
    }

    private void createProductTable(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("CREATE TABLE product (productid VARCHAR(10) PRIMARY KEY, catid VARCHAR(10), name VARCHAR(80))");
        stmt.close();
    }

    private void createItemTable(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("CREATE TABLE item (itemid VARCHAR(10) PRIMARY KEY, productid VARCHAR(10), price DECIMAL(10,2))");
        stmt.close();
    }

    private void createInventoryTable(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("CREATE TABLE inventory (itemid VARCHAR(10) PRIMARY KEY, qty INTEGER)");
        stmt.close();
    }

    private void createAccountTable(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("CREATE TABLE account (userid VARCHAR(80) PRIMARY KEY, email VARCHAR(80))");
        stmt.close();
    }

    private void insertCategories(Connection con) throws SQLException {
        PreparedStatement ps = con.prepareStatement("INSERT INTO category VALUES (?, ?)");
        String[][] rows = {{"FISH", "Fish"}, {"DOGS", "Dogs"}, {"CATS", "Cats"}};
        for (int i = 0; i < rows.length; i++) {
            ps.setString(1, rows[i][0]);
            ps.setString(2, rows[i][1]);
            ps.executeUpdate();
        }
        ps.close();
    }

    private void insertProducts(Connection con) throws SQLException {
        PreparedStatement ps = con.prepareStatement("INSERT INTO product VALUES (?, ?, ?)");
        String[][] rows = {{"FI-1", "FISH", "Angelfish"}, {"DO-1", "DOGS", "Bulldog"}, {"CA-1", "CATS", "Manx"}};
        for (int i = 0; i < rows.length; i++) {
            ps.setString(1, rows[i][0]);
            ps.setString(2, rows[i][1]);
            ps.setString(3, rows[i][2]);
            ps.executeUpdate();
        }
        ps.close();
    }

    private void insertItems(Connection con) throws SQLException {
        PreparedStatement ps = con.prepareStatement("INSERT INTO item VALUES (?, ?, ?)");
        String[][] rows = {{"EST-1", "FI-1", "16.50"}, {"EST-2", "DO-1", "18.50"}, {"EST-3", "CA-1", "58.50"}};
        for (int i = 0; i < rows.length; i++) {
            ps.setString(1, rows[i][0]);
            ps.setString(2, rows[i][1]);
            ps.setBigDecimal(3, new java.math.BigDecimal(rows[i][2]));
            ps.executeUpdate();
        }
        ps.close();
    }

    private void insertInventory(Connection con) throws SQLException {
        PreparedStatement ps = con.prepareStatement("INSERT INTO inventory VALUES (?, ?)");
        String[] items = {"EST-1", "EST-2", "EST-3"};
        for (int i = 0; i < items.length; i++) {
            ps.setString(1, items[i]);
            ps.setInt(2, 10000);
            ps.executeUpdate();
        }
        ps.close();
    }

    private void insertAccounts(Connection con, String user, String email) throws SQLException {
        Statement stmt = con.createStatement();
        stmt.executeUpdate("INSERT INTO account VALUES ('" + user + "', '" + email + "')");
        stmt.close();
    }

    private int countItems(Connection con) throws SQLException {
        Statement stmt = con.createStatement();
        try {
            ResultSet rs = stmt.executeQuery("SELECT COUNT(*) FROM item");
            return rs.next() ? rs.getInt(1) : 0;
        } finally {
            stmt.close();
        }
    }
}
