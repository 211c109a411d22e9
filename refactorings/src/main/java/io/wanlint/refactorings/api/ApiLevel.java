package io.wanlint.refactorings.api;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java EE API level an application is written against, decided once per application from its
 * deployment descriptors (version attribute, DTD public id, schema namespace) and its sources'
 * imports, so that every generator writes code the application's own container accepts:
 * <ul>
 * <li>{@code namespace}: {@code jakarta} for Jakarta EE 9+ (a {@code jakartaee} schema, a
 *     Jakarta descriptor version, or mostly {@code jakarta.*} EE imports), else {@code javax};</li>
 * <li>{@code annotations}: whether {@code @Stateless}, {@code @EJB}, {@code @Inject} are processed.
 *     A descriptor of J2EE 1.4 or older (web-app ≤ 2.4, ejb-jar ≤ 2.1, application ≤ 1.4) makes its
 *     module ignore annotations, so such an application gets EJB 2.x classes and descriptor entries
 *     unless its sources already use EE annotations. Jakarta applications always have them.</li>
 * </ul>
 *
 * @param namespace   {@code javax} or {@code jakarta}
 * @param annotations whether EJB 3 / Java EE 5 annotations may be generated
 * @param evidence    what decided it, for reasons and tests ({@code WEB-INF/web.xml: web-app 2.3})
 */
public record ApiLevel(String namespace, boolean annotations, String evidence) {
    public ApiLevel {
        if (!namespace.equals("javax") && !namespace.equals("jakarta")) throw new IllegalArgumentException(namespace);
    }

    /** Descriptor files that carry the platform version. */
    private static final List<String> DESCRIPTORS = List.of("web.xml", "web-fragment.xml", "ejb-jar.xml", "application.xml",
            "application-client.xml");

    private static final Pattern ROOT = Pattern.compile("<(?:[\\w-]+:)?(web-app|web-fragment|ejb-jar|application|application-client)\\b([^>]*)>");
    private static final Pattern VERSION = Pattern.compile("\\bversion\\s*=\\s*[\"']([\\d.]+)[\"']");
    private static final Pattern DOCTYPE = Pattern.compile("<!DOCTYPE\\s+[\\w-]+\\s+PUBLIC\\s+[\"'][^\"']*?(\\d+\\.\\d+)[^\"']*[\"']");
    /** EE packages (not Java SE's javax.naming, javax.sql, javax.rmi, javax.transaction.xa …) whose import shows the namespace. */
    private static final Pattern EE_IMPORT = Pattern.compile(
            "(?m)^\\s*import\\s+(javax|jakarta)\\.(ejb|servlet|persistence|jms|inject|annotation|ws\\.rs|faces|enterprise|"
                    + "transaction\\.(?!xa)|resource|mail|validation|json|websocket|batch|security|xml\\.ws|xml\\.bind)\\b");
    /** An EE annotation in use (a class declared or injected by annotation). */
    private static final Pattern EE_ANNOTATION = Pattern.compile(
            "@(Stateless|Stateful|Singleton|MessageDriven|EJB|Inject|WebServlet|WebFilter|WebListener|PersistenceContext|Resource)\\b");

    /** Decides the level of the application the context reads (every readable descriptor and Java source). */
    public static ApiLevel of(RefactoringContext context) {
        boolean jakarta = false;
        boolean oldDescriptor = false;
        String evidence = null;
        for (String name : DESCRIPTORS) {
            for (String file : context.filesNamed(name)) {
                Optional<SourceText> text = context.read(file);
                if (text.isEmpty()) continue;
                Optional<Declared> d = declared(text.get().text());
                if (d.isEmpty()) continue;
                if (d.get().jakarta()) {
                    jakarta = true;
                    evidence = file + ": " + d.get();
                } else if (d.get().beforeAnnotations() && !oldDescriptor) {
                    oldDescriptor = true;
                    if (!jakarta) evidence = file + ": " + d.get();
                }
            }
        }
        int jakartaImports = 0;
        int javaxImports = 0;
        boolean annotated = false;
        for (var f : context.analysis().files()) {
            if (!f.path().endsWith(".java")) continue;
            Optional<SourceText> text = context.read(f.path());
            if (text.isEmpty()) continue;
            Matcher m = EE_IMPORT.matcher(text.get().text());
            boolean any = false;
            while (m.find()) {
                any = true;
                if (m.group(1).equals("jakarta")) jakartaImports++; else javaxImports++;
            }
            if (any && !annotated && EE_ANNOTATION.matcher(text.get().text()).find()) annotated = true;
        }
        if (!jakarta && jakartaImports > javaxImports) {
            jakarta = true;
            evidence = jakartaImports + " jakarta.* imports";
        }
        if (jakarta) return new ApiLevel("jakarta", true, evidence);
        if (oldDescriptor && !annotated) return new ApiLevel("javax", false, evidence);
        return new ApiLevel("javax", true, evidence == null ? "no J2EE 1.4 or older descriptor" : evidence + ", but EE annotations in use");
    }

    /** {@code javax.ejb} or {@code jakarta.ejb}. */
    public String ejb() { return namespace + ".ejb"; }

    public boolean jakarta() { return namespace.equals("jakarta"); }

    /** A {@code javax.*} EE name in this level's namespace: {@code javax.ejb.EJB} → {@code jakarta.ejb.EJB}. */
    public String name(String javaxName) {
        return jakarta() && javaxName.startsWith("javax.") ? "jakarta." + javaxName.substring("javax.".length()) : javaxName;
    }

    /** What a descriptor's root declares: its kind and version (null when it says none), and its schema namespace. */
    record Declared(String root, String version, boolean jakartaSchema) {
        boolean jakarta() {
            if (jakartaSchema) return true;
            if (version == null) return false;
            double v = number(version);
            return switch (root) {
                case "web-app", "web-fragment" -> v >= 5.0;
                case "ejb-jar" -> v >= 4.0;
                default -> v >= 9.0;
            };
        }

        boolean beforeAnnotations() {
            if (version == null) return false;
            double v = number(version);
            return switch (root) {
                case "web-app", "web-fragment" -> v < 2.5;
                case "ejb-jar" -> v < 3.0;
                default -> v < 5.0;
            };
        }

        private static double number(String version) {
            String[] parts = version.split("\\.");
            try {
                return Double.parseDouble(parts[0] + (parts.length > 1 ? "." + parts[1] : ""));
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        @Override
        public String toString() { return root + (version == null ? "" : " " + version); }
    }

    /** The root element, version and namespace a descriptor's text declares, if it is one of {@link #DESCRIPTORS}. */
    static Optional<Declared> declared(String xml) {
        Matcher root = ROOT.matcher(xml);
        if (!root.find()) return Optional.empty();
        String attributes = root.group(2);
        Matcher v = VERSION.matcher(attributes);
        String version = v.find() ? v.group(1) : null;
        if (version == null) {
            Matcher d = DOCTYPE.matcher(xml.substring(0, root.start()));
            if (d.find()) version = d.group(1);
        }
        return Optional.of(new Declared(root.group(1), version, attributes.contains("jakarta.ee/xml/ns/jakartaee")));
    }
}
