package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** A tag library descriptor (TLD, JSP 1.1 to 3.x). */
public record TagLibraryDescriptor(SourceLocation location, String uri, String shortName, List<Tag> tags)
        implements Descriptor {

    public TagLibraryDescriptor {
        tags = List.copyOf(tags);
    }

    /** A tag and its handler class ({@code tag-class}, or {@code tagclass} in JSP 1.1 TLDs). */
    public record Tag(String name, String tagClass, SourceLocation location) {}
}
