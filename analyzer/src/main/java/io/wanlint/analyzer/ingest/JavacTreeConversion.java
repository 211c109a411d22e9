package io.wanlint.analyzer.ingest;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.ArrayCreationLevel;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.PackageDeclaration;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.body.AnnotationMemberDeclaration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.CharLiteralExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodReferenceExpr;
import com.github.javaparser.ast.expr.TypeExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MarkerAnnotationExpr;
import com.github.javaparser.ast.expr.MemberValuePair;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.AssertStmt;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.type.ReferenceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.TypeParameter;
import com.github.javaparser.ast.type.UnionType;
import com.github.javaparser.ast.type.UnknownType;
import com.github.javaparser.ast.type.VoidType;
import com.github.javaparser.ast.type.WildcardType;
import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.ArrayTypeTree;
import com.sun.source.tree.AssertTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.InstanceOfTree;
import com.sun.source.tree.LabeledStatementTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.ThrowTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.TypeParameterTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.UnionTypeTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import com.sun.source.tree.WildcardTree;
import com.sun.source.util.SourcePositions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds, from javac's tree of one file, the JavaParser tree JavaParser's own parser makes of it:
 * the same node classes, properties, child order and ranges (line and column, a tab one column,
 * ends inclusive). Comments are not attached here ({@link JavacFrontEnd} does it with JavaParser's
 * own attribution). javac keeps fewer positions than JavaParser (a declaration's name, each
 * modifier keyword, brackets), so those are read from the source text between javac's positions.
 *
 * <p>Every construct not converted exactly throws {@link Unsupported}: the file then takes
 * JavaParser's path, never a guessed tree. Not thread-safe: one instance per file.
 */
final class JavacTreeConversion {
    /** A construct this conversion does not build (the file is parsed by JavaParser instead). */
    static final class Unsupported extends RuntimeException {
        Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    private static final Set<String> MODIFIER_WORDS = Set.of("public", "protected", "private", "abstract", "static",
            "final", "transient", "volatile", "synchronized", "native", "strictfp", "default");

    private final String text;
    private final CompilationUnitTree unit;
    private final SourcePositions positions;
    private final int[] lineStarts;
    /** The ranges and positions every node and comment is given, or null to give each its own. */
    private final SharedRanges ranges;
    /** The strings names and literal texts are given, or null to give each its own. */
    private final SharedNames names;
    /** The line of the last offset looked up: offsets mostly come in order, a few per line. */
    private int lastLine;

    /**
     * The conversion of one file, whose nodes and comments get their ranges and positions from
     * {@code ranges} and their names and literal texts from {@code names}, as {@link JavaSources}
     * shares them in the tree of a parse (both null: every node gets objects of its own).
     */
    JavacTreeConversion(String text, CompilationUnitTree unit, SourcePositions positions, SharedPositions acrossFiles, SharedNames names) {
        this.text = text;
        this.unit = unit;
        this.positions = positions;
        this.lineStarts = lineStarts(text);
        this.ranges = acrossFiles == null ? null : new SharedRanges(acrossFiles, lineOf(Math.max(0, text.length() - 1)) + 1);
        this.names = names;
    }

