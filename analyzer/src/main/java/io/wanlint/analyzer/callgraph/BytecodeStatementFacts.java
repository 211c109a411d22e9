package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.callgraph.BytecodeTypes.ClassInfo;
import io.wanlint.analyzer.callgraph.BytecodeTypes.MethodInfo;
import sootup.core.graph.ControlFlowGraph;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.Constant;
import sootup.core.jimple.common.constant.IntConstant;
import sootup.core.jimple.common.constant.StringConstant;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.expr.JDynamicInvokeExpr;
import sootup.core.jimple.common.expr.JNewExpr;
import sootup.core.jimple.common.ref.JFieldRef;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.ref.JStaticFieldRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.JIfStmt;
import sootup.core.jimple.common.stmt.JReturnStmt;
import sootup.core.jimple.common.stmt.JReturnVoidStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.Body;
import sootup.core.signatures.FieldSignature;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The bytecode counterpart of {@link StatementFacts} and {@link DirtyChecks}: the same two facts
 * about a call site (WAN008's "runs only under a dirty check", WAN009's "SQL assembled at run time"),
 * read off the method's Jimple instead of its tree.
 *
 * <p>What the class file changes: javac compiles {@code "a" + x} to an {@code invokedynamic
 * makeConcatWithConstants} (Java 9 and later) or, in older class files, to a
 * {@code StringBuilder}/{@code StringBuffer} chain, indistinguishable from an explicit builder. So a
 * builder's {@code toString()} counts as assembled at run time when something appended to it (or
 * given to its constructor) is not fixed — a constant, a number, or a local only ever given those;
 * the source front end counts every explicit builder. Constants ({@code static final} strings,
 * constant locals) arrive folded into {@code ldc} and recipe constants. {@code String.format},
 * {@code concat}, {@code join}, {@code replace} still count by name. A condition is a dirty check
 * when it reads a field the class's mutators raise (or that no callback raises), or calls a method
 * of the class that returns one ({@code isModified()}), as in the source; "runs only under it" is
 * control dependence: the check reaches the call and some path from the check returns without it.
 */
final class BytecodeStatementFacts {

    private static final Set<String> BUILDING_CALLS = Set.of("format", "formatted", "concat", "join", "replace",
            "replaceAll");
    private static final Set<String> BUILDERS = Set.of("java.lang.StringBuilder", "java.lang.StringBuffer");
    private static final Set<String> NUMERIC_TYPES = Set.of("int", "long", "short", "byte", "java.lang.Integer",
            "java.lang.Long", "java.lang.Short", "java.lang.Byte");
    private static final Set<String> NUMERIC_CALLS = Set.of("intValue", "longValue", "shortValue", "byteValue",
            "parseInt", "parseLong", "parseShort", "parseByte", "size", "length");
    private static final Pattern BIND_CALL = Pattern.compile(
            "set(String|NString|Int|Long|Short|Byte|Double|Float|BigDecimal|Boolean|Date|Time|Timestamp|Object|Null|Bytes"
                    + "|Blob|Clob|NClob|CharacterStream|BinaryStream|AsciiStream|Array|Ref|URL|SQLXML|RowId)");
    private static final Set<String> CALLBACKS = Set.of("ejbLoad", "ejbStore", "ejbActivate", "ejbPassivate", "ejbRemove",
            "setEntityContext", "unsetEntityContext");
    private static final Set<String> CALLBACK_PREFIXES = Set.of("ejbCreate", "ejbPostCreate", "ejbFind", "ejbHome", "ejbSelect");
    private static final Pattern CHANGE_WORDS = Pattern.compile("(?i)dirty|modified|changed");
    private static final int MAX_DEPTH = 8;

    private final BytecodeTypes types;
    private final Function<MethodInfo, Optional<Body>> bodies;
    /** Per class: the fields its mutators raise, and those its callbacks raise. */
    private final Map<String, Raised> raised = new HashMap<>();

    private record Raised(Set<String> byMutator, Set<String> byCallback) {}

    BytecodeStatementFacts(BytecodeTypes types, Function<MethodInfo, Optional<Body>> bodies) {
        this.types = types;
        this.bodies = bodies;
    }

    /** The facts of one call statement of a method body. */
    record Flags(boolean conditional, boolean sqlBuilt, boolean preparedFromRuntimeText) {
        static final Flags NONE = new Flags(false, false, false);

