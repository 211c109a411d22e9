package io.wanlint.cli.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Small applications and archives for the hostile-input tests, written into a test's folder. */
final class HostileApps {
    private HostileApps() {}

    /** A servlet that analyses cleanly: what must still show up next to the bad file. */
    static String servletSource(String pkg, String name) {
        return """
                package %s;

                import javax.servlet.http.HttpServlet;
                import javax.servlet.http.HttpServletRequest;
                import javax.servlet.http.HttpServletResponse;

                public class %s extends HttpServlet {
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                        response.setStatus(200);
                    }
                }
                """.formatted(pkg, name);
    }

    static String webXml(String servletClass, String url) {
        String name = servletClass.substring(servletClass.lastIndexOf('.') + 1);
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app>
                  <servlet><servlet-name>%1$s</servlet-name><servlet-class>%2$s</servlet-class></servlet>
                  <servlet-mapping><servlet-name>%1$s</servlet-name><url-pattern>%3$s</url-pattern></servlet-mapping>
                </web-app>
                """.formatted(name, servletClass, url);
    }

    /** {@code src/shop/Good.java}, a servlet found by its type alone (no descriptor needed). */
    static Path goodServlet(Path root) {
        write(root.resolve("src/shop/Good.java"), servletSource("shop", "Good"));
        return root;
    }

    static Path write(Path file, String text) {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A ZIP with these entries in this order (names are written as given, unsafe ones included). */
    static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] utf8(String text) { return text.getBytes(StandardCharsets.UTF_8); }
}
