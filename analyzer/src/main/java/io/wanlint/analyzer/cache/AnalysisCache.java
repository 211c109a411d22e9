package io.wanlint.analyzer.cache;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.ingest.ExtractionFolder;
import io.wanlint.analyzer.model.SourceSuppressions;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.Consumer;
import javax.crypto.Mac;

/**
 * The on-disk cache behind {@code --cache DIR}: one entry per analysed project (its inputs and
 * options), holding the {@link CachedAnalysis} of the last run together with the
 * {@link InputDigest digest} of everything it was computed from — every input file's path and
 * content hash, the options, the cache format and the analyzer build. A run whose digest matches
 * reuses the entry instead of parsing and resolving again; any other run analyses from scratch and
 * replaces the entry, so files no longer referenced never pile up. The folder is bounded besides:
 * at most {@value #MAX_ENTRIES} entries, none unused for more than {@value #MAX_AGE_DAYS} days.
 *
 * <p>The cache can only make a run faster, never change its result or fail it: an entry that is
 * unreadable, corrupt, truncated or of another format is ignored with a warning (and replaced), a
 * folder that cannot be written gives a warning and the run goes on uncached. Entries are written
 * to a temporary file and moved into place, so a reader never sees half an entry.
 *
 * <p>An entry is a header line {@code wanlint-analysis-cache FORMAT DIGEST STRUCTURE} (which lets a
 * stale entry be rejected without reading the rest), the component model, diagnostics and
 * suppressions as JSON, the call graph in {@link GraphCodec}'s binary form, and an HMAC-SHA256 of
 * all that under the folder's {@link CacheKey}: an entry is authenticated before anything in it is
 * decoded, so a damaged or edited entry is noticed rather than half believed.
 */
public final class AnalysisCache {
    /** Bumped whenever {@link CachedAnalysis} or anything it contains is stored differently. */
    static final int FORMAT = 16;
    static final String MAGIC = "wanlint-analysis-cache";
    static final int MAX_ENTRIES = 32;
    static final int MAX_AGE_DAYS = 30;
    private static final String PREFIX = "analysis-";
    private static final String SUFFIX = ".cache";
    private static final int MAX_HEADER_BYTES = 512;

