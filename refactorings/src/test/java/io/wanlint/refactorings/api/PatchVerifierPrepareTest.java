package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a planning thread works out ahead for the verifier ({@link PatchVerifier#prepare}) is what the
 * verdict would work out itself ({@link BodyOnlyChange#between}, kept here as the oracle), per pair of
 * texts, and the verdicts are those of a verifier nobody prepared.
 */
class PatchVerifierPrepareTest {
    @TempDir Path app;

    private static final String FILE = "src/org/acme/web/Lookup.java";
    private static final String LOOKUP = """
            package org.acme.web;

            public class Lookup {
                public Object find(String name) {
                    return name.isEmpty() ? null : name;
                }
            }
            """;

    private static Patch replacing(String before, String after) {
        int at = LOOKUP.indexOf(before);
        return new Patch("fp", "WAN005", "t", List.of(new FileChange.Edit(FILE, List.of(new TextEdit(FILE, at, at + before.length(), after)))),
                null, null);
    }

    /** Two edits of one file: one inside a body, one of a signature, which other files see. */
    private static final Patch BODY = replacing("name.isEmpty()", "name.isBlank()");
    private static final Patch SIGNATURE = replacing("find(String name)", "find(CharSequence name)");

    private static String after(Patch patch) { return ((FileChange.Edit) patch.changes().get(0)).applyTo(LOOKUP); }

    private PatchVerifier verifier(RefactoringContext context) {
        return PatchVerifier.of(context, CompileClassPath.of(context.root(), List.of()));
    }

    private static void onAnotherThread(Runnable work) throws InterruptedException {
        Thread t = new Thread(work, "planner");
        t.start();
        t.join();
    }

    @Test
    void eachEditIsAnsweredForItsOwnTextsAsTheVerdictWouldAnswer() throws Exception {
        TextApp.write(app, FILE, LOOKUP, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        try (PatchVerifier v = verifier(context)) {
            onAnotherThread(() -> {
                v.prepare(BODY);
                v.prepare(SIGNATURE);
            });
            assertThat(BodyOnlyChange.between(LOOKUP, after(BODY))).isTrue();
            assertThat(BodyOnlyChange.between(LOOKUP, after(SIGNATURE))).isFalse();
            assertThat(v.bodyOnly(LOOKUP, after(BODY))).isTrue();
            assertThat(v.bodyOnly(LOOKUP, after(SIGNATURE))).isFalse();
        }
    }

    @Test
    void theClassPathIsWorkedOutOnceWhenTheVerifyingThreadPreparesItsCompilesNotWhenTheVerifierIsMade() throws Exception {
        TextApp.write(app, FILE, LOOKUP, StandardCharsets.UTF_8);
        RefactoringContext context = TextApp.analysed(app);
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        try (PatchVerifier v = PatchVerifier.with(context, () -> {
            made.incrementAndGet();
            return CompileClassPath.of(context.root(), List.of());
        }, javax.tools.ToolProvider.getSystemJavaCompiler(), PatchVerifier.DEFAULT_BUDGET, JavacResults.unkept())) {
            assertThat(made).hasValue(0);
            v.prepareCompiles();
            assertThat(made).hasValue(1);
            assertThat(v.verdict(List.of(BODY))).isEqualTo(new PatchVerifier.Verdict.Verified());
            assertThat(v.api()).isEqualTo(CompileClassPath.of(context.root(), List.of()).api());
            assertThat(made).hasValue(1);
        }
    }

    @Test
    void aPreparedVerifierGivesTheVerdictsOfOneNobodyPrepared() throws Exception {
        TextApp.write(app, FILE, LOOKUP, StandardCharsets.UTF_8);
        TextApp.write(app, "src/org/acme/other/Caller.java", """
                package org.acme.other;

                public class Caller {
                    Object use() { return new org.acme.web.Lookup().find(1); }
                }
                """, StandardCharsets.UTF_8);
        List<Patch> patches = List.of(BODY, SIGNATURE, replacing("return name", "return nam"));
        List<PatchVerifier.Verdict> unprepared;
        try (PatchVerifier v = verifier(TextApp.analysed(app))) {
            unprepared = patches.stream().map(p -> v.verdict(List.of(p))).toList();
        }
        try (PatchVerifier v = verifier(TextApp.analysed(app))) {
            onAnotherThread(() -> patches.forEach(v::prepare));
            assertThat(patches.stream().map(p -> v.verdict(List.of(p))).toList()).isEqualTo(unprepared);
        }
        assertThat(unprepared).hasOnlyElementsOfTypes(PatchVerifier.Verdict.Verified.class, PatchVerifier.Verdict.Broken.class)
                .anyMatch(PatchVerifier.Verdict.Broken.class::isInstance);
    }
}
