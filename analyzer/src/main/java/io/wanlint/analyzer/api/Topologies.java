package io.wanlint.analyzer.api;

import java.nio.file.Path;
import java.util.List;

/** The topology presets (docs/cost-model.md §Topologies) and the loader of topology files. */
public final class Topologies {
    private Topologies() {}

    public static final List<String> PRESETS = List.of("edge", "centralized", "edge-db", "edge-cache", "cluster");

    /** A preset by name ({@code edge}, {@code centralized}, {@code edge-db}, {@code edge-cache}, {@code cluster}). */
    public static Topology preset(String name) { return io.wanlint.analyzer.cost.TopologyPresets.preset(name); }

    /**
     * A preset name (case-insensitive; null or blank is {@code edge}), else a {@code .yaml},
     * {@code .yml} or {@code .json} topology file.
     *
     * @throws ConfigurationException naming the file, the key and the line of what is wrong
     */
    public static Topology resolve(String presetOrFile) { return io.wanlint.analyzer.cost.TopologyPresets.resolve(presetOrFile); }

    /**
     * A YAML or JSON topology file (format of {@code wanlint explain cost-model}).
     *
     * @throws ConfigurationException naming the file, the key and the line of what is wrong
     */
    public static Topology load(Path file) { return io.wanlint.analyzer.cost.TopologyFiles.load(file); }
}
