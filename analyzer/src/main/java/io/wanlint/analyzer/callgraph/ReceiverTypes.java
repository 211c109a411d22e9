package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.resolution.types.ResolvedType;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The static type of a call's receiver. Declared types (locals, parameters, fields, casts,
 * {@code new}, {@code this}) are read directly from the tree, which is exact and far cheaper than
 * the symbol solver; the solver handles the rest (call chains, generics, inherited fields), and
 * when it fails a declared-return-type walk over application methods and the API classpath takes
 * over. Shared caches are concurrent; the solver itself is used by one thread at a time.
 */
final class ReceiverTypes {

    /**
     * A receiver; {@code type} is a fully qualified name or empty when it could not be determined;
     * {@code expression} is null for an implicit {@code this}.
     */
    record Receiver(ReceiverForm form, Optional<String> type, Expression expression) {
        /** The receiver as written (pretty-printing is costly: only for diagnostics). */
        String written() { return expression == null ? "this" : expression.toString(); }
    }

    private final AppTypes types;
    private final JavaParserFacade solver;
    private final FileStats noStats = new FileStats("");
    private final java.util.Map<String, Optional<String>> libraryReturns = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether array elements and fields of declared types are read off the declarations before asking the solver. */
    private final boolean declaredElementsAndFields;

    ReceiverTypes(AppTypes types, JavaParserFacade solver) {
        this(types, solver, true);
    }

    /** As {@link #ReceiverTypes(AppTypes, JavaParserFacade)}; tests compare the answers with and without the shortcut. */
    ReceiverTypes(AppTypes types, JavaParserFacade solver, boolean declaredElementsAndFields) {
        this.types = types;
        this.solver = solver;
        this.declaredElementsAndFields = declaredElementsAndFields;
    }

    /** Per-file resolution counters, summarised in one diagnostic per file. */
    static final class FileStats {
        final String file;
        int solverFailures;
        int unresolved;
        int byName;
        String example;
        int exampleLine;
        /** Calls on library types that are not on the bundled classpath, kept as unresolved library calls. */
        int libraryCalls;
        String libraryExample;
        /** Symbol-solver attempts cut short by a stack overflow: what depends on them is not remembered. */
        int overflows;
        /**
         * {@link #typeOf}'s answers for this file's expressions. A call chain asks for the type of each of
         * its prefixes once per call in it, and the solver remembers only what it resolved: a chain on a
         * library type it cannot resolve ({@code new ToStringBuilder(this).append(…).append(…)…}) was solved
         * again, and failed again, a number of times quadratic in its length.
         */
        private java.util.Map<Expression, Typed> typed = new java.util.IdentityHashMap<>();

        /** Drops the remembered answers once the file is scanned (the counters stay for the file's diagnostic). */
        void scanned() {
            typed = new java.util.IdentityHashMap<>();
            unsolvable = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        }

        /**
         * Calls whose type the solver certainly cannot work out (their receiver's class is neither the
         * application's nor on the classpath, or their receiver is such a call): a chain on them fails too.
         */
        private Set<Expression> unsolvable = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

        FileStats(String file) { this.file = file; }

        void libraryCall(String what) {
            libraryCalls++;
            if (libraryExample == null) libraryExample = what;
        }

        void unresolved(Node at, String what) {
            unresolved++;
            if (example == null) {
                example = what;
                exampleLine = at.getBegin().map(p -> p.line).orElse(0);
            }
        }
    }

    /** The receiver of {@code call}: its scope, or the enclosing class for an unqualified call. */
    Receiver receiverOf(MethodCallExpr call, FileStats stats) {
        if (call.getScope().isEmpty()) {
            return new Receiver(ReceiverForm.THIS, enclosingType(call), null);
        }
        Expression scope = call.getScope().get();
        Expression written = scope;
        if (scope instanceof ThisExpr t) {
            return new Receiver(ReceiverForm.THIS, t.getTypeName().isPresent()
                    ? types.resolveTypeName(t.getTypeName().get().asString(), call) : enclosingType(call), written);
        }
        if (scope instanceof SuperExpr) {
            Optional<String> sup = enclosingType(call).flatMap(types::type).map(ti -> ti.superclass);
            return new Receiver(ReceiverForm.SUPER, sup, written);
        }
        if (isTypeName(scope)) {
            Optional<String> t = types.resolveTypeName(scope.toString(), call);
            // A static call on an imported library class the classpath lacks (CollectionUtils.find) keeps that
            // class as its receiver, so that it is never taken for an application method of the same name.
            if (t.isPresent() && (types.isKnown(t.get()) || types.isLibraryOffClasspath(t.get()))) {
                return new Receiver(ReceiverForm.STATIC, t, written);
            }
        }
        return new Receiver(ReceiverForm.VALUE, typeOf(scope, stats), written);
    }

