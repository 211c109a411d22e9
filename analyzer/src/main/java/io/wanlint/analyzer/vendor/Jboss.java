package io.wanlint.analyzer.vendor;

import static io.wanlint.analyzer.vendor.XmlValues.at;
import static io.wanlint.analyzer.vendor.XmlValues.elementBindings;
import static io.wanlint.analyzer.vendor.XmlValues.isTrue;
import static io.wanlint.analyzer.vendor.XmlValues.parseLong;

import io.wanlint.analyzer.descriptor.JbossCmpDescriptor;
import io.wanlint.analyzer.descriptor.JbossDescriptor;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * JBoss: {@code jboss.xml} and {@code jboss-web.xml} bindings, {@code jbosscmp-jdbc.xml} CMP
 * mapping. JBoss 2.x ({@code version2}) mapped CMP in {@code jaws.xml} and had other read-only
 * switches; it is known only from the set of files an application ships.
 */
public record Jboss(boolean version2) implements ContainerVendor {
    /** JBoss 3.x and later. */
    public static final Jboss CURRENT = new Jboss(false);

    private static final List<String> REFS = List.of("ejb-ref", "ejb-local-ref");

    @Override public String displayName() { return version2 ? "JBoss 2.x" : "JBoss"; }

    @Override public Set<String> ejbRoots() {
        return version2 ? Set.of("jaws") : Set.of("jboss", "jbosscmp-jdbc", "jaws");
    }

    @Override public Set<String> webRoots() { return version2 ? Set.of() : Set.of("jboss-web"); }

    @Override public Optional<VendorBindings> read(XmlElement root, String file) {
        return Optional.ofNullable(switch (root.localName()) {
            case "jboss" -> jboss(root, file, false);
            case "jboss-web" -> jboss(root, file, true);
            case "jbosscmp-jdbc" -> cmp(root, file);
            default -> null;
        });
    }

    @Override public List<String> readOnlyStrategies(boolean cmp) {
        if (version2) {
            return List.of(cmp ? "JBoss 2.x <read-only>true</read-only> with a <time-out> in the bean's <entity> in jaws.xml"
                    : "JBoss 2.x <commit-option>A</commit-option> in the bean's container configuration in jboss.xml");
        }
        return List.of("JBoss <read-only>true</read-only> in jboss.xml" + (cmp ? " (and jbosscmp-jdbc.xml)" : ""));
    }

    private static JbossDescriptor jboss(XmlElement root, String file, boolean web) {
        List<JbossDescriptor.Bean> beans = new ArrayList<>();
        root.child("enterprise-beans").ifPresent(eb -> {
            for (XmlElement b : eb.children()) {
                if (b.childText("ejb-name") == null) continue;
                beans.add(new JbossDescriptor.Bean(b.childText("ejb-name"), b.childText("jndi-name"),
                        b.childText("local-jndi-name"), isTrue(b.childText("read-only")),
                        elementBindings(file, b, REFS, "ejb-ref-name"), at(file, b)));
            }
        });
        return new JbossDescriptor(at(file, root), web, beans, elementBindings(file, root, REFS, "ejb-ref-name"));
    }

    private static JbossCmpDescriptor cmp(XmlElement root, String file) {
        List<JbossCmpDescriptor.Entity> entities = new ArrayList<>();
        root.child("enterprise-beans").ifPresent(eb -> {
            for (XmlElement e : eb.children("entity")) {
                if (e.childText("ejb-name") == null) continue;
                entities.add(new JbossCmpDescriptor.Entity(e.childText("ejb-name"), e.childText("table-name"),
                        isTrue(e.childText("read-only")), parseLong(e.childText("read-time-out")), at(file, e)));
            }
        });
        return new JbossCmpDescriptor(at(file, root), entities);
    }
}
