package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.Comment;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A copy of an application taken through a sequence of source and descriptor edits, for the
 * incremental-cache equivalence test. Every edit is found in the application's own files with
 * JavaParser (or, for XML and JSP, with a plain text search), files are visited in sorted path
 * order so the same edits are made on every run, and each file keeps its encoding (strict UTF-8
 * when its bytes are UTF-8, else ISO-8859-1, which keeps every byte) and its line endings.
 *
 * <p>Statements are preferred on the lines that the unedited application's {@code predict} report
 * lists as WAN crossings, so that the edits change what the analysis computes rather than dead code.
 */
final class EditedApp {
    /** What a Java file is in the application, guessed from its primary type. */
    enum Role { WEB, SESSION_BEAN, ENTITY_BEAN, DATA_ACCESS, ANY }

    /** One applied edit, named for assertion messages. */
    record Edit(String kind, String file, String detail) {
        @Override public String toString() { return kind + " in " + file + " (" + detail + ")"; }
    }

    private static final JavaParser PARSER =
            new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

    final Path root;
    /** {@code className:line} of every crossing of the unedited application. */
    private final Set<String> crossingLines = new HashSet<>();
    /** {@code className#method} targets of every crossing of the unedited application. */
    private final Set<String> crossingTargets = new HashSet<>();
    /** Ids of the unedited application's entry points that make WAN round trips, e.g. {@code /product.jsp}. */
    private final Set<String> busyEntryPoints = new HashSet<>();
    /** The bytes of every file before the first edit touched it; empty for files the edits created. */
    private final Map<Path, Optional<byte[]>> originals = new LinkedHashMap<>();

    EditedApp(Path root, JsonNode predictJson) {
        this.root = root;
        for (JsonNode ep : predictJson.get("entryPoints")) {
            if (ep.path("wanRoundTrips").asInt() > 0) busyEntryPoints.add(ep.get("id").asText());
            for (JsonNode c : ep.path("crossings")) {
                crossingLines.add(c.get("className").asText() + ":" + c.get("line").asInt());
                crossingTargets.add(c.path("target").asText());
            }
        }
        assertThat(crossingLines).as("crossings of %s", root).isNotEmpty();
    }

    // ---- body edits ----

    /** Deletes a call statement (its whole line when it stands alone) of a file of the role, preferring the named methods. */
    Edit removeCall(Role role, String... preferredMethods) {
        Candidate c = choose(role, preferredMethods, s -> s.getExpression() instanceof MethodCallExpr, false);
        String text = c.file.text;
        int begin = c.file.offset(c.stmt.getBegin().orElseThrow());
        int end = c.file.offset(c.stmt.getEnd().orElseThrow()) + 1;
        int lineStart = text.lastIndexOf('\n', begin - 1) + 1;
        if (text.substring(lineStart, begin).isBlank() && text.substring(end, lineEnd(text, end)).isBlank()) {
            int newline = text.indexOf('\n', end);
            begin = lineStart;
            end = newline < 0 ? text.length() : newline + 1; // with its line terminator: every line below moves up
        }
        c.file.write(text.substring(0, begin) + text.substring(end));
        return new Edit("remove call statement", c.file.relative(), c.method + " line " + c.line() + ": " + firstLine(c.stmt));
    }

    /**
     * Repeats a call statement on a new line right after it, preferring one inside a loop: every line below moves
     * down. Of a declaration {@code T x = call(...);} only the call is repeated, since a second {@code x} would not compile.
     */
    Edit duplicateCall(Role role) {
        Candidate c = choose(role, new String[0], s -> repeatable(s).isPresent(), true);
        String text = c.file.text;
        int begin = c.file.offset(c.stmt.getBegin().orElseThrow());
        int end = c.file.offset(c.stmt.getEnd().orElseThrow()) + 1;
        int lineStart = text.lastIndexOf('\n', begin - 1) + 1;
        String indent = text.substring(lineStart, begin).isBlank() ? text.substring(lineStart, begin) : "";
        Node repeated = repeatable(c.stmt).orElseThrow();
        String copy = text.substring(c.file.offset(repeated.getBegin().orElseThrow()), c.file.offset(repeated.getEnd().orElseThrow()) + 1)
                + (repeated == c.stmt ? "" : ";");
        int at = text.substring(end, lineEnd(text, end)).isBlank() ? lineEnd(text, end) : end;
        c.file.write(text.substring(0, at) + c.file.newline() + indent + copy + text.substring(at));
        return new Edit("duplicate call statement", c.file.relative(),
                c.method + " line " + c.line() + (c.inLoop ? " in a loop" : "") + ": " + firstLine(c.stmt));
    }

