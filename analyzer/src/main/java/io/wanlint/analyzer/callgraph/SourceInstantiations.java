package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The source front end's view of what the application instantiates ({@link Instantiation.Facts}):
 * the classes of its {@code new} expressions (JSP pages' {@code useBean} included, as their
 * synthetic servlets write them) and its reflective creations, {@code (T) Class.forName(name).newInstance()}
 * with where {@code name} comes from.
 */
final class SourceInstantiations {
    private SourceInstantiations() {}

    /** Calls that turn a name into a class whose instances {@code newInstance} then makes. */
    private static final Set<String> LOADERS = Set.of("forName", "loadClass");
    /** Calls between loading the class and creating the instance. */
    private static final Set<String> ON_CLASS = Set.of("getConstructor", "getDeclaredConstructor", "asSubclass");
    private static final Set<String> REFLECTIVE_TYPES = Set.of("Class", "Constructor");

    static Instantiation.Facts of(AppTypes types, List<AppTypes.UnitSource> sources, JndiNames jndi, DeploymentNames names) {
        return of(types, sources, jndi, names, true);
    }

    /** The creations and {@code newInstance} calls of one unit, in tree order. */
    record Walked(List<ObjectCreationExpr> creations, List<MethodCallExpr> newInstances) {}

    /**
     * The units' walks, made on the other core while the caller goes on (indexing the types, say): the
     * walks only read the trees, and need nothing else. {@link Walks#join} waits for them.
     */
    static final class Walks {
        private final java.util.concurrent.ForkJoinTask<List<Walked>> task;

        private Walks(List<AppTypes.UnitSource> sources) {
            List<AppTypes.UnitSource> units = List.copyOf(sources);
            this.task = java.util.concurrent.ForkJoinTask.adapt(() -> units.stream().map(s -> walk(s.unit())).toList()).fork();
        }

        List<Walked> join() { return task.join(); }
    }

    /** Starts walking the units ({@link Walks}). */
    static Walks walking(List<AppTypes.UnitSource> sources) { return new Walks(sources); }

    /**
     * As {@link #of(AppTypes, List, JndiNames, DeploymentNames)}; {@code parallel} walks the units and
     * resolves their creations' classes on several threads (both only read the trees and the finished
     * index), the reflective creations are then worked out in unit order on this one.
     */
    static Instantiation.Facts of(AppTypes types, List<AppTypes.UnitSource> sources, JndiNames jndi, DeploymentNames names,
                                  boolean parallel) {
        // One walk of the unit for both questions (a walk of every unit costs as much as the questions).
        List<Walked> walked = (parallel ? sources.parallelStream() : sources.stream()).map(s -> walk(s.unit())).toList();
        return ofWalked(types, walked, jndi, names, parallel);
    }

    /** The facts of the units walked ({@link #walking}). */
    static Instantiation.Facts of(AppTypes types, Walks walks, JndiNames jndi, DeploymentNames names) {
        return ofWalked(types, walks.join(), jndi, names, true);
    }

    private static Instantiation.Facts ofWalked(AppTypes types, List<Walked> walked, JndiNames jndi, DeploymentNames names,
                                                boolean parallel) {
        // The classes created, a set: which thread resolves which unit changes nothing in it.
        List<List<String>> createdByUnit = (parallel ? walked.parallelStream() : walked.stream())
                .map(w -> createdClasses(w, types)).toList();
        Set<String> created = new HashSet<>();
        for (List<String> c : createdByUnit) created.addAll(c);
        List<Instantiation.Reflective> reflective = new ArrayList<>();
        // JndiNames makes its indexes lazily for one thread: the (few) reflective creations are worked out on this one.
        for (Walked w : walked) {
            for (MethodCallExpr call : w.newInstances()) reflective(call, types, jndi).ifPresent(reflective::add);
        }
        return Instantiation.Facts.of(created, reflective, names);
    }

    private static List<String> createdClasses(Walked w, AppTypes types) {
        List<String> out = new ArrayList<>();
        for (ObjectCreationExpr c : w.creations()) {
            types.resolveTypeName(c.getType().getNameWithScope(), c).filter(t -> types.type(t).isPresent()).ifPresent(out::add);
        }
        return out;
    }

    private static Walked walk(Node unit) {
        List<ObjectCreationExpr> creations = new ArrayList<>();
        List<MethodCallExpr> newInstances = new ArrayList<>();
        PreorderWalk.forEach(unit, n -> {
            if (n instanceof ObjectCreationExpr c) creations.add(c);
            else if (n instanceof MethodCallExpr call && call.getNameAsString().equals("newInstance")) newInstances.add(call);
        });
        return new Walked(creations, newInstances);
    }

