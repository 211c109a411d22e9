package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.attribute;
import static io.wanlint.analyzer.vendor.XmlValues.firstNonNull;
import static io.wanlint.analyzer.vendor.XmlValues.hrefId;
import static io.wanlint.analyzer.vendor.XmlValues.isTrue;

import io.wanlint.analyzer.descriptor.BeanBinding;
import io.wanlint.analyzer.descriptor.BindingDescriptor;
import io.wanlint.analyzer.descriptor.JndiBinding;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * IBM WebSphere: bindings ({@code ibm-ejb-jar-bnd.xmi} up to WAS 6.1, {@code ibm-ejb-jar-bnd.xml}
 * from WAS 7, {@code ibm-web-bnd.xmi/.xml}) and extensions ({@code ibm-ejb-jar-ext.xmi/.xml}).
 *
 * <p>The XMI forms name beans and references by the XML {@code id} of their ejb-jar.xml or web.xml
 * element ({@code href="META-INF/ejb-jar.xml#Account_1"}); the model builder resolves those ids.
 * An entity counts as read-only when a read access intent ({@code wsPessimisticRead},
 * {@code wsOptimisticRead}, or WAS 4's {@code intentType="READ"}) covers all its methods
 * ({@code name="*"}), or when its extension says {@code readOnly="true"}.
 */
public record Websphere() implements ContainerVendor {
    public static final Websphere INSTANCE = new Websphere();

    /** Access intent policies under which the container refuses updates: the bean is served read-only. */
    static final Set<String> READ_INTENTS = Set.of("wsPessimisticRead", "wsOptimisticRead");

    @Override public String displayName() { return "WebSphere"; }

    @Override public Set<String> ejbRoots() { return Set.of("EJBJarBinding", "EJBJarExtension", "ejb-jar-bnd", "ejb-jar-ext"); }

    @Override public Set<String> webRoots() { return Set.of("WebAppBinding", "web-bnd"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        return Optional.ofNullable(switch (root.localName()) {
            case "EJBJarBinding" -> xmiBindings(root, file);
            case "ejb-jar-bnd" -> xmlBindings(root, file);
            case "EJBJarExtension" -> xmiExtensions(root, file);
            case "ejb-jar-ext" -> xmlExtensions(root, file);
            case "WebAppBinding", "web-bnd" -> web(root, file);
            default -> null;
        });
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        return List.of("WebSphere a read-only access intent with option A caching (<beanCache activateAt=\"ONCE\" "
                + "loadAt=\"ACTIVATION\"/>) in ibm-ejb-jar-ext.xmi");
    }

    // ---- bindings --------------------------------------------------------------------------------

    private BindingDescriptor xmiBindings(XmlElement root, String file) {
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement b : root.children("ejbBindings")) {
            String id = b.child("enterpriseBean").map(XmlValues::hrefId).orElse(null);
            if (id == null) continue;
            beans.add(new BeanBinding(null, id, attribute(b, "jndiName"), null, false, null,
                    xmiRefs(file, b, "ejbRefBindings", "bindingEjbRef"), resourceXmiRefs(file, b), at(file, b)));
        }
        return new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of());
    }

    private static List<JndiBinding> resourceXmiRefs(String file, XmlElement owner) {
        List<JndiBinding> out = new ArrayList<>(xmiRefs(file, owner, "resRefBindings", "bindingResourceRef"));
        out.addAll(xmiRefs(file, owner, "resourceEnvRefBindings", "bindingResourceEnvRef"));
        out.addAll(xmiRefs(file, owner, "messageDestinationRefBindings", "bindingMessageDestinationRef"));
        return out;
    }

    /** {@code <ejbRefBindings jndiName="ejb/Catalog"><bindingEjbRef href="...#EjbRef_1"/></ejbRefBindings>}. */
    private static List<JndiBinding> xmiRefs(String file, XmlElement owner, String element, String target) {
        List<JndiBinding> out = new ArrayList<>();
        for (XmlElement r : owner.children(element)) {
            String jndi = attribute(r, "jndiName");
            String id = r.child(target).map(XmlValues::hrefId).orElse(null);
            if (jndi != null && id != null) out.add(new JndiBinding(null, jndi, at(file, r), id));
        }
        return out;
    }

    private BindingDescriptor xmlBindings(XmlElement root, String file) {
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement b : root.children()) {
            String name = attribute(b, "name");
            if (name == null || !Set.of("session", "entity", "message-driven").contains(b.localName())) continue;
            String remote = firstNonNull(attribute(b, "remote-home-binding-name"), attribute(b, "simple-binding-name"),
                    b.children("interface").stream().map(i -> attribute(i, "binding-name")).filter(v -> v != null).findFirst().orElse(null));
            beans.add(new BeanBinding(name, null, remote, attribute(b, "local-home-binding-name"), false, null,
                    xmlRefs(file, b, Set.of("ejb-ref")), xmlRefs(file, b, Set.of("resource-ref", "resource-env-ref",
                    "message-destination-ref")), at(file, b)));
        }
        return new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of());
    }

    /** {@code <ejb-ref name="ejb/Catalog" binding-name="ejb/CatalogHome"/>}. */
    private static List<JndiBinding> xmlRefs(String file, XmlElement owner, Set<String> elements) {
        List<JndiBinding> out = new ArrayList<>();
        for (XmlElement r : owner.children()) {
            if (!elements.contains(r.localName())) continue;
            String name = attribute(r, "name");
            String jndi = attribute(r, "binding-name");
            if (name != null && jndi != null) out.add(new JndiBinding(name, jndi, at(file, r)));
        }
        return out;
    }

    private BindingDescriptor web(XmlElement root, String file) {
        if (root.localName().equals("web-bnd")) {
            return new BindingDescriptor(at(file, root), this, true, List.of(), xmlRefs(file, root, Set.of("ejb-ref")),
                    xmlRefs(file, root, Set.of("resource-ref", "resource-env-ref", "message-destination-ref")));
        }
        return new BindingDescriptor(at(file, root), this, true, List.of(), xmiRefs(file, root, "ejbRefBindings", "bindingEjbRef"),
                resourceXmiRefs(file, root));
    }

    // ---- extensions: read-only --------------------------------------------------------------------

    private BindingDescriptor xmiExtensions(XmlElement root, String file) {
        // Keyed by the bean's ejb-jar.xml id; an entry is made only for beans the extensions declare read-only.
        Map<String, XmlElement> readOnly = new LinkedHashMap<>();
        for (XmlElement e : root.children("ejbExtensions")) {
            String id = e.child("enterpriseBean").map(XmlValues::hrefId).orElse(null);
            if (id == null) continue;
            boolean readIntent = e.children("accessIntents").stream()
                    .anyMatch(a -> "READ".equalsIgnoreCase(attribute(a, "intentType")) && coversAllMethods(a));
            if (isTrue(attribute(e, "readOnly")) || readIntent) readOnly.putIfAbsent(id, e);
        }
        for (XmlElement applied : root.children("appliedAccessIntents")) {
            if (!READ_INTENTS.contains(attribute(applied, "accessIntentName"))) continue;
            for (String id : beansCoveredWhole(applied)) readOnly.putIfAbsent(id, applied);
        }
        List<BeanBinding> beans = new ArrayList<>();
        readOnly.forEach((id, e) -> beans.add(new BeanBinding(null, id, null, null, true, null, List.of(), List.of(), at(file, e))));
        return new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of());
    }

    /** The beans (by id) an applied access intent covers with a {@code *} method element. */
    private static Set<String> beansCoveredWhole(XmlElement applied) {
        Set<String> out = new LinkedHashSet<>();
        for (XmlElement m : applied.children("methodElements")) {
            if (!"*".equals(attribute(m, "name"))) continue;
            String id = m.child("enterpriseBean").map(XmlValues::hrefId).orElse(null);
            if (id != null) out.add(id);
        }
        return out;
    }

    /** Whether {@code intent}'s method elements include {@code *} (or list none: the whole bean). */
    private static boolean coversAllMethods(XmlElement intent) {
        List<XmlElement> methods = intent.children("methodElements");
        return methods.isEmpty() || methods.stream().anyMatch(m -> "*".equals(attribute(m, "name")));
    }

    private BindingDescriptor xmlExtensions(XmlElement root, String file) {
        List<BeanBinding> beans = new ArrayList<>();
        for (XmlElement b : root.children()) {
            String name = attribute(b, "name");
            if (name == null) continue;
            boolean readOnly = isTrue(attribute(b, "read-only")) || b.child("read-only").map(r -> isTrue(attribute(r, "value"))).orElse(false)
                    || b.children("access-intent").stream().anyMatch(a -> READ_INTENTS.contains(attribute(a, "name")));
            if (readOnly) beans.add(new BeanBinding(name, null, null, null, true, null, List.of(), List.of(), at(file, b)));
        }
        return new BindingDescriptor(at(file, root), this, false, beans, List.of(), List.of());
    }
}
