package io.wanlint.analyzer.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The components of an application, with lookups by name, implementation class and interface.
 * Immutable; components are kept in a deterministic order (by kind, then name).
 */
public final class ComponentModel {
    private final List<Component> components;
    private final Map<String, Component> byName = new LinkedHashMap<>();
    private final Map<String, Component> byClass = new LinkedHashMap<>();
    private final Map<String, Component> byInterface = new LinkedHashMap<>();

    public ComponentModel(List<Component> components) {
        this.components = List.copyOf(components);
        for (Component c : this.components) {
            byName.putIfAbsent(c.name(), c);
            byClass.putIfAbsent(c.className(), c);
            for (String i : c.interfaces().all()) byInterface.putIfAbsent(i, c);
        }
    }

    public static final ComponentModel EMPTY = new ComponentModel(List.of());

    public List<Component> components() { return components; }

    public Optional<Component> byName(String name) { return Optional.ofNullable(byName.get(name)); }

    /** The component whose implementation class is {@code className}. */
    public Optional<Component> byClass(String className) { return Optional.ofNullable(byClass.get(className)); }

    /** The EJB that exposes {@code interfaceName} as one of its views. */
    public Optional<Component> byInterface(String interfaceName) { return Optional.ofNullable(byInterface.get(interfaceName)); }

    /** The component that owns a type: its implementation class or one of its interfaces. */
    public Optional<Component> owning(String typeName) {
        return byClass(typeName).or(() -> byInterface(typeName));
    }

    public List<Component> ofKind(ComponentKind kind) {
        return components.stream().filter(c -> c.kind() == kind).toList();
    }

    public Map<String, Component> asMapByName() { return Collections.unmodifiableMap(byName); }
}