    /**
     * A JNDI lookup (of a name the application looks up across the WAN) added at the start of an inherited method
     * that subclasses call: the base class's file changes, the subclasses' call graphs (which read its body) must
     * change with it.
     */
    Edit addLookupToInheritedMethod() {
        Candidate lookup = choose(Role.ANY, new String[0], s -> s.findFirst(MethodCallExpr.class, EditedApp::isLookupOfLiteral).isPresent(), false);
        String name = lookup.stmt.findFirst(MethodCallExpr.class, EditedApp::isLookupOfLiteral)
                .map(m -> ((StringLiteralExpr) m.getArgument(0)).getValue()).orElseThrow();
        List<JavaFile> all = javaFiles(Role.ANY);
        for (JavaFile base : all) {
            if (!(base.unit.getType(0) instanceof ClassOrInterfaceDeclaration type) || type.isInterface()) continue;
            String baseName = type.getNameAsString();
            List<JavaFile> subclasses = all.stream().filter(f -> f.unit.getType(0) instanceof ClassOrInterfaceDeclaration t
                    && t.getExtendedTypes().stream().anyMatch(e -> e.getNameAsString().equals(baseName))).toList();
            for (MethodDeclaration m : type.getMethods()) {
                if (m.getBody().isEmpty() || m.getBody().get().getStatements().isEmpty()) continue;
                String call = m.getNameAsString() + "(";
                if (subclasses.stream().noneMatch(sub -> sub.text.contains(call))) continue;
                int line = m.getBody().get().getStatement(0).getBegin().orElseThrow().line;
                base.write(base.withLineBefore(line, "try { new javax.naming.InitialContext().lookup(\"" + name + "\"); }"
                        + " catch (javax.naming.NamingException e) { }"));
                return new Edit("lookup in inherited method", base.relative(), baseName + "." + m.getNameAsString() + " line " + line
                        + ", called by " + subclasses.size() + " subclasses, lookup of " + name);
            }
        }
        throw new AssertionError("no base class of " + root + " has a method its subclasses call");
    }

    private static boolean isLookupOfLiteral(MethodCallExpr m) {
        return m.getNameAsString().equals("lookup") && m.getArguments().size() == 1 && m.getArgument(0) instanceof StringLiteralExpr;
    }

    /** What {@link #duplicateCall} repeats of a statement: the statement, or the call that initialises its only variable. */
    private static Optional<Node> repeatable(ExpressionStmt s) {
        if (!(s.getExpression() instanceof VariableDeclarationExpr decl)) {
            return s.getExpression().findFirst(MethodCallExpr.class).map(m -> s);
        }
        if (decl.getVariables().size() != 1) return Optional.empty();
        Optional<Expression> init = decl.getVariable(0).getInitializer();
        while (init.isPresent() && (init.get() instanceof CastExpr || init.get() instanceof EnclosedExpr)) {
            init = Optional.of(init.get() instanceof CastExpr cast ? cast.getExpression() : ((EnclosedExpr) init.get()).getInner());
        }
        return init.filter(e -> e instanceof MethodCallExpr).map(e -> e);
    }

    /** Deletes {@code flag = true;} outside ejbStore/ejbLoad in a bean whose ejbStore starts with {@code if (!flag)}. */
    Edit dropDirtyFlagAssignment() {
        for (JavaFile f : javaFiles(Role.ANY)) {
            Optional<String> flag = dirtyFlag(f.unit);
            if (flag.isEmpty()) continue;
            for (MethodDeclaration m : f.unit.findAll(MethodDeclaration.class)) {
                if (m.getNameAsString().startsWith("ejb")) continue;
                for (ExpressionStmt s : m.findAll(ExpressionStmt.class)) {
                    if (s.getExpression() instanceof AssignExpr a && a.getTarget().toString().endsWith(flag.get())
                            && a.getValue() instanceof BooleanLiteralExpr b && b.getValue()) {
                        Position begin = s.getBegin().orElseThrow();
                        f.write(f.withoutLine(begin.line));
                        return new Edit("drop dirty-flag assignment", f.relative(), m.getNameAsString() + " line " + begin.line + ": " + s);
                    }
                }
            }
        }
        throw new AssertionError("no bean of " + root + " sets an ejbStore dirty flag");
    }

