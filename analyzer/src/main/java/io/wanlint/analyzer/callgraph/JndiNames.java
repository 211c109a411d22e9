package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.EjbReference;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Resolves the name passed to {@code Context.lookup} the way a container binds it: constant
 * folding over literals and {@code static final String} fields (of any application class), then
 * {@code java:comp/env/ejb/X} through the caller's {@code ejb-ref}s and a global name through the
 * vendor JNDI bindings, falling back to the bean whose home interface has the name's last segment.
 */
final class JndiNames {
    private static final String ENC = "java:comp/env/";

    private final AppTypes types;
    private final ComponentModel model;

    JndiNames(AppTypes types, ComponentModel model) {
        this.types = types;
        this.model = model;
    }

    /** The compile-time value of a string expression, when it is built from literals and constants. */
    Optional<String> constantValue(Expression e) { return constantValue(e, 0); }

    private Optional<String> constantValue(Expression e, int depth) {
        if (depth > 12) return Optional.empty();
        if (e instanceof StringLiteralExpr s) return Optional.of(s.asString());
        if (e instanceof EnclosedExpr en) return constantValue(en.getInner(), depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            Optional<String> l = constantValue(b.getLeft(), depth + 1);
            Optional<String> r = constantValue(b.getRight(), depth + 1);
            return l.isPresent() && r.isPresent() ? Optional.of(l.get() + r.get()) : Optional.empty();
        }
        if (e instanceof com.github.javaparser.ast.expr.ConditionalExpr c && types != null) {
            // lookup(TEST ? "java:comp/env/ejb/TestCart" : "java:comp/env/ejb/Cart"): javac keeps only the live name.
            Optional<Boolean> live = new SourceConstants(types).bool(c.getCondition());
            return live.flatMap(v -> constantValue(v ? c.getThenExpr() : c.getElseExpr(), depth + 1));
        }
        if (e instanceof NameExpr n) {
            return constantField(ReceiverTypes.enclosingTypes(types, n), n.getNameAsString(), depth);
        }
        if (e instanceof FieldAccessExpr f) {
            Optional<String> owner = types.resolveTypeName(f.getScope().toString(), f);
            if (owner.isEmpty()) return Optional.empty();
            return types.type(owner.get()).flatMap(ti -> constantField(List.of(ti), f.getNameAsString(), depth));
        }
        return Optional.empty();
    }

    /** A field in one of {@code owners} or their application supertypes, by its initialiser's constant value. */
    private Optional<String> constantField(List<AppTypes.TypeInfo> owners, String name, int depth) {
        return ReceiverTypes.fieldInHierarchy(types, owners, name)
                .flatMap(f -> f.declarator().getInitializer()).flatMap(init -> constantValue(init, depth + 1));
    }

    /**
     * The component a JNDI name denotes, seen from {@code caller} (null for classes that are not
     * components: then every web component's references are tried, as a helper serves them all).
     */
    Optional<Component> resolve(String jndiName, Component caller) {
        String name = jndiName.trim();
        boolean enc = name.startsWith(ENC);
        String refName = enc ? name.substring(ENC.length()) : name;
        Index index = index();
        Optional<Component> byRef = byReference(index, refName, caller);
        if (byRef.isPresent()) return byRef;
        if (!enc) {
            Component bound = index.byJndiName.get(name);
            if (bound != null) return Optional.of(bound);
        }
        String last = lastSegment(refName);
        return Optional.ofNullable(index.byHome.get(last))
                .or(() -> Optional.ofNullable(index.byBusinessInterface.get(last)))
                .or(() -> Optional.ofNullable(index.ejbByName.get(last)));
    }

    /**
     * Lookups happen in every servlet and helper of a large application: the references and
     * bindings are indexed once per build (a scan per lookup made big applications quadratic).
     */
    private record Index(Map<String, Denoted> refsByName, Map<String, Component> byJndiName,
                         Map<String, Component> byHome, Map<String, Component> byBusinessInterface,
                         Map<String, Component> ejbByName) {}

    /**
     * What the references of one name denote: the first that names a known bean, web components'
     * before the others', and per list of references (by identity: the components of a web module
     * share theirs) the first of that list's. Which bean a reference names does not depend on who
     * declares it, so the caller's own references come first by looking its list up, and otherwise
     * the first of all answers (the caller's own, tried again, would name nothing again).
     */
    private record Denoted(Component first, Map<List<EjbReference>, Component> byList) {}

