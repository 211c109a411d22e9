package io.wanlint.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.fixtures.Fixtures;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The findings of one file planned together on one parse of each file they read
 * ({@link io.wanlint.refactorings.text.JavaSource#sharing()}) get the plans each gets planned alone, on
 * a parse of its own, on every fixture application: planning alone stays here as the oracle.
 */
class SharedParsesTest {
    private static List<Path> apps() throws IOException {
        try (Stream<Path> dirs = Files.list(Fixtures.root())) {
            return dirs.filter(Files::isDirectory).filter(d -> !d.getFileName().toString().matches("src|target")).sorted().toList();
        }
    }

    @Test
    void findingsPlannedTogetherPerFileGetThePlansEachGetsAlone() throws IOException {
        int sharingFindings = 0;
        int sharedPatches = 0;
        for (Path app : apps()) {
            Engine engine = Engine.builtIn();
            RunSettings settings = engine.settings(List.of(app), null, null, app);
            AnalysisResult result = engine.analyse(List.of(app), List.of(), settings, null, d -> { });
            List<Finding> findings = engine.rules(engine.analysis(result, settings)).findings();
            Refactorings refactorings = Refactorings.builtIn();
            List<Refactorings.Planned> alone = new ArrayList<>();
            for (Finding f : findings) alone.addAll(refactorings.plan(List.of(f), RefactoringContext.of(result)));
            assertThat(refactorings.plan(findings, RefactoringContext.of(result))).as("%s", app.getFileName()).isEqualTo(alone);
            for (int i = 0; i < findings.size(); i++) {
                String file = findings.get(i).location().file();
                if (findings.stream().filter(f -> file.equals(f.location().file())).count() < 2) continue;
                sharingFindings++;
                if (alone.get(i).patch().isPresent()) sharedPatches++;
            }
        }
        // The comparison means something only where findings share a file, some of them patched.
        assertThat(sharingFindings).isGreaterThan(20);
        assertThat(sharedPatches).isGreaterThan(5);
    }
}
