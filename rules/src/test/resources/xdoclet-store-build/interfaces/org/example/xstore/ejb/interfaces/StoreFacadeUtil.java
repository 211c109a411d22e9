package org.example.xstore.ejb.interfaces;

/** Utility class for StoreFacade: XDoclet's util template with its home cached. */
public class StoreFacadeUtil {
    private static StoreFacadeHome cachedRemoteHome = null;

    public static StoreFacadeHome getHome() throws javax.naming.NamingException {
        if (cachedRemoteHome == null) {
            Object ref = new javax.naming.InitialContext().lookup(StoreFacadeHome.JNDI_NAME);
            cachedRemoteHome = (StoreFacadeHome) javax.rmi.PortableRemoteObject.narrow(ref, StoreFacadeHome.class);
        }
        return cachedRemoteHome;
    }
}
