package io.wanlint.analyzer.callgraph;

import io.wanlint.analyzer.api.CallGraph;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbInterfaces;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.TransactionType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.wanlint.analyzer.callgraph.GraphFixture.ejb;
import static io.wanlint.analyzer.callgraph.GraphFixture.servlet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class EntryPointFinderTest {

    @Test
    void servletMethodsIncludingInheritedOnesGetOneEntryPointEach() {
        String base = """
                package shop.web;
                import javax.servlet.http.*;
                public abstract class BaseServlet extends HttpServlet {
                    protected void doPost(HttpServletRequest req, HttpServletResponse resp) { doGet(req, resp); }
                }
                """;
        String order = """
                package shop.web;
                import javax.servlet.http.*;
                public class OrderServlet extends BaseServlet {
                    protected void doGet(HttpServletRequest req, HttpServletResponse resp) {}
                    protected void doGet(String unrelated) {}
                }
                """;
        String unmapped = """
                package shop.web;
                import javax.servlet.http.*;
                public class Unmapped extends HttpServlet {
                    public void service(HttpServletRequest req, HttpServletResponse resp) {}
                }
                """;
        String filter = """
                package shop.web;
                import javax.servlet.*;
                public class AuthFilter implements Filter {
                    public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain) {}
                    public void init(FilterConfig c) {}
                    public void destroy() {}
                }
                """;
        CallGraph g = new GraphFixture().java("BaseServlet.java", base).java("OrderServlet.java", order)
                .java("Unmapped.java", unmapped).java("AuthFilter.java", filter)
                .component(servlet("OrderServlet", "shop.web.OrderServlet", "/order"))
                .component(servlet("Unmapped", "shop.web.Unmapped", null))
                .component(Component.simple("auth", ComponentKind.FILTER, "shop.web.AuthFilter", List.of("/*"), List.of()))
                .build().graph();

        assertThat(g.entryPoints()).extracting(EntryPoint::id, EntryPoint::kind, e -> e.method().shortId(), EntryPoint::component)
                .containsExactlyInAnyOrder(
                        tuple("/order", EntryPoint.Kind.SERVLET, "shop.web.OrderServlet#doGet", "OrderServlet"),
                        tuple("/order [POST]", EntryPoint.Kind.SERVLET, "shop.web.BaseServlet#doPost", "OrderServlet"),
                        tuple("shop.web.Unmapped#service", EntryPoint.Kind.SERVLET, "shop.web.Unmapped#service", "Unmapped"),
                        tuple("/*", EntryPoint.Kind.FILTER, "shop.web.AuthFilter#doFilter", "auth"));
        assertThat(entryMethod(g, "/order").parameterTypes())
                .containsExactly("javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse");
    }

    private static io.wanlint.analyzer.api.MethodRef entryMethod(CallGraph g, String id) {
        return GraphFixture.entry(g, id).method();
    }

    @Test
    void timersAndJaxRsResourceMethodsAreEntryPoints() {
        String cleaner = """
                package shop.ejb;
                import javax.ejb.*;
                @Singleton
                public class Cleaner {
                    @Schedule(hour = "2")
                    public void cleanup() {}
                    @Timeout
                    void expired(Timer t) {}
                    public void helper() {}
                    @AccessTimeout(5000)
                    public void waitsForTheLock() {}
                    @javax.ejb.StatefulTimeout(10)
                    public void notATimerEither() {}
                }
                """;
        String legacyTimer = """
                package shop.ejb;
                public class Reminder implements javax.ejb.SessionBean, javax.ejb.TimedObject {
                    public void ejbTimeout(javax.ejb.Timer t) {}
                    public void setSessionContext(javax.ejb.SessionContext c) {}
                    public void ejbRemove() {}
                    public void ejbActivate() {}
                    public void ejbPassivate() {}
                }
                """;
        String resource = """
                package shop.rest;
                import javax.ws.rs.*;
                @Path("/items")
                public class ItemResource {
                    @GET public String list() { return ""; }
                    @POST @Path("{id}") public void update(@PathParam("id") String id) {}
                    public void notAResourceMethod() {}
                }
                """;
        CallGraph g = new GraphFixture().java("Cleaner.java", cleaner).java("Reminder.java", legacyTimer)
                .java("ItemResource.java", resource)
                .component(ejb("Cleaner", ComponentKind.SINGLETON_SESSION, "shop.ejb.Cleaner", EjbInterfaces.NONE,
                        TransactionType.CONTAINER, List.of()))
                .component(ejb("Reminder", ComponentKind.STATELESS_SESSION, "shop.ejb.Reminder", EjbInterfaces.NONE,
                        TransactionType.CONTAINER, List.of()))
                .build().graph();

        assertThat(g.entryPoints()).extracting(EntryPoint::id, EntryPoint::kind).containsExactlyInAnyOrder(
                tuple("shop.ejb.Cleaner#cleanup", EntryPoint.Kind.TIMER),
                tuple("shop.ejb.Cleaner#expired", EntryPoint.Kind.TIMER),
                tuple("shop.ejb.Reminder#ejbTimeout", EntryPoint.Kind.TIMER),
                tuple("/items", EntryPoint.Kind.JAX_RS),
                tuple("/items/{id} [POST]", EntryPoint.Kind.JAX_RS));
    }
}
