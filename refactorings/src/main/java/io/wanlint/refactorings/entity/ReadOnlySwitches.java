package io.wanlint.refactorings.entity;

import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Glassfish;
import io.wanlint.analyzer.vendor.J2eeRi;
import io.wanlint.analyzer.vendor.Jboss;
import io.wanlint.analyzer.vendor.Openejb;
import io.wanlint.analyzer.vendor.OracleAs;
import io.wanlint.analyzer.vendor.Weblogic;
import io.wanlint.analyzer.vendor.Websphere;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The read-only switch of each vendor, written into the vendor's own descriptor: JBoss
 * {@code <read-only>true</read-only>} in jboss.xml, WebLogic's {@code ReadOnly} concurrency strategy
 * with a {@code read-timeout-seconds}, GlassFish/Sun {@code is-read-only-bean} with a
 * {@code refresh-period-in-seconds}, Oracle OC4J {@code locking-mode="read-only"}, and a WebSphere
 * read access intent ({@code wsOptimisticRead}) applied to all the bean's methods in
 * ibm-ejb-jar-ext.xmi. OpenEJB and the J2EE RI have none. Every edit splices the file (all else stays
 * byte for byte) and is empty when the switch is already on, so a second run changes nothing.
 */
final class ReadOnlySwitches {
    private ReadOnlySwitches() {}

    /** How stale a read-only bean may get before it re-reads (WebLogic's default is 600 s too). */
    static final int REFRESH_SECONDS = 600;

    /**
     * The entity to declare read-only.
     *
     * @param cmp       container-managed persistence (WebSphere names the bean's XMI type)
     * @param ejbJarRef the bean's ejb-jar.xml element as an XMI reference ({@code META-INF/ejb-jar.xml#Book_1}),
     *                  or null when that element has no {@code id} (WebSphere's extensions cannot name it then)
     */
    record Target(String ejbName, boolean cmp, String ejbJarRef) {}

    /** Elements that follow {@code read-only} inside a JBoss {@code entity}. */
    private static final Set<String> AFTER_JBOSS_READ_ONLY = Set.of("exception-on-rollback", "timer-persistence",
            "configuration-name", "security-proxy", "ejb-ref", "ejb-local-ref", "service-ref", "security-identity",
            "resource-ref", "resource-env-ref", "message-destination-ref", "method-attributes", "clustered",
            "cluster-config", "cache-invalidation", "cache-invalidation-config", "depends", "ior-security-config");
    /** Elements that follow {@code entity-cache} inside WebLogic's {@code entity-descriptor}. */
    private static final Set<String> AFTER_WEBLOGIC_CACHE = Set.of("persistence", "entity-clustering",
            "invalidation-target", "enable-dynamic-queries");
    private static final Set<String> AFTER_WEBLOGIC_CONCURRENCY = Set.of("cache-between-transactions", "disable-ready-instances");
    private static final Set<String> AFTER_WEBLOGIC_READ_TIMEOUT = Set.of("concurrency-strategy", "cache-between-transactions",
            "disable-ready-instances");
    /** Elements that follow {@code is-read-only-bean} inside a sun-ejb-jar / glassfish-ejb-jar {@code ejb}. */
    private static final Set<String> AFTER_SUN_READ_ONLY = Set.of("refresh-period-in-seconds", "commit-option",
            "cmt-timeout-in-seconds", "use-thread-pool-id", "gen-classes", "bean-pool", "bean-cache", "mdb-resource-adapter",
            "webservice-endpoint", "flush-at-end-of-method", "checkpointed-methods", "checkpoint-at-end-of-method",
            "per-request-load-balancing");
    private static final Set<String> AFTER_SUN_REFRESH = Set.of("commit-option", "cmt-timeout-in-seconds", "use-thread-pool-id",
            "gen-classes", "bean-pool", "bean-cache", "mdb-resource-adapter", "webservice-endpoint", "flush-at-end-of-method",
            "checkpointed-methods", "checkpoint-at-end-of-method", "per-request-load-balancing");
    /** {@code enterprise-beans} children of sun-ejb-jar that follow the {@code ejb} entries. */
    private static final Set<String> SUN_AFTER_EJB = Set.of("pm-descriptors", "cmp-resource", "message-destination",
            "webservice-description", "property");

