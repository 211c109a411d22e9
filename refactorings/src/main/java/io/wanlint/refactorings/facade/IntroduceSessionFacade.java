package io.wanlint.refactorings.facade;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.api.Fixes;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.SessionFacadeFix;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.Refactoring;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * WAN001, WAN002 (use-case and remote-client findings) and WAN007 (a finder and per-element entity
 * calls, read in bulk as rows): the client method's conversation with
 * the beans moves into a new stateless session façade next to them, which returns a serializable
 * transfer object; the client makes one façade call per request through a stub it caches, and keeps
 * writing its page from the transfer object. The split is {@link UseCaseExtraction}'s, the façade's
 * files and descriptor entries are {@link FacadeScaffold}'s. Both rules' findings on one method plan
 * the same patch, so either can be applied (or both: the second is already included).
 */
public final class IntroduceSessionFacade implements Refactoring {
    private static final List<String> CLIENT_SUFFIXES = List.of("WebHelper", "Servlet", "Helper", "Action", "ControllerEJB",
            "EJB", "Bean", "Controller", "Impl");
    /** Leading words that already make a use case a verb phrase ({@code viewItem}); others get {@code get}. */
    private static final Set<String> VERBS = Set.of("view", "browse", "search", "store", "put", "buy", "register", "sell",
            "place", "update", "create", "delete", "remove", "add", "find", "list", "show", "get", "submit", "verify",
            "sign", "about", "check", "save", "load", "send");

    private static final Pattern LITERALS_AND_COMMENTS =
            Pattern.compile("\"(?:\\\\.|[^\"\\\\\\n])*\"|//[^\\n]*|/\\*(?s:.*?)\\*/");

    /** Components the edge topology keeps at the main site, with the entities. */
    private static final Set<ComponentKind> MAIN_SITE = Set.of(ComponentKind.STATELESS_SESSION, ComponentKind.SINGLETON_SESSION,
            ComponentKind.ENTITY_BMP, ComponentKind.ENTITY_CMP, ComponentKind.MESSAGE_DRIVEN);

    @Override public Fixes fixes() {
        return Fixes.of("WAN001", FindingSubject.Request.class)
                .and("WAN002", FindingSubject.UseCase.class, FindingSubject.RemoteClient.class)
                .and("WAN007", FindingSubject.CallSite.class);
    }

