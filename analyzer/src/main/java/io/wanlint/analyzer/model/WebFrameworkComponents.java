package io.wanlint.analyzer.model;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.WebAction;
import io.wanlint.analyzer.descriptor.Descriptor;
import io.wanlint.analyzer.descriptor.FacesConfigDescriptor;
import io.wanlint.analyzer.descriptor.SpringBeansDescriptor;
import io.wanlint.analyzer.descriptor.StrutsConfigDescriptor;
import io.wanlint.analyzer.descriptor.WebAppDescriptor;
import io.wanlint.analyzer.descriptor.XworkDescriptor;
import io.wanlint.analyzer.ingest.CompiledBeanNames;
import io.wanlint.analyzer.ingest.CompiledClasses;
import io.wanlint.analyzer.ingest.FaceletPages;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.TextFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes web frameworks run per request, from their descriptors, annotations and pages (issue
 * 19 item 10, issue 23 item 4): Struts 1 action mappings ({@code struts-config.xml}, URLs by the
 * {@code ActionServlet}'s mapping in {@code web.xml}, {@code *.do} by default), WebWork/XWork and
 * Struts 2 actions ({@code xwork.xml}, {@code struts.xml}, WebWork 1 {@code actions.xml};
 * {@code /namespace/name.action}), and JSF managed beans ({@code faces-config.xml},
 * {@code @ManagedBean}, {@code @Named} with a scope) with the action methods and properties their
 * pages' {@code #{bean.member}} expressions use. An action class no descriptor maps is none of
 * these: it stays a helper.
 */
final class WebFrameworkComponents {

    /** A class a web framework dispatches to, with every request that reaches it. */
    static final class Declared {
        final String className;
        final String name;
        final ComponentKind kind;
        final Set<String> urls = new LinkedHashSet<>();
        final List<WebAction> actions = new ArrayList<>();
        final List<SourceLocation> declaredIn = new ArrayList<>();

        Declared(String className, String name, ComponentKind kind) {
            this.className = className;
            this.name = name;
            this.kind = kind;
        }
    }

    /** Packages of the frameworks' own action classes ({@code ForwardAction}, {@code ActionSupport}): never application components. */
    private static final List<String> FRAMEWORK_PACKAGES = List.of("org.apache.struts.", "org.apache.struts2.",
            "com.opensymphony.", "webwork.", "javax.", "jakarta.");
    /** Scopes that make a {@code @Named} class a bean pages can use ({@code @Model} is {@code @Named @RequestScoped}). */
    private static final Set<String> SCOPES = Set.of("RequestScoped", "SessionScoped", "ViewScoped", "ConversationScoped",
            "ApplicationScoped", "FlowScoped", "Model");
    /** Names EL resolves itself, and {@code var}s pages commonly bind: never a managed bean. */
    private static final Set<String> IMPLICIT = Set.of("facesContext", "param", "paramValues", "header", "headerValues",
            "request", "session", "application", "view", "cc", "component", "flash", "resource", "initParam", "cookie",
            "requestScope", "sessionScope", "applicationScope", "viewScope", "flowScope", "pageContext", "pageScope");
    private static final Pattern DEFERRED = Pattern.compile("#\\{([^}]*)}");
    private static final Pattern MEMBER = Pattern.compile("(?<![\\w$.'\"])([A-Za-z_$][\\w$]*)\\s*\\.\\s*([A-Za-z_$][\\w$]*)");

    private final List<Descriptor> descriptors;
    private final Map<String, SourceType> types;
    private final Predicate<String> compiled;
    private final Consumer<Diagnostic> diagnostics;
    private final Map<String, Declared> byClass = new LinkedHashMap<>();
    /** Spring beans' classes by id and name: actions of Spring-integrated frameworks are named by their bean. */
    private final Map<String, String> springBeans = new LinkedHashMap<>();
    /** Action URLs declared so far: the first declaration of a URL wins (descriptors in the sources come first). */
    private final Set<String> urls = new java.util.HashSet<>();

    WebFrameworkComponents(List<Descriptor> descriptors, Map<String, SourceType> types, Predicate<String> compiled,
                           Consumer<Diagnostic> diagnostics) {
        this.descriptors = descriptors;
        this.types = types;
        this.compiled = compiled;
        this.diagnostics = diagnostics;
    }

    /** Every class dispatched to, in declaration order. */
    List<Declared> read(List<JspUnit> jsps, List<TextFile> xmlFiles) {
        String strutsPattern = strutsPattern();
        for (Descriptor d : descriptors) {
            if (!(d instanceof SpringBeansDescriptor beans)) continue;
            for (SpringBeansDescriptor.Bean b : beans.beans()) {
                if (b.id() != null) springBeans.putIfAbsent(b.id(), b.className());
                for (String n : b.names()) springBeans.putIfAbsent(n, b.className());
            }
        }
        for (Descriptor d : descriptors) {
            if (d instanceof StrutsConfigDescriptor s) struts(s, strutsPattern);
            if (d instanceof XworkDescriptor x) xwork(x);
        }
        jsf(jsps, xmlFiles);
        return List.copyOf(byClass.values());
    }

    // ---- Struts 1 ----

    /** The first mapping of the Struts {@code ActionServlet} (or a subclass of it) in a web.xml, else {@code *.do}. */
    private String strutsPattern() {
        for (Descriptor d : descriptors) {
            if (!(d instanceof WebAppDescriptor w)) continue;
            for (WebAppDescriptor.Servlet s : w.servlets()) {
                if (s.servletClass() == null || !isActionServlet(s.servletClass())) continue;
                for (WebAppDescriptor.ServletMapping m : w.servletMappings()) {
                    if (s.name() != null && s.name().equals(m.servletName()) && !m.urlPatterns().isEmpty()) {
                        return m.urlPatterns().get(0);
                    }
                }
            }
        }
        return "*.do";
    }

    private boolean isActionServlet(String className) {
        for (String c = className; c != null; ) {
            if (c.equals("org.apache.struts.action.ActionServlet")) return true;
            SourceType t = types.get(c);
            c = t == null ? null : t.superclass();
        }
        return false;
    }

    /** {@code /login} under {@code *.do} is {@code /login.do}; under {@code /do/*} it is {@code /do/login}. */
    static String strutsUrl(String path, String pattern) {
        String p = path.startsWith("/") ? path : "/" + path;
        if (pattern.startsWith("*.")) return p + pattern.substring(1);
        if (pattern.endsWith("/*")) return pattern.substring(0, pattern.length() - 2) + p;
        return p;
    }

    private void struts(StrutsConfigDescriptor config, String pattern) {
        for (StrutsConfigDescriptor.Action a : config.actions()) {
            if (a.type() == null) continue;
            String type = a.type();
            // Spring's proxy runs the bean named by the mapping's path.
            if (type.equals("org.springframework.web.struts.DelegatingActionProxy")) type = springBeans.get(a.path());
            if (type == null) {
                diagnostics.accept(Diagnostic.info(a.location().file(), a.location().line(), "action " + a.path()
                        + ": DelegatingActionProxy with no Spring bean named " + a.path() + "; no entry point"));
                continue;
            }
            if (!applicationClass(type, a.location(), "action " + a.path())) continue;
            String url = strutsUrl(a.path(), pattern);
            if (!urls.add(url)) continue;
            Declared d = declared(type, ComponentKind.WEB_ACTION);
            d.urls.add(url);
            d.actions.add(new WebAction(url, WebAction.Framework.STRUTS1, null, a.parameter(), a.location()));
            d.declaredIn.add(a.location());
        }
    }

    // ---- WebWork / XWork / Struts 2 ----

    private void xwork(XworkDescriptor config) {
        String extension = config.extension() == null ? "action" : config.extension().split(",")[0].trim();
        // One diagnostic per unknown class of a file, naming its actions: dead configuration repeats a class.
        Map<String, List<XworkDescriptor.Action>> unknown = new LinkedHashMap<>();
        for (XworkDescriptor.Action a : config.actions()) {
            if (a.className() == null) continue; // a result-only action runs ActionSupport
            String className = actionClass(a.className());
            if (className == null) {
                unknown.computeIfAbsent(a.className(), k -> new ArrayList<>()).add(a);
                continue;
            }
            if (!applicationClass(className, a.location(), "action " + a.name())) continue;
            String namespace = a.namespace().isEmpty() || a.namespace().equals("/") ? "" : a.namespace();
            if (!namespace.startsWith("/") && !namespace.isEmpty()) namespace = "/" + namespace;
            String url = namespace + "/" + a.name() + (extension.isEmpty() ? "" : "." + extension);
            // A copy of the descriptor (a built WEB-INF/classes next to the sources) declares the same action: one.
            if (!urls.add(url)) continue;
            Declared d = declared(className, ComponentKind.WEB_ACTION);
            String method = a.method();
            if (method != null && (method.contains("{") || method.contains("*"))) {
                diagnostics.accept(Diagnostic.info(a.location().file(), a.location().line(), "action " + a.name()
                        + ": wildcard method '" + method + "' not resolved; entry point on execute()"));
                method = null;
            }
            d.urls.add(url);
            d.actions.add(new WebAction(url, WebAction.Framework.XWORK, method, null, a.location()));
            d.declaredIn.add(a.location());
        }
        unknown.forEach((cls, actions) -> {
            XworkDescriptor.Action first = actions.get(0);
            String names = actions.stream().map(XworkDescriptor.Action::name).limit(5).collect(java.util.stream.Collectors.joining(", "))
                    + (actions.size() > 5 ? ", …" : "");
            diagnostics.accept(Diagnostic.info(first.location().file(), first.location().line(), (actions.size() == 1 ? "action " : actions.size() + " actions (")
                    + names + (actions.size() == 1 ? "" : ")") + ": class " + cls
                    + " is neither a Spring bean nor among the sources (WebWork action packages are not read); no entry point"));
        });
    }

    /**
     * The class of a Spring bean of that name (WebWork/Struts 2 with Spring), else the class as written
     * when it is qualified, else the one application class of that simple name (WebWork 1).
     */
    private String actionClass(String written) {
        if (springBeans.containsKey(written)) return springBeans.get(written);
        if (written.contains(".")) return written;
        String found = null;
        for (SourceType t : types.values()) {
            if (!t.simpleName().equals(written)) continue;
            if (found != null) return null;
            found = t.qualifiedName();
        }
        return found;
    }

    // ---- JSF ----

    private void jsf(List<JspUnit> jsps, List<TextFile> xmlFiles) {
        Map<String, Declared> beans = new LinkedHashMap<>();
        for (Descriptor d : descriptors) {
            if (!(d instanceof FacesConfigDescriptor f)) continue;
            for (FacesConfigDescriptor.ManagedBean b : f.beans()) {
                if (beans.containsKey(b.name())) continue;
                if (!applicationClass(b.className(), b.location(), "managed bean " + b.name())) continue;
                Declared bean = declared(b.className(), ComponentKind.MANAGED_BEAN, b.name());
                bean.declaredIn.add(b.location());
                beans.put(b.name(), bean);
            }
        }
        // Annotated beans become components when a page uses them: a @Named scoped class no page names
        // may be a service of any tier, and keeps the kind the model gives it otherwise.
        Map<String, Candidate> annotated = new LinkedHashMap<>();
        for (SourceType t : types.values()) {
            if (t.isInterface() || t.isAnnotationType()) continue;
            String name = annotatedBeanName(t);
            if (name != null && !beans.containsKey(name)) annotated.putIfAbsent(name, new Candidate(t.qualifiedName(), t.location()));
        }
        List<TextFile> pages = new ArrayList<>();
        for (JspUnit j : jsps) pages.add(j.source());
        for (TextFile f : xmlFiles) if (FaceletPages.isPage(f.path())) pages.add(f);
        // An application shipped as class files: its annotated beans are read from them.
        if (compiled instanceof CompiledClasses cc && !cc.roots().isEmpty()
                && pages.stream().anyMatch(p -> p.text().contains("#{"))) {
            CompiledBeanNames.of(cc.roots()).forEach((name, className) -> {
                if (beans.containsKey(name) || types.containsKey(className)) return;
                annotated.putIfAbsent(name, new Candidate(className, null));
            });
        }
        pages.sort(java.util.Comparator.comparing(TextFile::path));
        Set<String> seen = new java.util.HashSet<>();
        for (TextFile page : pages) {
            String pagePath = pagePath(page);
            Map<String, Integer> unknown = new TreeMap<>();
            List<String> missing = new ArrayList<>();
            Matcher deferred = DEFERRED.matcher(page.text());
            while (deferred.find()) {
                Matcher m = MEMBER.matcher(deferred.group(1));
                while (m.find()) {
                    String beanName = m.group(1), member = m.group(2);
                    Declared bean = beans.get(beanName);
                    Candidate candidate = annotated.get(beanName);
                    if (bean == null && candidate != null) {
                        bean = declared(candidate.className(), ComponentKind.MANAGED_BEAN, beanName);
                        if (candidate.location() != null) bean.declaredIn.add(candidate.location());
                        beans.put(beanName, bean);
                    }
                    if (bean == null) {
                        if (!IMPLICIT.contains(beanName)) unknown.merge(beanName, 1, Integer::sum);
                        continue;
                    }
                    if (!seen.add(beanName + "." + member)) continue;
                    int line = lineOf(page.text(), deferred.start() + m.start());
                    SourceLocation at = new SourceLocation(page.path(), line);
                    if (types.containsKey(bean.className) && !hasMember(bean.className, member)) {
                        missing.add("#{" + beanName + "." + member + "} (line " + line + ")");
                        continue;
                    }
                    bean.actions.add(new WebAction(pagePath + " #{" + beanName + "." + member + "}", WebAction.Framework.JSF,
                            member, null, at));
                    if (!bean.urls.contains(pagePath)) bean.urls.add(pagePath);
                }
            }
            if (!unknown.isEmpty() && (FaceletPages.isPage(page.path()) || !beans.isEmpty() || !annotated.isEmpty())) {
                diagnostics.accept(Diagnostic.info(page.path(), 0, "JSF page " + pagePath + ": " + unknown.size()
                        + " EL name(s) are no managed bean (" + String.join(", ", unknown.keySet())
                        + "); those references are not entry points"));
            }
            if (!missing.isEmpty()) {
                diagnostics.accept(Diagnostic.warning(page.path(), 0, "JSF page " + pagePath + ": no method or getter for "
                        + String.join(", ", missing) + "; not an entry point"));
            }
        }
    }

    /** An annotated bean class (and where it is declared, null for a class file) waiting for a page to use it. */
    private record Candidate(String className, SourceLocation location) {}

    /** The EL name of a {@code @ManagedBean}, or of a {@code @Named} class with a scope (or {@code @Model}); else null. */
    private static String annotatedBeanName(SourceType t) {
        AnnotationExpr managed = null, named = null;
        boolean scoped = false;
        for (AnnotationExpr a : t.declaration().getAnnotations()) {
            String simple = a.getName().getIdentifier();
            switch (simple) {
                case "ManagedBean" -> managed = a;
                case "Named" -> named = a;
                default -> scoped |= SCOPES.contains(simple);
            }
            if (simple.equals("Model")) named = named == null ? a : named;
        }
        if (managed != null && isFacesManagedBean(t, managed)) {
            String n = AnnotationAttributes.string(managed, "name");
            return n != null && !n.isEmpty() ? n : decapitalise(t.simpleName());
        }
        if (named != null && scoped) {
            String n = named.getName().getIdentifier().equals("Named") ? AnnotationAttributes.string(named, "value") : null;
            return n != null && !n.isEmpty() ? n : decapitalise(t.simpleName());
        }
        return null;
    }

    /** {@code javax.annotation.ManagedBean} (Java EE's, not JSF's) names no EL bean. */
    private static boolean isFacesManagedBean(SourceType t, AnnotationExpr a) {
        String resolved = t.scope().resolve(a.getNameAsString());
        return !resolved.equals("javax.annotation.ManagedBean") && !resolved.equals("jakarta.annotation.ManagedBean");
    }

    private static String decapitalise(String s) { return CompiledBeanNames.decapitalise(s); }

    /** Whether the class or a source superclass declares {@code member}, {@code getMember} or {@code isMember}. */
    private boolean hasMember(String className, String member) {
        String cap = member.isEmpty() ? member : Character.toUpperCase(member.charAt(0)) + member.substring(1);
        Set<String> names = Set.of(member, "get" + cap, "is" + cap);
        SourceType t = types.get(className);
        for (int guard = 0; t != null && guard < 50; guard++) {
            for (MethodDeclaration m : t.declaration().getMethods()) if (names.contains(m.getNameAsString())) return true;
            String superclass = t.superclass();
            if (superclass == null) return false;
            // Only source classes are checked: a library superclass may declare it.
            if (!types.containsKey(superclass)) return true;
            t = types.get(superclass);
        }
        return false;
    }

    /**
     * A page's URL path: after {@code META-INF/resources/} for a page a jar of the application serves
     * (Servlet 3 resource jars, JSF resource libraries), else as JSP pages' ({@link JspScanner#pagePath}).
     */
    private static String pagePath(TextFile page) {
        String path = page.path().replace('\\', '/');
        int i = path.lastIndexOf("META-INF/resources/");
        if (i >= 0 && (i == 0 || path.charAt(i - 1) == '/' || path.charAt(i - 1) == '!')) {
            return path.substring(i + "META-INF/resources".length());
        }
        return JspScanner.pagePath(page);
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) if (text.charAt(i) == '\n') line++;
        return line;
    }

    // ---- shared ----

    /**
     * Whether a class a descriptor names is one of the application's: the frameworks' own classes are
     * not, silently; a class neither in the sources nor compiled is not, with a diagnostic.
     */
    private boolean applicationClass(String className, SourceLocation at, String what) {
        if (types.containsKey(className) || compiled.test(className)) return true;
        for (String p : FRAMEWORK_PACKAGES) if (className.startsWith(p)) return false;
        diagnostics.accept(Diagnostic.info(at.file(), at.line(), what + ": class " + className
                + " not found in the sources or compiled classes; no entry point"));
        return false;
    }

    private Declared declared(String className, ComponentKind kind) {
        int dot = className.lastIndexOf('.');
        return declared(className, kind, className.substring(dot + 1));
    }

    private Declared declared(String className, ComponentKind kind, String name) {
        return byClass.computeIfAbsent(className, c -> new Declared(c, name, kind));
    }
}
