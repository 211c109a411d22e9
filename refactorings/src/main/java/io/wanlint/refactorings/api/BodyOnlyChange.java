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
 */
final class BodyOnlyChange {
    private BodyOnlyChange() {}

    /** True when {@code before} and {@code after} declare the same things (see the class comment). */
    static boolean between(String before, String after) {
        if (before.equals(after)) return true;
        Optional<CompilationUnit> a = declarations(before);
        if (a.isEmpty()) return false;
        Optional<CompilationUnit> b = declarations(after);
        return b.isPresent() && a.get().equals(b.get());
    }

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
