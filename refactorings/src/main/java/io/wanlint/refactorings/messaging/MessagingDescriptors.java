package io.wanlint.refactorings.messaging;

import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.DescriptorOrder;
import io.wanlint.refactorings.text.XmlOutline;
import io.wanlint.refactorings.text.XmlSplice;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The descriptor half of deferring an external call for EJB 2.x applications: the message-driven
 * bean's entry (EJB 2.0 {@code message-driven-destination}, or 2.1+ {@code activation-config}, as
 * the descriptor's version says; an EJB 1.1 descriptor gets none, see {@link #whyNot}), the sending bean's {@code resource-ref} (connection
 * factory) and {@code resource-env-ref} (queue), {@code NotSupported} for {@code onMessage}, and
 * the vendor JNDI bindings (JBoss {@code destination-jndi-name}, WebLogic
 * {@code message-driven-descriptor} and {@code resource-description}). Elements go in DTD/schema
 * order; DOCTYPE, comments, indentation and encoding stay. The read-mostly twin's invalidation
 * ({@code entity.IntroduceReadMostlyTwin}) writes the same entries for a topic.
 */
public final class MessagingDescriptors {
    private static final String EJB11_PUBLIC = "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN";

    /** JNDI names the vendors bind the queue and the transactional (XA) connection factory under. */
    public static final String JBOSS_FACTORY = "java:/JmsXA";
    static final String WEBLOGIC_FACTORY = "weblogic.jms.XAConnectionFactory";

    private MessagingDescriptors() {}

    /** The kind of JMS destination the sender's references and the message-driven bean name. */
    public enum Destination {
        QUEUE("Queue"), TOPIC("Topic");

        private final String type;

        Destination(String type) { this.type = type; }

        /** The JMS interface's simple name ({@code Queue}, {@code Topic}). */
        public String type() { return type; }
    }

    /** The version an {@code ejb-jar} descriptor is written against. */
    enum EjbVersion { V1_1, V2_0, V2_1_OR_LATER }

    static EjbVersion versionOf(String text, XmlOutline.Element root) {
        String head = text.substring(0, root.start());
        if (head.contains(EJB11_PUBLIC) || head.contains("ejb-jar_1_1.dtd")) return EjbVersion.V1_1;
        if (head.contains("DOCTYPE")) return EjbVersion.V2_0;
        return EjbVersion.V2_1_OR_LATER;
    }

