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

import sootup.core.graph.ControlFlowGraph;
import sootup.core.jimple.common.constant.NullConstant;
import sootup.core.jimple.common.expr.AbstractConditionExpr;
import sootup.core.jimple.common.expr.JEqExpr;
import sootup.core.jimple.common.expr.JNeExpr;
import sootup.core.jimple.common.stmt.JIfStmt;
import sootup.core.signatures.FieldSignature;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The bytecode reading of {@link EntityWriteRule} (as {@link EntityStateWrites} is the source's): whether the bean class's implementation of an
 * entity business method changes the bean's state, read from its Jimple body. A store into a
 * field of {@code this} (javac's {@code putfield} on the bean) other than filling a field left null
 * on first use, or a call on {@code this} of an own {@code set…} method, is a write; own methods
 * called on {@code this} and superclass methods run by {@code super.x()} are looked into
 * ({@link EntityWriteRule#MAX_DEPTH}), and a lambda's {@code lambda$} body counts as part of the
 * method that creates it. Answers are cached per bean method; one build uses it from one thread.
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
        Set<Stmt> lazy = lazyFills(body.get(), self);
        boolean writes = false;
        List<ProgramView.Callee> onThis = new ArrayList<>();
        List<MethodInfo> lambdas = new ArrayList<>();
        List<MethodInfo> onSuper = new ArrayList<>();
        for (Stmt s : body.get().getStmts()) {
            if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JInstanceFieldRef f && f.getBase().equals(self) && !lazy.contains(s)) {
                writes = true;
            }
            if (!s.isInvokableStmt()) continue;
            Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
            if (e.isPresent() && e.get() instanceof JDynamicInvokeExpr dyn) lambdas.addAll(lambdaBodies(dyn));
            if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr call) || !call.getBase().equals(self)) continue;
            MethodRef invoked = BytecodeTypes.refOf(call.getMethodSignature());
            if (invoked.name().equals("<init>")) continue;
            if (call instanceof JSpecialInvokeExpr && !invoked.className().equals(m.owner.name)) {
                // super.x(): the superclass's code, run on this object.
                types.type(invoked.className()).flatMap(t -> types.concreteInClassChain(t, invoked.name(), invoked.parameterTypes()))
                        .filter(x -> !x.isStatic).ifPresent(onSuper::add);
                continue;
            }
            onThis.add(ProgramView.Callee.exactly(invoked.name(), invoked.parameterTypes()));
        }
        return Optional.of(new EntityWriteRule.BodyWrites<>(writes, onThis, lambdas, onSuper));
    }

    /**
     * Stores that fill a field of {@code this} left null on first use ({@code if (history == null)
     * history = …}): those on the null branch of a test of that field, before the branches join. A
     * cache of what is read, as the source front end reads it, not a write.
     */
    private static Set<Stmt> lazyFills(Body body, Local self) {
        Set<Stmt> out = new HashSet<>();
        Map<Local, FieldSignature> loaded = new HashMap<>();
        ControlFlowGraph<?> cfg = body.getControlFlowGraph();
        for (Stmt s : body.getStmts()) {
            if (s instanceof JAssignStmt a && a.getLeftOp() instanceof Local l && a.getRightOp() instanceof JInstanceFieldRef f
                    && f.getBase().equals(self)) {
                loaded.put(l, f.getFieldSignature());
            }
            if (!(s instanceof JIfStmt ifs)) continue;
            AbstractConditionExpr cond = ifs.getCondition();
            if (!(cond instanceof JEqExpr) && !(cond instanceof JNeExpr)) continue;
            Value tested = cond.getOp2() instanceof NullConstant ? cond.getOp1() : cond.getOp1() instanceof NullConstant ? cond.getOp2() : null;
            FieldSignature field = tested instanceof Local l ? loaded.get(l) : null;
            if (field == null) continue;
            List<Stmt> succ = cfg.successors(ifs);
            if (succ.size() < 2) continue;
            Stmt nullHead = succ.get(cond instanceof JEqExpr ? JIfStmt.TRUE_BRANCH_IDX : JIfStmt.FALSE_BRANCH_IDX);
            Stmt join = succ.get(cond instanceof JEqExpr ? JIfStmt.FALSE_BRANCH_IDX : JIfStmt.TRUE_BRANCH_IDX);
            Deque<Stmt> work = new ArrayDeque<>(List.of(nullHead));
            Set<Stmt> seen = new HashSet<>();
            while (!work.isEmpty()) {
                Stmt x = work.pop();
                if (x.equals(join) || !seen.add(x)) continue;
                if (x instanceof JAssignStmt a && a.getLeftOp() instanceof JInstanceFieldRef f && f.getBase().equals(self)
                        && f.getFieldSignature().equals(field)) {
                    out.add(x);
                }
                work.addAll(cfg.successors(x));
            }
        }
        return out;
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
