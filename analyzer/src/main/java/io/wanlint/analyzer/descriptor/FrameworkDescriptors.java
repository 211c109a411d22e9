package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Maps the root elements of framework descriptors ({@link FrameworkDescriptor}) to their records. */
final class FrameworkDescriptors {
    private FrameworkDescriptors() {}

    /** The framework descriptor a root element opens, if it is one. */
    static Optional<FrameworkDescriptor> map(XmlElement root, String file) {
        return Optional.ofNullable(switch (root.localName()) {
            case "struts-config" -> strutsConfig(root, file);
            case "xwork", "struts" -> xwork(root, file);
            case "actions" -> webwork1(root, file);
            case "faces-config" -> facesConfig(root, file);
            case "hibernate-mapping" -> hibernateMapping(root, file);
            case "beans" -> springBeans(root, file);
            default -> null;
        });
    }

    private static SourceLocation at(String file, XmlElement e) { return new SourceLocation(file, e.line()); }

    private static String attr(XmlElement e, String name) {
        String v = e.attribute(name);
        return v == null || v.isBlank() ? null : v.trim();
    }

    private static StrutsConfigDescriptor strutsConfig(XmlElement root, String file) {
        List<StrutsConfigDescriptor.Action> actions = new ArrayList<>();
        for (XmlElement mappings : root.children("action-mappings")) {
            for (XmlElement a : mappings.children("action")) {
                String path = attr(a, "path");
                if (path == null) continue;
                actions.add(new StrutsConfigDescriptor.Action(path, attr(a, "type"), attr(a, "parameter"), at(file, a)));
            }
        }
        return new StrutsConfigDescriptor(at(file, root), actions);
    }

    private static XworkDescriptor xwork(XmlElement root, String file) {
        List<XworkDescriptor.Action> actions = new ArrayList<>();
        String extension = null;
        for (XmlElement c : root.children("constant")) {
            if ("struts.action.extension".equals(attr(c, "name")) && attr(c, "value") != null && extension == null) {
                extension = attr(c, "value");
            }
        }
        for (XmlElement p : root.children("package")) {
            String namespace = attr(p, "namespace") == null ? "" : attr(p, "namespace");
            for (XmlElement a : p.children("action")) {
                String name = attr(a, "name");
                if (name == null) continue;
                actions.add(new XworkDescriptor.Action(namespace, name, attr(a, "class"), attr(a, "method"), at(file, a)));
            }
        }
        return new XworkDescriptor(at(file, root), extension, actions);
    }

    /**
     * WebWork 1's {@code actions.xml}: {@code <action name="Class" alias="url-name">}; an {@code <actions>}
     * root without any such action is some other document.
     */
    private static XworkDescriptor webwork1(XmlElement root, String file) {
        List<XworkDescriptor.Action> actions = new ArrayList<>();
        for (XmlElement a : root.children("action")) {
            String className = attr(a, "name");
            if (className == null) continue;
            String alias = attr(a, "alias") != null ? attr(a, "alias") : className;
            actions.add(new XworkDescriptor.Action("", alias, className, null, at(file, a)));
            for (XmlElement command : a.children("command")) {
                // A command alias runs do<Method>() of the same action class.
                String commandAlias = attr(command, "alias");
                String method = attr(command, "name");
                if (commandAlias != null && method != null) {
                    actions.add(new XworkDescriptor.Action("", commandAlias, className, "do" + capitalise(method),
                            at(file, command)));
                }
            }
        }
        return actions.isEmpty() ? null : new XworkDescriptor(at(file, root), null, actions);
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static FacesConfigDescriptor facesConfig(XmlElement root, String file) {
        List<FacesConfigDescriptor.ManagedBean> beans = new ArrayList<>();
        for (XmlElement b : root.children("managed-bean")) {
            String name = b.childText("managed-bean-name");
            String cls = b.childText("managed-bean-class");
            if (name == null || cls == null) continue;
            beans.add(new FacesConfigDescriptor.ManagedBean(name, cls, b.childText("managed-bean-scope"), at(file, b)));
        }
        return new FacesConfigDescriptor(at(file, root), beans);
    }

    /** Spring beans with a class, nested ones included; a {@code <beans>} root without any is some other document. */
    private static SpringBeansDescriptor springBeans(XmlElement root, String file) {
        List<SpringBeansDescriptor.Bean> beans = new ArrayList<>();
        springBeans(root, file, beans);
        return beans.isEmpty() ? null : new SpringBeansDescriptor(at(file, root), beans);
    }

    private static void springBeans(XmlElement e, String file, List<SpringBeansDescriptor.Bean> out) {
        for (XmlElement c : e.children()) {
            if (c.localName().equals("bean") && attr(c, "class") != null) {
                String names = attr(c, "name");
                out.add(new SpringBeansDescriptor.Bean(attr(c, "id"),
                        names == null ? List.of() : List.of(names.split("[,;\\s]+")), attr(c, "class"), at(file, c)));
            }
            springBeans(c, file, out);
        }
    }

    private static HibernateMappingDescriptor hibernateMapping(XmlElement root, String file) {
        String pkg = attr(root, "package");
        List<HibernateMappingDescriptor.PersistentClass> classes = new ArrayList<>();
        for (XmlElement c : root.children()) persistentClasses(c, pkg, file, classes);
        return new HibernateMappingDescriptor(at(file, root), classes);
    }

    private static void persistentClasses(XmlElement e, String pkg, String file,
                                          List<HibernateMappingDescriptor.PersistentClass> out) {
        switch (e.localName()) {
            case "class", "subclass", "joined-subclass", "union-subclass" -> {
                String name = attr(e, "name");
                if (name != null) {
                    // Hibernate 1/2 mappings name classes fully; the package attribute (2.1+) qualifies simple names.
                    String fqn = pkg != null && !name.contains(".") ? pkg + "." + name : name;
                    out.add(new HibernateMappingDescriptor.PersistentClass(fqn, attr(e, "table"), at(file, e)));
                }
                for (XmlElement c : e.children()) persistentClasses(c, pkg, file, out);
            }
            default -> { }
        }
    }
}
