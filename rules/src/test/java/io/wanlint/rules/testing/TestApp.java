package io.wanlint.rules.testing;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a small application by hand (components, methods, calls, entry points, transaction
 * attributes) and turns it into an {@link AnalysisResult}, so rules can be tested before the real
 * front ends exist. Classes live under {@code src/}: {@code shop.web.View} is {@code src/shop/web/View.java}.
 */
public final class TestApp {
    /** Flags of a call. */
    public enum Opt { IN_LOOP, CACHED_ONCE, IN_USER_TX }

    private final Map<String, Component> components = new LinkedHashMap<>();
    private final Map<MethodRef, MethodNode> nodes = new LinkedHashMap<>();
    private final List<CallEdge> edges = new ArrayList<>();
    private final List<EntryPoint> entryPoints = new ArrayList<>();
    private final Map<MethodRef, TransactionAttribute> attributes = new LinkedHashMap<>();
    private final List<AnalyzedFile> files = new ArrayList<>();
    private final java.util.Set<CallEdge> conditional = new java.util.HashSet<>();
    private final java.util.Set<CallEdge> sqlBuilt = new java.util.HashSet<>();
    private final List<io.wanlint.analyzer.api.SourceFacts.SessionStateValue> sessionState = new ArrayList<>();

    private final String sourceRoot;

    /** Sources under {@code src/}. */
    public TestApp() { this("src/"); }

    /** Sources under {@code sourceRoot} ({@code ""} for the analysed folder itself). */
    public TestApp(String sourceRoot) { this.sourceRoot = sourceRoot; }

    public static String fileOf(String className) { return fileOf("src/", className); }

    private static String fileOf(String root, String className) {
        if (className.startsWith("jsp:")) return "web" + className.substring(4);
        return root + className.replace('.', '/') + ".java";
    }

    private String file(String className) { return fileOf(sourceRoot, className); }

    // ---- components

    public Component servlet(String name, String className) {
        return add(Component.simple(name, ComponentKind.SERVLET, className, List.of("/" + name),
                List.of(new SourceLocation(file(className), 1))));
    }

    public Component jsp(String pagePath) {
        return add(Component.simple(pagePath, ComponentKind.JSP, "jsp:" + pagePath, List.of(pagePath),
                List.of(new SourceLocation(file("jsp:" + pagePath), 1))));
    }

    public Component plain(String name, ComponentKind kind, String className) {
        return add(Component.simple(name, kind, className, List.of(), List.of(new SourceLocation(file(className), 1))));
    }

    /** A session bean {@code pkg.NameBean} with views {@code pkg.NameHome}/{@code pkg.Name} (remote) or {@code pkg.NameLocalHome}/{@code pkg.NameLocal}. */
    public Component session(String name, ComponentKind kind, String pkg, boolean remote) {
        return add(ejb(name, kind, pkg, remote, PersistenceType.NONE));
    }

    public Component entity(String name, ComponentKind kind, String pkg, boolean remote) {
        return add(ejb(name, kind, pkg, remote, kind == ComponentKind.ENTITY_BMP ? PersistenceType.BEAN : PersistenceType.CONTAINER));
    }

    public Component readOnlyEntity(String name, String pkg) {
        Component c = ejb(name, ComponentKind.ENTITY_CMP, pkg, false, PersistenceType.CONTAINER);
        return add(new Component(c.name(), c.kind(), c.tier(), c.className(), c.interfaces(), c.persistence(),
                c.transactionType(), null, null, null, null, null, null, null, null, null, true, c.declaredIn()));
    }

    /** Re-declares an EJB as one of an {@code ejb-jar.xml} of EJB version {@code ejbVersion} ({@code cmpVersion} for CMP beans). */
    public Component versions(String name, String ejbVersion, String cmpVersion) {
        Component c = components.get(name);
        return add(new Component(c.name(), c.kind(), c.tier(), c.className(), c.interfaces(), c.persistence(),
                c.transactionType(), c.primaryKeyClass(), c.cmpFields(), c.queries(), c.transactions(), c.urlPatterns(),
                c.ejbRefs(), c.resourceRefs(), c.jndiName(), c.localJndiName(), c.readOnly(), c.declaredIn(), ejbVersion, cmpVersion));
    }

