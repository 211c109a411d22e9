package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.Position;
import com.github.javaparser.Range;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SharedRangesTest {
    @Test
    void sharesExactlyWhatAMapOfEqualValuesShares() {
        Random random = new Random(42);
        for (int round = 0; round < 20; round++) {
            SharedRanges shared = new SharedRanges();
            Map<Range, Range> firstRanges = new HashMap<>();
            Map<Position, Position> firstPositions = new HashMap<>();
            List<Range> given = new ArrayList<>();
            // Many values close together, as in a file (and past the tables' first growths).
            int lines = 1 + random.nextInt(400);
            for (int i = 0; i < 5_000; i++) {
                int line = 1 + random.nextInt(lines);
                Position begin = new Position(line, 1 + random.nextInt(60));
                Position end = random.nextBoolean() ? new Position(begin.line, begin.column + random.nextInt(3))
                        : new Position(line + random.nextInt(5), 1 + random.nextInt(60));
                given.add(new Range(begin, end));
            }
            for (Range range : given) {
                Range result = shared.share(range);

                assertThat(result).isEqualTo(range);
                Range first = firstRanges.computeIfAbsent(range, r -> result);
                assertThat(result).isSameAs(first);
                assertThat(result.begin).isSameAs(firstPositions.computeIfAbsent(result.begin, p -> result.begin));
                assertThat(result.end).isSameAs(firstPositions.computeIfAbsent(result.end, p -> result.end));
            }
        }
    }

    @Test
    void filesSharingPositionsShareThemAcrossFilesAndKeepTheirOwnRanges() {
        SharedPositions acrossFiles = new SharedPositions();
        SharedRanges first = new SharedRanges(acrossFiles, 10);
        SharedRanges second = new SharedRanges(acrossFiles, 10);
        Range inFirst = first.share(new Range(new Position(4, 5), new Position(4, 300)));
        Range inSecond = second.share(new Range(new Position(4, 5), new Position(4, 300)));

        assertThat(inSecond).isEqualTo(inFirst).isNotSameAs(inFirst);
        assertThat(inSecond.begin).isSameAs(inFirst.begin);
        // Column 300 is beyond the shared table: each file keeps its own.
        assertThat(inSecond.end).isEqualTo(inFirst.end).isNotSameAs(inFirst.end);
        assertThat(second.share(new Range(new Position(9, 300), new Position(9, 300))).end)
                .isSameAs(second.share(new Range(new Position(2, 1), new Position(9, 300))).end);
    }

    @Test
    void aRangeEndingWhereAnotherBeginsSharesThatPosition() {
        SharedRanges shared = new SharedRanges();
        Range semicolon = shared.share(new Range(new Position(3, 7), new Position(3, 7)));
        Range statement = shared.share(new Range(new Position(3, 1), new Position(3, 7)));

        assertThat(semicolon.begin).isSameAs(semicolon.end);
        assertThat(statement.end).isSameAs(semicolon.begin);
    }
}
