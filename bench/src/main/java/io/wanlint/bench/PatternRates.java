package io.wanlint.bench;

/**
 * Probability that one domain module of the generated application carries each planted pattern or
 * optional clean component (a stateful session bean, a message-driven bean, a partner notification
 * from a {@code NotSupported} method).
 */
public record PatternRates(double chattyFacade, double twoFacades, double remoteEntity, double webHelperJdbc,
                           double jspJdbc, double httpInTransaction, double readOnlyEntity,
                           double statefulSession, double messageDriven, double notSupportedNotify) {

    /** The rates of a legacy application that grew for a decade: most of it clean, a few faults of each kind. */
    public static PatternRates realistic() {
        return new PatternRates(0.08, 0.06, 0.06, 0.07, 0.04, 0.05, 0.06, 0.20, 0.20, 0.08);
    }

    /** Every pattern and component in every module, so small test applications exercise all of them. */
    public static PatternRates everywhere() {
        return new PatternRates(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    }
}
