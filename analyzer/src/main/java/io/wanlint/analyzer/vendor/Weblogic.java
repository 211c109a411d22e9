package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.parseLong;

import io.wanlint.analyzer.descriptor.BindingDescriptor;
import io.wanlint.analyzer.descriptor.JndiBinding;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.WeblogicEjbJarDescriptor;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** BEA/Oracle WebLogic: {@code weblogic-ejb-jar.xml} JNDI names, entity caching and reference descriptions. */
public record Weblogic() implements ContainerVendor {
    public static final Weblogic INSTANCE = new Weblogic();

    @Override public String displayName() { return "WebLogic"; }

    @Override public Set<String> ejbRoots() { return Set.of("weblogic-ejb-jar", "weblogic-rdbms-jar"); }

    @Override public Set<String> webRoots() { return Set.of("weblogic-web-app"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        return switch (root.localName()) {
            case "weblogic-ejb-jar" -> Optional.of(ejbJar(root, file));
            case "weblogic-web-app" -> Optional.of(webApp(root, file));
            default -> Optional.empty();
        };
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of("WebLogic <concurrency-strategy>ReadOnly</concurrency-strategy> with <read-timeout-seconds> in weblogic-ejb-jar.xml");
    }

    /** weblogic.xml: the web module's ejb-ref and resource-ref bindings ({@code reference-descriptor}, or top level from 9.x). */
    private BindingDescriptor webApp(XmlElement root, String file) {
        List<XmlElement> holders = new ArrayList<>(List.of(root));
        root.child("reference-descriptor").ifPresent(holders::add);
        List<JndiBinding> ejbRefs = new ArrayList<>();
        List<JndiBinding> resources = new ArrayList<>();
        for (XmlElement h : holders) {
            for (XmlElement r : h.children()) {
                String jndi = r.childText("jndi-name");
                if (jndi == null) continue;
                switch (r.localName()) {
                    case "ejb-reference-description" -> {
                        if (r.childText("ejb-ref-name") != null) ejbRefs.add(new JndiBinding(r.childText("ejb-ref-name"), jndi, at(file, r)));
                    }
                    case "resource-description" -> {
                        if (r.childText("res-ref-name") != null) resources.add(new JndiBinding(r.childText("res-ref-name"), jndi, at(file, r)));
                    }
                    case "resource-env-description" -> {
                        if (r.childText("res-env-ref-name") != null) {
                            resources.add(new JndiBinding(r.childText("res-env-ref-name"), jndi, at(file, r)));
                        }
                    }
                    default -> { }
                }
            }
        }
        return new BindingDescriptor(at(file, root), this, true, List.of(), ejbRefs, resources);
    }

    private static WeblogicEjbJarDescriptor ejbJar(XmlElement root, String file) {
        List<WeblogicEjbJarDescriptor.Bean> beans = new ArrayList<>();
        for (XmlElement b : root.children("weblogic-enterprise-bean")) {
            if (b.childText("ejb-name") == null) continue;
            Optional<XmlElement> cache = b.path("entity-descriptor", "entity-cache");
            String strategy = cache.map(c -> c.childText("concurrency-strategy")).orElse(null);
            String timeout = cache.map(c -> c.childText("read-timeout-seconds")).orElse(null);
            List<JndiBinding> refs = new ArrayList<>();
            b.child("reference-descriptor").ifPresent(rd -> {
                for (XmlElement r : rd.children()) {
                    if (!r.localName().equals("ejb-reference-description")
                            && !r.localName().equals("ejb-local-reference-description")) continue;
                    if (r.childText("ejb-ref-name") != null && r.childText("jndi-name") != null) {
                        refs.add(new JndiBinding(r.childText("ejb-ref-name"), r.childText("jndi-name"), at(file, r)));
                    }
                }
            });
            Long seconds = parseLong(timeout);
            beans.add(new WeblogicEjbJarDescriptor.Bean(b.childText("ejb-name"), b.childText("jndi-name"),
                    b.childText("local-jndi-name"), WeblogicEjbJarDescriptor.ConcurrencyStrategy.parse(strategy).orElse(null),
                    seconds == null ? null : (int) Math.min(Integer.MAX_VALUE, seconds), refs, at(file, b)));
        }
        return new WeblogicEjbJarDescriptor(at(file, root), beans);
    }
}
