package io.wanlint.refactorings.api;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * How a compile remembers an application file javac read from the source path ({@link JavacResults}):
 * by the hash of its tokens on their lines, and, when javac was served only its declarations
 * ({@link SourcePathDeclarations}), also by what those declarations let a body edit change.
 *
 * <p>A method body edited in such a file (issue 22: the usual one-file edit of a cached re-run) leaves
 * the declarations javac read the same tokens, but a line added or removed moves the ones below it,
 * and a strict key then compiles again — on HELIUM V, a compile of a whole package for a patch next to
 * the edited bean. javac's verdict does not depend on where a token stands, only on the tokens; what
 * it reports does, through the line of each error in this file. So such a read is kept with the
 * declarations' tokens without their blank lines, and the lines up to the last error javac reported
 * in the file as they were: equal both, the errors are the same errors on the same lines. A file
 * with a text block or a Unicode escape (where line breaks are tokens, or where tokens are found
 * only after decoding) is kept strictly.
 */
final class SourcePathRead {
    private SourcePathRead() {}

    private static final String DECLARATIONS = " declarations ";

    /**
     * What a compile keeps of a file it read: {@code text} as wanlint read it, {@code served} what javac
     * got (the text, or its declarations), and the errors javac reported in this file.
     */
    static String remembered(String text, String served, List<PatchVerifier.JavacError> errorsInFile) {
        String strict = PatchVerifier.tokensHash(text);
        if (served.equals(text) || !loosenable(served)) return strict;
        long last = 0;
        for (PatchVerifier.JavacError e : errorsInFile) last = Math.max(last, e.line());
        String[] key = looseKey(served, last);
        return strict + DECLARATIONS + key[0] + " " + last + " " + key[1];
    }

    /** Whether {@code now} (the file's text now) gives javac what the compile that kept {@code recorded} read, as far as its result shows. */
    static boolean unchanged(String recorded, String now) {
        return unchanged(recorded, PatchVerifier.tokensHash(now), () -> SourcePathDeclarations.of(now));
    }

    /**
     * {@link #unchanged(String, String)} from what the verifier may already know of the file's text now:
     * the hash of its tokens and (asked only when that differs) its declarations.
     */
    static boolean unchanged(String recorded, String tokensHashNow, java.util.function.Supplier<String> declarationsNow) {
        int at = recorded.indexOf(DECLARATIONS);
        String strict = at < 0 ? recorded : recorded.substring(0, at);
        if (tokensHashNow.equals(strict)) return true;
        if (at < 0) return false;
        String[] parts = recorded.substring(at + DECLARATIONS.length()).split(" ");
        if (parts.length != 3) return false;
        String served = declarationsNow.get();
        if (!loosenable(served)) return false;
        long last;
        try {
            last = Long.parseLong(parts[1]);
        } catch (NumberFormatException e) {
            return false;
        }
        String[] key = looseKey(served, last);
        return key[0].equals(parts[0]) && key[1].equals(parts[2]);
    }

    /** Tokens whose lines can move without changing them: no text block (its line breaks are its value), no escape. */
    private static boolean loosenable(String served) {
        return !served.contains("\"\"\"") && !served.contains("\\u");
    }

    /**
     * The loose key of declarations javac was served, from their tokens' lines split once: the hash of
     * the lines that are not blank, and the hash of the first {@code last} lines (all of them when there
     * are fewer), each line ended by one line break.
     */
    private static String[] looseKey(String served, long last) {
        String[] lines = JavaTokensText.of(served).split("\r\n|\r|\n", -1);
        StringBuilder blankless = new StringBuilder();
        StringBuilder head = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) blankless.append(lines[i]).append('\n');
            if (i < last) head.append(lines[i]).append('\n');
        }
        return new String[] {hash(blankless.toString()), hash(head.toString())};
    }

    private static String hash(String s) {
        return PatchVerifier.hashOf(s.getBytes(StandardCharsets.UTF_8));
    }
}
