package io.wanlint.refactorings.api;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What javac said about a set of sources in an earlier run, so that patch verification need not ask
 * again (issue 22: on a large application a cached re-run spent most of its time compiling the same
 * unpatched and patched file sets as the run before).
 *
 * <p>A result is keyed by a digest of everything the compile is given ({@link PatchVerifier} makes
 * it: the compiler's version and options, every class-path and API container's content, the
 * application's source layout — which file declares which package — and the path and text of every
 * compiled source) and kept with the application's other Java files javac read from the source path
 * while compiling, each with a hash of its text (and of its declarations, when javac read only those:
 * {@link SourcePathRead}). A result is reused only when its key matches and every file it read still
 * gives javac what it gave then: a file javac never opened cannot have changed what it said.
 * It also keeps the CPU time javac spent, which a reuse charges to the run's budget, so that a cached
 * run verifies exactly the patches the same run uncached would.
 *
 * <p>The bytes written for the next run hold only the results this run used or made (a bounded
 * entry: what a later run after a small change asks for again). Not thread-safe.
 */
public final class JavacResults {
    /** Bumped whenever the encoding below changes. */
    static final int VERSION = 2;

    /** One compile's outcome: its errors, the CPU nanoseconds it took, and the source-path files it read (path → what {@link SourcePathRead} keeps of each). */
    record Result(List<PatchVerifier.JavacError> errors, long cpuNanos, Map<String, String> reads) {
        Result {
            errors = List.copyOf(errors);
            reads = Map.copyOf(reads);
        }
    }

    private final Map<String, Result> stored;
    private final Map<String, Result> used = new LinkedHashMap<>();
    private int reused;
    private int recorded;
    /** Where {@link #flush()} hands the encoded results (null: nowhere). */
    private java.util.function.Consumer<byte[]> sink;

    /** False for a run that keeps no results ({@link #unkept()}): nothing is looked up or recorded. */
    private final boolean kept;

    private JavacResults(Map<String, Result> stored) { this(stored, true); }

    private JavacResults(Map<String, Result> stored, boolean kept) {
        this.stored = stored;
        this.kept = kept;
    }

    /** These results, handed encoded to {@code sink} by {@link #flush()} when the run used or made any. */
    public JavacResults writingTo(java.util.function.Consumer<byte[]> sink) {
        this.sink = sink;
        return this;
    }

    /** Hands the results to the sink ({@link #writingTo}), once per change; the verifier does so when it is closed. */
    public void flush() {
        if (sink == null || !changed()) return;
        sink.accept(encode());
        stored.clear();
        stored.putAll(used);
        recorded = 0;
    }

    /** No earlier results: every compile runs, and what it says is kept for {@link #encode()}. */
    public static JavacResults none() { return new JavacResults(new LinkedHashMap<>()); }

    /**
     * No earlier results and none kept, for a run without a cache folder: the verifier then need not
     * work out what a compile depends on (on HELIUM V, hashing the jars it ships took 0.7 s of the
     * verifying thread), and every compile runs. Verdicts are those of {@link #none()}, whose results
     * only a run's identical compiles share (and its verdicts are already shared per change).
     */
    public static JavacResults unkept() { return new JavacResults(new LinkedHashMap<>(), false); }

    /** Whether results are looked up and recorded: false for {@link #unkept()}. */
    boolean kept() { return kept; }

    /** The results an earlier run {@link #encode() encoded}; bytes of another version or damaged ones give {@link #none()}. */
    public static JavacResults decode(byte[] bytes) {
        try {
            return new JavacResults(read(bytes));
        } catch (IOException | RuntimeException e) {
            return none();
        }
    }

    /**
     * The result stored for this key when every file it read still gives javac what it gave then;
     * {@code unchanged} says so of a file (its path) and what the compile kept of it ({@link SourcePathRead}).
     */
    Optional<Result> lookup(String key, java.util.function.BiPredicate<String, String> unchanged) {
        if (!kept) return Optional.empty();
        Result r = used.containsKey(key) ? used.get(key) : stored.get(key);
        if (r == null) return Optional.empty();
        for (Map.Entry<String, String> read : r.reads().entrySet()) {
            if (!unchanged.test(read.getKey(), read.getValue())) return Optional.empty();
        }
        used.put(key, r);
        reused++;
        return Optional.of(r);
    }

    void record(String key, Result result) {
        if (!kept) return;
        used.put(key, result);
        recorded++;
    }

    /** How many compiles this run took from earlier results. */
    public int reused() { return reused; }

    /** How many compiles this run ran and recorded. */
    public int recorded() { return recorded; }

    /** Whether this run used or made anything worth writing. */
    public boolean changed() { return recorded > 0 || used.size() != stored.size(); }

    /** The results this run used or made, for the next run. */
    public byte[] encode() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(VERSION);
            out.writeInt(used.size());
            for (Map.Entry<String, Result> e : used.entrySet()) {
                out.writeUTF(e.getKey());
                Result r = e.getValue();
                out.writeLong(r.cpuNanos());
                out.writeInt(r.reads().size());
                for (Map.Entry<String, String> read : r.reads().entrySet()) {
                    writeString(out, read.getKey());
                    out.writeUTF(read.getValue());
                }
                out.writeInt(r.errors().size());
                for (PatchVerifier.JavacError err : r.errors()) {
                    writeString(out, err.file());
                    out.writeLong(err.line());
                    writeString(out, err.code());
                    writeString(out, err.message());
                }
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Result> read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != VERSION) throw new IOException("another version");
        int n = count(in);
        Map<String, Result> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String key = in.readUTF();
            long cpu = in.readLong();
            int readCount = count(in);
            Map<String, String> reads = new LinkedHashMap<>();
            for (int j = 0; j < readCount; j++) reads.put(readString(in), in.readUTF());
            int errorCount = count(in);
            List<PatchVerifier.JavacError> errors = new ArrayList<>(Math.min(errorCount, 1024));
            for (int j = 0; j < errorCount; j++) {
                errors.add(new PatchVerifier.JavacError(readString(in), in.readLong(), readString(in), readString(in)));
            }
            out.put(key, new Result(errors, cpu, reads));
        }
        if (in.read() != -1) throw new IOException("trailing bytes");
        return out;
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 10_000_000) throw new IOException("bad count");
        return n;
    }

    /** UTF-8 with an int length: a javac message can exceed writeUTF's 64 KB. */
    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = count(in);
        byte[] b = in.readNBytes(n);
        if (b.length != n) throw new IOException("truncated");
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
}
