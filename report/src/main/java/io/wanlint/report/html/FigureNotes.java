package io.wanlint.report.html;

import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.report.graph.KindWords;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each figure of the HTML report counted, in words, for its hover title or an inline note
 * (issue 26: "every number explained"): a reader who sees "5" next to an entry point learns that it
 * is one remote home lookup, one remote business method and a JDBC query plus one result-set batch
 * per row, each crossing from edge to main. Only the report's data is used; nothing is recomputed.
 */
final class FigureNotes {
    /** Loop sizes are unknown statically; every figure is taken at one iteration (docs/cost-model.md). */
    static final String AT_N1 = "at loop size n = 1";

    private FigureNotes() {}

    /** {@code 5 round trips per request (4 + n at loop size n = 1): 1 × remote EJB business method edge → main, 1 round trip; …}. */
    static String entryPointRoundTrips(EntryPointCost c) {
        RoundTrips now = c.roundTrips();
        StringBuilder sb = new StringBuilder().append(tripsPerRequest(now));
        List<String> parts = crossings(c.crossings());
        if (parts.isEmpty()) return sb.append(": no call of this request crosses between sites").toString();
        return sb.append(": ").append(String.join("; ", parts)).toString();
    }

    /** The crossings grouped by what they are and where they go: {@code 2 × remote EJB business method edge → main, 1 round trip each}. */
    static List<String> crossings(List<CrossingCall> crossings) {
        record Key(String reason, String from, String to) {}
        Map<Key, List<CrossingCall>> groups = new LinkedHashMap<>();
        for (CrossingCall x : crossings) {
            if (x.contribution().isZero()) continue;
            groups.computeIfAbsent(new Key(x.reason(), x.fromSite(), x.toSite()), k -> new ArrayList<>()).add(x);
        }
        List<String> out = new ArrayList<>();
        groups.forEach((k, calls) -> {
            RoundTrips sum = RoundTrips.ZERO;
            for (CrossingCall x : calls) sum = sum.plus(x.contribution());
            String reason = k.reason() == null || k.reason().isBlank() ? "call" : k.reason();
            out.add(calls.size() + " × " + reason + " " + nullToDash(k.from()) + " → " + nullToDash(k.to()) + ": "
                    + tripsWord(sum));
        });
        return out;
    }

    /** {@code 1 round trip per request once every proposed patch is applied} or why it is unchanged. */
    static String afterPatches(EntryPointCost c, RoundTrips after) {
        if (after.equals(c.roundTrips())) {
            return tripsPerRequest(after) + ": no proposed patch changes this request's calls";
        }
        return tripsPerRequest(after) + " once every proposed patch is applied (" + c.roundTrips().formula() + " → "
                + after.formula() + ")";
    }

    static String formula() {
        return "round trips per request as a function of the loop size n: a constant counts calls made once, "
                + "each n one call per loop iteration";
    }

    /** {@code 1000 ms added per request under edge: 5 round trips × 200 ms average round-trip time between the sites}. */
    static String latency(double ms, RoundTrips trips, String topology, boolean afterPatches) {
        String under = topology == null || topology.isBlank() ? "" : " under topology " + topology;
        String what = String.format(Locale.ROOT, "%.0f ms of network latency added per request%s%s", ms, under,
                afterPatches ? " once every proposed patch is applied" : "");
        if (trips.value() == 0) return what + ": no round trip crosses between sites";
        return what + String.format(Locale.ROOT, ": %d round trip%s × %.0f ms average round-trip time between the sites, %s",
                trips.value(), trips.value() == 1 ? "" : "s", ms / trips.value(), AT_N1);
    }

    /**
     * {@code 2 round trips per request (1 + n at loop size n = 1) through this finding's calls; the
     * evidence below shows 1 JDBC call; n counts loop iterations}.
     */
    static String findingRoundTrips(Finding f) {
        if (f.before().isZero()) {
            // A structural finding (unprepared SQL, session state), or calls no request reaches: say which.
            return f.entryPoints().isEmpty() ? "0 round trips per request: no entry point reaches this code, so no request pays for it"
                    : "0 round trips per request: what this rule reports costs no WAN round trip under this topology "
                    + "(its calls stay on one site, or the rule is about something else than latency)";
        }
        StringBuilder sb = new StringBuilder(tripsPerRequest(f.before())).append(" through this finding's calls");
        Map<String, Integer> byKind = new LinkedHashMap<>();
        for (EvidenceStep s : f.evidence()) {
            if (s.kind() == null || s.kind() == EdgeKind.LOCAL) continue;
            byKind.merge(words(s.kind()), 1, Integer::sum);
        }
        if (!byKind.isEmpty()) {
            List<String> parts = new ArrayList<>();
            byKind.forEach((k, n) -> parts.add(n + " " + k + (n == 1 ? "" : "s")));
            sb.append("; the evidence below shows ").append(String.join(", ", parts));
        }
        if (f.before().degree() > 0) sb.append("; n counts the iterations of the loop around a call");
        return sb.toString();
    }

    /** The round trips a finding leaves after its fix, and whose fix that is. */
    static String findingAfter(Finding f, boolean byWanlintsPatch) {
        return tripsPerRequest(f.after()) + (byWanlintsPatch ? " once wanlint's patch below is applied"
                : " once fixed as the rule describes (wanlint proposes no patch for it)");
    }

    /** The words for a call kind, for people: {@code remote EJB call}, never {@code REMOTE_EJB}. */
    static String words(EdgeKind kind) { return KindWords.of(kind); }

    /** {@code servlet}, {@code web action}, {@code message-driven bean}: an entry point's kind as people say it. */
    static String words(EntryPoint.Kind kind) { return KindWords.of(kind); }

    private static String tripsPerRequest(RoundTrips t) {
        String s = t.value() + (t.value() == 1 ? " round trip" : " round trips") + " per request";
        return t.degree() > 0 ? s + " (" + t.formula() + " " + AT_N1 + ")" : s;
    }

    private static String tripsWord(RoundTrips t) {
        return t.degree() > 0 ? t.formula() + " round trips (" + t.value() + " " + AT_N1 + ")"
                : t.value() + (t.value() == 1 ? " round trip" : " round trips");
    }

    private static String nullToDash(String s) { return s == null || s.isBlank() ? "?" : s; }
}
