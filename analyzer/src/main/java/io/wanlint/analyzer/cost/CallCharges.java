package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.CostTable;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.analyzer.api.ComponentKind;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cost table (docs/cost-model.md §Cost table) applied to one call made from a current site: whether it crosses sites, what
 * one execution costs, and where the walk goes next. Pure function of (edge, current site), which
 * is what lets {@link CostEngine} compute each method body once per site.
 */
final class CallCharges {
    /** How a crossing call enters the count. */
    enum Counting {
        /** unit cost × the number of times the call runs per request. */
        PER_EXECUTION,
        /** listed to explain the count, contributes 0 (cached call, further result-set batches). */
        EXPLAINED_ONLY,
        /** a JPA write, sent at the flush at commit: contributes 0 itself and makes that flush count once. */
        DEFERRED_TO_FLUSH,
        /**
         * a CMP entity's state loaded for a call on its component interface: per execution when the
         * call runs in a transaction of its own, 0 inside a caller's transaction (the finder loaded it).
         */
        CMP_LOAD,
        /**
         * a CMP entity's state written at commit after a call that set a field: per execution when the
         * call runs in a transaction of its own, else once per (bean, transaction).
         */
        CMP_STORE,
        /**
         * a setter on a JPA entity: when the entry point also loads entities through the persistence
         * context (find, query), the change is written by the flush at commit (dirty checking), which
         * then counts once; contributes 0 itself.
         */
        DIRTY_FIELD,
        /**
         * an edge cache's miss on an entity ({@link EdgeCacheCharges}): once per (entity, transaction), per execution
         * when the call runs in a transaction of its own; 0 when a finder of the same transaction loaded the entity.
         */
        CACHE_MISS,
        /** a finder or query at the cache's back end: per execution, and it loads the entities it returns. */
        CACHE_FINDER,
        /**
         * the commit of a transaction that touched cached entities: once per execution of the method that starts the
         * transaction, per execution of the call when it shares no transaction.
         */
        CACHE_COMMIT,
        /**
         * as {@link #CACHE_COMMIT}, but 0 for a call that shares no transaction: a read that missed, a finder or a query
         * has just fetched the current state, so its own transaction has nothing to ship or validate.
         */
        CACHE_COMMIT_IN_TRANSACTION
    }

    /**
     * What a crossing call costs per execution, and why.
     *
     * @param entity the entity a per-transaction charge is kept for ({@link Counting#CACHE_MISS}), else null
     */
    record Charge(String toSite, int unitCost, String reason, Counting counting, String entity) {
        Charge(String toSite, int unitCost, String reason, Counting counting) { this(toSite, unitCost, reason, counting, null); }

        Charge cached() {
            return new Charge(toSite, unitCost, reason + "; cached, runs once per component instance (0 per request)",
                    Counting.EXPLAINED_ONLY);
        }
    }

    private final Topology topology;
    private final CostTable costs;
    private final CostEngine engine;
    /** The edge cache's charges of entity accesses, null without a cache. */
    private final EdgeCacheCharges cache;

    CallCharges(Topology topology, CostEngine engine) {
        this.topology = topology;
        this.costs = topology.costs();
        this.engine = engine;
        this.cache = topology.cache() == null ? null : new EdgeCacheCharges(topology, engine);
    }

    /** The call as a step of the walk from {@code current}. */
    CostEngine.Step step(CallEdge e, String current) {
        if (cache != null && !e.cachedOnce()) {
            Optional<CostEngine.Step> cached = cache.step(e, current);
            if (cached.isPresent()) return cached.get();
        }
        Charge charge = charge(e, current);
        Optional<Component> copy = readOnlyCopy(e, current);
        if (copy.isPresent()) {
            // The read-mostly pattern: a read-only entity is deployed where it is read, and its copy
            // answers from the container's cache, so neither the call nor the bean's loads reach
            // across sites per request.
            return new CostEngine.Step(e, charge == null ? null : new Charge(charge.toSite(), charge.unitCost(), charge.reason()
                    + "; answered by the read-only copy of " + copy.get().name() + " at " + current
                    + " from its cache (0 per request)", Counting.EXPLAINED_ONLY), List.of(), null);
        }
        List<Charge> persistence = containerPersistence(e, current);
        if (e.cachedOnce()) {
            persistence = persistence.stream().map(Charge::cached).toList();
            // Runs once per component instance (initialiser, null-checked field): nothing per request,
            // including whatever the callee does, so the walk does not follow it either.
            return new CostEngine.Step(e, charge == null ? null : charge.cached(), persistence, null);
        }
        CostEngine.State next = null;
        if (e.to() != null) {
            switch (e.kind()) {
                case LOCAL -> next = new CostEngine.State(e.to(), current);
                case REMOTE_EJB, LOCAL_EJB -> next = new CostEngine.State(e.to(), ejbSite(e, current));
                default -> { /* API calls: the database, broker or external service does the work */ }
            }
        }
        return new CostEngine.Step(e, charge, persistence, next);
    }

