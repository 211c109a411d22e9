package io.wanlint.refactorings.facade;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import io.wanlint.refactorings.facade.FacadeDesign.Parameter;
import io.wanlint.refactorings.facade.FacadeDesign.TransferObject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The Java text of a façade's new classes: transfer objects, the data-access class, the EJB 2.x
 * remote/home/bean triple or the EJB 3.x business interface and bean, and the client's access code.
 * Written the way the application's own code is (four-space indentation, one class per file,
 * explicit imports of what is used only); non-ASCII characters of copied bodies become Unicode
 * escapes because new files are written as UTF-8 while the application may be compiled as Latin-1.
 */
final class FacadeSources {
    private final FacadeDesign design;
    /** The EJB API package: {@code javax.ejb} or {@code jakarta.ejb}. */
    private final String ejb;
    private final String eol;
    /** Single-type imports of the client and its package's classes: the copied code may use any of them. */
    private final Set<String> clientTypes;
    /** The client's on-demand imports, repeated in the files that hold copied code. */
    private final List<String> clientWildcards;

    private final TransactionAttribute attribute;

    FacadeSources(FacadeDesign design, String ejbPackage, String eol, Set<String> clientTypes, List<String> clientWildcards,
                  TransactionAttribute attribute) {
        this.attribute = attribute;
        this.design = design;
        this.ejb = ejbPackage;
        this.eol = eol;
        this.clientTypes = Set.copyOf(clientTypes);
        this.clientWildcards = List.copyOf(clientWildcards);
    }

    /** An injected field the moved code uses, as the DAO receives it from the bean. */
    record Member(String type, String name) {}

    /**
     * The member declarations sorted by where they go. With a DAO, injected fields (annotated, e.g.
     * {@code @Resource}, {@code @PersistenceContext}) stay in the bean, where the container fills them,
     * and reach the DAO through its constructor; plain fields and helper methods go into the DAO as
     * written; a constructor's body (e.g. a data-source lookup) becomes the DAO's constructor body.
     * Without a DAO everything goes into the bean, a constructor renamed to the bean's.
     *
     * @param injected            annotated fields, as the DAO's constructor parameters
     * @param injectedDeclarations their declarations as written
     * @param plain               the other declarations as written (constructors excluded)
     * @param constructorBody     the statements of the copied constructor, if there was one
     * @param constructorThrows   the exceptions it declares
     */
    record Members(List<Member> injected, List<String> injectedDeclarations, List<String> plain,
                   String constructorBody, List<String> constructorThrows) {}

