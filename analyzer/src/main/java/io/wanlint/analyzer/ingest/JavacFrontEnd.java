package io.wanlint.analyzer.ingest;

import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.StringProvider;
import com.github.javaparser.UnicodeEscapeProcessingProvider;
import com.github.javaparser.Problem;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.utils.LineSeparator;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * Parses Java files with javac's parser (about ten times faster than JavaParser's) and converts each
 * tree into the JavaParser tree {@link JavaSources} would have made of it ({@link JavacTreeConversion}),
 * comments attributed as JavaParser's own code attributes them ({@link SortedCommentAttribution}), positions of a file with
 * Unicode escapes mapped back as JavaSources maps them. Only where that is certain: a file with a
 * javac diagnostic, a construct the conversion does not build, a problem found by JavaParser's Java
 * 21 validation on the converted tree, or a line separator that depends on how JavaParser's lexer
 * happens to read the file falls back (its outcome says why), and so does every file when the JDK has
 * no compiler. {@code FrontEndComparison} ({@code bench/frontends.sh}) is the oracle.
 *
 * <p>Thread-safe: each call makes its own javac task.
 */
final class JavacFrontEnd {
    private JavacFrontEnd() {}

    private static final JavaCompiler COMPILER = compiler();
    /** javac folds {@code "a" + "b"} into one literal while parsing unless told not to. */
    private static final List<String> OPTIONS = List.of("-proc:none", "-XDallowStringFolding=false");

    /** What became of one file. */
    sealed interface Outcome {
        /**
         * The file's JavaParser tree, built from javac's; when the file has Unicode escapes, its ranges
         * are in the decoded text and {@code escapes} maps them back, as {@link JavaSources} maps a
         * tree JavaParser parsed from the decoded text (null when there is nothing to map). When
         * {@code shared}, the tree is already as {@link JavaSources} releases a parsed one: its ranges,
         * positions, names and literal texts are those of the pools it was converted with
         * ({@link #convert(List, SharedPositions, SharedNames)}) and its lists are compacted
         * ({@link TreeCompaction}); a tree with escapes is never shared (its ranges are mapped first).
         * When {@code compacted}, its names and literal texts are already shared and its lists compacted
         * (so they are when {@code shared}): a tree with escapes built with pools has only its ranges
         * left to map and share.
         */
        record Converted(CompilationUnit unit, UnicodeEscapeProcessingProvider.PositionMapping escapes, boolean shared,
                         boolean compacted) implements Outcome {}

        /** The file must be parsed by JavaParser, for this reason. */
        record Fallback(String reason) implements Outcome {}
    }

    /** Whether this runtime has javac (a JRE has not). */
    static boolean available() {
        return COMPILER != null;
    }

