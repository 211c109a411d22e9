package org.acme.chatty.ejb;

import jakarta.ejb.Remote;
import java.util.List;

@Remote
public interface CatalogRemote {
    String findProduct(long id);

    double getPrice(long id);

    List<Long> productIds(String category);
}
