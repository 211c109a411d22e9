package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The application's own types, indexed by fully qualified name (legacy trees rarely follow the
 * package-folder layout, so the index is built from the parsed units, not from paths), with their
 * methods, resolved supertypes and subtypes, and a cheap resolver of type names written in a unit
 * (imports, same package, nested types, {@code java.lang}, then the analyzer's classpath, which
 * carries the Java EE / Jakarta EE API jars).
 */
final class AppTypes implements ProgramView<AppTypes.TypeInfo, AppTypes.MethodInfo> {

    /** An application type. {@code graphName} differs from {@code fqn} for JSP synthetic classes. */
    static final class TypeInfo {
        final String fqn;
        final String graphName;
        final String file;
        final boolean isInterface;
        final boolean isAbstract;
        final boolean isFinal;
        final boolean isEnum;
        /** The line the declaration begins on (annotations included): where an implicit constructor is. */
        final int line;
        /** The value of a JAX-RS {@code @Path} on the type, or null. */
        final String path;
        /** Annotated {@code @WebService} or {@code @WebServiceProvider} (a JAX-WS endpoint or its interface), not a session bean. */
        final boolean webService;
        final List<MethodInfo> methods = new ArrayList<>();
        List<String> supertypes = List.of();
        String superclass;
        /**
         * Where the index from trees linked the type (set its supertypes): while it adds the types' methods,
         * a type's parameter names resolve as when the types were linked one after the other, seeing only
         * the supertypes of the types linked up to its own ({@link #visibleSupertypes}).
         */
        int linkOrder = Integer.MAX_VALUE;
        private final AppTypes home;
        private TypeDeclaration<?> decl;
        private CompilationUnit unit;

        private TypeInfo(AppTypes home, String fqn, String graphName, TypeDeclaration<?> decl, CompilationUnit unit, String file) {
            this.home = home;
            this.fqn = fqn;
            this.graphName = graphName;
            this.decl = decl;
            this.unit = unit;
            this.file = file;
            this.isInterface = decl instanceof ClassOrInterfaceDeclaration c && c.isInterface();
            this.isAbstract = isInterface || (decl instanceof ClassOrInterfaceDeclaration c && c.isAbstract());
            this.isFinal = decl instanceof ClassOrInterfaceDeclaration c && c.isFinal() || decl instanceof EnumDeclaration;
            this.isEnum = decl instanceof EnumDeclaration;
            this.line = decl.getBegin().map(p -> p.line).orElse(0);
            this.path = AppTypes.pathOf(decl).orElse(null);
            List<String> annotations = decl.getAnnotations().stream().map(a -> EntryPointRules.simple(a.getNameAsString())).toList();
            this.webService = annotations.stream().anyMatch(EntryPointRules.WEB_SERVICE_ANNOTATIONS::contains)
                    && annotations.stream().noneMatch(EntryPointRules.SESSION_BEAN_ANNOTATIONS::contains);
        }

        private TypeInfo(AppTypes home, IndexFacts.Type facts) {
            this.home = home;
            this.fqn = facts.fqn();
            this.graphName = facts.graphName();
            this.file = facts.file();
            this.isInterface = facts.has(IndexFacts.INTERFACE);
            this.isAbstract = facts.has(IndexFacts.ABSTRACT);
            this.isFinal = facts.has(IndexFacts.FINAL);
            this.isEnum = facts.has(IndexFacts.ENUM);
            this.line = facts.line();
            this.path = facts.path();
            this.webService = facts.has(IndexFacts.WEB_SERVICE);
        }

        /** The declaration's tree, parsed on first use when the index came from the analysis cache. */
        TypeDeclaration<?> decl() {
            home.reading(file);
            if (decl == null) home.load(file);
            return decl;
        }

        /** The unit declaring the type (parsed on first use, as {@link #decl()}). */
        CompilationUnit unit() {
            home.reading(file);
            if (unit == null) home.load(file);
            return unit;
        }

        /**
         * The declaration, for reading only what a file's {@link SurfaceFingerprint surface} covers
         * (annotations, supertypes, signatures, field declarations with their initialisers): a
         * change there re-analyses everything, so such reads need not be recorded as dependencies.
         */
        TypeDeclaration<?> signatureDecl() {
            home.readingSignature(file);
            if (decl == null) home.load(file);
            return decl;
        }

        /** The declarators of the fields the type declares, by name (the first of a name), made on first use. */
        private volatile Map<String, VariableDeclarator> fields;

        /**
         * The field this type declares with this name, read off its {@link #signatureDecl() signature}: one
         * map per type instead of a pass over its members per name asked (every receiver named by a simple
         * name that is no local asks the whole supertype chain).
         */
        Optional<VariableDeclarator> field(String name) {
            Map<String, VariableDeclarator> known = fields;
            if (known == null) {
                Map<String, VariableDeclarator> byName = new HashMap<>();
                for (FieldDeclaration f : signatureDecl().getFields()) {
                    for (VariableDeclarator v : f.getVariables()) byName.putIfAbsent(v.getNameAsString(), v);
                }
                fields = known = byName;
            }
            return Optional.ofNullable(known.get(name));
        }

        /** The unit, for reading its package and imports only (see {@link #signatureDecl()}). */
        CompilationUnit signatureUnit() {
            home.readingSignature(file);
            if (unit == null) home.load(file);
            return unit;
        }

        boolean isInterface() { return isInterface; }

        boolean isAbstract() { return isAbstract; }

        boolean isFinal() { return isFinal; }

        /** The simple name. */
        String simpleName() {
            int dot = fqn.lastIndexOf('.');
            return dot < 0 ? fqn : fqn.substring(dot + 1);
        }

        /**
         * {@link #methods} by name, rebuilt when a method was added: generated classes have 100k methods. Read
         * without a lock (the scanning threads ask about the same base classes all the time; the monitor they
         * took for each question was a tenth of the call graph's dispatch look-ups), rebuilt under one.
         */
        private volatile MethodsByName byName = new MethodsByName(0, Map.of());

        /** The methods by name when the type had {@code count} of them. */
        private record MethodsByName(int count, Map<String, List<MethodInfo>> index) {}

