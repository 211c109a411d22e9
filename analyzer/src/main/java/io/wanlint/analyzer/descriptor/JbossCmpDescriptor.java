package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Jboss;
import java.util.List;

/** A {@code jbosscmp-jdbc.xml}: per CMP entity, its table and read-only settings. */
public record JbossCmpDescriptor(SourceLocation location, List<Entity> entities) implements VendorBindings {

    public JbossCmpDescriptor {
        entities = List.copyOf(entities);
    }

    /** @param readTimeOutMillis {@code read-time-out} in milliseconds, or null */
    public record Entity(String ejbName, String tableName, boolean readOnly, Long readTimeOutMillis,
                         SourceLocation location) {}

    @Override public ContainerVendor vendor() { return Jboss.CURRENT; }

    @Override public List<BeanBinding> beanBindings() {
        return entities.stream().map(e -> new BeanBinding(e.ejbName(), null, null, null, e.readOnly(),
                e.readTimeOutMillis() == null ? null : (int) Math.min(Integer.MAX_VALUE, e.readTimeOutMillis() / 1000),
                List.of(), List.of(), e.location())).toList();
    }

    @Override public boolean cmpMapping() { return true; }
}
