package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.refactorings.api.ApiLevel;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.facade.FacadeDescriptors.CopiedRef;
import io.wanlint.refactorings.text.JavaSource;
import io.wanlint.refactorings.text.XmlOutline.Element;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns a {@link FacadeDesign} into the files and descriptor entries of a stateless session façade
 * in the application's own EJB style, and tells the client how to reach it:
 * <ul>
 * <li>EJB 2.x (the beans are declared in an ejb-jar descriptor with home/remote or local views):
 *     remote interface, home and bean class, the {@code <session>} entry with the client's copied
 *     environment references, a {@code Required} container transaction, the vendor JNDI binding, and
 *     the client's {@code <ejb-ref>} (in the web descriptor, or in the client bean's own entry); the
 *     client caches the stub it creates on first use.</li>
 * <li>EJB 3.x / Jakarta ({@code javax} or {@code jakarta} after the client's imports): a
 *     {@code @Remote} business interface and a {@code @Stateless} bean; the client gets it injected
 *     ({@code @EJB}) when the container manages it, else looks it up once by its portable name.</li>
 * </ul>
 * Transfer objects and the optional data-access class are plain classes in the façade's package.
 * Nothing is planned (a reason instead) when a value of its remote interface cannot travel over RMI
 * ({@link RemoteTravel}), the façade already exists, the client cannot be read,
 * or a descriptor it needs is missing or malformed.
 */
public final class FacadeScaffold {
    private FacadeScaffold() {}

    /** What planning gave: the scaffold, or why there is none. */
    public sealed interface Result permits Result.Planned, Result.Declined {
        /** The façade's new files and descriptor edits, and the client's access code. */
        record Planned(Scaffold scaffold) implements Result {}

        /** No scaffold, and the precise reason (with file and line where there is one). */
        record Declined(String why) implements Result {}
    }

    /** The EJB style of the application: what the scaffold generates. */
    enum Style { EJB2, EJB3 }

    /** Component kinds whose instances the container creates, so {@code @EJB} fields are injected. */
    private static final Set<ComponentKind> MANAGED = Set.of(ComponentKind.SERVLET, ComponentKind.FILTER, ComponentKind.LISTENER,
            ComponentKind.TAG_HANDLER, ComponentKind.JAX_RS_RESOURCE, ComponentKind.STATELESS_SESSION, ComponentKind.STATEFUL_SESSION,
            ComponentKind.SINGLETON_SESSION, ComponentKind.MESSAGE_DRIVEN,
            // JSF managed beans (faces-config) get resource injection; Struts/WebWork actions (WEB_ACTION) do not.
            ComponentKind.MANAGED_BEAN);

    /**
     * Files and descriptor edits for the application's EJB style (EJB 2.x or EJB 3/Jakarta), and how
     * the client reaches the façade.
     *
     * @param clientClass the qualified name of the class that will call the façade
     * @param clientFile  its source file, relative to the analysed root
     */
    public static Result plan(FacadeDesign design, String clientClass, String clientFile, RefactoringContext context) {
        return plan(design, clientClass, clientFile, context, TransactionAttribute.REQUIRED);
    }

    /**
     * As {@link #plan(FacadeDesign, String, String, RefactoringContext)}, with the façade's
     * container-managed transaction attribute: {@code NotSupported} keeps code that demarcates its
     * own JDBC transaction ({@code setAutoCommit(false)} … {@code commit()}) legal inside the bean.
     */
    public static Result plan(FacadeDesign design, String clientClass, String clientFile, RefactoringContext context,
                              TransactionAttribute attribute) {
        return plan(design, clientClass, clientFile, context, attribute, false);
    }

    /**
     * As above, for a client whose calling method may be {@code static}: its access helper is then
     * static too (an instance helper does not compile from a static method), and never injected.
     */
    public static Result plan(FacadeDesign design, String clientClass, String clientFile, RefactoringContext context,
                              TransactionAttribute attribute, boolean staticCaller) {
        if (design.methods().isEmpty()) return new Result.Declined("the façade " + design.name() + " has no business method");
        Optional<String> notPatchable = context.whyNotPatchable(clientFile);
        if (notPatchable.isPresent()) return new Result.Declined(notPatchable.get());
        Optional<SourceText> clientText = context.read(clientFile);
        Optional<JavaSource> client = clientText.flatMap(JavaSource::parse);
        if (client.isEmpty()) return new Result.Declined(clientFile + " cannot be read or parsed");
        Optional<String> stuck = RemoteTravel.whyNot(design, client.get(), AppTypes.of(context));
        if (stuck.isPresent()) return new Result.Declined(stuck.get());
        ComponentModel model = context.model();

        String folder = (design.sourceRoot().isEmpty() ? "" : design.sourceRoot() + "/")
                + (design.packageName().isEmpty() ? "" : design.packageName().replace('.', '/') + "/");
        Optional<Component> existing = model.byName(design.name()).or(() -> model.byClass(design.qualified(design.name() + "Bean")));
        if (existing.isPresent()) {
            return new Result.Declined("the application already has a bean " + existing.get().name() + where(existing.get()));
        }
        if (context.exists(folder + design.name() + "Bean.java")) {
            return new Result.Declined(folder + design.name() + "Bean.java already exists");
        }

        Style style = style(model, context.apiLevel(), ejbJarVersionsBelow3(context));
        String ejbPackage = context.apiLevel().ejb();
        Optional<Component> clientComponent = model.byClass(clientClass);
        String member = memberName(client.get(), clientClass, design.name());

        ClientTypes types = clientTypes(client.get(), clientFile, context);
        FacadeSources sources = new FacadeSources(design, ejbPackage, clientText.get().lineEnding(), types.single(), types.wildcards(), attribute);
        FacadeSources.Members members = sources.members();
        List<FileChange> changes = new ArrayList<>();
        Set<String> created = new HashSet<>();
        for (FacadeDesign.TransferObject to : design.transferObjects()) {
            String path = folder + to.name() + ".java";
            if (context.exists(path) || !created.add(path)) continue;
            changes.add(new FileChange.Create(path, sources.transferObject(to)));
        }
        if (design.dao().isPresent()) {
            String path = folder + design.dao().get() + ".java";
            if (context.exists(path)) return new Result.Declined(path + " already exists");
            changes.add(new FileChange.Create(path, sources.dao(design.dao().get(), members)));
        }

        if (style == Style.EJB3) {
            changes.add(new FileChange.Create(folder + design.name() + ".java", sources.ejb3Business()));
            changes.add(new FileChange.Create(folder + design.name() + "Bean.java", sources.ejb3Bean(members)));
            Map<String, Optional<Element>> outlines = new TreeMap<>();
            Optional<String> listing = mainEjbJar(model, context, outlines)
                    .filter(f -> outline(f, context, outlines).flatMap(r -> r.child("enterprise-beans"))
                            .filter(b -> !b.children("session").isEmpty()).isPresent());
            if (listing.isPresent()) {
                changes.add(new FileChange.Edit(listing.get(), FacadeDescriptors.ejb3Entry(context.read(listing.get()).orElseThrow(),
                        outline(listing.get(), context, outlines).orElseThrow(), design, attribute)));
            }
            boolean managed = clientComponent.map(c -> MANAGED.contains(c.kind())).orElse(false) || cdiManaged(client.get(), clientClass);
            ClientAccess access = managed && !staticCaller ? FacadeSources.ejb3Injected(design, ejbPackage, member)
                    : FacadeSources.ejb3LookedUp(design, ejbPackage, member, staticCaller);
            return new Result.Planned(new Scaffold(changes, access));
        }

        changes.add(new FileChange.Create(folder + design.name() + ".java", sources.ejb2Remote()));
        changes.add(new FileChange.Create(folder + design.name() + "Home.java", sources.ejb2Home()));
        changes.add(new FileChange.Create(folder + design.name() + "Bean.java", sources.ejb2Bean(members)));
        Optional<String> whyNot = ejb2Descriptors(design, clientClass, clientComponent, context, changes, attribute);
        if (whyNot.isPresent()) return new Result.Declined(whyNot.get());
        return new Result.Planned(new Scaffold(changes, FacadeSources.ejb2Access(design, ejbPackage, member, staticCaller)));
    }

    /** Adds the EJB 2.x descriptor edits to {@code changes}, or says why one cannot be made. */
    private static Optional<String> ejb2Descriptors(FacadeDesign design, String clientClass, Optional<Component> clientComponent,
                                          RefactoringContext context, List<FileChange> changes, TransactionAttribute attribute) {
        ComponentModel model = context.model();
        Map<String, Optional<Element>> outlines = new TreeMap<>();
        Optional<Component> clientBean = clientComponent.filter(c -> c.kind().isEjb());
        Optional<String> ejbJar = clientBean.flatMap(c -> descriptorOf(c, "ejb-jar", context, outlines)).or(() -> mainEjbJar(model, context, outlines));
        if (ejbJar.isEmpty()) return Optional.of("no ejb-jar descriptor declares the application's beans; the façade "
                + design.name() + " has nowhere to be declared");
        SourceText jarText = context.read(ejbJar.get()).orElseThrow();
        Element jarRoot = outline(ejbJar.get(), context, outlines).orElseThrow();
        if (jarRoot.child("enterprise-beans").isEmpty()) return Optional.of(ejbJar.get() + " has no <enterprise-beans>");

        Map<String, List<TextEdit>> edits = new LinkedHashMap<>();
        List<CopiedRef> refs;
        if (clientBean.isPresent()) {
            Optional<Element> entry = beanEntry(jarRoot, clientBean.get().name());
            if (entry.isEmpty()) return Optional.of(ejbJar.get() + " has no entry for " + clientBean.get().name());
            if (hasEjbRef(entry.get(), design.name())) {
                return Optional.of(ejbJar.get() + ": " + clientBean.get().name() + " already declares ejb/" + design.name());
            }
            refs = FacadeDescriptors.references(jarText, entry.get(), design.envRefNames());
            edits.computeIfAbsent(ejbJar.get(), k -> new ArrayList<>()).add(FacadeDescriptors.ejbRefIn(jarText, entry.get(), design, false));
        } else {
            // A helper class's code runs in the component that called it: each calling bean needs the ref in its own entry.
            List<Component> callers = callerComponents(clientClass, context);
            List<Component> beanCallers = callers.stream().filter(c -> c.kind().isEjb()).toList();
            Optional<String> web = clientComponent.filter(c -> c.kind().isWeb()).flatMap(c -> descriptorOf(c, "web-app", context, outlines))
                    .or(() -> callers.stream().filter(c -> c.kind().isWeb()).map(c -> descriptorOf(c, "web-app", context, outlines))
                            .flatMap(Optional::stream).findFirst())
                    .or(() -> mainWebDescriptor(model, context, outlines));
            boolean webCalls = clientComponent.map(c -> c.kind().isWeb()).orElse(false) || beanCallers.size() < callers.size() || callers.isEmpty();
            refs = List.of();
            if (webCalls) {
                if (web.isEmpty()) return Optional.of("no web descriptor (web.xml) to declare the façade's ejb-ref java:comp/env/ejb/"
                        + design.name() + " in");
                SourceText webText = context.read(web.get()).orElseThrow();
                Element webRoot = outline(web.get(), context, outlines).orElseThrow();
                if (hasEjbRef(webRoot, design.name())) return Optional.of(web.get() + " already declares ejb/" + design.name());
                refs = FacadeDescriptors.references(webText, webRoot, design.envRefNames());
                edits.computeIfAbsent(web.get(), k -> new ArrayList<>()).add(FacadeDescriptors.ejbRefIn(webText, webRoot, design, true));
                webVendorMappings(web.get(), design, jndiName(design, ejbJar.get(), context, outlines), context, outlines, edits);
            }
            List<CopiedRef> beanRefs = new ArrayList<>();
            for (Component bean : beanCallers) {
                Optional<String> file = descriptorOf(bean, "ejb-jar", context, outlines);
                if (file.isEmpty()) return Optional.of(bean.name() + " calls " + clientClass + " but no patchable ejb-jar descriptor declares it");
                SourceText text = context.read(file.get()).orElseThrow();
                Optional<Element> entry = outline(file.get(), context, outlines).flatMap(r -> beanEntry(r, bean.name()));
                if (entry.isEmpty()) return Optional.of(file.get() + " has no entry for " + bean.name() + ", which calls " + clientClass);
                if (hasEjbRef(entry.get(), design.name())) continue;
                for (CopiedRef r : FacadeDescriptors.references(text, entry.get(), design.envRefNames())) {
                    if (refs.stream().noneMatch(x -> x.text().equals(r.text())) && !beanRefs.contains(r)) beanRefs.add(r);
                }
                edits.computeIfAbsent(file.get(), k -> new ArrayList<>()).add(FacadeDescriptors.ejbRefIn(text, entry.get(), design, false));
            }
            if (!beanRefs.isEmpty()) {
                List<CopiedRef> all = new ArrayList<>(refs);
                all.addAll(beanRefs);
                refs = all;
            }
        }
        edits.computeIfAbsent(ejbJar.get(), k -> new ArrayList<>()).addAll(FacadeDescriptors.ejbJar(jarText, jarRoot, design, refs, attribute));
        String jndi = jndiName(design, ejbJar.get(), context, outlines);
        for (String vendor : vendorDescriptors(ejbJar.get(), context)) {
            Optional<SourceText> text = context.read(vendor);
            Optional<Element> root = outline(vendor, context, outlines);
            if (text.isEmpty() || root.isEmpty()) continue;
            FacadeDescriptors.vendorBinding(text.get(), root.get(), design, jndi)
                    .ifPresent(e -> edits.computeIfAbsent(vendor, k -> new ArrayList<>()).add(e));
        }
        edits.forEach((file, list) -> changes.add(new FileChange.Edit(file, list)));
        return Optional.empty();
    }

    /**
     * EJB 2.x when the application's level has no annotations (J2EE 1.4 or older descriptors), or
     * when a {@code javax} application declares beans with home or component interfaces in an
     * ejb-jar descriptor (its own style) and injects none of its beans; a Jakarta application always
     * gets EJB 3 style, since {@code javax.rmi} narrowing does not exist there. An application that
     * already wires beans by {@code @EJB} (issue 21.5) wires the façade so too, unless one of its
     * ejb-jar descriptors is older than EJB 3.0 (which could not declare an annotated bean's entry).
     *
     * @param oldEjbJars whether an ejb-jar descriptor of the application declares a version below 3.0
     */
    static Style style(ComponentModel model, ApiLevel level, boolean oldEjbJars) {
        if (!level.annotations()) return Style.EJB2;
        if (level.jakarta()) return Style.EJB3;
        if (!oldEjbJars && injectsBeans(model)) return Style.EJB3;
        for (Component c : model.components()) {
            if (!c.kind().isEjb()) continue;
            var i = c.interfaces();
            boolean views = i.home() != null || i.remote() != null || i.localHome() != null || i.local() != null;
            if (views && c.declaredIn().stream().anyMatch(l -> l.file().toLowerCase().endsWith(".xml") && !l.file().contains("!/"))) return Style.EJB2;
        }
        return Style.EJB3;
    }

    /** Whether a component of the application gets a bean injected ({@code @EJB}, {@code @Inject}) rather than looking it up. */
    private static boolean injectsBeans(ComponentModel model) {
        return model.components().stream().flatMap(c -> c.ejbRefs().stream()).anyMatch(r -> r.injectionField() != null);
    }

    private static final java.util.regex.Pattern EJB_JAR_VERSION = java.util.regex.Pattern.compile(
            "<(?:[\\w-]+:)?ejb-jar\\b[^>]*\\bversion\\s*=\\s*[\"'](\\d+)");

    /** Whether some ejb-jar descriptor declares EJB 2.x or 1.x (by its version attribute or its DTD). */
    private static boolean ejbJarVersionsBelow3(RefactoringContext context) {
        for (String f : context.filesNamed("ejb-jar.xml")) {
            Optional<SourceText> text = context.read(f);
            if (text.isEmpty()) continue;
            String t = text.get().text();
            if (t.contains("DTD Enterprise JavaBeans")) return true;
            java.util.regex.Matcher m = EJB_JAR_VERSION.matcher(t);
            if (m.find() && Integer.parseInt(m.group(1)) < 3) return true;
        }
        return false;
    }

    /** CDI scopes and stereotypes: a class so annotated is created by the container, which injects its {@code @EJB} fields. */
    private static final Set<String> CDI_MANAGED = Set.of("Named", "RequestScoped", "SessionScoped", "ApplicationScoped", "ConversationScoped",
            "Dependent", "ViewScoped", "Model", "Singleton", "Stateless", "Stateful", "ManagedBean");

    /**
     * Whether the client class is a CDI bean (a scope or {@code @Named}, or {@code @Inject} members):
     * it gets the façade by {@code @EJB} like a servlet does, never by {@code @Inject}, because a
     * session bean's remote business interface is not one of its CDI bean types.
     */
    private static boolean cdiManaged(JavaSource client, String clientClass) {
        Optional<TypeDeclaration<?>> type = client.type(clientClass.substring(clientClass.lastIndexOf('.') + 1));
        if (type.isEmpty()) return false;
        if (type.get().getAnnotations().stream().anyMatch(a -> CDI_MANAGED.contains(a.getName().getIdentifier()))) return true;
        return type.get().getMembers().stream().anyMatch(m -> m.getAnnotations().stream().anyMatch(a -> a.getName().getIdentifier().equals("Inject")));
    }

    /** The field (and accessor) name for the façade in the client: {@code viewItemFacade}, unless the client already uses it. */
    private static String memberName(JavaSource client, String clientClass, String facadeName) {
        String base = FacadeSources.lowerFirst(facadeName);
        Optional<TypeDeclaration<?>> type = client.type(clientClass.substring(clientClass.lastIndexOf('.') + 1));
        if (type.isEmpty()) return base;
        for (String candidate : List.of(base, base + "Facade", base + "Ref")) {
            if (type.get().getFieldByName(candidate).isEmpty() && type.get().getMethodsByName(candidate).isEmpty()) return candidate;
        }
        return base + "Ref";
    }

    private record ClientTypes(Set<String> single, List<String> wildcards) {}

    /** The client's imports and the classes of its package: what the copied code may name by simple name. */
    private static ClientTypes clientTypes(JavaSource client, String clientFile, RefactoringContext context) {
        Set<String> single = new LinkedHashSet<>();
        List<String> wildcards = new ArrayList<>();
        for (ImportDeclaration i : client.unit().getImports()) {
            if (i.isStatic()) continue;
            if (i.isAsterisk()) wildcards.add(i.getNameAsString()); else single.add(i.getNameAsString());
        }
        Optional<String> pkg = client.unit().getPackageDeclaration().map(p -> p.getNameAsString());
        int slash = clientFile.lastIndexOf('/');
        String dir = slash < 0 ? "" : clientFile.substring(0, slash + 1);
        if (pkg.isPresent()) {
            for (AnalyzedFile f : context.files()) {
                String p = f.path();
                if (p.startsWith(dir) && p.endsWith(".java") && p.indexOf('/', dir.length()) < 0 && !p.equals(clientFile)) {
                    single.add(pkg.get() + "." + p.substring(dir.length(), p.length() - ".java".length()));
                }
            }
        }
        return new ClientTypes(single, wildcards);
    }

    /** The descriptor file with the given root element that declares {@code c}. */
    private static Optional<String> descriptorOf(Component c, String rootName, RefactoringContext context, Map<String, Optional<Element>> outlines) {
        return c.declaredIn().stream().map(SourceLocation::file).filter(f -> f.toLowerCase().endsWith(".xml"))
                .filter(f -> outline(f, context, outlines).filter(r -> r.name().equals(rootName)).isPresent()).findFirst();
    }

    /** The ejb-jar descriptor declaring the most beans (first by path on a tie), else any file named ejb-jar.xml. */
    private static Optional<String> mainEjbJar(ComponentModel model, RefactoringContext context, Map<String, Optional<Element>> outlines) {
        return mostDeclaring(model, context, outlines, "ejb-jar", ComponentKind::isEjb)
                .or(() -> context.filesNamed("ejb-jar.xml").stream()
                        .filter(f -> outline(f, context, outlines).filter(r -> r.name().equals("ejb-jar")).isPresent()).findFirst());
    }

    private static Optional<String> mainWebDescriptor(ComponentModel model, RefactoringContext context, Map<String, Optional<Element>> outlines) {
        return mostDeclaring(model, context, outlines, "web-app", ComponentKind::isWeb)
                .or(() -> context.filesNamed("web.xml").stream()
                        .filter(f -> outline(f, context, outlines).filter(r -> r.name().equals("web-app")).isPresent()).findFirst());
    }

    private static Optional<String> mostDeclaring(ComponentModel model, RefactoringContext context, Map<String, Optional<Element>> outlines,
                                                  String rootName, java.util.function.Predicate<ComponentKind> kinds) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Component c : model.components()) {
            if (!kinds.test(c.kind())) continue;
            for (SourceLocation l : c.declaredIn()) {
                if (l.file().toLowerCase().endsWith(".xml") && context.whyNotPatchable(l.file()).isEmpty()) counts.merge(l.file(), 1, Integer::sum);
            }
        }
        return counts.entrySet().stream()
                .filter(e -> outline(e.getKey(), context, outlines).filter(r -> r.name().equals(rootName)).isPresent())
                .max(Comparator.comparingInt((Map.Entry<String, Integer> e) -> e.getValue()).thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                .map(Map.Entry::getKey);
    }

    /** Vendor EJB descriptors that bind a bean to a global JNDI name. */
    private static final List<String> VENDOR_EJB_DESCRIPTORS = List.of("jboss.xml", "weblogic-ejb-jar.xml", "sun-ejb-jar.xml",
            "glassfish-ejb-jar.xml", "openejb-jar.xml", "ibm-ejb-jar-bnd.xml", "orion-ejb-jar.xml");

    /** Vendor web descriptors that map a web module's ejb-ref to a global JNDI name. */
    private static final List<String> VENDOR_WEB_DESCRIPTORS = List.of("jboss-web.xml", "weblogic.xml", "sun-web.xml", "glassfish-web.xml",
            "ibm-web-bnd.xml", "orion-web.xml");

    /** The façade's global JNDI name, after the convention of the first vendor EJB descriptor that shows one. */
    private static String jndiName(FacadeDesign design, String ejbJar, RefactoringContext context, Map<String, Optional<Element>> outlines) {
        for (String vendor : vendorDescriptors(ejbJar, context)) {
            Optional<Element> root = outline(vendor, context, outlines);
            if (root.isEmpty()) continue;
            List<Element> entries = root.get().child("enterprise-beans").map(Element::children).orElse(root.get().children());
            String name = FacadeDescriptors.jndiName(entries, design.name());
            if (!name.equals(design.name() + "Home")) return name;
        }
        return design.name() + "Home";
    }

    /** The web module's vendor descriptors (next to its web.xml) map the façade's ejb-ref to the bean's global name. */
    private static void webVendorMappings(String webXml, FacadeDesign design, String jndi, RefactoringContext context,
                                          Map<String, Optional<Element>> outlines, Map<String, List<TextEdit>> edits) {
        String dir = webXml.contains("/") ? webXml.substring(0, webXml.lastIndexOf('/') + 1) : "";
        for (String name : VENDOR_WEB_DESCRIPTORS) {
            String file = context.filesNamed(name).stream().filter(f -> f.equalsIgnoreCase(dir + name)).findFirst().orElse(null);
            if (file == null) continue;
            Optional<SourceText> text = context.read(file);
            Optional<Element> root = outline(file, context, outlines);
            if (text.isEmpty() || root.isEmpty()) continue;
            FacadeDescriptors.webRefMapping(text.get(), root.get(), design, jndi)
                    .ifPresent(e -> edits.computeIfAbsent(file, k -> new ArrayList<>()).add(e));
        }
    }

    /**
     * The components whose code reaches {@code clientClass} through the call graph (the class itself
     * when it is one), by class: the moved code runs in each of them, with its {@code java:comp/env}.
     */
    static List<Component> callerComponents(String clientClass, RefactoringContext context) {
        ComponentModel model = context.model();
        Map<String, Set<String>> callersOf = new java.util.HashMap<>();
        if (context.analysis().callGraph() != null) {
            for (var e : context.analysis().callGraph().edges()) {
                String from = e.from().className();
                String to = e.to().className();
                if (!from.equals(to)) callersOf.computeIfAbsent(to, k -> new LinkedHashSet<>()).add(from);
            }
        }
        Set<String> seen = new LinkedHashSet<>(List.of(clientClass));
        java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>(seen);
        List<Component> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            String c = queue.poll();
            Optional<Component> component = model.byClass(c).filter(x -> x.kind().isEjb() || x.kind().isWeb());
            if (component.isPresent()) {
                if (!out.contains(component.get())) out.add(component.get());
                continue; // a component's own callers reach it through its interface or a request, not this code
            }
            for (String caller : callersOf.getOrDefault(c, Set.of())) if (seen.add(caller)) queue.add(caller);
        }
        return out;
    }

    /** Vendor EJB descriptors next to the ejb-jar descriptor, else anywhere in the application. */
    private static List<String> vendorDescriptors(String ejbJar, RefactoringContext context) {
        String dir = ejbJar.contains("/") ? ejbJar.substring(0, ejbJar.lastIndexOf('/') + 1) : "";
        List<String> out = new ArrayList<>();
        for (String name : VENDOR_EJB_DESCRIPTORS) {
            List<String> all = context.filesNamed(name);
            all.stream().filter(f -> f.equalsIgnoreCase(dir + name)).findFirst().or(() -> all.stream().findFirst()).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<Element> beanEntry(Element ejbJarRoot, String ejbName) {
        return ejbJarRoot.child("enterprise-beans").stream().flatMap(b -> b.children().stream())
                .filter(e -> e.childText("ejb-name").filter(ejbName::equals).isPresent()).findFirst();
    }

    private static boolean hasEjbRef(Element owner, String facadeName) {
        return owner.children().stream().filter(c -> c.name().equals("ejb-ref") || c.name().equals("ejb-local-ref"))
                .anyMatch(r -> r.childText("ejb-ref-name").filter(n -> n.equals("ejb/" + facadeName)).isPresent());
    }

    private static Optional<Element> outline(String file, RefactoringContext context, Map<String, Optional<Element>> outlines) {
        return outlines.computeIfAbsent(file, f -> context.read(f).flatMap(FacadeDescriptors::outline));
    }

    private static String where(Component c) {
        return c.declaredIn().isEmpty() ? "" : " (" + c.declaredIn().get(0) + ")";
    }
}
