package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.Diagnostic;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

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

/**
 * The class files under the bytecode front end's class roots (folders and jars), each read once
 * with ASM for its name and {@code SourceFile} attribute before SootUp sees it: a corrupt or
 * truncated class file becomes a diagnostic here instead of an exception in the middle of the
 * analysis. The first class of a name wins, as on a class path.
 */
final class ClassFileIndex {

    /** A readable class file: binary name ({@code a.b.Outer$Inner}), its root, and where its source was. */
    record Entry(String className, Path root, String sourceFile) {}

    private static final long MAX_CLASS_BYTES = 16L << 20;

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    ClassFileIndex(List<Path> classRoots) {
        for (Path root : classRoots) {
            try {
                if (Files.isDirectory(root)) folder(root);
                else if (Files.isRegularFile(root)) archive(root);
                else diagnostics.add(Diagnostic.warning(root.toString(), 0, "class root does not exist"));
            } catch (IOException | RuntimeException e) {
                diagnostics.add(Diagnostic.warning(root.toString(), 0, "cannot read class root: " + reason(e)));
            }
        }
    }

    List<Entry> entries() { return List.copyOf(entries.values()); }

    List<Diagnostic> diagnostics() { return List.copyOf(diagnostics); }

    private void folder(Path root) throws IOException {
        List<Path> classes;
        try (Stream<Path> walk = Files.walk(root)) {
            classes = walk.filter(p -> p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p)).sorted().toList();
        }
        for (Path p : classes) {
            String shown = root.relativize(p).toString().replace('\\', '/');
            try {
                if (Files.size(p) > MAX_CLASS_BYTES) {
                    diagnostics.add(Diagnostic.warning(shown, 0, "class file larger than 16 MB skipped"));
                    continue;
                }
                read(Files.readAllBytes(p), root, shown, shown);
            } catch (IOException e) {
                diagnostics.add(Diagnostic.warning(shown, 0, "cannot read class file: " + reason(e)));
            }
        }
    }

    private void archive(Path jar) throws IOException {
        String name = jar.getFileName() == null ? jar.toString() : jar.getFileName().toString();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry e = all.nextElement();
                // Multi-release and module descriptors are not application classes of their own.
                if (e.isDirectory() || !e.getName().endsWith(".class") || e.getName().startsWith("META-INF/")
                        || e.getName().endsWith("module-info.class")) {
                    continue;
                }
                String shown = name + "!/" + e.getName();
                if (e.getSize() > MAX_CLASS_BYTES) {
                    diagnostics.add(Diagnostic.warning(shown, 0, "class file larger than 16 MB skipped"));
                    continue;
                }
                try (InputStream in = zip.getInputStream(e)) {
                    read(in.readAllBytes(), jar, e.getName(), shown);
                } catch (IOException | RuntimeException ex) {
                    diagnostics.add(Diagnostic.warning(shown, 0, "cannot read class file: " + reason(ex)));
                }
            }
        }
    }

    /**
     * @param own   the class file's own path under its root, where a finding is located when the
     *              class's {@code SourceFile} cannot be trusted
     * @param shown how diagnostics name the class file
     */
    private void read(byte[] bytes, Path root, String own, String shown) {
        try {
            ClassReader reader = new ClassReader(bytes);
            String[] source = new String[1];
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override public void visitSource(String file, String debug) { source[0] = file; }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
            String internal = reader.getClassName();
            String className = internal.replace('/', '.');
            int slash = internal.lastIndexOf('/');
            String pkgPath = slash < 0 ? "" : internal.substring(0, slash + 1);
            String file = source[0] != null ? pkgPath + source[0] : internal + ".class";
            entries.putIfAbsent(className, new Entry(className, root, confined(file) ? file : own));
        } catch (RuntimeException e) {
            // ASM signals malformed input with unchecked exceptions (index out of bounds, illegal argument).
            diagnostics.add(Diagnostic.warning(shown, 0, "unreadable class file skipped: " + reason(e)));
        }
    }

    /**
     * Whether a location built from the class file's name and {@code SourceFile} attribute stays
     * under the analysed root. Both are the class file's own claims: a forged {@code SourceFile} of
     * {@code ../../etc/hostname} must not put a path outside the application into a SARIF URI or an
     * editor link. Each segment must be a plain name (the JVM specification's {@code SourceFile} is
     * a file name, never a path).
     */
    static boolean confined(String file) {
        if (file.isEmpty() || file.startsWith("/")) return false;
        for (String segment : file.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) return false;
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (c == '\\' || c == ':' || Character.isISOControl(c)) return false;
            }
        }
        return true;
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
    }
}