    @Override public PlanOutcome plan(Finding finding, RefactoringContext context) {
        FindingLocation at = finding.location();
        if (at.method() == null) return PlanOutcome.declined("the finding is not located in a method");
        String file = at.file();
        Optional<JavaSource> parsed = context.read(file).flatMap(JavaSource::parse);
        if (parsed.isEmpty()) return PlanOutcome.declined(file + " cannot be read or parsed");
        JavaSource client = parsed.get();
        String simpleClass = at.className().substring(at.className().lastIndexOf('.') + 1);
        Optional<ClassOrInterfaceDeclaration> type = client.unit().findAll(ClassOrInterfaceDeclaration.class).stream()
                .filter(t -> t.getNameAsString().equals(simpleClass)).findFirst();
        if (type.isEmpty()) return PlanOutcome.declined(file + " does not declare " + simpleClass);
        List<MethodDeclaration> candidates = type.get().getMethodsByName(at.method());
        Optional<MethodDeclaration> method = candidates.stream().filter(m -> contains(m, at.line())).findFirst()
                .or(() -> candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty());
        if (method.isEmpty()) return PlanOutcome.declined(file + ":" + at.line() + " is not inside " + simpleClass + "." + at.method());
        MethodDeclaration m = method.get();
        Optional<Component> clientComponent = context.component(RefactoringContext.ComponentBy.CLASS, at.className());
        if (clientComponent.map(c -> MAIN_SITE.contains(c.kind())).orElse(false)) {
            return PlanOutcome.declined(simpleClass + " is a " + clientComponent.get().kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + " bean, already next to the entities: a façade would not save a round trip (" + file + ":" + at.line() + ")");
        }

        List<CallEdge> sites = dataSites(context, at.className(), m);
        if (sites.isEmpty()) return PlanOutcome.declined("no cross-site EJB call or lookup is made in " + simpleClass + "." + at.method()
                + " itself (" + file + ":" + at.line() + ")");
        Set<Integer> lines = new TreeSet<>();
        sites.forEach(e -> lines.add(e.line()));
        boolean remote = sites.stream().anyMatch(e -> e.kind() == EdgeKind.REMOTE_EJB && throwsRemoteException(e, context));

        String clientPackage = client.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        String packagePath = clientPackage.isEmpty() ? "" : clientPackage.replace('.', '/') + "/";
        String folder = file.contains("/") ? file.substring(0, file.lastIndexOf('/') + 1) : "";
        if (!folder.endsWith(packagePath)) return PlanOutcome.declined(file + " is not in a folder matching its package " + clientPackage);
        String sourceRoot = folder.substring(0, folder.length() - packagePath.length());
        if (sourceRoot.endsWith("/")) sourceRoot = sourceRoot.substring(0, sourceRoot.length() - 1);

        String useCase = useCase(simpleClass, at.method());
        String facadeName = useCase + "Facade";
        String packageName = facadePackage(clientPackage, sites, context);
        String methodName = methodName(useCase, m);
        AppTypes types = appTypes(context);
        UseCaseExtraction.Result split = UseCaseExtraction.extract(client, m, lines, types,
                new UseCaseExtraction.Names(packageName, methodName, useCase + "Data"), remote);
        if (split instanceof UseCaseExtraction.Refused r) return PlanOutcome.declined(r.why());
        UseCaseExtraction.Extracted x = (UseCaseExtraction.Extracted) split;

        FacadeDesign design = new FacadeDesign(packageName, facadeName, sourceRoot, List.of(x.method()), x.transferObjects(),
                x.memberDeclarations(), x.envRefNames(), Optional.empty());
        FacadeScaffold.Result scaffolded = FacadeScaffold.plan(design, at.className(), file, context, TransactionAttribute.REQUIRED, m.isStatic());
        if (scaffolded instanceof FacadeScaffold.Result.Declined d) return PlanOutcome.declined(d.why());
        Scaffold scaffold = ((FacadeScaffold.Result.Planned) scaffolded).scaffold();
        ClientAccess access = scaffold.access();
        for (String thrown : access.callThrows()) {
            if (!handles(x.handled(), thrown)) {
                return PlanOutcome.declined(simpleClass + "." + at.method() + " neither catches nor declares "
                        + thrown.substring(thrown.lastIndexOf('.') + 1) + ", which the façade call throws (" + file + ":" + m.getBegin().get().line + ")");
            }
        }

        List<FileChange> changes = new ArrayList<>();
        changes.add(clientEdit(client, type.get(), x, access));
        changes.addAll(scaffold.changes());
        String title = "Introduce session façade " + facadeName + "." + methodName + " for " + simpleClass + "." + at.method();
        return PlanOutcome.of(new Patch(Fingerprints.of(finding), finding.ruleId(), title, changes, finding.before(), finding.after()));
    }

    private static boolean contains(Node n, int line) {
        return n.getBegin().isPresent() && n.getEnd().isPresent() && n.getBegin().get().line <= line && line <= n.getEnd().get().line;
    }

    /**
     * The client method's calls the façade takes over ({@link SessionFacadeFix}, the description the
     * rules' estimate of the finding's "after" uses too): EJB calls and lookups not cached once, except
     * calls to stateful session beans.
     */
    private static List<CallEdge> dataSites(RefactoringContext context, String className, MethodDeclaration m) {
        // Through the method's nodes (overloads included), not a scan of every edge or node per finding.
        List<CallEdge> made = new ArrayList<>();
        for (MethodRef ref : context.methodsOf(className)) {
            if (ref.name().equals(m.getNameAsString())) made.addAll(context.outgoing(ref));
        }
        List<CallEdge> inMethod = made.stream().filter(e -> contains(m, e.line())).toList();
        // The components the calls name, each read on its own (not the whole model).
        return SessionFacadeFix.of(inMethod, n -> context.component(RefactoringContext.ComponentBy.NAME, n))
                .map(SessionFacadeFix::takenOver).orElse(List.of());
    }

