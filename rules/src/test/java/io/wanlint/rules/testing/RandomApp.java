package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.callgraph.FrozenCallGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * A random application, for tests that compare a fast path with a plain one: classes of servlets,
 * session beans, entity beans, DAOs and plain helpers calling each other (cycles included), through
 * local and EJB calls, in loops or not, on their own object (dispatching to overrides) or not.
 */
public record RandomApp(CallGraph graph, ComponentModel model) {
    private static final int CLASSES = 9;
    private static final int METHODS = 4;

    /**
     * The source of randomness for the application numbered {@code seed} of a loop: consecutive seeds
     * given to {@link Random} straight make similar first draws (the first classes' kinds and the
     * first calls come out alike across a loop of seeds), so each seed is scrambled first.
     */
    public static Random random(long seed) {
        return new Random(new SplittableRandom(seed).nextLong());
    }

    public static RandomApp of(Random r) {
        List<Component> components = new ArrayList<>();
        Map<String, String> componentOfClass = new HashMap<>();
        ComponentKind[] kinds = {ComponentKind.SERVLET, ComponentKind.STATELESS_SESSION, ComponentKind.DAO,
                ComponentKind.PLAIN, ComponentKind.ENTITY_BMP};
        for (int c = 0; c < CLASSES; c++) {
            if (r.nextInt(4) == 0) continue;
            ComponentKind kind = kinds[r.nextInt(kinds.length)];
            String cls = className(c);
            String name = "C" + c;
            EjbInterfaces views = kind.isEjb()
                    ? new EjbInterfaces(cls + "Home", cls + "Remote", null, null, List.of(), List.of(), false)
                    : EjbInterfaces.NONE;
            components.add(new Component(name, kind, kind.defaultTier(), cls, views, null, TransactionType.CONTAINER,
                    null, null, null, null, null, null, null, null, null, false, List.of()));
            componentOfClass.put(cls, name);
        }
        Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
        for (int c = 0; c < CLASSES; c++) {
            for (int m = 0; m < METHODS; m++) {
                MethodRef ref = method(c, m);
                if (r.nextInt(5) > 0) nodes.put(ref, new MethodNode(ref, componentOfClass.get(className(c)), SourceLocation.UNKNOWN));
            }
        }
        List<CallEdge> edges = new ArrayList<>();
        int count = 10 + r.nextInt(50);
        for (int i = 0; i < count; i++) {
            int fromClass = r.nextInt(CLASSES);
            MethodRef from = method(fromClass, r.nextInt(METHODS));
            int toClass = r.nextInt(CLASSES);
            MethodRef to = r.nextInt(6) == 0 ? MethodRef.of(className(toClass) + "Remote", "m" + r.nextInt(METHODS))
                    : method(toClass, r.nextInt(METHODS));
            EdgeKind kind = switch (r.nextInt(10)) {
                case 0 -> EdgeKind.REMOTE_EJB;
                case 1 -> EdgeKind.LOCAL_EJB;
                case 2 -> EdgeKind.JDBC;
                default -> EdgeKind.LOCAL;
            };
            String target = kind.isEjb() && r.nextBoolean() ? "C" + r.nextInt(CLASSES) : null;
            Receiver receiver = switch (r.nextInt(6)) {
                case 0 -> Receiver.Own.PLAIN;
                case 1 -> new Receiver.Own(Map.of(className(r.nextInt(CLASSES)), method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
                case 2 -> new Receiver.Exact(className(r.nextInt(CLASSES)));
                default -> Receiver.UNKNOWN;
            };
            int line = 1 + r.nextInt(6);
            edges.add(new CallEdge(from, to, kind, kind == EdgeKind.LOCAL ? CallOp.INVOKE : CallOp.BUSINESS_METHOD,
                    new SourceLocation("src/" + from.className() + ".java", line), r.nextInt(4) == 0 ? 1 : 0,
                    target, false, false, List.of(), receiver));
            // Another target at the same site (a dispatch), which a known class of this may narrow to one.
            if (receiver instanceof Receiver.Own && r.nextBoolean()) {
                edges.add(edges.get(edges.size() - 1).withTo(method(r.nextInt(CLASSES), to.name().equals("m0") ? 0 : 1)));
            }
        }
        List<EntryPoint> eps = new ArrayList<>();
        int entries = 1 + r.nextInt(6);
        for (int i = 0; i < entries; i++) {
            int c = r.nextInt(CLASSES);
            String component = r.nextInt(3) == 0 ? null : componentOfClass.getOrDefault(className(c), "C" + r.nextInt(CLASSES));
            eps.add(new EntryPoint("/e" + i, EntryPoint.Kind.SERVLET, method(c, r.nextInt(METHODS)), component));
        }
        // Now and then one entry point twice (two descriptors naming one servlet).
        if (r.nextInt(5) == 0) eps.add(eps.get(r.nextInt(eps.size())));
        return new RandomApp(FrozenCallGraph.of(nodes.values(), edges, eps, SourceFacts.NONE), new ComponentModel(components));
    }

    private static String className(int c) { return "app.K" + c; }

    private static MethodRef method(int c, int m) { return MethodRef.of(className(c), "m" + m); }
}
