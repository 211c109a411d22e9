package io.wanlint.analyzer.callgraph;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether {@code URL.openStream()}/{@code openConnection()}/{@code getContent()} leaves the machine,
 * read from the URL's protocol: {@code file:}, {@code jar:} and class-path resources
 * ({@code getResource(…)}) are local reads, not HTTP. Both front ends find the URL's origin their own
 * way and ask this about it; a protocol that is no constant is {@link Reach#UNKNOWN}, and the edge
 * says so instead of silently claiming HTTP.
 */
final class UrlProtocols {
    private UrlProtocols() {}

    /** Where a URL's connection goes. */
    enum Reach { NETWORK, LOCAL, UNKNOWN }

    /** The target an edge of a URL whose protocol is not a constant carries, for the finding's text. */
    static final String UNKNOWN_PROTOCOL = ApiCallClassifier.UNKNOWN_PROTOCOL;

    /** Protocols served inside the JVM or from the local file system (application servers add their own). */
    private static final Set<String> LOCAL_PROTOCOLS = Set.of("file", "jar", "jrt", "classpath", "zip", "wsjar",
            "vfs", "vfsfile", "vfszip", "vfsmemory", "bundle", "bundleresource", "bundleentry", "resource", "code-source");

    /** Calls that return a class-path resource's URL. */
    static final Set<String> RESOURCE_CALLS = Set.of("getResource", "getSystemResource", "findResource");

    /** Calls that turn a file or path into a {@code file:} URL ({@code file.toURI().toURL()}). */
    static final Set<String> FILE_URI_CALLS = Set.of("toURI", "toUri");

    /** A connection cast to one of these speaks HTTP whatever the URL's spelling. */
    static boolean isHttpConnectionType(String type) {
        return type != null && (type.endsWith("HttpURLConnection") || type.endsWith("HttpsURLConnection"));
    }

    private static final Pattern SCHEME = Pattern.compile("^\\s*([A-Za-z][A-Za-z0-9+.-]*):");

    /** The reach of a URL spelt {@code spec} (possibly only its constant beginning). */
    static Reach ofSpec(String spec) {
        Matcher m = SCHEME.matcher(spec);
        return m.find() ? ofProtocol(m.group(1)) : Reach.UNKNOWN;
    }

    /** The reach of a protocol name ({@code new URL("file", "", path)}). */
    static Reach ofProtocol(String protocol) {
        if (protocol == null || protocol.isBlank()) return Reach.UNKNOWN;
        return LOCAL_PROTOCOLS.contains(protocol.trim().toLowerCase(Locale.ROOT)) ? Reach.LOCAL : Reach.NETWORK;
    }

    /** The reach of a URL that can come from several assignments: theirs when they agree, else unknown. */
    static Reach join(Optional<Reach> a, Reach b) {
        return a.isEmpty() || a.get() == b ? b : Reach.UNKNOWN;
    }

    /** Whether a classified call is one of {@code java.net.URL}'s connection calls. */
    static boolean isUrlConnection(String receiverType) {
        return "java.net.URL".equals(receiverType);
    }
}
