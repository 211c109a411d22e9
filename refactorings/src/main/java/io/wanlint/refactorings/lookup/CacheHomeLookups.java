package io.wanlint.refactorings.lookup;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ClassExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.type.ReferenceType;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * WAN006: EJB homes looked up, and stateless session stubs created, on every request become
 * acquired once. In a servlet they become fields set in {@code init()} (added, or extended after
 * its existing code); a lookup failure there makes the servlet unavailable instead of failing each
 * request. In any other class (a helper a JSP creates per request, say) a home becomes a static
 * field filled by a synchronized accessor on first use: a home stub stays valid for the life of
 * the server and may be shared by threads. Handled shapes, per call the finding names:
 * {@code T h = (T) PortableRemoteObject.narrow(ctx.lookup(NAME), T.class);},
 * {@code Object ref = ctx.lookup(NAME); T h = (T) PortableRemoteObject.narrow(ref, T.class);},
 * {@code T h = (T) ctx.lookup(NAME);} and, in servlets, {@code S s = home.create();} on a stateless
 * session home. A stateful bean is never cached (its state belongs to one client).
 */
public final class CacheHomeLookups implements Refactoring {
    public static final String RULE_ID = "WAN006";
    private static final Set<String> NAMING_CALLS = Set.of("lookup", "lookupLink", "list", "listBindings", "bind",
            "rebind", "unbind", "rename", "createSubcontext", "destroySubcontext", "getEnvironment", "getNameInNamespace");

    /** Where the acquisitions go. */
    enum Placement {
        /** servlet fields set in {@code init()} */
        SERVLET_INIT,
        /** static fields filled on first use by a synchronized accessor */
        STATIC_ACCESSOR
    }

    /** The lines of the per-request calls to move, by kind. */
    record Calls(Set<Integer> lookupLines, Set<Integer> createLines) {
        Calls {
            lookupLines = Set.copyOf(lookupLines);
            createLines = Set.copyOf(createLines);
        }
    }

    /** The planned edits of one file, or why there are none. */
    sealed interface Rewrite {
        record Planned(FileChange.Edit change, List<String> cached) implements Rewrite {}

