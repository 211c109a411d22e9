package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which entity a JPA / Hibernate operation touches, so that reads and writes can be counted per
 * entity (WAN005): the class literal of {@code find(Product.class, id)}, the static type of the
 * argument of {@code persist(order)}, and the first entity after {@code FROM} (or before the dot of
 * a named query) of the query a {@code getResultList()} executes, followed back through a local
 * variable or a chain of {@code setParameter} calls to its {@code createQuery}. A named query is
 * looked up among the entities' {@code @NamedQuery}s ({@link NamedQueries}) and its JPQL read;
 * only a name no entity declares falls back to the convention that it starts with the entity's
 * name. The bytecode front end answers the same questions from class files
 * ({@code BytecodeJpaTargets}) with the same string-to-entity steps ({@link #entityOfQuery}).
 */
final class JpaEntities {
    private static final Pattern FROM = Pattern.compile("(?i)\\bfrom\\s+([A-Za-z_][\\w.$]*)");
    private static final Pattern UPDATE_OR_DELETE = Pattern.compile("(?i)^\\s*(?:update|delete\\s+from|delete)\\s+([A-Za-z_][\\w.$]*)");
    static final Set<String> QUERY_CONFIG = Set.of("setParameter", "setMaxResults", "setFirstResult",
            "setHint", "setFlushMode", "setLockMode", "setCacheable", "setReadOnly", "setFetchSize");
    static final Set<String> QUERY_FACTORIES = Set.of("createQuery", "createNamedQuery", "createNativeQuery",
            "getNamedQuery", "createSQLQuery");

    private final AppTypes types;
    private final ReceiverTypes receivers;
    private final ComponentModel model;
    private NamedQueries named;
    /** The entities by the names a query may use for them, made on first use (a resolver is one thread's). */
    private EntityNames entityNames;

    JpaEntities(AppTypes types, ReceiverTypes receivers, ComponentModel model) {
        this.types = types;
        this.receivers = receivers;
        this.model = model;
    }

    /** The entity component the operation reads or writes, when the code says which. */
    Optional<String> entityOf(MethodCallExpr call, CallOp op, ReceiverTypes.FileStats stats) {
        return switch (op) {
            case JPA_FIND -> call.getArguments().isEmpty() ? Optional.empty() : classLiteral(call.getArgument(0))
                    .or(() -> call.getArguments().size() > 1 ? classLiteral(call.getArgument(1)) : Optional.empty());
            case JPA_PERSIST, JPA_MERGE, JPA_REMOVE -> call.getArguments().isEmpty() ? Optional.empty()
                    : receivers.typeOf(call.getArgument(0), stats).flatMap(this::entityByClass);
            case JPA_QUERY, JPA_BULK_UPDATE -> call.getScope().flatMap(this::queryText)
                    .flatMap(q -> entityOfQuery(entityNames(), namedQueries(), q, callerClass(call)));
            default -> Optional.empty();
        };
    }

    private Optional<String> classLiteral(Expression e) {
        if (!(e instanceof ClassExpr c)) return Optional.empty();
        return types.resolveTypeName(c.getType().asString(), e).flatMap(this::entityByClass);
    }

    private Optional<String> entityByClass(String fqn) {
        return entityByClass(model, fqn);
    }

    /** The entity component a class is. */
    static Optional<String> entityByClass(ComponentModel model, String fqn) {
        return model.byClass(fqn).filter(c -> c.kind().isEntity()).map(Component::name);
    }

    /** The class whose code makes the call, for choosing among named queries of the same name. */
    private static String callerClass(MethodCallExpr call) {
        return call.findAncestor(com.github.javaparser.ast.body.TypeDeclaration.class)
                .flatMap(t -> ((com.github.javaparser.ast.body.TypeDeclaration<?>) t).getFullyQualifiedName()).orElse(null);
    }

    private EntityNames entityNames() {
        if (entityNames == null) entityNames = EntityNames.of(model);
        return entityNames;
    }

    private NamedQueries namedQueries() {
        if (named == null) named = types.knownNamedQueries().orElseGet(() -> NamedQueries.ofSources(types, model));
        return named;
    }

    /** How a query factory's text is recorded: a named query's name is marked as one. */
    static String queryOf(String factory, String text) {
        return factory.startsWith("createNamed") || factory.equals("getNamedQuery") ? "@named:" + text : text;
    }

    /** The query string passed to the {@code createQuery} whose result {@code e} is. */
    private Optional<String> queryText(Expression e) {
        for (int hops = 0; hops < 8; hops++) {
            if (e instanceof MethodCallExpr m && QUERY_CONFIG.contains(m.getNameAsString()) && m.getScope().isPresent()) {
                e = m.getScope().get();
            } else if (e instanceof MethodCallExpr m && QUERY_FACTORIES.contains(m.getNameAsString()) && !m.getArguments().isEmpty()) {
                String text = literal(m.getArgument(0));
                if (text == null) return Optional.empty();
                return Optional.of(queryOf(m.getNameAsString(), text));
            } else if (e instanceof NameExpr n) {
                Optional<Expression> init = ReceiverTypes.initializer(n.getNameAsString(), n);
                if (init.isEmpty()) return Optional.empty();
                e = init.get();
            } else {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The entity a query reads or writes: the first after {@code UPDATE}/{@code DELETE FROM}, else after
     * {@code FROM}; a named query's JPQL when an entity declares it, else its name's prefix.
     */
    static Optional<String> entityOfQuery(ComponentModel model, NamedQueries namedQueries, String query, String caller) {
        return entityOfQuery(new ScannedEntities(model), namedQueries, query, caller, null);
    }

    /** As {@link #entityOfQuery(ComponentModel, NamedQueries, String, String)}, with the candidates found by {@code entities}. */
    static Optional<String> entityOfQuery(EntityCandidates entities, NamedQueries namedQueries, String query, String caller) {
        return entityOfQuery(entities, namedQueries, query, caller, null);
    }

    /** The entity components a name in a query may mean, in the model's order. */
    interface EntityCandidates {
        /**
         * The entities whose name is {@code simple}, whose class's simple name is {@code simple}, or whose
         * class is {@code name} ({@code simple} being {@code name}'s last part).
         */
        java.util.List<Component> matching(String simple, String name);
    }

    /** The candidates found by going through every component (the definition; the bytecode front end asks few queries). */
    record ScannedEntities(ComponentModel model) implements EntityCandidates {
        @Override public java.util.List<Component> matching(String simple, String name) {
            return model.components().stream().filter(c -> c.kind().isEntity())
                    .filter(c -> c.name().equals(simple) || isSimpleNameOf(simple, c.className()) || c.className().equals(name))
                    .toList();
        }
    }

    /**
     * The candidates looked up by name: the source front end asks for every query it resolves, and going
     * through thousands of components each time was a tenth of a large application's scan.
     */
    static final class EntityNames implements EntityCandidates {
        private final java.util.List<Component> components;
        private final java.util.Map<String, java.util.List<Integer>> byName = new java.util.HashMap<>();
        private final java.util.Map<String, java.util.List<Integer>> bySimpleClassName = new java.util.HashMap<>();
        private final java.util.Map<String, java.util.List<Integer>> byClassName = new java.util.HashMap<>();

        private EntityNames(ComponentModel model) {
            this.components = java.util.List.copyOf(model.components());
            for (int i = 0; i < components.size(); i++) {
                Component c = components.get(i);
                if (!c.kind().isEntity()) continue;
                byName.computeIfAbsent(c.name(), k -> new java.util.ArrayList<>()).add(i);
                String className = c.className();
                // isSimpleNameOf(simple, className) for a dotless simple name: the part after the last dot.
                bySimpleClassName.computeIfAbsent(className.substring(className.lastIndexOf('.') + 1),
                        k -> new java.util.ArrayList<>()).add(i);
                byClassName.computeIfAbsent(className, k -> new java.util.ArrayList<>()).add(i);
            }
        }

        static EntityNames of(ComponentModel model) { return new EntityNames(model); }

        @Override public java.util.List<Component> matching(String simple, String name) {
            java.util.SortedSet<Integer> at = new java.util.TreeSet<>();
            at.addAll(byName.getOrDefault(simple, java.util.List.of()));
            at.addAll(bySimpleClassName.getOrDefault(simple, java.util.List.of()));
            at.addAll(byClassName.getOrDefault(name, java.util.List.of()));
            java.util.List<Component> out = new java.util.ArrayList<>(at.size());
            for (int i : at) out.add(components.get(i));
            return out;
        }
    }

    /**
     * As above; of entities sharing the name the query names (an application analysed with others
     * may reuse an entity's simple name), the one in the package nearest {@code near} is meant: the
     * entity declaring a named query, else the calling class.
     */
    private static Optional<String> entityOfQuery(EntityCandidates entities, NamedQueries namedQueries, String query,
                                                  String caller, String near) {
        String name;
        if (query.startsWith("@named:")) {
            String named = query.substring(7);
            Optional<NamedQueries.Declared> declared = namedQueries.query(named, caller);
            if (declared.isPresent()) {
                return entityOfQuery(entities, NamedQueries.NONE, declared.get().jpql(), caller, declared.get().entityClass());
            }
            int dot = named.indexOf('.');
            if (dot <= 0) return Optional.empty();
            name = named.substring(0, dot);
        } else {
            Matcher m = UPDATE_OR_DELETE.matcher(query);
            if (!m.find()) {
                m = FROM.matcher(query);
                if (!m.find()) return Optional.empty();
            }
            name = m.group(1);
        }
        String simple = name.substring(name.lastIndexOf('.') + 1);
        java.util.List<Component> matching = entities.matching(simple, name);
        String nearest = near != null ? near : caller;
        if (nearest == null) return matching.stream().map(Component::name).findFirst();
        return matching.stream().max(java.util.Comparator.comparingInt(c -> NamedQueries.sharedPrefix(c.className(), nearest)))
                .map(Component::name);
    }

    /** A string literal or a concatenation of literals (other parts are left out), or null. */
    private static String literal(Expression e) {
        if (e instanceof StringLiteralExpr s) return s.getValue();
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            String l = literal(b.getLeft());
            String r = literal(b.getRight());
            if (l == null && r == null) return null;
            return (l == null ? " " : l) + (r == null ? " " : r);
        }
        return null;
    }

    /**
     * {@code className}'s simple name is {@code simple} (which has no dot): {@link Component#simpleClassName()}
     * without making the string, as every JPQL query asks it of every component.
     */
    static boolean isSimpleNameOf(String simple, String className) {
        int start = className.length() - simple.length();
        return className.endsWith(simple) && (start == 0 || className.charAt(start - 1) == '.');
    }
}
