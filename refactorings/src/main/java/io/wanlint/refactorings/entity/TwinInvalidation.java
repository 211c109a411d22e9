package io.wanlint.refactorings.entity;

import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.Statement;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The push half of the read-mostly pattern on JBoss: the read-write bean publishes the primary key
 * of every instance it stores to a topic, and a message-driven bean deployed with the read-only twin
 * evicts the twin's cached instance for that key, so a reader sees a write at its next call instead
 * of after the twin's {@code read-time-out} (which stays, as the safety net for a lost message).
 *
 * <p>Writer: CMP 2.x setters are abstract, so the bean class's {@code ejbStore()} publishes. The
 * twin shares the bean class but is read-only and never stores; only the read-write deployment
 * declares the {@code publishInvalidations} env-entry, read once in {@code setEntityContext} with
 * the topic and its connection factory (JBoss's transactional {@code java:/JmsXA}, so the message is
 * sent only if the writer's transaction commits). Each publish opens and closes its own connection:
 * the pooled JCA factory makes that cheap, and an entity instance holds no connection between
 * transactions.
 *
 * <p>Reader: no vendor cache API is on the application's compile class path, so the bean reaches
 * the twin's container through standard JMX. JBoss 3.2 and 4.x register every entity container's
 * instance cache as the MBean {@code jboss.j2ee:service=EJB,jndiName=<home JNDI name>,plugin=cache}
 * ({@code org.jboss.ejb.plugins.AbstractInstanceCacheMBean}), whose {@code remove(Object)} drops the
 * instance with that primary key; the next call on the twin loads it afresh.
 */
final class TwinInvalidation {
    /** The env-entry that only the read-write bean declares: the twin, sharing the class, must not publish. */
    static final String SWITCH = "publishInvalidations";
    private static final String FACTORY_FIELD = "invalidationFactory";
    private static final String TOPIC_FIELD = "invalidationTopic";
    private static final String LOOK_UP = "lookUpInvalidationTopic";
    private static final String PUBLISH = "publishInvalidation";

    /**
     * The names one entity's invalidation uses.
     *
     * @param mdbEjbName the message-driven bean's ejb-name ({@code ItemInvalidation})
     * @param mdbClass   its class, in the bean class's package ({@code ...ItemInvalidationBean})
     * @param topicRef   the writer's {@code resource-env-ref} for the topic
     * @param factoryRef the writer's {@code resource-ref} for the connection factory
     * @param topicJndi  the topic's global JNDI name, which the message-driven bean listens on
     * @param twinJndi   the twin home's JNDI name, which names its container's cache MBean
     */
    record Names(String mdbEjbName, String mdbClass, String topicRef, String factoryRef, String topicJndi, String twinJndi) {
        static Names of(String entityName, String beanClass, String twinJndi) {
            String pkg = beanClass.contains(".") ? beanClass.substring(0, beanClass.lastIndexOf('.') + 1) : "";
            String topic = entityName + "Invalidation";
            return new Names(topic, pkg + topic + "Bean", "jms/" + topic, "jms/" + topic + "Factory", "topic/" + topic, twinJndi);
        }

        String mdbSimpleName() { return mdbClass.substring(mdbClass.lastIndexOf('.') + 1); }
    }

    private TwinInvalidation() {}

    /** The read-write bean's env-entry that switches publishing on, as an ejb-jar child (lines {@code \n}, relative indentation). */
    static String envEntry(String u) {
        return "<env-entry>\n" + u + "<env-entry-name>" + SWITCH + "</env-entry-name>\n" + u
                + "<env-entry-type>java.lang.Boolean</env-entry-type>\n" + u + "<env-entry-value>true</env-entry-value>\n</env-entry>";
    }

    /** Children of an ejb-jar {@code entity} (EJB 2.0 to 3.x) that follow {@code env-entry}. */
    static final Set<String> AFTER_ENV_ENTRY = Set.of("ejb-ref", "ejb-local-ref", "service-ref", "resource-ref", "resource-env-ref",
            "message-destination-ref", "persistence-context-ref", "persistence-unit-ref", "post-construct", "pre-destroy",
            "data-source", "jms-connection-factory", "jms-destination", "mail-session", "connection-factory", "administered-object",
            "post-activate", "pre-passivate", "security-role-ref", "security-identity", "query");

    /**
     * The bean class's edits: the fields, the look-up at {@code setEntityContext} and the publish at
     * {@code ejbStore}, added to the methods the class declares or as new methods.
     *
     * @throws IntroduceReadMostlyTwin.Declined when the class cannot take them safely
     */
    static List<TextEdit> beanClass(JavaSource bean, String simpleName, Names names, String ns) {
        String path = bean.source().path();
        TypeDeclaration<?> type = bean.type(simpleName)
                .orElseThrow(() -> new IntroduceReadMostlyTwin.Declined(simpleName + " is not declared in " + path));
        if (!type.isClassOrInterfaceDeclaration() || type.asClassOrInterfaceDeclaration().isInterface()) {
            throw new IntroduceReadMostlyTwin.Declined(path + " declares " + simpleName + " as no class");
        }
        Set<String> taken = new TreeSet<>();
        type.getFields().forEach(f -> f.getVariables().forEach(v -> taken.add(v.getNameAsString())));
        type.getMethods().forEach(m -> taken.add(m.getNameAsString()));
        for (String name : List.of(SWITCH, FACTORY_FIELD, TOPIC_FIELD, LOOK_UP, PUBLISH)) {
            if (taken.contains(name)) {
                throw new IntroduceReadMostlyTwin.Declined(path + " already has a member named " + name + "; publish "
                        + simpleName + "'s invalidations by hand");
            }
        }
        Optional<MethodDeclaration> setContext = noArgOr(type, "setEntityContext", 1);
        Optional<MethodDeclaration> store = noArgOr(type, "ejbStore", 0);
        boolean inherits = !type.asClassOrInterfaceDeclaration().getExtendedTypes().isEmpty();
        if (inherits && (setContext.isEmpty() || store.isEmpty())) {
            throw new IntroduceReadMostlyTwin.Declined(simpleName + " (" + path + ") inherits setEntityContext or ejbStore from "
                    + type.asClassOrInterfaceDeclaration().getExtendedTypes().get(0) + "; publish its invalidations there by hand");
        }
        String context = contextField(type).orElse(null);
        String indent = memberIndent(bean, type);
        String u = indent.isEmpty() ? "    " : indent;
        String eol = bean.source().lineEnding();
        List<TextEdit> edits = new ArrayList<>();

        StringBuilder members = new StringBuilder();
        if (context == null) {
            context = taken.contains("entityContext") ? "invalidationContext" : "entityContext";
            members.append(eol).append(indent).append("private EntityContext ").append(context).append(';').append(eol);
        }
        members.append(eol)
                .append(indent).append("/** Set only on the read-write deployment: the read-only twin shares this class and never stores. */").append(eol)
                .append(indent).append("private boolean ").append(SWITCH).append(';').append(eol)
                .append(indent).append("private TopicConnectionFactory ").append(FACTORY_FIELD).append(';').append(eol)
                .append(indent).append("private Topic ").append(TOPIC_FIELD).append(';').append(eol);
        if (setContext.isEmpty()) {
            members.append(eol).append(indent).append("public void setEntityContext(EntityContext ctx) {").append(eol)
                    .append(indent).append(u).append(context).append(" = ctx;").append(eol)
                    .append(indent).append(u).append(LOOK_UP).append("();").append(eol)
                    .append(indent).append('}').append(eol);
        } else {
            MethodDeclaration m = setContext.get();
            String param = m.getParameter(0).getNameAsString();
            List<String> added = new ArrayList<>();
            String body = m.getBody().map(bean::text).orElse("");
            if (!java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(context) + "\\s*=").matcher(body).find()) {
                added.add(context + " = " + param + ";");
            }
            added.add(LOOK_UP + "();");
            edits.add(appendStatements(bean, m, indent, u, eol, added));
        }
        if (store.isEmpty()) {
            members.append(eol).append(indent).append("public void ejbStore() {").append(eol)
                    .append(indent).append(u).append(PUBLISH).append("();").append(eol)
                    .append(indent).append('}').append(eol);
        } else {
            edits.add(appendStatements(bean, store.get(), indent, u, eol, List.of(PUBLISH + "();")));
        }
        members.append(eol).append(lookUpMethod(names, context, indent, u, eol))
                .append(eol).append(publishMethod(context, indent, u, eol));
        int close = bean.end(type) - 1;
        // after the last member's line, before the closing brace's line
        int lineStart = bean.source().lineStart(close);
        boolean braceOwnLine = bean.source().text().substring(lineStart, close).isBlank();
        edits.add(TextEdit.insert(path, braceOwnLine ? lineStart : close, braceOwnLine ? members.toString() : eol + members));

        for (String imported : List.of(ns + ".ejb.EJBException", ns + ".ejb.EntityContext", ns + ".jms.JMSException", ns + ".jms.Session",
                ns + ".jms.Topic", ns + ".jms.TopicConnection", ns + ".jms.TopicConnectionFactory", ns + ".jms.TopicPublisher",
                ns + ".jms.TopicSession", "javax.naming.InitialContext", "javax.naming.NameNotFoundException",
                "javax.naming.NamingException")) {
            String simple = imported.substring(imported.lastIndexOf('.') + 1);
            boolean clash = bean.unit().getImports().stream().anyMatch(i -> !i.isAsterisk() && !i.isStatic()
                    && i.getName().getIdentifier().equals(simple) && !i.getNameAsString().equals(imported))
                    || bean.unit().getTypes().stream().anyMatch(t -> t.getNameAsString().equals(simple));
            if (clash) throw new IntroduceReadMostlyTwin.Declined(path + " already uses another " + simple + "; publish "
                    + simpleName + "'s invalidations by hand");
            bean.importFor(imported).ifPresent(edits::add);
        }
        return edits;
    }

    private static Optional<MethodDeclaration> noArgOr(TypeDeclaration<?> type, String name, int params) {
        return type.getMethodsByName(name).stream().filter(m -> m.getParameters().size() == params && m.getBody().isPresent()).findFirst();
    }

    private static Optional<String> contextField(TypeDeclaration<?> type) {
        for (FieldDeclaration f : type.getFields()) {
            if (f.isStatic()) continue;
            String t = f.getElementType().asString();
            if (t.equals("EntityContext") || t.endsWith(".EntityContext")) return Optional.of(f.getVariable(0).getNameAsString());
        }
        return Optional.empty();
    }

    private static String memberIndent(JavaSource bean, TypeDeclaration<?> type) {
        return type.getMembers().isEmpty() ? "    " : bean.source().indentationAt(bean.begin(type.getMember(0)));
    }

    /**
     * Appends {@code statements} to a method's body: after its last statement (or before the closing
     * brace's line) when the body spans lines, else the one-line body ({@code { context = ctx; }}) is
     * rewritten as a block.
     */
    private static TextEdit appendStatements(JavaSource bean, MethodDeclaration m, String indent, String u, String eol, List<String> statements) {
        BlockStmt body = m.getBody().orElseThrow();
        NodeList<Statement> existing = body.getStatements();
        boolean oneLine = body.getBegin().orElseThrow().line == body.getEnd().orElseThrow().line;
        String path = bean.source().path();
        if (!oneLine && !existing.isEmpty()) {
            Statement last = existing.get(existing.size() - 1);
            String at = bean.source().indentationAt(bean.begin(last));
            StringBuilder s = new StringBuilder();
            for (String st : statements) s.append(eol).append(at).append(st);
            return TextEdit.insert(path, bean.end(last), s.toString());
        }
        int close = bean.end(body) - 1;
        int closeLine = bean.source().lineStart(close);
        if (!oneLine && bean.source().text().substring(closeLine, close).isBlank()) {
            // no statement but maybe comments: the new ones go last, on lines of their own
            StringBuilder s = new StringBuilder();
            for (String st : statements) s.append(indent).append(u).append(st).append(eol);
            return TextEdit.insert(path, closeLine, s.toString());
        }
        // the one-line body's text as it is (statements and comments), on a line of its own
        String inner = bean.text(body);
        inner = inner.substring(1, inner.length() - 1).strip();
        StringBuilder s = new StringBuilder("{").append(eol);
        if (!inner.isEmpty()) s.append(indent).append(u).append(inner).append(eol);
        for (String st : statements) s.append(indent).append(u).append(st).append(eol);
        s.append(indent).append('}');
        return new TextEdit(path, bean.begin(body), bean.end(body), s.toString());
    }

    private static String lookUpMethod(Names n, String context, String i, String u, String eol) {
        return String.join(eol,
                i + "/** Reads the invalidation settings once per instance: only the read-write bean's environment has them. */",
                i + "private void " + LOOK_UP + "() {",
                i + u + "try {",
                i + u + u + "InitialContext jndi = new InitialContext();",
                i + u + u + "try {",
                i + u + u + u + SWITCH + " = ((Boolean) jndi.lookup(\"java:comp/env/" + SWITCH + "\")).booleanValue();",
                i + u + u + "} catch (NameNotFoundException readOnlyTwin) {",
                i + u + u + u + SWITCH + " = false;",
                i + u + u + "}",
                i + u + u + "if (" + SWITCH + ") {",
                i + u + u + u + FACTORY_FIELD + " = (TopicConnectionFactory) jndi.lookup(\"java:comp/env/" + n.factoryRef() + "\");",
                i + u + u + u + TOPIC_FIELD + " = (Topic) jndi.lookup(\"java:comp/env/" + n.topicRef() + "\");",
                i + u + u + "}",
                i + u + "} catch (NamingException e) {",
                i + u + u + "throw new EJBException(e);",
                i + u + "}",
                i + "}") + eol;
    }

    private static String publishMethod(String context, String i, String u, String eol) {
        return String.join(eol,
                i + "/**",
                i + " * Tells the read-only twin's caches that this instance changed. The factory is transactional,",
                i + " * so the message leaves only if the writing transaction commits.",
                i + " */",
                i + "private void " + PUBLISH + "() {",
                i + u + "if (!" + SWITCH + ") {",
                i + u + u + "return;",
                i + u + "}",
                i + u + "TopicConnection connection = null;",
                i + u + "try {",
                i + u + u + "connection = " + FACTORY_FIELD + ".createTopicConnection();",
                i + u + u + "TopicSession session = connection.createTopicSession(false, Session.AUTO_ACKNOWLEDGE);",
                i + u + u + "TopicPublisher publisher = session.createPublisher(" + TOPIC_FIELD + ");",
                i + u + u + "publisher.publish(session.createObjectMessage((java.io.Serializable) " + context + ".getPrimaryKey()));",
                i + u + "} catch (JMSException e) {",
                i + u + u + "throw new EJBException(e);",
                i + u + "} finally {",
                i + u + u + "if (connection != null) {",
                i + u + u + u + "try {",
                i + u + u + u + u + "connection.close();",
                i + u + u + u + "} catch (JMSException closing) {",
                i + u + u + u + u + "// the message is sent or the transaction rolls back; a failed close changes neither",
                i + u + u + u + "}",
                i + u + u + "}",
                i + u + "}",
                i + "}") + eol;
    }

    /** The message-driven bean that evicts the twin's cached instance for each published key. */
    static String messageBean(Names n, String twinName, String entityName, String ns) {
        String pkg = n.mdbClass().contains(".") ? n.mdbClass().substring(0, n.mdbClass().lastIndexOf('.')) : "";
        StringBuilder s = new StringBuilder();
        if (!pkg.isEmpty()) s.append("package ").append(pkg).append(";\n\n");
        s.append("""
                import %1$s.ejb.EJBException;
                import %1$s.ejb.MessageDrivenBean;
                import %1$s.ejb.MessageDrivenContext;
                import %1$s.jms.JMSException;
                import %1$s.jms.Message;
                import %1$s.jms.MessageListener;
                import %1$s.jms.ObjectMessage;
                import javax.management.JMException;
                import javax.management.MBeanServer;
                import javax.management.MBeanServerFactory;
                import javax.management.MalformedObjectNameException;
                import javax.management.ObjectName;

                /**
                 * Evicts %2$s's cached instance when %3$s publishes that it stored it, so the read-only twin
                 * reloads the row at its next call instead of after its read-time-out. JBoss registers each
                 * entity container's instance cache as an MBean (JBoss 3.2 and 4.x:
                 * jboss.j2ee:service=EJB,jndiName=&lt;home&gt;,plugin=cache, operation remove(Object));
                 * no JBoss class is needed to call it through JMX.
                 */
                public class %4$s implements MessageDrivenBean, MessageListener {
                    private static final long serialVersionUID = 1L;
                    private static final String TWIN_CACHE = "jboss.j2ee:service=EJB,jndiName=%5$s,plugin=cache";

                    private transient MBeanServer server;
                    private transient ObjectName twinCache;

                    public void setMessageDrivenContext(MessageDrivenContext ctx) {
                    }

                    public void ejbCreate() {
                        server = (MBeanServer) MBeanServerFactory.findMBeanServer(null).get(0);
                        try {
                            twinCache = new ObjectName(TWIN_CACHE);
                        } catch (MalformedObjectNameException e) {
                            throw new EJBException(e);
                        }
                    }

                    public void ejbRemove() {
                    }

                    public void onMessage(Message message) {
                        Object primaryKey;
                        try {
                            primaryKey = ((ObjectMessage) message).getObject();
                        } catch (JMSException e) {
                            throw new EJBException(e);
                        }
                        try {
                            server.invoke(twinCache, "remove", new Object[] {primaryKey}, new String[] {Object.class.getName()});
                        } catch (JMException e) {
                            // the twin is not deployed here (yet): nothing is cached, and its read-time-out still bounds staleness
                        }
                    }
                }
                """.formatted(ns, twinName, entityName, n.mdbSimpleName(), n.twinJndi()));
        return s.toString();
    }
}
