package io.wanlint.analyzer.callgraph;

import sootup.core.graph.BasicBlock;
import sootup.core.graph.ControlFlowGraph;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.constant.IntConstant;
import sootup.core.jimple.common.constant.NullConstant;
import sootup.core.jimple.common.expr.AbstractConditionExpr;
import sootup.core.jimple.common.expr.AbstractInstanceInvokeExpr;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.expr.JEqExpr;
import sootup.core.jimple.common.expr.JNeExpr;
import sootup.core.jimple.common.expr.JNewExpr;
import sootup.core.jimple.common.ref.JFieldRef;
import sootup.core.jimple.common.ref.JInstanceFieldRef;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.JIfStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.signatures.FieldSignature;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where a statement sits in its method's control-flow graph, for the bytecode front end: how many
 * natural loops enclose it (a back edge to a block that dominates its source makes a loop; nested
 * loops count once each), and whether it runs behind a cache check ({@code if (field == null) {
 * … field = …; }}, or a method that reads and fills a cache map and makes the call conditionally).
 * This is the bytecode counterpart of the source front end's {@code CallSiteShape}.
 */
final class BytecodeBodyShape {

    private final ControlFlowGraph<?> cfg;
    private final List<BasicBlock<?>> blocks = new ArrayList<>();
    private final Map<BasicBlock<?>, Integer> index = new IdentityHashMap<>();
    private final BitSet[] dominators;
    private final int[] loopDepth;
    private final BitSet cachedRegion = new BitSet();
    private final Local thisLocal;
    private final Map<Local, List<Value>> definitions = new HashMap<>();
    private final Map<Stmt, Integer> order = new IdentityHashMap<>();
    private final Map<Local, List<AbstractInvokeExpr>> constructions = new HashMap<>();
    private Boolean fillsCacheMap;

    BytecodeBodyShape(ControlFlowGraph<?> cfg, Local thisLocal) {
        this.cfg = cfg;
        this.thisLocal = thisLocal;
        for (BasicBlock<?> b : cfg.getBlocksSorted()) {
            index.put(b, blocks.size());
            blocks.add(b);
        }
        int i = 0;
        for (Stmt s : cfg.getStmts()) {
            order.put(s, i++);
            if (s instanceof JAssignStmt a && a.getLeftOp() instanceof Local l) {
                definitions.computeIfAbsent(l, k -> new ArrayList<>()).add(a.getRightOp());
            } else if (s.isInvokableStmt()) {
                s.asInvokableStmt().getInvokeExpr().ifPresent(e -> {
                    if (e instanceof AbstractInstanceInvokeExpr made && made.getMethodSignature().getName().equals("<init>")) {
                        constructions.computeIfAbsent(made.getBase(), k -> new ArrayList<>()).add(e);
                    }
                });
            }
        }
        dominators = dominators();
        loopDepth = loops();
        nullGuardedRegions();
    }

    /** The statement's position in the method (bytecode order), to order calls on the same line. */
    int order(Stmt s) { return order.getOrDefault(s, 0); }

    int loopDepth(Stmt s) {
        Integer b = blockIndex(s);
        return b == null ? 0 : loopDepth[b];
    }

    /** Whether the call at {@code s} happens once per instance because a cache guards it. */
    boolean behindCache(Stmt s) {
        Integer b = blockIndex(s);
        if (b == null) return false;
        if (cachedRegion.get(b)) return true;
        return fillsCacheMap() && conditional(b);
    }

    /** The constructor calls on a local ({@code specialinvoke r.<init>(…)} after {@code r = new …}). */
    List<AbstractInvokeExpr> constructionsOf(Local l) { return constructions.getOrDefault(l, List.of()); }

    /** The types a local's value is cast to ({@code (HttpURLConnection) r}). */
    List<String> castsOf(Local l) {
        List<String> out = new ArrayList<>();
        for (List<Value> values : definitions.values()) {
            for (Value v : values) {
                if (v instanceof sootup.core.jimple.common.expr.JCastExpr c && c.getOp().equals(l)) out.add(c.getType().toString());
            }
        }
        return out;
    }

    /** The values assigned to a local in this method (no SSA: every assignment). */
    List<Value> definitionsOf(Local l) { return definitions.getOrDefault(l, List.of()); }

