package io.wanlint.report.sarif;

import io.wanlint.analyzer.api.Diagnostic;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Fingerprints;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.RuleHelpLinks;
import io.wanlint.report.json.CheckReportWriter;
import io.wanlint.report.sarif.SarifModel.ArtifactChange;
import io.wanlint.report.sarif.SarifModel.ArtifactContent;
import io.wanlint.report.sarif.SarifModel.ArtifactLocation;
import io.wanlint.report.sarif.SarifModel.CodeFlow;
import io.wanlint.report.sarif.SarifModel.Fix;
import io.wanlint.report.sarif.SarifModel.Invocation;
import io.wanlint.report.sarif.SarifModel.Location;
import io.wanlint.report.sarif.SarifModel.LogicalLocation;
import io.wanlint.report.sarif.SarifModel.Message;
import io.wanlint.report.sarif.SarifModel.MultiformatMessage;
import io.wanlint.report.sarif.SarifModel.Notification;
import io.wanlint.report.sarif.SarifModel.PhysicalLocation;
import io.wanlint.report.sarif.SarifModel.Region;
import io.wanlint.report.sarif.SarifModel.ReportingConfiguration;
import io.wanlint.report.sarif.SarifModel.ReportingDescriptor;
import io.wanlint.report.sarif.SarifModel.Result;
import io.wanlint.report.sarif.SarifModel.ResultProperties;
import io.wanlint.report.sarif.SarifModel.RuleProperties;
import io.wanlint.report.sarif.SarifModel.ThreadFlow;
import io.wanlint.report.sarif.SarifModel.ThreadFlowLocation;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Turns a check report into the SARIF object model: one run, rules sorted by id, results in report order. */
public final class SarifLogBuilder {
    public static final String SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    public static final String SRCROOT = "%SRCROOT%";
    /** The key of wanlint's fingerprint in {@code partialFingerprints}; bump the suffix if its recipe changes. */
    public static final String FINGERPRINT_KEY = "wanlint/v1";

    /** Every rule is about WAN latency, which code-scanning tools file under this tag. */
    private static final String PERFORMANCE_TAG = "performance";
    /** Rules whose findings are also vulnerabilities: unprepared, concatenated SQL is an injection risk (docs/rules.md §WAN009). */
    private static final Set<String> SECURITY_RULES = Set.of("WAN009");
    /**
     * Code scanning's {@code precision} of every rule: the evaluation on eight real applications
     * (eval/real, session 7) measured 0.97 for WAN001–WAN010 and 0.87 with WAN011–WAN015.
     */
    private static final String PRECISION = "high";

    /**
     * GitHub code scanning shows at most this many related locations of a result (docs: "SARIF support
     * for code scanning", limits: 1,000 locations per result, only 100 included); the rest would be noise.
     */
    public static final int MAX_RELATED_LOCATIONS = 100;
    /**
     * Code scanning rates a security alert by this CVSS-like score (docs: "SARIF support for code
     * scanning", {@code security-severity}); 8.8 is what CodeQL gives a concatenated SQL query
     * (java/concatenated-sql-query), which is the shape WAN009 reports without proving user input reaches it.
     */
    private static final Map<String, String> SECURITY_SEVERITY = Map.of("WAN009", "8.8");

    /** The analysed folder relative to {@code %SRCROOT%} ({@code fixtures/petstore/}), prepended to every report path. */
    private final String prefix;
    /** Each rule's {@code helpUri} and the driver's {@code informationUri} ({@code --help-base-uri}), or none. */
    private final RuleHelpLinks help;

    private SarifLogBuilder(String prefix, RuleHelpLinks help) {
        this.prefix = prefix;
        this.help = help == null ? RuleHelpLinks.NONE : help;
    }

    /** @param sourceRoot the analysed root as an absolute directory URI, or null to leave {@code %SRCROOT%} unresolved */
    public static SarifModel.Log build(ReportData data, PatchIndex patches, URI sourceRoot) {
        return build(data, patches, sourceRoot, "");
    }

