package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Two facts about a call site read off its method's tree (docs/rules.md §WAN008 and §WAN009): whether the
 * call runs only under a condition, and whether a JDBC statement's SQL is assembled at run time.
 * Purely syntactic and local to the method, so it costs one walk up the tree per call asked about.
 */
final class StatementFacts {
    private StatementFacts() {}

    /** Methods whose result is SQL text assembled while running. */
    private static final Set<String> BUILDING_CALLS = Set.of("toString", "format", "formatted", "concat", "append",
            "join", "replace", "replaceAll");

    /**
     * Whether {@code call} runs only when a dirty check of its class lets it ({@link DirtyChecks}):
     * inside an {@code if}, {@code switch} or {@code ?:} whose condition is one, or after an
     * {@code if} of an enclosing block that is one and can return ({@code if (!dirty) return;}).
     * Other guards do not count: {@code if (!valid) throw …} or {@code if (beingCreated) return;}
     * still lets every store of a loaded bean write.
     */
    static boolean conditional(Node call, Node callable) {
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            if (n instanceof IfStmt i && child != i.getCondition() && DirtyChecks.isDirtyCheck(i.getCondition(), callable)) return true;
            if (n instanceof ConditionalExpr c && child != c.getCondition() && DirtyChecks.isDirtyCheck(c.getCondition(), callable)) return true;
            if (n instanceof SwitchEntry && n.getParentNode().orElse(null) instanceof com.github.javaparser.ast.nodeTypes.SwitchNode sw
                    && DirtyChecks.isDirtyCheck(sw.getSelector(), callable)) return true;
            if (n instanceof BlockStmt b && child instanceof Statement s && leavesEarlierInBlock(b.getStatements(), s, callable)) return true;
        }
        return false;
    }

    /** Whether a dirty check before {@code upTo} in the block returns from the method (a throw is a validation). */
    private static boolean leavesEarlierInBlock(NodeList<Statement> statements, Statement upTo, Node callable) {
        for (Statement s : statements) {
            if (s == upTo) return false;
            if (s instanceof IfStmt i && !i.findAll(ReturnStmt.class).isEmpty() && DirtyChecks.isDirtyCheck(i.getCondition(), callable)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the SQL handed to a {@code Statement.execute*} call is assembled at run time: its
     * first argument concatenates something other than literals, constants and numbers, comes from
     * a builder, {@code String.format} or {@code concat}, or is a local variable given such a value.
     * Parameters and fields of unknown content count as not built (no evidence either way); an
     * {@code int} id can no more inject SQL than a literal can.
     */
    static boolean sqlBuiltAtRuntime(MethodCallExpr call, Node callable, TypeDeclaration<?> owner) {
        if (call.getArguments().isEmpty()) return false;
        return built(call.getArgument(0), callable, owner, 0);
    }

    /**
     * Whether {@code Connection.prepareStatement}/{@code prepareCall} gets SQL assembled at run time
     * ({@link #sqlBuiltAtRuntime}) without a single bind parameter: the values are in the text, as
     * injectable as through a plain {@code Statement}. SQL with a {@code ?} anywhere in the literals
     * it is built from binds its values (an {@code IN (?, ?, …)} list built to size is fine).
     */
    static boolean preparedFromRuntimeText(MethodCallExpr call, Node callable, TypeDeclaration<?> owner) {
        if (call.getArguments().isEmpty() || !built(call.getArgument(0), callable, owner, 0)) return false;
        if (callable.findAll(MethodCallExpr.class).stream().anyMatch(StatementFacts::bindsAValue)) return false;
        // Handed back to a caller, the statement may well be bound there.
        if (!callable.findAll(ReturnStmt.class).isEmpty() && returnsStatement(call, callable)) return false;
        return !bindsParameters(call.getArgument(0), callable, 0);
    }

    /** {@code ps.setString(1, name)} and the like, {@code cs.registerOutParameter(1, …)}: a bind parameter is used. */
    private static boolean bindsAValue(MethodCallExpr m) {
        return m.getArguments().size() >= 2 && m.getScope().isPresent()
                && (BIND_CALL.matcher(m.getNameAsString()).matches() || m.getNameAsString().equals("registerOutParameter"));
    }

    private static final java.util.regex.Pattern BIND_CALL = java.util.regex.Pattern.compile(
            "set(String|NString|Int|Long|Short|Byte|Double|Float|BigDecimal|Boolean|Date|Time|Timestamp|Object|Null|Bytes"
                    + "|Blob|Clob|NClob|CharacterStream|BinaryStream|AsciiStream|Array|Ref|URL|SQLXML|RowId)");

    /** Whether the prepared statement is the method's result: returned directly or through the local it is put in. */
    private static boolean returnsStatement(MethodCallExpr call, Node callable) {
        Node parent = call.getParentNode().orElse(null);
        if (parent instanceof ReturnStmt) return true;
        String local = parent instanceof VariableDeclarator v ? v.getNameAsString()
                : parent instanceof AssignExpr a && a.getTarget() instanceof NameExpr n ? n.getNameAsString() : null;
        if (local == null) return false;
        return callable.findAll(ReturnStmt.class).stream().anyMatch(r -> r.getExpression()
                .filter(x -> x instanceof NameExpr n && n.getNameAsString().equals(local)).isPresent());
    }

    private static boolean built(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof EnclosedExpr en) return built(en.getInner(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return !fixed(b.getLeft(), callable, owner, depth + 1) || !fixed(b.getRight(), callable, owner, depth + 1)
                    || built(b.getLeft(), callable, owner, depth + 1) || built(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof MethodCallExpr m) return BUILDING_CALLS.contains(m.getNameAsString());
        if (e instanceof ConditionalExpr c) {
            return built(c.getThenExpr(), callable, owner, depth + 1) || built(c.getElseExpr(), callable, owner, depth + 1);
        }
        if (e instanceof NameExpr n) {
            String name = n.getNameAsString();
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name) && v.getInitializer().isPresent()
                        && built(v.getInitializer().get(), callable, owner, depth + 1)) return true;
            }
            for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                if (!(a.getTarget() instanceof NameExpr t) || !t.getNameAsString().equals(name)) continue;
                if (a.getOperator() == AssignExpr.Operator.PLUS && !fixed(a.getValue(), callable, owner, depth + 1)
                        || built(a.getValue(), callable, owner, depth + 1)) return true;
            }
        }
        return false;
    }

    /** What cannot carry SQL from outside: constants, numbers, and concatenations of them. */
    private static boolean fixed(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof EnclosedExpr en) return fixed(en.getInner(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return fixed(b.getLeft(), callable, owner, depth + 1) && fixed(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof NameExpr n && isLocal(n.getNameAsString(), callable) && !numeric(e, callable, owner, depth)) {
            // A local is fixed when every value it is given is (`where += id` with an int id included).
            String name = n.getNameAsString();
            List<Expression> values = new ArrayList<>();
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name)) v.getInitializer().ifPresent(values::add);
            }
            for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(name)) values.add(a.getValue());
            }
            return !values.isEmpty() && values.stream().allMatch(v -> fixed(v, callable, owner, depth + 1));
        }
        return constant(e, callable, owner, depth) || numeric(e, callable, owner, depth);
    }

    private static boolean isLocal(String name, Node callable) {
        return callable.findAll(VariableDeclarator.class).stream().anyMatch(v -> v.getNameAsString().equals(name));
    }

    /** Integral primitives and their boxes: a number in SQL text is digits, never a quote or a keyword. */
    private static final Set<String> NUMERIC_TYPES = Set.of("int", "long", "short", "byte", "Integer", "Long", "Short",
            "Byte", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte");
    /** Calls that return an integral number whatever their receiver. */
    private static final Set<String> NUMERIC_CALLS = Set.of("intValue", "longValue", "shortValue", "byteValue",
            "parseInt", "parseLong", "parseShort", "parseByte", "size", "length");

    /** An integral value by its declared type: a local, parameter or field of the class, a cast, arithmetic. */
    private static boolean numeric(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof IntegerLiteralExpr || e instanceof LongLiteralExpr) return true;
        if (e instanceof EnclosedExpr en) return numeric(en.getInner(), callable, owner, depth + 1);
        if (e instanceof CastExpr c) return NUMERIC_TYPES.contains(c.getType().asString());
        if (e instanceof UnaryExpr u) return numeric(u.getExpression(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && ARITHMETIC.contains(b.getOperator())) {
            return numeric(b.getLeft(), callable, owner, depth + 1) && numeric(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof ConditionalExpr c) {
            return numeric(c.getThenExpr(), callable, owner, depth + 1) && numeric(c.getElseExpr(), callable, owner, depth + 1);
        }
        if (e instanceof MethodCallExpr m) return NUMERIC_CALLS.contains(m.getNameAsString());
        String name = e instanceof NameExpr n ? n.getNameAsString()
                : e instanceof FieldAccessExpr f && f.getScope() instanceof ThisExpr ? f.getNameAsString() : null;
        if (name == null) return false;
        if (e instanceof NameExpr) {
            List<String> declared = new ArrayList<>();
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name)) declared.add(v.getTypeAsString());
            }
            for (Parameter p : callable.findAll(Parameter.class)) {
                if (p.getNameAsString().equals(name)) declared.add(p.getTypeAsString());
            }
            if (!declared.isEmpty()) return declared.stream().allMatch(NUMERIC_TYPES::contains);
        }
        if (owner == null) return false;
        for (FieldDeclaration f : owner.getFields()) {
            for (VariableDeclarator v : f.getVariables()) {
                if (v.getNameAsString().equals(name)) return NUMERIC_TYPES.contains(v.getTypeAsString());
            }
        }
        return false;
    }

    private static final Set<BinaryExpr.Operator> ARITHMETIC = Set.of(BinaryExpr.Operator.PLUS, BinaryExpr.Operator.MINUS,
            BinaryExpr.Operator.MULTIPLY, BinaryExpr.Operator.DIVIDE, BinaryExpr.Operator.REMAINDER);

    /**
     * Whether a string literal the SQL is built from holds a {@code ?}: in the expression itself, in
     * the values given to the locals it names, and in what is appended to a builder it reads.
     */
    private static boolean bindsParameters(Expression e, Node callable, int depth) {
        if (depth > 8) return false;
        if (e.findAll(StringLiteralExpr.class).stream().anyMatch(l -> l.getValue().contains("?"))) return true;
        Set<String> names = new java.util.HashSet<>();
        e.findAll(NameExpr.class).forEach(n -> names.add(n.getNameAsString()));
        for (String name : names) {
            for (VariableDeclarator v : callable.findAll(VariableDeclarator.class)) {
                if (v.getNameAsString().equals(name) && v.getInitializer().isPresent()
                        && bindsParameters(v.getInitializer().get(), callable, depth + 1)) return true;
            }
            for (AssignExpr a : callable.findAll(AssignExpr.class)) {
                if (a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(name)
                        && bindsParameters(a.getValue(), callable, depth + 1)) return true;
            }
            for (MethodCallExpr m : callable.findAll(MethodCallExpr.class)) {
                if (m.getScope().orElse(null) instanceof NameExpr s && s.getNameAsString().equals(name)
                        && BUILDING_CALLS.contains(m.getNameAsString())
                        && m.getArguments().stream().anyMatch(a -> bindsParameters(a, callable, depth + 1))) return true;
            }
        }
        return false;
    }

    /**
     * Literals, names of {@code final} fields of the class (SQL fragments kept as constants), and
     * {@code Type.NAME} constants of other classes (upper-case by the Java naming convention).
     */
    private static boolean constant(Expression e, Node callable, TypeDeclaration<?> owner, int depth) {
        if (depth > 8) return false;
        if (e instanceof StringLiteralExpr || e instanceof TextBlockLiteralExpr || e.isLiteralExpr()) return true;
        if (e instanceof EnclosedExpr en) return constant(en.getInner(), callable, owner, depth + 1);
        if (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return constant(b.getLeft(), callable, owner, depth + 1) && constant(b.getRight(), callable, owner, depth + 1);
        }
        if (e instanceof FieldAccessExpr f && CONSTANT_NAME.matcher(f.getNameAsString()).matches()) {
            String scope = f.getScope() instanceof NameExpr n ? n.getNameAsString()
                    : f.getScope() instanceof FieldAccessExpr q ? q.getNameAsString() : "";
            return !scope.isEmpty() && Character.isUpperCase(scope.charAt(0));
        }
        if (e instanceof NameExpr n && owner != null) {
            String name = n.getNameAsString();
            java.util.List<VariableDeclarator> locals = callable.findAll(VariableDeclarator.class).stream()
                    .filter(v -> v.getNameAsString().equals(name)).toList();
            if (!locals.isEmpty()) {
                // A local is a constant when every declaration of that name starts constant and nothing reassigns it.
                boolean reassigned = callable.findAll(AssignExpr.class).stream()
                        .anyMatch(a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(name));
                return !reassigned && locals.stream().allMatch(v -> v.getInitializer()
                        .map(i -> constant(i, callable, owner, depth + 1)).orElse(false));
            }
            for (FieldDeclaration f : owner.getFields()) {
                if (f.isFinal() && f.getVariables().stream().anyMatch(v -> v.getNameAsString().equals(n.getNameAsString()))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern CONSTANT_NAME = java.util.regex.Pattern.compile("[A-Z][A-Z0-9_]*");
}