    /**
     * A value's static type in the application: its local's type when that is an application class,
     * else the one application class every assignment makes or casts it to (SootUp may widen a local
     * javac reused).
     */
    Optional<String> applicationTypeOf(Value v, BytecodeTypes types) {
        String own = v.getType().toString();
        if (types.type(own).isPresent()) return Optional.of(own);
        if (!(v instanceof Local l)) return Optional.empty();
        Set<String> made = new HashSet<>();
        for (Value d : definitionsOf(l)) {
            if (d instanceof JNewExpr n) made.add(n.getType().toString());
            else if (d instanceof JCastExpr c) made.add(c.getType().toString());
            else made.add(d.getType().toString());
        }
        return made.size() == 1 ? made.stream().findFirst().filter(t -> types.type(t).isPresent()) : Optional.empty();
    }

    private Integer blockIndex(Stmt s) {
        try {
            BasicBlock<?> b = cfg.getBlockOf(s);
            return b == null ? null : index.get(b);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private List<Integer> successors(int b) {
        List<Integer> out = new ArrayList<>();
        BasicBlock<?> block = blocks.get(b);
        for (BasicBlock<?> s : block.getSuccessors()) add(out, s);
        for (BasicBlock<?> s : block.getExceptionalSuccessors().values()) add(out, s);
        return out;
    }

    private List<Integer> predecessors(int b) {
        List<Integer> out = new ArrayList<>();
        BasicBlock<?> block = blocks.get(b);
        for (BasicBlock<?> p : block.getPredecessors()) add(out, p);
        for (BasicBlock<?> p : block.getExceptionalPredecessors().values()) add(out, p);
        return out;
    }

    private void add(List<Integer> out, BasicBlock<?> b) {
        Integer i = index.get(b);
        if (i != null) out.add(i);
    }

    /** Iterative dominator sets over normal and exceptional edges (methods are small; bit sets keep it cheap). */
    private BitSet[] dominators() {
        int n = blocks.size();
        BitSet[] dom = new BitSet[n];
        Integer start = index.get(cfg.getStartingStmtBlock());
        BitSet all = new BitSet();
        all.set(0, n);
        for (int i = 0; i < n; i++) {
            dom[i] = (BitSet) all.clone();
        }
        if (start == null) return dom;
        dom[start] = new BitSet();
        dom[start].set(start);
        boolean changed = true;
        for (int round = 0; changed && round < 1000; round++) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (i == start) continue;
                BitSet d = null;
                for (int p : predecessors(i)) {
                    if (d == null) d = (BitSet) dom[p].clone();
                    else d.and(dom[p]);
                }
                if (d == null) d = new BitSet(); // unreachable
                d.set(i);
                if (!d.equals(dom[i])) {
                    dom[i] = d;
                    changed = true;
                }
            }
        }
        return dom;
    }

    private boolean dominates(int a, int b) { return dominators[b].get(a); }

