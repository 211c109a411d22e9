package org.example.xstore.ejb.interfaces;

/** Home interface for StoreFacade, as XDoclet's remote-home template names and shapes it. */
public interface StoreFacadeHome extends javax.ejb.EJBHome {
    String COMP_NAME = "java:comp/env/ejb/StoreFacade";
    String JNDI_NAME = "ejb/StoreFacade";

    StoreFacade create() throws javax.ejb.CreateException, java.rmi.RemoteException;
}
