package io.wanlint.refactorings.entity;

import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.text.XmlOutline;
import java.util.List;
import java.util.Optional;

/**
 * The vendor descriptors (jboss.xml, weblogic-ejb-jar.xml, ...) that sit beside an ejb-jar.xml, as the
 * entity refactorings find them (by root element, as ingest recognised them) and create them.
 */
final class VendorDescriptors {
    private VendorDescriptors() {}

    /**
     * The bean's ejb-jar.xml element as WebSphere's XMI files point at it,
     * {@code META-INF/ejb-jar.xml#Book_1}: the path from the module root (the folder holding
     * META-INF) and the element's {@code id}; empty when the element has no id.
     */
    static Optional<String> xmiReference(String ejbJar, String ejbName, RefactoringContext context) {
        if (ejbJar.isEmpty()) return Optional.empty();
        Optional<SourceText> text = context.read(ejbJar);
        Optional<XmlOutline.Element> root = text.flatMap(t -> XmlOutline.parse(t.text()));
        if (root.isEmpty()) return Optional.empty();
        for (XmlOutline.Element bean : root.get().child("enterprise-beans").map(XmlOutline.Element::children).orElse(List.of())) {
            if (!bean.childText("ejb-name").filter(ejbName::equals).isPresent()) continue;
            String id = ReadOnlySwitches.attribute(text.get(), bean, "id");
            if (id == null) return Optional.empty();
            int meta = ejbJar.lastIndexOf("META-INF/");
            String inModule = meta < 0 ? "META-INF/ejb-jar.xml" : ejbJar.substring(meta);
            return Optional.of(inModule + "#" + id);
        }
        return Optional.empty();
    }

    /** The folder of a workspace-relative path, with its trailing slash ({@code ""} at the root). */
    static String folderOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash + 1);
    }

    /** The candidate in {@code folder}, else the first one. */
    static Optional<String> nearest(List<String> candidates, String folder) {
        return candidates.stream().filter(c -> folderOf(c).equals(folder)).findFirst().or(() -> candidates.stream().findFirst());
    }

    /** A new jboss.xml (JBoss 4.0 DTD) declaring one {@code entity}: its ejb-name, then {@code elements}, one a line. */
    static String newJbossXml(String ejbName, String... elements) {
        return newJbossXmlWith(ejbName, "", elements);
    }

    /** As {@link #newJbossXml}, with more bean entries ({@code siblings}, already indented inside) after the entity. */
    static String newJbossXmlWith(String ejbName, String siblings, String... elements) {
        StringBuilder entry = new StringBuilder("      <ejb-name>").append(ejbName).append("</ejb-name>\n");
        for (String e : elements) entry.append("      ").append(e).append('\n');
        String more = siblings.isEmpty() ? "" : "    " + siblings + "\n";
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 4.0//EN" "http://www.jboss.org/j2ee/dtd/jboss_4_0.dtd">
                <jboss>
                  <enterprise-beans>
                    <entity>
                %s    </entity>
                %s  </enterprise-beans>
                </jboss>
                """.formatted(entry, more);
    }
}
