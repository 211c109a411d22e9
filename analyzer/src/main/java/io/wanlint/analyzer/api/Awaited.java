package io.wanlint.analyzer.api;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A result made on another thread, taken as if this thread had made it: what the task threw is
 * thrown here as it was thrown there (a checked exception, which no task here throws, wrapped). Used by
 * the rules and the patches wherever a failure on the other thread is the caller's failure.
 */
public final class Awaited {
    private Awaited() {}

    /**
     * The task's value.
     *
     * @param doing what the waiting thread is doing, for the exception an interrupt ends it with
     */
    public static <T> T value(Future<T> task, String doing) {
        try {
            return task.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + doing, e);
        }
    }
}
