package io.wanlint.report.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wanlint.report.json.JsonOutput;
import io.wanlint.report.sarif.SarifLogBuilder;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/**
 * The check report as SARIF 2.1.0 for code-scanning tools (GitHub, GitLab, IDE viewers): rule
 * metadata, one result per finding with its primary location first, the other evidence steps as
 * related locations, the evidence chain as a code flow, the round trips in {@code properties},
 * {@code partialFingerprints} from {@link Fingerprints}, and {@code fixes} from a {@link PatchIndex}.
 * File paths are relative to {@code %SRCROOT%}. Output is deterministic: same data, same bytes.
 */
public final class SarifReport {
    public static final String VERSION = "2.1.0";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SarifReport() {}

    /**
     * @param sourceRoot the analysed root, to resolve {@code %SRCROOT%} (made absolute); null leaves it
     *                   unresolved, which keeps the file the same on every machine
     */
    public static void write(ReportData data, PatchIndex patches, Path sourceRoot, Writer out) throws IOException {
        write(data, patches, sourceRoot, sourceRoot, out);
    }

    /**
     * @param analysedRoot the folder the report's paths are relative to, or null (paths stay as they are)
     * @param uriBase      the folder {@code %SRCROOT%} stands for (the repository root, {@link RepositoryRoot#forReports});
     *                     artifact URIs are made relative to it when the analysed folder lies inside it
     */
    public static void write(ReportData data, PatchIndex patches, Path analysedRoot, Path uriBase, Writer out) throws IOException {
        write(data, patches, analysedRoot, uriBase, RuleHelpLinks.NONE, out);
    }

    /**
     * @param help where the rule pages are ({@code --help-base-uri}): each rule's {@code helpUri} and the
     *             driver's {@code informationUri}; {@link RuleHelpLinks#NONE} writes neither (the
     *             {@code help} text shipped with every rule stays either way)
     */
    public static void write(ReportData data, PatchIndex patches, Path analysedRoot, Path uriBase, RuleHelpLinks help,
                             Writer out) throws IOException {
        String prefix = analysedRoot == null || uriBase == null ? "" : RepositoryRoot.prefix(uriBase, analysedRoot);
        Path base = uriBase == null ? null : prefix.isEmpty() && analysedRoot != null ? analysedRoot : uriBase;
        var log = SarifLogBuilder.build(data, patches == null ? PatchIndex.EMPTY : patches,
                base == null ? null : base.toAbsolutePath().normalize().toUri(), prefix, help);
        try (JsonGenerator gen = JsonOutput.open(out)) {
            MAPPER.writeValue(gen, log);
            gen.writeRaw('\n');
        }
    }

    public static String render(ReportData data, PatchIndex patches, Path sourceRoot) {
        return JsonOutput.render(o -> write(data, patches, sourceRoot, o));
    }

    public static String render(ReportData data, PatchIndex patches, Path analysedRoot, Path uriBase) {
        return JsonOutput.render(o -> write(data, patches, analysedRoot, uriBase, o));
    }

    public static String render(ReportData data, PatchIndex patches, Path analysedRoot, Path uriBase, RuleHelpLinks help) {
        return JsonOutput.render(o -> write(data, patches, analysedRoot, uriBase, help, o));
    }

    /** Without patches and with {@code %SRCROOT%} unresolved. */
    public static String render(ReportData data) { return render(data, PatchIndex.EMPTY, null); }
}
