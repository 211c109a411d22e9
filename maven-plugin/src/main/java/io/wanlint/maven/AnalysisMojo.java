package io.wanlint.maven;

import io.wanlint.engine.CheckRequest;
import io.wanlint.engine.CheckResult;
import io.wanlint.engine.Engine;
import io.wanlint.engine.FailOn;
import io.wanlint.engine.Gate;
import io.wanlint.engine.PatchOptions;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the goals share: which files of the project are analysed, and the run's settings. A module
 * is analysed from its folder (sources, resources, webapp, descriptors; not its tests, its build
 * folder or its child modules' folders); a module without Java sources of its own whose build made
 * an archive (an EAR module, say) is analysed from that archive, which holds the modules it
 * packages.
 */
abstract class AnalysisMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where components run: {@code edge}, {@code centralized}, {@code edge-db} or a topology file (default: the configuration's, else edge). */
    @Parameter(property = "wanlint.topology")
    String topology;

    /** A {@code wanlint.yaml}/{@code .json} configuration (default: one in the module's folder). */
    @Parameter(property = "wanlint.configFile")
    File configFile;

    /** Path globs (relative to the module's folder, '/'-separated) to skip, besides the configuration's. */
    @Parameter(property = "wanlint.excludes")
    List<String> excludes = new ArrayList<>();

    /** Skips wanlint. */
    @Parameter(property = "wanlint.skip", defaultValue = "false")
    boolean skip;

    /** Analyse the built archive instead of the module's folder: {@code auto} (when the module has no Java sources), {@code always}, {@code never}. */
    @Parameter(property = "wanlint.archive", defaultValue = "auto")
    String archive;

    /** The paths to analyse and the excludes that keep the module's other files out; empty for an aggregator module. */
    Optional<CheckRequest> request() throws MojoExecutionException {
        if ("pom".equals(project.getPackaging()) && !project.getModules().isEmpty()) {
            // Its modules are analysed in their own builds; the aggregator's folder holds them and little else.
            getLog().info("wanlint: " + project.getArtifactId() + " aggregates modules; each is analysed in its own build");
            return Optional.empty();
        }
        Path base = project.getBasedir().toPath().toAbsolutePath().normalize();
        Optional<Path> built = Optional.ofNullable(project.getArtifact()).map(a -> a.getFile())
                .map(File::toPath).filter(Files::isRegularFile);
        boolean hasSources = project.getCompileSourceRoots().stream().map(Path::of).anyMatch(Files::isDirectory);
        boolean useArchive = switch (archive) {
            case "always" -> true;
            case "never" -> false;
            case "auto" -> !hasSources && built.isPresent();
            default -> throw new MojoExecutionException("archive: auto, always or never, not " + archive);
        };
        List<Path> paths;
        List<String> skipped = new ArrayList<>(excludes);
        if (useArchive) {
            if (built.isEmpty()) throw new MojoExecutionException("archive=always, but the build made no archive (run wanlint:check in the verify phase)");
            paths = List.of(built.get());
        } else {
            paths = List.of(base);
            skipped.add(relative(base, Path.of(project.getBuild().getDirectory())));
            for (String root : project.getTestCompileSourceRoots()) skipped.add(relative(base, Path.of(root)));
            skipped.add("src/test");
            // Each child module is analysed in its own build.
            skipped.addAll(project.getModules());
        }
        skipped.removeIf(s -> s == null || s.isEmpty());
        Path config = configFile == null ? null : configFile.toPath();
        return Optional.of(CheckRequest.of(paths).withTopology(topology).withConfigFile(config).withExcludes(skipped)
                .withWorkingFolder(base));
    }

    /** A path inside the module as an exclude glob; outside it, none. */
    private static String relative(Path base, Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(base) ? base.relativize(abs).toString().replace(File.separatorChar, '/') : null;
    }

    /** The check, with the gate, patches and threshold given; the run's problems become the build's error. */
    CheckResult run(CheckRequest request, Gate gate, PatchOptions patches, FailOn failOn) throws MojoExecutionException {
        CheckResult result;
        try {
            result = Engine.builtIn().check(request.withGate(gate).withPatches(patches).withFailOn(failOn));
        } catch (RuntimeException | StackOverflowError e) {
            // wanlint's own failure, not the build's: one line, the cause attached for mvn -e.
            throw new MojoExecutionException("wanlint: internal error: " + e, e);
        }
        result.diagnostics().forEach(d -> getLog().warn(d.toString()));
        result.notes().forEach(n -> getLog().info(n));
        if (result.problem().isPresent()) {
            throw new MojoExecutionException("wanlint: " + result.problem().get() + " (" + project.getArtifactId() + ")");
        }
        return result;
    }
}
