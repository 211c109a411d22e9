package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.TemporaryFolderException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds and decodes the files of an application: source trees, class folders and packed or
 * exploded WAR/EAR/EJB-JAR/JAR/ZIP archives, nested to any depth within {@link ArchiveLimits}.
 *
 * <p>Paths in the result are relative to their input root with {@code /} separators; archive
 * members read {@code shop.ear!/web.war!/WEB-INF/web.xml}, starting with the input archive's file
 * name. Library jars ({@code WEB-INF/lib}, {@code lib}) without EJB descriptors or sources become
 * class roots without being unpacked (unless they cannot be read as they are). Nothing is written outside the extraction folder and nothing
 * in the inputs is modified. Problems become diagnostics; this class does not throw on bad input.
 */
public final class Ingestor {
    static final long MAX_XML_BYTES = 16L << 20;
    static final long MAX_SOURCE_BYTES = 64L << 20;
    /** A properties file larger than this holds data, not configuration: it is not read. */
    static final long MAX_PROPERTIES_BYTES = 1L << 20;

    private final ArchiveLimits limits;

    public Ingestor() {
        this(ArchiveLimits.DEFAULTS);
    }

    public Ingestor(ArchiveLimits limits) {
        this.limits = Objects.requireNonNull(limits);
    }

    /**
     * Reads every input of the request.
     *
     * @param extractionDir a folder this run may write archive contents to (created if missing)
     */
    public Workspace ingest(AnalysisRequest request, Path extractionDir) {
        return ingest(request, extractionDir, List.of());
    }

    /**
     * Reads every input of the request, never entering {@code skippedFolders} (e.g. an analysis
     * cache the user keeps inside the analysed tree); folders that do not exist are ignored.
     */
    public Workspace ingest(AnalysisRequest request, Path extractionDir, List<Path> skippedFolders) {
        Run run = new Run(request, extractionDir, skippedFolders);
        for (Path input : request.inputs()) run.input(input);
        return run.workspace();
    }

    /** State of one ingest run. */
    private final class Run {
        private final List<TextFile> javaSources = new ArrayList<>();
        private final List<TextFile> jsps = new ArrayList<>();
        private final List<TextFile> xmlFiles = new ArrayList<>();
        private final List<TextFile> propertyFiles = new ArrayList<>();
        private final Set<Path> classRoots = new TreeSet<>();
        private final List<AnalyzedFile> files = new ArrayList<>();
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        /** Class root of each folder holding class files: one class file per folder is read. */
        private final Map<Path, Optional<Path>> classRootByFolder = new HashMap<>();
        private final ExcludeGlobs excludes;
        private final ArchiveExtractor extractor;
        private final FolderWalker walker;

        Run(AnalysisRequest request, Path extractionDir, List<Path> skippedFolders) {
            excludes = ExcludeGlobs.of(request.excludes());
            extractor = new ArchiveExtractor(extractionDir, limits);
            Set<Path> skipped = new HashSet<>();
            for (Path folder : skippedFolders) {
                try {
                    if (Files.isDirectory(folder)) skipped.add(folder.toRealPath());
                } catch (IOException e) {
                    // A folder that cannot be resolved cannot be walked into either.
                }
            }
            try {
                // Created up front so that an extraction folder inside an input is recognised and skipped.
                Files.createDirectories(extractionDir);
                skipped.add(extractionDir.toRealPath());
            } catch (IOException e) {
                throw new TemporaryFolderException("cannot create the extraction folder " + extractionDir + ": "
                        + ExtractionFolder.reason(e) + "; nothing was analysed", e);
            }
            walker = new FolderWalker(new HashSet<>(), skipped, excludes, diagnostics);
        }

        Workspace workspace() {
            return new Workspace(javaSources, jsps, xmlFiles, List.copyOf(classRoots), files, diagnostics, propertyFiles);
        }

        void input(Path input) {
            String shown = input.toString();
            if (!Files.exists(input)) {
                diagnostics.add(Diagnostic.error(shown, 0, Files.isSymbolicLink(input)
                        ? "input is a broken symbolic link" : "input does not exist"));
            } else if (Files.isDirectory(input)) {
                walker.walk(input, "", this::file);
            } else if (Files.isRegularFile(input)) {
                Path name = input.toAbsolutePath().normalize().getFileName();
                String logical = name == null ? shown : name.toString();
                if (!excludes.matches(logical)) file(input, logical);
            } else {
                diagnostics.add(Diagnostic.error(shown, 0, "input is neither a file nor a folder"));
            }
        }

