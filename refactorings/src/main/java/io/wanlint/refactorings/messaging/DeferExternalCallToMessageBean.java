package io.wanlint.refactorings.messaging;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.JavaSource;
import io.wanlint.refactorings.text.XmlOutline;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * WAN004: inside the transaction, a JMS message carrying the external call's inputs replaces the
 * call, and a new message-driven bean makes the call after commit (EJB 2.x: JMS 1.1 sender,
 * {@code MessageDrivenBean}, and the descriptor entries, for J2EE 1.3/1.4 applications and any
 * bean not declared by annotation; an annotated {@code @MessageDriven} bean where the application's
 * {@link io.wanlint.refactorings.api.ApiLevel} processes annotations; see {@link MessageBeanCode} and
 * {@link MessagingDescriptors}). An EJB 1.1 application has no message-driven beans: declined. Declined, with the line, whenever the transaction depends on the
 * call: it reads the call's result, rolls back on it, or the WAN calls are the transaction's own
 * remote EJB work.
 */
public final class DeferExternalCallToMessageBean implements Refactoring {
    public static final String RULE_ID = "WAN004";
    private static final Set<EdgeKind> TRANSACTIONAL = EnumSet.of(EdgeKind.JDBC, EdgeKind.JPA, EdgeKind.REMOTE_EJB,
            EdgeKind.LOCAL_EJB, EdgeKind.JMS_SEND, EdgeKind.JNDI_LOOKUP);

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Method.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!(finding.subject() instanceof FindingSubject.Method subject)) {
            return PlanOutcome.declined("the finding does not name its transactional method");
        }
        MethodRef txMethod = subject.method();
        String className = txMethod.className(), methodName = txMethod.name();
        int arity = txMethod.parameterTypes().size();
        String file = finding.location().file();
        Optional<JavaSource> source = context.read(file).flatMap(JavaSource::parse);
        if (source.isEmpty()) return PlanOutcome.declined(file + " cannot be read or parsed");
        String simple = className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
        simple = simple.substring(simple.lastIndexOf('.') + 1);
        Optional<TypeDeclaration<?>> type = source.get().type(simple);
        if (type.isEmpty()) return PlanOutcome.declined(file + " does not declare " + simple);
        Optional<MethodDeclaration> method = type.get().getMethodsByName(methodName).stream()
                .filter(m -> m.getParameters().size() == arity).findFirst();
        if (method.isEmpty()) return PlanOutcome.declined(file + " has no method " + methodName + " with " + arity + " parameters");

        // the lines of the transactional method on the way to each WAN call
        Set<Integer> callLines = new TreeSet<>();
        for (EvidenceStep s : finding.evidence()) {
            if (s.kind() != null && className.equals(s.className()) && methodName.equals(s.method()) && file.equals(s.file())) callLines.add(s.line());
        }
        if (callLines.isEmpty()) return PlanOutcome.declined("the finding's evidence has no call in " + simple + "." + methodName);
        Set<Integer> transactional = new LinkedHashSet<>();
        List<CallEdge> remote = new ArrayList<>();
        // The method's own edges only: a plan that reads no others is kept across edits elsewhere.
        for (CallEdge e : context.edgesFrom(className, methodName)) {
            if (!file.equals(e.location().file())) continue;
            if (TRANSACTIONAL.contains(e.kind())) transactional.add(e.line());
            if (e.kind() == EdgeKind.REMOTE_EJB && e.op() != CallOp.LOOKUP && callLines.contains(e.line())) remote.add(e);
        }

        CallSlicer slicer = new CallSlicer(type.get(), method.get(), file, transactional,
                written -> qualify(source.get(), written), q -> appSerializable(context, q));
        CallSlice slice = slicer.slice(callLines);
        if (slice instanceof CallSlice.Refused r) return PlanOutcome.declined(r.reason());
        CallSlice.Movable movable = (CallSlice.Movable) slice;
        if (!remote.isEmpty()) {
            CallEdge first = remote.get(0);
            return PlanOutcome.declined("the WAN calls are remote EJB calls (" + first.to().simpleClassName() + "." + first.to().name()
                    + " at " + file + ":" + first.line() + "): they are the transaction's own work on another site, which a message bean "
                    + "would take out of the transaction; bring the data next to the caller instead (WAN001 façade)");
        }
        // A session bean declared by its annotation gets an annotated message bean (whatever the imports look
        // like), where the application's level processes annotations; anything else gets EJB 2.x classes.
        boolean annotated = type.get().getAnnotations().stream().map(a -> a.getName().getIdentifier())
                .anyMatch(n -> n.equals("Stateless") || n.equals("Stateful") || n.equals("Singleton"));
        if (annotated && context.apiLevel().annotations()) return annotated(finding, context, source.get(), type.get(), movable);
        return ejb2(finding, context, source.get(), type.get(), movable, className);
    }

    private static PlanOutcome ejb2(Finding finding, RefactoringContext context, JavaSource source, TypeDeclaration<?> type,
                                    CallSlice.Movable slice, String className) {
        Optional<io.wanlint.analyzer.api.Component> bean = context.model().byClass(className);
        if (bean.isEmpty()) return PlanOutcome.declined(className + " is not a declared enterprise bean");
        String ejbName = bean.get().name();
        List<SourceText> descriptors = ejbJarsDeclaring(context, ejbName);
        if (descriptors.isEmpty()) return PlanOutcome.declined("no patchable ejb-jar descriptor declares " + ejbName);
        MessageBeanCode.Names names = MessageBeanCode.Names.of(slice.method().getNameAsString()).freeIn(type);
        String folder = source.source().path().substring(0, source.source().path().lastIndexOf('/') + 1);
        if (context.exists(folder + names.beanClass() + ".java")) {
            return PlanOutcome.declined(folder + names.beanClass() + ".java exists already; wanlint will not overwrite it");
        }
        for (SourceText d : descriptors) {
            Optional<String> why = MessagingDescriptors.whyNot(d);
            if (why.isPresent()) return PlanOutcome.declined(why.get());
        }
        String ns = context.apiLevel().namespace();
        MessageBeanCode code = new MessageBeanCode(source, type, slice, names, false, ns);
        String pkg = source.unit().getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
        Set<String> refTypes = new LinkedHashSet<>();
        slice.resources().forEach(r -> refTypes.add(r.type().substring(r.type().lastIndexOf('.') + 1)));

        List<FileChange> changes = new ArrayList<>();
        changes.add(code.sender());
        changes.add(code.messageBean());
        code.requestClass().ifPresent(changes::add);
        String queueBase = names.beanClass().substring(0, names.beanClass().length() - "MessageBean".length()) + "Queue";
        List<String> ejbJarFolders = new ArrayList<>();
        for (SourceText d : descriptors) {
            MessagingDescriptors.ejbJar(d, ejbName, names.ejbName(), pkg + names.beanClass(), names.queueRef(), names.factoryRef(), ns, refTypes)
                    .ifPresent(changes::add);
            ejbJarFolders.add(d.path().contains("/") ? d.path().substring(0, d.path().lastIndexOf('/') + 1) : "");
        }
        Set<String> sharedRefs = MessagingDescriptors.copiedRefNames(descriptors.get(0), ejbName, refTypes);
        for (String f : new LinkedHashSet<>(ejbJarFolders)) {
            nearest(context.descriptorsWithRoot(Set.of("jboss")), f).flatMap(context::read).flatMap(t -> MessagingDescriptors.jboss(t, ejbName,
                    names.ejbName(), names.queueRef(), names.factoryRef(), "queue/" + queueBase, sharedRefs)).ifPresent(changes::add);
            nearest(context.descriptorsWithRoot(Set.of("weblogic-ejb-jar")), f).flatMap(context::read).flatMap(t -> MessagingDescriptors.weblogic(t, ejbName,
                    names.ejbName(), names.queueRef(), names.factoryRef(), "jms/" + queueBase)).ifPresent(changes::add);
        }
        String title = "Defer " + type.getNameAsString() + "." + slice.method().getNameAsString() + "'s external call to message-driven bean "
                + names.beanClass() + " (JMS send in the transaction, call after commit)";
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(), title, changes, finding.before(), finding.after()));
    }

    /** EJB 3.x / Jakarta: {@code @MessageDriven} bean and an injected JMSContext; no descriptor changes. */
    private static PlanOutcome annotated(Finding finding, RefactoringContext context, JavaSource source, TypeDeclaration<?> type,
                                         CallSlice.Movable slice) {
        MessageBeanCode.Names names = MessageBeanCode.Names.of(slice.method().getNameAsString()).freeIn(type);
        String folder = source.source().path().substring(0, source.source().path().lastIndexOf('/') + 1);
        if (context.exists(folder + names.beanClass() + ".java")) {
            return PlanOutcome.declined(folder + names.beanClass() + ".java exists already; wanlint will not overwrite it");
        }
        MessageBeanCode code = new MessageBeanCode(source, type, slice, names, true, context.apiLevel().namespace());
        List<FileChange> changes = new ArrayList<>();
        changes.add(code.sender());
        changes.add(code.messageBean());
        code.requestClass().ifPresent(changes::add);
        String title = "Defer " + type.getNameAsString() + "." + slice.method().getNameAsString() + "'s external call to @MessageDriven bean "
                + names.beanClass() + " (JMS send in the transaction, call after commit)";
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(), title, changes, finding.before(), finding.after()));
    }

    /** ejb-jar descriptors (whatever their file name) with a bean of this ejb-name, by path. */
    private static List<SourceText> ejbJarsDeclaring(RefactoringContext context, String ejbName) {
        List<SourceText> out = new ArrayList<>();
        for (AnalyzedFile f : context.files()) {
            // descriptors kept under other names (supplier.xml.BMP, deployed renamed) count too
            boolean xmlLike = f.kind() == AnalyzedFile.Kind.DESCRIPTOR
                    || f.kind() == AnalyzedFile.Kind.OTHER && f.path().toLowerCase(Locale.ROOT).contains(".xml");
            if (!xmlLike || f.path().contains("!/")) continue;
            Optional<SourceText> t = context.read(f.path());
            if (t.isEmpty() || !t.get().text().contains("<ejb-jar") || !t.get().text().contains(ejbName)) continue;
            Optional<XmlOutline.Element> root = XmlOutline.parse(t.get().text());
            if (root.isEmpty() || !root.get().name().equals("ejb-jar")) continue;
            boolean declares = root.get().child("enterprise-beans").stream().flatMap(b -> b.children().stream())
                    .anyMatch(b -> b.childText("ejb-name").filter(ejbName::equals).isPresent());
            if (declares) out.add(t.get());
        }
        out.sort((a, b) -> a.path().compareTo(b.path()));
        return out;
    }

    /** The vendor file in the ejb-jar's folder, else the one with the longest common folder prefix. */
    private static Optional<String> nearest(List<String> candidates, String folder) {
        String best = null;
        int bestLen = -1;
        for (String c : candidates) {
            String cf = c.contains("/") ? c.substring(0, c.lastIndexOf('/') + 1) : "";
            int len = 0;
            while (len < cf.length() && len < folder.length() && cf.charAt(len) == folder.charAt(len)) len++;
            if (len > bestLen) {
                bestLen = len;
                best = c;
            }
        }
        return Optional.ofNullable(best);
    }

    /** A written type's qualified name by the file's single-type imports (or as written). */
    private static String qualify(JavaSource source, String written) {
        String base = written.replaceAll("<.*", "").replace("[]", "");
        for (ImportDeclaration i : source.unit().getImports()) {
            if (!i.isStatic() && !i.isAsterisk() && i.getName().getIdentifier().equals(base)) return i.getNameAsString();
        }
        if (Set.of("BigDecimal", "BigInteger").contains(base) && source.unit().getImports().stream()
                .anyMatch(i -> i.isAsterisk() && i.getNameAsString().equals("java.math"))) return "java.math." + base;
        return base;
    }

    /** Whether the application's source of that class says it is Serializable. */
    private static boolean appSerializable(RefactoringContext context, String qualified) {
        if (!qualified.contains(".")) return false;
        String path = qualified.replace('.', '/') + ".java";
        for (AnalyzedFile f : context.files()) {
            if (f.kind() != AnalyzedFile.Kind.JAVA || !f.path().endsWith(path)) continue;
            return context.read(f.path()).map(t -> t.text().toLowerCase(Locale.ROOT).contains("serializable")).orElse(false);
        }
        return false;
    }
}
