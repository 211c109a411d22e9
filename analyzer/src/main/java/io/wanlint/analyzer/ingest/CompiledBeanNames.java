package io.wanlint.analyzer.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The EL names of the JSF beans among compiled classes: {@code @ManagedBean} (JSF's), and
 * {@code @Named} with a CDI scope or {@code @Model}, read from the class files' annotations, so
 * that an application analysed from its class files has the beans its pages use, as its sources
 * would give. Only class-level annotations are read (no code).
 */
public final class CompiledBeanNames {
    private CompiledBeanNames() {}

    private static final long MAX_CLASS_BYTES = 16 << 20;
    private static final Set<String> SCOPES = Set.of("RequestScoped", "SessionScoped", "ViewScoped", "ConversationScoped",
            "ApplicationScoped", "FlowScoped");

    /** Bean name to class binary name, first class of a name winning, for every class under the roots. */
    public static Map<String, String> of(List<Path> classRoots) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Path root : classRoots) {
            try {
                if (Files.isDirectory(root)) {
                    List<Path> classes;
                    try (Stream<Path> walk = Files.walk(root)) {
                        classes = walk.filter(p -> p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p))
                                .sorted().toList();
                    }
                    for (Path p : classes) {
                        if (Files.size(p) > MAX_CLASS_BYTES) continue;
                        try (InputStream in = Files.newInputStream(p)) {
                            read(in.readAllBytes(), out);
                        }
                    }
                } else if (Files.isRegularFile(root)) {
                    try (ZipFile zip = new ZipFile(root.toFile())) {
                        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                            ZipEntry entry = e.nextElement();
                            if (!entry.getName().endsWith(".class") || entry.getSize() > MAX_CLASS_BYTES) continue;
                            try (InputStream in = zip.getInputStream(entry)) {
                                read(in.readNBytes((int) MAX_CLASS_BYTES), out);
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // Unreadable roots and class files are reported by ingest and the bytecode front end.
            }
        }
        return out;
    }

    private static void read(byte[] bytes, Map<String, String> out) {
        Scan scan = new Scan();
        try {
            new ClassReader(bytes).accept(scan, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return;
        }
        if (scan.className == null || scan.isInterfaceOrAbstract) return;
        String name = null;
        if (scan.managedBean) name = scan.managedBeanName;
        else if (scan.named && scan.scoped) name = scan.namedValue;
        if (!scan.managedBean && !(scan.named && scan.scoped)) return;
        String simple = scan.className.substring(scan.className.lastIndexOf('.') + 1);
        simple = simple.substring(simple.lastIndexOf('$') + 1);
        out.putIfAbsent(name == null || name.isEmpty() ? decapitalise(simple) : name, scan.className);
    }

    /** {@link java.beans.Introspector#decapitalize}. */
    public static String decapitalise(String s) {
        if (s.isEmpty() || s.length() > 1 && Character.isUpperCase(s.charAt(1)) && Character.isUpperCase(s.charAt(0))) return s;
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static final class Scan extends ClassVisitor {
        String className;
        boolean isInterfaceOrAbstract, managedBean, named, scoped;
        String managedBeanName, namedValue;

        Scan() { super(Opcodes.ASM9); }

        @Override public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            className = name.replace('/', '.');
            isInterfaceOrAbstract = (access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT)) != 0;
        }

        @Override public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            String type = descriptor.length() > 2 ? descriptor.substring(1, descriptor.length() - 1).replace('/', '.') : descriptor;
            String simple = type.substring(type.lastIndexOf('.') + 1);
            switch (type) {
                case "javax.faces.bean.ManagedBean", "jakarta.faces.bean.ManagedBean" -> {
                    managedBean = true;
                    return value("name", v -> managedBeanName = v);
                }
                case "javax.inject.Named", "jakarta.inject.Named" -> {
                    named = true;
                    return value("value", v -> namedValue = v);
                }
                case "javax.enterprise.inject.Model", "jakarta.enterprise.inject.Model" -> {
                    named = true;
                    scoped = true;
                }
                default -> scoped |= SCOPES.contains(simple);
            }
            return null;
        }

        private static AnnotationVisitor value(String attribute, java.util.function.Consumer<String> sink) {
            return new AnnotationVisitor(Opcodes.ASM9) {
                @Override public void visit(String name, Object value) {
                    if (attribute.equals(name) && value instanceof String s) sink.accept(s);
                }
            };
        }
    }
}
