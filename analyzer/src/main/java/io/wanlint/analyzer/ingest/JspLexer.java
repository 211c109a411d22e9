package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A tolerant, single-pass scanner of JSP pages and tag files, standard and XML syntax. It finds
 * comments, directives, scriptlets, expressions, declarations, {@code jsp:} actions and custom tags
 * whose prefix a taglib directive (or an {@code xmlns:} attribute in XML syntax) binds. Anything
 * else is template text. Malformed constructs give diagnostics; it never throws.
 * One instance scans one page.
 */
final class JspLexer {
    private static final Pattern QUALIFIED_NAME =
            Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*(\\.\\*)?");

    private final String text;
    private final String path;
    private final SourceLines lines;
    private final boolean xmlSyntax;
    private final Map<String, String> taglibs = new HashMap<>();
    private final List<JspPage.Element> elements = new ArrayList<>();
    private final List<JspTag> tags = new ArrayList<>();
    private final List<String> imports = new ArrayList<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private boolean errorPage;

    JspLexer(TextFile file) {
        this.text = file.text();
        this.path = file.path();
        this.lines = new SourceLines(text);
        String ext = FileKinds.extension(path);
        this.xmlSyntax = ext.equals("jspx") || ext.equals("tagx") || text.stripLeading().startsWith("<jsp:root");
    }

    JspPage lex() {
        int i = 0;
        while (i < text.length()) {
            int lt = text.indexOf('<', i);
            int afterText = templateEl(i, lt < 0 ? text.length() : lt);
            if (afterText > i && (lt < 0 || afterText > lt)) {
                i = afterText; // an EL expression held a '<'
                continue;
            }
            if (lt < 0) break;
            if (text.startsWith("<%--", lt)) {
                i = skipPast(lt, "--%>", "JSP comment");
            } else if (text.startsWith("<%@", lt)) {
                i = directive(lt);
            } else if (text.startsWith("<%!", lt)) {
                i = code(lt, 3, JspPage.CodeKind.DECLARATION);
            } else if (text.startsWith("<%=", lt)) {
                i = code(lt, 3, JspPage.CodeKind.EXPRESSION);
            } else if (text.startsWith("<%", lt)) {
                i = code(lt, 2, JspPage.CodeKind.SCRIPTLET);
            } else if (lt + 1 < text.length() && isNameStart(text.charAt(lt + 1))) {
                i = tag(lt);
            } else if (text.startsWith("</", lt) && lt + 2 < text.length() && isNameStart(text.charAt(lt + 2))) {
                i = endTag(lt);
            } else {
                i = lt + 1;
            }
        }
        return new JspPage(elements, tags, imports, errorPage, diagnostics);
    }

    private int skipPast(int start, String end, String what) {
        int at = text.indexOf(end, start);
        if (at < 0) {
            diagnostics.add(Diagnostic.error(path, lines.lineOf(start), what + " is not closed"));
            return text.length();
        }
        return at + end.length();
    }

    private int code(int lt, int open, JspPage.CodeKind kind) {
        int start = lt + open;
        int end = text.indexOf("%>", start);
        if (end < 0) {
            diagnostics.add(Diagnostic.error(path, lines.lineOf(lt), "'<%' is not closed by '%>'"));
            end = text.length();
        }
        // Inside scripting elements JSP writes a literal %> as %\>.
        elements.add(new JspPage.Code(kind, text.substring(start, end).replace("%\\>", "%>"), lines.lineOf(start)));
        return Math.min(text.length(), end + 2);
    }

    private int directive(int lt) {
        int i = skipBlanks(lt + 3);
        int nameStart = i;
        while (i < text.length() && Character.isLetter(text.charAt(i))) i++;
        String name = text.substring(nameStart, i);
        Map<String, String> attributes = new LinkedHashMap<>();
        int end = attributes(i, true, attributes, new ArrayList<>());
        directive(name, attributes, lines.lineOf(lt));
        return end;
    }

    private void directive(String name, Map<String, String> attributes, int line) {
        switch (name) {
            case "page" -> {
                String list = attributes.get("import");
                if (list != null) pageImports(list, line);
                errorPage |= "true".equalsIgnoreCase(attributes.getOrDefault("isErrorPage", "").strip());
            }
            case "taglib" -> {
                String prefix = attributes.get("prefix");
                String uri = attributes.containsKey("uri") ? attributes.get("uri") : attributes.get("tagdir");
                if (prefix != null && uri != null) taglibs.put(prefix.strip(), uri.strip());
                else diagnostics.add(Diagnostic.warning(path, line, "taglib directive without prefix and uri"));
            }
            case "include", "tag", "attribute", "variable" -> { }
            default -> diagnostics.add(Diagnostic.warning(path, line, "unknown directive '" + name + "'"));
        }
        tags.add(new JspTag("jsp", "directive." + name, null, attributes, line));
    }

