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
    /** Where links point: the checkout of whoever reads the report ({@code --ide-root}) plus the analysed folder's place in it. */
    private final String linkBase;

    /** @param root the analysed root, or null when unknown (then there are no links) */
    public IdeLinks(Ide ide, Path root) {
        this(ide, root, null);
    }

    /**
     * @param root    the analysed root, or null when unknown (then there are no links)
     * @param ideRoot the repository root as the report's reader has it ({@code --ide-root}, used as
     *                written: a forwarded report opens files in the reader's checkout, not in the
     *                folders of the machine that ran the analysis); null: the analysed root itself
     */
    public IdeLinks(Ide ide, Path root, String ideRoot) {
        this.ide = ide;
        this.root = root == null ? null : root.toAbsolutePath().normalize();
        if (this.root == null || ideRoot == null || ideRoot.isBlank()) {
            this.linkBase = this.root == null ? null : this.root.toString().replace('\\', '/');
        } else {
            // the analysed folder's place in its repository, kept under the reader's root
            Path repository = io.wanlint.report.api.RepositoryRoot.forReports(this.root, null);
            String prefix = io.wanlint.report.api.RepositoryRoot.prefix(repository, this.root);
            String base = ideRoot.replace('\\', '/');
            while (base.length() > 1 && base.endsWith("/")) base = base.substring(0, base.length() - 1);
            this.linkBase = prefix.isEmpty() ? base : base + "/" + prefix.substring(0, prefix.length() - 1);
        }
    }

    /** The unescaped link to a file and line, if this IDE has one for it. */
    public Optional<String> href(String file, int line) {
        if (ide == Ide.NONE || root == null || file == null || file.isEmpty() || file.contains("!/")) return Optional.empty();
        Path resolved = root.resolve(file).normalize();
        // Only files of the analysed tree are opened; a forged class file could claim any path.
        if (!resolved.startsWith(root)) return Optional.empty();
        String abs = linkBase + "/" + root.relativize(resolved).toString().replace('\\', '/');
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
