package io.wanlint.analyzer.ingest;

import com.github.javaparser.Position;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One {@link Position} object per line and column for every file that one {@link JavaSources}
 * parses. {@link SharedRanges} already keeps one per file, but positions are the same values from
 * file to file (line 12, column 9 is in nearly every file), and per file they were still the most
 * numerous objects of the retained trees (7.5 million for 1.6 million lines): every one of them
 * was copied by the young collections of the parse phase. Position is immutable, so sharing it
 * changes nothing a reader can see but identity.
 *
 * <p>Thread-safe and lock-free: the parser threads share one instance. A slot is filled once by
 * compare-and-set, so every thread gets the same object for the same line and column. Lines from
 * 2^16 and columns from 2^8 are not kept (the caller shares them per file).
 */
final class SharedPositions {
    private static final int LINES = 1 << 16;
    private static final int COLUMNS = 1 << 8;
    private static final int BLOCK_BITS = 5;
    private static final int BLOCK = 1 << BLOCK_BITS;
    private static final int BLOCKS_PER_LINE = COLUMNS / BLOCK;

    /** Blocks of 32 columns of one line, made when first needed: most lines end before column 100. */
    private final AtomicReferenceArray<AtomicReferenceArray<Position>> blocks =
            new AtomicReferenceArray<>(LINES * BLOCKS_PER_LINE);

    /** The position equal to {@code position} met first, or null when its line or column is out of the table. */
    Position share(Position position) {
        return find(position.line, position.column, position);
    }

    /** The position at {@code line} and {@code column} met first, made when none was; null when out of the table. */
    Position at(int line, int column) {
        return find(line, column, null);
    }

    /** The position met first, else {@code given} (made when null), as it goes in the table. */
    private Position find(int line, int column, Position given) {
        if (line < 0 || line >= LINES || column < 0 || column >= COLUMNS) return null;
        int index = line * BLOCKS_PER_LINE + (column >>> BLOCK_BITS);
        AtomicReferenceArray<Position> block = blocks.get(index);
        if (block == null) {
            AtomicReferenceArray<Position> made = new AtomicReferenceArray<>(BLOCK);
            block = blocks.compareAndSet(index, null, made) ? made : blocks.get(index);
        }
        int slot = column & (BLOCK - 1);
        Position known = block.get(slot);
        if (known != null) return known;
        Position position = given != null ? given : new Position(line, column);
        return block.compareAndSet(slot, null, position) ? position : block.get(slot);
    }
}
