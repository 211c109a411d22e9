package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.ComponentModel;
import io.wanlint.analyzer.ingest.Ingestor;
import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.JspUnit;
import io.wanlint.analyzer.ingest.ParsedJava;
import io.wanlint.analyzer.ingest.ScannedJsp;
import io.wanlint.analyzer.ingest.Workspace;
import io.wanlint.analyzer.model.ModelOutcome;
import io.wanlint.analyzer.model.ComponentModelBuilder;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Test support: compiles Java sources with the JDK's compiler against the Java EE API jars of the
 * test class path, and reads an application's sources and descriptors into a component model the
 * way the analysis pipeline does, so both front ends can be run on the same application.
 */
final class CompiledFixture {
    private CompiledFixture() {}

    /** The Java EE and RMI API jars the analyzer's tests run with. */
    static String apiClassPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("javaee-api") || p.contains("jboss-rmi-api") || p.contains("jakarta.jakartaee-api"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Compiles every {@code .java} file under {@code sources} into {@code out} with line numbers. */
    static void compile(Path sources, Path out, String encoding) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        compile(files, out, encoding);
    }

    static void compile(List<Path> files, Path out, String encoding) throws IOException {
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(problems, null, Charset.forName(encoding))) {
            List<String> options = List.of("-g", "-nowarn", "-encoding", encoding, "-proc:none",
                    "-classpath", apiClassPath(), "-d", out.toString());
            boolean ok = javac.getTask(null, fm, problems, options, null, fm.getJavaFileObjectsFromPaths(files)).call();
            if (!ok) {
                throw new IllegalStateException("fixture does not compile: " + problems.getDiagnostics().stream()
                        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).limit(5).map(Object::toString).toList());
            }
        }
    }

    /** Writes {@code name → text} Java sources under {@code dir} and returns their paths. */
    static List<Path> write(Path dir, Map<String, String> sources) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue());
            out.add(p);
        }
        return out;
    }

    /** The parsed sources, JSPs and component model of an application folder. */
    record Application(List<JavaUnit> units, List<JspUnit> jsps, ModelOutcome model) {
        ComponentModel components() { return model.model(); }

        CallGraphOutcome sourceGraph() {
            return new SourceCallGraphBuilder().build(units, jsps, model.model(), model.tagLibraries()::handlerClass);
        }
    }

    static Application read(Path app, Path scratch) {
        Workspace ws = new Ingestor().ingest(AnalysisRequest.of(app), scratch);
        List<JavaUnit> units = new JavaSources().parseAll(ws.javaSources()).stream().map(ParsedJava::unit).toList();
        List<JspUnit> jsps = new JspScanner().scanAll(ws.jsps()).stream().map(ScannedJsp::unit).toList();
        ModelOutcome model = new ComponentModelBuilder().build(units, jsps, ws.xmlFiles());
        return new Application(units, jsps, model);
    }

    /**
     * The application analysed by one front end: its sources, or its class files (compiled from them)
     * beside the same descriptors and other non-Java files. {@code tmp} receives {@code src} and {@code bin}.
     */
    static io.wanlint.analyzer.api.AnalysisResult analyse(Path tmp, java.util.Map<String, String> files, AnalysisRequest.FrontEnd frontEnd)
            throws Exception {
        Path src = tmp.resolve("src");
        Path bin = tmp.resolve("bin");
        java.util.Map<String, String> sources = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, String> f : files.entrySet()) {
            if (f.getKey().endsWith(".java")) {
                sources.put(f.getKey(), f.getValue());
                continue;
            }
            for (Path root : new Path[] {src, bin}) {
                Path p = root.resolve(f.getKey());
                java.nio.file.Files.createDirectories(p.getParent());
                java.nio.file.Files.writeString(p, f.getValue());
            }
        }
        write(src, sources);
        if (frontEnd == AnalysisRequest.FrontEnd.SOURCE) {
            return io.wanlint.analyzer.api.Analyzer.analyze(new AnalysisRequest(List.of(src), List.of(), frontEnd));
        }
        compile(src, bin, "UTF-8");
        return io.wanlint.analyzer.api.Analyzer.analyze(new AnalysisRequest(List.of(bin), List.of(), frontEnd));
    }
}
