package io.wanlint.cli;

import io.wanlint.engine.Fixer;

import io.wanlint.analyzer.api.ConfigurationException;
import picocli.CommandLine.Option;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of {@code fix} and {@code check} that say how patches are compiled before they are
 * shown: {@code --classpath} adds what the application needs beyond the jars it ships, and
 * {@code --no-verify} skips compiling (every patch is then marked unverified).
 */
final class PatchVerifyOptions {
    @Option(names = "--classpath", paramLabel = "PATHS",
            description = "Jars and class folders (separated by ':', ';' on Windows) that the application needs to compile, "
                    + "besides the Java EE / Jakarta EE APIs wanlint carries and the jars it ships (WEB-INF/lib, lib/, APP-INF/lib): "
                    + "patches are compiled against them before they are shown.")
    String classPath;

    @Option(names = "--no-verify",
            description = "Do not compile patches before showing them (faster; every patch is then marked 'unverified: not compiled (--no-verify)').")
    boolean noVerify;

    /**
     * What the fixer needs, with {@code --classpath} checked: every entry an existing jar, zip or folder.
     *
     * @throws ConfigurationException naming the first entry that is not
     */
    Fixer.Verification verification() {
        return new Fixer.Verification(entries(), !noVerify);
    }

    private List<Path> entries() {
        List<Path> out = new ArrayList<>();
        if (classPath == null) return out;
        for (String entry : classPath.split(java.util.regex.Pattern.quote(File.pathSeparator))) {
            if (entry.isBlank()) continue;
            Path p;
            try {
                p = Path.of(entry);
            } catch (InvalidPathException e) {
                throw new ConfigurationException("--classpath: not a path: " + entry);
            }
            if (!Files.exists(p)) throw new ConfigurationException("--classpath: no such file or directory: " + entry);
            String name = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
            if (!Files.isDirectory(p) && !name.endsWith(".jar") && !name.endsWith(".zip")) {
                throw new ConfigurationException("--classpath: " + entry + " is neither a jar, a zip nor a folder");
            }
            out.add(p.toAbsolutePath().normalize());
        }
        return out;
    }
}
