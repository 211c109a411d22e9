package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class SharedPositionsTest {
    @Test
    void equalPositionsBecomeTheFirstOneMet() {
        SharedPositions shared = new SharedPositions();
        Position first = new Position(12, 9);

        assertThat(shared.share(first)).isSameAs(first);
        assertThat(shared.share(new Position(12, 9))).isSameAs(first);
        assertThat(shared.share(new Position(12, 10))).isNotSameAs(first).isEqualTo(new Position(12, 10));
        assertThat(shared.share(new Position(9, 12))).isEqualTo(new Position(9, 12));
    }

    @Test
    void positionsOutsideTheTableAreLeftToTheCaller() {
        SharedPositions shared = new SharedPositions();

        assertThat(shared.share(new Position(3, 256))).isNull();
        assertThat(shared.share(new Position(1 << 16, 1))).isNull();
        assertThat(shared.share(new Position(-1, -1))).isNull();
        assertThat(shared.share(new Position(3, 255))).isEqualTo(new Position(3, 255));
        assertThat(shared.share(new Position((1 << 16) - 1, 0))).isEqualTo(new Position((1 << 16) - 1, 0));
    }

    @Test
    void threadsSharingOneTableGetOneObjectPerPosition() throws Exception {
        SharedPositions shared = new SharedPositions();
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<List<Position>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    List<Position> got = new ArrayList<>();
                    for (int line = 1; line <= 300; line++) {
                        for (int column = 1; column <= 80; column++) got.add(shared.share(new Position(line, column)));
                    }
                    return got;
                }));
            }
            start.countDown();
            List<Position> first = results.get(0).get();
            for (Future<List<Position>> result : results) {
                List<Position> got = result.get();
                for (int i = 0; i < got.size(); i++) assertThat(got.get(i)).isSameAs(first.get(i));
            }
            assertThat(first.get(80 * 4 + 6)).isEqualTo(new Position(5, 7));
        } finally {
            pool.shutdownNow();
        }
    }
}
