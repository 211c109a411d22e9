package io.wanlint.analyzer.model;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves type names as written in one compilation unit to qualified names, using its package,
 * its imports and the application's own types: enough to tell {@code javax.ejb.Stateless} from an
 * unrelated {@code @Stateless}, and to match source types against descriptor class names, without
 * paying for full symbol resolution.
 */
final class TypeScope {
    private final String packageName;
    private final Map<String, String> singleImports = new HashMap<>();
    private final List<String> wildcardImports = new ArrayList<>();
    private final List<String> imports = new ArrayList<>();
    private final Set<String> applicationTypes;

    TypeScope(CompilationUnit unit, Set<String> applicationTypes) {
        this.applicationTypes = applicationTypes;
        this.packageName = unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        for (ImportDeclaration i : unit.getImports()) {
            String name = i.getNameAsString();
            imports.add(name);
            if (i.isStatic()) continue;
            if (i.isAsterisk()) wildcardImports.add(name);
            else singleImports.put(name.substring(name.lastIndexOf('.') + 1), name);
        }
    }

    String packageName() { return packageName; }

    /** Every imported name as written (packages of wildcard imports included). */
    List<String> imports() { return imports; }

    /** The qualified name of the application type, or the name as written when it is not one. */
    String qualify(String simpleTypeName) {
        return packageName.isEmpty() ? simpleTypeName : packageName + "." + simpleTypeName;
    }

    /**
     * The qualified name a written type name most likely denotes: erasure of generics, arrays kept
     * as {@code []} suffixes. Names that cannot be pinned down (a wildcard import of a library
     * package, {@code java.lang}) are returned as written.
     */
    String resolve(String written) {
        String t = erase(written.trim());
        String suffix = "";
        while (t.endsWith("[]")) {
            suffix += "[]";
            t = t.substring(0, t.length() - 2).trim();
        }
        if (t.endsWith("...")) {
            suffix += "[]";
            t = t.substring(0, t.length() - 3).trim();
        }
        return resolveName(t) + suffix;
    }

    private String resolveName(String t) {
        int dot = t.indexOf('.');
        if (dot > 0) {
            String first = t.substring(0, dot);
            String imported = singleImports.get(first);
            if (imported != null) return imported + t.substring(dot);
            String samePackage = qualify(t);
            return applicationTypes.contains(samePackage) ? samePackage : t;
        }
        String imported = singleImports.get(t);
        if (imported != null) return imported;
        String samePackage = qualify(t);
        if (applicationTypes.contains(samePackage)) return samePackage;
        for (String w : wildcardImports) {
            if (applicationTypes.contains(w + "." + t)) return w + "." + t;
        }
        return t;
    }

    /**
     * Whether a written annotation or type name denotes {@code simpleName} in one of
     * {@code packages}: written qualified, imported by name, or reached through a wildcard import
     * of that package (and not shadowed by a single-type import of another type).
     */
    boolean denotes(String written, String simpleName, List<String> packages) {
        if (written.indexOf('.') > 0) {
            for (String p : packages) if (written.equals(p + "." + simpleName)) return true;
            return false;
        }
        if (!written.equals(simpleName)) return false;
        String imported = singleImports.get(simpleName);
        if (imported != null) {
            for (String p : packages) if (imported.equals(p + "." + simpleName)) return true;
            return false;
        }
        if (applicationTypes.contains(qualify(simpleName))) return false;
        for (String p : packages) {
            if (wildcardImports.contains(p) || packageName.equals(p)) return true;
        }
        return false;
    }

    private static String erase(String t) {
        int lt = t.indexOf('<');
        if (lt < 0) return t;
        // Strip every balanced <...> group; nested generics are common in field types.
        StringBuilder out = new StringBuilder(t.length());
        int depth = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '<') depth++;
            else if (c == '>') depth--;
            else if (depth == 0) out.append(c);
        }
        return out.toString().trim();
    }
}
