package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.ingest.TextFile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class names an application's deployment names outside its Java code, which a container or a
 * framework instantiates by name: every qualified name written in its XML descriptors (servlet,
 * filter, listener and tag classes, framework configuration such as {@code struts-config.xml} or
 * {@code faces-config.xml}) and JSP pages ({@code jsp:useBean class="…"}), and the values of its
 * {@code env-entry}s by name, for code that loads the class an env-entry names
 * ({@code Class.forName((String) ctx.lookup("java:comp/env/param/DaoClass"))}), and the values of its
 * {@code .properties} files by key, for code that loads the class a property names
 * ({@code Class.forName(props.getProperty("dao.class"))}). XML comments do not count: a
 * commented-out alternative is not deployed (nor is a commented-out property).
 */
public final class DeploymentNames {
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
    private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+");
    private static final Pattern ENV_ENTRY = Pattern.compile("<(?:\\w+:)?env-entry\\b[^>]*>(.*?)</(?:\\w+:)?env-entry\\s*>",
            Pattern.DOTALL);
    private static final Pattern ENV_NAME = Pattern.compile("<(?:\\w+:)?env-entry-name\\b[^>]*>\\s*(.*?)\\s*</", Pattern.DOTALL);
    private static final Pattern ENV_VALUE = Pattern.compile("<(?:\\w+:)?env-entry-value\\b[^>]*>\\s*(.*?)\\s*</", Pattern.DOTALL);

    /** Nothing named: a build without descriptors. */
    public static final DeploymentNames NONE = new DeploymentNames(Set.of(), Map.of(), Map.of());

    private final Set<String> names;
    private final Map<String, List<String>> envEntries;
    private final Map<String, List<String>> properties;

    private DeploymentNames(Set<String> names, Map<String, List<String>> envEntries, Map<String, List<String>> properties) {
        this.names = names;
        this.envEntries = envEntries;
        this.properties = properties;
    }

    /** Reads the names from the application's XML files and JSP pages. */
    public static DeploymentNames read(List<TextFile> xmlFiles, List<TextFile> pages) {
        return read(xmlFiles, pages, List.of());
    }

    /** Reads the names from the application's XML files, JSP pages and properties files. */
    public static DeploymentNames read(List<TextFile> xmlFiles, List<TextFile> pages, List<TextFile> propertyFiles) {
        Set<String> names = new HashSet<>();
        Map<String, List<String>> env = new HashMap<>();
        for (TextFile f : xmlFiles) {
            String text = COMMENT.matcher(f.text()).replaceAll(" ");
            collect(text, names);
            Matcher entry = ENV_ENTRY.matcher(text);
            while (entry.find()) {
                Matcher name = ENV_NAME.matcher(entry.group(1));
                Matcher value = ENV_VALUE.matcher(entry.group(1));
                if (name.find() && value.find()) {
                    env.computeIfAbsent(name.group(1).strip(), k -> new ArrayList<>()).add(value.group(1).strip());
                }
            }
        }
        for (TextFile f : pages) collect(COMMENT.matcher(f.text()).replaceAll(" "), names);
        Map<String, List<String>> frozen = new HashMap<>();
        env.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        Map<String, List<String>> byKey = new HashMap<>();
        for (TextFile f : propertyFiles) {
            java.util.Properties p = new java.util.Properties();
            try {
                p.load(new java.io.StringReader(f.text()));
            } catch (java.io.IOException | IllegalArgumentException e) {
                continue; // a malformed file names nothing
            }
            for (String key : p.stringPropertyNames()) {
                byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(p.getProperty(key).strip());
            }
        }
        Map<String, List<String>> props = new HashMap<>();
        byKey.forEach((k, v) -> props.put(k, List.copyOf(v)));
        return new DeploymentNames(Set.copyOf(names), Map.copyOf(frozen), Map.copyOf(props));
    }

    /** For tests: these names and env-entries, as if read from descriptors. */
    static DeploymentNames of(Set<String> names, Map<String, List<String>> envEntries) {
        return new DeploymentNames(Set.copyOf(names), Map.copyOf(envEntries), Map.of());
    }

    /** The values of a property key in the application's properties files; empty when none defines it. */
    Optional<List<String>> property(String key) {
        return Optional.ofNullable(properties.get(key));
    }

    private static void collect(String text, Set<String> out) {
        Matcher m = QUALIFIED.matcher(text);
        while (m.find()) out.add(m.group());
    }

    /** Whether the deployment writes this class name (binary {@code Outer$Inner} or canonical {@code Outer.Inner}). */
    boolean names(String className) {
        return names.contains(className) || className.indexOf('$') >= 0 && names.contains(className.replace('$', '.'));
    }

    /**
     * The values of the env-entry a JNDI name looks up ({@code java:comp/env/param/X} or
     * {@code param/X}); empty when no descriptor declares it.
     */
    Optional<List<String>> envEntry(String jndiName) {
        String name = jndiName.startsWith("java:comp/env/") ? jndiName.substring("java:comp/env/".length()) : jndiName;
        return Optional.ofNullable(envEntries.get(name));
    }
}
