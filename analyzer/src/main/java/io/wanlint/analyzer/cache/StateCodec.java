package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.GraphMemory;
import io.wanlint.analyzer.callgraph.GuardedStores;
import io.wanlint.analyzer.callgraph.IndexFacts;
import io.wanlint.analyzer.callgraph.NamedQueries;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The binary form of an {@link IncrementalState}, with {@link GraphCodec}'s shared string and method tables. */
final class StateCodec {
    private StateCodec() {}

    static void write(IncrementalState state, DataOutputStream out) throws IOException {
        GraphCodec.Writer w = new GraphCodec.Writer(out);
        w.string(state.structure());
        map(w, out, new TreeMap<>(state.contentHashes()));
        map(w, out, new TreeMap<>(state.surfaces()));
        out.writeInt(state.graphDiagnostics());
        GraphMemory memory = state.memory();
        out.writeInt(memory.index().size());
        for (IndexFacts.File f : memory.index()) {
            w.string(f.file());
            w.string(f.syntheticClass());
            w.string(f.graphClass());
            out.writeInt(f.types().size());
            for (IndexFacts.Type t : f.types()) {
                w.string(t.fqn());
                w.string(t.graphName());
                w.string(t.file());
                out.writeInt(t.flags());
                out.writeInt(t.line());
                w.string(t.path());
                strings(w, out, t.supertypes());
                w.string(t.superclass());
                out.writeInt(t.methods().size());
                for (IndexFacts.Method m : t.methods()) {
                    w.string(m.name());
                    strings(w, out, m.parameterTypes());
                    out.writeInt(m.flags());
                    out.writeInt(m.line());
                    strings(w, out, m.annotations());
                    w.string(m.path());
                }
            }
        }
        fileSets(w, out, memory.reads());
        fileSets(w, out, memory.signatureReads());
        out.writeInt(memory.namedQueries().byName().size());
        for (Map.Entry<String, List<NamedQueries.Declared>> e : new TreeMap<>(memory.namedQueries().byName()).entrySet()) {
            w.string(e.getKey());
            out.writeInt(e.getValue().size());
            for (NamedQueries.Declared d : e.getValue()) {
                w.string(d.entityClass());
                w.string(d.jpql());
            }
        }
        out.writeInt(memory.storeAnswers().size());
        for (GuardedStores.Answer a : memory.storeAnswers()) {
            w.method(a.method());
            w.method(a.store());
            out.writeBoolean(a.mayWrite());
            strings(w, out, List.copyOf(a.reads()));
        }
        strings(w, out, List.copyOf(new java.util.TreeSet<>(memory.created())));
        strings(w, out, List.copyOf(new java.util.TreeSet<>(memory.openTypes())));
    }

    static IncrementalState read(DataInputStream in) throws IOException {
        GraphCodec.Reader r = new GraphCodec.Reader(in);
        String structure = r.string();
        Map<String, String> contentHashes = map(r, in);
        Map<String, String> surfaces = map(r, in);
        int graphDiagnostics = in.readInt();
        int fileCount = GraphCodec.count(in);
        List<IndexFacts.File> index = new ArrayList<>(Math.min(fileCount, 1 << 16));
        for (int i = 0; i < fileCount; i++) {
            String file = r.string();
            String synthetic = r.string();
            String graph = r.string();
            int typeCount = GraphCodec.count(in);
            List<IndexFacts.Type> types = new ArrayList<>(Math.min(typeCount, 1 << 10));
            for (int j = 0; j < typeCount; j++) {
                String fqn = r.string();
                String graphName = r.string();
                String typeFile = r.string();
                int flags = in.readInt();
                int line = in.readInt();
                String path = r.string();
                List<String> supertypes = strings(r, in);
                String superclass = r.string();
                int methodCount = GraphCodec.count(in);
                List<IndexFacts.Method> methods = new ArrayList<>(Math.min(methodCount, 1 << 12));
                for (int k = 0; k < methodCount; k++) {
                    methods.add(new IndexFacts.Method(r.string(), strings(r, in), in.readInt(), in.readInt(), strings(r, in),
                            r.string()));
                }
                types.add(new IndexFacts.Type(fqn, graphName, typeFile, flags, line, path, supertypes, superclass, methods));
            }
            index.add(new IndexFacts.File(file, synthetic, graph, types));
        }
        Map<String, Set<String>> reads = fileSets(r, in);
        Map<String, Set<String>> signatureReads = fileSets(r, in);
        int queryCount = GraphCodec.count(in);
        Map<String, List<NamedQueries.Declared>> queries = new java.util.LinkedHashMap<>();
        for (int i = 0; i < queryCount; i++) {
            String name = r.string();
            int declaredCount = GraphCodec.count(in);
            List<NamedQueries.Declared> declared = new ArrayList<>(Math.min(declaredCount, 1 << 10));
            for (int j = 0; j < declaredCount; j++) declared.add(new NamedQueries.Declared(r.string(), r.string()));
            queries.put(name, declared);
        }
        int answerCount = GraphCodec.count(in);
        List<GuardedStores.Answer> answers = new ArrayList<>(Math.min(answerCount, 1 << 12));
        for (int i = 0; i < answerCount; i++) {
            MethodRef method = r.method();
            MethodRef store = r.method();
            answers.add(new GuardedStores.Answer(method, store, in.readBoolean(), Set.copyOf(strings(r, in))));
        }
        Set<String> created = Set.copyOf(strings(r, in));
        Set<String> openTypes = Set.copyOf(strings(r, in));
        return new IncrementalState(structure, contentHashes, surfaces, graphDiagnostics,
                new GraphMemory(index, reads, signatureReads, new NamedQueries(queries), answers, created, openTypes));
    }

    /** Sets of files by file, in path order ({@link GraphMemory#reads()}). */
    private static void fileSets(GraphCodec.Writer w, DataOutputStream out, Map<String, Set<String>> sets) throws IOException {
        Map<String, Set<String>> sorted = new TreeMap<>(sets);
        out.writeInt(sorted.size());
        for (Map.Entry<String, Set<String>> e : sorted.entrySet()) {
            w.string(e.getKey());
            strings(w, out, List.copyOf(e.getValue()));
        }
    }

    private static Map<String, Set<String>> fileSets(GraphCodec.Reader r, DataInputStream in) throws IOException {
        int count = GraphCodec.count(in);
        Map<String, Set<String>> sets = new HashMap<>();
        for (int i = 0; i < count; i++) sets.put(r.string(), new LinkedHashSet<>(strings(r, in)));
        return sets;
    }

    private static void map(GraphCodec.Writer w, DataOutputStream out, Map<String, String> map) throws IOException {
        out.writeInt(map.size());
        for (Map.Entry<String, String> e : map.entrySet()) {
            w.string(e.getKey());
            w.string(e.getValue());
        }
    }

    private static Map<String, String> map(GraphCodec.Reader r, DataInputStream in) throws IOException {
        int n = GraphCodec.count(in);
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < n; i++) out.put(r.string(), r.string());
        return out;
    }

    private static void strings(GraphCodec.Writer w, DataOutputStream out, List<String> values) throws IOException {
        out.writeInt(values.size());
        for (String v : values) w.string(v);
    }

    private static List<String> strings(GraphCodec.Reader r, DataInputStream in) throws IOException {
        int n = GraphCodec.count(in);
        List<String> out = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) out.add(r.string());
        return out;
    }
}