    private static boolean handles(Set<String> handled, String thrown) {
        String simple = thrown.substring(thrown.lastIndexOf('.') + 1);
        return handled.contains(simple) || handled.contains("Exception") || handled.contains("Throwable")
                || simple.equals("RemoteException") && handled.contains("IOException");
    }

    /** {@code ViewItem}, {@code Inventory} (InventoryWebHelper), {@code PlaceOrder} (ShoppingClientControllerEJB.placeOrder). */
    static String useCase(String simpleClass, String method) {
        for (String suffix : CLIENT_SUFFIXES) {
            if (simpleClass.endsWith(suffix) && simpleClass.length() > suffix.length()) {
                String base = simpleClass.substring(0, simpleClass.length() - suffix.length());
                // A session bean at the edge is a controller of many use cases: the method names this one.
                return suffix.endsWith("EJB") || suffix.equals("Bean") || suffix.equals("Controller") ? capitalize(method) : base;
            }
        }
        return simpleClass;
    }

    private static String methodName(String useCase, MethodDeclaration m) {
        String name = m.getNameAsString();
        if (!name.startsWith("do") || name.length() < 3 || !Character.isUpperCase(name.charAt(2))) return name;
        String first = useCase.split("(?=[A-Z])")[0].toLowerCase(Locale.ROOT);
        return VERBS.contains(first) ? UseCaseExtraction.decapitalize(useCase) : "get" + useCase;
    }

    /** Next to the beans' packages when client and beans share an application package, else under the client's. */
    private static String facadePackage(String clientPackage, List<CallEdge> sites, RefactoringContext context) {
        String common = null;
        for (CallEdge e : sites) {
            Optional<Component> target = Optional.ofNullable(e.targetComponent()).flatMap(n -> context.component(RefactoringContext.ComponentBy.NAME, n));
            if (target.isEmpty()) continue;
            String cls = target.get().className();
            String pkg = cls.contains(".") ? cls.substring(0, cls.lastIndexOf('.')) : "";
            common = common == null ? commonPrefix(clientPackage, pkg) : commonPrefix(common, pkg);
        }
        if (common != null && common.split("\\.").length >= 2 && !common.equals(clientPackage)) return common + ".facade";
        return clientPackage.isEmpty() ? "facade" : clientPackage + ".facade";
    }

