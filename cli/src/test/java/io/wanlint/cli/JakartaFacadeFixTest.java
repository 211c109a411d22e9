package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-façade patches (WAN001, WAN002) on an EJB 3 application whose servlets call
 * {@code @EJB}-injected {@code @Remote @Stateless} beans (issue 6 acceptance): each patch applied
 * alone to a git copy passes {@code git apply --check}, compiles against the platform API, removes
 * the finding at the predicted round trips, and a second {@code fix} plans nothing for it. Runs on
 * the Jakarta EE 10 test application and on its {@code javax} (Java EE 8) twin.
 */
class JakartaFacadeFixTest {
    @TempDir Path temp;

    private record Run(int exit, String out, String err) {}

    /** One planned patch as {@code fix} printed it. */
    private record Planned(String ruleId, String className, int after, Path file) {}

    @Test
    void jakartaServletsGetAnInjectedStatelessFacadeThatCompilesAndCostsWhatItPredicted() throws Exception {
        Path app = gitCopy(temp.resolve("base"), false);
        List<Planned> planned = fixAll(app);
        Planned product = only(planned, "WAN002", "org.acme.chatty.web.ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+    @EJB\n+    private ProductFacade productFacade;\n")
                .contains("+        ProductData page = productFacade.getProduct(id);\n")
                .contains("+import jakarta.ejb.Remote;\n").contains("+@Remote\n+public interface ProductFacade {\n")
                .contains("+    ProductData getProduct(long id);\n")
                .contains("+@Stateless\n+public class ProductFacadeBean implements ProductFacade {\n")
                // The bean is injected with the beans the servlet used.
                .contains("+    @EJB\n+    private CatalogRemote catalog;\n").contains("+    private StockRemote stock;\n")
                // EJB 3 business methods do not declare RemoteException.
                .doesNotContain("RemoteException");
        Planned category = only(planned, "WAN002", "org.acme.chatty.web.CategoryServlet");
        assertThat(Files.readString(category.file()))
                .contains("+            int available = stock.available(id);\n")
                .contains("+            out.println(id + \": \" + row.getAvailable() + \" in stock\");\n");
        for (String servlet : List.of("ProductServlet", "CategoryServlet")) {
            String cls = "org.acme.chatty.web." + servlet;
            Planned wan001 = only(planned, "WAN001", cls);
            Planned wan002 = only(planned, "WAN002", cls);
            assertThat(Files.readString(wan001.file())).isEqualTo(Files.readString(wan002.file()));
            assertThat(wan002.after()).isEqualTo(1);
        }
        git(app, "apply", "--check", temp.resolve("patches/wanlint.patch").toString());

        acceptAlone(product, "/product", false);
        acceptAlone(category, "/category", false);
    }

    @Test
    void javaxServletsGetTheSameFacadeInJavaxEjb() throws Exception {
        Path app = gitCopy(temp.resolve("base"), true);
        List<Planned> planned = fixAll(app);
        Planned product = only(planned, "WAN002", "org.acme.chatty.web.ProductServlet");
        assertThat(Files.readString(product.file()))
                .contains("+import javax.ejb.Remote;\n").contains("+import javax.ejb.Stateless;\n").contains("+import javax.ejb.EJB;\n")
                .doesNotContain("jakarta.");
        acceptAlone(product, "/product", true);
        acceptAlone(only(planned, "WAN001", "org.acme.chatty.web.CategoryServlet"), "/category", true);
    }

    private List<Planned> fixAll(Path app) {
        Run fix = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--out", temp.resolve("patches").toString());
        assertThat(fix.exit()).as(fix.err()).isZero();
        assertThat(fix.out()).doesNotContain("no patch");
        return planned(fix.out());
    }

    private static Planned only(List<Planned> planned, String rule, String cls) {
        return planned.stream().filter(p -> p.ruleId().equals(rule) && p.className().equals(cls)).findFirst().orElseThrow();
    }

    /** (a)–(d) for one patch applied alone to a fresh git copy. */
    private void acceptAlone(Planned p, String entryPoint, boolean javax) throws Exception {
        Path app = gitCopy(temp.resolve("alone-" + p.file().getFileName()), javax);
        git(app, "apply", "--check", p.file().toString());
        git(app, "apply", p.file().toString());
        compile(app, javax);

        Run check = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(check.exit()).as(check.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(check.out());
        for (JsonNode f : report.get("findings")) {
            String rule = f.get("ruleId").asText();
            if (rule.equals("WAN001") || rule.equals("WAN002") || rule.equals("WAN007")) {
                assertThat(f.get("location").get("className").asText()).as(f.get("message").asText()).isNotEqualTo(p.className());
            }
        }
        int roundTrips = 0;
        int matched = 0;
        for (JsonNode ep : report.get("entryPoints")) {
            if (ep.get("id").asText().equals(entryPoint)) {
                roundTrips += ep.get("wanRoundTrips").asInt();
                matched++;
            }
        }
        assertThat(matched).as("entry point %s", entryPoint).isPositive();
        assertThat(roundTrips).as("round trips of %s after the patch", entryPoint).isEqualTo(p.after());

        Run second = wanlint("fix", app.toString(), "--rule", "WAN001", "--rule", "WAN002", "--rule", "WAN007",
                "--out", temp.resolve("again-" + p.file().getFileName()).toString());
        assertThat(second.exit()).as(second.err()).isZero();
        assertThat(second.out()).doesNotContain(" " + p.className() + " ");
    }

    private static final Pattern PLANNED = Pattern.compile(
            "^patch\\s+(WAN\\d{3}) (\\S+) \\([^)]*\\): .*\\n(?:.*\\n)*?\\s+WAN round trips .* -> (\\d+) .*\\n\\s+(\\S+\\.patch)$", Pattern.MULTILINE);

    private static List<Planned> planned(String out) {
        List<Planned> result = new ArrayList<>();
        Matcher m = PLANNED.matcher(out);
        while (m.find()) result.add(new Planned(m.group(1), m.group(2), Integer.parseInt(m.group(3)), Path.of(m.group(4))));
        assertThat(result).as(out).isNotEmpty();
        return result;
    }

    /** Compiles against one platform's API only, so that a stray {@code jakarta}/{@code javax} import fails. */
    private static void compile(Path app, boolean javax) throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(app)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> javax ? p.contains("javaee-api") : p.contains("jakarta.jakartaee-api"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(classPath).isNotEmpty();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, StandardCharsets.UTF_8)) {
            Path out = Files.createTempDirectory(app.getParent(), "classes");
            boolean ok = javac.getTask(null, fm, problems, List.of("-nowarn", "-proc:none", "-encoding", "UTF-8",
                    "-classpath", classPath, "-d", out.toString()), null, fm.getJavaFileObjectsFromPaths(sources)).call();
            assertThat(ok).as("javac: %s", problems.getDiagnostics()).isTrue();
        }
    }

    /** The test application, committed to a fresh repository; its javax twin differs only in the API package. */
    private static Path gitCopy(Path app, boolean javax) throws Exception {
        Path source;
        try {
            source = Path.of(JakartaFacadeFixTest.class.getResource("/apps/jakarta-chatty").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<Path> files = Files.walk(source)) {
            for (Path p : files.toList()) {
                Path target = app.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    String text = Files.readString(p, StandardCharsets.UTF_8);
                    Files.writeString(target, javax ? text.replace("import jakarta.", "import javax.") : text, StandardCharsets.UTF_8);
                }
            }
        }
        git(app, "init", "-q");
        git(app, "-c", "core.autocrlf=false", "add", "-A");
        git(app, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base");
        return app;
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    private static Run wanlint(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.mainWithoutExit(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
