package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a {@code java:comp/env} name is resolved through the references of the caller and of the other components. */
class JndiNamesTest {
    private static Component bean(String name) {
        return new Component(name, ComponentKind.STATELESS_SESSION, null, "b." + name + "Bean",
                new EjbInterfaces("b." + name + "Home", "b." + name, null, null, List.of(), List.of(), false), null, null,
                null, null, null, null, null, List.of(), null, null, null, false, null);
    }

    private static Component web(String name, ComponentKind kind, List<EjbReference> refs) {
        return new Component(name, kind, null, "w." + name, null, null, null, null, null, null, null, null, refs, null,
                null, null, false, null);
    }

    private static EjbReference ref(String name, String target) {
        return new EjbReference(name, false, null, null, null, null, target);
    }

    private static Optional<String> resolved(JndiNames names, String jndi, Component caller) {
        return names.resolve(jndi, caller).map(Component::name);
    }

    @Test
    void theCallersOwnReferenceFirstThenWebComponentsThenTheOthers() {
        Component list = web("list", ComponentKind.SERVLET, List.of(ref("ejb/Shop", "Catalog")));
        Component cart = web("cart", ComponentKind.SERVLET, List.of(ref("java:comp/env/ejb/shop", "Cart")));
        Component unresolved = web("gone", ComponentKind.SERVLET, List.of(ref("ejb/Shop", "Nowhere")));
        Component session = bean("Orders").withEjbRefs(List.of(ref("ejb/Shop", "Orders"), ref("ejb/Tax", "Cart")));
        JndiNames names = new JndiNames(null, new ComponentModel(List.of(bean("Catalog"), bean("Cart"), session, list, cart, unresolved)));

        assertThat(resolved(names, "java:comp/env/ejb/Shop", cart)).as("its own, ignoring case and the prefix").contains("Cart");
        assertThat(resolved(names, "java:comp/env/ejb/Shop", list)).contains("Catalog");
        assertThat(resolved(names, "java:comp/env/ejb/Shop", session)).as("its own, though not a web component's").contains("Orders");
        assertThat(resolved(names, "java:comp/env/ejb/Shop", unresolved)).as("its own names no bean: the first that does")
                .contains("Catalog");
        assertThat(resolved(names, "java:comp/env/ejb/Shop", null)).as("a helper: web components' first").contains("Catalog");
        assertThat(resolved(names, "java:comp/env/ejb/Tax", list)).as("only a bean declares it").contains("Cart");
    }

    /**
     * The servlets and pages of a web module share its references: each look-up used to copy the
     * list of every component declaring the name, and the index held one entry per component and
     * reference (here 90 million); now each list is read once.
     */
    @Test
    void lookUpsInManyWebComponentsSharingOneModulesReferencesAreNotQuadratic() {
        int beans = 3_000;
        int servlets = 30_000;
        List<Component> components = new ArrayList<>();
        List<EjbReference> module = new ArrayList<>();
        for (int i = 0; i < beans; i++) {
            components.add(bean("Bean" + i));
            module.add(ref("ejb/Bean" + i, "Bean" + i));
        }
        List<EjbReference> shared = List.copyOf(module);
        List<Component> callers = new ArrayList<>();
        for (int i = 0; i < servlets; i++) callers.add(web("servlet" + i, ComponentKind.SERVLET, shared));
        components.addAll(callers);
        JndiNames names = new JndiNames(null, new ComponentModel(components));

        int found = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            int n = 0;
            for (int i = 0; i < servlets; i++) {
                if (resolved(names, "java:comp/env/ejb/Bean" + (i % beans), callers.get(i)).equals(Optional.of("Bean" + (i % beans)))) n++;
            }
            return n;
        });

        assertThat(found).isEqualTo(servlets);
    }
}
