package io.wanlint.cli.hostile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.wanlint.cli.hostile.HostileApps.goodServlet;
import static io.wanlint.cli.hostile.HostileApps.write;
import static io.wanlint.cli.hostile.HostileRun.checkJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Hostile and broken XML descriptors, end to end through {@code wanlint check}. */
class HostileXmlTest {
    @TempDir Path app;

    @Test
    void externalEntityToALocalFileIsNeverResolved(@TempDir Path elsewhere) {
        String secret = "SECRET-" + UUID.randomUUID();
        Path secretFile = write(elsewhere.resolve("secret.txt"), secret);
        goodServlet(app);
        write(app.resolve("WEB-INF/web.xml"), """
                <?xml version="1.0"?>
                <!DOCTYPE web-app [ <!ENTITY xxe SYSTEM "%s"> ]>
                <web-app>
                  <display-name>&xxe;</display-name>
                  <servlet><servlet-name>Leak&xxe;</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Leak&xxe;</servlet-name><url-pattern>/good</url-pattern></servlet-mapping>
                </web-app>
                """.formatted(secretFile.toUri()));

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.out() + run.err()).doesNotContain(secret);
        assertThat(run.componentClasses()).contains("shop.Good");
    }

    @Test
    void doctypeAndEntitiesPointingAtAUrlOrAnUnreachableHostMakeNoConnectionAndDoNotWait() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String base = "http://127.0.0.1:" + server.getLocalPort();
            goodServlet(app);
            write(app.resolve("WEB-INF/web.xml"), """
                    <?xml version="1.0"?>
                    <!DOCTYPE web-app PUBLIC "-//Sun Microsystems, Inc.//DTD Web Application 2.3//EN" "%1$s/web-app_2_3.dtd" [
                      <!ENTITY remote SYSTEM "%1$s/entity">
                      <!ENTITY %% pe SYSTEM "%1$s/parameter"> %%pe;
                    ]>
                    <web-app><display-name>&remote;</display-name>
                      <servlet><servlet-name>Good</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                    </web-app>
                    """.formatted(base));
            // 10.255.255.1 is routable nowhere: a fetch would hang until a connect timeout.
            write(app.resolve("META-INF/ejb-jar.xml"), """
                    <?xml version="1.0"?>
                    <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
                        "http://10.255.255.1/dtd/ejb-jar_2_0.dtd">
                    <ejb-jar><enterprise-beans/></ejb-jar>
                    """);
            write(app.resolve("WEB-INF/jboss-web.xml"), """
                    <?xml version="1.0"?>
                    <!DOCTYPE jboss-web SYSTEM "http://unreachable.invalid/jboss-web_4_0.dtd">
                    <jboss-web/>
                    """);

            HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> checkJson(app));

            assertThat(run.exit()).isZero();
            assertThat(run.componentClasses()).contains("shop.Good");
            server.setSoTimeout(300);
            assertThatThrownBy(() -> {
                try (Socket ignored = server.accept()) {
                    // reaching here means the analysis connected
                }
            }).as("a connection to the DTD/entity server").isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void billionLaughsIsNotExpandedAndTheRestIsAnalysed() {
        StringBuilder dtd = new StringBuilder("<!ENTITY lol0 \"lol\">\n");
        for (int i = 1; i <= 10; i++) {
            dtd.append("<!ENTITY lol").append(i).append(" \"")
                    .append(("&lol" + (i - 1) + ";").repeat(10)).append("\">\n");
        }
        goodServlet(app);
        write(app.resolve("META-INF/ejb-jar.xml"), "<?xml version=\"1.0\"?>\n<!DOCTYPE ejb-jar [\n" + dtd
                + "]>\n<ejb-jar><description>&lol10;</description><enterprise-beans/></ejb-jar>\n");

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> checkJson(app));

        assertThat(run.exit()).isZero();
        assertThat(run.out()).doesNotContain("lollollol");
        assertThat(run.componentClasses()).contains("shop.Good");
    }

    @Test
    void truncatedDescriptorIsReportedWithItsLineAndWhatWasReadBeforeTheCutIsKept() {
        write(app.resolve("src/shop/Good.java"), HostileApps.servletSource("shop", "Good"));
        write(app.resolve("src/shop/Other.java"), HostileApps.servletSource("shop", "Other"));
        write(app.resolve("WEB-INF/web.xml"), """
                <?xml version="1.0"?>
                <web-app>
                  <servlet><servlet-name>Good</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Good</servlet-name><url-pattern>/good-url</url-pattern></servlet-mapping>
                  <servlet><servlet-name>Other</servlet-name><servlet-cl""");

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("error: WEB-INF/web.xml:5: malformed XML in <web-app>: Unexpected end of input");
        assertThat(run.out()).contains("/good-url");
        assertThat(run.componentClasses()).contains("shop.Good", "shop.Other");
    }

    @Test
    void wrongEncodingDeclarationIsAWarningOnLineOneAndTheDescriptorIsStillRead() {
        goodServlet(app);
        byte[] latin1 = """
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app>
                  <display-name>Caf\u00e9 \u00e0 la carte</display-name>
                  <servlet><servlet-name>Good</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Good</servlet-name><url-pattern>/caf\u00e9</url-pattern></servlet-mapping>
                </web-app>
                """.getBytes(StandardCharsets.ISO_8859_1);
        write(app.resolve("WEB-INF/web.xml"), latin1);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: WEB-INF/web.xml:1: declares encoding UTF-8 but is not valid UTF-8");
        assertThat(run.out()).contains("/caf\u00e9");
    }

    /** Memory is bounded by the test JVM's heap (-Xmx2g in the root pom): an explosion fails the run. */
    @Test
    void webXmlWithAHundredThousandServletsFinishesInReasonableTimeAndMemory() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<web-app>\n");
        for (int i = 0; i < 100_000; i++) {
            xml.append("<servlet><servlet-name>S").append(i).append("</servlet-name><servlet-class>gen.S").append(i)
                    .append("</servlet-class></servlet>\n");
        }
        xml.append("<servlet-mapping><servlet-name>S99999</servlet-name><url-pattern>/last</url-pattern></servlet-mapping>\n");
        write(app.resolve("WEB-INF/web.xml"), xml.append("</web-app>\n").toString());
        goodServlet(app);

        HostileRun.Outcome run = assertTimeoutPreemptively(Duration.ofSeconds(40), () -> HostileRun.wanlint(List.of(app),
                "check", app.toString(), "--format", "json"));

        assertThat(run.exit()).isZero();
        List<String> classes = run.componentClasses();
        assertThat(classes).hasSize(100_001).contains("shop.Good", "gen.S0", "gen.S99999");
        assertThat(run.out()).contains("/last");
    }

    @Test
    void descriptorTooLargeToReadIsAWarningNotASilentLoss() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<web-app>\n<description>\n");
        String line = "x".repeat(1023) + "\n";
        for (int i = 0; i < 17 * 1024; i++) xml.append(line);
        write(app.resolve("WEB-INF/web.xml"), xml.append("</description>\n</web-app>\n").toString());
        goodServlet(app);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: WEB-INF/web.xml: XML file larger than 16 MiB; skipped");
        assertThat(run.componentClasses()).containsExactly("shop.Good");
    }

    @ParameterizedTest
    @CsvSource({
            "UTF-32BE, UTF-32, true", "UTF-32LE, UTF-32, true", "UTF-32BE, UTF-32BE, false", "UTF-32LE, UTF-32LE, false",
            "IBM037, IBM037, false", "IBM1047, IBM1047, false", "IBM500, ebcdic-cp-ch, false"})
    void descriptorsInUtf32AndEbcdicAreDecodedAndTheirUrlPatternsKept(String charset, String declared, boolean bom) {
        goodServlet(app);
        String xml = """
                <?xml version="1.0" encoding="%s"?>
                <web-app>
                  <servlet><servlet-name>Good</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Good</servlet-name><url-pattern>/wide-url</url-pattern></servlet-mapping>
                </web-app>
                """.formatted(declared);
        write(app.resolve("WEB-INF/web.xml"), ((bom ? "\uFEFF" : "") + xml).getBytes(java.nio.charset.Charset.forName(charset)));

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("\"/wide-url\"");
    }

    @Test
    void anEbcdicDescriptorDeclaringAnUnknownEncodingIsReadAsIbm037WithAWarning() {
        goodServlet(app);
        String xml = """
                <?xml version="1.0" encoding="x-no-such-ebcdic"?>
                <web-app>
                  <servlet><servlet-name>Good</servlet-name><servlet-class>shop.Good</servlet-class></servlet>
                  <servlet-mapping><servlet-name>Good</servlet-name><url-pattern>/ebcdic-url</url-pattern></servlet-mapping>
                </web-app>
                """;
        write(app.resolve("WEB-INF/web.xml"), xml.getBytes(java.nio.charset.Charset.forName("IBM037")));

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.err()).contains("warning: WEB-INF/web.xml:1: is EBCDIC and declares unknown encoding x-no-such-ebcdic; read as IBM037");
        assertThat(run.out()).contains("\"/ebcdic-url\"");
    }

    @Test
    void tagClassesThatAreNotJavaNamesOrFoundNowhereAreReportedAndMakeNoComponent() throws IOException {
        goodServlet(app);
        byte[] compiled;
        try (var in = HostileApps.class.getResourceAsStream("HostileApps.class")) {
            compiled = in.readAllBytes();
        }
        write(app.resolve("WEB-INF/lib/tags.jar"), HostileApps.zip(java.util.Map.of("io/wanlint/cli/hostile/HostileApps.class", compiled)));
        write(app.resolve("WEB-INF/tlds/shop.tld"), """
                <?xml version="1.0"?>
                <taglib><tlib-version>1.0</tlib-version><short-name>shop</short-name><uri>http://shop/tags</uri>
                  <tag><name>passwd</name><tag-class>../../../etc/passwd</tag-class></tag>
                  <tag><name>gone</name><tag-class>shop.GoneTag</tag-class></tag>
                  <tag><name>compiled</name><tag-class>io.wanlint.cli.hostile.HostileApps</tag-class></tag>
                </taglib>
                """);

        HostileRun.Outcome run = checkJson(app);

        assertThat(run.exit()).isZero();
        assertThat(run.diagnostics()).contains(
                "warning WEB-INF/tlds/shop.tld:3 tag passwd: tag class \"../../../etc/passwd\" is not a Java class name; ignored",
                "warning WEB-INF/tlds/shop.tld:4 tag class shop.GoneTag (tag gone) not found in the sources or compiled "
                        + "classes; no component");
        assertThat(run.componentClasses()).containsExactlyInAnyOrder("shop.Good", "io.wanlint.cli.hostile.HostileApps");
    }

    @Test
    void aCachedRunSeesATagClassThatArrivedInALibraryJar(@TempDir Path cache) throws IOException {
        goodServlet(app);
        write(app.resolve("WEB-INF/tlds/shop.tld"), """
                <?xml version="1.0"?>
                <taglib><short-name>shop</short-name>
                  <tag><name>compiled</name><tag-class>io.wanlint.cli.hostile.HostileApps</tag-class></tag>
                </taglib>
                """);
        write(app.resolve("WEB-INF/lib/other.jar"), HostileApps.zip(java.util.Map.of("other/Nothing.txt", new byte[0])));
        String[] args = {"check", app.toString(), "--format", "json", "--cache", cache.toString()};
        HostileRun.Outcome before = HostileRun.wanlint(List.of(app), args);
        byte[] compiled;
        try (var in = HostileApps.class.getResourceAsStream("HostileApps.class")) {
            compiled = in.readAllBytes();
        }
        write(app.resolve("WEB-INF/lib/tags.jar"), HostileApps.zip(java.util.Map.of("io/wanlint/cli/hostile/HostileApps.class", compiled)));

        HostileRun.Outcome after = HostileRun.wanlint(List.of(app), args);

        assertThat(before.componentClasses()).containsExactly("shop.Good");
        assertThat(after.componentClasses()).containsExactlyInAnyOrder("shop.Good", "io.wanlint.cli.hostile.HostileApps");
        assertThat(after.diagnostics()).noneMatch(d -> d.contains("not found"));
    }
}
