package org.acme.chatty.web;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.acme.chatty.ejb.CatalogRemote;
import org.acme.chatty.ejb.StockRemote;

@WebServlet("/category")
public class CategoryServlet extends HttpServlet {
    @EJB
    private CatalogRemote catalog;

    @EJB
    private StockRemote stock;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String category = request.getParameter("name");
        List<Long> ids = catalog.productIds(category);
        response.setContentType("text/plain");
        PrintWriter out = response.getWriter();
        for (Long id : ids) {
            out.println(id + ": " + stock.available(id) + " in stock");
        }
    }
}
