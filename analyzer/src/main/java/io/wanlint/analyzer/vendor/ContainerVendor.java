package io.wanlint.analyzer.vendor;

import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An application server vendor, as far as its deployment descriptors go: which root elements are
 * its own, how it binds beans and references to global JNDI names and declares an entity read-only
 * (read into {@link VendorBindings}), and how WAN005 words its read-only switch. Refactorings that
 * write bindings dispatch on this sealed type (one writer per vendor), and their tests walk
 * {@link #all()}, so a vendor added here fails them until every writer handles it.
 *
 * <p>Vendors are recognised by root element, never by file name: applications rename their
 * descriptors, and one name ({@code openejb-jar.xml}) has had several formats.
 */
public sealed interface ContainerVendor permits Jboss, Weblogic, Websphere, Glassfish, Openejb, OracleAs, J2eeRi {

    /**
     * Every vendor, in the order WAN005 lists their switches (and earlier vendors' JNDI names win).
     * A method, not a constant: the vendors are records, equal by value, and an interface constant
     * naming its own implementations would be read half-initialised.
     */
    static List<ContainerVendor> all() {
        return List.of(new Jboss(true), new Jboss(false), new Weblogic(), new Websphere(), new Glassfish(), new Openejb(),
                new OracleAs(), new J2eeRi());
    }

    /** The vendor's name as users know it ({@code JBoss}, {@code WebSphere}). */
    String displayName();

    /** Root elements of the vendor's EJB-module descriptors (bindings, caching, CMP mapping). */
    Set<String> ejbRoots();

    /** Root elements of the vendor's web-module descriptors. */
    default Set<String> webRoots() { return Set.of(); }

    /** Maps one of the vendor's descriptors; empty for a root it owns but does not read. */
    Optional<VendorBindings> read(XmlElement root, String file);

    /**
     * How this vendor declares an entity bean read-only, one sentence per way, for a CMP bean
     * ({@code cmp}) or a BMP one.
     */
    List<String> readOnlyStrategies(boolean cmp);

    default boolean owns(String rootElement) {
        return ejbRoots().contains(rootElement) || webRoots().contains(rootElement);
    }

    /** The vendor that owns a descriptor's root element. */
    static Optional<ContainerVendor> ofRoot(String rootElement) {
        if (rootElement == null) return Optional.empty();
        // JBoss 2.x is told from later JBoss only by the set of files (see deployedOn), never by one root.
        return all().stream().filter(v -> !(v instanceof Jboss j && j.version2()) && v.owns(rootElement)).findFirst();
    }

    /**
     * The vendors whose EJB-module descriptors the application ships, in {@link #all()} order. A
     * {@code jboss.xml} next to a {@code jaws.xml} (and no {@code jbosscmp-jdbc.xml}) is JBoss 2's.
     */
    static List<ContainerVendor> deployedOn(Collection<AnalyzedFile> files) {
        Set<String> roots = new LinkedHashSet<>();
        for (AnalyzedFile f : files) {
            if (f.kind() == AnalyzedFile.Kind.DESCRIPTOR && f.rootElement() != null) roots.add(f.rootElement());
        }
        List<ContainerVendor> out = new ArrayList<>();
        for (ContainerVendor v : all()) {
            if (v.ejbRoots().stream().anyMatch(roots::contains)) out.add(v);
        }
        if (roots.contains("jaws") && !roots.contains("jbosscmp-jdbc")) out.remove(new Jboss(false));
        return out;
    }
}
