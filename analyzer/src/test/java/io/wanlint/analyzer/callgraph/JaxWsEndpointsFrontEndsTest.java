package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.EntryPoint;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A POJO {@code @WebService} class in a WAR is deployed as a servlet: each SOAP request runs one of
 * its public methods, so they are entry points (issue 19 item 10), through both front ends. Its
 * service interface and an endpoint that is a session bean are not.
 */
class JaxWsEndpointsFrontEndsTest {
    @TempDir Path tmp;

    private static Map<String, String> travelApp() {
        Map<String, String> files = new LinkedHashMap<>();
        // javax.jws left the JDK and the Java EE 8 API jar: the two annotations, as the API declares them
        files.put("javax/jws/WebService.java", """
                package javax.jws;
                @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
                @java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE)
                public @interface WebService { String serviceName() default ""; String endpointInterface() default ""; }
                """);
        files.put("javax/jws/WebMethod.java", """
                package javax.jws;
                @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
                @java.lang.annotation.Target(java.lang.annotation.ElementType.METHOD)
                public @interface WebMethod { String operationName() default ""; }
                """);
        files.put("travel/HotelService.java", """
                package travel;
                @javax.jws.WebService
                public interface HotelService { String makeBooking(String guest); }
                """);
        files.put("travel/HotelServiceImpl.java", """
                package travel;
                import javax.jws.WebMethod;
                import javax.jws.WebService;
                import javax.persistence.EntityManager;
                import javax.persistence.PersistenceContext;
                @WebService(serviceName = "HotelService", endpointInterface = "travel.HotelService")
                public class HotelServiceImpl implements HotelService {
                    @PersistenceContext EntityManager em;
                    @javax.annotation.PostConstruct public void warmUp() {}
                    @WebMethod public String makeBooking(String guest) { em.persist(guest); return normalised(guest); }
                    public Object bookingStatus(Long id) { return em.find(Object.class, id); }
                    private String normalised(String s) { return s.trim(); }
                    public static String version() { return "1"; }
                }
                """);
        files.put("travel/BankEndpoint.java", """
                package travel;
                @javax.ejb.Stateless
                @javax.jws.WebService
                public class BankEndpoint { public void pay(long cents) {} }
                """);
        files.put("WEB-INF/web.xml", "<web-app/>");
        return files;
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void publicMethodsOfAPojoWebServiceAreEntryPointsPerSoapRequest(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, travelApp(), frontEnd);

        assertThat(result.callGraph().entryPoints()).filteredOn(e -> e.kind() == EntryPoint.Kind.JAX_WS)
                .extracting(EntryPoint::id, e -> e.method().name())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("travel.HotelServiceImpl#makeBooking", "makeBooking"),
                        org.assertj.core.groups.Tuple.tuple("travel.HotelServiceImpl#bookingStatus", "bookingStatus"));
    }

    @ParameterizedTest
    @EnumSource(value = AnalysisRequest.FrontEnd.class, names = {"SOURCE", "BYTECODE"})
    void theServiceInterfaceAndASessionBeanEndpointAreNoJaxWsEntryPoints(AnalysisRequest.FrontEnd frontEnd) throws Exception {
        AnalysisResult result = CompiledFixture.analyse(tmp, travelApp(), frontEnd);

        assertThat(result.callGraph().entryPoints())
                .noneMatch(e -> e.method().className().equals("travel.HotelService"))
                .noneMatch(e -> e.kind() == EntryPoint.Kind.JAX_WS && e.method().className().equals("travel.BankEndpoint"));
    }
}
