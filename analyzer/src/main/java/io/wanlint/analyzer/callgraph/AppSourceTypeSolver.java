package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.resolution.TypeSolver;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.model.SymbolReference;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A symbol-solver type solver over the already parsed application units, looked up by fully
 * qualified name. Unlike {@code JavaParserTypeSolver} it does not assume that a type lives in the
 * folder of its package, which legacy source trees rarely respect.
 */
final class AppSourceTypeSolver implements TypeSolver {
    private final Function<String, Optional<TypeDeclaration<?>>> declarations;
    private final Map<String, ResolvedReferenceTypeDeclaration> wrapped = new ConcurrentHashMap<>();
    private TypeSolver parent;

    /** @param declarations an application type's declaration by name (possibly parsed on first use) */
    AppSourceTypeSolver(Function<String, Optional<TypeDeclaration<?>>> declarations) {
        this.declarations = declarations;
    }

    @Override public TypeSolver getParent() { return parent; }

    @Override public void setParent(TypeSolver parent) {
        if (parent == this) throw new IllegalStateException("a type solver cannot be its own parent");
        this.parent = parent;
    }

    @Override public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveType(String name) {
        TypeDeclaration<?> decl = declarations.apply(name).orElse(null);
        if (decl == null) return SymbolReference.unsolved();
        ResolvedReferenceTypeDeclaration r = wrapped.computeIfAbsent(name,
                k -> JavaParserFacade.get(getRoot()).getTypeDeclaration(decl));
        return SymbolReference.solved(r);
    }

    @Override public SymbolReference<ResolvedReferenceTypeDeclaration> tryToSolveTypeInModule(String module, String name) {
        return tryToSolveType(name);
    }
}
