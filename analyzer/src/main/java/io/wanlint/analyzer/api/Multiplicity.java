package io.wanlint.analyzer.api;

/** How often a call runs per execution of its method: once, or once per loop iteration. */
public enum Multiplicity {
    ONCE("once"), PER_ITERATION("perIteration");

    private final String json;

    Multiplicity(String json) { this.json = json; }

    /** The spelling in the graph JSON (docs/json-report.md §Graph JSON). */
    public String json() { return json; }
}