    /** Whether an expression is a (possibly qualified) name that denotes no variable in scope. */
    private boolean isTypeName(Expression e) {
        if (e instanceof NameExpr n) {
            String id = n.getNameAsString();
            return declaredTypeOfVariable(id, n).isEmpty() && fieldType(id, n).isEmpty();
        }
        if (e instanceof FieldAccessExpr f) return isTypeName(f.getScope());
        return false;
    }

    /**
     * The static type of an expression, or empty. Declared types and declared return types come
     * first (exact for non-generic code, and some 100 times cheaper); the symbol solver handles
     * what they cannot (generic returns, inherited fields, unusual expressions).
     */
    Optional<String> typeOf(Expression e, FileStats stats) {
        // Without a file's counters nothing is remembered: an answer shared across files would hide from
        // an incremental run's record which files a later file's scan read.
        if (stats == null) return solvedTypeOf(e, noStats);
        Typed known = stats.typed.get(e);
        if (known != null) {
            stats.solverFailures += known.solverFailures();
            return known.type();
        }
        int failures = stats.solverFailures;
        int overflows = stats.overflows;
        Optional<String> type = solvedTypeOf(e, stats);
        // An answer cut short by the stack's depth may differ when asked from a shallower stack: not kept.
        if (stats.overflows == overflows) stats.typed.put(e, new Typed(type, stats.solverFailures - failures));
        return type;
    }

    /** A remembered {@link #typeOf} answer and the solver failures that computing it counted. */
    record Typed(Optional<String> type, int solverFailures) {}

    private Optional<String> solvedTypeOf(Expression e, FileStats stats) {
        Optional<String> direct = declaredType(e);
        if (direct.isPresent()) return direct;
        Optional<String> walked = returnTypeWalk(e, stats);
        if (walked.isPresent()) return walked;
        if (solver != null && !(e instanceof NameExpr)) {
            if (declaredElementsAndFields) {
                Optional<String> declared = e instanceof ArrayAccessExpr a ? elementType(a)
                        : e instanceof FieldAccessExpr f ? fieldOfDeclaredType(f) : Optional.empty();
                if (declared.isPresent()) return declared;
                if (e instanceof MethodCallExpr m && stats != noStats && unsolvable(m, stats)) {
                    stats.unsolvable.add(m);
                    stats.solverFailures++;
                    return Optional.empty();
                }
                if (e instanceof MethodCallExpr m) {
                    Optional<String> generic = m.getScope().isEmpty() ? enclosingClassReturn(m) : genericLibraryReturn(m);
                    if (generic.isEmpty() && m.getScope().isPresent()) generic = typeArgumentReturn(m);
                    if (generic.isPresent()) return generic;
                }
            }
            try {
                ResolvedType t = solver.getType(e);
                if (t.isReferenceType()) return Optional.of(t.asReferenceType().getQualifiedName());
            } catch (RuntimeException | StackOverflowError | LinkageError ex) {
                // Missing library types, unsupported constructs: the caller falls back to names.
                stats.solverFailures++;
                if (ex instanceof StackOverflowError) stats.overflows++;
            }
        }
        return Optional.empty();
    }

    // ------------------------------------------------ what the solver would answer, read off declarations

    /**
     * The element type of {@code arr[i]} when {@code arr} is a variable declared here with an array type
     * of a class the solver knows (an application type or one on the classpath): the solver's answer,
     * without its walk through the scopes to the declaration (a third of its time on a large
     * application). Empty when in doubt (the solver is asked then): a type variable, an array of
     * arrays or primitives, a name that might mean something else ({@link #declaredVariable}).
     */
    private Optional<String> elementType(ArrayAccessExpr access) {
        Optional<Declared> array = declaredTypeOf(access.getName());
        if (array.isEmpty() || !(array.get().type() instanceof com.github.javaparser.ast.type.ArrayType at)) return Optional.empty();
        return knownClass(at.getComponentType(), array.get().at());
    }

