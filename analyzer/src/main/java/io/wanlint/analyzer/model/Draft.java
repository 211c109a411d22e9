package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.WebAction;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.descriptor.WebAppDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A component while the model is being assembled from several sources; turned into an immutable
 * {@link Component} once names are final and references are resolved. Never leaves this package.
 */
final class Draft {
    String name;
    /** Whether {@link #name} is only the simple class name (and may be replaced to disambiguate). */
    boolean nameFromClass;
    ComponentKind kind;
    String className;
    String home;
    String remote;
    String localHome;
    String local;
    final Set<String> remoteBusiness = new LinkedHashSet<>();
    final Set<String> localBusiness = new LinkedHashSet<>();
    boolean noInterfaceView;
    PersistenceType persistence = PersistenceType.NONE;
    TransactionType transactionType;
    String primaryKeyClass;
    List<String> cmpFields = List.of();
    List<QueryDefinition> queries = List.of();
    final List<MethodTransaction> transactions = new ArrayList<>();
    final Set<String> urlPatterns = new LinkedHashSet<>();
    final List<RefRequest> ejbRefs = new ArrayList<>();
    final List<ResourceReference> resourceRefs = new ArrayList<>();
    final List<InjectCandidate> injectCandidates = new ArrayList<>();
    /** Vendor bindings of this component's reference names to global JNDI names. */
    final Map<String, String> refBindings = new HashMap<>();
    /** Vendor bindings of this component's resource reference names to global JNDI names. */
    final Map<String, String> resourceBindings = new HashMap<>();
    String jndiName;
    String localJndiName;
    boolean vendorJndi;
    boolean readOnly;
    /** The EJB version of the declaring ejb-jar.xml, and a CMP bean's cmp-version; see {@link Component}. */
    String ejbVersion;
    String cmpVersion;
    final List<SourceLocation> declaredIn = new ArrayList<>();
    /** For a JPA entity: the entity classes a persist or merge of it also writes (see {@link Component#cascadeWrites}). */
    final Set<String> cascadeWrites = new LinkedHashSet<>();
    /** The requests a web framework hands to this class (actions, JSF page references). */
    final List<WebAction> webActions = new ArrayList<>();
    /** The source of the implementation class, or null when it is compiled-only. */
    SourceType source;
    /**
     * The references of the web module this web component belongs to (null for other components):
     * shared by every servlet and page of the module and resolved once for them all, rather than
     * copied into each component's own lists (at 2M generated lines, 13,000 web components times
     * 1,466 {@code ejb-ref}s).
     */
    WebModuleRefs webRefs;
    /** The web.xml that declares this component, or null. */
    WebAppDescriptor webModule;
    /** The file the component lives in, for assigning it to a web module. */
    String path;

    Draft(String name, boolean nameFromClass, ComponentKind kind, String className) {
        this.name = name;
        this.nameFromClass = nameFromClass;
        this.kind = kind;
        this.className = className;
    }

    void declaredAt(SourceLocation location) {
        if (location != null && !declaredIn.contains(location)) declaredIn.add(location);
    }

    EjbInterfaces interfaces() {
        if (!kind.isEjb()) return EjbInterfaces.NONE;
        return new EjbInterfaces(home, remote, localHome, local, List.copyOf(remoteBusiness),
                List.copyOf(localBusiness), noInterfaceView);
    }

    Component toComponent(List<EjbReference> resolvedRefs) {
        return new Component(name, kind, kind.defaultTier(), className, interfaces(), persistence,
                kind.isEjb() ? transactionType : null, primaryKeyClass, cmpFields, queries, transactions,
                List.copyOf(urlPatterns), resolvedRefs, resourceRefs, jndiName, localJndiName, readOnly, declaredIn,
                ejbVersion, cmpVersion, webActions, List.copyOf(cascadeWrites));
    }
}
