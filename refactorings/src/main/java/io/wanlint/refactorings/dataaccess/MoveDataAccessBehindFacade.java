package io.wanlint.refactorings.dataaccess;

import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.dataaccess.DataAccessBlock.Extracted;
import io.wanlint.refactorings.dataaccess.DataAccessBlock.Variable;
import io.wanlint.refactorings.facade.ClientAccess;
import io.wanlint.refactorings.facade.FacadeDesign;
import io.wanlint.refactorings.facade.FacadeScaffold;
import io.wanlint.refactorings.facade.Scaffold;
import io.wanlint.refactorings.text.JavaSource;
import io.wanlint.refactorings.text.XmlOutline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * WAN003: the JDBC/JPA code of a web-tier method moves into a data-access class called by a new
 * stateless session façade at the database's site; the web code calls the façade once (through the
 * cached stub or injected reference {@link FacadeScaffold} provides). The whole body moves when it
 * touches no web object; otherwise the contiguous run of statements holding the data access, when it
 * uses no request, response, writer or session (see {@link DataAccessBlock}). Rendering interleaved
 * with the queries gets no patch, with the line that prevents it.
 */
public final class MoveDataAccessBehindFacade implements Refactoring {
    public static final String RULE_ID = "WAN003";

    /** Servlet-style methods whose name says nothing about the use case: the façade is named after the class. */
    private static final Set<String> HANDLER_METHODS = Set.of("doGet", "doPost", "doPut", "doDelete", "service", "execute",
            "perform", "process", "handle", "doFilter", "_jspService");

    /** Suffixes of web-tier class names that say nothing about the use case. */
    private static final List<String> CLASS_SUFFIXES = List.of("WebImpl", "Servlet", "Impl", "Direct", "Helper", "Action", "Web",
            "Resource", "Controller", "Handler");

    private static final java.util.regex.Pattern IDENTIFIER = java.util.regex.Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    @Override public Fixes fixes() { return Fixes.of(RULE_ID, FindingSubject.Method.class); }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        var loc = finding.location();
        if (loc.method() == null || loc.className() == null) return PlanOutcome.declined("the finding names no method");
        Optional<SourceText> text = context.read(loc.file());
        Optional<JavaSource> parsed = text.flatMap(JavaSource::parse);
        if (parsed.isEmpty()) return PlanOutcome.declined(loc.file() + " cannot be read or parsed");
        JavaSource src = parsed.get();
        String simple = loc.className().substring(Math.max(loc.className().lastIndexOf('.'), loc.className().lastIndexOf('$')) + 1);
        Optional<TypeDeclaration<?>> type = src.type(simple);
        if (type.isEmpty()) return PlanOutcome.declined("no class " + simple + " in " + loc.file());

        Set<Integer> dataLines = new TreeSet<>();
        for (CallEdge e : context.analysis().callGraph().edges()) {
            if ((e.kind() == EdgeKind.JDBC || e.kind() == EdgeKind.JPA) && e.from().className().equals(loc.className())
                    && e.from().name().equals(loc.method())) {
                dataLines.add(e.line());
            }
        }
        if (dataLines.isEmpty()) dataLines.add(loc.line());
        Optional<MethodDeclaration> method = type.get().getMethodsByName(loc.method()).stream()
                .filter(m -> m.getRange().map(r -> dataLines.stream().anyMatch(l -> r.begin.line <= l && l <= r.end.line)).orElse(false))
                .findFirst();
        if (method.isEmpty()) return PlanOutcome.declined("no method " + loc.method() + " around line " + loc.line() + " of " + loc.file());
        // Only the data access in this very method moves: the calls of an overload elsewhere are its own finding.
        dataLines.removeIf(l -> method.get().getRange().map(r -> l < r.begin.line || l > r.end.line).orElse(true));

