package io.wanlint.analyzer.fuzz;

import io.wanlint.fixtures.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * One edit of a real input file, the raw material of the fuzz tests: real descriptors and sources
 * with pieces cut, repeated, truncated or spliced with the tokens that break parsers. Positions are
 * fractions of the current length so that every edit applies to any text and shrinks well.
 */
public sealed interface TextMutation {
    String applyTo(String text);

    /** Removes up to {@code length} characters. */
    record Delete(double at, int length) implements TextMutation {
        @Override public String applyTo(String text) {
            int from = index(at, text);
            return text.substring(0, from) + text.substring(Math.min(text.length(), from + length));
        }
    }

    /** Inserts a token, e.g. {@code <!ENTITY} or an unbalanced brace. */
    record Insert(double at, String token) implements TextMutation {
        @Override public String applyTo(String text) {
            int i = index(at, text);
            return text.substring(0, i) + token + text.substring(i);
        }
    }

    /** Repeats a slice in place, a cheap way to unbalance or deepen nesting. */
    record Repeat(double at, int length, int times) implements TextMutation {
        @Override public String applyTo(String text) {
            int from = index(at, text);
            int to = Math.min(text.length(), from + length);
            return text.substring(0, to) + text.substring(from, to).repeat(times) + text.substring(to);
        }
    }

    /** Cuts the file short, as an interrupted copy would. */
    record Truncate(double at) implements TextMutation {
        @Override public String applyTo(String text) { return text.substring(0, index(at, text)); }
    }

    /** Overwrites one character with an arbitrary one (control characters and surrogates included). */
    record Replace(double at, char with) implements TextMutation {
        @Override public String applyTo(String text) {
            if (text.isEmpty()) return String.valueOf(with);
            int i = Math.min(text.length() - 1, index(at, text));
            return text.substring(0, i) + with + text.substring(i + 1);
        }
    }

    private static int index(double fraction, String text) {
        return (int) Math.min(text.length(), Math.floor(fraction * (text.length() + 1)));
    }

    /** Applies the edits in order. */
    static String applyAll(String text, List<TextMutation> mutations) {
        String out = text;
        for (TextMutation m : mutations) out = m.applyTo(out);
        return out;
    }

    /** Up to {@code max} edits, inserting either the given tokens or short random strings. */
    static Arbitrary<List<TextMutation>> edits(List<String> tokens, int max) {
        Arbitrary<Double> at = Arbitraries.doubles().between(0, 1);
        Arbitrary<String> token = Arbitraries.oneOf(Arbitraries.of(tokens),
                Arbitraries.strings().all().ofMaxLength(8));
        Arbitrary<TextMutation> one = Arbitraries.oneOf(
                Combinators.combine(at, Arbitraries.integers().between(1, 400)).as(Delete::new),
                Combinators.combine(at, token).as(Insert::new),
                Combinators.combine(at, Arbitraries.integers().between(1, 200), Arbitraries.integers().between(1, 20))
                        .as(Repeat::new),
                at.map(Truncate::new),
                Combinators.combine(at, Arbitraries.chars().all()).as(Replace::new));
        return one.list().ofMinSize(1).ofMaxSize(max);
    }

    /** A real input file's text: its path under {@code fixtures/} and its contents. */
    record Sample(String path, String text) {
        @Override public String toString() { return path; }
    }

    /** Every fixture file accepted by {@code which}, read as UTF-8 (the fixtures are ASCII). */
    static List<Sample> fixtureFiles(Predicate<String> which) {
        Path root = Fixtures.root();
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().contains("/target/") && !p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> which.test(p.getFileName().toString()))
                    .sorted()
                    .map(p -> new Sample(root.relativize(p).toString(), read(p)))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
