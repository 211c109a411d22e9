package io.wanlint.refactorings.api;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one renderer of patches as unified diffs that {@code git apply} accepts ({@code diff --git}
 * headers, {@code /dev/null} for new files). The result is bytes, not text: each file's lines are
 * written in that file's own encoding and with its own line endings, so the diff applies to the
 * bytes on disk.
 */
public final class UnifiedDiffs {
    private static final int CONTEXT = 3;
    /** Marks the last line of a text that does not end with a line break; never occurs in source text. */
    private static final String NO_EOL = "\u0000no-eol";

    private UnifiedDiffs() {}

    /** One patch as a diff; files it cannot read are left out. */
    public static byte[] render(Patch patch, RefactoringContext context) {
        return render(PatchSet.of(List.of(patch)).changes(), context);
    }

    /** Several patches as one diff, one section per file (see {@link PatchSet} for colliding patches). */
    public static byte[] render(List<Patch> patches, RefactoringContext context) {
        return render(PatchSet.of(patches).changes(), context);
    }

    private static byte[] render(Map<String, FileChange> changes, RefactoringContext context) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (FileChange change : changes.values()) {
            byte[] section;
            if (change instanceof FileChange.Create c) {
                section = creation(c.file(), c.text());
            } else {
                FileChange.Edit e = (FileChange.Edit) change;
                section = context.read(e.file()).map(b -> fileDiff(b, e.applyTo(b.text()))).orElse(new byte[0]);
            }
            out.writeBytes(section);
        }
        return out.toByteArray();
    }

    /** The diff that turns {@code before} into {@code after}; empty when they are equal. */
    public static byte[] fileDiff(SourceText before, String after) {
        if (before.text().equals(after)) return new byte[0];
        List<String> original = lines(before.text());
        List<String> revised = lines(after);
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("a/" + before.path(), "b/" + before.path(), original,
                DiffUtils.diff(original, revised), CONTEXT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        header(out, "diff --git a/" + before.path() + " b/" + before.path());
        for (String line : diff) {
            if (line.startsWith("--- ") || line.startsWith("+++ ") || line.startsWith("@@")) {
                header(out, line);
            } else {
                body(out, line, before.charset());
            }
        }
        return out.toByteArray();
    }

    /** The diff that creates a file (UTF-8). */
    public static byte[] creation(String path, String text) {
        List<String> revised = lines(text);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        header(out, "diff --git a/" + path + " b/" + path);
        header(out, "new file mode 100644");
        header(out, "--- /dev/null");
        header(out, "+++ b/" + path);
        header(out, "@@ -0,0 +1," + revised.size() + " @@");
        for (String line : revised) body(out, "+" + line, StandardCharsets.UTF_8);
        return out.toByteArray();
    }

    private static void header(ByteArrayOutputStream out, String line) {
        out.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** A context, removed or added line: its own line ending (kept in the line) or the no-newline marker. */
    private static void body(ByteArrayOutputStream out, String line, Charset charset) {
        if (line.endsWith(NO_EOL)) {
            out.writeBytes(encode(line.substring(0, line.length() - NO_EOL.length()) + "\n", charset));
            out.writeBytes("\\ No newline at end of file\n".getBytes(StandardCharsets.US_ASCII));
        } else {
            out.writeBytes(encode(line + "\n", charset));
        }
    }

    private static byte[] encode(String s, Charset charset) {
        java.nio.ByteBuffer b = charset.encode(s);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    /**
     * Lines split at {@code \n}, each keeping a {@code \r} before it, so CRLF files diff and apply as
     * CRLF. A last line without a line break is marked, so that adding one is a change.
     */
    static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
            out.add(text.substring(start, i));
            start = i + 1;
        }
        if (start < text.length()) out.add(text.substring(start) + NO_EOL);
        return out;
    }
}