    /** Offsets at which lines start: after {@code \n}, {@code \r\n} and a lone {@code \r}, as JavaParser counts lines. */
    static int[] lineStarts(String text) {
        int[] starts = new int[64];
        int count = 1;
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= n || text.charAt(i + 1) != '\n'))) {
                if (count == starts.length) starts = java.util.Arrays.copyOf(starts, count * 2);
                starts[count++] = i + 1;
            }
        }
        return java.util.Arrays.copyOf(starts, count);
    }

    // ---------------------------------------------------------------- positions

    /** The index in {@link #lineStarts} of the line holding {@code offset} (the line number less one). */
    private int lineOf(int offset) {
        int last = lastLine;
        if (lineStarts[last] <= offset && (last + 1 == lineStarts.length || offset < lineStarts[last + 1])) return last;
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) lo = mid;
            else hi = mid - 1;
        }
        lastLine = lo;
        return lo;
    }

    Position position(int offset) {
        int line = lineOf(offset);
        return new Position(line + 1, offset - lineStarts[line] + 1);
    }

    /** The range of the characters from {@code from} to {@code to} (exclusive), shared when ranges are. */
    Range range(int from, int to) {
        if (from < 0 || to <= from) throw new Unsupported("position");
        if (ranges == null) return new Range(position(from), position(to - 1));
        int beginLine = lineOf(from);
        int beginColumn = from - lineStarts[beginLine] + 1;
        int endLine = lineOf(to - 1);
        return ranges.range(beginLine + 1, beginColumn, endLine + 1, to - 1 - lineStarts[endLine] + 1);
    }

    /** The string the tree holds for a name or literal text: the shared one when names are shared. */
    private String shared(String name) {
        return names == null ? name : names.share(name);
    }

    private int start(Tree tree) {
        int at = (int) positions.getStartPosition(unit, tree);
        if (at < 0) throw new Unsupported("no start position for " + tree.getKind());
        return at;
    }

    private int end(Tree tree) {
        int at = (int) positions.getEndPosition(unit, tree);
        if (at < 0) throw new Unsupported("no end position for " + tree.getKind());
        return at;
    }

    private <N extends Node> N at(N node, int from, int to) {
        node.setRange(range(from, to));
        return node;
    }

    // ---------------------------------------------------------------- text scanning

    /** The first offset from {@code at} that is not white space nor in a comment. */
    int skipTrivia(int at) {
        int n = text.length();
        while (at < n) {
            char c = text.charAt(at);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                at++;
            } else if (c == '/' && at + 1 < n && text.charAt(at + 1) == '/') {
                at += 2;
                while (at < n && text.charAt(at) != '\n' && text.charAt(at) != '\r') at++;
            } else if (c == '/' && at + 1 < n && text.charAt(at + 1) == '*') {
                int close = text.indexOf("*/", at + 2);
                if (close < 0) throw new Unsupported("unclosed comment");
                at = close + 2;
            } else {
                break;
            }
        }
        return at;
    }

    /** The offset of {@code token} at the first offset from {@code at} past white space and comments. */
    private int expect(int at, String token) {
        int found = skipTrivia(at);
        if (!text.startsWith(token, found)) throw new Unsupported("expected " + token);
        if (Character.isJavaIdentifierStart(token.charAt(0)) && found + token.length() < text.length()
                && Character.isJavaIdentifierPart(text.charAt(found + token.length()))) {
            throw new Unsupported("expected " + token);
        }
        return found;
    }

    private int identifierEnd(int at) {
        int n = text.length();
        if (at >= n || !Character.isJavaIdentifierStart(text.charAt(at))) return at;
        int i = at + 1;
        while (i < n && Character.isJavaIdentifierPart(text.charAt(i))) i++;
        return i;
    }

    /** The name {@code name} at the first offset from {@code at} past white space and comments, as a node. */
    private SimpleName nameAfter(int at, String name) {
        int found = expect(at, name);
        return simpleName(name, found);
    }

    private SimpleName simpleName(String name, int from) {
        return at(new SimpleName(shared(name)), from, from + name.length());
    }

    /** The offset just past the matching {@code ]} of a {@code [} at the first offset from {@code at}, or -1. */
    private int bracketPairEnd(int at) {
        int open = skipTrivia(at);
        if (open >= text.length() || text.charAt(open) != '[') return -1;
        int close = skipTrivia(open + 1);
        if (close >= text.length() || text.charAt(close) != ']') return -1;
        return close + 1;
    }

    // ---------------------------------------------------------------- compilation unit

    CompilationUnit convert() {
        if (unit.getModule() != null) throw new Unsupported("module");
        PackageDeclaration pkg = null;
        if (unit.getPackage() != null) {
            var tree = unit.getPackage();
            NodeList<AnnotationExpr> annotations = new NodeList<>();
            for (AnnotationTree a : tree.getAnnotations()) annotations.add(annotation(a));
            int from = tree.getAnnotations().isEmpty() ? start(tree) : start(tree.getAnnotations().get(0));
            pkg = at(new PackageDeclaration(null, annotations, name(tree.getPackageName())), from, end(tree));
        }
        NodeList<ImportDeclaration> imports = new NodeList<>();
        for (ImportTree i : unit.getImports()) imports.add(importDeclaration(i));
        NodeList<TypeDeclaration<?>> types = new NodeList<>();
        for (Tree t : unit.getTypeDecls()) {
            if (t.getKind() == Tree.Kind.EMPTY_STATEMENT) continue;
            if (!(t instanceof ClassTree c)) throw new Unsupported("top level " + t.getKind());
            types.add(typeDeclaration(c));
        }
        CompilationUnit cu = new CompilationUnit(null, pkg, imports, types, null);
        cu.setRange(unitRange());
        return cu;
    }

    /** JavaParser's unit starts at the file's first token (white space or comment included) and ends at its end. */
    private Range unitRange() {
        if (text.isEmpty()) throw new Unsupported("empty file");
        return range(0, text.length());
    }

    private ImportDeclaration importDeclaration(ImportTree tree) {
        Tree qualified = tree.getQualifiedIdentifier();
        boolean asterisk = false;
        Name name;
        if (qualified instanceof MemberSelectTree select && select.getIdentifier().contentEquals("*")) {
            asterisk = true;
            name = name(select.getExpression());
        } else {
            name = name(qualified);
        }
        return at(new ImportDeclaration(null, name, tree.isStatic(), asterisk, false), start(tree), end(tree));
    }

    /** A qualified name (package, import, annotation type) as JavaParser's {@link Name}. */
    private Name name(Tree tree) {
        if (tree instanceof IdentifierTree id) {
            int from = start(id);
            return at(new Name(null, shared(id.getName().toString())), from, end(id));
        }
        if (tree instanceof MemberSelectTree select) {
            Name qualifier = name(select.getExpression());
            int from = start(select);
            String id = select.getIdentifier().toString();
            int to = end(select);
            if (!text.startsWith(id, to - id.length())) throw new Unsupported("name position");
            return at(new Name(qualifier, shared(id)), from, to);
        }
        throw new Unsupported("name " + tree.getKind());
    }

    // ---------------------------------------------------------------- declarations

    /** Modifier keywords and annotations of a declaration, with where they end (or the declaration start). */
    private record Modifiers(NodeList<Modifier> modifiers, NodeList<AnnotationExpr> annotations, int begin, int end) {}

    /** Set while the modifiers of a try's resource are read. */
    private boolean implicitFinal;
    /** Set while the annotations of an enum constant are read. */
    private boolean enumConstant;

    private Modifiers modifiers(ModifiersTree tree, int from) {
        NodeList<Modifier> modifiers = new NodeList<>();
        NodeList<AnnotationExpr> annotations = new NodeList<>();
        // javac's lists are linked: get(i) and size() walk them, so each is read into an array list once.
        List<? extends AnnotationTree> trees = tree == null ? List.of() : new ArrayList<>(tree.getAnnotations());
        int next = 0;
        int at = from;
        int begin = -1;
        int after = from;
        while (true) {
            int found = skipTrivia(at);
            if (next < trees.size() && start(trees.get(next)) == found) {
                AnnotationTree a = trees.get(next++);
                annotations.add(annotation(a));
                if (begin < 0) begin = found;
                at = after = end(a);
                continue;
            }
            int wordEnd = identifierEnd(found);
            String word = text.substring(found, wordEnd);
            if (wordEnd > found && MODIFIER_WORDS.contains(word)) {
                if (text.startsWith("-", wordEnd)) throw new Unsupported("non-sealed");
                modifiers.add(at(new Modifier(Modifier.Keyword.valueOf(word.toUpperCase(java.util.Locale.ROOT))), found, wordEnd));
                if (begin < 0) begin = found;
                at = after = wordEnd;
                continue;
            }
            break;
        }
        int flags = tree == null ? 0 : tree.getFlags().size();
        // javac makes every resource of a try final, written or not.
        if (implicitFinal && !modifiers.stream().anyMatch(m -> m.getKeyword() == Modifier.Keyword.FINAL)
                && tree.getFlags().contains(javax.lang.model.element.Modifier.FINAL)) {
            flags--;
        }
        if (enumConstant) flags = 0;
        if (next != trees.size() || flags != modifiers.size()) throw new Unsupported("modifiers");
        return new Modifiers(modifiers, annotations, begin, after);
    }

    private TypeDeclaration<?> typeDeclaration(ClassTree tree) {
        int from = start(tree);
        Modifiers mods = modifiers(tree.getModifiers(), from);
        int keyword = skipTrivia(mods.end());
        String kind;
        switch (tree.getKind()) {
            case CLASS -> kind = "class";
            case INTERFACE -> kind = "interface";
            case ENUM -> kind = "enum";
            case ANNOTATION_TYPE -> {
                expect(keyword, "@");
                keyword = expect(keyword + 1, "interface");
                kind = "interface";
            }
            default -> throw new Unsupported(tree.getKind().toString());
        }
        expect(keyword, kind);
        int begin = mods.begin() >= 0 ? mods.begin() : skipTrivia(from);
        if (begin != from && mods.begin() >= 0) throw new Unsupported("declaration start");
        String simple = tree.getSimpleName().toString();
        SimpleName name = nameAfter(keyword + kind.length(), simple);
        NodeList<TypeParameter> typeParameters = typeParameters(tree.getTypeParameters());
        if (tree.getPermitsClause() != null && !tree.getPermitsClause().isEmpty()) throw new Unsupported("permits");
        int to = end(tree);
        return switch (tree.getKind()) {
            case CLASS, INTERFACE -> {
                boolean isInterface = tree.getKind() == Tree.Kind.INTERFACE;
                NodeList<ClassOrInterfaceType> extended = new NodeList<>();
                NodeList<ClassOrInterfaceType> implemented = new NodeList<>();
                if (isInterface) {
                    for (Tree t : tree.getImplementsClause()) extended.add(classType(t));
                } else {
                    if (tree.getExtendsClause() != null) extended.add(classType(tree.getExtendsClause()));
                    for (Tree t : tree.getImplementsClause()) implemented.add(classType(t));
                }
                NodeList<BodyDeclaration<?>> members = members(tree.getMembers(), false);
                yield at(new ClassOrInterfaceDeclaration(null, mods.modifiers(), mods.annotations(), isInterface, name,
                        typeParameters, extended, implemented, new NodeList<>(), members), begin, to);
            }
            case ENUM -> {
                NodeList<ClassOrInterfaceType> implemented = new NodeList<>();
                for (Tree t : tree.getImplementsClause()) implemented.add(classType(t));
                NodeList<EnumConstantDeclaration> entries = new NodeList<>();
                List<Tree> rest = new ArrayList<>();
                boolean constants = true;
                for (Tree member : tree.getMembers()) {
                    if (constants && member instanceof VariableTree v && isEnumConstant(v)) entries.add(enumConstant(v));
                    else {
                        constants = false;
                        if (member instanceof VariableTree v && isEnumConstant(v)) throw new Unsupported("enum constant order");
                        rest.add(member);
                    }
                }
                yield at(new EnumDeclaration(null, mods.modifiers(), mods.annotations(), name, implemented, entries,
                        members(rest, false)), begin, to);
            }
            case ANNOTATION_TYPE -> at(new AnnotationDeclaration(null, mods.modifiers(), mods.annotations(), name,
                    members(tree.getMembers(), true)), begin, to);
            default -> throw new Unsupported(tree.getKind().toString());
        };
    }

    /** javac makes an enum constant a field whose type and created class are one identifier at the constant's name. */
    private boolean isEnumConstant(VariableTree v) {
        if (!(v.getInitializer() instanceof NewClassTree create) || v.getType() == null) return false;
        if (!(v.getType() instanceof IdentifierTree)) return false;
        return create.getIdentifier() != null && start(create.getIdentifier()) == start(v.getType());
    }

    private EnumConstantDeclaration enumConstant(VariableTree v) {
        NewClassTree create = (NewClassTree) v.getInitializer();
        int from = start(v);
        // javac gives an enum constant the flags public static final, written nowhere.
        enumConstant = true;
        Modifiers mods;
        try {
            mods = modifiers(v.getModifiers(), from);
        } finally {
            enumConstant = false;
        }
        if (!mods.modifiers().isEmpty()) throw new Unsupported("enum constant modifiers");
        int nameAt = start(v.getType());
        String id = v.getName().toString();
        if (!text.startsWith(id, nameAt)) throw new Unsupported("enum constant name");
        SimpleName name = simpleName(id, nameAt);
        NodeList<Expression> arguments = new NodeList<>();
        for (ExpressionTree a : create.getArguments()) arguments.add(expression(a));
        NodeList<BodyDeclaration<?>> body = new NodeList<>();
        int to = nameAt + id.length();
        int paren = skipTrivia(to);
        if (paren < text.length() && text.charAt(paren) == '(') {
            to = create.getArguments().isEmpty() ? expect(paren + 1, ")") + 1 : expect(end(create.getArguments().get(create.getArguments().size() - 1)), ")") + 1;
        } else if (!create.getArguments().isEmpty()) {
            throw new Unsupported("enum arguments");
        }
        if (create.getClassBody() != null) {
            body = members(create.getClassBody().getMembers(), false);
            to = end(create.getClassBody());
            if (text.charAt(to - 1) != '}') throw new Unsupported("enum body end");
        }
        int begin = mods.begin() >= 0 ? mods.begin() : nameAt;
        return at(new EnumConstantDeclaration(null, mods.annotations(), name, arguments, body), begin, to);
    }

    private NodeList<BodyDeclaration<?>> members(List<? extends Tree> javacTrees, boolean annotationMembers) {
        // javac's lists are linked: get(i) and size() walk them (a class of 100,000 fields made this quadratic).
        List<? extends Tree> trees = new ArrayList<>(javacTrees);
        NodeList<BodyDeclaration<?>> members = new NodeList<>();
        for (int i = 0; i < trees.size(); i++) {
            Tree member = trees.get(i);
            switch (member.getKind()) {
                case VARIABLE -> {
                    List<VariableTree> group = new ArrayList<>();
                    group.add((VariableTree) member);
                    while (i + 1 < trees.size() && trees.get(i + 1) instanceof VariableTree next
                            && next.getModifiers() == group.get(0).getModifiers()) {
                        group.add(next);
                        i++;
                    }
                    members.add(field(group));
                }
                case METHOD -> members.add(method((MethodTree) member, annotationMembers));
                case CLASS, INTERFACE, ENUM, ANNOTATION_TYPE -> members.add(typeDeclaration((ClassTree) member));
                case BLOCK -> members.add(initializer((BlockTree) member));
                case EMPTY_STATEMENT -> { }
                default -> throw new Unsupported("member " + member.getKind());
            }
        }
        return members;
    }

    private InitializerDeclaration initializer(BlockTree block) {
        int from = start(block);
        int open = from;
        if (block.isStatic()) open = expect(expect(from, "static") + "static".length(), "{");
        BlockStmt body = block(block, open);
        return at(new InitializerDeclaration(null, block.isStatic(), body), from, end(block));
    }

    private FieldDeclaration field(List<VariableTree> group) {
        VariableTree first = group.get(0);
        int from = start(first);
        Modifiers mods = modifiers(first.getModifiers(), from);
        NodeList<VariableDeclarator> variables = declarators(group, mods.end());
        int semicolon = expect(declaratorEnd, ";");
        int begin = mods.begin() >= 0 ? mods.begin() : skipTrivia(from);
        return at(new FieldDeclaration(null, mods.modifiers(), mods.annotations(), variables), begin, semicolon + 1);
    }

    /** Where the last declarator made by {@link #declarators} ends (exclusive). */
    private int declaratorEnd;

    /** The declarators of {@code int a, b[] = …}, each with its own copy of the type, as JavaParser clones it. */
    private NodeList<VariableDeclarator> declarators(List<VariableTree> group, int typeFrom) {
        NodeList<VariableDeclarator> variables = new NodeList<>();
        Tree first = group.get(0).getType();
        if (first == null) throw new Unsupported("var");
        Tree element = elementOf(first);
        int typeEnd = end(element);
        int typeBrackets = 0;
        for (int e = bracketPairEnd(typeEnd); e >= 0; e = bracketPairEnd(typeEnd)) {
            typeBrackets++;
            typeEnd = e;
        }
        int at = typeEnd;
        for (int i = 0; i < group.size(); i++) {
            VariableTree v = group.get(i);
            if (i > 0) at = expect(at, ",") + 1;
            String id = v.getName().toString();
            int nameAt = expect(at, id);
            SimpleName name = simpleName(id, nameAt);
            int to = nameAt + id.length();
            int nameBrackets = 0;
            for (int e = bracketPairEnd(to); e >= 0; e = bracketPairEnd(to)) {
                nameBrackets++;
                to = e;
            }
            // JavaParser's name of a declarator spans the brackets after it.
            name.setRange(range(nameAt, to));
            if (v.getType() == null || depth(v.getType()) != typeBrackets + nameBrackets
                    || start(elementOf(v.getType())) != start(element)) {
                throw new Unsupported("declarator types");
            }
            Type type = declaredType(element, typeBrackets, typeEnd, nameBrackets, to);
            Expression init = null;
            if (v.getInitializer() != null) {
                expect(to, "=");
                init = expression(v.getInitializer());
                to = end(v.getInitializer());
            }
            variables.add(at(new VariableDeclarator(null, type, name, init), nameAt, to));
            at = to;
        }
        declaratorEnd = at;
        return variables;
    }

    private static Tree elementOf(Tree type) {
        while (type instanceof ArrayTypeTree a) type = a.getType();
        return type;
    }

    private static int depth(Tree type) {
        int depth = 0;
        for (; type instanceof ArrayTypeTree a; type = a.getType()) depth++;
        return depth;
    }

    /**
     * A declared type as JavaParser's juggling of brackets makes it: the brackets after the type are
     * the inner array levels, each spanning the element and those brackets; the brackets after the
     * name the outer ones, each spanning the element to the name's last bracket.
     */
    private Type declaredType(Tree element, int typeBrackets, int typeEnd, int nameBrackets, int nameEnd) {
        Type type = type(element);
        int from = start(element);
        for (int i = 0; i < typeBrackets; i++) type = at(new ArrayType(null, type, ArrayType.Origin.TYPE, new NodeList<>()), from, typeEnd);
        for (int i = 0; i < nameBrackets; i++) type = at(new ArrayType(null, type, ArrayType.Origin.NAME, new NodeList<>()), from, nameEnd);
        return type;
    }

    private BodyDeclaration<?> method(MethodTree tree, boolean annotationMember) {
        int from = start(tree);
        Modifiers mods = modifiers(tree.getModifiers(), from);
        NodeList<TypeParameter> typeParameters = typeParameters(tree.getTypeParameters());
        int begin;
        if (mods.begin() >= 0) begin = mods.begin();
        else if (!tree.getTypeParameters().isEmpty()) begin = text.lastIndexOf('<', start(tree.getTypeParameters().get(0)));
        else begin = from;
        int afterHead;
        if (!tree.getTypeParameters().isEmpty()) {
            afterHead = expect(end(tree.getTypeParameters().get(tree.getTypeParameters().size() - 1)), ">") + 1;
        } else {
            afterHead = mods.end();
        }
        boolean constructor = tree.getName().contentEquals("<init>");
        Type type = null;
        String id;
        if (constructor) {
            if (tree.getReturnType() != null) throw new Unsupported("constructor type");
            id = identifierAt(skipTrivia(afterHead));
        } else {
            Tree element = elementOf(tree.getReturnType());
            afterHead = end(element);
            int brackets = 0;
            for (int e = bracketPairEnd(afterHead); e >= 0; e = bracketPairEnd(afterHead)) {
                brackets++;
                afterHead = e;
            }
            if (brackets != depth(tree.getReturnType())) throw new Unsupported("brackets after parameters");
            type = declaredType(element, brackets, afterHead, 0, afterHead);
            id = tree.getName().toString();
        }
        int nameAt = expect(afterHead, id);
        SimpleName name = simpleName(id, nameAt);
        int open = expect(nameAt + id.length(), "(");
        if (tree.getReceiverParameter() != null) throw new Unsupported("receiver parameter");
        NodeList<Parameter> parameters = new NodeList<>();
        for (VariableTree p : tree.getParameters()) parameters.add(parameter(p));
        int close = expect(tree.getParameters().isEmpty() ? open + 1 : parameterEnd, ")");
        if (bracketPairEnd(close + 1) >= 0) throw new Unsupported("brackets after parameters");
        NodeList<ReferenceType> thrown = new NodeList<>();
        for (ExpressionTree t : tree.getThrows()) thrown.add(referenceType(t));
        BlockStmt body = tree.getBody() == null ? null : block(tree.getBody(), start(tree.getBody()));
        int to = end(tree);
        if (annotationMember) {
            if (!parameters.isEmpty() || !thrown.isEmpty() || body != null || !typeParameters.isEmpty()) throw new Unsupported("annotation member");
            Expression defaultValue = tree.getDefaultValue() == null ? null : annotationValueOrExpression((ExpressionTree) tree.getDefaultValue());
            return at(new AnnotationMemberDeclaration(null, mods.modifiers(), mods.annotations(), type, name, defaultValue), begin, to);
        }
        if (tree.getDefaultValue() != null) throw new Unsupported("default value");
        if (constructor) {
            if (body == null) throw new Unsupported("constructor without body");
            return at(new ConstructorDeclaration(null, mods.modifiers(), mods.annotations(), typeParameters, name, parameters,
                    thrown, body, null), begin, to);
        }
        return at(new MethodDeclaration(null, mods.modifiers(), mods.annotations(), typeParameters, type, name, parameters,
                thrown, body, null), begin, to);
    }

    private String identifierAt(int at) {
        int to = identifierEnd(at);
        if (to == at) throw new Unsupported("identifier");
        return text.substring(at, to);
    }

    /** Where the last parameter made by {@link #parameter} ends (exclusive). */
    private int parameterEnd;

    private Parameter parameter(VariableTree tree) {
        int from = start(tree);
        Modifiers mods = modifiers(tree.getModifiers(), from);
        Tree typeTree = tree.getType();
        if (typeTree == null) throw new Unsupported("parameter without type");
        Tree element = elementOf(typeTree);
        int typeEnd = end(element);
        int typeBrackets = 0;
        for (int e = bracketPairEnd(typeEnd); e >= 0; e = bracketPairEnd(typeEnd)) {
            typeBrackets++;
            typeEnd = e;
        }
        int afterType = typeEnd;
        boolean varArgs = text.startsWith("...", skipTrivia(typeEnd));
        if (varArgs) afterType = skipTrivia(typeEnd) + 3;
        String id = tree.getName().toString();
        int nameAt = expect(afterType, id);
        SimpleName name = simpleName(id, nameAt);
        int to = nameAt + id.length();
        int nameBrackets = 0;
        for (int e = bracketPairEnd(to); e >= 0; e = bracketPairEnd(to)) {
            nameBrackets++;
            to = e;
        }
        name.setRange(range(nameAt, to));
        if (depth(typeTree) != typeBrackets + nameBrackets + (varArgs ? 1 : 0)) throw new Unsupported("parameter type");
        Type type = declaredType(element, typeBrackets, typeEnd, nameBrackets, to);
        parameterEnd = to;
        int begin = mods.begin() >= 0 ? mods.begin() : skipTrivia(from);
        return at(new Parameter(null, mods.modifiers(), mods.annotations(), type, varArgs, new NodeList<>(), name), begin, to);
    }

    private NodeList<TypeParameter> typeParameters(List<? extends TypeParameterTree> trees) {
        NodeList<TypeParameter> list = new NodeList<>();
        for (TypeParameterTree t : trees) {
            NodeList<AnnotationExpr> annotations = new NodeList<>();
            for (AnnotationTree a : t.getAnnotations()) annotations.add(annotation(a));
            int from = start(t);
            int nameAt = t.getAnnotations().isEmpty() ? from : skipTrivia(end(t.getAnnotations().get(t.getAnnotations().size() - 1)));
            SimpleName name = nameAfter(nameAt, t.getName().toString());
            NodeList<ClassOrInterfaceType> bounds = new NodeList<>();
            for (Tree b : t.getBounds()) bounds.add(classType(b));
            int to = t.getBounds().isEmpty() ? nameAt + t.getName().length() : end(t.getBounds().get(t.getBounds().size() - 1));
            list.add(at(new TypeParameter(null, name, bounds, annotations), from, to));
        }
        return list;
    }

    // ---------------------------------------------------------------- annotations

    private AnnotationExpr annotation(AnnotationTree tree) {
        int from = start(tree);
        int to = end(tree);
        Name name = name(tree.getAnnotationType());
        List<? extends ExpressionTree> arguments = tree.getArguments();
        int afterName = end(tree.getAnnotationType());
        boolean parens = skipTrivia(afterName) < to && text.charAt(skipTrivia(afterName)) == '(';
        if (!parens) {
            if (!arguments.isEmpty()) throw new Unsupported("annotation arguments");
            return at(new MarkerAnnotationExpr(null, name), from, to);
        }
        if (arguments.size() == 1 && !(arguments.get(0) instanceof AssignmentTree)) {
            return at(new SingleMemberAnnotationExpr(null, name, annotationValue(arguments.get(0))), from, to);
        }
        NodeList<MemberValuePair> pairs = new NodeList<>();
        for (ExpressionTree argument : arguments) {
            if (!(argument instanceof AssignmentTree assignment) || !(assignment.getVariable() instanceof IdentifierTree key)) {
                throw new Unsupported("annotation argument");
            }
            int keyAt = start(key);
            SimpleName keyName = simpleName(key.getName().toString(), keyAt);
            pairs.add(at(new MemberValuePair(null, keyName, annotationValue(assignment.getExpression())), keyAt, end(assignment)));
        }
        return at(new NormalAnnotationExpr(null, name, pairs), from, to);
    }

    private Expression annotationValue(ExpressionTree tree) {
        if (tree instanceof AnnotationTree a) return annotation(a);
        return expression(tree);
    }

    // ---------------------------------------------------------------- types

    private Type type(Tree tree) {
        return switch (tree.getKind()) {
            case PRIMITIVE_TYPE -> primitive((PrimitiveTypeTree) tree);
            case ARRAY_TYPE -> arrayType((ArrayTypeTree) tree, end(tree));
            default -> referenceType(tree);
        };
    }

    private Type primitive(PrimitiveTypeTree tree) {
        int from = start(tree);
        int to = end(tree);
        PrimitiveType.Primitive primitive = switch (tree.getPrimitiveTypeKind()) {
            case VOID -> null;
            case BOOLEAN -> PrimitiveType.Primitive.BOOLEAN;
            case BYTE -> PrimitiveType.Primitive.BYTE;
            case SHORT -> PrimitiveType.Primitive.SHORT;
            case INT -> PrimitiveType.Primitive.INT;
            case LONG -> PrimitiveType.Primitive.LONG;
            case CHAR -> PrimitiveType.Primitive.CHAR;
            case FLOAT -> PrimitiveType.Primitive.FLOAT;
            case DOUBLE -> PrimitiveType.Primitive.DOUBLE;
            default -> throw new Unsupported("primitive " + tree.getPrimitiveTypeKind());
        };
        if (primitive == null) return at(new VoidType(null), from, to);
        return at(new PrimitiveType(null, primitive, new NodeList<>()), from, to);
    }

    /** Every level of a JavaParser array type spans the whole type, element to last bracket. */
    private ArrayType arrayType(ArrayTypeTree tree, int outerEnd) {
        Tree element = tree.getType();
        Type component = element instanceof ArrayTypeTree inner ? arrayType(inner, outerEnd) : type(element);
        int from = start(element);
        if (text.charAt(outerEnd - 1) != ']') throw new Unsupported("array type end");
        return at(new ArrayType(null, component, ArrayType.Origin.TYPE, new NodeList<>()), from, outerEnd);
    }

    private ReferenceType referenceType(Tree tree) {
        if (tree instanceof ArrayTypeTree array) return arrayType(array, end(array));
        if (tree instanceof WildcardTree) throw new Unsupported("wildcard out of type arguments");
        return classType(tree);
    }

    private ClassOrInterfaceType classType(Tree tree) {
        int from = start(tree);
        int to = end(tree);
        switch (tree.getKind()) {
            case IDENTIFIER -> {
                String id = ((IdentifierTree) tree).getName().toString();
                return at(new ClassOrInterfaceType(null, null, simpleName(id, from), null, new NodeList<>()), from, to);
            }
            case MEMBER_SELECT -> {
                MemberSelectTree select = (MemberSelectTree) tree;
                ClassOrInterfaceType scope = classType(select.getExpression());
                String id = select.getIdentifier().toString();
                if (!text.startsWith(id, to - id.length())) throw new Unsupported("type name position");
                return at(new ClassOrInterfaceType(null, scope, simpleName(id, to - id.length()), null, new NodeList<>()), from, to);
            }
            case PARAMETERIZED_TYPE -> {
                ParameterizedTypeTree p = (ParameterizedTypeTree) tree;
                NodeList<Type> arguments = new NodeList<>();
                for (Tree a : p.getTypeArguments()) arguments.add(typeArgument(a));
                Tree base = p.getType();
                ClassOrInterfaceType scope = null;
                String id;
                int nameAt;
                if (base instanceof IdentifierTree ident) {
                    id = ident.getName().toString();
                    nameAt = start(ident);
                } else if (base instanceof MemberSelectTree select) {
                    scope = classType(select.getExpression());
                    id = select.getIdentifier().toString();
                    nameAt = end(select) - id.length();
                    if (!text.startsWith(id, nameAt)) throw new Unsupported("type name position");
                } else {
                    throw new Unsupported("parameterized " + base.getKind());
                }
                if (text.charAt(to - 1) != '>') throw new Unsupported("type arguments end");
                return at(new ClassOrInterfaceType(null, scope, simpleName(id, nameAt), arguments, new NodeList<>()), from, to);
            }
            default -> throw new Unsupported("type " + tree.getKind());
        }
    }

    private Type typeArgument(Tree tree) {
        if (tree instanceof WildcardTree w) {
            int from = start(w);
            int to = end(w);
            ReferenceType bound = w.getBound() == null ? null : referenceType(w.getBound());
            ReferenceType extended = w.getKind() == Tree.Kind.EXTENDS_WILDCARD ? bound : null;
            ReferenceType superType = w.getKind() == Tree.Kind.SUPER_WILDCARD ? bound : null;
            return at(new WildcardType(null, extended, superType, new NodeList<>()), from, to);
        }
        if (tree.getKind() == Tree.Kind.PRIMITIVE_TYPE) throw new Unsupported("primitive type argument");
        return referenceType(tree);
    }

    // ---------------------------------------------------------------- statements

    private BlockStmt block(BlockTree tree, int open) {
        if (text.charAt(open) != '{') throw new Unsupported("block start");
        return at(new BlockStmt(null, statements(tree.getStatements())), open, end(tree));
    }

    private NodeList<Statement> statements(List<? extends StatementTree> javacTrees) {
        // javac's lists are linked: get(i) and size() walk them (a method of 200,000 statements took minutes).
        List<? extends StatementTree> trees = new ArrayList<>(javacTrees);
        NodeList<Statement> list = new NodeList<>();
        for (int i = 0; i < trees.size(); i++) {
            StatementTree s = trees.get(i);
            if (s instanceof VariableTree v) {
                List<VariableTree> group = new ArrayList<>();
                group.add(v);
                while (i + 1 < trees.size() && trees.get(i + 1) instanceof VariableTree next && next.getModifiers() == v.getModifiers()) {
                    group.add(next);
                    i++;
                }
                VariableDeclarationExpr declaration = variables(group);
                int semicolon = expect(declaratorEnd, ";");
                list.add(at(new ExpressionStmt(null, declaration), variablesBegin, semicolon + 1));
            } else {
                list.add(statement(s));
            }
        }
        return list;
    }

    /** Where the variables made by the last call of {@link #variables} start. */
    private int variablesBegin;

    private VariableDeclarationExpr variables(List<VariableTree> group) {
        VariableTree first = group.get(0);
        int from = start(first);
        Modifiers mods = modifiers(first.getModifiers(), from);
        NodeList<VariableDeclarator> variables = declarators(group, mods.end());
        int begin = mods.begin() >= 0 ? mods.begin() : skipTrivia(from);
        variablesBegin = begin;
        return at(new VariableDeclarationExpr(null, mods.modifiers(), mods.annotations(), variables), begin, declaratorEnd);
    }

    private Statement statement(StatementTree tree) {
        int from = start(tree);
        int to = end(tree);
        switch (tree.getKind()) {
            case BLOCK -> {
                BlockTree b = (BlockTree) tree;
                if (b.isStatic()) throw new Unsupported("static block");
                return block(b, from);
            }
            case EXPRESSION_STATEMENT -> {
                ExpressionTree e = ((ExpressionStatementTree) tree).getExpression();
                Statement call = constructorCall(e, from, to);
                if (call != null) return call;
                return at(new ExpressionStmt(null, expression(e)), from, to);
            }
            case IF -> {
                IfTree s = (IfTree) tree;
                Expression condition = condition(s.getCondition());
                Statement then = statement(s.getThenStatement());
                Statement otherwise = s.getElseStatement() == null ? null : statement(s.getElseStatement());
                return at(new IfStmt(null, condition, then, otherwise), from, to);
            }
            case WHILE_LOOP -> {
                WhileLoopTree s = (WhileLoopTree) tree;
                Expression condition = condition(s.getCondition());
                return at(new WhileStmt(null, condition, statement(s.getStatement())), from, to);
            }
            case DO_WHILE_LOOP -> {
                DoWhileLoopTree s = (DoWhileLoopTree) tree;
                Statement body = statement(s.getStatement());
                return at(new DoStmt(null, body, condition(s.getCondition())), from, to);
            }
            case FOR_LOOP -> {
                ForLoopTree s = (ForLoopTree) tree;
                NodeList<Expression> init = new NodeList<>();
                List<? extends StatementTree> inits = s.getInitializer();
                if (!inits.isEmpty() && inits.get(0) instanceof VariableTree) {
                    List<VariableTree> group = new ArrayList<>();
                    for (StatementTree t : inits) {
                        if (!(t instanceof VariableTree v) || v.getModifiers() != ((VariableTree) inits.get(0)).getModifiers()) {
                            throw new Unsupported("for initialisation");
                        }
                        group.add(v);
                    }
                    init.add(variables(group));
                } else {
                    for (StatementTree t : inits) init.add(expression(((ExpressionStatementTree) t).getExpression()));
                }
                Expression compare = s.getCondition() == null ? null : expression(s.getCondition());
                NodeList<Expression> update = new NodeList<>();
                for (ExpressionStatementTree t : s.getUpdate()) update.add(expression(t.getExpression()));
                return at(new ForStmt(null, init, compare, update, statement(s.getStatement())), from, to);
            }
            case ENHANCED_FOR_LOOP -> {
                EnhancedForLoopTree s = (EnhancedForLoopTree) tree;
                VariableDeclarationExpr variable = variables(List.of(s.getVariable()));
                Expression iterable = expression(s.getExpression());
                return at(new ForEachStmt(null, variable, iterable, statement(s.getStatement())), from, to);
            }
            case RETURN -> {
                ExpressionTree e = ((ReturnTree) tree).getExpression();
                return at(new ReturnStmt(null, e == null ? null : expression(e)), from, to);
            }
            case THROW -> {
                return at(new ThrowStmt(null, expression(((ThrowTree) tree).getExpression())), from, to);
            }
            case BREAK -> {
                var label = ((BreakTree) tree).getLabel();
                SimpleName name = label == null ? null : nameAfter(from + "break".length(), label.toString());
                return at(new BreakStmt(null, name), from, to);
            }
            case CONTINUE -> {
                var label = ((ContinueTree) tree).getLabel();
                SimpleName name = label == null ? null : nameAfter(from + "continue".length(), label.toString());
                return at(new ContinueStmt(null, name), from, to);
            }
            case TRY -> {
                TryTree s = (TryTree) tree;
                NodeList<Expression> resources = new NodeList<>();
                for (Tree r : s.getResources()) {
                    if (r instanceof VariableTree v) {
                        implicitFinal = true;
                        try {
                            resources.add(variables(List.of(v)));
                        } finally {
                            implicitFinal = false;
                        }
                    }
                    else if (r instanceof ExpressionTree e) resources.add(expression(e));
                    else throw new Unsupported("resource " + r.getKind());
                }
                BlockStmt body = block(s.getBlock(), start(s.getBlock()));
                NodeList<CatchClause> catches = new NodeList<>();
                for (CatchTree c : s.getCatches()) catches.add(catchClause(c));
                BlockStmt finallyBlock = s.getFinallyBlock() == null ? null : block(s.getFinallyBlock(), start(s.getFinallyBlock()));
                return at(new TryStmt(null, resources, body, catches, finallyBlock), from, to);
            }
            case SWITCH -> {
                SwitchTree s = (SwitchTree) tree;
                Expression selector = condition(s.getExpression());
                NodeList<SwitchEntry> entries = new NodeList<>();
                for (CaseTree c : s.getCases()) entries.add(switchEntry(c));
                return at(new SwitchStmt(null, selector, entries), from, to);
            }
            case SYNCHRONIZED -> {
                SynchronizedTree s = (SynchronizedTree) tree;
                Expression lock = condition(s.getExpression());
                return at(new SynchronizedStmt(null, lock, block(s.getBlock(), start(s.getBlock()))), from, to);
            }
            case LABELED_STATEMENT -> {
                LabeledStatementTree s = (LabeledStatementTree) tree;
                SimpleName label = nameAfter(from, s.getLabel().toString());
                return at(new LabeledStmt(null, label, statement(s.getStatement())), from, to);
            }
            case EMPTY_STATEMENT -> {
                return at(new EmptyStmt(null), from, to);
            }
            case ASSERT -> {
                AssertTree s = (AssertTree) tree;
                Expression check = expression(s.getCondition());
                Expression message = s.getDetail() == null ? null : expression(s.getDetail());
                return at(new AssertStmt(null, check, message), from, to);
            }
            case CLASS, INTERFACE -> {
                TypeDeclaration<?> declaration = typeDeclaration((ClassTree) tree);
                if (!(declaration instanceof ClassOrInterfaceDeclaration c)) throw new Unsupported("local type");
                Range r = c.getRange().orElseThrow();
                LocalClassDeclarationStmt local = new LocalClassDeclarationStmt(null, c);
                local.setRange(r);
                return local;
            }
            default -> throw new Unsupported("statement " + tree.getKind());
        }
    }

    /** The expression in the parentheses of {@code if}, {@code while}, {@code switch}…: JavaParser keeps no node for them. */
    private Expression condition(ExpressionTree tree) {
        if (!(tree instanceof ParenthesizedTree p)) throw new Unsupported("condition without parentheses");
        return expression(p.getExpression());
    }

    /** {@code this(…)}, {@code super(…)} and {@code outer.super(…)} as the statement JavaParser makes of them; null otherwise. */
    private Statement constructorCall(ExpressionTree e, int from, int to) {
        if (!(e instanceof MethodInvocationTree call)) return null;
        ExpressionTree select = call.getMethodSelect();
        boolean isThis;
        Expression scope = null;
        if (select instanceof IdentifierTree id && (id.getName().contentEquals("this") || id.getName().contentEquals("super"))) {
            isThis = id.getName().contentEquals("this");
        } else if (select instanceof MemberSelectTree s && s.getIdentifier().contentEquals("super")) {
            isThis = false;
            scope = expression(s.getExpression());
        } else {
            return null;
        }
        NodeList<com.github.javaparser.ast.type.Type> typeArguments = null;
        if (!call.getTypeArguments().isEmpty()) throw new Unsupported("constructor call type arguments");
        NodeList<Expression> arguments = new NodeList<>();
        for (ExpressionTree a : call.getArguments()) arguments.add(expression(a));
        return at(new ExplicitConstructorInvocationStmt(null, typeArguments, isThis, scope, arguments), from, to);
    }

    private CatchClause catchClause(CatchTree tree) {
        int from = start(tree);
        VariableTree p = tree.getParameter();
        Tree typeTree = p.getType();
        if (typeTree == null) throw new Unsupported("catch without type");
        int open = expect(from + "catch".length(), "(");
        Modifiers mods = modifiers(p.getModifiers(), open + 1);
        Type type;
        Tree firstType;
        if (typeTree instanceof UnionTypeTree union) {
            NodeList<ReferenceType> alternatives = new NodeList<>();
            for (Tree t : union.getTypeAlternatives()) alternatives.add(referenceType(t));
            firstType = union.getTypeAlternatives().get(0);
            Tree lastType = union.getTypeAlternatives().get(union.getTypeAlternatives().size() - 1);
            type = at(new UnionType(null, alternatives), start(firstType), end(lastType));
        } else {
            type = referenceType(typeTree);
            firstType = typeTree;
        }
        int typeEnd = end(typeTree);
        // JavaParser's catch parameter starts at its first modifier, or else at the last token of its first type.
        int begin;
        if (mods.begin() >= 0) {
            begin = mods.begin();
        } else if (firstType instanceof MemberSelectTree select) {
            begin = end(firstType) - select.getIdentifier().length();
        } else if (firstType instanceof IdentifierTree) {
            begin = start(firstType);
        } else {
            throw new Unsupported("catch type");
        }
        String id = p.getName().toString();
        SimpleName name = nameAfter(typeEnd, id);
        int nameTo = skipTrivia(typeEnd) + id.length();
        if (bracketPairEnd(nameTo) >= 0) throw new Unsupported("brackets after a name");
        Parameter parameter = at(new Parameter(null, mods.modifiers(), mods.annotations(), type, false, new NodeList<>(), name), begin, nameTo);
        BlockStmt body = block(tree.getBlock(), start(tree.getBlock()));
        return at(new CatchClause(null, parameter, body), from, end(tree));
    }

    private SwitchEntry switchEntry(CaseTree tree) {
        if (tree.getCaseKind() != CaseTree.CaseKind.STATEMENT) throw new Unsupported("switch rule");
        int from = start(tree);
        NodeList<Expression> labels = new NodeList<>();
        List<? extends ExpressionTree> expressions = tree.getExpressions();
        for (ExpressionTree e : expressions) labels.add(expression(e));
        boolean isDefault = expressions.isEmpty();
        if (isDefault) expect(from, "default");
        else expect(from, "case");
        NodeList<Statement> statements = statements(tree.getStatements());
        int to;
        if (!statements.isEmpty()) {
            to = offsetAfter(statements.get(statements.size() - 1));
        } else {
            int afterLabel = isDefault ? from + "default".length() : end(expressions.get(expressions.size() - 1));
            to = expect(afterLabel, ":") + 1;
        }
        return at(new SwitchEntry(null, labels, SwitchEntry.Type.STATEMENT_GROUP, statements, isDefault, null), from, to);
    }

    /** The offset just past a converted node's last character. */
    private int offsetAfter(Node node) {
        Position end = node.getRange().orElseThrow().end;
        return lineStarts[end.line - 1] + end.column;
    }

    // ---------------------------------------------------------------- expressions

    private Expression expression(ExpressionTree tree) {
        int from = start(tree);
        int to = end(tree);
        switch (tree.getKind()) {
            case IDENTIFIER -> {
                String id = ((IdentifierTree) tree).getName().toString();
                if (id.equals("this")) return at(new ThisExpr(null, null), from, to);
                if (id.equals("super")) return at(new SuperExpr(null, null), from, to);
                return at(new NameExpr(null, simpleName(id, from)), from, to);
            }
            case MEMBER_SELECT -> {
                MemberSelectTree s = (MemberSelectTree) tree;
                String id = s.getIdentifier().toString();
                switch (id) {
                    case "class" -> {
                        return at(new ClassExpr(null, type(s.getExpression())), from, to);
                    }
                    case "this" -> {
                        return at(new ThisExpr(null, name(s.getExpression())), from, to);
                    }
                    case "super" -> {
                        return at(new SuperExpr(null, name(s.getExpression())), from, to);
                    }
                    default -> {
                        Expression scope = expression(s.getExpression());
                        if (!text.startsWith(id, to - id.length())) throw new Unsupported("field name position");
                        NodeList<com.github.javaparser.ast.type.Type> typeArguments = scope instanceof SuperExpr se
                                && se.getTypeName().isEmpty() ? new NodeList<>() : null;
                        return at(new FieldAccessExpr(null, scope, typeArguments, simpleName(id, to - id.length())), from, to);
                    }
                }
            }
            case METHOD_INVOCATION -> {
                MethodInvocationTree call = (MethodInvocationTree) tree;
                NodeList<com.github.javaparser.ast.type.Type> typeArguments = null;
                if (!call.getTypeArguments().isEmpty()) {
                    typeArguments = new NodeList<>();
                    for (Tree t : call.getTypeArguments()) typeArguments.add(typeArgument(t));
                }
                ExpressionTree select = call.getMethodSelect();
                Expression scope = null;
                SimpleName name;
                if (select instanceof IdentifierTree id) {
                    if (typeArguments != null) throw new Unsupported("type arguments without scope");
                    String n = id.getName().toString();
                    if (n.equals("this") || n.equals("super")) throw new Unsupported("constructor call as expression");
                    name = simpleName(n, start(id));
                } else if (select instanceof MemberSelectTree s) {
                    scope = expression(s.getExpression());
                    String n = s.getIdentifier().toString();
                    int selectEnd = end(s);
                    if (!text.startsWith(n, selectEnd - n.length())) throw new Unsupported("method name position");
                    name = simpleName(n, selectEnd - n.length());
                } else {
                    throw new Unsupported("method select " + select.getKind());
                }
                NodeList<Expression> arguments = new NodeList<>();
                for (ExpressionTree a : call.getArguments()) arguments.add(expression(a));
                return at(new MethodCallExpr(null, scope, typeArguments, name, arguments), from, to);
            }
            case NEW_CLASS -> {
                NewClassTree n = (NewClassTree) tree;
                Expression scope = n.getEnclosingExpression() == null ? null : expression(n.getEnclosingExpression());
                NodeList<com.github.javaparser.ast.type.Type> typeArguments = null;
                if (!n.getTypeArguments().isEmpty()) {
                    typeArguments = new NodeList<>();
                    for (Tree t : n.getTypeArguments()) typeArguments.add(typeArgument(t));
                }
                ClassOrInterfaceType type = classType(n.getIdentifier());
                NodeList<Expression> arguments = new NodeList<>();
                for (ExpressionTree a : n.getArguments()) arguments.add(expression(a));
                NodeList<BodyDeclaration<?>> body = n.getClassBody() == null ? null : members(n.getClassBody().getMembers(), false);
                return at(new ObjectCreationExpr(null, scope, type, typeArguments, arguments, body), from, to);
            }
            case NEW_ARRAY -> {
                return newArray((NewArrayTree) tree, from, to);
            }
            case PARENTHESIZED -> {
                return at(new EnclosedExpr(null, expression(((ParenthesizedTree) tree).getExpression())), from, to);
            }
            case ASSIGNMENT -> {
                AssignmentTree a = (AssignmentTree) tree;
                Expression target = expression(a.getVariable());
                return at(new AssignExpr(null, target, expression(a.getExpression()), AssignExpr.Operator.ASSIGN), from, to);
            }
            case CONDITIONAL_EXPRESSION -> {
                ConditionalExpressionTree c = (ConditionalExpressionTree) tree;
                Expression condition = expression(c.getCondition());
                Expression then = expression(c.getTrueExpression());
                return at(new ConditionalExpr(null, condition, then, expression(c.getFalseExpression())), from, to);
            }
            case TYPE_CAST -> {
                TypeCastTree c = (TypeCastTree) tree;
                Type type = type(c.getType());
                return at(new CastExpr(null, type, expression(c.getExpression())), from, to);
            }
            case INSTANCE_OF -> {
                InstanceOfTree i = (InstanceOfTree) tree;
                if (i.getPattern() != null) throw new Unsupported("pattern");
                Expression e = expression(i.getExpression());
                return at(new InstanceOfExpr(null, e, referenceType(i.getType()), null), from, to);
            }
            case ARRAY_ACCESS -> {
                ArrayAccessTree a = (ArrayAccessTree) tree;
                Expression array = expression(a.getExpression());
                return at(new ArrayAccessExpr(null, array, expression(a.getIndex())), from, to);
            }
            case LAMBDA_EXPRESSION -> {
                return lambda((LambdaExpressionTree) tree, from, to);
            }
            case MEMBER_REFERENCE -> {
                MemberReferenceTree r = (MemberReferenceTree) tree;
                ExpressionTree qualifier = r.getQualifierExpression();
                Expression scope = isTypeSyntax(qualifier)
                        ? at(new TypeExpr(null, type(qualifier)), start(qualifier), end(qualifier))
                        : expression(qualifier);
                NodeList<com.github.javaparser.ast.type.Type> typeArguments = null;
                if (r.getTypeArguments() != null && !r.getTypeArguments().isEmpty()) {
                    typeArguments = new NodeList<>();
                    for (Tree t : r.getTypeArguments()) typeArguments.add(typeArgument(t));
                }
                String identifier = r.getMode() == MemberReferenceTree.ReferenceMode.NEW ? "new" : r.getName().toString();
                if (!text.startsWith(identifier, to - identifier.length())) throw new Unsupported("method reference name");
                return at(new MethodReferenceExpr(null, scope, typeArguments, identifier), from, to);
            }
            case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, CHAR_LITERAL, STRING_LITERAL, BOOLEAN_LITERAL, NULL_LITERAL -> {
                return literal((LiteralTree) tree, from, to);
            }
            default -> {
                if (tree instanceof CompoundAssignmentTree c) {
                    Expression target = expression(c.getVariable());
                    return at(new AssignExpr(null, target, expression(c.getExpression()), assignOperator(tree.getKind())), from, to);
                }
                if (tree instanceof UnaryTree u) {
                    return at(new UnaryExpr(null, expression(u.getExpression()), unaryOperator(tree.getKind())), from, to);
                }
                if (tree instanceof BinaryTree b) {
                    Expression left = expression(b.getLeftOperand());
                    return at(new BinaryExpr(null, left, expression(b.getRightOperand()), binaryOperator(tree.getKind())), from, to);
                }
                throw new Unsupported("expression " + tree.getKind());
            }
        }
    }

    /** Whether JavaParser reads a method reference's qualifier as a type: names and dots, type arguments, brackets. */
    private static boolean isTypeSyntax(Tree tree) {
        return switch (tree.getKind()) {
            case IDENTIFIER -> {
                String id = ((IdentifierTree) tree).getName().toString();
                yield !id.equals("this") && !id.equals("super");
            }
            case MEMBER_SELECT -> {
                String id = ((MemberSelectTree) tree).getIdentifier().toString();
                yield !id.equals("this") && !id.equals("super") && !id.equals("class")
                        && isTypeSyntax(((MemberSelectTree) tree).getExpression());
            }
            case PARAMETERIZED_TYPE, ARRAY_TYPE, PRIMITIVE_TYPE -> true;
            default -> false;
        };
    }

    /** A lambda as JavaParser makes it: untyped parameters of unknown type, an expression body in a statement. */
    private Expression lambda(LambdaExpressionTree tree, int from, int to) {
        boolean enclosing = text.charAt(from) == '(';
        NodeList<Parameter> parameters = new NodeList<>();
        int at = enclosing ? from + 1 : from;
        List<? extends VariableTree> trees = new ArrayList<>(tree.getParameters()); // javac's list is linked
        for (int i = 0; i < trees.size(); i++) {
            VariableTree p = trees.get(i);
            if (i > 0) at = expect(at, ",") + 1;
            if (p.getType() == null) {
                if (!p.getModifiers().getFlags().isEmpty() || !p.getModifiers().getAnnotations().isEmpty()) throw new Unsupported("lambda parameter");
                String id = p.getName().toString();
                int nameAt = expect(at, id);
                at = nameAt + id.length();
                if (bracketPairEnd(at) >= 0) throw new Unsupported("lambda parameter brackets");
                SimpleName name = simpleName(id, nameAt);
                parameters.add(at(new Parameter(null, new NodeList<>(), new NodeList<>(), new UnknownType(null), false,
                        new NodeList<>(), name), nameAt, at));
            } else {
                int typeAt = skipTrivia(at);
                if (text.startsWith("var", typeAt) && !Character.isJavaIdentifierPart(text.charAt(typeAt + 3))) throw new Unsupported("var");
                parameters.add(parameter(p));
                at = parameterEnd;
            }
        }
        Statement body;
        if (tree.getBodyKind() == LambdaExpressionTree.BodyKind.EXPRESSION) {
            Expression e = expression((ExpressionTree) tree.getBody());
            body = new ExpressionStmt(null, e);
            body.setRange(e.getRange().orElseThrow());
        } else {
            BlockTree block = (BlockTree) tree.getBody();
            body = block(block, start(block));
        }
        return at(new LambdaExpr(null, parameters, body, enclosing), from, to);
    }

    private Expression literal(LiteralTree tree, int from, int to) {
        if (text.charAt(from) == '-') {
            // javac folds a minus sign into the decimal literal after it; JavaParser keeps a unary minus.
            int literalFrom = skipTrivia(from + 1);
            Expression operand = literalNode(tree.getKind(), literalFrom, to);
            return at(new UnaryExpr(null, operand, UnaryExpr.Operator.MINUS), from, to);
        }
        return literalNode(tree.getKind(), from, to);
    }

    private Expression literalNode(Tree.Kind kind, int from, int to) {
        String token = text.substring(from, to);
        return switch (kind) {
            case INT_LITERAL -> at(new IntegerLiteralExpr(null, shared(token)), from, to);
            case LONG_LITERAL -> at(new LongLiteralExpr(null, shared(token)), from, to);
            case FLOAT_LITERAL, DOUBLE_LITERAL -> at(new DoubleLiteralExpr(null, shared(token)), from, to);
            case CHAR_LITERAL -> {
                if (token.length() < 3 || token.charAt(0) != '\'' || token.charAt(token.length() - 1) != '\'') throw new Unsupported("char literal");
                yield at(new CharLiteralExpr(null, shared(token.substring(1, token.length() - 1))), from, to);
            }
            case STRING_LITERAL -> {
                if (token.startsWith("\"\"\"") || token.length() < 2 || token.charAt(token.length() - 1) != '"') throw new Unsupported("text block");
                yield at(new StringLiteralExpr(null, shared(token.substring(1, token.length() - 1))), from, to);
            }
            case BOOLEAN_LITERAL -> {
                if (!token.equals("true") && !token.equals("false")) throw new Unsupported("boolean literal");
                yield at(new BooleanLiteralExpr(null, token.equals("true")), from, to);
            }
            case NULL_LITERAL -> at(new NullLiteralExpr(null), from, to);
            default -> throw new Unsupported("literal " + kind);
        };
    }

    private Expression newArray(NewArrayTree tree, int from, int to) {
        if (!tree.getAnnotations().isEmpty() || tree.getDimAnnotations().stream().anyMatch(l -> !l.isEmpty())) {
            throw new Unsupported("annotated array");
        }
        if (tree.getType() == null) {
            NodeList<Expression> values = new NodeList<>();
            for (ExpressionTree e : tree.getInitializers()) values.add(annotationValueOrExpression(e));
            if (text.charAt(from) != '{') throw new Unsupported("array initializer start");
            return at(new ArrayInitializerExpr(null, values), from, to);
        }
        Tree element = tree.getType();
        int wrappers = 0;
        while (element instanceof ArrayTypeTree a) {
            element = a.getType();
            wrappers++;
        }
        Type elementType = type(element);
        NodeList<ArrayCreationLevel> levels = new NodeList<>();
        int at = end(element);
        for (ExpressionTree dimension : tree.getDimensions()) {
            int open = expect(at, "[");
            Expression d = expression(dimension);
            int close = expect(end(dimension), "]");
            levels.add(at(new ArrayCreationLevel(null, d, new NodeList<>()), open, close + 1));
            at = close + 1;
        }
        // javac keeps the empty brackets before an initializer in no tree: they are counted from the text.
        int empty = 0;
        for (int close = bracketPairEnd(at); close >= 0; close = bracketPairEnd(at)) {
            levels.add(at(new ArrayCreationLevel(null, null, new NodeList<>()), skipTrivia(at), close));
            at = close;
            empty++;
        }
        if (empty != wrappers + (tree.getInitializers() != null ? 1 : 0)) throw new Unsupported("array creation levels");
        ArrayInitializerExpr initializer = null;
        if (tree.getInitializers() != null) {
            int open = expect(at, "{");
            NodeList<Expression> values = new NodeList<>();
            for (ExpressionTree e : tree.getInitializers()) values.add(expression(e));
            initializer = at(new ArrayInitializerExpr(null, values), open, to);
        }
        if (levels.isEmpty()) throw new Unsupported("array creation without levels");
        return at(new ArrayCreationExpr(null, elementType, levels, initializer), from, to);
    }

    private Expression annotationValueOrExpression(ExpressionTree tree) {
        return tree instanceof AnnotationTree a ? annotation(a) : expression(tree);
    }

    private static AssignExpr.Operator assignOperator(Tree.Kind kind) {
        return switch (kind) {
            case PLUS_ASSIGNMENT -> AssignExpr.Operator.PLUS;
            case MINUS_ASSIGNMENT -> AssignExpr.Operator.MINUS;
            case MULTIPLY_ASSIGNMENT -> AssignExpr.Operator.MULTIPLY;
            case DIVIDE_ASSIGNMENT -> AssignExpr.Operator.DIVIDE;
            case REMAINDER_ASSIGNMENT -> AssignExpr.Operator.REMAINDER;
            case AND_ASSIGNMENT -> AssignExpr.Operator.BINARY_AND;
            case OR_ASSIGNMENT -> AssignExpr.Operator.BINARY_OR;
            case XOR_ASSIGNMENT -> AssignExpr.Operator.XOR;
            case LEFT_SHIFT_ASSIGNMENT -> AssignExpr.Operator.LEFT_SHIFT;
            case RIGHT_SHIFT_ASSIGNMENT -> AssignExpr.Operator.SIGNED_RIGHT_SHIFT;
            case UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> AssignExpr.Operator.UNSIGNED_RIGHT_SHIFT;
            default -> throw new Unsupported("assignment " + kind);
        };
    }

    private static UnaryExpr.Operator unaryOperator(Tree.Kind kind) {
        return switch (kind) {
            case POSTFIX_INCREMENT -> UnaryExpr.Operator.POSTFIX_INCREMENT;
            case POSTFIX_DECREMENT -> UnaryExpr.Operator.POSTFIX_DECREMENT;
            case PREFIX_INCREMENT -> UnaryExpr.Operator.PREFIX_INCREMENT;
            case PREFIX_DECREMENT -> UnaryExpr.Operator.PREFIX_DECREMENT;
            case UNARY_PLUS -> UnaryExpr.Operator.PLUS;
            case UNARY_MINUS -> UnaryExpr.Operator.MINUS;
            case BITWISE_COMPLEMENT -> UnaryExpr.Operator.BITWISE_COMPLEMENT;
            case LOGICAL_COMPLEMENT -> UnaryExpr.Operator.LOGICAL_COMPLEMENT;
            default -> throw new Unsupported("unary " + kind);
        };
    }

    private static BinaryExpr.Operator binaryOperator(Tree.Kind kind) {
        return switch (kind) {
            case CONDITIONAL_OR -> BinaryExpr.Operator.OR;
            case CONDITIONAL_AND -> BinaryExpr.Operator.AND;
            case OR -> BinaryExpr.Operator.BINARY_OR;
            case XOR -> BinaryExpr.Operator.XOR;
            case AND -> BinaryExpr.Operator.BINARY_AND;
            case EQUAL_TO -> BinaryExpr.Operator.EQUALS;
            case NOT_EQUAL_TO -> BinaryExpr.Operator.NOT_EQUALS;
            case LESS_THAN -> BinaryExpr.Operator.LESS;
            case GREATER_THAN -> BinaryExpr.Operator.GREATER;
            case LESS_THAN_EQUAL -> BinaryExpr.Operator.LESS_EQUALS;
            case GREATER_THAN_EQUAL -> BinaryExpr.Operator.GREATER_EQUALS;
            case LEFT_SHIFT -> BinaryExpr.Operator.LEFT_SHIFT;
            case RIGHT_SHIFT -> BinaryExpr.Operator.SIGNED_RIGHT_SHIFT;
            case UNSIGNED_RIGHT_SHIFT -> BinaryExpr.Operator.UNSIGNED_RIGHT_SHIFT;
            case PLUS -> BinaryExpr.Operator.PLUS;
            case MINUS -> BinaryExpr.Operator.MINUS;
            case MULTIPLY -> BinaryExpr.Operator.MULTIPLY;
            case DIVIDE -> BinaryExpr.Operator.DIVIDE;
            case REMAINDER -> BinaryExpr.Operator.REMAINDER;
            default -> throw new Unsupported("binary " + kind);
        };
    }
}
