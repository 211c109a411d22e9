package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.Diagnostic;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reads the annotations of the application's class files (folders and jars of the workspace's
 * class roots) with ASM, without their code: what an application shipped as an EAR, WAR or JAR
 * without sources and without {@code ejb-jar.xml} declares. Only classes with a runtime-visible
 * annotation on themselves, a field or a method are kept (the others declare no component and
 * no injection). The first class of a name wins, as on a class path; an unreadable root is a
 * diagnostic (unreadable class files are the bytecode index's to report).
 */
public final class CompiledTypes {
    private static final int MAX_CLASS_BYTES = 16 << 20;

    private final Map<String, CompiledType> types = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    private CompiledTypes() {}

    /** No compiled classes: an application analysed from its sources. */
    public static final CompiledTypes NONE = new CompiledTypes();

    /** The annotated classes of these class roots (folders and jars). */
    public static CompiledTypes read(List<Path> classRoots) {
        CompiledTypes out = new CompiledTypes();
        for (Path root : classRoots) {
            try {
                if (Files.isDirectory(root)) out.folder(root);
                else if (Files.isRegularFile(root)) out.archive(root);
            } catch (IOException | RuntimeException e) {
                out.diagnostics.add(Diagnostic.warning(root.toString(), 0, "cannot read class annotations: " + e));
            }
        }
        return out;
    }

    List<CompiledType> types() { return List.copyOf(types.values()); }

    /** Class files that could not be read. */
    public List<Diagnostic> diagnostics() { return List.copyOf(diagnostics); }

    private void folder(Path root) throws IOException {
        List<Path> classes;
        try (Stream<Path> walk = Files.walk(root)) {
            classes = walk.filter(p -> p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p)).sorted().toList();
        }
        for (Path p : classes) {
            if (Files.size(p) > MAX_CLASS_BYTES) continue; // the bytecode index reports it
            try (InputStream in = Files.newInputStream(p)) {
                read(in.readNBytes(MAX_CLASS_BYTES + 1), root.relativize(p).toString().replace('\\', '/'));
            }
        }
    }

    private void archive(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry e = all.nextElement();
                if (e.isDirectory() || !e.getName().endsWith(".class") || e.getName().startsWith("META-INF/")
                        || e.getSize() > MAX_CLASS_BYTES) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(e)) {
                    read(in.readNBytes(MAX_CLASS_BYTES + 1), e.getName());
                }
            }
        }
    }

    /**
     * A class file too large or unreadable is skipped without a word here: the bytecode front end's
     * class index reads the same files and reports each of them once.
     */
    private void read(byte[] bytes, String own) {
        if (bytes.length > MAX_CLASS_BYTES) return; // counted while inflating: a zip directory's size is its own claim
        try {
            ClassReader reader = new ClassReader(bytes);
            Collector c = new Collector();
            reader.accept(c, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
            if (!c.annotated || types.containsKey(c.name)) return;
            int slash = reader.getClassName().lastIndexOf('/');
            String file = c.source != null ? reader.getClassName().substring(0, slash + 1) + c.source : own;
            types.put(c.name, new CompiledType(c.name, c.superclass, c.interfaces, c.isInterface, c.isAbstract,
                    c.annotations, c.fields, c.methods, file));
        } catch (RuntimeException e) {
            // ASM signals malformed input with unchecked exceptions; reported by the class index.
        }
    }

    private static String dotted(String internal) {
        return internal == null ? null : internal.replace('/', '.');
    }

    private static String typeName(Type t) {
        return t.getSort() == Type.OBJECT ? t.getClassName() : t.getClassName();
    }

    /** Collects one class's declarations. */
    private static final class Collector extends ClassVisitor {
        String name;
        String superclass;
        List<String> interfaces = List.of();
        boolean isInterface;
        boolean isAbstract;
        String source;
        boolean annotated;
        final List<CompiledType.Annotation> annotations = new ArrayList<>();
        final List<CompiledType.Member> fields = new ArrayList<>();
        final List<CompiledType.Member> methods = new ArrayList<>();

        Collector() { super(Opcodes.ASM9); }

        @Override public void visit(int version, int access, String n, String signature, String superName, String[] ifaces) {
            name = dotted(n);
            superclass = dotted(superName);
            List<String> is = new ArrayList<>();
            if (ifaces != null) for (String i : ifaces) is.add(dotted(i));
            interfaces = is;
            isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
            isAbstract = (access & Opcodes.ACC_ABSTRACT) != 0;
        }

        @Override public void visitSource(String file, String debug) { source = file; }

        @Override public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            if (!visible) return null;
            annotated = true;
            return new Reader(Type.getType(descriptor).getClassName(), annotations::add);
        }

        @Override public FieldVisitor visitField(int access, String n, String descriptor, String signature, Object value) {
            List<CompiledType.Annotation> own = new ArrayList<>();
            String type = typeName(Type.getType(descriptor));
            return new FieldVisitor(Opcodes.ASM9) {
                @Override public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                    if (!visible) return null;
                    return new Reader(Type.getType(d).getClassName(), own::add);
                }

                @Override public void visitEnd() {
                    if (own.isEmpty()) return;
                    annotated = true;
                    fields.add(new CompiledType.Member(n, type, List.of(), own, typeArguments(signature)));
                }
            };
        }

        @Override public MethodVisitor visitMethod(int access, String n, String descriptor, String signature, String[] exceptions) {
            List<CompiledType.Annotation> own = new ArrayList<>();
            Type m = Type.getMethodType(descriptor);
            List<String> params = new ArrayList<>();
            for (Type p : m.getArgumentTypes()) params.add(typeName(p));
            return new MethodVisitor(Opcodes.ASM9) {
                @Override public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                    if (!visible) return null;
                    return new Reader(Type.getType(d).getClassName(), own::add);
                }

                @Override public void visitEnd() {
                    if (own.isEmpty()) return;
                    annotated = true;
                    methods.add(new CompiledType.Member(n, typeName(m.getReturnType()), params, own));
                }
            };
        }
    }

    /** The classes a generic signature names inside its type arguments ({@code Ljava/util/List<Lx/Line;>;} → x.Line). */
    static List<String> typeArguments(String signature) {
        if (signature == null || signature.indexOf('<') < 0) return List.of();
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("L([^<;>]+)[;<]").matcher(signature.substring(signature.indexOf('<')));
        while (m.find()) out.add(dotted(m.group(1)));
        return out;
    }

    /** One annotation's values, arrays flattened, nested annotations kept apart. */
    private static final class Reader extends AnnotationVisitor {
        private final String type;
        private final java.util.function.Consumer<CompiledType.Annotation> done;
        private final Map<String, List<String>> values = new LinkedHashMap<>();
        private final List<CompiledType.Annotation> nested = new ArrayList<>();

        Reader(String type, java.util.function.Consumer<CompiledType.Annotation> done) {
            super(Opcodes.ASM9);
            this.type = type;
            this.done = done;
        }

        private void add(String name, String value) {
            values.computeIfAbsent(name == null ? "value" : name, k -> new ArrayList<>()).add(value);
        }

        @Override public void visit(String name, Object value) {
            add(name, value instanceof Type t ? typeName(t) : String.valueOf(value));
        }

        @Override public void visitEnum(String name, String descriptor, String value) { add(name, value); }

        @Override public AnnotationVisitor visitAnnotation(String name, String descriptor) {
            return new Reader(Type.getType(descriptor).getClassName(), nested::add);
        }

        @Override public AnnotationVisitor visitArray(String name) {
            Reader outer = this;
            return new AnnotationVisitor(Opcodes.ASM9) {
                @Override public void visit(String n, Object value) {
                    outer.add(name, value instanceof Type t ? typeName(t) : String.valueOf(value));
                }

                @Override public void visitEnum(String n, String descriptor, String value) { outer.add(name, value); }

                @Override public AnnotationVisitor visitAnnotation(String n, String descriptor) {
                    return new Reader(Type.getType(descriptor).getClassName(), outer.nested::add);
                }
            };
        }

        @Override public void visitEnd() {
            done.accept(new CompiledType.Annotation(type, values, nested));
        }
    }
}
