package io.wanlint.analyzer.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Whether a class is among the compiled classes of a workspace's class roots, by binary name
 * ({@code a.b.Outer$Inner}). Looked up where the class would be — a file in a class folder, an
 * entry of a jar — so that asking about a few names costs a few lookups; a jar's entry names are
 * read once, on the first question about it. Not thread-safe.
 */
public final class CompiledClasses implements Predicate<String> {
    /** No compiled classes at all. */
    public static final Predicate<String> NONE = name -> false;

    private final List<Path> roots;
    private final Map<Path, Set<String>> jarEntries = new HashMap<>();

    public CompiledClasses(List<Path> classRoots) {
        this.roots = List.copyOf(classRoots);
    }

    /** The class roots (folders and jars) looked in. */
    public List<Path> roots() { return roots; }

    /** @param binaryName a valid Java binary name (see {@link JavaNames#isBinaryName}) */
    @Override public boolean test(String binaryName) {
        if (!JavaNames.isBinaryName(binaryName)) return false;
        String entry = binaryName.replace('.', '/') + ".class";
        for (Path root : roots) {
            if (Files.isDirectory(root) ? Files.isRegularFile(root.resolve(entry)) : entries(root).contains(entry)) return true;
        }
        return false;
    }

    private Set<String> entries(Path jar) {
        return jarEntries.computeIfAbsent(jar, j -> {
            try (ZipFile zip = new ZipFile(j.toFile())) {
                return Set.copyOf(zip.stream().map(ZipEntry::getName).distinct().toList());
            } catch (IOException | RuntimeException e) {
                return Set.of(); // an unreadable jar has been reported by ingest already
            }
        });
    }
}
