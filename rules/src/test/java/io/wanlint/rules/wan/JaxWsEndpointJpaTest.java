package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.Topologies;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.RoundTripOracle;
import io.wanlint.rules.api.RuleEngine;
import io.wanlint.rules.config.Configuration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A POJO JAX-WS endpoint in a WAR persisting a booking per SOAP request is web-tier data access,
 * like a JAX-RS resource doing the same (issue 19 item 10; the narayana travel-agent shape). The
 * same class as a stateless session bean is the EJB tier. Real files through the whole pipeline.
 */
class JaxWsEndpointJpaTest {
    @TempDir Path app;

    private static String endpoint(String beanAnnotation) {
        return """
                package travel;
                import javax.jws.WebMethod;
                import javax.jws.WebService;
                import javax.persistence.EntityManager;
                import javax.persistence.PersistenceContext;
                %s
                @WebService(serviceName = "HotelService")
                public class HotelServiceImpl {
                    @PersistenceContext EntityManager em;
                    @WebMethod
                    public Long makeBooking(String guest) {
                        Booking b = new Booking(guest);
                        em.persist(b);
                        return b.id;
                    }
                }
                """.formatted(beanAnnotation);
    }

    private static final String BOOKING = """
            package travel;
            @javax.persistence.Entity
            public class Booking {
                @javax.persistence.Id @javax.persistence.GeneratedValue Long id;
                String guest;
                protected Booking() {}
                Booking(String guest) { this.guest = guest; }
            }
            """;

    @Test
    void aPojoEndpointPersistingPerSoapRequestIsWebTierJpa() throws IOException {
        write("src/travel/HotelServiceImpl.java", endpoint(""));
        write("src/travel/Booking.java", BOOKING);
        write("web/WEB-INF/web.xml", "<web-app/>");

        List<Finding> wan003 = wan003(Analyzer.analyze(AnalysisRequest.of(app)));

        assertThat(wan003).singleElement().satisfies(f -> {
            assertThat(f.entryPoints()).containsExactly("travel.HotelServiceImpl#makeBooking");
            assertThat(f.location().file()).isEqualTo("src/travel/HotelServiceImpl.java");
        });
    }

    @Test
    void theSameEndpointAsAStatelessBeanRunsItsJpaInTheEjbTier() throws IOException {
        write("src/travel/HotelServiceImpl.java", endpoint("@javax.ejb.Stateless"));
        write("src/travel/Booking.java", BOOKING);
        write("web/WEB-INF/web.xml", "<web-app/>");

        assertThat(wan003(Analyzer.analyze(AnalysisRequest.of(app)))).isEmpty();
    }

    private static List<Finding> wan003(AnalysisResult analysis) {
        RoundTripOracle oracle = RoundTripOracle.of(WanCostModel.of(analysis.model(), analysis.callGraph(), Topologies.preset("edge")));
        return RuleEngine.run(analysis, oracle, Configuration.DEFAULTS).stream().filter(f -> f.ruleId().equals("WAN003")).toList();
    }

    private void write(String path, String text) throws IOException {
        Path file = app.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
