package io.wanlint.analyzer.api;

import java.nio.file.Path;

/**
 * A file the analysis read.
 *
 * @param path        path relative to its input root, {@code /}-separated; archive members as
 *                    {@code shop.ear!/web.war!/WEB-INF/web.xml}
 * @param absolute    where the bytes are on disk (for archive members, inside the bounded extraction folder)
 * @param encoding    the detected charset name of a text file, or null
 * @param rootElement a descriptor's root element without namespace prefix ({@code jboss},
 *                    {@code EJBJarBinding}), or null: descriptors are told apart by it, never by file name
 */
public record AnalyzedFile(String path, Path absolute, Kind kind, String encoding, String rootElement) {
    public enum Kind { JAVA, JSP, DESCRIPTOR, CLASS, ARCHIVE, OTHER }

    /** A file whose root element is not known (sources, classes, archives). */
    public AnalyzedFile(String path, Path absolute, Kind kind, String encoding) {
        this(path, absolute, kind, encoding, null);
    }
}