    /**
     * The declared type of {@code x.f} when {@code x} is a variable declared here ({@link #declaredVariable}), or an
     * element of such an array ({@link #elementType}), of an application class whose hierarchy declares {@code f}
     * with a class the solver knows; empty when in doubt.
     */
    private Optional<String> fieldOfDeclaredType(FieldAccessExpr access) {
        Optional<AppTypes.TypeInfo> owner;
        if (access.getScope() instanceof ArrayAccessExpr element) {
            // rows[i].name: the element's class, as for a call on the element
            owner = elementType(element).flatMap(types::type);
        } else {
            Optional<Declared> scope = declaredVariable(access.getScope());
            if (scope.isEmpty() || !(scope.get().type() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)) {
                return Optional.empty();
            }
            owner = knownClass(ct, scope.get().at()).flatMap(types::type);
        }
        if (owner.isEmpty()) return Optional.empty();
        return fieldInHierarchy(types, List.of(owner.get()), access.getNameAsString())
                .flatMap(f -> knownClass(f.declarator().getType(), f.declarator()));
    }

    /**
     * Whether the solver certainly fails on the call: its receiver is such a call, or is written with a
     * class (a declared variable's, a {@code new}'s) that is neither the application's nor on the
     * classpath: the solver, which knows only those, must resolve the receiver's class first.
     */
    private boolean unsolvable(MethodCallExpr m, FileStats stats) {
        Expression scope = m.getScope().orElse(null);
        if (scope == null) return false;
        if (scope instanceof MethodCallExpr inner) return stats.unsolvable.contains(inner);
        Optional<Type> written = scope instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isEmpty()
                ? Optional.of(o.getType()) : declaredVariable(scope).map(Declared::type);
        if (written.isEmpty() || !(written.get() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)) return false;
        Node at = scope instanceof ObjectCreationExpr ? scope : declaredVariable(scope).get().at();
        String name = ct.getNameWithScope();
        if (AppTypes.isTypeParameter(name.contains(".") ? name.substring(0, name.indexOf('.')) : name, at)) return false;
        Optional<String> resolved = types.resolveTypeName(name, at);
        return resolved.isPresent() && types.type(resolved.get()).isEmpty() && types.loadClass(resolved.get()).isEmpty();
    }

    /**
     * The solver's answer for a call of a library method whose declared return type is generic, on a
     * declared variable ({@code list.get(i)}, {@code map.keySet()}): a parameterised return type's class
     * ({@code Set<K>}: {@code java.util.Set}), or the variable's type argument for a type variable of the
     * variable's own class ({@code ArrayList<Item>.get}: {@code Item}). Only where the solver surely gets
     * there: every class the variable's type names is one it knows, the method has no overload of the
     * same arity, and the arguments are literals or variables declared with a primitive or known type.
     */
    private Optional<String> genericLibraryReturn(MethodCallExpr m) {
        Optional<Declared> variable = m.getScope().flatMap(this::declaredTypeOf);
        if (variable.isEmpty() || !(variable.get().type() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)) {
            return Optional.empty();
        }
        Node at = variable.get().at();
        if (!allKnown(ct, at)) return Optional.empty();
        Optional<String> raw = knownClass(ct, at);
        if (raw.isEmpty() || types.type(raw.get()).isPresent()) return Optional.empty();
        Optional<Class<?>> c = types.loadClass(raw.get());
        if (c.isEmpty() || !m.getArguments().stream().allMatch(this::surelyTyped)) return Optional.empty();
        Method method = null;
        try {
            for (Method jm : c.get().getMethods()) {
                if (!jm.getName().equals(m.getNameAsString()) || jm.getParameterCount() != m.getArguments().size()) continue;
                if (method != null) return Optional.empty();
                method = jm;
            }
            if (method == null) return Optional.empty();
            java.lang.reflect.Type returned = method.getGenericReturnType();
            if (returned instanceof java.lang.reflect.ParameterizedType p && p.getRawType() instanceof Class<?> rc) {
                return Optional.of(rc.getName().replace('$', '.'));
            }
            if (returned instanceof java.lang.reflect.TypeVariable<?> v && v.getGenericDeclaration() == c.get()
                    && ct.getTypeArguments().isPresent()) {
                java.lang.reflect.TypeVariable<?>[] parameters = c.get().getTypeParameters();
                if (ct.getTypeArguments().get().size() != parameters.length) return Optional.empty();
                for (int i = 0; i < parameters.length; i++) {
                    if (parameters[i].getName().equals(v.getName())) return knownClass(ct.getTypeArguments().get().get(i), at);
                }
            }
        } catch (LinkageError ignored) {
            // the class's own dependencies are missing: left to the solver
        }
        return Optional.empty();
    }

