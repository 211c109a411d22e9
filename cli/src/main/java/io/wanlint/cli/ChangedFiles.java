package io.wanlint.cli;

import io.wanlint.analyzer.api.ConfigurationException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code --changed-since REF}: the files git says changed since a ref (committed, staged, in the
 * work tree, or new and not ignored), as absolute normalised paths.
 */
final class ChangedFiles {
    private final Set<Path> changed;

    private ChangedFiles(Set<Path> changed) { this.changed = changed; }

    static ChangedFiles since(String ref, Path inside) {
        Path top = Path.of(git(inside, "rev-parse", "--show-toplevel").get(0)).toAbsolutePath().normalize();
        Set<Path> files = new HashSet<>();
        for (String f : git(inside, "diff", "--name-only", ref, "--")) files.add(top.resolve(f).normalize());
        for (String f : git(inside, "ls-files", "--others", "--exclude-standard", "--full-name")) files.add(top.resolve(f).normalize());
        return new ChangedFiles(files);
    }

    boolean contains(Path file) { return changed.contains(file.toAbsolutePath().normalize()); }

    private static List<String> git(Path dir, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ConfigurationException("--changed-since: git did not answer within 30 s");
            }
            if (p.exitValue() != 0) {
                throw new ConfigurationException("--changed-since: git " + String.join(" ", args) + " failed: " + out.strip());
            }
            return out.lines().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new ConfigurationException("--changed-since needs git on PATH: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigurationException("--changed-since: interrupted");
        }
    }
}