        List<MethodInfo> methods(String name, int arity) {
            List<MethodInfo> out = new ArrayList<>();
            for (MethodInfo m : named(name)) if (m.accepts(arity)) out.add(m);
            return out;
        }

        /** This type's own methods with this name, in declaration order. */
        List<MethodInfo> named(String name) {
            MethodsByName known = byName;
            if (known.count() != methods.size()) known = indexByName();
            return known.index().getOrDefault(name, List.of());
        }

        private synchronized MethodsByName indexByName() {
            if (byName.count() != methods.size()) {
                Map<String, List<MethodInfo>> index = new HashMap<>();
                for (MethodInfo m : methods) index.computeIfAbsent(m.ref.name(), k -> new ArrayList<>()).add(m);
                byName = new MethodsByName(methods.size(), index);
            }
            return byName;
        }
    }

    /** A method or constructor ({@code <init>}) of an application type. */
    static final class MethodInfo {
        final MethodRef ref;
        final TypeInfo owner;
        /** True for the implicit default constructor, which has no declaration. */
        final boolean implicit;
        final boolean isAbstract;
        final boolean isStatic;
        final boolean isPublic;
        final boolean isPrivate;
        final boolean varargs;
        final int arity;
        /** The line of the method's name. */
        final int line;
        /** The annotations' names as written ({@code Schedule}, {@code javax.ejb.Timeout}). */
        final List<String> annotations;
        /** The value of a JAX-RS {@code @Path} on the method, or null. */
        final String path;
        private CallableDeclaration<?> decl;

        MethodInfo(MethodRef ref, TypeInfo owner, CallableDeclaration<?> decl) {
            this.ref = ref;
            this.owner = owner;
            this.decl = decl;
            this.implicit = decl == null;
            this.arity = ref.parameterTypes().size();
            this.isAbstract = decl instanceof MethodDeclaration m && m.getBody().isEmpty();
            this.isStatic = decl != null && decl.isStatic();
            this.isPublic = decl != null && decl.isPublic();
            this.isPrivate = decl != null && decl.isPrivate();
            this.varargs = decl != null && !decl.getParameters().isEmpty()
                    && decl.getParameters().get(decl.getParameters().size() - 1).isVarArgs();
            this.line = decl == null ? owner.line : decl.getName().getBegin().map(p -> p.line).orElse(0);
            this.annotations = decl == null ? List.of()
                    : decl.getAnnotations().stream().map(a -> a.getNameAsString()).toList();
            this.path = decl == null ? null : AppTypes.pathOf(decl).orElse(null);
        }

        MethodInfo(TypeInfo owner, IndexFacts.Method facts) {
            this.ref = new MethodRef(owner.graphName, facts.name(), facts.parameterTypes());
            this.owner = owner;
            this.implicit = facts.has(IndexFacts.IMPLICIT);
            this.arity = ref.parameterTypes().size();
            this.isAbstract = facts.has(IndexFacts.ABSTRACT);
            this.isStatic = facts.has(IndexFacts.STATIC);
            this.isPublic = facts.has(IndexFacts.PUBLIC);
            this.isPrivate = facts.has(IndexFacts.PRIVATE);
            this.varargs = facts.has(IndexFacts.VARARGS);
            this.line = facts.line();
            this.annotations = facts.annotations();
            this.path = facts.path();
        }

        /** The declaration (parsed on first use, as {@link TypeInfo#decl()}); null for the implicit constructor. */
        CallableDeclaration<?> decl() {
            if (implicit) return null;
            owner.home.reading(owner.file);
            if (decl == null) owner.home.load(owner.file);
            return decl;
        }

        /** The declaration, for its signature only (see {@link TypeInfo#signatureDecl()}); null when implicit. */
        CallableDeclaration<?> signatureDecl() {
            if (implicit) return null;
            owner.home.readingSignature(owner.file);
            if (decl == null) owner.home.load(owner.file);
            return decl;
        }

        boolean accepts(int argCount) { return argCount == arity || (varargs && argCount >= arity - 1); }

        SourceLocation location() { return new SourceLocation(owner.file, line); }

        IndexFacts.Method facts() {
            int flags = (implicit ? IndexFacts.IMPLICIT : 0) | (isAbstract ? IndexFacts.ABSTRACT : 0)
                    | (isStatic ? IndexFacts.STATIC : 0) | (isPublic ? IndexFacts.PUBLIC : 0)
                    | (isPrivate ? IndexFacts.PRIVATE : 0) | (varargs ? IndexFacts.VARARGS : 0);
            return new IndexFacts.Method(ref.name(), ref.parameterTypes(), flags, line, annotations, path);
        }
    }

    /** Parses a file of the index on demand (an index built from cached facts holds no trees). */
    interface UnitLoader {
        /** The file's unit; throws {@link IncrementalUnavailable} when it cannot be had as before. */
        CompilationUnit load(String file);
    }

