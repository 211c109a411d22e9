package io.wanlint.analyzer.ingest;

import java.util.Arrays;

/**
 * Maps offsets of a text to 1-based line numbers. {@code \r\n}, {@code \r} and {@code \n} each end
 * a line, as for the Java compiler, so files with old Mac line endings number right.
 */
final class SourceLines {
    private final int[] starts;

    SourceLines(String text) {
        int[] found = new int[16];
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                if (count == found.length) found = Arrays.copyOf(found, count * 2);
                found[count++] = i + 1;
            }
        }
        this.starts = Arrays.copyOf(found, count);
    }

    int lineOf(int offset) {
        int at = Arrays.binarySearch(starts, offset);
        return at >= 0 ? at + 1 : -at - 1;
    }

    /** Number of line breaks in {@code text}. */
    static int breaks(CharSequence text) {
        int count = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                count++;
            }
        }
        return count;
    }
}
