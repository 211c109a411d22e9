package org.acme.chatty.web;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import org.acme.chatty.ejb.CatalogRemote;
import org.acme.chatty.ejb.StockRemote;

@WebServlet("/product")
public class ProductServlet extends HttpServlet {
    @EJB
    private CatalogRemote catalog;

    @EJB
    private StockRemote stock;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long id = Long.parseLong(request.getParameter("id"));
        String name = catalog.findProduct(id);
        double price = catalog.getPrice(id);
        int available = stock.available(id);
        response.setContentType("text/plain");
        PrintWriter out = response.getWriter();
        out.println(name + " costs " + price + ", " + available + " in stock");
    }
}