    /**
     * The incremental analysis cannot go on as planned (a file needed on demand does not parse as it
     * did, or is not Java): the caller analyses from scratch instead.
     */
    static final class IncrementalUnavailable extends RuntimeException {
        IncrementalUnavailable(String reason) { super(reason, null, false, false); }
    }

    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float",
            "double", "void");

    private final Map<String, TypeInfo> byFqn = new LinkedHashMap<>();
    private final Map<TypeDeclaration<?>, TypeInfo> byDecl = java.util.Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<String, TypeInfo> byGraph = new HashMap<>();
    private final Map<CallableDeclaration<?>, MethodInfo> byCallable = java.util.Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<String, List<String>> directSubtypes = new HashMap<>();
    private final Map<String, List<MethodInfo>> methodsByName = new HashMap<>();
    private final Map<String, List<String>> ancestors = new ConcurrentHashMap<>();
    private final Map<String, Optional<Class<?>>> classpath = new ConcurrentHashMap<>();
    // JavaParser nodes hash and compare structurally (deeply): tree-keyed maps must be identity maps.
    private final Map<CompilationUnit, UnitNames> resolvedNames =
            java.util.Collections.synchronizedMap(new IdentityHashMap<>());

    /**
     * What a unit's type names resolve to, and its package and imports as text: an import's name is
     * built from its tree on every call of {@code getNameAsString}, and every name a unit resolves
     * looked through all its imports (a generated class imports hundreds).
     */
    static final class UnitNames {
        final Map<String, Optional<String>> resolved = new ConcurrentHashMap<>();
        /** The package with a trailing dot, or empty. */
        final String pkg;
        /** Each single-type import by its last name part: the first such import of that name. */
        final Map<String, String> singleBySimpleName = new HashMap<>();
        /** The on-demand imports' packages (or types), in order. */
        final List<String> onDemand = new ArrayList<>();

        UnitNames(CompilationUnit cu) {
            pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
            for (ImportDeclaration imp : cu.getImports()) {
                if (imp.isStatic()) continue;
                String name = imp.getNameAsString();
                if (imp.isAsterisk()) onDemand.add(name);
                else singleBySimpleName.putIfAbsent(name.substring(name.lastIndexOf('.') + 1), name);
            }
        }
    }
    /**
     * {@link #nestedInEnclosing} by the innermost type declaration around a name and the name's first part:
     * every type name resolved walked the enclosing types' supertypes again (most names are imported, not nested).
     */
    /** Whether the constructor has linked every type to its supertypes (what {@link #enclosingNames} depends on). */
    private volatile boolean linked;
    private final Map<TypeDeclaration<?>, Map<String, Optional<String>>> enclosingNames =
            java.util.Collections.synchronizedMap(new IdentityHashMap<>());
    private final ApiCallClassifier classifier = ApiCallClassifier.standard();
    /** The files in index order, each with its JSP names when it is a page. */
    private final List<IndexFacts.File> files = new ArrayList<>();
    private final UnitLoader loader;
    private final Set<String> loaded = ConcurrentHashMap.newKeySet();
    private volatile String unavailable;
    private java.util.function.Consumer<CompilationUnit> onLoad = u -> { };
    /** The files whose trees the current thread's work read, when it is recording them. */
    private static final ThreadLocal<Set<String>> READS = new ThreadLocal<>();
    /** The files whose signatures only the current thread's work read, when it is recording them (no dependency: a hint). */
    private static final ThreadLocal<Set<String>> SIGNATURES = new ThreadLocal<>();

    /** Indexes the units (JSP synthetic classes under their {@code jsp:} graph names). */
    AppTypes(List<UnitSource> units) {
        this(units, true);
    }

    /** As {@link #AppTypes(List)}; {@code parallel} resolves the methods' parameter types on several threads. */
    AppTypes(List<UnitSource> units, boolean parallel) {
        this.loader = file -> { throw new IncrementalUnavailable("no tree for " + file); };
        // The first declaration of a name wins: a source file wins over its copy in a built archive or
        // a build folder (the given order stands otherwise). Each file asked once whether it is a copy: a
        // sort by that answer asked it at every comparison.
        List<UnitSource> sources = new ArrayList<>(units.size());
        List<UnitSource> copies = new ArrayList<>();
        for (UnitSource u : units) (io.wanlint.analyzer.ingest.BuildOutput.isCopy(u.file()) ? copies : sources).add(u);
        sources.addAll(copies);
        for (UnitSource u : sources) {
            files.add(new IndexFacts.File(u.file(), u.syntheticClass(), u.graphClass(), List.of()));
            loaded.add(u.file());
            String pkg = u.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            for (TypeDeclaration<?> t : u.unit().getTypes()) index(t, pkg.isEmpty() ? "" : pkg + ".", u, null);
        }
        linkAndAddMethods(List.copyOf(byFqn.values()), parallel);
        linked = true;
    }

    /**
     * {@link #linkFromTree} for every type, in order, with the methods' parameter types resolved on
     * several threads when {@code parallel}: the supertypes are linked one type after the other, then
     * each type's parameters resolve seeing only the supertypes of the types up to its own (as when each
     * type's methods were added right after linking it), and the methods are added in order.
     */
    private void linkAndAddMethods(List<TypeInfo> types, boolean parallel) {
        if (!parallel) {
            for (TypeInfo t : types) linkFromTree(t);
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            linkSupertypes(types.get(i));
            types.get(i).linkOrder = i;
        }
        List<Integer> order = new ArrayList<>(types.size());
        for (int i = 0; i < types.size(); i++) order.add(i);
        List<List<MethodInfo>> methods = order.parallelStream().map(i -> declaredMethods(types.get(i), i)).toList();
        for (int i = 0; i < types.size(); i++) {
            for (MethodInfo m : methods.get(i)) addMethod(types.get(i), m);
        }
    }

    /**
     * The index of a previous run, from its {@link #facts()}, with {@code fresh} units (files that
     * changed since, declaring the same types and signatures) indexed from their new trees; every
     * other file is parsed only when its tree is asked for.
     */
    AppTypes(List<IndexFacts.File> previous, Map<String, UnitSource> fresh, UnitLoader loader) {
        this.loader = loader;
        Set<TypeInfo> fromTree = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (IndexFacts.File f : previous) {
            files.add(new IndexFacts.File(f.file(), f.syntheticClass(), f.graphClass(), List.of()));
            UnitSource u = fresh.get(f.file());
            if (u != null) {
                loaded.add(f.file());
                String pkg = u.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
                int before = byFqn.size();
                for (TypeDeclaration<?> t : u.unit().getTypes()) index(t, pkg.isEmpty() ? "" : pkg + ".", u, null);
                int i = 0;
                for (TypeInfo t : byFqn.values()) if (i++ >= before) fromTree.add(t);
                continue;
            }
            for (IndexFacts.Type t : f.types()) {
                TypeInfo info = new TypeInfo(this, t);
                byFqn.putIfAbsent(info.fqn, info);
                byGraph.putIfAbsent(info.graphName, info);
            }
        }
        Map<String, IndexFacts.Type> factsByFqn = new HashMap<>();
        for (IndexFacts.File f : previous) for (IndexFacts.Type t : f.types()) factsByFqn.putIfAbsent(t.fqn(), t);
        for (TypeInfo t : byFqn.values()) {
            if (fromTree.contains(t)) {
                linkFromTree(t);
                continue;
            }
            IndexFacts.Type facts = factsByFqn.get(t.fqn);
            t.supertypes = facts.supertypes();
            t.superclass = facts.superclass();
            for (String s : t.supertypes) directSubtypes.computeIfAbsent(s, k -> new ArrayList<>()).add(t.fqn);
            for (IndexFacts.Method m : facts.methods()) {
                MethodInfo info = new MethodInfo(t, m);
                t.methods.add(info);
                // As in an index from trees: the implicit constructor is no method a call can be named after.
                if (!info.implicit) methodsByName.computeIfAbsent(info.ref.name(), k -> new ArrayList<>()).add(info);
            }
        }
        linked = true;
    }

    /** What a later run needs to rebuild this index without parsing: every file's types, in order. */
    List<IndexFacts.File> facts() {
        Map<String, List<IndexFacts.Type>> byFile = new HashMap<>();
        for (TypeInfo t : byFqn.values()) {
            int flags = (t.isInterface ? IndexFacts.INTERFACE : 0) | (t.isAbstract ? IndexFacts.ABSTRACT : 0)
                    | (t.isFinal ? IndexFacts.FINAL : 0) | (t.isEnum ? IndexFacts.ENUM : 0)
                    | (t.webService ? IndexFacts.WEB_SERVICE : 0);
            byFile.computeIfAbsent(t.file, k -> new ArrayList<>()).add(new IndexFacts.Type(t.fqn, t.graphName, t.file, flags,
                    t.line, t.path, t.supertypes, t.superclass, t.methods.stream().map(MethodInfo::facts).toList()));
        }
        List<IndexFacts.File> out = new ArrayList<>();
        for (IndexFacts.File f : files) {
            out.add(new IndexFacts.File(f.file(), f.syntheticClass(), f.graphClass(), byFile.getOrDefault(f.file(), List.of())));
        }
        return out;
    }

    /**
     * The files (other than the scanned one) whose trees a scan read through this index: {@code bodies}
     * for code, which the scan depends on; {@code signatures} for declarations only, which it does not
     * (a change there re-analyses everything) but which an incremental update parses ahead for it.
     */
    record Reads(Set<String> bodies, Set<String> signatures) {
        static final Reads NONE = new Reads(Set.of(), Set.of());
    }

    /** Runs {@code work}, returning the files (other than {@code own}) whose trees it read through this index. */
    static Reads recordingReads(String own, Runnable work) {
        Set<String> previous = READS.get();
        Set<String> previousSignatures = SIGNATURES.get();
        Set<String> reads = new java.util.HashSet<>();
        Set<String> signatures = new java.util.HashSet<>();
        READS.set(reads);
        SIGNATURES.set(signatures);
        try {
            work.run();
        } finally {
            READS.set(previous);
            SIGNATURES.set(previousSignatures);
        }
        reads.remove(own);
        signatures.remove(own);
        signatures.removeAll(reads);
        return new Reads(reads, signatures);
    }

    /** A memoised answer with the files whose trees computing it read. */
    record Remembered<V>(V value, Set<String> reads) {}

    /**
     * A memo shared by the scans of several files whose answers come from other files' trees: a
     * scan that gets an answer from the memo has read those trees as much as the scan that computed
     * it, and is recorded so (an incremental run re-scans it when one of them changes).
     */
    static <K, V> V remembered(Map<K, Remembered<V>> memo, K key, java.util.function.Function<K, V> compute) {
        Remembered<V> r = memo.get(key);
        if (r == null) {
            Set<String> outer = READS.get();
            Set<String> inner = new java.util.HashSet<>();
            READS.set(inner);
            V value;
            try {
                value = compute.apply(key);
            } finally {
                READS.set(outer);
            }
            r = new Remembered<>(value, Set.copyOf(inner));
            memo.put(key, r);
        }
        Set<String> reads = READS.get();
        if (reads != null) reads.addAll(r.reads());
        return r.value();
    }

    private void reading(String file) {
        Set<String> reads = READS.get();
        if (reads != null) reads.add(file);
    }

    private void readingSignature(String file) {
        Set<String> signatures = SIGNATURES.get();
        if (signatures != null) signatures.add(file);
    }

    /** Called with every unit parsed on demand (the symbol solver must be attached to it). */
    void onLoad(java.util.function.Consumer<CompilationUnit> action) { this.onLoad = action; }

    /** Parses a file on demand and attaches its trees to the index entries read from the cache. */
    private synchronized void load(String file) {
        if (!loaded.add(file)) return;
        try {
            CompilationUnit cu = loader.load(file);
            String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
            for (TypeDeclaration<?> t : cu.getTypes()) bind(t, pkg.isEmpty() ? "" : pkg + ".", cu, file, null);
            onLoad.accept(cu);
        } catch (RuntimeException e) {
            // Remembered as well as thrown: the resolvers recover from their own failures and might swallow it.
            unavailable = e instanceof IncrementalUnavailable ? e.getMessage() : file + " cannot be parsed again";
            throw e instanceof IncrementalUnavailable u ? u : new IncrementalUnavailable(unavailable);
        }
    }

    /** Why a tree asked for could not be had (the index then cannot stand for a full one), if so. */
    Optional<String> unavailable() { return Optional.ofNullable(unavailable); }

    private void bind(TypeDeclaration<?> t, String prefix, CompilationUnit cu, String file, TypeInfo outer) {
        String fqn = prefix + t.getNameAsString();
        TypeInfo info = byFqn.get(fqn);
        if (info != null && info.file.equals(file) && info.decl == null) {
            info.decl = t;
            info.unit = cu;
            List<CallableDeclaration<?>> callables = new ArrayList<>();
            for (BodyDeclaration<?> m : t.getMembers()) {
                if (m instanceof MethodDeclaration || m instanceof ConstructorDeclaration) callables.add((CallableDeclaration<?>) m);
            }
            List<MethodInfo> declared = info.methods.stream().filter(m -> !m.implicit).toList();
            if (declared.size() != callables.size()) {
                throw new IncrementalUnavailable(file + " no longer declares what the cached index says");
            }
            for (int i = 0; i < callables.size(); i++) {
                declared.get(i).decl = callables.get(i);
                byCallable.put(callables.get(i), declared.get(i));
            }
        } else {
            // A second declaration of a name some other file declares first: known by its tree only, as in a full index.
            String graph = outer != null ? outer.graphName + "$" + t.getNameAsString() : fqn;
            info = new TypeInfo(this, fqn, graph, t, cu, file);
        }
        byDecl.put(t, info);
        for (BodyDeclaration<?> m : t.getMembers()) {
            if (m instanceof TypeDeclaration<?> nested) bind(nested, fqn + ".", cu, file, info);
        }
    }

    /** Supertypes and methods of a type indexed from its tree. */
    private void linkFromTree(TypeInfo t) {
        linkSupertypes(t);
        for (MethodInfo m : declaredMethods(t, Integer.MAX_VALUE)) addMethod(t, m);
    }

    private void linkSupertypes(TypeInfo t) {
        List<String> supers = new ArrayList<>();
        if (t.decl instanceof ClassOrInterfaceDeclaration c) {
            for (ClassOrInterfaceType st : c.getExtendedTypes()) {
                String r = resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope());
                supers.add(r);
                if (!c.isInterface()) t.superclass = r;
            }
            for (ClassOrInterfaceType st : c.getImplementedTypes()) {
                supers.add(resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope()));
            }
        } else if (t.decl instanceof EnumDeclaration e) {
            for (ClassOrInterfaceType st : e.getImplementedTypes()) {
                supers.add(resolveTypeName(st.getNameWithScope(), t.decl).orElse(st.getNameWithScope()));
            }
        }
        t.supertypes = List.copyOf(supers);
        for (String s : supers) directSubtypes.computeIfAbsent(s, k -> new ArrayList<>()).add(t.fqn);
    }

    /** A unit to index: its tree, its file, and for a JSP the graph's class name of its synthetic class. */
    record UnitSource(CompilationUnit unit, String file, String syntheticClass, String graphClass) {}

    private void index(TypeDeclaration<?> t, String prefix, UnitSource u, TypeInfo outer) {
        String fqn = prefix + t.getNameAsString();
        String graph = fqn;
        if (u.syntheticClass() != null && (fqn.equals(u.syntheticClass()) || t.getNameAsString().equals(u.syntheticClass()))
                && outer == null) {
            graph = u.graphClass();
        } else if (outer != null) {
            // Binary names for nested types, as class files (and so the bytecode front end) spell them.
            graph = outer.graphName + "$" + t.getNameAsString();
        }
        TypeInfo info = new TypeInfo(this, fqn, graph, t, u.unit(), u.file());
        byFqn.putIfAbsent(fqn, info);
        byDecl.put(t, info);
        byGraph.putIfAbsent(graph, info);
        for (BodyDeclaration<?> m : t.getMembers()) {
            if (m instanceof TypeDeclaration<?> nested) index(nested, fqn + ".", u, info);
        }
    }

    /**
     * The type's methods and constructors in declaration order (the implicit constructor last), their
     * parameter types resolved seeing the supertypes of the types linked up to {@code horizon}; only reads
     * the index.
     */
    private List<MethodInfo> declaredMethods(TypeInfo t, int horizon) {
        List<MethodInfo> out = new ArrayList<>();
        boolean hasConstructor = false;
        for (BodyDeclaration<?> m : t.decl.getMembers()) {
            if (m instanceof MethodDeclaration md) {
                out.add(method(t, md, md.getNameAsString(), horizon));
            } else if (m instanceof ConstructorDeclaration cd) {
                out.add(method(t, cd, "<init>", horizon));
                hasConstructor = true;
            }
        }
        if (!hasConstructor && !t.isInterface()) out.add(new MethodInfo(new MethodRef(t.graphName, "<init>", List.of()), t, null));
        return out;
    }

    private MethodInfo method(TypeInfo t, CallableDeclaration<?> d, String name, int horizon) {
        List<String> params = new ArrayList<>();
        for (Parameter p : d.getParameters()) params.add(erasure(p.getType(), d, horizon) + (p.isVarArgs() ? "[]" : ""));
        return new MethodInfo(new MethodRef(t.graphName, name, params), t, d);
    }

    private void addMethod(TypeInfo t, MethodInfo info) {
        t.methods.add(info);
        // The implicit constructor is no declaration and no method a call can be named after.
        if (info.implicit) return;
        byCallable.put(info.decl, info);
        methodsByName.computeIfAbsent(info.ref.name(), k -> new ArrayList<>()).add(info);
    }

    /** The erased, fully qualified (when resolvable) spelling of a declared type. */
    String erasure(Type type, Node context) {
        return erasure(type, context, Integer.MAX_VALUE);
    }

    private String erasure(Type type, Node context, int horizon) {
        if (type.isPrimitiveType()) return type.asString();
        if (type.isArrayType()) return erasure(type.asArrayType().getComponentType(), context, horizon) + "[]";
        if (type.isClassOrInterfaceType()) {
            String n = type.asClassOrInterfaceType().getNameWithScope();
            if (isTypeParameter(n, context)) return "java.lang.Object";
            return resolveTypeName(n, context, horizon).map(this::binaryName).orElse(n);
        }
        return type.asString();
    }

    /** The class-file spelling of a type: {@code Outer$Inner} for nested types. */
    String binaryName(String fqn) {
        TypeInfo app = byFqn.get(fqn);
        if (app != null) return app.graphName;
        return loadClass(fqn).map(Class::getName).orElse(fqn);
    }

    static boolean isTypeParameter(String name, Node context) {
        for (Node n = context; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof CallableDeclaration<?> c && c.getTypeParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) return true;
            if (n instanceof ClassOrInterfaceDeclaration c && c.getTypeParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))) return true;
        }
        return false;
    }

    @Override public Optional<TypeInfo> type(String fqn) { return Optional.ofNullable(fqn == null ? null : byFqn.get(fqn)); }

    Optional<TypeInfo> typeOf(TypeDeclaration<?> decl) { return Optional.ofNullable(byDecl.get(decl)); }

    Optional<MethodInfo> methodOf(CallableDeclaration<?> decl) { return Optional.ofNullable(byCallable.get(decl)); }

    Collection<TypeInfo> all() { return byFqn.values(); }

    /** The value of a JAX-RS {@code @Path} annotation on a declaration, when it is a string literal. */
    static Optional<String> pathOf(com.github.javaparser.ast.nodeTypes.NodeWithAnnotations<?> d) {
        for (com.github.javaparser.ast.expr.AnnotationExpr a : d.getAnnotations()) {
            if (!a.getNameAsString().equals("Path") && !a.getNameAsString().endsWith(".Path")) continue;
            com.github.javaparser.ast.expr.Expression v = null;
            if (a instanceof com.github.javaparser.ast.expr.SingleMemberAnnotationExpr s) v = s.getMemberValue();
            if (a instanceof com.github.javaparser.ast.expr.NormalAnnotationExpr n) {
                for (com.github.javaparser.ast.expr.MemberValuePair p : n.getPairs()) {
                    if (p.getNameAsString().equals("value")) v = p.getValue();
                }
            }
            if (v != null && v.isStringLiteralExpr()) return Optional.of(v.asStringLiteralExpr().asString());
        }
        return Optional.empty();
    }

    // ---- ProgramView ----

    @Override public Iterable<TypeInfo> allTypes() { return byFqn.values(); }

    @Override public String name(TypeInfo type) { return type.fqn; }

    @Override public String simpleName(TypeInfo type) { return type.simpleName(); }

    @Override public boolean isInterface(TypeInfo type) { return type.isInterface; }

    @Override public boolean isAbstractType(TypeInfo type) { return type.isAbstract; }

    @Override public boolean isFinalType(TypeInfo type) { return type.isFinal; }

    @Override public Optional<TypeInfo> superclass(TypeInfo type) { return type(type.superclass); }

    @Override public Optional<String> typePath(TypeInfo type) { return Optional.ofNullable(type.path); }

    @Override public boolean webServiceEndpoint(TypeInfo type) { return type.webService && !type.isAbstract; }

    @Override public List<MethodInfo> methods(TypeInfo type) { return type.methods; }

    /** Sources are matched by arity (the receiver's argument types are not always known). */
    @Override public Optional<MethodInfo> declaration(TypeInfo start, Callee callee) {
        return findInHierarchy(start, callee.name(), callee.arity());
    }

    @Override public Optional<MethodInfo> implementation(TypeInfo start, Callee callee) {
        return concreteInClassChain(start, callee.name(), callee.arity());
    }

    /**
     * Same arity and, parameter by parameter, the same simple type name ({@code Object} matching
     * anything: an erased type variable): an overload of the same arity in a subclass is no override.
     */
    @Override public boolean overrides(MethodInfo candidate, MethodInfo declared) {
        if (candidate.arity != declared.arity) return false;
        for (int i = 0; i < candidate.arity; i++) {
            String x = simpleTypeName(candidate.ref.parameterTypes().get(i));
            String y = simpleTypeName(declared.ref.parameterTypes().get(i));
            if (!x.equals(y) && !x.equals("Object") && !y.equals("Object")) return false;
        }
        return true;
    }

    private static String simpleTypeName(String t) {
        int i = t.lastIndexOf('.');
        return i < 0 ? t : t.substring(i + 1);
    }

    @Override public io.wanlint.analyzer.api.MethodRef ref(MethodInfo method) { return method.ref; }

    @Override public TypeInfo owner(MethodInfo method) { return method.owner; }

    @Override public boolean compilerMade(MethodInfo method) { return method.implicit; }

    @Override public boolean isAbstract(MethodInfo method) { return method.isAbstract; }

    @Override public boolean isStatic(MethodInfo method) { return method.isStatic; }

    @Override public boolean isPublic(MethodInfo method) { return method.isPublic; }

    @Override public boolean isPrivate(MethodInfo method) { return method.isPrivate; }

    @Override public List<String> annotationNames(MethodInfo method) { return method.annotations; }

    @Override public Optional<String> methodPath(MethodInfo method) { return Optional.ofNullable(method.path); }

    /** The declaration of an application type by name, for the symbol solver (parsed on first use). */
    Optional<TypeDeclaration<?>> declaration(String fqn) {
        TypeInfo t = byFqn.get(fqn);
        return t == null ? Optional.empty() : Optional.ofNullable(t.decl());
    }

    /** Whether some application method has this name (calls to other names never reach app code). */
    boolean declaresMethodNamed(String name) { return methodsByName.containsKey(name); }

    /** Every application method with this name (for best-effort resolution when the receiver is unknown). */
    List<MethodInfo> methodsNamed(String name) { return methodsByName.getOrDefault(name, List.of()); }

    /** The type whose graph class name is {@code graphName}. */
    Optional<TypeInfo> byGraphName(String graphName) {
        return Optional.ofNullable(byGraph.get(graphName));
    }

    /** The method named {@code name} accepting {@code argc} arguments, searched in the type and then its supertypes. */
    Optional<MethodInfo> findInHierarchy(TypeInfo start, String name, int argc) {
        for (String t : selfAndAncestors(start.fqn)) {
            Optional<TypeInfo> ti = type(t);
            if (ti.isEmpty()) continue;
            List<MethodInfo> ms = ti.get().methods(name, argc);
            if (!ms.isEmpty()) return Optional.of(exactArityFirst(ms, argc));
        }
        return Optional.empty();
    }

    /** The implementation a class inherits or declares: the first concrete method up its superclass chain. */
    @Override public Optional<MethodInfo> concreteInClassChain(TypeInfo start, String name, int argc) {
        TypeInfo t = start;
        for (int guard = 0; t != null && guard < 50; guard++) {
            for (MethodInfo m : t.methods(name, argc)) if (!m.isAbstract) return Optional.of(m);
            t = t.superclass == null ? null : byFqn.get(t.superclass);
        }
        return Optional.empty();
    }

    private static MethodInfo exactArityFirst(List<MethodInfo> ms, int argc) {
        for (MethodInfo m : ms) if (m.arity == argc) return m;
        return ms.get(0);
    }

    /** Whether the type exists: an application type, a class on the analyzer's classpath, or a known API type. */
    boolean isKnown(String fqn) {
        return byFqn.containsKey(fqn) || generatedViews.contains(fqn) || loadClass(fqn).isPresent() || classifier.knowsType(fqn);
    }

    /**
     * EJB views the component model names that no source declares: interfaces XDoclet (or another
     * build step) generated. They are types of the application without members, so that a variable
     * declared with one resolves (through a wildcard import or the same package too) and its calls
     * reach the bean through the view instead of being taken for a library's.
     */
    private volatile Set<String> generatedViews = Set.of();

    /** A generated home's component view: what its {@code create} and {@code findByPrimaryKey} return. */
    private volatile Map<String, String> generatedHomeProducts = Map.of();

    /** The entities' named queries when known without reading their declarations (an incremental update's, kept from the run before). */
    private volatile NamedQueries namedQueries;

    /**
     * The named queries the entities declare, as the run before read them: they are annotations, which
     * a change re-analysing from scratch covers, so an update need not parse every entity to read them
     * again (HELIUM V: most of a one-file update's parsing).
     */
    void knowNamedQueries(NamedQueries queries) { this.namedQueries = queries; }

    Optional<NamedQueries> knownNamedQueries() { return Optional.ofNullable(namedQueries); }

    void knowGeneratedViews(io.wanlint.analyzer.api.ComponentModel model) {
        Set<String> views = new java.util.HashSet<>();
        Map<String, String> products = new HashMap<>();
        for (io.wanlint.analyzer.api.Component c : model.components()) {
            for (String v : c.interfaces().all()) if (!byFqn.containsKey(v)) views.add(v);
            io.wanlint.analyzer.api.EjbInterfaces i = c.interfaces();
            if (i.home() != null && i.remote() != null && !byFqn.containsKey(i.home())) products.putIfAbsent(i.home(), i.remote());
            if (i.localHome() != null && i.local() != null && !byFqn.containsKey(i.localHome())) {
                products.putIfAbsent(i.localHome(), i.local());
            }
            // XDoclet's utility object ({0}Util beside the interfaces): getHome() and getLocalHome() return the homes.
            String base = i.home() != null && i.home().endsWith("Home") ? i.home().substring(0, i.home().length() - 4)
                    : i.localHome() != null && i.localHome().endsWith("LocalHome")
                    ? i.localHome().substring(0, i.localHome().length() - 9) : null;
            if (base != null && !byFqn.containsKey(base + "Util")
                    && (i.home() == null || !byFqn.containsKey(i.home())) && (i.localHome() == null || !byFqn.containsKey(i.localHome()))) {
                views.add(base + "Util");
                if (i.home() != null) products.putIfAbsent(base + "Util#getHome", i.home());
                if (i.localHome() != null) products.putIfAbsent(base + "Util#getLocalHome", i.localHome());
            }
        }
        generatedViews = Set.copyOf(views);
        generatedHomeProducts = Map.copyOf(products);
    }

    /**
     * The return type of {@code create…} or {@code findByPrimaryKey} on a generated home (the EJB
     * specification fixes it: the component view), or of {@code getHome()}/{@code getLocalHome()} on
     * XDoclet's generated {@code {0}Util}; empty for other methods and other types.
     */
    Optional<String> generatedHomeReturn(String home, String method) {
        if (method.equals("getHome") || method.equals("getLocalHome")) {
            return Optional.ofNullable(generatedHomeProducts.get(home + "#" + method));
        }
        if (!method.startsWith("create") && !method.equals("findByPrimaryKey")) return Optional.empty();
        return Optional.ofNullable(generatedHomeProducts.get(home));
    }

    /**
     * A type named by the code (an explicit import, a qualified name) that is neither an application
     * type nor on the bundled classpath nor in the API table: a library the analysis cannot see.
     */
    boolean isLibraryOffClasspath(String fqn) {
        return fqn != null && !fqn.isEmpty() && fqn.contains(".") && !PRIMITIVES.contains(fqn) && !byFqn.containsKey(fqn)
                && !isKnown(fqn);
    }

    /** Every transitive subtype among application types (not including {@code fqn}), in a stable order. */
    @Override public List<TypeInfo> subtypes(String fqn) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        ArrayList<String> work = new ArrayList<>(directSubtypes.getOrDefault(fqn, List.of()));
        while (!work.isEmpty()) {
            String s = work.remove(0);
            if (seen.add(s)) work.addAll(directSubtypes.getOrDefault(s, List.of()));
        }
        List<TypeInfo> out = new ArrayList<>();
        for (String s : seen) type(s).ifPresent(out::add);
        return out;
    }

    /** The type followed by all its supertypes (application and library), nearest first. */
    @Override public List<String> selfAndAncestors(String fqn) {
        return ancestors.computeIfAbsent(fqn, k -> {
            LinkedHashSet<String> out = new LinkedHashSet<>();
            ArrayList<String> work = new ArrayList<>(List.of(k));
            while (!work.isEmpty()) {
                String t = work.remove(0);
                if (!out.add(t)) continue;
                TypeInfo app = byFqn.get(t);
                if (app != null) {
                    work.addAll(app.supertypes);
                } else {
                    loadClass(t).ifPresent(c -> {
                        if (c.getSuperclass() != null) work.add(c.getSuperclass().getName().replace('$', '.'));
                        for (Class<?> i : c.getInterfaces()) work.add(i.getName().replace('$', '.'));
                    });
                }
            }
            return List.copyOf(out);
        });
    }

    /** A class of the analyzer's own classpath (JDK and the bundled Java EE / Jakarta APIs). */
    Optional<Class<?>> loadClass(String fqn) {
        if (fqn == null || fqn.isEmpty() || PRIMITIVES.contains(fqn)) return Optional.empty();
        return classpath.computeIfAbsent(fqn, k -> {
            String name = k;
            while (true) {
                try {
                    return Optional.of(Class.forName(name, false, AppTypes.class.getClassLoader()));
                } catch (ClassNotFoundException | LinkageError e) {
                    int dot = name.lastIndexOf('.');
                    if (dot < 0) return Optional.empty();
                    name = name.substring(0, dot) + "$" + name.substring(dot + 1);
                    if (name.indexOf('.') < 0) return Optional.empty();
                }
            }
        });
    }

    /**
     * Resolves a type name as written at {@code context}: nested types of enclosing classes, single
     * imports, the unit's package, on-demand imports, {@code java.lang}, then as a qualified name.
     */
    Optional<String> resolveTypeName(String written, Node context) {
        return resolveTypeName(written, context, Integer.MAX_VALUE);
    }

    /** As {@link #resolveTypeName(String, Node)}, seeing the supertypes of the types linked up to {@code horizon}. */
    private Optional<String> resolveTypeName(String written, Node context, int horizon) {
        String name = stripGenerics(written);
        if (name.isEmpty() || PRIMITIVES.contains(name)) return Optional.of(name);
        String first = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        String rest = name.contains(".") ? name.substring(name.indexOf('.')) : "";
        // Nested types of the enclosing classes (and of their application supertypes).
        Node n = context;
        while (n != null && !(n instanceof TypeDeclaration<?>)) n = n.getParentNode().orElse(null);
        if (n instanceof TypeDeclaration<?> innermost) {
            // While the index links its types, supertypes are still missing: nothing is remembered until it is done.
            Optional<String> enclosing = !linked ? nestedInEnclosing(first, innermost, horizon)
                    : enclosingNames.computeIfAbsent(innermost, k -> new ConcurrentHashMap<>())
                            .computeIfAbsent(first, f -> nestedInEnclosing(f, innermost, Integer.MAX_VALUE));
            if (enclosing.isPresent()) return Optional.of(enclosing.get() + rest);
        }
        // Looked up only now: a name nested in an enclosing class needs no walk to the root.
        Optional<CompilationUnit> cu = (n == null ? context : n).findCompilationUnit();
        if (cu.isEmpty()) return known(name) ? Optional.of(name) : Optional.empty();
        UnitNames unit = resolvedNames.computeIfAbsent(cu.get(), UnitNames::new);
        Optional<String> cached = unit.resolved.get(name);
        if (cached != null) return cached;
        Optional<String> r = resolveInUnit(first, rest, name, unit);
        unit.resolved.put(name, r);
        return r;
    }

    /**
     * The type a simple name written in {@code innermost} means as itself or a nested type of it or of
     * an enclosing type (or of their supertypes), innermost first; empty when none declares it.
     */
    private Optional<String> nestedInEnclosing(String first, TypeDeclaration<?> innermost, int horizon) {
        for (Node n = innermost; n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof TypeDeclaration<?> td) {
                TypeInfo ti = byDecl.get(td);
                if (ti != null) {
                    if (td.getNameAsString().equals(first)) return Optional.of(ti.fqn);
                    Optional<String> nested = nestedIn(ti, first, 0, horizon);
                    if (nested.isPresent()) return nested;
                }
            }
        }
        return Optional.empty();
    }

    private Optional<String> nestedIn(TypeInfo ti, String simple, int depth, int horizon) {
        if (depth > 8) return Optional.empty();
        String candidate = ti.fqn + "." + simple;
        if (byFqn.containsKey(candidate)) return Optional.of(candidate);
        for (String s : visibleSupertypes(ti, horizon)) {
            TypeInfo st = byFqn.get(s);
            if (st != null) {
                Optional<String> r = nestedIn(st, simple, depth + 1, horizon);
                if (r.isPresent()) return r;
            } else if (loadClass(s + "." + simple).isPresent()) {
                return Optional.of(s + "." + simple);
            }
        }
        return Optional.empty();
    }

    /** A type's supertypes as seen from the type linked {@code horizon}-th: none yet for the types linked after it. */
    private static List<String> visibleSupertypes(TypeInfo ti, int horizon) {
        return ti.linkOrder <= horizon ? ti.supertypes : List.of();
    }

    private Optional<String> resolveInUnit(String first, String rest, String whole, UnitNames unit) {
        // The first single-type import whose name is {@code first} or ends with "." + first: {@code first} has no dot.
        String single = unit.singleBySimpleName.get(first);
        if (single != null) return Optional.of(single + rest);
        String pkg = unit.pkg;
        if (byFqn.containsKey(pkg + whole) || generatedViews.contains(pkg + whole)) return Optional.of(pkg + whole);
        if (byFqn.containsKey(pkg + first)) return Optional.of(pkg + whole);
        for (String onDemand : unit.onDemand) {
            String candidate = onDemand + "." + whole;
            if (known(candidate)) return Optional.of(candidate);
        }
        if (loadClass("java.lang." + whole).isPresent()) return Optional.of("java.lang." + whole);
        if (whole.contains(".") && known(whole)) return Optional.of(whole);
        return Optional.empty();
    }

    /** The plain definition of {@link #resolveInUnit}, reading the unit's imports one by one (tests compare both). */
    Optional<String> resolveInUnitByImports(String first, String rest, String whole, CompilationUnit cu) {
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isStatic() || imp.isAsterisk()) continue;
            String in = imp.getNameAsString();
            if (in.equals(first) || in.endsWith("." + first)) return Optional.of(in + rest);
        }
        String pkg = cu.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
        if (byFqn.containsKey(pkg + whole) || generatedViews.contains(pkg + whole)) return Optional.of(pkg + whole);
        if (byFqn.containsKey(pkg + first)) return Optional.of(pkg + whole);
        for (ImportDeclaration imp : cu.getImports()) {
            if (imp.isStatic() || !imp.isAsterisk()) continue;
            String candidate = imp.getNameAsString() + "." + whole;
            if (known(candidate)) return Optional.of(candidate);
        }
        if (loadClass("java.lang." + whole).isPresent()) return Optional.of("java.lang." + whole);
        if (whole.contains(".") && known(whole)) return Optional.of(whole);
        return Optional.empty();
    }

    /** {@link #resolveInUnit} of a written name as {@link #resolveTypeName} splits it, for tests. */
    Optional<String> resolveInUnit(String written, CompilationUnit cu) {
        String[] parts = split(stripGenerics(written));
        return resolveInUnit(parts[0], parts[1], parts[2], new UnitNames(cu));
    }

    /** {@link #resolveInUnitByImports} of a written name, for tests. */
    Optional<String> resolveInUnitByImports(String written, CompilationUnit cu) {
        String[] parts = split(stripGenerics(written));
        return resolveInUnitByImports(parts[0], parts[1], parts[2], cu);
    }

    private static String[] split(String name) {
        int dot = name.indexOf('.');
        return new String[] {dot < 0 ? name : name.substring(0, dot), dot < 0 ? "" : name.substring(dot), name};
    }

    private boolean known(String fqn) { return isKnown(fqn); }

    static String stripGenerics(String name) {
        String n = name.trim();
        int lt = n.indexOf('<');
        if (lt >= 0) n = n.substring(0, lt);
        while (n.endsWith("[]")) n = n.substring(0, n.length() - 2);
        return n.replace("...", "");
    }
}
