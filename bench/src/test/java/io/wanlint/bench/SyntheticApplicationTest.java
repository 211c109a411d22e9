package io.wanlint.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class SyntheticApplicationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A method header as the generator indents it: four spaces, a modifier, a name, parameters. */
    private static final Pattern METHOD = Pattern.compile("(?m)^    (?:@\\w+(?:\\([^)]*\\))?\\n    )*(?:public|protected|private|static)[^=;(]*\\s(\\w+)\\([^)]*\\)[^;{]*\\{$");

    @Test
    void twentyThousandLinesComeOutWithinFivePercent() {
        GeneratedApp app = SyntheticApplication.generate(20_000, 42);

        assertThat(app.javaLines()).isBetween(19_000, 21_000);
        assertThat(app.files()).filteredOn(GeneratedFile::isJava).allSatisfy(f -> assertThat(f.lines()).isLessThanOrEqualTo(400));
    }

    @Test
    void largerRequestsAlsoLandWithinFivePercent() {
        for (int lines : new int[] {5_000, 7_500, 60_000}) {
            assertThat(SyntheticApplication.generate(lines, 3).javaLines()).as("%d lines", lines)
                    .isBetween((int) (lines * 0.95), (int) (lines * 1.05));
        }
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedAnotherApplication() {
        GeneratedApp a = SyntheticApplication.generate(20_000, 42);
        GeneratedApp b = SyntheticApplication.generate(20_000, 42);
        GeneratedApp c = SyntheticApplication.generate(20_000, 43);

        assertThat(b.files()).isEqualTo(a.files());
        assertThat(b.expectedJson()).isEqualTo(a.expectedJson());
        assertThat(c.files()).isNotEqualTo(a.files());
    }

    @Test
    void writesTheFilesAndExpectedJsonToTheDirectory(@TempDir Path dir) throws Exception {
        GeneratedApp app = SyntheticApplication.generate(5_000, 42);
        app.write(dir);

        for (GeneratedFile f : app.files()) assertThat(dir.resolve(f.path())).hasContent(f.content());
        JsonNode expected = JSON.readTree(dir.resolve("expected.json").toFile());
        assertThat(expected.get("lines").asInt()).isEqualTo(app.javaLines());
        assertThat(expected.get("files").asInt()).isEqualTo(app.files().size());
    }

    @Test
    void descriptorsAreWellFormedXmlAndDeclareEveryServlet() throws Exception {
        GeneratedApp app = SyntheticApplication.generate(20_000, 42, PatternRates.everywhere());
        Map<String, Document> xml = new HashMap<>();
        for (GeneratedFile f : app.files()) if (f.isXml()) xml.put(f.path(), parse(f.content()));

        assertThat(xml).containsKeys(Descriptors.EJB_JAR, Descriptors.WEB, Descriptors.JBOSS, Descriptors.PERSISTENCE);
        assertThat(file(app, Descriptors.EJB_JAR).content()).contains("DTD Enterprise JavaBeans 2.0");
        NodeList servletClasses = xml.get(Descriptors.WEB).getElementsByTagName("servlet-class");
        long servletFiles = app.files().stream().filter(f -> f.path().endsWith("Servlet.java")).count();
        assertThat(servletClasses.getLength()).isEqualTo((int) servletFiles);
        for (int i = 0; i < servletClasses.getLength(); i++) {
            String cls = servletClasses.item(i).getTextContent();
            assertThat(app.files()).anyMatch(f -> f.path().equals("src/main/java/" + cls.replace('.', '/') + ".java"));
        }
    }

    @Test
    void expectedCountsEqualThePlantedInstances() throws Exception {
        GeneratedApp app = SyntheticApplication.generate(20_000, 11, PatternRates.everywhere());
        JsonNode expected = JSON.readTree(app.expectedJson());
        JsonNode findings = expected.get("expectedFindings");
        Map<String, Integer> byRule = new HashMap<>();
        for (JsonNode p : expected.get("planted")) byRule.merge(p.get("rule").asText(), 1, Integer::sum);

        for (RuleId r : RuleId.values()) {
            // WAN004's planted posts all go through one gateway helper: one finding, however many are planted
            int planted = byRule.getOrDefault(r.name(), 0);
            assertThat(findings.get(r.name()).asInt()).as(r.name()).isEqualTo(r == RuleId.WAN004 ? Math.min(planted, 1) : planted).isPositive();
        }
        // Counted again from the generated text, independently of the generator's bookkeeping.
        assertThat(findings.get("WAN001").asInt()).isEqualTo(servletsWithSeveralRemoteCalls(app));
        assertThat(findings.get("WAN002").asInt()).isEqualTo(entitiesWithRemoteViews(app) + webUseCasesOverEntitiesOrTwoFacades(app));
        assertThat(findings.get("WAN003").asInt()).isEqualTo(webTierMethodsWithJdbc(app) + jspsWithJdbc(app));
        assertThat(transactionalPartnerPosts(app)).isGreaterThan(1);
        assertThat(findings.get("WAN004").asInt()).isEqualTo(1);
        assertThat(findings.get("WAN005").asInt()).isEqualTo(entitiesNeverWritten(app));
    }

    @Test
    void realisticRatesPlantFewFaultsInAMostlyCleanApplication() throws Exception {
        GeneratedApp app = SyntheticApplication.generate(60_000, 42);
        JsonNode expected = JSON.readTree(app.expectedJson());
        int modules = expected.get("components").get("modules").asInt();
        int findings = 0;
        for (JsonNode n : expected.get("expectedFindings")) findings += n.asInt();

        assertThat(modules).isGreaterThan(30);
        assertThat(findings).isPositive().isLessThan(modules * 2);
        assertThat(expected.get("entryPoints").asInt()).isEqualTo(app.entryPoints()).isGreaterThan(modules * 5);
        assertThat(expected.get("components").get("bmpEntities").asInt()).isPositive();
        assertThat(expected.get("components").get("cmpEntities").asInt()).isPositive();
        assertThat(expected.get("components").get("jpaEntities").asInt()).isPositive();
    }

    // ------------------------------------------------------------------ independent counts

    private static int servletsWithSeveralRemoteCalls(GeneratedApp app) {
        Pattern remoteCall = Pattern.compile("\\b(?:facade|partnerFacade|historyHome|entry)\\.\\w+\\(");
        int n = 0;
        for (GeneratedFile f : servlets(app)) {
            String body = methods(f.content()).getOrDefault("doGet", "");
            if (count(remoteCall, body) >= 2) n++;
        }
        return n;
    }

    private static int entitiesWithRemoteViews(GeneratedApp app) throws Exception {
        Document ejbJar = parse(file(app, Descriptors.EJB_JAR).content());
        NodeList entities = ejbJar.getElementsByTagName("entity");
        int n = 0;
        for (int i = 0; i < entities.getLength(); i++) {
            if (((Element) entities.item(i)).getElementsByTagName("remote").getLength() > 0) n++;
        }
        return n;
    }

    private static int webUseCasesOverEntitiesOrTwoFacades(GeneratedApp app) {
        int n = 0;
        for (GeneratedFile f : servlets(app)) {
            String body = methods(f.content()).getOrDefault("doGet", "");
            boolean entity = body.contains("historyHome.");
            boolean twoFacades = body.contains("partnerFacade.") && body.contains(" facade.");
            if (entity || twoFacades) n++;
        }
        return n;
    }

    private static int webTierMethodsWithJdbc(GeneratedApp app) {
        int n = 0;
        for (GeneratedFile f : app.files()) {
            if (!f.isJava() || !f.path().contains("/web/")) continue;
            for (String body : methods(f.content()).values()) if (body.contains("prepareStatement(")) n++;
        }
        return n;
    }

    private static int jspsWithJdbc(GeneratedApp app) {
        return (int) app.files().stream().filter(f -> f.isJsp() && f.content().contains(".getConnection()")).count();
    }

    private static int transactionalPartnerPosts(GeneratedApp app) {
        String ejbJar = file(app, Descriptors.EJB_JAR).content();
        int n = 0;
        for (GeneratedFile f : app.files()) {
            if (!f.path().endsWith("FacadeBean.java")) continue;
            for (Map.Entry<String, String> e : methods(f.content()).entrySet()) {
                if (!e.getValue().contains("PartnerGateway.post(")) continue;
                boolean annotatedOff = f.content().contains("@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)\n    public void " + e.getKey());
                boolean descriptorOff = ejbJar.contains("<method-name>" + e.getKey() + "</method-name>\n      </method>\n      <trans-attribute>NotSupported");
                if (!annotatedOff && !descriptorOff) n++;
            }
        }
        return n;
    }

    /** Entities (EJB 2.x local views and JPA) that no façade method creates, updates or merges. */
    private static int entitiesNeverWritten(GeneratedApp app) {
        String all = String.join("\n", app.files().stream().filter(f -> f.path().endsWith("FacadeBean.java")).map(GeneratedFile::content).toList());
        int n = 0;
        for (GeneratedFile f : app.files()) {
            String p = f.path();
            String simple = p.substring(p.lastIndexOf('/') + 1, p.length() - ".java".length());
            if (p.endsWith("LocalHome.java") && !simple.endsWith("WorksheetLocalHome")) {
                String entity = simple.substring(0, simple.length() - "LocalHome".length());
                String field = Character.toLowerCase(entity.charAt(0)) + entity.substring(1) + "Home";
                boolean read = all.contains(simple + ") ic.lookup(");
                boolean written = all.contains(field + ".create(");
                if (read && !written) n++;
            } else if (p.contains("/entity/") && f.content().contains("@Entity")) {
                boolean read = all.contains("em.find(" + simple + ".class");
                boolean written = all.contains(simple + " entity = new " + simple + "();");
                if (read && !written) n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ helpers

    private static List<GeneratedFile> servlets(GeneratedApp app) {
        return app.files().stream().filter(f -> f.path().endsWith("Servlet.java")).toList();
    }

    /** Method name to body text (up to the next method header), for the generator's fixed layout. */
    private static Map<String, String> methods(String source) {
        Map<String, String> out = new HashMap<>();
        Matcher m = METHOD.matcher(source);
        String name = null;
        int start = 0;
        while (m.find()) {
            if (name != null) out.merge(name, source.substring(start, m.start()), String::concat);
            name = m.group(1);
            start = m.end();
        }
        if (name != null) out.merge(name, source.substring(start), String::concat);
        return out;
    }

    private static int count(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    private static GeneratedFile file(GeneratedApp app, String path) {
        return app.files().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow();
    }

    /** Parses without fetching the DTDs the descriptors name (no network, ever). */
    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        DocumentBuilder db = dbf.newDocumentBuilder();
        db.setEntityResolver((publicId, systemId) -> new org.xml.sax.InputSource(new StringReader("")));
        return db.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