    private static final ObjectMapper JSON = JsonMapper.builder()
            // Records are written and read by their components only, never by derived accessors.
            .visibility(PropertyAccessor.ALL, Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, Visibility.ANY)
            .visibility(PropertyAccessor.CREATOR, Visibility.ANY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .build();

    private final Path folder;
    private final Consumer<Diagnostic> warnings;
    private final boolean deferred;
    /** {@value CacheKey#ENV} as the run found it (null: the key file in the folder is used). */
    private final String keyFromEnvironment;
    private final List<Thread> writers = new ArrayList<>();
    /** Writes still running, which the JVM's exit waits for (a command may exit right after its report). */
    private static final Set<Thread> PENDING = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> PENDING.forEach(AnalysisCache::joinQuietly),
                "wanlint-cache-flush"));
    }

    private AnalysisCache(Path folder, Consumer<Diagnostic> warnings, boolean deferred, String keyFromEnvironment) {
        this.folder = folder.toAbsolutePath().normalize();
        this.warnings = Objects.requireNonNull(warnings);
        this.deferred = deferred;
        this.keyFromEnvironment = keyFromEnvironment;
    }

    /**
     * The same cache, writing entries on a background thread so that the caller's work after the
     * analysis (rules, reports) overlaps the write; {@link #awaitWrites()} waits for them, and so
     * does the JVM's exit. Warnings about a write may then arrive after the analysis returned.
     */
    public AnalysisCache deferringWrites() {
        return new AnalysisCache(folder, warnings, true, keyFromEnvironment);
    }

    /** Whether {@link #store} returns before the entry is written. */
    public boolean defersWrites() { return deferred; }

    /** Waits until the entries this cache started writing are written (or given up with a warning). */
    public void awaitWrites() {
        List<Thread> running;
        synchronized (writers) {
            running = List.copyOf(writers);
            writers.clear();
        }
        running.forEach(AnalysisCache::joinQuietly);
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A cache kept in {@code folder} (created on the first write).
     *
     * @param warnings receives what went wrong with the cache; the analysis goes on regardless
     */
    public static AnalysisCache in(Path folder, Consumer<Diagnostic> warnings) {
        return in(folder, warnings, System.getenv(CacheKey.ENV));
    }

    /** As {@link #in(Path, Consumer)}, with the key that {@value CacheKey#ENV} would give (null: none). */
    static AnalysisCache in(Path folder, Consumer<Diagnostic> warnings, String keyFromEnvironment) {
        return new AnalysisCache(folder, warnings, false, keyFromEnvironment);
    }

    /** The analysis this cache last served or stored; null before. */
    private volatile Served served;

    /**
     * Which analysis a run with this cache produced.
     *
     * @param slot     the project's entry ({@link InputDigest#slot()}): where what is derived from its analyses is kept
     * @param identity the analysis's {@link CachedAnalysis#identity() identity}: equal for two runs whose analyses are
     *                 equal (not only their inputs), so that what is derived from the analysis alone can be kept under it
     */
    public record Served(String slot, String identity) {}

    /** Records which analysis this cache's run produced. */
    public void served(InputDigest key, String analysisIdentity) { this.served = new Served(key.slot(), analysisIdentity); }

    /** The analysis the run with this cache produced; empty before the run. */
    public Optional<Served> served() { return Optional.ofNullable(served); }

    /** The cache folder; ingest never walks into it, even when it lies inside an analysed tree. */
    public Path folder() { return folder; }

    /** The entry stored for this key, when there is one and it was computed from the same inputs. */
    public Optional<CachedAnalysis> load(InputDigest key) {
        return read(key).filter(Entry::exact).map(Entry::analysis);
    }

    /**
     * What the project's entry holds for this run: an analysis computed from the same inputs
     * ({@code exact}), or one computed from inputs that differ from this run's only in what some
     * Java files or JSP pages say, together with its {@link IncrementalState} (never exact).
     */
    public record Entry(CachedAnalysis analysis, boolean exact) {}

    /** The project's entry, when it serves this key exactly or can be updated to it (see {@link Entry}). */
    public Optional<Entry> read(InputDigest key) {
        return read(key, null);
    }

    /**
     * The project's entry, read ahead: started before ingest (the entry's name depends on the
     * request only), the reading and decoding overlap ingest and the hashing of the inputs.
     */
    public Prefetch prefetch(AnalysisRequest request) {
        Path file = folder.resolve(PREFIX + InputDigest.slotOf(request) + SUFFIX);
        java.util.concurrent.CompletableFuture<Raw> raw = new java.util.concurrent.CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                raw.complete(readRaw(file));
            } catch (Throwable t) {
                raw.complete(new Raw(file, null, "cannot be read (" + t.getClass().getSimpleName() + ")", null, null, null));
            }
        }, "wanlint-cache-read");
        reader.setDaemon(true); // never keeps the JVM alive: a run that does not need it just leaves it
        reader.start();
        return new Prefetch(raw);
    }

    /** An entry being read ahead ({@link #prefetch}). */
    public static final class Prefetch {
        private final java.util.concurrent.CompletableFuture<Raw> raw;

        private Prefetch(java.util.concurrent.CompletableFuture<Raw> raw) { this.raw = raw; }
    }

    /**
     * An entry as read from disk, before it is matched with a key: the header's fields, or why it is
     * no entry of this format ({@code headerProblem}); the analysis and the incremental state
     * (decoded, or null when it has none), or why the payload is unreadable ({@code payloadProblem});
     * all null when there is no file.
     */
    private record Raw(Path file, String[] header, String headerProblem, CachedAnalysis analysis,
                       IncrementalState state, String payloadProblem) {}

    private Raw readRaw(Path entry) {
        if (!Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) return new Raw(entry, null, null, null, null, null);
        String header;
        long payloadLength;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(entry, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
            header = headerLine(in);
            if (header == null || !header.startsWith(MAGIC + " ")) {
                return new Raw(entry, null, "is not a wanlint analysis cache entry", null, null, null);
            }
            String[] parts = header.split(" ");
            if (parts.length < 2 || !parts[1].equals(Integer.toString(FORMAT))) {
                return new Raw(entry, null, "was written in another cache format (" + (parts.length > 1 ? parts[1] : "?")
                        + ", this wanlint uses " + FORMAT + ")", null, null, null);
            }
            if (parts.length != 4) return new Raw(entry, null, "cannot be read (malformed header)", null, null, null);
            CacheKey.Outcome key = CacheKey.of(folder, keyFromEnvironment, false);
            if (!(key instanceof CacheKey.Outcome.Found found)) {
                String why = key instanceof CacheKey.Outcome.Unusable u ? u.reason() : "the cache key " + folder.resolve(CacheKey.FILE) + " is missing";
                return new Raw(entry, parts, null, null, null, "cannot be trusted (" + why + ")");
            }
            payloadLength = Files.size(entry) - headerBytes(header).length - CacheKey.MAC_BYTES;
            // Authenticated before anything is decoded: a forged entry never reaches the decoders.
            if (payloadLength < 0 || !authentic(in, header, payloadLength, found.key())) {
                return new Raw(entry, parts, null, null, null,
                        "cannot be read (it was altered or truncated, or written with another cache key)");
            }
            return decode(entry, parts, header, payloadLength);
        } catch (IOException | RuntimeException e) {
            return new Raw(entry, null, "cannot be read (" + reason(e) + ")", null, null, null);
        }
    }

    /** Whether the entry's last {@value CacheKey#MAC_BYTES} bytes are the HMAC of its header and payload. */
    private static boolean authentic(InputStream in, String header, long payloadLength, CacheKey key) throws IOException {
        Mac mac = key.mac();
        mac.update(headerBytes(header));
        byte[] buffer = new byte[1 << 16];
        long left = payloadLength;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) return false;
            mac.update(buffer, 0, n);
            left -= n;
        }
        byte[] stored = in.readNBytes(CacheKey.MAC_BYTES);
        return in.read() == -1 && MessageDigest.isEqual(stored, mac.doFinal());
    }

    /** Second pass over an authenticated entry: the payload decoded. */
    private Raw decode(Path entry, String[] parts, String header, long payloadLength) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(entry, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
            in.skipNBytes(headerBytes(header).length);
            try {
                Payload payload = readPayloadParts(in, payloadLength);
                // Needed only after a change, and then right away: decoded ahead as well.
                IncrementalState state = payload.state() == null ? null : decodeState(payload.state());
                return new Raw(entry, parts, null, payload.analysis(), state, null);
            } catch (IOException | RuntimeException e) {
                return new Raw(entry, parts, null, null, null, "cannot be read (" + reason(e) + ")");
            }
        } catch (IOException | RuntimeException e) {
            return new Raw(entry, null, "cannot be read (" + reason(e) + ")", null, null, null);
        }
    }

    private static byte[] headerBytes(String header) {
        return (header + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The project's entry matched with the key, from a {@link #prefetch} when there is one. */
    public Optional<Entry> read(InputDigest key, Prefetch ahead) {
        Raw raw;
        try {
            raw = ahead == null ? readRaw(entry(key)) : ahead.raw.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (java.util.concurrent.ExecutionException e) {
            return Optional.empty();
        }
        String name = raw.file().getFileName().toString();
        if (raw.headerProblem() != null) {
            warn("cache entry " + name + " " + raw.headerProblem() + "; it is ignored and replaced");
            return Optional.empty();
        }
        if (raw.header() == null) return Optional.empty(); // no entry yet
        boolean exact = raw.header()[2].equals(key.digest());
        if (!exact && !raw.header()[3].equals(key.structure())) return Optional.empty(); // other inputs: an ordinary miss
        if (raw.payloadProblem() != null) {
            warn("cache entry " + name + " " + raw.payloadProblem() + "; it is ignored and replaced");
            return Optional.empty();
        }
        touch(raw.file());
        if (exact) return Optional.of(new Entry(raw.analysis(), true));
        IncrementalState state = raw.state();
        if (state == null || !state.structure().equals(key.structure())) return Optional.empty();
        return Optional.of(new Entry(raw.analysis().withIncremental(state), false));
    }

    /**
     * Stores the analysis under the key, replacing the project's previous entry, then prunes the
     * folder; in the background when {@link #deferringWrites() deferring}.
     */
    public void store(InputDigest key, CachedAnalysis analysis) {
        store(key, () -> analysis);
    }

    /** As {@link #store(InputDigest, CachedAnalysis)}, the entry put together where it is written. */
    public void store(InputDigest key, Supplier<CachedAnalysis> analysis) {
        if (!deferred) {
            write(key, analysis);
            return;
        }
        // A deep stack, as the parser's: the entry is put together from trees that can nest deeply.
        Thread writer = new Thread(null, () -> {
            try {
                write(key, analysis);
            } finally {
                PENDING.remove(Thread.currentThread());
            }
        }, "wanlint-cache-write", 64L << 20);
        writer.setDaemon(false);
        synchronized (writers) {
            writers.add(writer);
        }
        PENDING.add(writer);
        writer.start();
    }

    private void write(InputDigest key, Supplier<CachedAnalysis> entry) {
        Path temp = null;
        try {
            CacheKey.Outcome secret = CacheKey.of(folder, keyFromEnvironment, true);
            Mac mac;
            if (secret instanceof CacheKey.Outcome.Found f) {
                mac = f.key().mac();
            } else if (secret instanceof CacheKey.Outcome.Remade r) {
                warn(r.why() + "; a new private key was made (entries written before are rejected)");
                mac = r.key().mac();
            } else {
                String why = secret instanceof CacheKey.Outcome.Unusable u ? u.reason() : "no cache key";
                warn("cannot write the analysis cache: " + why + "; this run is not cached");
                return;
            }
            Files.createDirectories(folder);
            temp = Files.createTempFile(folder, tempPrefix(), ".tmp");
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16)) {
                OutputStream signed = new MacOutputStream(file, mac);
                signed.write(headerBytes(MAGIC + " " + FORMAT + " " + key.digest() + " " + key.structure()));
                // Buffered above the MAC: the codecs write ints and short strings, each a Mac.update of its own otherwise.
                OutputStream buffered = new BufferedOutputStream(signed, 1 << 16);
                writePayload(entry.get(), buffered);
                buffered.flush();
                file.write(mac.doFinal());
            }
            move(temp, entry(key));
            temp = null;
        } catch (FileAlreadyExistsException e) {
            warn("cannot write the analysis cache: " + e.getFile() + " exists and is not a folder; this run is not cached");
        } catch (IOException | RuntimeException e) {
            warn("cannot write the analysis cache in " + folder + " (" + reason(e) + "); this run is not cached");
        } catch (StackOverflowError e) {
            warn("cannot write the analysis cache in " + folder + " (code nested too deeply); this run is not cached");
        } finally {
            if (temp != null) deleteQuietly(temp);
        }
        prune(entry(key));
    }

    /**
     * Temporary entries carry the writer's process id and a tag of its pid namespace, so that pruning
     * knows a dead run's leftovers: a pid means nothing in another namespace (a cache folder shared
     * by containers), so there only age decides.
     */
    private static String tempPrefix() {
        return PREFIX + ProcessHandle.current().pid() + "-" + namespaceTag(ExtractionFolder.pidNamespace()) + "-";
    }

    /** {@code n} and 8 hex digits naming a pid namespace. */
    static String namespaceTag(String namespace) {
        return "n" + String.format("%08x", namespace.hashCode());
    }

    /** Feeds what is written to the MAC too. */
    private static final class MacOutputStream extends java.io.FilterOutputStream {
        private final Mac mac;

        MacOutputStream(OutputStream out, Mac mac) {
            super(out);
            this.mac = mac;
        }

        @Override public void write(int b) throws IOException {
            mac.update((byte) b);
            out.write(b);
        }

        @Override public void write(byte[] b, int off, int len) throws IOException {
            mac.update(b, off, len);
            out.write(b, off, len);
        }
    }

    /** The model's part, small once reference lists are shared, stays JSON: it follows the records as they grow. */
    record ModelPart(List<Component> components, List<Integer> ejbRefsOf, List<List<EjbReference>> ejbRefLists,
                     List<Diagnostic> diagnostics, List<SourceSuppressions.Entry> suppressions, String identity) {}

    /** {@code int length, JSON of the ModelPart, the binary graph, the incremental state (length-prefixed) if any}. */
    static void writePayload(CachedAnalysis analysis, OutputStream raw) throws IOException {
        DataOutputStream out = new DataOutputStream(raw);
        byte[] json = JSON.writeValueAsBytes(new ModelPart(analysis.components(), analysis.ejbRefsOf(),
                analysis.ejbRefLists(), analysis.diagnostics(), analysis.suppressions(), analysis.identity()));
        out.writeInt(json.length);
        out.write(json);
        GraphCodec.write(new GraphCodec.Parts(analysis.nodes(), analysis.edges(), analysis.entryPoints(), analysis.facts(),
                analysis.unseenCode()), out);
        out.writeBoolean(analysis.incremental() != null);
        if (analysis.incremental() != null) {
            // Length-prefixed: readRaw decodes it on the read-ahead thread, while ingest runs, so an
            // update after a change finds it ready.
            ByteArrayOutputStream state = new ByteArrayOutputStream(1 << 20);
            DataOutputStream stateOut = new DataOutputStream(state);
            StateCodec.write(analysis.incremental(), stateOut);
            stateOut.flush();
            out.writeInt(state.size());
            state.writeTo(out);
        }
        out.flush();
    }

    /** The analysis and, undecoded, the incremental state (null when the entry has none). */
    private record Payload(CachedAnalysis analysis, byte[] state) {}

    /** Reads what {@link #writePayload} wrote, exactly {@code length} bytes; anything else is an IOException. */
    private static Payload readPayloadParts(InputStream raw, long length) throws IOException {
        if (length > Integer.MAX_VALUE - 16) throw new IOException("bad length");
        // Read whole, then decoded from memory: the codecs read ints and short strings, each a locked read of the
        // buffered file stream otherwise (HELIUM V's 51 MB entry: most of the read-ahead thread's time).
        byte[] payload = raw.readNBytes((int) length);
        if (payload.length != length) throw new EOFException("truncated");
        CountingInputStream counted = new CountingInputStream(payload);
        DataInputStream in = new DataInputStream(counted);
        int jsonLength = in.readInt();
        if (jsonLength < 0 || jsonLength > length) throw new IOException("bad length");
        byte[] json = in.readNBytes(jsonLength);
        if (json.length != jsonLength) throw new EOFException("truncated");
        GraphCodec.Parts graph = GraphCodec.read(in);
        byte[] state = null;
        if (in.readBoolean()) {
            int size = in.readInt();
            if (size < 0 || size > length) throw new IOException("bad length");
            state = in.readNBytes(size);
            if (state.length != size) throw new EOFException("truncated");
        }
        if (counted.count != length) throw new IOException("the payload does not end where the entry says");
        ModelPart model = JSON.readValue(json, ModelPart.class);
        return new Payload(new CachedAnalysis(model.components(), model.ejbRefsOf(), model.ejbRefLists(), graph.nodes(),
                graph.edges(), graph.entryPoints(), graph.facts(), graph.unseenCode(), model.diagnostics(), model.suppressions(), null,
                model.identity()), state);
    }

    /** The payload's bytes, read without locks, counting what is read (DataInputStream reads through read(byte[], int, int) and read()). */
    private static final class CountingInputStream extends InputStream {
        private final byte[] bytes;
        int count;

        CountingInputStream(byte[] bytes) { this.bytes = bytes; }

        @Override public int read() {
            return count < bytes.length ? bytes[count++] & 0xFF : -1;
        }

        @Override public int read(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) return 0;
            if (count >= bytes.length) return -1;
            int n = Math.min(len, bytes.length - count);
            System.arraycopy(bytes, count, b, off, n);
            count += n;
            return n;
        }
    }

    private static IncrementalState decodeState(byte[] state) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(state));
        IncrementalState decoded = StateCodec.read(in);
        if (in.read() != -1) throw new IOException("trailing bytes after the incremental state");
        return decoded;
    }

    private Path entry(InputDigest key) { return folder.resolve(PREFIX + key.slot() + SUFFIX); }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Keeps the folder bounded: entries unused for {@value #MAX_AGE_DAYS} days and the oldest beyond
     * {@value #MAX_ENTRIES} go, and so do temporary entries whose writing process has died. Only
     * wanlint's own files are touched: a file is deleted only when its name is an entry's and its
     * first bytes are an entry's header (or, for a temporary entry, it is still empty); anything
     * else in the folder, whatever its name, is left alone.
     */
    private void prune(Path keep) {
        Instant now = Instant.now();
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*")) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) continue;
                if (name.endsWith(".tmp")) {
                    if (leftByDeadRun(name, Files.getLastModifiedTime(file).toInstant(), now) && ours(file, true)) deleteQuietly(file);
                } else if (name.endsWith(SUFFIX) && !file.equals(keep) && ours(file, false)) {
                    if (Files.getLastModifiedTime(file).toInstant().isBefore(now.minus(Duration.ofDays(MAX_AGE_DAYS)))) deleteQuietly(file);
                    else entries.add(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            return; // pruning is housekeeping; the next run tries again
        }
        if (entries.size() < MAX_ENTRIES) return;
        entries.sort(Comparator.comparing(AnalysisCache::modified).reversed());
        entries.subList(MAX_ENTRIES - 1, entries.size()).forEach(AnalysisCache::deleteQuietly);
    }

    /**
     * A temporary entry {@code analysis-PID-NAMESPACE-….tmp} of this pid namespace whose process is
     * gone; any other (another namespace's, or written by an older wanlint without the tag) once it
     * is an hour old.
     */
    static boolean leftByDeadRun(String name, Instant modified, Instant now) {
        return leftByDeadRun(name, modified, now, namespaceTag(ExtractionFolder.pidNamespace()));
    }

    static boolean leftByDeadRun(String name, Instant modified, Instant now, String ourNamespaceTag) {
        Matcher temp = TEMP_NAME.matcher(name);
        if (temp.lookingAt() && temp.group(2).equals(ourNamespaceTag)) {
            long pid = Long.parseLong(temp.group(1));
            return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        }
        return modified.isBefore(now.minus(Duration.ofHours(1)));
    }

    private static final Pattern TEMP_NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d{1,18})-(n[0-9a-f]{8})-");

    /** Whether the file starts with an entry's header ({@code emptyIsOurs}: or is empty, as a temporary entry begins). */
    private static boolean ours(Path file, boolean emptyIsOurs) {
        byte[] magic = (MAGIC + " ").getBytes(StandardCharsets.US_ASCII);
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] start = in.readNBytes(magic.length);
            return (emptyIsOurs && start.length == 0) || java.util.Arrays.equals(start, magic);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** Marks an entry as used, for pruning by age; a read-only folder just keeps the old time. */
    private static void touch(Path entry) {
        try {
            Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
        } catch (IOException | RuntimeException e) {
            // not fatal: the entry is only pruned earlier than it could be
        }
    }

    private static String headerLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int i = 0; i < MAX_HEADER_BYTES; i++) {
            int b = in.read();
            if (b < 0) return null;
            if (b == '\n') return line.toString(StandardCharsets.US_ASCII);
            line.write(b);
        }
        return null;
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException | RuntimeException e) {
            // left for the next prune
        }
    }

    private void warn(String message) {
        warnings.accept(Diagnostic.warning(folder.toString(), 0, message));
    }

    private static String reason(Exception e) {
        if (e instanceof NoSuchFileException n) return "no such file or folder: " + n.getFile();
        if (e instanceof EOFException) return "the entry is truncated";
        if (e instanceof java.nio.file.AccessDeniedException a) return "permission denied: " + a.getFile();
        String message = e.getMessage();
        if (message == null || message.isBlank()) return e.getClass().getSimpleName();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
