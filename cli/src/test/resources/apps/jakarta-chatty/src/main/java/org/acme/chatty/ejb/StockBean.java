package org.acme.chatty.ejb;

import jakarta.ejb.Stateless;

@Stateless
public class StockBean implements StockRemote {
    @Override
    public int available(long id) {
        return (int) (id % 7);
    }
}
