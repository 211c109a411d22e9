package org.acme.seed.ejb;

import java.rmi.RemoteException;
import javax.ejb.EJBObject;

/** Remote interface of the Clock session bean: the server's time, for stamping seeded rows. */
public interface Clock extends EJBObject {
    long now() throws RemoteException;
}
