package io.wanlint.bench;

import io.wanlint.bench.DomainModule.Field;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Writes the web tier of one domain module: one servlet per façade use case (each makes exactly one
 * façade call per request, through a stub cached in {@code init()}), a request-parsing helper, the
 * JSPs, and the servlets, helpers and JSPs of the planted patterns.
 */
final class WebTierSources {
    private final Random random;
    private final PlainLogic logic;
    private final int year;
    private final List<GeneratedFile> out = new ArrayList<>();
    private final List<WebComponent> servlets = new ArrayList<>();
    private final List<Planted> planted = new ArrayList<>();

    /** A servlet as web.xml declares it, and how many HTTP methods (entry points) it implements. */
    record WebComponent(String className, String urlPattern, int entryPoints) {}

    /** A remote view a servlet looks up once in {@code init()} and keeps in a field. */
    private record Stub(String field, DomainModule module, Kind kind) {
        enum Kind { FACADE, HISTORY_HOME, WORKSHEET_HOME }
    }

    WebTierSources(Random random, PlainLogic logic, int year) {
        this.random = random;
        this.logic = logic;
        this.year = year;
    }

    List<GeneratedFile> files() { return List.copyOf(out); }
    List<WebComponent> servlets() { return List.copyOf(servlets); }
    List<Planted> planted() { return List.copyOf(planted); }

