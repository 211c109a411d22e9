package io.wanlint.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every entry point's cost is kept with the rules' outcome in the {@code --cache} folder: a re-run
 * that reuses the outcome takes the costs too (issue 22: estimating them again took a third of an
 * unchanged re-run of HELIUM V), and they are the costs a fresh estimate gives.
 */
class RememberedCostsTest {
    @TempDir Path cache;

    private Engine.RulesOutcome run(Engine engine, Path app) {
        RunSettings settings = engine.settings(List.of(app), null, null, Path.of("").toAbsolutePath());
        AnalysisResult result = engine.analyse(List.of(app), List.of(), settings, cache, d -> { });
        engine.awaitCacheWrites();
        return engine.rules(engine.analysis(result, settings), cache);
    }

    @Test
    void aReusedOutcomeCarriesTheCostsAFreshEstimateGives() {
        Path app = Fixtures.app("petstore-1.1");
        Engine engine = Engine.builtIn();
        Engine.RulesOutcome first = run(engine, app);
        Engine.RulesOutcome again = run(engine, app);

        assertThat(first.reused()).isFalse();
        assertThat(again.reused()).isTrue();
        RunSettings settings = engine.settings(List.of(app), null, null, Path.of("").toAbsolutePath());
        Analysis uncached = engine.analysis(engine.analyse(List.of(app), List.of(), settings, null, d -> { }), settings);
        assertThat(uncached.costs().estimateAll()).isNotEmpty().anySatisfy(c -> assertThat(c.crossings()).isNotEmpty());
        assertThat(again.costs()).hasValue(uncached.costs().estimateAll());
        assertThat(first.costs()).hasValue(uncached.costs().estimateAll());
    }

    @Test
    void theStoredFormReadsBackEqual() {
        Path app = Fixtures.app("rubis-entity");
        Engine engine = Engine.builtIn();
        RunSettings settings = engine.settings(List.of(app), null, null, Path.of("").toAbsolutePath());
        Analysis analysis = engine.analysis(engine.analyse(List.of(app), List.of(), settings, null, d -> { }), settings);
        Checker.CheckRun run = engine.rules(analysis);
        RememberedRules.Stored stored = new RememberedRules.Stored(RememberedRules.VERSION, "key", run.findings(), run.rules(),
                run.afterPatchesByEntryPoint(), run.diagnostics(), List.of(), analysis.costs().estimateAll());
        assertThat(RememberedRules.encode(stored).flatMap(RememberedRules::decode)).hasValue(stored);
    }
}
