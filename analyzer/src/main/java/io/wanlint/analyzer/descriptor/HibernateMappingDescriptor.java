package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** A Hibernate {@code *.hbm.xml} mapping (Hibernate 1.x to 5): the persistent classes it maps. */
public record HibernateMappingDescriptor(SourceLocation location, List<PersistentClass> classes) implements FrameworkDescriptor {
    public HibernateMappingDescriptor {
        classes = List.copyOf(classes);
    }

    /** A mapped class ({@code class}, {@code subclass}, {@code joined-subclass}, {@code union-subclass}), qualified by the mapping's package. */
    public record PersistentClass(String className, String table, SourceLocation location) {}
}
