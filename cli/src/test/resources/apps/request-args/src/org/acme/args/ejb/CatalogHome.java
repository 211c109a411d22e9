package org.acme.args.ejb;

import java.rmi.RemoteException;
import javax.ejb.CreateException;
import javax.ejb.EJBHome;

public interface CatalogHome extends EJBHome {
    Catalog create() throws CreateException, RemoteException;
}
