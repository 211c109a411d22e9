package io.wanlint.report.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden files under {@code src/test/resources/golden}. Run with {@code -Dwanlint.updateGolden=true}
 * to rewrite them after an intended change, then review the diff.
 */
final class Golden {
    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {}

    static void assertMatches(String name, String actual) throws IOException {
        Path file = DIR.resolve(name);
        if (Boolean.getBoolean("wanlint.updateGolden")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file %s (create it with -Dwanlint.updateGolden=true)", file).exists();
        assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