    /**
     * The read-only BMP entity (declared so in a vendor descriptor) a read from another site goes to:
     * a getter, a finder, or the JNDI lookup of its home; or the cached JPA entity a find by id reads. Such an entity has a copy on every site
     * that reads it (the read-mostly pattern, docs/rules.md §Research background); writes are not answered by a copy.
     */
    private Optional<Component> readOnlyCopy(CallEdge e, String current) {
        // A JPA entity the second-level cache serves (@Cacheable, Hibernate's READ_ONLY cache) is found by id in
        // the cache of the caller's own persistence unit; its queries still reach the database (no query cache
        // is declared for them).
        boolean jpaFind = e.kind() == EdgeKind.JPA && e.op() == CallOp.JPA_FIND;
        boolean read = e.kind() == EdgeKind.JNDI_LOOKUP || jpaFind
                || e.kind().isEjb() && (e.op() == CallOp.ENTITY_GET || e.op() == CallOp.HOME_FIND);
        if (!read) return Optional.empty();
        return engine.targetOf(e)
                // CMP copies are charged by the container's work instead (isReplicated): finders query.
                .filter(c -> c.readOnly() && (jpaFind ? c.kind() == ComponentKind.JPA_ENTITY : c.kind() == ComponentKind.ENTITY_BMP))
                .filter(c -> !engine.siteOf(c).equals(current));
    }

    /**
     * The database work the container does for a call into a CMP entity bean: a CMP bean has no
     * persistence code to follow, so its SQL is charged at the call, from the bean's site to the
     * database's (nothing when they share a site). A finder is one query that also loads the beans
     * it returns (the default of WebLogic's finders-load-bean and JBoss's read-ahead), {@code create}
     * one insert, {@code remove} one delete; a call on the component interface needs the state
     * loaded and, when it sets a field, stored at commit ({@link Counting#CMP_LOAD},
     * {@link Counting#CMP_STORE}: how often depends on the transaction, decided per entry point).
     * BMP beans need nothing here: their ejbFind/ejbCreate/ejbLoad/ejbStore code is walked.
     * A read-only CMP bean ({@link #isReplicated}) runs on the caller's site and keeps its state
     * cached across transactions: its finders still query the database, its getters load nothing.
     */
    private List<Charge> containerPersistence(CallEdge e, String current) {
        if (!e.kind().isEjb()) return List.of();
        Optional<Component> bean = engine.targetOf(e).filter(c -> c.kind() == ComponentKind.ENTITY_CMP);
        if (bean.isEmpty()) return List.of();
        boolean replicated = isReplicated(bean.get());
        String entitySite = replicated ? current : engine.siteOf(bean.get());
        String db = topology.databaseSite();
        if (entitySite.equals(db)) return List.of();
        String name = bean.get().name();
        int unit = costs.jdbcStatement();
        if (replicated) {
            return e.op() == CallOp.HOME_FIND
                    ? List.of(new Charge(db, unit, "CMP finder of read-only " + name + " (one query; the state is then cached)",
                            Counting.PER_EXECUTION))
                    : List.of();
        }
        return switch (e.op()) {
            case HOME_FIND -> List.of(new Charge(db, unit, "CMP finder of " + name + " (one query; loads the beans it returns)",
                    Counting.PER_EXECUTION));
            case HOME_CREATE -> List.of(new Charge(db, unit, "CMP insert of " + name + " at create()", Counting.PER_EXECUTION));
            case HOME_REMOVE, REMOVE -> List.of(new Charge(db, unit, "CMP delete of " + name + " at remove()",
                    Counting.PER_EXECUTION));
            case ENTITY_GET -> List.of(load(db, unit, name));
            case ENTITY_SET, ENTITY_UPDATE -> List.of(load(db, unit, name), store(db, unit, name));
            // A business method that changes the bean's state is an ENTITY_UPDATE edge already (the
            // call graph's EntityStateWrites); any other only loads.
            case BUSINESS_METHOD -> List.of(load(db, unit, name));
            default -> List.of();
        };
    }

