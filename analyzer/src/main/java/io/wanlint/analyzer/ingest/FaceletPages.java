package io.wanlint.analyzer.ingest;

import java.util.Locale;

/**
 * JSF Facelets pages ({@code .xhtml}): not descriptors, but ingest keeps their text with the XML
 * files so that the component model can read which managed-bean methods and properties the pages'
 * EL expressions use; they are never parsed as XML (HTML entities and fragments would only make
 * noise).
 */
public final class FaceletPages {
    private FaceletPages() {}

    public static boolean isPage(String path) {
        return path.toLowerCase(Locale.ROOT).endsWith(".xhtml");
    }
}
