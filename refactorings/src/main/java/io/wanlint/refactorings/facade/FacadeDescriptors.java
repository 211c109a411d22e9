package io.wanlint.refactorings.facade;

import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Glassfish;
import io.wanlint.analyzer.vendor.Jboss;
import io.wanlint.analyzer.vendor.Openejb;
import io.wanlint.analyzer.vendor.OracleAs;
import io.wanlint.analyzer.vendor.Weblogic;
import io.wanlint.analyzer.vendor.Websphere;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.DescriptorOrder;
import io.wanlint.refactorings.text.XmlOutline;
import io.wanlint.refactorings.text.XmlOutline.Element;
import io.wanlint.refactorings.text.XmlSplice;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The descriptor entries of an EJB 2.x façade, spliced into the existing files in DTD/schema order
 * (everything else in a file stays byte for byte): the {@code <session>} entry with the copied
 * environment references, its {@code Required} container transaction, the vendor JNDI binding and
 * the client's {@code <ejb-ref>}.
 */
final class FacadeDescriptors {
    private FacadeDescriptors() {}

    /** Reference elements in the order the ejb-jar DTD/schema wants them inside a bean entry. */
    static final List<String> REFERENCE_ELEMENTS = List.of("ejb-ref", "ejb-local-ref", "resource-ref", "resource-env-ref");

    /** Bean-entry children that follow {@code ejb-ref} (EJB 2.0 DTD, 2.1 and 3.x schemas). */
    private static final Set<String> AFTER_EJB_REF = Set.of("ejb-local-ref", "service-ref", "security-role-ref", "security-identity",
            "resource-ref", "resource-env-ref", "message-destination-ref", "persistence-context-ref", "persistence-unit-ref",
            "post-construct", "pre-destroy", "post-activate", "pre-passivate", "data-source");

    /** {@code assembly-descriptor} children that follow {@code container-transaction}. */
    private static final Set<String> AFTER_CONTAINER_TRANSACTION = Set.of("interceptor-binding", "message-destination",
            "exclude-list", "application-exception");

    /** Web-app children that follow {@code ejb-ref} (2.3 DTD; later schemas accept any order). */
    private static final Set<String> WEB_AFTER_EJB_REF = Set.of("ejb-local-ref", "service-ref", "message-destination-ref",
            "persistence-context-ref", "persistence-unit-ref", "post-construct", "pre-destroy", "data-source",
            "message-destination", "locale-encoding-mapping-list");

    /** A reference element copied from the client's descriptor, as its original text. */
    record CopiedRef(String element, String text) {}

    /**
     * The references named in {@code names} among {@code owner}'s children, in schema order, their
     * text with the original relative indentation.
     */
    static List<CopiedRef> references(SourceText source, Element owner, Set<String> names) {
        List<CopiedRef> out = new ArrayList<>();
        for (String kind : REFERENCE_ELEMENTS) {
            for (Element ref : owner.children(kind)) {
                String refName = ref.childText(kind.equals("resource-env-ref") ? "resource-env-ref-name"
                        : kind.equals("resource-ref") ? "res-ref-name" : "ejb-ref-name").orElse("");
                if (names.contains(refName) || names.contains("java:comp/env/" + refName)) out.add(new CopiedRef(kind, text(source, ref)));
            }
        }
        return out;
    }

