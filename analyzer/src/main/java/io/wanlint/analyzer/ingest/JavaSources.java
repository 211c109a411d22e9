package io.wanlint.analyzer.ingest;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.Provider;
import com.github.javaparser.Range;
import com.github.javaparser.TokenRange;
import com.github.javaparser.UnicodeEscapeProcessingProvider;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.comments.Comment;
import io.wanlint.analyzer.api.Diagnostic;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Parses Java sources of any age (1.3 to 21) with JavaParser, never throwing.
 *
 * <p>Each file is parsed at Java 21 first; when that reports problems it is retried at Java 8
 * ({@code _} as an identifier), 1.4 ({@code enum} as an identifier) and 1.3 ({@code assert} as an
 * identifier; unqualified {@code assert(…)} calls via {@link LegacyAssertCalls}), and the attempt with
 * the fewest problems wins (the newest level on a tie). A syntax
 * error yields the partial tree JavaParser recovers plus ERROR diagnostics; when that fails, build
 * filter tokens ({@link FilterTokens}) are parsed as placeholders, and beyond them the broken members
 * alone are dropped ({@link MemberRecovery}), each with a diagnostic. Comments are kept,
 * because later rewrites must preserve them; lexical preservation is left to the rewriting step.
 * Token lists are dropped from the returned trees (node ranges are kept), see {@link #releaseTokens}.
 *
 * <p>Thread-safe: every parse uses its own {@link JavaParser}; the only state, the positions and
 * names shared by the trees of one instance ({@link SharedPositions}, {@link SharedNames}), is.
 */
public final class JavaSources {
    private static final List<LanguageLevel> LEVELS =
            List.of(LanguageLevel.JAVA_21, LanguageLevel.JAVA_8, LanguageLevel.JAVA_1_4, LanguageLevel.JAVA_1_3);
    private static final int REPORTED_PROBLEMS = 5;
    /** Parser threads get a deep stack: generated code nests expressions thousands deep. */
    private static final long PARSER_STACK_BYTES = 64L << 20;

    private final SharedPositions positions = new SharedPositions();
    private final SharedNames names = new SharedNames();

    /** Parses one file on the calling thread; a file above {@link SourceSizeLimit} is skipped with a warning. */
    public ParsedJava parse(TextFile file) {
        Optional<String> tooLarge = SourceSizeLimit.exceededBy(file.text());
        if (tooLarge.isPresent()) {
            return new ParsedJava(new JavaUnit(file, new CompilationUnit()), List.of(Diagnostic.warning(file.path(), 0, tooLarge.get())));
        }
        Attempt best = bestAttempt(file.text());
        String parsed = file.text();
        List<Diagnostic> notes = new ArrayList<>();
        if (best.failure().isEmpty() && !best.problems().isEmpty()) {
            Optional<FilterTokens.Substitution> tokens = FilterTokens.substitute(file.text());
            if (tokens.isPresent()) {
                Attempt filtered = bestAttempt(tokens.get().text());
                if (filtered.failure().isEmpty() && filtered.problems().size() < best.problems().size()) {
                    best = filtered;
                    parsed = tokens.get().text();
                    notes.add(tokenWarning(file, tokens.get()));
                }
            }
        }
        if (best.failure().isEmpty() && !best.problems().isEmpty()) {
            // Beyond tokens: lose the broken members only, and say which.
            Optional<MemberRecovery.Recovered> recovered = recover(parsed);
            if (recovered.isPresent()) {
                Attempt rest = bestAttempt(recovered.get().text());
                int analysed = rest.unit().map(u -> u.findAll(CallableDeclaration.class).size()).orElse(0);
                int partial = best.unit().map(u -> u.findAll(CallableDeclaration.class).size()).orElse(0);
                // Worth it only when methods remain and the parser's own partial tree kept no more of
                // them (a JSP's single service method is better kept partially than dropped).
                boolean keepsMore = analysed > 0 && analysed >= partial - recovered.get().droppedMethods();
                if (rest.failure().isEmpty() && rest.problems().size() < best.problems().size() && keepsMore) {
                    List<Diagnostic> errors = best.toDiagnostics(file);
                    best = rest;
                    notes.addAll(errors);
                    notes.addAll(recovered.get().diagnostics(file.path(), analysed));
                }
            }
        }
        ParsedJava result = best.toParsed(file, this);
        if (notes.isEmpty()) return result;
        notes.addAll(result.diagnostics());
        return new ParsedJava(result.unit(), notes);
    }

    /** Member-level recovery, which like every parse here must never throw: a failure keeps the partial tree. */
    private static Optional<MemberRecovery.Recovered> recover(String text) {
        try {
            return MemberRecovery.recover(text);
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private static Diagnostic tokenWarning(TextFile file, FilterTokens.Substitution tokens) {
        List<String> names = tokens.tokens();
        return Diagnostic.warning(file.path(), tokens.firstLine(), "build filter token" + (names.size() == 1 ? " " : "s ")
                + String.join(", ", names.subList(0, Math.min(8, names.size())))
                + (names.size() > 8 ? " and " + (names.size() - 8) + " more" : "")
                + " parsed as placeholder" + (names.size() == 1 ? "" : "s")
                + " (the build replaces them with values before compiling)");
    }

    /**
     * The attempt with the fewest problems over the language levels (the newest on a tie), and the
     * legacy-{@code assert} disguise; a parser crash ends the search with the best so far.
     */
    private static Attempt bestAttempt(String text) {
        Attempt best = null;
        for (LanguageLevel level : LEVELS) {
            Attempt attempt = attempt(text, level);
            if (attempt.failure().isPresent()) {
                // A parser crash or stack overflow will not go away at an older language level.
                return best != null ? best : attempt;
            }
            if (best == null || attempt.problems().size() < best.problems().size()) best = attempt;
            if (best.problems().isEmpty()) return best;
        }
        Optional<String> disguised = LegacyAssertCalls.disguise(text);
        if (disguised.isPresent()) {
            Attempt attempt = attempt(disguised.get(), LanguageLevel.JAVA_1_4);
            if (attempt.failure().isEmpty() && attempt.problems().size() < best.problems().size()) {
                attempt.unit().ifPresent(LegacyAssertCalls::restore);
                best = attempt;
            }
        }
        return best;
    }

    /** Parses files in parallel, on threads with deep stacks; results are in input order. */
    public List<ParsedJava> parseAll(List<TextFile> files) {
        return parseAll(files, JAVAC_FRONT_END && JavacFrontEnd.available());
    }

    /** {@link #parseAll}, with javac's parser where its trees convert exactly ({@link JavacFrontEnd}) when {@code withJavac}. */
    List<ParsedJava> parseAll(List<TextFile> files, boolean withJavac) {
        if (files.isEmpty()) return List.of();
        int threads = Math.max(1, Math.min(files.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(null, task, "wanlint-java-parser", PARSER_STACK_BYTES);
            thread.setDaemon(true);
            return thread;
        });
        try {
            if (withJavac) return parseAllWithJavac(files, pool);
            List<Future<ParsedJava>> futures = files.stream().map(f -> pool.submit(() -> parse(f))).toList();
            List<ParsedJava> results = new ArrayList<>(files.size());
            for (int i = 0; i < files.size(); i++) results.add(await(futures.get(i), files.get(i)));
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Whether {@link #parseAll} parses with javac's parser where the tree it gives converts exactly
     * ({@link JavacFrontEnd}): on unless the system property {@code wanlint.javacFrontEnd} is
     * {@code false}. The comparison with JavaParser's trees ({@code bench/frontends.sh}) found no
     * difference on any of the eight real applications measured (about 17,000 files, 99% of them
     * converted) nor on this repository's Java files, and HELIUM V's, ejbca's and openejb's reports are
     * byte-identical either way; the property is a way back should an application prove otherwise.
     */
    static final boolean JAVAC_FRONT_END = !"false".equals(System.getProperty("wanlint.javacFrontEnd"));
    /** Files per javac task: a task holds all its trees until it is dropped. */
    static final int JAVAC_BATCH = 64;

    private List<ParsedJava> parseAllWithJavac(List<TextFile> files, ExecutorService pool) {
        List<Future<List<ParsedJava>>> futures = new ArrayList<>();
        for (int from = 0; from < files.size(); from += JAVAC_BATCH) {
            List<TextFile> batch = files.subList(from, Math.min(files.size(), from + JAVAC_BATCH));
            futures.add(pool.submit(() -> parseBatch(batch)));
        }
        List<ParsedJava> results = new ArrayList<>(files.size());
        for (int b = 0; b < futures.size(); b++) {
            List<TextFile> batch = files.subList(b * JAVAC_BATCH, Math.min(files.size(), (b + 1) * JAVAC_BATCH));
            try {
                results.addAll(futures.get(b).get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                for (TextFile f : batch) results.add(unparsed(f, "parsing interrupted"));
            } catch (ExecutionException e) {
                for (TextFile f : batch) results.add(parse(f));
            }
        }
        return results;
    }

    /** One batch on the calling thread: javac's trees converted where exact, JavaParser's parse for the rest. */
    List<ParsedJava> parseBatch(List<TextFile> batch) {
        List<JavacFrontEnd.Outcome> outcomes = convertWithJavac(batch);
        List<ParsedJava> results = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            results.add(outcomes.get(i) instanceof JavacFrontEnd.Outcome.Converted c ? converted(batch.get(i), c) : parse(batch.get(i)));
        }
        return results;
    }

    /** What {@link JavacFrontEnd} makes of each file, trees shared with this instance's as they are built. */
    List<JavacFrontEnd.Outcome> convertWithJavac(List<TextFile> batch) {
        return JavacFrontEnd.convert(batch.stream().map(TextFile::text).toList(), positions, names);
    }

    /**
     * A tree made by {@link JavacFrontEnd}, released and shared as {@link #parse} releases JavaParser's.
     * A tree shared while it was built ({@link JavacFrontEnd.Outcome.Converted#shared}) is so already:
     * the walk that shared and compacted it afterwards was a quarter of the javac path's time.
     */
    ParsedJava converted(TextFile file, JavacFrontEnd.Outcome.Converted converted) {
        if (!converted.shared()) releaseTokensOf(converted.unit(), converted.escapes(), converted.compacted());
        return new ParsedJava(new JavaUnit(file, converted.unit()), List.of());
    }

    private static ParsedJava await(Future<ParsedJava> future, TextFile file) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unparsed(file, "parsing interrupted");
        } catch (ExecutionException e) {
            return unparsed(file, "parser failed: " + e.getCause());
        }
    }

    private static ParsedJava unparsed(TextFile file, String why) {
        return new ParsedJava(new JavaUnit(file, new CompilationUnit()), List.of(Diagnostic.error(file.path(), 0, why)));
    }

    private static Attempt attempt(String text, LanguageLevel level) {
        ParserConfiguration configuration = OneWalkValidation.configure(
                LineSeparatorDetection.install(new ParserConfiguration()), level, text);
        UnicodeEscapes escapes = text.indexOf("\\u") >= 0 ? new UnicodeEscapes() : null;
        if (escapes != null) configuration.getProcessors().add(() -> escapes);
        JavaParser parser = new JavaParser(configuration);
        try {
            ParseResult<CompilationUnit> result = parser.parse(text);
            return new Attempt(result.getResult(), result.getProblems(), Optional.empty(),
                    escapes == null ? null : escapes.mapping);
        } catch (StackOverflowError e) {
            return new Attempt(Optional.empty(), List.of(),
                    Optional.of("expressions or statements nested too deeply to parse"), null);
        } catch (RuntimeException e) {
            return new Attempt(Optional.empty(), List.of(), Optional.of("parser failed: " + e), null);
        }
    }

    /**
     * Unicode escapes are translated before lexing, as javac does (JLS §3.3: {@code \\u000a} in a
     * comment ends it, and the code after it runs; a backslash preceded by an odd number of
     * backslashes starts no escape; {@code \\uuuu000a} is one). Without this,
     * {@code // note \\u000a st.executeQuery(…)} hid real code from every rule. Positions of the
     * tree, comments included, are mapped back to the file as written, so everything reported
     * points at the original line and column (an escape that yields a line break does not shift
     * the lines after it). JavaParser's own option does the same but leaves comments unmapped.
     */
    private static final class UnicodeEscapes extends Processor {
        private UnicodeEscapeProcessingProvider decoder;
        private UnicodeEscapeProcessingProvider.PositionMapping mapping;

        @Override public Provider preProcess(Provider innerProvider) {
            decoder = new UnicodeEscapeProcessingProvider(innerProvider);
            return decoder;
        }

        /** The mapping is applied where the tree is released ({@link #releaseTokensOf}), in the same walk. */
        @Override public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
            mapping = decoder.getPositionMapping();
            if (mapping.isEmpty()) mapping = null;
        }
    }

    /**
     * Detaches every node from JavaParser's token list, keeping its line/column range. The tokens (one
     * object with its own text and positions per token, whitespace included) are about two thirds of
     * a retained tree, and every unit stays alive for the whole analysis, so keeping them made the
     * parse phase mostly garbage-collector copying. Nothing after parsing reads tokens: rewrites
     * re-read the file. The list is doubly linked, so a single node left holding one keeps it all.
     * The same walk shares equal ranges, positions, names and literal texts, and trims node lists.
     */
    static void releaseTokens(CompilationUnit unit) {
        new JavaSources().releaseTokensOf(unit, null, false);
    }

    /**
     * {@link #releaseTokens}, sharing positions and names with the other trees of this instance, and
     * first mapping every range through {@code escapes} (when not null) back to the file as written
     * ({@link UnicodeEscapes}). The walk meets a comment attached to a node twice when it is also
     * one of its parent's children (no other node is met twice), and a range must be mapped once.
     * A tree already {@code compacted}, with its names shared (a converted one,
     * {@link JavacFrontEnd.Outcome.Converted#compacted}: it has no tokens), only has its ranges mapped
     * and shared: sharing names and compacting were most of this walk on the files with escapes, among
     * the largest of HELIUM V.
     */
    private void releaseTokensOf(CompilationUnit unit, UnicodeEscapeProcessingProvider.PositionMapping escapes, boolean compacted) {
        int lines = unit.getEnd().map(end -> escapes == null ? end : escapes.transform(end)).map(end -> end.line).orElse(0);
        SharedRanges shared = new SharedRanges(positions, lines);
        Set<Node> mappedComments = escapes == null ? null : Collections.newSetFromMap(new IdentityHashMap<>());
        eachNodeAndComment(unit, node -> {
            if (escapes != null && (!(node instanceof Comment) || mappedComments.add(node))) {
                node.getRange().ifPresent(r -> node.setRange(escapes.transform(r)));
            }
            if (compacted) node.getRange().ifPresent(r -> node.setRange(shared.share(r)));
            else release(node, shared, names);
        });
    }

    /**
     * One walk, in pre-order: every node under {@code root} (orphan comments are children) and the
     * comment attached to each, which is not a child. Collecting them with findAll and
     * getAllContainedComments (which copies the comments of a subtree at every level above it) cost a
     * tenth of the parse phase.
     */
    private static void eachNodeAndComment(Node root, java.util.function.Consumer<Node> action) {
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            action.accept(node);
            node.getComment().ifPresent(action);
            List<Node> children = node.getChildNodes();
            for (int i = children.size() - 1; i >= 0; i--) pending.push(children.get(i));
        }
    }

    private static void release(Node node, SharedRanges shared, SharedNames names) {
        Range range = node.getRange().orElse(null);
        node.setTokenRange(null);
        node.setRange(range == null ? null : shared.share(range));
        TreeCompaction.shareText(node, names);
        TreeCompaction.compact(node);
    }

    /** One parse at one language level. */
    private record Attempt(Optional<CompilationUnit> unit, List<Problem> problems, Optional<String> failure,
                           UnicodeEscapeProcessingProvider.PositionMapping escapes) {
        ParsedJava toParsed(TextFile file, JavaSources sources) {
            List<Diagnostic> diagnostics = toDiagnostics(file);
            unit.ifPresent(u -> sources.releaseTokensOf(u, escapes, false));
            return new ParsedJava(new JavaUnit(file, unit.orElseGet(CompilationUnit::new)), diagnostics);
        }

        /** The failure and the first syntax errors, with the file's lines. */
        List<Diagnostic> toDiagnostics(TextFile file) {
            List<Diagnostic> diagnostics = new ArrayList<>();
            failure.ifPresent(f -> diagnostics.add(Diagnostic.error(file.path(), 0, f)));
            for (int i = 0; i < problems.size() && i < REPORTED_PROBLEMS; i++) {
                Problem problem = problems.get(i);
                diagnostics.add(Diagnostic.error(file.path(), line(problem, escapes), "syntax error: " + message(problem)));
            }
            if (problems.size() > REPORTED_PROBLEMS) {
                diagnostics.add(Diagnostic.error(file.path(), 0,
                        (problems.size() - REPORTED_PROBLEMS) + " more syntax errors not shown"));
            }
            return diagnostics;
        }

        /** The problem's line in the file as written (its token's position is in the unescaped text). */
        private static int line(Problem problem, UnicodeEscapeProcessingProvider.PositionMapping escapes) {
            return problem.getLocation().flatMap(TokenRange::toRange)
                    .map(r -> escapes == null ? r.begin : escapes.transform(r.begin)).map(p -> p.line).orElse(0);
        }

        private static String message(Problem problem) {
            String message = problem.getMessage().strip();
            int newline = message.indexOf('\n');
            return newline < 0 ? message : message.substring(0, newline).strip();
        }
    }
}
