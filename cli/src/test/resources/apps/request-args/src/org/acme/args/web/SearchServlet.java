package org.acme.args.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Iterator;
import javax.ejb.CreateException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.rmi.PortableRemoteObject;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.acme.args.ejb.Catalog;
import org.acme.args.ejb.CatalogHome;

/** A page of search results: the loop's header takes the query from the request, its body one name per hit. */
public class SearchServlet extends HttpServlet {
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        response.setContentType("text/html");
        PrintWriter out = response.getWriter();
        try {
            CatalogHome home = (CatalogHome) PortableRemoteObject.narrow(
                    new InitialContext().lookup("java:comp/env/ejb/Catalog"), CatalogHome.class);
            Catalog catalog = home.create();
            out.println("<ul>");
            for (Iterator it = catalog.search(request.getParameter("q"), Integer.parseInt(request.getParameter("page"))).iterator(); it.hasNext();) {
                String id = (String) it.next();
                out.println("<li>" + id + ": " + catalog.getName(id) + "</li>");
            }
            out.println("</ul>");
        } catch (NamingException e) {
            throw new ServletException("Catalog home not bound: " + e.getMessage());
        } catch (CreateException e) {
            throw new ServletException("cannot create Catalog: " + e.getMessage());
        }
    }
}