    /** Writes the module's web tier; {@link #files}, {@link #servlets} and {@link #planted} then describe it alone. */
    void write(DomainModule m) {
        out.clear();
        servlets.clear();
        planted.clear();
        formHelper(m);
        String vo = m.valueClass();
        String n = m.name();
        String folder = m.webFolder();
        String f = "facade";
        servlet(m, "View" + n + "Servlet", "view", "GET", anyStyle(), List.of(facadeStub(m, f)), List.of(m.fqn("vo", vo)), s -> {
            requireId(s);
            s.line(vo + " value = " + f + ".get" + n + "(id);");
            s.line("request.setAttribute(\"" + m.lower() + "\", value);");
            s.line("request.getRequestDispatcher(\"/" + folder + "/view.jsp\").forward(request, response);");
        });
        servlet(m, "Update" + n + "Servlet", "update", "POST", anyStyle(), List.of(facadeStub(m, f)), List.of(m.fqn("vo", vo)), s -> {
            s.line(vo + " value = " + n + "Form.toValue(request);");
            s.line(f + ".update" + n + "(value);");
            s.line("response.sendRedirect(request.getContextPath() + \"/" + folder + "/view?id=\" + value.getId());");
        });
        servlet(m, "Create" + n + "Servlet", "create", "POST", anyStyle(), List.of(facadeStub(m, f)), List.of(m.fqn("vo", vo)), s -> {
            s.line(vo + " value = " + n + "Form.toValue(request);");
            s.line("String id = " + f + ".create" + n + "(value);");
            s.line("response.sendRedirect(request.getContextPath() + \"/" + folder + "/view?id=\" + id);");
        });
        servlet(m, "List" + n + "Servlet", "list", "GET", anyStyle(), List.of(facadeStub(m, f)), List.of("java.util.List"), s -> {
            s.line("String status = request.getParameter(\"status\");");
            s.line("List rows = " + f + ".list" + n + "s(status == null ? \"OPEN\" : status);");
            s.line("request.setAttribute(\"rows\", rows);");
            s.line("request.getRequestDispatcher(\"/" + folder + "/list.jsp\").forward(request, response);");
        });
        servlet(m, n + "SummaryServlet", "summary", "GET", anyStyle(), List.of(facadeStub(m, f)),
                List.of("java.io.PrintWriter", "java.util.Iterator", "java.util.Map"), s -> {
            s.line("Map counts = " + f + ".summarize" + n + "s();");
            summaryTable(s, n);
        });
        if (m.has(PlantedPattern.HTTP_IN_TRANSACTION)) {
            servlet(m, "Publish" + n + "Servlet", "publish", "POST", anyStyle(), List.of(facadeStub(m, f)), List.of(m.fqn("vo", vo)), s -> {
                s.line(vo + " value = " + n + "Form.toValue(request);");
                s.line(f + ".publish" + n + "(value);");
                s.line("response.sendRedirect(request.getContextPath() + \"/" + folder + "/view?id=\" + value.getId());");
            });
        }
        if (m.notifyPartner()) {
            servlet(m, "Notify" + n + "Servlet", "notify", "POST", anyStyle(), List.of(facadeStub(m, f)), List.of(m.fqn("vo", vo)), s -> {
                s.line(vo + " value = " + n + "Form.toValue(request);");
                s.line(f + ".notify" + n + "(value);");
                s.line("response.sendRedirect(request.getContextPath() + \"/" + folder + "/view?id=\" + value.getId());");
            });
        }
        if (m.has(PlantedPattern.READ_ONLY_ENTITY)) {
            servlet(m, m.referenceEntity() + "Servlet", "type", "GET", anyStyle(), List.of(facadeStub(m, f)),
                    List.of("java.io.PrintWriter"), s -> {
                s.line("String code = request.getParameter(\"code\");");
                s.line("String label = " + f + ".describe" + m.referenceEntity() + "(code);");
                s.line("response.setContentType(\"text/plain\");");
                s.line("PrintWriter out = response.getWriter();");
                s.line("out.println(label);");
            });
        }
        if (m.stateful()) worksheetServlet(m);
        if (m.has(PlantedPattern.CHATTY_FACADE_SERVLET)) {
            String cls = n + "DashboardServlet";
            servlet(m, cls, "dashboard", "GET", 0, List.of(facadeStub(m, f)),
                    List.of("java.util.List", "java.util.Map", m.fqn("vo", vo)), s -> {
                requireId(s);
                s.line(vo + " value = " + f + ".get" + n + "(id);");
                s.line("List open = " + f + ".list" + n + "s(\"OPEN\");");
                s.line("Map counts = " + f + ".summarize" + n + "s();");
                s.line("request.setAttribute(\"" + m.lower() + "\", value);");
                s.line("request.setAttribute(\"rows\", open);");
                s.line("request.setAttribute(\"counts\", counts);");
                s.line("request.getRequestDispatcher(\"/" + folder + "/view.jsp\").forward(request, response);");
            });
            planted.add(new Planted(RuleId.WAN001, PlantedPattern.CHATTY_FACADE_SERVLET, m.file("web", cls), m.fqn("web", cls), "doGet"));
        }
        if (m.has(PlantedPattern.TWO_FACADES_SERVLET)) {
            DomainModule p = m.partner();
            String cls = n + "OverviewServlet";
            servlet(m, cls, "overview", "GET", 0, List.of(facadeStub(m, f), facadeStub(p, "partnerFacade")),
                    List.of("java.util.Map", m.fqn("vo", vo)), s -> {
                requireId(s);
                s.line(vo + " value = " + f + ".get" + n + "(id);");
                s.line("Map related = partnerFacade.summarize" + p.name() + "s();");
                s.line("request.setAttribute(\"" + m.lower() + "\", value);");
                s.line("request.setAttribute(\"counts\", related);");
                s.line("request.getRequestDispatcher(\"/" + folder + "/view.jsp\").forward(request, response);");
            });
            planted.add(new Planted(RuleId.WAN001, PlantedPattern.TWO_FACADES_SERVLET, m.file("web", cls), m.fqn("web", cls), "doGet"));
            planted.add(new Planted(RuleId.WAN002, PlantedPattern.TWO_FACADES_SERVLET, m.file("web", cls), m.fqn("web", cls), "doGet"));
        }
        if (m.has(PlantedPattern.REMOTE_ENTITY_SERVLET)) historyServlet(m);
        if (m.has(PlantedPattern.WEB_HELPER_JDBC)) reportServlet(m);
        jsps(m);
    }

    /** 0: only the primary HTTP method; 1 of 3 servlets also answer the other one by delegating (two entry points). */
    private int anyStyle() { return random.nextInt(3) == 0 ? 1 : 0; }

    private static void requireId(SourceText s) {
        s.line("String id = request.getParameter(\"id\");");
        s.open("if (id == null || id.length() == 0)");
        s.line("response.sendError(HttpServletResponse.SC_BAD_REQUEST, \"missing id\");").line("return;");
        s.close();
    }