    /**
     * @param sourceRoot what {@code %SRCROOT%} stands for, as an absolute directory URI, or null to leave it unresolved
     * @param prefix     the analysed folder relative to it ({@code ""} or ending in {@code /}), put before every path
     */
    public static SarifModel.Log build(ReportData data, PatchIndex patches, URI sourceRoot, String prefix) {
        return build(data, patches, sourceRoot, prefix, RuleHelpLinks.NONE);
    }

    /** @param help where each rule's page is ({@code helpUri}) and the tool's ({@code informationUri}); NONE: no links */
    public static SarifModel.Log build(ReportData data, PatchIndex patches, URI sourceRoot, String prefix, RuleHelpLinks help) {
        return new SarifLogBuilder(prefix, help).log(data, patches, sourceRoot);
    }

    private SarifModel.Log log(ReportData data, PatchIndex patches, URI sourceRoot) {
        List<RuleDescriptor> rules = data.rules().stream().sorted(Comparator.comparing(RuleDescriptor::id)).toList();
        List<ReportingDescriptor> descriptors = rules.stream().map(this::descriptor).toList();
        List<Result> results = new ArrayList<>();
        for (Finding f : data.findings().stream().sorted(CheckReportWriter.FINDING_ORDER).toList()) {
            results.add(result(f, indexOf(rules, f.ruleId()), patches));
        }
        List<Notification> notifications = data.result().diagnostics().stream().map(this::notification).toList();
        Message rootDescription = new Message(prefix.isEmpty() ? "The root of the analysed application"
                : "The root of the repository holding the analysed application (" + prefix.substring(0, prefix.length() - 1) + ")");
        ArtifactLocation root = new ArtifactLocation(sourceRoot == null ? null : directoryUri(sourceRoot), null, rootDescription);
        SarifModel.Run run = new SarifModel.Run(
                new SarifModel.Tool(new SarifModel.ToolComponent("wanlint", emptyToNull(data.toolVersion()),
                        semanticVersion(data.toolVersion()), help.informationPage().orElse(null), descriptors)),
                List.of(new Invocation(true, notifications.isEmpty() ? null : notifications)),
                Map.of(SRCROOT, root), "utf16CodeUnits", results);
        return new SarifModel.Log(SCHEMA_URI, "2.1.0", List.of(run));
    }

    private static Integer indexOf(List<RuleDescriptor> rules, String id) {
        for (int i = 0; i < rules.size(); i++) if (rules.get(i).id().equals(id)) return i;
        return null;
    }

    private ReportingDescriptor descriptor(RuleDescriptor r) {
        String summary = emptyToNull(r.summary());
        String explanation = emptyToNull(r.explanation());
        String firstParagraph = explanation == null ? null : firstParagraph(explanation);
        String shortText = summary != null ? summary : r.name();
        String fullText = firstParagraph != null ? firstParagraph : shortText;
        Set<String> tags = new LinkedHashSet<>(r.tags());
        tags.add(PERFORMANCE_TAG);
        if (SECURITY_RULES.contains(r.id())) tags.add("security");
        return new ReportingDescriptor(r.id(), r.name(), MultiformatMessage.plain(plainText(shortText)),
                MultiformatMessage.plain(plainText(fullText)),
                explanation == null ? null : new MultiformatMessage(plainText(explanation), explanation),
                help.rulePage(r.id()).orElse(null),
                new ReportingConfiguration(r.defaultSeverity().label()),
                new RuleProperties(tags.stream().sorted().toList(), PRECISION, SECURITY_SEVERITY.get(r.id())));
    }

