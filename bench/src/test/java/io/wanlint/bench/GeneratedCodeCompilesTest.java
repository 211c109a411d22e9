package io.wanlint.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratedCodeCompilesTest {

    @Test
    void everyGeneratedJavaFileCompilesAgainstTheJavaEeAndRmiApis(@TempDir Path dir) throws Exception {
        // Every pattern and optional component in every module, so each template is compiled.
        GeneratedApp app = SyntheticApplication.generate(5_000, 42, PatternRates.everywhere());
        app.write(dir.resolve("app"));
        List<File> sources = new ArrayList<>();
        for (GeneratedFile f : app.files()) if (f.isJava()) sources.add(dir.resolve("app").resolve(f.path()).toFile());

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean ok;
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-proc:none", "-nowarn", "-classpath", apiJars(), "-d", dir.resolve("classes").toString());
            ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources)).call();
        }

        assertThat(diagnostics.getDiagnostics()).filteredOn(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR).isEmpty();
        assertThat(ok).isTrue();
        assertThat(sources).hasSizeGreaterThan(40);
    }

    /** The javaee-api and jboss-rmi jars, which are test dependencies of this module. */
    private static String apiJars() {
        List<String> jars = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = new File(e).getName();
            if (name.startsWith("javaee-api-") || name.startsWith("jboss-rmi-api")) jars.add(e);
        }
        assertThat(jars).hasSize(2);
        return String.join(File.pathSeparator, jars);
    }
}
