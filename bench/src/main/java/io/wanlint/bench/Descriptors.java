package io.wanlint.bench;

import io.wanlint.bench.DomainModule.Field;
import io.wanlint.bench.WebTierSources.WebComponent;

import java.util.List;

/**
 * Writes the deployment descriptors of the whole application: {@code ejb-jar.xml} (EJB 2.0 DOCTYPE,
 * for the EJB 2.x beans; the EJB 3 beans are annotated), {@code jboss.xml}, {@code web.xml}
 * (Servlet 2.3 DOCTYPE) and {@code persistence.xml} for the JPA entities.
 */
final class Descriptors {
    static final String EJB_JAR = "src/main/resources/META-INF/ejb-jar.xml";
    static final String JBOSS = "src/main/resources/META-INF/jboss.xml";
    static final String PERSISTENCE = "src/main/resources/META-INF/persistence.xml";
    static final String WEB = "src/main/webapp/WEB-INF/web.xml";

    /** The filters every request passes through, declared in web.xml. */
    static final List<String> FILTERS = List.of("CharacterEncodingFilter", "AccessLogFilter");

    private Descriptors() {}

    static String ejbJar(List<DomainModule> modules) {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<!DOCTYPE ejb-jar PUBLIC \"-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN\" \"http://java.sun.com/dtd/ejb-jar_2_0.dtd\">\n");
        x.append("<ejb-jar>\n  <display-name>Acme ERP business tier</display-name>\n  <enterprise-beans>\n");
        for (DomainModule m : modules) {
            if (!m.ejb3()) {
                x.append("    <session>\n");
                tag(x, 6, "ejb-name", m.facade());
                tag(x, 6, "home", m.fqn("ejb", m.facade() + "Home"));
                tag(x, 6, "remote", m.fqn("ejb", m.facade()));
                tag(x, 6, "ejb-class", m.fqn("ejb", m.facade() + "Bean"));
                tag(x, 6, "session-type", "Stateless");
                tag(x, 6, "transaction-type", "Container");
                localRef(x, m, m.name());
                if (m.has(PlantedPattern.READ_ONLY_ENTITY)) localRef(x, m, m.referenceEntity());
                dataSource(x);
                x.append("    </session>\n");
                entity(x, m, m.name(), m.fields(), false);
                if (m.has(PlantedPattern.READ_ONLY_ENTITY)) entity(x, m, m.referenceEntity(), m.referenceFields(), false);
            }
            if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) {
                entity(x, m, m.historyEntity(), EjbTierSources.historyFields(), true);
            }
            if (m.stateful()) {
                x.append("    <session>\n");
                tag(x, 6, "ejb-name", m.worksheet());
                tag(x, 6, "local-home", m.fqn("ejb", m.worksheet() + "LocalHome"));
                tag(x, 6, "local", m.fqn("ejb", m.worksheet() + "Local"));
                tag(x, 6, "ejb-class", m.fqn("ejb", m.worksheet() + "Bean"));
                tag(x, 6, "session-type", "Stateful");
                tag(x, 6, "transaction-type", "Container");
                x.append("    </session>\n");
            }
            if (m.messageDriven()) {
                x.append("    <message-driven>\n");
                tag(x, 6, "ejb-name", m.name() + "Event");
                tag(x, 6, "ejb-class", m.fqn("ejb", m.name() + "EventBean"));
                tag(x, 6, "transaction-type", "Container");
                x.append("      <message-driven-destination>\n");
                tag(x, 8, "destination-type", "javax.jms.Queue");
                x.append("      </message-driven-destination>\n");
                dataSource(x);
                x.append("    </message-driven>\n");
            }
        }
        x.append("  </enterprise-beans>\n  <assembly-descriptor>\n");
        for (DomainModule m : modules) {
            if (!m.ejb3()) {
                required(x, m.facade());
                required(x, m.name());
                if (m.has(PlantedPattern.READ_ONLY_ENTITY)) required(x, m.referenceEntity());
                if (m.notifyPartner()) transaction(x, m.facade(), "notify" + m.name(), "NotSupported");
            }
            if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) required(x, m.historyEntity());
            if (m.stateful()) required(x, m.worksheet());
            if (m.messageDriven()) required(x, m.name() + "Event");
        }
        x.append("  </assembly-descriptor>\n</ejb-jar>\n");
        return x.toString();
    }

    private static void entity(StringBuilder x, DomainModule m, String name, List<Field> fields, boolean remote) {
        boolean cmp = !remote && m.persistence() == DomainModule.Persistence.CMP;
        x.append("    <entity>\n");
        tag(x, 6, "ejb-name", name);
        if (remote) {
            tag(x, 6, "home", m.fqn("ejb", name + "Home"));
            tag(x, 6, "remote", m.fqn("ejb", name));
        } else {
            tag(x, 6, "local-home", m.fqn("ejb", name + "LocalHome"));
            tag(x, 6, "local", m.fqn("ejb", name + "Local"));
        }
        tag(x, 6, "ejb-class", m.fqn("ejb", name + "Bean"));
        tag(x, 6, "persistence-type", cmp ? "Container" : "Bean");
        tag(x, 6, "prim-key-class", "java.lang.String");
        tag(x, 6, "reentrant", "False");
        if (cmp) {
            tag(x, 6, "cmp-version", "2.x");
            tag(x, 6, "abstract-schema-name", name);
            x.append("      <cmp-field><field-name>id</field-name></cmp-field>\n");
            for (Field f : fields) x.append("      <cmp-field><field-name>").append(f.name()).append("</field-name></cmp-field>\n");
            tag(x, 6, "primkey-field", "id");
            x.append("      <query>\n        <query-method>\n          <method-name>findAll</method-name>\n          <method-params/>\n");
            x.append("        </query-method>\n        <ejb-ql>SELECT OBJECT(o) FROM ").append(name).append(" AS o</ejb-ql>\n      </query>\n");
        } else {
            dataSource(x);
        }
        x.append("    </entity>\n");
    }

    private static void localRef(StringBuilder x, DomainModule m, String entity) {
        x.append("      <ejb-local-ref>\n");
        tag(x, 8, "ejb-ref-name", "ejb/local/" + entity);
        tag(x, 8, "ejb-ref-type", "Entity");
        tag(x, 8, "local-home", m.fqn("ejb", entity + "LocalHome"));
        tag(x, 8, "local", m.fqn("ejb", entity + "Local"));
        tag(x, 8, "ejb-link", entity);
        x.append("      </ejb-local-ref>\n");
    }

    private static void dataSource(StringBuilder x) {
        x.append("      <resource-ref>\n");
        tag(x, 8, "res-ref-name", "jdbc/ErpDS");
        tag(x, 8, "res-type", "javax.sql.DataSource");
        tag(x, 8, "res-auth", "Container");
        x.append("      </resource-ref>\n");
    }

    private static void required(StringBuilder x, String ejb) { transaction(x, ejb, "*", "Required"); }

    private static void transaction(StringBuilder x, String ejb, String method, String attribute) {
        x.append("    <container-transaction>\n      <method>\n");
        tag(x, 8, "ejb-name", ejb);
        tag(x, 8, "method-name", method);
        x.append("      </method>\n");
        tag(x, 6, "trans-attribute", attribute);
        x.append("    </container-transaction>\n");
    }

    static String jboss(List<DomainModule> modules) {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<!DOCTYPE jboss PUBLIC \"-//JBoss//DTD JBOSS 3.2//EN\" \"http://www.jboss.org/j2ee/dtd/jboss_3_2.dtd\">\n");
        x.append("<jboss>\n  <enterprise-beans>\n");
        for (DomainModule m : modules) {
            if (!m.ejb3()) {
                bean(x, "session", m.facade(), "jndi-name", "erp/" + m.facade());
                bean(x, "entity", m.name(), "local-jndi-name", "erp/local/" + m.name());
                if (m.has(PlantedPattern.READ_ONLY_ENTITY)) bean(x, "entity", m.referenceEntity(), "local-jndi-name", "erp/local/" + m.referenceEntity());
            }
            if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) bean(x, "entity", m.historyEntity(), "jndi-name", "erp/" + m.historyEntity());
            if (m.stateful()) bean(x, "session", m.worksheet(), "local-jndi-name", "erp/local/" + m.worksheet());
            if (m.messageDriven()) bean(x, "message-driven", m.name() + "Event", "destination-jndi-name", "queue/" + m.name() + "Events");
        }
        x.append("  </enterprise-beans>\n</jboss>\n");
        return x.toString();
    }

    private static void bean(StringBuilder x, String kind, String name, String jndiTag, String jndi) {
        x.append("    <").append(kind).append(">\n");
        tag(x, 6, "ejb-name", name);
        tag(x, 6, jndiTag, jndi);
        x.append("    </").append(kind).append(">\n");
    }

    static String persistence(List<DomainModule> modules) {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<persistence xmlns=\"http://java.sun.com/xml/ns/persistence\" version=\"1.0\">\n");
        x.append("  <persistence-unit name=\"erp\" transaction-type=\"JTA\">\n");
        tag(x, 4, "jta-data-source", "java:/ErpDS");
        for (DomainModule m : modules) {
            if (!m.ejb3()) continue;
            tag(x, 4, "class", m.fqn("entity", m.name()));
            if (m.has(PlantedPattern.READ_ONLY_ENTITY)) tag(x, 4, "class", m.fqn("entity", m.referenceEntity()));
        }
        x.append("  </persistence-unit>\n</persistence>\n");
        return x.toString();
    }

    static String web(List<DomainModule> modules, List<WebComponent> servlets) {
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<!DOCTYPE web-app PUBLIC \"-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN\" \"http://java.sun.com/dtd/web-app_2_3.dtd\">\n");
        x.append("<web-app>\n  <display-name>Acme ERP</display-name>\n");
        for (String f : FILTERS) {
            x.append("  <filter>\n");
            tag(x, 4, "filter-name", f);
            tag(x, 4, "filter-class", EjbTierSources.COMMON + ".web." + f);
            x.append("  </filter>\n");
        }
        for (String f : FILTERS) {
            x.append("  <filter-mapping>\n");
            tag(x, 4, "filter-name", f);
            tag(x, 4, "url-pattern", "/*");
            x.append("  </filter-mapping>\n");
        }
        for (WebComponent s : servlets) {
            x.append("  <servlet>\n");
            tag(x, 4, "servlet-name", simple(s.className()));
            tag(x, 4, "servlet-class", s.className());
            x.append("  </servlet>\n");
        }
        for (WebComponent s : servlets) {
            x.append("  <servlet-mapping>\n");
            tag(x, 4, "servlet-name", simple(s.className()));
            tag(x, 4, "url-pattern", s.urlPattern());
            x.append("  </servlet-mapping>\n");
        }
        x.append("  <session-config>\n    <session-timeout>30</session-timeout>\n  </session-config>\n");
        x.append("  <welcome-file-list>\n    <welcome-file>index.jsp</welcome-file>\n  </welcome-file-list>\n");
        x.append("  <resource-ref>\n");
        tag(x, 4, "res-ref-name", "jdbc/ErpDS");
        tag(x, 4, "res-type", "javax.sql.DataSource");
        tag(x, 4, "res-auth", "Container");
        x.append("  </resource-ref>\n");
        for (DomainModule m : modules) {
            if (!m.ejb3()) ejbRef(x, m.facade(), "Session", m.fqn("ejb", m.facade() + "Home"), m.fqn("ejb", m.facade()));
            if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) {
                ejbRef(x, m.historyEntity(), "Entity", m.fqn("ejb", m.historyEntity() + "Home"), m.fqn("ejb", m.historyEntity()));
            }
        }
        for (DomainModule m : modules) {
            if (!m.stateful()) continue;
            x.append("  <ejb-local-ref>\n");
            tag(x, 4, "ejb-ref-name", "ejb/local/" + m.worksheet());
            tag(x, 4, "ejb-ref-type", "Session");
            tag(x, 4, "local-home", m.fqn("ejb", m.worksheet() + "LocalHome"));
            tag(x, 4, "local", m.fqn("ejb", m.worksheet() + "Local"));
            tag(x, 4, "ejb-link", m.worksheet());
            x.append("  </ejb-local-ref>\n");
        }
        x.append("</web-app>\n");
        return x.toString();
    }

    private static void ejbRef(StringBuilder x, String name, String type, String home, String remote) {
        x.append("  <ejb-ref>\n");
        tag(x, 4, "ejb-ref-name", "ejb/" + name);
        tag(x, 4, "ejb-ref-type", type);
        tag(x, 4, "home", home);
        tag(x, 4, "remote", remote);
        tag(x, 4, "ejb-link", name);
        x.append("  </ejb-ref>\n");
    }

    private static String simple(String fqn) { return fqn.substring(fqn.lastIndexOf('.') + 1); }

    private static void tag(StringBuilder x, int indent, String name, String value) {
        x.append(" ".repeat(indent)).append('<').append(name).append('>').append(value).append("</").append(name).append(">\n");
    }
}
