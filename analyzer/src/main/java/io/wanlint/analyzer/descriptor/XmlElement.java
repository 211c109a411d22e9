package io.wanlint.analyzer.descriptor;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One element of a parsed XML document: small, immutable, and carrying the line of its start tag
 * so every declaration mapped from it can point back at the descriptor.
 *
 * @param localName  the element name without namespace prefix ({@code session}, {@code web-app})
 * @param namespace  the namespace URI, or empty for DTD-era documents
 * @param attributes attributes by local name
 * @param text       the element's own character data, trimmed (entity references are never expanded)
 * @param line       1-based line of the start tag
 */
public record XmlElement(String localName, String namespace, Map<String, String> attributes, String text,
                         int line, List<XmlElement> children) {
    public XmlElement {
        namespace = namespace == null ? "" : namespace;
        attributes = Map.copyOf(attributes);
        text = text == null ? "" : text;
        children = List.copyOf(children);
    }

    /** The first child with this local name. */
    public Optional<XmlElement> child(String name) {
        for (XmlElement c : children) if (c.localName.equals(name)) return Optional.of(c);
        return Optional.empty();
    }

    public List<XmlElement> children(String name) {
        return children.stream().filter(c -> c.localName.equals(name)).toList();
    }

    /** The trimmed text of the first child with this name, or null when absent or empty. */
    public String childText(String name) {
        return child(name).map(XmlElement::text).filter(t -> !t.isEmpty()).orElse(null);
    }

    /** The texts of every child with this name, empty ones left out. */
    public List<String> childTexts(String name) {
        return children.stream().filter(c -> c.localName.equals(name)).map(XmlElement::text)
                .filter(t -> !t.isEmpty()).toList();
    }

    /** Whether a child with this name exists (for marker elements such as {@code <local-bean/>}). */
    public boolean has(String name) {
        return child(name).isPresent();
    }

    /** Follows a path of child names, e.g. {@code path("entity-descriptor", "entity-cache")}. */
    public Optional<XmlElement> path(String... names) {
        Optional<XmlElement> at = Optional.of(this);
        for (String n : names) at = at.flatMap(e -> e.child(n));
        return at;
    }

    public String attribute(String name) {
        return attributes.get(name);
    }
}
