package io.wanlint.analyzer.model;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.XDocletTags;
import io.wanlint.analyzer.ingest.XDocletTags.Tag;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Reads beans and web components declared by XDoclet tags (see {@link XDocletTags}) the way
 * ejbdoclet and webdoclet did, and names the interfaces XDoclet generated for them.
 *
 * <p>Names follow XDoclet 1.2's documented defaults: a bean's name is its {@code name} attribute,
 * else its class name without the suffix {@code Bean}, {@code EJB} or {@code Ejb}; its views are
 * {@code {0}} (remote), {@code {0}Home}, {@code {0}Local} and {@code {0}LocalHome} for {@code {0}}
 * that name (after any {@code /}), unless {@code @ejb.interface} or {@code @ejb.home} give a class
 * or a pattern; {@code view-type} defaults to {@code both}. The package is the tags' {@code package}
 * attribute; else, since the package substitution lives in the build file, the package the
 * application's own imports name those interfaces in; else a package the sources import with
 * {@code .*} that replaces the bean package's last {@code ejb}/{@code beans} segment by
 * {@code interfaces} (the old fixed substitution); else the bean's own package (XDoclet's default
 * without a {@code packageSubstitution}).
 */
final class XDocletReader {
    private static final List<String> CLASS_SUFFIXES = List.of("Bean", "EJB", "Ejb");

    private final Function<SourceType, Set<String>> supertypes;
    /** Simple name → imported qualified names that are not application types. */
    private final Map<String, Set<String>> imported = new HashMap<>();
    private final Set<String> wildcardImports = new HashSet<>();

    /**
     * @param supertypes a source type's non-application supertypes, through its application ones
     */
    XDocletReader(List<JavaUnit> units, Set<String> applicationTypes, Function<SourceType, Set<String>> supertypes) {
        this.supertypes = supertypes;
        for (JavaUnit u : units) {
            CompilationUnit cu = u.unit();
            for (ImportDeclaration i : cu.getImports()) {
                if (i.isStatic()) continue;
                String name = i.getNameAsString();
                if (i.isAsterisk()) wildcardImports.add(name);
                else if (!applicationTypes.contains(name)) {
                    imported.computeIfAbsent(ComponentModelBuilder.simpleName(name), k -> new LinkedHashSet<>()).add(name);
                }
            }
        }
    }

    static XDocletTags tags(SourceType t) {
        return XDocletTags.of(t.declaration());
    }

