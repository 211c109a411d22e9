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
 * cleanly at any level the analysis parses at, an abstract method that gains a body, a field
 * initializer outside the bodies of the methods it declares (a constant's value is inlined elsewhere).
 */
final class BodyOnlyChange {
    private BodyOnlyChange() {}

    private static final List<ParserConfiguration.LanguageLevel> LEVELS = List.of(ParserConfiguration.LanguageLevel.JAVA_21,
            ParserConfiguration.LanguageLevel.JAVA_8, ParserConfiguration.LanguageLevel.JAVA_1_4);

    /** True when {@code before} and {@code after} declare the same things (see the class comment). */
    static boolean between(String before, String after) {
        if (before.equals(after)) return true;
        for (ParserConfiguration.LanguageLevel level : LEVELS) {
            Optional<CompilationUnit> a = declarations(before, level);
            if (a.isEmpty()) continue;
            Optional<CompilationUnit> b = declarations(after, level);
            return b.isPresent() && a.get().equals(b.get());
        }
        return false;
    }

    /** The file parsed at the first language level where it parses with no problem (comments left out). */
    static Optional<CompilationUnit> parseCleanly(String text) {
        for (ParserConfiguration.LanguageLevel level : LEVELS) {
            Optional<CompilationUnit> unit = parse(text, level);
            if (unit.isPresent()) return unit;
        }
        return Optional.empty();
    }

    private static Optional<CompilationUnit> parse(String text, ParserConfiguration.LanguageLevel level) {
        ParseResult<CompilationUnit> result;
        try {
            result = new JavaParser(new ParserConfiguration().setLanguageLevel(level).setAttributeComments(false)).parse(text);
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
        return result.isSuccessful() ? result.getResult() : Optional.empty();
    }

    /** The file's declarations: bodies emptied, imports and comments left out; empty when it does not parse cleanly. */
    private static Optional<CompilationUnit> declarations(String text, ParserConfiguration.LanguageLevel level) {
        Optional<CompilationUnit> parsed = parse(text, level);
        if (parsed.isEmpty()) return Optional.empty();
        CompilationUnit unit = parsed.get();
        unit.setImports(new NodeList<>());
        unit.findAll(MethodDeclaration.class).forEach(m -> m.getBody().ifPresent(body -> m.setBody(new BlockStmt())));
        unit.findAll(ConstructorDeclaration.class).forEach(c -> c.setBody(new BlockStmt()));
        unit.findAll(InitializerDeclaration.class).forEach(i -> i.setBody(new BlockStmt()));
        return Optional.of(unit);
    }
}
