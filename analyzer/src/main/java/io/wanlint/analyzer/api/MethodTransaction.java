package io.wanlint.analyzer.api;

import java.util.List;

/**
 * One transaction-attribute declaration for a bean's methods. {@code method} is a name or
 * {@code *}; {@code parameterTypes} null means every overload; {@code methodIntf} (Home, Remote,
 * LocalHome, Local) null means every view.
 */
public record MethodTransaction(String method, List<String> parameterTypes, String methodIntf,
                                TransactionAttribute attribute, Source source) {
    /** Where a declaration came from, in increasing precedence (EJB spec: the descriptor wins). */
    public enum Source { DEFAULT, CLASS_ANNOTATION, METHOD_ANNOTATION, DESCRIPTOR }

    public MethodTransaction {
        parameterTypes = parameterTypes == null ? null : List.copyOf(parameterTypes);
    }

    /** How specific the declaration is: {@code *} 0, a name 1, a name with parameter types 2. */
    public int specificity() {
        if ("*".equals(method)) return 0;
        return parameterTypes == null ? 1 : 2;
    }

    public boolean matches(String name, List<String> params) {
        if (!"*".equals(method) && !method.equals(name)) return false;
        if (parameterTypes == null || params == null) return true;
        if (parameterTypes.size() != params.size()) return false;
        for (int i = 0; i < params.size(); i++) {
            if (!sameType(parameterTypes.get(i), params.get(i))) return false;
        }
        return true;
    }

    private static boolean sameType(String a, String b) {
        if (a.equals(b)) return true;
        // Descriptors write fully qualified names; sources may only give simple names.
        return simple(a).equals(simple(b));
    }

    private static String simple(String t) {
        int i = t.lastIndexOf('.');
        return i < 0 ? t : t.substring(i + 1);
    }
}