    /** The bean {@code @ejb.bean} declares on this class, unless it is abstract-only ({@code generate="false"}). */
    Optional<XDocletBean> bean(SourceType t) {
        if (t.isInterface() || t.isAnnotationType()) return Optional.empty();
        XDocletTags tags = tags(t);
        Optional<Tag> beanTag = tags.first("ejb.bean");
        if (beanTag.isEmpty() || "false".equalsIgnoreCase(beanTag.get().attribute("generate"))) return Optional.empty();
        Tag bean = beanTag.get();
        ComponentKind kind = kind(t, bean);
        if (kind == null) return Optional.empty();
        String name = bean.attribute("name");
        if (name == null) name = withoutSuffix(t.simpleName());
        String shortName = name.substring(name.lastIndexOf('/') + 1);
        if (!isIdentifier(shortName)) shortName = withoutSuffix(t.simpleName());

        String viewType = Optional.ofNullable(bean.attribute("view-type")).orElse("both").toLowerCase(Locale.ROOT);
        boolean remoteView = kind != ComponentKind.MESSAGE_DRIVEN && (viewType.contains("remote") || viewType.equals("both"));
        boolean localView = kind != ComponentKind.MESSAGE_DRIVEN && (viewType.contains("local") || viewType.equals("both"));
        Optional<Tag> intf = tags.first("ejb.interface");
        Optional<Tag> homeTag = tags.first("ejb.home");
        String pkg = viewPackage(t, shortName, intf, homeTag);
        String remote = remoteView ? view(intf, "remote-class", "remote-pattern", "{0}", shortName, pkg) : null;
        String local = localView ? view(intf, "local-class", "local-pattern", "{0}Local", shortName, pkg) : null;
        String home = remoteView ? view(homeTag, "remote-class", "remote-pattern", "{0}Home", shortName, pkg) : null;
        String localHome = localView ? view(homeTag, "local-class", "local-pattern", "{0}LocalHome", shortName, pkg) : null;

        TransactionType txType = tags.first("ejb.transaction-type").map(x -> x.attribute("type"))
                .or(() -> Optional.ofNullable(bean.attribute("transaction-type")))
                .map(x -> x.equalsIgnoreCase("Bean") ? TransactionType.BEAN : TransactionType.CONTAINER).orElse(null);
        if (kind.isEntity()) txType = TransactionType.CONTAINER;

        List<MethodTransaction> transactions = new ArrayList<>();
        tags.first("ejb.transaction").flatMap(x -> TransactionAttribute.parse(x.attribute("type"))).ifPresent(a ->
                transactions.add(new MethodTransaction("*", null, null, a, MethodTransaction.Source.CLASS_ANNOTATION)));
        List<QueryDefinition> queries = new ArrayList<>();
        for (Tag f : tags.all("ejb.finder")) finder(f, t.scope()).ifPresent(queries::add);
        List<String> cmpFields = new ArrayList<>();
        String primaryKey = tags.first("ejb.pk").map(x -> x.attribute("class")).orElse(bean.attribute("primkey-class"));
        String primkeyField = bean.attribute("primkey-field");
        for (MethodDeclaration m : t.declaration().getMethods()) {
            XDocletTags mt = XDocletTags.of(m);
            if (mt.isEmpty()) continue;
            mt.first("ejb.transaction").flatMap(x -> TransactionAttribute.parse(x.attribute("type"))).ifPresent(a ->
                    transactions.add(new MethodTransaction(m.getNameAsString(),
                            m.getParameters().stream().map(p -> t.scope().resolve(p.getType().asString())).toList(), null, a,
                            MethodTransaction.Source.METHOD_ANNOTATION)));
            boolean persistent = mt.first("ejb.persistence").isPresent() || mt.first("ejb.persistent-field").isPresent()
                    || mt.first("ejb.pk-field").isPresent();
            String property = property(m.getNameAsString());
            if (persistent && property != null && m.getParameters().isEmpty() && !cmpFields.contains(property)) {
                cmpFields.add(property);
                if (primaryKey == null && (property.equals(primkeyField) || mt.first("ejb.pk-field").isPresent())) {
                    primaryKey = javaLang(t.scope().resolve(m.getType().asString()));
                }
            }
        }
        boolean readOnly = tags.first("jboss.read-only").map(x -> !"false".equalsIgnoreCase(x.attribute("read-only")))
                .orElse(false)
                || tags.first("weblogic.cache").map(x -> "ReadOnly".equalsIgnoreCase(x.attribute("concurrency-strategy")))
                .orElse(false);
        String cmpVersion = kind == ComponentKind.ENTITY_CMP
                ? (Optional.ofNullable(bean.attribute("cmp-version")).orElse("2.x").startsWith("1") ? "1.x" : "2.x") : null;
        // Without local-jndi-name, XDoclet's JBoss subtask binds a bean with both views' local home at its name + "Local".
        String localJndi = bean.attribute("local-jndi-name");
        if (localJndi == null && local != null && remote != null && bean.attribute("jndi-name") != null) localJndi = name + "Local";
        return Optional.of(new XDocletBean(kind, name, t, home, remote, localHome, local, txType, transactions,
                bean.attribute("jndi-name"), localJndi, ejbRefs(tags), resourceRefs(tags, t),
                queries, cmpFields, primaryKey, readOnly, cmpVersion, bean.line()));
    }