    /** Re-declares a session bean the EJB 3 way: a remote business interface {@code <pkg>.<name>Remote}, no home. */
    public Component businessViewOnly(String name) {
        Component c = components.get(name);
        String base = c.className().substring(0, c.className().length() - "Bean".length());
        return add(new Component(c.name(), c.kind(), c.tier(), c.className(),
                new EjbInterfaces(null, null, null, null, List.of(base + "Remote"), List.of(), false), c.persistence(),
                c.transactionType(), c.primaryKeyClass(), c.cmpFields(), c.queries(), c.transactions(), c.urlPatterns(),
                c.ejbRefs(), c.resourceRefs(), c.jndiName(), c.localJndiName(), c.readOnly(), c.declaredIn(), "3.0", null));
    }

    public Component jpaEntity(String name, String className) {
        return add(Component.simple(name, ComponentKind.JPA_ENTITY, className, List.of(),
                List.of(new SourceLocation(file(className), 3))));
    }

    private static Component ejb(String name, ComponentKind kind, String pkg, boolean remote, PersistenceType p) {
        String base = pkg + "." + name;
        EjbInterfaces views = remote
                ? new EjbInterfaces(base + "Home", base, null, null, List.of(), List.of(), false)
                : new EjbInterfaces(null, null, base + "LocalHome", base + "Local", List.of(), List.of(), false);
        return new Component(name, kind, kind.defaultTier(), base + "Bean", views, p, TransactionType.CONTAINER,
                null, null, null, null, null, null, null, null, null, false,
                List.of(new SourceLocation("src/META-INF/ejb-jar.xml", 10), new SourceLocation(fileOf(base + "Bean"), 5)));
    }

    private Component add(Component c) {
        components.put(c.name(), c);
        return c;
    }

    public Component component(String name) { return components.get(name); }

    /** A descriptor the application ships, known (as ingest knows it) by its root element. */
    public void descriptorFile(String path, String rootElement) {
        files.add(new AnalyzedFile(path, Path.of(path), AnalyzedFile.Kind.DESCRIPTOR, "UTF-8", rootElement));
    }

    // ---- methods and entry points

    /** Declares {@code className#name} in component {@code component} (null for a helper) at {@code line}. */
    public MethodRef method(String component, String className, String name, int line) {
        MethodRef m = MethodRef.of(className, name);
        nodes.put(m, new MethodNode(m, component, new SourceLocation(file(className), line)));
        return m;
    }

    /** A method of a component's implementation class. */
    public MethodRef method(Component c, String name, int line) { return method(c.name(), c.className(), name, line); }

    public EntryPoint entry(EntryPoint.Kind kind, String id, MethodRef method) {
        String component = nodes.containsKey(method) ? nodes.get(method).component() : null;
        EntryPoint ep = new EntryPoint(id, kind, method, component);
        entryPoints.add(ep);
        return ep;
    }

    public void transaction(MethodRef method, TransactionAttribute attribute) { attributes.put(method, attribute); }

    // ---- calls

    public CallEdge call(MethodRef from, MethodRef to, int line, Opt... opts) {
        return add(from, to, EdgeKind.LOCAL, CallOp.INVOKE, line, null, opts);
    }

    /** A call through a remote view: homes for home operations, otherwise into the bean's method. */
    public CallEdge remote(MethodRef from, String bean, String method, CallOp op, int line, Opt... opts) {
        return ejbCall(from, bean, method, op, line, EdgeKind.REMOTE_EJB, opts);
    }

    public CallEdge local(MethodRef from, String bean, String method, CallOp op, int line, Opt... opts) {
        return ejbCall(from, bean, method, op, line, EdgeKind.LOCAL_EJB, opts);
    }

    private CallEdge ejbCall(MethodRef from, String bean, String method, CallOp op, int line, EdgeKind kind, Opt... opts) {
        Component c = components.get(bean);
        boolean home = op.name().startsWith("HOME_");
        String type = home ? (kind == EdgeKind.REMOTE_EJB ? c.interfaces().home() : c.interfaces().localHome()) : c.className();
        return add(from, MethodRef.of(type, method), kind, op, line, bean, opts);
    }

    public CallEdge lookup(MethodRef from, String bean, int line, Opt... opts) {
        return add(from, MethodRef.of("javax.naming.Context", "lookup", "java.lang.String"), EdgeKind.JNDI_LOOKUP,
                CallOp.LOOKUP, line, bean, opts);
    }

