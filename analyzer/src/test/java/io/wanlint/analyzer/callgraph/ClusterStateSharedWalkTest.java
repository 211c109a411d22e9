package io.wanlint.analyzer.callgraph;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.CallableDeclaration;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.ingest.JavaUnit;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.model.ComponentModelBuilder;
import io.wanlint.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster-state scan reads each body's calls, creations and declared names from the walk the
 * call-graph scan made of it ({@link CallableNodes}) instead of walking it again; these tests hold its
 * facts to the ones its own walks give, file by file, on the fixture applications.
 */
class ClusterStateSharedWalkTest {

    @Test
    void factsFromTheScansWalksAreTheFactsOfItsOwnWalks() throws IOException {
        int facts = 0;
        int files = 0;
        for (Path app : Fixtures.all().toList()) {
            List<JavaUnit> units = units(app);
            var model = new ComponentModelBuilder().build(units, List.of(), List.of()).model();
            AppTypes types = new AppTypes(units.stream()
                    .map(u -> new AppTypes.UnitSource(u.unit(), u.source().path(), null, null)).toList());
            Map<String, List<AppTypes.TypeInfo>> byFile = new LinkedHashMap<>();
            for (AppTypes.TypeInfo t : types.all()) byFile.computeIfAbsent(t.file, k -> new ArrayList<>()).add(t);
            for (List<AppTypes.TypeInfo> fileTypes : byFile.values()) {
                Map<Node, CallableNodes> walked = new IdentityHashMap<>();
                for (AppTypes.TypeInfo t : fileTypes) {
                    for (CallableDeclaration<?> c : t.decl().findAll(CallableDeclaration.class)) walked.put(c, CallableNodes.of(c));
                }
                List<StateFact> shared = ClusterStateScan.of(types, model, fileTypes, walked);
                assertThat(shared).isEqualTo(ClusterStateScan.of(types, model, fileTypes));
                facts += shared.size();
                files++;
            }
        }
        assertThat(files).as("files compared").isGreaterThan(200);
        assertThat(facts).as("facts compared").isGreaterThan(20);
    }

    private static List<JavaUnit> units(Path app) throws IOException {
        JavaParser parser = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        List<Path> files;
        try (Stream<Path> all = Files.walk(app)) {
            files = all.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")).sorted().toList();
        }
        List<JavaUnit> out = new ArrayList<>();
        for (Path f : files) {
            // Latin-1 reads every byte (some fixture files are not UTF-8); only the trees matter here.
            String text = Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1);
            String path = app.relativize(f).toString();
            parser.parse(text).getResult().ifPresent(u -> out.add(new JavaUnit(new TextFile(path, f, text, "UTF-8"), u)));
        }
        return out;
    }
}
