package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.Body;
import sootup.java.core.AnnotationUsage;
import sootup.java.core.JavaSootField;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The {@link SourceFacts} of an application read from its class files (issue 23.3): the facts
 * WAN008–WAN010 need, which the source front end reads off its trees. Statement facts come from
 * {@link BytecodeStatementFacts}; session state from the {@code setAttribute}/{@code putValue}
 * calls on an {@code HttpSession} (the value's type is the type SootUp gives its local, or the one
 * class it is made or cast as) and from stateful beans' fields (their declared types, with the
 * class files' supertypes deciding {@code Serializable}); test code from JUnit supertypes and
 * {@code @Test} methods (class folders keep no {@code src/test} path). Cluster state (WAN011–WAN014)
 * is not read from class files. Fields have no lines in a class file: a bean field is located at
 * the constructor line that initialises it, else at the class's first line of code.
 */
final class BytecodeSourceFacts {
    private static final Set<String> HTTP_SESSIONS = Set.of("javax.servlet.http.HttpSession", "jakarta.servlet.http.HttpSession");
    private static final Set<String> SERIALIZABLE = Set.of("java.io.Serializable", "java.io.Externalizable");
    private static final Set<String> TEST_ANNOTATIONS = Set.of("Test", "ParameterizedTest", "RepeatedTest", "TestFactory");
    private static final Set<String> TEST_CASES = Set.of("junit.framework.Test", "junit.framework.TestCase",
            "junit.framework.TestSuite", "junit.framework.Assert");

    private final BytecodeTypes types;
    private final Function<MethodInfo, Optional<Body>> bodies;
    private final BytecodeStatementFacts statements;
    private final Set<CallEdge> conditional = new HashSet<>();
    private final Set<CallEdge> sqlBuilt = new HashSet<>();
    private final List<SourceFacts.SessionStateValue> sessionState = new ArrayList<>();

    BytecodeSourceFacts(BytecodeTypes types, Function<MethodInfo, Optional<Body>> bodies) {
        this.types = types;
        this.bodies = bodies;
        this.statements = new BytecodeStatementFacts(types, bodies);
    }

    /** The method whose statements are asked about next. */
    BytecodeStatementFacts.Method method(MethodInfo m, Body body, BytecodeBodyShape shape, Local thisLocal) {
        return new BytecodeStatementFacts.Method(m, body.getControlFlowGraph(), shape, thisLocal);
    }

    /**
     * Reads one call statement: its statement facts (kept until its edges exist, {@link #edgesOf}) and
     * a session put; {@code from} is the method the call is attributed to.
     */
    BytecodeStatementFacts.Flags call(Stmt stmt, AbstractInvokeExpr call, BytecodeStatementFacts.Method m, MethodRef from,
                                      BytecodeBodyShape shape, SourceLocation at) {
        sessionPut(call, from, shape, at).ifPresent(sessionState::add);
        return statements.of(stmt, call, m, from.name().equals("ejbStore") && from.parameterTypes().isEmpty());
    }

    /** Files the edges one call statement became under the facts read for it, as the source front end does. */
    void edgesOf(BytecodeStatementFacts.Flags flags, List<CallEdge> edges) {
        if (flags == null || !flags.any()) return;
        for (CallEdge e : edges) {
            boolean execute = e.op() == CallOp.JDBC_EXECUTE;
            if (flags.conditional() && (execute || e.from().name().equals("ejbStore"))) conditional.add(e);
            if (flags.sqlBuilt() && execute) sqlBuilt.add(e);
            if (flags.preparedFromRuntimeText() && e.op() == CallOp.JDBC_PREPARE) sqlBuilt.add(e);
        }
    }

    /** The facts, with those of the JSP pages' graph (built from their synthetic sources) merged in. */
    SourceFacts facts(ComponentModel model, SourceFacts pages) {
        Set<CallEdge> cond = new HashSet<>(conditional);
        Set<CallEdge> built = new HashSet<>(sqlBuilt);
        List<SourceFacts.SessionStateValue> state = new ArrayList<>(sessionState);
        Set<String> tests = testCode();
        List<SourceFacts.StateFact> cluster = new ArrayList<>();
        if (pages != null && pages.known()) {
            cond.addAll(pages.conditionalCalls());
            built.addAll(pages.sqlBuiltAtRuntime());
            state.addAll(pages.nonSerializableState());
            tests.addAll(pages.testCode());
            cluster.addAll(pages.clusterState());
        }
        state.addAll(statefulBeanFields(model));
        return new SourceFacts(true, cond, built, state, tests, cluster);
    }

    // ------------------------------------------------------------ session state (WAN010)