    private static Charge load(String db, int unit, String bean) {
        return new Charge(db, unit, "CMP load of " + bean, Counting.CMP_LOAD);
    }

    private static Charge store(String db, int unit, String bean) {
        return new Charge(db, unit, "CMP store at commit of " + bean, Counting.CMP_STORE);
    }

    private Charge charge(CallEdge e, String current) {
        return switch (e.kind()) {
            case REMOTE_EJB, LOCAL_EJB -> ejbCall(e, current);
            case JNDI_LOOKUP -> lookup(e, current);
            case JDBC -> jdbc(e.op(), current);
            case JPA -> jpa(e.op(), current);
            case JMS_SEND -> crossing(current, topology.brokerSite(), costs.jmsSend(),
                    "JMS send to the broker (the consumer's work is off the path)");
            case HTTP_EXTERNAL -> isTls(e)
                    ? crossing(current, externalSite(e), costs.outboundHttps(), "outbound HTTPS / SOAP call")
                    : crossing(current, externalSite(e), costs.outboundHttp(),
                            io.wanlint.analyzer.callgraph.ApiCallClassifier.UNKNOWN_PROTOCOL.equals(e.targetComponent())
                                    ? "outbound call of unknown protocol (HTTP assumed)" : "outbound HTTP / SOAP call");
            case SOCKET -> crossing(current, externalSite(e), costs.externalRequest(), "request to an external socket peer");
            case MAIL -> crossing(current, externalSite(e), costs.externalRequest(), "request to a mail server");
            case RMI -> crossing(current, externalSite(e), costs.externalRequest(), "RMI call to an external server");
            case LOCAL -> e.op() == CallOp.INVOKE ? jpaEntitySetter(e, current) : transactionEnd(e.op(), current);
        };
    }

    private Charge ejbCall(CallEdge e, String current) {
        String target = ejbSite(e, current);
        return switch (e.op()) {
            case HOME_CREATE -> crossing(current, target, costs.homeOperation(), "create() on a remote home");
            case HOME_FIND -> crossing(current, target, costs.homeOperation(), "finder on a remote home");
            case HOME_REMOVE -> crossing(current, target, costs.homeOperation(), "remove() on a remote home");
            case HOME_METHOD -> crossing(current, target, costs.homeOperation(), "home method on a remote home");
            case ENTITY_GET -> crossing(current, target, costs.remoteEjbCall(), "getter on a remote entity bean");
            case ENTITY_SET -> crossing(current, target, costs.remoteEjbCall(), "setter on a remote entity bean");
            case REMOVE -> crossing(current, target, costs.remoteEjbCall(), "remove() on a remote EJB");
            default -> crossing(current, target, costs.remoteEjbCall(), "remote EJB business method");
        };
    }

    /**
     * The callee's site; an EJB the model does not know is assumed on the default site, and a
     * read-only CMP entity runs where it is called ({@link #isReplicated}).
     */
    private String ejbSite(CallEdge e, String current) {
        Optional<Component> target = engine.targetOf(e);
        if (target.isPresent() && isReplicated(target.get())) return current;
        return target.map(engine::siteOf).orElse(topology.defaultSite());
    }

    /**
     * A CMP entity bean declared read-only (JBoss {@code read-only}, WebLogic {@code ReadOnly}): it never
     * writes, so every server that uses it can deploy its own copy, bound in its own naming service,
     * with the state cached across transactions. That is the deployment WAN005's fixes describe (the
     * read-only bean, or the read-only twin of a read-mostly bean, deployed with its callers), so the
     * model charges its calls and lookups from the caller's site, which costs nothing.
     */
    static boolean isReplicated(Component c) {
        return c.readOnly() && c.kind() == ComponentKind.ENTITY_CMP;
    }

