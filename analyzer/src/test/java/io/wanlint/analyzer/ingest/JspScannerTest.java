package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.MethodCallExpr;
import io.wanlint.analyzer.api.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JspScannerTest {
    private final JspScanner scanner = new JspScanner();

    private static TextFile jsp(String path, String text) {
        return new TextFile(path, Path.of("/nowhere", path), text, "UTF-8");
    }

    private static int lineOfCall(CompilationUnit unit, String method) {
        return unit.findAll(MethodCallExpr.class).stream()
                .filter(c -> c.getNameAsString().equals(method))
                .findFirst().orElseThrow(() -> new AssertionError("no call to " + method))
                .getBegin().orElseThrow().line;
    }

    @Test
    void scriptletsAndExpressionsKeepTheirJspLines() {
        ScannedJsp scanned = scanner.scanPage(jsp("web/catalog/product.jsp", """
                <%@ page import="java.util.*, shop.catalog.CatalogHelper" %>
                <html><body>
                <% CatalogHelper helper = new CatalogHelper();
                   List items = helper.findItems(request.getParameter("cat")); %>
                <ul>
                <% for (Iterator it = items.iterator(); it.hasNext(); ) { Object item = it.next(); %>
                  <li><%= helper.describe(item) %></li> <%= helper.price(item) %>
                <% } %>
                </ul>
                </body></html>
                """), "/catalog/product.jsp");

        assertThat(scanned.diagnostics()).isEmpty();
        JspUnit unit = scanned.unit();
        CompilationUnit cu = unit.unit();
        assertThat(unit.syntheticClassName()).isEqualTo("jsp_._catalog_product_jsp");
        assertThat(unit.graphClassName()).isEqualTo("jsp:/catalog/product.jsp");
        assertThat(cu.getPackageDeclaration().orElseThrow().getNameAsString()).isEqualTo("jsp_");
        assertThat(cu.getClassByName("_catalog_product_jsp")).isPresent();
        assertThat(cu.getImports()).extracting(ImportDeclaration::toString).map(String::strip)
                .contains("import java.util.*;", "import shop.catalog.CatalogHelper;", "import javax.servlet.http.*;");
        MethodDeclaration service = cu.findFirst(MethodDeclaration.class).orElseThrow();
        assertThat(service.getNameAsString()).isEqualTo("_jspService");
        assertThat(service.getParameters()).extracting(p -> p.getType().asString())
                .containsExactly("javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
        assertThat(cu.findAll(VariableDeclarator.class)).filteredOn(v -> v.getBegin().orElseThrow().line == 1)
                .extracting(VariableDeclarator::getNameAsString)
                .contains("out", "session", "application", "pageContext", "config", "page");
        assertThat(lineOfCall(cu, "findItems")).isEqualTo(4);
        assertThat(lineOfCall(cu, "iterator")).isEqualTo(6);
        assertThat(lineOfCall(cu, "describe")).isEqualTo(7);
        assertThat(lineOfCall(cu, "price")).isEqualTo(7);
    }

    @Test
    void useBeanBecomesALocalVariableOfTheBeanType() {
        JspUnit unit = scanner.scan(jsp("cart.jsp", """
                <%@ page import="shop.*" %>
                <jsp:useBean id="cart" class="shop.ShoppingCart" scope="session"/>
                <jsp:useBean id="helper" type="shop.Helper" class="shop.HelperImpl" />
                Total: <jsp:getProperty name="cart" property="total"/>
                <% cart.add(helper.item()); %>
                """), "/cart.jsp");

        CompilationUnit cu = unit.unit();
        VariableDeclarator cart = cu.findAll(VariableDeclarator.class).stream()
                .filter(v -> v.getNameAsString().equals("cart")).findFirst().orElseThrow();
        assertThat(cart.getType().asString()).isEqualTo("shop.ShoppingCart");
        assertThat(cart.getBegin().orElseThrow().line).isEqualTo(2);
        VariableDeclarator helper = cu.findAll(VariableDeclarator.class).stream()
                .filter(v -> v.getNameAsString().equals("helper")).findFirst().orElseThrow();
        assertThat(helper.getType().asString()).isEqualTo("shop.Helper");
        assertThat(lineOfCall(cu, "setAttribute")).isEqualTo(2);
        assertThat(lineOfCall(cu, "getTotal")).isEqualTo(4);
        assertThat(lineOfCall(cu, "add")).isEqualTo(5);
        assertThat(unit.tags()).extracting(t -> t.prefix() + ":" + t.name())
                .containsExactly("jsp:directive.page", "jsp:useBean", "jsp:useBean", "jsp:getProperty");
        assertThat(unit.tags().get(1).attributes()).containsEntry("scope", "session").containsEntry("id", "cart");
        assertThat(unit.tags().get(1).line()).isEqualTo(2);
    }

    @Test
    void taglibBoundCustomTagsAreRecordedWithTheirUri() {
        JspUnit unit = scanner.scan(jsp("report.jsp", """
                <%@ taglib prefix="sql" uri="http://java.sun.com/jsp/jstl/sql" %>
                <%@ taglib prefix="c" uri="http://java.sun.com/jsp/jstl/core" %>
                <sql:setDataSource var="db" dataSource="jdbc/Shop"/>
                <sql:query var="rows" dataSource="${db}"
                    sql="select * from item where id = ?">
                  <sql:param value="<%= request.getParameter("id") %>"/>
                </sql:query>
                <c:forEach items="${rows.rows}" var="r">${r.name}</c:forEach>
                <fb:like href="x"/>
                """), "/report.jsp");

        assertThat(unit.tags()).filteredOn(t -> !t.name().startsWith("directive."))
                .extracting(t -> t.prefix() + ":" + t.name() + "@" + t.line() + " " + t.taglibUri())
                .containsExactly(
                        "sql:setDataSource@3 http://java.sun.com/jsp/jstl/sql",
                        "sql:query@4 http://java.sun.com/jsp/jstl/sql",
                        "sql:param@6 http://java.sun.com/jsp/jstl/sql",
                        "c:forEach@8 http://java.sun.com/jsp/jstl/core");
        JspTag query = unit.tags().stream().filter(t -> t.name().equals("query")).findFirst().orElseThrow();
        assertThat(query.attributes()).containsEntry("sql", "select * from item where id = ?")
                .containsEntry("var", "rows").containsEntry("dataSource", "${db}");
        JspTag param = unit.tags().stream().filter(t -> t.name().equals("param")).findFirst().orElseThrow();
        assertThat(param.attributes()).containsEntry("value", "<%= request.getParameter(\"id\") %>");
        assertThat(lineOfCall(unit.unit(), "getParameter")).isEqualTo(6);
    }

    @Test
    void brokenScriptletGivesADiagnosticWithTheJspLineAndStillAUnit() {
        ScannedJsp scanned = scanner.scanPage(jsp("broken.jsp", """
                <%@ page import="shop.*" %>
                <jsp:include page="header.jsp"/>
                <% int x = ; %>
                <% if (x > 0) { %>
                """), "/broken.jsp");

        assertThat(scanned.diagnostics()).isNotEmpty().allSatisfy(d -> {
            assertThat(d.level()).isEqualTo(Diagnostic.Level.ERROR);
            assertThat(d.location().file()).isEqualTo("broken.jsp");
        });
        assertThat(scanned.diagnostics().get(0).location().line()).isEqualTo(3);
        assertThat(scanned.unit().unit().getTypes()).isNotEmpty();
        assertThat(scanned.unit().tags()).extracting(JspTag::name).contains("include");
    }

    @Test
    void unclosedScriptletIsReportedNotThrown() {
        ScannedJsp scanned = scanner.scanPage(jsp("open.jsp", "<html>\n<% foo(); \n"), "/open.jsp");

        assertThat(scanned.diagnostics()).anySatisfy(d -> {
            assertThat(d.location().line()).isEqualTo(2);
            assertThat(d.message()).contains("not closed");
        });
    }

    @Test
    void declarationsBecomeMembersAndCommentsAreIgnored() {
        ScannedJsp scanned = scanner.scanPage(jsp("decl.jsp", """
                <%-- <% this is not code %> --%>
                <%! private int hits; int count() { return ++hits; } %>
                <p><%= count() %></p>
                """), "/decl.jsp");

        assertThat(scanned.diagnostics()).isEmpty();
        CompilationUnit cu = scanned.unit().unit();
        assertThat(cu.findAll(MethodDeclaration.class)).extracting(MethodDeclaration::getNameAsString)
                .containsExactlyInAnyOrder("_jspService", "count");
        assertThat(lineOfCall(cu, "count")).isEqualTo(3);
    }

    @Test
    void xmlSyntaxElementsAndNamespacesAreUnderstood() {
        ScannedJsp scanned = scanner.scanPage(jsp("page.jspx", """
                <jsp:root xmlns:jsp="http://java.sun.com/JSP/Page" xmlns:c="http://java.sun.com/jsp/jstl/core" version="2.0">
                  <jsp:directive.page import="jakarta.servlet.http.Cookie"/>
                  <jsp:scriptlet>if (request.getCookies().length &gt; 0) { </jsp:scriptlet>
                  <c:out value="x"/>
                  <jsp:expression>load(<![CDATA["a<b"]]>)</jsp:expression>
                  <jsp:scriptlet>}</jsp:scriptlet>
                  <jsp:declaration>String load(String s) { return s; }</jsp:declaration>
                </jsp:root>
                """), "/page.jspx");

        assertThat(scanned.diagnostics()).isEmpty();
        CompilationUnit cu = scanned.unit().unit();
        assertThat(lineOfCall(cu, "getCookies")).isEqualTo(3);
        assertThat(lineOfCall(cu, "load")).isEqualTo(5);
        assertThat(cu.findFirst(MethodDeclaration.class).orElseThrow().getParameter(0).getType().asString())
                .isEqualTo("jakarta.servlet.http.HttpServletRequest");
        assertThat(scanned.unit().tags()).extracting(t -> t.prefix() + ":" + t.name())
                .contains("jsp:root", "jsp:directive.page", "c:out");
    }

    @Test
    void carriageReturnOnlyPagesKeepLines() {
        ScannedJsp scanned = scanner.scanPage(jsp("cr.jsp", "<html>\r<body>\r<% first(); %>\r\r<%= second() %>\r"), "/cr.jsp");

        assertThat(scanned.diagnostics()).isEmpty();
        assertThat(lineOfCall(scanned.unit().unit(), "first")).isEqualTo(3);
        assertThat(lineOfCall(scanned.unit().unit(), "second")).isEqualTo(5);
    }

    @Test
    void trailingLineCommentDoesNotSwallowTheNextFragment() {
        ScannedJsp scanned = scanner.scanPage(jsp("c.jsp", "<% first(); // note %><%= second() %>\n<% third(); %>"), "/c.jsp");

        assertThat(scanned.diagnostics()).isEmpty();
        CompilationUnit cu = scanned.unit().unit();
        assertThat(cu.findAll(MethodCallExpr.class)).extracting(MethodCallExpr::getNameAsString)
                .contains("first", "second", "third");
        assertThat(lineOfCall(cu, "first")).isEqualTo(1);
    }

    @Test
    void classNamesAreValidIdentifiers() {
        assertThat(SyntheticServlet.className("/catalog/product.jsp")).isEqualTo("_catalog_product_jsp");
        assertThat(SyntheticServlet.className("/a-b/my page_1.jsp")).isEqualTo("_a_002db_my_0020page_005f1_jsp");
        assertThat(SyntheticServlet.className("/übersicht.jsp")).isEqualTo("_übersicht_jsp");
    }

    @Test
    void pagePathOfATreeWithoutWebInfIsRelativeToItsConventionalWebRoot() {
        assertThat(JspScanner.pagePath(new TextFile("src/docroot/catalog/product.jsp", null, "<p/>", "ISO-8859-1")))
                .isEqualTo("/catalog/product.jsp");
        assertThat(JspScanner.pagePath(new TextFile("WebContent/index.jsp", null, "<p/>", "UTF-8"))).isEqualTo("/index.jsp");
        assertThat(JspScanner.pagePath(new TextFile("pages/index.jsp", null, "<p/>", "UTF-8"))).isEqualTo("/pages/index.jsp");
    }

    @Test
    void pagePathIsRelativeToTheFolderHoldingWebInf(@TempDir Path temp) throws IOException {
        Path webapp = temp.resolve("src/main/webapp");
        Files.createDirectories(webapp.resolve("WEB-INF"));
        Path page = Files.createDirectories(webapp.resolve("catalog")).resolve("product.jsp");
        Files.writeString(page, "<p/>");
        Path loose = Files.createDirectories(temp.resolve("other")).resolve("x.jsp");
        Files.writeString(loose, "<p/>");

        assertThat(JspScanner.pagePath(new TextFile("src/main/webapp/catalog/product.jsp", page, "<p/>", "UTF-8")))
                .isEqualTo("/catalog/product.jsp");
        assertThat(JspScanner.pagePath(new TextFile("other/x.jsp", loose, "<p/>", "UTF-8"))).isEqualTo("/other/x.jsp");
        assertThat(JspScanner.pagePath(new TextFile("a.ear!/shop.war!/cart/view.jsp", temp.resolve("nope/view.jsp"),
                "", "UTF-8"))).isEqualTo("/cart/view.jsp");
    }

    @Test
    void scanAllScansEveryPage() {
        List<ScannedJsp> all = scanner.scanAll(List.of(jsp("a.jsp", "<%= 1 %>"), jsp("b.jsp", "<% x( %>")));

        assertThat(all).extracting(s -> s.unit().pagePath()).containsExactly("/a.jsp", "/b.jsp");
        assertThat(all.get(0).diagnostics()).isEmpty();
        assertThat(all.get(1).diagnostics()).isNotEmpty();
    }

    private static List<String> callsOnLine(CompilationUnit unit, int line) {
        return unit.findAll(MethodCallExpr.class).stream()
                .filter(c -> c.getBegin().orElseThrow().line == line)
                .map(MethodCallExpr::toString).toList();
    }

    @Test
    void elPropertyReadsOfAPageBeanBecomeGetterCallsOnTheirLines() {
        ScannedJsp scanned = scanner.scanPage(jsp("item.jsp", """
                <%@ taglib prefix="c" uri="http://java.sun.com/jstl/core" %>
                <jsp:useBean id="catalog" class="shop.CatalogHelper" scope="session"/>
                <c:set value="${param.item_id}" target="${catalog}" property="itemId"/>
                <c:set value="${catalog.item}" var="item"/>
                <h1>${catalog.categories.list} ${sessionScope.catalog.title}</h1>
                <c:out value="${item.name}"/> ${param.q} <a href="x?id=${ not empty catalog.page.next }">next</a>
                <c:set var="helper" value="${catalog}"/>
                <c:if test="${helper.admin and helper.summary() != 'catalog.hidden'}">x</c:if>
                \\${catalog.secret}
                """), "/item.jsp");

        assertThat(scanned.diagnostics()).isEmpty();
        CompilationUnit cu = scanned.unit().unit();
        assertThat(callsOnLine(cu, 3)).isEmpty();
        assertThat(callsOnLine(cu, 4)).containsExactly("out.print(catalog.getItem())", "catalog.getItem()");
        assertThat(callsOnLine(cu, 5)).contains("catalog.getCategories().getList()", "catalog.getTitle()");
        // item and param are not page beans: their types are unknown, so nothing is read from them
        assertThat(callsOnLine(cu, 6)).containsExactly("out.print(catalog.getPage().getNext())",
                "catalog.getPage().getNext()", "catalog.getPage()");
        assertThat(callsOnLine(cu, 8)).contains("helper.getAdmin()", "helper.summary()")
                .noneMatch(c -> c.contains("getHidden"));
        assertThat(cu.findAll(com.github.javaparser.ast.body.VariableDeclarator.class))
                .filteredOn(v -> v.getNameAsString().equals("helper"))
                .singleElement().satisfies(v -> assertThat(v.getType().asString()).isEqualTo("shop.CatalogHelper"));
        assertThat(callsOnLine(cu, 9)).isEmpty();
    }

    @Test
    void elOfANameNoBeanDeclaresIsNotACall() {
        JspUnit unit = scanner.scan(jsp("list.jsp", """
                <%@ taglib prefix="c" uri="http://java.sun.com/jsp/jstl/core" %>
                ${catalog.products}
                <c:forEach var="p" items="${catalog.products}">${p.name}</c:forEach>
                """), "/list.jsp");

        assertThat(unit.unit().findAll(MethodCallExpr.class)).extracting(MethodCallExpr::getNameAsString)
                .doesNotContain("getProducts", "getName");
    }

    @Test
    void forEachBodyRunsInALoopAndItsItemsOnceBeforeIt() {
        JspUnit unit = scanner.scan(jsp("sidebar.jsp", """
                <%@ taglib prefix="c" uri="/WEB-INF/c.tld" %>
                <jsp:useBean id="catalog" class="shop.CatalogHelper" scope="session"/>
                <c:forEach var="item" items="${catalog.categories.list}" >
                  <a href="c?id=<c:out value="${item.id}"/>">${catalog.label}</a>
                  <% catalog.track(); %>
                </c:forEach>
                <c:forEach var="x" items="${catalog.tags}"/>
                ${catalog.footer}
                """), "/sidebar.jsp");

        CompilationUnit cu = unit.unit();
        assertThat(callsOnLine(cu, 3)).contains("catalog.getCategories().getList()");
        assertThat(inLoop(cu, "getList")).isFalse();
        assertThat(inLoop(cu, "getLabel")).isTrue();
        assertThat(inLoop(cu, "track")).isTrue();
        // an iteration tag without a body, and what follows the end tag, run once
        assertThat(inLoop(cu, "getTags")).isFalse();
        assertThat(inLoop(cu, "getFooter")).isFalse();
        assertThat(cu.findAll(com.github.javaparser.ast.stmt.ForStmt.class)).hasSize(1);
    }

    private static boolean inLoop(CompilationUnit unit, String method) {
        return unit.findAll(MethodCallExpr.class).stream()
                .filter(c -> c.getNameAsString().equals(method))
                .findFirst().orElseThrow(() -> new AssertionError("no call to " + method))
                .findAncestor(com.github.javaparser.ast.stmt.ForStmt.class).isPresent();
    }
}
