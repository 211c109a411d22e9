package io.wanlint.refactorings.text;

import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.api.TextEdit;

import java.util.List;
import java.util.Set;

/**
 * Edits that add or change elements of an XML descriptor in place: new elements go on their own
 * line with the indentation of their siblings and the file's line ending; everything else in the
 * file stays byte for byte.
 */
public final class XmlSplice {
    private final SourceText source;
    private final String eol;

    public XmlSplice(SourceText source) {
        this.source = source;
        this.eol = source.lineEnding();
    }

    public SourceText source() { return source; }

    /** The file's indentation step: a child's indentation minus its parent's, else two spaces. */
    public String indentUnit(XmlOutline.Element parent) {
        String outer = source.indentationAt(parent.start());
        for (XmlOutline.Element c : parent.children()) {
            String inner = source.indentationAt(c.start());
            if (inner.length() > outer.length() && inner.startsWith(outer)) return inner.substring(outer.length());
        }
        return "  ";
    }

    /**
     * Inserts {@code element} (lines separated by {@code \n}, nested lines already indented relative
     * to its first line) as a child of {@code parent}: before the first child named in
     * {@code followedBy} (schema order), else after the last child, else right after the start tag.
     */
    public TextEdit insertChild(XmlOutline.Element parent, Set<String> followedBy, String element) {
        List<XmlOutline.Element> children = parent.children();
        for (XmlOutline.Element c : children) {
            if (followedBy.contains(c.name())) {
                String indent = source.indentationAt(c.start());
                boolean ownLine = source.lineStart(c.start()) + indent.length() == c.start();
                if (ownLine) return TextEdit.insert(source.path(), c.start(), indented(element, indent) + eol + indent);
                return TextEdit.insert(source.path(), c.start(), indented(element, indent));
            }
        }
        if (!children.isEmpty()) return insertAfter(children.get(children.size() - 1), element);
        String indent = source.indentationAt(parent.start()) + indentUnit(parent);
        return TextEdit.insert(source.path(), parent.startTagEnd(), eol + indent + indented(element, indent));
    }

    /** Inserts {@code element} on a new line after {@code sibling}, indented like it. */
    public TextEdit insertAfter(XmlOutline.Element sibling, String element) {
        String indent = source.indentationAt(sibling.start());
        return TextEdit.insert(source.path(), sibling.end(), eol + indent + indented(element, indent));
    }

    /** Replaces the text content of a simple element such as {@code <read-only>false</read-only>}. */
    public TextEdit replaceText(XmlOutline.Element element, String text) {
        if (element.selfClosing()) {
            return new TextEdit(source.path(), element.start(), element.end(), "<" + element.name() + ">" + text + "</" + element.name() + ">");
        }
        return new TextEdit(source.path(), element.startTagEnd(), element.endTagStart(), text);
    }

    /** Continuation lines get the base indentation and the file's line ending. */
    private String indented(String element, String indent) {
        return element.replace("\n", eol + indent);
    }
}
