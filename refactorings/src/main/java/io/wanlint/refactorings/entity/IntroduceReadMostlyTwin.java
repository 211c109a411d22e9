package io.wanlint.refactorings.entity;

import static io.wanlint.refactorings.entity.VendorDescriptors.folderOf;
import static io.wanlint.refactorings.entity.VendorDescriptors.nearest;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.messaging.MessagingDescriptors;
import io.wanlint.refactorings.text.DescriptorOrder;
import io.wanlint.refactorings.text.JavaSource;
import io.wanlint.refactorings.text.XmlOutline;
import io.wanlint.refactorings.text.XmlSplice;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * WAN005 for CMP 2.x entities that are read far more than written: the read-mostly pattern. A
 * read-only twin of the bean (same bean class and table, its own ejb-name, JNDI name and read-only
 * home and component interfaces that expose only the finders and getters) is declared in
 * {@code ejb-jar.xml}, {@code jboss.xml} ({@code <read-only>true</read-only>}) and
 * {@code jbosscmp-jdbc.xml} (mapped to the read-write bean's table, with a {@code read-time-out});
 * the classes that only read the entity switch their lookups, ejb-refs and types to the twin, and
 * the classes that write keep the read-write bean at the main site.
 *
 * <p>Placement: a read-only CMP bean is deployed by every server that uses it (the cost model charges
 * its calls from the caller's site; {@code wanlint explain cost-model}), so the twin runs at the edge
 * with its readers without a topology change.
 *
 * <p>Freshness: writes are pushed ({@link TwinInvalidation}). The read-write bean's {@code ejbStore()}
 * publishes the primary key to a topic ({@code topic/<Entity>Invalidation}, references on the
 * read-write entry only, with the env-entry that tells the shared bean class it is the writer), and a
 * new message-driven bean {@code <Entity>InvalidationBean}, deployed with the twin, evicts the twin's
 * cached instance through JBoss's cache MBean over standard JMX (no vendor class is on an
 * application's compile class path). The descriptor entries are {@link MessagingDescriptors}' (the
 * ones a deferred call's queue gets, for a topic). {@code read-time-out}
 * ({@value #READ_TIME_OUT_MILLIS} ms) stays as the bound for a lost message. WebLogic's push
 * invalidation ({@code invalidation-target}) needs a second {@code weblogic-cmp-rdbms-jar.xml}
 * mapping and is declined with that reason.
 *
 * <p>Cost: the publish runs in the container's {@code ejbStore} at the read-write bean's (main) site,
 * where a JMS send to a broker at main is free, and the listener's eviction is off every request's
 * path, so the prediction ({@code CacheableReadMostlyEntity}) is the twin's alone.
 */
public final class IntroduceReadMostlyTwin implements Refactoring {
    public static final String RULE_ID = "WAN005";
    /** How long the twin serves a field before re-reading it if no invalidation reached it: the staleness a read-mostly page accepts. */
    static final int READ_TIME_OUT_MILLIS = 60_000;
    private static final String TWIN = "ReadOnly";

    private static final Set<CallOp> WRITES = EnumSet.of(CallOp.ENTITY_SET, CallOp.ENTITY_UPDATE, CallOp.HOME_CREATE,
            CallOp.HOME_REMOVE, CallOp.REMOVE);
    private static final Set<CallOp> READS = EnumSet.of(CallOp.ENTITY_GET, CallOp.HOME_FIND);
    /** Container callbacks of the entity itself: their calls are the container's, not a reader's or writer's. */
    private static final Set<String> LIFECYCLE = Set.of("ejbLoad", "ejbStore", "ejbCreate", "ejbPostCreate",
            "ejbRemove", "ejbActivate", "ejbPassivate", "setEntityContext", "unsetEntityContext");
    /** Elements of a jbosscmp-jdbc {@code entity} that precede {@code create-table}. */
    private static final Set<String> BEFORE_JBOSSCMP_CREATE_TABLE = Set.of("ejb-name", "datasource", "datasource-mapping");
    /** Table life-cycle and caching settings the twin gets its own values for (it must never create or drop the table). */
    private static final List<String> JBOSSCMP_TWIN_SETTINGS = List.of("create-table", "remove-table", "post-table-create",
            "read-only", "read-time-out");
    /** Elements that follow {@code enterprise-beans} in jbosscmp-jdbc.xml. */
    private static final Set<String> AFTER_JBOSSCMP_BEANS = Set.of("relationships", "dependent-value-classes",
            "type-mappings", "entity-commands", "user-type-mappings", "reserved-words");

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Entity.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !(finding.subject() instanceof FindingSubject.Entity subject)) {
            return PlanOutcome.declined("not a WAN005 entity finding");
        }
        String name = subject.name();
        Optional<Component> found = context.model().byName(name).filter(c -> c.kind().isEntity());
        if (found.isEmpty()) return PlanOutcome.declined("entity " + name + " is not in the component model");
        Component entity = found.get();
        if (entity.readOnly()) return PlanOutcome.declined(name + " is already declared read-only");
        if (entity.kind() != ComponentKind.ENTITY_CMP) {
            return PlanOutcome.declined("the read-only twin is generated for CMP 2.x entity beans; " + name + " is "
                    + (entity.kind() == ComponentKind.JPA_ENTITY ? "a JPA entity (cache it with Hibernate @Cache(usage = NONSTRICT_READ_WRITE))"
                    : "a BMP bean (declare a read-only twin by hand: its ejbLoad must not be shared with the writer)"));
        }
        CallGraph graph = context.analysis().callGraph();
        if (graph == null) return PlanOutcome.declined("no call graph: readers and writers of " + name + " are unknown");
        if (finding.before() != null && finding.before().equals(finding.after())) {
            // WAN005 reports only entities some read of which crosses sites; equal figures mean no request would get cheaper.
            return PlanOutcome.declined("a read-only twin of " + name + " deployed with its readers would make none of "
                    + "their requests cheaper (" + finding.before().formula() + " round trips either way)");
        }
        try {
            return new Planner(finding, entity, context, graph).plan();
        } catch (Declined d) {
            return PlanOutcome.declined(d.getMessage());
        }
    }

    /** A precise reason to plan nothing, thrown from deep inside planning. */
    static final class Declined extends RuntimeException {
        Declined(String why) { super(why, null, false, false); }
    }

    /** One planning run: the entity, its twin's names and the changes collected so far. */
    private static final class Planner {
        private final Finding finding;
        private final Component entity;
        private final RefactoringContext context;
        private final CallGraph graph;
        private final Map<String, List<TextEdit>> edits = new LinkedHashMap<>();
        private final List<FileChange> created = new ArrayList<>();

        private String twinName;
        private boolean remoteView;
        private String homeType, componentType, twinHome, twinComponent, twinJndi;
        private final Set<String> twinMethods = new TreeSet<>();

        Planner(Finding finding, Component entity, RefactoringContext context, CallGraph graph) {
            this.finding = finding;
            this.entity = entity;
            this.context = context;
            this.graph = graph;
        }

        PlanOutcome plan() {
            String name = entity.name();
            twinName = name + TWIN;
            if (context.model().byName(twinName).isPresent()) {
                throw new Declined("a component named " + twinName + " already exists");
            }
            Map<String, List<CallEdge>> byFile = entityEdgesByFile();
            Set<String> writerFiles = new TreeSet<>(), readerFiles = new TreeSet<>();
            classify(byFile, readerFiles, writerFiles);
            if (writerFiles.isEmpty()) throw new Declined(name + " is never written: declare it read-only instead");
            if (readerFiles.isEmpty()) throw new Declined("no class only reads " + name);
            chooseView(readerFiles, byFile);
            interfaces();
            ejbJar();
            vendor();
            invalidation();
            for (String f : readerFiles) reader(f, byFile.get(f));
            List<FileChange> changes = new ArrayList<>();
            edits.forEach((file, list) -> changes.add(new FileChange.Edit(file, list)));
            changes.addAll(created);
            changes.sort(Comparator.comparing(FileChange::file));
            String title = "Serve the readers of read-mostly entity " + name + " from a read-only twin " + twinName
                    + " (" + readerFiles.size() + (readerFiles.size() == 1 ? " reader" : " readers") + " switched; "
                    + writerFiles.size() + (writerFiles.size() == 1 ? " writer keeps " : " writers keep ") + name + ")";
            return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(), title, changes, finding.before(), finding.after()));
        }

        // ---- who reads, who writes ------------------------------------------------------------------

        private boolean targetsEntity(CallEdge e) {
            if (e.kind() == EdgeKind.JNDI_LOOKUP) return entity.name().equals(e.targetComponent());
            if (!e.kind().isEjb()) return false;
            if (e.targetComponent() != null) return entity.name().equals(e.targetComponent());
            return e.to() != null && context.model().owning(e.to().className())
                    .filter(c -> c.name().equals(entity.name())).isPresent();
        }

        private boolean ownLifecycle(CallEdge e) {
            return e.from().className().equals(entity.className()) && LIFECYCLE.contains(e.from().name());
        }

        /** The application's calls on the entity (lookups of its home included), by file. */
        private Map<String, List<CallEdge>> entityEdgesByFile() {
            Map<String, List<CallEdge>> out = new LinkedHashMap<>();
            for (CallEdge e : graph.edges()) {
                if (!targetsEntity(e) || ownLifecycle(e) || e.location().file() == null) continue;
                out.computeIfAbsent(e.location().file(), f -> new ArrayList<>()).add(e);
            }
            return out;
        }

        /**
         * Files whose calls on the entity run for entry points that write it (or are writes) are
         * writers and keep the read-write bean; the others only look up and read, and switch. A file
         * that serves both kinds of entry point is declined: its readers would keep paying.
         */
        private void classify(Map<String, List<CallEdge>> byFile, Set<String> readers, Set<String> writers) {
            Set<MethodRef> writerReach = new HashSet<>(), readerReach = new HashSet<>();
            Map<MethodRef, String> readerEntry = new LinkedHashMap<>();
            for (EntryPoint ep : graph.entryPoints()) {
                Set<MethodRef> reached = reach(ep.method());
                boolean writes = false;
                for (MethodRef m : reached) {
                    for (CallEdge e : graph.outgoing(m)) if (WRITES.contains(e.op()) && targetsEntity(e) && !ownLifecycle(e)) writes = true;
                }
                if (writes) writerReach.addAll(reached);
                else for (MethodRef m : reached) if (readerReach.add(m)) readerEntry.put(m, ep.id());
            }
            for (Map.Entry<String, List<CallEdge>> f : byFile.entrySet()) {
                CallEdge write = null, read = null;
                for (CallEdge e : f.getValue()) {
                    if (WRITES.contains(e.op()) || writerReach.contains(e.from())) write = write == null ? e : write;
                    else if (e.kind() != EdgeKind.JNDI_LOOKUP && !READS.contains(e.op())) {
                        throw new Declined(f.getKey() + ":" + e.line() + " calls " + (e.to() == null ? entity.name()
                                : e.to().simpleClassName() + "." + e.to().name() + "()") + ", which is neither a getter nor a finder; "
                                + "the read-only twin only offers those");
                    }
                    if (readerReach.contains(e.from())) read = read == null ? e : read;
                }
                if (write != null && read != null) {
                    throw new Declined(f.getKey() + " serves both entry points that only read " + entity.name() + " ("
                            + readerEntry.get(read.from()) + ", line " + read.line() + ") and ones that write it (line " + write.line()
                            + "); move the reads into a class of their own, then its readers can use a read-only twin");
                }
                (write != null ? writers : readers).add(f.getKey());
            }
        }

        private Set<MethodRef> reach(MethodRef start) {
            Set<MethodRef> seen = new HashSet<>();
            Deque<MethodRef> todo = new ArrayDeque<>();
            todo.add(start);
            while (!todo.isEmpty()) {
                MethodRef m = todo.poll();
                if (!seen.add(m)) continue;
                for (CallEdge e : graph.outgoing(m)) {
                    if (e.to() != null && (e.kind() == EdgeKind.LOCAL || e.kind().isEjb())) todo.add(e.to());
                }
            }
            return seen;
        }

        /** Remote or local: the view the readers' finders and getters go through. */
        private void chooseView(Set<String> readers, Map<String, List<CallEdge>> byFile) {
            var views = entity.interfaces();
            Set<Boolean> remote = new HashSet<>();
            for (String f : readers) {
                for (CallEdge e : byFile.get(f)) {
                    if (!e.kind().isEjb() || e.to() == null) continue;
                    String c = e.to().className();
                    if (c.equals(views.home()) || c.equals(views.remote())) remote.add(true);
                    else if (c.equals(views.localHome()) || c.equals(views.local())) remote.add(false);
                }
            }
            if (remote.size() != 1) throw new Declined("the readers of " + entity.name() + " use " + (remote.isEmpty()
                    ? "no view the model resolves" : "both its remote and its local view") + "; the twin offers one");
            remoteView = remote.contains(true);
            homeType = remoteView ? views.home() : views.localHome();
            componentType = remoteView ? views.remote() : views.local();
            if (homeType == null || componentType == null) throw new Declined(entity.name() + " lacks a home or component interface");
            twinHome = packageOf(homeType) + twinType(simple(homeType));
            twinComponent = packageOf(componentType) + twinType(simple(componentType));
            if (context.model().owning(twinHome).isPresent() || context.model().owning(twinComponent).isPresent()) {
                throw new Declined(simple(twinHome) + " or " + simple(twinComponent) + " already exists");
            }
        }

        // ---- ejb-jar.xml ---------------------------------------------------------------------------

        private String ejbJarPath() {
            return entity.declaredIn().stream().map(SourceLocation::file)
                    .filter(f -> f.endsWith("ejb-jar.xml") && !f.endsWith("weblogic-ejb-jar.xml")).findFirst()
                    .orElseThrow(() -> new Declined(entity.name() + " is not declared in an ejb-jar.xml"));
        }

        private void ejbJar() {
            String path = ejbJarPath();
            SourceText text = context.read(path).orElseThrow(() -> new Declined(path + " cannot be read"));
            XmlOutline.Element root = XmlOutline.parse(text.text()).orElseThrow(() -> new Declined(path + " is not well-formed XML"));
            XmlOutline.Element bean = root.child("enterprise-beans").flatMap(b -> named(b.children("entity"), entity.name()))
                    .orElseThrow(() -> new Declined(path + " has no <entity> named " + entity.name()));
            if (!bean.childText("cmp-version").map(v -> v.startsWith("2")).orElse(false)) {
                throw new Declined(entity.name() + " is not a CMP 2.x bean (its finders live in vendor descriptors)");
            }
            String schema = bean.childText("abstract-schema-name").orElseThrow(() -> new Declined(entity.name() + " has no abstract-schema-name"));
            root.child("relationships").ifPresent(r -> {
                if (text.text().substring(r.start(), r.end()).contains(">" + entity.name() + "<")) {
                    throw new Declined(entity.name() + " takes part in container-managed relationships (" + path + ":"
                            + lineOf(text, r.start()) + "); a twin would need relationships of its own");
                }
            });
            XmlSplice splice = new XmlSplice(text);
            List<TextEdit> inBean = new ArrayList<>();
            replaceText(bean, "ejb-name", twinName, inBean);
            replaceText(bean, remoteView ? "home" : "local-home", twinHome, inBean);
            replaceText(bean, remoteView ? "remote" : "local", twinComponent, inBean);
            for (String other : remoteView ? List.of("local-home", "local") : List.of("home", "remote")) {
                bean.child(other).ifPresent(o -> inBean.add(removeLine(text, o)));
            }
            replaceText(bean, "abstract-schema-name", schema + TWIN, inBean);
            Pattern from = Pattern.compile("(?i)(\\bFROM\\s+)" + Pattern.quote(schema) + "\\b");
            for (XmlOutline.Element q : bean.children("query")) {
                String method = q.child("query-method").flatMap(m -> m.childText("method-name")).orElse("");
                if (!method.startsWith("find")) continue;
                q.child("ejb-ql").ifPresent(ql -> {
                    String body = text.text().substring(ql.startTagEnd(), ql.endTagStart());
                    Matcher m = from.matcher(body);
                    String renamed = m.replaceAll("$1" + Matcher.quoteReplacement(schema + TWIN));
                    if (!renamed.equals(body)) inBean.add(new TextEdit(path, ql.startTagEnd(), ql.endTagStart(), renamed));
                });
            }
            add(path, splice.insertAfter(bean, copy(text, bean, inBean)));
            root.child("assembly-descriptor").ifPresent(ad -> methods(text, splice, ad));
        }

        /** Each {@code <method>} of the read-write bean in the assembly descriptor, repeated for the twin. */
        private void methods(SourceText text, XmlSplice splice, XmlOutline.Element parent) {
            for (XmlOutline.Element c : parent.children()) {
                if (!c.name().equals("method")) {
                    methods(text, splice, c);
                    continue;
                }
                if (!c.childText("ejb-name").filter(entity.name()::equals).isPresent()) continue;
                String methodName = c.childText("method-name").orElse("*");
                String intf = c.childText("method-intf").orElse("");
                boolean otherView = remoteView ? intf.startsWith("Local") : intf.equals("Home") || intf.equals("Remote");
                if (otherView || !(methodName.equals("*") || twinMethods.contains(methodName) || methodName.startsWith("find"))) continue;
                List<TextEdit> rename = new ArrayList<>();
                replaceText(c, "ejb-name", twinName, rename);
                add(text.path(), splice.insertAfter(c, copy(text, c, rename)));
            }
        }

        // ---- jboss.xml, jbosscmp-jdbc.xml ---------------------------------------------------------

        private void vendor() {
            String folder = folderOf(ejbJarPath());
            List<String> weblogic = context.descriptorsWithRoot(Set.of("weblogic-ejb-jar"));
            Optional<String> jboss = nearest(context.descriptorsWithRoot(Set.of("jboss")), folder);
            if (jboss.isEmpty() && !weblogic.isEmpty()) {
                throw new Declined("WebLogic's read-mostly pattern (a ReadOnly twin with invalidation-target on " + entity.name()
                        + ") also needs the twin's table mapping in weblogic-cmp-rdbms-jar.xml, which is not generated");
            }
            String jndi = remoteView ? entity.jndiName() : entity.localJndiName();
            String twinJndi = jndi == null ? twinName + (remoteView ? "Home" : "LocalHome") : twinType(jndi);
            String binding = remoteView ? "jndi-name" : "local-jndi-name";
            String doctypeVersion = "4.0";
            if (jboss.isPresent()) {
                SourceText text = context.read(jboss.get()).orElseThrow(() -> new Declined(jboss.get() + " cannot be read"));
                if (text.text().contains("JBOSS 3.2")) doctypeVersion = "3.2";
                XmlOutline.Element root = XmlOutline.parse(text.text()).orElseThrow(() -> new Declined(jboss.get() + " is not well-formed XML"));
                XmlSplice splice = new XmlSplice(text);
                String u = splice.indentUnit(root);
                String twin = "<entity>\n" + u + "<ejb-name>" + twinName + "</ejb-name>\n" + u + "<" + binding + ">" + twinJndi
                        + "</" + binding + ">\n" + u + "<read-only>true</read-only>\n</entity>";
                Optional<XmlOutline.Element> beans = root.child("enterprise-beans");
                Optional<XmlOutline.Element> bean = beans.flatMap(b -> named(b.children("entity"), entity.name()));
                if (bean.isPresent()) add(text.path(), splice.insertAfter(bean.get(), twin));
                else if (beans.isPresent()) add(text.path(), splice.insertChild(beans.get(), Set.of(), twin));
                else add(text.path(), splice.insertChild(root, DescriptorOrder.JBOSS_AFTER_ENTERPRISE_BEANS, "<enterprise-beans>\n" + u + twin.replace("\n", "\n" + u)
                        + "\n" + u + jbossWriterAndListener(twinJndi, u).replace("\n", "\n" + u) + "\n</enterprise-beans>"));
            } else {
                created.add(new FileChange.Create(folder + "jboss.xml", VendorDescriptors.newJbossXmlWith(twinName,
                        jbossWriterAndListener(twinJndi, "  ").replace("\n", "\n    "),
                        "<" + binding + ">" + twinJndi + "</" + binding + ">", "<read-only>true</read-only>")));
            }
            jbossCmp(folder, doctypeVersion);
            this.twinJndi = twinJndi;
        }


        /** jboss.xml entries for a descriptor without enterprise-beans: the writer's topic bindings and the listener. */
        private String jbossWriterAndListener(String jndi, String u) {
            TwinInvalidation.Names n = names(jndi);
            return "<entity>\n" + u + "<ejb-name>" + entity.name() + "</ejb-name>\n"
                    + u + "<resource-ref>\n" + u + u + "<res-ref-name>" + n.factoryRef() + "</res-ref-name>\n"
                    + u + u + "<jndi-name>" + MessagingDescriptors.JBOSS_FACTORY + "</jndi-name>\n" + u + "</resource-ref>\n"
                    + u + "<resource-env-ref>\n" + u + u + "<resource-env-ref-name>" + n.topicRef() + "</resource-env-ref-name>\n"
                    + u + u + "<jndi-name>" + n.topicJndi() + "</jndi-name>\n" + u + "</resource-env-ref>\n</entity>\n"
                    + "<message-driven>\n" + u + "<ejb-name>" + n.mdbEjbName() + "</ejb-name>\n"
                    + u + "<destination-jndi-name>" + n.topicJndi() + "</destination-jndi-name>\n</message-driven>";
        }

        private TwinInvalidation.Names names(String jndi) {
            return TwinInvalidation.Names.of(entity.name(), entity.className(), jndi);
        }

        /**
         * Push invalidation ({@link TwinInvalidation}): the read-write bean's env-entry, topic refs and
         * publishing {@code ejbStore}; the message-driven bean that evicts the twin's cached instance,
         * in ejb-jar.xml and jboss.xml (the jboss.xml {@link #vendor()} creates already has them).
         */
        private void invalidation() {
            TwinInvalidation.Names n = names(twinJndi);
            if (context.model().byName(n.mdbEjbName()).isPresent()) {
                throw new Declined("a component named " + n.mdbEjbName() + " already exists");
            }
            JavaSource bean = javaOf(entity.className());
            // The application's level, not the entity's imports (which may name no EE package).
            String ns = context.apiLevel().namespace();
            String path = ejbJarPath();
            SourceText text = context.read(path).orElseThrow(() -> new Declined(path + " cannot be read"));
            MessagingDescriptors.whyNot(text).ifPresent(why -> { throw new Declined(why); });
            for (TextEdit e : TwinInvalidation.beanClass(bean, simple(entity.className()), n, ns)) add(bean.source().path(), e);
            created.add(new FileChange.Create(pathOf(bean, n.mdbClass()), TwinInvalidation.messageBean(n, twinName, entity.name(), ns)));

            XmlOutline.Element root = XmlOutline.parse(text.text()).orElseThrow(() -> new Declined(path + " is not well-formed XML"));
            XmlOutline.Element bean2 = root.child("enterprise-beans").flatMap(b -> named(b.children("entity"), entity.name())).orElseThrow();
            boolean declared = bean2.children("env-entry").stream()
                    .anyMatch(e -> e.childText("env-entry-name").filter(TwinInvalidation.SWITCH::equals).isPresent());
            if (declared) throw new Declined(entity.name() + " already declares an env-entry " + TwinInvalidation.SWITCH + " (" + path + ")");
            XmlSplice splice = new XmlSplice(text);
            // before the references MessagingDescriptors adds: same-offset inserts keep their order
            add(path, splice.insertChild(bean2, TwinInvalidation.AFTER_ENV_ENTRY, TwinInvalidation.envEntry(splice.indentUnit(bean2))));
            MessagingDescriptors.ejbJar(text, MessagingDescriptors.Destination.TOPIC, entity.name(), n.mdbEjbName(), n.mdbClass(),
                    n.topicRef(), n.factoryRef(), ns, Set.of()).orElseThrow().edits().forEach(e -> add(path, e));

            // a jboss.xml vendor() created or gave its enterprise-beans already has the entries
            Optional<String> jboss = nearest(context.descriptorsWithRoot(Set.of("jboss")), folderOf(path));
            if (jboss.isEmpty()) return;
            SourceText jt = context.read(jboss.get()).orElseThrow(() -> new Declined(jboss.get() + " cannot be read"));
            MessagingDescriptors.jboss(jt, "entity", entity.name(), n.mdbEjbName(), n.topicRef(), n.factoryRef(), n.topicJndi(), Set.of())
                    .ifPresent(edit -> edit.edits().forEach(e -> add(jboss.get(), e)));
        }

        /** The twin on the read-write bean's table, read-only with a read time-out. */
        private void jbossCmp(String folder, String version) {
            Optional<String> existing = nearest(context.descriptorsWithRoot(Set.of("jbosscmp-jdbc")), folder);
            String readOnly = "<create-table>false</create-table>\n<remove-table>false</remove-table>\n<read-only>true</read-only>\n"
                    + "<read-time-out>" + READ_TIME_OUT_MILLIS + "</read-time-out>";
            if (existing.isEmpty()) {
                String dtd = version.equals("3.2") ? "-//JBoss//DTD JBOSSCMP-JDBC 3.2//EN\" \"http://www.jboss.org/j2ee/dtd/jbosscmp-jdbc_3_2.dtd"
                        : "-//JBoss//DTD JBOSSCMP-JDBC 4.0//EN\" \"http://www.jboss.org/j2ee/dtd/jbosscmp-jdbc_4_0.dtd";
                created.add(new FileChange.Create(folder + "jbosscmp-jdbc.xml", """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <!DOCTYPE jbosscmp-jdbc PUBLIC "%s">
                        <jbosscmp-jdbc>
                          <enterprise-beans>
                            <!-- %s: the read-only twin of %s, on the same table; re-read after %d ms -->
                            <entity>
                              <ejb-name>%s</ejb-name>
                              <create-table>false</create-table>
                              <remove-table>false</remove-table>
                              <read-only>true</read-only>
                              <read-time-out>%d</read-time-out>
                              <table-name>%s</table-name>
                            </entity>
                          </enterprise-beans>
                        </jbosscmp-jdbc>
                        """.formatted(dtd, twinName, entity.name(), READ_TIME_OUT_MILLIS, twinName, READ_TIME_OUT_MILLIS, entity.name())));
                return;
            }
            SourceText text = context.read(existing.get()).orElseThrow(() -> new Declined(existing.get() + " cannot be read"));
            XmlOutline.Element root = XmlOutline.parse(text.text()).orElseThrow(() -> new Declined(existing.get() + " is not well-formed XML"));
            XmlSplice splice = new XmlSplice(text);
            String u = splice.indentUnit(root);
            Optional<XmlOutline.Element> beans = root.child("enterprise-beans");
            Optional<XmlOutline.Element> bean = beans.flatMap(b -> named(b.children("entity"), entity.name()));
            if (bean.isPresent()) {
                XmlOutline.Element b = bean.get();
                List<TextEdit> inBean = new ArrayList<>();
                replaceText(b, "ejb-name", twinName, inBean);
                for (String drop : JBOSSCMP_TWIN_SETTINGS) b.child(drop).ifPresent(d -> inBean.add(removeLine(text, d)));
                XmlOutline.Element anchor = b.children().stream().filter(c -> BEFORE_JBOSSCMP_CREATE_TABLE.contains(c.name()))
                        .reduce((x, y) -> y).orElseThrow();
                String indent = text.indentationAt(anchor.start());
                inBean.add(TextEdit.insert(text.path(), anchor.end(), "\n" + indent + readOnly.replace("\n", "\n" + indent)));
                if (b.child("table-name").isEmpty()) {
                    XmlOutline.Element last = b.children().get(b.children().size() - 1);
                    inBean.add(TextEdit.insert(text.path(), last.end(), "\n" + indent + "<table-name>" + entity.name() + "</table-name>"));
                }
                add(text.path(), splice.insertAfter(b, copy(text, b, inBean)));
                return;
            }
            String twin = "<entity>\n" + u + "<ejb-name>" + twinName + "</ejb-name>\n" + u + readOnly.replace("\n", "\n" + u)
                    + "\n" + u + "<table-name>" + entity.name() + "</table-name>\n</entity>";
            if (beans.isPresent()) add(text.path(), splice.insertChild(beans.get(), Set.of(), twin));
            else add(text.path(), splice.insertChild(root, AFTER_JBOSSCMP_BEANS, "<enterprise-beans>\n" + u
                    + twin.replace("\n", "\n" + u) + "\n</enterprise-beans>"));
        }

        // ---- the twin's interfaces ---------------------------------------------------------------

        private void interfaces() {
            JavaSource component = javaOf(componentType);
            JavaSource home = javaOf(homeType);
            String getters = members(component, simple(componentType), m -> isGetter(m), m -> component.text(m));
            String finders = members(home, simple(homeType), m -> m.getNameAsString().startsWith("find"), m -> {
                String decl = home.text(m);
                String type = home.text(m.getType());
                if (type.equals(simple(componentType)) || type.equals(componentType)) {
                    decl = decl.substring(0, home.begin(m.getType()) - home.begin(m)) + simple(twinComponent)
                            + decl.substring(home.end(m.getType()) - home.begin(m));
                }
                return decl;
            });
            created.add(new FileChange.Create(pathOf(component, twinComponent), unit(component, simple(componentType), twinComponent,
                    "Read-only view of " + entity.name() + " for its readers: getters only; writes go through "
                            + simple(componentType) + ".",
                    getters)));
            created.add(new FileChange.Create(pathOf(home, twinHome), unit(home, simple(homeType), twinHome,
                    "Home of the read-only " + twinName + " twin of " + entity.name() + ": finders only.", finders)));
        }

        private static boolean isGetter(MethodDeclaration m) {
            String n = m.getNameAsString();
            return m.getParameters().isEmpty() && !m.getType().isVoidType()
                    && (n.startsWith("get") && n.length() > 3 || n.startsWith("is") && n.length() > 2);
        }

        private String members(JavaSource source, String typeName, java.util.function.Predicate<MethodDeclaration> keep,
                               java.util.function.Function<MethodDeclaration, String> text) {
            TypeDeclaration<?> type = source.type(typeName).orElseThrow(() -> new Declined(typeName + " is not declared in " + source.source().path()));
            StringBuilder out = new StringBuilder();
            for (MethodDeclaration m : type.getMethods()) {
                if (!keep.test(m)) continue;
                twinMethods.add(m.getNameAsString());
                out.append("    ").append(text.apply(m).replace("\r\n", "\n")).append('\n');
            }
            return out.toString();
        }

        /** The twin interface's file: the original's package, imports it still uses, header and the kept members. */
        private static String unit(JavaSource original, String originalName, String qualified, String doc, String members) {
            TypeDeclaration<?> type = original.type(originalName).orElseThrow();
            String header = original.source().text().substring(original.begin(type), original.begin(type.getName()))
                    .replaceAll("(?s)/\\*\\*.*?\\*/\\s*", "");
            String extended = type.isClassOrInterfaceDeclaration()
                    ? String.join(", ", type.asClassOrInterfaceDeclaration().getExtendedTypes().stream().map(original::text).toList()) : "";
            String body = members;
            StringBuilder imports = new StringBuilder();
            for (ImportDeclaration i : original.unit().getImports()) {
                String simpleName = i.getName().getIdentifier();
                if (i.isAsterisk() || Pattern.compile("\\b" + Pattern.quote(simpleName) + "\\b").matcher(body + extended).find()) {
                    imports.append(original.text(i).strip()).append('\n');
                }
            }
            StringBuilder out = new StringBuilder();
            original.unit().getPackageDeclaration().ifPresent(p -> out.append(original.text(p).strip()).append("\n\n"));
            if (!imports.isEmpty()) out.append(imports).append('\n');
            out.append("/** ").append(doc).append(" */\n");
            out.append(header.strip()).append(' ').append(simple(qualified));
            if (!extended.isEmpty()) out.append(" extends ").append(extended);
            out.append(" {\n").append(body).append("}\n");
            return out.toString();
        }

        private JavaSource javaOf(String qualified) {
            String suffix = qualified.replace('.', '/') + ".java";
            String path = context.files().stream().map(f -> f.path()).filter(p -> p.equals(suffix) || p.endsWith("/" + suffix))
                    .findFirst().orElseThrow(() -> new Declined("the source of " + qualified + " is not in the analysed folder"));
            SourceText text = context.read(path).orElseThrow(() -> new Declined(path + " cannot be read"));
            return JavaSource.parse(text).orElseThrow(() -> new Declined(path + " does not parse"));
        }

        private String pathOf(JavaSource original, String qualified) {
            String path = folderOf(original.source().path()) + simple(qualified) + ".java";
            if (context.exists(path)) throw new Declined(path + " already exists");
            return path;
        }

        // ---- readers -----------------------------------------------------------------------------

        /** A reader: its lookups name the twin (ejb-ref or global name), its types become the twin's. */
        private void reader(String file, List<CallEdge> calls) {
            SourceText text = context.read(file).orElseThrow(() -> new Declined(file + " cannot be read"));
            JavaSource java = JavaSource.parse(text).orElseThrow(() -> new Declined(file + " does not parse"));
            Set<Integer> lookupLines = new TreeSet<>();
            for (CallEdge e : calls) if (e.kind() == EdgeKind.JNDI_LOOKUP) lookupLines.add(e.line());
            for (int line : lookupLines) {
                StringLiteralExpr literal = java.unit().findAll(MethodCallExpr.class).stream()
                        .filter(c -> c.getNameAsString().equals("lookup") && c.getBegin().map(p -> p.line).orElse(-1) <= line
                                && c.getEnd().map(p -> p.line).orElse(-1) >= line && c.getArguments().size() == 1
                                && c.getArgument(0).isStringLiteralExpr())
                        .map(c -> c.getArgument(0).asStringLiteralExpr()).findFirst()
                        .orElseThrow(() -> new Declined("the lookup of " + entity.name() + " at " + file + ":" + line
                                + " does not name its home with a string literal"));
                add(file, new TextEdit(file, java.begin(literal) + 1, java.end(literal) - 1, twinLookupName(literal.getValue(), file, line)));
            }
            Map<String, String> renames = Map.of(simple(homeType), simple(twinHome), simple(componentType), simple(twinComponent));
            for (ClassOrInterfaceType t : java.unit().findAll(ClassOrInterfaceType.class)) {
                String to = renames.get(t.getNameAsString());
                if (to == null) continue;
                boolean qualifiedElsewhere = t.getScope().isPresent() && !(t.getScope().get().asString() + ".").equals(packageOf(homeType));
                if (qualifiedElsewhere) continue;
                add(file, new TextEdit(file, java.begin(t.getName()), java.end(t.getName()), to));
            }
            for (ImportDeclaration i : java.unit().getImports()) {
                String n = i.getNameAsString();
                String to = n.equals(homeType) ? twinHome : n.equals(componentType) ? twinComponent : null;
                if (to != null && !i.isAsterisk()) add(file, new TextEdit(file, java.begin(i.getName()), java.end(i.getName()), to));
            }
            for (MethodDeclaration m : java.unit().findAll(MethodDeclaration.class)) {
                if (m.isPublic() && m.getParameters().stream().anyMatch(p -> renames.containsKey(p.getType().asString()))
                        || renames.containsKey(m.getType().asString()) && !m.isPrivate()) {
                    throw new Declined(file + ":" + m.getBegin().map(p -> p.line).orElse(0) + " passes " + entity.name()
                            + " through a method signature that other classes call; switch that reader by hand");
                }
            }
        }

        private final Set<String> refsAdded = new HashSet<>();

        /** The twin's name for a lookup: its own ejb-ref (added next to the read-write one) or its global JNDI name. */
        private String twinLookupName(String name, String file, int line) {
            String env = "java:comp/env/";
            if (name.startsWith(env)) {
                String ref = name.substring(env.length());
                String twinRef = ref + TWIN;
                if (refsAdded.add(ref)) webRef(ref, twinRef, file, line);
                return env + twinRef;
            }
            String global = remoteView ? entity.jndiName() : entity.localJndiName();
            if (name.equals(global)) return twinJndi;
            throw new Declined("the lookup '" + name + "' at " + file + ":" + line + " is neither a java:comp/env ejb-ref nor "
                    + entity.name() + "'s global JNDI name");
        }

        /** The ejb-ref (web.xml) and its JBoss binding (jboss-web.xml), repeated for the twin. */
        private void webRef(String ref, String twinRef, String file, int line) {
            String element = remoteView ? "ejb-ref" : "ejb-local-ref";
            boolean found = false;
            for (String webXml : context.filesNamed("web.xml")) {
                SourceText text = context.read(webXml).orElse(null);
                if (text == null) continue;
                Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
                Optional<XmlOutline.Element> decl = root.flatMap(r -> r.children(element).stream()
                        .filter(e -> e.childText("ejb-ref-name").filter(ref::equals).isPresent()).findFirst());
                if (decl.isEmpty()) continue;
                found = true;
                XmlOutline.Element d = decl.get();
                List<TextEdit> renamed = new ArrayList<>();
                replaceText(d, "ejb-ref-name", twinRef, renamed);
                replaceText(d, remoteView ? "home" : "local-home", twinHome, renamed);
                replaceText(d, remoteView ? "remote" : "local", twinComponent, renamed);
                if (d.child("ejb-link").isPresent()) replaceText(d, "ejb-link", twinName, renamed);
                add(webXml, new XmlSplice(text).insertAfter(d, copy(text, d, renamed)));
                for (String jbossWeb : context.descriptorsWithRoot(Set.of("jboss-web"))) {
                    if (!folderOf(jbossWeb).equals(folderOf(webXml))) continue;
                    SourceText jt = context.read(jbossWeb).orElse(null);
                    if (jt == null) continue;
                    XmlOutline.parse(jt.text()).flatMap(r -> r.children(element).stream()
                            .filter(e -> e.childText("ejb-ref-name").filter(ref::equals).isPresent()).findFirst()).ifPresent(b -> {
                                List<TextEdit> r = new ArrayList<>();
                                replaceText(b, "ejb-ref-name", twinRef, r);
                                replaceText(b, remoteView ? "jndi-name" : "local-jndi-name", twinJndi, r);
                                add(jbossWeb, new XmlSplice(jt).insertAfter(b, copy(jt, b, r)));
                            });
                }
            }
            if (!found) throw new Declined("the ejb-ref " + ref + " looked up at " + file + ":" + line + " is not declared in a web.xml");
        }

        // ---- text helpers --------------------------------------------------------------------------

        private void add(String file, TextEdit edit) {
            edits.computeIfAbsent(file, f -> new ArrayList<>()).add(edit);
        }

        private static Optional<XmlOutline.Element> named(List<XmlOutline.Element> elements, String ejbName) {
            return elements.stream().filter(e -> e.childText("ejb-name").filter(ejbName::equals).isPresent()).findFirst();
        }

        private static void replaceText(XmlOutline.Element parent, String child, String value, List<TextEdit> into) {
            parent.child(child).ifPresent(c -> into.add(new TextEdit("", c.startTagEnd(), c.endTagStart(), value)));
        }

        /** Deletes the element's whole line (indentation and line ending included). */
        private static TextEdit removeLine(SourceText text, XmlOutline.Element e) {
            int start = text.lineStart(e.start());
            int end = e.end();
            while (end < text.text().length() && (text.text().charAt(end) == ' ' || text.text().charAt(end) == '\t')) end++;
            if (end < text.text().length() && text.text().charAt(end) == '\r') end++;
            if (end < text.text().length() && text.text().charAt(end) == '\n') end++;
            return new TextEdit("", start, end, "");
        }

        /**
         * The element's text with {@code edits} (offsets into the file) applied, its continuation lines
         * relative to the element's own indentation and {@code \n}-separated, as {@link XmlSplice} wants.
         */
        private static String copy(SourceText text, XmlOutline.Element element, List<TextEdit> edits) {
            StringBuilder out = new StringBuilder();
            int at = element.start();
            List<TextEdit> sorted = edits.stream().sorted(Comparator.comparingInt(TextEdit::start)).toList();
            for (TextEdit e : sorted) {
                out.append(text.text(), at, e.start()).append(e.replacement());
                at = e.end();
            }
            out.append(text.text(), at, element.end());
            String base = text.indentationAt(element.start());
            String[] lines = out.toString().replace("\r\n", "\n").split("\n", -1);
            StringBuilder result = new StringBuilder(lines[0]);
            for (int i = 1; i < lines.length; i++) {
                result.append('\n').append(lines[i].startsWith(base) ? lines[i].substring(base.length()) : lines[i].stripLeading());
            }
            return result.toString();
        }

        private static int lineOf(SourceText text, int offset) {
            int line = 1;
            for (int i = text.text().indexOf('\n'); i >= 0 && i < offset; i = text.text().indexOf('\n', i + 1)) line++;
            return line;
        }
    }

    /** {@code ItemHome} → {@code ItemReadOnlyHome}, {@code ItemLocal} → {@code ItemReadOnlyLocal}, {@code Item} → {@code ItemReadOnly}. */
    static String twinType(String simpleName) {
        for (String suffix : List.of("LocalHome", "Home", "Local")) {
            if (simpleName.endsWith(suffix) && simpleName.length() > suffix.length()) {
                return simpleName.substring(0, simpleName.length() - suffix.length()) + TWIN + suffix;
            }
        }
        return simpleName + TWIN;
    }

    private static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    /** The package with its trailing dot, or empty. */
    private static String packageOf(String qualified) {
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? "" : qualified.substring(0, dot + 1);
    }
}
