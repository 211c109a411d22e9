package io.wanlint.analyzer.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Every entry point under several topologies side by side ({@code wanlint predict --compare}, docs/cost-model.md
 * §Comparing deployments): per topology its round trips, its latency sensitivity (ms of added latency per ms of one-way
 * delay, twice the round trips, as Leff &amp; Rayfield define it) and its latency at the topology's own delays; per row
 * the best topology; the total, the median page and the worst page. Counts are at {@code n = 1}.
 *
 * @param columns the topologies, in the order asked for
 * @param rows    one per entry point, in the call graph's order
 * @param total   the sums over every entry point
 * @param median  per column, the median page (web entry points; every entry point when there is none)
 * @param worst   per column, the costliest page
 */
public record DeploymentComparison(List<Column> columns, List<Row> rows, Row total, Row median, Row worst) {
    public DeploymentComparison {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /**
     * One topology.
     *
     * @param browserRequest round trips of a page request from a remote browser: 1 with keep-alive, 2 without
     * @param oneWayLatencyMs the topology's default one-way delay
     */
    public record Column(String topology, int browserRequest, double oneWayLatencyMs) {
        public boolean keepAlive() { return browserRequest <= 1; }
    }

    /** One entry point (or a summary row) under one topology. */
    public record Cell(long roundTrips, String formula, double sensitivity, double latencyMs) {}

    /**
     * @param id    the entry point's id, or {@code total}, {@code median page}, {@code worst page}
     * @param kind  the entry point's kind; null for a summary row
     * @param cells one per column
     * @param best  the indexes of the columns with the fewest round trips (then the least latency), all of them on a tie
     */
    public record Row(String id, EntryPoint.Kind kind, List<Cell> cells, List<Integer> best) {
        public Row {
            cells = List.copyOf(cells);
            best = List.copyOf(best);
        }

        public boolean isBest(int column) { return best.contains(column); }
    }

    /**
     * The topologies to compare: presets and topology files by name ({@link Topologies#resolve}), every preset when none
     * is named; with {@code browserRequest} (1: keep-alive, 2: none) set on every one of them when not null.
     *
     * @throws ConfigurationException naming the unknown preset or the wrong file
     */
    public static List<Topology> topologies(List<String> presetsOrFiles, Integer browserRequest) {
        List<String> names = presetsOrFiles == null || presetsOrFiles.stream().allMatch(String::isBlank)
                ? Topologies.PRESETS : presetsOrFiles.stream().filter(n -> !n.isBlank()).toList();
        List<Topology> out = new ArrayList<>();
        for (String n : names) {
            Topology t = Topologies.resolve(n);
            if (browserRequest != null) t = t.withCosts(withBrowserRequest(t.costs(), browserRequest));
            out.add(t);
        }
        return out;
    }

    private static CostTable withBrowserRequest(CostTable d, int browserRequest) {
        return new CostTable(browserRequest, d.remoteEjbCall(), d.jndiLookup(), d.homeOperation(), d.jdbcPooledConnection(),
                d.jdbcDriverManagerConnection(), d.jdbcStatement(), d.jdbcCommit(), d.jdbcResultSetBatch(), d.jdbcFetchSize(),
                d.jpaOperation(), d.outboundHttp(), d.outboundHttps(), d.jmsSend(), d.externalRequest());
    }

    private static final Set<EntryPoint.Kind> PAGES = Set.of(EntryPoint.Kind.SERVLET, EntryPoint.Kind.JSP,
            EntryPoint.Kind.FILTER, EntryPoint.Kind.JAX_RS, EntryPoint.Kind.JAX_WS);

    /** Each topology's model over the same analysis, with its transaction contexts. */
    public static DeploymentComparison of(AnalysisResult result, List<Topology> topologies) {
        List<WanCostModel> models = new ArrayList<>();
        for (Topology t : topologies) models.add(WanCostModel.of(result.model(), result.callGraph(), t, result.transactions()));
        return of(result.callGraph().entryPoints(), models);
    }

    /** The comparison of models over one call graph's entry points. */
    public static DeploymentComparison of(List<EntryPoint> entryPoints, List<WanCostModel> models) {
        List<Column> columns = models.stream().map(m -> new Column(m.topology().name(), m.topology().costs().browserRequest(),
                m.topology().oneWayLatencyMs())).toList();
        List<Row> rows = new ArrayList<>();
        for (EntryPoint ep : entryPoints) {
            List<Cell> cells = new ArrayList<>();
            for (WanCostModel m : models) {
                EntryPointCost c = m.estimate(ep);
                long value = c.roundTrips().value();
                cells.add(new Cell(value, c.roundTrips().formula(), 2.0 * value, m.latencyMs(c)));
            }
            rows.add(new Row(ep.id(), ep.kind(), cells, best(cells)));
        }
        List<Row> pages = rows.stream().filter(r -> PAGES.contains(r.kind())).toList();
        if (pages.isEmpty()) pages = rows;
        return new DeploymentComparison(columns, rows, summary("total", rows, columns.size(), Summary.SUM),
                summary("median page", pages, columns.size(), Summary.MEDIAN),
                summary("worst page", pages, columns.size(), Summary.MAX));
    }

    private enum Summary { SUM, MEDIAN, MAX }

    /** Each column on its own: the median page of one topology need not be the median page of another. */
    private static Row summary(String id, List<Row> rows, int columns, Summary how) {
        List<Cell> cells = new ArrayList<>();
        for (int col = 0; col < columns; col++) {
            int k = col;
            long[] trips = rows.stream().mapToLong(r -> r.cells().get(k).roundTrips()).toArray();
            double[] latency = rows.stream().mapToDouble(r -> r.cells().get(k).latencyMs()).toArray();
            long t;
            double l;
            switch (how) {
                case SUM -> {
                    t = Arrays.stream(trips).sum();
                    l = Arrays.stream(latency).sum();
                }
                case MAX -> {
                    t = Arrays.stream(trips).max().orElse(0);
                    l = Arrays.stream(latency).max().orElse(0);
                }
                default -> {
                    t = median(trips);
                    l = median(latency);
                }
            }
            cells.add(new Cell(t, Long.toString(t), 2.0 * t, l));
        }
        return new Row(id, null, cells, best(cells));
    }

    /** The lower median, so that it is the count of an actual page. */
    private static long median(long[] values) {
        if (values.length == 0) return 0;
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }

    private static double median(double[] values) {
        if (values.length == 0) return 0;
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }

    private static List<Integer> best(List<Cell> cells) {
        List<Integer> best = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (best.isEmpty()) {
                best.add(i);
                continue;
            }
            Cell b = cells.get(best.get(0)), c = cells.get(i);
            int cmp = c.roundTrips() != b.roundTrips() ? Long.compare(c.roundTrips(), b.roundTrips())
                    : Double.compare(c.latencyMs(), b.latencyMs());
            if (cmp < 0) {
                best.clear();
                best.add(i);
            } else if (cmp == 0) {
                best.add(i);
            }
        }
        return best;
    }
}
