package io.wanlint.refactorings.api;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether an edit of a Java file changes nothing another file can see: the two texts differ only
 * inside method, constructor and initializer bodies, in the imports, and in comments. Other files
 * see a type through its declarations (members, signatures, modifiers, annotations, field
 * initializers, which may be constants), never through a body or an import, so such an edit cannot
 * add a javac error anywhere but in the edited file, and {@link PatchVerifier} compiles that file
 * alone (the rest of the application stays on the source path, read as needed). On HELIUM V, whose
 * session beans are 10,000-line files in folders of a hundred, compiling a one-method patch with its
 * package and every file naming the bean took most of the patches phase.
 *
 * <p>Anything it cannot be sure of is a declaration change: a file either text does not parse
 * cleanly, an abstract method that gains a body, a field
 * initializer outside the bodies of the methods it declares (a constant's value is inlined elsewhere).
 * javac's parser answers first where it can ({@link #sameDeclarationsByJavac}); JavaParser's reading
 * ({@link #byJavaParser}) stays the definition and decides wherever javac's is not sure.
 */
final class BodyOnlyChange {
    private BodyOnlyChange() {}

    /** True when {@code before} and {@code after} declare the same things (see the class comment). */
    static boolean between(String before, String after) {
        if (before.equals(after)) return true;
        // javac's parser, several times faster, answers when the texts outside bodies and imports are the same tokens.
        if (sameDeclarationsByJavac(before, after)) return true;
        return byJavaParser(before, after);
    }

    /**
     * The definition of {@link #between}: the JavaParser trees of both files, bodies emptied and imports
     * and comments left out, are equal. On HELIUM V, parsing a 16,000-line bean before and after a
     * one-method patch this way took a second of the planning threads, just before the patch's compile.
     */
    static boolean byJavaParser(String before, String after) {
        Optional<CompilationUnit> a = declarations(before);
        if (a.isEmpty()) return false;
        Optional<CompilationUnit> b = declarations(after);
        return b.isPresent() && a.get().equals(b.get());
    }

    /**
     * True when javac's parser reads both texts cleanly and finds, outside the method and constructor
     * bodies ({@link JavacBodies}) and the import declarations, the same text once comments are left out
     * and blanks made one, blank lines none. The same tokens outside the bodies and imports are the
     * same declarations, so this never says true where {@link #byJavaParser} says false for texts JavaParser
     * reads (the blanks inside literals are kept); false only means "not sure" (an initializer block edited, a blank
     * added between two tokens, a record, a text block, a comment edited in a file with Unicode escapes): JavaParser then decides.
     */
    static boolean sameDeclarationsByJavac(String before, String after) {
        Optional<String> a = declarationTokens(before);
        if (a.isEmpty()) return false;
        Optional<String> b = declarationTokens(after);
        return b.isPresent() && a.get().equals(b.get());
    }

    /** The text outside bodies and imports, comments left out and blanks made one; empty where this reading could mislead. */
    private static Optional<String> declarationTokens(String text) {
        // A text block's line breaks are its content. (A file with Unicode escapes keeps its comments
        // below, JavaTokensText leaving it as it is: javac's offsets are those of the text as written.)
        if (text.contains("\"\"\"")) return Optional.empty();
        Optional<JavacBodies.Shape> shape = JavacBodies.shape(text);
        if (shape.isEmpty()) return Optional.empty();
        List<int[]> cuts = new ArrayList<>();
        for (SourcePathDeclarations.Cut c : shape.get().bodies()) cuts.add(new int[] {c.from(), c.to()});
        for (int[] i : shape.get().imports()) {
            if (i[0] < 0 || i[1] > text.length() || i[0] >= i[1]) return Optional.empty();
            cuts.add(i);
        }
        cuts.sort(java.util.Comparator.comparingInt(c -> c[0]));
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (int[] c : cuts) {
            if (c[0] < at) return Optional.empty();
            // A body stands as an empty block: one body edited reads the same as before.
            out.append(text, at, c[0]).append(isImport(shape.get(), c) ? " " : " {} ");
            at = c[1];
        }
        out.append(text, at, text.length());
        // JavaTokensText leaves one blank between tokens on a line; blank lines and the blanks around a
        // line break (never inside a literal here) become one line break, so that an added import line
        // moves no declaration. A line break stays one: it ends a // comment a file with escapes keeps.
        String tokens = JavaTokensText.of(out.toString());
        return Optional.of(LINE_BREAKS.matcher(tokens).replaceAll("\n").strip());
    }

    private static final java.util.regex.Pattern LINE_BREAKS = java.util.regex.Pattern.compile(" *[\\r\\n][ \\r\\n]*");

    private static boolean isImport(JavacBodies.Shape shape, int[] cut) { return shape.imports().contains(cut); }

    /**
     * The file as the grammar reads it, comments left out; empty when the grammar finds a problem. The
     * language levels' validators, which only add problems, are left out: they took two thirds of the
     * time of a parse, and each compile of a body-only patch parses every file javac loads.
     */
    static Optional<CompilationUnit> parseCleanly(String text) {
        ParseResult<CompilationUnit> result;
        try {
            result = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.RAW)
                    .setAttributeComments(false)).parse(text);
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
        return result.isSuccessful() ? result.getResult() : Optional.empty();
    }

    /** The file's declarations: bodies emptied, imports and comments left out; empty when it does not parse cleanly. */
    private static Optional<CompilationUnit> declarations(String text) {
        Optional<CompilationUnit> parsed = parseCleanly(text);
        if (parsed.isEmpty()) return Optional.empty();
        CompilationUnit unit = parsed.get();
        unit.setImports(new NodeList<>());
        unit.findAll(MethodDeclaration.class).forEach(m -> m.getBody().ifPresent(body -> m.setBody(new BlockStmt())));
        unit.findAll(ConstructorDeclaration.class).forEach(c -> c.setBody(new BlockStmt()));
        unit.findAll(InitializerDeclaration.class).forEach(i -> i.setBody(new BlockStmt()));
        return Optional.of(unit);
    }
}
