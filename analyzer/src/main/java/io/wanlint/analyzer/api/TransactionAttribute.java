package io.wanlint.analyzer.api;

import java.util.Locale;
import java.util.Optional;

/** Container-managed transaction attributes (EJB spec), in descriptor and annotation spelling. */
public enum TransactionAttribute {
    REQUIRED("Required"), REQUIRES_NEW("RequiresNew"), MANDATORY("Mandatory"),
    SUPPORTS("Supports"), NOT_SUPPORTED("NotSupported"), NEVER("Never");

    private final String descriptorName;

    TransactionAttribute(String descriptorName) { this.descriptorName = descriptorName; }

    /** The spelling used in {@code <trans-attribute>}. */
    public String descriptorName() { return descriptorName; }

    /** Whether a method with this attribute runs in a transaction when its caller has none. */
    public boolean startsTransaction() { return this == REQUIRED || this == REQUIRES_NEW; }

    /** Whether a method with this attribute runs without a transaction even when its caller has one. */
    public boolean suspendsTransaction() { return this == NOT_SUPPORTED || this == NEVER; }

    /**
     * Parses descriptor ({@code RequiresNew}, {@code Requires New}), annotation enum
     * ({@code REQUIRES_NEW}) and EJB 1.1 ({@code TX_REQUIRED}) spellings.
     */
    public static Optional<TransactionAttribute> parse(String text) {
        if (text == null) return Optional.empty();
        String key = text.trim().toUpperCase(Locale.ROOT).replace("TX_", "").replace("_", "").replace(" ", "");
        for (TransactionAttribute a : values()) {
            if (a.name().replace("_", "").equals(key)) return Optional.of(a);
        }
        if (key.equals("BEANMANAGED")) return Optional.empty();
        return Optional.empty();
    }
}
