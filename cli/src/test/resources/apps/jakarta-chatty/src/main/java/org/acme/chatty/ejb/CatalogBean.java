package org.acme.chatty.ejb;

import jakarta.ejb.Stateless;
import java.util.List;

@Stateless
public class CatalogBean implements CatalogRemote {
    @Override
    public String findProduct(long id) {
        return "product-" + id;
    }

    @Override
    public double getPrice(long id) {
        return id * 1.5;
    }

    @Override
    public List<Long> productIds(String category) {
        return List.of(1L, 2L, 3L);
    }
}
