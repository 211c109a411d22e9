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
 * What a patched application is compiled against when its patches are verified: the API of the
 * Java EE platform the application declares ({@link ApiLevel#platform}), the jars the application
 * ships ({@code WEB-INF/lib}, {@code lib/}, {@code APP-INF/lib}, an EAR's library folder: any
 * {@code *.jar} below a folder named {@code lib}), and the user's {@code --classpath}.
 *
 * <p>Java EE 8 and Jakarta EE 10 are the APIs wanlint itself carries (the analyzer resolves with
 * them, so they are on wanlint's own class path, or inside {@code wanlint.jar} when it runs shaded);
 * the other platforms' API jars are bundled as resources under {@code wanlint-api/} and extracted
 * when first needed. Of wanlint's own containers javac then sees {@code javax.rmi} and its other
 * classes, but only the EE namespace of the platform carried there: a J2EE 1.4 application does not
 * see Java EE 8's {@code javax.ejb.Stateless}, a Jakarta application does not see {@code javax.ejb}.
 *
 * @param entries  jars and class folders javac searches in full, in order
 * @param ownApi   wanlint's own containers of the API classes, of which javac sees what {@code ownView} lets through
 * @param ownView  which EE namespaces of {@code ownApi} are visible
 * @param api      what the application is compiled against, for messages ({@code J2EE 1.4: geronimo-j2ee_1.4_spec-1.1.jar})
 */
public record CompileClassPath(List<Path> entries, List<Path> ownApi, OwnApiView ownView, String api) {
    /** One class from each API wanlint carries: javax (Java EE 8 and what J2EE kept), Jakarta EE, javax.rmi. */
    private static final List<String> API_CLASSES = List.of("javax/ejb/EJBHome.class", "jakarta/ejb/EJB.class",
            "javax/rmi/PortableRemoteObject.class");
    /** Jars are looked for this deep under the analysed folder (an EAR's WAR's WEB-INF/lib is a few levels down). */
    private static final int MAX_DEPTH = 12;
    /** The resource folder of the bundled API jars (filled by the refactorings module's build). */
    static final String BUNDLED = "wanlint-api/";

    /**
     * Which EE namespaces of wanlint's own API containers javac sees; {@code javax.rmi} (the EJB
     * 1.x/2.x client's {@code PortableRemoteObject}, gone from the JDK) and non-EE classes always.
     */
    public record OwnApiView(boolean javax, boolean jakarta) {
        public static final OwnApiView ALL = new OwnApiView(true, true);

        /** Whether classes of this package (dotted) in wanlint's own containers are visible. */
        public boolean visible(String packageName) {
            if (packageName.equals("javax.rmi") || packageName.startsWith("javax.rmi.")) return true;
            if (packageName.equals("javax") || packageName.startsWith("javax.")) return javax;
            if (packageName.equals("jakarta") || packageName.startsWith("jakarta.")) return jakarta;
            return true;
        }
    }

    public CompileClassPath {
        entries = List.copyOf(new LinkedHashSet<>(entries));
        ownApi = List.copyOf(new LinkedHashSet<>(ownApi));
        java.util.Objects.requireNonNull(ownView, "ownView");
        java.util.Objects.requireNonNull(api, "api");
    }

    /** Exactly these entries, nothing of wanlint's own. */
    public CompileClassPath(List<Path> entries) {
        this(entries, List.of(), OwnApiView.ALL, "the given class path");
    }

    /**
     * Every API wanlint carries (Java EE 8, Jakarta EE 10, javax.rmi), then the jars shipped under
     * {@code root} (when there is one), then {@code userEntries}: the class path before the
     * application's platform was read, for callers that do not know it.
     */
    public static CompileClassPath of(Optional<Path> root, List<Path> userEntries) {
        List<Path> all = new ArrayList<>(apiOnRuntimeClassPath());
        root.ifPresent(r -> all.addAll(shippedJars(r)));
        all.addAll(userEntries);
        return new CompileClassPath(all, List.of(), OwnApiView.ALL, "Java EE 8 and Jakarta EE 10");
    }

    /** The class path of the application the context reads: its declared platform's API, its shipped jars, then {@code userEntries}. */
    public static CompileClassPath of(RefactoringContext context, List<Path> userEntries) {
        return of(context.platform().platform(), context.root(), userEntries);
    }

    /**
     * The API of {@code platform}, then the jars shipped under {@code root}, then {@code userEntries}.
     * Should a bundled API jar be missing (a build that skipped copying them), the class path is
     * {@link #of(Optional, List)}'s and {@link #api} says so.
     */
    public static CompileClassPath of(ApiLevel.Platform platform, Optional<Path> root, List<Path> userEntries) {
        PlatformApi spec = PlatformApi.of(platform);
        List<Path> all = new ArrayList<>();
        for (String jar : spec.bundledJars()) {
            Optional<Path> p = BundledJars.path(jar);
            if (p.isEmpty()) {
                CompileClassPath fallback = of(root, userEntries);
                return new CompileClassPath(fallback.entries(), List.of(), OwnApiView.ALL,
                        "Java EE 8 and Jakarta EE 10 (the bundled " + jar + " for " + platform + " is missing)");
            }
            all.add(p.get());
        }
        root.ifPresent(r -> all.addAll(shippedJars(r)));
        all.addAll(userEntries);
        String jars = spec.bundledJars().isEmpty() ? spec.ownJars() : String.join(", ", spec.bundledJars());
        return new CompileClassPath(all, apiOnRuntimeClassPath(), spec.ownView(),
                platform + ": " + jars + (spec.note().isEmpty() ? "" : " (" + spec.note() + ")"));
    }

    /**
     * The API jars of a platform: those bundled under {@link #BUNDLED}, and which namespace of
     * wanlint's own API is visible besides. Where Maven Central has no jar of the exact version, the
     * nearest stands in and {@code note} says which.
     */
    record PlatformApi(List<String> bundledJars, OwnApiView ownView, String ownJars, String note) {
        private static final OwnApiView NONE = new OwnApiView(false, false);

        static PlatformApi of(ApiLevel.Platform platform) {
            return switch (platform) {
                // Servlet 2.3 is searched first; EJB 2.0, JMS 1.0 and the rest come from J2EE 1.4's API.
                case J2EE_1_2, J2EE_1_3 -> new PlatformApi(List.of("servlet-api-2.3.jar", "geronimo-j2ee_1.4_spec-1.1.jar"), NONE, "",
                        "EJB 2.1's API stands in for EJB 2.0's, which Maven Central does not serve");
                case J2EE_1_4 -> new PlatformApi(List.of("geronimo-j2ee_1.4_spec-1.1.jar"), NONE, "", "");
                case JAVA_EE_5 -> new PlatformApi(List.of("javaee-api-6.0.jar"), NONE, "", "Java EE 6's API stands in for Java EE 5's");
                case JAVA_EE_6 -> new PlatformApi(List.of("javaee-api-6.0.jar"), NONE, "", "");
                case JAVA_EE_7 -> new PlatformApi(List.of("javaee-api-7.0.jar"), NONE, "", "");
                case JAVA_EE_8 -> new PlatformApi(List.of(), new OwnApiView(true, false), "javaee-api 8.0.1", "");
                case JAKARTA_EE_9 -> new PlatformApi(List.of("jakarta.jakartaee-api-9.1.0.jar"), NONE, "", "");
                case JAKARTA_EE_10 -> new PlatformApi(List.of(), new OwnApiView(false, true), "jakarta.jakartaee-api 10.0.0", "");
                case JAKARTA_EE_11 -> new PlatformApi(List.of(), new OwnApiView(false, true), "jakarta.jakartaee-api 10.0.0",
                        "Jakarta EE 10's API stands in for 11's, which Maven Central serves only as separate jars");
            };
        }
    }

    /**
     * The bundled API jars as files javac can open: in place when wanlint runs from class folders,
     * else copied once per run from {@code wanlint.jar} into a temporary folder removed at exit.
     */
    static final class BundledJars {
        private static final java.util.Map<String, Optional<Path>> EXTRACTED = new java.util.concurrent.ConcurrentHashMap<>();
        private static Path folder;

        private BundledJars() {}

        static Optional<Path> path(String jar) {
            return EXTRACTED.computeIfAbsent(jar, BundledJars::locate);
        }

        private static Optional<Path> locate(String jar) {
            URL url = CompileClassPath.class.getClassLoader().getResource(BUNDLED + jar);
            if (url == null) return Optional.empty();
            try {
                if (url.getProtocol().equals("file")) return Optional.of(Path.of(url.toURI()));
                Path target = extractionFolder().resolve(jar);
                try (java.io.InputStream in = url.openStream()) {
                    Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                target.toFile().deleteOnExit();
                return Optional.of(target);
            } catch (IOException | URISyntaxException | IllegalArgumentException e) {
                return Optional.empty();
            }
        }

        private static synchronized Path extractionFolder() throws IOException {
            if (folder == null) {
                // A fresh private folder each run: nothing another user planted can be read as an API jar.
                folder = Files.createTempDirectory("wanlint-api-");
                folder.toFile().deleteOnExit();
            }
            return folder;
        }
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
