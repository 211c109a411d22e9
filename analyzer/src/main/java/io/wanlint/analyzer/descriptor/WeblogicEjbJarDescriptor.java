package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Weblogic;

/** A {@code weblogic-ejb-jar.xml}: JNDI names, entity caching and reference bindings per bean. */
public record WeblogicEjbJarDescriptor(SourceLocation location, List<Bean> beans) implements VendorBindings {

    public WeblogicEjbJarDescriptor {
        beans = List.copyOf(beans);
    }

    /** WebLogic's entity {@code concurrency-strategy}. */
    public enum ConcurrencyStrategy {
        READ_ONLY, EXCLUSIVE, DATABASE, OPTIMISTIC;

        public static Optional<ConcurrencyStrategy> parse(String text) {
            if (text == null) return Optional.empty();
            String key = text.trim().replace("-", "").replace("_", "").toUpperCase(Locale.ROOT);
            for (ConcurrencyStrategy s : values()) {
                if (s.name().replace("_", "").equals(key)) return Optional.of(s);
            }
            return Optional.empty();
        }
    }

    /**
     * @param concurrencyStrategy null when not declared (WebLogic's default is Database)
     * @param ejbRefs             {@code ejb-reference-description} / {@code ejb-local-reference-description}
     */
    public record Bean(String ejbName, String jndiName, String localJndiName, ConcurrencyStrategy concurrencyStrategy,
                       Integer readTimeoutSeconds, List<JndiBinding> ejbRefs, SourceLocation location) {
        public Bean {
            ejbRefs = List.copyOf(ejbRefs);
        }

        public boolean readOnly() { return concurrencyStrategy == ConcurrencyStrategy.READ_ONLY; }
    }

    @Override public ContainerVendor vendor() { return Weblogic.INSTANCE; }

    @Override public List<BeanBinding> beanBindings() {
        return beans.stream().map(b -> new BeanBinding(b.ejbName(), null, b.jndiName(), b.localJndiName(), b.readOnly(),
                b.readTimeoutSeconds(), b.ejbRefs(), List.of(), b.location())).toList();
    }
}
