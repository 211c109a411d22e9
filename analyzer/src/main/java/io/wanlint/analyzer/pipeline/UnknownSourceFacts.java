package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the source-only rules cannot tell when the call graph came from class files, said in one
 * diagnostic per rule family so that no finding does not read as "nothing found" (issue 23.3).
 * The bytecode front end reads WAN008–WAN010's facts itself ({@code BytecodeSourceFacts}); the state
 * a cluster keeps per node (WAN011–WAN015's facts: bean and static field writes, context and session
 * attribute changes, timers) is read from sources only (and from JSP pages, which are always
 * sources). A graph without any facts (a front end that computes none) says so for WAN008–WAN010.
 */
final class UnknownSourceFacts {
    private UnknownSourceFacts() {}

    static List<Diagnostic> of(ComponentModel model, CallGraph graph) {
        if (graph.facts().known()) return clusterState(model);
        List<Diagnostic> out = new ArrayList<>(clusterState(model));
        Set<String> bmp = new TreeSet<>();
        for (Component c : model.ofKind(ComponentKind.ENTITY_BMP)) bmp.add(c.name());
        if (!bmp.isEmpty()) {
            out.add(Diagnostic.info("", 0, "WAN008 unknown for " + bmp.size() + " BMP entity bean(s) (" + shortList(bmp)
                    + "): whether ejbStore writes under a dirty check is read from sources only; analyse the sources to check it"));
        }
        Set<String> executing = new TreeSet<>();
        for (CallEdge e : graph.edges()) {
            if (e.op() == CallOp.JDBC_EXECUTE || e.op() == CallOp.JDBC_PREPARE) executing.add(e.from().className() + "." + e.from().name());
        }
        if (!executing.isEmpty()) {
            out.add(Diagnostic.info("", 0, "WAN009 unknown for the JDBC statements of " + executing.size() + " method(s) ("
                    + shortList(executing) + "): whether their SQL is built at run time is read from sources only; "
                    + "analyse the sources to check it"));
        }
        Set<String> conversational = new TreeSet<>();
        for (Component c : model.components()) {
            if (c.kind() == ComponentKind.STATEFUL_SESSION || c.kind() == ComponentKind.SERVLET || c.kind() == ComponentKind.JSP
                    || c.kind() == ComponentKind.FILTER) {
                conversational.add(c.name());
            }
        }
        if (!conversational.isEmpty()) {
            out.add(Diagnostic.info("", 0, "WAN010 unknown for " + conversational.size() + " stateful bean(s) and web component(s) ("
                    + shortList(conversational) + "): the types of values kept in the HttpSession and in stateful beans' fields "
                    + "are read from sources only; analyse the sources to check it"));
        }
        return out;
    }

    /** The classes WAN011–WAN015 look at: stateful and singleton beans, web components, message beans. */
    private static List<Diagnostic> clusterState(ComponentModel model) {
        Set<String> stateful = new TreeSet<>();
        for (Component c : model.components()) {
            if (c.kind() == ComponentKind.STATEFUL_SESSION || c.kind() == ComponentKind.SINGLETON_SESSION
                    || c.kind() == ComponentKind.SERVLET || c.kind() == ComponentKind.FILTER) {
                stateful.add(c.name());
            }
        }
        if (stateful.isEmpty()) return List.of();
        return List.of(Diagnostic.info("", 0, "WAN011–WAN015 unknown for the Java code of " + stateful.size()
                + " stateful or singleton bean(s) and web component(s) (" + shortList(stateful) + "): the state a cluster keeps"
                + " per node (field writes, context and session attribute changes, timers) is read from sources only;"
                + " analyse the sources to check it"));
    }

    private static String shortList(Set<String> names) {
        List<String> first = names.stream().limit(3).toList();
        return String.join(", ", first) + (names.size() > 3 ? ", …" : "");
    }
}