    /** Lookups of resources (DataSources, queues) and unknown names are answered locally: 0. */
    private Charge lookup(CallEdge e, String current) {
        Optional<Component> target = engine.targetOf(e);
        if (target.isEmpty() || isReplicated(target.get())) return null;
        return crossing(current, engine.siteOf(target.get()), costs.jndiLookup(), "JNDI lookup of a remote home, uncached");
    }

    private Charge jdbc(CallOp op, String current) {
        String db = topology.databaseSite();
        return switch (op) {
            case JDBC_CONNECTION_POOL -> crossing(current, db, costs.jdbcPooledConnection(), "JDBC connection from a pool");
            case JDBC_CONNECTION_DRIVER_MANAGER -> crossing(current, db, costs.jdbcDriverManagerConnection(),
                    "JDBC connection from DriverManager");
            case JDBC_EXECUTE -> crossing(current, db, costs.jdbcStatement(), "JDBC statement execution");
            case JDBC_COMMIT -> crossing(current, db, costs.jdbcCommit(), "JDBC commit");
            case JDBC_ROLLBACK -> crossing(current, db, costs.jdbcCommit(), "JDBC rollback");
            case JDBC_PREPARE -> crossing(current, db, 0, "JDBC statement preparation (travels with its execution)");
            case JDBC_RESULT_NEXT -> current.equals(db) ? null : new Charge(db, costs.jdbcResultSetBatch(),
                    "JDBC result-set iteration: the first batch comes with the execution; 1 per further batch of "
                            + costs.jdbcFetchSize() + " rows", Counting.EXPLAINED_ONLY);
            default -> null;
        };
    }

    private Charge jpa(CallOp op, String current) {
        String db = topology.databaseSite();
        return switch (op) {
            case JPA_FIND -> crossing(current, db, costs.jpaOperation(), "JPA find");
            case JPA_QUERY -> crossing(current, db, costs.jpaOperation(), "JPA query execution");
            case JPA_BULK_UPDATE -> crossing(current, db, costs.jpaOperation(), "JPA bulk update");
            case JPA_FLUSH -> crossing(current, db, costs.jpaOperation(), "JPA flush");
            case JPA_PERSIST, JPA_MERGE, JPA_REMOVE -> current.equals(db) ? null : new Charge(db, costs.jpaOperation(),
                    "JPA " + op.name().substring(4).toLowerCase(Locale.ROOT) + ", deferred to the flush at commit",
                    Counting.DEFERRED_TO_FLUSH);
            default -> null;
        };
    }

    /** A field set on a JPA entity, which a managed entity's dirty checking writes at the flush. */
    private Charge jpaEntitySetter(CallEdge e, String current) {
        if (e.to() == null || !e.to().name().startsWith("set") || current.equals(topology.databaseSite())) return null;
        boolean entity = engine.componentOfClass(e.to().className()).filter(c -> c.kind() == ComponentKind.JPA_ENTITY).isPresent();
        return entity ? new Charge(topology.databaseSite(), costs.jpaOperation(), "JPA entity field set on "
                + e.to().simpleClassName() + ", written by the flush at commit when the entity is managed", Counting.DIRTY_FIELD) : null;
    }

    /** A {@code UserTransaction} commit from a site other than the database's still reaches it. */
    private Charge transactionEnd(CallOp op, String current) {
        return switch (op) {
            case TX_COMMIT -> crossing(current, topology.databaseSite(), costs.jdbcCommit(), "transaction commit");
            case TX_ROLLBACK -> crossing(current, topology.databaseSite(), costs.jdbcCommit(), "transaction rollback");
            default -> null;
        };
    }

    /** An external endpoint a topology rule places explicitly, else the topology's external site. */
    private String externalSite(CallEdge e) {
        return engine.targetOf(e).flatMap(engine::explicitSiteOf).orElse(topology.externalSite());
    }

    private static boolean isTls(CallEdge e) {
        String target = e.targetComponent() == null ? "" : e.targetComponent().toLowerCase(Locale.ROOT);
        String callee = e.to() == null ? "" : e.to().className();
        return target.startsWith("https:") || callee.contains("Https");
    }

    private static Charge crossing(String from, String to, int unitCost, String reason) {
        return from.equals(to) ? null : new Charge(to, unitCost, reason, Counting.PER_EXECUTION);
    }
}
