package io.wanlint.report.api;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressIndicatorTest {
    @Test
    void quickRunPrintsNothing() {
        StringWriter err = new StringWriter();
        try (var p = ProgressIndicator.start(new PrintWriter(err), "analysing", true, Duration.ofSeconds(5), Duration.ofMillis(10))) {
            assertThat(p).isNotNull();
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void longRunShowsASpinnerWithElapsedTimeAndErasesItWhenDone() throws Exception {
        StringWriter err = new StringWriter();
        try (var p = ProgressIndicator.start(new PrintWriter(err), "analysing", true, Duration.ofMillis(20), Duration.ofMillis(10))) {
            Thread.sleep(300);
        }
        String out = err.toString();
        assertThat(out).startsWith("\r| analysing… 0 s").contains("\r/ analysing…").endsWith("\r\u001b[K");
        Thread.sleep(50);
        assertThat(err.toString()).as("nothing after close").isEqualTo(out);
    }

    @Test
    void disabledIndicatorNeverPrintsEvenOnALongRun() throws Exception {
        StringWriter err = new StringWriter();
        try (var p = ProgressIndicator.start(new PrintWriter(err), "analysing", false, Duration.ofMillis(1), Duration.ofMillis(1))) {
            Thread.sleep(50);
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void labelIsAskedOnlyOnceTheIndicatorShowsAndFollowsThePhase() throws Exception {
        StringWriter err = new StringWriter();
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        try (var p = ProgressIndicator.start(new PrintWriter(err), () -> "analysing " + asked.incrementAndGet() + " files",
                true, Duration.ofSeconds(5), Duration.ofMillis(10))) {
            Thread.sleep(50);
        }
        assertThat(asked).as("a quick run never counts its files").hasValue(0);

        StringWriter longRun = new StringWriter();
        try (var p = ProgressIndicator.start(new PrintWriter(longRun), () -> "analysing 1,204 files", true,
                Duration.ofMillis(20), Duration.ofMillis(10))) {
            Thread.sleep(200);
        }
        assertThat(longRun.toString()).startsWith("\r| analysing 1,204 files… 0 s").contains("\u001b[K\r/ analysing 1,204 files…");
    }
}
