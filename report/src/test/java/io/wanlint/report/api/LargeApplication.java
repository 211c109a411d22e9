package io.wanlint.report.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.CrossingCall;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EntryPointCost;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.TransactionType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A generated enterprise application of {@value #SERVLETS} servlets, {@value #FACADES} session
 * façades and {@value #ENTITIES} entity beans (126 components), shaped like the large corpus
 * applications: long package and class names, long request paths, every servlet making two remote
 * calls to the main site, and findings of several rules, with and without patches. For the
 * layout tests of the HTML report, which must stay readable at this size.
 */
final class LargeApplication {
    static final int SERVLETS = 42, FACADES = 48, ENTITIES = 36;
    private static final String WEB = "com.example.enterprise.procurement.presentation.web.servlets.";
    private static final String EJB = "com.example.enterprise.procurement.businesslogic.ejb.sessionfacades.";
    private static final String ENTITY = "com.example.enterprise.procurement.persistence.entities.";

    private final List<Component> components = new ArrayList<>();
    private final List<MethodNode> nodes = new ArrayList<>();
    private final List<CallEdge> edges = new ArrayList<>();
    private final List<EntryPoint> entryPoints = new ArrayList<>();
    private final List<EntryPointCost> costs = new ArrayList<>();
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, String> sites = new LinkedHashMap<>();
    private final Map<String, Double> latency = new LinkedHashMap<>();
    private final Map<Finding, PatchIndex.FindingPatch> patched = new LinkedHashMap<>();
    private final Map<Finding, String> withoutPatch = new LinkedHashMap<>();

    private LargeApplication() {
        for (int i = 0; i < ENTITIES; i++) entity(i);
        for (int i = 0; i < FACADES; i++) facade(i);
        for (int i = 0; i < SERVLETS; i++) servlet(i);
    }

    /** The application's check report (findings of WAN001, WAN002, WAN003) and the patches planned for it. */
    static ReportAndPatches build() {
        LargeApplication app = new LargeApplication();
        List<MethodNode> nodes = List.copyOf(app.nodes);
        List<CallEdge> edges = List.copyOf(app.edges);
        List<EntryPoint> eps = List.copyOf(app.entryPoints);
        CallGraph graph = new CallGraph() {
            @Override public Collection<MethodNode> nodes() { return nodes; }

            @Override public Optional<MethodNode> node(MethodRef m) { return nodes.stream().filter(n -> n.ref().equals(m)).findFirst(); }

            @Override public List<CallEdge> edges() { return edges; }

            @Override public List<CallEdge> outgoing(MethodRef m) { return edges.stream().filter(e -> e.from().equals(m)).toList(); }

            @Override public List<CallEdge> incoming(MethodRef m) { return edges.stream().filter(e -> e.to().equals(m)).toList(); }

            @Override public List<EntryPoint> entryPoints() { return eps; }
        };
        AnalysisResult result = new AnalysisResult(List.of(), new ComponentModel(app.components), graph, null,
                List.of(Diagnostic.warning("src/" + WEB.replace('.', '/') + "LegacyReportingExportControllerServletWithAVeryLongName.java", 7,
                        "';' expected: the file was skipped, its calls are missing from the call graph")), List.of());
        Map<String, RoundTrips> after = new HashMap<>();
        for (EntryPointCost c : app.costs) after.put(c.entryPoint().id(), RoundTrips.of(c.roundTrips().value() / 2));
        ReportData data = new ReportData(result, "two-sites.yaml", app.sites, app.costs, after, app.findings, rules(),
                "0.1.0-test", app.latency);
        return new ReportAndPatches(data, PatchIndex.of(app.patched, Map.of(), app.withoutPatch));
    }

    record ReportAndPatches(ReportData data, PatchIndex patches) {}

    private void entity(int i) {
        String name = "PurchaseOrderLineItemEntity" + i;
        components.add(new Component(name, ComponentKind.ENTITY_CMP, Tier.EJB, ENTITY + name + "Bean",
                new EjbInterfaces(null, null, ENTITY + name + "LocalHome", ENTITY + name + "Local", List.of(), List.of(), false),
                PersistenceType.CONTAINER, TransactionType.CONTAINER, "java.lang.Long", List.of("id", "quantity"),
                null, null, null, null, null, null, null, false, List.of(new SourceLocation("META-INF/ejb-jar.xml", 100 + i))));
        sites.put(name, "main");
    }

    private void facade(int i) {
        String name = "ProcurementWorkflowFacade" + i, bean = EJB + name + "Bean";
        String entity = "PurchaseOrderLineItemEntity" + (i % ENTITIES);
        components.add(new Component(name, ComponentKind.STATELESS_SESSION, Tier.EJB, bean,
                new EjbInterfaces(EJB + name + "Home", EJB + name, null, null, List.of(), List.of(), false),
                PersistenceType.NONE, TransactionType.CONTAINER, null, null, null, null, null,
                List.of(new EjbReference("ejb/" + entity, true, ENTITY + entity + "LocalHome", ENTITY + entity + "Local", entity, null, entity)),
                null, name + "Home", null, false, List.of(new SourceLocation("META-INF/ejb-jar.xml", 300 + i))));
        sites.put(name, "main");
        MethodRef method = MethodRef.of(bean, "approvePurchaseOrderLines", "long");
        nodes.add(new MethodNode(method, name, new SourceLocation(path(bean), 40)));
        edges.add(new CallEdge(method, MethodRef.of(ENTITY + entity + "Local", "getQuantity"), EdgeKind.LOCAL_EJB, CallOp.ENTITY_GET,
                new SourceLocation(path(bean), 44), 1, entity, false, false));
    }

    private void servlet(int i) {
        String name = "PurchaseOrderApprovalWorkflowServlet" + i, cls = WEB + name;
        String first = "ProcurementWorkflowFacade" + (i % FACADES), second = "ProcurementWorkflowFacade" + ((i + 7) % FACADES);
        String url = "/procurement/purchase-orders/approval-workflow/step-" + i + "/confirmLineItemsAndNotifySuppliers.do";
        components.add(new Component(name, ComponentKind.SERVLET, Tier.WEB, cls, null, null, null, null, null, null, null,
                List.of(url), List.of(reference(first), reference(second)), null, null, null, false,
                List.of(new SourceLocation("WEB-INF/web.xml", 20 + i))));
        sites.put(name, "edge");
        MethodRef doPost = MethodRef.of(cls, "doPost", "javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
        nodes.add(new MethodNode(doPost, name, new SourceLocation(path(cls), 30)));
        CallEdge a = remote(doPost, first, path(cls), 34, 0), b = remote(doPost, second, path(cls), 35, 1);
        EntryPoint ep = new EntryPoint(url, EntryPoint.Kind.SERVLET, doPost, name);
        entryPoints.add(ep);
        costs.add(new EntryPointCost(ep, "edge", new RoundTrips(List.of(1L, 1L)), List.of(
                new CrossingCall(a, "edge", "main", 1, RoundTrips.of(1), "remote EJB business method"),
                new CrossingCall(b, "edge", "main", 1, RoundTrips.term(1, 1), "remote EJB business method"))));
        latency.put(url, 160.0);
        Finding fineGrained = new Finding("WAN001", Severity.WARNING,
                "1 + n round trips through 2 remote calls on " + first + " and " + second + " from " + name
                        + ".doPost; a façade method taking the whole purchase order makes it 1",
                new FindingLocation(path(cls), 34, cls, "doPost"), List.of(url),
                List.of(new EvidenceStep(path(cls), 34, cls, "doPost", EdgeKind.REMOTE_EJB, "remote call " + first + ".approvePurchaseOrderLines(long)"),
                        new EvidenceStep(path(cls), 35, cls, "doPost", EdgeKind.REMOTE_EJB, "remote call in a loop " + second + ".approvePurchaseOrderLines(long)")),
                new RoundTrips(List.of(1L, 1L)), RoundTrips.of(1), new FindingSubject.Method(doPost));
        findings.add(fineGrained);
        if (i % 3 == 0) {
            patched.put(fineGrained, new PatchIndex.FindingPatch("Introduce a session façade method on " + first
                    + " that takes the whole purchase order", List.of(), """
                    --- a/%1$s
                    +++ b/%1$s
                    @@ -34,2 +34,1 @@
                    -        for (long lineItemIdentifier : purchaseOrderLineItemIdentifiersFromTheRequestParameters) %2$s.approvePurchaseOrderLines(lineItemIdentifier);
                    +        %2$s.approveWholePurchaseOrder(purchaseOrderLineItemIdentifiersFromTheRequestParameters);
                    """.formatted(path(cls), "facade")));
        } else {
            withoutPatch.put(fineGrained, "IntroduceSessionFacade declined: " + name + ".doPost passes the remote reference "
                    + "to a helper (PurchaseOrderApprovalNotificationHelper.notifySuppliersOfApprovedLineItems) whose calls it cannot move");
        }
        if (i % 4 == 0) {
            Finding jdbc = new Finding("WAN003", Severity.ERROR, name + ".doPost runs JDBC from the web tier: 1 round trip to the database at main",
                    new FindingLocation(path(cls), 52, cls, "doPost"), List.of(url), List.of(), RoundTrips.of(1), RoundTrips.of(0),
                    new FindingSubject.Method(doPost));
            findings.add(jdbc);
            withoutPatch.put(jdbc, "no refactoring for WAN003 yet");
        }
    }

    private CallEdge remote(MethodRef from, String facade, String file, int line, int loopDepth) {
        CallEdge e = new CallEdge(from, MethodRef.of(EJB + facade, "approvePurchaseOrderLines", "long"), EdgeKind.REMOTE_EJB,
                CallOp.BUSINESS_METHOD, new SourceLocation(file, line), loopDepth, facade, false, false);
        edges.add(e);
        return e;
    }

    private static EjbReference reference(String facade) {
        return new EjbReference("ejb/" + facade, false, EJB + facade + "Home", EJB + facade, facade, null, facade);
    }

    private static String path(String className) { return "src/" + className.replace('.', '/') + ".java"; }

    private static List<RuleDescriptor> rules() {
        return List.of(
                new RuleDescriptor("WAN001", "remote-fine-grained-call", Severity.WARNING, "Several remote calls per request",
                        "0.1", List.of("wan"), "# WAN001"),
                new RuleDescriptor("WAN003", "web-tier-jdbc", Severity.ERROR, "JDBC from the web tier", "0.1",
                        List.of("wan"), "# WAN003"));
    }
}
