package io.wanlint.analyzer.ingest;

import com.github.javaparser.Position;
import com.github.javaparser.Range;

/**
 * One object per distinct range and position of a file: a name and the expression it makes
 * ({@code NameExpr} and its {@code SimpleName}, a call and its scope's start) cover the same
 * characters, and Range and Position are immutable. Ranges were a sixth of the heap while every
 * tree of a large application is held for the call graph.
 *
 * <p>Open-addressing tables keyed by line and column: in a {@code HashMap} keyed by the objects,
 * whose {@code hashCode} boxes its fields through {@code Objects.hash}, the look-ups were a tenth
 * of the parse phase.
 * Positions are taken from {@link SharedPositions}, which shares them across files, when their
 * line and column are in its table, and from this file's own table otherwise.
 * Not thread-safe: one instance per file, on the thread that parses it.
 */
final class SharedRanges {
    private final SharedPositions acrossFiles;
    // Keys are kept in primitive arrays beside the objects, so probing reads no object but the
    // one found: with the objects' own fields, cache misses made the look-ups as slow as before.
    private long[] positionKeys = new long[256];
    private Position[] positions = new Position[256];
    private int positionCount;
    private long[] rangeBegins;
    private long[] rangeEnds;
    private Range[] ranges;
    private int rangeCount;

    /**
     * Ranges of one file of about {@code lines} lines, with positions shared across the files parsed
     * with {@code acrossFiles}. The table is made large enough for the file at once (Java has about
     * three distinct ranges a line): growing it step by step was a fifth of the sharing's cost.
     */
    SharedRanges(SharedPositions acrossFiles, int lines) {
        this.acrossFiles = acrossFiles;
        int capacity = Integer.highestOneBit(Math.max(256, Math.min(1 << 24, lines * 8)) - 1) << 1;
        rangeBegins = new long[capacity];
        rangeEnds = new long[capacity];
        ranges = new Range[capacity];
    }

    /** Ranges and positions of one file only. */
    SharedRanges() {
        this(null, 0);
    }

    /** The range equal to {@code range} met first, made of the positions equal to its own met first. */
    Range share(Range range) {
        long begin = key(range.begin);
        long end = key(range.end);
        int slot = slotOf(begin, end);
        Range known = ranges[slot];
        if (known != null) return known;
        Position sharedBegin = share(range.begin, begin);
        Position sharedEnd = share(range.end, end);
        return add(slot, begin, end, sharedBegin == range.begin && sharedEnd == range.end ? range : new Range(sharedBegin, sharedEnd));
    }

    /**
     * {@link #share} of the range from line and column {@code beginLine:beginColumn} to
     * {@code endLine:endColumn}, made only when none equal to it was met: a tree builder that knows
     * the numbers makes no Range nor Position for the ranges met before.
     */
    Range range(int beginLine, int beginColumn, int endLine, int endColumn) {
        long begin = key(beginLine, beginColumn);
        long end = key(endLine, endColumn);
        int slot = slotOf(begin, end);
        Range known = ranges[slot];
        if (known != null) return known;
        Position sharedBegin = position(beginLine, beginColumn, begin);
        Position sharedEnd = end == begin ? sharedBegin : position(endLine, endColumn, end);
        return add(slot, begin, end, new Range(sharedBegin, sharedEnd));
    }

    /** The slot of the range with these keys: the one holding it, or the empty one where it goes. */
    private int slotOf(long begin, long end) {
        int mask = ranges.length - 1;
        int slot = mix(hash(begin) * 0x85EBCA6B + hash(end)) & mask;
        for (Range known = ranges[slot]; known != null; known = ranges[slot]) {
            if (rangeBegins[slot] == begin && rangeEnds[slot] == end) return slot;
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private Range add(int slot, long begin, long end, Range shared) {
        ranges[slot] = shared;
        rangeBegins[slot] = begin;
        rangeEnds[slot] = end;
        if (++rangeCount * 2 > ranges.length) growRanges();
        return shared;
    }

    /** {@link #share(Position, long)} of the position at this line and column, made when none equal to it was met. */
    private Position position(int line, int column, long key) {
        Position pooled = acrossFiles == null ? null : acrossFiles.at(line, column);
        if (pooled != null) return pooled;
        int slot = positionSlot(key);
        Position known = positions[slot];
        return known != null ? known : addInFile(slot, new Position(line, column), key);
    }

    private Position share(Position position, long key) {
        Position pooled = acrossFiles == null ? null : acrossFiles.share(position);
        return pooled != null ? pooled : shareInFile(position, key);
    }

    private int positionSlot(long key) {
        int mask = positions.length - 1;
        int slot = hash(key) & mask;
        for (Position known = positions[slot]; known != null; known = positions[slot]) {
            if (positionKeys[slot] == key) return slot;
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private Position shareInFile(Position position, long key) {
        int slot = positionSlot(key);
        Position known = positions[slot];
        return known != null ? known : addInFile(slot, position, key);
    }

    private Position addInFile(int slot, Position position, long key) {
        positions[slot] = position;
        positionKeys[slot] = key;
        if (++positionCount * 2 > positions.length) growPositions();
        return position;
    }

    private static long key(Position p) {
        return key(p.line, p.column);
    }

    private static long key(int line, int column) {
        return ((long) line << 32) | (column & 0xFFFFFFFFL);
    }

    /** Line and column mixed (Long.hashCode would make (1, 2) and (2, 1) collide). */
    private static int hash(long key) {
        return mix((int) (key >>> 32) * 0x9E3779B9 + (int) key);
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        h ^= h >>> 15;
        h *= 0x846CA68B;
        return h ^ (h >>> 16);
    }

    private void growPositions() {
        Position[] old = positions;
        long[] oldKeys = positionKeys;
        positions = new Position[old.length * 2];
        positionKeys = new long[old.length * 2];
        positionCount = 0;
        for (int i = 0; i < old.length; i++) if (old[i] != null) shareInFile(old[i], oldKeys[i]);
    }

    private void growRanges() {
        Range[] old = ranges;
        long[] oldBegins = rangeBegins;
        long[] oldEnds = rangeEnds;
        ranges = new Range[old.length * 2];
        rangeBegins = new long[old.length * 2];
        rangeEnds = new long[old.length * 2];
        rangeCount = 0;
        for (int i = 0; i < old.length; i++) {
            if (old[i] == null) continue;
            int mask = ranges.length - 1;
            int slot = mix(hash(oldBegins[i]) * 0x85EBCA6B + hash(oldEnds[i])) & mask;
            while (ranges[slot] != null) slot = (slot + 1) & mask;
            ranges[slot] = old[i];
            rangeBegins[slot] = oldBegins[i];
            rangeEnds[slot] = oldEnds[i];
            rangeCount++;
        }
    }
}