        private void file(Path file, String logical) {
            switch (FileKinds.byName(logical)) {
                case JAVA -> text(file, logical, MAX_SOURCE_BYTES).ifPresent(t -> {
                    javaSources.add(t);
                    files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.JAVA, t.encoding()));
                });
                case JSP -> text(file, logical, MAX_SOURCE_BYTES).ifPresent(t -> {
                    jsps.add(t);
                    files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.JSP, t.encoding()));
                });
                case CLASS -> classFile(file, logical);
                case ARCHIVE -> archive(file, logical);
                // Read for the class names code loads by a property key (Class.forName(props.getProperty("dao"))).
                case PROPERTIES -> text(file, logical, MAX_PROPERTIES_BYTES).ifPresent(propertyFiles::add);
                case MAYBE_XML -> maybeXml(file, logical);
                // JSF pages: read for their EL references (FaceletPages), never parsed as descriptors.
                case FACELET -> text(file, logical, MAX_XML_BYTES).ifPresent(t -> {
                    xmlFiles.add(t);
                    files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.OTHER, t.encoding()));
                });
                case IGNORED -> { }
            }
        }

        private Optional<TextFile> text(Path file, String logical, long max) {
            return bytes(file, logical, max).map(b -> {
                TextDecoding.DecodedText decoded = TextDecoding.decode(b);
                decoded.problem().ifPresent(p -> diagnostics.add(Diagnostic.warning(logical, 0, p)));
                return new TextFile(logical, file, decoded.text(), decoded.encoding());
            });
        }

        private void maybeXml(Path file, String logical) {
            byte[] head;
            long size;
            try (InputStream in = Files.newInputStream(file)) {
                size = Files.size(file);
                head = in.readNBytes(FileKinds.HEAD_BYTES);
            } catch (IOException e) {
                diagnostics.add(Diagnostic.warning(logical, 0, "cannot read: " + reason(e)));
                return;
            }
            if (!FileKinds.looksLikeXml(head)) return;
            if (size > MAX_XML_BYTES) {
                // Said out loud: a descriptor skipped in silence would lose its components without a trace.
                diagnostics.add(Diagnostic.warning(logical, 0, "XML file larger than "
                        + ArchiveExtractor.readable(MAX_XML_BYTES) + "; skipped"));
                return;
            }
            bytes(file, logical, MAX_XML_BYTES).ifPresent(b -> {
                TextDecoding.DecodedText decoded = TextDecoding.decodeXml(b);
                decoded.problem().ifPresent(p -> diagnostics.add(Diagnostic.warning(logical, 1, p)));
                xmlFiles.add(new TextFile(logical, file, decoded.text(), decoded.encoding()));
                files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.DESCRIPTOR, decoded.encoding(),
                        XmlRootElement.of(decoded.text()).orElse(null)));
            });
        }

        private void classFile(Path file, String logical) {
            files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.CLASS, null));
            Path folder = file.toAbsolutePath().normalize().getParent();
            Optional<Path> known = classRootByFolder.get(folder);
            if (known != null) {
                known.ifPresent(classRoots::add);
                return;
            }
            Optional<byte[]> bytes = bytes(file, logical, MAX_SOURCE_BYTES);
            if (bytes.isEmpty()) return;
            Optional<String> name = ClassFileNames.internalName(bytes.get());
            if (name.isEmpty()) {
                diagnostics.add(Diagnostic.warning(logical, 0, "not a readable class file"));
                return;
            }
            if (name.get().equals("module-info")) return; // says nothing about the folder's package
            Optional<Path> root = classRoot(folder, name.get(), logical);
            classRootByFolder.put(folder, root);
            root.ifPresent(classRoots::add);
        }

        /** The folder a class's package path starts from, if the file sits where its package says. */
        private Optional<Path> classRoot(Path folder, String internalName, String logical) {
            String[] segments = internalName.split("/");
            Path root = folder;
            for (int i = segments.length - 2; i >= 0; i--) {
                if (root == null || root.getFileName() == null
                        || !root.getFileName().toString().equals(segments[i])) {
                    diagnostics.add(Diagnostic.warning(logical, 0, "class " + internalName.replace('/', '.')
                            + " is not in a folder matching its package; its folder is not used as a class root"));
                    return Optional.empty();
                }
                root = root.getParent();
            }
            return Optional.ofNullable(root);
        }

        private void archive(Path file, String logical) {
            files.add(new AnalyzedFile(logical, file, AnalyzedFile.Kind.ARCHIVE, null));
            if (isLibraryJar(logical)) {
                // A jar the class path readers cannot take as it is (an encrypted entry, a corrupt directory)
                // is extracted instead: extraction reads what it can and says what it skipped, and the class
                // files come from the extracted folder.
                Optional<List<String>> names = ArchiveExtractor.entryNames(file);
                boolean unpack = names.isEmpty() || names.get().stream().anyMatch(
                        n -> n.equalsIgnoreCase("META-INF/ejb-jar.xml") || n.endsWith(".java"));
                if (!unpack) {
                    classRoots.add(file.toAbsolutePath().normalize());
                    return;
                }
            }
            int depth = occurrences(logical, "!/") + 1;
            extractor.extract(file, logical, depth, diagnostics)
                    .ifPresent(folder -> walker.walk(folder, logical + "!/", this::file));
        }

        private Optional<byte[]> bytes(Path file, String logical, long max) {
            try {
                if (Files.size(file) > max) {
                    diagnostics.add(Diagnostic.warning(logical, 0, "larger than "
                            + ArchiveExtractor.readable(max) + "; skipped"));
                    return Optional.empty();
                }
                return Optional.of(Files.readAllBytes(file));
            } catch (IOException e) {
                diagnostics.add(Diagnostic.warning(logical, 0, "cannot read: " + reason(e)));
                return Optional.empty();
            }
        }
    }

    /** A jar directly in a {@code lib} folder ({@code WEB-INF/lib}, {@code lib}, {@code APP-INF/lib}). */
    static boolean isLibraryJar(String logical) {
        if (!FileKinds.extension(logical).equals("jar")) return false;
        int slash = logical.lastIndexOf('/');
        if (slash < 0) return false;
        String parent = logical.substring(0, slash);
        return parent.equals("lib") || parent.endsWith("/lib");
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) count++;
        return count;
    }

    private static String reason(Throwable e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException) return "no such file";
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
