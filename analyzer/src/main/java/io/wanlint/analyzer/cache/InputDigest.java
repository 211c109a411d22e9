package io.wanlint.analyzer.cache;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.ingest.JspScanner;
import io.wanlint.analyzer.ingest.TextFile;
import io.wanlint.analyzer.ingest.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The cache key of one analysis.
 *
 * @param slot   names the project's entry: the cache format, the analyzer build, the request's
 *               options and its inputs' locations — the same project analysed again lands in the
 *               same slot and replaces its entry
 * @param structure  everything {@code digest} covers but the contents of Java files and JSP pages:
 *                   two runs with the same structure differ only in what some of those say, which an
 *                   incremental run can catch up with
 * @param contentHashes every Java file's and JSP page's content hash, by path
 * @param digest everything the analysis result depends on: the slot plus the path, encoding and
 *               content hash of every Java, JSP, XML and properties file ingest read, each JSP's page path
 *               (it depends on where a {@code WEB-INF} folder is), and of every class file
 *               and jar when the bytecode front end builds the call graph (the source front end
 *               never reads them). Two runs with the same digest compute the same result.
 */
public record InputDigest(String slot, String digest, String structure, Map<String, String> contentHashes) {
    public InputDigest {
        contentHashes = Map.copyOf(contentHashes);
    }

    /**
     * The key of a request whose inputs ingest has read.
     *
     * @param extractionDir where this run unpacked archives; class roots under it are named relative to it
     * @param bytecode      whether the bytecode front end builds the call graph
     */
    public static InputDigest of(AnalysisRequest request, Workspace ws, Path extractionDir, boolean bytecode) {
        String slotHex = slotDigest(request);

        MessageDigest all = sha256();
        MessageDigest structure = sha256();
        for (MessageDigest d : List.of(all, structure)) {
            update(d, slotHex);
            update(d, "bytecode " + bytecode);
        }
        Map<String, String> byPath = new java.util.HashMap<>();
        contents(all, structure, byPath, "java", ws.javaSources());
        contents(all, structure, byPath, "jsp", ws.jsps());
        List<byte[]> xmlHashes = hashes(ws.xmlFiles());
        List<byte[]> propertyHashes = hashes(ws.propertyFiles());
        for (MessageDigest d : List.of(all, structure)) {
            // A page's path in its web module depends on where a WEB-INF folder is on disk, which no
            // ingested file's content records (an empty WEB-INF, or one holding only jars, still counts).
            for (TextFile jsp : ws.jsps()) update(d, "page " + JspScanner.pagePath(jsp));
            combine(d, "xml", ws.xmlFiles(), xmlHashes);
            // A properties file names classes code loads by key (DeploymentNames): a change re-analyses everything.
            combine(d, "properties", ws.propertyFiles(), propertyHashes);
            if (bytecode) {
                for (Path root : ws.classRoots()) hashClassRoot(d, root, extractionDir);
            } else if (ws.xmlFiles().stream().anyMatch(x -> x.text().contains("taglib"))) {
                // A tag library's tag classes are looked up among the compiled classes too: their names count.
                for (Path root : ws.classRoots()) hashClassNames(d, root, extractionDir);
            }
        }
        return new InputDigest(slotHex.substring(0, 32), HexFormat.of().formatHex(all.digest()),
                HexFormat.of().formatHex(structure.digest()), byPath);
    }

    /** The name of the request's entry in the cache, known before any input is read. */
    static String slotOf(AnalysisRequest request) {
        return slotDigest(request).substring(0, 32);
    }

    private static String slotDigest(AnalysisRequest request) {
        MessageDigest slot = sha256();
        update(slot, "format " + AnalysisCache.FORMAT);
        update(slot, "build " + Build.FINGERPRINT);
        update(slot, "front end " + request.frontEnd());
        for (String exclude : request.excludes()) update(slot, "exclude " + exclude);
        for (Path input : request.inputs()) update(slot, "input " + input.toAbsolutePath().normalize());
        return HexFormat.of().formatHex(slot.digest());
    }

    /**
     * Files an incremental run can catch up with (Java, JSP): their contents go into the digest and,
     * by path, into {@code byPath}; the structure gets only their paths and encodings.
     */
    private static void contents(MessageDigest all, MessageDigest structure, Map<String, String> byPath, String kind,
                                 List<TextFile> files) {
        List<byte[]> hashes = hashes(files);
        combine(all, kind, files, hashes);
        update(structure, kind + " " + files.size());
        for (TextFile f : files) update(structure, f.path() + "\u0000" + f.encoding());
        for (int i = 0; i < files.size(); i++) byPath.put(files.get(i).path(), HexFormat.of().formatHex(hashes.get(i)));
    }

    /** Files are hashed in parallel (the per-file hashes are combined in ingest's order). */
    private static List<byte[]> hashes(List<TextFile> files) {
        return files.parallelStream().map(f -> contentHash(f.text())).toList();
    }

