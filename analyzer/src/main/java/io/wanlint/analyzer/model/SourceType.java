package io.wanlint.analyzer.model;

import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.ingest.JavaUnit;
import java.util.List;

/**
 * A top-level type of the application's sources with its supertypes resolved as far as the
 * imports allow.
 *
 * @param superclass  the resolved superclass, or null
 * @param interfaces  resolved implemented interfaces (for an interface: the interfaces it extends)
 */
record SourceType(String qualifiedName, String simpleName, TypeDeclaration<?> declaration, JavaUnit unit,
                  TypeScope scope, String superclass, List<String> interfaces, SourceLocation location) {

    boolean isInterface() {
        return declaration instanceof ClassOrInterfaceDeclaration c && c.isInterface();
    }

    boolean isAnnotationType() {
        return declaration.isAnnotationDeclaration();
    }

    /** Whether the file imports JDBC, JPA or a DataSource: the mark of a data-access helper. */
    boolean importsDataAccess() {
        for (String i : scope.imports()) {
            if (i.startsWith("java.sql") || i.startsWith("javax.sql") || i.startsWith("javax.persistence")
                    || i.startsWith("jakarta.persistence")) return true;
        }
        return false;
    }
}
