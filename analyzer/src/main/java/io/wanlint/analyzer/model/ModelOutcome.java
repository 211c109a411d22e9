package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.descriptor.Descriptor;
import java.util.List;

/**
 * What {@link ComponentModelBuilder} produces: the component model, what it could not read or had
 * to decide (duplicate beans, malformed descriptors), the tag libraries JSP analysis needs, and
 * every recognised descriptor (for descriptor patches and vendor details).
 */
public record ModelOutcome(ComponentModel model, List<Diagnostic> diagnostics, TagLibraries tagLibraries,
                           List<Descriptor> descriptors) {
    public ModelOutcome {
        diagnostics = List.copyOf(diagnostics);
        descriptors = List.copyOf(descriptors);
        if (tagLibraries == null) tagLibraries = TagLibraries.EMPTY;
    }
}