    private Index index;

    private Index index() {
        if (index != null) return index;
        Map<String, Component> firsts = new HashMap<>();
        Map<String, Map<List<EjbReference>, Component>> byList = new HashMap<>();
        Map<String, Component> jndi = new HashMap<>();
        Map<String, Component> homes = new HashMap<>();
        Map<String, Component> business = new HashMap<>();
        Map<String, Component> ejbs = new HashMap<>();
        // Every component of a web module carries the module's whole list (the same list): each list is read once.
        Map<String, String> keys = new HashMap<>();
        Set<List<EjbReference>> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (int rank = 0; rank < 2; rank++) {
            for (Component c : model.components()) {
                if (c.kind().isWeb() != (rank == 0) || !seen.add(c.ejbRefs())) continue;
                for (EjbReference r : c.ejbRefs()) {
                    if (r.name() == null) continue;
                    String key = keys.computeIfAbsent(r.name(), JndiNames::refKey);
                    Map<List<EjbReference>, Component> ofKey = byList.computeIfAbsent(key, k -> new IdentityHashMap<>());
                    Optional<Component> named = denoted(r);
                    if (named.isEmpty()) continue;
                    firsts.putIfAbsent(key, named.get());
                    ofKey.putIfAbsent(c.ejbRefs(), named.get());
                }
            }
        }
        Map<String, Denoted> refs = new HashMap<>();
        byList.forEach((key, lists) -> refs.put(key, new Denoted(firsts.get(key), lists)));
        for (Component c : model.components()) {
            if (!c.kind().isEjb()) continue;
            if (c.jndiName() != null) jndi.putIfAbsent(c.jndiName(), c);
            if (c.localJndiName() != null) jndi.putIfAbsent(c.localJndiName(), c);
        }
        // Home names first, then business interfaces, then ejb-names: the order a container's defaults suggest.
        for (Component c : model.components()) {
            if (!c.kind().isEjb()) continue;
            if (c.interfaces().home() != null) homes.putIfAbsent(simple(c.interfaces().home()), c);
            if (c.interfaces().localHome() != null) homes.putIfAbsent(simple(c.interfaces().localHome()), c);
            for (String b : c.interfaces().remoteBusiness()) business.putIfAbsent(simple(b), c);
            for (String b : c.interfaces().localBusiness()) business.putIfAbsent(simple(b), c);
            ejbs.putIfAbsent(c.name(), c);
        }
        index = new Index(refs, jndi, homes, business, ejbs);
        return index;
    }

    /** The bean a reference names: its resolved target, else its ejb-link's. */
    private Optional<Component> denoted(EjbReference r) {
        if (r.target() != null) {
            Optional<Component> t = model.byName(r.target());
            if (t.isPresent()) return t;
        }
        if (r.ejbLink() != null) {
            String link = r.ejbLink().contains("#") ? r.ejbLink().substring(r.ejbLink().indexOf('#') + 1) : r.ejbLink();
            return model.byName(link);
        }
        return Optional.empty();
    }

    /** Reference names compare without {@code java:comp/env/} and without case. */
    private static String refKey(String declared) {
        String d = declared.startsWith(ENC) ? declared.substring(ENC.length()) : declared;
        return d.toLowerCase(Locale.ROOT);
    }

    /** The caller's own reference first, then web components' (a helper serves them all), then the rest. */
    private Optional<Component> byReference(Index index, String refName, Component caller) {
        Denoted denoted = index.refsByName.get(refKey(refName));
        if (denoted == null) return Optional.empty();
        Component own = caller == null ? null : denoted.byList.get(caller.ejbRefs());
        return Optional.ofNullable(own != null ? own : denoted.first);
    }

    private static String lastSegment(String name) {
        String n = name;
        int bang = n.indexOf('!');
        if (bang >= 0) n = n.substring(0, bang);
        int slash = Math.max(n.lastIndexOf('/'), n.lastIndexOf(':'));
        return slash >= 0 ? n.substring(slash + 1) : n;
    }

    private static String simple(String fqn) {
        if (fqn == null) return "";
        int i = fqn.lastIndexOf('.');
        return i < 0 ? fqn : fqn.substring(i + 1);
    }
}
