package io.wanlint.refactorings.jdbc;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.TextBlockLiteralExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WAN009: a {@code Statement} executing SQL concatenated from literals and values becomes a
 * {@code PreparedStatement} whose SQL has a {@code ?} per value, bound with {@code setString},
 * {@code setInt}, ... ({@code setObject} when the value's type is not evident). Handled shape: the
 * statement is a local {@code Statement s = conn.createStatement()} (or a try resource, or declared
 * {@code null} and assigned once from {@code conn.createStatement()}) used for this one execution, and the SQL is a concatenation in the call or in a local String variable
 * used only there. Any other shape gets no patch: a wrong rewrite of SQL is worse than none.
 */
public final class UsePreparedStatement implements Refactoring {
    public static final String RULE_ID = "WAN009";
    private static final Set<String> EXECUTES = Set.of("executeQuery", "executeUpdate", "execute");
    /** Calls that would run other SQL through the same statement: then it cannot become one prepared statement. */
    private static final Set<String> OTHER_SQL = Set.of("executeQuery", "executeUpdate", "execute", "addBatch",
            "executeBatch", "executeLargeUpdate", "executeLargeBatch");
    private static final Map<String, String> SETTERS = Map.ofEntries(Map.entry("String", "setString"),
            Map.entry("java.lang.String", "setString"), Map.entry("int", "setInt"), Map.entry("short", "setInt"),
            Map.entry("byte", "setInt"), Map.entry("long", "setLong"), Map.entry("double", "setDouble"),
            Map.entry("boolean", "setBoolean"), Map.entry("BigDecimal", "setBigDecimal"),
            Map.entry("java.math.BigDecimal", "setBigDecimal"));

    /** SQL keywords after which a value follows; checked on the upper-cased SQL without trailing blanks. */
    private static final java.util.regex.Pattern VALUE_KEYWORD = java.util.regex.Pattern.compile("\\b(LIKE|LIMIT|OFFSET)$");

    /** The planned edits of one file, or why there are none. */
    sealed interface Rewrite {
        record Planned(FileChange.Edit change) implements Rewrite {}

        record NotApplicable(String reason) implements Rewrite {}
    }

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Method.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        return PlanOutcome.ofNullable(patchFor(finding, context), "the SQL is not a plain concatenation of literals and values in this method (see wanlint explain WAN009)");
    }

    /** The patch, or empty when this finding cannot be fixed this way. */
    Optional<Patch> patchFor(Finding finding, RefactoringContext context) {
        if (!handles(finding) || finding.location().method() == null) return Optional.empty();
        Optional<SourceText> source = context.read(finding.location().file());
        if (source.isEmpty()) return Optional.empty();
        String className = finding.location().className();
        String simple = className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
        if (!(rewrite(source.get(), simple, finding.location().method()) instanceof Rewrite.Planned p)) return Optional.empty();
        return Optional.of(new Patch(Fingerprints.of(finding), finding.ruleId(),
                "Execute the SQL of " + simple + "." + finding.location().method() + " as a PreparedStatement with bound parameters",
                List.of(p.change()), finding.before(), finding.after()));
    }

    /** Every concatenated execution in the methods {@code methodName} of class {@code simpleClassName}, rewritten. */
    static Rewrite rewrite(SourceText text, String simpleClassName, String methodName) {
        Optional<JavaSource> parsed = JavaSource.parse(text);
        if (parsed.isEmpty()) return new Rewrite.NotApplicable(text.path() + " does not parse");
        JavaSource src = parsed.get();
        Optional<TypeDeclaration<?>> type = src.type(simpleClassName);
        if (type.isEmpty()) return new Rewrite.NotApplicable("no class " + simpleClassName + " in " + text.path());
        List<TextEdit> edits = new ArrayList<>();
        boolean qualifiedOnly = true;
        int rewritten = 0;
        // The literals whose head a value inside SQL quotes took along, as they are left: the tree is
        // never changed, so that planning another finding of the file may read the same tree.
        Map<StringLiteralExpr, String> cut = new IdentityHashMap<>();
        for (CallableDeclaration<?> method : type.get().getMethods()) {
            if (!method.getNameAsString().equals(methodName)) continue;
            for (MethodCallExpr call : method.findAll(MethodCallExpr.class)) {
                if (!EXECUTES.contains(call.getNameAsString()) || call.getArguments().size() != 1) continue;
                Optional<Sql> sql = sqlOf(call.getArgument(0), method);
                if (sql.isEmpty()) continue;
                Object one = rewriteOne(src, method, type.get(), call, sql.get(), cut);
                if (one instanceof String reason) return new Rewrite.NotApplicable(reason);
                Planned p = (Planned) one;
                edits.addAll(p.edits());
                qualifiedOnly &= p.qualifiedType();
                rewritten++;
            }
        }
        if (rewritten == 0) return new Rewrite.NotApplicable("no Statement execution of concatenated SQL in " + simpleClassName + "." + methodName);
        if (!qualifiedOnly) src.importFor("java.sql.PreparedStatement").ifPresent(edits::add);
        try {
            return new Rewrite.Planned(new FileChange.Edit(text.path(), edits));
        } catch (IllegalArgumentException overlapping) {
            return new Rewrite.NotApplicable("the executions in " + methodName + " share code that cannot be rewritten twice");
        }
    }

    /** SQL pieces: the concatenation's operands, and the local variable declaration it came from, if any. */
    private record Sql(List<Expression> operands, Optional<VariableDeclarator> variable) {}

    private record Planned(List<TextEdit> edits, boolean qualifiedType) {}

    private record Binding(String setter, String value) {}

    private static Optional<Sql> sqlOf(Expression arg, Node method) {
        if (arg instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            return concatenation(b).map(ops -> new Sql(ops, Optional.empty()));
        }
        if (arg instanceof NameExpr n) {
            List<VariableDeclarator> decls = method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(n.getNameAsString()));
            if (decls.size() != 1 || decls.get(0).getInitializer().isEmpty()) return Optional.empty();
            if (!(decls.get(0).getInitializer().get() instanceof BinaryExpr b) || b.getOperator() != BinaryExpr.Operator.PLUS) return Optional.empty();
            // Used only here and never reassigned: the variable can give way to the bindings.
            if (method.findAll(NameExpr.class, x -> x.getNameAsString().equals(n.getNameAsString())).size() != 1) return Optional.empty();
            return concatenation(b).map(ops -> new Sql(ops, Optional.of(decls.get(0))));
        }
        return Optional.empty();
    }

    /**
     * The operands of a string concatenation, left to right. Only when one of the first two is a
     * string literal: otherwise {@code a + b + "..."} may start with a numeric addition.
     */
    private static Optional<List<Expression>> concatenation(BinaryExpr top) {
        List<Expression> ops = new ArrayList<>();
        Expression e = top;
        List<Expression> rights = new ArrayList<>();
        while (e instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
            rights.add(0, b.getRight());
            e = b.getLeft();
        }
        ops.add(e);
        ops.addAll(rights);
        if (!(ops.get(0) instanceof StringLiteralExpr) && !(ops.get(1) instanceof StringLiteralExpr)) return Optional.empty();
        if (ops.stream().noneMatch(o -> !(o instanceof StringLiteralExpr))) return Optional.empty();
        return Optional.of(ops);
    }

    /** The edits for one execution, or the reason (a String) why it is left alone. */
    private static Object rewriteOne(JavaSource src, CallableDeclaration<?> method, TypeDeclaration<?> type, MethodCallExpr call, Sql sql,
                                     Map<StringLiteralExpr, String> cut) {
        String text = src.source().text();
        String eol = src.source().lineEnding();
        if (!(call.getScope().orElse(null) instanceof NameExpr scope)) return "the statement is not a local variable";
        String var = scope.getNameAsString();
        List<VariableDeclarator> decls = method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(var));
        if (decls.size() != 1) return "no single declaration of " + var;
        VariableDeclarator decl = decls.get(0);
        if (!(decl.getParentNode().orElse(null) instanceof VariableDeclarationExpr declExpr) || declExpr.getVariables().size() != 1) {
            return var + " is declared together with other variables";
        }
        // Either Statement s = conn.createStatement(), or the J2EE idiom Statement s = null; ... s = conn.createStatement();
        Expression creation = declExpr;
        Expression init = decl.getInitializer().orElse(null);
        List<AssignExpr> assigns = method.findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr n && n.getNameAsString().equals(var));
        if (init == null || init instanceof NullLiteralExpr) {
            if (assigns.size() != 1 || assigns.get(0).getOperator() != AssignExpr.Operator.ASSIGN
                    || !(assigns.get(0).getParentNode().orElse(null) instanceof ExpressionStmt)) {
                return var + " is not assigned once from conn.createStatement() in " + method.getNameAsString();
            }
            creation = assigns.get(0);
            init = assigns.get(0).getValue();
        } else if (!assigns.isEmpty()) {
            return var + " is reassigned";
        }
        if (!(init instanceof MethodCallExpr create) || !create.getNameAsString().equals("createStatement") || create.getScope().isEmpty()) {
            return var + " is not created by conn.createStatement() in " + method.getNameAsString();
        }
        String declaredType = decl.getTypeAsString();
        if (!declaredType.equals("Statement") && !declaredType.equals("java.sql.Statement")) return var + " is declared as " + declaredType;
        for (NameExpr use : method.findAll(NameExpr.class, x -> x.getNameAsString().equals(var))) {
            if (use == scope) continue;
            Node parent = use.getParentNode().orElse(null);
            if (parent instanceof MethodCallExpr m && m.getScope().orElse(null) == use) {
                if (OTHER_SQL.contains(m.getNameAsString())) return var + " runs more than one SQL statement";
            } else if (parent instanceof MethodCallExpr m && m.getArguments().contains(use)
                    && m.getNameAsString().toLowerCase(java.util.Locale.ROOT).contains("close")) {
                // A cleanup helper taking a Statement accepts the PreparedStatement too.
            } else if (parent instanceof BinaryExpr b && (b.getOperator() == BinaryExpr.Operator.EQUALS
                    || b.getOperator() == BinaryExpr.Operator.NOT_EQUALS)) {
                // a null check
            } else if (!(parent instanceof AssignExpr a && a == creation && a.getTarget() == use)) {
                return var + " is used other than by calling its methods";
            }
        }

        // The SQL with a ? per value; quotes around a value go, the value is bound as a string.
        // SQL constants and a builder of the WHERE clause stay as code in the prepared SQL.
        List<TextEdit> edits = new ArrayList<>();
        Pieces pieces = new Pieces(cut);
        Optional<BuilderRewrite> builder = Optional.empty();
        List<Binding> bindings = new ArrayList<>();
        for (int i = 0; i < sql.operands().size(); i++) {
            Expression op = sql.operands().get(i);
            if (op instanceof StringLiteralExpr s) {
                if (pieces.valueOf(s).contains("?")) return "the SQL already contains a ?";
                pieces.text(pieces.valueOf(s));
                continue;
            }
            Optional<String> constant = sqlConstant(op, method, type);
            if (constant.isPresent()) {
                if (constant.get().contains("?") || constant.get().contains("'")) return "the SQL constant " + op + " holds a ? or a quote";
                pieces.code(src.text(op), constant.get());
                continue;
            }
            Optional<VariableDeclarator> sb = builderOf(op, method);
            if (sb.isPresent()) {
                if (builder.isPresent()) return "the SQL joins more than one builder";
                Object b = rewriteBuilder(src, method, type, sb.get(), op, creation, cut);
                if (b instanceof String reason) return reason;
                builder = Optional.of((BuilderRewrite) b);
                pieces.code(src.text(op), "");
                continue;
            }
            Object bound = value(src, method, type, sql.operands(), i, pieces);
            if (bound instanceof String reason) return reason;
            bindings.add((Binding) bound);
        }
        if (pieces.openQuote()) return "the SQL has an unbalanced quote";
        if (builder.isPresent() && !bindings.isEmpty()) return "values are bound both in the SQL builder and around it";

        String file = src.source().path();
        boolean qualified = declaredType.startsWith("java.sql.");
        edits.add(new TextEdit(file, src.begin(decl.getType()), src.end(decl.getType()), qualified ? "java.sql.PreparedStatement" : "PreparedStatement"));
        StringBuilder prepare = new StringBuilder("prepareStatement(").append(pieces.expression());
        for (Expression a : create.getArguments()) prepare.append(", ").append(src.text(a));
        edits.add(new TextEdit(file, src.begin(create.getName()), src.end(create), prepare.append(')').toString()));
        edits.add(new TextEdit(file, src.end(call.getName()), src.end(call), "()"));

        if (builder.isPresent() && sql.variable().isPresent()) return "the SQL built with a builder is held in a variable";
        if (sql.variable().isPresent()) {
            // The bindings take the SQL variable's place, so the values are read where they were.
            VariableDeclarator sqlVar = sql.variable().get();
            if (!(sqlVar.getParentNode().orElse(null) instanceof VariableDeclarationExpr v) || v.getVariables().size() != 1
                    || !(v.getParentNode().orElse(null) instanceof ExpressionStmt st) || !inScopeOf(creation, st)) {
                return "the SQL variable is not declared where " + var + " is in scope";
            }
            int at = src.begin(st);
            if (!src.startsLine(at)) return "the SQL variable shares its line with other code";
            String indent = src.source().indentationAt(at);
            edits.add(new TextEdit(file, at, src.end(st), String.join(eol + indent, bindLines(var, bindings))));
            return new Planned(edits, qualified);
        }

        Node at = call;
        while (true) {
            Node parent = at.getParentNode().orElse(null);
            if (parent == null || parent instanceof LambdaExpr || parent instanceof CallableDeclaration) return "the execution is not in a statement";
            if (parent instanceof TryStmt t && at instanceof VariableDeclarationExpr resource && t.getResources().contains(resource)) {
                int e = t.getResources().indexOf(resource);
                int s = t.getResources().indexOf(declExpr);
                if (s >= 0 && s < e && builder.isPresent()) return "the statement built with a builder is a try resource";
                if (s >= 0 && s < e) return splitTry(src, t, s, e, var, bindings, edits);
                if (s >= 0) return "the statement is declared after its execution";
                at = t;
                break;
            }
            if (parent instanceof Statement st && !(parent instanceof BlockStmt)) {
                at = st;
                break;
            }
            at = parent;
        }
        Statement st = (Statement) at;
        if (st instanceof WhileStmt || st instanceof DoStmt || st instanceof ForStmt || st instanceof ForEachStmt) {
            return "the execution is in a loop condition";
        }
        if (!(st.getParentNode().orElse(null) instanceof BlockStmt) || !inScopeOf(creation, st)) return "the execution is not in a block where " + var + " is in scope";
        int begin = src.begin(st);
        if (!src.startsLine(begin)) return "the execution shares its line with other code";
        int lineStart = src.source().lineStart(begin);
        String indent = src.source().indentationAt(begin);
        StringBuilder lines = new StringBuilder();
        List<String> binds = builder.isPresent() ? builder.get().bindLines(var) : bindLines(var, bindings);
        if (builder.isPresent()) edits.addAll(builder.get().edits());
        for (String l : binds) lines.append(indent).append(l).append(eol);
        edits.add(TextEdit.insert(file, lineStart, lines.toString()));
        return new Planned(edits, qualified);
    }

    /** The prepared SQL as it is assembled: literal text with a ? per value, and code kept as it is. */
    private static final class Pieces {
        /** Literals' values as earlier pieces left them (see {@link #cut}), shared by the pieces of one rewrite. */
        private final Map<StringLiteralExpr, String> cut;
        private final List<String> code = new ArrayList<>();
        /** The literal being assembled (Java source text, escapes kept). */
        private final StringBuilder run = new StringBuilder();
        /** All SQL text known so far, for the quotes and the places where values go. */
        private final StringBuilder sql = new StringBuilder();

        Pieces(Map<StringLiteralExpr, String> cut) { this.cut = cut; }

        /** The literal's value, less the head an SQL string literal of an earlier value took along. */
        String valueOf(StringLiteralExpr s) { return cut.getOrDefault(s, s.getValue()); }

        /** The literal's value is {@code rest} from now on: its head went into the bound value. */
        void cut(StringLiteralExpr s, String rest) { cut.put(s, rest); }

        void text(String t) {
            run.append(t);
            sql.append(t);
        }

        void code(String expression, String knownText) {
            flush();
            code.add(expression);
            sql.append(knownText);
        }

        boolean openQuote() { return sql.chars().filter(c -> c == '\'').count() % 2 != 0; }

        /** The text after the opening quote, when that quote is in the literal being assembled. */
        Optional<String> openLiteralTail() {
            int q = run.lastIndexOf("'");
            return q < 0 ? Optional.empty() : Optional.of(run.substring(q + 1));
        }

        void dropOpenLiteral() {
            int cut = run.length() - run.lastIndexOf("'");
            run.setLength(run.length() - cut);
            sql.setLength(sql.length() - cut);
        }

        CharSequence sql() { return sql; }

        String literal() { return run.toString(); }

        boolean hasCode() { return !code.isEmpty(); }

        /** The Java expression of the SQL; a leading {@code ""} keeps it a string concatenation. */
        String expression() {
            flush();
            if (code.isEmpty()) return "\"\"";
            boolean stringFirst = code.get(0).startsWith("\"") || code.size() > 1 && code.get(1).startsWith("\"");
            return (stringFirst || code.size() == 1 ? "" : "\"\" + ") + String.join(" + ", code);
        }

        private void flush() {
            if (run.length() > 0) code.add('"' + run.toString() + '"');
            run.setLength(0);
        }
    }

    /**
     * A value concatenated into the SQL becomes a ?: the binding, or the reason (a String) why it
     * cannot. A value inside an SQL string literal ({@code '...'} or {@code '%...%'}) takes the quotes
     * and its wildcards with it and is bound as a string.
     */
    private static Object value(JavaSource src, CallableDeclaration<?> method, TypeDeclaration<?> type, List<Expression> ops, int i,
                                Pieces pieces) {
        Expression op = ops.get(i);
        if (op instanceof TextBlockLiteralExpr) return "the SQL contains a text block";
        Expression next = i + 1 < ops.size() ? ops.get(i + 1) : null;
        String setter = setterFor(op, method, type);
        String value = src.text(op);
        if (pieces.openQuote()) {
            Optional<String> prefix = pieces.openLiteralTail();
            if (prefix.isEmpty() || !(next instanceof StringLiteralExpr n) || pieces.valueOf(n).indexOf('\'') < 0) {
                return "a value is concatenated inside an SQL string literal";
            }
            String nextValue = pieces.valueOf(n);
            String suffix = nextValue.substring(0, nextValue.indexOf('\''));
            // An SQL quote written twice ('') is a quote in the text, not the literal's end.
            String literal = pieces.literal();
            boolean escapedQuote = literal.length() - prefix.get().length() >= 2
                    && literal.charAt(literal.length() - prefix.get().length() - 2) == '\''
                    || nextValue.startsWith("'", suffix.length() + 1);
            if (escapedQuote) return "a value is concatenated next to an escaped quote of an SQL string literal";
            if (prefix.get().contains("\\") || suffix.contains("\\")) return "a value is concatenated inside an SQL string literal with escapes";
            pieces.dropOpenLiteral();
            pieces.cut(n, nextValue.substring(suffix.length() + 1));
            pieces.text("?");
            if (!prefix.get().isEmpty() || !suffix.isEmpty()) {
                return new Binding("setString", (prefix.get().isEmpty() ? "" : "\"" + prefix.get() + "\" + ") + value
                        + (suffix.isEmpty() ? "" : " + \"" + suffix + "\""));
            }
            return setter.equals("setString") ? new Binding(setter, value) : new Binding("setString", "String.valueOf(" + value + ")");
        }
        if (!valueGoesHere(pieces, next)) {
            return "a concatenated part is SQL syntax (a column list, a clause), not a value a ? can stand for";
        }
        pieces.text("?");
        return new Binding(setter, value);
    }

    /** A {@code static final String} field of the class holding SQL text: its text. */
    private static Optional<String> sqlConstant(Expression op, CallableDeclaration<?> method, TypeDeclaration<?> type) {
        if (!(op instanceof NameExpr n)) return Optional.empty();
        String name = n.getNameAsString();
        boolean shadowed = !method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(name)).isEmpty()
                || method.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(name));
        if (shadowed) return Optional.empty();
        for (FieldDeclaration f : type.getFields()) {
            if (!f.isStatic() || !f.isFinal()) continue;
            for (VariableDeclarator v : f.getVariables()) {
                if (!v.getNameAsString().equals(name) || !v.getTypeAsString().equals("String") || v.getInitializer().isEmpty()) continue;
                Expression init = v.getInitializer().get();
                if (init instanceof StringLiteralExpr s) return Optional.of(s.getValue());
                if (init instanceof BinaryExpr b && b.getOperator() == BinaryExpr.Operator.PLUS) {
                    StringBuilder text = new StringBuilder();
                    for (Expression part : concatenation(b).orElse(List.of(b))) {
                        if (!(part instanceof StringLiteralExpr s)) return Optional.empty();
                        text.append(s.getValue());
                    }
                    return Optional.of(text.toString());
                }
            }
        }
        return Optional.empty();
    }

    /** {@code where} or {@code where.toString()} of a local {@code StringBuffer}/{@code StringBuilder} created empty. */
    private static Optional<VariableDeclarator> builderOf(Expression op, CallableDeclaration<?> method) {
        NameExpr n;
        if (op instanceof NameExpr x) n = x;
        else if (op instanceof MethodCallExpr m && m.getNameAsString().equals("toString") && m.getArguments().isEmpty()
                && m.getScope().orElse(null) instanceof NameExpr x) n = x;
        else return Optional.empty();
        List<VariableDeclarator> decls = method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(n.getNameAsString()));
        if (decls.size() != 1) return Optional.empty();
        VariableDeclarator d = decls.get(0);
        String t = d.getTypeAsString();
        boolean builderType = t.equals("StringBuffer") || t.equals("StringBuilder") || t.equals("java.lang.StringBuffer")
                || t.equals("java.lang.StringBuilder");
        if (!builderType || !(d.getInitializer().orElse(null) instanceof com.github.javaparser.ast.expr.ObjectCreationExpr create)
                || !create.getArguments().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(d);
    }

    /**
     * A builder's appends with ? for their values, each value added to a list after its append, in
     * the order the SQL needs them; the list is bound after the statement is prepared.
     */
    private record BuilderRewrite(String list, boolean strings, boolean generics, List<TextEdit> edits) {
        List<String> bindLines(String statement) {
            String bind = strings ? statement + ".setString(i + 1, " + (generics ? "" : "(String) ") + list + ".get(i));"
                    : statement + ".setObject(i + 1, " + list + ".get(i));";
            return List.of("for (int i = 0; i < " + list + ".size(); i++) {", "    " + bind, "}");
        }
    }

    /** The edits that make the builder's SQL take ? for values, or the reason (a String) why not. */
    private static Object rewriteBuilder(JavaSource src, CallableDeclaration<?> method, TypeDeclaration<?> type, VariableDeclarator decl,
                                         Expression sqlUse, Expression creation, Map<StringLiteralExpr, String> cut) {
        String text = src.source().text();
        String eol = src.source().lineEnding();
        String file = src.source().path();
        String name = decl.getNameAsString();
        if (!(decl.getParentNode().orElse(null) instanceof VariableDeclarationExpr declExpr) || declExpr.getVariables().size() != 1
                || !(declExpr.getParentNode().orElse(null) instanceof ExpressionStmt declSt)
                || !(declSt.getParentNode().orElse(null) instanceof BlockStmt block) || !block.isAncestorOf(creation)) {
            return "the SQL builder " + name + " is not declared in the block that prepares the statement";
        }
        String list = name + "Values";
        if (!method.findAll(NameExpr.class, x -> x.getNameAsString().equals(list)).isEmpty()
                || !method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(list)).isEmpty()) {
            return "the name " + list + " is taken";
        }
        List<TextEdit> edits = new ArrayList<>();
        boolean strings = true;
        boolean any = false;
        for (NameExpr use : method.findAll(NameExpr.class, x -> x.getNameAsString().equals(name))) {
            if (use == sqlUse || sqlUse.isAncestorOf(use)) continue;
            // b.append(x).append(y)...; as a statement of its own
            List<MethodCallExpr> appends = new ArrayList<>();
            Node at = use;
            while (at.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().orElse(null) == at
                    && m.getNameAsString().equals("append") && m.getArguments().size() == 1) {
                appends.add(m);
                at = m;
            }
            if (appends.isEmpty() || !(at.getParentNode().orElse(null) instanceof ExpressionStmt st)) {
                return "the SQL builder " + name + " is used other than by appending to it";
            }
            if (!st.getEnd().orElseThrow().isBefore(creation.getBegin().orElseThrow())) {
                return "the SQL builder " + name + " is appended to after the statement is created";
            }
            Pieces chain = new Pieces(cut);
            List<Expression> args = appends.stream().map(m -> m.getArgument(0)).toList();
            List<Binding> values = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                Expression arg = args.get(i);
                if (arg instanceof StringLiteralExpr s) {
                    if (chain.valueOf(s).contains("?")) return "the SQL already contains a ?";
                    chain.text(chain.valueOf(s));
                    continue;
                }
                if (sqlConstant(arg, method, type).isPresent() || builderOf(arg, method).isPresent()) {
                    return "the SQL builder " + name + " appends SQL held elsewhere";
                }
                Object bound = value(src, method, type, args, i, chain);
                if (bound instanceof String reason) return reason;
                values.add((Binding) bound);
            }
            if (chain.openQuote() || chain.hasCode()) return "an append to " + name + " leaves an SQL string literal open";
            if (values.isEmpty()) continue;
            int begin = src.begin(st);
            if (!src.startsLine(begin)) return "an append to " + name + " shares its line with other code";
            String indent = src.source().indentationAt(begin);
            StringBuilder replacement = new StringBuilder(name + ".append(\"" + chain.literal() + "\");");
            for (Binding b : values) {
                replacement.append(eol).append(indent).append(list).append(".add(").append(b.value()).append(");");
                strings &= b.setter().equals("setString");
            }
            edits.add(new TextEdit(file, begin, src.end(st), replacement.toString()));
            any = true;
        }
        if (!any) return "the SQL builder " + name + " appends no values";
        int declEnd = src.end(declSt);
        int lineEnd = text.indexOf('\n', declEnd);
        if (lineEnd < 0 || !text.substring(declEnd, lineEnd).isBlank()) return "the SQL builder's declaration shares its line with other code";
        boolean generics = src.unit().findFirst(com.github.javaparser.ast.type.ClassOrInterfaceType.class,
                t -> t.getTypeArguments().isPresent()).isPresent();
        String element = strings ? "String" : "Object";
        String declaration = generics ? "List<" + element + "> " + list + " = new ArrayList<>();" : "List " + list + " = new ArrayList();";
        edits.add(TextEdit.insert(file, lineEnd + 1, src.source().indentationAt(src.begin(declSt)) + declaration + eol));
        src.importFor("java.util.ArrayList").ifPresent(edits::add);
        src.importFor("java.util.List").ifPresent(edits::add);
        return new BuilderRewrite(list, strings, generics, edits);
    }

    /**
     * The execution is a later resource of the try that declares the statement: the resources from
     * it on move into a nested try, after the bindings, and the body moves in one level.
     */
    private static Object splitTry(JavaSource src, TryStmt t, int s, int e, String var, List<Binding> bindings, List<TextEdit> edits) {
        String text = src.source().text();
        String file = src.source().path();
        String eol = src.source().lineEnding();
        BlockStmt body = t.getTryBlock();
        if (!body.findAll(TextBlockLiteralExpr.class).isEmpty()) return "the try block holds a text block";
        int open = src.begin(body);
        int close = src.end(body) - 1;
        if (!text.substring(open + 1, text.indexOf('\n', open) < 0 ? text.length() : text.indexOf('\n', open)).isBlank()
                || !src.startsLine(close)) {
            return "the try block's braces share lines with code";
        }
        String tryIndent = src.source().indentationAt(src.begin(t));
        String unit = "    ";
        if (!body.getStatements().isEmpty()) {
            String first = src.source().indentationAt(src.begin(body.getStatement(0)));
            if (first.startsWith(tryIndent) && first.length() > tryIndent.length()) unit = first.substring(tryIndent.length());
        }
        String inner = tryIndent + unit;
        StringBuilder head = new StringBuilder(") {").append(eol);
        for (String l : bindLines(var, bindings)) head.append(inner).append(l).append(eol);
        head.append(inner).append("try (");
        edits.add(new TextEdit(file, src.end(t.getResources().get(e - 1)), src.begin(t.getResources().get(e)), head.toString()));
        for (int line = text.indexOf('\n', open) + 1; line > 0 && line <= close; line = text.indexOf('\n', line) + 1) {
            int lineEnd = text.indexOf('\n', line);
            if (!text.substring(line, lineEnd < 0 ? text.length() : lineEnd).isBlank()) edits.add(TextEdit.insert(file, line, unit));
            if (lineEnd < 0) break;
        }
        edits.add(TextEdit.insert(file, close + 1, eol + tryIndent + "}"));
        return new Planned(edits, !((VariableDeclarationExpr) t.getResources().get(s)).getVariable(0).getTypeAsString().equals("Statement"));
    }

    /**
     * Whether the SQL so far ends where a value goes (after a comparison, LIKE, LIMIT or OFFSET) and
     * the next piece does not glue onto it: a ? may stand only for a value, never for SQL text.
     */
    private static boolean valueGoesHere(Pieces before, Expression next) {
        String b = before.sql().toString().stripTrailing().toUpperCase(java.util.Locale.ROOT);
        boolean afterOperator = b.endsWith("=") || b.endsWith("<") || b.endsWith(">");
        boolean afterKeyword = VALUE_KEYWORD.matcher(b).find();
        if (!afterOperator && !afterKeyword) return false;
        if (next == null) return true;
        if (!(next instanceof StringLiteralExpr s)) return false;
        String n = before.valueOf(s);
        return n.isEmpty() || n.startsWith(" ") || n.startsWith(")") || n.startsWith(",") || n.startsWith(";") || n.startsWith("\\");
    }

    private static List<String> bindLines(String var, List<Binding> bindings) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < bindings.size(); i++) {
            out.add(var + "." + bindings.get(i).setter() + "(" + (i + 1) + ", " + bindings.get(i).value() + ");");
        }
        return out;
    }

    /**
     * Whether the statement created by {@code creation} (its declaration or assignment) is there at
     * {@code st}: after it in its block, or in the try it is a resource of.
     */
    private static boolean inScopeOf(Expression creation, Statement st) {
        Node holder = creation.getParentNode().orElse(null);
        if (holder instanceof TryStmt t) return t.getTryBlock().isAncestorOf(st);
        if (!(holder instanceof ExpressionStmt declSt) || !(declSt.getParentNode().orElse(null) instanceof BlockStmt block)) return false;
        return block.isAncestorOf(st) && declSt.getEnd().orElseThrow().isBefore(st.getBegin().orElseThrow());
    }

    /** The setter for a value by its declared type (a local, a parameter or a field); setObject when unsure. */
    private static String setterFor(Expression value, CallableDeclaration<?> method, TypeDeclaration<?> type) {
        if (value.isIntegerLiteralExpr()) return "setInt";
        if (value.isLongLiteralExpr()) return "setLong";
        if (!(value instanceof NameExpr n)) return "setObject";
        String name = n.getNameAsString();
        String declared = null;
        for (VariableDeclarator v : method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(name))) {
            if (v.getBegin().orElseThrow().isBefore(n.getBegin().orElseThrow())) declared = v.getTypeAsString();
        }
        if (declared == null) {
            for (Parameter p : method.getParameters()) if (p.getNameAsString().equals(name) && !p.isVarArgs()) declared = p.getTypeAsString();
        }
        if (declared == null) {
            for (FieldDeclaration f : type.getFields()) {
                for (VariableDeclarator v : f.getVariables()) if (v.getNameAsString().equals(name)) declared = v.getTypeAsString();
            }
        }
        return declared == null ? "setObject" : SETTERS.getOrDefault(declared, "setObject");
    }
}
