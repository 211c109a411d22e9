package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.ingest.FaceletPages;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.vendor.ContainerVendor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises a descriptor by its root element and maps it to a {@link Descriptor} record. The
 * namespace is ignored on purpose: the same element names are used by the DTD forms, the J2EE,
 * Java EE and Jakarta namespaces, so one mapping covers every version.
 */
public final class DescriptorReader {
    /** Version in a DTD public id: {@code -//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN}. */
    private static final Pattern DTD_VERSION = Pattern.compile("\\b(\\d+\\.\\d+)\\b");

    private final SafeXmlReader xml = new SafeXmlReader();

    /**
     * Reads {@code file}; empty when it is not a descriptor this tool understands (silently) or
     * when it is too broken to have a root element (with a diagnostic).
     */
    public Optional<Descriptor> read(TextFile file, Consumer<Diagnostic> diagnostics) {
        if (!looksLikeXml(file.text()) || FaceletPages.isPage(file.path())) return Optional.empty();
        return xml.read(file, diagnostics).flatMap(this::map);
    }

    /** Maps an already parsed document; empty for unknown roots. */
    public Optional<Descriptor> map(XmlDocument doc) {
        XmlElement root = doc.root();
        Mapper m = new Mapper(doc.file());
        String version = root.attribute("version") != null ? root.attribute("version") : dtdVersion(doc.doctypePublicId());
        Descriptor d = switch (root.localName()) {
            case "ejb-jar" -> m.ejbJar(root, version);
            case "web-app" -> m.webApp(root, version, false);
            case "web-fragment" -> m.webApp(root, version, true);
            case "application" -> m.application(root);
            case "taglib" -> m.taglib(root);
            // Vendor descriptors: the vendor that owns the root element reads it; then framework descriptors.
            default -> ContainerVendor.ofRoot(root.localName()).flatMap(v -> v.read(root, doc.file()))
                    .<Descriptor>map(v -> v).or(() -> FrameworkDescriptors.map(root, doc.file())).orElse(null);
        };
        return Optional.ofNullable(d);
    }

