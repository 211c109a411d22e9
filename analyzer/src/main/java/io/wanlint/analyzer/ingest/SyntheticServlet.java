package io.wanlint.analyzer.ingest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
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

    private static final Set<String> ITERATION_TAGS = Set.of("forEach", "forTokens");
    /** The implicit scope maps of EL: {@code sessionScope.cart.total} reads the bean {@code cart}. */
    private static final Set<String> SCOPES = Set.of("pageScope", "requestScope", "sessionScope", "applicationScope");
    private static final Pattern STRING_LITERAL = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    /** A name followed by one or more {@code .property} steps, not itself a step of a longer path. */
    private static final Pattern PROPERTY_PATH = Pattern.compile(
            "(?<![\\p{L}\\p{N}_$.\\]])[\\p{L}_$][\\p{L}\\p{N}_$]*(\\s*\\.\\s*[\\p{L}_$][\\p{L}\\p{N}_$]*)+");
    private static final Pattern WHOLE_EL_NAME = Pattern.compile("\\s*[$#]\\{\\s*([\\p{L}_$][\\p{L}\\p{N}_$]*)\\s*}\\s*");

    private final StringBuilder out = new StringBuilder();
    private final Set<String> beans = new HashSet<>();
    private final Map<String, String> beanTypes = new HashMap<>();
    private int loopCount;
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
        Set<JspPage.Action> loops = closedLoops(page.elements());
        int openLoops = 0;
        for (JspPage.Element element : page.elements()) {
            if (element instanceof JspPage.Code code) {
                if (code.kind() == JspPage.CodeKind.SCRIPTLET) fragment(code.line(), code.text());
                if (code.kind() == JspPage.CodeKind.EXPRESSION) fragment(code.line(), "out.print(" + code.text() + ");");
            } else if (element instanceof JspPage.Action action) {
                action(action.tag());
                if (loops.contains(action)) {
                    // Jasper runs the body of an iteration tag in a loop: so do we, n times.
                    String it = "_jspx_it" + (++loopCount);
                    fragment(action.tag().line(), "for (java.util.Iterator " + it + " = null; " + it + ".hasNext(); ) {");
                    openLoops++;
                }
            } else if (element instanceof JspPage.Close close) {
                if (openLoops > 0 && ITERATION_TAGS.contains(close.name()) && !close.prefix().equals("jsp")) {
                    fragment(close.line(), "}");
                    openLoops--;
                }
            } else if (element instanceof JspPage.El el) {
                el(el.line(), el.expression());
            }
        }
        while (openLoops-- > 0) out.append("} ");
        out.append("} ");
        for (JspPage.Element element : page.elements()) {
            if (element instanceof JspPage.Code code && code.kind() == JspPage.CodeKind.DECLARATION) {
                fragment(code.line(), code.text());
            }
        }
        out.append("}\n");
        return out.toString();
    }

    /**
     * The iteration tags ({@code c:forEach}, {@code c:forTokens}) that have a body closed by their end
     * tag, matched like nested elements; an unmatched one runs its body once.
     */
    private static Set<JspPage.Action> closedLoops(List<JspPage.Element> elements) {
        Set<JspPage.Action> out = new HashSet<>();
        Deque<JspPage.Action> open = new ArrayDeque<>();
        for (JspPage.Element element : elements) {
            if (element instanceof JspPage.Action a && isIteration(a.tag()) && !a.empty()) {
                open.push(a);
            } else if (element instanceof JspPage.Close c && ITERATION_TAGS.contains(c.name()) && !c.prefix().equals("jsp")) {
                JspPage.Action a = open.poll();
                if (a != null && a.tag().prefix().equals(c.prefix()) && a.tag().name().equals(c.name())) out.add(a);
            }
        }
        return out;
    }

    private static boolean isIteration(JspTag tag) {
        return !tag.prefix().equals("jsp") && tag.taglibUri() != null && ITERATION_TAGS.contains(tag.name());
    }

    /**
     * The getter calls an EL expression makes on page beans: {@code catalog.categories.list} where
     * {@code catalog} is a {@code jsp:useBean} id reads {@code catalog.getCategories().getList()}. Other
     * names (request parameters, loop variables, implicit objects) are left alone: their types are unknown.
     */
    private void el(int at, String expression) {
        String code = STRING_LITERAL.matcher(expression).replaceAll("\"\"");
        Matcher m = PROPERTY_PATH.matcher(code);
        while (m.find()) {
            String[] names = m.group().replaceAll("\\s+", "").split("\\.");
            int first = SCOPES.contains(names[0]) && names.length > 1 ? 1 : 0;
            if (!beans.contains(names[first])) continue;
            boolean call = code.startsWith("(", skipBlanks(code, m.end()));
            int getters = call ? names.length - 1 : names.length;
            StringBuilder read = new StringBuilder(names[first]);
            for (int k = first + 1; k < getters; k++) read.append(".get").append(capitalized(names[k])).append("()");
            if (call && code.startsWith("()", skipBlanks(code, m.end())) && names.length - 1 > first) {
                read.append('.').append(names[names.length - 1]).append("()");
            }
            if (read.length() > names[first].length()) fragment(at, "out.print(" + read + ");");
        }
    }

    private static int skipBlanks(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    /** The EL expressions of a tag's attribute values, in attribute order. */
    private void attributeEl(JspTag tag) {
        for (String value : tag.attributes().values()) {
            int i = 0;
            while (true) {
                int dollar = value.indexOf("${", i);
                int hash = value.indexOf("#{", i);
                int open = dollar < 0 ? hash : hash < 0 ? dollar : Math.min(dollar, hash);
                if (open < 0) break;
                int close = value.indexOf('}', open + 2);
                if (close < 0) break;
                el(tag.line(), value.substring(open + 2, close));
                i = close + 1;
            }
        }
    }

    /** {@code <c:set var="helper" value="${catalog}"/>}: a second name for a page bean, of its type. */
    private void alias(JspTag tag) {
        String var = strip(tag.attributes().get("var"));
        String value = strip(tag.attributes().get("value"));
        if (var == null || value == null || !IDENTIFIER.matcher(var).matches() || beans.contains(var)) return;
        Matcher m = WHOLE_EL_NAME.matcher(value);
        if (!m.matches() || !beanTypes.containsKey(m.group(1))) return;
        String type = beanTypes.get(m.group(1));
        beans.add(var);
        beanTypes.put(var, type);
        fragment(tag.line(), type + " " + var + " = " + m.group(1) + ";");
    }

    private void action(JspTag tag) {
        if (!tag.prefix().equals("jsp")) {
            if (tag.taglibUri() == null) return;
            attributeEl(tag);
            if (tag.name().equals("set")) alias(tag);
            return;
        }
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
        beanTypes.put(id, type);
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