    /** Natural loops: every block on a path from the header to a back edge's source counts once per loop. */
    private int[] loops() {
        int n = blocks.size();
        Map<Integer, BitSet> bodies = new HashMap<>();
        for (int src = 0; src < n; src++) {
            for (int h : successors(src)) {
                if (!dominates(h, src)) continue;
                BitSet body = bodies.computeIfAbsent(h, k -> {
                    BitSet s = new BitSet();
                    s.set(k);
                    return s;
                });
                Deque<Integer> work = new ArrayDeque<>();
                if (!body.get(src)) {
                    body.set(src);
                    work.add(src);
                }
                while (!work.isEmpty()) {
                    int x = work.poll();
                    for (int p : predecessors(x)) {
                        if (!body.get(p)) {
                            body.set(p);
                            work.add(p);
                        }
                    }
                }
            }
        }
        int[] depth = new int[n];
        for (BitSet body : bodies.values()) {
            for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) depth[b]++;
        }
        return depth;
    }

    /**
     * Blocks that run only when a field read as null: the null branch of {@code if (f == null)} (or
     * the fall-through of {@code if (f != null) goto}) and everything it dominates, provided that
     * region assigns the same field — a lazily filled singleton or cached home.
     */
    private void nullGuardedRegions() {
        for (Stmt s : cfg.getStmts()) {
            if (!(s instanceof JIfStmt ifs)) continue;
            AbstractConditionExpr cond = ifs.getCondition();
            if (!(cond instanceof JEqExpr) && !(cond instanceof JNeExpr)) continue;
            Value other = cond.getOp1() instanceof NullConstant ? cond.getOp2()
                    : cond.getOp2() instanceof NullConstant ? cond.getOp1() : null;
            // if (!flag): "flag == 0" branches to, or "flag != 0" falls through to, the guarded block.
            boolean flagTest = other == null && cond.getOp2() instanceof IntConstant zero && zero.getValue() == 0;
            if (flagTest) other = cond.getOp1();
            Optional<FieldSignature> field = fieldRead(other);
            boolean scopeKept = field.isEmpty() && !flagTest && other instanceof Local;
            if (field.isEmpty() && !scopeKept) continue;
            List<Stmt> succ = cfg.successors(ifs);
            int branch = cond instanceof JEqExpr ? JIfStmt.TRUE_BRANCH_IDX : JIfStmt.FALSE_BRANCH_IDX;
            if (succ.size() <= branch) continue;
            Integer head = blockIndex(succ.get(branch));
            if (head == null) continue;
            BitSet region = new BitSet();
            for (int b = 0; b < blocks.size(); b++) if (dominates(head, b)) region.set(b);
            if (scopeKept ? storesInScope(region, (Local) other) : assignsField(region, field.get())) cachedRegion.or(region);
        }
    }

    /** The field a value was read from: a static field or a field of {@code this}. */
    private Optional<FieldSignature> fieldRead(Value v) {
        if (v instanceof JFieldRef f) return ownField(f);
        if (!(v instanceof Local l)) return Optional.empty();
        for (Value d : definitionsOf(l)) {
            if (d instanceof JFieldRef f) return ownField(f);
        }
        return Optional.empty();
    }

    private Optional<FieldSignature> ownField(JFieldRef f) {
        if (f instanceof JInstanceFieldRef i && thisLocal != null && !i.getBase().equals(thisLocal)) return Optional.empty();
        return Optional.of(f.getFieldSignature());
    }

    /**
     * Whether the region keeps {@code value} in the session or the servlet context
     * ({@code session.setAttribute("x", value)}): made when the scope does not hold it yet, found
     * there by the next requests (as the source front end's rule).
     */
    private boolean storesInScope(BitSet region, Local value) {
        for (int b = region.nextSetBit(0); b >= 0; b = region.nextSetBit(b + 1)) {
            for (Stmt s : blocks.get(b).getStmts()) {
                if (!s.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
                if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr i)) continue;
                if (!i.getMethodSignature().getName().equals("setAttribute") || i.getArgCount() != 2) continue;
                if (!i.getArg(1).equals(value)) continue;
                String scope = i.getMethodSignature().getDeclClassType().getFullyQualifiedName();
                if (scope.endsWith("HttpSession") || scope.endsWith("ServletContext")) return true;
            }
        }
        return false;
    }

    private boolean assignsField(BitSet region, FieldSignature field) {
        for (int b = region.nextSetBit(0); b >= 0; b = region.nextSetBit(b + 1)) {
            for (Stmt s : blocks.get(b).getStmts()) {
                if (s instanceof JAssignStmt a && a.getLeftOp() instanceof JFieldRef f && f.getFieldSignature().equals(field)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the method reads ({@code get}/{@code containsKey}) and fills ({@code put}) the same field like a cache map. */
    private boolean fillsCacheMap() {
        if (fillsCacheMap == null) {
            Set<FieldSignature> read = new HashSet<>();
            Set<FieldSignature> written = new HashSet<>();
            for (Stmt s : cfg.getStmts()) {
                if (!s.isInvokableStmt()) continue;
                Optional<AbstractInvokeExpr> e = s.asInvokableStmt().getInvokeExpr();
                if (e.isEmpty() || !(e.get() instanceof AbstractInstanceInvokeExpr i)) continue;
                Optional<FieldSignature> f = fieldRead(i.getBase());
                if (f.isEmpty()) continue;
                switch (i.getMethodSignature().getName()) {
                    case "get", "containsKey" -> read.add(f.get());
                    case "put", "putIfAbsent" -> written.add(f.get());
                    default -> { }
                }
            }
            read.retainAll(written);
            fillsCacheMap = !read.isEmpty();
        }
        return fillsCacheMap;
    }

    /** Whether some path from the method's start to its end avoids block {@code b} (the call is conditional). */
    private boolean conditional(int b) {
        Integer start = index.get(cfg.getStartingStmtBlock());
        if (start == null || start == b) return false;
        BitSet seen = new BitSet();
        Deque<Integer> work = new ArrayDeque<>(List.of(start));
        seen.set(start);
        while (!work.isEmpty()) {
            int x = work.poll();
            List<Integer> next = new ArrayList<>();
            for (BasicBlock<?> s : blocks.get(x).getSuccessors()) add(next, s);
            if (next.isEmpty()) return true; // reached an exit without passing b
            for (int y : next) {
                if (y != b && !seen.get(y)) {
                    seen.set(y);
                    work.add(y);
                }
            }
        }
        return false;
    }
}