    /** Deletes the {@code if (!flag) return;} guard at the start of ejbStore: the bean now writes at every commit. */
    Edit dropDirtyCheck() {
        for (JavaFile f : javaFiles(Role.ANY)) {
            if (dirtyFlag(f.unit).isEmpty()) continue;
            MethodDeclaration store = f.unit.findFirst(MethodDeclaration.class, m -> m.getNameAsString().equals("ejbStore")).orElseThrow();
            Statement guard = store.getBody().orElseThrow().getStatement(0);
            int from = guard.getBegin().orElseThrow().line;
            int to = guard.getEnd().orElseThrow().line;
            String text = f.text;
            f.write(text.substring(0, f.lineStart(from)) + text.substring(f.lineStart(to + 1)));
            return new Edit("drop dirty check", f.relative(), "ejbStore lines " + from + "-" + to + ": " + firstLine(guard));
        }
        throw new AssertionError("no ejbStore of " + root + " starts with a dirty check");
    }

    private static Optional<String> dirtyFlag(CompilationUnit unit) {
        for (MethodDeclaration m : unit.findAll(MethodDeclaration.class)) {
            if (!m.getNameAsString().equals("ejbStore") || m.getBody().isEmpty()) continue;
            NodeList<Statement> body = m.getBody().get().getStatements();
            if (!body.isEmpty() && body.get(0) instanceof IfStmt i && i.getCondition() instanceof UnaryExpr u
                    && u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT && u.getExpression() instanceof NameExpr n) {
                return Optional.of(n.getNameAsString());
            }
        }
        return Optional.empty();
    }

    /** A comment line before a crossing statement (lines move down) and a word added to the file's first comment. */
    Edit commentOnly(Role role) {
        Candidate c = choose(role, new String[0], s -> true, false);
        JavaFile f = c.file;
        String text = f.withLineBefore(c.line(), "// wanlint: a comment-only edit");
        Optional<Comment> first = f.unit.getAllContainedComments().stream().min(Comparator.comparing(k -> k.getBegin().orElseThrow()));
        // Only a comment above the inserted line keeps its offsets.
        boolean reworded = first.isPresent() && first.get().getBegin().orElseThrow().line < c.line();
        if (reworded) {
            int end = f.offset(first.get().getEnd().orElseThrow()) + 1;
            int at = first.get() instanceof LineComment ? lineEnd(text, end - 1) : end - 2;
            text = text.substring(0, at) + " (edited)" + text.substring(at);
        }
        f.write(text);
        return new Edit("comment-only edit", f.relative(), "comment before line " + c.line() + (reworded ? ", first comment reworded" : ""));
    }

    /** Trailing blanks after every {@code ;} line and an empty line after the package declaration. */
    Edit whitespaceOnly(Role role) {
        JavaFile f = javaFiles(role).get(0);
        String nl = f.newline();
        String text = f.text.replace(";" + nl, ";  " + nl);
        int pkg = f.unit.getPackageDeclaration().map(p -> p.getEnd().orElseThrow().line).orElse(0);
        f.text = text; // the empty line goes into the text with the blanks
        f.write(f.withLineBefore(pkg + 1, ""));
        return new Edit("whitespace-only edit", f.relative(), "trailing blanks, empty line after the package");
    }

    /** Every line ending of the first file of the role made CRLF (later edits of the file keep CRLF). */
    Edit crlfLineEndings(Role role) {
        JavaFile f = javaFiles(role).get(0);
        assertThat(f.text).as("%s has LF line endings", f.relative()).doesNotContain("\r\n");
        f.write(f.text.replace("\n", "\r\n"));
        return new Edit("CRLF line endings", f.relative(), "every line");
    }

    // ---- declaration edits ----

    /** A new public method at the end of the first file of the role. */
    Edit addPublicMethod(Role role) {
        JavaFile f = javaFiles(role).get(0);
        TypeDeclaration<?> type = f.unit.getType(0);
        f.write(f.withLinesBeforeClosingBrace(type, List.of(
                "    public String wanlintProbe(String key) {",
                "        return String.valueOf(key).trim();",
                "    }")));
        return new Edit("add public method", f.relative(), type.getNameAsString() + ".wanlintProbe(String)");
    }

