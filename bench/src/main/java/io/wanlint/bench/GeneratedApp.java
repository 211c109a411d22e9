package io.wanlint.bench;

import io.wanlint.bench.WebTierSources.WebComponent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A generated application: its files, and what wanlint must find in it ({@link #expectedJson()},
 * written as {@code expected.json} next to the sources).
 */
public final class GeneratedApp {
    private final int requestedLines;
    private final long seed;
    private final List<GeneratedFile> files;
    private final List<DomainModule> modules;
    private final List<WebComponent> servlets;
    private final List<Planted> planted;

    GeneratedApp(int requestedLines, long seed, List<GeneratedFile> files, List<DomainModule> modules,
                 List<WebComponent> servlets, List<Planted> planted) {
        this.requestedLines = requestedLines;
        this.seed = seed;
        this.files = List.copyOf(files);
        this.modules = List.copyOf(modules);
        this.servlets = List.copyOf(servlets);
        this.planted = List.copyOf(planted);
    }

    public List<GeneratedFile> files() { return files; }
    public List<Planted> planted() { return planted; }

    public int javaLines() { return SyntheticApplication.javaLines(files); }

    /** Every planted finding per rule; WAN001–WAN005 are always present. */
    public Map<RuleId, Integer> expectedFindings() { return SyntheticApplication.countByRule(planted); }

    /** Entry points as the call graph defines them: servlet HTTP methods, JSPs, filters and MDBs. */
    public int entryPoints() {
        return servletEntryPoints() + jspFiles() + Descriptors.FILTERS.size() + messageDrivenBeans();
    }

    private int servletEntryPoints() { return servlets.stream().mapToInt(WebComponent::entryPoints).sum(); }
    private int jspFiles() { return (int) files.stream().filter(GeneratedFile::isJsp).count(); }
    private int messageDrivenBeans() { return (int) modules.stream().filter(DomainModule::messageDriven).count(); }

    private int count(DomainModule.Persistence p) {
        return (int) modules.stream().filter(m -> m.persistence() == p).count();
    }

    private int count(PlantedPattern p) { return (int) modules.stream().filter(m -> m.has(p)).count(); }

    /** Writes every file under {@code dir} and {@code expected.json} beside them. */
    public void write(Path dir) throws IOException {
        for (GeneratedFile f : files) {
            Path target = dir.resolve(f.path());
            Files.createDirectories(target.getParent());
            Files.writeString(target, f.content(), StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve("expected.json"), expectedJson(), StandardCharsets.UTF_8);
    }

    /** The expectations, as stable, hand-formatted JSON. */
    public String expectedJson() {
        int jspLines = files.stream().filter(GeneratedFile::isJsp).mapToInt(GeneratedFile::lines).sum();
        int xmlLines = files.stream().filter(GeneratedFile::isXml).mapToInt(GeneratedFile::lines).sum();
        long javaFiles = files.stream().filter(GeneratedFile::isJava).count();
        StringBuilder j = new StringBuilder("{\n");
        j.append("  \"generator\": \"wanlint-bench SyntheticApplication\",\n");
        j.append("  \"seed\": ").append(seed).append(",\n");
        j.append("  \"requestedLines\": ").append(requestedLines).append(",\n");
        j.append("  \"lines\": ").append(javaLines()).append(",\n");
        j.append("  \"jspLines\": ").append(jspLines).append(",\n");
        j.append("  \"xmlLines\": ").append(xmlLines).append(",\n");
        j.append("  \"files\": ").append(files.size()).append(",\n");
        j.append("  \"javaFiles\": ").append(javaFiles).append(",\n");
        j.append("  \"jspFiles\": ").append(jspFiles()).append(",\n");
        j.append("  \"entryPoints\": ").append(entryPoints()).append(",\n");
        j.append("  \"entryPointsByKind\": {\"SERVLET\": ").append(servletEntryPoints())
                .append(", \"JSP\": ").append(jspFiles())
                .append(", \"FILTER\": ").append(Descriptors.FILTERS.size())
                .append(", \"MESSAGE_DRIVEN\": ").append(messageDrivenBeans())
                .append(", \"REMOTE_FACADE\": 0},\n");
        j.append("  \"components\": {\"modules\": ").append(modules.size())
                .append(", \"servlets\": ").append(servlets.size())
                .append(", \"bmpEntities\": ").append(count(DomainModule.Persistence.BMP) + count(PlantedPattern.REMOTE_ENTITY_SERVLET)
                        + (int) modules.stream().filter(m -> m.has(PlantedPattern.READ_ONLY_ENTITY) && m.persistence() == DomainModule.Persistence.BMP).count())
                .append(", \"cmpEntities\": ").append(count(DomainModule.Persistence.CMP)
                        + (int) modules.stream().filter(m -> m.has(PlantedPattern.READ_ONLY_ENTITY) && m.persistence() == DomainModule.Persistence.CMP).count())
                .append(", \"jpaEntities\": ").append(count(DomainModule.Persistence.JPA)
                        + (int) modules.stream().filter(m -> m.has(PlantedPattern.READ_ONLY_ENTITY) && m.ejb3()).count())
                .append(", \"statelessFacades\": ").append(modules.size())
                .append(", \"ejb3Facades\": ").append(count(DomainModule.Persistence.JPA))
                .append(", \"statefulSessions\": ").append(modules.stream().filter(DomainModule::stateful).count())
                .append(", \"messageDriven\": ").append(messageDrivenBeans())
                .append("},\n");
        j.append("  \"patterns\": {");
        PlantedPattern[] ps = PlantedPattern.values();
        for (int i = 0; i < ps.length; i++) {
            j.append(i == 0 ? "" : ", ").append('"').append(ps[i].name()).append("\": ").append(count(ps[i]));
        }
        j.append("},\n");
        j.append("  \"expectedFindings\": {");
        boolean first = true;
        for (Map.Entry<RuleId, Integer> e : expectedFindings().entrySet()) {
            j.append(first ? "" : ", ").append('"').append(e.getKey().name()).append("\": ").append(e.getValue());
            first = false;
        }
        j.append("},\n");
        j.append("  \"planted\": [");
        for (int i = 0; i < planted.size(); i++) {
            Planted p = planted.get(i);
            j.append(i == 0 ? "\n" : ",\n");
            j.append("    {\"rule\": \"").append(p.rule().name()).append("\", \"pattern\": \"").append(p.pattern().name())
                    .append("\", \"file\": ").append(quote(p.file()))
                    .append(", \"className\": ").append(quote(p.className()))
                    .append(", \"method\": ").append(p.method() == null ? "null" : quote(p.method())).append('}');
        }
        j.append(planted.isEmpty() ? "]\n" : "\n  ]\n");
        j.append("}\n");
        return j.toString();
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\');
            b.append(c);
        }
        return b.append('"').toString();
    }
}