    /**
     * Markdown as plain text for the {@code text} members, which viewers show verbatim: code spans,
     * emphasis and link targets dropped, headings and list markers kept as words.
     */
    static String plainText(String markdown) {
        String s = markdown.replaceAll("(?m)^#+\\s*", "")
                .replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1")
                .replaceAll("`+([^`]*)`+", "$1")
                .replaceAll("\\*\\*([^*]+)\\*\\*", "$1")
                .replaceAll("(?<![*\\w])\\*([^*\\s][^*]*)\\*(?![*\\w])", "$1")
                .replaceAll("(?<!\\w)_([^_\\s][^_]*)_(?!\\w)", "$1");
        return s;
    }

    /** The first paragraph of Markdown prose: headings are titles, not descriptions. */
    static String firstParagraph(String markdown) {
        for (String block : markdown.strip().split("\\R\\s*\\R")) {
            String b = block.strip();
            if (b.isEmpty() || b.startsWith("#")) continue;
            return String.join(" ", b.lines().map(String::strip).toList());
        }
        return null;
    }

    private Result result(Finding f, Integer ruleIndex, PatchIndex patches) {
        FindingLocation at = f.location();
        Location primary = location(null, at.file(), at.line(), at.className(), at.method(), null);
        List<Location> related = new ArrayList<>();
        List<ThreadFlowLocation> flow = new ArrayList<>();
        int id = 1;
        for (int i = 0; i < f.evidence().size(); i++) {
            EvidenceStep s = f.evidence().get(i);
            Message m = emptyToNull(s.description()) == null ? null : new Message(s.description());
            flow.add(new ThreadFlowLocation(location(null, s.file(), s.line(), s.className(), s.method(), m), i));
            boolean isPrimary = s.line() == at.line() && nullToEmpty(s.file()).equals(nullToEmpty(at.file()));
            if (!isPrimary) related.add(location(id++, s.file(), s.line(), s.className(), s.method(), m));
        }
        if (related.size() > MAX_RELATED_LOCATIONS) related = related.subList(0, MAX_RELATED_LOCATIONS);
        List<CodeFlow> codeFlows = flow.isEmpty() ? null
                : List.of(new CodeFlow(new Message("From entry point to the offending call"), List.of(new ThreadFlow(flow))));
        ResultProperties props = new ResultProperties(f.before().value(), f.after().value(), f.before().formula(),
                f.after().formula(), f.entryPoints(), patches.whyNoPatch(f).map(why -> "no patch: " + why).orElse(null),
                patches.unverified(f).orElse(null), patches.correction(f).orElse(null));
        List<Fix> fixes = patches.of(f).filter(p -> !p.edits().isEmpty()).map(this::fix).map(List::of).orElse(null);
        return new Result(f.ruleId(), ruleIndex, f.severity().label(), new Message(linkedMessage(f.message(), related)), List.of(primary),
                related.isEmpty() ? null : related, codeFlows, Map.of(FINGERPRINT_KEY, Fingerprints.of(f)), props, fixes);
    }

    /**
     * The finding's message with its related locations linked ({@code [text](id)}, SARIF §3.11.6):
     * code scanning shows a related location only when the message links it. Brackets of the
     * message itself are escaped so they do not read as links.
     */
    public static String linkedMessage(String message, List<Location> related) {
        String text = message.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
        if (related.isEmpty()) return text;
        StringBuilder sb = new StringBuilder(text);
        sb.append(text.endsWith(".") ? " " : ". ").append("Evidence: ");
        for (int i = 0; i < related.size(); i++) {
            Location l = related.get(i);
            if (i > 0) sb.append(", ");
            sb.append('[').append(linkText(l, i + 1)).append("](").append(l.id()).append(')');
        }
        return sb.append('.').toString();
    }

    private static String linkText(Location l, int step) {
        if (l.logicalLocations() != null && !l.logicalLocations().isEmpty()) {
            LogicalLocation logical = l.logicalLocations().get(0);
            String fq = logical.fullyQualifiedName();
            String name = "function".equals(logical.kind())
                    ? simpleName(fq.substring(0, fq.length() - logical.name().length() - 1)) + "." + logical.name()
                    : logical.name();
            return name.replace("[", "").replace("]", "").replace("\\", "");
        }
        return "step " + step;
    }

