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
    /**
     * An import of an EE package (not Java SE's javax.naming, javax.sql, javax.rmi, javax.transaction.xa …),
     * which shows the namespace, at the place it starts; counted only where whitespace alone, across a line
     * start, precedes it ({@link #eeImports}).
     */
    private static final Pattern EE_IMPORT_AT = Pattern.compile(
            "import\\s+(javax|jakarta)\\.(ejb|servlet|persistence|jms|inject|annotation|ws\\.rs|faces|enterprise|"
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
        Imports imports = imports(context);
        int jakartaImports = imports.jakarta();
        int javaxImports = imports.javax();
        boolean annotated = imports.annotated();
        if (!jakarta && jakartaImports > javaxImports) {
            jakarta = true;
            evidence = jakartaImports + " jakarta.* imports";
        }
        if (jakarta) return new ApiLevel("jakarta", true, evidence);
        if (oldDescriptor && !annotated) return new ApiLevel("javax", false, evidence);
        return new ApiLevel("javax", true, evidence == null ? "no J2EE 1.4 or older descriptor" : evidence + ", but EE annotations in use");
    }

    /**
     * A Java EE platform version, oldest first: the API a patch of the application is compiled
     * against ({@link CompileClassPath#of(Platform, java.util.Optional, List)}).
     */
    public enum Platform {
        J2EE_1_2("J2EE 1.2"), J2EE_1_3("J2EE 1.3"), J2EE_1_4("J2EE 1.4"), JAVA_EE_5("Java EE 5"), JAVA_EE_6("Java EE 6"),
        JAVA_EE_7("Java EE 7"), JAVA_EE_8("Java EE 8"), JAKARTA_EE_9("Jakarta EE 9"), JAKARTA_EE_10("Jakarta EE 10"),
        JAKARTA_EE_11("Jakarta EE 11");

        private final String display;

        Platform(String display) { this.display = display; }

        public boolean jakarta() { return compareTo(JAKARTA_EE_9) >= 0; }

        /** Whether its containers process EE annotations ({@code @Stateless}, {@code @EJB}): Java EE 5 and later. */
        public boolean annotations() { return compareTo(JAVA_EE_5) >= 0; }

        @Override public String toString() { return display; }
    }

    /**
     * The platform an application declares, and what decided it ({@code WEB-INF/web.xml: web-app 2.3}).
     *
     * @param platform the newest platform among the descriptors' versions, or, when they declare none,
     *                 Java EE 8 or Jakarta EE 10 by the sources' imports (the widest API of each namespace)
     */
    public record DeclaredPlatform(Platform platform, String evidence) {}

    /**
     * The platform the application is written for: the newest of its descriptors' versions (a
     * server runs the newest module it deploys), unless its sources contradict them. Sources that
     * mostly import {@code jakarta.*} under {@code javax} descriptors mean Jakarta EE 10, mostly
     * {@code javax.*} under Jakarta descriptors Java EE 8; EE
     * annotations in use under J2EE 1.4 or older descriptors mean Java EE 8, as {@link #of} then
     * allows annotations. Without a versioned descriptor: Java EE 8, or Jakarta EE 10 by the imports.
     */
    public static DeclaredPlatform platform(RefactoringContext context) {
        Platform newest = null;
        String evidence = null;
        for (String name : DESCRIPTORS) {
            for (String file : context.filesNamed(name)) {
                Optional<Declared> d = context.read(file).flatMap(t -> declared(t.text()));
                Optional<Platform> p = d.flatMap(Declared::platform);
                if (p.isPresent() && (newest == null || p.get().compareTo(newest) > 0)) {
                    newest = p.get();
                    evidence = file + ": " + d.get();
                }
            }
        }
        Imports imports = imports(context);
        if (imports.jakarta() > imports.javax() && (newest == null || !newest.jakarta())) {
            return new DeclaredPlatform(Platform.JAKARTA_EE_10, imports.jakarta() + " jakarta.* imports"
                    + (newest == null ? "" : ", though " + evidence));
        }
        if (newest != null && newest.jakarta() && imports.javax() > imports.jakarta()) {
            // Code still on javax under a Jakarta descriptor compiles against javax or not at all.
            return new DeclaredPlatform(Platform.JAVA_EE_8, imports.javax() + " javax.* EE imports, though " + evidence);
        }
        if (newest == null) return new DeclaredPlatform(Platform.JAVA_EE_8, "no versioned descriptor");
        if (!newest.annotations() && imports.annotated()) {
            return new DeclaredPlatform(Platform.JAVA_EE_8, evidence + ", but EE annotations in use");
        }
        return new DeclaredPlatform(newest, evidence);
    }

    /** How many EE imports of each namespace the application's Java sources have, and whether any file with one uses an EE annotation. */
    record Imports(int javax, int jakarta, boolean annotated) {}

    /** The application's EE imports, counted once per context ({@link RefactoringContext#eeImports()}). */
    private static Imports imports(RefactoringContext context) { return context.eeImports(); }

    /** Counts the EE imports of every analysed Java source the context can read. */
    static Imports importsOf(RefactoringContext context) {
        int jakartaImports = 0;
        int javaxImports = 0;
        boolean annotated = false;
        for (var f : context.analysis().files()) {
            if (!f.path().endsWith(".java")) continue;
            Optional<SourceText> text = context.read(f.path());
            if (text.isEmpty()) continue;
            int[] counts = eeImports(text.get().text());
            javaxImports += counts[0];
            jakartaImports += counts[1];
            if (counts[0] + counts[1] > 0 && !annotated && EE_ANNOTATION.matcher(text.get().text()).find()) annotated = true;
        }
        return new Imports(javaxImports, jakartaImports, annotated);
    }

    /**
     * How many {@code javax} and {@code jakarta} EE imports a text has: the matches of
     * {@code (?m)^\s*import\s+(javax|jakarta)\.(…)\b}, counted without trying that pattern at every
     * character (on HELIUM V, 1.6 million lines, that scan was most of the patches phase's first second).
     * Each match holds one {@code import}; one is counted where the whitespace before it holds a line
     * start and the rest of the pattern matches from it.
     */
    static int[] eeImports(String text) {
        int[] counts = new int[2];
        Matcher m = EE_IMPORT_AT.matcher(text);
        for (int at = text.indexOf("import"); at >= 0; at = text.indexOf("import", at + 1)) {
            if (!lineStartBefore(text, at)) continue;
            m.region(at, text.length());
            if (!m.lookingAt()) continue;
            if (m.group(1).equals("jakarta")) counts[1]++; else counts[0]++;
        }
        return counts;
    }

    /**
     * Whether {@code (?m)^\s*} can end at {@code at}: the whitespace right before it reaches back to
     * the text's start, holds a line ending, or follows a line separator that is not whitespace.
     */
    private static boolean lineStartBefore(String text, int at) {
        int i = at - 1;
        for (; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') return true;
            if (c != ' ' && c != '\t' && c != '\u000B' && c != '\f') break;
        }
        if (i < 0) return true;
        char c = text.charAt(i);
        return c == '\u0085' || c == '\u2028' || c == '\u2029';
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

        /** The platform this descriptor version belongs to (ejb-jar 2.0 → J2EE 1.3, web-app 3.1 → Java EE 7), if known. */
        Optional<Platform> platform() {
            if (jakartaSchema && version == null) return Optional.of(Platform.JAKARTA_EE_10);
            if (version == null) return Optional.empty();
            String v = version.replaceAll("\\.0$", "");
            Platform p = switch (root) {
                case "web-app", "web-fragment" -> switch (v) {
                    case "2.2" -> Platform.J2EE_1_2;
                    case "2.3" -> Platform.J2EE_1_3;
                    case "2.4" -> Platform.J2EE_1_4;
                    case "2.5" -> Platform.JAVA_EE_5;
                    case "3" -> Platform.JAVA_EE_6;
                    case "3.1" -> Platform.JAVA_EE_7;
                    case "4" -> Platform.JAVA_EE_8;
                    case "5" -> Platform.JAKARTA_EE_9;
                    case "6" -> Platform.JAKARTA_EE_10;
                    case "6.1" -> Platform.JAKARTA_EE_11;
                    default -> null;
                };
                case "ejb-jar" -> switch (v) {
                    case "1.1" -> Platform.J2EE_1_2;
                    case "2" -> Platform.J2EE_1_3;
                    case "2.1" -> Platform.J2EE_1_4;
                    case "3" -> Platform.JAVA_EE_5;
                    case "3.1" -> Platform.JAVA_EE_6;
                    // EJB 3.2 is Java EE 7's and 8's: the older is the safer assumption.
                    case "3.2" -> Platform.JAVA_EE_7;
                    case "4" -> Platform.JAKARTA_EE_9;
                    default -> null;
                };
                default -> switch (v) {
                    case "1.2" -> Platform.J2EE_1_2;
                    case "1.3" -> Platform.J2EE_1_3;
                    case "1.4" -> Platform.J2EE_1_4;
                    case "5" -> Platform.JAVA_EE_5;
                    case "6" -> Platform.JAVA_EE_6;
                    case "7" -> Platform.JAVA_EE_7;
                    case "8" -> Platform.JAVA_EE_8;
                    case "9", "9.1" -> Platform.JAKARTA_EE_9;
                    case "10" -> Platform.JAKARTA_EE_10;
                    case "11" -> Platform.JAKARTA_EE_11;
                    default -> null;
                };
            };
            return Optional.ofNullable(p);
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
