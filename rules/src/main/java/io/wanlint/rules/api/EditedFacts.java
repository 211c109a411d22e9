package io.wanlint.rules.api;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which entry points a body edit can change (issue 22: a re-run after a one-file edit ran every rule
 * over every entry point again). The call graph's nodes, calls and source facts are digested per
 * <em>part</em> — the file a method is declared in, or its class when the graph has no file for it —
 * and, apart, what belongs to no method (the entry points, the facts kept per class or file, the code
 * the analysis did not see). Two analyses whose parts differ only in some digests differ only in the
 * methods of those parts: an entry point none of whose walks can enter such a method walks exactly
 * as before, as a walk reads only the nodes and calls of the methods it enters.
 *
 * <p>A walk (the rules' {@link WalkStates}, the cost model's, the transaction scopes') enters the callee
 * a call names, or an override the call lists ({@link Receiver#runFor}); it reads the node of each. So
 * an entry point is dirty when it reaches, backwards along those, a method of a changed part, or a call
 * of one. What the analysis derives from the whole graph (the tiers, the co-location groups and so the
 * sites) is not covered here: the caller must compare it apart.
 */
public final class EditedFacts {
    /** The part that holds what belongs to no method: any change there leaves nothing to reuse. */
    public static final String WHOLE = "";

    private EditedFacts() {}

    /** The digest of every part of {@code graph}, by part ({@link #WHOLE} for what belongs to no method). */
    public static Map<String, String> digests(CallGraph graph) {
        Map<MethodRef, String> parts = new HashMap<>();
        java.util.function.Function<MethodRef, String> part = m -> parts.computeIfAbsent(m, k -> partOf(graph, k));
        Map<String, List<String>> lines = new HashMap<>();
        for (MethodNode n : graph.nodes()) lines.computeIfAbsent(part.apply(n.ref()), p -> new ArrayList<>()).add("node " + n);
        // The calls in the graph's order (by caller, then line), each part's in one text.
        Map<String, StringBuilder> calls = new HashMap<>();
        for (CallEdge e : graph.edges()) text(calls.computeIfAbsent(part.apply(e.from()), p -> new StringBuilder()).append("call "), e).append('\n');
        calls.forEach((p, text) -> lines.computeIfAbsent(p, k -> new ArrayList<>()).add(text.toString()));
        List<String> whole = lines.computeIfAbsent(WHOLE, p -> new ArrayList<>());
        for (EntryPoint ep : graph.entryPoints()) whole.add("entry " + ep);
        for (Object unseen : graph.unseenCode()) whole.add("unseen " + unseen);
        SourceFacts facts = graph.facts();
        whole.add("facts " + facts.known());
        for (CallEdge e : facts.conditionalCalls()) lines.computeIfAbsent(part.apply(e.from()), p -> new ArrayList<>()).add(text(new StringBuilder("conditional "), e).toString());
        for (CallEdge e : facts.sqlBuiltAtRuntime()) lines.computeIfAbsent(part.apply(e.from()), p -> new ArrayList<>()).add(text(new StringBuilder("sql "), e).toString());
        for (SourceFacts.SessionStateValue v : facts.nonSerializableState()) {
            String p = v.method() == null ? WHOLE : part.apply(v.method());
            lines.computeIfAbsent(p, k -> new ArrayList<>()).add("session " + v);
        }
        for (String t : facts.testCode()) whole.add("test " + t);
        for (SourceFacts.StateFact f : facts.clusterState()) lines.computeIfAbsent(part.apply(f.method()), p -> new ArrayList<>()).add("state " + f);
        Map<String, String> out = new TreeMap<>();
        MessageDigest d = sha256();
        lines.forEach((p, ls) -> {
            ls.sort(null);
            for (String l : ls) {
                d.update(l.getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
            }
            out.put(p, HexFormat.of().formatHex(d.digest()));
        });
        return out;
    }

    /** The parts whose digests differ between {@code before} and {@code now} (one missing from either counts). */
    public static Set<String> changedParts(Map<String, String> before, Map<String, String> now) {
        Set<String> changed = new java.util.TreeSet<>();
        before.forEach((p, d) -> { if (!d.equals(now.get(p))) changed.add(p); });
        now.forEach((p, d) -> { if (!d.equals(before.get(p))) changed.add(p); });
        return changed;
    }

    /**
     * The entry points of {@code graph} that may walk through a method of one of the {@code changed}
     * parts (each entry point object listed once, in the graph's order); every one when {@link #WHOLE}
     * changed. Found backwards from those methods along the calls that name them or list them as overrides.
     */
    public static Set<EntryPoint> dirty(CallGraph graph, Set<String> changed) {
        Set<EntryPoint> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (changed.contains(WHOLE)) {
            out.addAll(graph.entryPoints());
            return out;
        }
        if (changed.isEmpty()) return out;
        Set<MethodRef> reaching = new HashSet<>();
        for (MethodNode n : graph.nodes()) if (changed.contains(partOf(graph, n.ref()))) reaching.add(n.ref());
        Map<MethodRef, Set<MethodRef>> callers = new HashMap<>();
        for (CallEdge e : graph.edges()) {
            // A method without a node of its own whose calls all went leaves no trace but its part's digest:
            // a call of a method of a changed part may run changed calls.
            if (changed.contains(partOf(graph, e.from())) || changed.contains(partOf(graph, e.to()))) reaching.add(e.from());
            callers.computeIfAbsent(e.to(), m -> new LinkedHashSet<>()).add(e.from());
            if (e.receiver() instanceof Receiver.Own own) {
                for (MethodRef o : own.overrides().values()) {
                    callers.computeIfAbsent(o, m -> new LinkedHashSet<>()).add(e.from());
                    if (changed.contains(partOf(graph, o))) reaching.add(e.from());
                }
            }
        }
        ArrayDeque<MethodRef> todo = new ArrayDeque<>(reaching);
        while (!todo.isEmpty()) {
            for (MethodRef caller : callers.getOrDefault(todo.poll(), Set.of())) if (reaching.add(caller)) todo.add(caller);
        }
        for (EntryPoint ep : graph.entryPoints()) {
            if (reaching.contains(ep.method()) || changed.contains(partOf(graph, ep.method()))) out.add(ep);
        }
        return out;
    }

    /** A method's part: its declaring file, or its class when the graph has no file for it. */
    static String partOf(CallGraph graph, MethodRef method) {
        String file = graph.node(method).map(n -> n.location().file()).orElse("");
        return file.isEmpty() ? "class " + method.className() : "file " + file;
    }

    /** A call written out in full, an own receiver's overrides in a fixed order (the map's own order changes between JVMs). */
    private static StringBuilder text(StringBuilder out, CallEdge e) {
        if (!(e.receiver() instanceof Receiver.Own own)) return out.append(e);
        return out.append(e.withReceiver(Receiver.UNKNOWN)).append(" own ").append(new TreeMap<>(own.overrides()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
