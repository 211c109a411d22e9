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
        assertThat(ParserSpeed.javacAttribute(sources, "").trees()).isEqualTo(java);
    }

    @Test
    void attributionResolvesNamesAcrossFilesAndCountsWhatItCannot() throws Exception {
        Path a = dir.resolve("p/A.java");
        Files.createDirectories(a.getParent());
        Files.writeString(a, "package p; public class A { public B b() { return new B(); } }");
        Files.writeString(dir.resolve("p/B.java"), "package p; public class B { Missing m; }");

        ParserSpeed.Round round = ParserSpeed.javacAttribute(ParserSpeed.read(dir), "");

        assertThat(round.trees()).isEqualTo(2);
        assertThat(round.errors()).isEqualTo(1);
    }
}