    private void pageImports(String list, int line) {
        for (String part : list.split(",")) {
            String name = part.strip();
            if (name.isEmpty()) continue;
            if (QUALIFIED_NAME.matcher(name).matches()) imports.add(name);
            else diagnostics.add(Diagnostic.warning(path, line, "page import '" + name + "' is not a Java name"));
        }
    }

    private int tag(int lt) {
        int i = lt + 1;
        while (i < text.length() && isNamePart(text.charAt(i))) i++;
        String prefix = text.substring(lt + 1, i);
        if (i >= text.length() || text.charAt(i) != ':') return untracked(lt, i);
        int localStart = ++i;
        while (i < text.length() && isNamePart(text.charAt(i))) i++;
        String local = text.substring(localStart, i);
        if (local.isEmpty()) return lt + 1;
        boolean jsp = prefix.equals("jsp");
        if (!jsp && !taglibs.containsKey(prefix)) return untracked(lt, i);
        int line = lines.lineOf(lt);
        Map<String, String> attributes = new LinkedHashMap<>();
        List<JspPage.Code> expressions = new ArrayList<>();
        int end = attributes(i, false, attributes, expressions);
        bindNamespaces(attributes);
        if (jsp) {
            switch (local) {
                case "scriptlet" -> { return xmlCode(end, "scriptlet", JspPage.CodeKind.SCRIPTLET); }
                case "expression" -> { return xmlCode(end, "expression", JspPage.CodeKind.EXPRESSION); }
                case "declaration" -> { return xmlCode(end, "declaration", JspPage.CodeKind.DECLARATION); }
                case "text" -> { return selfClosed(end) ? end : skipPast(end, "</jsp:text>", "<jsp:text>"); }
                default -> {
                    if (local.startsWith("directive.")) {
                        directive(local.substring("directive.".length()), attributes, line);
                        return end;
                    }
                }
            }
        }
        elements.addAll(expressions);
        JspTag tag = new JspTag(prefix, local, jsp ? null : taglibs.get(prefix), attributes, line);
        tags.add(tag);
        elements.add(new JspPage.Action(tag, selfClosed(end)));
        return end;
    }

    /** The end tag of a tracked action or custom tag; other end tags are template text. */
    private int endTag(int lt) {
        int i = lt + 2;
        while (i < text.length() && isNamePart(text.charAt(i))) i++;
        String prefix = text.substring(lt + 2, i);
        if (i >= text.length() || text.charAt(i) != ':' || !(prefix.equals("jsp") || taglibs.containsKey(prefix))) {
            return lt + 1;
        }
        int localStart = ++i;
        while (i < text.length() && isNamePart(text.charAt(i))) i++;
        String local = text.substring(localStart, i);
        int gt = text.indexOf('>', i);
        if (local.isEmpty() || gt < 0) return lt + 1;
        elements.add(new JspPage.Close(prefix, local, lines.lineOf(lt)));
        return gt + 1;
    }

    /**
     * Records the EL expressions ({@code ${…}}, {@code #{…}}) of the template text between {@code from}
     * and {@code to}; a backslash before the delimiter makes it literal text.
     *
     * @return the offset after the last expression found, which may lie past {@code to}, or {@code from}
     */
    private int templateEl(int from, int to) {
        int i = from;
        int after = from;
        while (i < to) {
            int dollar = text.indexOf("${", i);
            int hash = text.indexOf("#{", i);
            int open = dollar < 0 ? hash : hash < 0 ? dollar : Math.min(dollar, hash);
            if (open < 0 || open >= to) break;
            if (open > 0 && text.charAt(open - 1) == '\\') {
                i = open + 2;
                continue;
            }
            int close = text.indexOf('}', open + 2);
            if (close < 0) break;
            elements.add(new JspPage.El(text.substring(open + 2, close), lines.lineOf(open)));
            i = close + 1;
            after = i;
        }
        return after;
    }

    /** An element nobody bound: template text, but in XML syntax it may declare taglib namespaces. */
    private int untracked(int lt, int afterName) {
        if (xmlSyntax) {
            Map<String, String> attributes = new LinkedHashMap<>();
            attributes(afterName, false, attributes, new ArrayList<>());
            bindNamespaces(attributes);
        }
        return lt + 1;
    }

    private void bindNamespaces(Map<String, String> attributes) {
        attributes.forEach((name, value) -> {
            if (name.startsWith("xmlns:") && !name.equals("xmlns:jsp")) taglibs.put(name.substring(6), value.strip());
        });
    }

    private boolean selfClosed(int end) {
        return end >= 2 && text.startsWith("/>", end - 2);
    }

    private int xmlCode(int afterStartTag, String name, JspPage.CodeKind kind) {
        if (selfClosed(afterStartTag)) return afterStartTag;
        String close = "</jsp:" + name + ">";
        int end = text.indexOf(close, afterStartTag);
        if (end < 0) {
            diagnostics.add(Diagnostic.error(path, lines.lineOf(afterStartTag), "<jsp:" + name + "> is not closed"));
            end = text.length();
        }
        String body = text.substring(afterStartTag, end);
        elements.add(new JspPage.Code(kind, xmlText(body), lines.lineOf(afterStartTag)));
        return Math.min(text.length(), end + close.length());
    }

