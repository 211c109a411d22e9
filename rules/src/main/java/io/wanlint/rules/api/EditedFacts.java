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
 * <p>A walk enters the callee a call names, or an override of it ({@link Receiver#runFor}), which has
 * the same name and parameters: methods are therefore told apart here by name and parameters only,
 * not by class, which can only make more entry points dirty than need be, never fewer.
 */
public final class EditedFacts {
    /** The part that holds what belongs to no method: any change there leaves nothing to reuse. */
    public static final String WHOLE = "";

    private EditedFacts() {}

    /** The digest of every part of {@code graph}, by part ({@link #WHOLE} for what belongs to no method). */
    public static Map<String, String> digests(CallGraph graph) {
        Map<String, List<String>> lines = new HashMap<>();
        for (MethodNode n : graph.nodes()) lines.computeIfAbsent(partOf(graph, n.ref()), p -> new ArrayList<>()).add("node " + n);
        for (CallEdge e : graph.edges()) lines.computeIfAbsent(partOf(graph, e.from()), p -> new ArrayList<>()).add("call " + text(e));
        List<String> whole = lines.computeIfAbsent(WHOLE, p -> new ArrayList<>());
        for (EntryPoint ep : graph.entryPoints()) whole.add("entry " + ep);
        for (Object unseen : graph.unseenCode()) whole.add("unseen " + unseen);
        SourceFacts facts = graph.facts();
        whole.add("facts " + facts.known());
        for (CallEdge e : facts.conditionalCalls()) lines.computeIfAbsent(partOf(graph, e.from()), p -> new ArrayList<>()).add("conditional " + text(e));
        for (CallEdge e : facts.sqlBuiltAtRuntime()) lines.computeIfAbsent(partOf(graph, e.from()), p -> new ArrayList<>()).add("sql " + text(e));
        for (SourceFacts.SessionStateValue v : facts.nonSerializableState()) {
            String part = v.method() == null ? WHOLE : partOf(graph, v.method());
            lines.computeIfAbsent(part, p -> new ArrayList<>()).add("session " + v);
        }
        for (String t : facts.testCode()) whole.add("test " + t);
        for (SourceFacts.StateFact f : facts.clusterState()) lines.computeIfAbsent(partOf(graph, f.method()), p -> new ArrayList<>()).add("state " + f);
        Map<String, String> out = new TreeMap<>();
        MessageDigest d = sha256();
        lines.forEach((part, ls) -> {
            ls.sort(null);
            for (String l : ls) {
                d.update(l.getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
            }
            out.put(part, HexFormat.of().formatHex(d.digest()));
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
     * changed. Found backwards from those methods along the calls that name them or a method of the same
     * name and parameters.
     */
    public static Set<EntryPoint> dirty(CallGraph graph, Set<String> changed) {
        Set<EntryPoint> out = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        if (changed.contains(WHOLE)) {
            out.addAll(graph.entryPoints());
            return out;
        }
        if (changed.isEmpty()) return out;
        // Methods by their own name, and, for the calls that may run them, by name and parameters.
        Set<MethodRef> reaching = new HashSet<>();
        for (MethodNode n : graph.nodes()) if (changed.contains(partOf(graph, n.ref()))) reaching.add(n.ref());
        Map<Signature, Set<MethodRef>> callers = new HashMap<>();
        for (CallEdge e : graph.edges()) {
            // A method without a node of its own whose calls all went leaves no trace but its part's digest:
            // a call of a method of a changed part may run changed calls.
            if (changed.contains(partOf(graph, e.from())) || changed.contains(partOf(graph, e.to()))) reaching.add(e.from());
            callers.computeIfAbsent(Signature.of(e.to()), s -> new LinkedHashSet<>()).add(e.from());
            if (e.receiver() instanceof Receiver.Own own) {
                for (MethodRef o : own.overrides().values()) {
                    callers.computeIfAbsent(Signature.of(o), s -> new LinkedHashSet<>()).add(e.from());
                    if (changed.contains(partOf(graph, o))) reaching.add(e.from());
                }
            }
        }
        Set<Signature> called = new HashSet<>();
        ArrayDeque<MethodRef> todo = new ArrayDeque<>(reaching);
        while (!todo.isEmpty()) {
            Signature s = Signature.of(todo.poll());
            if (!called.add(s)) continue;
            // Every caller of a method of this name and these parameters, whichever class it names.
            for (MethodRef caller : callers.getOrDefault(s, Set.of())) if (reaching.add(caller)) todo.add(caller);
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
    private static String text(CallEdge e) {
        if (!(e.receiver() instanceof Receiver.Own own)) return e.toString();
        return e.withReceiver(Receiver.UNKNOWN) + " own " + new TreeMap<>(own.overrides());
    }

    /** A method told apart by name and parameters only (see the class comment). */
    private record Signature(String name, List<String> parameters) {
        static Signature of(MethodRef m) { return new Signature(m.name(), m.parameterTypes()); }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
