package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.MethodHandle;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JDynamicInvokeExpr;
import sootup.core.jimple.common.expr.JSpecialInvokeExpr;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.Body;
import sootup.core.signatures.MethodSignature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bytecode reading of {@link EntityWriteRule} (as {@link EntityStateWrites} is the source's): whether the bean class's implementation of an
 * entity business method changes the bean's state, read from its Jimple body. A store into a
 * field of {@code this} (javac's {@code putfield} on the bean), or a call on {@code this} of an
 * own {@code set…} method, is a write; an own method called on {@code this} is looked into one
 * level deep, and a lambda's {@code lambda$} body counts as part of the method that creates it. Answers are cached per bean method; one build uses it from one thread.
 */
final class BytecodeEntityStateWrites {

    private record Key(String beanClass, MethodRef invoked) {}

    private final BytecodeTypes types;
    private final Function<MethodInfo, Optional<Body>> bodies;
    private final Map<Key, Boolean> answers = new HashMap<>();
    private final EntityWriteRule<ClassInfo, MethodInfo> rule;

    /** {@code bodies} reads a method's Jimple body (empty when it cannot be read). */
    BytecodeEntityStateWrites(BytecodeTypes types, Function<MethodInfo, Optional<Body>> bodies) {
        this.types = types;
        this.bodies = bodies;
        this.rule = new EntityWriteRule<>(types, this::body);
    }

    /**
     * Whether the bean class's implementation of the view method {@code invoked} changes the bean's
     * state: the implementation with the same parameter types, else the same arity, as the
     * container dispatches it.
     */
    boolean changesState(String beanClass, MethodRef invoked) {
        return answers.computeIfAbsent(new Key(beanClass, invoked), k -> {
            Optional<ClassInfo> bean = types.type(beanClass);
            if (bean.isEmpty()) return false;
            Optional<MethodInfo> impl = types.concreteInClassChain(bean.get(), invoked.name(), invoked.parameterTypes())
                    .filter(m -> !m.synthetic)
                    .or(() -> types.concreteInClassChain(bean.get(), invoked.name(), invoked.parameterTypes().size()));
            return impl.map(m -> rule.writes(bean.get(), m)).orElse(false);
        });
    }

    /**
     * What a method's Jimple says it does to the bean ({@link EntityWriteRule.BodyWrites}): stores
     * into fields of {@code this}, calls on {@code this} of own methods ({@code super.x()} runs the
     * superclass's code, not an own method, and constructors are no calls), and its lambdas' bodies.
     */
    private Optional<EntityWriteRule.BodyWrites<MethodInfo>> body(ClassInfo bean, MethodInfo m) {
        Optional<Body> body = bodies.apply(m);
        if (body.isEmpty()) return Optional.empty();
        Local self;
        try {
            self = body.get().getThisLocal();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        boolean writes = false;
        List<ProgramView.Callee> onThis = new ArrayList<>();
        List<MethodInfo> lambdas = new ArrayList<>();
        for (Stmt s : body.get().getStmts()) {
            if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JInstanceFieldRef f && f.getBase().equals(self)) {
                writes = true;
            }
            if (!s.isInvokableStmt()) continue;
            Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
            if (e.isPresent() && e.get() instanceof JDynamicInvokeExpr dyn) lambdas.addAll(lambdaBodies(dyn));
            if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr call) || !call.getBase().equals(self)) continue;
            MethodRef invoked = BytecodeTypes.refOf(call.getMethodSignature());
            if (invoked.name().equals("<init>") || call instanceof JSpecialInvokeExpr && !invoked.className().equals(m.owner.name)) {
                continue;
            }
            onThis.add(ProgramView.Callee.exactly(invoked.name(), invoked.parameterTypes()));
        }
        return Optional.of(new EntityWriteRule.BodyWrites<>(writes, onThis, lambdas));
    }

    /**
     * A lambda's body is part of the method that creates it (the source sees it inline): javac puts
     * it in a {@code lambda$} method of the same class, an instance method when it uses {@code this}.
     */
    private List<MethodInfo> lambdaBodies(JDynamicInvokeExpr dyn) {
        List<MethodInfo> out = new ArrayList<>();
        for (Value arg : dyn.getBootstrapArgs()) {
            if (arg instanceof MethodHandle h && h.isMethodRef() && h.getReferenceSignature() instanceof MethodSignature ms) {
                MethodRef ref = BytecodeTypes.refOf(ms);
                types.method(ref.className(), ref.name(), ref.parameterTypes()).filter(MethodInfo::isLambdaBody).ifPresent(out::add);
            }
        }
        return out;
    }
}
