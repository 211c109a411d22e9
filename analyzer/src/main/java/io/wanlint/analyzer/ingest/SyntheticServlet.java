package io.wanlint.analyzer.ingest;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes the Java text of a JSP's synthetic class (see {@link JspUnit}): package, imports, class
 * header, {@code _jspService} and the implicit objects all on line 1; then every scriptlet,
 * expression ({@code out.print(…);}) and {@code jsp:useBean} on the line it has in the page, so that
 * call sites keep their JSP line numbers. Declarations become members after the method, on their own
 * line when it has not been passed yet.
 */
final class SyntheticServlet {
    static final String PACKAGE = "jsp_";

    private static final Pattern IDENTIFIER = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*");
    private static final Pattern TYPE_NAME = Pattern.compile(
            "[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*(<[\\p{L}\\p{N}_$.,?<> \\[\\]]*>)?(\\[])*");

    private final StringBuilder out = new StringBuilder();
    private final Set<String> beans = new HashSet<>();
    private int line = 1;

    private SyntheticServlet() {}

    /** The Java source of the page's class. */
    static String write(String className, JspPage page, String servletPackage) {
        return new SyntheticServlet().render(className, page, servletPackage);
    }

    /** {@code javax} or {@code jakarta}: whichever servlet API the page uses. */
    static String servletNamespace(JspPage page, String text) {
        boolean jakarta = page.imports().stream().anyMatch(i -> i.startsWith("jakarta."))
                || text.contains("jakarta.servlet");
        return jakarta ? "jakarta" : "javax";
    }

    /** A valid identifier from a page path: {@code /catalog/product.jsp} → {@code _catalog_product_jsp}. */
    static String className(String pagePath) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < pagePath.length(); i++) {
            char c = pagePath.charAt(i);
            if (c == '/' || c == '.') {
                name.append('_');
            } else if (Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c) && c != '_' && c != '$') {
                name.append(c);
            } else {
                // Escaped like Jasper does, so /a-b.jsp and /a_b.jsp stay distinct.
                name.append(String.format(Locale.ROOT, "_%04x", (int) c));
            }
        }
        if (name.length() == 0 || !Character.isJavaIdentifierStart(name.charAt(0))) name.insert(0, '_');
        return name.toString();
    }

    private String render(String className, JspPage page, String ns) {
        out.append("package ").append(PACKAGE).append("; ");
        out.append("import ").append(ns).append(".servlet.*; ");
        out.append("import ").append(ns).append(".servlet.http.*; ");
        out.append("import ").append(ns).append(".servlet.jsp.*; ");
        for (String name : page.imports()) out.append("import ").append(name).append("; ");
        out.append("public class ").append(className).append(" { ");
        out.append("public void _jspService(").append(ns).append(".servlet.http.HttpServletRequest request, ")
                .append(ns).append(".servlet.http.HttpServletResponse response) throws Exception { ");
        out.append(ns).append(".servlet.jsp.PageContext pageContext = null; ");
        out.append(ns).append(".servlet.http.HttpSession session = null; ");
        out.append(ns).append(".servlet.ServletContext application = null; ");
        out.append(ns).append(".servlet.ServletConfig config = null; ");
        out.append(ns).append(".servlet.jsp.JspWriter out = null; ");
        out.append("Object page = this; ");
        if (page.errorPage()) out.append("Throwable exception = null; ");
        for (JspPage.Element element : page.elements()) {
            if (element instanceof JspPage.Code code) {
                if (code.kind() == JspPage.CodeKind.SCRIPTLET) fragment(code.line(), code.text());
                if (code.kind() == JspPage.CodeKind.EXPRESSION) fragment(code.line(), "out.print(" + code.text() + ");");
            } else if (element instanceof JspPage.Action action) {
                action(action.tag());
            }
        }
        out.append("} ");
        for (JspPage.Element element : page.elements()) {
            if (element instanceof JspPage.Code code && code.kind() == JspPage.CodeKind.DECLARATION) {
                fragment(code.line(), code.text());
            }
        }
        out.append("}\n");
        return out.toString();
    }

    private void action(JspTag tag) {
        if (!tag.prefix().equals("jsp")) return;
        Map<String, String> a = tag.attributes();
        if (tag.name().equals("useBean")) {
            useBean(tag.line(), a.get("id"), a.get("class"), a.getOrDefault("type", a.get("class")),
                    a.getOrDefault("scope", "page"));
        } else if (tag.name().equals("getProperty")) {
            String bean = strip(a.get("name"));
            String property = strip(a.get("property"));
            if (beans.contains(bean) && property != null && IDENTIFIER.matcher(property).matches()) {
                fragment(tag.line(), "out.print(" + bean + ".get" + capitalized(property) + "());");
            }
        }
    }

    private void useBean(int at, String rawId, String rawClass, String rawType, String rawScope) {
        String id = strip(rawId);
        String type = strip(rawType);
        String cls = strip(rawClass);
        if (id == null || type == null || !IDENTIFIER.matcher(id).matches() || !TYPE_NAME.matcher(type).matches()
                || (cls != null && !TYPE_NAME.matcher(cls).matches())) {
            return;
        }
        beans.add(id);
        String scope = switch (rawScope.strip().toLowerCase(Locale.ROOT)) {
            case "session" -> "session";
            case "application" -> "application";
            case "request" -> "request";
            default -> "pageContext";
        };
        String lookup = type + " " + id + " = (" + type + ") " + scope + ".getAttribute(\"" + id + "\");";
        if (cls == null) {
            fragment(at, lookup);
        } else if (scope.equals("pageContext")) {
            fragment(at, type + " " + id + " = new " + cls + "();");
        } else {
            fragment(at, lookup + " if (" + id + " == null) { " + id + " = new " + cls + "(); " + scope
                    + ".setAttribute(\"" + id + "\", " + id + "); }");
        }
    }

    private void fragment(int at, String code) {
        while (line < at) {
            out.append('\n');
            line++;
        }
        out.append(code).append(' ');
        line += SourceLines.breaks(code);
        // A trailing line comment would swallow the next fragment on the same line.
        int lastBreak = Math.max(code.lastIndexOf('\n'), code.lastIndexOf('\r'));
        if (code.indexOf("//", lastBreak + 1) >= 0) {
            out.append('\n');
            line++;
        }
    }

    private static String strip(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static String capitalized(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
