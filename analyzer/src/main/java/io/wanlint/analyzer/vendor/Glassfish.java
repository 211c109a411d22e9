package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.elementBindings;
import static io.wanlint.analyzer.vendor.XmlValues.isTrue;
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
 * Sun Java System Application Server / GlassFish / Payara: {@code sun-ejb-jar.xml} or
 * {@code glassfish-ejb-jar.xml} ({@code jndi-name}, {@code is-read-only-bean} with
 * {@code refresh-period-in-seconds}, reference bindings) and {@code sun-web.xml} /
 * {@code glassfish-web.xml} reference bindings.
 */
public record Glassfish() implements ContainerVendor {
    public static final Glassfish INSTANCE = new Glassfish();

    private static final List<String> EJB_REFS = List.of("ejb-ref");

    @Override public String displayName() { return "GlassFish"; }

    @Override public Set<String> ejbRoots() { return Set.of("sun-ejb-jar", "glassfish-ejb-jar"); }

    @Override public Set<String> webRoots() { return Set.of("sun-web-app", "glassfish-web-app"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        if (webRoots().contains(root.localName())) {
            return Optional.of(new BindingDescriptor(at(file, root), this, true, List.of(),
                    elementBindings(file, root, EJB_REFS, "ejb-ref-name"), resourceRefs(file, root)));
        }
        if (!ejbRoots().contains(root.localName())) return Optional.empty();
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement ejb : root.child("enterprise-beans").map(e -> e.children("ejb")).orElse(List.of())) {
            if (ejb.childText("ejb-name") == null) continue;
            beans.add(new BeanBinding(ejb.childText("ejb-name"), null, ejb.childText("jndi-name"), null,
                    isTrue(ejb.childText("is-read-only-bean")), seconds(parseLong(ejb.childText("refresh-period-in-seconds"))),
                    elementBindings(file, ejb, EJB_REFS, "ejb-ref-name"), resourceRefs(file, ejb), at(file, ejb)));
        }
        return Optional.of(new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of()));
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of("GlassFish <is-read-only-bean>true</is-read-only-bean> with <refresh-period-in-seconds> in the bean's "
                + "<ejb> in sun-ejb-jar.xml (glassfish-ejb-jar.xml)");
    }

    private static List<JndiBinding> resourceRefs(String file, XmlElement owner) {
        List<JndiBinding> out = new ArrayList<>(elementBindings(file, owner, List.of("resource-ref"), "res-ref-name"));
        out.addAll(elementBindings(file, owner, List.of("resource-env-ref"), "resource-env-ref-name"));
        out.addAll(elementBindings(file, owner, List.of("message-destination-ref"), "message-destination-ref-name"));
        return out;
    }
}
