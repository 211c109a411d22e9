package io.wanlint.cli;

import io.wanlint.analyzer.api.ConfigurationException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where {@code wanlint fix} writes its patches without {@code --out}: {@code wanlint-patches} in
 * the current folder, unless the current folder is inside an analysed folder ({@code cd app &&
 * wanlint fix .}); then {@code <app>-wanlint-patches} next to that folder, so that the patches never
 * land in the tree they patch (where {@code --apply} would see them as changes).
 */
record PatchFolder(Path folder, boolean besideTheTree) {
    static final String NAME = "wanlint-patches";

    /**
     * @param currentFolder the absolute current folder
     * @param analysed      the analysed paths (folders and archives)
     * @throws ConfigurationException when even the folder beside the tree is inside an analysed folder
     */
    static PatchFolder byDefault(Path currentFolder, List<Path> analysed) {
        List<Path> folders = analysed.stream().filter(Files::isDirectory).map(PatchFolder::real).toList();
        Path here = real(currentFolder);
        Path inCurrent = here.resolve(NAME);
        Optional<Path> enclosing = folders.stream().filter(inCurrent::startsWith)
                .min((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
        if (enclosing.isEmpty()) return new PatchFolder(currentFolder.resolve(NAME), false);
        Path tree = enclosing.get();
        Path beside = tree.getParent() == null || tree.getFileName() == null ? null
                : tree.getParent().resolve(tree.getFileName() + "-" + NAME);
        if (beside == null || folders.stream().anyMatch(beside::startsWith)) {
            throw new ConfigurationException("the current folder is inside the analysed folder " + tree
                    + " and so is the folder beside it; choose where the patches go with --out DIR");
        }
        return new PatchFolder(beside, true);
    }

    /** Links resolved where the path exists, so that a linked current folder is seen inside its tree. */
    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        try {
            return abs.toRealPath();
        } catch (java.io.IOException e) {
            return abs;
        }
    }
}
