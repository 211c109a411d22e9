package io.wanlint.analyzer.api;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One component of the application (docs/architecture.md §Model): a servlet, JSP, filter, EJB, JPA entity, DAO or
 * helper class. Built from descriptors and annotations; descriptor entries override annotations.
 *
 * @param name            ejb-name, servlet-name, filter-name, the JSP path, or the simple class name
 * @param className       fully qualified implementation class (for a JSP, its path in the web module)
 * @param interfaces      client views of an EJB ({@link EjbInterfaces#NONE} for non-EJBs)
 * @param transactions    transaction-attribute declarations from every source; see {@link #transactionAttribute}
 * @param urlPatterns     servlet / filter mappings and JAX-RS paths
 * @param jndiName        vendor-bound global JNDI name of the remote home or business interface, or null
 * @param localJndiName   vendor-bound global JNDI name of the local home, or null
 * @param readOnly        whether a vendor descriptor already declares the entity read-only
 * @param declaredIn      where the component is declared: descriptor element(s) and source file
 * @param ejbVersion      the EJB version of the {@code ejb-jar.xml} that declares the bean ({@code 1.1},
 *                        {@code 2.0}, {@code 3.1}, …), or null when no descriptor says (annotated beans, non-EJBs)
 * @param cmpVersion      {@code 1.x} or {@code 2.x} for a container-managed entity bean (its {@code cmp-version},
 *                        else what its descriptor's EJB version implies), null otherwise
 * @param webActions      for a {@link ComponentKind#WEB_ACTION} or {@link ComponentKind#MANAGED_BEAN}: the requests a
 *                        web framework hands to it (action mappings, JSF page references); empty otherwise
 * @param cascadeWrites   for a JPA entity: the classes of the entities that a {@code persist} or {@code merge} of it
 *                        also writes, through its relationships declared with {@code cascade} {@code ALL},
 *                        {@code PERSIST} or {@code MERGE} ({@code Order.lines} → {@code OrderDetail}); direct
 *                        relationships only, in declaration order; empty otherwise
 */
public record Component(String name, ComponentKind kind, Tier tier, String className,
                        EjbInterfaces interfaces, PersistenceType persistence, TransactionType transactionType,
                        String primaryKeyClass, List<String> cmpFields, List<QueryDefinition> queries,
                        List<MethodTransaction> transactions, List<String> urlPatterns,
                        List<EjbReference> ejbRefs, List<ResourceReference> resourceRefs,
                        String jndiName, String localJndiName, boolean readOnly,
                        List<SourceLocation> declaredIn, String ejbVersion, String cmpVersion,
                        List<WebAction> webActions, List<String> cascadeWrites) {

    public Component {
        webActions = webActions == null ? List.of() : List.copyOf(webActions);
        cascadeWrites = cascadeWrites == null ? List.of() : List.copyOf(cascadeWrites);
        if (interfaces == null) interfaces = EjbInterfaces.NONE;
        if (persistence == null) persistence = PersistenceType.NONE;
        if (tier == null) tier = kind.defaultTier();
        cmpFields = cmpFields == null ? List.of() : List.copyOf(cmpFields);
        queries = queries == null ? List.of() : List.copyOf(queries);
        transactions = transactions == null ? List.of() : List.copyOf(transactions);
        urlPatterns = urlPatterns == null ? List.of() : List.copyOf(urlPatterns);
        ejbRefs = ejbRefs == null ? List.of() : List.copyOf(ejbRefs);
        resourceRefs = resourceRefs == null ? List.of() : List.copyOf(resourceRefs);
        declaredIn = declaredIn == null ? List.of() : List.copyOf(declaredIn);
    }

    /** A component without cascading relationships. */
    public Component(String name, ComponentKind kind, Tier tier, String className,
                     EjbInterfaces interfaces, PersistenceType persistence, TransactionType transactionType,
                     String primaryKeyClass, List<String> cmpFields, List<QueryDefinition> queries,
                     List<MethodTransaction> transactions, List<String> urlPatterns,
                     List<EjbReference> ejbRefs, List<ResourceReference> resourceRefs,
                     String jndiName, String localJndiName, boolean readOnly,
                     List<SourceLocation> declaredIn, String ejbVersion, String cmpVersion, List<WebAction> webActions) {
        this(name, kind, tier, className, interfaces, persistence, transactionType, primaryKeyClass, cmpFields, queries,
                transactions, urlPatterns, ejbRefs, resourceRefs, jndiName, localJndiName, readOnly, declaredIn, ejbVersion,
                cmpVersion, webActions, List.of());
    }

    /** A component no web framework dispatches to. */
    public Component(String name, ComponentKind kind, Tier tier, String className,
                     EjbInterfaces interfaces, PersistenceType persistence, TransactionType transactionType,
                     String primaryKeyClass, List<String> cmpFields, List<QueryDefinition> queries,
                     List<MethodTransaction> transactions, List<String> urlPatterns,
                     List<EjbReference> ejbRefs, List<ResourceReference> resourceRefs,
                     String jndiName, String localJndiName, boolean readOnly,
                     List<SourceLocation> declaredIn, String ejbVersion, String cmpVersion) {
        this(name, kind, tier, className, interfaces, persistence, transactionType, primaryKeyClass, cmpFields, queries,
                transactions, urlPatterns, ejbRefs, resourceRefs, jndiName, localJndiName, readOnly, declaredIn, ejbVersion,
                cmpVersion, List.of());
    }

    /** A component whose descriptor versions are unknown. */
    public Component(String name, ComponentKind kind, Tier tier, String className,
                     EjbInterfaces interfaces, PersistenceType persistence, TransactionType transactionType,
                     String primaryKeyClass, List<String> cmpFields, List<QueryDefinition> queries,
                     List<MethodTransaction> transactions, List<String> urlPatterns,
                     List<EjbReference> ejbRefs, List<ResourceReference> resourceRefs,
                     String jndiName, String localJndiName, boolean readOnly,
                     List<SourceLocation> declaredIn) {
        this(name, kind, tier, className, interfaces, persistence, transactionType, primaryKeyClass, cmpFields, queries,
                transactions, urlPatterns, ejbRefs, resourceRefs, jndiName, localJndiName, readOnly, declaredIn, null, null);
    }

    /**
     * Whether the bean's clients could use local views: the bean has one, or its platform (EJB 2.0 and
     * later, or an annotated EJB 3 bean) offers them. False for beans of an EJB 1.1 {@code ejb-jar.xml}.
     */
    public boolean localViewsPossible() {
        if (interfaces.hasLocalView()) return true;
        if (ejbVersion == null) return true;
        try {
            return Double.parseDouble(ejbVersion.trim()) >= 2.0;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /** A non-EJB component (servlet, JSP, filter, helper, DAO, JPA entity, external endpoint). */
    public static Component simple(String name, ComponentKind kind, String className, List<String> urlPatterns,
                                   List<SourceLocation> declaredIn) {
        return new Component(name, kind, kind.defaultTier(), className, EjbInterfaces.NONE,
                kind == ComponentKind.JPA_ENTITY ? PersistenceType.JPA : PersistenceType.NONE,
                null, null, List.of(), List.of(), List.of(), urlPatterns, List.of(), List.of(),
                null, null, false, declaredIn);
    }

    /**
     * The effective transaction attribute of a business method, following the EJB rules:
     * descriptor {@code container-transaction} (most specific of {@code *}, name, name+params wins)
     * over a method annotation over a class annotation over the CMT default {@code Required}.
     * Empty for bean-managed transactions and for components that are not EJBs.
     *
     * @param parameterTypes the method's parameter types, or null when unknown
     * @param methodIntf     Home, Remote, LocalHome, Local, or null for any view
     */
    public Optional<TransactionAttribute> transactionAttribute(String method, List<String> parameterTypes, String methodIntf) {
        if (!kind.isEjb() || transactionType == TransactionType.BEAN) return Optional.empty();
        return transactions.stream()
                .filter(t -> t.matches(method, parameterTypes))
                .filter(t -> t.methodIntf() == null || methodIntf == null || t.methodIntf().equalsIgnoreCase(methodIntf))
                .max(Comparator.comparing(MethodTransaction::source)
                        .thenComparingInt(MethodTransaction::specificity)
                        .thenComparingInt(t -> t.methodIntf() == null ? 0 : 1))
                .map(MethodTransaction::attribute)
                .or(() -> Optional.of(TransactionAttribute.REQUIRED));
    }

    public Optional<TransactionAttribute> transactionAttribute(String method) {
        return transactionAttribute(method, null, null);
    }

    /** The simple name of {@link #className()}. */
    public String simpleClassName() {
        int i = className.lastIndexOf('.');
        return i < 0 ? className : className.substring(i + 1);
    }

    public Component withTier(Tier t) {
        return new Component(name, kind, t, className, interfaces, persistence, transactionType, primaryKeyClass,
                cmpFields, queries, transactions, urlPatterns, ejbRefs, resourceRefs, jndiName, localJndiName,
                readOnly, declaredIn, ejbVersion, cmpVersion, webActions, cascadeWrites);
    }

    public Component withEjbRefs(List<EjbReference> refs) {
        return new Component(name, kind, tier, className, interfaces, persistence, transactionType, primaryKeyClass,
                cmpFields, queries, transactions, urlPatterns, refs, resourceRefs, jndiName, localJndiName,
                readOnly, declaredIn, ejbVersion, cmpVersion, webActions, cascadeWrites);
    }
}