    /** {@code type} of {@code @ejb.bean}, else what the class implements. */
    private ComponentKind kind(SourceType t, Tag bean) {
        Set<String> supers = supertypes.apply(t);
        boolean session = supers.stream().anyMatch(s -> s.endsWith("SessionBean"));
        boolean entity = supers.stream().anyMatch(s -> s.endsWith("EntityBean"));
        boolean mdb = supers.stream().anyMatch(s -> s.endsWith("MessageDrivenBean"));
        String type = Optional.ofNullable(bean.attribute("type")).orElse("").toLowerCase(Locale.ROOT);
        switch (type) {
            case "stateless": return ComponentKind.STATELESS_SESSION;
            case "stateful": return ComponentKind.STATEFUL_SESSION;
            case "cmp": return ComponentKind.ENTITY_CMP;
            case "bmp": return ComponentKind.ENTITY_BMP;
            default: break;
        }
        if (mdb || bean.attribute("destination-type") != null) return ComponentKind.MESSAGE_DRIVEN;
        if (session) return ComponentKind.STATELESS_SESSION;
        if (entity) {
            boolean isAbstract = t.declaration() instanceof ClassOrInterfaceDeclaration c && c.hasModifier(Modifier.Keyword.ABSTRACT);
            return isAbstract ? ComponentKind.ENTITY_CMP : ComponentKind.ENTITY_BMP;
        }
        return null;
    }

    private String viewPackage(SourceType t, String base, Optional<Tag> intf, Optional<Tag> home) {
        String declared = intf.map(x -> x.attribute("package")).orElse(home.map(x -> x.attribute("package")).orElse(null));
        if (declared != null) return declared;
        Map<String, Integer> votes = new TreeMap<>();
        for (String simple : List.of(base, base + "Home", base + "Local", base + "LocalHome")) {
            for (String fqn : imported.getOrDefault(simple, Set.of())) {
                int dot = fqn.lastIndexOf('.');
                if (dot > 0) votes.merge(fqn.substring(0, dot), 1, Integer::sum);
            }
        }
        Optional<String> voted = votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
        if (voted.isPresent()) return voted.get();
        String own = t.scope().packageName();
        int dot = own.lastIndexOf('.');
        String last = own.substring(dot + 1);
        if (last.equals("ejb") || last.equals("beans")) {
            String substituted = (dot < 0 ? "" : own.substring(0, dot + 1)) + "interfaces";
            if (wildcardImports.contains(substituted)) return substituted;
        }
        return own;
    }

    private static String view(Optional<Tag> tag, String classAttribute, String patternAttribute, String defaultPattern,
                               String base, String pkg) {
        String explicit = tag.map(x -> x.attribute(classAttribute)).orElse(null);
        if (explicit != null) return explicit;
        String pattern = tag.map(x -> x.attribute(patternAttribute)).orElse(null);
        // The plain pattern names the remote view; local views keep their own default.
        if (pattern == null && classAttribute.startsWith("remote")) pattern = tag.map(x -> x.attribute("pattern")).orElse(null);
        if (pattern == null) pattern = defaultPattern;
        String simple = pattern.replace("{0}", base);
        return pkg.isEmpty() ? simple : pkg + "." + simple;
    }

    /** {@code @ejb.finder signature="java.util.Collection findByX(int a)" query="…"}. */
    private static Optional<QueryDefinition> finder(Tag f, TypeScope scope) {
        String signature = f.attribute("signature");
        if (signature == null) return Optional.empty();
        int open = signature.indexOf('(');
        int close = signature.lastIndexOf(')');
        if (open < 0 || close < open) return Optional.empty();
        String[] head = signature.substring(0, open).trim().split("\\s+");
        String method = head[head.length - 1];
        List<String> params = new ArrayList<>();
        for (String p : signature.substring(open + 1, close).split(",")) {
            String[] parts = p.trim().split("\\s+");
            if (parts.length >= 1 && !parts[0].isEmpty()) params.add(javaLang(scope.resolve(parts[0])));
        }
        return Optional.of(new QueryDefinition(method, params, f.attribute("query")));
    }