    /** The member declarations, classified (unparsable ones are kept as plain text). */
    Members members() {
        List<Member> injected = new ArrayList<>();
        List<String> injectedText = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        String ctorBody = "";
        List<String> ctorThrows = new ArrayList<>();
        JavaParser parser = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.RAW));
        for (String d : design.memberDeclarations()) {
            ParseResult<BodyDeclaration<?>> parsed = parser.parseBodyDeclaration(d);
            BodyDeclaration<?> decl = parsed.isSuccessful() ? parsed.getResult().orElse(null) : null;
            if (decl instanceof FieldDeclaration f && !f.getAnnotations().isEmpty()) {
                for (VariableDeclarator v : f.getVariables()) injected.add(new Member(v.getTypeAsString(), v.getNameAsString()));
                injectedText.add(d);
            } else if (decl instanceof ConstructorDeclaration c) {
                String text = d.replace("\r", "");
                int open = text.indexOf('{');
                int close = text.lastIndexOf('}');
                if (open >= 0 && close > open) ctorBody = ctorBody + text.substring(open + 1, close) + "\n";
                for (var t : c.getThrownExceptions()) if (!ctorThrows.contains(t.asString())) ctorThrows.add(t.asString());
            } else {
                plain.add(d);
            }
        }
        return new Members(injected, injectedText, plain, ctorBody, ctorThrows);
    }

    String transferObject(TransferObject to) {
        StringBuilder b = new StringBuilder();
        b.append("public class ").append(to.name()).append(" implements Serializable {\n");
        b.append("    private static final long serialVersionUID = 1L;\n\n");
        for (Parameter f : to.fields()) b.append("    private final ").append(f.type()).append(' ').append(f.name()).append(";\n");
        b.append("\n    public ").append(to.name()).append('(')
                .append(to.fields().stream().map(f -> f.type() + " " + f.name()).collect(Collectors.joining(", "))).append(") {\n");
        for (Parameter f : to.fields()) b.append("        this.").append(f.name()).append(" = ").append(f.name()).append(";\n");
        b.append("    }\n");
        for (Parameter f : to.fields()) {
            String prefix = f.type().equals("boolean") ? "is" : "get";
            b.append("\n    public ").append(f.type()).append(' ').append(prefix).append(upperFirst(f.name())).append("() {\n")
                    .append("        return ").append(f.name()).append(";\n    }\n");
        }
        b.append("}\n");
        Set<String> imports = new HashSet<>(to.imports());
        imports.add("java.io.Serializable");
        return file(imports, b.toString());
    }

    /** The plain data-access class holding the moved bodies; it receives the bean's fields in its constructor. */
    String dao(String daoName, Members members) {
        StringBuilder b = new StringBuilder();
        b.append("public class ").append(daoName).append(" {\n");
        boolean previousMultiLine = false;
        for (String d : members.plain()) {
            boolean multiLine = d.strip().contains("\n");
            if (b.charAt(b.length() - 2) != '{' && (multiLine || previousMultiLine)) b.append('\n');
            appendDeclaration(b, d);
            previousMultiLine = multiLine;
        }
        for (Member m : members.injected()) b.append("    private final ").append(m.type()).append(' ').append(m.name()).append(";\n");
        if (!members.plain().isEmpty() || !members.injected().isEmpty()) b.append('\n');
        if (!members.injected().isEmpty() || !members.constructorBody().isBlank()) {
            b.append("    public ").append(daoName).append('(')
                    .append(members.injected().stream().map(m -> m.type() + " " + m.name()).collect(Collectors.joining(", "))).append(')')
                    .append(throwsClause(members.constructorThrows())).append(" {\n");
            for (Member m : members.injected()) b.append("        this.").append(m.name()).append(" = ").append(m.name()).append(";\n");
            if (!members.constructorBody().isBlank()) b.append(indentBody(members.constructorBody()));
            b.append("    }\n\n");
        }
        appendMethods(b, members, true);
        b.append("}\n");
        return file(methodImports(), b.toString(), true);
    }

    /** EJB 2.x remote interface: the business methods, each also throwing {@code RemoteException}. */
    String ejb2Remote() {
        StringBuilder b = new StringBuilder("public interface ").append(design.name()).append(" extends EJBObject {\n");
        for (int i = 0; i < design.methods().size(); i++) {
            FacadeMethod m = design.methods().get(i);
            if (i > 0) b.append('\n');
            List<String> ex = new ArrayList<>(List.of("RemoteException"));
            // The method declares RemoteException itself when the moved code makes remote calls: once is enough.
            m.exceptions().stream().filter(e -> !ex.contains(e)).forEach(ex::add);
            b.append("    ").append(signature(m)).append(" throws ").append(String.join(", ", ex)).append(";\n");
        }
        b.append("}\n");
        Set<String> imports = methodImports();
        imports.add(ejb + ".EJBObject");
        imports.add("java.rmi.RemoteException");
        return file(imports, b.toString());
    }

    String ejb2Home() {
        String b = "public interface " + design.name() + "Home extends EJBHome {\n"
                + "    " + design.name() + " create() throws CreateException, RemoteException;\n}\n";
        return file(Set.of(ejb + ".EJBHome", ejb + ".CreateException", "java.rmi.RemoteException"), b);
    }

    String ejb2Bean(Members members) {
        StringBuilder b = new StringBuilder("public class ").append(design.name()).append("Bean implements SessionBean {\n");
        appendMemberDeclarations(b, members);
        b.append("    public void setSessionContext(SessionContext context) {\n    }\n\n")
                .append("    public void ejbCreate() {\n    }\n\n")
                .append("    public void ejbRemove() {\n    }\n\n")
                .append("    public void ejbActivate() {\n    }\n\n")
                .append("    public void ejbPassivate() {\n    }\n\n");
        appendMethods(b, members, false);
        b.append("}\n");
        Set<String> imports = methodImports();
        imports.add(ejb + ".SessionBean");
        imports.add(ejb + ".SessionContext");
        imports.add(ejb + ".EJBException");
        return file(imports, b.toString(), design.dao().isEmpty());
    }

    /** EJB 3.x remote business interface. */
    String ejb3Business() {
        StringBuilder b = new StringBuilder("@Remote\npublic interface ").append(design.name()).append(" {\n");
        for (int i = 0; i < design.methods().size(); i++) {
            FacadeMethod m = design.methods().get(i);
            if (i > 0) b.append('\n');
            b.append("    ").append(signature(m)).append(throwsClause(m.exceptions())).append(";\n");
        }
        b.append("}\n");
        Set<String> imports = methodImports();
        imports.add(ejb + ".Remote");
        return file(imports, b.toString());
    }

    String ejb3Bean(Members members) {
        StringBuilder b = new StringBuilder("@Stateless\n");
        // Required is the default: only another attribute is written out.
        if (attribute != TransactionAttribute.REQUIRED) b.append("@TransactionAttribute(TransactionAttributeType.").append(attribute.name()).append(")\n");
        b.append("public class ").append(design.name()).append("Bean implements ")
                .append(design.name()).append(" {\n");
        appendMemberDeclarations(b, members);
        appendMethods(b, members, false);
        b.append("}\n");
        Set<String> imports = methodImports();
        imports.add(ejb + ".Stateless");
        imports.add(ejb + ".TransactionAttribute");
        imports.add(ejb + ".TransactionAttributeType");
        imports.add(ejb + ".EJBException");
        return file(imports, b.toString(), design.dao().isEmpty());
    }

    /** EJB 2.x: a cached stub, created on first use through the client's {@code ejb-ref}. */
    static ClientAccess ejb2Access(FacadeDesign design, String ejbPackage, String memberName, boolean statics) {
        String name = design.name();
        String accessor = """
                private %3$s%1$s %2$s() {
                    if (%2$s == null) {
                        try {
                            Context context = new InitialContext();
                            Object ref = context.lookup("java:comp/env/ejb/%1$s");
                            %1$sHome home = (%1$sHome) PortableRemoteObject.narrow(ref, %1$sHome.class);
                            %2$s = home.create();
                        } catch (NamingException e) {
                            throw new EJBException(e);
                        } catch (CreateException e) {
                            throw new EJBException(e);
                        } catch (RemoteException e) {
                            throw new EJBException(e);
                        }
                    }
                    return %2$s;
                }
                """.formatted(name, memberName, statics ? "static " : "");
        return new ClientAccess(List.of(field(name, memberName, statics), accessor), memberName + "()",
                Set.of(design.qualified(name), design.qualified(name + "Home"), "javax.naming.Context", "javax.naming.InitialContext",
                        "javax.naming.NamingException", "javax.rmi.PortableRemoteObject", ejbPackage + ".CreateException",
                        ejbPackage + ".EJBException", "java.rmi.RemoteException"),
                List.of("java.rmi.RemoteException"));
    }

    /** The cached stub's field: per instance (not serialised with the client), or shared by a static caller's class. */
    private static String field(String type, String name, boolean statics) {
        return "private " + (statics ? "static " : "transient ") + type + " " + name + ";\n";
    }

    /** EJB 3.x in a container-managed class: an injected reference. */
    static ClientAccess ejb3Injected(FacadeDesign design, String ejbPackage, String memberName) {
        return new ClientAccess(List.of("@EJB\nprivate " + design.name() + " " + memberName + ";\n"), memberName,
                Set.of(design.qualified(design.name()), ejbPackage + ".EJB"), List.of());
    }

    /** EJB 3.x elsewhere: the portable module-scoped name, looked up on first use. */
    static ClientAccess ejb3LookedUp(FacadeDesign design, String ejbPackage, String memberName, boolean statics) {
        String name = design.name();
        String accessor = """
                private %4$s%1$s %2$s() {
                    if (%2$s == null) {
                        try {
                            %2$s = (%1$s) new InitialContext().lookup("java:module/%1$sBean!%3$s");
                        } catch (NamingException e) {
                            throw new EJBException(e);
                        }
                    }
                    return %2$s;
                }
                """.formatted(name, memberName, design.qualified(name), statics ? "static " : "");
        return new ClientAccess(List.of(field(name, memberName, statics), accessor), memberName + "()",
                Set.of(design.qualified(name), "javax.naming.InitialContext", "javax.naming.NamingException", ejbPackage + ".EJBException"),
                List.of());
    }

    /** The bean's copied members: only the injected ones when a DAO holds the code, else all of them. */
    private void appendMemberDeclarations(StringBuilder b, Members members) {
        List<String> declarations = design.dao().isPresent() ? members.injectedDeclarations() : design.memberDeclarations();
        String holder = design.name() + "Bean";
        for (String d : declarations) {
            String text = d;
            if (design.dao().isEmpty() && members.plain().stream().noneMatch(d::equals) && members.injectedDeclarations().stream().noneMatch(d::equals)) {
                // A constructor: the bean's public no-argument constructor.
                int paren = text.indexOf('(');
                if (paren > 0) text = "public " + holder + text.substring(paren);
            }
            appendDeclaration(b, text);
        }
        if (!declarations.isEmpty()) b.append('\n');
    }

    /** A declaration as written, its first line indented one level and the others keeping their relative indentation. */
    private static void appendDeclaration(StringBuilder b, String declaration) {
        String[] lines = declaration.strip().replace("\r", "").replace("\t", "    ").split("\n", -1);
        int common = Integer.MAX_VALUE;
        for (int i = 1; i < lines.length; i++) if (!lines[i].isBlank()) common = Math.min(common, leadingSpaces(lines[i]));
        // Continuation lines were indented relative to a member at some depth; the closing brace shows it.
        int base = lines.length > 1 ? leadingSpaces(lines[lines.length - 1]) : 0;
        if (common == Integer.MAX_VALUE) common = 0;
        int strip = Math.min(common, base);
        for (int i = 0; i < lines.length; i++) {
            String l = i == 0 ? lines[0] : lines[i].isBlank() ? "" : lines[i].substring(Math.min(strip, leadingSpaces(lines[i])));
            b.append(l.isEmpty() ? "" : "    " + l).append('\n');
        }
    }

    /** The business methods: with their bodies, or delegating to the DAO when the design has one. */
    private void appendMethods(StringBuilder b, Members members, boolean inDao) {
        String daoNew = design.dao().map(d -> "new " + d + "(" + members.injected().stream().map(Member::name).collect(Collectors.joining(", ")) + ")").orElse(null);
        for (int i = 0; i < design.methods().size(); i++) {
            FacadeMethod m = design.methods().get(i);
            if (i > 0) b.append('\n');
            b.append("    public ").append(signature(m)).append(throwsClause(m.exceptions())).append(" {\n");
            if (inDao || daoNew == null) {
                b.append(indentBody(m.body()));
            } else {
                String call = daoNew + "." + m.name() + "(" + m.parameters().stream().map(Parameter::name).collect(Collectors.joining(", ")) + ");";
                String statement = m.returnType().equals("void") ? call : "return " + call;
                // The DAO's set-up failing (no data source bound) is a system exception of the bean.
                List<String> unhandled = members.constructorThrows().stream().filter(t -> !m.exceptions().contains(t)).toList();
                if (unhandled.isEmpty()) {
                    b.append("        ").append(statement).append('\n');
                } else {
                    b.append("        try {\n            ").append(statement).append('\n');
                    for (String t : unhandled) {
                        b.append("        } catch (").append(t).append(" e) {\n            throw new EJBException(e);\n");
                    }
                    b.append("        }\n");
                }
            }
            b.append("    }\n");
        }
    }

    private static String signature(FacadeMethod m) {
        return m.returnType() + " " + m.name() + "("
                + m.parameters().stream().map(p -> p.type() + " " + p.name()).collect(Collectors.joining(", ")) + ")";
    }

    private static String throwsClause(List<String> exceptions) {
        return exceptions.isEmpty() ? "" : " throws " + String.join(", ", exceptions);
    }

    /** The body's lines, re-indented by two levels keeping their relative indentation. */
    private static String indentBody(String body) {
        List<String> lines = new ArrayList<>(List.of(body.replace("\r", "").replace("\t", "    ").split("\n", -1)));
        while (!lines.isEmpty() && lines.get(0).isBlank()) lines.remove(0);
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) lines.remove(lines.size() - 1);
        int common = lines.stream().filter(l -> !l.isBlank()).mapToInt(FacadeSources::leadingSpaces).min().orElse(0);
        StringBuilder b = new StringBuilder();
        for (String l : lines) b.append(l.isBlank() ? "" : "        " + l.substring(common).stripTrailing()).append('\n');
        return b.toString();
    }

    private static int leadingSpaces(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') i++;
        return i;
    }

    private Set<String> methodImports() {
        Set<String> out = new HashSet<>();
        for (FacadeMethod m : design.methods()) out.addAll(m.imports());
        for (TransferObject to : design.transferObjects()) out.addAll(to.imports());
        return out;
    }

    /**
     * The whole file: package, the imports the body uses (by simple name; same-package and
     * {@code java.lang} ones dropped), the body; {@code \n} becomes the application's line ending.
     */
    private String file(Set<String> imports, String body) { return file(imports, body, false); }

    private String file(Set<String> declared, String body, boolean holdsCopiedCode) {
        Set<String> used = identifiers(body);
        Set<String> lines = new TreeSet<>();
        Set<String> imports = new HashSet<>(declared);
        imports.addAll(clientTypes);
        Set<String> simpleNames = new HashSet<>();
        for (String q : declared) simpleNames.add(q.substring(q.lastIndexOf('.') + 1));
        // One import per simple name: the design's own win over a client's import of the same name.
        imports.removeIf(q -> !declared.contains(q) && simpleNames.contains(q.substring(q.lastIndexOf('.') + 1)));
        if (holdsCopiedCode) {
            // Moved code never needs the web API (the refactoring moves no web objects).
            for (String w : clientWildcards) {
                if (!w.equals(design.packageName()) && !w.startsWith("javax.servlet") && !w.startsWith("jakarta.servlet")) lines.add("import " + w + ".*;");
            }
        }
        for (String q : imports) {
            int dot = q.lastIndexOf('.');
            if (dot < 0) continue;
            String pkg = q.substring(0, dot);
            if (pkg.equals(design.packageName()) || pkg.equals("java.lang")) continue;
            if (used.contains(q.substring(dot + 1))) lines.add("import " + q + ";");
        }
        StringBuilder b = new StringBuilder();
        if (!design.packageName().isEmpty()) b.append("package ").append(design.packageName()).append(";\n\n");
        if (!lines.isEmpty()) b.append(String.join("\n", lines)).append("\n\n");
        b.append(body);
        return escapeNonAscii(b.toString()).replace("\n", eol);
    }

    /** The identifiers a text mentions (a superset is fine: only unused imports are at stake). */
    private static Set<String> identifiers(String text) {
        Set<String> out = new LinkedHashSet<>();
        int i = 0;
        while (i < text.length()) {
            if (text.charAt(i) == '"') {
                // Words inside string literals (SQL, JPQL) name no Java type.
                i++;
                while (i < text.length() && text.charAt(i) != '"' && text.charAt(i) != '\n') i += text.charAt(i) == '\\' ? 2 : 1;
                i++;
            } else if (Character.isJavaIdentifierStart(text.charAt(i))) {
                int start = i;
                while (i < text.length() && Character.isJavaIdentifierPart(text.charAt(i))) i++;
                out.add(text.substring(start, i));
            } else {
                i++;
            }
        }
        return out;
    }

    private static String escapeNonAscii(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                if (b != null) b.append(c);
                continue;
            }
            if (b == null) b = new StringBuilder(s.length() + 16).append(s, 0, i);
            b.append(String.format("\\u%04x", (int) c));
        }
        return b == null ? s : b.toString();
    }

    static String upperFirst(String s) { return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1); }

    static String lowerFirst(String s) { return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1); }
}
