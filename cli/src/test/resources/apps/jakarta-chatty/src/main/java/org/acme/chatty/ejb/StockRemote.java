package org.acme.chatty.ejb;

import jakarta.ejb.Remote;

@Remote
public interface StockRemote {
    int available(long id);
}
