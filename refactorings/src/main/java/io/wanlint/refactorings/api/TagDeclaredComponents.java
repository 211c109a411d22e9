package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The components of an application that only XDoclet javadoc tags declare ({@code @ejb.bean},
 * {@code @web.servlet}): their deployment descriptors are written by XDoclet at build time, so a
 * patch that edits or creates a descriptor for them would be overwritten by the next build. Such
 * a patch is declined with the tag to edit and the file that holds it; patches that change only
 * Java code (a cached lookup, a prepared statement) are offered as for any application.
 */
final class TagDeclaredComponents {
    private TagDeclaredComponents() {}

    /** Why the patch must not be offered, or empty when it touches no descriptor of a tag-declared application. */
    static Optional<String> whyNot(Patch patch, Finding finding, RefactoringContext context) {
        List<String> descriptors = patch.changes().stream().map(FileChange::file).filter(TagDeclaredComponents::isDescriptor).toList();
        // A new class the patch adds (a façade bean, a message bean) is deployed only when declared: here by tags XDoclet reads.
        List<String> created = patch.changes().stream().filter(c -> c instanceof FileChange.Create)
                .map(FileChange::file).filter(f -> f.endsWith(".java")).toList();
        if (descriptors.isEmpty() && created.isEmpty()) return Optional.empty();
        Map<String, Component> tagged = tagged(context);
        if (tagged.isEmpty()) return Optional.empty();
        Component subject = subject(finding, tagged, patch).orElse(tagged.values().iterator().next());
        String file = subject.declaredIn().get(0).file();
        String simple = file.substring(file.lastIndexOf('/') + 1);
        String tag = subject.kind().isEjb() ? finding.ruleId().equals("WAN005")
                ? "@jboss.read-only (or @weblogic.cache concurrency-strategy=\"ReadOnly\")" : "@ejb.…"
                : "@web.…";
        String why = !descriptors.isEmpty()
                ? "; XDoclet writes " + String.join(", ", descriptors.stream().map(d -> d.substring(d.lastIndexOf('/') + 1))
                        .distinct().toList()) + " from them at build time and would overwrite this patch's descriptor changes"
                : "; the patch adds " + String.join(", ", created.stream().map(d -> d.substring(d.lastIndexOf('/') + 1)).toList())
                        + ", which XDoclet would not deploy without @ejb.bean tags of its own";
        return Optional.of("declared by XDoclet tags: edit " + tag + " in " + simple + " (" + subject.name() + ")" + why);
    }

    /** Components declared in a Java file only, whose declaration there is an XDoclet tag. */
    private static Map<String, Component> tagged(RefactoringContext context) {
        Map<String, Component> out = new LinkedHashMap<>();
        for (Component c : context.model().components()) {
            if (c.declaredIn().isEmpty() || c.declaredIn().stream().anyMatch(l -> !l.file().endsWith(".java"))) continue;
            if (!c.kind().isEjb() && !c.kind().isWeb()) continue;
            SourceLocation at = c.declaredIn().get(0);
            boolean byTag = context.read(at.file()).map(t -> tagAt(t.text(), at.line())).orElse(false);
            if (byTag) out.put(c.name(), c);
        }
        return out;
    }

    /** Whether the line is an XDoclet tag line ({@code * @ejb.bean …}, {@code * @web.servlet …}). */
    private static boolean tagAt(String text, int line) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        if (line < 1 || line > lines.length) return false;
        String l = lines[line - 1].strip();
        while (l.startsWith("*")) l = l.substring(1).strip();
        return l.startsWith("@ejb.") || l.startsWith("@ejb:") || l.startsWith("@web.") || l.startsWith("@web:");
    }

    /** The tag-declared component the finding is about: its entity, else one the patch's descriptor text names. */
    private static Optional<Component> subject(Finding finding, Map<String, Component> tagged, Patch patch) {
        String entity = finding.subject() instanceof FindingSubject.Entity e ? e.name()
                : finding.subject() instanceof FindingSubject.EntityRemoteView v ? v.entity() : null;
        if (entity != null && tagged.containsKey(entity)) return Optional.of(tagged.get(entity));
        List<Component> named = new ArrayList<>();
        String changes = patch.changes().toString();
        for (Component c : tagged.values()) if (changes.contains(">" + c.name() + "<")) named.add(c);
        if (!named.isEmpty()) return Optional.of(named.get(0));
        // The beans the finding names (the façade's callees) before the web component it is located in.
        for (Component c : tagged.values()) {
            if (c.kind().isEjb() && finding.message().matches("(?s).*\\b" + java.util.regex.Pattern.quote(c.name()) + "\\b.*")) {
                return Optional.of(c);
            }
        }
        for (Component c : tagged.values()) {
            if (c.className().equals(finding.location().className())) return Optional.of(c);
        }
        return Optional.empty();
    }

    private static boolean isDescriptor(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".xml") && (file.contains("META-INF/") || file.contains("WEB-INF/") || name.contains("ejb-jar")
                || name.startsWith("jboss") || name.startsWith("weblogic") || name.equals("web.xml"));
    }
}
