package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Diagnostic;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything ingest found under the inputs, decoded but not yet interpreted.
 *
 * @param javaSources  Java source files
 * @param jsps         JSP / JSPX files
 * @param xmlFiles     XML documents that may be descriptors (found by content later, not by name)
 * @param classRoots   folders of compiled classes and jar files (application and library)
 * @param files        every file read, for reports
 * @param diagnostics  what could not be read, and why
 * @param propertyFiles {@code .properties} files (class names that code loads by a property key)
 */
public record Workspace(List<TextFile> javaSources, List<TextFile> jsps, List<TextFile> xmlFiles,
                        List<Path> classRoots, List<AnalyzedFile> files, List<Diagnostic> diagnostics,
                        List<TextFile> propertyFiles) {
    public Workspace {
        javaSources = List.copyOf(javaSources);
        jsps = List.copyOf(jsps);
        xmlFiles = List.copyOf(xmlFiles);
        classRoots = List.copyOf(classRoots);
        files = List.copyOf(files);
        diagnostics = List.copyOf(diagnostics);
        propertyFiles = List.copyOf(propertyFiles);
    }

    /** A workspace without properties files. */
    public Workspace(List<TextFile> javaSources, List<TextFile> jsps, List<TextFile> xmlFiles,
                     List<Path> classRoots, List<AnalyzedFile> files, List<Diagnostic> diagnostics) {
        this(javaSources, jsps, xmlFiles, classRoots, files, diagnostics, List.of());
    }
}