    /** A static initializer doing a JNDI lookup, at the end of the first file of the role. */
    Edit addStaticInitializer(Role role) {
        JavaFile f = javaFiles(role).get(0);
        TypeDeclaration<?> type = f.unit.getType(0);
        f.write(f.withLinesBeforeClosingBrace(type, List.of(
                "    static {",
                "        try {",
                "            new javax.naming.InitialContext().lookup(\"java:comp/env/wanlint/Probe\");",
                "        } catch (javax.naming.NamingException e) {",
                "            throw new ExceptionInInitializerError(e);",
                "        }",
                "    }")));
        return new Edit("add static initializer", f.relative(), type.getNameAsString());
    }

    /** Changes a string literal in the first static initializer and repeats its first call statement. */
    Edit editStaticInitializer() {
        for (JavaFile f : javaFiles(Role.ANY)) {
            for (InitializerDeclaration init : f.unit.findAll(InitializerDeclaration.class, InitializerDeclaration::isStatic)) {
                StringLiteralExpr literal = init.findFirst(StringLiteralExpr.class).orElseThrow();
                int at = f.offset(literal.getEnd().orElseThrow()); // the closing quote
                f.write(f.text.substring(0, at) + "Moved" + f.text.substring(at));
                return new Edit("edit static initializer", f.relative(), literal.getValue() + " -> " + literal.getValue() + "Moved");
            }
        }
        throw new AssertionError("no static initializer in " + root);
    }

    /**
     * Renames, in its interface only, a method named like the target of a WAN crossing (the target may be the
     * interface's method or, resolved, its bean's): its callers no longer resolve.
     */
    Edit renameCalledMethod() {
        for (JavaFile f : javaFiles(Role.ANY)) {
            for (ClassOrInterfaceDeclaration type : f.unit.findAll(ClassOrInterfaceDeclaration.class, ClassOrInterfaceDeclaration::isInterface)) {
                String className = type.getFullyQualifiedName().orElseThrow();
                for (MethodDeclaration m : type.getMethods()) {
                    if (crossingTargets.stream().noneMatch(t -> t.endsWith("#" + m.getNameAsString()))) continue;
                    int at = f.offset(m.getName().getEnd().orElseThrow()) + 1;
                    f.write(f.text.substring(0, at) + "Renamed" + f.text.substring(at));
                    return new Edit("rename called method", f.relative(), className + "#" + m.getNameAsString() + " -> " + m.getNameAsString() + "Renamed");
                }
            }
        }
        throw new AssertionError("no interface method of " + root + " is a crossing target");
    }

    /** Appends {@code Moved} to a JNDI-like string constant (a static final or interface field), preferring {@code ejb/} names. */
    Edit changeJndiConstant() {
        for (String wanted : List.of("ejb/", "jdbc/", "java:")) {
            for (JavaFile f : javaFiles(Role.ANY)) {
                for (FieldDeclaration field : f.unit.findAll(FieldDeclaration.class)) {
                    boolean constant = field.isStatic() && field.isFinal()
                            || field.getParentNode().filter(p -> p instanceof ClassOrInterfaceDeclaration t && t.isInterface()).isPresent();
                    if (!constant) continue;
                    for (VariableDeclarator v : field.getVariables()) {
                        Optional<StringLiteralExpr> literal = v.getInitializer().flatMap(i -> i.findFirst(StringLiteralExpr.class,
                                s -> s.getValue().contains(wanted)));
                        if (literal.isEmpty()) continue;
                        int at = f.offset(literal.get().getEnd().orElseThrow());
                        f.write(f.text.substring(0, at) + "Moved" + f.text.substring(at));
                        return new Edit("change JNDI constant", f.relative(), v.getNameAsString() + " = \"" + literal.get().getValue() + "Moved\"");
                    }
                }
            }
        }
        throw new AssertionError("no JNDI-like string constant in " + root);
    }

    /** Appends {@code Moved} to the string argument of a {@code lookup(...)} call, on a crossing line when there is one. */
    Edit changeLookupName(Role role) {
        Candidate c = choose(role, new String[0], s -> s.findFirst(MethodCallExpr.class, EditedApp::isLookupOfLiteral).isPresent(), false);
        StringLiteralExpr literal = c.stmt.findFirst(MethodCallExpr.class, m -> m.getNameAsString().equals("lookup"))
                .map(m -> (StringLiteralExpr) m.getArgument(0)).orElseThrow();
        int at = c.file.offset(literal.getEnd().orElseThrow());
        c.file.write(c.file.text.substring(0, at) + "Moved" + c.file.text.substring(at));
        return new Edit("change lookup name", c.file.relative(), c.method + " line " + c.line() + ": " + literal.getValue() + "Moved");
    }

