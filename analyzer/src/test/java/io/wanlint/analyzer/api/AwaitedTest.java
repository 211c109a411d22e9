package io.wanlint.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/** What a task on another thread threw reaches the waiting thread as if it had thrown it itself. */
class AwaitedTest {

    @Test
    void aValueIsReturned() {
        assertThat(Awaited.value(CompletableFuture.completedFuture("made"), "testing")).isEqualTo("made");
    }

    @Test
    void aRuntimeExceptionIsThrownAsItWasThrownThere() {
        IllegalArgumentException thrown = new IllegalArgumentException("bad rule");
        assertThatThrownBy(() -> Awaited.value(CompletableFuture.failedFuture(thrown), "testing")).isSameAs(thrown);
    }

    @Test
    void anErrorIsThrownAsItWasThrownThere() {
        StackOverflowError thrown = new StackOverflowError("deep chain");
        assertThatThrownBy(() -> Awaited.value(CompletableFuture.failedFuture(thrown), "testing")).isSameAs(thrown);
    }

    @Test
    void aCheckedExceptionIsWrappedWithItsCause() {
        IOException thrown = new IOException("disk");
        FutureTask<String> task = new FutureTask<>(() -> { throw thrown; });
        task.run();
        assertThatThrownBy(() -> Awaited.value(task, "testing"))
                .isInstanceOf(IllegalStateException.class).hasCause(thrown);
    }

    @Test
    void anInterruptEndsTheWaitSayingWhatWasAwaitedAndLeavesTheFlagSet() {
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> Awaited.value(new CompletableFuture<String>(), "planning patches"))
                    .isInstanceOf(IllegalStateException.class).hasMessage("interrupted while planning patches");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
