package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeclarationsAheadTest {
    private static final Map<String, String> FILES = new LinkedHashMap<>();

    static {
        FILES.put("src/a/Bean.java", "package a;\nimport b.Helper;\npublic class Bean { int run() { return new Helper().count() + Other.x(); } }\n");
        FILES.put("src/b/Helper.java", "package b;\npublic class Helper { public c.Result result() { return null; } public int count() { return 1; } }\n");
        FILES.put("src/a/Other.java", "package a;\nclass Other { static int x() { return 2; } }\n");
        FILES.put("src/c/Result.java", "package c;\npublic class Result { public long total() { return 3L; } }\n");
        FILES.put("src/d/Unnamed.java", "package d;\npublic class Unnamed { void f() { } }\n");
        FILES.put("src/d/Broken.java", "package d;\npublic class Broken { void f( { } }\n");
    }

    private static Optional<String> awaited(DeclarationsAhead ahead, String path) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            Optional<String> d = ahead.of(path, FILES.get(path));
            if (d.isPresent()) return d;
            Thread.sleep(10);
        }
        return Optional.empty();
    }

    @Test
    void theFilesACompileNamesAndThoseTheirDeclarationsNameAreEmptiedAsTheVerifyingThreadWouldEmptyThem() throws InterruptedException {
        try (DeclarationsAhead ahead = new DeclarationsAhead(FILES.keySet(), p -> Optional.ofNullable(FILES.get(p)))) {
            ahead.guessFor(Map.of("src/a/Bean.java", FILES.get("src/a/Bean.java")), Set.of());
            // Named by the compiled file, then named by Helper's declarations (its result() signature).
            for (String path : new String[] {"src/b/Helper.java", "src/a/Other.java", "src/c/Result.java"}) {
                assertThat(awaited(ahead, path)).as(path).contains(SourcePathDeclarations.of(FILES.get(path)));
            }
        }
    }

    @Test
    void aFileNobodyNamesOrThatJavacIsNotSureOfIsLeftToTheVerifyingThread() throws InterruptedException {
        Map<String, String> compiled = Map.of("src/x/Uses.java", "package x;\nclass Uses { d.Broken b; a.Bean bean; }\n");
        try (DeclarationsAhead ahead = new DeclarationsAhead(FILES.keySet(), p -> Optional.ofNullable(FILES.get(p)))) {
            ahead.guessFor(compiled, Set.of());
            assertThat(awaited(ahead, "src/a/Bean.java")).contains(SourcePathDeclarations.of(FILES.get("src/a/Bean.java")));
            assertThat(ahead.of("src/d/Broken.java", FILES.get("src/d/Broken.java"))).isEmpty();
            assertThat(ahead.of("src/d/Unnamed.java", FILES.get("src/d/Unnamed.java"))).isEmpty();
        }
    }

    @Test
    void declarationsMadeFromAnotherTextAreNeverHandedOut() throws InterruptedException {
        try (DeclarationsAhead ahead = new DeclarationsAhead(FILES.keySet(), p -> Optional.ofNullable(FILES.get(p)))) {
            ahead.guessFor(Map.of("src/a/Bean.java", FILES.get("src/a/Bean.java")), Set.of());
            String edited = FILES.get("src/a/Other.java").replace("return 2;", "return 3;");
            // Wait until the guesses have reached Other, then ask with a text javac was given instead.
            assertThat(awaited(ahead, "src/c/Result.java")).isPresent();
            assertThat(ahead.of("src/a/Other.java", edited)).isEmpty();
            assertThat(ahead.of("src/a/Other.java", FILES.get("src/a/Other.java"))).isPresent();
        }
    }

    @Test
    void filesTheVerifyingThreadAlreadyEmptiedAreNotGuessedAgain() throws InterruptedException {
        try (DeclarationsAhead ahead = new DeclarationsAhead(FILES.keySet(), p -> Optional.ofNullable(FILES.get(p)))) {
            ahead.guessFor(Map.of("src/a/Bean.java", FILES.get("src/a/Bean.java")), Set.of("src/a/Other.java"));
            assertThat(awaited(ahead, "src/c/Result.java")).isPresent();
            assertThat(ahead.of("src/a/Other.java", FILES.get("src/a/Other.java"))).isEmpty();
        }
    }
}
