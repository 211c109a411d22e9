package io.wanlint.analyzer.api;

import java.util.Locale;
import java.util.Optional;

/**
 * The application-server descriptors that sit beside an {@code ejb-jar.xml} and say which server (and
 * which generation of it) the application is deployed on, recognised by file name. Rules name the
 * caching switch of the server the application ships for, not of every server.
 */
public enum VendorDescriptor {
    /** JBoss 2.x CMP mapping (JAWS). */
    JBOSS_JAWS("jaws.xml", Server.JBOSS_2),
    /** JBoss 3.x/4.x CMP mapping. */
    JBOSS_CMP_JDBC("jbosscmp-jdbc.xml", Server.JBOSS),
    JBOSS_EJB("jboss.xml", Server.JBOSS),
    WEBLOGIC_EJB_JAR("weblogic-ejb-jar.xml", Server.WEBLOGIC),
    /** Named {@code weblogic-cmp-rdbms-jar.xml} or with a suffix ({@code weblogic-cmp-rdbms-jar-Account.xml}). */
    WEBLOGIC_CMP_RDBMS("weblogic-cmp-rdbms-jar.xml", Server.WEBLOGIC),
    WEBSPHERE_EJB_EXTENSIONS("ibm-ejb-jar-ext.xmi", Server.WEBSPHERE),
    SUN_J2EE_RI("sun-j2ee-ri.xml", Server.J2EE_RI),
    OPENEJB_JAR("openejb-jar.xml", Server.OPENEJB);

    /** The server a descriptor belongs to. */
    public enum Server { JBOSS_2, JBOSS, WEBLOGIC, WEBSPHERE, J2EE_RI, OPENEJB }

    private final String fileName;
    private final Server server;

    VendorDescriptor(String fileName, Server server) {
        this.fileName = fileName;
        this.server = server;
    }

    /** The usual file name, {@code jboss.xml}. */
    public String fileName() { return fileName; }

    public Server server() { return server; }

    /** The descriptor a file is, by its name (any folder, any case); empty for other files. */
    public static Optional<VendorDescriptor> ofPath(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (VendorDescriptor d : values()) {
            if (name.equals(d.fileName)) return Optional.of(d);
        }
        return name.startsWith("weblogic-cmp-rdbms-jar") && name.endsWith(".xml")
                ? Optional.of(WEBLOGIC_CMP_RDBMS) : Optional.empty();
    }
}
