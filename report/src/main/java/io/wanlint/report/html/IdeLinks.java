package io.wanlint.report.html;

import io.wanlint.report.api.HtmlReport.Ide;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * "Open in IDE" links: {@code vscode://file/<abs path>:<line>} and
 * {@code idea://open?file=<abs path>&line=<line>}, the absolute path being the analysed root plus
 * the report's relative path. Archive members ({@code app.ear!/…}) have no file to open: no link.
 */
public final class IdeLinks {
    private final Ide ide;
    private final Path root;

    /** @param root the analysed root, or null when unknown (then there are no links) */
    public IdeLinks(Ide ide, Path root) {
        this.ide = ide;
        this.root = root == null ? null : root.toAbsolutePath().normalize();
    }

    /** The unescaped link to a file and line, if this IDE has one for it. */
    public Optional<String> href(String file, int line) {
        if (ide == Ide.NONE || root == null || file == null || file.isEmpty() || file.contains("!/")) return Optional.empty();
        Path resolved = root.resolve(file).normalize();
        // Only files of the analysed tree are opened; a forged class file could claim any path.
        if (!resolved.startsWith(root)) return Optional.empty();
        String abs = resolved.toString().replace('\\', '/');
        if (!abs.startsWith("/")) abs = "/" + abs; // Windows drive letters: vscode://file/C:/…
        int at = Math.max(line, 1);
        return Optional.of(switch (ide) {
            case VSCODE -> "vscode://file" + pathEncode(abs) + ":" + at;
            case IDEA -> "idea://open?file=" + URLEncoder.encode(abs.startsWith("/") && abs.length() > 2 && abs.charAt(2) == ':'
                    ? abs.substring(1) : abs, StandardCharsets.UTF_8).replace("+", "%20") + "&line=" + at;
            case NONE -> throw new IllegalStateException("handled above");
        });
    }

    /** Percent-encodes what a URI path cannot hold (spaces, {@code #}, {@code ?}, non-ASCII), keeping {@code /} and {@code :}. */
    private static String pathEncode(String path) {
        StringBuilder sb = new StringBuilder(path.length());
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/:@!$&'()*+,;=".indexOf(c) >= 0) {
                sb.append(c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return sb.toString();
    }
}
