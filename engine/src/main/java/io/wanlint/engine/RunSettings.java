package io.wanlint.engine;

import io.wanlint.analyzer.api.ConfigurationException;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.config.ConfigurationFiles;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a run is configured with before anything is analysed: the configuration
 * ({@code wanlint.yaml}) and the topology it or the caller chose.
 *
 * @param readFiles the configuration and topology files read, which a report must never overwrite
 */
public record RunSettings(Configuration configuration, Topology topology, List<Path> readFiles) {
    /** The topology when neither the caller nor the configuration names one. */
    public static final String DEFAULT_TOPOLOGY = "edge";

    public RunSettings {
        readFiles = List.copyOf(readFiles);
    }

    /**
     * @param paths          the analysed paths (the first one, when a folder, may hold the configuration)
     * @param topology       a preset or a topology file; null for the configuration's, else {@value #DEFAULT_TOPOLOGY}
     * @param configFile     the configuration file; null to look in {@code workingFolder}, then in the first analysed folder
     * @param workingFolder  the absolute folder the run was started in
     * @throws ConfigurationException when a file is missing or wrong (exit code 2)
     */
    public static RunSettings resolve(Workbench workbench, List<Path> paths, String topology, Path configFile, Path workingFolder) {
        List<Path> read = new ArrayList<>();
        Configuration configuration = configuration(paths, topology, configFile, workingFolder, read);
        String chosen = topology != null ? topology : configuration.topology() != null ? configuration.topology() : DEFAULT_TOPOLOGY;
        Topology topo = workbench.topology(chosen);
        topologyFile(chosen).ifPresent(read::add);
        return new RunSettings(configuration, topo, read);
    }

    /** The named configuration file, else one in the working folder, else one in the first analysed folder. */
    private static Configuration configuration(List<Path> paths, String topology, Path config, Path here, List<Path> read) {
        if (config != null) {
            if (!Files.isRegularFile(config)) throw new ConfigurationException("no such configuration file: " + config);
            read.add(config);
            return ConfigurationFiles.load(config);
        }
        Optional<Path> found = ConfigurationFiles.find(here);
        if (found.isPresent()) {
            read.add(found.get());
            return ConfigurationFiles.loadFoundIn(here, found.get(), topology == null);
        }
        if (paths.isEmpty() || !Files.isDirectory(paths.get(0))) return Configuration.DEFAULTS;
        // Found, not named: the analysed folder may be anyone's, so its links out are not followed.
        found = ConfigurationFiles.find(paths.get(0));
        found.ifPresent(read::add);
        return found.map(f -> ConfigurationFiles.loadFoundIn(paths.get(0), f, topology == null)).orElse(Configuration.DEFAULTS);
    }

    /** The topology file a preset-or-file argument names, when it names an existing file. */
    private static Optional<Path> topologyFile(String chosen) {
        try {
            Path p = Path.of(chosen);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
