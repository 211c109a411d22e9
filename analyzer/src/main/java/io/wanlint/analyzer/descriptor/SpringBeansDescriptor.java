package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/**
 * A Spring {@code <beans>} file: the beans' ids, names and classes. Web frameworks integrated with
 * Spring name an action by its bean (WebWork/Struts 2 {@code class="orderAction"}, Struts 1's
 * {@code DelegatingActionProxy} by the mapping's path).
 */
public record SpringBeansDescriptor(SourceLocation location, List<Bean> beans) implements FrameworkDescriptor {
    public SpringBeansDescriptor {
        beans = List.copyOf(beans);
    }

    /** A bean with a class: its id and its names (the {@code name} attribute split at commas, semicolons, blanks). */
    public record Bean(String id, List<String> names, String className, SourceLocation location) {
        public Bean {
            names = List.copyOf(names);
        }
    }
}
