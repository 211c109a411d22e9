package io.wanlint.analyzer.ingest;

import com.github.javaparser.GeneratedJavaParserConstants;
import com.github.javaparser.GeneratedJavaParserTokenManager;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Processor;
import com.github.javaparser.Provider;
import com.github.javaparser.SimpleCharStream;
import com.github.javaparser.StringProvider;
import com.github.javaparser.ast.Node;
import com.github.javaparser.utils.LineSeparator;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
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

    /**
     * The separator JavaParser's detection names when it parses {@code text} (no Unicode escape: no
     * decoder under the lexer), found by running JavaParser's lexer alone over it: the reads of its
     * character stream, and so the {@code \r\n} split between two of them, depend only on where its
     * tokens start, which the parser does not change (it takes the tokens in order up to the end of
     * file; the lexer switches its own states). Empty when the lexer fails, or when a Ctrl-Z, at which
     * the parser may stop reading, is in the text.
     */
    static Optional<LineSeparator> asLexed(String text) {
        if (text.indexOf('\u001a') >= 0) return Optional.empty();
        Counting counting = new Counting(new StringProvider(text));
        try {
            GeneratedJavaParserTokenManager lexer = new GeneratedJavaParserTokenManager(new SimpleCharStream(counting, 1, 1));
            while (lexer.getNextToken().kind != GeneratedJavaParserConstants.EOF) {
                // the reads are all that is wanted of the tokens
            }
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(counting.detected());
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
        private final LineEnds lineEnds = new LineEnds();

        Counting(Provider input) {
            this.input = input;
        }

        @Override public int read(char[] buffer, int offset, int len) throws IOException {
            int pos = offset;
            int stop = offset + len;
            lineEnds.endRead();
            while (pos < stop) {
                int read = input.read(buffer, pos, stop - pos);
                if (read < 0) {
                    if (pos == offset) return -1;
                    break;
                }
                for (int end = pos + read; pos < end; pos++) lineEnds.add(buffer[pos]);
            }
            return pos - offset;
        }

        LineSeparator detected() {
            return lineEnds.separator();
        }

        @Override public void close() throws IOException {
            input.close();
        }
    }

    /**
     * The {@code \r}, {@code \n} and {@code \r\n} of a text handed over in reads, counted as JavaParser's
     * detection counts them: a {@code \r\n} split between two reads counts as a {@code \r} and a {@code \n}.
     */
    static final class LineEnds {
        private int cr;
        private int lf;
        private int crlf;
        private boolean afterCr;

        /** The line separator JavaParser names for the whole of {@code text} handed over in one read. */
        static LineSeparator of(CharSequence text) {
            LineEnds lineEnds = new LineEnds();
            for (int i = 0, n = text.length(); i < n; i++) lineEnds.add(text.charAt(i));
            return lineEnds.separator();
        }

        void add(char c) {
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

        /** A read ends here: a {@code \n} next does not pair with a {@code \r} before. */
        void endRead() {
            afterCr = false;
        }

        LineSeparator separator() {
            return LineSeparator.getLineEnding(cr, lf, crlf);
        }
    }
}
