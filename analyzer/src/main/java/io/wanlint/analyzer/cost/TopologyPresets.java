package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.Topology;

/** Presets of SPEC §4; owned by the cost-model work. */
public final class TopologyPresets {
    private TopologyPresets() {}

    public static Topology preset(String name) { throw new UnsupportedOperationException("not implemented yet"); }

    public static Topology resolve(String presetOrFile) { throw new UnsupportedOperationException("not implemented yet"); }
}