    private static String commonPrefix(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(x.length, y.length) && x[i].equals(y[i]); i++) out.add(x[i]);
        return String.join(".", out);
    }

    private static AppTypes appTypes(RefactoringContext context) { return AppTypes.of(context); }

    // ---- the client's edit ----

    private static FileChange.Edit clientEdit(JavaSource client, ClassOrInterfaceDeclaration type, UseCaseExtraction.Extracted x,
                                              ClientAccess access) {
        SourceText src = client.source();
        String path = src.path();
        String eol = src.lineEnding();
        List<TextEdit> edits = new ArrayList<>();
        UseCaseExtraction.ClientRewrite rw = x.client();
        String replacement = rw.replacement(access.facade());
        edits.add(new TextEdit(path, rw.start(), rw.end(), replacement));

        // Members: fields before the first method or constructor, methods at the end of the class.
        String memberIndent = type.getMembers().isEmpty() ? "    " : src.indentationAt(client.begin(type.getMembers().get(0)));
        Optional<BodyDeclaration<?>> firstCallable = type.getMembers().stream().filter(b -> b instanceof CallableDeclaration<?>).findFirst();
        StringBuilder fields = new StringBuilder();
        StringBuilder methods = new StringBuilder();
        for (String member : access.members()) {
            String text = indent(member.strip(), memberIndent, eol);
            if (member.contains("(") && member.contains("{")) methods.append(eol).append(text).append(eol);
            else fields.append(text).append(eol).append(eol);
        }
        if (fields.length() > 0) {
            int at = firstCallable.map(c -> src.lineStart(commentOrBegin(client, c))).orElse(src.lineStart(client.end(type) - 1));
            edits.add(TextEdit.insert(path, at, fields.toString()));
        }
        if (methods.length() > 0) {
            int close = client.end(type) - 1;
            edits.add(TextEdit.insert(path, src.lineStart(close), methods.toString()));
        }

        // Imports the new code needs, and those only the moved code used.
        String after = new FileChange.Edit(path, edits).applyTo(src.text());
        Set<String> needed = new TreeSet<>(rw.imports());
        needed.addAll(access.imports());
        List<TextEdit> importEdits = new ArrayList<>();
        Set<String> planned = new LinkedHashSet<>();
        for (String q : needed) {
            if (q.endsWith(".*") || !q.contains(".") || samePackage(client, q) || !planned.add(q)) continue;
            client.importFor(q).ifPresent(importEdits::add);
        }
        // Names inside string literals and comments do not keep an import alive.
        String body = LITERALS_AND_COMMENTS.matcher(after.substring(Math.min(after.length(), importsEnd(client)))).replaceAll(" ");
        for (ImportDeclaration i : client.unit().getImports()) {
            if (i.isAsterisk() || i.isStatic()) continue;
            String simple = i.getName().getIdentifier();
            if (Pattern.compile("\\b" + Pattern.quote(simple) + "\\b").matcher(body).find()) continue;
            int start = src.lineStart(client.begin(i));
            int end = client.end(i);
            while (end < src.text().length() && src.text().charAt(end) != '\n') end++;
            importEdits.add(new TextEdit(path, start, Math.min(end + 1, src.text().length()), ""));
        }
        edits.addAll(importEdits);
        return new FileChange.Edit(path, edits);
    }

    private static int commentOrBegin(JavaSource client, Node n) {
        return n.getComment().map(client::begin).orElse(client.begin(n));
    }

    private static int importsEnd(JavaSource client) {
        List<ImportDeclaration> imports = client.unit().getImports();
        return imports.isEmpty() ? 0 : client.end(imports.get(imports.size() - 1));
    }

    private static boolean samePackage(JavaSource client, String qualified) {
        String pkg = client.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        return qualified.lastIndexOf('.') == pkg.length() && qualified.startsWith(pkg + ".");
    }

    private static String indent(String text, String indent, String eol) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (out.length() > 0) out.append(eol);
            if (!line.isBlank()) out.append(indent).append(line);
        }
        return out.toString();
    }

    private static String capitalize(String s) { return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1); }

    /**
     * Whether a remote call goes through an EJB 2.x component interface, whose methods declare
     * {@code RemoteException}; an EJB 3 remote business interface's methods do not (and a façade's
     * business interface may not declare it unless it extends {@code java.rmi.Remote}).
     */
    private static boolean throwsRemoteException(CallEdge e, RefactoringContext context) {
        Optional<Component> target = Optional.ofNullable(e.targetComponent()).flatMap(n -> context.component(RefactoringContext.ComponentBy.NAME, n))
                .or(() -> context.component(RefactoringContext.ComponentBy.CLASS, e.to().className()))
                .or(() -> context.component(RefactoringContext.ComponentBy.INTERFACE, e.to().className()));
        if (target.isEmpty()) return true;
        var views = target.get().interfaces();
        if (views.remoteBusiness().contains(e.to().className()) || views.localBusiness().contains(e.to().className())) return false;
        return views.remote() != null || views.home() != null || views.remoteBusiness().isEmpty() && views.localBusiness().isEmpty();
    }
}
