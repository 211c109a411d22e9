package io.wanlint.refactorings.entity;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.vendor.ContainerVendor;
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
import io.wanlint.refactorings.text.XmlSplice;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * WAN005 for entities the application never writes: declare them read-only so that a copy next to
 * the callers answers every read. CMP/BMP entities get the read-only switch of each vendor whose
 * descriptor the application ships ({@link ReadOnlySwitches}: JBoss, WebLogic, GlassFish/Sun,
 * Oracle OC4J, WebSphere); JPA entities get
 * {@code @Cacheable} and {@code shared-cache-mode ENABLE_SELECTIVE} in {@code persistence.xml}.
 * Read-mostly entities that are written somewhere need the read-mostly pattern instead
 * ({@link IntroduceReadMostlyTwin}); this refactoring declines them, naming the writes, and so it
 * does when writes may exist that the call graph cannot show ({@link WriteSafety}).
 */
public final class DeclareReadOnlyEntity implements Refactoring {
    public static final String RULE_ID = "WAN005";

    private static final Set<CallOp> WRITES = EnumSet.of(CallOp.ENTITY_SET, CallOp.ENTITY_UPDATE, CallOp.HOME_CREATE,
            CallOp.HOME_REMOVE, CallOp.REMOVE, CallOp.JPA_PERSIST, CallOp.JPA_MERGE, CallOp.JPA_REMOVE, CallOp.JPA_BULK_UPDATE);