    private static void summaryTable(SourceText s, String n) {
        s.line("response.setContentType(\"text/html\");");
        s.line("PrintWriter out = response.getWriter();");
        s.line("out.println(\"<html><head><title>" + n + " summary</title></head><body><table>\");");
        s.open("for (Iterator it = counts.keySet().iterator(); it.hasNext();)");
        s.line("Object status = it.next();");
        s.line("out.println(\"<tr><td>\" + status + \"</td><td>\" + counts.get(status) + \"</td></tr>\");");
        s.close();
        s.line("out.println(\"</table></body></html>\");");
    }

    private static Stub facadeStub(DomainModule m, String field) { return new Stub(field, m, Stub.Kind.FACADE); }

    private SourceText start(String pkg) {
        return new SourceText().javaHeader("Acme Corporation", year).line("package " + pkg + ";").blank();
    }

    /**
     * One servlet: stubs cached in {@code init()}, the body in the primary HTTP method inside a try
     * whose catch clauses match what the stubs' methods throw.
     *
     * @param style 0: the primary method only; 1: the other method delegates to it
     */
    private void servlet(DomainModule m, String cls, String action, String verb, int style, List<Stub> stubs,
                         List<String> extraImports, Consumer<SourceText> body) {
        boolean ejb2Session = stubs.stream().anyMatch(st -> st.kind() == Stub.Kind.FACADE && !st.module().ejb3());
        boolean remoteEntity = stubs.stream().anyMatch(st -> st.kind() == Stub.Kind.HISTORY_HOME);
        boolean localSession = stubs.stream().anyMatch(st -> st.kind() == Stub.Kind.WORKSHEET_HOME);
        boolean facade = stubs.stream().anyMatch(st -> st.kind() == Stub.Kind.FACADE);
        Set<String> imports = new LinkedHashSet<>();
        imports.add("java.io.IOException");
        if (ejb2Session || remoteEntity) imports.add("java.rmi.RemoteException");
        imports.addAll(extraImports);
        if (ejb2Session || localSession) imports.add("javax.ejb.CreateException");
        if (remoteEntity) imports.add("javax.ejb.FinderException");
        imports.add("javax.naming.InitialContext");
        imports.add("javax.naming.NamingException");
        if (ejb2Session || remoteEntity) imports.add("javax.rmi.PortableRemoteObject");
        imports.add("javax.servlet.ServletException");
        imports.add("javax.servlet.http.HttpServlet");
        imports.add("javax.servlet.http.HttpServletRequest");
        imports.add("javax.servlet.http.HttpServletResponse");
        if (facade) imports.add(EjbTierSources.COMMON + ".ErpException");
        for (Stub st : stubs) {
            DomainModule sm = st.module();
            switch (st.kind()) {
                case FACADE -> {
                    imports.add(sm.fqn("ejb", sm.facadeView()));
                    if (!sm.ejb3()) imports.add(sm.fqn("ejb", sm.facade() + "Home"));
                }
                case HISTORY_HOME -> {
                    imports.add(sm.fqn("ejb", sm.historyEntity()));
                    imports.add(sm.fqn("ejb", sm.historyEntity() + "Home"));
                }
                case WORKSHEET_HOME -> {
                    imports.add(sm.fqn("ejb", sm.worksheet() + "Local"));
                    imports.add(sm.fqn("ejb", sm.worksheet() + "LocalHome"));
                }
            }
        }
        SourceText s = start(m.pkg("web"));
        List<String> sorted = new ArrayList<>(imports);
        sorted.sort(null);
        String group = "";
        for (String i : sorted) {
            String g = i.substring(0, i.indexOf('.'));
            if (!group.isEmpty() && !g.equals(group)) s.blank();
            group = g;
            s.line("import " + i + ";");
        }
        s.blank().line("/**").line(" * Handles /" + m.webFolder() + "/" + action + ".").line(" */");
        s.open("public class " + cls + " extends HttpServlet");
        for (Stub st : stubs) {
            String type = switch (st.kind()) {
                case FACADE -> st.module().facadeView();
                case HISTORY_HOME -> st.module().historyEntity() + "Home";
                case WORKSHEET_HOME -> st.module().worksheet() + "LocalHome";
            };
            s.line("private " + type + " " + st.field() + ";");
        }
        if (!stubs.isEmpty()) init(s, stubs, ejb2Session);
        String primary = verb.equals("GET") ? "doGet" : "doPost";
        String other = verb.equals("GET") ? "doPost" : "doGet";
        String signature = "(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException";
        s.blank().open("protected void " + primary + signature);
        s.open("try");
        body.accept(s);
        if (facade) s.reopen("catch (ErpException e)").line("throw new ServletException(e.getMessage(), e);");
        if (remoteEntity) s.reopen("catch (FinderException e)").line("response.sendError(HttpServletResponse.SC_NOT_FOUND, e.getMessage());");
        if (localSession) s.reopen("catch (CreateException e)").line("throw new ServletException(\"cannot create the worksheet\", e);");
        if (ejb2Session || remoteEntity) s.reopen("catch (RemoteException e)").line("throw new ServletException(\"the EJB server is unreachable\", e);");
        s.close();
        s.close();
        if (style == 1) {
            s.blank().open("protected void " + other + signature).line(primary + "(request, response);").close();
        }
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) logic.method(s, "private static");
        s.close();
        out.add(new GeneratedFile(m.file("web", cls), s.toString()));
        servlets.add(new WebComponent(m.fqn("web", cls), "/" + m.webFolder() + "/" + action, style == 1 ? 2 : 1));
    }

    private static void init(SourceText s, List<Stub> stubs, boolean ejb2Session) {
        s.blank().open("public void init() throws ServletException");
        s.open("try");
        s.line("InitialContext ic = new InitialContext();");
        for (Stub st : stubs) {
            DomainModule sm = st.module();
            switch (st.kind()) {
                case FACADE -> {
                    if (sm.ejb3()) {
                        s.line(st.field() + " = (" + sm.facadeView() + ") ic.lookup(\"erp/" + sm.facade() + "Bean/remote\");");
                    } else {
                        String home = sm.facade() + "Home";
                        String ref = st.field() + "Ref";
                        s.line("Object " + ref + " = ic.lookup(\"java:comp/env/ejb/" + sm.facade() + "\");");
                        s.line(home + " " + st.field() + "Home = (" + home + ") PortableRemoteObject.narrow(" + ref + ", " + home + ".class);");
                        s.line(st.field() + " = " + st.field() + "Home.create();");
                    }
                }
                case HISTORY_HOME -> {
                    String home = sm.historyEntity() + "Home";
                    s.line("Object ref = ic.lookup(\"java:comp/env/ejb/" + sm.historyEntity() + "\");");
                    s.line(st.field() + " = (" + home + ") PortableRemoteObject.narrow(ref, " + home + ".class);");
                }
                case WORKSHEET_HOME -> s.line(st.field() + " = (" + sm.worksheet() + "LocalHome) ic.lookup(\"java:comp/env/ejb/local/"
                        + sm.worksheet() + "\");");
            }
        }
        s.reopen("catch (NamingException e)").line("throw new ServletException(\"cannot look up the EJBs\", e);");
        if (ejb2Session) {
            s.reopen("catch (CreateException e)").line("throw new ServletException(\"cannot create the session façade\", e);");
            s.reopen("catch (RemoteException e)").line("throw new ServletException(\"the EJB server is unreachable\", e);");
        }
        s.close();
        s.close();
    }

    private void worksheetServlet(DomainModule m) {
        String w = m.worksheet();
        servlet(m, w + "Servlet", "worksheet", "POST", anyStyle(), List.of(new Stub("worksheetHome", m, Stub.Kind.WORKSHEET_HOME)),
                List.of("javax.servlet.http.HttpSession", m.fqn("vo", m.valueClass())), s -> {
            s.line("HttpSession session = request.getSession(true);");
            s.line(w + "Local worksheet = (" + w + "Local) session.getAttribute(\"" + m.lower() + "Worksheet\");");
            s.open("if (worksheet == null)");
            s.line("worksheet = worksheetHome.create(request.getRemoteUser() == null ? \"anonymous\" : request.getRemoteUser());");
            s.line("session.setAttribute(\"" + m.lower() + "Worksheet\", worksheet);");
            s.close();
            s.line(m.valueClass() + " item = " + m.name() + "Form.toValue(request);");
            s.line("worksheet.addItem(item);");
            s.line("request.setAttribute(\"rows\", worksheet.getItems());");
            s.line("request.getRequestDispatcher(\"/" + m.webFolder() + "/list.jsp\").forward(request, response);");
        });
    }

    /** The planted remote-entity servlet: finder, two getters, a getter and a setter on the remote view per request. */
    private void historyServlet(DomainModule m) {
        String h = m.historyEntity();
        String cls = h + "Servlet";
        servlet(m, cls, "history", "GET", 0, List.of(new Stub("historyHome", m, Stub.Kind.HISTORY_HOME)),
                List.of("java.io.PrintWriter"), s -> {
            requireId(s);
            s.line(h + " entry = historyHome.findByPrimaryKey(id);");
            s.line("String action = entry.getAction();");
            s.line("String actor = entry.getActor();");
            s.line("entry.setViewCount(entry.getViewCount() + 1);");
            s.line("response.setContentType(\"text/html\");");
            s.line("PrintWriter out = response.getWriter();");
            s.line("out.println(\"<html><body><p>\" + action + \" by \" + actor + \"</p></body></html>\");");
        });
        String file = m.file("web", cls);
        planted.add(new Planted(RuleId.WAN001, PlantedPattern.REMOTE_ENTITY_SERVLET, file, m.fqn("web", cls), "doGet"));
        planted.add(new Planted(RuleId.WAN002, PlantedPattern.REMOTE_ENTITY_SERVLET, file, m.fqn("web", cls), "doGet"));
        planted.add(new Planted(RuleId.WAN002, PlantedPattern.REMOTE_ENTITY_SERVLET, m.file("ejb", h + "Bean"),
                m.fqn("ejb", h + "Bean"), null));
    }

    /** The planted web-tier JDBC: a helper with one or two query methods, called by a servlet. */
    private void reportServlet(DomainModule m) {
        String helper = m.name() + "ReportHelper";
        String table = m.table();
        SourceText s = start(m.pkg("web"));
        for (String i : List.of("java.sql.Connection", "java.sql.PreparedStatement", "java.sql.ResultSet", "java.sql.SQLException",
                "java.util.ArrayList", "java.util.List")) s.line("import " + i + ";");
        s.blank().line("import javax.naming.InitialContext;").line("import javax.naming.NamingException;").line("import javax.sql.DataSource;").blank();
        s.line("/**").line(" * Report queries for the " + m.name() + " pages (written for the first release, before the façade).").line(" */");
        s.open("public class " + helper);
        s.line("private static DataSource dataSource;");
        s.blank().open("private static synchronized DataSource dataSource() throws NamingException");
        s.open("if (dataSource == null)").line("dataSource = (DataSource) new InitialContext().lookup(\"" + EjbTierSources.DATASOURCE + "\");").close();
        s.line("return dataSource;");
        s.close();
        s.blank().open("public List loadRecent(int max) throws SQLException, NamingException");
        s.line("Connection con = dataSource().getConnection();");
        s.open("try");
        s.line("PreparedStatement ps = con.prepareStatement(\"SELECT ID, STATUS FROM " + table + " ORDER BY ID DESC\");");
        s.line("ps.setMaxRows(max);");
        s.line("ResultSet rs = ps.executeQuery();");
        s.line("List rows = new ArrayList();");
        s.open("while (rs.next())").line("rows.add(rs.getString(1) + \" \" + rs.getString(2));").close();
        s.line("rs.close();").line("ps.close();").line("return rows;");
        s.reopen("finally").line("con.close();").close();
        s.close();
        String file = m.file("web", helper);
        planted.add(new Planted(RuleId.WAN003, PlantedPattern.WEB_HELPER_JDBC, file, m.fqn("web", helper), "loadRecent"));
        boolean second = m.helperJdbcMethods() > 1;
        if (second) {
            s.blank().open("public int countByStatus(String status) throws SQLException, NamingException");
            s.line("Connection con = dataSource().getConnection();");
            s.open("try");
            s.line("PreparedStatement ps = con.prepareStatement(\"SELECT COUNT(*) FROM " + table + " WHERE STATUS = ?\");");
            s.line("ps.setString(1, status);");
            s.line("ResultSet rs = ps.executeQuery();");
            s.line("int count = rs.next() ? rs.getInt(1) : 0;");
            s.line("rs.close();").line("ps.close();").line("return count;");
            s.reopen("finally").line("con.close();").close();
            s.close();
            planted.add(new Planted(RuleId.WAN003, PlantedPattern.WEB_HELPER_JDBC, file, m.fqn("web", helper), "countByStatus"));
        }
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) logic.method(s, "static");
        s.close();
        out.add(new GeneratedFile(file, s.toString()));

        servlet(m, m.name() + "ReportServlet", "report", "GET", anyStyle(), List.of(),
                List.of("java.io.PrintWriter", "java.sql.SQLException", "java.util.Iterator", "java.util.List"), b -> {
            b.line(helper + " helper = new " + helper + "();");
            b.line("List rows = helper.loadRecent(50);");
            if (second) b.line("int open = helper.countByStatus(\"OPEN\");");
            b.line("response.setContentType(\"text/html\");");
            b.line("PrintWriter out = response.getWriter();");
            b.line("out.println(\"<html><body><h1>" + m.name() + " report</h1><ul>\");");
            b.open("for (Iterator it = rows.iterator(); it.hasNext();)").line("out.println(\"<li>\" + it.next() + \"</li>\");").close();
            b.line("out.println(\"</ul>" + (second ? "<p>open: \" + open + \"</p>" : "") + "</body></html>\");");
            b.reopen("catch (SQLException e)").line("throw new ServletException(\"report query failed\", e);");
            b.reopen("catch (NamingException e)").line("throw new ServletException(\"no data source\", e);");
        });
    }

    /** Parses and validates request parameters into the value object; no data access. */
    private void formHelper(DomainModule m) {
        String cls = m.name() + "Form";
        String vo = m.valueClass();
        SourceText s = start(m.pkg("web"));
        s.line("import javax.servlet.ServletException;").line("import javax.servlet.http.HttpServletRequest;").blank();
        s.line("import " + m.fqn("vo", vo) + ";").blank();
        s.line("/**").line(" * Reads a " + m.name() + " form. Rejects malformed numbers with a ServletException.").line(" */");
        s.open("public final class " + cls);
        s.open("private " + cls + "()").close();
        s.blank().open("public static " + vo + " toValue(HttpServletRequest request) throws ServletException");
        s.line(vo + " value = new " + vo + "(trim(request.getParameter(\"id\")));");
        for (Field f : m.fields()) {
            String p = "request.getParameter(\"" + f.name() + "\")";
            switch (f.type()) {
                case STRING -> s.line("value." + f.setter() + "(trim(" + p + "));");
                case INT -> s.line("value." + f.setter() + "(toInt(\"" + f.name() + "\", " + p + "));");
                case DOUBLE -> s.line("value." + f.setter() + "(toDouble(\"" + f.name() + "\", " + p + "));");
            }
        }
        s.line("return value;");
        s.close();
        s.blank().open("private static String trim(String text)").line("return text == null ? \"\" : text.trim();").close();
        s.blank().open("private static int toInt(String name, String text) throws ServletException");
        s.open("if (text == null || text.trim().length() == 0)").line("return 0;").close();
        s.open("try").line("return Integer.parseInt(text.trim());");
        s.reopen("catch (NumberFormatException e)").line("throw new ServletException(name + \" is not a whole number: \" + text);").close();
        s.close();
        s.blank().open("private static double toDouble(String name, String text) throws ServletException");
        s.open("if (text == null || text.trim().length() == 0)").line("return 0.0;").close();
        s.open("try").line("return Double.parseDouble(text.trim());");
        s.reopen("catch (NumberFormatException e)").line("throw new ServletException(name + \" is not a number: \" + text);").close();
        s.close();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) logic.method(s, "static");
        s.close();
        out.add(new GeneratedFile(m.file("web", cls), s.toString()));
    }

    private void jsps(DomainModule m) {
        String vo = m.valueClass();
        String folder = "src/main/webapp/" + m.webFolder() + "/";
        StringBuilder view = new StringBuilder();
        view.append("<%@ page contentType=\"text/html; charset=UTF-8\" import=\"").append(m.fqn("vo", vo)).append("\" %>\n");
        view.append("<%-- ").append(m.name()).append(" details, filled in by View").append(m.name()).append("Servlet --%>\n");
        view.append("<html>\n<head><title>").append(m.name()).append("</title></head>\n<body>\n");
        view.append("<% ").append(vo).append(" v = (").append(vo).append(") request.getAttribute(\"").append(m.lower()).append("\"); %>\n");
        view.append("<% if (v == null) { %>\n  <p>No ").append(m.name().toLowerCase(java.util.Locale.ROOT)).append(" selected.</p>\n<% } else { %>\n");
        view.append("<h1>").append(m.name()).append(" <%= v.getId() %></h1>\n<table class=\"details\">\n");
        for (Field f : m.fields()) {
            view.append("  <tr><th>").append(f.cap()).append("</th><td><%= v.").append(f.getter()).append("() %></td></tr>\n");
        }
        view.append("</table>\n<p><a href=\"edit.jsp?id=<%= v.getId() %>\">Edit</a></p>\n<% } %>\n</body>\n</html>\n");
        out.add(new GeneratedFile(folder + "view.jsp", view.toString()));

        StringBuilder list = new StringBuilder();
        list.append("<%@ page contentType=\"text/html; charset=UTF-8\" import=\"java.util.*, ").append(m.fqn("vo", vo)).append("\" %>\n");
        list.append("<html>\n<head><title>").append(m.name()).append(" list</title></head>\n<body>\n<table class=\"list\">\n<tr>");
        for (Field f : m.fields()) list.append("<th>").append(f.cap()).append("</th>");
        list.append("</tr>\n<%\n  List rows = (List) request.getAttribute(\"rows\");\n  if (rows == null) {\n    rows = new ArrayList();\n  }\n");
        list.append("  int shown = 0;\n  for (Iterator it = rows.iterator(); it.hasNext(); shown++) {\n");
        list.append("    ").append(vo).append(" row = (").append(vo).append(") it.next();\n%>\n  <tr class=\"<%= shown % 2 == 0 ? \"even\" : \"odd\" %>\">");
        for (Field f : m.fields()) list.append("<td><%= row.").append(f.getter()).append("() %></td>");
        list.append("</tr>\n<% } %>\n</table>\n<p><%= shown %> rows</p>\n</body>\n</html>\n");
        out.add(new GeneratedFile(folder + "list.jsp", list.toString()));

        StringBuilder edit = new StringBuilder();
        edit.append("<%@ page contentType=\"text/html; charset=UTF-8\" %>\n<html>\n<head><title>Edit ").append(m.name()).append("</title></head>\n<body>\n");
        edit.append("<% String id = request.getParameter(\"id\"); if (id == null) { id = \"\"; } %>\n");
        edit.append("<form method=\"post\" action=\"<%= request.getContextPath() %>/").append(m.webFolder()).append("/update\">\n");
        edit.append("  <input type=\"hidden\" name=\"id\" value=\"<%= id %>\"/>\n");
        for (Field f : m.fields()) {
            edit.append("  <label>").append(f.cap()).append(" <input type=\"text\" name=\"").append(f.name()).append("\"/></label><br/>\n");
        }
        edit.append("  <input type=\"submit\" value=\"Save\"/>\n</form>\n</body>\n</html>\n");
        out.add(new GeneratedFile(folder + "edit.jsp", edit.toString()));

        if (m.has(PlantedPattern.JSP_SCRIPTLET_JDBC)) {
            StringBuilder r = new StringBuilder();
            r.append("<%@ page contentType=\"text/html; charset=UTF-8\" import=\"java.sql.*, javax.sql.DataSource, javax.naming.InitialContext\" %>\n");
            r.append("<html>\n<head><title>").append(m.name()).append(" statistics</title></head>\n<body>\n<table>\n");
            r.append("<%\n  DataSource ds = (DataSource) new InitialContext().lookup(\"").append(EjbTierSources.DATASOURCE).append("\");\n");
            r.append("  Connection con = ds.getConnection();\n  try {\n");
            r.append("    PreparedStatement ps = con.prepareStatement(\"SELECT STATUS, COUNT(*) FROM ").append(m.table())
                    .append(" GROUP BY STATUS\");\n");
            r.append("    ResultSet rs = ps.executeQuery();\n    while (rs.next()) {\n%>\n");
            r.append("  <tr><td><%= rs.getString(1) %></td><td><%= rs.getInt(2) %></td></tr>\n<%\n    }\n    rs.close();\n    ps.close();\n");
            r.append("  } finally {\n    con.close();\n  }\n%>\n</table>\n</body>\n</html>\n");
            String path = folder + "statistics.jsp";
            out.add(new GeneratedFile(path, r.toString()));
            planted.add(new Planted(RuleId.WAN003, PlantedPattern.JSP_SCRIPTLET_JDBC, path, "/" + m.webFolder() + "/statistics.jsp", null));
        }
    }
}
