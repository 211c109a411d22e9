package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** A Struts 1 {@code struts-config.xml}: its action mappings. */
public record StrutsConfigDescriptor(SourceLocation location, List<Action> actions) implements FrameworkDescriptor {
    public StrutsConfigDescriptor {
        actions = List.copyOf(actions);
    }

    /**
     * One {@code <action>} of {@code <action-mappings>}.
     *
     * @param path      the module-relative path ({@code /login})
     * @param type      the action class, or null for a mapping that only forwards or includes
     * @param parameter the {@code parameter} attribute (what a dispatch action dispatches on), or null
     */
    public record Action(String path, String type, String parameter, SourceLocation location) {}
}
