package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.CompilationUnit;
import java.util.List;

/**
 * A JSP page turned into something the call graph can read.
 *
 * @param source     the JSP file
 * @param pagePath   the page's path in its web module ({@code /catalog/product.jsp}); its call-graph
 *                   class name is {@code "jsp:" + pagePath}
 * @param unit       a synthetic Java class, named by {@link #syntheticClassName()}, whose method
 *                   {@code _jspService(HttpServletRequest, HttpServletResponse)} holds the page's
 *                   scriptlets and expressions in order, each on the line it has in the JSP; page
 *                   imports become imports, declarations become members, {@code <jsp:useBean>}
 *                   becomes a local variable of the bean's type
 * @param tags       every action and custom tag, in document order
 */
public record JspUnit(TextFile source, String pagePath, CompilationUnit unit, String syntheticClassName,
                      List<JspTag> tags) {
    public JspUnit {
        tags = List.copyOf(tags);
    }

    /** The class name the call graph uses for this page. */
    public String graphClassName() { return "jsp:" + pagePath; }
}
