package io.wanlint.refactorings.text;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A Java file's text with its syntax tree, for planning edits that splice the original text: node
 * positions become offsets into {@link SourceText#text()}, so untouched code keeps its formatting,
 * comments and line endings.
 */
public final class JavaSource {
    private final SourceText source;
    private final CompilationUnit unit;
    private final int[] lineStarts;

    private JavaSource(SourceText source, CompilationUnit unit) {
        this.source = source;
        this.unit = unit;
        this.lineStarts = SourceText.lineStarts(source.text());
    }

    /** The trees of this thread's open {@link #sharing()} scope, by the text read (one instance per file and run); null when none is open. */
    private static final ThreadLocal<Map<SourceText, Optional<JavaSource>>> SHARED = new ThreadLocal<>();

    /**
     * A scope in which {@link #parse} on this thread parses each text read once: the findings of one
     * file are planned one after another in such a scope, and on HELIUM V seven files carry two or
     * three findings each, among them a 17,000-line bean whose every parse cost a third of a second.
     * Sound because planning only reads trees (edits are planned as text, never as changed nodes),
     * and because the trees stay on this thread. Nested scopes share the outermost one's trees;
     * closing the outermost drops them.
     */
    public static Sharing sharing() {
        if (SHARED.get() != null) return () -> { };
        SHARED.set(new IdentityHashMap<>());
        return SHARED::remove;
    }

    /** An open {@link #sharing()} scope. */
    public interface Sharing extends AutoCloseable {
        @Override void close();
    }

    /** The parsed file, or empty when it does not parse (then nothing is planned for it). */
    public static Optional<JavaSource> parse(SourceText source) {
        Map<SourceText, Optional<JavaSource>> shared = SHARED.get();
        if (shared == null) return parsedAgain(source);
        Optional<JavaSource> parsed = shared.get(source);
        if (parsed == null) {
            parsed = parsedAgain(source);
            shared.put(source, parsed);
        }
        return parsed;
    }

    /** {@link #parse} without a shared tree. */
    private static Optional<JavaSource> parsedAgain(SourceText source) {
        // RAW: old sources (enum as a name, assert-less 1.3 code) must parse as well as Java 17 ones.
        ParseResult<CompilationUnit> parsed = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.RAW)).parse(source.text());
        if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) return Optional.empty();
        return Optional.of(new JavaSource(source, parsed.getResult().get()));
    }

    /** A type looked up in a file: found in its parsed source, or missing for a reason fit to show the user. */
    public sealed interface TypeLookup {
        record Found(JavaSource source, TypeDeclaration<?> type) implements TypeLookup {}

        record Missing(String reason) implements TypeLookup {}
    }

    /** The file parsed and its type {@code simpleName}, or why not ({@code "<path> does not parse"}, {@code "no class <name> in <path>"}). */
    public static TypeLookup findType(SourceText text, String simpleName) {
        Optional<JavaSource> parsed = parse(text);
        if (parsed.isEmpty()) return new TypeLookup.Missing(text.path() + " does not parse");
        Optional<TypeDeclaration<?>> type = parsed.get().type(simpleName);
        if (type.isEmpty()) return new TypeLookup.Missing("no class " + simpleName + " in " + text.path());
        return new TypeLookup.Found(parsed.get(), type.get());
    }

    public SourceText source() { return source; }

    public CompilationUnit unit() { return unit; }

    /** The type declared with this simple name anywhere in the file (nested ones too). */
    @SuppressWarnings("rawtypes")
    public Optional<TypeDeclaration<?>> type(String simpleName) {
        for (TypeDeclaration t : unit.findAll(TypeDeclaration.class)) {
            if (t.getNameAsString().equals(simpleName)) return Optional.of((TypeDeclaration<?>) t);
        }
        return Optional.empty();
    }

    /** The offset of a position (JavaParser counts lines from 1 at every line ending, columns from 1). */
    public int offset(Position p) {
        return p.line - 1 < lineStarts.length ? Math.min(lineStarts[p.line - 1] + p.column - 1, source.text().length()) : source.text().length();
    }

    /** Where the node's first character is. */
    public int begin(Node n) { return offset(n.getBegin().orElseThrow()); }

    /** Just past the node's last character. */
    public int end(Node n) { return offset(n.getEnd().orElseThrow()) + 1; }

    /** The node's original text. */
    public String text(Node n) { return source.text().substring(begin(n), end(n)); }

    /** Whether only spaces and tabs precede {@code offset} on its line. */
    public boolean startsLine(int offset) {
        return source.text().substring(source.lineStart(offset), offset).isBlank();
    }

    /**
     * The import that makes {@code qualified} usable by its simple name, or empty when an import
     * already covers it (single-type or on demand). Placed in order among the imports of its package,
     * else after the last import, else after the package declaration.
     */
    public Optional<TextEdit> importFor(String qualified) {
        String pkg = qualified.substring(0, qualified.lastIndexOf('.'));
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic()) continue;
            if (i.isAsterisk() ? i.getNameAsString().equals(pkg) : i.getNameAsString().equals(qualified)) return Optional.empty();
        }
        String eol = source.lineEnding();
        String line = "import " + qualified + ";" + eol;
        ImportDeclaration lastSamePackage = null;
        for (ImportDeclaration i : unit.getImports()) {
            if (i.isStatic() || !i.getNameAsString().startsWith(pkg + ".")) continue;
            if (i.getNameAsString().compareTo(qualified) > 0) return Optional.of(TextEdit.insert(source.path(), lineStart(i), line));
            lastSamePackage = i;
        }
        ImportDeclaration after = lastSamePackage != null ? lastSamePackage
                : unit.getImports().isEmpty() ? null : unit.getImports().get(unit.getImports().size() - 1);
        if (after != null) return Optional.of(TextEdit.insert(source.path(), nextLineStart(after), line));
        if (unit.getPackageDeclaration().isPresent()) {
            return Optional.of(TextEdit.insert(source.path(), nextLineStart(unit.getPackageDeclaration().get()), eol + line));
        }
        return Optional.of(TextEdit.insert(source.path(), 0, line + eol));
    }

    private int lineStart(Node n) { return lineStarts[n.getBegin().orElseThrow().line - 1]; }

    private int nextLineStart(Node n) {
        int line = n.getEnd().orElseThrow().line;
        return line < lineStarts.length ? lineStarts[line] : source.text().length();
    }
}
