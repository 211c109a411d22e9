package io.wanlint.analyzer.pipeline;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class AnalysisPipelineTest {

    @TempDir Path tmp;

    /** The rubis-entity fixture shipped as one archive of class files and descriptors, without sources. */
    private Path compiledArchive() throws IOException {
        Path app = Fixtures.app("rubis-entity");
        Path classes = tmp.resolve("classes");
        Files.createDirectories(classes);
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(app)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        String apis = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("javaee-api") || p.contains("jboss-rmi-api")).collect(Collectors.joining(File.pathSeparator));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> notes = new javax.tools.DiagnosticCollector<>();
            boolean ok = javac.getTask(null, fm, notes, List.of("-g", "-nowarn", "-proc:none", "-classpath", apis,
                    "-d", classes.toString()), null, fm.getJavaFileObjectsFromPaths(sources)).call();
            assertThat(ok).isTrue();
        }
        Path jar = tmp.resolve("rubis-entity.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> compiled = Files.walk(classes)) {
            for (Path c : compiled.filter(Files::isRegularFile).sorted().toList()) {
                add(out, classes.relativize(c).toString().replace('\\', '/'), c);
            }
            for (String d : List.of("META-INF/ejb-jar.xml", "META-INF/jboss.xml", "WEB-INF/web.xml")) add(out, d, app.resolve(d));
        }
        return jar;
    }

    private static void add(JarOutputStream out, String name, Path file) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(Files.readAllBytes(file));
        out.closeEntry();
    }

    @Test
    void anApplicationShippedAsAnArchiveWithoutSourcesIsAnalysedFromItsBytecode() throws Exception {
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(compiledArchive()));

        assertThat(result.files()).noneMatch(f -> f.path().endsWith(".java"));
        assertThat(result.model().components()).isNotEmpty();
        assertThat(result.callGraph().entryPoints()).extracting(EntryPoint::kind).contains(EntryPoint.Kind.SERVLET);
        assertThat(result.callGraph().edges()).filteredOn(e -> e.kind() == EdgeKind.REMOTE_EJB)
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.location().file()).endsWith(".java"));
        assertThat(result.callGraph().edges()).extracting(CallEdge::kind).contains(EdgeKind.JNDI_LOOKUP);
        assertThat(result.diagnostics()).noneMatch(d -> d.level() == io.wanlint.analyzer.api.Diagnostic.Level.ERROR);
    }

    @Test
    void theSameApplicationFromSourcesUsesTheSourceFrontEndAndFindsTheSameRemoteCalls() throws Exception {
        AnalysisResult fromBytecode = Analyzer.analyze(AnalysisRequest.of(compiledArchive()));
        AnalysisResult fromSource = Analyzer.analyze(AnalysisRequest.of(Fixtures.app("rubis-entity")));

        assertThat(remoteCalls(fromSource)).isNotEmpty().isEqualTo(remoteCalls(fromBytecode));
        // The source front end locates calls in the files as given; the bytecode one in package paths.
        assertThat(fromSource.callGraph().edges()).filteredOn(e -> e.kind() == EdgeKind.REMOTE_EJB)
                .allSatisfy(e -> assertThat(e.location().file()).startsWith("src/"));
    }

    @Test
    void bytecodeCanBeRequestedEvenWhenSourcesExist() {
        Path app = Fixtures.app("rubis-entity");
        AnalysisResult result = Analyzer.analyze(new AnalysisRequest(List.of(app), List.of(), AnalysisRequest.FrontEnd.BYTECODE));

        // The fixture folder has sources but no class files: the bytecode graph is empty, the model is not.
        assertThat(result.model().components()).isNotEmpty();
        assertThat(result.callGraph().edges()).isEmpty();
    }

    private static java.util.Set<String> remoteCalls(AnalysisResult r) {
        return r.callGraph().edges().stream().filter(e -> e.kind() == EdgeKind.REMOTE_EJB)
                .map(e -> e.from().shortId() + " -> " + e.to().shortId() + " " + e.op())
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }
}