        DataAccessBlock.Outcome outcome = DataAccessBlock.of(src, type.get(), method.get(), dataLines);
        if (outcome instanceof DataAccessBlock.Outcome.NotMovable n) return PlanOutcome.declined(n.why());
        Extracted block = ((DataAccessBlock.Outcome.Movable) outcome).block();
        Optional<String> bound = boundToTheCaller(src, block, simple + "." + loc.method());
        if (bound.isPresent()) return PlanOutcome.declined(bound.get());

        Names names = names(src, simple, loc.method(), loc.file());
        FacadeDesign.FacadeMethod facadeMethod = facadeMethod(block, names, loc.method());
        List<FacadeDesign.TransferObject> tos = block.outputs().size() > 1
                ? List.of(new FacadeDesign.TransferObject(names.data(), block.outputs().stream()
                        .map(v -> new FacadeDesign.Parameter(v.type(), v.name())).toList(), Set.of()))
                : List.of();
        Set<String> env = new LinkedHashSet<>(block.envNames());
        Optional<Component> client = context.model().byClass(loc.className());
        List<Component> refOwners = client.map(List::of).orElseGet(() -> context.model().components().stream()
                .filter(c -> c.kind().isWeb()).toList());
        for (Component c : refOwners) for (ResourceReference r : c.resourceRefs()) if (r.name() != null) env.add(r.name());
        if (!client.map(c -> c.kind().isEjb()).orElse(false)) env.addAll(webResourceRefs(context));
        FacadeDesign design = new FacadeDesign(names.pkg(), names.facade(), names.sourceRoot(), List.of(facadeMethod), tos,
                block.members(), env, Optional.of(names.dao()));
        FacadeScaffold.Result result = FacadeScaffold.plan(design, loc.className(), loc.file(), context,
                block.ownTransaction() ? TransactionAttribute.NOT_SUPPORTED : TransactionAttribute.REQUIRED, method.get().isStatic());
        if (result instanceof FacadeScaffold.Result.Declined d) return PlanOutcome.declined(d.why());
        Scaffold scaffold = ((FacadeScaffold.Result.Planned) result).scaffold();