    // ---- descriptors, pages, files ----

    /** Changes the first {@code <element>value</element>} of the sorted descriptors holding one. */
    Edit editDescriptor(String element) {
        Pattern p = Pattern.compile("<" + element + ">\\s*([^<]*?)\\s*</" + element + ">");
        for (Path file : files(name -> name.endsWith(".xml") || name.contains(".xml."))) {
            TextFile f = new TextFile(file);
            Matcher m = p.matcher(f.text);
            if (!m.find()) continue;
            String old = m.group(1);
            String value = element.equals("trans-attribute") ? (old.equals("Required") ? "RequiresNew" : "Required") : old + "Moved";
            f.write(f.text.substring(0, m.start(1)) + value + f.text.substring(m.end(1)));
            return new Edit("descriptor edit", f.relative(), element + " " + old + " -> " + value);
        }
        throw new AssertionError("no <" + element + "> in " + root);
    }

    private static final Set<String> JSP_IMPLICIT_OBJECTS =
            Set.of("request", "response", "session", "application", "out", "pageContext", "config", "page");

    /** In the first JSP with one (pages making round trips first, then by path), a scriptlet line {@code T x = (T) a.b(...);} ({@code a} not an implicit object) followed by a new line repeating {@code a.b(...);}. */
    Edit repeatScriptletCall() {
        Pattern assignment = Pattern.compile("(?m)^([ \\t]*)(?:[\\w.<>\\[\\]]+[ \\t]+)?\\w+[ \\t]*=[ \\t]*(?:\\([\\w.]+\\)[ \\t]*)?((\\w+)\\.\\w+\\([^;\\n]*\\));[ \\t]*\\r?$");
        List<Path> pages = new ArrayList<>(files(name -> name.endsWith(".jsp")));
        // Pages that make round trips first, so that the repeated call counts.
        pages.sort(Comparator.comparing((Path p) -> !busyEntryPoints.contains("/" + p.getFileName())));
        for (Path page : pages) {
            TextFile f = new TextFile(page);
            Matcher m = assignment.matcher(f.text);
            boolean found = false;
            // A call on the page's own objects (session, request, ...) is local; one on anything else may be remote.
            while (!found && m.find()) found = !JSP_IMPLICIT_OBJECTS.contains(m.group(3));
            if (!found) continue;
            int at = lineEnd(f.text, m.start(2));
            f.write(f.text.substring(0, at) + f.newline() + m.group(1) + m.group(2) + ";" + f.text.substring(at));
            return new Edit("JSP scriptlet", f.relative(), "repeated " + m.group(2));
        }
        throw new AssertionError("no JSP of " + root + " has a scriptlet assigning a call's result");
    }

    /** A new Java file: a copy of the first web class with a crossing, under a new class name (and URL). */
    Edit addCopyOfWebClass() {
        JavaFile source = choose(Role.WEB, new String[0], s -> true, false).file;
        String name = source.unit.getType(0).getNameAsString();
        String text = source.text.replaceAll("\\b" + name + "\\b", name + "Copy").replace("@WebServlet(\"/", "@WebServlet(\"/copy-");
        Path target = source.path.resolveSibling(name + "Copy.java");
        TextFile copy = new TextFile(target, "", source.charset);
        copy.write(text);
        return new Edit("add Java file", copy.relative(), "copy of " + name);
    }

