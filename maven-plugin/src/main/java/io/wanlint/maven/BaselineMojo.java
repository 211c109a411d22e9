package io.wanlint.maven;

import io.wanlint.engine.CheckRequest;
import io.wanlint.engine.CheckResult;
import io.wanlint.engine.Engine;
import io.wanlint.engine.FailOn;
import io.wanlint.engine.Gate;
import io.wanlint.engine.PatchOptions;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;

/**
 * {@code wanlint:baseline}: accepts today's findings into a baseline file, so that
 * {@code wanlint:check} with {@code baseline} fails only on new ones (as {@code wanlint baseline}).
 */
@Mojo(name = "baseline", threadSafe = true)
public final class BaselineMojo extends AnalysisMojo {
    /** The baseline file to write. */
    @Parameter(property = "wanlint.baseline", defaultValue = "${project.basedir}/wanlint-baseline.json")
    File baseline;

    @Override public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("wanlint: skipped");
            return;
        }
        Optional<CheckRequest> request = request();
        if (request.isEmpty()) return;
        CheckResult result = run(request.get(), Gate.OPEN, PatchOptions.NONE, FailOn.never);
        try {
            if (baseline.getParentFile() != null) Files.createDirectories(baseline.getParentFile().toPath());
            Files.writeString(baseline.toPath(), Engine.baselineJson(result.findings()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MojoExecutionException("wanlint: cannot write " + baseline + ": " + e.getMessage(), e);
        }
        getLog().info("wanlint: " + result.findings().size() + " finding(s) written to " + baseline);
    }
}
