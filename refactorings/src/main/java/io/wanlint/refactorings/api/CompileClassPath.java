package io.wanlint.refactorings.api;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a patched application is compiled against when its patches are verified: the J2EE, Java EE
 * and Jakarta EE API classes wanlint itself carries (the analyzer depends on them, so they are on
 * wanlint's own class path, or inside {@code wanlint.jar} when it runs shaded), the jars the
 * application ships ({@code WEB-INF/lib}, {@code lib/}, {@code APP-INF/lib}, an EAR's library
 * folder: any {@code *.jar} below a folder named {@code lib}), and the user's {@code --classpath}.
 *
 * @param entries jars and class folders, in the order javac searches them
 */
public record CompileClassPath(List<Path> entries) {
    /** One class from each API wanlint carries: javax (Java EE 8 and what J2EE kept), Jakarta EE, javax.rmi. */
    private static final List<String> API_CLASSES = List.of("javax/ejb/EJBHome.class", "jakarta/ejb/EJB.class",
            "javax/rmi/PortableRemoteObject.class");
    /** Jars are looked for this deep under the analysed folder (an EAR's WAR's WEB-INF/lib is a few levels down). */
    private static final int MAX_DEPTH = 12;

    public CompileClassPath {
        entries = List.copyOf(new LinkedHashSet<>(entries));
    }

    /** The API classes, then the jars shipped under {@code root} (when there is one), then {@code userEntries}. */
    public static CompileClassPath of(Optional<Path> root, List<Path> userEntries) {
        List<Path> all = new ArrayList<>(apiOnRuntimeClassPath());
        root.ifPresent(r -> all.addAll(shippedJars(r)));
        all.addAll(userEntries);
        return new CompileClassPath(all);
    }

    /**
     * The jar or class folder each API class is loaded from. When wanlint runs from its shaded jar
     * all three are {@code wanlint.jar} itself, which is then passed once.
     */
    static List<Path> apiOnRuntimeClassPath() {
        Set<Path> out = new LinkedHashSet<>();
        ClassLoader loader = CompileClassPath.class.getClassLoader();
        for (String resource : API_CLASSES) {
            URL url = loader.getResource(resource);
            if (url != null) containerOf(url, resource).ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    /** {@code jar:file:/x/api.jar!/javax/ejb/EJBHome.class} → {@code /x/api.jar}; {@code file:/classes/javax/…} → {@code /classes}. */
    private static Optional<Path> containerOf(URL url, String resource) {
        try {
            String s = url.toString();
            if (s.startsWith("jar:")) {
                int bang = s.indexOf("!/");
                if (bang < 0) return Optional.empty();
                return Optional.of(Path.of(new java.net.URI(s.substring(4, bang))));
            }
            if (url.getProtocol().equals("file")) {
                Path p = Path.of(url.toURI());
                for (int i = 0; i < resource.split("/").length; i++) p = p.getParent();
                return Optional.ofNullable(p);
            }
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Whether a folder of the relative path is named {@code lib} ({@code WEB-INF/lib/x.jar}, {@code lib/jstl/jstl.jar}). */
    private static boolean underLib(Path relative) {
        for (int i = 0; i < relative.getNameCount() - 1; i++) {
            if (relative.getName(i).toString().equalsIgnoreCase("lib")) return true;
        }
        return false;
    }

    /** Every {@code *.jar} under a folder named {@code lib} below {@code root}; links are not followed, {@code .git} is skipped. */
    static List<Path> shippedJars(Path root) {
        List<Path> jars = new ArrayList<>();
        if (!Files.isDirectory(root)) return jars;
        try {
            Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.getFileName() != null && dir.getFileName().toString().equals(".git")
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar")
                            && underLib(root.relativize(file))) {
                        jars.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult visitFileFailed(Path file, IOException e) { return FileVisitResult.CONTINUE; }
            });
        } catch (IOException e) {
            // An unreadable corner of the tree only means fewer jars: the compile then says what it cannot resolve.
        }
        jars.sort(null);
        return jars;
    }
}
