package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.attribute;
import static io.wanlint.analyzer.vendor.XmlValues.isTrue;
import static io.wanlint.analyzer.vendor.XmlValues.lower;
import static io.wanlint.analyzer.vendor.XmlValues.parseLong;
import static io.wanlint.analyzer.vendor.XmlValues.seconds;

import io.wanlint.analyzer.descriptor.BeanBinding;
import io.wanlint.analyzer.descriptor.BindingDescriptor;
import io.wanlint.analyzer.descriptor.JndiBinding;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Oracle Application Server (OC4J, Orion): {@code orion-ejb-jar.xml} ({@code *-deployment} entries
 * with {@code name}, {@code location} and {@code local-location}; an entity whose
 * {@code locking-mode} is {@code read-only}, or that says {@code read-only="true"}, is served
 * read-only, re-read after its {@code validity-timeout} in milliseconds) and
 * {@code orion-web.xml} reference mappings.
 */
public record OracleAs() implements ContainerVendor {
    public static final OracleAs INSTANCE = new OracleAs();

    private static final Set<String> DEPLOYMENTS = Set.of("session-deployment", "entity-deployment", "message-driven-deployment");

    @Override public String displayName() { return "Oracle OC4J"; }

    @Override public Set<String> ejbRoots() { return Set.of("orion-ejb-jar"); }

    @Override public Set<String> webRoots() { return Set.of("orion-web-app"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        if (root.localName().equals("orion-web-app")) {
            return Optional.of(new BindingDescriptor(at(file, root), this, true, List.of(),
                    mappings(file, root, "ejb-ref-mapping"), mappings(file, root, "resource-ref-mapping")));
        }
        if (!root.localName().equals("orion-ejb-jar")) return Optional.empty();
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement d : root.child("enterprise-beans").map(XmlElement::children).orElse(List.of())) {
            String name = attribute(d, "name");
            if (name == null || !DEPLOYMENTS.contains(d.localName())) continue;
            boolean readOnly = "read-only".equals(lower(attribute(d, "locking-mode"))) || isTrue(attribute(d, "read-only"));
            Long validityMillis = parseLong(attribute(d, "validity-timeout"));
            beans.add(new BeanBinding(name, null, attribute(d, "location"), attribute(d, "local-location"), readOnly,
                    validityMillis == null ? null : seconds(validityMillis / 1000), mappings(file, d, "ejb-ref-mapping"),
                    mappings(file, d, "resource-ref-mapping"), at(file, d)));
        }
        return Optional.of(new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of()));
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of("Oracle OC4J locking-mode=\"read-only\" (with a validity-timeout) on the bean's <entity-deployment> in orion-ejb-jar.xml");
    }

    /** {@code <ejb-ref-mapping name="ejb/Catalog" location="ejb/CatalogHome"/>}. */
    private static List<JndiBinding> mappings(String file, XmlElement owner, String element) {
        List<JndiBinding> out = new ArrayList<>();
        for (XmlElement m : owner.children(element)) {
            String name = attribute(m, "name");
            String location = attribute(m, "location");
            if (name != null && location != null) out.add(new JndiBinding(name, location, at(file, m)));
        }
        return out;
    }
}
