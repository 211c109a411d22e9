package io.wanlint.refactorings.session;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.analyzer.api.TransactionType;
import io.wanlint.refactorings.api.ApiLevel;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Fixes;
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
import java.util.TreeMap;

/**
 * WAN011: a stateful session bean snapshots the fields its transactional business methods change
 * when a transaction begins ({@code afterBegin}) and puts them back when it rolls back
 * ({@code afterCompletion(false)}), so the bean (and every replica it is copied to) agrees with
 * the database again. EJB 3 beans of EJB 3.1+ applications get {@code @AfterBegin}/{@code @AfterCompletion}
 * methods; EJB 2.x-style beans ({@code implements SessionBean}) and older applications (EJB 2.x, EJB 3.0)
 * {@code implements SessionSynchronization} with its three
 * methods; the snapshots are {@code transient} fields ({@code itemsAtBegin}).
 *
 * <p>A field is copied only when the copy is a real snapshot: a primitive, a boxed or immutable
 * value ({@code String}, {@code BigDecimal}, {@code java.time}), a {@code java.util} collection or
 * map of such values (copied with its constructor, put back in place when the field is
 * {@code final}), or a final atomic number. Declined, with the reason, when a field is anything
 * else (its elements could change in place, which a copy would not undo), when the bean already
 * has {@code afterBegin}/{@code afterCompletion}/{@code beforeCompletion} code of its own or
 * implements {@code SessionSynchronization} (merging into it is left to a person), when it
 * extends another class, or uses bean-managed transactions.
 */
public final class RestoreStatefulStateOnRollback implements Refactoring {
    public static final String RULE_ID = "WAN011";
    private static final String SUFFIX = "AtBegin";

    /** Methods whose field writes set the state up rather than change it within a transaction. */
    private static final Set<String> SET_UP = Set.of("<init>", "ejbRemove", "ejbActivate", "ejbPassivate", "setSessionContext",
            "afterBegin", "beforeCompletion", "afterCompletion");

    private static final Set<String> IMMUTABLE = Set.of("String", "Integer", "Long", "Short", "Byte", "Character", "Boolean",
            "Double", "Float", "BigDecimal", "BigInteger", "LocalDate", "LocalDateTime", "LocalTime", "Instant", "Duration",
            "ZonedDateTime", "OffsetDateTime", "UUID", "java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.math.BigDecimal", "java.math.BigInteger");

    /** A declared collection type → the java.util class whose copy constructor snapshots it. */
    private static final Map<String, String> COPY_CLASS = Map.ofEntries(
            Map.entry("Collection", "ArrayList"), Map.entry("List", "ArrayList"), Map.entry("ArrayList", "ArrayList"),
            Map.entry("LinkedList", "LinkedList"), Map.entry("Vector", "Vector"), Map.entry("Set", "HashSet"),
            Map.entry("HashSet", "HashSet"), Map.entry("LinkedHashSet", "LinkedHashSet"), Map.entry("SortedSet", "TreeSet"),
            Map.entry("NavigableSet", "TreeSet"), Map.entry("TreeSet", "TreeSet"), Map.entry("Deque", "ArrayDeque"),
            Map.entry("ArrayDeque", "ArrayDeque"), Map.entry("Map", "HashMap"), Map.entry("HashMap", "HashMap"),
            Map.entry("LinkedHashMap", "LinkedHashMap"), Map.entry("SortedMap", "TreeMap"), Map.entry("NavigableMap", "TreeMap"),
            Map.entry("TreeMap", "TreeMap"));

