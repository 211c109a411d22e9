package io.wanlint.refactorings.session;

import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceFacts.SessionStateValue;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN010: an application class kept in the {@code HttpSession} or in a stateful bean's field gets
 * {@code implements java.io.Serializable}; a stateful bean field whose type has no source here
 * (so cannot be changed) becomes {@code transient}. All the values of a finding are fixed, or none.
 */
public final class MakeSessionStateSerializable implements Refactoring {
    public static final String RULE_ID = "WAN010";
    private static final String SERIALIZABLE = "java.io.Serializable";

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.SessionAttributes.class, FindingSubject.SessionClass.class, FindingSubject.BeanFields.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        return PlanOutcome.ofNullable(patchFor(finding, context), "the stored type is not a source class of this application, or is already serializable");
    }

    /** The patch, or empty when this finding cannot be fixed this way. */
    Optional<Patch> patchFor(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !context.hasCallGraph()) return Optional.empty();
        List<SessionStateValue> all = context.nonSerializableState();
        // WAN010's keys: a class stored only by a method storing nothing else keeps that method's key,
        // any other stored class is keyed by the class; a stateful bean's fields by the bean.
        Map<String, Set<String>> methodsStoring = new LinkedHashMap<>();
        Map<String, Set<String>> classesStoredBy = new LinkedHashMap<>();
        for (SessionStateValue v : all) {
            if (v.holder() != SourceFacts.Holder.HTTP_SESSION || v.method() == null) continue;
            methodsStoring.computeIfAbsent(v.valueType(), t -> new LinkedHashSet<>()).add(v.method().toString());
            classesStoredBy.computeIfAbsent(v.method().toString(), m -> new LinkedHashSet<>()).add(v.valueType());
        }
        List<SessionStateValue> values = new ArrayList<>();
        for (SessionStateValue v : all) {
            FindingSubject holder;
            if (v.holder() != SourceFacts.Holder.HTTP_SESSION) holder = holdsAnEjbReference(context, v) ? null : new FindingSubject.BeanFields(v.className());
            else if (v.method() == null) holder = null;
            else if (methodsStoring.get(v.valueType()).size() == 1 && classesStoredBy.get(v.method().toString()).size() == 1) {
                holder = new FindingSubject.SessionAttributes(v.method());
            } else holder = new FindingSubject.SessionClass(v.valueType());
            if (finding.subject().equals(holder)) values.add(v);
        }
        if (values.isEmpty()) return Optional.empty();
        Map<String, FileChange.Edit> byFile = new LinkedHashMap<>();
        Set<String> types = new LinkedHashSet<>();
        List<String> what = new ArrayList<>();
        for (SessionStateValue v : values) {
            Optional<String> typeFile = sourceOf(v.valueType(), context);
            Optional<FileChange> change;
            if (typeFile.isPresent()) {
                if (!types.add(v.valueType())) continue;
                change = context.read(typeFile.get()).flatMap(t -> implementSerializable(t, simpleName(v.valueType())));
                what.add(simpleName(v.valueType()) + " Serializable");
            } else if (v.holder() == SourceFacts.Holder.STATEFUL_BEAN_FIELD && !v.location().file().isEmpty()) {
                change = context.read(v.location().file()).flatMap(t -> markTransient(t, simpleName(v.className()), v.member()));
                what.add("field " + v.member() + " transient");
            } else {
                return Optional.empty();
            }
            if (change.isEmpty()) return Optional.empty();
            FileChange.Edit e = (FileChange.Edit) change.get();
            FileChange.Edit earlier = byFile.get(e.file());
            try {
                byFile.put(e.file(), earlier == null ? e : earlier.plus(e));
            } catch (IllegalArgumentException overlapping) {
                return Optional.empty();
            }
        }
        if (byFile.isEmpty()) return Optional.empty();
        return Optional.of(new Patch(Fingerprints.of(finding), finding.ruleId(), "Make " + String.join(", ", what),
                List.copyOf(byFile.values()), finding.before(), finding.after()));
    }

    /** A field the container fills with an EJB reference (WAN010 does not report it): injected, or typed with a bean class. */
    private static boolean holdsAnEjbReference(RefactoringContext context, SessionStateValue v) {
        var model = context.model();
        boolean injected = model.byClass(v.className()).stream()
                .flatMap(c -> c.ejbRefs().stream()).anyMatch(r -> v.member().equals(r.injectionField()));
        return injected || model.byClass(v.valueType()).map(c -> c.kind().isSession()).orElse(false);
    }

    /** {@code implements java.io.Serializable} on the class, or appended to its implements list; empty when already there. */
    static Optional<FileChange> implementSerializable(SourceText text, String simpleName) {
        Optional<JavaSource> parsed = JavaSource.parse(text);
        if (parsed.isEmpty()) return Optional.empty();
        JavaSource src = parsed.get();
        Optional<TypeDeclaration<?>> type = src.type(simpleName);
        if (type.isEmpty() || !(type.get() instanceof ClassOrInterfaceDeclaration c) || c.isInterface()) return Optional.empty();
        for (ClassOrInterfaceType t : c.getImplementedTypes()) {
            if (t.getNameAsString().equals("Serializable") || t.getNameAsString().equals(SERIALIZABLE)) return Optional.empty();
        }
        TextEdit edit;
        if (c.getImplementedTypes().isNonEmpty()) {
            edit = TextEdit.insert(text.path(), src.end(c.getImplementedTypes().getLast().orElseThrow()), ", " + SERIALIZABLE);
        } else {
            int at;
            if (c.getExtendedTypes().isNonEmpty()) {
                at = src.end(c.getExtendedTypes().getLast().orElseThrow());
            } else if (c.getTypeParameters().isNonEmpty()) {
                at = text.text().indexOf('>', src.end(c.getTypeParameters().getLast().orElseThrow())) + 1;
                if (at == 0) return Optional.empty();
            } else {
                at = src.end(c.getName());
            }
            edit = TextEdit.insert(text.path(), at, " implements " + SERIALIZABLE);
        }
        return Optional.of(new FileChange.Edit(text.path(), List.of(edit)));
    }

    /** {@code transient} before the field's type; empty when it already is or there is no such field. */
    static Optional<FileChange> markTransient(SourceText text, String simpleClassName, String field) {
        Optional<JavaSource> parsed = JavaSource.parse(text);
        if (parsed.isEmpty()) return Optional.empty();
        JavaSource src = parsed.get();
        Optional<TypeDeclaration<?>> type = src.type(simpleClassName);
        if (type.isEmpty()) return Optional.empty();
        for (FieldDeclaration f : type.get().getFields()) {
            if (f.getVariables().stream().noneMatch(v -> v.getNameAsString().equals(field))) continue;
            if (f.hasModifier(Modifier.Keyword.TRANSIENT) || f.isStatic()) return Optional.empty();
            return Optional.of(new FileChange.Edit(text.path(),
                    List.of(TextEdit.insert(text.path(), src.begin(f.getElementType()), "transient "))));
        }
        return Optional.empty();
    }

    /** The analysed Java file declaring a top-level class, found by its package path. */
    private static Optional<String> sourceOf(String className, RefactoringContext context) {
        String topLevel = className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
        String suffix = topLevel.replace('.', '/') + ".java";
        return context.files().stream()
                .filter(f -> f.kind() == AnalyzedFile.Kind.JAVA && !f.path().contains("!/"))
                .map(AnalyzedFile::path)
                .filter(p -> p.equals(suffix) || p.endsWith("/" + suffix))
                .filter(context::exists)
                .findFirst();
    }

    private static String simpleName(String className) {
        return className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
    }
}