        record NotApplicable(String reason) implements Rewrite {}
    }

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Method.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        if (!handles(finding) || !(finding.subject() instanceof FindingSubject.Method subject) || finding.location().method() == null) {
            return PlanOutcome.declined("the finding names no method");
        }
        MethodRef method = subject.method();
        String file = finding.location().file();
        Optional<SourceText> source = context.read(file);
        if (source.isEmpty()) return PlanOutcome.declined(file + " cannot be read");
        AnalysisResult analysis = context.analysis();
        Optional<MethodNode> node = analysis.callGraph().node(method);
        if (node.isEmpty()) return PlanOutcome.declined("the call graph has no method " + method);
        Set<Integer> lookups = new TreeSet<>();
        Set<Integer> creates = new TreeSet<>();
        for (CallEdge e : analysis.callGraph().outgoing(node.get().ref())) {
            if (e.cachedOnce()) continue;
            Optional<Component> target = Optional.ofNullable(e.targetComponent()).flatMap(analysis.model()::byName)
                    .or(() -> e.to() == null ? Optional.empty() : analysis.model().owning(e.to().className()));
            if (e.kind() == EdgeKind.JNDI_LOOKUP && target.filter(c -> c.kind().isEjb()).isPresent()) lookups.add(e.line());
            if (e.op() == CallOp.HOME_CREATE && e.kind().isEjb() && target.filter(c -> c.kind().isSession()).isPresent()) {
                if (target.get().kind() != ComponentKind.STATELESS_SESSION) {
                    return PlanOutcome.declined(file + ":" + e.line() + " creates the " + target.get().kind().name().toLowerCase(java.util.Locale.ROOT)
                            + " bean " + target.get().name() + ": its instance belongs to one client and cannot be shared");
                }
                creates.add(e.line());
            }
        }
        if (lookups.isEmpty() && creates.isEmpty()) return PlanOutcome.declined("no per-request home lookup or create() left in " + method);
        String className = finding.location().className();
        String simple = className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
        boolean servlet = analysis.model().byClass(className).filter(c -> c.kind() == ComponentKind.SERVLET).isPresent();
        Placement placement = servlet ? Placement.SERVLET_INIT : Placement.STATIC_ACCESSOR;
        Rewrite r = rewrite(source.get(), simple, finding.location().method(), node.get().ref().parameterTypes().size(),
                new Calls(lookups, creates), placement);
        if (r instanceof Rewrite.NotApplicable n) return PlanOutcome.declined(n.reason());
        Rewrite.Planned p = (Rewrite.Planned) r;
        String where = servlet ? " in init()" : " on first use";
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(),
                "Cache " + String.join(", ", p.cached()) + " of " + simple + "." + finding.location().method() + where,
                List.of(p.change()), finding.before(), finding.after()));
    }

    /** One home or stub acquired per request, and how it will be acquired once. */
    private record Acquisition(String type, String field, String expression, boolean narrow, boolean create,
                               Set<String> exceptions, VariableDeclarator local, List<Statement> removed, String comment,
                               Expression replaced, boolean assigned) {
        /** Declared where acquired: {@code T h = <acquisition>;}, its declaration last in {@code removed}. */
        Acquisition(String type, String field, String expression, boolean narrow, boolean create,
                    Set<String> exceptions, VariableDeclarator local, List<Statement> removed, String comment) {
            this(type, field, expression, narrow, create, exceptions, local, removed, comment, local.getInitializer().orElseThrow(), false);
        }
    }

    /** Rewrites the calls on {@code calls}' lines of method {@code methodName} of class {@code simpleClassName}. */
    static Rewrite rewrite(SourceText text, String simpleClassName, String methodName, int parameterCount, Calls calls,
                           Placement placement) {
        JavaSource.TypeLookup owner = JavaSource.findType(text, simpleClassName);
        if (owner instanceof JavaSource.TypeLookup.Missing missing) return new Rewrite.NotApplicable(missing.reason());
        JavaSource.TypeLookup.Found found = (JavaSource.TypeLookup.Found) owner;
        JavaSource src = found.source();
        TypeDeclaration<?> type = found.type();
        List<MethodDeclaration> candidates = type.getMethods().stream()
                .filter(m -> m.getNameAsString().equals(methodName) && m.getParameters().size() == parameterCount
                        && m.getBody().isPresent()).toList();
        if (candidates.size() != 1) return new Rewrite.NotApplicable("no single method " + simpleClassName + "." + methodName + " with a body");
        MethodDeclaration method = candidates.get(0);
        String at = text.path() + ":";

        Map<String, Acquisition> byField = new LinkedHashMap<>();
        List<Acquisition> all = new ArrayList<>();
        for (MethodCallExpr call : method.findAll(MethodCallExpr.class)) {
            int line = call.getBegin().orElseThrow().line;
            boolean lookup = call.getNameAsString().equals("lookup") && calls.lookupLines().contains(line) && call.getArguments().size() == 1;
            boolean create = call.getNameAsString().startsWith("create") && calls.createLines().contains(line);
            if (!lookup && !create) continue;
            Object a = lookup ? lookupAcquisition(src, method, call) : createAcquisition(src, method, type, call, byField, placement);
            if (a instanceof String reason) return new Rewrite.NotApplicable(at + line + ": " + reason);
            Acquisition acq = (Acquisition) a;
            Acquisition same = byField.get(acq.field());
            if (same != null && !same.expression().equals(acq.expression())) {
                return new Rewrite.NotApplicable(at + line + ": " + acq.type() + " is acquired twice in different ways");
            }
            if (same == null) byField.put(acq.field(), acq);
            all.add(acq);
        }
        if (all.isEmpty()) return new Rewrite.NotApplicable("no home lookup or create() of the finding found in " + simpleClassName + "." + methodName);
        for (Acquisition a : byField.values()) {
            if (type.getFieldByName(a.field()).isPresent()) return new Rewrite.NotApplicable(simpleClassName + " already has a field " + a.field());
            String accessor = accessorName(a);
            if (placement == Placement.STATIC_ACCESSOR && !type.getMethodsByName(accessor).isEmpty()) {
                return new Rewrite.NotApplicable(simpleClassName + " already has a method " + accessor);
            }
        }

        String file = text.path();
        String eol = text.lineEnding();
        List<TextEdit> edits = new ArrayList<>();
        Set<Statement> removed = new LinkedHashSet<>();
        // Code that goes: removed statements and replaced initialisers; what is left decides about contexts and catches.
        Set<Node> gone = new LinkedHashSet<>();
        for (Acquisition a : all) {
            String replacement = placement == Placement.STATIC_ACCESSOR ? accessorName(a) + "()" : a.field();
            if (!a.assigned() && a.local().getNameAsString().equals(a.field()) && placement == Placement.SERVLET_INIT) {
                // The local has the field's name: without its declaration every use reads the field.
                removed.addAll(a.removed());
            } else {
                // Declared where acquired, the declaration stays with the cached value as initialiser; a
                // variable declared earlier ({@code T h = null; try { h = (T) narrow(...); }}) keeps its assignment.
                removed.addAll(a.removed().subList(0, a.removed().size() - (a.assigned() ? 0 : 1)));
                Expression init = a.replaced();
                edits.add(new TextEdit(file, src.begin(init), src.end(init), replacement));
                gone.add(init);
            }
        }
        gone.addAll(removed);
        // A context created only for the moved lookups goes with them.
        for (VariableDeclarator v : method.findAll(VariableDeclarator.class)) {
            if (!(v.getInitializer().orElse(null) instanceof ObjectCreationExpr oc) || !oc.getType().getNameAsString().endsWith("InitialContext")) continue;
            Statement decl = statementOf(v);
            if (decl == null || removed.contains(decl)) continue;
            boolean used = method.findAll(NameExpr.class, n -> n.getNameAsString().equals(v.getNameAsString()))
                    .stream().anyMatch(n -> gone.stream().noneMatch(s -> s.isAncestorOf(n)));
            if (!used) removed.add(decl);
        }
        gone.addAll(removed);
        for (Statement s : removed) {
            Object cut = wholeLines(src, s);
            if (cut instanceof String reason) return new Rewrite.NotApplicable(at + s.getBegin().orElseThrow().line + ": " + reason);
            edits.add((TextEdit) cut);
        }

        // Catches that nothing in their try can trigger any more do not compile: they go, and a try left
        // without catch or finally gives way to its body.
        Set<String> accessorThrows = placement == Placement.STATIC_ACCESSOR ? Set.of("NamingException") : Set.of();
        for (TryStmt t : method.findAll(TryStmt.class)) {
            if (gone.stream().noneMatch(s -> t.getTryBlock().isAncestorOf(s))) continue;
            List<CatchClause> unreachable = new ArrayList<>();
            for (CatchClause c : t.getCatchClauses()) {
                if (c.getParameter().getType().isUnionType()) continue;
                String caught = simpleName(c.getParameter().getType().asString());
                boolean movedOut = caught.equals("NamingException") || caught.equals("CreateException");
                if (movedOut && !stillThrown(t.getTryBlock(), gone, caught, type, accessorThrows)) unreachable.add(c);
            }
            if (unreachable.isEmpty()) continue;
            if (unreachable.size() == t.getCatchClauses().size() && t.getFinallyBlock().isEmpty() && t.getResources().isEmpty()) {
                Object unwrapped = unwrap(src, t, edits);
                if (unwrapped instanceof String reason) return new Rewrite.NotApplicable(at + t.getBegin().orElseThrow().line + ": " + reason);
                List<TextEdit> inside = edits.stream().filter(e -> e.start() >= src.begin(t) && e.end() <= src.end(t)).toList();
                edits.removeAll(inside);
                edits.add((TextEdit) unwrapped);
            } else {
                for (CatchClause c : unreachable) {
                    Node previous = t.getCatchClauses().indexOf(c) == 0 ? t.getTryBlock()
                            : t.getCatchClauses().get(t.getCatchClauses().indexOf(c) - 1);
                    edits.add(new TextEdit(file, src.end(previous), src.end(c), ""));
                }
            }
        }

        Object members = placement == Placement.SERVLET_INIT
                ? servletInit(src, type, new ArrayList<>(byField.values()), edits)
                : staticAccessors(src, method, new ArrayList<>(byField.values()));
        if (members instanceof String reason) return new Rewrite.NotApplicable(at + " " + reason);
        @SuppressWarnings("unchecked") List<TextEdit> added = (List<TextEdit>) members;
        edits.addAll(added);

        Set<String> imports = new TreeSet<>();
        for (Acquisition a : byField.values()) {
            if (!a.create()) imports.add("javax.naming.InitialContext");
            if (a.narrow()) imports.add("javax.rmi.PortableRemoteObject");
            for (String ex : a.exceptions()) imports.add(qualifiedException(ex));
        }
        if (placement == Placement.SERVLET_INIT) imports.add("javax.servlet.UnavailableException");
        if (placement == Placement.SERVLET_INIT && type.getMethodsByName("init").stream().noneMatch(m -> m.getParameters().size() <= 1)) {
            imports.add("javax.servlet.ServletException");
        }
        // Jakarta EE sources get the jakarta names of the servlet and EJB types.
        boolean jakarta = src.unit().getImports().stream().anyMatch(i -> i.getNameAsString().startsWith("jakarta."));
        for (String i : imports) {
            String name = jakarta && (i.startsWith("javax.servlet.") || i.startsWith("javax.ejb.")) ? "jakarta" + i.substring(5) : i;
            src.importFor(name).ifPresent(edits::add);
        }
        // javax.naming.Context was imported for the context the moved lookups used: unused now, it goes.
        src.unit().getImports().stream().filter(i -> !i.isStatic() && !i.isAsterisk() && i.getNameAsString().equals("javax.naming.Context"))
                .findFirst().filter(i -> type.findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class,
                        t -> t.getNameAsString().equals("Context") && gone.stream().noneMatch(s -> s.isAncestorOf(t))).isEmpty()
                        && src.unit().getTypes().size() == 1)
                .ifPresent(i -> edits.add(new TextEdit(file, src.source().lineStart(src.begin(i)), nextLine(src, src.end(i)), "")));
        try {
            return new Rewrite.Planned(new FileChange.Edit(file, edits), byField.values().stream().map(a -> a.create() ? "the " + a.type() + " stub" : "the " + a.type()).toList());
        } catch (IllegalArgumentException overlapping) {
            return new Rewrite.NotApplicable("the acquisitions in " + methodName + " share code that cannot be moved apart");
        }
    }

    /** A lookup's acquisition, or why its shape is not handled (a String). */
    private static Object lookupAcquisition(JavaSource src, MethodDeclaration method, MethodCallExpr lookup) {
        String name = src.text(lookup.getArgument(0));
        List<Statement> removed = new ArrayList<>();
        Expression value = lookup;
        Node parent = lookup.getParentNode().orElse(null);
        if (parent instanceof VariableDeclarator ref && ref.getInitializer().orElse(null) == lookup) {
            // Object ref = ctx.lookup(NAME); ... narrow(ref, T.class)
            List<NameExpr> uses = method.findAll(NameExpr.class, n -> n.getNameAsString().equals(ref.getNameAsString()));
            if (uses.size() != 1) return ref.getNameAsString() + " is used more than once";
            Statement decl = statementOf(ref);
            if (decl == null) return ref.getNameAsString() + " is declared with other variables";
            removed.add(decl);
            value = uses.get(0);
            parent = value.getParentNode().orElse(null);
        }
        boolean narrow = false;
        String type;
        if (parent instanceof MethodCallExpr n && n.getNameAsString().equals("narrow") && n.getArguments().size() == 2
                && n.getArgument(0) == value && n.getArgument(1) instanceof ClassExpr cls) {
            narrow = true;
            type = cls.getType().asString();
            value = n;
            parent = n.getParentNode().orElse(null);
        } else {
            type = null;
        }
        if (!(parent instanceof CastExpr cast)) return "the home is not cast to its type";
        if (type != null && !cast.getType().asString().equals(type)) return "the home is narrowed to " + type + " but cast to " + cast.getType();
        type = cast.getType().asString();
        if (cast.getParentNode().orElse(null) instanceof AssignExpr assign) {
            return assignedAcquisition(src, method, assign, cast, type, narrow, name, removed);
        }
        if (!(cast.getParentNode().orElse(null) instanceof VariableDeclarator local) || local.getInitializer().orElse(null) != cast) {
            return "the home is not stored in a local variable where it is looked up";
        }
        Statement decl = statementOf(local);
        if (decl == null) return local.getNameAsString() + " is declared with other variables";
        if (method.findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(local.getNameAsString())).size() > 0) {
            return local.getNameAsString() + " is reassigned";
        }
        removed.add(decl);
        String context = "context.lookup(" + name + ")";
        String expression = "(" + type + ") " + (narrow ? "PortableRemoteObject.narrow(" + context + ", " + type + ".class)" : context);
        return new Acquisition(type, decapitalize(simpleName(type)), expression, narrow, false, Set.of("NamingException"), local, removed,
                commentOf(src, decl));
    }

    /**
     * {@code T h = null; try { h = (T) PortableRemoteObject.narrow(ctx.lookup(NAME), T.class); ... }}: a
     * local declared earlier (without a value, or {@code null}) and assigned the home once. The assignment
     * stays and is given the cached home; the declaration is untouched.
     */
    private static Object assignedAcquisition(JavaSource src, MethodDeclaration method, AssignExpr assign, CastExpr cast, String type,
                                              boolean narrow, String name, List<Statement> removed) {
        if (assign.getOperator() != AssignExpr.Operator.ASSIGN || assign.getValue() != cast || !(assign.getTarget() instanceof NameExpr target)) {
            return "the home is not stored in a local variable where it is looked up";
        }
        if (!(assign.getParentNode().orElse(null) instanceof ExpressionStmt)) return "the home's assignment is part of a larger expression";
        String var = target.getNameAsString();
        List<VariableDeclarator> declared = method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(var));
        if (declared.size() != 1) return var + " is not a local variable declared once in " + method.getNameAsString();
        VariableDeclarator local = declared.get(0);
        if (local.getInitializer().filter(i -> !i.isNullLiteralExpr()).isPresent()) return var + " has a value before the home is assigned";
        if (!simpleName(local.getTypeAsString()).equals(simpleName(type))) return var + " is declared as " + local.getTypeAsString() + ", not " + type;
        if (method.findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(var)).size() != 1) {
            return var + " is reassigned";
        }
        Statement statement = (Statement) assign.getParentNode().orElseThrow();
        String context = "context.lookup(" + name + ")";
        String expression = "(" + type + ") " + (narrow ? "PortableRemoteObject.narrow(" + context + ", " + type + ".class)" : context);
        return new Acquisition(type, decapitalize(simpleName(type)), expression, narrow, false, Set.of("NamingException"), local,
                List.copyOf(removed), "", cast, true);
    }

    /** A stateless session stub's acquisition, or why its shape is not handled (a String). */
    private static Object createAcquisition(JavaSource src, MethodDeclaration method, TypeDeclaration<?> type, MethodCallExpr create,
                                            Map<String, Acquisition> earlier, Placement placement) {
        if (placement != Placement.SERVLET_INIT) return "only a servlet's stateless stubs are cached automatically";
        if (!create.getArguments().isEmpty()) return "a stateless create() takes no arguments";
        if (!(create.getScope().orElse(null) instanceof NameExpr home)) return "the home is not a variable or field";
        String homeField = null;
        for (Acquisition a : earlier.values()) if (a.local().getNameAsString().equals(home.getNameAsString())) homeField = a.field();
        if (homeField == null) {
            boolean local = method.findAll(VariableDeclarator.class, v -> v.getNameAsString().equals(home.getNameAsString())).size() > 0
                    || method.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(home.getNameAsString()));
            if (local || type.getFieldByName(home.getNameAsString()).isEmpty()) return home + " is not a field set once";
            if (!setOnlyInInit(type, home.getNameAsString())) return "the field " + home + " is not set in init()";
            homeField = home.getNameAsString();
        }
        Expression value = create;
        if (value.getParentNode().orElse(null) instanceof CastExpr c) value = c;
        if (!(value.getParentNode().orElse(null) instanceof VariableDeclarator local) || local.getInitializer().orElse(null) != value) {
            return "the stub is not stored in a local variable where it is created";
        }
        Statement decl = statementOf(local);
        if (decl == null) return local.getNameAsString() + " is declared with other variables";
        if (method.findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(local.getNameAsString())).size() > 0) {
            return local.getNameAsString() + " is reassigned";
        }
        String stubType = local.getTypeAsString();
        return new Acquisition(stubType, decapitalize(simpleName(stubType)), homeField + "." + create.getNameAsString() + "()",
                false, true, new LinkedHashSet<>(List.of("CreateException", "RemoteException")), local, List.of(decl), commentOf(src, decl));
    }

    /** Whether every assignment of the field is in {@code init} or a constructor. */
    private static boolean setOnlyInInit(TypeDeclaration<?> type, String field) {
        List<AssignExpr> sets = type.findAll(AssignExpr.class, a -> a.getTarget() instanceof NameExpr t && t.getNameAsString().equals(field)
                || a.getTarget().isFieldAccessExpr() && a.getTarget().asFieldAccessExpr().getNameAsString().equals(field));
        if (sets.isEmpty()) return false;
        for (AssignExpr a : sets) {
            Node callable = a.findAncestor(CallableDeclaration.class).orElse(null);
            if (callable instanceof MethodDeclaration m && !m.getNameAsString().equals("init")) return false;
        }
        return true;
    }

    /** New fields and the {@code init()} that fills them (added, or appended to the existing one). */
    private static Object servletInit(JavaSource src, TypeDeclaration<?> type, List<Acquisition> acquisitions, List<TextEdit> edits) {
        String file = src.source().path();
        String eol = src.source().lineEnding();
        String indent = memberIndent(src, type);
        String unit = indent.isEmpty() ? "    " : indent;
        List<TextEdit> out = new ArrayList<>();
        StringBuilder fields = new StringBuilder();
        for (Acquisition a : acquisitions) {
            fields.append(indent).append("private ").append(a.type()).append(' ').append(a.field()).append(';').append(eol);
        }
        Optional<MethodDeclaration> init = type.getMethods().stream()
                .filter(m -> m.getNameAsString().equals("init") && m.getParameters().size() <= 1 && m.getBody().isPresent()).findFirst();
        String bodyIndent = indent + unit;
        String block = tryBlock(acquisitions, bodyIndent, unit, eol);
        if (init.isPresent()) {
            BlockStmt body = init.get().getBody().orElseThrow();
            if (!body.getStatements().isEmpty()) {
                Statement last = body.getStatements().getLast().orElseThrow();
                if (last instanceof ReturnStmt || last instanceof ThrowStmt) return "init() ends with a return or throw";
                bodyIndent = src.source().indentationAt(src.begin(body.getStatement(0)));
                block = tryBlock(acquisitions, bodyIndent, bodyIndent.length() > indent.length() ? bodyIndent.substring(indent.length()) : unit, eol);
            }
            int close = src.end(body) - 1;
            if (!src.startsLine(close)) return "init()'s closing brace shares its line with code";
            out.add(TextEdit.insert(file, src.source().lineStart(close), block));
            if (init.get().getThrownExceptions().stream().noneMatch(t -> simpleName(t.asString()).equals("ServletException"))) {
                return "init() does not declare ServletException";
            }
            out.add(TextEdit.insert(file, fieldInsertion(src, type), fields.toString()));
            return out;
        }
        StringBuilder method = new StringBuilder(eol);
        method.append(indent).append("/** Homes and stateless stubs stay valid for the servlet's life: acquired once, not per request. */").append(eol);
        method.append(indent).append("public void init() throws ServletException {").append(eol);
        method.append(block);
        method.append(indent).append('}').append(eol);
        out.add(TextEdit.insert(file, fieldInsertion(src, type), fields + (type.getFields().isEmpty() ? eol : "")));
        Optional<MethodDeclaration> first = type.getMethods().stream().findFirst();
        int at = first.map(m -> src.source().lineStart(src.begin(m.getComment().isPresent() ? m.getComment().get() : m)))
                .orElse(src.source().lineStart(src.end(type) - 1));
        // Before the first method, after a blank line, so init() reads first as the servlet runs it first.
        out.add(TextEdit.insert(file, at, method.substring(eol.length()) + eol));
        return out;
    }

    private static String tryBlock(List<Acquisition> acquisitions, String indent, String unit, String eol) {
        String in = indent + unit;
        StringBuilder b = new StringBuilder();
        b.append(indent).append("try {").append(eol);
        if (acquisitions.stream().anyMatch(a -> !a.create())) b.append(in).append("InitialContext context = new InitialContext();").append(eol);
        Set<String> thrown = new LinkedHashSet<>();
        for (Acquisition a : acquisitions.stream().sorted(Comparator.comparing(Acquisition::create)).toList()) {
            if (!a.comment().isEmpty()) b.append(in).append(a.comment()).append(eol);
            b.append(in).append(a.field()).append(" = ").append(a.expression()).append(';').append(eol);
            thrown.addAll(a.exceptions());
        }
        String what;
        for (String ex : List.of("NamingException", "CreateException", "RemoteException")) {
            if (!thrown.contains(ex)) continue;
            String verb = ex.equals("NamingException") ? "look up" : "create";
            if (!ex.equals("NamingException")) what = String.join(", ", acquisitions.stream().filter(Acquisition::create).map(Acquisition::type).toList()) + " bean";
            else what = String.join(", ", acquisitions.stream().filter(a -> !a.create()).map(Acquisition::type).toList());
            b.append(indent).append("} catch (").append(ex).append(" e) {").append(eol);
            b.append(in).append("throw new UnavailableException(\"Cannot ").append(verb).append(' ').append(what).append(": \" + e.getMessage());").append(eol);
        }
        return b.append(indent).append('}').append(eol).toString();
    }

    /** Static fields and their synchronized lazy accessors, after the method. */
    private static Object staticAccessors(JavaSource src, MethodDeclaration method, List<Acquisition> acquisitions) {
        String file = src.source().path();
        String eol = src.source().lineEnding();
        TypeDeclaration<?> type = (TypeDeclaration<?>) method.getParentNode().orElseThrow();
        String indent = src.source().indentationAt(src.begin(method));
        String unit = indent.isEmpty() ? "    " : indent;
        StringBuilder fields = new StringBuilder();
        StringBuilder methods = new StringBuilder();
        for (Acquisition a : acquisitions) {
            fields.append(indent).append("/** Looked up once: a home stays valid for the life of the server and may be shared. */").append(eol);
            fields.append(indent).append("private static ").append(a.type()).append(' ').append(a.field()).append(';').append(eol);
            methods.append(eol);
            methods.append(indent).append("private static synchronized ").append(a.type()).append(' ').append(accessorName(a))
                    .append("() throws NamingException {").append(eol);
            methods.append(indent).append(unit).append("if (").append(a.field()).append(" == null) {").append(eol);
            methods.append(indent).append(unit).append(unit).append("InitialContext context = new InitialContext();").append(eol);
            if (!a.comment().isEmpty()) methods.append(indent).append(unit).append(unit).append(a.comment()).append(eol);
            methods.append(indent).append(unit).append(unit).append(a.field()).append(" = ").append(a.expression()).append(';').append(eol);
            methods.append(indent).append(unit).append('}').append(eol);
            methods.append(indent).append(unit).append("return ").append(a.field()).append(';').append(eol);
            methods.append(indent).append('}').append(eol);
        }
        int afterMethod = src.end(method);
        int lineEnd = src.source().text().indexOf('\n', afterMethod);
        int at = lineEnd < 0 ? src.source().text().length() : lineEnd + 1;
        if (!src.source().text().substring(afterMethod, lineEnd < 0 ? at : lineEnd).isBlank()) return "the method's closing brace shares its line with code";
        return List.of(TextEdit.insert(file, fieldInsertion(src, type), fields + (type.getFields().isEmpty() ? eol : "")),
                TextEdit.insert(file, at, methods.toString()));
    }

    /** After the last field, else at the start of the body (after the opening brace's line). */
    private static int fieldInsertion(JavaSource src, TypeDeclaration<?> type) {
        List<FieldDeclaration> fields = type.getFields();
        String t = src.source().text();
        if (!fields.isEmpty()) {
            int end = src.end(fields.get(fields.size() - 1));
            int nl = t.indexOf('\n', end);
            return nl < 0 ? t.length() : nl + 1;
        }
        int open = t.indexOf('{', src.begin(type.getName()));
        int nl = t.indexOf('\n', open);
        int next = nl < 0 ? t.length() : nl + 1;
        // Keep a blank line after the class header when there is one.
        int after = t.indexOf('\n', next);
        return after >= 0 && t.substring(next, after).isBlank() ? after + 1 : next;
    }

    private static String memberIndent(JavaSource src, TypeDeclaration<?> type) {
        if (!type.getMembers().isEmpty()) return src.source().indentationAt(src.begin(type.getMember(0)));
        return "    ";
    }

    /** Whether code left in the try block may still throw {@code caught}. */
    private static boolean stillThrown(BlockStmt block, Set<Node> removed, String caught, TypeDeclaration<?> type,
                                       Set<String> fromAccessors) {
        if (fromAccessors.contains(caught)) return true;
        for (Node n : block.findAll(Node.class)) {
            if (removed.stream().anyMatch(s -> s == n || s.isAncestorOf(n))) continue;
            if (n instanceof ObjectCreationExpr oc && caught.equals("NamingException") && oc.getType().getNameAsString().endsWith("Context")) return true;
            if (!(n instanceof MethodCallExpr m)) continue;
            if (caught.equals("NamingException") && m.getScope().isPresent() && NAMING_CALLS.contains(m.getNameAsString())) return true;
            if (caught.equals("CreateException") && m.getNameAsString().startsWith("create")) return true;
            if (m.getScope().isEmpty() || m.getScope().get().isThisExpr()) {
                for (MethodDeclaration d : type.getMethodsByName(m.getNameAsString())) {
                    for (ReferenceType t : d.getThrownExceptions()) {
                        String s = simpleName(t.asString());
                        if (s.equals(caught) || s.equals("Exception") || s.equals("Throwable")) return true;
                    }
                }
            }
        }
        return false;
    }

    /** The try statement replaced by its block's statements, one level out, with the edits inside applied. */
    private static Object unwrap(JavaSource src, TryStmt t, List<TextEdit> edits) {
        String text = src.source().text();
        BlockStmt body = t.getTryBlock();
        int begin = src.begin(t);
        if (!src.startsLine(begin)) return "the try statement shares its line with code";
        int open = src.begin(body);
        int innerStart = text.indexOf('\n', open) + 1;
        int close = src.end(t) - 1;
        if (innerStart <= 0 || !text.substring(open + 1, innerStart).isBlank() || !src.startsLine(src.end(body) - 1)) {
            return "the try block's braces share lines with code";
        }
        int innerEnd = src.source().lineStart(src.end(body) - 1);
        String outer = src.source().indentationAt(begin);
        List<TextEdit> inside = edits.stream().filter(e -> e.start() >= begin && e.end() <= close + 1)
                .sorted(Comparator.comparingInt(TextEdit::start)).toList();
        StringBuilder inner = new StringBuilder();
        int pos = innerStart;
        for (TextEdit e : inside) {
            if (e.start() < innerStart || e.end() > innerEnd) return "an edit touches the try statement's own lines";
            inner.append(text, pos, e.start()).append(e.replacement());
            pos = e.end();
        }
        inner.append(text, pos, innerEnd);
        String unit = null;
        StringBuilder out = new StringBuilder();
        for (String line : inner.toString().split("(?<=\n)")) {
            if (line.isBlank()) {
                out.append(line);
                continue;
            }
            String lead = line.substring(0, line.length() - line.stripLeading().length());
            if (unit == null) {
                if (!lead.startsWith(outer) || lead.length() == outer.length()) return "the try block is not indented";
                unit = lead.substring(outer.length());
            }
            if (!lead.startsWith(outer + unit)) return "the try block's indentation is uneven";
            out.append(line.substring(unit.length()));
        }
        int lineEnd = text.indexOf('\n', close);
        int end = lineEnd < 0 ? text.length() : lineEnd + 1;
        if (!text.substring(close + 1, lineEnd < 0 ? end : lineEnd).isBlank()) return "code follows the try statement on its line";
        return new TextEdit(src.source().path(), src.source().lineStart(begin), end, out.toString());
    }

    /** The statement's whole lines, removed; or why it cannot be (a String). */
    private static Object wholeLines(JavaSource src, Statement s) {
        String text = src.source().text();
        int begin = src.begin(s);
        int end = src.end(s);
        if (!src.startsLine(begin)) return "the statement shares its line with code";
        int lineEnd = text.indexOf('\n', end);
        if (!text.substring(end, lineEnd < 0 ? text.length() : lineEnd).isBlank()) return "the statement shares its line with code";
        int from = src.source().lineStart(begin);
        // A comment line directly above a removed declaration describes it: it goes too.
        if (s.getComment().isPresent()) from = src.source().lineStart(src.begin(s.getComment().get()));
        return new TextEdit(src.source().path(), from, lineEnd < 0 ? text.length() : lineEnd + 1, "");
    }

    /** A one-line comment on the statement (it moves with the acquisition), else empty. */
    private static String commentOf(JavaSource src, Statement s) {
        return s.getComment().filter(c -> c.isLineComment()).map(src::text).orElse("");
    }

    private static int nextLine(JavaSource src, int offset) {
        int nl = src.source().text().indexOf('\n', offset);
        return nl < 0 ? src.source().text().length() : nl + 1;
    }

    /** The statement declaring just this variable, or null. */
    private static Statement statementOf(VariableDeclarator v) {
        if (!(v.getParentNode().orElse(null) instanceof VariableDeclarationExpr d) || d.getVariables().size() != 1) return null;
        if (!(d.getParentNode().orElse(null) instanceof ExpressionStmt s) || !(s.getParentNode().orElse(null) instanceof BlockStmt)) return null;
        return s;
    }

    private static String accessorName(Acquisition a) {
        return "lookUp" + Character.toUpperCase(a.field().charAt(0)) + a.field().substring(1);
    }

    private static String qualifiedException(String simple) {
        return switch (simple) {
            case "NamingException" -> "javax.naming.NamingException";
            case "CreateException" -> "javax.ejb.CreateException";
            default -> "java.rmi.RemoteException";
        };
    }

    private static String simpleName(String type) {
        String t = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
        return t.substring(t.lastIndexOf('.') + 1);
    }

    private static String decapitalize(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
