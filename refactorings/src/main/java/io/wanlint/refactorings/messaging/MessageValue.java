package io.wanlint.refactorings.messaging;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How one input of the moved statements travels in the JMS message: a typed {@code MapMessage}
 * entry for primitives, their wrappers and strings, else a field of a serializable request object
 * in an {@code ObjectMessage}.
 */
enum MessageValue {
    STRING("String"), BOOLEAN("Boolean"), BYTE("Byte"), SHORT("Short"), CHAR("Char"), INT("Int"), LONG("Long"),
    FLOAT("Float"), DOUBLE("Double"),
    /** A wrapper, which may be null: {@code setObject}/{@code getObject} keep the null. */
    WRAPPER("Object"),
    /** Anything else known to be serializable: only an {@code ObjectMessage} carries it. */
    SERIALIZABLE("");

    /** The suffix of the {@code MapMessage} setter and getter, e.g. {@code Int} for {@code setInt}. */
    final String accessor;

    MessageValue(String accessor) { this.accessor = accessor; }

    private static final Map<String, MessageValue> PRIMITIVES = Map.of("boolean", BOOLEAN, "byte", BYTE, "short", SHORT,
            "char", CHAR, "int", INT, "long", LONG, "float", FLOAT, "double", DOUBLE);
    private static final Set<String> WRAPPERS = Set.of("Boolean", "Byte", "Short", "Character", "Integer", "Long", "Float", "Double");
    /** JDK value types that are serializable, so an ObjectMessage can carry them. */
    private static final Set<String> SERIALIZABLE_JDK = Set.of("java.math.BigDecimal", "java.math.BigInteger",
            "java.util.Date", "java.sql.Date", "java.sql.Timestamp", "java.time.LocalDate", "java.time.LocalDateTime",
            "java.time.Instant", "java.util.Locale", "java.util.UUID", "java.net.URL", "java.net.URI");

    /**
     * How a value of the type written {@code type} travels, or empty when it cannot (a connection,
     * a stub, a mail message...).
     *
     * @param qualified the type's qualified name as the file's imports say, or the written name
     * @param appSerializable whether an application class of that name declares {@code Serializable}
     */
    static Optional<MessageValue> of(String type, String qualified, boolean appSerializable) {
        if (PRIMITIVES.containsKey(type)) return Optional.of(PRIMITIVES.get(type));
        String simple = type.substring(type.lastIndexOf('.') + 1);
        if (type.equals("String") || type.equals("java.lang.String")) return Optional.of(STRING);
        if (WRAPPERS.contains(simple) && (type.equals(simple) || type.startsWith("java.lang."))) return Optional.of(WRAPPER);
        if (SERIALIZABLE_JDK.contains(qualified) || appSerializable) return Optional.of(SERIALIZABLE);
        return Optional.empty();
    }

    boolean inMapMessage() { return this != SERIALIZABLE; }
}
