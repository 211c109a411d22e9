package io.wanlint.analyzer.model;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Custom tag handlers by (taglib URI, tag name). A library is reachable under its TLD's own
 * {@code <uri>}, under every {@code web.xml} {@code taglib-uri} mapped to its location, and under
 * its location in the module ({@code /WEB-INF/tlds/shop.tld}), since a JSP's taglib directive may
 * use any of the three.
 */
public final class TagLibraries {
    public static final TagLibraries EMPTY = new TagLibraries(Map.of());

    private final Map<String, Map<String, String>> handlersByUri;

    /** @param handlersByUri uri → (tag name → handler class) */
    public TagLibraries(Map<String, Map<String, String>> handlersByUri) {
        Map<String, Map<String, String>> copy = new TreeMap<>();
        handlersByUri.forEach((uri, tags) -> copy.put(uri, Map.copyOf(tags)));
        this.handlersByUri = Collections.unmodifiableMap(copy);
    }

    /** The handler class of {@code <prefix:tagName>} when the prefix is bound to {@code uri}. */
    public Optional<String> handlerClass(String uri, String tagName) {
        if (uri == null || tagName == null) return Optional.empty();
        Map<String, String> tags = handlersByUri.get(uri.trim());
        return tags == null ? Optional.empty() : Optional.ofNullable(tags.get(tagName));
    }

    /** Every URI a library is known under. */
    public Set<String> uris() { return handlersByUri.keySet(); }

    /** Tag name → handler class for one URI (empty when unknown). */
    public Map<String, String> tags(String uri) { return handlersByUri.getOrDefault(uri, Map.of()); }
}
