package io.wanlint.cli;

import io.wanlint.analyzer.api.VisibleText;

import java.io.PrintWriter;

/**
 * A console channel that shows control characters as visible escapes ({@link VisibleText}): the one
 * place stderr, and {@code fix}'s console output, are made safe from names and strings of the
 * analysed application that would otherwise move the cursor, erase lines or recolour the terminal.
 *
 * <p>{@code println} still ends its line, because {@link PrintWriter} writes the line separator
 * straight to the wrapped writer. Whether a {@code \n} inside printed text passes is the channel's
 * choice: stderr keeps them (picocli's usage help is one multi-line string; diagnostics escape their
 * own line breaks), {@code fix}'s output, printed line by line, escapes them too.
 */
final class EscapingPrintWriter extends PrintWriter {
    private final PrintWriter raw;
    private final boolean keepLineBreaks;

    EscapingPrintWriter(PrintWriter raw, boolean keepLineBreaks) {
        super(raw, true);
        this.raw = raw;
        this.keepLineBreaks = keepLineBreaks;
    }

    /**
     * The same channel without escapes, for wanlint's own control sequences only: the progress
     * spinner's carriage returns, a {@code --debug} stack trace's tabs.
     */
    PrintWriter raw() { return raw; }

    /** {@code w}'s unescaped channel if it has one. */
    static PrintWriter rawOf(PrintWriter w) { return w instanceof EscapingPrintWriter e ? e.raw : w; }

    @Override public void write(int c) {
        char ch = (char) c;
        if (!hidden(ch)) {
            super.write(c);
        } else {
            StringBuilder b = new StringBuilder(6);
            VisibleText.appendVisible(b, ch);
            super.write(b.toString(), 0, b.length());
        }
    }

    @Override public void write(char[] buf, int off, int len) { write(new String(buf, off, len), 0, len); }

    @Override public void write(String s, int off, int len) {
        int end = off + len, i = off;
        while (i < end && !hidden(s.charAt(i))) i++;
        if (i == end) {
            super.write(s, off, len);
            return;
        }
        StringBuilder b = new StringBuilder(len + 16).append(s, off, i);
        for (; i < end; i++) {
            char c = s.charAt(i);
            if (hidden(c)) VisibleText.appendVisible(b, c);
            else b.append(c);
        }
        super.write(b.toString(), 0, b.length());
    }

    private boolean hidden(char c) { return VisibleText.isHidden(c) && !(keepLineBreaks && c == '\n'); }
}
