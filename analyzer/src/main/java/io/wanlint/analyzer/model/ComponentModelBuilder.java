package io.wanlint.analyzer.model;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.analyzer.descriptor.Descriptor;
import io.wanlint.analyzer.descriptor.DescriptorReader;
import io.wanlint.analyzer.descriptor.EjbJarDescriptor;
import io.wanlint.analyzer.descriptor.EjbRefDeclaration;
import io.wanlint.analyzer.descriptor.HibernateMappingDescriptor;
import io.wanlint.analyzer.descriptor.BeanBinding;
import io.wanlint.analyzer.descriptor.JndiBinding;
import io.wanlint.analyzer.descriptor.ResourceRefDeclaration;
import io.wanlint.analyzer.descriptor.TagLibraryDescriptor;
import io.wanlint.analyzer.ingest.CompiledClasses;
import io.wanlint.analyzer.ingest.JavaNames;
import io.wanlint.analyzer.descriptor.WebAppDescriptor;
import io.wanlint.analyzer.descriptor.VendorBindings;
import io.wanlint.analyzer.vendor.ContainerVendor;
import io.wanlint.analyzer.vendor.Jboss;
import io.wanlint.analyzer.vendor.Weblogic;
import io.wanlint.analyzer.ingest.BuildOutput;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.ingest.XDocletTags;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Builds the {@link ComponentModel} (docs/architecture.md §Model) from parsed sources, JSPs and descriptor files.
 *
 * <p>Descriptor entries override annotations as the EJB specification says; a class becomes one
 * component (except a servlet class declared under several servlet names); every class that is
 * not a component of a Java EE kind becomes a DAO or PLAIN helper so the call graph can place it.
 * Stateless and reusable: each {@link #build} call works on its own state.
 */
public final class ComponentModelBuilder {
    private final DescriptorReader descriptorReader = new DescriptorReader();

    /**
     * @param units    parsed Java sources of the application
     * @param jsps     translated JSP pages
     * @param xmlFiles XML files that may be descriptors (recognised by their root element)
     */
    public ModelOutcome build(List<JavaUnit> units, List<JspUnit> jsps, List<TextFile> xmlFiles) {
        return build(units, jsps, xmlFiles, CompiledClasses.NONE);
    }

    /**
     * As {@link #build(List, List, List)}, where a class named by a descriptor may also be a
     * compiled class of the application (applications shipped without all their sources).
     *
     * @param compiled whether a class of this binary name is among the compiled classes
     */
    public ModelOutcome build(List<JavaUnit> units, List<JspUnit> jsps, List<TextFile> xmlFiles, Predicate<String> compiled) {
        return build(units, jsps, xmlFiles, compiled, CompiledTypes.NONE);
    }

    /**
     * As {@link #build(List, List, List, Predicate)}, where the annotations of compiled classes
     * that have no source declare components as annotations in sources do (an application shipped
     * without sources and without descriptors); sources and descriptors win.
     */
    public ModelOutcome build(List<JavaUnit> units, List<JspUnit> jsps, List<TextFile> xmlFiles, Predicate<String> compiled,
                              CompiledTypes compiledTypes) {
        return new Assembly(units, jsps, xmlFiles, compiled, compiledTypes).run();
    }

    private static final List<String> SERVLET_PACKAGES = List.of("javax.servlet", "jakarta.servlet");
    private static final List<String> HTTP_PACKAGES = List.of("javax.servlet.http", "jakarta.servlet.http");
    private static final List<String> TAG_PACKAGES = List.of("javax.servlet.jsp.tagext", "jakarta.servlet.jsp.tagext");

    /** An API supertype recognised by simple name in either namespace. */
    private record ApiType(String simpleName, List<String> packages) {
        boolean matches(String resolved) {
            if (resolved.equals(simpleName)) return true; // reached through a wildcard import
            for (String p : packages) if (resolved.equals(p + "." + simpleName)) return true;
            return false;
        }
    }

    private static final List<ApiType> SERVLET_TYPES = List.of(new ApiType("HttpServlet", HTTP_PACKAGES),
            new ApiType("GenericServlet", SERVLET_PACKAGES), new ApiType("Servlet", SERVLET_PACKAGES));
    private static final List<ApiType> FILTER_TYPES = List.of(new ApiType("Filter", SERVLET_PACKAGES));
    private static final List<ApiType> LISTENER_TYPES = List.of(
            new ApiType("ServletContextListener", SERVLET_PACKAGES),
            new ApiType("ServletContextAttributeListener", SERVLET_PACKAGES),
            new ApiType("ServletRequestListener", SERVLET_PACKAGES),
            new ApiType("ServletRequestAttributeListener", SERVLET_PACKAGES),
            new ApiType("HttpSessionListener", HTTP_PACKAGES),
            new ApiType("HttpSessionAttributeListener", HTTP_PACKAGES),
            new ApiType("HttpSessionIdListener", HTTP_PACKAGES));
    private static final List<ApiType> TAG_TYPES = List.of(new ApiType("TagSupport", TAG_PACKAGES),
            new ApiType("BodyTagSupport", TAG_PACKAGES), new ApiType("SimpleTagSupport", TAG_PACKAGES),
            new ApiType("Tag", TAG_PACKAGES), new ApiType("BodyTag", TAG_PACKAGES),
            new ApiType("IterationTag", TAG_PACKAGES), new ApiType("SimpleTag", TAG_PACKAGES));

    /** The state of one build. */
    private final class Assembly {
        private final List<JavaUnit> units;
        private final List<JspUnit> jsps;
        private final List<TextFile> xmlFiles;
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final List<Descriptor> descriptors = new ArrayList<>();
        private final Map<String, SourceType> types = new TreeMap<>();
        private final List<Draft> drafts = new ArrayList<>();
        private final Map<String, List<Draft>> byClass = new HashMap<>();
        private final Map<String, Draft> ejbByName = new HashMap<>();
        private final Map<String, Draft> jspByPath = new TreeMap<>();
        private final Map<String, Set<String>> externalSupertypes = new HashMap<>();
        private TagLibraries tagLibraries = TagLibraries.EMPTY;
        private AnnotationReader annotations;
        private XDocletReader xdoclet;
        /** Components only XDoclet tags declare: their references come from the tags too. */
        private final Set<Draft> tagDeclared = new HashSet<>();
        private final Predicate<String> compiled;

        /** Annotated compiled classes without a source, by binary name. */
        private final Map<String, CompiledType> compiledTypes = new LinkedHashMap<>();
        private CompiledAnnotationReader compiledReader;

        Assembly(List<JavaUnit> units, List<JspUnit> jsps, List<TextFile> xmlFiles, Predicate<String> compiled,
                 CompiledTypes compiledTypes) {
            this.compiled = compiled;
            for (CompiledType t : compiledTypes.types()) this.compiledTypes.put(t.name(), t);
            diagnostics.addAll(compiledTypes.diagnostics());
            this.units = units.stream().sorted(Comparator.comparing(u -> u.source().path(), BuildOutput.SOURCES_FIRST)).toList();
            this.jsps = jsps.stream().sorted(Comparator.comparing(JspUnit::pagePath)).toList();
            // Descriptors in the sources first: their declarations win over copies in built archives.
            this.xmlFiles = xmlFiles.stream().sorted(Comparator.comparing(TextFile::path, BuildOutput.SOURCES_FIRST)).toList();
        }

        ModelOutcome run() {
            for (TextFile f : xmlFiles) {
                try {
                    descriptorReader.read(f, diagnostics::add).ifPresent(descriptors::add);
                } catch (RuntimeException | StackOverflowError e) {
                    // A descriptor the mapper cannot handle is lost alone, with a diagnostic naming it.
                    diagnostics.add(Diagnostic.error(f.path(), 0, "descriptor could not be read: internal error ("
                            + e.getClass().getSimpleName() + ")"));
                }
            }
            indexSources();
            annotations = new AnnotationReader(types);
            xdoclet = new XDocletReader(units, types.keySet(), this::externalSupertypes);
            types.keySet().forEach(compiledTypes::remove); // a source wins over its class file
            compiledReader = new CompiledAnnotationReader(compiledTypes);
            buildEjbs();
            applyVendorDescriptors();
            buildWebModules();
            buildTagLibraries();
            buildWebFrameworks();
            buildHibernateMappings();
            classifyRemainingTypes();
            classifyCompiledTypes();
            attachSourceReferences();
            attachWebModuleReferences();
            disambiguateNames();
            List<Component> components = resolveAndFreeze();
            return new ModelOutcome(new ComponentModel(components), diagnostics, tagLibraries, descriptors);
        }

        private <T extends Descriptor> List<T> descriptorsOf(Class<T> type) {
            return descriptors.stream().filter(type::isInstance).map(type::cast).toList();
        }

        // ---- sources -------------------------------------------------------------------------

        private void indexSources() {
            Set<String> names = new HashSet<>();
            for (JavaUnit u : units) {
                String pkg = u.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
                for (TypeDeclaration<?> t : u.unit().getTypes()) names.add(qualified(pkg, t.getNameAsString()));
            }
            Set<String> appTypes = Set.copyOf(names);
            for (JavaUnit u : units) {
                CompilationUnit cu = u.unit();
                TypeScope scope = new TypeScope(cu, appTypes);
                for (TypeDeclaration<?> t : cu.getTypes()) {
                    String fqn = scope.qualify(t.getNameAsString());
                    int line = t.getName().getBegin().map(p -> p.line).orElse(0);
                    SourceLocation at = new SourceLocation(u.source().path(), line);
                    SourceType existing = types.get(fqn);
                    if (existing != null) {
                        diagnostics.add(Diagnostic.warning(at.file(), line, "class " + fqn + " is also defined in "
                                + existing.location().file() + "; using that one"));
                        continue;
                    }
                    String superclass = null;
                    List<String> interfaces = new ArrayList<>();
                    if (t instanceof ClassOrInterfaceDeclaration c) {
                        if (c.isInterface()) {
                            for (ClassOrInterfaceType x : c.getExtendedTypes()) interfaces.add(scope.resolve(x.getNameWithScope()));
                        } else {
                            superclass = c.getExtendedTypes().stream().findFirst()
                                    .map(x -> scope.resolve(x.getNameWithScope())).orElse(null);
                            for (ClassOrInterfaceType x : c.getImplementedTypes()) interfaces.add(scope.resolve(x.getNameWithScope()));
                        }
                    } else if (t instanceof EnumDeclaration e) {
                        for (ClassOrInterfaceType x : e.getImplementedTypes()) interfaces.add(scope.resolve(x.getNameWithScope()));
                    } else if (t instanceof RecordDeclaration r) {
                        for (ClassOrInterfaceType x : r.getImplementedTypes()) interfaces.add(scope.resolve(x.getNameWithScope()));
                    }
                    types.put(fqn, new SourceType(fqn, t.getNameAsString(), t, u, scope, superclass, interfaces, at));
                }
            }
        }

        private Set<String> externalSupertypes(SourceType t) {
            return externalSupertypes(t.qualifiedName());
        }

        /** Names of the non-application supertypes of a type, through its application supertypes. */
        private Set<String> externalSupertypes(String fqn) {
            Set<String> cached = externalSupertypes.get(fqn);
            if (cached != null) return cached;
            externalSupertypes.put(fqn, Set.of()); // breaks cycles in broken code
            Set<String> out = new LinkedHashSet<>();
            SourceType t = types.get(fqn);
            if (t != null) {
                List<String> supers = new ArrayList<>(t.interfaces());
                if (t.superclass() != null) supers.add(t.superclass());
                for (String s : supers) {
                    if (types.containsKey(s)) out.addAll(externalSupertypes(s));
                    else out.add(s);
                }
            }
            Set<String> result = Set.copyOf(out);
            externalSupertypes.put(fqn, result);
            return result;
        }

        private boolean isA(SourceType t, List<ApiType> apiTypes) {
            for (String s : externalSupertypes(t.qualifiedName())) {
                for (ApiType a : apiTypes) if (a.matches(s)) return true;
            }
            return false;
        }

        private Draft draft(String name, boolean nameFromClass, ComponentKind kind, String className) {
            Draft d = new Draft(name, nameFromClass, kind, className);
            SourceType source = className == null ? null : types.get(className);
            if (source != null) {
                d.source = source;
                d.path = source.location().file();
            }
            drafts.add(d);
            if (className != null && !kind.equals(ComponentKind.JSP)) byClass.computeIfAbsent(className, k -> new ArrayList<>()).add(d);
            return d;
        }

        private void addSourceLocation(Draft d) {
            if (d.source != null) d.declaredAt(d.source.location());
        }

        // ---- EJBs ----------------------------------------------------------------------------

        private record KeptBean(EjbJarDescriptor.Bean bean, EjbJarDescriptor descriptor) {}

        private void buildEjbs() {
            List<EjbJarDescriptor> ejbJars = descriptorsOf(EjbJarDescriptor.class);
            Map<String, List<KeptBean>> declared = new TreeMap<>();
            for (EjbJarDescriptor d : ejbJars) {
                for (EjbJarDescriptor.Bean b : d.beans()) {
                    if (b.ejbName() == null) {
                        diagnostics.add(Diagnostic.warning(b.location().file(), b.location().line(),
                                "bean without <ejb-name> ignored"));
                        continue;
                    }
                    declared.computeIfAbsent(b.ejbName(), k -> new ArrayList<>()).add(new KeptBean(b, d));
                }
            }
            Map<String, KeptBean> kept = new TreeMap<>();
            declared.forEach((name, candidates) -> {
                List<KeptBean> sorted = candidates.stream().sorted(Comparator
                        .comparing((KeptBean k) -> !fileName(k.descriptor().file()).equals("ejb-jar.xml"))
                        .thenComparing(k -> k.descriptor().file(), BuildOutput.SOURCES_FIRST)
                        .thenComparingInt(k -> k.bean().location().line())).toList();
                KeptBean winner = sorted.get(0);
                kept.put(name, winner);
                if (sorted.size() > 1) {
                    List<String> ignored = sorted.subList(1, sorted.size()).stream().map(k -> k.bean().location().toString()).toList();
                    diagnostics.add(Diagnostic.warning(winner.bean().location().file(), winner.bean().location().line(),
                            "bean " + name + " is declared " + sorted.size() + " times; keeping "
                                    + winner.bean().location() + ", ignoring " + String.join(", ", ignored)));
                }
            });

            // Keyed by ejb-name: an EJB 3 descriptor may carry only the assembly descriptor of annotated beans.
            Map<String, List<MethodTransaction>> descriptorTransactions = new HashMap<>();
            Map<String, SourceLocation> transactionSites = new TreeMap<>();
            for (EjbJarDescriptor d : ejbJars) {
                Set<String> declaredHere = new HashSet<>();
                d.beans().forEach(b -> declaredHere.add(b.ejbName()));
                for (EjbJarDescriptor.ContainerTransaction ct : d.containerTransactions()) {
                    if (ct.attribute() == null) {
                        diagnostics.add(Diagnostic.warning(d.file(), ct.location().line(),
                                "unknown trans-attribute '" + ct.attributeText() + "' ignored"));
                        continue;
                    }
                    for (EjbJarDescriptor.Method m : ct.methods()) {
                        if (m.ejbName() == null) continue;
                        KeptBean k = kept.get(m.ejbName());
                        // An alternative variant's assembly descriptor must not leak into the kept bean.
                        if (k != null && k.descriptor() != d && declaredHere.contains(m.ejbName())) continue;
                        transactionSites.putIfAbsent(m.ejbName(), m.location());
                        descriptorTransactions.computeIfAbsent(m.ejbName(), x -> new ArrayList<>()).add(
                                new MethodTransaction(m.methodName() == null ? "*" : m.methodName(), m.methodParams(),
                                        m.methodIntf(), ct.attribute(), MethodTransaction.Source.DESCRIPTOR));
                    }
                }
            }

            Map<String, AnnotatedBean> annotatedByName = new LinkedHashMap<>();
            Map<String, AnnotatedBean> annotatedByClass = new LinkedHashMap<>();
            for (SourceType t : types.values()) {
                annotations.bean(t).ifPresent(b -> {
                    annotatedByName.putIfAbsent(b.name(), b);
                    annotatedByClass.put(t.qualifiedName(), b);
                });
            }
            Map<String, XDocletBean> taggedByName = new LinkedHashMap<>();
            Map<String, XDocletBean> taggedByClass = new LinkedHashMap<>();
            for (SourceType t : types.values()) {
                if (annotatedByClass.containsKey(t.qualifiedName())) continue;
                xdoclet.bean(t).ifPresent(b -> {
                    taggedByName.putIfAbsent(b.name(), b);
                    taggedByClass.put(t.qualifiedName(), b);
                });
            }
            Set<String> consumed = new HashSet<>();
            for (KeptBean k : kept.values()) {
                EjbJarDescriptor.Bean b = k.bean();
                // A descriptor (XDoclet's own output among them) declares the bean: it wins over the tags.
                XDocletBean tagged = taggedByName.get(b.ejbName());
                if (tagged == null && b.ejbClass() != null) tagged = taggedByClass.get(b.ejbClass());
                if (tagged != null) consumed.add(tagged.type().qualifiedName());
                AnnotatedBean ann = annotatedByName.get(b.ejbName());
                if (ann == null && b.ejbClass() != null) ann = annotatedByClass.get(b.ejbClass());
                if (ann != null) consumed.add(ann.type().qualifiedName());
                if (k.descriptor().metadataComplete()) ann = null;
                String className = b.ejbClass() != null ? b.ejbClass() : ann != null ? ann.type().qualifiedName() : null;
                if (className == null) {
                    diagnostics.add(Diagnostic.warning(b.location().file(), b.location().line(),
                            "bean " + b.ejbName() + " has no <ejb-class> and no annotated class; ignored"));
                    continue;
                }
                ComponentKind kind = descriptorKind(b, ann);
                Draft d = draft(b.ejbName(), false, kind, className);
                ejbByName.put(d.name, d);
                d.declaredAt(b.location());
                addSourceLocation(d);
                if (d.source == null) {
                    diagnostics.add(Diagnostic.info(b.location().file(), b.location().line(),
                            "no source for " + className + " (ejb-class of " + b.ejbName() + "); kept from the descriptor"));
                }
                d.home = b.home();
                d.remote = b.remote();
                d.localHome = b.localHome();
                d.local = b.local();
                d.remoteBusiness.addAll(b.businessRemote());
                d.localBusiness.addAll(b.businessLocal());
                d.noInterfaceView = b.localBean();
                boolean descriptorViews = b.home() != null || b.remote() != null || b.localHome() != null
                        || b.local() != null || !b.businessLocal().isEmpty() || !b.businessRemote().isEmpty() || b.localBean();
                if (ann != null && (ann.explicitViews() || !descriptorViews) && kind.isSession()) {
                    d.remoteBusiness.addAll(ann.remoteBusiness());
                    d.localBusiness.addAll(ann.localBusiness());
                    if (!descriptorViews) d.noInterfaceView |= ann.noInterfaceView();
                }
                d.ejbVersion = k.descriptor().version();
                if (kind.isEntity()) {
                    d.persistence = kind == ComponentKind.ENTITY_BMP ? PersistenceType.BEAN : PersistenceType.CONTAINER;
                    if (kind == ComponentKind.ENTITY_CMP) d.cmpVersion = cmpVersion(b.cmpVersion(), d.ejbVersion);
                    d.transactionType = TransactionType.CONTAINER;
                } else {
                    d.transactionType = b.transactionType() != null ? b.transactionType()
                            : ann != null && ann.transactionType() != null ? ann.transactionType() : TransactionType.CONTAINER;
                }
                d.primaryKeyClass = b.primaryKeyClass();
                d.cmpFields = b.cmpFields();
                d.queries = b.queries();
                d.transactions.addAll(descriptorTransactions.getOrDefault(b.ejbName(), List.of()));
                if (ann != null) d.transactions.addAll(ann.transactions());
                if (kind != ComponentKind.MESSAGE_DRIVEN) {
                    d.jndiName = b.mappedName() != null ? b.mappedName() : ann != null ? ann.mappedName() : null;
                }
                for (EjbRefDeclaration r : b.ejbRefs()) d.ejbRefs.add(refRequest(r));
                for (ResourceRefDeclaration r : b.resourceRefs()) d.resourceRefs.add(resourceReference(r));
            }
            for (AnnotatedBean ann : annotatedByClass.values()) {
                if (consumed.contains(ann.type().qualifiedName())) continue;
                if (ejbByName.containsKey(ann.name())) {
                    diagnostics.add(Diagnostic.warning(ann.type().location().file(), ann.type().location().line(),
                            "bean name " + ann.name() + " is used by another bean; " + ann.type().qualifiedName()
                                    + " is listed under its class name"));
                }
                Draft d = draft(ejbByName.containsKey(ann.name()) ? ann.type().qualifiedName() : ann.name(), false,
                        ann.kind(), ann.type().qualifiedName());
                ejbByName.putIfAbsent(d.name, d);
                addSourceLocation(d);
                d.remoteBusiness.addAll(ann.remoteBusiness());
                d.localBusiness.addAll(ann.localBusiness());
                d.noInterfaceView = ann.noInterfaceView();
                d.transactionType = ann.transactionType() != null ? ann.transactionType() : TransactionType.CONTAINER;
                d.transactions.addAll(descriptorTransactions.getOrDefault(d.name, List.of()));
                d.transactions.addAll(ann.transactions());
                if (ann.kind() != ComponentKind.MESSAGE_DRIVEN) d.jndiName = ann.mappedName();
            }
            for (XDocletBean x : taggedByClass.values()) {
                if (consumed.contains(x.type().qualifiedName())) continue;
                taggedBean(x, descriptorTransactions);
            }
            for (CompiledType t : compiledTypes.values()) {
                if (byClass.containsKey(t.name())) continue; // a descriptor declares it
                compiledReader.bean(t).ifPresent(b -> compiledBean(b, descriptorTransactions));
            }
            transactionSites.forEach((name, at) -> {
                if (!ejbByName.containsKey(name)) {
                    diagnostics.add(Diagnostic.warning(at.file(), at.line(), "container-transaction names unknown bean " + name));
                }
            });
        }

        /** A bean declared by the annotations of its class file, which has no source. */
        private void compiledBean(CompiledBean b, Map<String, List<MethodTransaction>> descriptorTransactions) {
            CompiledType t = b.type();
            Draft d = draft(ejbByName.containsKey(b.name()) ? t.name() : b.name(), false, b.kind(), t.name());
            ejbByName.putIfAbsent(d.name, d);
            compiledDraft(d, t);
            d.remoteBusiness.addAll(b.remoteBusiness());
            d.localBusiness.addAll(b.localBusiness());
            d.noInterfaceView = b.noInterfaceView();
            d.transactionType = b.transactionType() != null ? b.transactionType() : TransactionType.CONTAINER;
            d.transactions.addAll(descriptorTransactions.getOrDefault(d.name, List.of()));
            d.transactions.addAll(b.transactions());
            if (b.kind() != ComponentKind.MESSAGE_DRIVEN) d.jndiName = b.mappedName();
        }

        private void compiledDraft(Draft d, CompiledType t) {
            d.path = t.file();
            d.declaredAt(new SourceLocation(t.file(), 0));
        }

        /** A bean declared only by XDoclet tags, with the views XDoclet generated for it. */
        private void taggedBean(XDocletBean x, Map<String, List<MethodTransaction>> descriptorTransactions) {
            SourceType t = x.type();
            if (ejbByName.containsKey(x.name())) {
                diagnostics.add(Diagnostic.warning(t.location().file(), x.tagLine(), "bean name " + x.name()
                        + " (@ejb.bean) is used by another bean; " + t.qualifiedName() + " is listed under its class name"));
            }
            Draft d = draft(ejbByName.containsKey(x.name()) ? t.qualifiedName() : x.name(), false, x.kind(), t.qualifiedName());
            ejbByName.putIfAbsent(d.name, d);
            tagDeclared.add(d);
            d.declaredAt(new SourceLocation(t.location().file(), x.tagLine() > 0 ? x.tagLine() : t.location().line()));
            d.home = x.home();
            d.remote = x.remote();
            d.localHome = x.localHome();
            d.local = x.local();
            d.ejbVersion = "2.0";
            if (x.kind().isEntity()) {
                d.persistence = x.kind() == ComponentKind.ENTITY_BMP ? PersistenceType.BEAN : PersistenceType.CONTAINER;
                d.cmpVersion = x.cmpVersion();
            }
            d.transactionType = x.transactionType() != null ? x.transactionType() : TransactionType.CONTAINER;
            d.transactions.addAll(descriptorTransactions.getOrDefault(d.name, List.of()));
            d.transactions.addAll(x.transactions());
            d.primaryKeyClass = x.primaryKeyClass();
            d.cmpFields = x.cmpFields();
            d.queries = x.queries();
            d.readOnly = x.readOnly();
            if (x.kind() != ComponentKind.MESSAGE_DRIVEN) {
                d.jndiName = x.jndiName();
                d.localJndiName = x.localJndiName();
            }
            d.ejbRefs.addAll(x.ejbRefs());
            d.resourceRefs.addAll(x.resourceRefs());
        }

        /**
         * {@code 1.x} or {@code 2.x}: the bean's {@code cmp-version}, else the default of its descriptor's
         * EJB version (2.x from EJB 2.0 on, 1.x before, which had no such element); null when neither says.
         */
        private static String cmpVersion(String declared, String ejbVersion) {
            if (declared != null && !declared.isBlank()) return declared.trim().startsWith("1") ? "1.x" : "2.x";
            if (ejbVersion == null) return null;
            return ejbVersion.trim().startsWith("1") ? "1.x" : "2.x";
        }

        private ComponentKind descriptorKind(EjbJarDescriptor.Bean b, AnnotatedBean ann) {
            return switch (b.type()) {
                case ENTITY -> b.persistenceType() == PersistenceType.BEAN ? ComponentKind.ENTITY_BMP : ComponentKind.ENTITY_CMP;
                case MESSAGE_DRIVEN -> ComponentKind.MESSAGE_DRIVEN;
                case SESSION -> {
                    if (b.sessionType() != null) {
                        yield switch (b.sessionType()) {
                            case STATELESS -> ComponentKind.STATELESS_SESSION;
                            case STATEFUL -> ComponentKind.STATEFUL_SESSION;
                            case SINGLETON -> ComponentKind.SINGLETON_SESSION;
                        };
                    }
                    if (ann != null && ann.kind().isSession()) yield ann.kind();
                    diagnostics.add(Diagnostic.info(b.location().file(), b.location().line(),
                            "session bean " + b.ejbName() + " has no <session-type>; assuming Stateless"));
                    yield ComponentKind.STATELESS_SESSION;
                }
            };
        }

        private RefRequest refRequest(EjbRefDeclaration r) {
            String field = r.injectionTargets().isEmpty() ? null : r.injectionTargets().get(0).name();
            return new RefRequest(new EjbReference(r.name(), r.local(), r.home(), r.component(), r.ejbLink(), field, null),
                    r.jndiName(), false);
        }

        private ResourceReference resourceReference(ResourceRefDeclaration r) {
            String field = r.injectionTargets().isEmpty() ? null : r.injectionTargets().get(0).name();
            return new ResourceReference(r.name(), r.type(), r.jndiName(), field);
        }

        /** A vendor descriptor's bean entry: JNDI bindings, read-only flag, reference bindings. */
        private void applyVendorBean(ContainerVendor v, BeanBinding b, Map<String, String> xmiIds) {
            String ejbName = b.ejbName() != null ? b.ejbName() : b.xmiId() == null ? null : xmiIds.get(b.xmiId());
            Draft d = ejbName == null ? null : ejbByName.get(ejbName);
            if (d == null) return;
            d.declaredAt(b.location());
            // A message-driven bean has no home: GlassFish's jndi-name for it names its destination.
            if (d.kind != ComponentKind.MESSAGE_DRIVEN || b.jndiName() == null && b.localJndiName() == null
                    || v instanceof Jboss || v instanceof Weblogic) {
                bindJndi(d, b.jndiName(), b.localJndiName());
            }
            d.readOnly |= b.readOnly();
            for (JndiBinding r : b.ejbRefs()) bindRef(d.refBindings, r, xmiIds);
            for (JndiBinding r : b.resourceRefs()) bindRef(d.resourceBindings, r, xmiIds);
        }

        /** A binding by reference name, or by the id of the reference element (WebSphere XMI). */
        private static void bindRef(Map<String, String> bindings, JndiBinding r, Map<String, String> xmiIds) {
            String name = r.refName() != null ? r.refName() : r.xmiId() == null ? null : xmiIds.get(r.xmiId());
            if (name != null) bindings.putIfAbsent(name, r.jndiName());
        }

        /**
         * Every vendor's bindings, vendor by vendor in {@link ContainerVendor#all()} order (an earlier
         * vendor's JNDI name wins), CMP mappings last: they refine beans the others bind.
         */
        private void applyVendorDescriptors() {
            Map<String, String> xmiIds = xmiIds();
            List<ContainerVendor> order = ContainerVendor.all();
            List<VendorBindings> vendorFiles = new ArrayList<>(descriptorsOf(VendorBindings.class));
            vendorFiles.sort(Comparator.comparing(VendorBindings::cmpMapping).thenComparingInt(v -> order.indexOf(v.vendor())));
            for (VendorBindings v : vendorFiles) {
                for (BeanBinding b : v.beanBindings()) applyVendorBean(v.vendor(), b, xmiIds);
            }
        }

        /** The ids of ejb-jar.xml and web.xml elements, to their names (first declaration wins). */
        private Map<String, String> xmiIds() {
            Map<String, String> out = new HashMap<>();
            for (EjbJarDescriptor e : descriptorsOf(EjbJarDescriptor.class)) e.xmiIds().forEach(out::putIfAbsent);
            for (WebAppDescriptor w : descriptorsOf(WebAppDescriptor.class)) w.xmiIds().forEach(out::putIfAbsent);
            return out;
        }

        /**
         * A JPA entity that the second-level cache already serves: {@code @Cacheable} (not
         * {@code @Cacheable(false)}) or Hibernate's {@code @Cache(usage = READ_ONLY)}.
         */
        private static boolean isCachedReadOnly(TypeDeclaration<?> decl, TypeScope s) {
            Optional<AnnotationExpr> cacheable = JeeAnnotation.CACHEABLE.on(decl, s);
            if (cacheable.isPresent()) {
                return AnnotationAttributes.get(cacheable.get(), "value")
                        .map(v -> !(v.isBooleanLiteralExpr() && !v.asBooleanLiteralExpr().getValue())).orElse(true);
            }
            return JeeAnnotation.HIBERNATE_CACHE.on(decl, s)
                    .map(c -> "READ_ONLY".equals(AnnotationAttributes.constant(c, "usage"))).orElse(false);
        }

        /** The first vendor descriptor (by path) that names a JNDI binding wins; it overrides {@code mappedName}. */
        private void bindJndi(Draft d, String jndi, String localJndi) {
            if (d.vendorJndi || (jndi == null && localJndi == null)) return;
            d.vendorJndi = true;
            if (jndi != null) d.jndiName = jndi;
            if (localJndi != null) d.localJndiName = localJndi;
        }

        // ---- web modules ---------------------------------------------------------------------

        private void buildWebModules() {
            for (JspUnit j : jsps) {
                Draft d = jspDraft(j.pagePath());
                d.path = j.source().path();
                d.declaredAt(new SourceLocation(j.source().path(), 1));
            }
            Map<WebTwin, Draft> declaredWebComponents = new HashMap<>();
            for (WebAppDescriptor w : descriptorsOf(WebAppDescriptor.class)) {
                Map<String, Draft> servlets = new HashMap<>();
                Map<String, Set<String>> servletPatterns = new HashMap<>();
                for (WebAppDescriptor.ServletMapping m : w.servletMappings()) {
                    servletPatterns.computeIfAbsent(m.servletName(), k -> new LinkedHashSet<>()).addAll(m.urlPatterns());
                }
                for (WebAppDescriptor.Servlet s : w.servlets()) {
                    if (s.name() == null) continue;
                    Draft d;
                    if (s.jspFile() != null) {
                        d = jspDraft(s.jspFile());
                    } else if (s.servletClass() != null) {
                        WebTwin twin = new WebTwin(ComponentKind.SERVLET, s.servletClass(),
                                servletPatterns.getOrDefault(s.name(), Set.of()));
                        Draft declared = declaredWebComponents.get(twin);
                        if (declared != null) {
                            twinDeclaration(declared, s.name(), s.location());
                            servlets.put(s.name(), declared);
                            continue;
                        }
                        d = draft(s.name(), false, ComponentKind.SERVLET, s.servletClass());
                        addSourceLocation(d);
                        if (!twin.urlPatterns().isEmpty()) declaredWebComponents.put(twin, d);
                    } else {
                        diagnostics.add(Diagnostic.warning(w.file(), s.location().line(),
                                "servlet " + s.name() + " has neither servlet-class nor jsp-file"));
                        continue;
                    }
                    d.declaredAt(s.location());
                    if (d.webModule == null) d.webModule = w;
                    servlets.put(s.name(), d);
                }
                for (WebAppDescriptor.ServletMapping m : w.servletMappings()) {
                    Draft d = servlets.get(m.servletName());
                    if (d == null) {
                        diagnostics.add(Diagnostic.warning(w.file(), m.location().line(),
                                "servlet-mapping for undeclared servlet " + m.servletName()));
                        continue;
                    }
                    d.urlPatterns.addAll(m.urlPatterns());
                }
                Map<String, Draft> filters = new HashMap<>();
                Map<String, Set<String>> filterPatterns = new HashMap<>();
                for (WebAppDescriptor.FilterMapping m : w.filterMappings()) {
                    Set<String> p = filterPatterns.computeIfAbsent(m.filterName(), k -> new LinkedHashSet<>());
                    p.addAll(m.urlPatterns());
                    for (String servletName : m.servletNames()) p.add("servlet:" + servletName);
                }
                for (WebAppDescriptor.Filter f : w.filters()) {
                    if (f.name() == null || f.filterClass() == null) continue;
                    WebTwin twin = new WebTwin(ComponentKind.FILTER, f.filterClass(), filterPatterns.getOrDefault(f.name(), Set.of()));
                    Draft declared = declaredWebComponents.get(twin);
                    if (declared != null) {
                        twinDeclaration(declared, f.name(), f.location());
                        filters.put(f.name(), declared);
                        continue;
                    }
                    Draft d = draft(f.name(), false, ComponentKind.FILTER, f.filterClass());
                    if (!twin.urlPatterns().isEmpty()) declaredWebComponents.put(twin, d);
                    d.declaredAt(f.location());
                    addSourceLocation(d);
                    d.webModule = w;
                    filters.put(f.name(), d);
                }
                for (WebAppDescriptor.FilterMapping m : w.filterMappings()) {
                    Draft d = filters.get(m.filterName());
                    if (d == null) {
                        diagnostics.add(Diagnostic.warning(w.file(), m.location().line(),
                                "filter-mapping for undeclared filter " + m.filterName()));
                        continue;
                    }
                    d.urlPatterns.addAll(m.urlPatterns());
                    for (String servletName : m.servletNames()) {
                        if (servletName.equals("*")) d.urlPatterns.add("/*");
                        else if (servlets.containsKey(servletName)) d.urlPatterns.addAll(servlets.get(servletName).urlPatterns);
                    }
                }
                for (WebAppDescriptor.Listener l : w.listeners()) {
                    Draft d = claimed(l.listenerClass(), ComponentKind.LISTENER)
                            .orElseGet(() -> draft(simpleName(l.listenerClass()), true, ComponentKind.LISTENER, l.listenerClass()));
                    d.declaredAt(l.location());
                    addSourceLocation(d);
                    if (d.webModule == null) d.webModule = w;
                }
            }
        }

        /**
         * A servlet or filter as requests meet it: its class and the URL patterns (and servlet names)
         * it is mapped to. Two declarations alike (a web.xml in the sources and its copy in a built WAR
         * or EAR next to them, or a framework's sample descriptor mapping the same class) are one
         * component, so one entry point and not {@code "/x (2)"}.
         */
        private record WebTwin(ComponentKind kind, String className, Set<String> urlPatterns) {
            WebTwin {
                urlPatterns = Set.copyOf(urlPatterns);
            }
        }

        /** A repeated declaration of a servlet or filter, kept as the first one (descriptors in the sources come first). */
        private void twinDeclaration(Draft kept, String name, SourceLocation location) {
            diagnostics.add(Diagnostic.info(location.file(), location.line(), kept.kind.name().toLowerCase(java.util.Locale.ROOT)
                    + " " + name + " declares " + kept.className + " with the same mappings as "
                    + kept.declaredIn.stream().filter(l -> l.file().endsWith(".xml")).findFirst()
                            .map(SourceLocation::toString).orElse(kept.name)
                    + "; one component"));
            kept.declaredAt(location);
        }

        private Optional<Draft> claimed(String className, ComponentKind kind) {
            return byClass.getOrDefault(className, List.of()).stream().filter(d -> d.kind == kind).findFirst();
        }

        private Draft jspDraft(String page) {
            String path = page.startsWith("/") ? page : "/" + page;
            return jspByPath.computeIfAbsent(path, p -> {
                Draft d = draft(p, false, ComponentKind.JSP, p);
                d.urlPatterns.add(p);
                return d;
            });
        }

        private void buildTagLibraries() {
            List<WebAppDescriptor> webApps = descriptorsOf(WebAppDescriptor.class);
            Map<String, Map<String, String>> byUri = new TreeMap<>();
            for (TagLibraryDescriptor tld : descriptorsOf(TagLibraryDescriptor.class)) {
                boolean libraryTld = tld.file().contains(".jar!/");
                List<TagLibraryDescriptor.Tag> usable = usableTags(tld, libraryTld);
                Map<String, String> tags = new LinkedHashMap<>();
                for (TagLibraryDescriptor.Tag t : usable) tags.putIfAbsent(t.name(), t.tagClass());
                Set<String> uris = new LinkedHashSet<>();
                if (tld.uri() != null) uris.add(tld.uri());
                String modulePath = modulePath(tld.file());
                if (modulePath != null) uris.add(modulePath);
                for (WebAppDescriptor w : webApps) {
                    for (WebAppDescriptor.Taglib t : w.taglibs()) {
                        if (locates(t.location(), tld.file())) uris.add(t.uri());
                    }
                }
                for (String uri : uris) byUri.computeIfAbsent(uri, u -> new LinkedHashMap<>()).putAll(tags);

                for (TagLibraryDescriptor.Tag t : usable) {
                    Optional<Draft> existing = claimed(t.tagClass(), ComponentKind.TAG_HANDLER);
                    if (existing.isPresent()) {
                        existing.get().declaredAt(t.location());
                        continue;
                    }
                    // Handlers of third-party tag libraries shipped as jars are not application components.
                    if (byClass.containsKey(t.tagClass()) || (libraryTld && !types.containsKey(t.tagClass()))
                            || isPlatformClass(t.tagClass())) {
                        continue;
                    }
                    Draft d = draft(simpleName(t.tagClass()), true, ComponentKind.TAG_HANDLER, t.tagClass());
                    d.declaredAt(t.location());
                    addSourceLocation(d);
                }
            }
            tagLibraries = new TagLibraries(byUri);
        }

        /**
         * The tags whose handler class can exist: a tag class must be a Java binary name, and an
         * application TLD's tag class must be among the sources or the compiled classes. The others
         * get a diagnostic and neither a component nor a place in the tag libraries. (A servlet or
         * bean class a descriptor names is kept without its source, so that an application analysed
         * from descriptors and part of its code keeps its entry points; a tag handler that is
         * neither source nor compiled class has nothing behind it but the TLD's word, and TLDs
         * have been seen naming {@code ../../../etc/passwd}.)
         */
        private List<TagLibraryDescriptor.Tag> usableTags(TagLibraryDescriptor tld, boolean libraryTld) {
            List<TagLibraryDescriptor.Tag> usable = new ArrayList<>();
            for (TagLibraryDescriptor.Tag t : tld.tags()) {
                if (t.tagClass() == null) continue;
                if (!JavaNames.isBinaryName(t.tagClass())) {
                    diagnostics.add(Diagnostic.warning(t.location().file(), t.location().line(), "tag " + t.name()
                            + ": tag class \"" + t.tagClass() + "\" is not a Java class name; ignored"));
                } else if (!libraryTld && !types.containsKey(t.tagClass()) && !isPlatformClass(t.tagClass())
                        && !compiled.test(t.tagClass())) {
                    diagnostics.add(Diagnostic.warning(t.location().file(), t.location().line(), "tag class "
                            + t.tagClass() + " (tag " + t.name() + ") not found in the sources or compiled classes; "
                            + "no component"));
                } else {
                    usable.add(t);
                }
            }
            return usable;
        }

        /** A class the platform provides (a TLD may name {@code javax.servlet.jsp.tagext.TagSupport} itself): never a component. */
        private boolean isPlatformClass(String className) {
            return !types.containsKey(className) && (className.startsWith("java.") || className.startsWith("javax.")
                    || className.startsWith("jakarta."));
        }

        // ---- web frameworks and Hibernate mappings ----------------------------------------------

        /**
         * Struts, WebWork/Struts 2 actions and JSF managed beans ({@link WebFrameworkComponents}). A class
         * that is already a component (an EJB that is also a {@code @Named} bean) keeps its kind and
         * takes the requests.
         */
        private void buildWebFrameworks() {
            for (WebFrameworkComponents.Declared w : new WebFrameworkComponents(descriptors, types, compiled, diagnostics::add)
                    .read(jsps, xmlFiles)) {
                List<Draft> existing = byClass.getOrDefault(w.className, List.of());
                Draft d = existing.isEmpty() ? draft(w.name, w.kind == ComponentKind.WEB_ACTION, w.kind, w.className)
                        : existing.get(0);
                if (existing.isEmpty()) {
                    d.urlPatterns.addAll(w.urls);
                    addSourceLocation(d);
                }
                d.webActions.addAll(w.actions);
                w.declaredIn.forEach(d::declaredAt);
            }
        }

        /** Classes a Hibernate mapping ({@code *.hbm.xml}) persists are entities, as {@code @Entity} classes are. */
        private void buildHibernateMappings() {
            for (HibernateMappingDescriptor h : descriptorsOf(HibernateMappingDescriptor.class)) {
                for (HibernateMappingDescriptor.PersistentClass p : h.classes()) {
                    if (!types.containsKey(p.className()) && !compiled.test(p.className())) continue;
                    Optional<Draft> existing = byClass.getOrDefault(p.className(), List.of()).stream().findFirst();
                    Draft d = existing.orElseGet(() -> {
                        Draft n = draft(simpleName(p.className()), true, ComponentKind.JPA_ENTITY, p.className());
                        n.persistence = PersistenceType.JPA;
                        addSourceLocation(n);
                        return n;
                    });
                    d.declaredAt(p.location());
                }
            }
        }

        // ---- everything else -------------------------------------------------------------------

        private void classifyRemainingTypes() {
            for (SourceType t : types.values()) {
                if (t.isInterface() || t.isAnnotationType()) continue;
                TypeDeclaration<?> decl = t.declaration();
                TypeScope s = t.scope();
                List<Draft> existing = byClass.getOrDefault(t.qualifiedName(), List.of());
                Optional<AnnotationExpr> webServlet = JeeAnnotation.WEB_SERVLET.on(decl, s);
                Optional<AnnotationExpr> webFilter = JeeAnnotation.WEB_FILTER.on(decl, s);
                if (webServlet.isPresent()) {
                    webComponent(t, webServlet.get(), "name", ComponentKind.SERVLET, existing);
                } else if (webFilter.isPresent()) {
                    webComponent(t, webFilter.get(), "filterName", ComponentKind.FILTER, existing);
                } else if (JeeAnnotation.WEB_LISTENER.on(decl, s).isPresent()) {
                    if (existing.isEmpty()) classDraft(t, ComponentKind.LISTENER);
                } else if (existing.isEmpty()) {
                    taggedWebComponent(t);
                }
                if (!byClass.getOrDefault(t.qualifiedName(), List.of()).isEmpty()) continue;
                boolean concrete = !(decl instanceof ClassOrInterfaceDeclaration c) || !c.hasModifier(Modifier.Keyword.ABSTRACT);
                if (JeeAnnotation.ENTITY.on(decl, s).isPresent()) {
                    Draft d = classDraft(t, ComponentKind.JPA_ENTITY);
                    d.persistence = PersistenceType.JPA;
                    d.readOnly = isCachedReadOnly(decl, s);
                    d.cascadeWrites.addAll(JpaCascades.of(decl, s));
                } else if (JeeAnnotation.PATH.on(decl, s).isPresent()) {
                    Draft d = classDraft(t, ComponentKind.JAX_RS_RESOURCE);
                    String path = AnnotationAttributes.string(JeeAnnotation.PATH.on(decl, s).get(), "value");
                    if (path != null) d.urlPatterns.add(path);
                } else if (concrete && isA(t, SERVLET_TYPES)) {
                    // No descriptor maps it and it has no @WebServlet: where its module has descriptors,
                    // they decide what is deployed, and this one is not; without any, a servlet is assumed.
                    classDraft(t, !moduleDescriptors(t) ? ComponentKind.SERVLET : isDao(t) ? ComponentKind.DAO : ComponentKind.PLAIN);
                } else if (concrete && isA(t, FILTER_TYPES)) {
                    classDraft(t, ComponentKind.FILTER);
                } else if (concrete && isA(t, LISTENER_TYPES)) {
                    classDraft(t, ComponentKind.LISTENER);
                } else if (concrete && isA(t, TAG_TYPES)) {
                    classDraft(t, ComponentKind.TAG_HANDLER);
                } else if (isDao(t)) {
                    classDraft(t, ComponentKind.DAO);
                } else {
                    classDraft(t, ComponentKind.PLAIN);
                }
            }
        }

        /** Web components, JPA entities and JAX-RS resources declared by the annotations of class files without sources. */
        private void classifyCompiledTypes() {
            for (CompiledType t : compiledTypes.values()) {
                if (t.isInterface() || byClass.containsKey(t.name())) continue;
                Optional<CompiledType.Annotation> servlet = t.annotation(JeeAnnotation.WEB_SERVLET);
                Optional<CompiledType.Annotation> filter = t.annotation(JeeAnnotation.WEB_FILTER);
                Draft d;
                if (servlet.isPresent() || filter.isPresent()) {
                    CompiledType.Annotation a = servlet.orElseGet(filter::get);
                    String name = a.value(servlet.isPresent() ? "name" : "filterName");
                    // Servlet spec: the default name is the fully qualified class name.
                    d = draft(name != null ? name : t.name(), false, servlet.isPresent() ? ComponentKind.SERVLET
                            : ComponentKind.FILTER, t.name());
                    d.urlPatterns.addAll(a.all("value"));
                    d.urlPatterns.addAll(a.all("urlPatterns"));
                } else if (t.annotation(JeeAnnotation.WEB_LISTENER).isPresent()) {
                    d = draft(t.simpleName(), true, ComponentKind.LISTENER, t.name());
                } else if (t.annotation(JeeAnnotation.ENTITY).isPresent()) {
                    d = draft(t.simpleName(), true, ComponentKind.JPA_ENTITY, t.name());
                    d.persistence = PersistenceType.JPA;
                    d.readOnly = t.annotation(JeeAnnotation.CACHEABLE).map(c -> !"false".equals(c.value("value"))).orElse(false)
                            || t.annotation(JeeAnnotation.HIBERNATE_CACHE).map(c -> "READ_ONLY".equals(c.value("usage"))).orElse(false);
                    d.cascadeWrites.addAll(JpaCascades.of(t));
                } else if (t.annotation(JeeAnnotation.PATH).isPresent() && !t.isAbstract()) {
                    d = draft(t.simpleName(), true, ComponentKind.JAX_RS_RESOURCE, t.name());
                    String path = t.annotation(JeeAnnotation.PATH).get().value("value");
                    if (path != null) d.urlPatterns.add(path);
                } else {
                    continue;
                }
                compiledDraft(d, t);
            }
        }

        /**
         * Whether the module holding {@code t}'s source has a {@code web.xml} or {@code ejb-jar.xml}:
         * the module is the folder above the source root ({@code x} for {@code x/src/main/java/a/B.java}
         * and {@code x/src/a/B.java}), the whole tree when the source root is its top.
         */
        private boolean moduleDescriptors(SourceType t) {
            String file = t.location().file().replace('\\', '/');
            int packageDepth = t.qualifiedName().split("\\.").length - 1;
            String root = file;
            for (int i = 0; i <= packageDepth && root.contains("/"); i++) root = root.substring(0, root.lastIndexOf('/'));
            if (root.equals(file)) root = "";
            String module = root.replaceFirst("(^|/)(src/main/java|src/java|src|java)$", "");
            String prefix = module.isEmpty() ? "" : module + "/";
            for (Descriptor d : descriptors) {
                boolean deploys = d instanceof WebAppDescriptor w && !w.fragment() || d instanceof EjbJarDescriptor;
                if (deploys && d.location().file().replace('\\', '/').startsWith(prefix)) return true;
            }
            return false;
        }

        private Draft classDraft(SourceType t, ComponentKind kind) {
            Draft d = draft(t.simpleName(), true, kind, t.qualifiedName());
            addSourceLocation(d);
            return d;
        }

        /** {@code @WebServlet} / {@code @WebFilter}: merged into a web.xml declaration of the class, which wins. */
        private void webComponent(SourceType t, AnnotationExpr a, String nameAttribute, ComponentKind kind,
                                  List<Draft> existing) {
            String name = AnnotationAttributes.string(a, nameAttribute);
            List<String> patterns = new ArrayList<>(AnnotationAttributes.strings(a, "value"));
            patterns.addAll(AnnotationAttributes.strings(a, "urlPatterns"));
            List<Draft> sameKind = existing.stream().filter(d -> d.kind == kind).toList();
            if (!sameKind.isEmpty()) {
                Draft target = sameKind.stream().filter(d -> d.name.equals(name)).findFirst().orElse(sameKind.get(0));
                // web.xml mappings replace the annotation's patterns (Servlet spec 8.2.3); only add when it has none.
                if (target.urlPatterns.isEmpty()) target.urlPatterns.addAll(patterns);
                return;
            }
            if (!existing.isEmpty()) return;
            // Servlet spec (@WebServlet/@WebFilter "name"): the default name is the fully qualified class name.
            Draft d = draft(name != null ? name : t.qualifiedName(), false, kind, t.qualifiedName());
            addSourceLocation(d);
            d.urlPatterns.addAll(patterns);
        }

        /**
         * {@code @web.servlet name=…} with its {@code @web.servlet-mapping url-pattern=…} tags,
         * {@code @web.filter} with {@code @web.filter-mapping}, {@code @web.listener}: what webdoclet
         * wrote into web.xml. Only for classes no web.xml declares (the descriptor wins).
         */
        private void taggedWebComponent(SourceType t) {
            XDocletTags tags = XDocletReader.tags(t);
            if (tags.isEmpty()) return;
            Optional<XDocletTags.Tag> servlet = tags.first("web.servlet");
            Optional<XDocletTags.Tag> filter = tags.first("web.filter");
            Draft d;
            if (servlet.isPresent()) {
                String name = servlet.get().attribute("name");
                d = draft(name != null ? name : t.qualifiedName(), false, ComponentKind.SERVLET, t.qualifiedName());
                for (XDocletTags.Tag m : tags.all("web.servlet-mapping")) {
                    if (m.attribute("url-pattern") != null) d.urlPatterns.add(m.attribute("url-pattern"));
                }
                d.declaredAt(new SourceLocation(t.location().file(), servlet.get().line()));
            } else if (filter.isPresent()) {
                String name = filter.get().attribute("name");
                d = draft(name != null ? name : t.qualifiedName(), false, ComponentKind.FILTER, t.qualifiedName());
                for (XDocletTags.Tag m : tags.all("web.filter-mapping")) {
                    if (m.attribute("url-pattern") != null) d.urlPatterns.add(m.attribute("url-pattern"));
                }
                d.declaredAt(new SourceLocation(t.location().file(), filter.get().line()));
            } else if (tags.first("web.listener").isPresent()) {
                d = classDraft(t, ComponentKind.LISTENER);
            } else {
                return;
            }
            tagDeclared.add(d);
        }

        private boolean isDao(SourceType t) {
            if (endsWithDao(t.simpleName())) return true;
            for (String i : t.interfaces()) if (endsWithDao(simpleName(i))) return true;
            return t.importsDataAccess();
        }

        // ---- references ----------------------------------------------------------------------

        private void attachSourceReferences() {
            Map<String, List<RefRequest>> ejbRefCache = new HashMap<>();
            for (Draft d : drafts) {
                CompiledType c = d.source == null && d.className != null ? compiledTypes.get(d.className) : null;
                if (c != null && !d.kind.equals(ComponentKind.JSP)) {
                    d.ejbRefs.addAll(compiledReader.ejbRefs(c));
                    d.resourceRefs.addAll(compiledReader.resourceRefs(c));
                    d.injectCandidates.addAll(compiledReader.injectCandidates(c));
                }
                if (d.source == null) continue;
                SourceType t = d.source;
                d.ejbRefs.addAll(ejbRefCache.computeIfAbsent(t.qualifiedName(), k -> annotations.ejbRefs(t)));
                d.resourceRefs.addAll(annotations.resourceRefs(t));
                d.injectCandidates.addAll(annotations.injectCandidates(t));
                if (tagDeclared.contains(d) && d.kind.isWeb()) {
                    XDocletTags tags = XDocletReader.tags(t);
                    d.ejbRefs.addAll(xdoclet.ejbRefs(tags));
                    d.resourceRefs.addAll(xdoclet.resourceRefs(tags, t));
                }
            }
        }

        private void attachWebModuleReferences() {
            List<WebAppDescriptor> webApps = descriptorsOf(WebAppDescriptor.class).stream().filter(w -> !w.fragment()).toList();
            Map<String, String> webBindings = new HashMap<>();
            Map<String, String> webResourceBindings = new HashMap<>();
            Map<String, String> xmiIds = xmiIds();
            List<ContainerVendor> order = ContainerVendor.all();
            List<VendorBindings> vendorFiles = new ArrayList<>(descriptorsOf(VendorBindings.class));
            vendorFiles.sort(Comparator.comparingInt(v -> order.indexOf(v.vendor())));
            for (VendorBindings v : vendorFiles) {
                for (JndiBinding b : v.moduleEjbRefs()) bindRef(webBindings, b, xmiIds);
                for (JndiBinding b : v.moduleResourceRefs()) bindRef(webResourceBindings, b, xmiIds);
            }
            if (webApps.isEmpty()) return;
            Map<WebAppDescriptor, WebModuleRefs> byModule = new IdentityHashMap<>();
            for (Draft d : drafts) {
                if (!d.kind.isWeb()) continue;
                WebAppDescriptor w = d.webModule != null ? d.webModule : closestWebModule(d.path, webApps);
                d.webRefs = byModule.computeIfAbsent(w, m -> new WebModuleRefs(m.ejbRefs().stream().map(this::refRequest).toList(),
                        m.resourceRefs().stream().map(this::resourceReference).toList(), webBindings, webResourceBindings));
            }
        }

        /** The web.xml sharing the longest path prefix with {@code path}; ties go to the first by path. */
        private WebAppDescriptor closestWebModule(String path, List<WebAppDescriptor> webApps) {
            WebAppDescriptor best = webApps.get(0);
            int bestLength = -1;
            for (WebAppDescriptor w : webApps) {
                int common = commonPrefix(path == null ? "" : path, w.file());
                if (common > bestLength) {
                    best = w;
                    bestLength = common;
                }
            }
            return best;
        }

        private void disambiguateNames() {
            Map<String, List<Draft>> byName = new TreeMap<>();
            for (Draft d : drafts) byName.computeIfAbsent(d.name, k -> new ArrayList<>()).add(d);
            for (List<Draft> same : byName.values()) {
                if (same.size() < 2) continue;
                List<Draft> declared = new ArrayList<>();
                for (Draft d : same) {
                    if (d.nameFromClass) d.name = d.className;
                    else declared.add(d);
                }
                // Declared names (ejb-name first, then servlet-name, filter-name) are what descriptors and
                // ejb-links refer to: the bean keeps its name, the first other declaration by location keeps its.
                declared.sort(Comparator.comparing((Draft d) -> !d.kind.isEjb())
                        .thenComparing(d -> d.declaredIn.isEmpty() ? "" : d.declaredIn.get(0).toString()));
                for (int i = 1; i < declared.size(); i++) {
                    Draft d = declared.get(i);
                    d.name = d.name + " (" + (d.declaredIn.isEmpty() ? d.className : d.declaredIn.get(0).file()) + ")";
                }
            }
        }

        private List<Component> resolveAndFreeze() {
            Targets targets = new Targets(new HashMap<>(), new HashMap<>(), new HashMap<>(), new HashMap<>());
            for (Draft d : drafts) {
                if (!d.kind.isEjb()) continue;
                targets.ejbs.putIfAbsent(d.name, d);
                if (d.jndiName != null) targets.byJndi.putIfAbsent(normalizeJndi(d.jndiName), d);
                if (d.localJndiName != null) targets.byJndi.putIfAbsent(normalizeJndi(d.localJndiName), d);
                List<String> views = new ArrayList<>(d.interfaces().all());
                if (d.noInterfaceView) views.add(d.className);
                for (String v : new LinkedHashSet<>(views)) {
                    targets.byType.computeIfAbsent(v, k -> new ArrayList<>()).add(d);
                    targets.bySimpleType.computeIfAbsent(simpleName(v), k -> new ArrayList<>()).add(d);
                }
            }
            // A web component with nothing of its own has exactly its module's references: resolved once
            // per module and the resolved lists shared (resolving them per component was quadratic).
            Map<WebModuleRefs, Resolved> byModule = new IdentityHashMap<>();
            List<Component> out = new ArrayList<>();
            for (Draft d : drafts) {
                boolean onlyModules = d.webRefs != null && d.ejbRefs.isEmpty() && d.injectCandidates.isEmpty() && d.refBindings.isEmpty()
                        && d.resourceRefs.isEmpty() && d.resourceBindings.isEmpty();
                Resolved refs = onlyModules ? byModule.computeIfAbsent(d.webRefs, m -> resolveReferences(d, targets))
                        : resolveReferences(d, targets);
                // The warnings name the component: one for each of them, as when each resolved its own.
                for (RefRequest r : refs.unknownLinks()) {
                    SourceLocation at = d.declaredIn.isEmpty() ? SourceLocation.UNKNOWN : d.declaredIn.get(0);
                    diagnostics.add(Diagnostic.warning(at.file(), at.line(), "reference " + r.reference().name() + " of " + d.name
                            + " links to unknown bean " + r.reference().ejbLink()));
                }
                d.resourceRefs.clear();
                d.resourceRefs.addAll(refs.resources());
                out.add(d.toComponent(refs.ejbRefs()));
            }
            out.sort(Comparator.comparing(Component::kind).thenComparing(Component::name).thenComparing(Component::className));
            return out;
        }

        /** The beans a reference may name, by ejb-name, by global JNDI name, by view type and by its simple name. */
        private record Targets(Map<String, Draft> ejbs, Map<String, Draft> byJndi, Map<String, List<Draft>> byType,
                               Map<String, List<Draft>> bySimpleType) {}

        /** A component's resolved references, and those whose ejb-link names no bean (in order, for the warnings). */
        private record Resolved(List<EjbReference> ejbRefs, List<ResourceReference> resources, List<RefRequest> unknownLinks) {}

        /** {@code d}'s references, its own first, then its web module's; the first of each name counts. */
        private Resolved resolveReferences(Draft d, Targets targets) {
            WebModuleRefs module = d.webRefs;
            List<RefRequest> requests = new ArrayList<>(d.ejbRefs);
            if (module != null) requests.addAll(module.ejbRefs());
            Map<String, EjbReference> refs = new LinkedHashMap<>();
            List<RefRequest> unknownLinks = new ArrayList<>();
            for (RefRequest r : requests) {
                EjbReference ref = r.reference();
                if (ref.name() == null || refs.containsKey(ref.name())) continue;
                Draft target = resolve(d, r, targets, unknownLinks);
                boolean local = ref.local();
                if (r.inferLocal() && target != null) {
                    local = !target.interfaces().isRemoteType(ref.componentInterface());
                }
                refs.put(ref.name(), new EjbReference(ref.name(), local, ref.homeInterface(), ref.componentInterface(),
                        ref.ejbLink(), ref.injectionField(), target == null ? null : target.name));
            }
            for (InjectCandidate c : d.injectCandidates) {
                List<Draft> candidates = targets.byType.getOrDefault(c.type(), List.of());
                if (candidates.size() != 1 || refs.containsKey(c.refName())) continue;
                Draft target = candidates.get(0);
                refs.put(c.refName(), new EjbReference(c.refName(), !target.interfaces().isRemoteType(c.type()), null,
                        c.type(), null, c.field(), target.name));
            }
            List<ResourceReference> resourceRequests = new ArrayList<>(d.resourceRefs);
            if (module != null) resourceRequests.addAll(module.resourceRefs());
            Map<String, ResourceReference> resources = new LinkedHashMap<>();
            for (ResourceReference r : resourceRequests) {
                if (r.name() == null) continue;
                // A vendor binding gives a reference without lookup-name/mapped-name its global name.
                String bound = r.jndiName() == null
                        ? WebModuleRefs.binding(d.resourceBindings, module == null ? null : module.resourceBindings(), r.name()) : null;
                resources.putIfAbsent(r.name(), bound == null ? r : new ResourceReference(r.name(), r.type(), bound, r.injectionField()));
            }
            return new Resolved(List.copyOf(refs.values()), List.copyOf(resources.values()), List.copyOf(unknownLinks));
        }

        private Draft resolve(Draft owner, RefRequest r, Targets targets, List<RefRequest> unknownLinks) {
            EjbReference ref = r.reference();
            if (ref.ejbLink() != null) {
                String link = ref.ejbLink().substring(ref.ejbLink().lastIndexOf('#') + 1).trim();
                Draft target = targets.ejbs.get(link);
                if (target != null) return target;
                unknownLinks.add(r);
            }
            String jndi = r.jndiName() != null ? r.jndiName()
                    : WebModuleRefs.binding(owner.refBindings, owner.webRefs == null ? null : owner.webRefs.refBindings(), ref.name());
            if (jndi != null) {
                Draft target = targets.byJndi.get(normalizeJndi(jndi));
                if (target != null) return target;
            }
            for (String type : new String[] {ref.homeInterface(), ref.componentInterface()}) {
                if (type == null) continue;
                List<Draft> candidates = targets.byType.getOrDefault(type, List.of());
                if (candidates.size() == 1) return candidates.get(0);
                if (candidates.isEmpty()) {
                    List<Draft> bySimple = targets.bySimpleType.getOrDefault(simpleName(type), List.of());
                    if (bySimple.size() == 1) return bySimple.get(0);
                }
            }
            return null;
        }
    }

    // ---- small helpers ---------------------------------------------------------------------------

    private static String qualified(String pkg, String simple) {
        return pkg.isEmpty() ? simple : pkg + "." + simple;
    }

    static String simpleName(String className) {
        int i = className.lastIndexOf('.');
        return i < 0 ? className : className.substring(i + 1);
    }

    private static boolean endsWithDao(String name) {
        return name.endsWith("DAO") || name.endsWith("Dao");
    }

    private static String fileName(String path) {
        int i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('!'));
        return path.substring(i + 1);
    }

    /** A TLD's path inside its module ({@code /WEB-INF/tlds/shop.tld}), as JSP taglib directives may name it. */
    private static String modulePath(String file) {
        int i = file.lastIndexOf("WEB-INF/");
        if (i < 0) i = file.lastIndexOf("META-INF/");
        return i < 0 ? null : "/" + file.substring(i);
    }

    /** Whether a web.xml taglib-location (a TLD path, or a jar holding the TLD) designates {@code file}. */
    private static boolean locates(String location, String file) {
        String l = location.startsWith("/") ? location.substring(1) : location;
        return file.endsWith("/" + l) || file.equals(l) || file.contains(l + "!/");
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) i++;
        return i;
    }

    private static String normalizeJndi(String jndi) {
        String j = jndi.trim();
        if (j.startsWith("java:")) j = j.substring(5);
        while (j.startsWith("/")) j = j.substring(1);
        return j;
    }
}
