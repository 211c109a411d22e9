package io.wanlint.report.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GraphExportTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Sites SITES = new Sites(SampleApplication.SITES, "main", "main", "external");

    private static ComponentGraph components() {
        return ComponentGraph.of(SampleApplication.result(), SITES, SampleApplication.costs());
    }

    private static CallGraphExport calls() {
        return CallGraphExport.of(SampleApplication.result(), SITES, SampleApplication.costs());
    }

    @Test
    void componentJsonListsComponentsWithSitesAndResolvedReferences() throws Exception {
        JsonNode json = MAPPER.readTree(components().toJson());
        assertThat(json.get("schemaVersion").asText()).isEqualTo("1");
        assertThat(json.get("components")).hasSize(3);
        assertThat(json.get("components").get(0).get("site").asText()).isEqualTo("edge");
        JsonNode refs = json.get("references");
        assertThat(refs).hasSize(2);
        assertThat(refs.get(0).get("from").asText()).isEqualTo("ViewItem");
        assertThat(refs.get(0).get("to").asText()).isEqualTo("SB_ViewItem");
        assertThat(refs.get(0).get("kind").asText()).isEqualTo("ejb-ref");
        assertThat(refs.get(1).get("kind").asText()).isEqualTo("ejb-local-ref");
    }

    @Test
    void componentDotHasSiteAndTierClustersAHeavyCrossSiteEdgeAndADashedLocalOne() throws Exception {
        String dot = components().toDot();
        Golden.assertMatches("graph/components.dot", dot);
        assertThat(dot).contains("subgraph \"cluster_edge\"").contains("subgraph \"cluster_edge_WEB\"")
                .contains("subgraph \"cluster_main_EJB\"");
        assertThat(dot).contains("\"ViewItem\" -> \"SB_ViewItem\" [label=\"2 round trips\", tooltip=\"remote EJB call — 2 calls,"
                + " 2 round trips per request\", penwidth=2.5");
        assertThat(dot).contains("\"SB_ViewItem\" -> \"Item\" [label=\"local EJB call\", tooltip=\"local EJB call — 1 call\", style=dashed");
    }

    @Test
    void callJsonFollowsSpecSection6WithApiTargetsAsNodes() throws Exception {
        JsonNode json = MAPPER.readTree(calls().toJson());
        Golden.assertMatches("graph/calls.json", calls().toJson());
        Map<String, JsonNode> byMethod = new java.util.HashMap<>();
        for (JsonNode n : json.get("nodes")) byMethod.put(n.get("className").asText() + "#" + n.get("method").asText(), n);
        JsonNode execute = byMethod.get("java.sql.Statement#executeQuery");
        assertThat(execute.get("component").isNull()).isTrue();
        assertThat(execute.get("site").asText()).isEqualTo("main");
        assertThat(byMethod.get("edu.rubis.web.ViewItemServlet#doGet").get("component").asText()).isEqualTo("ViewItem");
        List<String> multiplicities = new ArrayList<>();
        for (JsonNode e : json.get("edges")) multiplicities.add(e.get("multiplicity").asText());
        assertThat(multiplicities).contains("once", "perIteration");
        JsonNode title = null;
        for (JsonNode e : json.get("edges")) if (e.get("kind").asText().equals("LOCAL_EJB")) title = e;
        assertThat(title.get("inTransaction").asBoolean()).isTrue();
        assertThat(json.get("edges").get(0).get("inTransaction").asBoolean()).isFalse();
        assertThat(json.get("edges").get(0).get("from").asText()).matches("n\\d+");
    }

    @Test
    void fromRestrictsToWhatTheMethodReaches() throws Exception {
        CallGraphExport dao = calls().from("edu.rubis.web.BidDao#bidsOf").orElseThrow();
        JsonNode json = MAPPER.readTree(dao.toJson());
        assertThat(json.get("nodes")).hasSize(3);
        assertThat(json.get("edges")).hasSize(2);
        assertThat(dao.toJson()).doesNotContain("ViewItemServlet");
        assertThat(calls().from("edu.rubis.web.ViewItemServlet#doGet").orElseThrow().nodeCount()).isEqualTo(8);
        assertThat(calls().from("no.Such#method")).isEmpty();
    }

    @Test
    void builtInSvgIsWellFormedAndDrawsEveryNodeAndTheCrossSiteEdges() throws Exception {
        String svg = calls().toSvg();
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(doc.getElementsByTagName("rect").getLength()).isGreaterThanOrEqualTo(8);
        assertThat(svg).contains("ViewItemServlet.doGet").contains("Statement.executeQuery")
                .contains("remote EJB call · 1 round trip").contains("JDBC call in a loop · 1 round trip")
                .contains(">web tier<").contains(">data tier<").doesNotContain("REMOTE_EJB");
        assertThat(svg).contains("stroke-width=\"2.5\"");
        assertThat(components().toSvg()).isEqualTo(components().toSvg());
    }

    @Test
    void graphvizIsOnlyWorthWaitingForOnGraphsOfModestSize() {
        assertThat(Graphviz.suits(59, 168)).isTrue();
        assertThat(Graphviz.suits(59, 483)).as("ejbca's packages: minutes in dot").isFalse();
        assertThat(Graphviz.suits(1660, 100)).isFalse();
        assertThat(components().edgeCount()).isEqualTo(2);
    }

    @Test
    void graphvizAbsentRefusesAndFindsNothingOnAnEmptyPath(@TempDir Path dir) {
        assertThat(Graphviz.absent().available()).isFalse();
        assertThat(Graphviz.findOnPath(dir.toString())).isEmpty();
        assertThatThrownBy(() -> Graphviz.absent().toSvg("digraph{}")).isInstanceOf(Graphviz.GraphvizException.class);
    }

    @Test
    void graphvizRunsTheExecutableAndReturnsItsSvg(@TempDir Path dir) throws Exception {
        Path dot = script(dir, "dot", "#!/bin/sh\n# args: -Tsvg -o OUT IN\necho \"<svg>$(cat \"$4\" | wc -l)</svg>\" > \"$3\"\n");
        assertThat(Graphviz.findOnPath(dir.toString())).contains(dot);
        String svg = new Graphviz(dot, Duration.ofSeconds(10)).toSvg("digraph {\n a -> b;\n}\n");
        assertThat(svg.strip()).isEqualTo("<svg>3</svg>");
    }

    @Test
    void graphvizWritesItsFilesUnderTheRunsTemporaryRootAndRemovesThem(@TempDir Path dir) throws Exception {
        Path root = Files.createDirectory(dir.resolve("tmp"));
        Path seen = dir.resolve("seen");
        Path dot = script(dir, "dot", "#!/bin/sh\necho \"$4\" > '" + seen + "'\necho '<svg/>' > \"$3\"\n");
        assertThat(new Graphviz(dot, Duration.ofSeconds(10), root).toSvg("digraph{}").strip()).isEqualTo("<svg/>");
        assertThat(Files.readString(seen).strip()).startsWith(root.toString() + "/wanlint-dot");
        try (var left = Files.list(root)) {
            assertThat(left).as("dot's folder is removed").isEmpty();
        }
    }

    @Test
    void graphvizGivesUpAfterTheTimeoutAndReportsFailures(@TempDir Path dir) throws Exception {
        Path slow = script(dir, "slow", "#!/bin/sh\nsleep 10\n");
        assertThatThrownBy(() -> new Graphviz(slow, Duration.ofMillis(300)).toSvg("digraph{}"))
                .hasMessageContaining("did not finish");
        Path failing = script(dir, "failing", "#!/bin/sh\necho 'syntax error in line 1' >&2\nexit 1\n");
        assertThatThrownBy(() -> new Graphviz(failing, Duration.ofSeconds(10)).toSvg("digraph{"))
                .hasMessageContaining("syntax error in line 1");
    }

    private static Path script(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }
}