    private static JavaCompiler compiler() {
        try {
            return ToolProvider.getSystemJavaCompiler();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** {@link #convert(List, SharedPositions, SharedNames)} with pools of its own. */
    static List<Outcome> convert(List<String> texts) {
        return convert(texts, new SharedPositions(), new SharedNames());
    }

    /**
     * The outcome for each text, in order; all texts are parsed by one javac task. Trees of files
     * without Unicode escapes are built with their ranges and positions shared through
     * {@code acrossFiles} and their names through {@code names} (when both are given: else no tree is).
     */
    static List<Outcome> convert(List<String> texts, SharedPositions acrossFiles, SharedNames names) {
        List<Outcome> outcomes = new ArrayList<>(texts.size());
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            Optional<String> excluded = excluded(text);
            outcomes.add(excluded.<Outcome>map(Outcome.Fallback::new).orElse(null));
            if (excluded.isEmpty()) sources.add(decoded(i, text));
        }
        if (sources.isEmpty()) return outcomes;
        if (COMPILER == null) {
            for (Source s : sources) outcomes.set(s.index, new Outcome.Fallback("no javac in this runtime"));
            return outcomes;
        }
        // javac hands the client's file objects back wrapped, so files are told apart by their URI.
        Map<URI, Source> byUri = new HashMap<>();
        for (Source s : sources) byUri.put(s.toUri(), s);
        Map<URI, String> diagnostics = new HashMap<>();
        String[] general = {null};
        try {
            JavacTask task = (JavacTask) COMPILER.getTask(null, null, d -> {
                Object source = d.getSource();
                String what = "javac " + d.getKind().toString().toLowerCase(java.util.Locale.ROOT) + " " + d.getCode();
                if (source instanceof JavaFileObject f) diagnostics.putIfAbsent(f.toUri(), what);
                else if (d.getKind() == Diagnostic.Kind.ERROR) {
                    general[0] = what;
                }
            }, OPTIONS, null, sources);
            Iterable<? extends CompilationUnitTree> units = task.parse();
            if (general[0] != null) {
                for (Source s : sources) outcomes.set(s.index, new Outcome.Fallback(general[0]));
                return outcomes;
            }
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : units) {
                Source source = byUri.get(unit.getSourceFile().toUri());
                if (source == null) continue;
                String diagnostic = diagnostics.get(source.toUri());
                outcomes.set(source.index, diagnostic != null ? new Outcome.Fallback(diagnostic)
                        : convertOne(source, unit, positions, acrossFiles, names));
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            for (Source s : sources) outcomes.set(s.index, new Outcome.Fallback("javac failed: " + e));
            return outcomes;
        } catch (StackOverflowError e) {
            for (Source s : sources) outcomes.set(s.index, new Outcome.Fallback("nested too deeply for javac"));
            return outcomes;
        }
        for (Source s : sources) {
            if (outcomes.get(s.index) == null) outcomes.set(s.index, new Outcome.Fallback("no javac tree"));
        }
        return outcomes;
    }

    /** Why a file is not given to javac at all, if it is not. */
    private static Optional<String> excluded(String text) {
        if (text.isEmpty()) return Optional.of("empty file");
        if (SourceSizeLimit.exceededBy(text).isPresent()) return Optional.of("too large");
        return Optional.empty();
    }

    private static Outcome convertOne(Source source, CompilationUnitTree tree, SourcePositions positions,
                                      SharedPositions acrossFiles, SharedNames names) {
        String text = source.text;
        try {
            // Names and lists do not depend on positions: a tree with escapes shares them as it is built too.
            boolean compacted = acrossFiles != null && names != null;
            boolean shared = compacted && source.escapes == null;
            JavacTreeConversion conversion = new JavacTreeConversion(text, tree, positions, shared ? acrossFiles : null, compacted ? names : null);
            CompilationUnit unit = conversion.convert();
            Optional<TreeSet<Comment>> comments = SourceComments.scan(text, (comment, from, to) -> {
                comment.setRange(conversion.range(from, to));
                return comment;
            });
            if (comments.isEmpty()) return new Outcome.Fallback("comments: text block, unclosed or markdown beside unusual white space");
            SortedCommentAttribution.attribute(unit, comments.get());
            // The tree is complete once its comments are attributed: a pooled one is compacted in the validation's walk.
            Optional<List<Problem>> problems = OneWalkValidation.problemsOf(unit, LanguageLevel.JAVA_21,
                    compacted ? JavacFrontEnd::compact : node -> { });
            if (problems.isEmpty()) return new Outcome.Fallback("validation not available");
            if (!problems.get().isEmpty()) return new Outcome.Fallback("validation: " + problems.get().get(0).getMessage());
            Optional<LineSeparator> separator = source.escapes == null && source.written == text
                    ? lineSeparator(text) : Optional.of(lineSeparatorInReads(source.written, DECODER_READ));
            if (separator.isEmpty()) return new Outcome.Fallback("\\r\\n line ends beyond JavaParser's first read, not lexed");
            unit.setData(Node.LINE_SEPARATOR_KEY, separator.get());
            return new Outcome.Converted(unit, source.escapes, shared, compacted);
        } catch (JavacTreeConversion.Unsupported e) {
            return new Outcome.Fallback("unsupported: " + e.getMessage());
        } catch (RuntimeException e) {
            return new Outcome.Fallback("conversion failed: " + e);
        } catch (StackOverflowError e) {
            return new Outcome.Fallback("nested too deeply to convert");
        }
    }

    /** Compacts a node of a complete tree and the comment attached to it, which the tree's walks do not meet as a child. */
    private static void compact(Node node) {
        TreeCompaction.compact(node);
        node.getComment().ifPresent(TreeCompaction::compact);
    }

    /**
     * The file's line separator as JavaParser's detection names it, when that is certain. JavaParser
     * counts a {@code \r\n} only when both characters come in one read of its character stream, whose
     * reads end where its lexer's buffer does (4,096 characters, then at token starts): a file with
     * only {@code \r\n} line ends is CRLF to it unless one of them straddles two reads, and then
     * MIXED. A file that fits the first read, that has other line ends too (MIXED whatever the reads)
     * or has no pair to straddle is named from its text; a longer CRLF file is read by JavaParser's
     * own lexer alone ({@link LineSeparatorDetection#asLexed}), which asks for the same reads.
     */
    static Optional<LineSeparator> lineSeparator(String text) {
        LineSeparator separator = LineSeparatorDetection.LineEnds.of(text);
        if (separator == LineSeparator.CRLF && text.length() > FIRST_READ) return LineSeparatorDetection.asLexed(text);
        return Optional.of(separator);
    }

    /** The characters JavaParser's character stream asks for in its first read. */
    private static final int FIRST_READ = 4096;

    /**
     * The text JavaParser's lexer reads in {@link JavaSources}: with its Unicode escapes decoded by
     * JavaParser's own decoder when it has any, and the mapping of positions back to the file.
     */
    private static Source decoded(int index, String written) {
        if (written.indexOf("\\u") < 0) return new Source(index, written, written, null);
        UnicodeEscapeProcessingProvider decoder = new UnicodeEscapeProcessingProvider(new StringProvider(written));
        StringBuilder text = new StringBuilder(written.length());
        char[] buffer = new char[8192];
        try {
            for (int n = decoder.read(buffer, 0, buffer.length); n >= 0; n = decoder.read(buffer, 0, buffer.length)) text.append(buffer, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        UnicodeEscapeProcessingProvider.PositionMapping mapping = decoder.getPositionMapping();
        return new Source(index, written, text.toString(), mapping.isEmpty() ? null : mapping);
    }

    /**
     * The characters JavaParser's Unicode decoder asks for in each read from the providers under it,
     * among them the line separator detection: with the decoder in place, reads are of this many
     * characters of the file as written, whatever the lexer does.
     */
    private static final int DECODER_READ = 2048;

    /**
     * The line separator JavaParser's detection names for a file read in pieces of {@code read}
     * characters: a {@code \r\n} split between two reads counts as a {@code \r} and a {@code \n}.
     */
    static LineSeparator lineSeparatorInReads(String text, int read) {
        LineSeparatorDetection.LineEnds lineEnds = new LineSeparatorDetection.LineEnds();
        for (int i = 0, n = text.length(); i < n; i++) {
            if (i % read == 0) lineEnds.endRead();
            lineEnds.add(text.charAt(i));
        }
        return lineEnds.separator();
    }

    /** One text as javac reads it; its index says which outcome it fills. */
    private static final class Source extends SimpleJavaFileObject {
        final int index;
        /** The file as written. */
        final String written;
        /** What javac and the conversion read: the file with its Unicode escapes decoded. */
        final String text;
        final UnicodeEscapeProcessingProvider.PositionMapping escapes;

        Source(int index, String written, String text, UnicodeEscapeProcessingProvider.PositionMapping escapes) {
            super(URI.create("string:///wanlint/F" + index + ".java"), Kind.SOURCE);
            this.index = index;
            this.written = written;
            this.text = text;
            this.escapes = escapes;
        }

        @Override public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