    private Optional<SourceFacts.SessionStateValue> sessionPut(AbstractInvokeExpr call, MethodRef from, BytecodeBodyShape shape,
                                                               SourceLocation at) {
        String name = call.getMethodSignature().getName();
        if (!(name.equals("setAttribute") || name.equals("putValue")) || call.getArgCount() != 2
                || !(call instanceof AbstractInstanceInvokeExpr)) {
            return Optional.empty();
        }
        String receiver = call.getMethodSignature().getDeclClassType().getFullyQualifiedName();
        if (types.selfAndAncestors(receiver).stream().noneMatch(HTTP_SESSIONS::contains)) return Optional.empty();
        Optional<String> valueType = staticType(call.getArg(1), shape).filter(this::notSerializable);
        if (valueType.isEmpty()) return Optional.empty();
        String attribute = call.getArg(0) instanceof StringConstant s ? s.getValue() : "";
        return Optional.of(new SourceFacts.SessionStateValue(SourceFacts.Holder.HTTP_SESSION, from.className(), from,
                attribute, valueType.get(), at));
    }

    private Optional<String> staticType(Value v, BytecodeBodyShape shape) { return shape.applicationTypeOf(v, types); }

    /** Non-static, non-transient fields of stateful session beans whose declared type is not serializable. */
    private List<SourceFacts.SessionStateValue> statefulBeanFields(ComponentModel model) {
        List<SourceFacts.SessionStateValue> out = new ArrayList<>();
        for (Component c : model.components()) {
            if (c.kind() != ComponentKind.STATEFUL_SESSION || c.className() == null) continue;
            Optional<ClassInfo> bean = types.type(c.className());
            if (bean.isEmpty()) continue;
            List<JavaSootField> fields = new ArrayList<>(bean.get().soot.getFields());
            fields.sort(java.util.Comparator.comparingInt(f -> initialisedAt(bean.get(), f.getName())));
            for (JavaSootField f : fields) {
                if (f.isStatic() || sootup.core.model.FieldModifier.isTransient(f.getModifiers())
                        || sootup.core.model.FieldModifier.isSynthetic(f.getModifiers())) continue;
                String type = f.getType().toString();
                if (!notSerializable(type)) continue;
                int line = initialisedAt(bean.get(), f.getName());
                out.add(new SourceFacts.SessionStateValue(SourceFacts.Holder.STATEFUL_BEAN_FIELD, bean.get().name, null,
                        f.getName(), type, new SourceLocation(bean.get().file, line == Integer.MAX_VALUE ? firstLine(bean.get()) : line)));
            }
        }
        return out;
    }

    /** The line of a constructor's {@code this.field = …}, or {@link Integer#MAX_VALUE}. */
    private int initialisedAt(ClassInfo bean, String field) {
        int best = Integer.MAX_VALUE;
        for (MethodInfo m : bean.methods) {
            if (!m.ref.name().equals("<init>")) continue;
            Optional<Body> body = bodies.apply(m);
            if (body.isEmpty()) continue;
            for (Stmt s : body.get().getStmts()) {
                if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JInstanceFieldRef f
                        && f.getFieldSignature().getName().equals(field)) {
                    int line = s.getPositionInfo().getStmtPosition().getFirstLine();
                    if (line > 0) best = Math.min(best, line);
                }
            }
        }
        return best;
    }

    private int firstLine(ClassInfo c) {
        int first = 0;
        for (MethodInfo m : c.methods) {
            if (m.isAbstract) continue;
            Optional<Body> body = bodies.apply(m);
            if (body.isEmpty()) continue;
            for (Stmt s : body.get().getStmts()) {
                int l = s.getPositionInfo().getStmtPosition().getFirstLine();
                if (l > 0 && (first == 0 || l < first)) first = l;
            }
        }
        return first;
    }

    /**
     * An application class (not an interface or enum) none of whose supertypes is
     * {@code Serializable}/{@code Externalizable}, all of them known (a library superclass the
     * analyzer cannot see might be serializable).
     */
    private boolean notSerializable(String fqn) {
        Optional<ClassInfo> t = types.type(fqn);
        if (t.isEmpty() || t.get().isInterface() || t.get().soot.isEnum()) return false;
        for (String s : types.selfAndAncestors(fqn)) {
            if (SERIALIZABLE.contains(s)) return false;
            if (types.type(s).isEmpty() && !s.equals("java.lang.Object") && types.loadClass(s).isEmpty()) return false;
        }
        return true;
    }

    // ------------------------------------------------------------ test code

    private Set<String> testCode() {
        Set<String> out = new HashSet<>();
        for (ClassInfo c : types.all()) {
            boolean test = types.selfAndAncestors(c.name).stream().anyMatch(TEST_CASES::contains);
            for (MethodInfo m : c.methods) {
                if (test) break;
                for (AnnotationUsage a : m.annotations()) {
                    if (TEST_ANNOTATIONS.contains(EntryPointRules.simple(a.getAnnotation().getFullyQualifiedName()))) test = true;
                }
            }
            if (test) out.add(c.name);
        }
        return out;
    }
}
