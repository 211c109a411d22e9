package io.wanlint.report.api;

import java.util.List;
import java.util.Map;

/** Hand-made patches for the sample application, standing in for the refactorings' output. */
final class SamplePatches {
    static final String JDBC_DIFF = """
            --- a/src/edu/rubis/web/BidDao.java
            +++ b/src/edu/rubis/web/BidDao.java
            @@ -40,5 +40,3 @@
             public List<Bid> bidsOf(int itemId) throws SQLException {
            -    Statement st = connection.createStatement();
            -    ResultSet rs = st.executeQuery("SELECT * FROM bids WHERE item=" + itemId);
            +    return facade.bidsOf(itemId);
             }
            """;

    private SamplePatches() {}

    static PatchIndex index() {
        PatchIndex.FindingPatch jdbc = new PatchIndex.FindingPatch("Move the JDBC calls behind the SB_ViewItem façade",
                List.of(new PatchIndex.FileEdit("src/edu/rubis/web/BidDao.java", List.of(
                                new PatchIndex.Replacement(41, 5, 42, 80, "return facade.bidsOf(itemId);"))),
                        new PatchIndex.FileEdit("src/edu/rubis/ejb/SB_ViewItem Bean.java", List.of(
                                new PatchIndex.Replacement(25, 1, 25, 1, "    public List<Bid> bidsOf(int itemId) { … }\n")))),
                JDBC_DIFF);
        return PatchIndex.of(Map.of(SampleApplication.webTierJdbc(), jdbc));
    }

    /** Why the WAN001 finding has none, as the refactorings say when none handles its rule. */
    static final String NO_WAN001_PATCH = "no refactoring for WAN001 yet";

    /** The JDBC patch, as planned by {@code check}: the WAN001 finding was planned too and has none. */
    static PatchIndex planned() {
        PatchIndex patched = index();
        return PatchIndex.of(Map.of(SampleApplication.webTierJdbc(), patched.of(SampleApplication.webTierJdbc()).orElseThrow()),
                Map.of(), Map.of(SampleApplication.fineGrained(), NO_WAN001_PATCH));
    }

    /** As {@link #planned()}, but the JDBC patch could not be compiled before it was shown, because of {@code why}. */
    static PatchIndex unverified(String why) {
        PatchIndex patched = index();
        return PatchIndex.of(Map.of(SampleApplication.webTierJdbc(), patched.of(SampleApplication.webTierJdbc()).orElseThrow()),
                Map.of(), Map.of(SampleApplication.fineGrained(), NO_WAN001_PATCH), Map.of(SampleApplication.webTierJdbc(), why));
    }

    /** As {@link #planned()}, the JDBC patch's prediction corrected by re-analysis as {@code how} says. */
    static PatchIndex corrected(String how) {
        PatchIndex patched = index();
        return PatchIndex.of(Map.of(SampleApplication.webTierJdbc(), patched.of(SampleApplication.webTierJdbc()).orElseThrow()),
                Map.of(), Map.of(SampleApplication.fineGrained(), NO_WAN001_PATCH), Map.of(), Map.of(SampleApplication.webTierJdbc(), how));
    }

    /** As {@link #planned()}, but the JDBC patch failed inside wanlint. */
    static PatchIndex failed(String why) {
        return PatchIndex.of(Map.of(), Map.of(SampleApplication.webTierJdbc(), why),
                Map.of(SampleApplication.fineGrained(), NO_WAN001_PATCH));
    }
}