    /** Why the descriptor cannot take a message-driven bean, if it cannot (EJB 1.1 has none). */
    public static Optional<String> whyNot(SourceText ejbJar) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(ejbJar.text());
        if (root.isEmpty()) return Optional.of(ejbJar.path() + " is not well-formed XML");
        if (root.get().child("enterprise-beans").isEmpty()) return Optional.of(ejbJar.path() + " has no enterprise-beans");
        if (versionOf(ejbJar.text(), root.get()) == EjbVersion.V1_1) {
            // Raising the descriptor would not raise the container: a J2EE 1.2 server cannot deploy the bean.
            return Optional.of("message-driven beans need EJB 2.0: " + ejbJar.path() + " is an EJB 1.1 descriptor (J2EE 1.2)");
        }
        return Optional.empty();
    }

    /**
     * The {@code ejb-jar} edits: the message-driven bean, the sender's references and the
     * transaction attribute, or empty when the sender has no entry in this descriptor.
     *
     * @param copiedRefs the sender's {@code resource-ref}s the moved statements need (their text), for the new bean
     */
    static Optional<FileChange.Edit> ejbJar(SourceText text, String senderEjbName, String mdbEjbName, String mdbClass,
                                            String queueRef, String factoryRef, String ns, Set<String> copiedRefTypes) {
        return ejbJar(text, Destination.QUEUE, senderEjbName, mdbEjbName, mdbClass, queueRef, factoryRef, ns, copiedRefTypes);
    }

    /**
     * As the queue variant, for a {@code destination} of either kind: the sender's
     * {@code resource-ref} is a {@code QueueConnectionFactory} or {@code TopicConnectionFactory},
     * its {@code resource-env-ref} and the message-driven bean's destination type the queue or topic.
     */
    public static Optional<FileChange.Edit> ejbJar(SourceText text, Destination destination, String senderEjbName, String mdbEjbName,
                                                   String mdbClass, String destinationRef, String factoryRef, String ns,
                                                   Set<String> copiedRefTypes) {
        String queueRef = destinationRef;
        String kind = destination.type();
        XmlOutline.Element root = XmlOutline.parse(text.text()).orElseThrow();
        XmlOutline.Element beans = root.child("enterprise-beans").orElseThrow();
        Optional<XmlOutline.Element> sender = beans.children().stream()
                .filter(b -> b.childText("ejb-name").filter(senderEjbName::equals).isPresent()).findFirst();
        if (sender.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        EjbVersion version = versionOf(text.text(), root);
        String u = splice.indentUnit(beans);
        List<TextEdit> edits = new ArrayList<>();
        XmlOutline.Element bean = sender.get();
        List<String> existingRefs = new ArrayList<>();
        bean.children("resource-ref").forEach(r -> r.childText("res-ref-name").ifPresent(existingRefs::add));
        String resourceRef = "<resource-ref>\n" + u + "<res-ref-name>" + factoryRef + "</res-ref-name>\n" + u
                + "<res-type>" + ns + ".jms." + kind + "ConnectionFactory</res-type>\n" + u + "<res-auth>Container</res-auth>\n</resource-ref>";
        String envRef = "<resource-env-ref>\n" + u + "<resource-env-ref-name>" + queueRef + "</resource-env-ref-name>\n" + u
                + "<resource-env-ref-type>" + ns + ".jms." + kind + "</resource-env-ref-type>\n</resource-env-ref>";
        boolean v21 = version == EjbVersion.V2_1_OR_LATER;
        // EJB 2.1+ (and 3.x): after the references come the persistence references, the lifecycle
        // callbacks and the security elements; in EJB 2.0 only an entity's queries follow them.
        Set<String> afterEnvRef = v21 ? Set.of("message-destination-ref", "persistence-context-ref", "persistence-unit-ref", "post-construct",
                "pre-destroy", "data-source", "jms-connection-factory", "jms-destination", "mail-session", "connection-factory",
                "administered-object", "post-activate", "pre-passivate", "security-role-ref", "security-identity", "query")
                : Set.of("query");
        Set<String> afterResourceRef = new java.util.HashSet<>(afterEnvRef);
        afterResourceRef.add("resource-env-ref");
        if (!existingRefs.contains(factoryRef)) edits.add(splice.insertChild(bean, afterResourceRef, resourceRef));
        boolean hasEnv = bean.children("resource-env-ref").stream()
                .anyMatch(r -> r.childText("resource-env-ref-name").filter(queueRef::equals).isPresent());
        if (!hasEnv) edits.add(splice.insertChild(bean, afterEnvRef, envRef));

        // the message-driven bean, after the last bean
        StringBuilder mdb = new StringBuilder("<message-driven>\n");
        mdb.append(u).append("<ejb-name>").append(mdbEjbName).append("</ejb-name>\n");
        mdb.append(u).append("<ejb-class>").append(mdbClass).append("</ejb-class>\n");
        if (v21) mdb.append(u).append("<messaging-type>").append(ns).append(".jms.MessageListener</messaging-type>\n");
        mdb.append(u).append("<transaction-type>Container</transaction-type>\n");
        if (v21) {
            mdb.append(u).append("<activation-config>\n");
            mdb.append(u).append(u).append("<activation-config-property>\n");
            mdb.append(u).append(u).append(u).append("<activation-config-property-name>destinationType</activation-config-property-name>\n");
            mdb.append(u).append(u).append(u).append("<activation-config-property-value>").append(ns).append(".jms.").append(kind)
                    .append("</activation-config-property-value>\n");
            mdb.append(u).append(u).append("</activation-config-property>\n");
            mdb.append(u).append("</activation-config>\n");
        } else {
            mdb.append(u).append("<message-driven-destination>\n");
            mdb.append(u).append(u).append("<destination-type>javax.jms.").append(kind).append("</destination-type>\n");
            mdb.append(u).append("</message-driven-destination>\n");
        }
        for (XmlOutline.Element r : bean.children("resource-ref")) {
            String type = r.childText("res-type").orElse("");
            if (!copiedRefTypes.contains(type.substring(type.lastIndexOf('.') + 1))) continue;
            String original = text.text().substring(r.start(), r.end());
            String indent = text.indentationAt(r.start());
            mdb.append(u).append(original.replace("\r\n", "\n").replace("\n" + indent, "\n" + u)).append("\n");
        }
        mdb.append("</message-driven>");
        edits.add(splice.insertAfter(beans.children().get(beans.children().size() - 1), mdb.toString()));

        // onMessage without a transaction
        String tx = "<container-transaction>\n" + u + "<method>\n" + u + u + "<ejb-name>" + mdbEjbName + "</ejb-name>\n" + u + u
                + "<method-name>onMessage</method-name>\n" + u + "</method>\n" + u + "<trans-attribute>NotSupported</trans-attribute>\n"
                + "</container-transaction>";
        Optional<XmlOutline.Element> assembly = root.child("assembly-descriptor");
        if (assembly.isPresent()) {
            List<XmlOutline.Element> txs = assembly.get().children("container-transaction");
            edits.add(txs.isEmpty() ? splice.insertChild(assembly.get(), Set.of("interceptor-binding", "message-destination", "exclude-list",
                    "application-exception"), tx) : splice.insertAfter(txs.get(txs.size() - 1), tx));
        } else {
            edits.add(splice.insertChild(root, Set.of("ejb-client-jar"), "<assembly-descriptor>\n" + u + tx.replace("\n", "\n" + u)
                    + "\n</assembly-descriptor>"));
        }
        return Optional.of(new FileChange.Edit(text.path(), edits));
    }

    /** JBoss: the queue's JNDI name for the new bean, and the sender's reference mappings. */
    /** The {@code res-ref-name}s of the sender's resource refs the message bean gets too (by the moved code's resource types). */
    static Set<String> copiedRefNames(SourceText ejbJar, String senderEjbName, Set<String> copiedRefTypes) {
        Set<String> out = new java.util.LinkedHashSet<>();
        XmlOutline.parse(ejbJar.text()).flatMap(r -> r.child("enterprise-beans")).stream().flatMap(b -> b.children().stream())
                .filter(b -> b.childText("ejb-name").filter(senderEjbName::equals).isPresent())
                .flatMap(b -> b.children("resource-ref").stream())
                .filter(r -> copiedRefTypes.contains(r.childText("res-type").map(t -> t.substring(t.lastIndexOf('.') + 1)).orElse("")))
                .forEach(r -> r.childText("res-ref-name").ifPresent(out::add));
        return out;
    }

    /**
     * JBoss: the queue's JNDI name for the new bean (with the sender's mappings of the resource refs
     * it shares, {@code copiedRefNames}), and the sender's reference mappings.
     */
    static Optional<FileChange.Edit> jboss(SourceText text, String senderEjbName, String mdbEjbName, String queueRef, String factoryRef,
                                           String queueJndi, Set<String> copiedRefNames) {
        return jboss(text, "session", senderEjbName, mdbEjbName, queueRef, factoryRef, queueJndi, copiedRefNames);
    }

    /**
     * As the session variant, for a sender of any kind: {@code senderElement} ({@code session},
     * {@code entity}) is the element written for a sender {@code jboss.xml} does not list yet.
     * The connection factory is JBoss's transactional {@code java:/JmsXA} for queues and topics alike.
     */
    public static Optional<FileChange.Edit> jboss(SourceText text, String senderElement, String senderEjbName, String mdbEjbName,
                                                  String queueRef, String factoryRef, String queueJndi, Set<String> copiedRefNames) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty() || root.get().child("enterprise-beans").isEmpty()) return Optional.empty();
        XmlOutline.Element beans = root.get().child("enterprise-beans").get();
        XmlSplice splice = new XmlSplice(text);
        String u = splice.indentUnit(beans);
        boolean old = text.text().substring(0, root.get().start()).matches("(?s).*JBOSS [23]\\.[0-9].*") && !text.text().contains("JBOSS 3.2");
        List<TextEdit> edits = new ArrayList<>();
        String resourceRef = "<resource-ref>\n" + u + "<res-ref-name>" + factoryRef + "</res-ref-name>\n" + u + "<jndi-name>"
                + JBOSS_FACTORY + "</jndi-name>\n</resource-ref>";
        String envRef = "<resource-env-ref>\n" + u + "<resource-env-ref-name>" + queueRef + "</resource-env-ref-name>\n" + u
                + "<jndi-name>" + queueJndi + "</jndi-name>\n</resource-env-ref>";
        Optional<XmlOutline.Element> sender = beans.children().stream()
                .filter(b -> b.childText("ejb-name").filter(senderEjbName::equals).isPresent()).findFirst();
        Set<String> afterRefs = old ? Set.of("resource-env-ref", "clustered", "cluster-config")
                : Set.of("resource-env-ref", "message-destination-ref", "security-identity", "method-attributes", "clustered",
                "cluster-config", "cache-invalidation", "cache-invalidation-config", "depends", "ior-security-config");
        Set<String> afterEnv = old ? Set.of("clustered", "cluster-config") : Set.of("message-destination-ref", "security-identity",
                "method-attributes", "clustered", "cluster-config", "cache-invalidation", "cache-invalidation-config", "depends", "ior-security-config");
        if (sender.isPresent()) {
            edits.add(splice.insertChild(sender.get(), afterRefs, resourceRef));
            edits.add(splice.insertChild(sender.get(), afterEnv, envRef));
        }
        StringBuilder mappings = new StringBuilder();
        sender.ifPresent(b -> b.children("resource-ref").stream()
                .filter(r -> r.childText("res-ref-name").filter(copiedRefNames::contains).isPresent())
                .forEach(r -> {
                    String indent = text.indentationAt(r.start());
                    mappings.append(u).append(text.text().substring(r.start(), r.end()).replace("\r\n", "\n").replace("\n" + indent, "\n" + u)).append("\n");
                }));
        String mdb = "<message-driven>\n" + u + "<ejb-name>" + mdbEjbName + "</ejb-name>\n" + u + "<destination-jndi-name>"
                + queueJndi + "</destination-jndi-name>\n" + mappings + "</message-driven>";
        edits.add(beans.children().isEmpty() ? splice.insertChild(beans, Set.of(), mdb)
                : splice.insertAfter(beans.children().get(beans.children().size() - 1), mdb));
        if (sender.isEmpty()) {
            edits.add(splice.insertAfter(beans.children().isEmpty() ? beans : beans.children().get(beans.children().size() - 1),
                    "<" + senderElement + ">\n" + u + "<ejb-name>" + senderEjbName + "</ejb-name>\n" + u + resourceRef.replace("\n", "\n" + u)
                            + "\n" + u + envRef.replace("\n", "\n" + u) + "\n</" + senderElement + ">"));
        }
        return Optional.of(new FileChange.Edit(text.path(), edits));
    }

    /** WebLogic: the queue for the new bean's descriptor, and the sender's reference descriptions. */
    static Optional<FileChange.Edit> weblogic(SourceText text, String senderEjbName, String mdbEjbName, String queueRef, String factoryRef,
                                              String queueJndi) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        String u = splice.indentUnit(root.get());
        List<TextEdit> edits = new ArrayList<>();
        String resource = "<resource-description>\n" + u + "<res-ref-name>" + factoryRef + "</res-ref-name>\n" + u + "<jndi-name>"
                + WEBLOGIC_FACTORY + "</jndi-name>\n</resource-description>";
        String env = "<resource-env-description>\n" + u + "<res-env-ref-name>" + queueRef + "</res-env-ref-name>\n" + u + "<jndi-name>"
                + queueJndi + "</jndi-name>\n</resource-env-description>";
        List<XmlOutline.Element> beans = root.get().children("weblogic-enterprise-bean");
        Optional<XmlOutline.Element> sender = beans.stream()
                .filter(b -> b.childText("ejb-name").filter(senderEjbName::equals).isPresent()).findFirst();
        String referenceDescriptor = "<reference-descriptor>\n" + u + resource.replace("\n", "\n" + u) + "\n" + u
                + env.replace("\n", "\n" + u) + "\n</reference-descriptor>";
        if (sender.isPresent()) {
            Optional<XmlOutline.Element> refs = sender.get().child("reference-descriptor");
            if (refs.isPresent()) {
                edits.add(splice.insertChild(refs.get(), Set.of("resource-env-description", "ejb-reference-description",
                        "service-reference-description"), resource));
                edits.add(splice.insertChild(refs.get(), Set.of("ejb-reference-description", "service-reference-description"), env));
            } else {
                edits.add(splice.insertChild(sender.get(), Set.of("enable-call-by-reference", "network-access-point", "clients-on-same-server",
                        "run-as-principal-name", "create-as-principal-name", "remove-as-principal-name", "passivate-as-principal-name",
                        "jndi-name", "local-jndi-name", "dispatch-policy", "remote-client-timeout", "stick-to-first-server"), referenceDescriptor));
            }
        }
        String mdb = "<weblogic-enterprise-bean>\n" + u + "<ejb-name>" + mdbEjbName + "</ejb-name>\n" + u + "<message-driven-descriptor>\n"
                + u + u + "<destination-jndi-name>" + queueJndi + "</destination-jndi-name>\n" + u + "</message-driven-descriptor>\n"
                + "</weblogic-enterprise-bean>";
        if (sender.isEmpty()) {
            mdb = "<weblogic-enterprise-bean>\n" + u + "<ejb-name>" + senderEjbName + "</ejb-name>\n" + u
                    + referenceDescriptor.replace("\n", "\n" + u) + "\n</weblogic-enterprise-bean>\n" + mdb;
        }
        edits.add(beans.isEmpty() ? splice.insertChild(root.get(), DescriptorOrder.WEBLOGIC_AFTER_ENTERPRISE_BEAN, mdb)
                : splice.insertAfter(beans.get(beans.size() - 1), mdb));
        return Optional.of(new FileChange.Edit(text.path(), edits));
    }
}
