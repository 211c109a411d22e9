package io.wanlint.analyzer.api;

import java.util.Objects;

/**
 * Code that runs in the application but that the analysis cannot see, so that any bean may be
 * called, and any entity written, where no call graph shows it: an object created by reflection
 * from a class name the analysis cannot read ({@code Class.forName(name).newInstance()} with a name
 * computed at run time), or from a name the deployment gives (an {@code env-entry}, a properties
 * file) that is no class of the analysed application (a plug-in shipped elsewhere). Entities' write
 * sets are then unknown, never "none".
 *
 * @param kind what is unseen
 * @param name the application type the created object is cast to for {@link Kind#UNREADABLE_NAME};
 *             the class loaded for {@link Kind#CLASS_OUTSIDE_APPLICATION}
 */
public record UnseenCode(Kind kind, String name) implements Comparable<UnseenCode> {
    public enum Kind { UNREADABLE_NAME, CLASS_OUTSIDE_APPLICATION }

    public UnseenCode {
        Objects.requireNonNull(kind, "kind");
        name = name == null ? "" : name;
    }

    /** How a finding or a declined patch names it. */
    public String describe() {
        return switch (kind) {
            case UNREADABLE_NAME -> "an implementation of " + name + " created by reflection from a class name the analysis cannot read";
            case CLASS_OUTSIDE_APPLICATION -> "class " + name + ", loaded by a name the deployment gives, is not in the analysed code";
        };
    }

    @Override public int compareTo(UnseenCode o) {
        int k = kind.compareTo(o.kind);
        return k != 0 ? k : name.compareTo(o.name);
    }
}
