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

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bytecode twin of {@link EntityStateWrites}: whether the bean class's implementation of an
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

    /** {@code bodies} reads a method's Jimple body (empty when it cannot be read). */
    BytecodeEntityStateWrites(BytecodeTypes types, Function<MethodInfo, Optional<Body>> bodies) {
        this.types = types;
        this.bodies = bodies;
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
            return impl.map(m -> writes(bean.get(), m, true)).orElse(false);
        });
    }

    private boolean writes(ClassInfo bean, MethodInfo m, boolean follow) {
        if (m.isStatic || m.isAbstract) return false;
        Optional<Body> body = bodies.apply(m);
        if (body.isEmpty()) return false;
        Local self;
        try {
            self = body.get().getThisLocal();
        } catch (RuntimeException e) {
            return false;
        }
        List<Stmt> stmts = body.get().getStmts();
        for (Stmt s : stmts) {
            if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JInstanceFieldRef f && f.getBase().equals(self)) {
                return true;
            }
        }
        for (Stmt s : stmts) {
            if (!s.isInvokableStmt()) continue;
            Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
            if (e.isPresent() && e.get() instanceof JDynamicInvokeExpr dyn && lambdaWrites(bean, dyn, follow)) return true;
            if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr call) || !call.getBase().equals(self)) continue;
            MethodRef invoked = BytecodeTypes.refOf(call.getMethodSignature());
            String name = invoked.name();
            // super.x() runs the superclass's code, not an own method (the source side skips it too).
            if (name.equals("<init>") || call instanceof JSpecialInvokeExpr && !invoked.className().equals(m.owner.name)) continue;
            if (name.startsWith("set") && !EntityStateWrites.CONTAINER_SETTERS.contains(name)) return true;
            if (follow) {
                Optional<MethodInfo> callee = types.concreteInClassChain(bean, name, invoked.parameterTypes());
                if (callee.isPresent() && callee.get() != m && !callee.get().synthetic && writes(bean, callee.get(), false)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A lambda's body is part of the method that creates it (the source sees it inline): javac puts
     * it in a {@code lambda$} method of the same class, an instance method when it uses {@code this}.
     */
    private boolean lambdaWrites(ClassInfo bean, JDynamicInvokeExpr dyn, boolean follow) {
        for (Value arg : dyn.getBootstrapArgs()) {
            if (arg instanceof MethodHandle h && h.isMethodRef() && h.getReferenceSignature() instanceof MethodSignature ms) {
                MethodRef ref = BytecodeTypes.refOf(ms);
                Optional<MethodInfo> body = types.method(ref.className(), ref.name(), ref.parameterTypes());
                if (body.isPresent() && body.get().isLambdaBody() && writes(bean, body.get(), follow)) return true;
            }
        }
        return false;
    }
}
