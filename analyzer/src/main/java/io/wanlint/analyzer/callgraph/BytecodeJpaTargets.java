package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.ComponentModel;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.ClassConstant;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.expr.JDynamicInvokeExpr;

import java.util.List;
import java.util.Optional;

/**
 * The bytecode counterpart of {@link JpaEntities}: which entity a persistence call touches, read off
 * the invoke expression and the definitions of its locals — the class constant of
 * {@code find(Order.class, id)}, the type of {@code persist(order)}'s argument (its local's, or the
 * one class it is made or cast as), and the text of the {@code createQuery}/{@code createNamedQuery}
 * the receiver of {@code getResultList()} was made by, through {@code setParameter} chains and
 * locals. The text goes through the same {@link JpaEntities#entityOfQuery} (named queries from the
 * entities' class files), so both front ends name the same entity.
 */
final class BytecodeJpaTargets {
    private static final List<String> PERSISTENCE_PACKAGES = List.of("javax.persistence.", "jakarta.persistence.",
            "org.hibernate.", "net.sf.hibernate.", "cirrus.hibernate.");

    private final BytecodeTypes types;
    private final ComponentModel model;
    private NamedQueries named;

    BytecodeJpaTargets(BytecodeTypes types, ComponentModel model) {
        this.types = types;
        this.model = model;
    }

    /** The entities a call on {@code type} may name; {@link CallSite.JpaNames#NONE} for a call of no persistence API. */
    CallSite.JpaNames of(String type, AbstractInvokeExpr call, BytecodeBodyShape shape, String caller) {
        if (PERSISTENCE_PACKAGES.stream().noneMatch(type::startsWith)) return CallSite.JpaNames.NONE;
        try {
            String found = null;
            String stored = null;
            if (call.getArgCount() >= 1) {
                found = classConstant(call.getArg(0), shape)
                        .or(() -> call.getArgCount() > 1 ? classConstant(call.getArg(1), shape) : Optional.empty())
                        .flatMap(c -> JpaEntities.entityByClass(model, c)).orElse(null);
                stored = staticType(call.getArg(0), shape).flatMap(c -> JpaEntities.entityByClass(model, c)).orElse(null);
            }
            String queried = call instanceof AbstractInstanceInvokeExpr i
                    ? queryText(i.getBase(), shape).flatMap(q -> JpaEntities.entityOfQuery(model, namedQueries(), q, caller)).orElse(null)
                    : null;
            return new CallSite.JpaNames(found, stored, queried);
        } catch (RuntimeException e) {
            return CallSite.JpaNames.NONE;
        }
    }

    private NamedQueries namedQueries() {
        if (named == null) named = NamedQueries.ofClassFiles(types, model);
        return named;
    }

    /** {@code Order.class}, written in place or through a local holding it. */
    private static Optional<String> classConstant(Value v, BytecodeBodyShape shape) {
        Value c = v;
        if (v instanceof Local l && shape.definitionsOf(l).size() == 1) c = shape.definitionsOf(l).get(0);
        if (!(c instanceof ClassConstant k)) return Optional.empty();
        String d = k.getValue();
        if (d.startsWith("L") && d.endsWith(";")) d = d.substring(1, d.length() - 1);
        return Optional.of(d.replace('/', '.'));
    }

    private Optional<String> staticType(Value v, BytecodeBodyShape shape) { return shape.applicationTypeOf(v, types); }

    /** The text of the query a receiver was made by ({@code "@named:…"} for a named one), as {@link JpaEntities} records it. */
    private static Optional<String> queryText(Value receiver, BytecodeBodyShape shape) {
        Value v = receiver;
        for (int hops = 0; hops < 12; hops++) {
            if (v instanceof Local l) {
                List<Value> defs = shape.definitionsOf(l);
                if (defs.size() != 1) return Optional.empty();
                v = defs.get(0);
            } else if (v instanceof JCastExpr c) {
                v = c.getOp();
            } else if (v instanceof AbstractInstanceInvokeExpr call) {
                String name = call.getMethodSignature().getName();
                if (JpaEntities.QUERY_CONFIG.contains(name)) {
                    v = call.getBase();
                } else if (JpaEntities.QUERY_FACTORIES.contains(name) && call.getArgCount() >= 1) {
                    return text(call.getArg(0), shape).map(t -> JpaEntities.queryOf(name, t));
                } else {
                    return Optional.empty();
                }
            } else {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** A constant string, or a compiled concatenation's recipe with a blank for each run-time part (as the source reads it). */
    private static Optional<String> text(Value v, BytecodeBodyShape shape) {
        Value d = v;
        if (v instanceof Local l && shape.definitionsOf(l).size() == 1) d = shape.definitionsOf(l).get(0);
        if (d instanceof StringConstant s) return Optional.of(s.getValue());
        if (d instanceof JDynamicInvokeExpr dyn && dyn.getMethodSignature().getName().equals("makeConcatWithConstants")
                && !dyn.getBootstrapArgs().isEmpty() && dyn.getBootstrapArgs().get(0) instanceof StringConstant recipe) {
            return Optional.of(recipe.getValue().replace('\u0001', ' '));
        }
        return Optional.empty();
    }
}
