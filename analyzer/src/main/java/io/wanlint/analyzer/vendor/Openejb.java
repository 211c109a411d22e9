package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.attribute;
import static io.wanlint.analyzer.vendor.XmlValues.firstNonNull;

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
 * Apache OpenEJB / TomEE {@code openejb-jar.xml}, in both of its formats: OpenEJB 1.x and 3.x
 * ({@code <ejb-deployment ejb-name deployment-id>}, whose deployment id is the global name clients
 * look the home up by, with {@code <resource-link res-ref-name res-id>}), and OpenEJB 2 / Geronimo
 * ({@code <enterprise-beans><session><ejb-name/><jndi-name/>…}).
 */
public record Openejb() implements ContainerVendor {
    public static final Openejb INSTANCE = new Openejb();

    @Override public String displayName() { return "OpenEJB"; }

    @Override public Set<String> ejbRoots() { return Set.of("openejb-jar"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        if (!root.localName().equals("openejb-jar")) return Optional.empty();
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement d : root.children("ejb-deployment")) {
            String name = attribute(d, "ejb-name");
            if (name == null) continue;
            List<JndiBinding> resources = new ArrayList<>();
            for (XmlElement link : d.children("resource-link")) {
                String ref = attribute(link, "res-ref-name");
                String id = attribute(link, "res-id");
                if (ref != null && id != null) resources.add(new JndiBinding(ref, id, at(file, link)));
            }
            beans.add(new BeanBinding(name, null, attribute(d, "deployment-id"), null, false, null, List.of(), resources, at(file, d)));
        }
        for (XmlElement b : root.child("enterprise-beans").map(XmlElement::children).orElse(List.of())) {
            if (b.childText("ejb-name") == null) continue;
            beans.add(new BeanBinding(b.childText("ejb-name"), null, b.childText("jndi-name"), b.childText("local-jndi-name"),
                    false, null, geronimoRefs(file, b, "ejb-ref", "ejb-link"), geronimoRefs(file, b, "resource-ref", "resource-link"),
                    at(file, b)));
        }
        return Optional.of(new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of()));
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of(cmp ? "OpenEJB, which runs CMP beans on OpenJPA: its data cache (openjpa.DataCache) in openejb-jar.xml's persistence settings"
                : "OpenEJB has no read-only switch for BMP beans: cache the values in the session façade");
    }

    /** Geronimo-style {@code <ejb-ref><ref-name/><ejb-link/></ejb-ref>}: the target by name or global name. */
    private static List<JndiBinding> geronimoRefs(String file, XmlElement owner, String element, String target) {
        List<JndiBinding> out = new ArrayList<>();
        for (XmlElement r : owner.children(element)) {
            String name = firstNonNull(r.childText("ref-name"), r.childText("ejb-ref-name"), r.childText("res-ref-name"));
            String jndi = firstNonNull(r.childText("jndi-name"), r.childText(target));
            if (name != null && jndi != null) out.add(new JndiBinding(name, jndi, at(file, r)));
        }
        return out;
    }
}
