package io.wanlint.report.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The root of the git work tree a folder lies in: code-scanning tools (GitHub, GitLab) resolve a
 * SARIF artifact URI against the repository's root, not against the folder wanlint analysed, so a
 * path relative to {@code fixtures/petstore} would point at a file that does not exist.
 */
public final class RepositoryRoot {
    private RepositoryRoot() {}

    /**
     * The nearest folder at or above {@code folder} that holds {@code .git} (a folder in a clone, a
     * file in a linked work tree or submodule); empty when the folder is not under version control.
     */
    public static Optional<Path> containing(Path folder) {
        if (folder == null) return Optional.empty();
        for (Path p = folder.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) return Optional.of(p);
        }
        return Optional.empty();
    }

    /**
     * Where report paths, which are relative to {@code analysedRoot}, are to be relative to:
     * {@code override} when given, else the repository root, else the analysed folder itself.
     */
    public static Path forReports(Path analysedRoot, Path override) {
        if (override != null) return override.toAbsolutePath().normalize();
        return containing(analysedRoot).orElse(analysedRoot.toAbsolutePath().normalize());
    }

    /**
     * The analysed folder as a {@code /}-separated prefix relative to {@code base}, ending in
     * {@code /} (empty when they are the same folder); empty too when the analysed folder is not
     * inside {@code base}, whose paths then stay relative to the analysed folder.
     */
    public static String prefix(Path base, Path analysedRoot) {
        Path b = base.toAbsolutePath().normalize(), a = analysedRoot.toAbsolutePath().normalize();
        if (!a.startsWith(b) || a.equals(b)) return "";
        return b.relativize(a).toString().replace('\\', '/') + "/";
    }
}