    /** The methods every class has, which an unqualified call in a nested class never looks for further out. */
    private static final Set<String> OBJECT_METHODS = Set.of("getClass", "hashCode", "equals", "clone", "toString",
            "notify", "notifyAll", "wait", "finalize");

    /**
     * The solver's answer for an unqualified call in a member class of a method only an enclosing class has
     * ({@code getFooFac()} in a bean's inner helper class): Java looks the name up in the innermost enclosing
     * class whose hierarchy has a method of that name, which the declared-return walk (innermost class only)
     * does not reach. Only where the solver surely gets there the same way: member classes only (no anonymous,
     * local or enum-constant class in between), every supertype of the classes looked in an application type or
     * on the classpath, the name declared nowhere in the inner classes' hierarchies (nor by {@code Object}), one
     * method of that name in the hierarchy that declares it (an application method of the call's arity, neither
     * generic nor varargs), its return type a class the solver knows, and arguments the solver surely types.
     */
    private Optional<String> enclosingClassReturn(MethodCallExpr m) {
        String name = m.getNameAsString();
        if (m.getTypeArguments().isPresent() || OBJECT_METHODS.contains(name)
                || !m.getArguments().stream().allMatch(this::surelyTyped)) {
            return Optional.empty();
        }
        List<AppTypes.TypeInfo> enclosing = new ArrayList<>();
        for (Node p = m.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    || p instanceof com.github.javaparser.ast.body.EnumConstantDeclaration) {
                return Optional.empty();
            }
            if (p instanceof TypeDeclaration<?> td) {
                Optional<AppTypes.TypeInfo> ti = types.typeOf(td);
                if (ti.isEmpty() || !(td instanceof com.github.javaparser.ast.body.ClassOrInterfaceDeclaration)) return Optional.empty();
                enclosing.add(ti.get());
                Node parent = td.getParentNode().orElse(null);
                if (parent instanceof com.github.javaparser.ast.CompilationUnit) break;
                if (!(parent instanceof TypeDeclaration<?>)) return Optional.empty();
            }
        }
        for (int level = 0; level < enclosing.size(); level++) {
            Optional<List<MethodDeclaration>> named = methodsNamed(enclosing.get(level).fqn, name);
            if (named.isEmpty()) return Optional.empty();
            if (named.get().isEmpty()) continue;
            // The innermost class's own methods are the declared-return walk's: what it left is the solver's.
            if (level == 0) return Optional.empty();
            return onlyPlain(named.get(), m.getArguments().size()).flatMap(md -> knownClass(md.getType(), md));
        }
        return Optional.empty();
    }

    /**
     * The solver's answer for a call, on a variable declared with a parameterised application class, of a method
     * of that class returning one of its type variables ({@code HvOptional<Item> opt; opt.get()}: {@code Item}):
     * the variable's type argument. Only where the solver surely gets there: every class the variable's type names
     * is one it knows, the class declares the one method of that name in its hierarchy (every supertype known),
     * of the call's arity, neither generic nor varargs, and the arguments are ones the solver surely types.
     */
    private Optional<String> typeArgumentReturn(MethodCallExpr m) {
        String name = m.getNameAsString();
        if (m.getTypeArguments().isPresent() || OBJECT_METHODS.contains(name)
                || !m.getArguments().stream().allMatch(this::surelyTyped)) {
            return Optional.empty();
        }
        Optional<Declared> variable = m.getScope().flatMap(this::declaredVariable);
        if (variable.isEmpty() || !(variable.get().type() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)
                || ct.getTypeArguments().isEmpty()) {
            return Optional.empty();
        }
        Node at = variable.get().at();
        if (!allKnown(ct, at)) return Optional.empty();
        Optional<AppTypes.TypeInfo> owner = knownClass(ct, at).flatMap(types::type);
        if (owner.isEmpty() || !(owner.get().signatureDecl() instanceof com.github.javaparser.ast.body.ClassOrInterfaceDeclaration cd)) {
            return Optional.empty();
        }
        Optional<MethodDeclaration> only = onlyMethodNamed(owner.get(), m);
        if (only.isEmpty()) return Optional.empty();
        MethodDeclaration md = only.get();
        if (md.getParentNode().orElse(null) != cd
                || !(md.getType() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType returned)
                || returned.getScope().isPresent() || returned.getTypeArguments().isPresent()) {
            return Optional.empty();
        }
        List<Type> arguments = ct.getTypeArguments().get();
        if (arguments.size() != cd.getTypeParameters().size()) return Optional.empty();
        for (int i = 0; i < arguments.size(); i++) {
            if (cd.getTypeParameters().get(i).getNameAsString().equals(returned.getNameAsString())) {
                return knownClass(arguments.get(i), at);
            }
        }
        return Optional.empty();
    }

    /**
     * The one method of the call's name in a class's hierarchy, when it has the call's arity and is neither generic
     * nor varargs, and every supertype is an application class or on the classpath (one that is neither would make
     * the solver fail); empty otherwise.
     */
    private Optional<MethodDeclaration> onlyMethodNamed(AppTypes.TypeInfo owner, MethodCallExpr call) {
        return methodsNamed(owner.fqn, call.getNameAsString()).flatMap(named -> onlyPlain(named, call.getArguments().size()));
    }

    /**
     * The methods named {@code name} that {@code fqn} and its supertypes declare; empty (not sure) when one
     * of them is not a plain method declaration or a supertype outside the application declares the name.
     */
    private Optional<List<MethodDeclaration>> methodsNamed(String fqn, String name) {
        List<MethodDeclaration> named = new ArrayList<>();
        for (String t : types.selfAndAncestors(fqn)) {
            Optional<AppTypes.TypeInfo> app = types.type(t);
            if (app.isPresent()) {
                for (AppTypes.MethodInfo mi : app.get().named(name)) {
                    if (!(mi.signatureDecl() instanceof MethodDeclaration md)) return Optional.empty();
                    named.add(md);
                }
            } else if (libraryDeclares(t, name)) {
                return Optional.empty();
            }
        }
        return Optional.of(named);
    }

    /** The one method of {@code named}, when there is one and it takes {@code arguments} plainly (no type parameters, no varargs). */
    private static Optional<MethodDeclaration> onlyPlain(List<MethodDeclaration> named, int arguments) {
        if (named.size() != 1) return Optional.empty();
        MethodDeclaration md = named.get(0);
        if (md.getParameters().size() != arguments || !md.getTypeParameters().isEmpty()
                || md.getParameters().stream().anyMatch(Parameter::isVarArgs)) {
            return Optional.empty();
        }
        return Optional.of(md);
    }

    /**
     * The declared type of a variable ({@link #declaredVariable}), or of a call on one of a method of its application
     * class ({@code dto.getItems()}: {@code List<Item>}, written in the method's declaration): what the solver
     * reads for the receiver of a call or an array access on it. Empty when in doubt.
     */
    private Optional<Declared> declaredTypeOf(Expression e) {
        if (!(e instanceof MethodCallExpr call)) return declaredVariable(e);
        if (call.getTypeArguments().isPresent() || OBJECT_METHODS.contains(call.getNameAsString())
                || !call.getArguments().stream().allMatch(this::surelyTyped)) {
            return Optional.empty();
        }
        Optional<Declared> variable = call.getScope().flatMap(this::declaredVariable);
        if (variable.isEmpty() || !(variable.get().type() instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)
                || !allKnown(ct, variable.get().at())) {
            return Optional.empty();
        }
        Optional<AppTypes.TypeInfo> owner = knownClass(ct, variable.get().at()).flatMap(types::type);
        if (owner.isEmpty()) return Optional.empty();
        return onlyMethodNamed(owner.get(), call).map(md -> new Declared(md.getType(), md));
    }

    /**
     * Whether a library class declares a method of this name (whatever its access); true when in doubt (the class
     * is not on the classpath or its methods cannot be read), so that the caller leaves the call to the solver.
     */
    private boolean libraryDeclares(String type, String name) {
        Optional<Class<?>> c = types.loadClass(type);
        if (c.isEmpty()) return true;
        try {
            for (Method jm : c.get().getDeclaredMethods()) if (jm.getName().equals(name)) return true;
            return false;
        } catch (LinkageError e) {
            return true;
        }
    }

    /** Every class a declared type names (its type arguments' too) is a type variable in scope or a class the solver knows. */
    private boolean allKnown(Type t, Node at) {
        if (t instanceof com.github.javaparser.ast.type.ArrayType a) return allKnown(a.getComponentType(), at);
        if (t.isPrimitiveType()) return true;
        if (t instanceof com.github.javaparser.ast.type.WildcardType w) {
            return w.getExtendedType().map(x -> allKnown(x, at)).orElse(true) && w.getSuperType().map(x -> allKnown(x, at)).orElse(true);
        }
        if (!(t instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)) return false;
        String name = ct.getNameWithScope();
        boolean variable = !name.contains(".") && AppTypes.isTypeParameter(name, at);
        if (!variable && knownClass(ct, at).isEmpty()) return false;
        if (ct.getTypeArguments().isEmpty()) return true;
        for (Type arg : ct.getTypeArguments().get()) if (!allKnown(arg, at)) return false;
        return true;
    }

    /** An argument whose type the solver surely works out: a literal, or a variable declared with a primitive or known type. */
    private boolean surelyTyped(Expression a) {
        if (a instanceof com.github.javaparser.ast.expr.LiteralExpr) return !(a instanceof com.github.javaparser.ast.expr.NullLiteralExpr);
        Optional<Declared> d = declaredVariable(a);
        return d.isPresent() && (d.get().type().isPrimitiveType() || allKnown(d.get().type(), d.get().at()));
    }

    /** A variable's declared type and the node it is written at (where its names resolve). */
    private record Declared(Type type, Node at) {}

    /**
     * The declaration a variable named by {@code e} ({@code name} or {@code this.name}) certainly refers to:
     * a local or parameter with its type written, or a field of the innermost enclosing class's
     * application hierarchy; empty where scoping could make it another (a lambda parameter of that name,
     * an anonymous or local class or an enum constant's body in between, a field inherited from a library or declared by an outer class).
     */
    private Optional<Declared> declaredVariable(Expression e) {
        String name;
        boolean local;
        if (e instanceof NameExpr n) {
            name = n.getNameAsString();
            local = true;
        } else if (e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr t && t.getTypeName().isEmpty()) {
            name = f.getNameAsString();
            local = false;
        } else {
            return Optional.empty();
        }
        TypeDeclaration<?> innermost = null;
        for (Node p = e.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof LambdaExpr l && l.getParameters().stream().anyMatch(x -> x.getNameAsString().equals(name))) {
                return Optional.empty();
            }
            if (p instanceof ObjectCreationExpr o && o.getAnonymousClassBody().isPresent()
                    || p instanceof com.github.javaparser.ast.body.EnumConstantDeclaration) {
                return Optional.empty();
            }
            if (p instanceof TypeDeclaration<?> td) {
                innermost = td;
                break;
            }
        }
        if (innermost == null || !(innermost.getParentNode().orElse(null) instanceof com.github.javaparser.ast.CompilationUnit
                || innermost.getParentNode().orElse(null) instanceof TypeDeclaration<?>)) {
            return Optional.empty();
        }
        if (local) {
            Optional<Type> t = declaredTypeOfVariable(name, e);
            if (t.isPresent()) return t.get().isVarType() ? Optional.empty() : Optional.of(new Declared(t.get(), t.get()));
        }
        Optional<AppTypes.TypeInfo> own = types.typeOf(innermost);
        if (own.isEmpty()) return Optional.empty();
        return fieldInHierarchy(types, List.of(own.get()), name)
                .map(f -> new Declared(f.declarator().getType(), f.declarator()));
    }

    /** A class type written at {@code at} that the solver resolves the same way: an application type or one on the classpath. */
    private Optional<String> knownClass(Type t, Node at) {
        if (!(t instanceof com.github.javaparser.ast.type.ClassOrInterfaceType ct)) return Optional.empty();
        String written = ct.getNameWithScope();
        if (AppTypes.isTypeParameter(written.contains(".") ? written.substring(0, written.indexOf('.')) : written, at)) {
            return Optional.empty();
        }
        Optional<String> resolved = types.resolveTypeName(written, at);
        if (resolved.isEmpty() || types.type(resolved.get()).isEmpty() && types.loadClass(resolved.get()).isEmpty()) {
            return Optional.empty();
        }
        return resolved;
    }

    /** Types that can be read off the tree without inference. */
    private Optional<String> declaredType(Expression e) {
        if (e instanceof EnclosedExpr en) return declaredType(en.getInner());
        if (e instanceof CastExpr c) return resolve(c.getType(), c);
        if (e instanceof ObjectCreationExpr o) return types.resolveTypeName(o.getType().getNameWithScope(), o);
        if (e instanceof StringLiteralExpr) return Optional.of("java.lang.String");
        if (e instanceof ThisExpr) return enclosingType(e);
        if (e instanceof NameExpr n) {
            Optional<Type> local = declaredTypeOfVariable(n.getNameAsString(), n);
            if (local.isPresent()) {
                if (local.get().isVarType()) return varInitializerType(n.getNameAsString(), n);
                return resolve(local.get(), n);
            }
            return fieldType(n.getNameAsString(), n);
        }
        if (e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr) return fieldType(f.getNameAsString(), f);
        if (e instanceof MethodCallExpr m && m.getNameAsString().equals("narrow") && m.getArguments().size() == 2
                && m.getArgument(1) instanceof ClassExpr ce) {
            // PortableRemoteObject.narrow(obj, FooHome.class) yields a FooHome.
            return resolve(ce.getType(), ce);
        }
        return Optional.empty();
    }

    private Optional<String> varInitializerType(String name, Node at) {
        return initializer(name, at).flatMap(this::declaredType);
    }

    /** The initializer of the local variable {@code name} declared in a block enclosing {@code at}. */
    static Optional<Expression> initializer(String name, Node at) {
        for (Node n = at; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof BlockStmt b) {
                for (Statement s : b.getStatements()) {
                    if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr v) {
                        for (VariableDeclarator d : v.getVariables()) {
                            if (d.getNameAsString().equals(name) && d.getInitializer().isPresent()) return d.getInitializer();
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** Return types of application methods (declared in source) and API methods (by reflection). */
    private Optional<String> returnTypeWalk(Expression e, FileStats stats) {
        if (!(e instanceof MethodCallExpr m)) return Optional.empty();
        Receiver r = receiverOf(m, stats);
        if (r.type().isEmpty()) return Optional.empty();
        String name = m.getNameAsString();
        int argc = m.getArguments().size();
        Optional<String> generated = types.generatedHomeReturn(r.type().get(), name);
        if (generated.isPresent()) return generated;
        for (String t : types.selfAndAncestors(r.type().get())) {
            Optional<AppTypes.TypeInfo> app = types.type(t);
            if (app.isPresent()) {
                for (AppTypes.MethodInfo mi : app.get().methods(name, argc)) {
                    if (mi.signatureDecl() instanceof MethodDeclaration md) {
                        return types.resolveTypeName(md.getType().asString(), md)
                                .filter(x -> !x.equals("void"));
                    }
                }
            } else {
                Optional<String> lib = libraryReturns.computeIfAbsent(t + '#' + name + '/' + argc,
                        k -> libraryReturnType(t, name, argc));
                if (lib.isPresent()) return lib;
            }
        }
        return Optional.empty();
    }

    /** The declared return type of a library method, when it is not generic; empty otherwise. */
    private Optional<String> libraryReturnType(String type, String name, int argc) {
        Optional<Class<?>> c = types.loadClass(type);
        // Off the class path, the API table may still know the getter (Spring's DAO supports hand out their templates).
        if (c.isEmpty()) return ApiCallClassifier.standard().libraryReturnType(type, name, argc);
        try {
            for (Method jm : c.get().getMethods()) {
                if (jm.getName().equals(name) && jm.getParameterCount() == argc && !jm.getReturnType().isPrimitive()) {
                    // A generic return (List.get) needs the solver's type arguments.
                    if (!(jm.getGenericReturnType() instanceof Class<?>)) return Optional.empty();
                    return Optional.of(jm.getReturnType().getName().replace('$', '.'));
                }
            }
        } catch (LinkageError ignored) {
            // dependencies of the API class are missing: unknown
        }
        return Optional.empty();
    }

    private Optional<String> resolve(Type t, Node at) {
        if (t.isPrimitiveType() || t.isArrayType()) return Optional.empty();
        if (t.isClassOrInterfaceType()) return types.resolveTypeName(t.asClassOrInterfaceType().getNameWithScope(), at);
        return Optional.empty();
    }

    /** The innermost application type enclosing a node. */
    Optional<String> enclosingType(Node n) {
        for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof TypeDeclaration<?> td) {
                Optional<AppTypes.TypeInfo> ti = types.typeOf(td);
                if (ti.isPresent()) return Optional.of(ti.get().fqn);
            }
        }
        return Optional.empty();
    }

    /** The declared type of a local variable, parameter, catch or resource variable visible at {@code at}. */
    Optional<Type> declaredTypeOfVariable(String name, Node at) {
        Node child = at;
        for (Node n = at.getParentNode().orElse(null); n != null; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof BlockStmt b) {
                Optional<Type> t = inStatements(b.getStatements(), child, name);
                if (t.isPresent()) return t;
            } else if (n instanceof SwitchEntry se) {
                Optional<Type> t = inStatements(se.getStatements(), child, name);
                if (t.isPresent()) return t;
            } else if (n instanceof ForStmt f) {
                for (Expression init : f.getInitialization()) {
                    if (init instanceof VariableDeclarationExpr v) {
                        for (VariableDeclarator d : v.getVariables()) if (d.getNameAsString().equals(name)) return Optional.of(d.getType());
                    }
                }
            } else if (n instanceof ForEachStmt fe) {
                for (VariableDeclarator d : fe.getVariable().getVariables()) if (d.getNameAsString().equals(name)) return Optional.of(d.getType());
            } else if (n instanceof CatchClause c) {
                if (c.getParameter().getNameAsString().equals(name)) return Optional.of(c.getParameter().getType());
            } else if (n instanceof TryStmt ts) {
                for (Expression res : ts.getResources()) {
                    if (res instanceof VariableDeclarationExpr v) {
                        for (VariableDeclarator d : v.getVariables()) if (d.getNameAsString().equals(name)) return Optional.of(d.getType());
                    }
                }
            } else if (n instanceof LambdaExpr l) {
                for (Parameter p : l.getParameters()) {
                    if (p.getNameAsString().equals(name)) {
                        return p.getType().isUnknownType() ? Optional.empty() : Optional.of(p.getType());
                    }
                }
            } else if (n instanceof CallableDeclaration<?> c) {
                for (Parameter p : c.getParameters()) if (p.getNameAsString().equals(name)) return Optional.of(p.getType());
            } else if (n instanceof TypeDeclaration<?>) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<Type> inStatements(List<Statement> statements, Node child, String name) {
        // By index: a NodeList's iterator is an object of its own, made for each block of each name looked up.
        for (int i = 0, n = statements.size(); i < n; i++) {
            Statement s = statements.get(i);
            if (s == child) break;
            if (s instanceof ExpressionStmt es && es.getExpression() instanceof VariableDeclarationExpr v) {
                for (VariableDeclarator d : v.getVariables()) if (d.getNameAsString().equals(name)) return Optional.of(d.getType());
            }
        }
        return Optional.empty();
    }

    /** The resolved declared type of a field visible at {@code at} (enclosing classes and their app supertypes). */
    Optional<String> fieldType(String name, Node at) {
        for (Node p = at; p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof TypeDeclaration<?> td) {
                Optional<AppTypes.TypeInfo> ti = types.typeOf(td);
                if (ti.isEmpty()) continue;
                Optional<String> f = fieldTypeIn(ti.get(), name, 0);
                if (f.isPresent()) return f;
            }
        }
        return Optional.empty();
    }

    Optional<String> fieldTypeIn(AppTypes.TypeInfo ti, String name, int depth) {
        Optional<VariableDeclarator> d = fieldDeclarator(ti, name);
        if (d.isPresent()) return resolve(d.get().getType(), d.get());
        if (depth > 10) return Optional.empty();
        for (String s : ti.supertypes) {
            Optional<AppTypes.TypeInfo> st = types.type(s);
            if (st.isPresent()) {
                Optional<String> r = fieldTypeIn(st.get(), name, depth + 1);
                if (r.isPresent()) return r;
            }
        }
        return Optional.empty();
    }

    /** The declarator of a field named {@code name} declared directly in {@code ti}. */
    /** A field declaration and the type that declares it. */
    record DeclaredField(AppTypes.TypeInfo owner, VariableDeclarator declarator) {}

    /**
     * The field code in one of {@code owners} means by a simple {@code name}: declared in the first owner or its
     * application supertypes (interfaces of constants too) that has one.
     */
    static Optional<DeclaredField> fieldInHierarchy(AppTypes types, List<AppTypes.TypeInfo> owners, String name) {
        for (AppTypes.TypeInfo ti : owners) {
            List<AppTypes.TypeInfo> chain = new ArrayList<>(List.of(ti));
            for (int i = 0; i < chain.size() && i < 20; i++) {
                AppTypes.TypeInfo t = chain.get(i);
                Optional<VariableDeclarator> d = fieldDeclarator(t, name);
                if (d.isPresent()) return Optional.of(new DeclaredField(t, d.get()));
                for (String s : t.supertypes) types.type(s).ifPresent(chain::add);
            }
        }
        return Optional.empty();
    }

    /** The application types around {@code n}, innermost first. */
    static List<AppTypes.TypeInfo> enclosingTypes(AppTypes types, Node n) {
        List<AppTypes.TypeInfo> out = new ArrayList<>();
        for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
            if (p instanceof com.github.javaparser.ast.body.TypeDeclaration<?> td) types.typeOf(td).ifPresent(out::add);
        }
        return out;
    }

    static Optional<VariableDeclarator> fieldDeclarator(AppTypes.TypeInfo ti, String name) {
        return ti.field(name);
    }
}
