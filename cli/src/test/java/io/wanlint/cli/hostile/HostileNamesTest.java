package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static io.wanlint.cli.hostile.HostileApps.utf8;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileApps.zip;
import static org.assertj.core.api.Assertions.assertThat;

/** Names the analysed input chooses for itself: archive entry names, a class file's SourceFile attribute. */
class HostileNamesTest {
    /** A servlet that runs JDBC from the web tier: WAN003 reports it at its source file and line. */
    private static final String JDBC_SERVLET = """
            package shop;

            import java.io.IOException;
            import java.sql.Connection;
            import java.sql.ResultSet;
            import javax.naming.InitialContext;
            import javax.servlet.ServletException;
            import javax.servlet.http.HttpServlet;
            import javax.servlet.http.HttpServletRequest;
            import javax.servlet.http.HttpServletResponse;
            import javax.sql.DataSource;

            public class Orders extends HttpServlet {
                protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
                    try {
                        DataSource ds = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/shop");
                        Connection c = ds.getConnection();
                        ResultSet rs = c.prepareStatement("SELECT id FROM orders").executeQuery();
                        while (rs.next()) resp.getWriter().println(rs.getLong(1));
                        c.close();
                    } catch (Exception e) {
                        throw new ServletException(e);
                    }
                }
            }
            """;

    @TempDir Path dir;

    @Test
    void nulInAnArchiveEntryNameIsAnInvalidNameNotAnEscape() {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("WEB-INF/classes/evil\0.txt", utf8("nul"));
        entries.put("WEB-INF/web.xml", utf8(HostileApps.webXml("web.Good", "/good")));
        entries.put("WEB-INF/src/web/Good.java", utf8(HostileApps.servletSource("web", "Good")));
        Path war = write(dir.resolve("shop.war"), zip(entries));

        HostileRun.Outcome run = HostileRun.checkJson(war);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: shop.war: invalid entry name \"WEB-INF/classes/evil\\0.txt\" skipped: "
                + "it contains a NUL character").doesNotContain("written outside");
        assertThat(run.componentClasses()).contains("web.Good");
    }

    @Test
    void forgedSourceFileAttributeNeverPutsAPathOutsideTheAnalysedFolderIntoReports() throws IOException {
        Path app = dir.resolve("app");
        Path classes = compile(JDBC_SERVLET, app.resolve("WEB-INF/classes"));
        Path orders = classes.resolve("shop/Orders.class");
        Files.write(orders, withSourceFile(Files.readAllBytes(orders), "../../../../../../etc/hostname"));
        write(app.resolve("WEB-INF/web.xml"), HostileApps.webXml("shop.Orders", "/orders"));
        Path html = dir.resolve("report.html");

        HostileRun.Outcome sarif = HostileRun.wanlint(List.of(app), "check", app.toString(), "-o", "/dev/stdout",
                "--format", "sarif", "--fail-on", "never");
        HostileRun.Outcome json = HostileRun.wanlint(List.of(app), "check", app.toString(), "--format", "json",
                "--fail-on", "never");
        HostileRun.Outcome page = HostileRun.wanlint(List.of(app), "check", app.toString(), "-o", html.toString(),
                "--fail-on", "never");

        assertThat(sarif.exit()).isZero();
        assertThat(json.exit()).isZero();
        assertThat(page.exit()).isZero();
        List<String> files = new ArrayList<>();
        json.json().path("findings").forEach(f -> files.add(f.path("location").path("file").asText()));
        assertThat(files).as("WAN003 at the class file itself").contains("shop/Orders.class").noneMatch(f -> f.contains(".."));
        List<String> uris = sarif.json().findValuesAsText("uri");
        // relative to the repository root when the test's folder lies in a git work tree (RepositoryRoot)
        assertThat(uris).anyMatch(u -> u.equals("shop/Orders.class") || u.endsWith("/shop/Orders.class"))
                .noneMatch(u -> u.contains("..") || u.contains("etc/hostname"));
        String links = Files.readString(html);
        assertThat(links).contains("shop/Orders.class").doesNotContain("etc/hostname");
    }

    /** The class file with its SourceFile attribute replaced, as a forger would. */
    private static byte[] withSourceFile(byte[] classFile, String sourceFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override public void visitSource(String source, String debug) { super.visitSource(sourceFile, debug); }
        }, 0);
        return writer.toByteArray();
    }

    private Path compile(String source, Path classes) throws IOException {
        Path src = dir.resolve("javac-src");
        Path file = write(src.resolve("Orders.java"), source);
        Files.createDirectories(classes);
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("javaee-api")).collect(Collectors.joining(File.pathSeparator));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(null, fm, problems, List.of("-nowarn", "-proc:none", "-classpath", classPath, "-d",
                    classes.toString()), null, fm.getJavaFileObjectsFromPaths(List.of(file))).call();
            assertThat(ok).as("javac: %s", problems.getDiagnostics()).isTrue();
        }
        Files.delete(file);
        Files.delete(src);
        return classes;
    }

}
