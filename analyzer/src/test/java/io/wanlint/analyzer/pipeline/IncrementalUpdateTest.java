package io.wanlint.analyzer.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.ingest.JavaSources;
import io.wanlint.analyzer.ingest.TextFile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the incremental update parses ahead of the call graph's update ({@link IncrementalUpdate#parsedAhead}). */
class IncrementalUpdateTest {
    private static TextFile java(String path, String type) {
        return new TextFile(path, null, "package p;\n\npublic class " + type + " {\n    void run() { }\n}\n", "UTF-8");
    }

    @Test
    void theFilesWhoseCodeOrDeclarationsTheFilesScannedAgainReadLastTimeAreParsedAheadAndNothingElse() {
        Map<String, TextFile> byPath = new LinkedHashMap<>();
        for (String type : new String[] {"Edited", "Caller", "Helper", "Base", "Unrelated", "Far"}) {
            byPath.put("p/" + type + ".java", java("p/" + type + ".java", type));
        }
        // Caller read Edited's body (it is scanned again) and Helper's; Edited read Base's; Unrelated read Far's only.
        Map<String, Set<String>> reads = Map.of(
                "p/Caller.java", Set.of("p/Edited.java", "p/Helper.java"),
                "p/Edited.java", Set.of("p/Base.java"),
                "p/Unrelated.java", Set.of("p/Far.java"));
        // Edited's scan read Other's declarations, and Unrelated's Far's again.
        byPath.put("p/Other.java", java("p/Other.java", "Other"));
        Map<String, Set<String>> signatures = Map.of("p/Edited.java", Set.of("p/Other.java"), "p/Unrelated.java", Set.of("p/Far.java"));
        var ahead = IncrementalUpdate.parsedAhead(reads, signatures, Set.of("p/Edited.java"), byPath, new JavaSources());
        assertThat(ahead.keySet()).containsExactlyInAnyOrder("p/Helper.java", "p/Base.java", "p/Other.java");
        // The trees are the ones parsing the file alone gives.
        assertThat(ahead.get("p/Helper.java")).isEqualTo(new JavaSources().parse(byPath.get("p/Helper.java")).unit().unit());
    }
}
