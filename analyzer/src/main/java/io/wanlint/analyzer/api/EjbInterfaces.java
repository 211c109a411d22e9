package io.wanlint.analyzer.api;

import java.util.List;

/**
 * The client views of an EJB, as fully qualified interface names; null when the view is absent.
 * EJB 2.x beans use home/remote/local-home/local; EJB 3.x beans use business interfaces and the
 * no-interface view.
 */
public record EjbInterfaces(String home, String remote, String localHome, String local,
                            List<String> remoteBusiness, List<String> localBusiness, boolean noInterfaceView) {
    public EjbInterfaces {
        remoteBusiness = remoteBusiness == null ? List.of() : List.copyOf(remoteBusiness);
        localBusiness = localBusiness == null ? List.of() : List.copyOf(localBusiness);
    }

    public static final EjbInterfaces NONE = new EjbInterfaces(null, null, null, null, List.of(), List.of(), false);

    /** Whether clients in another JVM (and so another site) can call this bean. */
    public boolean hasRemoteView() { return home != null || remote != null || !remoteBusiness.isEmpty(); }

    public boolean hasLocalView() { return localHome != null || local != null || !localBusiness.isEmpty() || noInterfaceView; }

    /** Whether {@code typeName} is one of this bean's remote interfaces (home, component or business). */
    public boolean isRemoteType(String typeName) {
        return typeName != null && (typeName.equals(home) || typeName.equals(remote) || remoteBusiness.contains(typeName));
    }

    public boolean isLocalType(String typeName) {
        return typeName != null && (typeName.equals(localHome) || typeName.equals(local) || localBusiness.contains(typeName));
    }

    public boolean isHomeType(String typeName) {
        return typeName != null && (typeName.equals(home) || typeName.equals(localHome));
    }

    /** Every interface name of every view. */
    public List<String> all() {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        for (String s : new String[] {home, remote, localHome, local}) if (s != null) out.add(s);
        out.addAll(remoteBusiness);
        out.addAll(localBusiness);
        return List.copyOf(out);
    }
}
