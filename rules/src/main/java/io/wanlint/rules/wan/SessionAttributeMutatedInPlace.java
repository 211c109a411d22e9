package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.Rule;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * WAN012: an object read with {@code HttpSession.getAttribute} into a local variable that holds
 * nothing else, then changed through that variable (a field write, a collection mutator, a call of
 * an application method that writes a field of its object) with no {@code setAttribute} of it
 * after the last change. WebLogic and WebSphere (by default) replicate an attribute when it is set,
 * and JBoss/WildFly's {@code SET} granularity too: the change stays on this node and a fail-over
 * serves the old value. The facts come from the source front end
 * ({@link StateKind#SESSION_VALUE_MUTATED}); a value changed by another method (passed along) is
 * not reported. One finding per method and attribute.
 */
@RuleInfo(id = "WAN012", name = "session-attribute-mutated-in-place", severity = Severity.WARNING,
        summary = "HttpSession attribute changed in place with no setAttribute after the change: not replicated",
        since = "0.1.0", tags = {"reliability", "clustering", "session"})
public final class SessionAttributeMutatedInPlace implements Rule {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(SessionAttributeMutatedInPlace.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        RequestsReaching reaching = null;
        java.util.Set<String> reported = new java.util.HashSet<>();
        for (StateFact f : ctx.graph().facts().clusterState()) {
            if (f.kind() != StateKind.SESSION_VALUE_MUTATED) continue;
            if (ctx.graph().facts().testCode().contains(f.method().className())) continue;
            // two reads of one attribute in one method are one cause, one fix
            if (!reported.add(f.method() + "->" + f.member())) continue;
            if (reaching == null) reaching = RequestsReaching.of(ctx);
            sink.report(finding(ctx, f, reaching));
        }
    }

    private static Finding finding(RuleContext ctx, StateFact f, RequestsReaching reaching) {
        String attribute = f.member();
        String variable = f.what().contains(".") ? f.what().substring(0, f.what().indexOf('.')) : "the value";
        String quoted = attribute.startsWith("\"") || !attribute.matches("[\\w.$-]+") ? attribute : "\"" + attribute + "\"";
        String msg = Evidence.displayMethod(f.method()) + " reads the session attribute " + quoted + " ("
                + Evidence.displayClass(f.type()) + ") and changes it in place (" + f.what() + ") with no setAttribute after the"
                + " change: servers that replicate a session attribute when it is set (WebLogic, WebSphere by default,"
                + " JBoss/WildFly SET granularity) never send the change, so another node serves the old value after a"
                + " fail-over. Call session.setAttribute(" + quoted + ", " + variable + ") after the last change";
        List<EvidenceStep> evidence = new ArrayList<>();
        List<EntryPoint> eps = reaching.of(f.method());
        if (!eps.isEmpty()) {
            EntryPoint ep = eps.get(0);
            var at = ctx.declarationOf(ep.method());
            evidence.add(new EvidenceStep(at.file(), at.line(), ep.method().className(), ep.method().name(), null, "entry point " + ep.id()));
            var via = reaching.via(ep, f.method());
            if (via != null) for (var e : via.path()) evidence.add(Evidence.step(ctx, e));
        }
        if (f.relatedLine() > 0) {
            evidence.add(new EvidenceStep(f.location().file(), f.relatedLine(), f.method().className(), f.method().name(), null,
                    "HttpSession.getAttribute(" + quoted + ")"));
        }
        evidence.add(new EvidenceStep(f.location().file(), f.location().line(), f.method().className(), f.method().name(), null,
                "changed in place: " + f.what() + ", no setAttribute after it"));
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg,
                new FindingLocation(f.location().file(), f.location().line(), f.method().className(), f.method().name()),
                eps.stream().map(EntryPoint::id).toList(), evidence, RoundTrips.ZERO, RoundTrips.ZERO,
                new FindingSubject.SessionAttribute(f.method(), attribute));
    }
}
