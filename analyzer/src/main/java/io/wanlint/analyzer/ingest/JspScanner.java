package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import io.wanlint.analyzer.api.Diagnostic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a JSP page or tag file into a {@link JspUnit}: its tags, and a synthetic Java class whose
 * {@code _jspService} holds the page's scriptlets and expressions on their JSP lines.
 *
 * <p>Directives are reported as tags too, in the XML-syntax spelling ({@code jsp:directive.page},
 * {@code jsp:directive.include}, {@code jsp:directive.taglib}). Never throws: malformed pages and
 * code that does not parse give diagnostics, and the unit is returned with whatever could be built.
 * Stateless and thread-safe.
 */
public final class JspScanner {
    private final JavaSources java = new JavaSources();

    /** Scans a page; use {@link #scanPage} to also get the diagnostics. */
    public JspUnit scan(TextFile file, String pagePath) {
        return scanPage(file, pagePath).unit();
    }

    /** Scans every page, computing each page path with {@link #pagePath}. */
    public List<ScannedJsp> scanAll(List<TextFile> files) {
        return files.stream().map(f -> scanPage(f, pagePath(f))).toList();
    }

    /** Scans a page and reports malformed constructs and Java syntax errors with their JSP lines. */
    public ScannedJsp scanPage(TextFile file, String pagePath) {
        String className = SyntheticServlet.className(pagePath);
        String qualifiedName = SyntheticServlet.PACKAGE + "." + className;
        List<Diagnostic> diagnostics = new ArrayList<>();
        Optional<String> tooLarge = SourceSizeLimit.exceededBy(file.text());
        if (tooLarge.isPresent()) {
            // its translation would be at least as large: neither lexed nor parsed
            diagnostics.add(Diagnostic.warning(file.path(), 0, tooLarge.get()));
            return new ScannedJsp(new JspUnit(file, pagePath, emptyClass(className, "javax"), qualifiedName, List.of()), diagnostics);
        }
        try {
            JspPage page = new JspLexer(file).lex();
            diagnostics.addAll(page.diagnostics());
            String ns = SyntheticServlet.servletNamespace(page, file.text());
            String code = SyntheticServlet.write(className, page, ns);
            ParsedJava parsed = java.parse(new TextFile(file.path(), file.absolute(), code, file.encoding()));
            parsed.diagnostics().forEach(d -> diagnostics.add(new Diagnostic(d.level(), d.location(),
                    "JSP code does not compile: " + d.message())));
            CompilationUnit unit = parsed.unit().unit();
            if (unit.getTypes().isEmpty()) unit = emptyClass(className, ns);
            return new ScannedJsp(new JspUnit(file, pagePath, unit, qualifiedName, page.tags()), diagnostics);
        } catch (RuntimeException | StackOverflowError e) {
            diagnostics.add(Diagnostic.error(file.path(), 0, "JSP could not be scanned: " + e));
            return new ScannedJsp(new JspUnit(file, pagePath, emptyClass(className, "javax"), qualifiedName,
                    List.of()), diagnostics);
        }
    }

    /**
     * The page's path in its web module, starting with {@code /}: relative to the nearest enclosing
     * folder that has a {@code WEB-INF} folder, else to the innermost archive (the WAR), else to the
     * innermost folder with a conventional web-root name ({@code docroot}, {@code web}, {@code webapp},
     * {@code WebContent}, {@code WebRoot}, {@code public_html}: Ant-era trees keep their descriptors
     * elsewhere and assemble the WAR at build time), else to the input root.
     */
    public static String pagePath(TextFile file) {
        String logical = file.path();
        int bang = logical.lastIndexOf("!/");
        String inner = bang < 0 ? logical : logical.substring(bang + 2);
        String[] segments = inner.split("/");
        if (file.absolute() != null) {
            Path folder = file.absolute().toAbsolutePath().normalize().getParent();
            for (int k = segments.length - 1; k >= 0 && folder != null; k--) {
                if (Files.isDirectory(folder.resolve("WEB-INF"))) {
                    return "/" + String.join("/", Arrays.copyOfRange(segments, k, segments.length));
                }
                folder = folder.getParent();
            }
        }
        if (bang < 0) {
            for (int k = segments.length - 2; k >= 0; k--) {
                if (WEB_ROOT_NAMES.contains(segments[k])) {
                    return "/" + String.join("/", Arrays.copyOfRange(segments, k + 1, segments.length));
                }
            }
        }
        return "/" + inner;
    }

    private static final Set<String> WEB_ROOT_NAMES = Set.of("docroot", "web", "webapp", "WebContent", "WebRoot", "public_html");

    private static CompilationUnit emptyClass(String className, String ns) {
        CompilationUnit unit = new CompilationUnit(SyntheticServlet.PACKAGE);
        ClassOrInterfaceDeclaration type = unit.addClass(className);
        type.addMethod("_jspService", Modifier.Keyword.PUBLIC)
                .addParameter(ns + ".servlet.http.HttpServletRequest", "request")
                .addParameter(ns + ".servlet.http.HttpServletResponse", "response")
                .addThrownException(Exception.class);
        return unit;
    }
}
