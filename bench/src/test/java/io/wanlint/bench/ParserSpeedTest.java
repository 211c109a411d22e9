package io.wanlint.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Both parsers of {@code bench/parsers.sh} parse every Java file under the folder, and only those. */
class ParserSpeedTest {
    @TempDir Path dir;

    @Test
    void eachParserGivesOneTreePerJavaFileAndReadsNothingElse() throws Exception {
        GeneratedApp app = SyntheticApplication.generate(SyntheticApplication.MIN_LINES, 7);
        int java = 0;
        for (GeneratedFile f : app.files()) {
            Path p = dir.resolve(f.path());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.content());
            if (f.path().endsWith(".java")) java++;
        }
        Files.writeString(dir.resolve("notes.txt"), "class NotJava {");

        List<ParserSpeed.Source> sources = ParserSpeed.read(dir);

        assertThat(java).isPositive();
        assertThat(sources).hasSize(java).allSatisfy(s -> assertThat(s.path().toString()).endsWith(".java"));
        assertThat(ParserSpeed.javaParser(sources).trees()).isEqualTo(java);
        assertThat(ParserSpeed.javac(sources).trees()).isEqualTo(java);
    }
}
