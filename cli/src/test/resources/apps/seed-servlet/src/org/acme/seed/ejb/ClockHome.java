package org.acme.seed.ejb;

import java.rmi.RemoteException;
import javax.ejb.CreateException;
import javax.ejb.EJBHome;

public interface ClockHome extends EJBHome {
    Clock create() throws CreateException, RemoteException;
}
