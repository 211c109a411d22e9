package io.wanlint.engine;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.cache.AnalysisCache;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.cache.SideEntry;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The rules' outcome on an analysis, kept in the {@code --cache} folder for the next run (issue 22):
 * a re-run whose analysis came out equal to the last one's — nothing changed, or only what no fact
 * records, as a comment edited in place — takes its findings instead of running every rule over
 * every entry point again.
 *
 * <p>Kept under a digest of everything the rules read: the analysis's
 * {@link AnalysisCache.Served#identity() identity} (equal only for equal analyses), the analysed
 * files' names, kinds, encodings and root elements and the analysis's diagnostics (which an edit
 * can change without changing a fact), the topology and the configuration (every value, maps and sets
 * in a fixed order), and the builds of the rules, the engine and the analyzer. The "after patches"
 * figures the report asks for later depend on which findings have a patch: those asked for in the run
 * that stored the entry are kept with the findings they counted, and any other question is answered
 * by running the rules again.
 */
final class RememberedRules {
    /** Bumped whenever the stored form changes. */
    static final int VERSION = 2;

    private static final ObjectMapper JSON = mapper();

    /** What a run stores: its key, the rules' outcome, and the "after patches" figures it was asked for. */
    record Stored(int version, String key, List<Finding> findings, List<RuleDescriptor> rules,
                  Map<String, RoundTrips> afterPatchesByEntryPoint, List<Diagnostic> diagnostics, List<Patched> patched,
                  List<EntryPointCost> costs) {}

    /** The figures once the patches of the findings at {@code accepted} (indexes into the findings) are applied. */
    record Patched(List<Integer> accepted, Map<String, RoundTrips> afterPatches) {}

    private RememberedRules() {}

    /** The mapper of the stored forms ({@link RememberedPatches} keeps the report's patches with it). */
    static ObjectMapper json() { return JSON; }

    /**
     * The rules' outcome on the analysis: from the cache folder when it holds this analysis's under
     * the same settings and builds, else from {@code checker} (and then stored for the next run).
     */
    static Engine.RulesOutcome run(Checker checker, Analysis analysis, Optional<AnalysisCache.Served> served, Path cache) {
        if (cache == null || served.isEmpty()) return new Engine.RulesOutcome(checker.check(analysis), false);
        String name = "rules-" + served.get().slot();
        String key = keyOf(analysis, served.get().identity(), checker);
        Optional<Stored> stored = SideEntry.read(cache, name, d -> { }).flatMap(RememberedRules::decode)
                .filter(s -> s.version() == VERSION && s.key().equals(key));
        if (stored.isPresent()) {
            Stored s = stored.get();
            Function<Predicate<Finding>, Map<String, RoundTrips>> afterPatching = patched -> {
                List<Integer> accepted = accepted(s.findings(), patched);
                for (Patched p : s.patched()) if (p.accepted().equals(accepted)) return p.afterPatches();
                // Asked what the run that stored the entry was not: the rules run again to answer.
                return checker.check(analysis).afterPatching().apply(patched);
            };
            return new Engine.RulesOutcome(new Checker.CheckRun(s.findings(), s.rules(), s.afterPatchesByEntryPoint(), s.diagnostics(),
                    afterPatching), true, Optional.of(s.costs()));
        }
        Checker.CheckRun fresh = checker.check(analysis);
        List<Patched> asked = java.util.Collections.synchronizedList(new ArrayList<>());
        // Every entry point's cost, which the report asks for after the rules: the rules' run has just
        // estimated them (cheap now), while a run that reuses the outcome would estimate them from scratch
        // (HELIUM V: 4.4 s of a 12.9 s unchanged re-run). They depend on what the key covers (the analysis,
        // topology, configuration, the analyzer's build) and nothing else.
        List<EntryPointCost> costs = analysis.costs().estimateAll();
        Runnable store = () -> {
            Stored s = new Stored(VERSION, key, fresh.findings(), fresh.rules(), fresh.afterPatchesByEntryPoint(), fresh.diagnostics(),
                    List.copyOf(asked), costs);
            encode(s).ifPresent(bytes -> SideEntry.write(cache, name, bytes, d -> { }));
        };
        store.run();
        Function<Predicate<Finding>, Map<String, RoundTrips>> recording = patched -> {
            Map<String, RoundTrips> figures = fresh.afterPatching().apply(patched);
            asked.add(new Patched(accepted(fresh.findings(), patched), figures));
            store.run();
            return figures;
        };
        return new Engine.RulesOutcome(new Checker.CheckRun(fresh.findings(), fresh.rules(), fresh.afterPatchesByEntryPoint(),
                fresh.diagnostics(), recording), false, Optional.of(costs));
    }

    private static List<Integer> accepted(List<Finding> findings, Predicate<Finding> patched) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) if (patched.test(findings.get(i))) out.add(i);
        return out;
    }

    static String keyOf(Analysis analysis, String identity, Checker checker) {
        MessageDigest d = sha256();
        update(d, "analysis " + identity);
        for (AnalyzedFile f : analysis.result().files()) {
            update(d, "file " + f.path() + " " + f.absolute() + " " + f.kind() + " " + f.encoding() + " " + f.rootElement());
        }
        for (Diagnostic diagnostic : analysis.result().diagnostics()) update(d, "diagnostic " + diagnostic);
        update(d, "topology " + canonical(analysis.topology()));
        update(d, "configuration " + canonical(analysis.configuration()));
        for (Class<?> code : List.of(checker.getClass(), RememberedRules.class, Finding.class, AnalysisCache.class)) {
            update(d, "build " + InputDigest.buildOf(code));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /**
     * A value written out in full and in a fixed order: records component by component, maps and sets
     * sorted (an immutable set's or map's own order changes from one JVM to the next). A value whose
     * text names its object (a lambda) never repeats, so nothing is reused under it.
     */
    static String canonical(Object value) {
        if (value == null) return "null";
        if (value instanceof Record r) {
            StringBuilder out = new StringBuilder(r.getClass().getName()).append('(');
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                Object v;
                try {
                    c.getAccessor().setAccessible(true);
                    v = c.getAccessor().invoke(r);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    v = "unreadable " + System.nanoTime();
                }
                out.append(c.getName()).append('=').append(canonical(v)).append(',');
            }
            return out.append(')').toString();
        }
        if (value instanceof Map<?, ?> m) {
            Map<String, String> sorted = new TreeMap<>();
            m.forEach((k, v) -> sorted.put(canonical(k), canonical(v)));
            return "map" + sorted;
        }
        if (value instanceof Set<?> s) {
            List<String> sorted = new ArrayList<>();
            for (Object o : s) sorted.add(canonical(o));
            sorted.sort(null);
            return "set" + sorted;
        }
        if (value instanceof Collection<?> c) {
            List<String> items = new ArrayList<>();
            for (Object o : c) items.add(canonical(o));
            return "list" + items;
        }
        return value.getClass().getName() + ":" + value;
    }

    static Optional<byte[]> encode(Stored s) {
        try {
            return Optional.of(JSON.writeValueAsBytes(s));
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty(); // not kept: the next run runs the rules
        }
    }

    static Optional<Stored> decode(byte[] bytes) {
        try {
            return Optional.of(JSON.readValue(bytes, Stored.class));
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A finding's subject is one of a closed set of records, written with its kind. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    private interface SubjectKind {}

    /** A call's receiver (in a cost's crossings) likewise. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    private interface ReceiverKind {}

    private static ObjectMapper mapper() {
        ObjectMapper m = JsonMapper.builder()
                // Records are written and read by their components only, never by derived accessors.
                .visibility(PropertyAccessor.ALL, Visibility.NONE)
                .visibility(PropertyAccessor.FIELD, Visibility.ANY)
                .visibility(PropertyAccessor.CREATOR, Visibility.ANY)
                .serializationInclusion(JsonInclude.Include.ALWAYS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .addMixIn(FindingSubject.class, SubjectKind.class)
                .addMixIn(Receiver.class, ReceiverKind.class)
                .build();
        for (Class<?> kind : FindingSubject.class.getPermittedSubclasses()) m.registerSubtypes(new NamedType(kind, kind.getSimpleName()));
        for (Class<?> kind : Receiver.class.getPermittedSubclasses()) m.registerSubtypes(new NamedType(kind, "receiver." + kind.getSimpleName()));
        return m;
    }

    private static void update(MessageDigest d, String s) {
        d.update(s.getBytes(StandardCharsets.UTF_8));
        d.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
