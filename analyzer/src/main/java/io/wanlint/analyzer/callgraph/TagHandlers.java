package io.wanlint.analyzer.callgraph;

import java.util.Optional;

/**
 * Resolves a JSP custom tag to its handler class, from the tag library descriptors of the
 * application. The component-model phase reads the TLDs; the pipeline adapts them to this.
 */
@FunctionalInterface
public interface TagHandlers {
    /** The fully qualified handler class of {@code tagName} in the library {@code taglibUri}, if declared. */
    Optional<String> handlerClass(String taglibUri, String tagName);

    /** No tag library is known. */
    TagHandlers NONE = (uri, name) -> Optional.empty();
}
