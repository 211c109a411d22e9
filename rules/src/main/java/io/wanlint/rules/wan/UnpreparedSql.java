package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.rules.api.FindingSink;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import io.wanlint.rules.api.RuleDescriptors;
import io.wanlint.rules.api.RuleInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * WAN009: a plain {@code java.sql.Statement} executing SQL assembled at run time (concatenation,
 * a builder, {@code String.format}), or such SQL handed to {@code prepareStatement}/{@code prepareCall}
 * without a bind parameter: the front end's {@link SourceFacts#sqlBuiltAtRuntime} (sources or class files).
 * Reported whether or not a request reaches it: it is an injection hole as much as a performance
 * problem; but test code ({@link SourceFacts#testCode}) no entry point reaches is never deployed and
 * is not reported. One finding per method; the patch (a {@code PreparedStatement} with bound
 * parameters) does not change round trips, so before and after are the same. SQL held in
 * parameters or fields of unknown content, and SQL whose run-time parts are all numbers, are not
 * reported (no evidence it is built from text a user can shape).
 */
@RuleInfo(id = "WAN009", name = "unprepared-sql", severity = Severity.ERROR,
        summary = "Statement executing SQL built by concatenation: unprepared and open to injection",
        since = "0.1.0", tags = {"security", "performance", "jdbc", "sql-injection"})
public final class UnpreparedSql implements AsksRequestsReaching {
    private static final RuleDescriptor DESCRIPTOR = RuleDescriptors.of(UnpreparedSql.class);

    @Override public RuleDescriptor descriptor() { return DESCRIPTOR; }

    @Override public void check(RuleContext ctx, FindingSink sink) {
        SourceFacts facts = ctx.graph().facts();
        Map<MethodRef, List<CallEdge>> byMethod = new LinkedHashMap<>();
        for (CallEdge e : ctx.graph().edges()) {
            boolean unprepared = e.op() == CallOp.JDBC_EXECUTE && isPlainStatement(e) || e.op() == CallOp.JDBC_PREPARE;
            if (e.kind() == EdgeKind.JDBC && unprepared && facts.sqlBuiltAtRuntime().contains(e)) {
                byMethod.computeIfAbsent(e.from(), m -> new ArrayList<>()).add(e);
            }
        }
        if (byMethod.isEmpty()) return;
        RequestsReaching reaching = RequestsReaching.of(ctx);
        byMethod.forEach((method, calls) -> {
            List<EntryPoint> eps = reaching.of(method);
            if (eps.isEmpty() && facts.testCode().contains(method.className())) return;
            sink.report(finding(ctx, reaching, method, calls));
        });
    }

    /** {@code Statement.execute*(sql)}: not a {@code PreparedStatement} or {@code CallableStatement}. */
    private static boolean isPlainStatement(CallEdge e) {
        String type = e.to().className();
        return !type.endsWith("PreparedStatement") && !type.endsWith("CallableStatement");
    }

    private Finding finding(RuleContext ctx, RequestsReaching reaching, MethodRef method, List<CallEdge> calls) {
        CallEdge first = calls.get(0);
        List<EntryPoint> eps = reaching.of(method);
        RoundTrips cost = RoundTrips.ZERO;
        for (EntryPoint ep : eps) cost = cost.plus(ctx.oracle().estimate(ep).roundTrips());
        boolean prepares = calls.stream().allMatch(c -> c.op() == CallOp.JDBC_PREPARE);
        String msg = Evidence.displayMethod(method) + (prepares
                ? " prepares SQL built by string concatenation without bind parameters ("
                : " executes SQL built by string concatenation through a plain Statement (")
                + String.join(", ", calls.stream().map(c -> Evidence.shortName(c.to()) + "() on line " + c.line()).toList())
                + "): the database parses every variant anew, and the concatenated values can inject SQL"
                + (eps.isEmpty() ? "" : "; reached from " + String.join(", ", eps.stream().map(EntryPoint::id).toList()))
                + (prepares ? ". Bind the values as ? parameters" : ". Use a PreparedStatement with bound parameters");
        List<EvidenceStep> evidence = new ArrayList<>();
        if (!eps.isEmpty()) {
            EntryPoint ep = eps.get(0);
            evidence.addAll(Evidence.chain(ctx, ep, new ReachedCall(first, null, false, reaching.via(ep, method))));
        } else {
            SourceLocation decl = ctx.declarationOf(method);
            evidence.add(new EvidenceStep(decl.file(), decl.line(), method.className(), method.name(), null,
                    "method " + Evidence.displayMethod(method) + " (no entry point reaches it)"));
            evidence.add(Evidence.step(ctx, first));
        }
        for (CallEdge c : calls) if (c != first) evidence.add(Evidence.step(ctx, c));
        return new Finding(DESCRIPTOR.id(), DESCRIPTOR.defaultSeverity(), msg, ctx.locationOf(first),
                eps.stream().map(EntryPoint::id).toList(), evidence, cost, cost, new FindingSubject.Method(method));
    }
}
