package io.wanlint.refactorings.api;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * The method and constructor bodies of a file as {@link SourcePathDeclarations} cuts them, found
 * with javac's parser: on HELIUM V every compile of a patch loads hundreds of source-path files, and
 * JavaParser took most of the patches phase parsing them (javac's parser is several times faster).
 * JavaParser's reading stays the definition ({@link SourcePathDeclarations#byJavaParser}): this
 * answers only when it is sure to find the same bodies, and is empty otherwise (a syntax error in
 * javac's eyes, a record, whose compact constructor JavaParser does not count as a callable, an
 * explicit constructor call with type arguments, a body that does not start with its brace), so that
 * JavaParser decides.
 */
final class JavacBodies {
    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

    private JavacBodies() {}

    /** The cuts of every body not inside another (see {@link SourcePathDeclarations}), or empty when JavaParser must decide. */
    static Optional<List<SourcePathDeclarations.Cut>> cuts(String text) {
        return shape(text).map(Shape::bodies);
    }

    /**
     * What {@link #shape} finds in a file: the cuts of its bodies (as {@link #cuts}) and where its import
     * declarations are ({from, to} offsets, the semicolon included).
     */
    record Shape(List<SourcePathDeclarations.Cut> bodies, List<int[]> imports) {}

    /** The file's body cuts and import declarations, or empty when javac's reading could differ from JavaParser's (see {@link #cuts}). */
    static Optional<Shape> shape(String text) {
        return shapes(List.of(text)).get(0);
    }

    /**
     * {@link #shape} of each text, all parsed by one javac task: setting a task up cost more than
     * parsing a file of average size, and a compile of a patch on HELIUM V cuts 819 source-path files.
     * Each file's answer is the one {@link #shape} gives it alone (javac parses each file by itself;
     * its errors count against that file only, however many the others have).
     */
    static List<Optional<Shape>> shapes(List<String> texts) {
        List<Optional<Shape>> out = new ArrayList<>(texts.size());
        if (JAVAC == null || texts.isEmpty()) {
            texts.forEach(t -> out.add(Optional.empty()));
            return out;
        }
        List<JavaFileObject> files = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            files.add(new SimpleJavaFileObject(URI.create("string:///S" + i + "/Source.java"), JavaFileObject.Kind.SOURCE) {
                @Override public CharSequence getCharContent(boolean ignoreEncodingErrors) { return text; }
            });
        }
        java.util.Set<URI> failed = new java.util.HashSet<>();
        java.util.Map<URI, CompilationUnitTree> units = new java.util.HashMap<>();
        SourcePositions positions;
        try {
            JavacTask task = (JavacTask) JAVAC.getTask(null, files(), d -> {
                if (d.getKind() == Diagnostic.Kind.ERROR) failed.add(d.getSource() == null ? null : d.getSource().toUri());
            }, texts.size() == 1 ? OPTIONS : BATCH_OPTIONS, null, files);
            for (CompilationUnitTree unit : task.parse()) units.put(unit.getSourceFile().toUri(), unit);
            positions = Trees.instance(task).getSourcePositions();
        } catch (IOException | RuntimeException | StackOverflowError e) {
            texts.forEach(t -> out.add(Optional.empty()));
            return out;
        }
        for (int i = 0; i < texts.size(); i++) {
            URI uri = files.get(i).toUri();
            CompilationUnitTree unit = units.get(uri);
            // An error javac could not place in a file leaves every file unsure.
            out.add(unit == null || failed.contains(uri) || failed.contains(null) ? Optional.empty() : shapeOf(texts.get(i), unit, positions));
        }
        return out;
    }

    private static Optional<Shape> shapeOf(String text, CompilationUnitTree unit, SourcePositions positions) {
        List<int[]> imports = new ArrayList<>();
        for (Tree i : unit.getImports()) imports.add(new int[] {(int) positions.getStartPosition(unit, i), (int) positions.getEndPosition(unit, i)});
        List<SourcePathDeclarations.Cut> cuts = new ArrayList<>();
        boolean[] unsure = {false};
        new TreeScanner<Void, Void>() {
            @Override public Void visitClass(ClassTree c, Void unused) {
                if (c.getKind() == Tree.Kind.RECORD) unsure[0] = true;
                return unsure[0] ? null : super.visitClass(c, unused);
            }

            @Override public Void visitMethod(MethodTree m, Void unused) {
                if (unsure[0]) return null;
                if (m.getBody() != null) {
                    Optional<int[]> call = Optional.empty();
                    if (m.getName().contentEquals("<init>") && !m.getBody().getStatements().isEmpty()) {
                        StatementTree first = m.getBody().getStatements().get(0);
                        if (explicitConstructorCall(first)) {
                            if (!((MethodInvocationTree) ((ExpressionStatementTree) first).getExpression()).getTypeArguments().isEmpty()) {
                                unsure[0] = true;
                                return null;
                            }
                            call = Optional.of(new int[] {(int) positions.getStartPosition(unit, first), (int) positions.getEndPosition(unit, first)});
                        }
                    }
                    Optional<SourcePathDeclarations.Cut> cut = SourcePathDeclarations.cut(text, (int) positions.getStartPosition(unit, m.getBody()),
                            (int) positions.getEndPosition(unit, m.getBody()), call);
                    if (cut.isEmpty()) {
                        unsure[0] = true;
                        return null;
                    }
                    SourcePathDeclarations.Cut inner = cut.get();
                    // Pre-order, as JavaParser's findAll: an enclosing body is always met first.
                    if (cuts.stream().noneMatch(outer -> outer.from() < inner.from() && inner.to() <= outer.to())) cuts.add(inner);
                }
                return super.visitMethod(m, unused);
            }
        }.scan(unit, null);
        return unsure[0] ? Optional.empty() : Optional.of(new Shape(cuts, imports));
    }

    /** What a parse is given: no annotation processing (nothing is compiled). */
    private static final List<String> OPTIONS = List.of("-proc:none");
    /** Many files at once: past its 100th error javac would stop reporting them, and a later file's syntax error would go unseen. */
    private static final List<String> BATCH_OPTIONS = List.of("-proc:none", "-Xmaxerrs", "100000000");

    /**
     * A file manager with empty class and processor paths: a parse reads neither, but every task
     * looks for javac plugins on the processor path, which by default is the class path, every
     * jar opened again (on the class path of a test, most of the time of a parse). One per thread,
     * kept for its later parses: making one worked out the platform's modules again for each file
     * (a compile of a patch on HELIUM V cuts 819 source-path files). A parse reads no file through it,
     * so what it holds never changes a parse.
     */
    private static final ThreadLocal<StandardJavaFileManager> FILES = ThreadLocal.withInitial(() -> {
        StandardJavaFileManager files = JAVAC.getStandardFileManager(d -> { }, Locale.ROOT, StandardCharsets.UTF_8);
        try {
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, List.of());
            files.setLocationFromPaths(StandardLocation.ANNOTATION_PROCESSOR_PATH, List.of());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return files;
    });

    private static StandardJavaFileManager files() { return FILES.get(); }

    /** {@code this(…)}, {@code super(…)} or {@code outer.super(…)} as a statement. */
    private static boolean explicitConstructorCall(StatementTree s) {
        if (!(s instanceof ExpressionStatementTree e) || !(e.getExpression() instanceof MethodInvocationTree call)) return false;
        if (call.getMethodSelect() instanceof IdentifierTree id) return id.getName().contentEquals("this") || id.getName().contentEquals("super");
        return call.getMethodSelect() instanceof MemberSelectTree select && select.getIdentifier().contentEquals("super");
    }
}
