package io.wanlint.engine;

import io.wanlint.analyzer.api.AnalyzedFile;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.cache.InputDigest;
import io.wanlint.analyzer.cache.KeyDigest;
import io.wanlint.analyzer.cache.SideEntry;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PatchVerifier;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.Refactorings;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.report.api.PatchIndex;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A check's patches as the report shows them, kept in the {@code --cache} folder next to the rules'
 * outcome ({@link RememberedRules}): an unchanged re-run takes them instead of planning and verifying
 * every patch again (HELIUM V: 4.2 s of a 7.5 s unchanged re-run, although javac's answers were
 * already reused).
 *
 * <p>Kept under a digest of everything planning and verifying read: the rules' key (the analysis,
 * topology, configuration and builds), the findings planned for (after the gate), the text, encoding
 * and byte-order mark of every patchable analysed file as the refactorings read it, the verifier's
 * environment ({@link PatchVerifier#environmentDigest()}: compiler, options, budget, class path, API
 * jars, package layout), the verification options, and the builds of the refactorings, the
 * verifier and the report index. Whether a file exists is outside the analysis (an excluded file can
 * stand there): whether each file a planned patch creates exists, and each file planning asked about
 * ({@link RefactoringContext#existsAsked}: a plan declined because a file stands where its patch would
 * create one), is kept with the entry and checked again on reuse.
 * A miss costs one planning run; a wrong hit would show a wrong patch, so whatever is in doubt is in
 * the key.
 */
final class RememberedPatches {
    /** Bumped whenever the stored form changes. */
    static final int VERSION = 2;

    /** What a run stores: its key, the report's patches, and whether each file a planned patch creates existed. */
    record Stored(int version, String key, PatchIndex patches, Map<String, Boolean> created) {}

    private RememberedPatches() {}

    /** The cache entry's name for the analysis slot {@code slot}. */
    static String name(String slot) { return "patches-" + slot; }

    static String keyOf(String rulesKey, List<Finding> findings, RefactoringContext context, String verifierEnvironment,
                        Fixer.Verification verification, Refactorings refactorings) {
        MessageDigest d = KeyDigest.sha256();
        KeyDigest.update(d, "rules " + rulesKey);
        KeyDigest.update(d, "findings " + RememberedRules.canonical(findings));
        KeyDigest.update(d, "root " + context.root().map(Path::toString).orElse("(none)"));
        for (AnalyzedFile f : context.analysis().files()) {
            Optional<SourceText> text = context.read(f.path());
            KeyDigest.update(d, "file " + f.path() + " " + text.map(t -> t.charset() + " bom " + t.byteOrderMark()).orElse("unread"));
            text.ifPresent(t -> KeyDigest.update(d, t.text()));
        }
        KeyDigest.update(d, "verifier " + verifierEnvironment);
        KeyDigest.update(d, "verification enabled " + verification.enabled() + " classpath " + verification.classPath());
        for (Class<?> code : List.of(refactorings.getClass(), PatchVerifier.class, ReportPatches.class, RememberedPatches.class, PatchIndex.class)) {
            KeyDigest.update(d, "build " + code.getName() + " " + InputDigest.buildOf(code));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /**
     * Whether each file the plans' patches create, and each file planning asked about, exists now: a patch
     * creating an existing file is declined, and a plan declined because a file stood in its way is planned
     * again once the file is gone.
     */
    static Map<String, Boolean> created(List<Refactorings.Planned> plans, RefactoringContext context) {
        Map<String, Boolean> created = new TreeMap<>();
        for (String asked : context.existsAsked()) created.put(asked, context.exists(asked));
        for (Refactorings.Planned plan : plans) {
            for (FileChange c : plan.patch().map(p -> p.changes()).orElse(List.of())) {
                if (c instanceof FileChange.Create create) created.put(create.file(), context.exists(create.file()));
            }
        }
        return created;
    }

    /** The patches stored under {@code key}, when every file they create is still as absent (or present) as it was. */
    static Optional<PatchIndex> read(Path cache, String name, String key, RefactoringContext context) {
        return SideEntry.read(cache, name, w -> { }).flatMap(RememberedPatches::decode)
                .filter(s -> s.version() == VERSION && s.key().equals(key))
                .filter(s -> s.created().entrySet().stream().allMatch(e -> context.exists(e.getKey()) == e.getValue()))
                .map(Stored::patches);
    }

    static void write(Path cache, String name, String key, PatchIndex patches, Map<String, Boolean> created) {
        encode(new Stored(VERSION, key, patches, created)).ifPresent(bytes -> SideEntry.write(cache, name, bytes, w -> { }));
    }

    /** A stored form as bytes, or empty when it cannot be written (then nothing is kept and the next run plans again). */
    static Optional<byte[]> encode(Object stored) {
        try {
            return Optional.of(RememberedRules.json().writeValueAsBytes(stored));
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<Stored> decode(byte[] bytes) { return decode(bytes, Stored.class); }

    /** A stored form read back, or empty when the bytes are damaged or of another form. */
    static <T> Optional<T> decode(byte[] bytes, Class<T> form) {
        try {
            return Optional.of(RememberedRules.json().readValue(bytes, form));
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
