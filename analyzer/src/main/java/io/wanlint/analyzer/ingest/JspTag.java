package io.wanlint.analyzer.ingest;

import java.util.Map;

/**
 * An action or custom tag in a JSP: {@code <jsp:useBean>}, {@code <sql:query>}, {@code <shop:cart>}.
 *
 * @param prefix     tag prefix ({@code jsp}, {@code sql}, …)
 * @param name       local name ({@code useBean}, {@code query}, …)
 * @param taglibUri  the {@code uri} the prefix is bound to by a taglib directive, or null
 * @param attributes attributes as written
 * @param line       1-based line in the JSP
 */
public record JspTag(String prefix, String name, String taglibUri, Map<String, String> attributes, int line) {
    public JspTag {
        attributes = Map.copyOf(attributes);
    }
}
