package io.wanlint.analyzer.ingest;

import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Processor;
import com.github.javaparser.Provider;
import com.github.javaparser.ast.Node;
import com.github.javaparser.utils.LineSeparator;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * What JavaParser's line-separator processor does (count the {@code \r}, {@code \n} and
 * {@code \r\n} the lexer reads, and record the file's separator on the root), without its cost:
 * its provider makes a String, an Optional and two map updates for every character read, a twentieth
 * of the parse phase. The counts are JavaParser's to the letter: a {@code \r\n} counts only when
 * both are handed over by one read call, as in its provider, and the calls are the same because
 * this provider, like that one, fills every call as far as the input goes.
 *
 * <p>JavaParser names its processor nowhere, so its place in a new configuration's list is checked
 * by its class; when that fails (another JavaParser version), parsing keeps JavaParser's own.
 */
final class LineSeparatorDetection extends Processor {
    private static final String REPLACED = "com.github.javaparser.ParserConfiguration$LineEndingProcessor";
    private static final int SLOT = slot();

    private final ParserConfiguration configuration;
    private Counting counting;

    private LineSeparatorDetection(ParserConfiguration configuration) {
        this.configuration = configuration;
    }

    /** Puts this detection in the place of JavaParser's in {@code configuration}, when that place is known. */
    static ParserConfiguration install(ParserConfiguration configuration) {
        List<Supplier<Processor>> processors = configuration.getProcessors();
        if (SLOT >= 0 && processors.size() > SLOT) processors.set(SLOT, () -> new LineSeparatorDetection(configuration));
        return configuration;
    }

    /** Whether JavaParser's processor was found, so that {@link #install} replaces it (for tests). */
    static boolean available() {
        return SLOT >= 0;
    }

    private static int slot() {
        try {
            List<Supplier<Processor>> processors = new ParserConfiguration().getProcessors();
            for (int i = 0; i < processors.size(); i++) {
                if (processors.get(i).get().getClass().getName().equals(REPLACED)) return i;
            }
            return -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    @Override public Provider preProcess(Provider innerProvider) {
        if (!configuration.isDetectOriginalLineSeparator()) return innerProvider;
        counting = new Counting(innerProvider);
        return counting;
    }

    @Override public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
        if (this.configuration.isDetectOriginalLineSeparator()) {
            result.getResult().ifPresent(root -> root.setData(Node.LINE_SEPARATOR_KEY, counting.detected()));
        }
    }

    /** A provider passing characters on unchanged, counting line separators as JavaParser's does. */
    static final class Counting implements Provider {
        private final Provider input;
        private int cr;
        private int lf;
        private int crlf;

        Counting(Provider input) {
            this.input = input;
        }

        @Override public int read(char[] buffer, int offset, int len) throws IOException {
            int pos = offset;
            int stop = offset + len;
            boolean afterCr = false;
            while (pos < stop) {
                int read = input.read(buffer, pos, stop - pos);
                if (read < 0) {
                    if (pos == offset) return -1;
                    break;
                }
                for (int end = pos + read; pos < end; pos++) {
                    char c = buffer[pos];
                    if (c == '\r') {
                        cr++;
                        afterCr = true;
                    } else if (c == '\n') {
                        lf++;
                        if (afterCr) crlf++;
                        afterCr = false;
                    } else {
                        afterCr = false;
                    }
                }
            }
            return pos - offset;
        }

        LineSeparator detected() {
            return LineSeparator.getLineEnding(cr, lf, crlf);
        }

        @Override public void close() throws IOException {
            input.close();
        }
    }
}
