package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
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

/**
 * What a refactoring plans against: the analysis and the current text of the application's files,
 * read by their path relative to the analysed root folder. Members of archives are not patchable.
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

    public AnalysisResult analysis() { return analysis; }

    /** The application's Java EE API level (namespace, whether annotations are processed), decided on first use. */
    public ApiLevel apiLevel() {
        ApiLevel level = apiLevel;
        if (level == null) apiLevel = level = ApiLevel.of(this);
        return level;
    }

    /** The Java EE platform the application declares (its patches are compiled against that API), decided on first use. */
    public ApiLevel.DeclaredPlatform platform() {
        ApiLevel.DeclaredPlatform p = platform;
        if (p == null) platform = p = ApiLevel.platform(this);
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
        return whyNotPatchable(path).isEmpty() && Files.isRegularFile(root.resolve(path));
    }

    /** The current text of a file, or empty when it is not patchable or cannot be read. */
    public Optional<SourceText> read(String path) {
        if (whyNotPatchable(path).isPresent()) return Optional.empty();
        return texts.computeIfAbsent(path, this::load);
    }

    /** Analysed files (not archive members) whose file name is {@code name}, ignoring case, by path. */
    public List<String> filesNamed(String name) {
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
        return analysis.files().stream()
                .filter(f -> f.kind() == AnalyzedFile.Kind.DESCRIPTOR && !f.path().contains("!/"))
                .filter(f -> roots.contains(f.rootElement() != null ? f.rootElement()
                        : read(f.path()).flatMap(t -> XmlRootElement.of(t.text())).orElse("")))
                .map(AnalyzedFile::path).sorted().toList();
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
