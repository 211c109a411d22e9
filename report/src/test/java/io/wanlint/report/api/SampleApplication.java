package io.wanlint.report.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.AnalyzedFile;
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
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.PhaseTiming;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.Tier;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionContext;
import io.wanlint.analyzer.api.TransactionScopes;
import io.wanlint.analyzer.api.TransactionType;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A small hand-built RUBiS-like application, as the analyzer would describe it: a servlet at the
 * edge calling a remote stateless façade and, through a web-tier helper, the database directly.
 */
final class SampleApplication {
    static final MethodRef DO_GET = MethodRef.of("edu.rubis.web.ViewItemServlet", "doGet",
            "javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
    static final MethodRef HOME_CREATE = MethodRef.of("edu.rubis.ejb.SB_ViewItemHome", "create");
    static final MethodRef GET_ITEM = MethodRef.of("edu.rubis.ejb.SB_ViewItem", "getItem", "int");
    static final MethodRef BEAN_GET_ITEM = MethodRef.of("edu.rubis.ejb.SB_ViewItemBean", "getItem", "int");
    static final MethodRef ITEM_TITLE = MethodRef.of("edu.rubis.ejb.ItemLocal", "getTitle");
    static final MethodRef DAO_BIDS = MethodRef.of("edu.rubis.web.BidDao", "bidsOf", "int");
    static final MethodRef EXECUTE = MethodRef.of("java.sql.Statement", "executeQuery", "java.lang.String");
    static final MethodRef NEXT = MethodRef.of("java.sql.ResultSet", "next");

    static final CallEdge CREATE_EDGE = new CallEdge(DO_GET, HOME_CREATE, EdgeKind.REMOTE_EJB, CallOp.HOME_CREATE,
            new SourceLocation("src/edu/rubis/web/ViewItemServlet.java", 31), 0, "SB_ViewItem", false, false);
    static final CallEdge GET_ITEM_EDGE = new CallEdge(DO_GET, GET_ITEM, EdgeKind.REMOTE_EJB, CallOp.BUSINESS_METHOD,
            new SourceLocation("src/edu/rubis/web/ViewItemServlet.java", 32), 0, "SB_ViewItem", false, false);
    static final CallEdge DAO_EDGE = new CallEdge(DO_GET, DAO_BIDS, EdgeKind.LOCAL, CallOp.INVOKE,
            new SourceLocation("src/edu/rubis/web/ViewItemServlet.java", 35), 0, null, false, false);
    static final CallEdge DISPATCH_EDGE = new CallEdge(GET_ITEM, BEAN_GET_ITEM, EdgeKind.LOCAL, CallOp.INVOKE,
            SourceLocation.UNKNOWN, 0, "SB_ViewItem", false, false);
    static final CallEdge TITLE_EDGE = new CallEdge(BEAN_GET_ITEM, ITEM_TITLE, EdgeKind.LOCAL_EJB, CallOp.ENTITY_GET,
            new SourceLocation("src/edu/rubis/ejb/SB_ViewItemBean.java", 20), 0, "Item", false, false);
    static final CallEdge EXECUTE_EDGE = new CallEdge(DAO_BIDS, EXECUTE, EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
            new SourceLocation("src/edu/rubis/web/BidDao.java", 42), 0, null, false, false);
    static final CallEdge NEXT_EDGE = new CallEdge(DAO_BIDS, NEXT, EdgeKind.JDBC, CallOp.JDBC_RESULT_NEXT,
            new SourceLocation("src/edu/rubis/web/BidDao.java", 43), 1, null, false, false);

    static final EntryPoint VIEW_ITEM = new EntryPoint("/viewItem", EntryPoint.Kind.SERVLET, DO_GET, "ViewItem");

    static final Map<String, String> SITES = Map.of("ViewItem", "edge", "SB_ViewItem", "main", "Item", "main");

    private SampleApplication() {}

    static ComponentModel model() {
        Component servlet = new Component("ViewItem", ComponentKind.SERVLET, Tier.WEB, "edu.rubis.web.ViewItemServlet",
                null, null, null, null, null, null, null, List.of("/viewItem"),
                List.of(new EjbReference("ejb/ViewItem", false, "edu.rubis.ejb.SB_ViewItemHome",
                        "edu.rubis.ejb.SB_ViewItem", "SB_ViewItem", null, "SB_ViewItem")),
                null, null, null, false, List.of(new SourceLocation("WEB-INF/web.xml", 12)));
        Component facade = new Component("SB_ViewItem", ComponentKind.STATELESS_SESSION, Tier.EJB,
                "edu.rubis.ejb.SB_ViewItemBean",
                new EjbInterfaces("edu.rubis.ejb.SB_ViewItemHome", "edu.rubis.ejb.SB_ViewItem", null, null,
                        List.of(), List.of(), false),
                PersistenceType.NONE, TransactionType.CONTAINER, null, null, null,
                List.of(new MethodTransaction("*", null, null, TransactionAttribute.REQUIRED,
                        MethodTransaction.Source.DESCRIPTOR)),
                null,
                List.of(new EjbReference("ejb/Item", true, "edu.rubis.ejb.ItemLocalHome", "edu.rubis.ejb.ItemLocal",
                        "Item", null, "Item")),
                null, "SB_ViewItemHome", null, false, List.of(new SourceLocation("META-INF/ejb-jar.xml", 8)));
        Component item = new Component("Item", ComponentKind.ENTITY_CMP, Tier.EJB, "edu.rubis.ejb.ItemBean",
                new EjbInterfaces(null, null, "edu.rubis.ejb.ItemLocalHome", "edu.rubis.ejb.ItemLocal",
                        List.of(), List.of(), false),
                PersistenceType.CONTAINER, TransactionType.CONTAINER, "java.lang.Integer", List.of("id", "title"),
                null, null, null, null, null, null, null, false, List.of(new SourceLocation("META-INF/ejb-jar.xml", 30)));
        return new ComponentModel(List.of(servlet, facade, item));
    }

    static CallGraph callGraph() {
        List<MethodNode> nodes = List.of(
                new MethodNode(DO_GET, "ViewItem", new SourceLocation("src/edu/rubis/web/ViewItemServlet.java", 28)),
                new MethodNode(BEAN_GET_ITEM, "SB_ViewItem", new SourceLocation("src/edu/rubis/ejb/SB_ViewItemBean.java", 18)),
                new MethodNode(DAO_BIDS, null, new SourceLocation("src/edu/rubis/web/BidDao.java", 40)));
        List<CallEdge> edges = List.of(CREATE_EDGE, GET_ITEM_EDGE, DAO_EDGE, DISPATCH_EDGE, TITLE_EDGE, EXECUTE_EDGE, NEXT_EDGE);
        return new CallGraph() {
            @Override public Collection<MethodNode> nodes() { return nodes; }

            @Override public Optional<MethodNode> node(MethodRef m) {
                return nodes.stream().filter(n -> n.ref().equals(m)).findFirst();
            }

            @Override public List<CallEdge> edges() { return edges; }

            @Override public List<CallEdge> outgoing(MethodRef m) {
                return edges.stream().filter(e -> e.from().equals(m)).toList();
            }

            @Override public List<CallEdge> incoming(MethodRef m) {
                return edges.stream().filter(e -> e.to().equals(m)).toList();
            }

            @Override public List<EntryPoint> entryPoints() { return List.of(VIEW_ITEM); }
        };
    }

    /** Only the façade's entity access runs in a (container) transaction. */
    static TransactionScopes transactions() {
        return new TransactionScopes() {
            @Override public Set<TransactionContext> contextsOf(EntryPoint ep, CallEdge edge) {
                return everInTransaction(edge) ? Set.of(new TransactionContext(true, BEAN_GET_ITEM, "Required"))
                        : Set.of(TransactionContext.NONE);
            }

            @Override public boolean everInTransaction(CallEdge edge) { return edge.equals(TITLE_EDGE); }

            @Override public Set<TransactionContext> contextsOfMethod(EntryPoint ep, MethodRef method) {
                return Set.of(TransactionContext.NONE);
            }
        };
    }

    static AnalysisResult result() {
        return new AnalysisResult(
                List.of(new AnalyzedFile("src/edu/rubis/web/ViewItemServlet.java", Path.of("/tmp/x.java"),
                        AnalyzedFile.Kind.JAVA, "UTF-8")),
                model(), callGraph(), transactions(),
                List.of(Diagnostic.warning("src/edu/rubis/web/Broken.java", 7, "';' expected")),
                List.of(new PhaseTiming("ingest", 12), new PhaseTiming("call graph", 30)));
    }

    static List<EntryPointCost> costs() {
        return List.of(new EntryPointCost(VIEW_ITEM, "edge", new RoundTrips(List.of(4L, 1L)), List.of(
                new CrossingCall(CREATE_EDGE, "edge", "main", 1, RoundTrips.of(1), "remote home create()"),
                new CrossingCall(GET_ITEM_EDGE, "edge", "main", 1, RoundTrips.of(1), "remote EJB business method"),
                new CrossingCall(EXECUTE_EDGE, "edge", "main", 1, RoundTrips.of(1), "JDBC statement execution"),
                new CrossingCall(NEXT_EDGE, "edge", "main", 1, RoundTrips.term(1, 1), "JDBC result-set batch"))));
    }

    static Finding webTierJdbc() {
        return new Finding("WAN003", Severity.ERROR,
                "BidDao.bidsOf runs JDBC from the web tier: 1 + n round trips to the database at main",
                new FindingLocation("src/edu/rubis/web/BidDao.java", 42, "edu.rubis.web.BidDao", "bidsOf"),
                List.of("/viewItem"),
                List.of(new EvidenceStep("src/edu/rubis/web/ViewItemServlet.java", 35, "edu.rubis.web.ViewItemServlet",
                                "doGet", EdgeKind.LOCAL, "calls BidDao.bidsOf"),
                        new EvidenceStep("src/edu/rubis/web/BidDao.java", 42, "edu.rubis.web.BidDao", "bidsOf",
                                EdgeKind.JDBC, "Statement.executeQuery")),
                new RoundTrips(List.of(1L, 1L)), RoundTrips.of(0), new FindingSubject.Method(MethodRef.of("edu.rubis.web.BidDao", "bidsOf")));
    }

    /** A structural finding whose evidence starts at a descriptor: that step has a class but no method. */
    static Finding remoteEntityView() {
        return new Finding("WAN002", Severity.WARNING, "entity bean Item exposes a remote view (ItemHome, Item)",
                new FindingLocation("META-INF/ejb-jar.xml", 9, "edu.rubis.ejb.ItemBean", null), List.of("/viewItem"),
                List.of(new EvidenceStep("META-INF/ejb-jar.xml", 9, "edu.rubis.ejb.ItemBean", null, null,
                        "declares remote view ItemHome, Item")),
                RoundTrips.of(2), RoundTrips.of(1), new FindingSubject.EntityRemoteView("Item"));
    }

    static Finding fineGrained() {
        return new Finding("WAN001", Severity.WARNING,
                "2 round trips through 2 remote calls on SB_ViewItem; a façade makes it 1",
                new FindingLocation("src/edu/rubis/web/ViewItemServlet.java", 31, "edu.rubis.web.ViewItemServlet", "doGet"),
                List.of("/viewItem"),
                List.of(new EvidenceStep("src/edu/rubis/web/ViewItemServlet.java", 31, "edu.rubis.web.ViewItemServlet",
                        "doGet", EdgeKind.REMOTE_EJB, "remote call SB_ViewItemHome.create()")),
                RoundTrips.of(2), RoundTrips.of(1), null);
    }

    static List<RuleDescriptor> rules() {
        return List.of(
                new RuleDescriptor("WAN001", "remote-fine-grained-call", Severity.WARNING, "Several remote calls per request",
                        "0.1", List.of("wan"), "# WAN001"),
                new RuleDescriptor("WAN003", "web-tier-jdbc", Severity.ERROR, "JDBC from the web tier", "0.1",
                        List.of("wan"), "# WAN003"));
    }

    static ReportData report() {
        return new ReportData(result(), "edge", SITES, costs(), Map.of("/viewItem", RoundTrips.of(1)),
                List.of(webTierJdbc(), fineGrained()), rules(), "0.1.0-test", Map.of("/viewItem", 1000.0));
    }
}
