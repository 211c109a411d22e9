package io.wanlint.analyzer.api;

/**
 * The run's temporary folder could not be created or written (a full disk, a quota, a folder
 * that is not writable, a {@code TMPDIR} that is not a folder). Some inputs could then not be
 * read, so the run has no result: a partial analysis would pass a gate it should not. The
 * message is complete and meant for the user.
 */
public final class TemporaryFolderException extends RuntimeException {
    public TemporaryFolderException(String message, Throwable cause) { super(message, cause); }
}