    /** The root elements of the descriptor that carries the vendor's read-only switch; empty when it has none. */
    static Set<String> roots(ContainerVendor vendor) {
        // Java 17 has no pattern switch; ReadOnlySwitchesTest checks that every vendor is answered.
        if (vendor instanceof Jboss j) return j.version2() ? Set.of() : Set.of("jboss");
        if (vendor instanceof Weblogic) return Set.of("weblogic-ejb-jar");
        if (vendor instanceof Websphere) return Set.of("EJBJarExtension");
        if (vendor instanceof Glassfish) return Set.of("sun-ejb-jar", "glassfish-ejb-jar");
        if (vendor instanceof OracleAs) return Set.of("orion-ejb-jar");
        if (vendor instanceof Openejb || vendor instanceof J2eeRi) return Set.of();
        throw new IllegalArgumentException("no read-only switch known for " + vendor.displayName());
    }

    /** The edit that turns the vendor's switch on for {@code target} in {@code text}; empty when it is on already. */
    static Optional<FileChange> declare(ContainerVendor vendor, SourceText text, Target target) {
        if (vendor instanceof Jboss j) return j.version2() ? Optional.empty() : jboss(text, target.ejbName());
        if (vendor instanceof Weblogic) return weblogic(text, target.ejbName());
        if (vendor instanceof Websphere) return websphere(text, target);
        if (vendor instanceof Glassfish) return glassfish(text, target.ejbName());
        if (vendor instanceof OracleAs) return oracle(text, target.ejbName());
        if (vendor instanceof Openejb || vendor instanceof J2eeRi) return Optional.empty();
        throw new IllegalArgumentException("no read-only switch known for " + vendor.displayName());
    }

