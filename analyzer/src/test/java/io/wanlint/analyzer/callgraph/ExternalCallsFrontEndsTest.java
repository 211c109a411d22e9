package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EdgeKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19.4 through both call-graph front ends: only calls that leave the deployment are external.
 * An RMI interface the application implements itself is its own code; {@code URL.openStream()} and
 * {@code openConnection()} are HTTP only when the URL's protocol says so ({@code file:}, {@code jar:}
 * and class-path resources are local reads), and a protocol that is no constant is marked unknown.
 */
class ExternalCallsFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> app() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shop/rmi/PriceServer.java", """
                package shop.rmi;
                public interface PriceServer extends java.rmi.Remote {
                    int price(String item) throws java.rmi.RemoteException;
                }
                """);
        files.put("shop/rmi/PriceServerImpl.java", """
                package shop.rmi;
                public class PriceServerImpl implements PriceServer {
                    public int price(String item) { return item.length(); }
                }
                """);
        files.put("shop/rmi/QuoteServer.java", """
                package shop.rmi;
                public interface QuoteServer extends java.rmi.Remote {
                    int quote(String item) throws java.rmi.RemoteException;
                }
                """);
        files.put("shop/web/Pricing.java", """
                package shop.web;
                public class Pricing {
                    private shop.rmi.PriceServer prices;
                    private shop.rmi.QuoteServer quotes;
                    public int ownServer(String item) throws Exception { return prices.price(item); }
                    public int otherServer(String item) throws Exception { return quotes.quote(item); }
                }
                """);
        files.put("shop/web/Fetcher.java", """
                package shop.web;
                import java.io.InputStream;
                import java.net.URL;
                public class Fetcher {
                    public InputStream fileUrl() throws Exception { return new URL("file:/etc/shop.properties").openStream(); }
                    public InputStream resource() throws Exception { return getClass().getResource("/shop.properties").openStream(); }
                    public Object jarUrl() throws Exception {
                        URL u = new URL("jar:file:/opt/shop.jar!/shop.properties");
                        return u.openConnection();
                    }
                    public Object fileOfPath(java.io.File f) throws Exception { return f.toURI().toURL().openConnection(); }
                    public InputStream http() throws Exception { return new URL("http://example.com/rates").openStream(); }
                    public Object https(String host) throws Exception { return new URL("https://" + host + "/rates").openConnection(); }
                    public InputStream unknown(String spec) throws Exception { return new URL(spec).openStream(); }
                    public int castToHttp(String spec) throws Exception {
                        java.net.HttpURLConnection c = (java.net.HttpURLConnection) new URL(spec).openConnection();
                        return c.getResponseCode();
                    }
                    public int castLater(String spec) throws Exception {
                        java.net.URLConnection plain = new URL(spec).openConnection();
                        java.net.HttpURLConnection c = (java.net.HttpURLConnection) plain;
                        return c.getResponseCode();
                    }
                }
                """);
        return files;
    }

    private static List<CallEdge> callsFrom(AnalysisResult result, String cls, String method) {
        return result.callGraph().edges().stream()
                .filter(e -> e.from().className().equals(cls) && e.from().name().equals(method))
                .filter(e -> e.kind() != EdgeKind.LOCAL || e.to().className().startsWith("shop."))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void anRmiInterfaceTheApplicationImplementsIsItsOwnCode(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(callsFrom(result, "shop.web.Pricing", "ownServer")).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.LOCAL);
            assertThat(e.to().className()).isEqualTo("shop.rmi.PriceServerImpl");
        });
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void anRmiInterfaceNobodyInTheApplicationImplementsIsAnExternalServer(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(callsFrom(result, "shop.web.Pricing", "otherServer")).extracting(CallEdge::kind).containsExactly(EdgeKind.RMI);
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void fileJarAndClassPathUrlsAreNoHttpCalls(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        for (String local : List.of("fileUrl", "resource", "jarUrl", "fileOfPath")) {
            assertThat(callsFrom(result, "shop.web.Fetcher", local)).as(local)
                    .noneMatch(e -> e.kind() == EdgeKind.HTTP_EXTERNAL);
        }
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void httpUrlsStayHttpCalls(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        for (String http : List.of("http", "https", "castToHttp", "castLater")) {
            assertThat(callsFrom(result, "shop.web.Fetcher", http)).as(http).singleElement().satisfies(e -> {
                assertThat(e.kind()).isEqualTo(EdgeKind.HTTP_EXTERNAL);
                assertThat(e.targetComponent()).isNull();
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void aUrlWhoseProtocolIsNoConstantIsAnHttpCallOfUnknownProtocol(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, app(), frontEnd);

        assertThat(callsFrom(result, "shop.web.Fetcher", "unknown")).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(EdgeKind.HTTP_EXTERNAL);
            assertThat(e.targetComponent()).isEqualTo("unknown protocol");
        });
    }
}
