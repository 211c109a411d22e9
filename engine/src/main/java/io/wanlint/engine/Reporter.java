package io.wanlint.engine;

import io.wanlint.report.api.Graphviz;
import io.wanlint.report.api.HtmlReport;
import io.wanlint.report.api.PatchIndex;
import io.wanlint.report.api.ReportData;
import io.wanlint.report.api.RuleHelpLinks;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One report format (PMD's {@code Renderer}): turns a check's findings, costs and patches into the
 * text of one file. Reporters only format; {@link Reporters} lists them by name.
 */
public interface Reporter {
    /** The name users pick it by ({@code --format sarif}, {@code <formats>sarif</formats>}). */
    String name();

    /** The file name extension of its output, without the dot ({@code sarif}). */
    String extension();

    String render(ReportData data, PatchIndex patches, Options options);

    /**
     * How a report is laid out, beyond what it reports.
     *
     * @param sourceRoot    the folder locations are relative to, or null (an archive was analysed)
     * @param analysedPaths the analysed paths, as the user named them
     * @param ide           the editor the HTML report's location links open
     * @param graphviz      lays out the HTML report's pictures (absent: the pure-Java fallback)
     * @param colour        ANSI colours in the text report
     * @param compact       the text report's one line per finding
     * @param uriBase       the folder SARIF's {@code %SRCROOT%} stands for ({@code --source-root}); null: the
     *                      repository root holding {@code sourceRoot}, else {@code sourceRoot} itself
     * @param ideRoot       the repository root in the reader's checkout, under which HTML location links
     *                      open files ({@code --ide-root}); null: the analysed folder on this machine
     * @param help          where the rule pages are published ({@code --help-base-uri}): SARIF {@code helpUri} and
     *                      {@code informationUri}, the HTML report's rule links; {@link RuleHelpLinks#NONE}: no links
     */
    record Options(Path sourceRoot, List<Path> analysedPaths, HtmlReport.Ide ide, Graphviz graphviz, boolean colour,
                   boolean compact, Path uriBase, String ideRoot, RuleHelpLinks help) {
        public Options(Path sourceRoot, List<Path> analysedPaths, HtmlReport.Ide ide, Graphviz graphviz, boolean colour,
                       boolean compact, Path uriBase, String ideRoot) {
            this(sourceRoot, analysedPaths, ide, graphviz, colour, compact, uriBase, ideRoot, RuleHelpLinks.NONE);
        }

        public Options(Path sourceRoot, List<Path> analysedPaths, HtmlReport.Ide ide, Graphviz graphviz, boolean colour,
                       boolean compact) {
            this(sourceRoot, analysedPaths, ide, graphviz, colour, compact, null, null);
        }

        public Options {
            analysedPaths = List.copyOf(analysedPaths);
            Objects.requireNonNull(ide, "ide");
            Objects.requireNonNull(graphviz, "graphviz");
            if (help == null) help = RuleHelpLinks.NONE;
        }

        /** Plain reports for files: no colour, full text layout, no editor links, no Graphviz. */
        public static Options forFiles(Path sourceRoot, List<Path> analysedPaths) {
            return new Options(sourceRoot, analysedPaths, HtmlReport.Ide.NONE, Graphviz.absent(), false, false);
        }
    }
}