    private Fix fix(PatchIndex.FindingPatch patch) {
        List<ArtifactChange> changes = new ArrayList<>();
        for (PatchIndex.FileEdit edit : patch.edits()) {
            if (edit.replacements().isEmpty()) continue;
            List<SarifModel.Replacement> replacements = edit.replacements().stream().map(r -> new SarifModel.Replacement(
                    new Region(r.startLine(), r.startColumn(), r.endLine(), r.endColumn()),
                    new ArtifactContent(r.insertedText()))).toList();
            changes.add(new ArtifactChange(artifact(edit.file()), replacements));
        }
        String description = patch.description().isEmpty() ? "Apply wanlint's patch" : patch.description();
        return new Fix(new Message(description), changes);
    }

    private Location location(Integer id, String file, int line, String className, String method, Message message) {
        // A path that climbs out of %SRCROOT% (only a forged class file can claim one) is left out:
        // a SARIF viewer would open a file outside the application.
        PhysicalLocation physical = nullToEmpty(file).isEmpty() || escapesRoot(file) ? null
                : new PhysicalLocation(artifact(file), line > 0 ? Region.line(line) : null);
        List<LogicalLocation> logical = null;
        if (!nullToEmpty(className).isEmpty()) {
            logical = List.of(method == null || method.isEmpty()
                    ? new LogicalLocation(simpleName(className), className, "type")
                    : new LogicalLocation(method, className + "." + method, "function"));
        }
        return new Location(id, physical, logical, message);
    }

    /** Absolute, or with more {@code ..} segments than folders before them. */
    static boolean escapesRoot(String file) {
        String f = file.replace('\\', '/');
        if (f.startsWith("/") || f.length() >= 2 && f.charAt(1) == ':') return true;
        int depth = 0;
        for (String segment : f.split("/")) {
            if (segment.equals("..")) depth--;
            else if (!segment.isEmpty() && !segment.equals(".")) depth++;
            if (depth < 0) return true;
        }
        return false;
    }

    private ArtifactLocation artifact(String file) { return new ArtifactLocation(uriReference(prefix + file), SRCROOT, null); }

    private Notification notification(Diagnostic d) {
        String level = switch (d.level()) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "note";
        };
        List<Location> where = d.location().file().isEmpty() ? null
                : List.of(location(null, d.location().file(), d.location().line(), null, null, null));
        return new Notification(level, new Message(d.message().isEmpty() ? "(no message)" : d.message()), where);
    }

    /**
     * A relative path as a URI reference: {@code /} separators kept, everything outside RFC 3986's
     * path characters percent-encoded as UTF-8 (spaces, {@code #}, {@code %}, non-ASCII letters).
     */
    static String uriReference(String path) {
        StringBuilder sb = new StringBuilder(path.length());
        for (byte b : path.replace('\\', '/').getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
            if (plain) sb.append(c);
            else sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
        String s = sb.toString();
        // A first segment with a colon would read as a scheme ("C:/x"); "./" keeps it relative.
        int colon = s.indexOf(':'), slash = s.indexOf('/');
        return colon >= 0 && (slash < 0 || colon < slash) ? "./" + s : s;
    }

    private static String directoryUri(URI uri) {
        String s = uri.toString();
        return s.endsWith("/") ? s : s + "/";
    }

    /** SARIF's semanticVersion must be SemVer; wanlint's Maven versions ({@code 0.1.0-SNAPSHOT}) are. */
    private static String semanticVersion(String version) {
        return version != null && version.matches("\\d+\\.\\d+\\.\\d+([-+][0-9A-Za-z.-]+)?") ? version : null;
    }

    private static String simpleName(String className) { return className.substring(className.lastIndexOf('.') + 1); }

    private static String emptyToNull(String s) { return s == null || s.isBlank() ? null : s; }

    private static String nullToEmpty(String s) { return s == null ? "" : s; }
}
