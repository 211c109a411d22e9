package org.example.xstore.ejb.interfaces;

/** Remote interface for StoreFacade: the @ejb.interface-method view-type="remote" methods. */
public interface StoreFacade extends javax.ejb.EJBObject {
    java.util.List listNames(String category) throws javax.ejb.FinderException, java.rmi.RemoteException;

    double priceOf(String sku) throws javax.ejb.FinderException, java.rmi.RemoteException;

    void reprice(String sku, double price) throws javax.ejb.FinderException, java.rmi.RemoteException;
}
