package io.wanlint.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One check, as a front door asks for it.
 *
 * @param paths         source trees, archives or class folders to analyse
 * @param topology      a preset or topology file; null for the configuration's, else {@code edge}
 * @param configFile    a {@code wanlint.yaml}; null to look for one (see {@link RunSettings#resolve})
 * @param excludes      path globs to skip, besides the configuration's
 * @param gate          changed-since and baseline filtering
 * @param cache         an analysis cache folder, or null
 * @param patches       whether and how patches are planned
 * @param failOn        the severity that fails the run
 * @param workingFolder the absolute folder the run starts in (where a configuration is looked for first)
 */
public record CheckRequest(List<Path> paths, String topology, Path configFile, List<String> excludes, Gate gate,
                           Path cache, PatchOptions patches, FailOn failOn, Path workingFolder) {
    public CheckRequest {
        paths = List.copyOf(paths);
        if (paths.isEmpty()) throw new IllegalArgumentException("nothing to analyse");
        excludes = List.copyOf(excludes);
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(patches, "patches");
        Objects.requireNonNull(failOn, "failOn");
        workingFolder = workingFolder.toAbsolutePath().normalize();
    }

    /** The paths analysed with every default: {@code edge} or the configuration's topology, no gate, patches planned, failing on errors. */
    public static CheckRequest of(List<Path> paths) {
        return new CheckRequest(paths, null, null, List.of(), Gate.OPEN, null, PatchOptions.DEFAULT, FailOn.error,
                Path.of("").toAbsolutePath());
    }

    public CheckRequest withTopology(String t) { return new CheckRequest(paths, t, configFile, excludes, gate, cache, patches, failOn, workingFolder); }

    public CheckRequest withConfigFile(Path c) { return new CheckRequest(paths, topology, c, excludes, gate, cache, patches, failOn, workingFolder); }

    public CheckRequest withExcludes(List<String> e) { return new CheckRequest(paths, topology, configFile, e, gate, cache, patches, failOn, workingFolder); }

    public CheckRequest withGate(Gate g) { return new CheckRequest(paths, topology, configFile, excludes, g, cache, patches, failOn, workingFolder); }

    public CheckRequest withCache(Path c) { return new CheckRequest(paths, topology, configFile, excludes, gate, c, patches, failOn, workingFolder); }

    public CheckRequest withPatches(PatchOptions p) { return new CheckRequest(paths, topology, configFile, excludes, gate, cache, p, failOn, workingFolder); }

    public CheckRequest withFailOn(FailOn f) { return new CheckRequest(paths, topology, configFile, excludes, gate, cache, patches, f, workingFolder); }

    public CheckRequest withWorkingFolder(Path w) { return new CheckRequest(paths, topology, configFile, excludes, gate, cache, patches, failOn, w); }
}