    private static final Map<String, String> ATOMIC_VALUE = Map.of("AtomicInteger", "int", "AtomicLong", "long",
            "AtomicBoolean", "boolean");

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.BeanFields.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !context.hasCallGraph()) return PlanOutcome.declined("not a WAN011 finding");
        String beanClass = ((FindingSubject.BeanFields) finding.subject()).beanClass();
        Optional<Component> bean = context.model().byClass(beanClass);
        if (bean.isEmpty() || bean.get().kind() != ComponentKind.STATEFUL_SESSION) {
            return PlanOutcome.declined(beanClass + " is not a stateful session bean of this application");
        }
        if (bean.get().transactionType() == TransactionType.BEAN) {
            return PlanOutcome.declined(simple(beanClass) + " demarcates its own transactions: it knows when they roll back");
        }
        Set<String> fields = new LinkedHashSet<>();
        for (StateFact f : context.clusterStateOf(beanClass)) {
            if (f.kind() != StateKind.BEAN_FIELD_WRITE || !f.method().className().equals(beanClass)) continue;
            if (SET_UP.contains(f.method().name()) || f.method().name().startsWith("ejbCreate")) continue;
            fields.add(f.member());
        }
        if (fields.isEmpty()) return PlanOutcome.declined(simple(beanClass) + " no longer changes its fields in business methods");
        String file = finding.location().file();
        Optional<SourceText> text = file == null || file.isEmpty() ? Optional.empty() : context.read(file);
        if (text.isEmpty()) return PlanOutcome.declined("the source of " + simple(beanClass) + " is not readable here");
        Optional<JavaSource> src = JavaSource.parse(text.get());
        if (src.isEmpty()) return PlanOutcome.declined(file + " does not parse");
        Optional<TypeDeclaration<?>> type = src.get().type(simple(beanClass));
        if (type.isEmpty() || !(type.get() instanceof ClassOrInterfaceDeclaration c) || c.isInterface()) {
            return PlanOutcome.declined("no class " + simple(beanClass) + " in " + file);
        }
        return plan(finding, context, src.get(), c, fields);
    }

    private PlanOutcome plan(Finding finding, RefactoringContext context, JavaSource src, ClassOrInterfaceDeclaration bean,
                             Set<String> changed) {
        String name = bean.getNameAsString();
        for (ClassOrInterfaceType t : bean.getImplementedTypes()) {
            if (t.getNameAsString().equals("SessionSynchronization")) {
                return PlanOutcome.declined(name + " already implements SessionSynchronization: wanlint does not merge a snapshot"
                        + " into its own afterBegin/afterCompletion");
            }
        }
        for (MethodDeclaration m : bean.getMethods()) {
            boolean annotated = m.getAnnotations().stream().anyMatch(a -> Set.of("AfterBegin", "AfterCompletion", "BeforeCompletion")
                    .contains(a.getName().getIdentifier()));
            if (annotated || Set.of("afterBegin", "afterCompletion", "beforeCompletion").contains(m.getNameAsString())) {
                return PlanOutcome.declined(name + " already has " + m.getNameAsString() + "(): wanlint does not merge a snapshot"
                        + " into the bean's own transaction synchronisation");
            }
        }
        if (bean.getExtendedTypes().isNonEmpty()) {
            return PlanOutcome.declined(name + " extends " + bean.getExtendedTypes().get(0).getNameAsString()
                    + ": its superclass may synchronise with the transaction or hold state the patch cannot see");
        }

        Map<String, FieldDeclaration> declared = new LinkedHashMap<>();
        for (FieldDeclaration fd : bean.getFields()) for (VariableDeclarator v : fd.getVariables()) declared.put(v.getNameAsString(), fd);
        List<Snapshot> snapshots = new ArrayList<>();
        Set<String> imports = new LinkedHashSet<>();
        for (String field : changed) {
            FieldDeclaration fd = declared.get(field);
            if (fd == null) return PlanOutcome.declined("field " + field + " is not declared in " + name);
            if (declared.containsKey(field + SUFFIX)) return PlanOutcome.declined(name + " already has a field " + field + SUFFIX);
            Type fieldType = fd.getVariables().stream().filter(v -> v.getNameAsString().equals(field)).findFirst().orElseThrow().getType();
            Optional<Snapshot> s = snapshot(field, fieldType, fd.isFinal(), imports);
            if (s.isEmpty()) {
                return PlanOutcome.declined("field " + field + " (" + fieldType + ") of " + name + " cannot be copied safely: only"
                        + " primitives, immutable values, java.util collections and maps of them, and final atomic numbers are");
            }
            snapshots.add(s.get());
        }

        ApiLevel level = context.apiLevel();
        // An EJB 2.x-style bean (implements SessionBean) keeps to its own API, whatever the platform.
        boolean ejb2Style = bean.getImplementedTypes().stream().anyMatch(t -> t.getNameAsString().equals("SessionBean"));
        boolean annotations = !ejb2Style && level.annotations()
                && context.platform().platform().compareTo(ApiLevel.Platform.JAVA_EE_6) >= 0;
        String ejb = level.namespace() + ".ejb.";
        SourceText text = src.source();
        String eol = text.lineEnding();
        String indent = memberIndent(src, bean);
        String inner = indent + indent.substring(Math.min(indent.length(), text.indentationAt(src.begin(bean)).length()));
        if (inner.equals(indent)) inner = indent + "    ";
        String inner2 = inner + inner.substring(indent.length());

        List<TextEdit> edits = new ArrayList<>();
        if (annotations) {
            imports.add(ejb + "AfterBegin");
            imports.add(ejb + "AfterCompletion");
        } else {
            imports.add(ejb + "SessionSynchronization");
        }
        for (String q : imports) src.importFor(q).ifPresent(edits::add);
        if (!annotations) {
            int at = bean.getImplementedTypes().isNonEmpty() ? src.end(bean.getImplementedTypes().getLast().orElseThrow())
                    : bean.getTypeParameters().isNonEmpty() ? text.text().indexOf('>', src.end(bean.getTypeParameters().getLast().orElseThrow())) + 1
                    : src.end(bean.getName());
            edits.add(TextEdit.insert(text.path(), at, (bean.getImplementedTypes().isNonEmpty() ? ", " : " implements ")
                    + "SessionSynchronization"));
        }

        StringBuilder fields = new StringBuilder();
        for (Snapshot s : snapshots) {
            fields.append(eol).append(indent).append("private transient ").append(s.type()).append(' ').append(s.field()).append(SUFFIX).append(';');
        }
        FieldDeclaration lastField = bean.getFields().get(bean.getFields().size() - 1);
        edits.add(TextEdit.insert(text.path(), src.end(lastField), fields.toString()));

        StringBuilder methods = new StringBuilder(eol);
        methods.append(indent).append("// Conversational state is not transactional: snapshot it when a transaction begins").append(eol);
        methods.append(indent).append("// and put it back when the transaction rolls back (wanlint WAN011).").append(eol);
        if (annotations) methods.append(indent).append("@AfterBegin").append(eol);
        methods.append(indent).append("public void afterBegin() {").append(eol);
        for (Snapshot s : snapshots) methods.append(inner).append(s.field()).append(SUFFIX).append(" = ").append(s.copy()).append(';').append(eol);
        methods.append(indent).append('}').append(eol);
        if (!annotations) {
            methods.append(eol).append(indent).append("public void beforeCompletion() {").append(eol).append(indent).append('}').append(eol);
        }
        methods.append(eol);
        if (annotations) methods.append(indent).append("@AfterCompletion").append(eol);
        methods.append(indent).append("public void afterCompletion(boolean committed) {").append(eol);
        methods.append(inner).append("if (!committed) {").append(eol);
        for (Snapshot s : snapshots) for (String line : s.restore()) methods.append(inner2).append(line).append(eol);
        methods.append(inner).append('}').append(eol);
        methods.append(indent).append('}').append(eol);
        int close = src.end(bean) - 1;
        int lineStart = text.lineStart(close);
        boolean closeAlone = text.text().substring(lineStart, close).isBlank();
        edits.add(TextEdit.insert(text.path(), closeAlone ? lineStart : close, closeAlone ? methods.toString() : methods + ""));
        edits.sort(java.util.Comparator.comparingInt(TextEdit::start));

        List<String> names = snapshots.stream().map(Snapshot::field).toList();
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(),
                "Restore " + String.join(", ", names) + " of " + name + " when its transaction rolls back ("
                        + (annotations ? "@AfterBegin/@AfterCompletion" : "SessionSynchronization") + ")",
                List.of(new FileChange.Edit(text.path(), mergeSameOffset(edits))), finding.before(), finding.after()));
    }

    /** How one field is copied at begin and put back on rollback. */
    private record Snapshot(String field, String type, String copy, List<String> restore) {}

    private static Optional<Snapshot> snapshot(String field, Type type, boolean isFinal, Set<String> imports) {
        if (type.isPrimitiveType()) return Optional.of(new Snapshot(field, type.asString(), field, List.of(field + " = " + field + SUFFIX + ";")));
        if (!type.isClassOrInterfaceType()) return Optional.empty();
        ClassOrInterfaceType t = type.asClassOrInterfaceType();
        String raw = t.getNameWithScope().replaceFirst("^java\\.util\\.(concurrent\\.atomic\\.)?", "");
        if (IMMUTABLE.contains(t.getNameWithScope()) && t.getTypeArguments().isEmpty()) {
            if (isFinal) return Optional.empty();
            return Optional.of(new Snapshot(field, type.asString(), field, List.of(field + " = " + field + SUFFIX + ";")));
        }
        if (ATOMIC_VALUE.containsKey(raw)) {
            if (!isFinal) return Optional.empty();
            return Optional.of(new Snapshot(field, ATOMIC_VALUE.get(raw), field + ".get()", List.of(field + ".set(" + field + SUFFIX + ");")));
        }
        String copyClass = COPY_CLASS.get(raw);
        if (copyClass == null || t.getTypeArguments().isEmpty()) return Optional.empty();
        for (Type arg : t.getTypeArguments().get()) {
            if (!arg.isClassOrInterfaceType() || !IMMUTABLE.contains(arg.asClassOrInterfaceType().getNameWithScope())) return Optional.empty();
        }
        imports.add("java.util." + copyClass);
        boolean map = raw.endsWith("Map");
        String copy = field + " == null ? null : new " + copyClass + "<>(" + field + ")";
        List<String> restore = isFinal
                ? List.of(field + ".clear();", "if (" + field + SUFFIX + " != null) " + field + (map ? ".putAll(" : ".addAll(") + field + SUFFIX + ");")
                : List.of(field + " = " + field + SUFFIX + ";");
        return Optional.of(new Snapshot(field, type.asString(), copy, restore));
    }

    /** The indentation of the class's members (its first member's), else the class's own plus four spaces. */
    private static String memberIndent(JavaSource src, ClassOrInterfaceDeclaration bean) {
        for (BodyDeclaration<?> m : bean.getMembers()) return src.source().indentationAt(src.begin(m));
        return src.source().indentationAt(src.begin(bean)) + "    ";
    }

    /** Imports planned at one offset become one edit (edits of a file must not overlap). */
    private static List<TextEdit> mergeSameOffset(List<TextEdit> edits) {
        TreeMap<Integer, StringBuilder> byOffset = new TreeMap<>();
        String file = edits.get(0).file();
        for (TextEdit e : edits) byOffset.computeIfAbsent(e.start(), k -> new StringBuilder()).append(e.replacement());
        List<TextEdit> out = new ArrayList<>();
        byOffset.forEach((at, text) -> out.add(TextEdit.insert(file, at, text.toString())));
        return out;
    }

    private static String simple(String className) {
        return className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
    }
}
