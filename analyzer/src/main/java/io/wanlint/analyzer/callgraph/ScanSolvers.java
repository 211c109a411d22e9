package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.resolution.SymbolResolver;
import com.github.javaparser.resolution.declarations.ResolvedReferenceTypeDeclaration;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.JavaSymbolSolver;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import com.github.javaparser.symbolsolver.resolution.typesolvers.ReflectionTypeSolver;

import java.util.List;
import java.util.Optional;

/**
 * The JavaParser symbol solvers of one call-graph build, one per scanning thread.
 *
 * <p>What the solver mutates, read from JavaParser 3.28's code, and why each is safe here:
 * <ul>
 *   <li>{@link CombinedTypeSolver}'s type cache and {@link AppSourceTypeSolver}'s wrapped declarations
 *       (which carry their type solver) are not thread-safe: every thread gets its own {@link Solver}.</li>
 *   <li>The solver's declarations ask the compilation unit's resolver ({@link Node#SYMBOL_RESOLVER_KEY},
 *       {@code JavaParserTypeAdapter} does): every unit carries this one {@link SymbolResolver}, which sends
 *       each thread to its own solver, so no thread ever reaches another thread's caches through a tree.</li>
 *   <li>{@link JavaParserFacade#getType} remembers a type in the node asked about ({@code Node.setData}) and
 *       reads it back from there: only for expressions of the code being scanned (its contexts walk the
 *       expression's own scopes; a declaration in another file is typed from its declared type, which
 *       stores nothing), and each file is scanned by one thread, so those nodes are one thread's.</li>
 *   <li>{@code Node.toString()} stores the unit's printer in the unit the first time
 *       ({@code CompilationUnit.getPrinter}): {@link #attachTo} stores it beforehand, so the units' data is
 *       only read while threads scan. The printer makes a new visitor per call and is safe to share.</li>
 *   <li>{@link JavaParserFacade#get} keeps its instances in a static map behind a lock.</li>
 * </ul>
 */
final class ScanSolvers implements SymbolResolver {

    /** One thread's solver: the facade the receiver types ask, the resolver the trees lead to. */
    record Solver(JavaParserFacade facade, JavaSymbolSolver symbols) {}

    private final AppTypes types;
    private final Solver calling;
    private final ThreadLocal<Solver> current = new ThreadLocal<>();

    private ScanSolvers(AppTypes types, Solver calling) {
        this.types = types;
        this.calling = calling;
    }

    /**
     * The solvers of a build, the calling thread's made now and attached to every unit; empty when the
     * solver cannot be set up (the declared-type resolver alone still gives a useful graph).
     */
    static Optional<ScanSolvers> attachTo(AppTypes types, List<AppTypes.UnitSource> sources) {
        Optional<Solver> calling = newSolver(types);
        if (calling.isEmpty()) return Optional.empty();
        ScanSolvers solvers = new ScanSolvers(types, calling.get());
        for (AppTypes.UnitSource s : sources) solvers.attach(s.unit());
        types.onLoad(solvers::attach);
        return Optional.of(solvers);
    }

    private void attach(CompilationUnit unit) {
        unit.setData(Node.SYMBOL_RESOLVER_KEY, this);
        // The printer Node.toString() would make and store on first use, made now (same configuration).
        if (!unit.containsData(Node.PRINTER_KEY)) unit.printer(new DefaultPrettyPrinter(new DefaultPrinterConfiguration()));
    }

    /** A new solver over the application's units and the analyzer's classpath; empty when it cannot be made. */
    static Optional<Solver> newSolver(AppTypes types) {
        try {
            CombinedTypeSolver solver = new CombinedTypeSolver();
            solver.add(new ReflectionTypeSolver(false));
            solver.add(new AppSourceTypeSolver(types::declaration));
            return Optional.of(new Solver(JavaParserFacade.get(solver), new JavaSymbolSolver(solver)));
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** The calling thread's solver (the one made with the build). */
    Solver calling() { return calling; }

    /** A new solver for another thread, which must {@link #use} it before scanning; empty when it cannot be made. */
    Optional<Solver> forAnotherThread() { return newSolver(types); }

    /** Sends the current thread's resolutions through the trees to {@code mine} until the returned scope is closed. */
    Scope use(Solver mine) {
        current.set(mine);
        return current::remove;
    }

    /** The scope of a thread's {@link #use}. */
    interface Scope extends AutoCloseable {
        @Override void close();
    }

    /** The solver the current thread resolves with. */
    Solver ofCurrentThread() {
        Solver s = current.get();
        return s == null ? calling : s;
    }

    private SymbolResolver resolver() { return ofCurrentThread().symbols(); }

    @Override public <T> T resolveDeclaration(Node node, Class<T> resultClass) {
        return resolver().resolveDeclaration(node, resultClass);
    }

    @Override public <T> T toResolvedType(Type javaparserType, Class<T> resultClass) {
        return resolver().toResolvedType(javaparserType, resultClass);
    }

    @Override public ResolvedType calculateType(Expression expression) {
        return resolver().calculateType(expression);
    }

    @Override public ResolvedReferenceTypeDeclaration toTypeDeclaration(Node node) {
        return resolver().toTypeDeclaration(node);
    }
}
