package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The call graph's parts in a compact binary form: every string and every method is written once
 * and referred to by number afterwards. A 500k-line application's graph (some 50,000 methods and
 * 60,000 calls) written as JSON took seconds to read back; this form reads in a fraction of that.
 * Enum constants are stored by name, so reordering an enum cannot misread an entry.
 *
 * <p>Written field by field: when {@link CallEdge}, {@link MethodRef}, {@link MethodNode},
 * {@link EntryPoint} or {@link SourceFacts} gain a component, this class must learn it (and
 * {@link AnalysisCache#FORMAT} go up); {@code GraphCodecTest} fails until it does.
 */
final class GraphCodec {
    /** Reading never trusts a count beyond this; a corrupt entry fails instead of allocating wildly. */
    private static final int MAX_COUNT = 50_000_000;

    private GraphCodec() {}

    /** The parts of a call graph, in the graph's own order. */
    record Parts(List<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints, SourceFacts facts,
                 List<io.wanlint.analyzer.api.UnseenCode> unseenCode) {
        Parts {
            unseenCode = unseenCode == null ? List.of() : List.copyOf(unseenCode);
        }

        Parts(List<MethodNode> nodes, List<CallEdge> edges, List<EntryPoint> entryPoints, SourceFacts facts) {
            this(nodes, edges, entryPoints, facts, List.of());
        }
    }

    static void write(Parts parts, DataOutputStream out) throws IOException {
        Writer w = new Writer(out);
        out.writeInt(parts.nodes().size());
        for (MethodNode n : parts.nodes()) {
            w.method(n.ref());
            w.string(n.component());
            w.location(n.location());
        }
        out.writeInt(parts.edges().size());
        for (CallEdge e : parts.edges()) w.edge(e);
        out.writeInt(parts.entryPoints().size());
        for (EntryPoint ep : parts.entryPoints()) {
            w.string(ep.id());
            w.string(ep.kind().name());
            w.method(ep.method());
            w.string(ep.component());
        }
        SourceFacts facts = parts.facts();
        out.writeBoolean(facts.known());
        w.edges(facts.conditionalCalls());
        w.edges(facts.sqlBuiltAtRuntime());
        out.writeInt(facts.nonSerializableState().size());
        for (SourceFacts.SessionStateValue v : facts.nonSerializableState()) {
            w.string(v.holder().name());
            w.string(v.className());
            w.method(v.method());
            w.string(v.member());
            w.string(v.valueType());
            w.location(v.location());
        }
        out.writeInt(facts.testCode().size());
        for (String c : new java.util.TreeSet<>(facts.testCode())) w.string(c);
        out.writeInt(facts.clusterState().size());
        for (SourceFacts.StateFact f : facts.clusterState()) {
            w.string(f.kind().name());
            w.method(f.method());
            w.string(f.member());
            w.string(f.type());
            w.string(f.what());
            w.location(f.location());
            out.writeInt(f.relatedLine());
        }
        out.writeInt(parts.unseenCode().size());
        for (io.wanlint.analyzer.api.UnseenCode u : parts.unseenCode()) {
            w.string(u.kind().name());
            w.string(u.name());
        }
    }

    static Parts read(DataInputStream in) throws IOException {
        Reader r = new Reader(in);
        int nodeCount = count(in);
        List<MethodNode> nodes = new ArrayList<>(Math.min(nodeCount, 1 << 16));
        for (int i = 0; i < nodeCount; i++) nodes.add(new MethodNode(r.method(), r.string(), r.location()));
        int edgeCount = count(in);
        List<CallEdge> edges = new ArrayList<>(Math.min(edgeCount, 1 << 16));
        for (int i = 0; i < edgeCount; i++) edges.add(r.edge());
        int entryCount = count(in);
        List<EntryPoint> entryPoints = new ArrayList<>(Math.min(entryCount, 1 << 16));
        for (int i = 0; i < entryCount; i++) {
            entryPoints.add(new EntryPoint(r.string(), r.constant(EntryPoint.Kind.class), r.method(), r.string()));
        }
        boolean known = in.readBoolean();
        Set<CallEdge> conditional = r.edges();
        Set<CallEdge> sqlBuilt = r.edges();
        int stateCount = count(in);
        List<SourceFacts.SessionStateValue> state = new ArrayList<>(Math.min(stateCount, 1 << 16));
        for (int i = 0; i < stateCount; i++) {
            state.add(new SourceFacts.SessionStateValue(r.constant(SourceFacts.Holder.class), r.string(), r.method(),
                    r.string(), r.string(), r.location()));
        }
        int testCount = count(in);
        Set<String> testCode = new java.util.HashSet<>();
        for (int i = 0; i < testCount; i++) testCode.add(r.string());
        int clusterCount = count(in);
        List<SourceFacts.StateFact> cluster = new ArrayList<>(Math.min(clusterCount, 1 << 16));
        for (int i = 0; i < clusterCount; i++) {
            cluster.add(new SourceFacts.StateFact(r.constant(SourceFacts.StateKind.class), r.method(), r.string(), r.string(),
                    r.string(), r.location(), in.readInt()));
        }
        int unseenCount = count(in);
        List<io.wanlint.analyzer.api.UnseenCode> unseen = new ArrayList<>(Math.min(unseenCount, 1 << 10));
        for (int i = 0; i < unseenCount; i++) {
            unseen.add(new io.wanlint.analyzer.api.UnseenCode(r.constant(io.wanlint.analyzer.api.UnseenCode.Kind.class), r.string()));
        }
        return new Parts(nodes, edges, entryPoints, new SourceFacts(known, conditional, sqlBuilt, state, testCode, cluster), unseen);
    }

    static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_COUNT) throw new IOException("implausible count " + n);
        return n;
    }

    /** References: 0 is null, 1 introduces a new value (numbered in order of appearance), n ≥ 2 is value n − 2. */
    static final class Writer {
        private final DataOutputStream out;
        private final Map<String, Integer> strings = new HashMap<>();
        private final Map<MethodRef, Integer> methods = new HashMap<>();
        /**
         * Each overrides map's entries in key order, sorted once per map: the edges of one call site
         * share their map (the assembler's, and the reader's), and sorting it again for every edge was
         * a third of the cache write's samples on HELIUM V's edited re-run (issue 22).
         */
        private final Map<Map<String, MethodRef>, List<Map.Entry<String, MethodRef>>> sortedOverrides =
                new java.util.IdentityHashMap<>();

        Writer(DataOutputStream out) { this.out = out; }

        void string(String s) throws IOException {
            if (s == null) {
                out.writeInt(0);
                return;
            }
            Integer known = strings.get(s);
            if (known != null) {
                out.writeInt(known + 2);
                return;
            }
            strings.put(s, strings.size());
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            out.writeInt(1);
            out.writeInt(bytes.length);
            out.write(bytes);
        }

        void method(MethodRef m) throws IOException {
            if (m == null) {
                out.writeInt(0);
                return;
            }
            Integer known = methods.get(m);
            if (known != null) {
                out.writeInt(known + 2);
                return;
            }
            methods.put(m, methods.size());
            out.writeInt(1);
            string(m.className());
            string(m.name());
            out.writeInt(m.parameterTypes().size());
            for (String p : m.parameterTypes()) string(p);
        }

        void location(SourceLocation l) throws IOException {
            string(l.file());
            out.writeInt(l.line());
        }

        void edge(CallEdge e) throws IOException {
            method(e.from());
            method(e.to());
            string(e.kind() == null ? null : e.kind().name());
            string(e.op().name());
            location(e.location());
            out.writeInt(e.loopDepth());
            string(e.targetComponent());
            out.writeBoolean(e.cachedOnce());
            out.writeBoolean(e.inUserTransaction());
            out.writeInt(e.branches().size());
            for (BranchArm b : e.branches()) {
                out.writeInt(b.line());
                out.writeInt(b.column());
                out.writeInt(b.arm());
            }
            receiver(e.receiver());
        }

        /** 0: unknown; 1: the caller's own object, with its overrides by class; 2: an exact class. */
        void receiver(Receiver r) throws IOException {
            if (r instanceof Receiver.Own own) {
                out.writeInt(1);
                // Sorted: the same graph writes the same bytes.
                List<Map.Entry<String, MethodRef>> sorted = sortedOverrides.computeIfAbsent(own.overrides(),
                        overrides -> List.copyOf(new java.util.TreeMap<>(overrides).entrySet()));
                out.writeInt(sorted.size());
                for (var o : sorted) {
                    string(o.getKey());
                    method(o.getValue());
                }
            } else if (r instanceof Receiver.Exact exact) {
                out.writeInt(2);
                string(exact.className());
            } else {
                out.writeInt(0);
            }
        }

        void edges(Set<CallEdge> edges) throws IOException {
            out.writeInt(edges.size());
            for (CallEdge e : edges) edge(e);
        }
    }

    static final class Reader {
        private final DataInputStream in;
        private final List<String> strings = new ArrayList<>();
        private final List<MethodRef> methods = new ArrayList<>();
        private final java.util.Map<Receiver.Own, Receiver.Own> owns = new java.util.HashMap<>();

        Reader(DataInputStream in) { this.in = in; }

        String string() throws IOException {
            int ref = in.readInt();
            if (ref == 0) return null;
            if (ref == 1) {
                int length = count(in);
                // readFully: a string cut short by a truncated entry is an error, not a shorter string.
                byte[] bytes = new byte[length];
                in.readFully(bytes);
                String s = new String(bytes, StandardCharsets.UTF_8);
                strings.add(s);
                return s;
            }
            return element(strings, ref);
        }

        MethodRef method() throws IOException {
            int ref = in.readInt();
            if (ref == 0) return null;
            if (ref == 1) {
                String className = string();
                String name = string();
                int parameterCount = count(in);
                List<String> parameters = new ArrayList<>(Math.min(parameterCount, 64));
                for (int i = 0; i < parameterCount; i++) parameters.add(string());
                MethodRef m = new MethodRef(className, name, parameters);
                methods.add(m);
                return m;
            }
            return element(methods, ref);
        }

        SourceLocation location() throws IOException {
            return new SourceLocation(string(), in.readInt());
        }

        <E extends Enum<E>> E constant(Class<E> type) throws IOException {
            String name = string();
            if (name == null) return null;
            try {
                return Enum.valueOf(type, name);
            } catch (IllegalArgumentException e) {
                throw new IOException("unknown " + type.getSimpleName() + " " + name, e);
            }
        }

        CallEdge edge() throws IOException {
            MethodRef from = method();
            MethodRef to = method();
            EdgeKind kind = constant(EdgeKind.class);
            CallOp op = constant(CallOp.class);
            SourceLocation at = location();
            int loopDepth = in.readInt();
            String target = string();
            boolean cachedOnce = in.readBoolean();
            boolean inUserTransaction = in.readBoolean();
            int arms = count(in);
            List<BranchArm> branches = new ArrayList<>(Math.min(arms, 64));
            for (int i = 0; i < arms; i++) branches.add(new BranchArm(in.readInt(), in.readInt(), in.readInt()));
            return new CallEdge(from, to, kind, op, at, loopDepth, target, cachedOnce, inUserTransaction, branches, receiver());
        }

        Receiver receiver() throws IOException {
            int tag = in.readInt();
            switch (tag) {
                case 0: return Receiver.UNKNOWN;
                case 1: {
                    int n = count(in);
                    java.util.Map<String, MethodRef> overrides = new java.util.HashMap<>();
                    for (int i = 0; i < n; i++) {
                        String c = string();
                        overrides.put(c, method());
                    }
                    // One map per call site, shared by its edges, as the assembler made it.
                    Receiver.Own own = new Receiver.Own(overrides);
                    return overrides.isEmpty() ? Receiver.Own.PLAIN : owns.computeIfAbsent(own, k -> k);
                }
                case 2: return new Receiver.Exact(string());
                default: throw new IOException("unknown receiver tag " + tag);
            }
        }

        Set<CallEdge> edges() throws IOException {
            int n = count(in);
            Set<CallEdge> out = new HashSet<>();
            for (int i = 0; i < n; i++) out.add(edge());
            return out;
        }

        private static <T> T element(List<T> table, int ref) throws IOException {
            int index = ref - 2;
            if (index < 0 || index >= table.size()) throw new IOException("reference " + ref + " out of range");
            return table.get(index);
        }
    }
}
