package io.wanlint.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The application-wide classes (exception, partner gateway, servlet filters, the welcome page) and
 * the utility classes that bring the application to its requested size.
 */
final class CommonSources {
    private static final String PKG = EjbTierSources.COMMON;
    private static final String ROOT = "src/main/java/" + PKG.replace('.', '/') + "/";
    private static final String[] UTILITY_NOUNS = {"Formatter", "Validator", "Rules", "Codes", "Calendar", "Converter",
        "Checker", "Parser", "Calculator", "Normalizer"};

    private final Random random;
    private final PlainLogic logic;
    private final int year;
    private int utilities;

    CommonSources(Random random, PlainLogic logic, int year) {
        this.random = random;
        this.logic = logic;
        this.year = year;
    }

    private SourceText start(String pkg) {
        return new SourceText().javaHeader("Acme Corporation", year).line("package " + pkg + ";").blank();
    }

    List<GeneratedFile> fixed() {
        List<GeneratedFile> files = new ArrayList<>();
        SourceText s = start(PKG);
        s.line("/**").line(" * Business failure reported by the façades to the web tier.").line(" */");
        s.open("public class ErpException extends Exception");
        s.line("private static final long serialVersionUID = 1L;");
        s.blank().open("public ErpException(String message)").line("super(message);").close();
        s.blank().open("public ErpException(String message, Throwable cause)").line("super(message, cause);").close();
        s.close();
        files.add(new GeneratedFile(ROOT + "ErpException.java", s.toString()));

        s = start(PKG);
        s.line("import java.io.IOException;").line("import java.io.OutputStream;").line("import java.net.HttpURLConnection;")
                .line("import java.net.URL;").blank();
        s.line("/**").line(" * Posts documents to the partners' EDI gateway over HTTP.").line(" */");
        s.open("public final class PartnerGateway");
        s.open("private PartnerGateway()").close();
        s.blank().open("public static int post(String address, String body) throws ErpException");
        s.line("HttpURLConnection con = null;");
        s.open("try");
        s.line("URL url = new URL(address);");
        s.line("con = (HttpURLConnection) url.openConnection();");
        s.line("con.setRequestMethod(\"POST\");").line("con.setDoOutput(true);");
        s.line("con.setRequestProperty(\"Content-Type\", \"text/plain; charset=UTF-8\");");
        s.line("OutputStream out = con.getOutputStream();");
        s.open("try").line("out.write(body.getBytes(\"UTF-8\"));");
        s.reopen("finally").line("out.close();").close();
        s.line("int code = con.getResponseCode();");
        s.open("if (code >= 300)").line("throw new ErpException(\"partner answered HTTP \" + code);").close();
        s.line("return code;");
        s.reopen("catch (IOException e)").line("throw new ErpException(\"partner unreachable: \" + e.getMessage(), e);");
        s.reopen("finally");
        s.open("if (con != null)").line("con.disconnect();").close();
        s.close();
        s.close();
        s.close();
        files.add(new GeneratedFile(ROOT + "PartnerGateway.java", s.toString()));

        for (String filter : Descriptors.FILTERS) {
            s = start(PKG + ".web");
            s.line("import java.io.IOException;").blank();
            for (String i : List.of("javax.servlet.Filter", "javax.servlet.FilterChain", "javax.servlet.FilterConfig",
                    "javax.servlet.ServletException", "javax.servlet.ServletRequest", "javax.servlet.ServletResponse"))
                s.line("import " + i + ";");
            s.blank().line("/** Applied to every request (see web.xml). */");
            s.open("public class " + filter + " implements Filter");
            s.line("private FilterConfig config;");
            s.blank().open("public void init(FilterConfig config) throws ServletException").line("this.config = config;").close();
            s.blank().open("public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws IOException, ServletException");
            if (filter.startsWith("Character")) {
                s.open("if (request.getCharacterEncoding() == null)").line("request.setCharacterEncoding(\"UTF-8\");").close();
                s.line("chain.doFilter(request, response);");
            } else {
                s.line("long start = System.currentTimeMillis();");
                s.open("try").line("chain.doFilter(request, response);");
                s.reopen("finally");
                s.line("long millis = System.currentTimeMillis() - start;");
                s.open("if (millis > 2000 && config != null)").line("config.getServletContext().log(\"slow request: \" + millis + \" ms\");").close();
                s.close();
            }
            s.close();
            s.blank().open("public void destroy()").line("config = null;").close();
            s.close();
            files.add(new GeneratedFile(ROOT + "web/" + filter + ".java", s.toString()));
        }
        files.add(new GeneratedFile("src/main/webapp/index.jsp",
                "<%@ page contentType=\"text/html; charset=UTF-8\" %>\n<html>\n<head><title>Acme ERP</title></head>\n<body>\n"
                        + "<h1>Acme ERP</h1>\n<p>Signed in as <%= request.getRemoteUser() == null ? \"guest\" : request.getRemoteUser() %></p>\n"
                        + "</body>\n</html>\n"));
        return files;
    }

    /**
     * A utility class of about {@code lines} lines (50 to 400) made of plain business logic, in an
     * area's {@code util} package.
     */
    GeneratedFile utility(String area, int lines) {
        int target = Math.max(50, Math.min(400, lines));
        String cls = Character.toUpperCase(area.charAt(0)) + area.substring(1)
                + UTILITY_NOUNS[random.nextInt(UTILITY_NOUNS.length)] + (++utilities);
        String pkg = "com.acme.erp." + area + ".util";
        SourceText s = start(pkg);
        s.line("/**").line(" * Shared " + area + " rules, kept free of container APIs so batch jobs can use them too.").line(" */");
        s.open("public final class " + cls);
        s.open("private " + cls + "()").close();
        // A method adds about 15 lines (at most 31); stop before passing the target, and never past 400 lines.
        while (lineCount(s) + 16 < target && lineCount(s) + 32 <= 400) logic.method(s, "public static");
        s.close();
        return new GeneratedFile("src/main/java/" + pkg.replace('.', '/') + "/" + cls + ".java", s.toString());
    }

    private static int lineCount(SourceText s) {
        String t = s.toString();
        int n = 0;
        for (int i = 0; i < t.length(); i++) if (t.charAt(i) == '\n') n++;
        return n;
    }
}
