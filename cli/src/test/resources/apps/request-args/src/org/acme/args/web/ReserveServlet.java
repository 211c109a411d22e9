package org.acme.args.web;

import java.io.IOException;
import javax.ejb.CreateException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.rmi.PortableRemoteObject;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.acme.args.ejb.Catalog;
import org.acme.args.ejb.CatalogHome;

/**
 * Reserves a product for the signed-in customer: the customer comes from the session, the
 * product from the request, read between two bean calls; the session is written afterwards.
 */
public class ReserveServlet extends HttpServlet {
    private static final String PRODUCT = "productId";

    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        HttpSession session = request.getSession();
        try {
            CatalogHome home = (CatalogHome) PortableRemoteObject.narrow(
                    new InitialContext().lookup("java:comp/env/ejb/Catalog"), CatalogHome.class);
            Catalog catalog = home.create();
            String productId = request.getParameter(PRODUCT);
            boolean reserved = catalog.reserve((String) session.getAttribute("customer"), productId, 1);
            int left = catalog.inStock(productId);
            session.setAttribute("lastReserved", productId);
            response.getWriter().println(reserved ? "reserved " + productId + ", " + left + " left" : "sold out");
        } catch (NamingException e) {
            throw new ServletException("Catalog home not bound: " + e.getMessage());
        } catch (CreateException e) {
            throw new ServletException("cannot create Catalog: " + e.getMessage());
        }
    }
}
