package org.acme.seed.web;

import java.io.IOException;
import java.sql.Connection;
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

/** How much sample data is loaded: two counts, on a connection of its own. */
public class SeedStatusServlet extends HttpServlet {
    private static final String DATA_SOURCE = "java:comp/env/jdbc/ShopDB";

    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        int items;
        try {
            items = countItems();
        } catch (NamingException e) {
            throw new ServletException("no data source " + DATA_SOURCE + ": " + e.getMessage());
        } catch (SQLException e) {
            throw new ServletException("cannot count the items: " + e.getMessage());
        }
        response.setContentType("text/plain");
        response.getWriter().println(items + " items loaded");
    }

    private int countItems() throws NamingException, SQLException {
        InitialContext ic = new InitialContext();
        DataSource ds = (DataSource) ic.lookup(DATA_SOURCE);
        Connection con = ds.getConnection();
        try {
            Statement stmt = con.createStatement();
            ResultSet rs = stmt.executeQuery("SELECT COUNT(*) FROM item");
            int items = rs.next() ? rs.getInt(1) : 0;
            ResultSet stocked = stmt.executeQuery("SELECT COUNT(*) FROM inventory WHERE qty > 0");
            return stocked.next() ? Math.min(items, stocked.getInt(1)) : 0;
        } finally {
            con.close();
        }
    }
}
