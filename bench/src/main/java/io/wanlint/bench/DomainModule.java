package io.wanlint.bench;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One business area of the generated application (Customer, Invoice, …): its entity, DAO, session
 * façade, servlets, JSPs, and the planted patterns and optional components it carries.
 *
 * @param name        the entity name, a Java identifier in upper camel case
 * @param basePackage e.g. {@code com.acme.erp.sales.customer}
 * @param partner     the module whose façade a {@link PlantedPattern#TWO_FACADES_SERVLET} also calls, or null
 */
record DomainModule(String name, String area, String basePackage, Persistence persistence, List<Field> fields,
                    List<Field> referenceFields, Set<PlantedPattern> patterns, boolean stateful, boolean messageDriven,
                    boolean notifyPartner, int helperJdbcMethods, DomainModule partner) {

    /** How the module's main entity is persisted; JPA modules also get an EJB 3 façade. */
    enum Persistence { BMP, CMP, JPA }

    /** A persistent field of an entity and its value object. */
    record Field(String name, Type type) {
        enum Type {
            STRING("String", "String", "\"\""), INT("int", "Int", "0"), DOUBLE("double", "Double", "0.0");

            final String java;
            final String jdbc;
            final String zero;

            Type(String java, String jdbc, String zero) {
                this.java = java;
                this.jdbc = jdbc;
                this.zero = zero;
            }
        }

        String cap() { return Character.toUpperCase(name.charAt(0)) + name.substring(1); }
        String column() { return name.replaceAll("([A-Z])", "_$1").toUpperCase(Locale.ROOT); }
        String getter() { return "get" + cap(); }
        String setter() { return "set" + cap(); }
    }

    DomainModule {
        fields = List.copyOf(fields);
        referenceFields = List.copyOf(referenceFields);
        patterns = patterns.isEmpty() ? EnumSet.noneOf(PlantedPattern.class) : EnumSet.copyOf(patterns);
    }

    boolean has(PlantedPattern p) { return patterns.contains(p); }
    boolean ejb3() { return persistence == Persistence.JPA; }

    String lower() { return Character.toLowerCase(name.charAt(0)) + name.substring(1); }
    String path() { return basePackage.replace('.', '/'); }
    String table() { return name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT); }
    /** Folder of the module's JSPs under the web root. */
    String webFolder() { return name.toLowerCase(Locale.ROOT); }

    String valueClass() { return name + "Value"; }
    String daoClass() { return name + "Dao"; }
    String facade() { return name + "Facade"; }
    /** The façade's remote view: the EJB 2 remote interface or the EJB 3 {@code @Remote} business interface. */
    String facadeView() { return ejb3() ? name + "FacadeRemote" : name + "Facade"; }
    String historyEntity() { return name + "History"; }
    String referenceEntity() { return name + "Type"; }
    String worksheet() { return name + "Worksheet"; }

    String pkg(String sub) { return basePackage + "." + sub; }
    String fqn(String sub, String simple) { return pkg(sub) + "." + simple; }
    String file(String sub, String simple) { return "src/main/java/" + path() + "/" + sub + "/" + simple + ".java"; }
}
