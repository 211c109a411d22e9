package io.wanlint.refactorings.facade;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.XmlOutline;
import io.wanlint.refactorings.text.XmlOutline.Element;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * WAN002 on an entity bean's remote view: once the entity has local interfaces and nothing calls or
 * references it remotely any more (its clients go through session façades), its {@code <home>} and
 * {@code <remote>} leave the {@code ejb-jar.xml} entry, and the vendor {@code <jndi-name>} that bound
 * the remote home goes with them, so no client can reach the entity across the WAN again. The
 * interface classes stay in the sources (deleting code is the reviewer's call). Otherwise no patch,
 * naming what still needs the remote view.
 */
public final class DropEntityRemoteView implements Refactoring {
    /** Vendor descriptors that bind an entity's remote home under a global name, and their bean elements. */
    private static final List<List<String>> VENDOR = List.of(List.of("jboss.xml", "entity"),
            List.of("weblogic-ejb-jar.xml", "weblogic-enterprise-bean"));

    @Override public Fixes fixes() { return Fixes.of("WAN002", FindingSubject.EntityRemoteView.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!(finding.subject() instanceof FindingSubject.EntityRemoteView remoteView)) {
            return PlanOutcome.declined("not a finding about an entity's remote view");
        }
        String name = remoteView.entity();
        Optional<Component> found = context.model().byName(name);
        if (found.isEmpty()) return PlanOutcome.declined("no entity bean named " + name + " in the model");
        Component entity = found.get();
        EjbInterfaces views = entity.interfaces();
        if (!views.hasLocalView()) {
            return PlanOutcome.declined("entity " + name + " has no local interfaces: declare a local home and local interface first "
                    + "and let its clients reach it through session façades; then its remote view can go");
        }
        if (!views.remoteBusiness().isEmpty()) return PlanOutcome.declined("entity " + name + " has remote business interfaces");
        List<String> remaining = remoteClients(context, entity);
        if (!remaining.isEmpty()) {
            return PlanOutcome.declined("remote clients of entity " + name + " remain: " + String.join(", ", remaining)
                    + "; move them behind a session façade first");
        }
        Optional<String> ejbJar = entity.declaredIn().stream().map(SourceLocation::file)
                .filter(f -> f.toLowerCase(java.util.Locale.ROOT).endsWith(".xml") && !f.contains("!/")).findFirst();
        if (ejbJar.isEmpty()) return PlanOutcome.declined("entity " + name + " is not declared in a patchable ejb-jar descriptor");
        Optional<SourceText> jarText = context.read(ejbJar.get());
        Optional<Element> jarRoot = jarText.flatMap(t -> XmlOutline.parse(t.text()));
        if (jarRoot.isEmpty()) return PlanOutcome.declined(ejbJar.get() + " cannot be read");
        Optional<Element> entry = bean(jarRoot.get(), "entity", name);
        if (entry.isEmpty()) return PlanOutcome.declined(ejbJar.get() + " has no <entity> named " + name);

        List<FileChange> changes = new ArrayList<>();
        List<TextEdit> jarEdits = new ArrayList<>();
        for (String view : List.of("home", "remote")) entry.get().child(view).ifPresent(e -> jarEdits.add(removal(jarText.get(), e)));
        if (jarEdits.isEmpty()) return PlanOutcome.declined(ejbJar.get() + ": the entry of " + name + " declares no remote view");
        changes.add(new FileChange.Edit(ejbJar.get(), jarEdits));
        String folder = ejbJar.get().contains("/") ? ejbJar.get().substring(0, ejbJar.get().lastIndexOf('/') + 1) : "";
        for (List<String> vendor : VENDOR) {
            String path = folder + vendor.get(0);
            Optional<SourceText> text = context.read(path);
            Optional<Element> bean = text.flatMap(t -> XmlOutline.parse(t.text())).flatMap(r -> bean(r, vendor.get(1), name));
            bean.flatMap(b -> b.child("jndi-name")).ifPresent(j -> changes.add(new FileChange.Edit(path, List.of(removal(text.get(), j)))));
        }
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(), "Drop the remote view of entity " + name,
                changes, finding.before(), finding.after()));
    }

    /** Call sites through the remote interfaces, and remote {@code ejb-ref}s that resolve to the entity. */
    private static List<String> remoteClients(RefactoringContext context, Component entity) {
        Set<String> out = new LinkedHashSet<>();
        for (CallEdge e : context.analysis().callGraph().edges()) {
            if (e.kind() != EdgeKind.REMOTE_EJB || !entity.name().equals(e.targetComponent())) continue;
            out.add(e.from().simpleClassName() + "." + e.from().name() + " (" + e.location().file() + ":" + e.line() + ")");
        }
        for (Component c : context.model().components()) {
            if (c.name().equals(entity.name())) continue;
            for (EjbReference r : c.ejbRefs()) {
                if (!r.local() && (entity.name().equals(r.target()) || entity.name().equals(r.ejbLink()))) {
                    out.add(c.name() + " ejb-ref " + r.name());
                }
            }
        }
        return List.copyOf(out);
    }

    /** The bean element of {@code kind} under {@code enterprise-beans} whose {@code ejb-name} is {@code name}. */
    private static Optional<Element> bean(Element root, String kind, String name) {
        return root.child("enterprise-beans").flatMap(beans -> beans.children(kind).stream()
                .filter(b -> b.childText("ejb-name").map(String::trim).filter(name::equals).isPresent()).findFirst());
    }

    /** Deletes an element with its line when it stands alone on it, keeping the neighbours' layout. */
    private static TextEdit removal(SourceText text, Element e) {
        String t = text.text();
        int start = e.start();
        int lineStart = text.lineStart(start);
        if (t.substring(lineStart, start).isBlank()) start = lineStart;
        int end = e.end();
        int lineEnd = t.indexOf('\n', end);
        if (lineEnd >= 0 && t.substring(end, lineEnd).isBlank() && start == lineStart) end = lineEnd + 1;
        return new TextEdit(text.path(), start, end, "");
    }
}
