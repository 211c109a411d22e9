package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;

/** An EAR's {@code application.xml}: its modules. */
public record ApplicationDescriptor(SourceLocation location, String displayName, List<Module> modules)
        implements Descriptor {

    public ApplicationDescriptor {
        modules = List.copyOf(modules);
    }

    public enum ModuleType { EJB, WEB, JAVA, CONNECTOR }

    /**
     * @param path        the archive inside the EAR ({@code web-uri}, {@code ejb}, {@code java}, {@code connector})
     * @param contextRoot the web module's context root, or null
     */
    public record Module(ModuleType type, String path, String contextRoot, SourceLocation location) {}
}
