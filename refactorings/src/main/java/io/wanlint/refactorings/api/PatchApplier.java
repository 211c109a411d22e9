package io.wanlint.refactorings.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one writer of patches. It writes only into a git work tree whose touched files have no
 * uncommitted changes (so {@code git diff} shows exactly the patch and {@code git checkout} undoes
 * it), computes every new file before writing any, and replaces each file atomically (temporary
 * file + move). Nothing but the touched files is written.
 */
public final class PatchApplier {
    private PatchApplier() {}

    /** What applying did. */
    public sealed interface Outcome {
        /** The files written, relative to the root. */
        record Applied(List<String> files, List<Patch> skippedAsConflicting) implements Outcome {
            public Applied {
                files = List.copyOf(files);
                skippedAsConflicting = List.copyOf(skippedAsConflicting);
            }
        }

        /** Nothing was written, because of {@code reason}. */
        record Refused(String reason) implements Outcome {}
    }

    public static Outcome apply(List<Patch> patches, RefactoringContext context) {
        Optional<Path> maybeRoot = context.root();
        if (maybeRoot.isEmpty()) return new Outcome.Refused("no source folder was analysed; only folders can be patched");
        Path root;
        try {
            root = maybeRoot.get().toRealPath(); // links above the analysed folder are the user's choice
        } catch (IOException e) {
            return new Outcome.Refused("cannot resolve " + maybeRoot.get() + ": " + e.getMessage());
        }
        PatchSet set = PatchSet.of(patches);
        if (set.changes().isEmpty()) return new Outcome.Applied(List.of(), set.conflicting());
        List<String> edited = set.changes().values().stream().filter(c -> c instanceof FileChange.Edit).map(FileChange::file).toList();
        Optional<String> gitProblem = checkGit(root, List.copyOf(set.changes().keySet()), edited);
        if (gitProblem.isPresent()) return new Outcome.Refused(gitProblem.get());

        Map<Path, byte[]> writes = new LinkedHashMap<>();
        for (FileChange change : set.changes().values()) {
            Path target = root.resolve(change.file()).normalize();
            if (!target.startsWith(root)) return new Outcome.Refused(change.file() + " is outside " + root);
            Optional<String> escape = throughLink(root, target);
            if (escape.isPresent()) return new Outcome.Refused(escape.get());
            if (change instanceof FileChange.Create c) {
                if (Files.exists(target)) return new Outcome.Refused(c.file() + " already exists");
                writes.put(target, SourceText.created(c.file(), c.text()).encode(c.text()));
            } else {
                FileChange.Edit e = (FileChange.Edit) change;
                Optional<SourceText> planned = context.read(e.file());
                if (planned.isEmpty()) return new Outcome.Refused("cannot read " + e.file());
                Optional<String> onDisk = new RefactoringContext(context.analysis(), root).read(e.file()).map(SourceText::text);
                if (!onDisk.equals(planned.map(SourceText::text))) {
                    return new Outcome.Refused(e.file() + " changed since the patch was planned; run wanlint fix again");
                }
                try {
                    writes.put(target, planned.get().encode(e.applyTo(planned.get().text())));
                } catch (IllegalArgumentException bad) {
                    // Edits that do not fit the file refuse the whole application before anything is written.
                    return new Outcome.Refused(bad.getMessage());
                }
            }
        }
        List<String> written = new ArrayList<>();
        try {
            for (Map.Entry<Path, byte[]> w : writes.entrySet()) {
                AtomicFile.write(w.getKey(), w.getValue());
                written.add(root.relativize(w.getKey()).toString().replace('\\', '/'));
            }
        } catch (IOException e) {
            return new Outcome.Refused("writing failed after " + written + ": " + e.getMessage());
        }
        return new Outcome.Applied(written, set.conflicting());
    }

    /**
     * Why writing {@code target} could land somewhere other than where it appears to be: the file or
     * one of its folders below the work tree is a symbolic link (a committed link to a folder
     * elsewhere would take new files out of the repository; replacing a tracked link would turn it
     * into a regular file). Folders that do not exist yet are created as real folders.
     */
    static Optional<String> throughLink(Path root, Path target) {
        Path current = root;
        for (Path part : root.relativize(target)) {
            current = current.resolve(part);
            if (Files.isSymbolicLink(current)) {
                String what = current.equals(target) ? "is a symbolic link" : "lies under the symbolic link " + root.relativize(current);
                return Optional.of(root.relativize(target) + " " + what + "; --apply writes only to real files and folders"
                        + " inside the work tree, so nothing was applied (apply the patch files yourself after checking them)");
            }
            if (!Files.exists(current, LinkOption.NOFOLLOW_LINKS)) break;
        }
        return Optional.empty();
    }

    /**
     * Why the folder may not be patched: not a git work tree, edited files that git does not track
     * (ignored or new: a change to them could not be reviewed or undone), or touched files with
     * uncommitted changes.
     */
    static Optional<String> checkGit(Path root, List<String> files, List<String> edited) {
        Git.Result inside = Git.run(root, List.of("rev-parse", "--is-inside-work-tree"));
        if (inside.exit() != 0 || !inside.output().trim().equals("true")) {
            return Optional.of(root + " is not a git work tree; --apply only writes to a git work tree"
                    + " (or apply the patch files yourself)");
        }
        if (!edited.isEmpty()) {
            List<String> lsArgs = new ArrayList<>(List.of("ls-files", "-z", "--"));
            lsArgs.addAll(edited);
            Git.Result tracked = Git.run(root, lsArgs);
            if (tracked.exit() != 0) return Optional.of("git ls-files failed in " + root + ": " + tracked.output().trim());
            List<String> listed = List.of(tracked.output().split("\0"));
            List<String> untracked = edited.stream().filter(f -> !listed.contains(f)).toList();
            if (!untracked.isEmpty()) {
                return Optional.of(String.join(", ", untracked) + " not tracked by git in " + root
                        + "; commit them first so the change can be reviewed and undone");
            }
        }
        List<String> args = new ArrayList<>(List.of("status", "--porcelain", "--"));
        args.addAll(files);
        Git.Result status = Git.run(root, args);
        if (status.exit() != 0) return Optional.of("git status failed in " + root + ": " + status.output().trim());
        if (!status.output().isBlank()) {
            return Optional.of("uncommitted changes to files the patches touch; commit or stash them first:\n"
                    + status.output().stripTrailing());
        }
        return Optional.empty();
    }
}
