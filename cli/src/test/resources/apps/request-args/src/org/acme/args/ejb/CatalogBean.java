package org.acme.args.ejb;

import java.util.ArrayList;
import java.util.Collection;
import javax.ejb.SessionBean;
import javax.ejb.SessionContext;

/** A stateless catalog; the data is made up, the round trips are what the test measures. */
public class CatalogBean implements SessionBean {
    private SessionContext context;

    public String getName(String productId) { return "Product " + productId; }

    public double getPrice(String productId, String currency) { return "EUR".equals(currency) ? 9.5 : 10.0; }

    public int inStock(String productId) { return productId.length(); }

    public Collection search(String query, int page) {
        Collection ids = new ArrayList();
        for (int i = 0; i < 3; i++) ids.add(query + "-" + (page * 3 + i));
        return ids;
    }

    public boolean reserve(String customer, String productId, int quantity) { return customer != null && inStock(productId) >= quantity; }

    public void ejbCreate() {}

    public void ejbRemove() {}

    public void ejbActivate() {}

    public void ejbPassivate() {}

    public void setSessionContext(SessionContext context) { this.context = context; }
}
