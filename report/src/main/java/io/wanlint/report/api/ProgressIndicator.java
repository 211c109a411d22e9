package io.wanlint.report.api;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A spinner with the elapsed seconds on stderr for runs that take longer than a couple of seconds,
 * so a user on a terminal sees wanlint is working. Quick runs print nothing; closing it erases the
 * line so the report that follows starts clean. Callers enable it only when stderr is a terminal:
 * never in tests, CI logs or pipes, where a carriage-return animation is noise.
 *
 * <pre>{@code try (var progress = ProgressIndicator.start(err, "analysing", terminal.interactive())) { … } }</pre>
 */
public final class ProgressIndicator implements AutoCloseable {
    /** How long a run may take before the indicator appears. */
    public static final Duration DEFAULT_DELAY = Duration.ofSeconds(2);
    private static final String FRAMES = "|/-\\";

    private final PrintWriter err;
    /** Asked on every tick, on the indicator's thread: a label may count files, which only a long run needs. */
    private final Supplier<String> label;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService timer;
    private final ScheduledFuture<?> ticks;
    private int frame;
    private boolean shown;
    private boolean closed;

    private ProgressIndicator(PrintWriter err, Supplier<String> label, Duration delay, Duration period, boolean enabled) {
        this.err = err;
        this.label = label;
        if (!enabled) {
            timer = null;
            ticks = null;
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "wanlint-progress");
            t.setDaemon(true); // never keeps the JVM alive
            return t;
        });
        ticks = timer.scheduleAtFixedRate(this::tick, delay.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts an indicator that appears after {@link #DEFAULT_DELAY}; a disabled one does nothing at all. */
    public static ProgressIndicator start(PrintWriter err, String label, boolean enabled) {
        return start(err, label, enabled, DEFAULT_DELAY, Duration.ofMillis(250));
    }

    public static ProgressIndicator start(PrintWriter err, String label, boolean enabled, Duration delay, Duration period) {
        return new ProgressIndicator(err, () -> label, delay, period, enabled);
    }

    /**
     * An indicator whose label is the phase under way and what it works on ({@code analysing 1,204
     * files}), asked for only once the indicator shows, then on every tick.
     */
    public static ProgressIndicator start(PrintWriter err, Supplier<String> label, boolean enabled, Duration delay,
                                          Duration period) {
        return new ProgressIndicator(err, label, delay, period, enabled);
    }

    public static ProgressIndicator start(PrintWriter err, Supplier<String> label, boolean enabled) {
        return start(err, label, enabled, DEFAULT_DELAY, Duration.ofMillis(250));
    }

    private synchronized void tick() {
        if (closed) return;
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos);
        // erase to the end of the line: a label may get shorter between ticks
        err.print("\r" + FRAMES.charAt(frame++ % FRAMES.length()) + " " + label.get() + "… " + seconds + " s" + (shown ? "\u001b[K" : ""));
        err.flush();
        shown = true;
    }

    /** Stops the indicator and erases its line if it was shown. */
    @Override public synchronized void close() {
        if (closed) return;
        closed = true;
        if (timer == null) return;
        ticks.cancel(false);
        timer.shutdownNow();
        if (shown) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }
}