        boolean any() { return conditional || sqlBuilt || preparedFromRuntimeText; }
    }

    /** The method body the statements are in, with what the facts need of it. */
    static final class Method {
        private final MethodInfo info;
        private final ControlFlowGraph<?> cfg;
        private final BytecodeBodyShape shape;
        private final Local thisLocal;
        private List<Stmt> dirtyChecks;

        Method(MethodInfo info, ControlFlowGraph<?> cfg, BytecodeBodyShape shape, Local thisLocal) {
            this.info = info;
            this.cfg = cfg;
            this.shape = shape;
            this.thisLocal = thisLocal;
        }
    }

    /**
     * What the source front end records for this call (asked only of statement executions and
     * preparations, and of every call {@code ejbStore} makes): {@code ejbStore} is the method the
     * call is attributed to.
     */
    Flags of(Stmt stmt, AbstractInvokeExpr call, Method m, boolean inEjbStore) {
        String name = call.getMethodSignature().getName();
        boolean execute = name.startsWith("execute");
        boolean prepare = name.equals("prepareStatement") || name.equals("prepareCall");
        if (!execute && !prepare && !inEjbStore) return Flags.NONE;
        try {
            boolean conditional = (execute || inEjbStore) && conditional(stmt, m);
            boolean built = (execute || prepare) && call.getArgCount() >= 1 && built(call.getArg(0), m, 0, new HashSet<>());
            boolean prepared = prepare && built && preparedFromRuntimeText(stmt, call, m);
            return new Flags(conditional, execute && built, prepared);
        } catch (RuntimeException e) {
            return Flags.NONE;
        }
    }

    // ------------------------------------------------------------ WAN008: under a dirty check

    private boolean conditional(Stmt call, Method m) {
        if (m.dirtyChecks == null) {
            m.dirtyChecks = new ArrayList<>();
            for (Stmt s : m.cfg.getStmts()) {
                if (s instanceof JIfStmt i && isDirtyCheck(List.of(i.getCondition().getOp1(), i.getCondition().getOp2()), m)) {
                    m.dirtyChecks.add(s);
                } else if (s instanceof sootup.core.jimple.javabytecode.stmt.JSwitchStmt sw && isDirtyCheck(List.of(sw.getKey()), m)) {
                    m.dirtyChecks.add(s);
                }
            }
        }
        for (Stmt check : m.dirtyChecks) {
            if (check != call && reaches(m.cfg, check, call, null) && returnsAvoiding(m.cfg, check, call)) return true;
        }
        return false;
    }

    /** Whether normal control flow leads from {@code from} to {@code to}, never passing {@code avoid}. */
    private static boolean reaches(ControlFlowGraph<?> cfg, Stmt from, Stmt to, Stmt avoid) {
        Set<Stmt> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Stmt> work = new ArrayDeque<>(cfg.successors(from));
        while (!work.isEmpty()) {
            Stmt s = work.poll();
            if (s == avoid || !seen.add(s)) continue;
            if (s == to) return true;
            work.addAll(cfg.successors(s));
        }
        return false;
    }

    /** Whether some path from the check returns from the method without running the call (a throw is a validation). */
    private static boolean returnsAvoiding(ControlFlowGraph<?> cfg, Stmt check, Stmt call) {
        Set<Stmt> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Stmt> work = new ArrayDeque<>(cfg.successors(check));
        while (!work.isEmpty()) {
            Stmt s = work.poll();
            if (s == call || !seen.add(s)) continue;
            if (s instanceof JReturnStmt || s instanceof JReturnVoidStmt) return true;
            work.addAll(cfg.successors(s));
        }
        return false;
    }

