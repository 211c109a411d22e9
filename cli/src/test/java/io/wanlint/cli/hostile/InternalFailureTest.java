package io.wanlint.cli.hostile;

import io.wanlint.engine.Workbench;
import io.wanlint.engine.AnalyzerWorkbench;
import io.wanlint.engine.CostView;

import io.wanlint.analyzer.api.AnalysisOutOfMemoryError;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.cli.Main;
import io.wanlint.cli.Wiring;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Supplier;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static org.assertj.core.api.Assertions.assertThat;

/** Errors of the JVM itself (stack, heap) reach the user as one line, never as a JVM stack trace. */
class InternalFailureTest {
    @TempDir Path app;

    /** The real workbench, except that the analysis fails with the given error. */
    private static Workbench failingWith(Supplier<Error> error) {
        AnalyzerWorkbench real = new AnalyzerWorkbench();
        return new Workbench() {
            @Override public Topology topology(String presetOrFile) { return real.topology(presetOrFile); }

            @Override public AnalysisResult analyze(AnalysisRequest request) { throw error.get(); }

            @Override public CostView costs(AnalysisResult result, Topology topology) { return real.costs(result, topology); }
        };
    }

    private String[] run(Workbench workbench, int expectedExit, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Wiring.defaults().withWorkbench(workbench));
        assertThat(exit).isEqualTo(expectedExit);
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void stackOverflowDuringTheAnalysisIsOneLineAndExit3() {
        goodServlet(app);

        String[] outErr = run(failingWith(StackOverflowError::new), 3, "check", app.toString());

        assertThat(outErr[1]).isEqualTo("error: analysis failed: code nested too deeply (a larger stack may help: "
                + "WANLINT_JAVA_OPTS=-Xss64m) (run with --debug for details)\n");
    }

    @Test
    void outOfMemoryNamesThePhaseAndTheLargestInputInOneLineWithoutStackTraceUnlessDebug() {
        goodServlet(app);
        Path big = HostileApps.write(app.resolve("src/shop/Big.java"), "class Big {}\n" + "// filler\n".repeat(300));

        String[] plain = run(failingWith(() -> new AnalysisOutOfMemoryError("call graph", new OutOfMemoryError("Java heap space"))),
                2, "predict", app.toString());
        String[] bare = run(failingWith(() -> new OutOfMemoryError("Java heap space")), 2, "check", app.toString());
        String[] debug = run(failingWith(() -> new OutOfMemoryError("Java heap space")), 2, "predict", app.toString(), "--debug");

        assertThat(plain[1]).isEqualTo("error: out of memory during the analysis (call graph); the largest input is " + big
                + " (3 KB) (a larger heap may help: WANLINT_JAVA_OPTS=-Xmx4g; run with --debug for details)\n");
        assertThat(bare[1]).startsWith("error: out of memory during the analysis; the largest input is " + big);
        HostileRun.assertNoStackTrace(plain[1]);
        HostileRun.assertNoStackTrace(bare[1]);
        assertThat(debug[1]).contains("java.lang.OutOfMemoryError: Java heap space").contains("\tat ");
    }
}
