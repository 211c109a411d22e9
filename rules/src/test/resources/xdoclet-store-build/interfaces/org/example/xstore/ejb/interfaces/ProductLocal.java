package org.example.xstore.ejb.interfaces;

/** Local interface for Product: the @ejb.interface-method accessors. */
public interface ProductLocal extends javax.ejb.EJBLocalObject {
    String getSku();

    String getName();

    String getCategory();

    double getPrice();

    void setPrice(double price);
}
