package org.acme.report;

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

/** Prints how many orders a customer has, under a heading prepared once. */
public class ReportServlet extends HttpServlet {
    private final PreparedStatement heading = new PreparedStatement("Orders");

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String customer = request.getParameter("customer");
        try {
            DataSource ds = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/ShopDB");
            Connection con = ds.getConnection();
            try {
                Statement stmt = con.createStatement();
                ResultSet rs = stmt.executeQuery("SELECT COUNT(*) FROM orders WHERE customer = '" + customer + "'");
                rs.next();
                response.getWriter().println(heading.text() + ": " + rs.getInt(1));
                stmt.close();
            } finally {
                con.close();
            }
        } catch (NamingException | SQLException e) {
            throw new ServletException(e.getMessage());
        }
    }
}