    /** Deletes the first sorted file of the role that no edit touched so far. */
    Edit deleteFile(Role role) {
        JavaFile f = javaFiles(role).stream().filter(j -> !originals.containsKey(j.path)).findFirst().orElseThrow();
        remember(f.path);
        try {
            Files.delete(f.path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Edit("delete Java file", f.relative(), f.unit.getType(0).getNameAsString());
    }

    /** Two edits made before the same run, named as one. */
    static Edit both(Edit first, Edit second) {
        return new Edit(first.kind() + " + " + second.kind(), first.file() + " + " + second.file(), first.detail() + "; " + second.detail());
    }

    /** Writes back the bytes every file had before the edits (and deletes the files they created). */
    Edit revertAll() {
        List<String> names = new ArrayList<>();
        originals.forEach((path, bytes) -> {
            restore(path, bytes);
            names.add(root.relativize(path).toString());
        });
        originals.clear();
        return new Edit("revert all edits", String.join(", ", names), names.size() + " files");
    }

    /** Writes back the bytes of the files whose relative path ends with {@code suffix}. */
    Edit revert(String suffix) {
        List<Path> paths = originals.keySet().stream().filter(p -> p.toString().endsWith(suffix)).toList();
        assertThat(paths).as("edited files ending with %s", suffix).isNotEmpty();
        for (Path p : paths) restore(p, originals.remove(p));
        return new Edit("revert", String.join(", ", paths.stream().map(p -> root.relativize(p).toString()).toList()), "original bytes");
    }

    private static void restore(Path path, Optional<byte[]> bytes) {
        try {
            if (bytes.isPresent()) Files.write(path, bytes.get());
            else Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- choosing statements ----

    private record Candidate(JavaFile file, String method, ExpressionStmt stmt, boolean crossing, boolean inLoop) {
        int line() { return stmt.getBegin().orElseThrow().line; }
    }

    /**
     * The first expression statement (directly in a block) that matches, over the role's files in path order: on a
     * crossing line in a preferred method first, then on any crossing line, then any; inside a loop first when asked.
     */
    private Candidate choose(Role role, String[] preferredMethods, Predicate<ExpressionStmt> matches, boolean preferLoops) {
        List<Candidate> all = new ArrayList<>();
        for (JavaFile f : javaFiles(role)) {
            String className = f.unit.getType(0).getFullyQualifiedName().orElseThrow();
            for (Node body : callableBodies(f.unit)) {
                String method = body instanceof MethodDeclaration m ? m.getNameAsString() : "<init>";
                for (ExpressionStmt s : body.findAll(ExpressionStmt.class)) {
                    if (!(s.getParentNode().orElse(null) instanceof BlockStmt) || !matches.test(s)) continue;
                    boolean crossing = crossingLines.contains(className + ":" + s.getBegin().orElseThrow().line);
                    boolean inLoop = s.findAncestor(Node.class, a -> a instanceof ForStmt || a instanceof ForEachStmt
                            || a instanceof WhileStmt || a instanceof DoStmt).isPresent();
                    all.add(new Candidate(f, method, s, crossing, inLoop));
                }
            }
        }
        assertThat(all).as("%s statements in %s", role, root).isNotEmpty();
        List<String> preferred = List.of(preferredMethods);
        Predicate<Candidate> inPreferred = c -> preferred.stream().anyMatch(c.method::startsWith);
        Comparator<Candidate> order = Comparator.comparing((Candidate c) -> !(c.crossing && inPreferred.test(c)))
                .thenComparing(c -> !c.crossing).thenComparing(c -> !inPreferred.test(c));
        if (preferLoops) order = Comparator.comparing((Candidate c) -> !(c.inLoop && c.crossing)).thenComparing(order);
        return all.stream().sorted(order).findFirst().orElseThrow(); // stable: path and source order among equals
    }

    private static List<Node> callableBodies(CompilationUnit unit) {
        List<Node> out = new ArrayList<>();
        out.addAll(unit.findAll(MethodDeclaration.class));
        out.addAll(unit.findAll(InitializerDeclaration.class));
        out.sort(Comparator.comparing(n -> n.getBegin().orElseThrow()));
        return out;
    }

    private List<JavaFile> javaFiles(Role role) {
        List<JavaFile> out = new ArrayList<>();
        for (Path p : files(name -> name.endsWith(".java"))) {
            JavaFile f = new JavaFile(p);
            if (role == Role.ANY || roleOf(f.unit) == role) out.add(f);
        }
        assertThat(out).as("%s files in %s", role, root).isNotEmpty();
        return out;
    }

    private static Role roleOf(CompilationUnit unit) {
        if (unit.getTypes().isEmpty() || !(unit.getType(0) instanceof ClassOrInterfaceDeclaration type) || type.isInterface()) return Role.ANY;
        Set<String> methods = new HashSet<>();
        type.getMethods().forEach(m -> methods.add(m.getNameAsString()));
        Set<String> supertypes = new HashSet<>();
        type.getExtendedTypes().forEach(t -> supertypes.add(t.getNameAsString()));
        type.getImplementedTypes().forEach(t -> supertypes.add(t.getNameAsString()));
        String name = type.getNameAsString();
        if (methods.contains("ejbLoad") || methods.contains("ejbStore") || supertypes.contains("EntityBean")) return Role.ENTITY_BEAN;
        if (type.isAnnotationPresent("Stateless") || type.isAnnotationPresent("Stateful") || type.isAnnotationPresent("Singleton")
                || supertypes.contains("SessionBean") || supertypes.stream().anyMatch(s -> s.endsWith("FacadeBean"))) return Role.SESSION_BEAN;
        if (supertypes.stream().anyMatch(s -> s.endsWith("Servlet")) || name.endsWith("Servlet") || name.endsWith("WebImpl")
                || name.endsWith("WebHelper")) return Role.WEB;
        if (name.contains("DAO") || name.contains("Jdbc")) return Role.DATA_ACCESS;
        return Role.ANY;
    }

    private List<Path> files(Predicate<String> name) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).filter(p -> name.test(p.getFileName().toString())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void remember(Path path) {
        if (originals.containsKey(path)) return;
        try {
            originals.put(path, Files.exists(path) ? Optional.of(Files.readAllBytes(path)) : Optional.empty());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int lineEnd(String text, int from) {
        int nl = text.indexOf('\n', from);
        if (nl < 0) return text.length();
        return nl > from && text.charAt(nl - 1) == '\r' ? nl - 1 : nl;
    }

    private static String firstLine(Node n) {
        String s = n.toString();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }

    /** A text file of the application, in its own encoding. */
    private class TextFile {
        final Path path;
        final Charset charset;
        String text;

        TextFile(Path path) {
            this.path = path;
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(path);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Charset cs;
            String t;
            try {
                t = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
                cs = StandardCharsets.UTF_8;
            } catch (CharacterCodingException e) {
                t = new String(bytes, StandardCharsets.ISO_8859_1);
                cs = StandardCharsets.ISO_8859_1;
            }
            this.charset = cs;
            this.text = t;
        }

        TextFile(Path path, String text, Charset charset) {
            this.path = path;
            this.charset = charset;
            this.text = text;
        }

        String relative() { return root.relativize(path).toString(); }

        String newline() { return text.contains("\r\n") ? "\r\n" : "\n"; }

        void write(String newText) {
            assertThat(newText).as("an edit of %s", relative()).isNotEqualTo(text);
            remember(path);
            try {
                Files.createDirectories(path.getParent());
                Files.write(path, newText.getBytes(charset));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            text = newText;
        }

        int lineStart(int line) {
            int at = 0;
            for (int i = 1; i < line; i++) {
                at = text.indexOf('\n', at) + 1;
                if (at == 0) return text.length();
            }
            return at;
        }

        /** The text with {@code content} on a new line before line {@code line}, indented like that line. */
        String withLineBefore(int line, String content) {
            int start = lineStart(line);
            int indentEnd = start;
            while (indentEnd < text.length() && (text.charAt(indentEnd) == ' ' || text.charAt(indentEnd) == '\t')) indentEnd++;
            return text.substring(0, start) + text.substring(start, indentEnd) + content + newline() + text.substring(start);
        }

        String withoutLine(int line) {
            return text.substring(0, lineStart(line)) + text.substring(lineStart(line + 1));
        }
    }

    /** A Java file of the application, parsed. */
    private final class JavaFile extends TextFile {
        final CompilationUnit unit;

        JavaFile(Path path) {
            super(path);
            ParseResult<CompilationUnit> parsed = PARSER.parse(text);
            assertThat(parsed.isSuccessful()).as("%s parses: %s", path, parsed.getProblems()).isTrue();
            unit = parsed.getResult().orElseThrow();
        }

        /** The offset in the text of a JavaParser position (tabs count as one column, JavaParser's default). */
        int offset(Position p) { return lineStart(p.line) + p.column - 1; }

        String withLinesBeforeClosingBrace(TypeDeclaration<?> type, List<String> lines) {
            Position end = type.getEnd().orElseThrow();
            int brace = offset(end);
            int start = lineStart(end.line);
            String nl = newline();
            String block = String.join(nl, lines) + nl;
            if (text.substring(start, brace).isBlank()) return text.substring(0, start) + block + text.substring(start);
            return text.substring(0, brace) + nl + block + text.substring(brace);
        }

        @Override void write(String newText) {
            super.write(newText);
            assertThat(PARSER.parse(newText).isSuccessful()).as("%s still parses after the edit", relative()).isTrue();
        }
    }

}
