package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles run ahead of their verdicts ({@link PatchVerifier#compileAhead}, while the verifying thread
 * waits for the next plan) leave every verdict and the count of javac runs as a verifier that ran
 * none ahead: the verifier without them is the oracle, on patches that verify, break the build, change
 * a declaration, share an unpatched compile, and on code that does not compile.
 */
class PatchVerifierCompileAheadTest {
    @TempDir Path app;

    private static final String FILE = "src/org/acme/web/Lookup.java";
    private static final String USER = "src/org/acme/web/Caller.java";
    private static final String LOOKUP = """
            package org.acme.web;

            public class Lookup {
                public Object find(String name) {
                    return name.isEmpty() ? null : name;
                }
            }
            """;
    private static final String CALLER = """
            package org.acme.web;

            class Caller {
                Object call() { return new Lookup().find("a"); }
            }
            """;

    private static Patch replacing(String text, String before, String after) {
        int at = text.indexOf(before);
        return new Patch("fp-" + after, "WAN005", "t", List.of(new FileChange.Edit(FILE, List.of(new TextEdit(FILE, at, at + before.length(), after)))),
                null, null);
    }

    private static List<Patch> patches(String text) {
        return List.of(
                replacing(text, "name.isEmpty()", "name.isBlank()"),
                replacing(text, "name.isEmpty()", "name.isEmpty() && true"),
                replacing(text, "name.isEmpty()", "name.noSuchMethod()"),
                replacing(text, "find(String name)", "find(Integer name)"),
                replacing(text, "find(String name)", "find(CharSequence name)"));
    }

    /** The verdicts in order, and how many times javac ran; {@code ahead} runs each later patch's compiles before the verdicts. */
    private static List<Object> verdicts(RefactoringContext context, List<Patch> patches, boolean ahead) {
        List<Object> out = new ArrayList<>();
        try (PatchVerifier v = PatchVerifier.of(context, CompileClassPath.of(context.root(), List.of()))) {
            for (int i = 0; i < patches.size(); i++) {
                if (ahead) for (int j = patches.size() - 1; j > i; j--) v.compileAhead(patches.get(j));
                out.add(v.verdict(List.of(patches.get(i))));
            }
            out.add("javac runs " + v.compilations());
        }
        return out;
    }

    @Test
    void verdictsAndJavacRunsAreThoseOfAVerifierThatRanNothingAhead() throws Exception {
        TextApp.write(app, FILE, LOOKUP, StandardCharsets.UTF_8);
        TextApp.write(app, USER, CALLER, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        List<Object> expected = verdicts(context, patches(LOOKUP), false);
        assertThat(expected).hasAtLeastOneElementOfType(PatchVerifier.Verdict.Verified.class)
                .hasAtLeastOneElementOfType(PatchVerifier.Verdict.Broken.class);
        assertThat(verdicts(context, patches(LOOKUP), true)).isEqualTo(expected);
    }

    @Test
    void codeThatDoesNotCompileIsMarkedAsWithoutCompilesAhead() throws Exception {
        // More than 100 errors unpatched: the first verdicts say so, later ones are not compiled at all.
        StringBuilder broken = new StringBuilder(LOOKUP.replace("}\n}\n", "}\n"));
        for (int i = 0; i < 120; i++) broken.append("    Missing").append(i).append(" f").append(i).append(";\n");
        String text = broken.append("}\n").toString();
        TextApp.write(app, FILE, text, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        List<Object> expected = verdicts(context, patches(text), false);
        assertThat(expected).hasAtLeastOneElementOfType(PatchVerifier.Verdict.Unverified.class);
        assertThat(verdicts(context, patches(text), true)).isEqualTo(expected);
    }
}
