package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Guards the direction of module dependencies that docs/architecture.md §Module directions prescribes:
 * {@code cli, maven-plugin → engine → rules, refactorings, report → analyzer}, {@code fixtures} test-scope
 * only, no cycles, and no module depends on a front door ({@code cli}, {@code maven-plugin}).
 */
class ModuleDependenciesTest {
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>io\\.wanlint</groupId>\\s*<artifactId>wanlint-([a-z-]+)</artifactId>(.*?)</dependency>",
            Pattern.DOTALL);

    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "fixtures", Set.of(),
            "analyzer", Set.of(),
            "rules", Set.of("analyzer"),
            "refactorings", Set.of("analyzer"),
            "report", Set.of("analyzer"),
            "engine", Set.of("analyzer", "rules", "refactorings", "report"),
            "cli", Set.of("engine"),
            "maven-plugin", Set.of("engine"));

    /** The front doors: thin clients of the engine, which nothing may depend on. */
    private static final Set<String> FRONT_DOORS = Set.of("cli", "maven-plugin");

    @Test
    void modulesDependOnlyInTheDirectionStyleMdPrescribes() throws IOException {
        Map<String, Set<String>> actual = compileDependencies();
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(ALLOWED.keySet());
        actual.forEach((module, deps) ->
                assertThat(ALLOWED.get(module)).as("allowed dependencies of %s", module).containsAll(deps));
    }

    @Test
    void nothingDependsOnAFrontDoorAndBothReachTheAnalysisOnlyThroughTheEngine() throws IOException {
        Map<String, Set<String>> actual = compileDependencies();
        actual.forEach((module, deps) -> assertThat(deps).as("dependencies of %s", module).doesNotContainAnyElementsOf(FRONT_DOORS));
        for (String door : FRONT_DOORS) assertThat(actual.get(door)).as("dependencies of %s", door).containsExactly("engine");
    }

    @Test
    void moduleGraphHasNoCycles() throws IOException {
        Map<String, Set<String>> graph = compileDependencies();
        for (String start : graph.keySet()) {
            Deque<String> todo = new ArrayDeque<>(graph.get(start));
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String m = todo.pop();
                assertThat(m).as("cycle through %s", start).isNotEqualTo(start);
                if (seen.add(m)) todo.addAll(graph.getOrDefault(m, Set.of()));
            }
        }
    }

    @Test
    void fixturesAreOnlyATestDependency() throws IOException {
        for (String module : ALLOWED.keySet()) {
            Matcher m = DEPENDENCY.matcher(Files.readString(repoRoot().resolve(module).resolve("pom.xml")));
            while (m.find()) {
                if (m.group(1).equals("fixtures")) {
                    assertThat(m.group(2)).as("%s depends on fixtures", module).contains("<scope>test</scope>");
                }
            }
        }
    }

    /** Non-test wanlint dependencies of each module, read from its pom. */
    private static Map<String, Set<String>> compileDependencies() throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        for (String module : ALLOWED.keySet()) {
            String pom = Files.readString(repoRoot().resolve(module).resolve("pom.xml"));
            Set<String> deps = new TreeSet<>();
            Matcher m = DEPENDENCY.matcher(pom);
            while (m.find()) {
                if (!m.group(2).contains("<scope>test</scope>")) deps.add(m.group(1));
            }
            out.put(module, deps);
        }
        return out;
    }

    private static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("cli/pom.xml")) && Files.isRegularFile(d.resolve("analyzer/pom.xml"))) return d;
        }
        throw new IllegalStateException("repository root not found");
    }
}