    /** Whether the tested values read a dirty flag of the method's class, directly or through a method of the class. */
    private boolean isDirtyCheck(List<Value> tested, Method m) {
        ClassInfo owner = m.info.owner;
        for (Value v : tested) {
            for (Value def : origins(v, m.shape)) {
                if (def instanceof JFieldRef f && own(f, m.thisLocal) && isDirtyFlag(owner, f.getFieldSignature())) return true;
                if (def instanceof AbstractInstanceInvokeExpr call && call.getBase().equals(m.thisLocal)
                        && call.getArgCount() == 0 && calledIsDirtyCheck(owner, call.getMethodSignature().getName())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code isModified()}: a method of the class returning a dirty flag, or an inherited one named for a change. */
    private boolean calledIsDirtyCheck(ClassInfo owner, String name) {
        List<MethodInfo> declared = owner.methods(name, 0).stream().filter(x -> !x.isAbstract).toList();
        if (declared.isEmpty()) return CHANGE_WORDS.matcher(name).find();
        for (MethodInfo d : declared) {
            Optional<Body> body = bodies.apply(d);
            if (body.isEmpty()) continue;
            Local self = thisOf(body.get());
            BytecodeBodyShape shape = new BytecodeBodyShape(body.get().getControlFlowGraph(), self);
            for (Stmt s : body.get().getStmts()) {
                if (!(s instanceof JReturnStmt r)) continue;
                for (Value def : origins(r.getOp(), shape)) {
                    if (def instanceof JFieldRef f && own(f, self) && isDirtyFlag(owner, f.getFieldSignature())) return true;
                }
            }
        }
        return false;
    }

    /** What a value is made of, through casts, copies and the comparisons of a boolean expression: field reads, calls, constants. */
    private static List<Value> origins(Value v, BytecodeBodyShape shape) {
        List<Value> out = new ArrayList<>();
        Deque<Value> work = new ArrayDeque<>(List.of(v));
        Set<Value> seen = new HashSet<>();
        while (!work.isEmpty() && seen.size() < 32) {
            Value x = work.poll();
            if (!seen.add(x)) continue;
            if (x instanceof Local l) {
                for (Value d : shape.definitionsOf(l)) work.add(d);
            } else if (x instanceof JCastExpr c) {
                work.add(c.getOp());
            } else {
                out.add(x);
            }
        }
        return out;
    }

    private static boolean own(JFieldRef f, Local self) {
        return f instanceof JStaticFieldRef || f instanceof JInstanceFieldRef i && self != null && i.getBase().equals(self);
    }

    /** As {@link DirtyChecks#isDirtyFlag}: a mutator raises it, or it is a field of the class that no callback raises. */
    private boolean isDirtyFlag(ClassInfo owner, FieldSignature field) {
        Raised r = raised.computeIfAbsent(owner.name, k -> raised(owner));
        if (r.byMutator().contains(field.getName())) return true;
        boolean declaredHere = field.getDeclClassType().getFullyQualifiedName().equals(owner.name)
                && owner.soot.getFields().stream().anyMatch(f -> f.getName().equals(field.getName()));
        return declaredHere && !r.byCallback().contains(field.getName());
    }

    /** The fields of the class set to anything but false/0 by its mutators and by its callbacks. */
    private Raised raised(ClassInfo owner) {
        Set<String> byMutator = new HashSet<>();
        Set<String> byCallback = new HashSet<>();
        for (MethodInfo mi : owner.methods) {
            if (mi.isAbstract || mi.ref.name().equals("<init>") || mi.ref.name().equals("<clinit>")) continue;
            Optional<Body> body = bodies.apply(mi);
            if (body.isEmpty()) continue;
            Set<String> into = isCallback(mi.ref.name()) ? byCallback : byMutator;
            for (Stmt s : body.get().getStmts()) {
                if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JFieldRef f
                        && !(a.getRightOp() instanceof IntConstant zero && zero.getValue() == 0)) {
                    into.add(f.getFieldSignature().getName());
                }
            }
        }
        return new Raised(byMutator, byCallback);
    }

    private static boolean isCallback(String name) {
        return CALLBACKS.contains(name) || CALLBACK_PREFIXES.stream().anyMatch(name::startsWith);
    }

    private static Local thisOf(Body body) {
        try {
            return body.getThisLocal();
        } catch (RuntimeException e) {
            return null;
        }
    }

    // ------------------------------------------------------------ WAN009: SQL assembled at run time

    /** Whether the value is SQL text assembled while running from something other than constants and numbers. */
    private boolean built(Value v, Method m, int depth, Set<Local> seen) {
        if (depth > MAX_DEPTH || !(v instanceof Local l) || !seen.add(l)) return false;
        for (Value def : m.shape.definitionsOf(l)) {
            if (def instanceof Local other && built(other, m, depth + 1, seen)) return true;
            if (def instanceof JCastExpr c && built(c.getOp(), m, depth + 1, seen)) return true;
            if (def instanceof JDynamicInvokeExpr dyn && isConcatenation(dyn)) {
                for (Value part : dyn.getArgs()) if (!fixed(part, m, depth + 1, new HashSet<>())) return true;
            } else if (def instanceof AbstractInvokeExpr call && !(def instanceof JDynamicInvokeExpr)) {
                String name = call.getMethodSignature().getName();
                if (BUILDING_CALLS.contains(name)) return true;
                if (name.equals("toString") && call instanceof AbstractInstanceInvokeExpr i) {
                    String owner = call.getMethodSignature().getDeclClassType().getFullyQualifiedName();
                    if (!BUILDERS.contains(owner)) return true;
                    Optional<List<Value>> parts = builderParts(i.getBase(), m);
                    if (parts.isEmpty() || parts.get().stream().anyMatch(p -> !fixed(p, m, depth + 1, new HashSet<>()))) return true;
                }
            }
        }
        return false;
    }

    private static boolean isConcatenation(JDynamicInvokeExpr dyn) {
        String name = dyn.getMethodSignature().getName();
        return name.equals("makeConcatWithConstants") || name.equals("makeConcat");
    }

    /** What cannot carry SQL from outside: constants, numbers, and locals only ever given those. */
    private boolean fixed(Value v, Method m, int depth, Set<Local> seen) {
        if (depth > MAX_DEPTH) return false;
        if (v instanceof Constant) return true;
        if (NUMERIC_TYPES.contains(v.getType().toString())) return true;
        if (v instanceof JFieldRef f) return constantField(f, m);
        if (!(v instanceof Local l)) return false;
        if (!seen.add(l)) return true; // a += loop: fixed when its other values are
        List<Value> defs = m.shape.definitionsOf(l);
        if (defs.isEmpty()) return false; // a parameter, or the exception of a catch
        for (Value def : defs) {
            boolean ok;
            if (def instanceof Constant || def instanceof Local) ok = fixed(def, m, depth + 1, seen);
            else if (def instanceof JCastExpr c) ok = fixed(c.getOp(), m, depth + 1, seen);
            else if (def instanceof JFieldRef f) ok = constantField(f, m);
            else if (def instanceof JDynamicInvokeExpr dyn && isConcatenation(dyn)) {
                ok = dyn.getArgs().stream().allMatch(p -> fixed(p, m, depth + 1, seen));
            } else if (def instanceof AbstractInvokeExpr call) {
                String name = call.getMethodSignature().getName();
                if (NUMERIC_CALLS.contains(name)) ok = true;
                else if (name.equals("toString") && call instanceof AbstractInstanceInvokeExpr i
                        && BUILDERS.contains(call.getMethodSignature().getDeclClassType().getFullyQualifiedName())) {
                    ok = builderParts(i.getBase(), m).map(ps -> ps.stream().allMatch(p -> fixed(p, m, depth + 1, seen))).orElse(false);
                } else ok = false;
            } else ok = false;
            if (!ok) return false;
        }
        return true;
    }

    /**
     * A field read the source would call a constant: a {@code final} field of the method's class
     * (SQL fragments kept as fields), or an upper-case {@code Type.NAME} static field of another class.
     */
    private boolean constantField(JFieldRef f, Method m) {
        FieldSignature sig = f.getFieldSignature();
        String owner = sig.getDeclClassType().getFullyQualifiedName();
        if (owner.equals(m.info.owner.name)) {
            return m.info.owner.soot.getFields().stream().anyMatch(x -> x.getName().equals(sig.getName()) && x.isFinal());
        }
        return f instanceof JStaticFieldRef && sig.getName().matches("[A-Z][A-Z0-9_]*");
    }

    /**
     * What is given to the builder a {@code toString()} is called on: its constructor's argument and
     * every {@code append}/{@code insert} argument, on the builder or on a result of its chained appends.
     */
    private static Optional<List<Value>> builderParts(Value receiver, Method m) {
        Local root = builderRoot(receiver, m.shape);
        if (root == null) return Optional.empty();
        Set<Local> aliases = new HashSet<>(List.of(root));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Stmt s : m.cfg.getStmts()) {
                if (s instanceof JAssignStmt a && a.getLeftOp() instanceof Local left && !aliases.contains(left)) {
                    Value r = a.getRightOp();
                    boolean alias = r instanceof Local x && aliases.contains(x)
                            || r instanceof AbstractInstanceInvokeExpr i && aliases.contains(i.getBase())
                                    && (i.getMethodSignature().getName().equals("append") || i.getMethodSignature().getName().equals("insert"));
                    if (alias) grew |= aliases.add(left);
                }
            }
        }
        List<Value> parts = new ArrayList<>();
        for (Stmt s : m.cfg.getStmts()) {
            if (!s.isInvokableStmt()) continue;
            Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
            if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr i) || !aliases.contains(i.getBase())) continue;
            String name = i.getMethodSignature().getName();
            if (name.equals("append") || name.equals("<init>")) parts.addAll(i.getArgs());
            else if (name.equals("insert") && i.getArgCount() == 2) parts.add(i.getArg(1));
        }
        // new StringBuilder(int capacity) is not text
        parts.removeIf(p -> p.getType().toString().equals("int") && p instanceof IntConstant);
        return Optional.of(parts);
    }

    /** The local a builder was made in ({@code r = new StringBuilder}), followed back through chained appends. */
    private static Local builderRoot(Value v, BytecodeBodyShape shape) {
        for (int hops = 0; hops < 64 && v instanceof Local l; hops++) {
            List<Value> defs = shape.definitionsOf(l);
            if (defs.size() != 1) return defs.stream().allMatch(d -> d instanceof JNewExpr) && !defs.isEmpty() ? l : null;
            Value d = defs.get(0);
            if (d instanceof JNewExpr) return l;
            if (d instanceof AbstractInstanceInvokeExpr i && (i.getMethodSignature().getName().equals("append")
                    || i.getMethodSignature().getName().equals("insert"))) {
                v = i.getBase();
            } else if (d instanceof Local other) {
                v = other;
            } else {
                return null;
            }
        }
        return null;
    }

    /**
     * As {@link StatementFacts#preparedFromRuntimeText}: no value is bound anywhere in the method,
     * the statement is not handed back to a caller (who may bind it), and no constant the SQL is
     * built from holds a {@code ?}.
     */
    private boolean preparedFromRuntimeText(Stmt stmt, AbstractInvokeExpr call, Method m) {
        for (Stmt s : m.cfg.getStmts()) {
            if (!s.isInvokableStmt()) continue;
            Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
            if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr i) || i.getArgCount() < 2) continue;
            String name = i.getMethodSignature().getName();
            if (BIND_CALL.matcher(name).matches() || name.equals("registerOutParameter")) return false;
        }
        if (stmt instanceof JAssignStmt a && a.getLeftOp() instanceof Local made) {
            for (Stmt s : m.cfg.getStmts()) {
                if (s instanceof JReturnStmt r && origins(r.getOp(), m.shape).contains(call)) return false;
                if (s instanceof JReturnStmt r && r.getOp().equals(made)) return false;
            }
        }
        return !bindsParameters(call.getArg(0), m, 0, new HashSet<>());
    }

    /** Whether a constant the SQL is made of holds a {@code ?}: literals, concatenation recipes, builder parts, locals' values. */
    private boolean bindsParameters(Value v, Method m, int depth, Set<Value> seen) {
        if (depth > MAX_DEPTH || !seen.add(v)) return false;
        if (v instanceof StringConstant s) return s.getValue().contains("?");
        if (!(v instanceof Local l)) return false;
        for (Value def : m.shape.definitionsOf(l)) {
            if (def instanceof StringConstant || def instanceof Local) {
                if (bindsParameters(def, m, depth + 1, seen)) return true;
            } else if (def instanceof JCastExpr c) {
                if (bindsParameters(c.getOp(), m, depth + 1, seen)) return true;
            } else if (def instanceof JDynamicInvokeExpr dyn) {
                for (Value b : dyn.getBootstrapArgs()) if (b instanceof StringConstant s && s.getValue().contains("?")) return true;
                for (Value a : dyn.getArgs()) if (bindsParameters(a, m, depth + 1, seen)) return true;
            } else if (def instanceof AbstractInstanceInvokeExpr i && i.getMethodSignature().getName().equals("toString")) {
                for (Value p : builderParts(i.getBase(), m).orElse(List.of())) if (bindsParameters(p, m, depth + 1, seen)) return true;
            } else if (def instanceof AbstractInvokeExpr call) {
                for (Value a : call.getArgs()) if (bindsParameters(a, m, depth + 1, seen)) return true;
            }
        }
        return false;
    }

}
