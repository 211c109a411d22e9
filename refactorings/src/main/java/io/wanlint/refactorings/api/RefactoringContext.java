package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.UnseenCode;
import io.wanlint.analyzer.ingest.TextDecoding;
import io.wanlint.analyzer.ingest.XmlRootElement;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What a refactoring plans against: the analysis and the current text of the application's files,
 * read by their path relative to the analysed root folder. Members of archives are not patchable.
 *
 * <p>While a plan is made {@link #recording} what it reads, every accessor records its read
 * ({@link PlanReads}) and {@link #answer} answers it again, so a later run can tell whether the plan
 * still holds. {@link #analysis()} hands out the whole analysis, which no read can name: a plan that
 * asks for it is never reused. Refactorings therefore read the analysis through the narrow
 * accessors ({@link #model()}, {@link #edgesFrom}, {@link #outgoing}, {@link #files()}…).
 */
public final class RefactoringContext {
    private final AnalysisResult analysis;
    private final Path root;
    /** Files are read once per planning run: several findings often edit the same descriptor. */
    private final Map<String, Optional<SourceText>> texts = new ConcurrentHashMap<>();
    /** Decided once per application: every generator writes code of the same level. */
    private volatile ApiLevel apiLevel;
    private volatile ApiLevel.DeclaredPlatform platform;
    /** Both the API level and the platform weigh the sources' EE imports: every Java file is scanned once. */
    private ApiLevel.Imports eeImports;
    /**
     * Analysed Java files by type name and the call graph's methods by class, indexed once per context:
     * every façade plan asks both, and a scan of all files and methods per finding made planning
     * quadratic (a 2M-line application: patches 6.5 -> 20 s from 1M).
     */
    private Map<String, List<String>> javaFilesByTypeName;
    private Map<String, List<MethodRef>> methodsByClass;
    /** The call graph's edges by the caller's class, in the graph's order: a plan reads the edges of the classes it patches. */
    private Map<String, List<CallEdge>> edgesByClass;
    /** The reads of the plan this thread is making, if it is recording ({@link #recording}). */
    private final ThreadLocal<PlanReads> recording = new ThreadLocal<>();
    /**
     * Every path {@link #exists} was asked about, recording or not: a file outside the analysis (excluded,
     * or not a source) can decide a plan, and a whole run's kept patches must check it again ({@link #existsAsked}).
     */
    private final Set<String> existsAsked = ConcurrentHashMap.newKeySet();

    public RefactoringContext(AnalysisResult analysis, Path root) {
        this.analysis = analysis;
        this.root = root == null ? null : root.toAbsolutePath().normalize();
    }

    /**
     * A context whose root is the folder the analysed files were found in (the first input folder);
     * without one (only archives were analysed) nothing is patchable.
     */
    public static RefactoringContext of(AnalysisResult analysis) {
        return new RefactoringContext(analysis, rootOf(analysis).orElse(null));
    }

    /**
     * The whole analysis. A plan that asks for it while {@link #recording} is never reused: nothing
     * says which part of it the plan read.
     */
    public AnalysisResult analysis() {
        PlanReads reads = recording.get();
        if (reads != null) reads.opaque("the analysis as a whole");
        return analysis;
    }

    /** {@code planning}'s value, with every read it makes through this context recorded in {@code into}. */
    public <T> T recording(PlanReads into, Supplier<T> planning) {
        PlanReads outer = recording.get();
        recording.set(into);
        try {
            return planning.get();
        } finally {
            if (outer == null) recording.remove();
            else recording.set(outer);
        }
    }

    /** {@code work}'s value without recording: what an accessor computes from other reads is recorded as the accessor's own read. */
    private <T> T quietly(Supplier<T> work) {
        PlanReads reads = recording.get();
        if (reads == null) return work.get();
        recording.remove();
        try {
            return work.get();
        } finally {
            recording.set(reads);
        }
    }

    private void record(PlanReads.Kind kind, String argument) {
        PlanReads reads = recording.get();
        if (reads != null) reads.add(kind, argument);
    }

    /**
     * What this context answers to {@code read} now, as a value to compare with the answer a plan
     * was made from (records, lists and strings; equal answers, equal plans). Nothing is recorded.
     */
    public Object answer(PlanReads.Read read) {
        return quietly(() -> switch (read.kind()) {
            case TEXT -> read(read.argument());
            case EXISTS -> exists(read.argument());
            case FILES_NAMED -> filesNamed(read.argument());
            case JAVA_FILES_NAMED -> javaFilesNamed(read.argument());
            case DESCRIPTORS_WITH_ROOT -> descriptorsWithRoot(read.argument().isEmpty() ? Set.of() : Set.of(read.argument().split(" ")));
            case METHODS_OF -> methodsOf(read.argument());
            case API_LEVEL -> apiLevel();
            case PLATFORM -> platform();
            case MODEL -> analysis.model().components();
            case COMPONENT -> componentQuietly(read.argument());
            // The absolute path is the root's (kept with the plans) and the relative one.
            case FILES -> analysis.files().stream().map(f -> List.of(f.path(), String.valueOf(f.kind()), String.valueOf(f.encoding()),
                    String.valueOf(f.rootElement()))).toList();
            case HAS_CALL_GRAPH -> analysis.callGraph() != null;
            case EDGES_FROM -> edgesFromQuietly(read.argument().substring(0, read.argument().lastIndexOf('#')),
                    read.argument().substring(read.argument().lastIndexOf('#') + 1));
            case CLUSTER_STATE -> clusterStateOf(read.argument());
            case NON_SERIALIZABLE_STATE -> nonSerializableState();
            case UNSEEN_CODE -> unseenCode();
        });
    }

    /** The component model. */
    public ComponentModel model() {
        record(PlanReads.Kind.MODEL, "");
        return analysis.model();
    }

    /** How {@link #component} looks a component up. */
    public enum ComponentBy { NAME, CLASS, INTERFACE }

    /**
     * The model's component of this name, implementation class or interface ({@link ComponentModel#byName},
     * {@link ComponentModel#byClass}, {@link ComponentModel#byInterface}): a plan that reads a few components
     * is kept while the others change.
     */
    public Optional<io.wanlint.analyzer.api.Component> component(ComponentBy by, String name) {
        String argument = by.name().toLowerCase(Locale.ROOT) + ":" + name;
        record(PlanReads.Kind.COMPONENT, argument);
        return componentQuietly(argument);
    }

    private Optional<io.wanlint.analyzer.api.Component> componentQuietly(String argument) {
        String name = argument.substring(argument.indexOf(':') + 1);
        return switch (ComponentBy.valueOf(argument.substring(0, argument.indexOf(':')).toUpperCase(Locale.ROOT))) {
            case NAME -> analysis.model().byName(name);
            case CLASS -> analysis.model().byClass(name);
            case INTERFACE -> analysis.model().byInterface(name);
        };
    }

    /** The analysed files, in the analysis's order. */
    public List<AnalyzedFile> files() {
        record(PlanReads.Kind.FILES, "");
        return analysis.files();
    }

    /** Whether the analysis built a call graph. */
    public boolean hasCallGraph() {
        record(PlanReads.Kind.HAS_CALL_GRAPH, "");
        return analysis.callGraph() != null;
    }

    /**
     * The call graph's edges from the methods named {@code methodName} (overloads included) of
     * {@code className}, in the graph's order; none without a call graph. A plan reads the edges of
     * the methods it patches only, so an edit elsewhere, even in the same file, moves none of them.
     */
    public List<CallEdge> edgesFrom(String className, String methodName) {
        record(PlanReads.Kind.EDGES_FROM, className + "#" + methodName);
        return edgesFromQuietly(className, methodName);
    }

    private List<CallEdge> edgesFromQuietly(String className, String methodName) {
        return edgesByClass().getOrDefault(className, List.of()).stream().filter(e -> e.from().name().equals(methodName)).toList();
    }

    /** The calls {@code method} makes ({@link io.wanlint.analyzer.api.CallGraph#outgoing}), read as the edges of its name's methods. */
    public List<CallEdge> outgoing(MethodRef method) {
        record(PlanReads.Kind.EDGES_FROM, method.className() + "#" + method.name());
        return analysis.callGraph() == null ? List.of() : analysis.callGraph().outgoing(method);
    }

    private synchronized Map<String, List<CallEdge>> edgesByClass() {
        if (edgesByClass == null) {
            Map<String, List<CallEdge>> byClass = new HashMap<>();
            if (analysis.callGraph() != null) {
                for (CallEdge e : analysis.callGraph().edges()) byClass.computeIfAbsent(e.from().className(), k -> new ArrayList<>()).add(e);
            }
            edgesByClass = byClass;
        }
        return edgesByClass;
    }

    /**
     * Where methods of {@code className} touch state a cluster keeps per node
     * ({@link SourceFacts#clusterState}), in the facts' order; none without a call graph.
     */
    public List<SourceFacts.StateFact> clusterStateOf(String className) {
        record(PlanReads.Kind.CLUSTER_STATE, className);
        return analysis.callGraph() == null ? List.of()
                : analysis.callGraph().facts().clusterState().stream().filter(f -> f.method().className().equals(className)).toList();
    }

    /** Session state values that are not serializable ({@link SourceFacts#nonSerializableState}); none without a call graph. */
    public List<SourceFacts.SessionStateValue> nonSerializableState() {
        record(PlanReads.Kind.NON_SERIALIZABLE_STATE, "");
        return analysis.callGraph() == null ? List.of() : analysis.callGraph().facts().nonSerializableState();
    }

    /** Code the analysis did not see ({@link io.wanlint.analyzer.api.CallGraph#unseenCode}); none without a call graph. */
    public List<UnseenCode> unseenCode() {
        record(PlanReads.Kind.UNSEEN_CODE, "");
        return analysis.callGraph() == null ? List.of() : analysis.callGraph().unseenCode();
    }

    /** The application's Java EE API level (namespace, whether annotations are processed), decided on first use. */
    public ApiLevel apiLevel() {
        record(PlanReads.Kind.API_LEVEL, "");
        ApiLevel level = apiLevel;
        if (level == null) apiLevel = level = quietly(() -> ApiLevel.of(this));
        return level;
    }

    /** The Java EE platform the application declares (its patches are compiled against that API), decided on first use. */
    public ApiLevel.DeclaredPlatform platform() {
        record(PlanReads.Kind.PLATFORM, "");
        ApiLevel.DeclaredPlatform p = platform;
        if (p == null) platform = p = quietly(() -> ApiLevel.platform(this));
        return p;
    }

    /** The application's EE imports by namespace ({@link ApiLevel}), counted on first use, once whatever the threads asking. */
    synchronized ApiLevel.Imports eeImports() {
        if (eeImports == null) eeImports = ApiLevel.importsOf(this);
        return eeImports;
    }

    /**
     * Analysed Java files (not archive members) whose file name is {@code typeName.java}, in the
     * analysis's order.
     */
    public List<String> javaFilesNamed(String typeName) {
        record(PlanReads.Kind.JAVA_FILES_NAMED, typeName);
        return javaFilesByTypeName().getOrDefault(typeName, List.of());
    }

    private synchronized Map<String, List<String>> javaFilesByTypeName() {
        if (javaFilesByTypeName == null) {
            Map<String, List<String>> byName = new HashMap<>();
            for (AnalyzedFile f : analysis.files()) {
                if (f.kind() != AnalyzedFile.Kind.JAVA || f.path().contains("!/")) continue;
                String p = f.path();
                String name = p.substring(p.lastIndexOf('/') + 1).replaceFirst("\\.java$", "");
                byName.computeIfAbsent(name, k -> new ArrayList<>()).add(p);
            }
            javaFilesByTypeName = byName;
        }
        return javaFilesByTypeName;
    }

    /** The call graph's methods {@code className} declares (overloads included), in the graph's order of its nodes. */
    public List<MethodRef> methodsOf(String className) {
        record(PlanReads.Kind.METHODS_OF, className);
        return methodsByClass().getOrDefault(className, List.of());
    }

    private synchronized Map<String, List<MethodRef>> methodsByClass() {
        if (methodsByClass == null) {
            Map<String, List<MethodRef>> byClass = new HashMap<>();
            for (MethodNode node : analysis.callGraph().nodes()) {
                byClass.computeIfAbsent(node.ref().className(), k -> new ArrayList<>()).add(node.ref());
            }
            methodsByClass = byClass;
        }
        return methodsByClass;
    }

    /** The analysed root folder patches are relative to, if any. */
    public Optional<Path> root() { return Optional.ofNullable(root); }

    /** Why a file cannot be patched (an archive member, no source folder), or empty when it can. */
    public Optional<String> whyNotPatchable(String path) {
        if (path == null || path.isEmpty()) return Optional.of("the finding has no source file");
        if (path.contains("!/")) return Optional.of(path + " is inside an archive; patch the sources it was built from");
        if (root == null) return Optional.of("no source folder was analysed (only archives)");
        Path p = root.resolve(path).normalize();
        if (!p.startsWith(root)) return Optional.of(path + " is outside the analysed folder");
        return Optional.empty();
    }

    /** Whether a file exists under the root (and is patchable). */
    public boolean exists(String path) {
        record(PlanReads.Kind.EXISTS, path);
        existsAsked.add(path);
        return whyNotPatchable(path).isEmpty() && Files.isRegularFile(root.resolve(path));
    }

    /** The paths {@link #exists} has been asked about so far, sorted. */
    public List<String> existsAsked() {
        List<String> asked = new ArrayList<>(existsAsked);
        asked.sort(null);
        return asked;
    }

    /** The current text of a file, or empty when it is not patchable or cannot be read. */
    public Optional<SourceText> read(String path) {
        record(PlanReads.Kind.TEXT, path);
        if (whyNotPatchable(path).isPresent()) return Optional.empty();
        return texts.computeIfAbsent(path, this::load);
    }

    /** Analysed files (not archive members) whose file name is {@code name}, ignoring case, by path. */
    public List<String> filesNamed(String name) {
        record(PlanReads.Kind.FILES_NAMED, name);
        return analysis.files().stream().map(AnalyzedFile::path)
                .filter(p -> !p.contains("!/"))
                .filter(p -> p.substring(p.lastIndexOf('/') + 1).equalsIgnoreCase(name))
                .sorted().toList();
    }

    /**
     * Patchable analysed descriptors whose root element is one of {@code roots}, by path: vendor
     * descriptors are found as ingest recognised them, whatever their file name. A descriptor whose
     * root ingest did not record is asked its root from its current text.
     */
    public List<String> descriptorsWithRoot(Set<String> roots) {
        record(PlanReads.Kind.DESCRIPTORS_WITH_ROOT, String.join(" ", new java.util.TreeSet<>(roots)));
        return quietly(() -> analysis.files().stream()
                .filter(f -> f.kind() == AnalyzedFile.Kind.DESCRIPTOR && !f.path().contains("!/"))
                .filter(f -> roots.contains(f.rootElement() != null ? f.rootElement()
                        : read(f.path()).flatMap(t -> XmlRootElement.of(t.text())).orElse("")))
                .map(AnalyzedFile::path).sorted().toList());
    }

    private Optional<SourceText> load(String path) {
        Path p = root.resolve(path);
        try {
            byte[] bytes = Files.readAllBytes(p);
            boolean xml = path.toLowerCase(Locale.ROOT).endsWith(".xml");
            TextDecoding.DecodedText d = xml ? TextDecoding.decodeXml(bytes) : TextDecoding.decode(bytes);
            return Optional.of(new SourceText(path, d.text(), Charset.forName(d.encoding()), hasBom(bytes)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean hasBom(byte[] b) {
        return b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF
                || b.length >= 2 && ((b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE || (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF);
    }

    /** The folder whose relative paths the analysed files carry: their absolute path minus that relative path. */
    static Optional<Path> rootOf(AnalysisResult analysis) {
        for (AnalyzedFile f : analysis.files()) {
            if (f.path().contains("!/") || f.absolute() == null) continue;
            Path abs = f.absolute().toAbsolutePath().normalize();
            int depth = f.path().split("/").length;
            if (abs.getNameCount() < depth) continue;
            Path candidate = abs;
            for (int i = 0; i < depth; i++) candidate = candidate.getParent();
            if (candidate != null && candidate.resolve(f.path()).normalize().equals(abs)) return Optional.of(candidate);
        }
        return Optional.empty();
    }
}
