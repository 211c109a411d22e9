package io.wanlint.cli;

import io.wanlint.analyzer.api.ConfigurationException;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A command's output format: {@code --format} when given, else what {@code -o FILE}'s extension
 * names ({@code report.sarif} is SARIF), else the command's default. An extension that names another
 * format than {@code --format}, or a format the command cannot write, is a usage error: a file named
 * {@code .sarif} that holds text would be uploaded and rejected far from the command that wrote it.
 * A SARIF log may be named {@code .json} (it is JSON).
 */
final class FormatChoice {
    /** Extensions that name a format, by the format's name as the commands' enums spell it. */
    private static final Map<String, String> EXTENSIONS = Map.of(
            "json", "json", "sarif", "sarif", "html", "html", "htm", "html", "svg", "svg", "dot", "dot", "gv", "dot");

    private FormatChoice() {}

    /**
     * @param command  the command's name, for the message
     * @param formats  the command's format enum, constants named as in {@link #EXTENSIONS}
     * @param given    {@code --format}, or null
     * @param fallback the format when neither {@code --format} nor the extension says
     * @param output   {@code -o FILE}, or null
     * @throws ConfigurationException when the extension contradicts {@code --format} or names a format the command lacks
     */
    static <F extends Enum<F>> F choose(String command, Class<F> formats, F given, F fallback, Path output) {
        Optional<String> named = output == null ? Optional.empty() : named(output);
        if (given != null) {
            if (named.isPresent() && !named.get().equals(given.name()) && !(named.get().equals("json") && given.name().equals("sarif"))) {
                throw new ConfigurationException("--format " + given.name() + " contradicts -o " + output + ", which names "
                        + described(named.get()) + "; drop --format or rename the file");
            }
            return given;
        }
        if (named.isEmpty()) return fallback;
        for (F f : formats.getEnumConstants()) {
            if (f.name().equals(named.get())) return f;
        }
        throw new ConfigurationException("-o " + output + " names " + described(named.get()) + ", which wanlint " + command
                + " does not write (it writes " + Arrays.stream(formats.getEnumConstants()).map(Enum::name)
                .collect(Collectors.joining(", ")) + "); rename the file");
    }

    private static String described(String format) {
        return switch (format) {
            case "html" -> "an HTML file";
            case "svg" -> "an SVG file";
            default -> "a " + format.toUpperCase(Locale.ROOT) + " file";
        };
    }

    /** The format a file name's extension names ({@code x.sarif.json} is SARIF). */
    static Optional<String> named(Path output) {
        Path name = output.getFileName();
        if (name == null) return Optional.empty();
        String file = name.toString().toLowerCase(Locale.ROOT);
        if (file.endsWith(".sarif.json")) return Optional.of("sarif");
        int dot = file.lastIndexOf('.');
        return dot <= 0 ? Optional.empty() : Optional.ofNullable(EXTENSIONS.get(file.substring(dot + 1)));
    }
}
