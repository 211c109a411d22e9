package io.wanlint.report.api;

import io.wanlint.analyzer.ingest.ExtractionFolder;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Renders DOT to SVG with Graphviz {@code dot} as a subprocess, when it is installed. {@code dot}
 * is slow on tangled graphs (minutes for 500 nodes), so callers give up above {@link #MAX_NODES}
 * and every run has a timeout; in both cases they fall back to wanlint's own layout.
 */
public final class Graphviz {
    /** Above this many nodes, use the built-in layout rather than wait for {@code dot}. */
    public static final int MAX_NODES = 400;
    /**
     * Above this many edges, likewise: clustered by site, ejbca's 1,660 components collapsed into 59
     * packages with 483 edges took dot over two minutes; petstore's 47 with 168 edges, seconds.
     */
    public static final int MAX_EDGES = 250;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);
    /** What to tell a user who wants Graphviz's pictures. */
    public static final String INSTALL_HINT = "install Graphviz for dot's layout (Debian/Ubuntu: apt-get install graphviz)";

    private final Path executable;
    private final Duration timeout;
    private final Path temporaryRoot;

    /** @param executable the {@code dot} program, or null when Graphviz is not available */
    public Graphviz(Path executable, Duration timeout) {
        this(executable, timeout, ExtractionFolder.temporaryRoot());
    }

    /** @param temporaryRoot where dot's input and output files go ({@code $TMPDIR} like every other temporary file of a run) */
    Graphviz(Path executable, Duration timeout, Path temporaryRoot) {
        this.executable = executable;
        this.timeout = timeout;
        this.temporaryRoot = temporaryRoot;
    }

    /** {@code dot} as found on {@code PATH}, if it is there. */
    public static Graphviz onPath() { return new Graphviz(findOnPath(System.getenv("PATH")).orElse(null), DEFAULT_TIMEOUT); }

    public static Graphviz absent() { return new Graphviz(null, DEFAULT_TIMEOUT); }

    static Optional<Path> findOnPath(String path) {
        if (path == null) return Optional.empty();
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            for (String name : new String[] {"dot", "dot.exe"}) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public boolean available() { return executable != null; }

    /** Whether dot is worth waiting for on a graph of this size (else the built-in layout draws it). */
    public static boolean suits(int nodes, int edges) { return nodes <= MAX_NODES && edges <= MAX_EDGES; }

    /**
     * Runs {@code dot -Tsvg}.
     *
     * @throws GraphvizException when dot is absent, fails, or exceeds the timeout (the process is killed)
     */
    public String toSvg(String dot) throws GraphvizException {
        if (executable == null) throw new GraphvizException("Graphviz dot is not installed");
        Path dir = null;
        try {
            // Files rather than pipes: no risk of both sides blocking on full pipe buffers.
            dir = Files.createTempDirectory(temporaryRoot, "wanlint-dot");
            Path in = dir.resolve("graph.dot"), out = dir.resolve("graph.svg"), err = dir.resolve("dot.err");
            Files.writeString(in, dot, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(executable.toString(), "-Tsvg", "-o", out.toString(), in.toString())
                    .redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new GraphvizException("dot did not finish within " + timeout.toSeconds() + " s");
            }
            if (p.exitValue() != 0 || !Files.exists(out)) {
                String why = Files.exists(err) ? Files.readString(err, StandardCharsets.UTF_8).strip() : "";
                throw new GraphvizException("dot failed (exit " + p.exitValue() + ")" + (why.isEmpty() ? "" : ": " + firstLine(why)));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GraphvizException("could not run dot: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GraphvizException("interrupted while running dot");
        } finally {
            deleteQuietly(dir);
        }
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) Files.deleteIfExists(f);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // A leftover temp file is harmless; failing the command over it would not be.
        }
    }

    /** Why Graphviz could not draw a graph; callers fall back to the built-in layout. */
    public static final class GraphvizException extends Exception {
        public GraphvizException(String message) { super(message); }
    }
}
