package io.wanlint.analyzer.api;

import java.util.List;

/**
 * A method, identified by its declaring class (fully qualified; for a JSP page the pseudo-class
 * {@code jsp:/path/page.jsp}), its name and its erased parameter types (fully qualified when
 * resolved, simple names otherwise). Both front ends build the same refs for the same method.
 */
public record MethodRef(String className, String name, List<String> parameterTypes) {
    public MethodRef {
        parameterTypes = parameterTypes == null ? List.of() : List.copyOf(parameterTypes);
    }

    public static MethodRef of(String className, String name, String... params) {
        return new MethodRef(className, name, List.of(params));
    }

    public String simpleClassName() {
        int i = className.lastIndexOf('.');
        return i < 0 ? className : className.substring(i + 1);
    }

    /** {@code Class#method} without parameters, the form users type in {@code --from}. */
    public String shortId() { return className + "#" + name; }

    @Override public String toString() {
        return className + "#" + name + "(" + String.join(",", parameterTypes) + ")";
    }
}
