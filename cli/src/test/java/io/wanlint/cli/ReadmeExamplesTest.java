package io.wanlint.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.Topology;
import io.wanlint.rules.config.Configuration;
import io.wanlint.rules.config.ConfigurationFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The README's examples are the first thing a new user copies (issue 16): every {@code yaml} block
 * goes through the real configuration or topology parser, and every {@code wanlint} command line
 * through the real picocli command line (parsed, not run), so an unknown key, option or
 * subcommand in the README fails here rather than on the user's machine.
 */
class ReadmeExamplesTest {
    private static final Pattern FENCED = Pattern.compile("^```(\\w*)\\n(.*?)^```", Pattern.MULTILINE | Pattern.DOTALL);
    private static final Pattern INLINE = Pattern.compile("`([^`]+)`");
    /** Top-level keys that make a YAML block a {@code wanlint.yaml}; anything else is a topology file. */
    private static final Set<String> CONFIGURATION_KEYS = Set.of("rules", "settings", "exclude", "topology");
    /** An option in a synopsis, with the value it is shown with (if any). */
    private static final Pattern SYNOPSIS_OPTION = Pattern.compile("(--?[A-Za-z][\\w-]*)(?: ([^\\s\\[\\]]+))?");

    @TempDir Path dir;

    /** README.md at the repository root: the parent of this module's folder. */
    private static String readme() throws IOException {
        Path file = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().resolveSibling("README.md");
        assertThat(file).as("the repository's README beside the cli module").isRegularFile();
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static List<String> fencedBlocks(String markdown, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher m = FENCED.matcher(markdown);
        while (m.find()) if (language == null || m.group(1).equals(language)) blocks.add(m.group(2));
        return blocks;
    }

    @Test
    void everyYamlBlockIsAcceptedByTheParserOfWhatItIs() throws Exception {
        List<String> blocks = fencedBlocks(readme(), "yaml");
        int configurations = 0, topologies = 0;
        for (String block : blocks) {
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(block);
            assertThat(root.isObject()).as("a YAML block of the README is a mapping:\n%s", block).isTrue();
            boolean configuration = false;
            for (var names = root.fieldNames(); names.hasNext(); ) configuration |= CONFIGURATION_KEYS.contains(names.next());
            if (configuration) {
                Path file = Files.writeString(dir.resolve("wanlint.yaml"), block);
                Configuration c = ConfigurationFiles.load(file);
                if (root.has("settings")) {
                    // What the example sets must be what the rules get, not just text the parser skips.
                    assertThat(c.settings()).as("thresholds of\n%s", block).isNotEqualTo(Configuration.DEFAULTS.settings());
                }
                if (root.has("rules")) assertThat(c.disabledRules().size() + c.severities().size()).isPositive();
                configurations++;
            } else {
                Path file = Files.writeString(dir.resolve("topology-" + topologies + ".yaml"), block);
                Topology t = Topologies.load(file);
                if (root.has("name")) assertThat(t.name()).isEqualTo(root.get("name").asText());
                topologies++;
            }
        }
        assertThat(configurations).as("wanlint.yaml examples in the README").isPositive();
        assertThat(topologies).as("topology examples in the README").isPositive();
    }

    /** Lines of fenced blocks that start a {@code ./wanlint} command, with their indented continuation lines. */
    private static List<String> fencedCommands(String markdown) {
        List<String> commands = new ArrayList<>();
        for (String block : fencedBlocks(markdown, null)) {
            String current = null;
            for (String line : block.split("\n")) {
                String code = line.replaceFirst("\\s+#.*$", "");
                if (code.startsWith("./wanlint ") || code.equals("./wanlint")) {
                    if (current != null) commands.add(current);
                    current = code.substring("./wanlint".length()).trim();
                } else if (current != null && !code.isBlank() && Character.isWhitespace(code.charAt(0))) {
                    current += " " + code.trim();
                } else if (current != null) {
                    commands.add(current);
                    current = null;
                }
            }
            if (current != null) commands.add(current);
        }
        return commands;
    }

    /** {@code `./wanlint …`} spans of the prose (outside fenced blocks), which may wrap across lines. */
    private static List<String> inlineCommands(String markdown, String prefix) {
        List<String> commands = new ArrayList<>();
        Matcher m = INLINE.matcher(FENCED.matcher(markdown).replaceAll(""));
        while (m.find()) {
            String span = m.group(1).replaceAll("\\s+", " ").trim();
            if (span.startsWith(prefix + " ")) commands.add(span.substring(prefix.length()).trim());
        }
        return commands;
    }

    /** A synopsis shows alternatives, optional parts and repetition; a command line is runnable as written. */
    private static boolean synopsis(String command) {
        return command.contains("[") || command.contains("…") || command.contains(" | ");
    }

    private static CommandLine commandLine() {
        return Main.commandLine(Wiring.defaults());
    }

    @Test
    void everyCommandLineOfTheReadmeParses() throws Exception {
        String readme = readme();
        List<String> runnable = new ArrayList<>(inlineCommands(readme, "./wanlint"));
        List<String> synopses = new ArrayList<>();
        for (String c : fencedCommands(readme)) (synopsis(c) ? synopses : runnable).add(c);
        runnable.removeIf(ReadmeExamplesTest::synopsis);

        assertThat(runnable).as("runnable ./wanlint lines of the README").contains("check fixtures/petstore-1.1");
        for (String command : runnable) {
            String[] args = command.split(" ");
            assertThatCode(() -> commandLine().parseArgs(args)).as("./wanlint %s", command).doesNotThrowAnyException();
        }

        Set<String> shown = new java.util.TreeSet<>();
        for (String c : fencedCommands(readme)) shown.add(c.split("\\s+")[0]);
        assertThat(shown).as("subcommands shown in the README's code blocks")
                .containsExactlyInAnyOrderElementsOf(commandLine().getSubcommands().keySet());
        for (String synopsis : synopses) assertSynopsisMatchesTheCommandLine(synopsis);
    }

    @Test
    void everySubcommandNamedInTheProseExists() throws Exception {
        List<String> mentions = inlineCommands(readme(), "wanlint");
        assertThat(mentions).as("`wanlint …` mentions of the README").isNotEmpty();
        Set<String> subcommands = commandLine().getSubcommands().keySet();
        for (String mention : mentions) {
            assertThat(subcommands).as("wanlint %s", mention).contains(mention.split(" ")[0]);
        }
    }

    /**
     * The subcommand exists, every option shown is one of its options, an option shown with a value
     * takes one (and one shown bare takes none), and each alternative of {@code a | b} parses.
     */
    private static void assertSynopsisMatchesTheCommandLine(String synopsis) {
        String[] words = synopsis.split("\\s+");
        CommandLine sub = commandLine().getSubcommands().get(words[0]);
        assertThat(sub).as("subcommand of ./wanlint %s", synopsis).isNotNull();
        CommandSpec spec = sub.getCommandSpec();
        String rest = String.join(" ", Arrays.copyOfRange(words, 1, words.length));
        Matcher m = SYNOPSIS_OPTION.matcher(rest);
        while (m.find()) {
            if (m.start() > 0 && !Character.isWhitespace(rest.charAt(m.start() - 1)) && rest.charAt(m.start() - 1) != '[') continue;
            OptionSpec option = spec.findOption(m.group(1));
            assertThat(option).as("option %s of ./wanlint %s", m.group(1), words[0]).isNotNull();
            boolean shownWithValue = m.group(2) != null && !m.group(2).startsWith("-");
            assertThat(option.arity().max() > 0).as("%s takes a value, as ./wanlint %s shows", m.group(1), synopsis)
                    .isEqualTo(shownWithValue);
        }
        if (!synopsis.contains("[") && synopsis.contains(" | ")) {
            // "explain WAN003 | cost-model": each alternative is a command line of its own.
            String head = words[0];
            for (String alternative : rest.split(" \\| ")) {
                String[] args = (head + " " + alternative.trim()).split(" ");
                assertThatCode(() -> commandLine().parseArgs(args)).as("./wanlint %s", String.join(" ", args))
                        .doesNotThrowAnyException();
            }
        }
    }

    @Test
    void theLayoutSectionNamesEveryRefactoring() throws Exception {
        String readme = readme();
        String layout = readme.substring(readme.indexOf("\n## Layout"));
        layout = layout.substring(0, layout.indexOf("\n## ", 1));
        Path sources = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize()
                .resolveSibling("refactorings/src/main/java");
        Pattern implementation = Pattern.compile("\\bfinal class (\\w+)[^{]*\\bimplements\\s+Refactoring\\b");
        List<String> refactorings = new ArrayList<>();
        try (var files = Files.walk(sources)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = implementation.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) refactorings.add(m.group(1));
            }
        }
        assertThat(refactorings).as("Refactoring implementations under %s", sources).hasSizeGreaterThanOrEqualTo(10);
        for (String name : refactorings) assertThat(layout).as("README's Layout section").contains("`" + name + "`");
    }

    @Test
    void aWrongOptionOrSubcommandWouldFailTheseChecks() {
        // The checks above rest on picocli refusing what it does not know: shown here so they cannot pass vacuously.
        assertThat(commandLine().getSubcommands()).doesNotContainKey("lint");
        assertThat(commandLine().getSubcommands().get("check").getCommandSpec().findOption("--formats")).isNull();
        assertThatThrownBy(() -> commandLine().parseArgs("check", "app", "--formats", "json"))
                .isInstanceOf(CommandLine.ParameterException.class);
        assertThatThrownBy(() -> commandLine().parseArgs("lint", "app")).isInstanceOf(CommandLine.ParameterException.class);
        assertThat(fencedCommands("```sh\n./wanlint check   PATH… [--format text|json]\n"
                + "                        [-o FILE]   # comment\n./wanlint rules\n```\n"))
                .containsExactly("check   PATH… [--format text|json] [-o FILE]", "rules");
    }
}
