package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.comments.Comment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The XDoclet tags of one javadoc comment ({@code @ejb.bean name="Order" type="Stateless"},
 * {@code @web.servlet-mapping url-pattern="/x"}): before EJB 3 these were where many applications
 * declared their beans, servlets and references, XDoclet writing the interfaces and descriptors
 * from them at build time. Only the namespaces XDoclet's EJB and web modules and their vendor
 * modules use are read; the old colon spelling ({@code @ejb:bean}) is the same tag.
 *
 * @param tags the tags in the order written
 */
public record XDocletTags(List<Tag> tags) {
    /** Namespaces whose tags describe deployment; any other javadoc tag ({@code @param}, {@code @author}) is prose. */
    private static final Set<String> NAMESPACES = Set.of("ejb", "web", "jboss", "weblogic", "websphere", "jonas",
            "orion", "oc4j", "resin", "jrun", "sunone", "openejb", "easerver", "pramati", "hibernate");

    public static final XDocletTags NONE = new XDocletTags(List.of());

    public XDocletTags {
        tags = List.copyOf(tags);
    }

    /**
     * One tag: {@code name} is lower-cased and dotted ({@code ejb.interface-method}); attribute
     * names are lower-cased, values unquoted; {@code line} is the tag's line in the file (0 unknown).
     */
    public record Tag(String name, Map<String, String> attributes, int line) {
        public Tag {
            attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        }

        /** The attribute's value, or null; blank values count as absent. */
        public String attribute(String key) {
            String v = attributes.get(key);
            return v == null || v.isBlank() ? null : v.trim();
        }
    }

    /** The tags of the javadoc (or block comment) attached to {@code node}. */
    public static XDocletTags of(Node node) {
        Optional<Comment> c = node.getComment().or(() -> precedingOrphan(node));
        if (c.isEmpty() || c.get().isLineComment()) return NONE;
        int first = c.get().getBegin().map(p -> p.line).orElse(0);
        return parse(c.get().getContent(), first);
    }

    /**
     * The block comment right above a declaration that JavaParser left unattached: it attaches no
     * comment followed by a blank line, and XDoclet sources often leave one between the class
     * javadoc and the class.
     */
    private static Optional<Comment> precedingOrphan(Node node) {
        Optional<Node> parent = node.getParentNode();
        Optional<com.github.javaparser.Position> begin = node.getBegin();
        if (parent.isEmpty() || begin.isEmpty()) return Optional.empty();
        Comment best = null;
        for (Comment c : parent.get().getOrphanComments()) {
            if (c.isLineComment() || c.getEnd().isEmpty() || !c.getEnd().get().isBefore(begin.get())) continue;
            if (best == null || best.getEnd().get().isBefore(c.getEnd().get())) best = c;
        }
        if (best == null) return Optional.empty();
        com.github.javaparser.Position after = best.getEnd().get();
        for (Node sibling : parent.get().getChildNodes()) {
            if (sibling == node || sibling instanceof Comment || sibling.getBegin().isEmpty() || sibling.getEnd().isEmpty()) continue;
            // Another declaration between the comment and this one: the comment is not this one's.
            if (after.isBefore(sibling.getBegin().get()) && sibling.getEnd().get().isBefore(begin.get())) return Optional.empty();
        }
        return Optional.of(best);
    }

    /**
     * Reads the tags of a comment's content (without its {@code /**} and {@code *}{@code /}). A tag
     * runs from its {@code @name} to the next tag at the start of a line; its attributes are
     * {@code key="value"}, {@code key='value'} or {@code key=value} pairs, spread over lines as
     * XDoclet allows.
     *
     * @param firstLine the comment's first line in its file
     */
    public static XDocletTags parse(String content, int firstLine) {
        List<Tag> out = new ArrayList<>();
        String[] lines = content.split("\r\n|\r|\n", -1);
        StringBuilder body = null;
        String name = null;
        int tagLine = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = stripLeader(lines[i]);
            if (line.startsWith("@")) {
                if (name != null) out.add(new Tag(name, attributes(body), tagLine));
                name = null;
                int end = 1;
                while (end < line.length() && !Character.isWhitespace(line.charAt(end))) end++;
                String candidate = line.substring(1, end).replace(':', '.').toLowerCase(Locale.ROOT);
                int dot = candidate.indexOf('.');
                if (dot > 0 && NAMESPACES.contains(candidate.substring(0, dot))) {
                    name = candidate;
                    body = new StringBuilder(line.substring(end));
                    tagLine = firstLine == 0 ? 0 : firstLine + i;
                }
            } else if (name != null) {
                body.append(' ').append(line);
            }
        }
        if (name != null) out.add(new Tag(name, attributes(body), tagLine));
        return out.isEmpty() ? NONE : new XDocletTags(out);
    }

    private static String stripLeader(String line) {
        String s = line.strip();
        while (s.startsWith("*")) s = s.substring(1).strip();
        return s;
    }

    private static Map<String, String> attributes(CharSequence text) {
        Map<String, String> out = new LinkedHashMap<>();
        String s = text.toString();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && !isKeyChar(s.charAt(i))) i++;
            int keyStart = i;
            while (i < n && isKeyChar(s.charAt(i))) i++;
            String key = s.substring(keyStart, i).toLowerCase(Locale.ROOT);
            while (i < n && s.charAt(i) == ' ') i++;
            if (i >= n || s.charAt(i) != '=') continue; // a flag word without a value
            i++;
            while (i < n && s.charAt(i) == ' ') i++;
            if (i >= n) break;
            String value;
            char q = s.charAt(i);
            if (q == '"' || q == '\'') {
                int close = s.indexOf(q, i + 1);
                if (close < 0) close = n;
                value = s.substring(i + 1, close).replaceAll("\\s+", " ").trim();
                i = Math.min(n, close + 1);
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(s.charAt(i))) i++;
                value = s.substring(start, i);
            }
            if (!key.isEmpty()) out.putIfAbsent(key, value);
        }
        return out;
    }

    private static boolean isKeyChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.';
    }

    public boolean isEmpty() { return tags.isEmpty(); }

    /** The first tag of this name ({@code ejb.bean}). */
    public Optional<Tag> first(String tagName) {
        for (Tag t : tags) if (t.name().equals(tagName)) return Optional.of(t);
        return Optional.empty();
    }

    /** Every tag of this name, in order. */
    public List<Tag> all(String tagName) {
        return tags.stream().filter(t -> t.name().equals(tagName)).toList();
    }

    /** Whether any tag of the deployment namespaces is present. */
    public boolean any(String namespace) {
        for (Tag t : tags) if (t.name().startsWith(namespace + ".")) return true;
        return false;
    }

    /** The tags in a canonical text form, for fingerprints: a change of a tag is a change of declaration. */
    public String canonical() {
        StringBuilder out = new StringBuilder();
        for (Tag t : tags) out.append('@').append(t.name()).append(' ').append(t.attributes()).append(';');
        return out.toString();
    }
}