    /**
     * The SHA-256 of a text, as UTF-8 — half the bytes of UTF-16 for source code, which halves the
     * hashing of a cached re-run — unless the text holds a surrogate: the JDK's encoders replace an
     * unpaired one (UTF-8 with {@code ?}, UTF-16 with U+FFFD), so such texts are hashed as their
     * chars, two bytes each, which keeps every one. A leading tag byte keeps the two forms apart.
     */
    static byte[] contentHash(String text) {
        MessageDigest digest = sha256();
        if (hasSurrogate(text)) {
            digest.update((byte) 16);
            byte[] chars = new byte[text.length() * 2];
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                chars[2 * i] = (byte) c;
                chars[2 * i + 1] = (byte) (c >>> 8);
            }
            return digest.digest(chars);
        }
        digest.update((byte) 8);
        return digest.digest(text.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean hasSurrogate(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            if (Character.isSurrogate(text.charAt(i))) return true;
        }
        return false;
    }

    private static void combine(MessageDigest into, String kind, List<TextFile> files, List<byte[]> hashes) {
        update(into, kind + " " + files.size());
        for (int i = 0; i < files.size(); i++) {
            update(into, files.get(i).path() + "\u0000" + files.get(i).encoding());
            into.update(hashes.get(i));
        }
    }

    private static void hashClassRoot(MessageDigest into, Path root, Path extractionDir) {
        Path base = root.toAbsolutePath().normalize();
        Path extraction = extractionDir.toAbsolutePath().normalize();
        update(into, "class root " + (base.startsWith(extraction) ? "!" + extraction.relativize(base) : base));
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(root)) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile).sorted().forEach(files::add);
            } catch (IOException | UncheckedIOException e) {
                update(into, "unreadable " + System.nanoTime()); // never matches: the run is analysed afresh
                return;
            }
        } else {
            files.add(root);
        }
        for (Path file : files) {
            update(into, root.relativize(file).toString().replace('\\', '/'));
            hashFile(into, file);
        }
    }

    private static void hashClassNames(MessageDigest into, Path root, Path extractionDir) {
        Path base = root.toAbsolutePath().normalize();
        Path extraction = extractionDir.toAbsolutePath().normalize();
        update(into, "class names " + (base.startsWith(extraction) ? "!" + extraction.relativize(base) : base));
        List<String> names = new ArrayList<>();
        try {
            if (Files.isDirectory(root)) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(Files::isRegularFile).forEach(f -> names.add(root.relativize(f).toString().replace('\\', '/')));
                }
            } else {
                try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(root.toFile())) {
                    zip.stream().forEach(e -> names.add(e.getName()));
                }
            }
        } catch (IOException | RuntimeException e) {
            update(into, "unreadable " + System.nanoTime()); // never matches: the run is analysed afresh
            return;
        }
        names.sort(null);
        names.forEach(n -> update(into, n));
    }

    private static void hashFile(MessageDigest into, Path file) {
        MessageDigest one = sha256();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) one.update(buffer, 0, n);
            into.update(one.digest());
        } catch (IOException e) {
            update(into, "unreadable " + System.nanoTime());
        }
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(text.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }

    /**
     * Which analyzer build this is: the jar's (or class folder's) size and time, so that a rebuilt
     * wanlint never reuses what an older build computed, even under the same version number.
     */
    /**
     * Which build of the code that holds {@code anchor} this is (its jar's or class folder's size and
     * time): for what a later step derives and keeps, as the analysis is kept under the analyzer's build.
     */
    public static String buildOf(Class<?> anchor) {
        return anchor == AnalysisCache.class ? Build.FINGERPRINT : Build.compute(anchor);
    }

    private static final class Build {
        static final String FINGERPRINT = compute(AnalysisCache.class);

        private static String compute(Class<?> anchor) {
            try {
                CodeSource source = anchor.getProtectionDomain().getCodeSource();
                if (source == null || source.getLocation() == null) return "unknown " + System.nanoTime();
                Path location = Path.of(source.getLocation().toURI());
                if (Files.isRegularFile(location)) {
                    return location.getFileName() + " " + Files.size(location) + " " + Files.getLastModifiedTime(location).toMillis();
                }
                long[] sizeAndTime = {0, 0, 0};
                try (Stream<Path> walk = Files.walk(location)) {
                    walk.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                        try {
                            sizeAndTime[0]++;
                            sizeAndTime[1] += Files.size(p);
                            sizeAndTime[2] = Math.max(sizeAndTime[2], Files.getLastModifiedTime(p).toMillis());
                        } catch (IOException e) {
                            sizeAndTime[2] = System.nanoTime();
                        }
                    });
                }
                return "classes " + sizeAndTime[0] + " " + sizeAndTime[1] + " " + sizeAndTime[2];
            } catch (IOException | URISyntaxException | RuntimeException e) {
                // Unknown build: a fingerprint that never repeats, so nothing is ever reused wrongly.
                return "unknown " + System.nanoTime();
            }
        }
    }
}
