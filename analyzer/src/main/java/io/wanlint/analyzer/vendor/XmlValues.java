package io.wanlint.analyzer.vendor;

import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.descriptor.JndiBinding;
import io.wanlint.analyzer.descriptor.XmlElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reading values out of vendor descriptors: booleans, numbers, locations, XMI references. */
final class XmlValues {
    private XmlValues() {}

    static SourceLocation at(String file, XmlElement e) { return new SourceLocation(file, e.line()); }

    static String lower(String s) {
        return s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    }

    static boolean isTrue(String s) {
        return "true".equals(lower(s));
    }

    static Long parseLong(String s) {
        if (s == null) return null;
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static Integer seconds(Long value) {
        return value == null ? null : (int) Math.min(Integer.MAX_VALUE, Math.max(0, value));
    }

    @SafeVarargs
    static <T> T firstNonNull(T... values) {
        for (T v : values) if (v != null) return v;
        return null;
    }

    /** A non-empty attribute value, else null. */
    static String attribute(XmlElement e, String name) {
        String v = e.attribute(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** The XML id an XMI {@code href} points at: {@code META-INF/ejb-jar.xml#Account_1} gives {@code Account_1}. */
    static String hrefId(XmlElement e) {
        String href = attribute(e, "href");
        if (href == null) return null;
        int hash = href.lastIndexOf('#');
        return hash < 0 || hash == href.length() - 1 ? null : href.substring(hash + 1);
    }

    /**
     * Element-style reference bindings ({@code <ejb-ref><ejb-ref-name/><jndi-name/></ejb-ref>}) among
     * {@code owner}'s children named one of {@code elements}, the name in {@code nameElement}.
     */
    static List<JndiBinding> elementBindings(String file, XmlElement owner, List<String> elements, String nameElement) {
        List<JndiBinding> out = new ArrayList<>();
        for (XmlElement r : owner.children()) {
            if (!elements.contains(r.localName())) continue;
            String jndi = firstNonNull(r.childText("jndi-name"), r.childText("local-jndi-name"));
            if (r.childText(nameElement) != null && jndi != null) out.add(new JndiBinding(r.childText(nameElement), jndi, at(file, r)));
        }
        return out;
    }
}