    /** Elements that follow {@code shared-cache-mode} in a persistence unit. */
    private static final Set<String> AFTER_SHARED_CACHE_MODE = Set.of("validation-mode", "properties");

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Entity.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        Optional<Patch> patch = patchFor(finding, context);
        return patch.isPresent() ? PlanOutcome.of(patch.get()) : PlanOutcome.declined(whyNot(finding, context));
    }

    /** The precise reason {@link #patchFor} planned nothing. */
    private static String whyNot(Finding finding, RefactoringContext context) {
        if (!(finding.subject() instanceof FindingSubject.Entity subject)) return "not a WAN005 entity finding";
        String name = subject.name();
        Optional<Component> found = context.model().byName(name).filter(c -> c.kind().isEntity());
        if (found.isEmpty()) return "entity " + name + " is not in the component model";
        if (found.get().readOnly()) return name + " is already declared read-only";
        if (!context.hasCallGraph()) return "no call graph: whether " + name + " is written is unknown";
        List<CallEdge> writes = writes(found.get(), context);
        if (!writes.isEmpty()) {
            List<String> where = writes.stream().limit(5).map(e -> (e.to() == null ? e.op().name() : e.to().name() + "()")
                    + " at " + e.location().file() + ":" + e.line()).toList();
            return name + " is written (" + String.join(", ", where) + (writes.size() > 5 ? ", …" : "")
                    + "): declaring it read-only would lose those writes; see the read-mostly patch (a read-only twin for the readers)";
        }
        Optional<String> unseen = WriteSafety.forReadOnly(found.get(), context);
        if (unseen.isPresent()) return unseen.get();
        return found.get().kind() == ComponentKind.JPA_ENTITY
                ? "the source of " + name + " cannot be read or already carries @Cacheable/@Cache"
                : "no vendor descriptor with a read-only switch (jboss.xml, weblogic-ejb-jar.xml, sun-ejb-jar.xml, orion-ejb-jar.xml, "
                        + "ibm-ejb-jar-ext.xmi naming the bean by id) to declare " + name + " read-only in, and none can be created next to its ejb-jar.xml";
    }

    /** The patch, or empty when this finding cannot be fixed this way. */
    Optional<Patch> patchFor(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !(finding.subject() instanceof FindingSubject.Entity subject)) return Optional.empty();
        String name = subject.name();
        Optional<Component> found = context.model().byName(name).filter(c -> c.kind().isEntity());
        if (found.isEmpty() || found.get().readOnly() || isWritten(found.get(), context)) return Optional.empty();
        Component entity = found.get();
        if (WriteSafety.forReadOnly(entity, context).isPresent()) return Optional.empty();
        List<FileChange> changes = entity.kind() == ComponentKind.JPA_ENTITY ? jpa(entity, finding, context) : vendor(entity, context);
        if (changes.isEmpty()) return Optional.empty();
        String title = entity.kind() == ComponentKind.JPA_ENTITY
                ? "Cache never-written entity " + name + " in the second-level cache (@Cacheable)"
                : "Declare never-written entity " + name + " read-only (" + String.join(", ",
                        changes.stream().map(c -> c.file().substring(c.file().lastIndexOf('/') + 1)).toList()) + ")";
        return Optional.of(new Patch(Fingerprints.of(finding), finding.ruleId(), title, changes, finding.before(), finding.after()));
    }

    /** Any call anywhere that writes the entity (its own container callbacks aside). */
    private static boolean isWritten(Component entity, RefactoringContext context) {
        return !context.hasCallGraph() || !writes(entity, context).isEmpty();
    }

    /** The calls that write the entity, in call-graph order. */
    private static List<CallEdge> writes(Component entity, RefactoringContext context) {
        List<CallEdge> out = new ArrayList<>();
        for (CallEdge e : context.analysis().callGraph().edges()) {
            if (!WRITES.contains(e.op()) || e.from().className().equals(entity.className())) continue;
            boolean target = entity.name().equals(e.targetComponent())
                    || e.to() != null && context.model().owning(e.to().className()).filter(c -> c.name().equals(entity.name())).isPresent();
            if (target) out.add(e);
        }
        return out;
    }

    // ---- CMP / BMP: vendor descriptors ------------------------------------------------------------

    /**
     * The read-only switch of every vendor whose descriptor (known by its root element) the
     * application ships, in the descriptor nearest the bean's ejb-jar.xml; with none, a new jboss.xml
     * next to the ejb-jar.xml.
     */
    private static List<FileChange> vendor(Component entity, RefactoringContext context) {
        List<FileChange> out = new ArrayList<>();
        String ejbJar = entity.declaredIn().stream().map(SourceLocation::file)
                .filter(f -> f.endsWith("ejb-jar.xml") && !f.endsWith("weblogic-ejb-jar.xml")).findFirst().orElse("");
        String ejbJarFolder = VendorDescriptors.folderOf(ejbJar);
        ReadOnlySwitches.Target target = new ReadOnlySwitches.Target(entity.name(), entity.persistence() == PersistenceType.CONTAINER,
                VendorDescriptors.xmiReference(ejbJar, entity.name(), context).orElse(null));
        boolean anyVendor = false;
        for (ContainerVendor vendor : ContainerVendor.all()) {
            Set<String> roots = ReadOnlySwitches.roots(vendor);
            if (roots.isEmpty()) continue;
            Optional<String> file = VendorDescriptors.nearest(context.descriptorsWithRoot(roots), ejbJarFolder);
            if (file.isEmpty()) continue;
            anyVendor = true;
            context.read(file.get()).flatMap(t -> ReadOnlySwitches.declare(vendor, t, target)).ifPresent(out::add);
        }
        if (!anyVendor && !ejbJarFolder.isEmpty() && context.whyNotPatchable(ejbJarFolder + "jboss.xml").isEmpty()) {
            out.add(new FileChange.Create(ejbJarFolder + "jboss.xml", VendorDescriptors.newJbossXml(entity.name(), "<read-only>true</read-only>")));
        }
        return out;
    }

    // ---- JPA ---------------------------------------------------------------------------------------

    private static List<FileChange> jpa(Component entity, Finding finding, RefactoringContext context) {
        String file = entity.declaredIn().stream().map(SourceLocation::file).filter(f -> f.endsWith(".java")).findFirst()
                .orElse(finding.location().file());
        Optional<SourceText> source = context.read(file);
        if (source.isEmpty()) return List.of();
        Optional<FileChange> annotation = cacheable(source.get(), entity.simpleClassName());
        if (annotation.isEmpty()) return List.of();
        List<FileChange> out = new ArrayList<>();
        out.add(annotation.get());
        for (String persistenceXml : context.filesNamed("persistence.xml")) {
            context.read(persistenceXml).flatMap(DeclareReadOnlyEntity::sharedCacheMode).ifPresent(out::add);
        }
        return out;
    }

    /** {@code @Cacheable} on the line before the class declaration, with an import when it is safe to add one. */
    static Optional<FileChange> cacheable(SourceText source, String simpleName) {
        ParseResult<CompilationUnit> parsed = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.RAW)).parse(source.text());
        if (parsed.getResult().isEmpty() || !parsed.isSuccessful()) return Optional.empty();
        CompilationUnit cu = parsed.getResult().get();
        Optional<TypeDeclaration<?>> type = cu.getTypes().stream().filter(t -> t.getNameAsString().equals(simpleName)).findFirst();
        if (type.isEmpty()) return Optional.empty();
        for (AnnotationExpr a : type.get().getAnnotations()) {
            String n = a.getName().getIdentifier();
            if (n.equals("Cacheable") || n.equals("Cache")) return Optional.empty();
        }
        String namespace = namespace(cu, type.get());
        String qualified = namespace + ".persistence.Cacheable";
        boolean wildcard = cu.getImports().stream().anyMatch(i -> i.isAsterisk() && !i.isStatic()
                && i.getNameAsString().equals(namespace + ".persistence"));
        boolean imported = cu.getImports().stream().anyMatch(i -> !i.isAsterisk() && i.getNameAsString().equals(qualified));
        boolean clash = cu.getImports().stream().anyMatch(i -> !i.isAsterisk() && !i.isStatic()
                && i.getName().getIdentifier().equals("Cacheable") && !i.getNameAsString().equals(qualified))
                || cu.getTypes().stream().anyMatch(t -> t.getNameAsString().equals("Cacheable"));
        String written = clash ? "@" + qualified : "@Cacheable";
        List<TextEdit> edits = new ArrayList<>();
        String eol = source.lineEnding();
        if (!clash && !wildcard && !imported) importEdit(source, cu, namespace, qualified, eol).ifPresent(edits::add);
        int line = type.get().getModifiers().isEmpty()
                ? type.get().getName().getBegin().orElseThrow().line
                : type.get().getModifiers().get(0).getBegin().orElseThrow().line;
        int at = offsetOfLine(source.text(), line);
        edits.add(TextEdit.insert(source.path(), at, source.indentationAt(at) + written + eol));
        return Optional.of(new FileChange.Edit(source.path(), edits));
    }

    /** {@code jakarta} or {@code javax}, as the file's persistence imports (else its other EE imports) say. */
    private static String namespace(CompilationUnit cu, TypeDeclaration<?> type) {
        for (AnnotationExpr a : type.getAnnotations()) {
            String n = a.getNameAsString();
            if (n.startsWith("jakarta.persistence.")) return "jakarta";
            if (n.startsWith("javax.persistence.")) return "javax";
        }
        for (ImportDeclaration i : cu.getImports()) {
            if (i.getNameAsString().startsWith("jakarta.persistence")) return "jakarta";
            if (i.getNameAsString().startsWith("javax.persistence")) return "javax";
        }
        for (ImportDeclaration i : cu.getImports()) {
            if (i.getNameAsString().startsWith("jakarta.")) return "jakarta";
        }
        return "javax";
    }

    /** The import line, placed in alphabetical order among the persistence imports, else after the last import. */
    private static Optional<TextEdit> importEdit(SourceText source, CompilationUnit cu, String namespace, String qualified, String eol) {
        String line = "import " + qualified + ";" + eol;
        ImportDeclaration lastPersistence = null;
        for (ImportDeclaration i : cu.getImports()) {
            if (i.isStatic() || !i.getNameAsString().startsWith(namespace + ".persistence.")) continue;
            if (i.getNameAsString().compareTo(qualified) > 0) {
                return Optional.of(TextEdit.insert(source.path(), offsetOfLine(source.text(), i.getBegin().orElseThrow().line), line));
            }
            lastPersistence = i;
        }
        ImportDeclaration after = lastPersistence != null ? lastPersistence
                : cu.getImports().isEmpty() ? null : cu.getImports().get(cu.getImports().size() - 1);
        if (after != null) {
            return Optional.of(TextEdit.insert(source.path(), offsetOfLine(source.text(), after.getEnd().orElseThrow().line + 1), line));
        }
        if (cu.getPackageDeclaration().isPresent()) {
            int end = offsetOfLine(source.text(), cu.getPackageDeclaration().get().getEnd().orElseThrow().line + 1);
            return Optional.of(TextEdit.insert(source.path(), end, eol + line));
        }
        return Optional.of(TextEdit.insert(source.path(), 0, line + eol));
    }

    /** {@code <shared-cache-mode>ENABLE_SELECTIVE</shared-cache-mode>} in each persistence unit that has no mode. */
    static Optional<FileChange> sharedCacheMode(SourceText text) {
        Optional<XmlOutline.Element> root = XmlOutline.parse(text.text());
        if (root.isEmpty()) return Optional.empty();
        XmlSplice splice = new XmlSplice(text);
        List<TextEdit> edits = new ArrayList<>();
        for (XmlOutline.Element unit : root.get().children("persistence-unit")) {
            if (unit.child("shared-cache-mode").isPresent()) continue;
            edits.add(splice.insertChild(unit, AFTER_SHARED_CACHE_MODE, "<shared-cache-mode>ENABLE_SELECTIVE</shared-cache-mode>"));
        }
        return edits.isEmpty() ? Optional.empty() : Optional.of(new FileChange.Edit(text.path(), edits));
    }

    /** The offset where 1-based {@code line} starts (the text's length past the last line); JavaParser counts lines at \n. */
    private static int offsetOfLine(String text, int line) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            int nl = text.indexOf('\n', offset);
            if (nl < 0) return text.length();
            offset = nl + 1;
        }
        return offset;
    }
}
