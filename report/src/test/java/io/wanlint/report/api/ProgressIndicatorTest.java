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
}
