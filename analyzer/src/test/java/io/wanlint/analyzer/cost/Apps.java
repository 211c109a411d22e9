package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.PersistenceType;
import java.util.List;

/** Hand-built components for the cost-model tests. */
final class Apps {
    private Apps() {}

    static Component web(String name, ComponentKind kind, String className) {
        return Component.simple(name, kind, className, List.of("/" + name), List.of());
    }

    /** An EJB 2.x bean with remote home and component interfaces named after its class. */
    static Component ejb(String name, ComponentKind kind, String className) {
        return ejb(name, kind, className, false);
    }

    /** As {@link #ejb(String, ComponentKind, String)}, declared read-only by a vendor descriptor when {@code readOnly}. */
    static Component ejb(String name, ComponentKind kind, String className, boolean readOnly) {
        String base = className.endsWith("Bean") ? className.substring(0, className.length() - 4) : className;
        EjbInterfaces views = new EjbInterfaces(base + "Home", base, null, null, List.of(), List.of(), false);
        PersistenceType persistence = kind == ComponentKind.ENTITY_BMP ? PersistenceType.BEAN
                : kind == ComponentKind.ENTITY_CMP ? PersistenceType.CONTAINER : PersistenceType.NONE;
        return new Component(name, kind, null, className, views, persistence, null, null, List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of(), null, null, readOnly, List.of());
    }
}