        List<FileChange> changes = new ArrayList<>(scaffold.changes());
        changes.add(clientEdit(src, type.get(), method.get(), block, scaffold.access(), design, facadeMethod));
        String what = block.whole() ? simple + "." + loc.method() : "the data access of " + simple + "." + loc.method();
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), RULE_ID,
                "Move " + what + " into " + names.dao() + " behind the stateless session façade " + names.facade(),
                changes, finding.before(), finding.after()));
    }

    /**
     * Why the moved code cannot run at the database's site when a JDBC or JPA resource would cross
     * the façade's boundary: a connection, statement, result set or entity manager is not
     * serializable and belongs to the transaction of the side that opened it, so a façade method
     * can neither take one from the web tier nor hand one back.
     */
    static Optional<String> boundToTheCaller(JavaSource src, Extracted block, String where) {
        for (Variable v : block.inputs()) {
            if (isResourceType(src, v.type())) {
                return Optional.of(where + " works on the " + simpleName(v.type()) + " " + v.name() + " its caller opened: a "
                        + RESOURCES_IN_WORDS + " cannot be sent to a façade at the database's site; move the code that opens "
                        + v.name() + " and everything that uses it instead");
            }
        }
        List<Variable> results = block.whole() ? List.of(new Variable(block.returnType(), "")) : block.outputs();
        for (Variable v : results) {
            if (isResourceType(src, v.type())) {
                return Optional.of(where + " hands " + (v.name().isEmpty() ? "its " + simpleName(v.type()) : "the " + simpleName(v.type())
                        + " " + v.name()) + " back to the web tier: a " + RESOURCES_IN_WORDS
                        + " cannot come back from a façade at the database's site; move the code that uses it as well");
            }
        }
        return Optional.empty();
    }

    private static final String RESOURCES_IN_WORDS = "JDBC connection, statement or result set (or JPA entity manager)";

    /** JDBC and JPA types that hold a connection or a persistence context, by package (the façade's own list). */
    private static final java.util.Map<String, Set<String>> RESOURCE_TYPES = io.wanlint.refactorings.facade.ResourceTypes.JDBC_AND_JPA;

    /** Whether a type as written in {@code src} is one of {@link #RESOURCE_TYPES} (its simple name resolved by the imports). */
    private static boolean isResourceType(JavaSource src, String written) {
        String t = written.replaceAll("<.*>", "").replace("[]", "").replace("...", "").trim();
        if (t.contains(".")) {
            String pkg = t.substring(0, t.lastIndexOf('.'));
            return RESOURCE_TYPES.getOrDefault(pkg, Set.of()).contains(simpleName(t));
        }
        for (var i : src.unit().getImports()) {
            if (i.isStatic()) continue;
            String name = i.getNameAsString();
            String pkg = i.isAsterisk() ? name : name.substring(0, Math.max(name.lastIndexOf('.'), 0));
            if (!i.isAsterisk() && !name.endsWith("." + t)) continue;
            if (RESOURCE_TYPES.getOrDefault(pkg, Set.of()).contains(t)) return true;
        }
        return false;
    }

    /**
     * The resource references the web descriptors declare for the whole web application: the moved
     * code may look any of them up (often through a constant of another class), so the façade's
     * entry declares them too.
     */
    private static Set<String> webResourceRefs(RefactoringContext context) {
        Set<String> files = new TreeSet<>();
        for (Component c : context.model().components()) {
            if (!c.kind().isWeb()) continue;
            c.declaredIn().stream().map(l -> l.file()).filter(f -> f.toLowerCase(java.util.Locale.ROOT).endsWith(".xml")).forEach(files::add);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String f : files) {
            Optional<XmlOutline.Element> root = context.read(f).flatMap(t -> XmlOutline.parse(t.text()));
            if (root.isEmpty() || !root.get().name().equals("web-app")) continue;
            for (XmlOutline.Element r : root.get().children("resource-ref")) r.childText("res-ref-name").ifPresent(out::add);
            for (XmlOutline.Element r : root.get().children("resource-env-ref")) r.childText("resource-env-ref-name").ifPresent(out::add);
        }
        return out;
    }

    /** Names of the new classes: after the use case ({@code CatalogItemsInCategory}, {@code Report}), in a sibling {@code facade} package. */
    record Names(String pkg, String facade, String dao, String data, String sourceRoot) {}

    static Names names(JavaSource src, String simpleClass, String method, String file) {
        String base = simpleClass;
        for (String suffix : CLASS_SUFFIXES) {
            if (base.endsWith(suffix) && base.length() > suffix.length()) {
                base = base.substring(0, base.length() - suffix.length());
                break;
            }
        }
        if (!HANDLER_METHODS.contains(method)) {
            String m = method.startsWith("get") && method.length() > 3 && Character.isUpperCase(method.charAt(3)) ? method.substring(3) : method;
            base = base + Character.toUpperCase(m.charAt(0)) + m.substring(1);
        }
        String clientPkg = src.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        String pkg = clientPkg.contains(".") ? clientPkg.substring(0, clientPkg.lastIndexOf('.')) + ".facade"
                : clientPkg.isEmpty() ? "facade" : clientPkg + ".facade";
        String pkgPath = clientPkg.isEmpty() ? "" : clientPkg.replace('.', '/') + "/";
        String dir = file.contains("/") ? file.substring(0, file.lastIndexOf('/') + 1) : "";
        String root = dir.endsWith(pkgPath) ? dir.substring(0, dir.length() - pkgPath.length()) : dir;
        if (root.endsWith("/")) root = root.substring(0, root.length() - 1);
        return new Names(pkg, base + "Facade", base + "Dao", base + "Data", root);
    }

    private static FacadeDesign.FacadeMethod facadeMethod(Extracted block, Names names, String methodName) {
        List<FacadeDesign.Parameter> params = block.inputs().stream().map(v -> new FacadeDesign.Parameter(v.type(), v.name())).toList();
        String returnType;
        String body = block.movedText();
        if (block.whole()) {
            returnType = block.returnType();
        } else {
            List<Variable> out = block.outputs();
            returnType = out.isEmpty() ? "void" : out.size() == 1 ? out.get(0).type() : names.data();
            String ret = out.isEmpty() ? "" : out.size() == 1 ? "return " + out.get(0).name() + ";"
                    : "return new " + names.data() + "(" + out.stream().map(Variable::name).collect(Collectors.joining(", ")) + ");";
            if (!ret.isEmpty()) body = body + "\n" + block.indent() + ret;
        }
        String name = HANDLER_METHODS.contains(methodName) ? lowerFirst(names.facade().replaceFirst("Facade$", "")) : methodName;
        return new FacadeDesign.FacadeMethod(name, returnType, params, block.exceptions(), body, Set.of());
    }

    /** The client: the moved code replaced by one façade call, the access members added, the imports they need. */
    private static FileChange.Edit clientEdit(JavaSource src, TypeDeclaration<?> type, MethodDeclaration method, Extracted block,
                                              ClientAccess access, FacadeDesign design, FacadeDesign.FacadeMethod fm) {
        SourceText source = src.source();
        String eol = source.lineEnding();
        String file = source.path();
        List<TextEdit> edits = new ArrayList<>();
        Set<String> imports = new TreeSet<>(access.imports());
        String call = access.facade() + "." + fm.name() + "(" + fm.parameters().stream().map(FacadeDesign.Parameter::name)
                .collect(Collectors.joining(", ")) + ")";
        boolean wrapRemote = !access.callThrows().isEmpty() && method.getThrownExceptions().stream().map(t -> simpleName(t.asString()))
                .noneMatch(t -> t.equals("RemoteException") || t.equals("IOException") || t.equals("Exception") || t.equals("Throwable"));
        String ejbException = access.imports().stream().filter(i -> i.endsWith(".EJBException")).findFirst().orElse("javax.ejb.EJBException");
        if (wrapRemote) {
            imports.add("java.rmi.RemoteException");
            imports.add(ejbException);
        }
        String remoteCatch = wrapRemote ? " catch (RemoteException e) {\n    throw new EJBException(e);\n}" : "";

        String indent = block.indent();
        String unit = indent.isEmpty() ? "    " : unitOf(source, type);
        StringBuilder b = new StringBuilder();
        if (block.whole()) {
            String statement = fm.returnType().equals("void") ? call + ";" : "return " + call + ";";
            String inner = indentOf(source, method) + unit;
            if (wrapRemote) {
                b.append(eol).append(inner).append("try {").append(eol).append(inner).append(unit).append(statement).append(eol)
                        .append(inner).append("}").append(remoteCatch.replace("\n    ", eol + inner + unit).replace("\n}", eol + inner + "}"));
            } else {
                b.append(eol).append(inner).append(statement);
            }
            b.append(eol).append(indentOf(source, method));
            edits.add(new TextEdit(file, block.start() + 1, block.end() - 1, b.toString()));
        } else {
            List<Variable> out = block.outputs();
            String resultType = fm.returnType();
            String resultVar = out.size() == 1 ? out.get(0).name() : lowerFirst(resultType);
            boolean wrapped = !block.liftedCatches().isEmpty() || wrapRemote;
            List<String> lines = new ArrayList<>();
            String assign = out.isEmpty() ? call + ";" : (wrapped ? resultVar + " = " : resultType + " " + resultVar + " = ") + call + ";";
            if (wrapped) {
                if (!out.isEmpty()) lines.add(resultType + " " + resultVar + ";");
                lines.add("try {");
                lines.add(unit + assign);
                StringBuilder close = new StringBuilder("}");
                for (String c : block.liftedCatches()) close.append(' ').append(c.replace("\r", ""));
                if (wrapRemote) close.append(remoteCatch.replace("\n    ", "\n" + indent + unit).replace("\n}", "\n" + indent + "}"));
                lines.add(close.toString());
            } else {
                lines.add(assign);
            }
            if (out.size() > 1) {
                imports.add(design.qualified(resultType));
                for (Variable v : out) lines.add(v.type() + " " + v.name() + " = " + resultVar + "." + getter(v) + "();");
            }
            b.append(String.join("\n" + indent, lines));
            edits.add(new TextEdit(file, block.start(), block.end(), b.toString().replace("\n", eol)));
        }

        // What the patch adds to the client (the access members and their imports) uses some names the
        // moved code used too (InitialContext, NamingException): their imports are not leftovers.
        Set<String> added = identifiers(String.join("\n", access.members()));
        imports.forEach(i -> added.add(simpleName(i)));
        List<TextEdit> removed = leftovers(src, type, block, edits, added);
        edits.addAll(removed);

        // The access field after the class's last remaining field (else first in the body), its accessor at the end.
        String memberIndent = indentOf(source, type) + unitOf(source, type);
        int closing = src.end(type) - 1;
        StringBuilder fields = new StringBuilder();
        StringBuilder methods = new StringBuilder();
        for (String m : access.members()) {
            boolean field = !m.contains("(") || m.strip().startsWith("@") && m.strip().endsWith(";") && !m.contains("{");
            StringBuilder to = field ? fields : methods;
            if (!field || to.length() == 0) to.append(eol);
            for (String line : m.stripTrailing().split("\n", -1)) to.append(line.isEmpty() ? "" : memberIndent + line).append(eol);
        }
        var kept = type.getFields().stream().filter(f -> removed.stream().noneMatch(r -> r.start() <= src.begin(f) && src.begin(f) < r.end())).toList();
        var lastField = kept.isEmpty() ? null : kept.get(kept.size() - 1);
        if (fields.length() > 0) {
            if (lastField != null) {
                int after = src.end(lastField);
                int next = source.text().indexOf('\n', after);
                int at = next < 0 ? after : next + 1;
                edits.add(TextEdit.insert(file, at, fields.toString()));
            } else {
                methods.insert(0, fields);
            }
        }
        int at = source.lineStart(closing);
        boolean braceOnOwnLine = source.text().substring(at, closing).isBlank();
        if (methods.length() > 0) {
            edits.add(TextEdit.insert(file, braceOnOwnLine ? at : closing, braceOnOwnLine ? methods.toString() : methods + indentOf(source, type)));
        }
        String clientPkg = src.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        for (String i : imports) {
            if (i.substring(0, i.lastIndexOf('.')).equals(clientPkg)) continue;
            src.importFor(i).ifPresent(edits::add);
        }
        return new FileChange.Edit(file, edits);
    }

    /**
     * What the move left unused in the client: the injected fields that now live in the bean, and
     * the imports only the moved code used. Only what the moved code used is considered, so a
     * file's own unused imports stay, and two moves from one class never remove the same line. An
     * import of a name in {@code addedNames} (what the patch's own members and imports use) stays:
     * the façade accessor needs {@code InitialContext} as much as the moved lookup did, and a new
     * import placed before that line must not meet its removal.
     */
    private static List<TextEdit> leftovers(JavaSource src, TypeDeclaration<?> type, Extracted block, List<TextEdit> blockEdits,
                                            Set<String> addedNames) {
        String file = src.source().path();
        Set<String> usedAfter = usedIn(src, new FileChange.Edit(file, blockEdits).applyTo(src.source().text()));
        if (usedAfter == null) return List.of();
        String text = src.source().text();
        List<TextEdit> out = new ArrayList<>();
        Set<String> movedIdentifiers = identifiers(text.substring(block.start(), block.end()) + String.join("\n", block.members()));
        for (var field : type.getFields()) {
            if (field.getAnnotations().isEmpty() || !block.members().contains(src.text(field))) continue;
            if (field.getVariables().stream().anyMatch(v -> usedAfter.contains(v.getNameAsString()))) continue;
            int from = src.source().lineStart(src.begin(field));
            int nl = text.indexOf('\n', src.end(field));
            int to = nl < 0 ? text.length() : nl + 1;
            // Take a blank line along when the field stood between blank lines.
            if (from > 0 && text.substring(src.source().lineStart(from - 1), from).isBlank()) {
                int next = text.indexOf('\n', to);
                if (next >= 0 && text.substring(to, next + 1).isBlank()) to = next + 1;
            }
            out.add(new TextEdit(file, from, to, ""));
        }
        List<TextEdit> all = new ArrayList<>(blockEdits);
        all.addAll(out);
        String patched = new FileChange.Edit(file, all).applyTo(text);
        Set<String> usedAtLast = usedIn(src, patched);
        if (usedAtLast == null) return out;
        for (var i : src.unit().getImports()) {
            if (i.isAsterisk() || i.isStatic()) continue;
            String simple = i.getName().getIdentifier();
            boolean fromRemovedField = out.stream().anyMatch(r -> text.substring(r.start(), r.end()).contains(simple));
            if (!movedIdentifiers.contains(simple) && !fromRemovedField || usedAtLast.contains(simple) || addedNames.contains(simple)) continue;
            if (patched.contains("{@link " + simple) || patched.contains("@see " + simple)) continue;
            int from = src.source().lineStart(src.begin(i));
            int nl = text.indexOf('\n', src.end(i) - 1);
            out.add(new TextEdit(file, from, nl < 0 ? text.length() : nl + 1, ""));
        }
        return out;
    }

    /** Every Java identifier-like word of a text (a word in a literal or comment too: only ever keeps an import). */
    private static Set<String> identifiers(String javaText) {
        Set<String> out = new java.util.HashSet<>();
        java.util.regex.Matcher words = IDENTIFIER.matcher(javaText);
        while (words.find()) out.add(words.group());
        return out;
    }

    /** The names a Java text's types use (null when it does not parse). */
    private static Set<String> usedIn(JavaSource src, String patched) {
        Optional<JavaSource> after = JavaSource.parse(new SourceText(src.source().path(), patched, src.source().charset(), false));
        if (after.isEmpty()) return null;
        Set<String> usedAfter = new java.util.HashSet<>();
        after.get().unit().getTypes().forEach(t -> {
            t.findAll(com.github.javaparser.ast.expr.NameExpr.class).forEach(n -> usedAfter.add(n.getNameAsString()));
            t.findAll(com.github.javaparser.ast.expr.FieldAccessExpr.class).forEach(n -> usedAfter.add(n.getNameAsString()));
            t.findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class).forEach(n -> usedAfter.add(n.getNameAsString()));
            t.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class).forEach(n -> usedAfter.add(n.getNameAsString()));
            t.findAll(com.github.javaparser.ast.expr.AnnotationExpr.class).forEach(n -> usedAfter.add(n.getNameAsString()));
        });
        return usedAfter;
    }

    private static String getter(Variable v) {
        return (v.type().equals("boolean") ? "is" : "get") + Character.toUpperCase(v.name().charAt(0)) + v.name().substring(1);
    }

    private static String indentOf(SourceText source, com.github.javaparser.ast.Node n) {
        return source.indentationAt(n.getBegin().map(p -> source.text().length() == 0 ? 0 : lineOffset(source, p.line)).orElse(0));
    }

    private static int lineOffset(SourceText source, int line) {
        int at = 0;
        for (int l = 1; l < line && at >= 0; l++) at = source.text().indexOf('\n', at) + 1;
        return Math.max(at, 0);
    }

    /** One indentation step of the class: its first member's indentation minus its own, else four spaces. */
    private static String unitOf(SourceText source, TypeDeclaration<?> type) {
        String outer = indentOf(source, type);
        if (!type.getMembers().isEmpty()) {
            String inner = indentOf(source, type.getMember(0));
            if (inner.length() > outer.length() && inner.startsWith(outer)) return inner.substring(outer.length());
        }
        return "    ";
    }

    private static String simpleName(String t) { return t.substring(t.lastIndexOf('.') + 1); }

    private static String lowerFirst(String s) { return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1); }
}
