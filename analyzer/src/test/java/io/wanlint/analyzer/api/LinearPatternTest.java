package io.wanlint.analyzer.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class LinearPatternTest {
    /** The shapes the glob translators emit, checked against java.util.regex on many texts. */
    private static final List<String> PATTERNS = List.of(
            "(?:.*/)?[^/]*\\.java", "src/(?:.*/)?gen[^/]*/.*", "a(?:b|c)*d?", "(?:.*/)?(?:x|y/z|)\\.jsp",
            "[^.]*\\.[^.]*Bean", ".*", "", "(?:(?:a)*)*b", "a??b", "\\(\\)\\[\\]\\|", "(?:a|)*(?:/.*)?");

    @Test
    void agreesWithJavaRegexOnTheGlobTranslatorsShapes() {
        Random random = new Random(17);
        String alphabet = "abcdxyz/.()[]|javgen";
        for (String regex : PATTERNS) {
            LinearPattern linear = LinearPattern.compile(regex);
            Pattern reference = Pattern.compile(regex);
            for (int i = 0; i < 2_000; i++) {
                StringBuilder text = new StringBuilder();
                int length = random.nextInt(12);
                for (int k = 0; k < length; k++) text.append(alphabet.charAt(random.nextInt(alphabet.length())));
                assertThat(linear.matches(text)).as("%s against %s", regex, text)
                        .isEqualTo(reference.matcher(text).matches());
            }
        }
        assertThat(LinearPattern.compile("(?:.*/)?[^/]*\\.java").matches("src/shop/Good.java")).isTrue();
        assertThat(LinearPattern.compile("src/(?:.*/)?gen[^/]*/.*").matches("src/a/b/generated/X.java")).isTrue();
    }

    /** The pattern that made java.util.regex backtrack for minutes: now a few milliseconds. */
    @Test
    void manyStarsAgainstATenThousandCharacterTextFinishFast() {
        String regex = "(?:[^/]*a)".repeat(25) + "b";
        String text = "a".repeat(10_000);

        boolean matched = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            long start = System.nanoTime();
            boolean m = LinearPattern.compile(regex).matches(text);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
            return m;
        });

        assertThat(matched).isFalse();
        assertThat(LinearPattern.compile(regex).matches(text + "b")).isTrue();
    }

    @Test
    void aLongRunOfStarsIsOneLoopNotADeepTree() {
        LinearPattern p = LinearPattern.compile("a" + "*".repeat(100_000) + "b");

        assertThat(p.matches("aaab")).isTrue();
        assertThat(p.matches("b")).isTrue();
        assertThat(p.matches("ba")).isFalse();
    }

    @Test
    void quotedTextStandsForItself() {
        String literal = "a.b*c?(d)|[e]\\f";

        assertThat(LinearPattern.compile(LinearPattern.quote(literal)).matches(literal)).isTrue();
        assertThat(LinearPattern.compile(LinearPattern.quote(literal)).matches("aXb*c?(d)|[e]\\f")).isFalse();
    }

    @Test
    void malformedPatternsAreRefusedNotMisread() {
        assertThatThrownBy(() -> LinearPattern.compile("(?:a")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinearPattern.compile("a)")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinearPattern.compile("a\\")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LinearPattern.compile("(?:".repeat(1_000) + ")".repeat(1_000)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