    /** {@code <read-only>true</read-only>} in the bean's {@code <entity>}, adding the entity when jboss.xml lacks it. */
    static Optional<FileChange> jboss(SourceText text, String ejbName) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        Optional<XmlOutline.Element> beans = root.get().child("enterprise-beans");
        Optional<XmlOutline.Element> bean = beans.flatMap(b -> b.children("entity").stream()
                .filter(e -> e.childText("ejb-name").filter(ejbName::equals).isPresent()).findFirst());
        TextEdit edit;
        if (bean.isPresent()) {
            Optional<XmlOutline.Element> readOnly = bean.get().child("read-only");
            if (readOnly.isPresent()) {
                if (readOnly.get().text().equals("true")) return Optional.empty();
                edit = splice.replaceText(readOnly.get(), "true");
            } else {
                edit = splice.insertChild(bean.get(), AFTER_JBOSS_READ_ONLY, "<read-only>true</read-only>");
            }
        } else if (beans.isPresent()) {
            String u = splice.indentUnit(beans.get());
            edit = splice.insertChild(beans.get(), Set.of(), "<entity>\n" + u + "<ejb-name>" + ejbName + "</ejb-name>\n"
                    + u + "<read-only>true</read-only>\n</entity>");
        } else {
            String u = splice.indentUnit(root.get());
            edit = splice.insertChild(root.get(), DescriptorOrder.JBOSS_AFTER_ENTERPRISE_BEANS, "<enterprise-beans>\n" + u + "<entity>\n" + u + u
                    + "<ejb-name>" + ejbName + "</ejb-name>\n" + u + u + "<read-only>true</read-only>\n" + u + "</entity>\n</enterprise-beans>");
        }
        return Optional.of(new FileChange.Edit(text.path(), List.of(edit)));
    }

    /** The {@code ReadOnly} concurrency strategy with a read timeout in the bean's {@code entity-cache}. */
    static Optional<FileChange> weblogic(SourceText text, String ejbName) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        String u = splice.indentUnit(root.get());
        String readTimeout = "<read-timeout-seconds>" + REFRESH_SECONDS + "</read-timeout-seconds>";
        String concurrency = "<concurrency-strategy>ReadOnly</concurrency-strategy>";
        String cache = "<entity-cache>\n" + u + readTimeout + "\n" + u + concurrency + "\n</entity-cache>";
        Optional<XmlOutline.Element> bean = root.get().children("weblogic-enterprise-bean").stream()
                .filter(e -> e.childText("ejb-name").filter(ejbName::equals).isPresent()).findFirst();
        List<TextEdit> edits = new ArrayList<>();
        if (bean.isEmpty()) {
            String descriptor = "<entity-descriptor>\n" + u + cache.replace("\n", "\n" + u) + "\n</entity-descriptor>";
            edits.add(splice.insertChild(root.get(), DescriptorOrder.WEBLOGIC_AFTER_ENTERPRISE_BEAN, "<weblogic-enterprise-bean>\n" + u + "<ejb-name>"
                    + ejbName + "</ejb-name>\n" + u + descriptor.replace("\n", "\n" + u) + "\n</weblogic-enterprise-bean>"));
        } else {
            Optional<XmlOutline.Element> descriptor = bean.get().child("entity-descriptor");
            if (descriptor.isEmpty()) {
                XmlOutline.Element name = bean.get().child("ejb-name").orElseThrow();
                edits.add(splice.insertAfter(name, "<entity-descriptor>\n" + u + cache.replace("\n", "\n" + u) + "\n</entity-descriptor>"));
            } else {
                Optional<XmlOutline.Element> entityCache = descriptor.get().child("entity-cache");
                if (entityCache.isEmpty()) {
                    edits.add(splice.insertChild(descriptor.get(), AFTER_WEBLOGIC_CACHE, cache));
                } else {
                    XmlOutline.Element ec = entityCache.get();
                    if (ec.child("read-timeout-seconds").isEmpty()) {
                        edits.add(splice.insertChild(ec, AFTER_WEBLOGIC_READ_TIMEOUT, readTimeout));
                    }
                    Optional<XmlOutline.Element> strategy = ec.child("concurrency-strategy");
                    if (strategy.isEmpty()) {
                        edits.add(splice.insertChild(ec, AFTER_WEBLOGIC_CONCURRENCY, concurrency));
                    } else if (!strategy.get().text().equals("ReadOnly")) {
                        edits.add(splice.replaceText(strategy.get(), "ReadOnly"));
                    }
                }
            }
        }
        if (edits.isEmpty()) return Optional.empty();
        return Optional.of(new FileChange.Edit(text.path(), edits));
    }

    /** {@code <is-read-only-bean>true</is-read-only-bean>} and a refresh period in the bean's {@code <ejb>}. */
    static Optional<FileChange> glassfish(SourceText text, String ejbName) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        String readOnly = "<is-read-only-bean>true</is-read-only-bean>";
        String refresh = "<refresh-period-in-seconds>" + REFRESH_SECONDS + "</refresh-period-in-seconds>";
        Optional<XmlOutline.Element> beans = root.get().child("enterprise-beans");
        Optional<XmlOutline.Element> bean = beans.flatMap(b -> b.children("ejb").stream()
                .filter(e -> e.childText("ejb-name").filter(ejbName::equals).isPresent()).findFirst());
        List<TextEdit> edits = new ArrayList<>();
        if (bean.isPresent()) {
            Optional<XmlOutline.Element> flag = bean.get().child("is-read-only-bean");
            boolean hasRefresh = bean.get().child("refresh-period-in-seconds").isPresent();
            if (flag.isPresent()) {
                if (!flag.get().text().equals("true")) edits.add(splice.replaceText(flag.get(), "true"));
                if (!hasRefresh) edits.add(splice.insertAfter(flag.get(), refresh));
            } else {
                edits.add(splice.insertChild(bean.get(), AFTER_SUN_READ_ONLY, hasRefresh ? readOnly : readOnly + "\n" + refresh));
            }
        } else {
            String u = splice.indentUnit(beans.orElse(root.get()));
            String entry = "<ejb>\n" + u + "<ejb-name>" + ejbName + "</ejb-name>\n" + u + readOnly + "\n" + u + refresh + "\n</ejb>";
            if (beans.isPresent()) {
                List<XmlOutline.Element> ejbs = beans.get().children("ejb");
                edits.add(ejbs.isEmpty() ? splice.insertChild(beans.get(), SUN_AFTER_EJB, entry)
                        : splice.insertAfter(ejbs.get(ejbs.size() - 1), entry));
            } else {
                String r = splice.indentUnit(root.get());
                edits.add(splice.insertChild(root.get(), Set.of(), "<enterprise-beans>\n" + r + entry.replace("\n", "\n" + r)
                        + "\n</enterprise-beans>"));
            }
        }
        return edits.isEmpty() ? Optional.empty() : Optional.of(new FileChange.Edit(text.path(), edits));
    }

    /** {@code locking-mode="read-only"} on the bean's {@code <entity-deployment>}. */
    static Optional<FileChange> oracle(SourceText text, String ejbName) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        Optional<XmlOutline.Element> beans = root.get().child("enterprise-beans");
        Optional<XmlOutline.Element> bean = beans.flatMap(b -> b.children("entity-deployment").stream()
                .filter(e -> ejbName.equals(attribute(text, e, "name"))).findFirst());
        TextEdit edit;
        if (bean.isPresent()) {
            XmlOutline.Element e = bean.get();
            Matcher mode = attributeValue(text, e, "locking-mode");
            if (mode != null) {
                if (mode.group(2).equals("read-only")) return Optional.empty();
                edit = new TextEdit(text.path(), e.start() + mode.start(2), e.start() + mode.end(2), "read-only");
            } else {
                int close = e.selfClosing() ? e.startTagEnd() - 2 : e.startTagEnd() - 1;
                while (close > e.start() && Character.isWhitespace(text.text().charAt(close - 1))) close--;
                edit = TextEdit.insert(text.path(), close, " locking-mode=\"read-only\"");
            }
        } else {
            String entry = "<entity-deployment name=\"" + ejbName + "\" locking-mode=\"read-only\"/>";
            if (beans.isPresent()) {
                edit = splice.insertChild(beans.get(), Set.of(), entry);
            } else {
                String u = splice.indentUnit(root.get());
                edit = splice.insertChild(root.get(), Set.of("assembly-descriptor"), "<enterprise-beans>\n" + u + entry + "\n</enterprise-beans>");
            }
        }
        return Optional.of(new FileChange.Edit(text.path(), List.of(edit)));
    }

    /**
     * A {@code wsOptimisticRead} access intent on all the bean's methods ({@code name="*"}), added at
     * the end of ibm-ejb-jar-ext.xmi's {@code EJBJarExtension}; empty when a read intent already covers
     * them, or when the bean's ejb-jar.xml element has no id to point at.
     */
    static Optional<FileChange> websphere(SourceText text, Target target) {
        if (target.ejbJarRef() == null) return Optional.empty();
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        for (XmlOutline.Element applied : root.get().children("appliedAccessIntents")) {
            String intent = attribute(text, applied, "accessIntentName");
            if (!"wsOptimisticRead".equals(intent) && !"wsPessimisticRead".equals(intent)) continue;
            for (XmlOutline.Element m : applied.children("methodElements")) {
                if (!"*".equals(attribute(text, m, "name"))) continue;
                boolean same = m.children("enterpriseBean").stream().anyMatch(b -> target.ejbJarRef().equals(attribute(text, b, "href")));
                if (same) return Optional.empty();
            }
        }
        XmlSplice splice = new XmlSplice(text);
        String u = splice.indentUnit(root.get());
        String id = target.ejbName().replaceAll("[^A-Za-z0-9_]", "_");
        String intent = "<appliedAccessIntents xmi:id=\"AppliedAccessIntent_ReadOnly_" + id + "\" name=\"" + target.ejbName()
                + " read-only\" accessIntentName=\"wsOptimisticRead\">\n"
                + u + "<methodElements xmi:id=\"MethodElement_ReadOnly_" + id + "\" name=\"*\" type=\"Unspecified\">\n"
                + u + u + "<enterpriseBean xmi:type=\"ejb:" + (target.cmp() ? "ContainerManagedEntity" : "Entity")
                + "\" href=\"" + target.ejbJarRef() + "\"/>\n"
                + u + "</methodElements>\n</appliedAccessIntents>";
        return Optional.of(new FileChange.Edit(text.path(), List.of(splice.insertChild(root.get(), Set.of(), intent))));
    }

    private static final Pattern ATTRIBUTE = Pattern.compile("([\\w:.-]+)\\s*=\\s*[\"']([^\"']*)[\"']");

    /** An attribute of {@code e}'s start tag, by local name (any prefix), or null. */
    static String attribute(SourceText text, XmlOutline.Element e, String name) {
        Matcher m = attributeValue(text, e, name);
        return m == null ? null : m.group(2);
    }

    /** The match of an attribute in {@code e}'s start tag, offsets relative to the tag's start. */
    private static Matcher attributeValue(SourceText text, XmlOutline.Element e, String name) {
        Matcher m = ATTRIBUTE.matcher(text.text().substring(e.start(), e.startTagEnd()));
        while (m.find()) {
            String n = m.group(1);
            if (n.substring(n.indexOf(':') + 1).equals(name)) return m;
        }
        return null;
    }
}