    private static boolean looksLikeXml(String text) {
        // A cheap guard so that arbitrary text handed over as ".xml" does not produce parse noise.
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c) && c != '\uFEFF') return c == '<';
        }
        return false;
    }

    private static String dtdVersion(String publicId) {
        if (publicId == null) return null;
        Matcher m = DTD_VERSION.matcher(publicId);
        return m.find() ? m.group(1) : null;
    }

    /** Maps the elements of one file; holds the file name every location needs. */
    private record Mapper(String file) {
        SourceLocation at(XmlElement e) { return new SourceLocation(file, e.line()); }

        EjbJarDescriptor ejbJar(XmlElement root, String version) {
            List<EjbJarDescriptor.Bean> beans = new ArrayList<>();
            root.child("enterprise-beans").ifPresent(eb -> {
                for (XmlElement e : eb.children()) {
                    switch (e.localName()) {
                        case "session" -> beans.add(bean(e, EjbJarDescriptor.BeanType.SESSION));
                        case "entity" -> beans.add(bean(e, EjbJarDescriptor.BeanType.ENTITY));
                        case "message-driven" -> beans.add(bean(e, EjbJarDescriptor.BeanType.MESSAGE_DRIVEN));
                        default -> { }
                    }
                }
            });
            List<EjbJarDescriptor.ContainerTransaction> cts = new ArrayList<>();
            root.child("assembly-descriptor").ifPresent(ad -> {
                for (XmlElement ct : ad.children("container-transaction")) {
                    List<EjbJarDescriptor.Method> methods = new ArrayList<>();
                    for (XmlElement me : ct.children("method")) {
                        List<String> params = me.child("method-params")
                                .map(p -> p.childTexts("method-param")).orElse(null);
                        methods.add(new EjbJarDescriptor.Method(me.childText("ejb-name"), me.childText("method-intf"),
                                me.childText("method-name"), params, at(me)));
                    }
                    String text = ct.childText("trans-attribute");
                    cts.add(new EjbJarDescriptor.ContainerTransaction(methods,
                            TransactionAttribute.parse(text).orElse(null), text, at(ct)));
                }
            });
            return new EjbJarDescriptor(at(root), version, isTrue(root.attribute("metadata-complete")), beans, cts, xmiIds(root));
        }

        EjbJarDescriptor.Bean bean(XmlElement e, EjbJarDescriptor.BeanType type) {
            EjbJarDescriptor.SessionType sessionType = switch (lower(e.childText("session-type"))) {
                case "stateless" -> EjbJarDescriptor.SessionType.STATELESS;
                case "stateful" -> EjbJarDescriptor.SessionType.STATEFUL;
                case "singleton" -> EjbJarDescriptor.SessionType.SINGLETON;
                default -> null;
            };
            TransactionType txType = switch (lower(e.childText("transaction-type"))) {
                case "bean" -> TransactionType.BEAN;
                case "container" -> TransactionType.CONTAINER;
                default -> null;
            };
            PersistenceType persistence = null;
            if (type == EjbJarDescriptor.BeanType.ENTITY) {
                persistence = "bean".equals(lower(e.childText("persistence-type"))) ? PersistenceType.BEAN
                        : PersistenceType.CONTAINER;
            }
            List<String> cmpFields = e.children("cmp-field").stream().map(f -> f.childText("field-name"))
                    .filter(n -> n != null).toList();
            List<QueryDefinition> queries = new ArrayList<>();
            for (XmlElement q : e.children("query")) {
                XmlElement qm = q.child("query-method").orElse(null);
                if (qm == null || qm.childText("method-name") == null) continue;
                List<String> params = qm.child("method-params").map(p -> p.childTexts("method-param")).orElse(List.of());
                queries.add(new QueryDefinition(qm.childText("method-name"), params, q.childText("ejb-ql")));
            }
            String reentrantText = lower(e.childText("reentrant"));
            Boolean reentrant = reentrantText.isEmpty() ? null : isTrue(reentrantText);

            String destinationType = e.path("message-driven-destination", "destination-type").map(XmlElement::text)
                    .filter(t -> !t.isEmpty()).orElse(e.childText("message-destination-type"));
            String destination = e.childText("message-destination-link");
            for (XmlElement p : e.child("activation-config").map(a -> a.children("activation-config-property"))
                    .orElse(List.of())) {
                String name = p.childText("activation-config-property-name");
                String value = p.childText("activation-config-property-value");
                if ("destinationType".equals(name) && value != null) destinationType = value;
                if (("destination".equals(name) || "destinationLookup".equals(name)) && value != null) destination = value;
            }
            if (type == EjbJarDescriptor.BeanType.MESSAGE_DRIVEN && destination == null) destination = e.childText("mapped-name");

            return new EjbJarDescriptor.Bean(type, e.childText("ejb-name"), e.childText("ejb-class"),
                    e.childText("home"), e.childText("remote"), e.childText("local-home"), e.childText("local"),
                    e.childTexts("business-local"), e.childTexts("business-remote"), e.has("local-bean"),
                    sessionType, txType, persistence, e.childText("prim-key-class"), e.childText("cmp-version"),
                    e.childText("abstract-schema-name"), cmpFields, queries, reentrant, destinationType, destination,
                    e.childText("mapped-name"), ejbRefs(e), resourceRefs(e), at(e));
        }

        List<EjbRefDeclaration> ejbRefs(XmlElement owner) {
            List<EjbRefDeclaration> out = new ArrayList<>();
            for (XmlElement r : owner.children()) {
                boolean local = r.localName().equals("ejb-local-ref");
                if (!local && !r.localName().equals("ejb-ref")) continue;
                out.add(new EjbRefDeclaration(r.childText("ejb-ref-name"), local, r.childText("ejb-ref-type"),
                        local ? r.childText("local-home") : r.childText("home"),
                        local ? r.childText("local") : r.childText("remote"),
                        r.childText("ejb-link"), firstNonNull(r.childText("lookup-name"), r.childText("mapped-name")),
                        injectionTargets(r), at(r)));
            }
            return out;
        }

        List<ResourceRefDeclaration> resourceRefs(XmlElement owner) {
            List<ResourceRefDeclaration> out = new ArrayList<>();
            for (XmlElement r : owner.children()) {
                ResourceRefDeclaration d = switch (r.localName()) {
                    case "resource-ref" -> new ResourceRefDeclaration(ResourceRefDeclaration.Kind.RESOURCE,
                            r.childText("res-ref-name"), r.childText("res-type"),
                            firstNonNull(r.childText("lookup-name"), r.childText("mapped-name")), injectionTargets(r), at(r));
                    case "resource-env-ref" -> new ResourceRefDeclaration(ResourceRefDeclaration.Kind.RESOURCE_ENV,
                            r.childText("resource-env-ref-name"), r.childText("resource-env-ref-type"),
                            firstNonNull(r.childText("lookup-name"), r.childText("mapped-name")), injectionTargets(r), at(r));
                    case "message-destination-ref" -> new ResourceRefDeclaration(
                            ResourceRefDeclaration.Kind.MESSAGE_DESTINATION, r.childText("message-destination-ref-name"),
                            r.childText("message-destination-type"),
                            firstNonNull(r.childText("lookup-name"), r.childText("mapped-name"),
                                    r.childText("message-destination-link")), injectionTargets(r), at(r));
                    default -> null;
                };
                if (d != null) out.add(d);
            }
            return out;
        }

        List<InjectionTarget> injectionTargets(XmlElement ref) {
            return ref.children("injection-target").stream()
                    .map(t -> new InjectionTarget(t.childText("injection-target-class"), t.childText("injection-target-name")))
                    .toList();
        }

        WebAppDescriptor webApp(XmlElement root, String version, boolean fragment) {
            List<WebAppDescriptor.Servlet> servlets = root.children("servlet").stream()
                    .map(s -> new WebAppDescriptor.Servlet(s.childText("servlet-name"), s.childText("servlet-class"),
                            s.childText("jsp-file"), at(s))).toList();
            List<WebAppDescriptor.ServletMapping> mappings = root.children("servlet-mapping").stream()
                    .map(s -> new WebAppDescriptor.ServletMapping(s.childText("servlet-name"), s.childTexts("url-pattern"),
                            at(s))).toList();
            List<WebAppDescriptor.Filter> filters = root.children("filter").stream()
                    .map(f -> new WebAppDescriptor.Filter(f.childText("filter-name"), f.childText("filter-class"), at(f)))
                    .toList();
            List<WebAppDescriptor.FilterMapping> filterMappings = root.children("filter-mapping").stream()
                    .map(f -> new WebAppDescriptor.FilterMapping(f.childText("filter-name"), f.childTexts("url-pattern"),
                            f.childTexts("servlet-name"), at(f))).toList();
            List<WebAppDescriptor.Listener> listeners = root.children("listener").stream()
                    .filter(l -> l.childText("listener-class") != null)
                    .map(l -> new WebAppDescriptor.Listener(l.childText("listener-class"), at(l))).toList();
            List<WebAppDescriptor.Taglib> taglibs = new ArrayList<>();
            List<XmlElement> taglibElements = new ArrayList<>(root.children("taglib"));
            root.child("jsp-config").ifPresent(jc -> taglibElements.addAll(jc.children("taglib")));
            for (XmlElement t : taglibElements) {
                if (t.childText("taglib-uri") != null && t.childText("taglib-location") != null) {
                    taglibs.add(new WebAppDescriptor.Taglib(t.childText("taglib-uri"), t.childText("taglib-location"), at(t)));
                }
            }
            return new WebAppDescriptor(at(root), version, fragment, isTrue(root.attribute("metadata-complete")),
                    servlets, mappings, filters, filterMappings, listeners, ejbRefs(root), resourceRefs(root), taglibs, xmiIds(root));
        }

        ApplicationDescriptor application(XmlElement root) {
            List<ApplicationDescriptor.Module> modules = new ArrayList<>();
            for (XmlElement m : root.children("module")) {
                Optional<XmlElement> web = m.child("web");
                if (web.isPresent()) {
                    modules.add(new ApplicationDescriptor.Module(ApplicationDescriptor.ModuleType.WEB,
                            web.get().childText("web-uri"), web.get().childText("context-root"), at(m)));
                } else if (m.childText("ejb") != null) {
                    modules.add(new ApplicationDescriptor.Module(ApplicationDescriptor.ModuleType.EJB, m.childText("ejb"), null, at(m)));
                } else if (m.childText("java") != null) {
                    modules.add(new ApplicationDescriptor.Module(ApplicationDescriptor.ModuleType.JAVA, m.childText("java"), null, at(m)));
                } else if (m.childText("connector") != null) {
                    modules.add(new ApplicationDescriptor.Module(ApplicationDescriptor.ModuleType.CONNECTOR,
                            m.childText("connector"), null, at(m)));
                }
            }
            return new ApplicationDescriptor(at(root), root.childText("display-name"), modules);
        }

        /**
         * The {@code id} of every bean and reference element, mapped to the name it declares: WebSphere's
         * XMI bindings and extensions point at these elements by id, never by name.
         */
        Map<String, String> xmiIds(XmlElement root) {
            Map<String, String> out = new LinkedHashMap<>();
            collectIds(root, out, 0);
            return out;
        }

        private void collectIds(XmlElement e, Map<String, String> out, int depth) {
            if (depth > 8) return;
            String id = e.attribute("id");
            if (id != null) {
                String name = switch (e.localName()) {
                    case "session", "entity", "message-driven" -> e.childText("ejb-name");
                    case "ejb-ref", "ejb-local-ref" -> e.childText("ejb-ref-name");
                    case "resource-ref" -> e.childText("res-ref-name");
                    case "resource-env-ref" -> e.childText("resource-env-ref-name");
                    case "message-destination-ref" -> e.childText("message-destination-ref-name");
                    default -> null;
                };
                if (name != null) out.putIfAbsent(id, name);
            }
            for (XmlElement c : e.children()) collectIds(c, out, depth + 1);
        }

        TagLibraryDescriptor taglib(XmlElement root) {
            List<TagLibraryDescriptor.Tag> tags = new ArrayList<>();
            for (XmlElement t : root.children("tag")) {
                String cls = firstNonNull(t.childText("tag-class"), t.childText("tagclass"));
                if (t.childText("name") != null && cls != null) tags.add(new TagLibraryDescriptor.Tag(t.childText("name"), cls, at(t)));
            }
            return new TagLibraryDescriptor(at(root), root.childText("uri"),
                    firstNonNull(root.childText("short-name"), root.childText("shortname")), tags);
        }
    }

    private static String lower(String s) {
        return s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    }

    private static boolean isTrue(String s) {
        return "true".equals(lower(s));
    }

    @SafeVarargs
    private static <T> T firstNonNull(T... values) {
        for (T v : values) if (v != null) return v;
        return null;
    }
}
