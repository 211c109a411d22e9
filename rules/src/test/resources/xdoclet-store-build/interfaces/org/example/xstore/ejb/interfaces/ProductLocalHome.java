package org.example.xstore.ejb.interfaces;

/** Local home interface for Product: its create method and the @ejb.finder. */
public interface ProductLocalHome extends javax.ejb.EJBLocalHome {
    String COMP_NAME = "java:comp/env/ejb/ProductLocal";
    String JNDI_NAME = "ejb/ProductLocal";

    ProductLocal create(String sku, String name, String category, double price) throws javax.ejb.CreateException;

    java.util.Collection findByCategory(String category) throws javax.ejb.FinderException;

    ProductLocal findByPrimaryKey(String pk) throws javax.ejb.FinderException;
}
