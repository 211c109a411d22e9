package org.acme.args.web;

import java.io.IOException;
import java.io.PrintWriter;
import javax.ejb.CreateException;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.rmi.PortableRemoteObject;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.acme.args.ejb.Catalog;
import org.acme.args.ejb.CatalogHome;

/** One product: every bean call takes its arguments straight from the request. */
public class ProductServlet extends HttpServlet {
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            Context ctx = new InitialContext();
            CatalogHome home = (CatalogHome) PortableRemoteObject.narrow(ctx.lookup("java:comp/env/ejb/Catalog"), CatalogHome.class);
            Catalog catalog = home.create();
            String name = catalog.getName(request.getParameter("productId"));
            double price = catalog.getPrice(request.getParameter("productId"), request.getHeader("X-Currency"));
            int stock = catalog.inStock(request.getParameter("productId"));
            response.setContentType("text/plain");
            PrintWriter out = response.getWriter();
            out.println(name + " costs " + price + ", " + stock + " in stock");
        } catch (NamingException e) {
            throw new ServletException("Catalog home not bound: " + e.getMessage());
        } catch (CreateException e) {
            throw new ServletException("cannot create Catalog: " + e.getMessage());
        }
    }
}
