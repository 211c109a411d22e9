package io.wanlint.refactorings.facade;

import io.wanlint.refactorings.api.FileChange;
import java.util.List;

/**
 * What {@link FacadeScaffold} plans for a {@link FacadeDesign}: the new files and descriptor edits
 * (bean, interfaces, transfer objects, DAO, {@code ejb-jar.xml} session entry with its refs and
 * container transaction, the web descriptor's {@code ejb-ref}), and how the client reaches the façade.
 * The client's own edits are the calling refactoring's.
 */
public record Scaffold(List<FileChange> changes, ClientAccess access) {
    public Scaffold {
        changes = List.copyOf(changes);
    }
}
