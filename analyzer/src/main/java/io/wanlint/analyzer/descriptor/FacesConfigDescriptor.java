package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** A JSF {@code faces-config.xml}: its managed beans. */
public record FacesConfigDescriptor(SourceLocation location, List<ManagedBean> beans) implements FrameworkDescriptor {
    public FacesConfigDescriptor {
        beans = List.copyOf(beans);
    }

    /** One {@code <managed-bean>}: the name pages use in EL, its class and scope ({@code request}, {@code session}, …). */
    public record ManagedBean(String name, String className, String scope, SourceLocation location) {}
}
