package org.acme.args.ejb;

import java.rmi.RemoteException;
import java.util.Collection;
import javax.ejb.EJBObject;

/** Remote interface of the Catalog session bean: one RMI call per method. */
public interface Catalog extends EJBObject {
    String getName(String productId) throws RemoteException;

    double getPrice(String productId, String currency) throws RemoteException;

    int inStock(String productId) throws RemoteException;

    Collection search(String query, int page) throws RemoteException;

    boolean reserve(String customer, String productId, int quantity) throws RemoteException;
}
