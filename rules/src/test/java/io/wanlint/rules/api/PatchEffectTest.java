package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CostAdjustment;
import io.wanlint.analyzer.api.RoundTrips;
import org.junit.jupiter.api.Test;

/** How the report composes the patches of one request into its "after patches" figure. */
class PatchEffectTest {
    private static final CostAdjustment ZERO_ALL = (ep, edge, cost) -> 0;

    @Test
    void patchesAddingTheirCallInTheSameMethodShareOneFacadeCall() {
        PatchEffect wan001 = PatchEffect.adding(ZERO_ALL, "com.x.ViewItem#doGet", RoundTrips.of(1));
        PatchEffect wan007 = PatchEffect.adding(CostAdjustment.NONE, "com.x.ViewItem#doGet", RoundTrips.of(1));
        assertThat(wan001.and(wan007).extra()).isEqualTo(RoundTrips.of(1));
    }

    @Test
    void patchesRewritingDifferentMethodsOfOneRequestEachAddTheirCall() {
        PatchEffect dao = PatchEffect.adding(ZERO_ALL, "com.x.CatalogWebImpl#getItem", RoundTrips.of(1));
        PatchEffect facade = PatchEffect.adding(ZERO_ALL, "com.x.InventoryWebHelper#getAvailability", RoundTrips.of(1));
        assertThat(dao.and(facade).extra()).isEqualTo(RoundTrips.of(2));
        assertThat(dao.and(PatchEffect.NONE).extra()).isEqualTo(RoundTrips.of(1));
    }

    @Test
    void eachCallCostsTheLeastEitherPatchLeavesIt() {
        CostAdjustment halve = (ep, edge, cost) -> cost / 2;
        PatchEffect both = PatchEffect.of(halve).and(PatchEffect.of(CostAdjustment.NONE));
        assertThat(both.adjustment().unitCost(null, null, 4)).isEqualTo(2);
        assertThat(PatchEffect.adding(halve, "m", RoundTrips.ZERO).addedCalls()).isEmpty();
    }
}