    /** {@code @ejb.ejb-ref} and {@code @ejb.ejb-external-ref} of a bean, {@code @web.ejb-ref}/{@code @web.ejb-local-ref} of a web component. */
    List<RefRequest> ejbRefs(XDocletTags tags) {
        Map<String, String> bindings = new HashMap<>();
        for (Tag b : tags.all("jboss.ejb-ref-jndi")) {
            if (b.attribute("ref-name") != null) bindings.put(b.attribute("ref-name"), b.attribute("jndi-name"));
        }
        List<RefRequest> out = new ArrayList<>();
        for (Tag r : tags.all("ejb.ejb-ref")) {
            String link = r.attribute("ejb-name");
            if (link == null) continue;
            String name = Optional.ofNullable(r.attribute("ref-name")).orElse("ejb/" + link);
            boolean local = "local".equalsIgnoreCase(r.attribute("view-type"));
            out.add(new RefRequest(new EjbReference(name, local, null, null, link, null, null), bindings.get(name), false));
        }
        for (Tag r : tags.all("ejb.ejb-external-ref")) {
            String name = r.attribute("ref-name");
            if (name == null) continue;
            boolean local = "local".equalsIgnoreCase(r.attribute("view-type"));
            String component = r.attribute("business") != null ? r.attribute("business") : r.attribute("remote");
            out.add(new RefRequest(new EjbReference(name, local, r.attribute("home"), component, r.attribute("link"), null, null),
                    r.attribute("jndi-name") != null ? r.attribute("jndi-name") : bindings.get(name), false));
        }
        for (String tagName : List.of("web.ejb-ref", "web.ejb-local-ref")) {
            boolean local = tagName.endsWith("local-ref");
            for (Tag r : tags.all(tagName)) {
                String name = r.attribute("name");
                if (name == null) continue;
                String component = local ? r.attribute("local") : r.attribute("remote");
                out.add(new RefRequest(new EjbReference(name, local, r.attribute("home"), component, r.attribute("link"),
                        null, null), bindings.get(name), false));
            }
        }
        return out;
    }

    /** {@code @ejb.resource-ref}, {@code @web.resource-ref}, with {@code @jboss.resource-ref} bindings. */
    List<ResourceReference> resourceRefs(XDocletTags tags, SourceType t) {
        Map<String, String> bindings = new HashMap<>();
        for (Tag b : tags.all("jboss.resource-ref")) {
            String ref = b.attribute("res-ref-name") != null ? b.attribute("res-ref-name") : b.attribute("ref-name");
            if (ref != null) bindings.put(ref, b.attribute("jndi-name"));
        }
        List<ResourceReference> out = new ArrayList<>();
        for (Tag r : tags.all("ejb.resource-ref")) {
            String name = r.attribute("res-ref-name");
            if (name == null) continue;
            String jndi = r.attribute("jndi-name") != null ? r.attribute("jndi-name") : bindings.get(name);
            out.add(new ResourceReference(name, r.attribute("res-type"), jndi, null));
        }
        for (Tag r : tags.all("web.resource-ref")) {
            String name = r.attribute("name");
            if (name == null) continue;
            out.add(new ResourceReference(name, r.attribute("type"), r.attribute("jndi-name") != null
                    ? r.attribute("jndi-name") : bindings.get(name), null));
        }
        return out;
    }

    /** {@code getFoo} / {@code isFoo} → {@code foo}; null for other names. */
    private static String property(String method) {
        String rest = method.startsWith("get") ? method.substring(3) : method.startsWith("is") ? method.substring(2) : null;
        if (rest == null || rest.isEmpty()) return null;
        if (rest.length() > 1 && Character.isUpperCase(rest.charAt(1))) return rest;
        return Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
    }

    /** {@code String} → {@code java.lang.String}: what a descriptor would spell; other names as they are. */
    private static String javaLang(String type) {
        if (type.contains(".") || type.isEmpty() || !Character.isUpperCase(type.charAt(0))) return type;
        try {
            Class.forName("java.lang." + type, false, XDocletReader.class.getClassLoader());
            return "java.lang." + type;
        } catch (ClassNotFoundException | LinkageError e) {
            return type;
        }
    }

    static String withoutSuffix(String className) {
        for (String s : CLASS_SUFFIXES) {
            if (className.endsWith(s) && className.length() > s.length()) return className.substring(0, className.length() - s.length());
        }
        return className;
    }

    private static boolean isIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.charAt(0))) return false;
        for (int i = 1; i < s.length(); i++) if (!Character.isJavaIdentifierPart(s.charAt(i))) return false;
        return true;
    }
}