    /** Removes CDATA markers and, in XML syntax, resolves the predefined entities; keeps line breaks. */
    private String xmlText(String body) {
        StringBuilder out = new StringBuilder(body.length());
        int i = 0;
        while (i < body.length()) {
            if (body.startsWith("<![CDATA[", i)) {
                int end = body.indexOf("]]>", i + 9);
                int stop = end < 0 ? body.length() : end;
                out.append(body, i + 9, stop);
                i = end < 0 ? body.length() : end + 3;
            } else {
                int next = body.indexOf("<![CDATA[", i);
                int stop = next < 0 ? body.length() : next;
                String plain = body.substring(i, stop);
                out.append(xmlSyntax ? unescape(plain) : plain);
                i = stop;
            }
        }
        return out.toString();
    }

    private static String unescape(String s) {
        if (s.indexOf('&') < 0) return s;
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int semi = c == '&' ? s.indexOf(';', i) : -1;
            if (semi > i && semi - i <= 10) {
                String entity = s.substring(i + 1, semi).toLowerCase(Locale.ROOT);
                String value = switch (entity) {
                    case "lt" -> "<";
                    case "gt" -> ">";
                    case "amp" -> "&";
                    case "quot" -> "\"";
                    case "apos" -> "'";
                    default -> numericEntity(entity);
                };
                if (value != null) {
                    out.append(value);
                    i = semi + 1;
                    continue;
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }

    private static String numericEntity(String entity) {
        try {
            if (entity.startsWith("#x")) return Character.toString(Integer.parseInt(entity.substring(2), 16));
            if (entity.startsWith("#")) return Character.toString(Integer.parseInt(entity.substring(1)));
        } catch (IllegalArgumentException e) {
            return null;
        }
        return null;
    }

    /**
     * Reads attributes up to the end of a tag ({@code >} or {@code />}) or directive ({@code %>}).
     * Runtime expressions ({@code <%= … %>}) in values are collected; they may contain quotes.
     *
     * @return the offset just after the end of the tag or directive
     */
    private int attributes(int i, boolean directive, Map<String, String> out, List<JspPage.Code> expressions) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (directive && text.startsWith("%>", i)) {
                return i + 2;
            } else if (!directive && c == '>') {
                return i + 1;
            } else if (!directive && text.startsWith("/>", i)) {
                return i + 2;
            } else if (c == '<' && !text.startsWith("<%", i)) {
                diagnostics.add(Diagnostic.warning(path, lines.lineOf(i), "tag is not closed before the next '<'"));
                return i;
            } else if (isNamePart(c) || c == ':') {
                int nameStart = i;
                while (i < text.length() && (isNamePart(text.charAt(i)) || text.charAt(i) == ':')) i++;
                String name = text.substring(nameStart, i);
                i = skipBlanks(i);
                if (i < text.length() && text.charAt(i) == '=') {
                    i = value(skipBlanks(i + 1), name, out, expressions);
                } else {
                    out.putIfAbsent(name, "");
                }
            } else {
                i++; // stray character: skip it rather than give up on the tag
            }
        }
        return text.length();
    }

    private int value(int i, String name, Map<String, String> out, List<JspPage.Code> expressions) {
        if (i >= text.length()) return i;
        char quote = text.charAt(i);
        int start;
        int j;
        if (quote == '"' || quote == '\'') {
            start = i + 1;
            j = start;
            while (j < text.length() && text.charAt(j) != quote) {
                if (text.startsWith("<%", j)) {
                    j = runtimeExpression(j, expressions);
                } else {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
            }
            j = Math.min(j, text.length());
            out.putIfAbsent(name, text.substring(start, j));
            return Math.min(text.length(), j + 1);
        }
        start = i;
        j = text.startsWith("<%", i) ? runtimeExpression(i, expressions) : i;
        while (j < text.length() && !Character.isWhitespace(text.charAt(j)) && text.charAt(j) != '>'
                && !text.startsWith("/>", j) && !text.startsWith("%>", j)) {
            j++;
        }
        out.putIfAbsent(name, text.substring(start, j));
        return j;
    }

    /** Skips a {@code <% … %>} inside an attribute value, recording it when it is an expression. */
    private int runtimeExpression(int lt, List<JspPage.Code> expressions) {
        int end = text.indexOf("%>", lt + 2);
        int stop = end < 0 ? text.length() : end;
        if (text.startsWith("<%=", lt)) {
            expressions.add(new JspPage.Code(JspPage.CodeKind.EXPRESSION, text.substring(lt + 3, stop),
                    lines.lineOf(lt + 3)));
        }
        return end < 0 ? text.length() : end + 2;
    }

    private int skipBlanks(int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
        return i;
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isNamePart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }
}
