package io.wanlint.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundTripsTest {
    private static final RoundTrips THREE = RoundTrips.of(3);
    private static final RoundTrips N = RoundTrips.term(1, 1);

    @Test
    void theMaximumOfTwoPolynomialsOneOfWhichBoundsTheOtherIsThatOne() {
        assertThat(RoundTrips.max(THREE, RoundTrips.of(2))).isEqualTo(THREE);
        assertThat(RoundTrips.max(N, N.plus(RoundTrips.of(1))).formula()).isEqualTo("1 + n");
        assertThat(RoundTrips.max(RoundTrips.ZERO, N)).isEqualTo(N);
    }

    @Test
    void aMaximumOfCrossingPolynomialsIsExactAtEveryLoopSize() {
        RoundTrips m = RoundTrips.max(THREE, N);
        assertThat(m.formula()).isEqualTo("max(3, n)");
        assertThat(m.value()).isEqualTo(3);
        assertThat(m.atN(0)).isEqualTo(3);
        assertThat(m.atN(10)).isEqualTo(10);
        assertThat(m.degree()).isEqualTo(1);
        assertThat(m.isPolynomial()).isFalse();
    }

    @Test
    void whatEveryAlternativeSharesIsFactoredOut() {
        RoundTrips m = RoundTrips.max(THREE.plus(N), RoundTrips.of(1).plus(RoundTrips.term(2, 1)));
        assertThat(m.formula()).isEqualTo("1 + n + max(2, n)");
        assertThat(m.value()).isEqualTo(4);
        assertThat(m.atN(5)).isEqualTo(11);
    }

    @Test
    void sumsAndLoopsDistributeOverTheMaximum() {
        RoundTrips m = RoundTrips.max(THREE, N);
        assertThat(m.plus(RoundTrips.of(1)).formula()).isEqualTo("1 + max(3, n)");
        assertThat(m.timesN(1).formula()).isEqualTo("max(3n, n^2)");
        assertThat(m.times(2).atN(10)).isEqualTo(20);
        assertThat(m.plus(m).formula()).isEqualTo("max(6, 3 + n, 2n)");
        assertThat(m.plus(m).atN(1)).isEqualTo(6);
        assertThat(m.plus(m).atN(10)).isEqualTo(20);
        assertThatThrownBy(() -> m.times(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void equalCountsAreEqualValuesWhateverTheirConstruction() {
        assertThat(RoundTrips.max(THREE, N)).isEqualTo(RoundTrips.max(N, THREE));
        assertThat(new RoundTrips(List.of(1L), List.of(List.of(2L), List.of(0L, 1L))))
                .isEqualTo(RoundTrips.of(1).plus(RoundTrips.max(RoundTrips.of(2), N)));
    }

    @Test
    void countsCompareCostliestForLargeLoopsFirst() {
        assertThat(RoundTrips.max(THREE, N)).isGreaterThan(RoundTrips.of(100));
        assertThat(RoundTrips.max(THREE, N)).isGreaterThan(N);
        assertThat(RoundTrips.max(THREE, N)).isLessThan(RoundTrips.of(1).plus(N));
    }
}
