package io.wanlint.analyzer.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A class of the application as its class file declares it, for applications shipped without
 * sources: names are binary names with dots ({@code a.b.Outer$Inner}), as descriptors write them.
 *
 * @param file where the class's source was ({@code a/b/Foo.java} from its {@code SourceFile}
 *             attribute), or its class file's path when the attribute is missing
 */
record CompiledType(String name, String superclass, List<String> interfaces, boolean isInterface, boolean isAbstract,
                    List<Annotation> annotations, List<Member> fields, List<Member> methods, String file) {
    CompiledType {
        interfaces = List.copyOf(interfaces);
        annotations = List.copyOf(annotations);
        fields = List.copyOf(fields);
        methods = List.copyOf(methods);
    }

    /**
     * A runtime-visible annotation: its type, and each attribute's values as text — strings as they
     * are, enum constants by name, classes by binary name; arrays give several values, nested
     * annotations (such as the {@code @NamedQuery}s of {@code @NamedQueries}) are in {@code nested}.
     */
    record Annotation(String type, Map<String, List<String>> values, List<Annotation> nested) {
        Annotation {
            values = Map.copyOf(values);
            nested = List.copyOf(nested);
        }

        /** The attribute's single value, or null when it is absent or blank. */
        String value(String attribute) {
            List<String> v = values.get(attribute);
            return v == null || v.isEmpty() || v.get(0).isBlank() ? null : v.get(0);
        }

        List<String> all(String attribute) {
            return values.getOrDefault(attribute, List.of());
        }

        boolean is(JeeAnnotation a) {
            return a.matchesQualified(type);
        }
    }

    /**
     * A field ({@code type} its type, {@code parameterTypes} empty) or a method ({@code type} its
     * return type); {@code typeArguments} are the classes a field's generic type names
     * ({@code List<OrderDetail>} → {@code OrderDetail}), outermost first, when the class file keeps them.
     */
    record Member(String name, String type, List<String> parameterTypes, List<Annotation> annotations, List<String> typeArguments) {
        Member {
            parameterTypes = List.copyOf(parameterTypes);
            annotations = List.copyOf(annotations);
            typeArguments = typeArguments == null ? List.of() : List.copyOf(typeArguments);
        }

        Member(String name, String type, List<String> parameterTypes, List<Annotation> annotations) {
            this(name, type, parameterTypes, annotations, List.of());
        }

        Optional<Annotation> annotation(JeeAnnotation a) {
            return annotations.stream().filter(x -> x.is(a)).findFirst();
        }
    }

    Optional<Annotation> annotation(JeeAnnotation a) {
        return annotations.stream().filter(x -> x.is(a)).findFirst();
    }

    String simpleName() {
        String s = name.substring(name.lastIndexOf('.') + 1);
        return s.substring(s.lastIndexOf('$') + 1);
    }
}
