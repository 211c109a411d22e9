package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Jboss;
import java.util.List;

/**
 * A JBoss {@code jboss.xml} (beans) or {@code jboss-web.xml} (web module, {@code web} true)
 * descriptor. {@code ejbRefs} are the module-level reference bindings of {@code jboss-web.xml}.
 */
public record JbossDescriptor(SourceLocation location, boolean web, List<Bean> beans, List<JndiBinding> ejbRefs)
        implements VendorBindings {

    public JbossDescriptor {
        beans = List.copyOf(beans);
        ejbRefs = List.copyOf(ejbRefs);
    }

    /** A bean's JBoss bindings; {@code ejbRefs} bind the bean's own ejb-ref / ejb-local-ref names. */
    public record Bean(String ejbName, String jndiName, String localJndiName, boolean readOnly,
                       List<JndiBinding> ejbRefs, SourceLocation location) {
        public Bean {
            ejbRefs = List.copyOf(ejbRefs);
        }
    }

    @Override public ContainerVendor vendor() { return Jboss.CURRENT; }

    @Override public List<BeanBinding> beanBindings() {
        return beans.stream().map(b -> new BeanBinding(b.ejbName(), null, b.jndiName(), b.localJndiName(), b.readOnly(),
                null, b.ejbRefs(), List.of(), b.location())).toList();
    }

    @Override public List<JndiBinding> moduleEjbRefs() { return ejbRefs; }
}