    public CallEdge jdbc(MethodRef from, CallOp op, int line, Opt... opts) {
        MethodRef to = switch (op) {
            case JDBC_CONNECTION_POOL -> MethodRef.of("javax.sql.DataSource", "getConnection");
            case JDBC_CONNECTION_DRIVER_MANAGER -> MethodRef.of("java.sql.DriverManager", "getConnection", "java.lang.String");
            case JDBC_PREPARE -> MethodRef.of("java.sql.Connection", "prepareStatement", "java.lang.String");
            case JDBC_EXECUTE -> MethodRef.of("java.sql.PreparedStatement", "executeQuery");
            case JDBC_RESULT_NEXT -> MethodRef.of("java.sql.ResultSet", "next");
            default -> MethodRef.of("java.sql.Connection", op.name().toLowerCase());
        };
        return add(from, to, EdgeKind.JDBC, op, line, null, opts);
    }

    public CallEdge jpa(MethodRef from, CallOp op, String entity, int line, Opt... opts) {
        String name = switch (op) {
            case JPA_FIND -> "find"; case JPA_QUERY -> "getResultList"; case JPA_PERSIST -> "persist";
            case JPA_MERGE -> "merge"; case JPA_REMOVE -> "remove"; default -> "flush";
        };
        return add(from, MethodRef.of("javax.persistence.EntityManager", name), EdgeKind.JPA, op, line, entity, opts);
    }

    public CallEdge external(MethodRef from, EdgeKind kind, CallOp op, int line, Opt... opts) {
        MethodRef to = switch (kind) {
            case HTTP_EXTERNAL -> MethodRef.of("java.net.HttpURLConnection", "getResponseCode");
            case SOCKET -> MethodRef.of("java.net.Socket", "getOutputStream");
            case MAIL -> MethodRef.of("javax.mail.Transport", "send", "javax.mail.Message");
            default -> MethodRef.of("java.rmi.Remote", "call");
        };
        return add(from, to, kind, op, line, null, opts);
    }

    public CallEdge jmsSend(MethodRef from, int line, Opt... opts) {
        return add(from, MethodRef.of("javax.jms.MessageProducer", "send", "javax.jms.Message"), EdgeKind.JMS_SEND,
                CallOp.JMS_SEND, line, null, opts);
    }

    private CallEdge add(MethodRef from, MethodRef to, EdgeKind kind, CallOp op, int line, String target, Opt... opts) {
        Set<Opt> o = opts.length == 0 ? EnumSet.noneOf(Opt.class) : EnumSet.copyOf(List.of(opts));
        CallEdge e = new CallEdge(from, to, kind, op, new SourceLocation(file(from.className()), line),
                o.contains(Opt.IN_LOOP) ? 1 : 0, target, o.contains(Opt.CACHED_ONCE), o.contains(Opt.IN_USER_TX));
        edges.add(e);
        return e;
    }

    /** {@code Statement.<method>(sql)} on a plain {@code java.sql.Statement}. */
    public CallEdge statement(MethodRef from, String method, int line, Opt... opts) {
        return add(from, MethodRef.of("java.sql.Statement", method, "java.lang.String"), EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
                line, null, opts);
    }

    /** {@code PreparedStatement.executeUpdate()}. */
    public CallEdge preparedUpdate(MethodRef from, int line, Opt... opts) {
        return add(from, MethodRef.of("java.sql.PreparedStatement", "executeUpdate"), EdgeKind.JDBC, CallOp.JDBC_EXECUTE,
                line, null, opts);
    }

    /** A container callback edge ({@code ejbLoad}/{@code ejbStore}) from a business method. */
    public CallEdge callback(MethodRef from, MethodRef to, int line) {
        return add(from, to, EdgeKind.LOCAL, CallOp.CONTAINER_CALLBACK, line, null);
    }

    // ---- source facts (the graph then reports them as known, as the source front end does)

    /** The call runs under a condition of its method. */
    public void conditional(CallEdge e) { conditional.add(e); }

    /** The statement's SQL is assembled at run time. */
    public void sqlBuilt(CallEdge e) { sqlBuilt.add(e); }

    public void sessionState(io.wanlint.analyzer.api.SourceFacts.SessionStateValue v) { sessionState.add(v); }

    // ---- result

    public AnalysisResult build() {
        TestGraph graph = new TestGraph(nodes, edges, entryPoints,
                new io.wanlint.analyzer.api.SourceFacts(true, conditional, sqlBuilt, sessionState));
        return new AnalysisResult(files, new ComponentModel(List.copyOf(components.values())), graph,
                new TestTransactions(graph, attributes), List.of(), List.of());
    }
}
