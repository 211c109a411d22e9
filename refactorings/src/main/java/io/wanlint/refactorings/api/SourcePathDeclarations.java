package io.wanlint.refactorings.api;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A source-path file as javac needs it to compile a patch that edits only bodies and imports: the
 * same declarations, every method and constructor body replaced by {@code throw null;} (an explicit
 * {@code this(…)}/{@code super(…)} call kept), on the same lines. javac attributes every source
 * file it loads from the source path, bodies included, and each body loads the files it uses, so a
 * one-file compile of a session bean attributed most of a large application (HELIUM V: about 13 s a
 * compile). No error such a patch can add is in another file ({@link BodyOnlyChange}), and both the
 * unpatched and the patched compile see the same emptied files, so the verdict on the patched file
 * is the same.
 *
 * <p>Initializer blocks and field initializers are kept (a blank final may be assigned in one, and
 * a constant's value is read by other files). A file that does not parse cleanly, or that uses
 * Unicode escapes (whose positions the parser maps differently), is served as it is.
 */
final class SourcePathDeclarations {
    private SourcePathDeclarations() {}

    /** The text with its bodies emptied, or the text itself when that cannot be done safely. */
    static String of(String text) {
        if (text.indexOf("\\u") >= 0) return text;
        return JavacBodies.cuts(text).map(cuts -> spliced(text, cuts)).orElseGet(() -> byJavaParser(text));
    }

    /**
     * The same as {@link #of}, found with JavaParser: the definition javac's faster parser must match
     * ({@link JavacBodies}), and the answer wherever that parser is not sure (a syntax error in javac's
     * eyes, a record, a generic {@code <T>this(…)}).
     */
    static String byJavaParser(String text) {
        if (text.indexOf("\\u") >= 0) return text;
        Optional<CompilationUnit> parsed = BodyOnlyChange.parseCleanly(text);
        if (parsed.isEmpty()) return text;
        int[] lineStarts = SourceText.lineStarts(text);
        List<Cut> cuts = new ArrayList<>();
        for (CallableDeclaration<?> callable : parsed.get().findAll(CallableDeclaration.class)) {
            Optional<BlockStmt> body = callable instanceof MethodDeclaration m ? m.getBody()
                    : callable instanceof ConstructorDeclaration c ? Optional.of(c.getBody()) : Optional.empty();
            if (body.isEmpty()) continue;
            Optional<Cut> cut = cut(text, lineStarts, callable, body.get());
            if (cut.isEmpty()) return text;
            // A body inside a body (a local or anonymous class's method) goes with the outer one.
            if (cuts.stream().noneMatch(outer -> outer.from() < cut.get().from() && cut.get().to() <= outer.to())) cuts.add(cut.get());
        }
        return spliced(text, cuts);
    }

    static String spliced(String text, List<Cut> cuts) {
        cuts = new ArrayList<>(cuts);
        cuts.sort(Comparator.comparingInt(Cut::from));
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (Cut cut : cuts) {
            out.append(text, at, cut.from()).append(cut.replacement());
            at = cut.to();
        }
        return out.append(text, at, text.length()).toString();
    }

    /** One body and what replaces it: the same number of line breaks, so the declarations after it keep their lines. */
    record Cut(int from, int to, String replacement) {}

    private static Optional<Cut> cut(String text, int[] lineStarts, CallableDeclaration<?> callable, BlockStmt body) {
        Optional<int[]> span = span(text, lineStarts, body);
        if (span.isEmpty()) return Optional.empty();
        Optional<int[]> call = Optional.empty();
        if (callable instanceof ConstructorDeclaration && body.getStatements().getFirst().orElse(null) instanceof ExplicitConstructorInvocationStmt c) {
            call = span(text, lineStarts, c);
            if (call.isEmpty()) return Optional.empty();
        }
        return cut(text, span.get()[0], span.get()[1], call);
    }

    /**
     * The cut of the body at [from, to), keeping the explicit constructor call at {@code call} when
     * there is one; empty when the offsets do not frame a body.
     */
    static Optional<Cut> cut(String text, int from, int to, Optional<int[]> call) {
        if (from < 0 || to > text.length() || from >= to || text.charAt(from) != '{' || text.charAt(to - 1) != '}') return Optional.empty();
        String kept = "";
        if (call.isPresent()) {
            if (call.get()[0] <= from || call.get()[1] >= to) return Optional.empty();
            kept = text.substring(call.get()[0], call.get()[1]) + " ";
        }
        long breaks = lineBreaks(text.substring(from, to)) - lineBreaks(kept);
        return Optional.of(new Cut(from, to, "{ " + kept + "throw null;" + "\n".repeat((int) Math.max(0, breaks)) + " }"));
    }

    /** The node's characters as [from, to) offsets, when its range lies within the text. */
    private static Optional<int[]> span(String text, int[] lineStarts, Node node) {
        Optional<Range> range = node.getRange();
        if (range.isEmpty()) return Optional.empty();
        int from = offset(lineStarts, range.get().begin);
        int to = offset(lineStarts, range.get().end) + 1;
        if (from < 0 || to > text.length() || from >= to) return Optional.empty();
        return Optional.of(new int[] {from, to});
    }

    private static long lineBreaks(String s) {
        return s.chars().filter(c -> c == '\n').count() + s.replace("\r\n", "").chars().filter(c -> c == '\r').count();
    }

    private static int offset(int[] lineStarts, Position p) {
        if (p.line < 1 || p.line > lineStarts.length) return -1;
        return lineStarts[p.line - 1] + p.column - 1;
    }
}
