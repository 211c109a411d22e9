package io.wanlint.engine;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.refactorings.api.Git;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --changed-since REF}: the files git says changed since a ref (committed, staged, in the
 * work tree, or new and not ignored), as absolute normalised paths. Git runs through {@link Git}:
 * nothing the analysed repository configures is executed and its index is not rewritten.
 */
final class ChangedFiles {
    private final Set<Path> changed;

    private ChangedFiles(Set<Path> changed) { this.changed = changed; }

    static ChangedFiles since(String ref, Path inside) {
        Path top = Path.of(git(inside, "rev-parse", "--show-toplevel").get(0)).toAbsolutePath().normalize();
        Set<Path> files = new HashSet<>();
        for (String f : git(inside, "diff", "--name-only", "--no-ext-diff", "--no-textconv", ref, "--")) files.add(top.resolve(f).normalize());
        for (String f : git(inside, "ls-files", "--others", "--exclude-standard", "--full-name")) files.add(top.resolve(f).normalize());
        return new ChangedFiles(files);
    }

    boolean contains(Path file) { return changed.contains(file.toAbsolutePath().normalize()); }

    private static List<String> git(Path dir, String... args) {
        Git.Result result = Git.run(dir, List.of(args));
        if (result.exit() == -1) throw new ConfigurationException("--changed-since: " + result.output());
        if (!result.ok()) {
            throw new ConfigurationException("--changed-since: git " + String.join(" ", args) + " failed: " + result.output().strip());
        }
        return result.lines();
    }
}
