package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/**
 * A WebWork 2 / XWork {@code xwork.xml}, a Struts 2 {@code struts.xml}, or a WebWork 1
 * {@code actions.xml}: its actions.
 *
 * @param extension the action extension a {@code struts.action.extension} constant sets (first one), or null
 */
public record XworkDescriptor(SourceLocation location, String extension, List<Action> actions) implements FrameworkDescriptor {
    public XworkDescriptor {
        actions = List.copyOf(actions);
    }

    /**
     * One action.
     *
     * @param namespace its package's namespace ({@code ""} for the default one)
     * @param name      the action name the URL carries ({@code order} for {@code /order.action})
     * @param className the action class as written (WebWork 1 may name it relative to its action packages), or null
     * @param method    the {@code method} attribute, or null for {@code execute}
     */
    public record Action(String namespace, String name, String className, String method, SourceLocation location) {}
}
