package io.wanlint.analyzer.ingest;

import io.wanlint.analyzer.api.Diagnostic;
import java.util.List;

/**
 * What {@link JspLexer} found in a JSP, in document order: the raw material of the synthetic class.
 *
 * @param elements    scriptlets, expressions, declarations and actions, in document order
 * @param tags        every directive, action and taglib-bound custom tag
 * @param imports     page-directive imports, as written
 * @param errorPage   whether the page declares {@code isErrorPage="true"} (it then has {@code exception})
 * @param diagnostics malformed constructs
 */
record JspPage(List<Element> elements, List<JspTag> tags, List<String> imports, boolean errorPage,
               List<Diagnostic> diagnostics) {
    JspPage {
        elements = List.copyOf(elements);
        tags = List.copyOf(tags);
        imports = List.copyOf(imports);
        diagnostics = List.copyOf(diagnostics);
    }

    /** A piece of the page that becomes code. */
    sealed interface Element permits Code, Action, Close, El {}

    /** Java written in the page, starting on {@code line}. */
    record Code(CodeKind kind, String text, int line) implements Element {}

    /**
     * An action or custom tag; some actions ({@code jsp:useBean}) also become code.
     *
     * @param empty whether the tag has no body ({@code <c:forEach … />})
     */
    record Action(JspTag tag, boolean empty) implements Element {}

    /** The end tag of an action or custom tag ({@code </c:forEach>}): where its body ends. */
    record Close(String prefix, String name, int line) implements Element {}

    /** An EL expression in template text, without its delimiters: {@code catalog.products} of {@code ${catalog.products}}. */
    record El(String expression, int line) implements Element {}

    /** Where page code goes in the synthetic class. */
    enum CodeKind { SCRIPTLET, EXPRESSION, DECLARATION }
}
