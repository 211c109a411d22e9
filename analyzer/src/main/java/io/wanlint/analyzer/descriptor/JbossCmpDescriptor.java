package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** A {@code jbosscmp-jdbc.xml}: per CMP entity, its table and read-only settings. */
public record JbossCmpDescriptor(SourceLocation location, List<Entity> entities) implements Descriptor {

    public JbossCmpDescriptor {
        entities = List.copyOf(entities);
    }

    /** @param readTimeOutMillis {@code read-time-out} in milliseconds, or null */
    public record Entity(String ejbName, String tableName, boolean readOnly, Long readTimeOutMillis,
                         SourceLocation location) {}
}
