package io.wanlint.refactorings.api;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs git in a repository wanlint analyses or patches, without running anything that repository
 * configures. A repository's own {@code .git/config} can name programs git starts while it reads
 * the work tree — an fsmonitor, hooks, clean/smudge filters and filter processes, external diff
 * and textconv drivers — and an analysed repository is not trusted code. Every call therefore
 * turns those off, and reads without taking optional locks, so that wanlint never rewrites the
 * user's {@code .git/index} either. The commands wanlint runs only read.
 */
public final class Git {
    private static final long TIMEOUT_SECONDS = 30;

    private Git() {}

    /** What one git command printed (stdout and stderr together) and returned; exit -1 when it did not run. */
    public record Result(int exit, String output) {
        public boolean ok() { return exit == 0; }

        /** Non-blank output lines. */
        public List<String> lines() { return output.lines().filter(l -> !l.isBlank()).toList(); }
    }

    /** Runs {@code git args…} in {@code dir} with the repository's programs turned off. */
    public static Result run(Path dir, List<String> args) {
        List<String> command = new ArrayList<>(baseCommand(dir));
        command.addAll(filterOverrides(dir));
        command.addAll(args);
        return exec(command);
    }

    /**
     * {@code git} with the options every call carries: no optional locks (no index refresh written
     * back), no fsmonitor, hooks from nowhere, no untracked cache written, no external diff program.
     */
    static List<String> baseCommand(Path dir) {
        return List.of("git", "--no-optional-locks",
                "-c", "core.fsmonitor=false",
                "-c", "core.hooksPath=/dev/null",
                "-c", "core.untrackedCache=false",
                "-c", "diff.external=",
                "-C", dir.toString());
    }

    /**
     * {@code -c} options that empty every filter driver the repository configures
     * ({@code filter.NAME.clean|smudge|process}; git runs no filter whose command is empty) and
     * clear its {@code required} flag. Reading the configuration runs nothing.
     */
    static List<String> filterOverrides(Path dir) {
        List<String> command = new ArrayList<>(baseCommand(dir));
        command.addAll(List.of("config", "--null", "--name-only", "--get-regexp", "^filter\\."));
        Result listed = exec(command);
        Set<String> drivers = new LinkedHashSet<>();
        if (listed.ok()) { // exit 1: no filter configured
            for (String key : listed.output().split("\0")) {
                int dot = key.strip().lastIndexOf('.');
                if (dot > "filter.".length()) drivers.add(key.strip().substring(0, dot));
            }
        }
        List<String> overrides = new ArrayList<>();
        for (String driver : drivers) {
            for (String setting : List.of(".clean=", ".smudge=", ".process=", ".required=false")) {
                overrides.add("-c");
                overrides.add(driver + setting);
            }
        }
        return overrides;
    }

    private static Result exec(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("GIT_OPTIONAL_LOCKS", "0");
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.environment().remove("GIT_DIR");
        pb.environment().remove("GIT_WORK_TREE");
        pb.environment().remove("GIT_INDEX_FILE");
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            // Read on another thread so that a git that hangs (a lock, a prompt) cannot outlast the timeout.
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = p.getInputStream()) {
                    return in.readAllBytes();
                } catch (IOException e) {
                    return new byte[0];
                }
            });
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "git did not answer within " + TIMEOUT_SECONDS + " s");
            }
            return new Result(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, "git is not available: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
