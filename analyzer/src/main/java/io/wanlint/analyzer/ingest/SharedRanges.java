package io.wanlint.analyzer.ingest;

import com.github.javaparser.Position;
import com.github.javaparser.Range;

/**
 * One object per distinct range and position of a file: a name and the expression it makes
 * ({@code NameExpr} and its {@code SimpleName}, a call and its scope's start) cover the same
 * characters, and Range and Position are immutable. Ranges were a sixth of the heap while every
 * tree of a large application is held for the call graph.
 *
 * <p>Open-addressing tables with a mixed hash of the line and column numbers: in a {@code HashMap},
 * JavaParser's own hashes ({@code 31 * line + column}, combined the same way for ranges) collide so
 * often in a file of thousands of nodes that the look-ups were a tenth of the parse phase.
 * Not thread-safe: one instance per file, on the thread that parses it.
 */
final class SharedRanges {
    private Position[] positions = new Position[256];
    private int positionCount;
    private Range[] ranges = new Range[256];
    private int rangeCount;

    /** The range equal to {@code range} met first, made of the positions equal to its own met first. */
    Range share(Range range) {
        int slot = find(ranges, range);
        Range known = ranges[slot];
        if (known != null) return known;
        Position begin = share(range.begin);
        Position end = share(range.end);
        Range shared = begin == range.begin && end == range.end ? range : new Range(begin, end);
        ranges[slot] = shared;
        if (++rangeCount * 2 > ranges.length) ranges = grown(ranges);
        return shared;
    }

    private Position share(Position position) {
        int slot = find(positions, position);
        Position known = positions[slot];
        if (known != null) return known;
        positions[slot] = position;
        if (++positionCount * 2 > positions.length) positions = grown(positions);
        return position;
    }

    private static int find(Position[] table, Position position) {
        int mask = table.length - 1;
        for (int slot = hash(position) & mask; ; slot = (slot + 1) & mask) {
            Position p = table[slot];
            if (p == null || (p.line == position.line && p.column == position.column)) return slot;
        }
    }

    private static int find(Range[] table, Range range) {
        int mask = table.length - 1;
        for (int slot = hash(range) & mask; ; slot = (slot + 1) & mask) {
            Range r = table[slot];
            if (r == null || (same(r.begin, range.begin) && same(r.end, range.end))) return slot;
        }
    }

    private static boolean same(Position a, Position b) {
        return a.line == b.line && a.column == b.column;
    }

    private static int hash(Position p) {
        return mix(p.line * 0x9E3779B9 + p.column);
    }

    private static int hash(Range r) {
        return mix(hash(r.begin) * 0x85EBCA6B + r.end.line * 0xC2B2AE35 + r.end.column);
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        h ^= h >>> 15;
        h *= 0x846CA68B;
        return h ^ (h >>> 16);
    }

    private static Position[] grown(Position[] table) {
        Position[] larger = new Position[table.length * 2];
        for (Position p : table) if (p != null) larger[find(larger, p)] = p;
        return larger;
    }

    private static Range[] grown(Range[] table) {
        Range[] larger = new Range[table.length * 2];
        for (Range r : table) if (r != null) larger[find(larger, r)] = r;
        return larger;
    }
}
