package io.wanlint.report.sarif;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;
import java.util.Map;

/**
 * The part of the SARIF 2.1.0 object model that wanlint writes, as records serialised by Jackson in
 * component order. Absent values are null and left out of the output. Names follow the SARIF
 * specification (OASIS, 2020) so each record can be checked against its section.
 */
public final class SarifModel {
    private SarifModel() {}

    /** §3.13 sarifLog. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"$schema", "version", "runs"})
    public record Log(@JsonProperty("$schema") String schema, String version, List<Run> runs) {}

    /** §3.14 run. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Run(Tool tool, List<Invocation> invocations, Map<String, ArtifactLocation> originalUriBaseIds,
                      String columnKind, List<Result> results) {}

    /** §3.18 tool. */
    public record Tool(ToolComponent driver) {}

    /** §3.19 toolComponent. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ToolComponent(String name, String version, String semanticVersion, String informationUri,
                                List<ReportingDescriptor> rules) {}

    /** §3.49 reportingDescriptor. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ReportingDescriptor(String id, String name, MultiformatMessage shortDescription,
                                      MultiformatMessage fullDescription, MultiformatMessage help, String helpUri,
                                      ReportingConfiguration defaultConfiguration, RuleProperties properties) {}

    /** §3.50 reportingConfiguration. */
    public record ReportingConfiguration(String level) {}

    /**
     * A rule's property bag (§3.8): its tags, code scanning's {@code precision} and, for rules whose
     * findings are vulnerabilities, {@code security-severity}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RuleProperties(List<String> tags, String precision,
                                 @JsonProperty("security-severity") String securitySeverity) {}

    /** §3.12 multiformatMessageString. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MultiformatMessage(String text, String markdown) {
        public static MultiformatMessage plain(String text) { return new MultiformatMessage(text, null); }
    }

    /** §3.11 message. */
    public record Message(String text) {}

    /** §3.20 invocation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Invocation(boolean executionSuccessful, List<Notification> toolExecutionNotifications) {}

    /** §3.58 notification. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Notification(String level, Message message, List<Location> locations) {}

    /** §3.27 result. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Result(String ruleId, Integer ruleIndex, String level, Message message, List<Location> locations,
                         List<Location> relatedLocations, List<CodeFlow> codeFlows,
                         Map<String, String> partialFingerprints, ResultProperties properties, List<Fix> fixes) {}

    /**
     * A result's property bag (§3.8): the WAN round trips it causes and the entry points reaching it;
     * {@code noPatch} when the finding was planned and has no patch, saying why: the code's reason
     * ({@code no patch: … works on the Connection con its caller opened …}) or wanlint's own failure
     * ({@code no patch: internal error while planning (…)}); {@code patchUnverified} when the finding's
     * fix was not compiled before it was shown, saying why ({@code unverified: …}); {@code patchCorrection}
     * when re-analysis measured other round trips for the fix than predicted ({@code prediction corrected: …}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ResultProperties(long wanRoundTripsBefore, long wanRoundTripsAfter, String beforeFormula,
                                   String afterFormula, List<String> entryPoints, String noPatch, String patchUnverified,
                                   String patchCorrection) {
        public ResultProperties(long wanRoundTripsBefore, long wanRoundTripsAfter, String beforeFormula, String afterFormula,
                                List<String> entryPoints, String noPatch, String patchUnverified) {
            this(wanRoundTripsBefore, wanRoundTripsAfter, beforeFormula, afterFormula, entryPoints, noPatch, patchUnverified, null);
        }
    }

    /** §3.28 location. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Location(Integer id, PhysicalLocation physicalLocation, List<LogicalLocation> logicalLocations,
                           Message message) {}

    /** §3.29 physicalLocation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PhysicalLocation(ArtifactLocation artifactLocation, Region region) {}

    /** §3.4 artifactLocation; in {@code originalUriBaseIds} only the description is given. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ArtifactLocation(String uri, String uriBaseId, Message description) {}

    /** §3.30 region: 1-based lines and columns, end column exclusive. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Region(Integer startLine, Integer startColumn, Integer endLine, Integer endColumn) {
        public static Region line(int line) { return new Region(line, null, null, null); }
    }

    /** §3.33 logicalLocation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LogicalLocation(String name, String fullyQualifiedName, String kind) {}

    /** §3.36 codeFlow. */
    public record CodeFlow(Message message, List<ThreadFlow> threadFlows) {}

    /** §3.37 threadFlow. */
    public record ThreadFlow(List<ThreadFlowLocation> locations) {}

    /** §3.38 threadFlowLocation. */
    public record ThreadFlowLocation(Location location, int nestingLevel) {}

    /** §3.55 fix. */
    public record Fix(Message description, List<ArtifactChange> artifactChanges) {}

    /** §3.56 artifactChange. */
    public record ArtifactChange(ArtifactLocation artifactLocation, List<Replacement> replacements) {}

    /** §3.57 replacement. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Replacement(Region deletedRegion, ArtifactContent insertedContent) {}

    /** §3.3 artifactContent. */
    public record ArtifactContent(String text) {}
}