    /** A {@code newInstance()} on a class or constructor object, with its cast and the class name's origin. */
    private static Optional<Instantiation.Reflective> reflective(MethodCallExpr call, AppTypes types, JndiNames jndi) {
        Expression scope = call.getScope().map(SourceInstantiations::unwrap).orElse(null);
        if (scope == null) return Optional.empty();
        Node callable = call.findAncestor(CallableDeclaration.class).map(n -> (Node) n).orElse(call.findRootNode());
        Optional<MethodCallExpr> loader = loaderOf(scope, callable, 0);
        if (loader.isEmpty() && !(scope instanceof NameExpr n && reflectiveVariable(n.getNameAsString(), callable))) {
            return Optional.empty();
        }
        Instantiation.LoadedName name = loader.filter(l -> l.getArguments().size() >= 1)
                .map(l -> nameOf(l.getArgument(0), callable, jndi, 0))
                .orElse(new Instantiation.Unknown());
        String castTo = null;
        Node parent = call.getParentNode().orElse(null);
        while (parent instanceof EnclosedExpr) parent = parent.getParentNode().orElse(null);
        if (parent instanceof CastExpr cast) {
            castTo = types.resolveTypeName(AppTypes.stripGenerics(cast.getType().asString()), cast).orElse(null);
        }
        return Optional.of(new Instantiation.Reflective(castTo, name));
    }

    /** The {@code Class.forName(…)} / {@code loadClass(…)} call the class object comes from, through a variable at most. */
    private static Optional<MethodCallExpr> loaderOf(Expression e, Node callable, int depth) {
        if (depth > 6) return Optional.empty();
        e = unwrap(e);
        if (e instanceof MethodCallExpr m) {
            if (LOADERS.contains(m.getNameAsString())) return Optional.of(m);
            if (ON_CLASS.contains(m.getNameAsString()) && m.getScope().isPresent()) return loaderOf(m.getScope().get(), callable, depth + 1);
            return Optional.empty();
        }
        if (e instanceof NameExpr n) {
            List<Expression> values = valuesOf(n.getNameAsString(), callable);
            if (values.size() == 1) return loaderOf(values.get(0), callable, depth + 1);
        }
        return Optional.empty();
    }

    /** Where a class name comes from: a constant, an env-entry looked up by a constant name, or unknown. */
    private static Instantiation.LoadedName nameOf(Expression e, Node callable, JndiNames jndi, int depth) {
        e = unwrap(e);
        Optional<String> constant = jndi.constantValue(e);
        if (constant.isPresent()) return new Instantiation.Constant(constant.get());
        if (depth > 6) return new Instantiation.Unknown();
        if (e instanceof MethodCallExpr m && m.getNameAsString().equals("lookup") && m.getArguments().size() == 1) {
            return jndi.constantValue(m.getArgument(0)).<Instantiation.LoadedName>map(Instantiation.EnvEntry::new)
                    .orElse(new Instantiation.Unknown());
        }
        if (e instanceof MethodCallExpr m && m.getNameAsString().equals("getProperty") && m.getArguments().size() >= 1
                && m.getScope().isPresent()) {
            // props.getProperty("dao.class") (with or without a default): the value the properties files give the key.
            return jndi.constantValue(m.getArgument(0)).<Instantiation.LoadedName>map(Instantiation.Property::new)
                    .orElse(new Instantiation.Unknown());
        }
        if (e instanceof NameExpr n) {
            List<Expression> values = valuesOf(n.getNameAsString(), callable);
            if (values.size() == 1) return nameOf(values.get(0), callable, jndi, depth + 1);
        }
        return new Instantiation.Unknown();
    }

    /** The values a local variable is given in the callable (its initialiser and assignments). */
    private static List<Expression> valuesOf(String variable, Node callable) {
        List<Expression> out = new ArrayList<>();
        for (VariableDeclarator d : callable.findAll(VariableDeclarator.class)) {
            if (d.getNameAsString().equals(variable) && d.getInitializer().isPresent() && !d.getInitializer().get().isNullLiteralExpr()) {
                out.add(d.getInitializer().get());
            }
        }
        for (AssignExpr a : callable.findAll(AssignExpr.class)) {
            if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(variable) && !a.getValue().isNullLiteralExpr()) {
                out.add(a.getValue());
            }
        }
        return out;
    }

    /** A local, parameter or field of type {@code Class} or {@code Constructor}. */
    private static boolean reflectiveVariable(String variable, Node callable) {
        for (VariableDeclarator d : callable.findRootNode().findAll(VariableDeclarator.class)) {
            if (d.getNameAsString().equals(variable) && REFLECTIVE_TYPES.contains(rawSimple(d.getType().asString()))) return true;
        }
        for (Parameter p : callable.findAll(Parameter.class)) {
            if (p.getNameAsString().equals(variable) && REFLECTIVE_TYPES.contains(rawSimple(p.getType().asString()))) return true;
        }
        return false;
    }

    private static String rawSimple(String type) {
        String raw = AppTypes.stripGenerics(type);
        return raw.substring(raw.lastIndexOf('.') + 1);
    }

    private static Expression unwrap(Expression e) {
        while (true) {
            if (e instanceof EnclosedExpr en) e = en.getInner();
            else if (e instanceof CastExpr c) e = c.getExpression();
            else return e;
        }
    }
}
