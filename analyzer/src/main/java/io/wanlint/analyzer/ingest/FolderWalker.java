package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Walks a folder tree in a deterministic order (entries sorted by name, depth first), handing each
 * regular file with its logical path to a visitor.
 *
 * <p>Version-control folders are skipped; build output is not (people analyse it). Symbolic links
 * are followed, but a folder is entered at most once per run, by its real path, so link loops end.
 * Broken links and unreadable folders become diagnostics.
 */
final class FolderWalker {
    /** Receives the regular files of a walk. */
    interface Visitor {
        void file(Path file, String logicalPath);
    }

    private static final Set<String> VCS_FOLDERS = Set.of(".git", ".svn", "CVS", ".hg", ".bzr");

    private final Set<Path> visited;
    private final Set<Path> skipped;
    private final ExcludeGlobs excludes;
    private final List<Diagnostic> diagnostics;

    /**
     * @param visited     real paths of folders already walked in this run (shared, updated)
     * @param skipped     real paths never to enter (the extraction folder)
     */
    FolderWalker(Set<Path> visited, Set<Path> skipped, ExcludeGlobs excludes, List<Diagnostic> diagnostics) {
        this.visited = visited;
        this.skipped = skipped;
        this.excludes = excludes;
        this.diagnostics = diagnostics;
    }

    /** Walks {@code root}; logical paths are {@code prefix} + the path relative to root. */
    void walk(Path root, String prefix, Visitor visitor) {
        try {
            if (!visited.add(root.toRealPath())) return;
        } catch (IOException e) {
            diagnostics.add(Diagnostic.warning(display(prefix, ""), 0, "cannot read folder: " + e.getMessage()));
            return;
        }
        walkFolder(root, prefix, "", visitor);
    }

    private void walkFolder(Path folder, String prefix, String relative, Visitor visitor) {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            stream.forEach(children::add);
        } catch (IOException | RuntimeException e) {
            diagnostics.add(Diagnostic.warning(display(prefix, relative), 0, "cannot read folder: " + e.getMessage()));
            return;
        }
        children.sort(Comparator.comparing(p -> p.getFileName().toString()));
        for (Path child : children) {
            String name = child.getFileName().toString();
            String childRelative = relative.isEmpty() ? name : relative + "/" + name;
            String logical = prefix + childRelative;
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(child, BasicFileAttributes.class);
            } catch (IOException e) {
                boolean link = Files.isSymbolicLink(child);
                diagnostics.add(Diagnostic.warning(logical, 0, link
                        ? "broken or looping symbolic link skipped"
                        : "cannot read: " + e.getMessage()));
                continue;
            }
            if (attributes.isDirectory()) {
                if (VCS_FOLDERS.contains(name) || excludes.matchesFolder(logical)) continue;
                if (enter(child, logical)) walkFolder(child, prefix, childRelative, visitor);
            } else if (attributes.isRegularFile()) {
                if (!excludes.matches(logical)) visitor.file(child, logical);
            }
        }
    }

    private boolean enter(Path folder, String logical) {
        Path real;
        try {
            real = folder.toRealPath();
        } catch (IOException e) {
            diagnostics.add(Diagnostic.warning(logical, 0, "cannot resolve folder: " + e.getMessage()));
            return false;
        }
        if (skipped.contains(real)) return false;
        if (visited.add(real)) return true;
        if (Files.isSymbolicLink(folder)) {
            diagnostics.add(Diagnostic.info(logical, 0,
                    "symbolic link to a folder that is already analysed skipped (link loop?)"));
        }
        return false;
    }

    private static String display(String prefix, String relative) {
        String path = prefix + relative;
        return path.endsWith("!/") ? path.substring(0, path.length() - 2) : path;
    }
}
