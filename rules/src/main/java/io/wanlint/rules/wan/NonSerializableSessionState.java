package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceFacts.SessionStateValue;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * WAN010: values of application classes that are not {@code Serializable} (through any supertype)
 * kept in conversational state: put into an {@code HttpSession} ({@code setAttribute},
 * {@code putValue}) or held in a stateful session bean's non-transient field. Both break session
 * replication, failover and passivation. The facts come from either front end's
 * {@link SourceFacts#nonSerializableState}; interfaces (EJB stubs among them) and library types are
 * never reported, nor are stateful bean fields holding EJB references (injected, or typed with a
 * bean class). One finding per stored class, listing every method storing it, and one per stateful
 * bean for its fields. The patch does not change round trips.
 */
@RuleInfo(id = "WAN010", name = "non-serializable-session-state", severity = Severity.WARNING,
        summary = "Non-Serializable value stored in the HttpSession or held by a stateful session bean",
        since = "0.1.0", tags = {"reliability", "clustering", "session", "serialization"})
public final class NonSerializableSessionState implements AsksRequestsReaching {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(NonSerializableSessionState.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        List<SessionStateValue> values = ctx.graph().facts().nonSerializableState();
        if (values.isEmpty()) return;
        Map<String, List<SessionStateValue>> stored = new LinkedHashMap<>();
        Map<MethodRef, Set<String>> classesStoredBy = new LinkedHashMap<>();
        Map<String, List<SessionStateValue>> fields = new LinkedHashMap<>();
        for (SessionStateValue v : values) {
            if (v.holder() == SourceFacts.Holder.HTTP_SESSION) {
                stored.computeIfAbsent(v.valueType(), t -> new ArrayList<>()).add(v);
                classesStoredBy.computeIfAbsent(v.method(), m -> new LinkedHashSet<>()).add(v.valueType());
            } else if (!holdsAnEjbReference(ctx, v)) {
                fields.computeIfAbsent(v.className(), c -> new ArrayList<>()).add(v);
            }
        }
        RequestsReaching reaching = RequestsReaching.of(ctx);
        stored.forEach((type, vs) -> sink.report(sessionFinding(ctx, reaching, type, vs, classesStoredBy)));
        fields.forEach((bean, vs) -> sink.report(fieldFinding(bean, vs)));
    }

    /**
     * The key of a stored class's finding: a class stored by one method that stores nothing else
     * keeps that method's key (the finding it always was, with its fingerprint); a class stored by
     * several methods, or next to other classes, is keyed by the class.
     * {@code MakeSessionStateSerializable} finds the values of a finding by the same keys.
     */
    private static FindingSubject sessionKey(String type, List<SessionStateValue> vs, Map<MethodRef, Set<String>> classesStoredBy) {
        Set<MethodRef> methods = new LinkedHashSet<>();
        for (SessionStateValue v : vs) methods.add(v.method());
        MethodRef only = methods.size() == 1 ? methods.iterator().next() : null;
        if (only != null && classesStoredBy.getOrDefault(only, Set.of()).size() == 1) return new FindingSubject.SessionAttributes(only);
        return new FindingSubject.SessionClass(type);
    }

    /**
     * A field the container fills with an EJB reference: a reference injected into it ({@code @EJB},
     * a descriptor's {@code injection-target}), or typed with an enterprise bean's class (its
     * no-interface view). The container passivates and replicates such references itself.
     */
    private static boolean holdsAnEjbReference(RuleContext ctx, SessionStateValue v) {
        boolean injected = ctx.model().byClass(v.className()).stream()
                .flatMap(c -> c.ejbRefs().stream()).anyMatch(r -> v.member().equals(r.injectionField()));
        return injected || ctx.model().byClass(v.valueType()).map(c -> c.kind().isSession()).orElse(false);
    }

    private Finding sessionFinding(RuleContext ctx, RequestsReaching reaching, String type, List<SessionStateValue> vs,
                                   Map<MethodRef, Set<String>> classesStoredBy) {
        SessionStateValue first = vs.get(0);
        MethodRef method = first.method();
        Set<MethodRef> methods = new LinkedHashSet<>();
        Set<EntryPoint> reachingEps = new LinkedHashSet<>();
        for (SessionStateValue v : vs) {
            if (methods.add(v.method())) reachingEps.addAll(reaching.of(v.method()));
        }
        List<EntryPoint> eps = List.copyOf(reachingEps);
        RoundTrips cost = RoundTrips.ZERO;
        for (EntryPoint ep : reaching.of(method)) cost = cost.plus(ctx.oracle().estimate(ep).roundTrips());
        List<String> sites = new ArrayList<>();
        for (SessionStateValue v : vs) {
            sites.add(Evidence.displayMethod(v.method()) + (v.member().isEmpty() ? "" : " (\"" + v.member() + "\")"));
        }
        String a = article(Evidence.displayClass(type));
        String stores = vs.size() == 1 ? Evidence.displayMethod(method) + " stores " + (first.member().isEmpty() ? a : "\"" + first.member() + "\" = " + a)
                + Evidence.displayClass(type) + " in the HttpSession"
                : vs.size() + " places store " + article(Evidence.displayClass(type)) + Evidence.displayClass(type) + " in the HttpSession: "
                        + String.join(", ", new LinkedHashSet<>(sites));
        String msg = stores + ", and that class is not Serializable: session replication and failover fail on it. Make "
                + Evidence.displayClass(type) + " Serializable (or keep only serializable data in the session)"
                + (vs.size() == 1 ? "" : ": one change for every place");
        List<EvidenceStep> evidence = new ArrayList<>();
        List<EntryPoint> firstEps = reaching.of(method);
        if (!firstEps.isEmpty()) {
            EntryPoint ep = firstEps.get(0);
            SourceLocation at = ctx.declarationOf(ep.method());
            evidence.add(new EvidenceStep(at.file(), at.line(), ep.method().className(), ep.method().name(), null,
                    "entry point " + ep.id()));
            ReachedCall via = reaching.via(ep, method);
            if (via != null) for (var e : via.path()) evidence.add(Evidence.step(ctx, e));
        }
        for (SessionStateValue v : vs) evidence.add(step(v, "HttpSession.setAttribute(" + quoted(v) + Evidence.displayClass(v.valueType()) + ")"));
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), method.className(), method.name()),
                eps.stream().map(EntryPoint::id).toList(), evidence, cost, cost, sessionKey(type, vs, classesStoredBy));
    }

    private Finding fieldFinding(String bean, List<SessionStateValue> vs) {
        SessionStateValue first = vs.get(0);
        String msg = "stateful session bean " + Evidence.displayClass(bean) + " holds "
                + String.join(", ", vs.stream().map(v -> v.member() + " (" + Evidence.displayClass(v.valueType()) + ")").toList())
                + ", not Serializable nor transient: passivation and state replication fail on "
                + (vs.size() == 1 ? "it" : "them") + ". Make the type Serializable or the field transient";
        List<EvidenceStep> evidence = vs.stream()
                .map(v -> step(v, "field " + v.member() + " of type " + Evidence.displayClass(v.valueType()))).toList();
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), bean, null),
                List.of(), evidence, RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.BeanFields(bean));
    }

    /** {@code "an "} before a vowel, else {@code "a "}: "an Entry", "a Helper". */
    private static String article(String word) {
        return !word.isEmpty() && "AEIOUaeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ";
    }

    private static EvidenceStep step(SessionStateValue v, String what) {
        return new EvidenceStep(v.location().file(), v.location().line(), v.className(),
                v.method() == null ? null : v.method().name(), null, what);
    }

    private static String quoted(SessionStateValue v) {
        return v.member().isEmpty() ? "…, " : "\"" + v.member() + "\", ";
    }
}
