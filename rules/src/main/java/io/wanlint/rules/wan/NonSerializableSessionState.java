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
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * WAN010: values of application classes that are not {@code Serializable} (through any supertype)
 * kept in conversational state: put into an {@code HttpSession} ({@code setAttribute},
 * {@code putValue}) or held in a stateful session bean's non-transient field. Both break session
 * replication, failover and passivation. The facts come from the source front end's
 * {@link SourceFacts#nonSerializableState}; interfaces (EJB stubs among them) and library types are
 * never reported. One finding per method storing such values, and one per stateful bean for its
 * fields. The patch does not change round trips.
 */
@RuleInfo(id = "WAN010", name = "non-serializable-session-state", severity = Severity.WARNING,
        summary = "Non-Serializable value stored in the HttpSession or held by a stateful session bean",
        since = "0.1.0", tags = {"reliability", "clustering", "session", "serialization"})
public final class NonSerializableSessionState implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(NonSerializableSessionState.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        List<SessionStateValue> values = ctx.graph().facts().nonSerializableState();
        if (values.isEmpty()) return;
        Map<MethodRef, List<SessionStateValue>> puts = new LinkedHashMap<>();
        Map<String, List<SessionStateValue>> fields = new LinkedHashMap<>();
        for (SessionStateValue v : values) {
            if (v.holder() == SourceFacts.Holder.HTTP_SESSION) puts.computeIfAbsent(v.method(), m -> new ArrayList<>()).add(v);
            else fields.computeIfAbsent(v.className(), c -> new ArrayList<>()).add(v);
        }
        RequestsReaching reaching = new RequestsReaching(ctx);
        puts.forEach((method, vs) -> sink.report(sessionFinding(ctx, reaching, method, vs)));
        fields.forEach((bean, vs) -> sink.report(fieldFinding(bean, vs)));
    }

    private Finding sessionFinding(RuleContext ctx, RequestsReaching reaching, MethodRef method, List<SessionStateValue> vs) {
        SessionStateValue first = vs.get(0);
        List<EntryPoint> eps = reaching.of(method);
        RoundTrips cost = RoundTrips.ZERO;
        for (EntryPoint ep : eps) cost = cost.plus(ctx.oracle().estimate(ep).roundTrips());
        String msg = Evidence.displayMethod(method) + " stores " + String.join(", ", vs.stream().map(v ->
                        (v.member().isEmpty() ? "a " : "\"" + v.member() + "\" = a ") + Evidence.displayClass(v.valueType())).toList())
                + " in the HttpSession, and " + (vs.size() == 1 ? "that class is" : "those classes are")
                + " not Serializable: session replication and failover fail on it. Make the class Serializable"
                + " (or keep only serializable data in the session)";
        List<EvidenceStep> evidence = new ArrayList<>();
        if (!eps.isEmpty()) {
            EntryPoint ep = eps.get(0);
            SourceLocation at = ctx.declarationOf(ep.method());
            evidence.add(new EvidenceStep(at.file(), at.line(), ep.method().className(), ep.method().name(), null,
                    "entry point " + ep.id()));
            ReachedCall via = reaching.via(ep, method);
            if (via != null) for (var e : via.path()) evidence.add(Evidence.step(ctx, e));
        }
        for (SessionStateValue v : vs) evidence.add(step(v, "HttpSession.setAttribute(" + quoted(v) + Evidence.displayClass(v.valueType()) + ")"));
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(first.location().file(), first.location().line(), method.className(), method.name()),
                eps.stream().map(EntryPoint::id).toList(), evidence, cost, cost, new FindingSubject.SessionAttributes(method));
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

    private static EvidenceStep step(SessionStateValue v, String what) {
        return new EvidenceStep(v.location().file(), v.location().line(), v.className(),
                v.method() == null ? null : v.method().name(), null, what);
    }

    private static String quoted(SessionStateValue v) {
        return v.member().isEmpty() ? "…, " : "\"" + v.member() + "\", ";
    }
}