    /** An element's text with the indentation of its first line taken off every line, {@code \n} line ends. */
    private static String text(SourceText source, Element e) {
        String indent = source.indentationAt(e.start());
        String raw = source.text().substring(e.start(), e.end()).replace("\r", "");
        StringBuilder b = new StringBuilder();
        String[] lines = raw.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) b.append('\n');
            b.append(i > 0 && lines[i].startsWith(indent) ? lines[i].substring(indent.length()) : lines[i]);
        }
        return b.toString();
    }

    /** The {@code <session>} entry of an EJB 2.x stateless façade. */
    static String sessionEntry(FacadeDesign d, String unit, List<CopiedRef> refs) {
        StringBuilder b = new StringBuilder("<session>\n");
        b.append(unit).append("<ejb-name>").append(d.name()).append("</ejb-name>\n");
        b.append(unit).append("<home>").append(d.qualified(d.name() + "Home")).append("</home>\n");
        b.append(unit).append("<remote>").append(d.qualified(d.name())).append("</remote>\n");
        b.append(unit).append("<ejb-class>").append(d.qualified(d.name() + "Bean")).append("</ejb-class>\n");
        b.append(unit).append("<session-type>Stateless</session-type>\n");
        b.append(unit).append("<transaction-type>Container</transaction-type>\n");
        for (CopiedRef r : refs) b.append(unit).append(r.text().replace("\n", "\n" + unit)).append('\n');
        return b.append("</session>").toString();
    }

    static String containerTransaction(String ejbName, String unit, TransactionAttribute attribute) {
        return "<container-transaction>\n"
                + unit + "<method>\n"
                + unit + unit + "<ejb-name>" + ejbName + "</ejb-name>\n"
                + unit + unit + "<method-name>*</method-name>\n"
                + unit + "</method>\n"
                + unit + "<trans-attribute>" + attribute.descriptorName() + "</trans-attribute>\n"
                + "</container-transaction>";
    }

    static String ejbRef(FacadeDesign d, String unit) {
        return "<ejb-ref>\n"
                + unit + "<ejb-ref-name>ejb/" + d.name() + "</ejb-ref-name>\n"
                + unit + "<ejb-ref-type>Session</ejb-ref-type>\n"
                + unit + "<home>" + d.qualified(d.name() + "Home") + "</home>\n"
                + unit + "<remote>" + d.qualified(d.name()) + "</remote>\n"
                + unit + "<ejb-link>" + d.name() + "</ejb-link>\n"
                + "</ejb-ref>";
    }

    /** Edits to the ejb-jar descriptor: the session entry and its container transaction. */
    static List<TextEdit> ejbJar(SourceText source, Element root, FacadeDesign d, List<CopiedRef> refs, TransactionAttribute attribute) {
        XmlSplice splice = new XmlSplice(source);
        List<TextEdit> edits = new ArrayList<>();
        Element beans = root.child("enterprise-beans").orElseThrow();
        String unit = splice.indentUnit(root);
        edits.add(splice.insertChild(beans, Set.of(), sessionEntry(d, unit, refs)));
        String tx = containerTransaction(d.name(), unit, attribute);
        Optional<Element> assembly = root.child("assembly-descriptor");
        if (assembly.isPresent()) {
            edits.add(splice.insertChild(assembly.get(), AFTER_CONTAINER_TRANSACTION, tx));
        } else {
            edits.add(splice.insertChild(root, Set.of("ejb-client-jar"),
                    "<assembly-descriptor>\n" + unit + tx.replace("\n", "\n" + unit) + "\n</assembly-descriptor>"));
        }
        return edits;
    }

    /**
     * EJB 3.x: an ejb-jar descriptor that lists its session beans gets the annotated façade too, so a
     * {@code metadata-complete} descriptor still declares it and the listing stays complete.
     */
    static List<TextEdit> ejb3Entry(SourceText source, Element root, FacadeDesign d, TransactionAttribute attribute) {
        XmlSplice splice = new XmlSplice(source);
        String unit = splice.indentUnit(root);
        String bean = d.name() + "Bean";
        String entry = "<session>\n"
                + unit + "<ejb-name>" + bean + "</ejb-name>\n"
                + unit + "<business-remote>" + d.qualified(d.name()) + "</business-remote>\n"
                + unit + "<ejb-class>" + d.qualified(bean) + "</ejb-class>\n"
                + unit + "<session-type>Stateless</session-type>\n"
                + unit + "<transaction-type>Container</transaction-type>\n"
                + "</session>";
        List<TextEdit> edits = new ArrayList<>();
        edits.add(splice.insertChild(root.child("enterprise-beans").orElseThrow(), Set.of(), entry));
        if (attribute != TransactionAttribute.REQUIRED) {
            String tx = containerTransaction(bean, unit, attribute);
            Optional<Element> assembly = root.child("assembly-descriptor");
            if (assembly.isPresent()) {
                edits.add(splice.insertChild(assembly.get(), AFTER_CONTAINER_TRANSACTION, tx));
            } else {
                edits.add(splice.insertChild(root, Set.of("ejb-client-jar", "module-name"),
                        "<assembly-descriptor>\n" + unit + tx.replace("\n", "\n" + unit) + "\n</assembly-descriptor>"));
            }
        }
        return edits;
    }

    /** The façade's {@code ejb-ref} in a bean entry of an ejb-jar descriptor or in a web-app. */
    static TextEdit ejbRefIn(SourceText source, Element owner, FacadeDesign d, boolean webApp) {
        XmlSplice splice = new XmlSplice(source);
        String ref = ejbRef(d, splice.indentUnit(owner));
        List<Element> existing = owner.children("ejb-ref");
        if (!existing.isEmpty()) return splice.insertAfter(existing.get(existing.size() - 1), ref);
        return splice.insertChild(owner, webApp ? WEB_AFTER_EJB_REF : AFTER_EJB_REF, ref);
    }

    /**
     * The vendor binding of the façade's home to the global JNDI name {@code jndi}, written for the
     * vendor that owns the descriptor's root element: jboss.xml, weblogic-ejb-jar.xml,
     * sun-ejb-jar.xml / glassfish-ejb-jar.xml, an OpenEJB 1.x openejb-jar.xml (whose every bean needs
     * its {@code ejb-deployment}), WebSphere's ibm-ejb-jar-bnd.xml or Oracle's orion-ejb-jar.xml.
     */
    static Optional<TextEdit> vendorBinding(SourceText source, Element root, FacadeDesign d, String jndi) {
        Optional<ContainerVendor> vendor = ContainerVendor.ofRoot(root.name());
        if (vendor.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(source);
        ContainerVendor v = vendor.get();
        if (v instanceof Glassfish) return sunBinding(splice, root, d, jndi);
        if (v instanceof Openejb) return openejbBinding(splice, root, d, jndi);
        if (v instanceof Jboss) return jbossBinding(splice, root, d, jndi);
        if (v instanceof Weblogic) return weblogicBinding(splice, root, d, jndi);
        if (v instanceof Websphere) return websphereBinding(splice, root, d, jndi);
        if (v instanceof OracleAs) return oracleBinding(splice, root, d, jndi);
        return Optional.empty(); // the J2EE RI's descriptor binds nothing a façade needs
    }

    private static Optional<TextEdit> sunBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        Optional<Element> beans = root.child("enterprise-beans");
        if (beans.isEmpty()) return Optional.empty();
        String unit = splice.indentUnit(beans.get());
        String entry = "<ejb>\n" + unit + "<ejb-name>" + d.name() + "</ejb-name>\n" + unit + "<jndi-name>" + jndi + "</jndi-name>\n</ejb>";
        List<Element> ejbs = beans.get().children("ejb");
        if (!ejbs.isEmpty()) return Optional.of(splice.insertAfter(ejbs.get(ejbs.size() - 1), entry));
        return Optional.of(splice.insertChild(beans.get(), Set.of("pm-descriptors", "cmp-resource", "message-destination",
                "webservice-description", "property"), entry));
    }

    private static Optional<TextEdit> openejbBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        List<Element> deployments = root.children("ejb-deployment");
        if (deployments.isEmpty()) return Optional.empty();
        String entry = "<ejb-deployment ejb-name=\"" + d.name() + "\" deployment-id=\"" + jndi + "\"/>";
        return Optional.of(splice.insertAfter(deployments.get(deployments.size() - 1), entry));
    }

    private static Optional<TextEdit> jbossBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        if (!root.name().equals("jboss")) return Optional.empty();
        Optional<Element> beans = root.child("enterprise-beans");
        String unit = splice.indentUnit(beans.orElse(root));
        String entry = "<session>\n" + unit + "<ejb-name>" + d.name() + "</ejb-name>\n"
                + unit + "<jndi-name>" + jndi + "</jndi-name>\n</session>";
        if (beans.isPresent()) return Optional.of(splice.insertChild(beans.get(), Set.of(), entry));
        String rootUnit = splice.indentUnit(root);
        return Optional.of(splice.insertChild(root, DescriptorOrder.JBOSS_AFTER_ENTERPRISE_BEANS,
                "<enterprise-beans>\n" + rootUnit + entry.replace("\n", "\n" + rootUnit) + "\n</enterprise-beans>"));
    }

    private static Optional<TextEdit> weblogicBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        if (!root.name().equals("weblogic-ejb-jar")) return Optional.empty();
        String unit = splice.indentUnit(root);
        List<Element> beans = root.children("weblogic-enterprise-bean");
        String entry = "<weblogic-enterprise-bean>\n" + unit + "<ejb-name>" + d.name() + "</ejb-name>\n"
                + unit + "<jndi-name>" + jndi + "</jndi-name>\n</weblogic-enterprise-bean>";
        if (!beans.isEmpty()) return Optional.of(splice.insertAfter(beans.get(beans.size() - 1), entry));
        return Optional.of(splice.insertChild(root, DescriptorOrder.WEBLOGIC_AFTER_ENTERPRISE_BEAN, entry));
    }

    /**
     * WebSphere 7+ ibm-ejb-jar-bnd.xml: {@code <session name remote-home-binding-name>} for the EJB 2.x
     * home. The XMI form names beans by their ejb-jar.xml id, which the new entry does not have.
     */
    private static Optional<TextEdit> websphereBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        if (!root.name().equals("ejb-jar-bnd")) return Optional.empty();
        String entry = "<session name=\"" + d.name() + "\" remote-home-binding-name=\"" + jndi + "\"/>";
        List<Element> sessions = root.children("session");
        if (!sessions.isEmpty()) return Optional.of(splice.insertAfter(sessions.get(sessions.size() - 1), entry));
        return Optional.of(splice.insertChild(root, Set.of("message-driven", "interceptor", "message-destination"), entry));
    }

    /** Oracle OC4J orion-ejb-jar.xml: {@code <session-deployment name location>}. */
    private static Optional<TextEdit> oracleBinding(XmlSplice splice, Element root, FacadeDesign d, String jndi) {
        if (!root.name().equals("orion-ejb-jar")) return Optional.empty();
        String entry = "<session-deployment name=\"" + d.name() + "\" location=\"" + jndi + "\"/>";
        Optional<Element> beans = root.child("enterprise-beans");
        if (beans.isPresent()) return Optional.of(splice.insertChild(beans.get(), Set.of(), entry));
        String u = splice.indentUnit(root);
        return Optional.of(splice.insertChild(root, Set.of("assembly-descriptor"), "<enterprise-beans>\n" + u + entry + "\n</enterprise-beans>"));
    }

    /** jboss-web.xml children that follow {@code ejb-ref} (jboss-web DTDs 3.x–5.x). */
    private static final Set<String> JBOSS_WEB_AFTER_EJB_REF = Set.of("ejb-local-ref", "service-ref", "message-destination-ref",
            "message-destination", "webservice-description", "depends", "servlet", "max-active-sessions", "replication-config",
            "passivation-config");

    /** sun-web.xml / glassfish-web.xml children that follow {@code ejb-ref}. */
    private static final Set<String> SUN_WEB_AFTER_EJB_REF = Set.of("resource-ref", "resource-env-ref", "service-ref",
            "message-destination-ref", "cache", "class-loader", "jsp-config", "locale-charset-info", "parameter-encoding",
            "property", "message-destination", "webservice-description");

    /** weblogic.xml children that follow the reference descriptions (weblogic-web-app 9+ schemas). */
    private static final Set<String> WEBLOGIC_WEB_AFTER_EJB_REF = Set.of("service-reference-description", "message-destination-descriptor",
            "session-descriptor", "jsp-descriptor", "auth-filter", "container-descriptor", "charset-params", "virtual-directory-mapping",
            "url-match-map", "security-permission", "context-root", "wl-dispatch-policy", "servlet-descriptor", "work-manager",
            "logging", "library-ref", "fast-swap");

    /**
     * The web module's vendor mapping of the façade's {@code ejb-ref} to the bean's global name, in
     * jboss-web.xml, sun-web.xml / glassfish-web.xml, weblogic.xml, WebSphere's ibm-web-bnd.xml or
     * Oracle's orion-web.xml; empty when the file already maps it.
     */
    static Optional<TextEdit> webRefMapping(SourceText source, Element root, FacadeDesign d, String jndi) {
        XmlSplice splice = new XmlSplice(source);
        String refName = "ejb/" + d.name();
        String unit = splice.indentUnit(root);
        String ref = "<ejb-ref>\n" + unit + "<ejb-ref-name>" + refName + "</ejb-ref-name>\n" + unit + "<jndi-name>" + jndi + "</jndi-name>\n</ejb-ref>";
        switch (root.name()) {
            case "jboss-web", "sun-web-app", "glassfish-web-app" -> {
                List<Element> refs = root.children("ejb-ref");
                if (refs.stream().anyMatch(r -> r.childText("ejb-ref-name").filter(refName::equals).isPresent())) return Optional.empty();
                if (!refs.isEmpty()) return Optional.of(splice.insertAfter(refs.get(refs.size() - 1), ref));
                return Optional.of(splice.insertChild(root, root.name().equals("jboss-web") ? JBOSS_WEB_AFTER_EJB_REF : SUN_WEB_AFTER_EJB_REF, ref));
            }
            case "weblogic-web-app" -> {
                Element holder = root.child("reference-descriptor").orElse(root);
                List<Element> refs = holder.children("ejb-reference-description");
                if (refs.stream().anyMatch(r -> r.childText("ejb-ref-name").filter(refName::equals).isPresent())) return Optional.empty();
                String u = splice.indentUnit(holder);
                String description = "<ejb-reference-description>\n" + u + "<ejb-ref-name>" + refName + "</ejb-ref-name>\n"
                        + u + "<jndi-name>" + jndi + "</jndi-name>\n</ejb-reference-description>";
                if (!refs.isEmpty()) return Optional.of(splice.insertAfter(refs.get(refs.size() - 1), description));
                return Optional.of(splice.insertChild(holder, holder == root ? WEBLOGIC_WEB_AFTER_EJB_REF : Set.of(), description));
            }
            case "web-bnd" -> {
                // WebSphere 7+ ibm-web-bnd.xml
                if (root.children("ejb-ref").stream().anyMatch(r -> source.text().substring(r.start(), r.startTagEnd())
                        .contains("\"" + refName + "\""))) return Optional.empty();
                String binding = "<ejb-ref name=\"" + refName + "\" binding-name=\"" + jndi + "\"/>";
                List<Element> refs = root.children("ejb-ref");
                if (!refs.isEmpty()) return Optional.of(splice.insertAfter(refs.get(refs.size() - 1), binding));
                return Optional.of(splice.insertChild(root, Set.of("resource-ref", "resource-env-ref", "message-destination-ref",
                        "data-source", "env-entry"), binding));
            }
            case "orion-web-app" -> {
                if (root.children("ejb-ref-mapping").stream().anyMatch(r -> source.text().substring(r.start(), r.startTagEnd())
                        .contains("\"" + refName + "\""))) return Optional.empty();
                String mapping = "<ejb-ref-mapping name=\"" + refName + "\" location=\"" + jndi + "\"/>";
                List<Element> refs = root.children("ejb-ref-mapping");
                if (!refs.isEmpty()) return Optional.of(splice.insertAfter(refs.get(refs.size() - 1), mapping));
                return Optional.of(splice.insertChild(root, Set.of("resource-ref-mapping", "resource-env-ref-mapping"), mapping));
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /**
     * The global name for the new home, following the application's own convention when an entry
     * shows one ({@code estore/Account}, {@code trade/TradeSessionHome}, {@code ItemHome}), else
     * {@code <Name>Home}.
     */
    static String jndiName(List<Element> entries, String ejbName) {
        for (Element e : entries) {
            Optional<String> name = e.childText("ejb-name");
            Optional<String> jndi = e.childText("jndi-name");
            if (name.isEmpty() || jndi.isEmpty() || name.get().isEmpty()) continue;
            String j = jndi.get();
            String last = j.substring(j.lastIndexOf('/') + 1);
            String prefix = j.substring(0, j.lastIndexOf('/') + 1);
            if (last.equals(name.get())) return prefix + ejbName;
            if (last.equals(name.get() + "Home")) return prefix + ejbName + "Home";
        }
        return ejbName + "Home";
    }

    /** Parses a descriptor, empty when it is not well-formed. */
    static Optional<Element> outline(SourceText source) { return XmlOutline.parse(source.text()); }
}
