package io.wanlint.analyzer.callgraph;

import java.util.List;

/**
 * What {@link AppTypes} knows of the application's types without their trees, kept by the analysis
 * cache so that a later run can rebuild the index without parsing the files that did not change:
 * per file (in index order), its types with their supertypes as resolved, and their methods with
 * erased parameter types, modifiers, lines and annotations.
 */
public final class IndexFacts {
    private IndexFacts() {}

    static final int INTERFACE = 1;
    static final int ABSTRACT = 1 << 1;
    static final int FINAL = 1 << 2;
    static final int ENUM = 1 << 3;
    static final int STATIC = 1 << 4;
    static final int PUBLIC = 1 << 5;
    static final int PRIVATE = 1 << 6;
    static final int VARARGS = 1 << 7;
    static final int IMPLICIT = 1 << 8;
    /** A type annotated {@code @WebService} or {@code @WebServiceProvider}. */
    static final int WEB_SERVICE = 1 << 9;

    /**
     * One indexed file.
     *
     * @param syntheticClass for a JSP page, its synthetic class's name (else null)
     * @param graphClass     for a JSP page, its graph class name (else null)
     */
    public record File(String file, String syntheticClass, String graphClass, List<Type> types) {
        public File {
            types = List.copyOf(types);
        }
    }

    /** One type; {@code path} is a JAX-RS {@code @Path} value or null, {@code superclass} may be null. */
    public record Type(String fqn, String graphName, String file, int flags, int line, String path,
                       List<String> supertypes, String superclass, List<Method> methods) {
        public Type {
            supertypes = List.copyOf(supertypes);
            methods = List.copyOf(methods);
        }

        boolean has(int flag) { return (flags & flag) != 0; }
    }

    /** One method or constructor ({@code <init>}); {@code path} is a JAX-RS {@code @Path} value or null. */
    public record Method(String name, List<String> parameterTypes, int flags, int line, List<String> annotations,
                         String path) {
        public Method {
            parameterTypes = List.copyOf(parameterTypes);
            annotations = List.copyOf(annotations);
        }

        boolean has(int flag) { return (flags & flag) != 0; }
    }
}
