package io.wanlint.refactorings.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.analyzer.api.SourceFacts.StateFact;
import io.wanlint.analyzer.api.SourceFacts.StateKind;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.PlanOutcome;
import io.wanlint.refactorings.api.RefactoringContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * WAN012's patch: {@code setAttribute} of the changed value after its last change, planned against a
 * real analysis of a servlet (the WAN012 fact the rule reports), applied, and planned again.
 */
class StoreSessionAttributeAfterChangeTest {
    private static final String PATH = "src/shop/web/BasketServlet.java";
    private static final String BASKET = """
            package shop.web;
            public class Basket implements java.io.Serializable {
                private final java.util.List<Long> items = new java.util.ArrayList<>();
                public void add(long item) { items.add(item); }
                public int size() { return items.size(); }
            }
            """;

    @TempDir Path app;

    private RefactoringContext analysed(String servlet) throws IOException {
        TextApp.write(app, "src/shop/web/Basket.java", BASKET, StandardCharsets.UTF_8);
        TextApp.write(app, PATH, servlet, StandardCharsets.UTF_8);
        return TextApp.analysed(app);
    }

    /** The WAN012 finding of the app's (only) in-place change, as the rule keys it. */
    private static Finding finding(RefactoringContext context) {
        StateFact f = context.analysis().callGraph().facts().clusterState().stream()
                .filter(s -> s.kind() == StateKind.SESSION_VALUE_MUTATED).findFirst()
                .orElseThrow(() -> new AssertionError("no in-place change of a session value found"));
        return new Finding("WAN012", Severity.WARNING, "changed in place",
                new FindingLocation(f.location().file(), f.location().line(), f.method().className(), f.method().name()),
                List.of(), List.of(), RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.SessionAttribute(f.method(), f.member()));
    }

    private String patched(String servlet) throws IOException {
        RefactoringContext context = analysed(servlet);
        PlanOutcome outcome = new StoreSessionAttributeAfterChange().plan(finding(context), context);
        assertThat(outcome.reasonWithoutPatch()).isEmpty();
        FileChange.Edit edit = (FileChange.Edit) outcome.patch().orElseThrow().changes().get(0);
        assertThat(edit.file()).isEqualTo(PATH);
        return edit.applyTo(servlet);
    }

    private String declined(String servlet) throws IOException {
        RefactoringContext context = analysed(servlet);
        PlanOutcome outcome = new StoreSessionAttributeAfterChange().plan(finding(context), context);
        assertThat(outcome.patch()).isEmpty();
        return outcome.reasonWithoutPatch();
    }

    private static String servlet(String body) {
        return """
                package shop.web;
                import javax.servlet.http.*;
                public class BasketServlet extends HttpServlet {
                    private static final String KEY = "basket";
                    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
                %s    }
                }
                """.formatted(body.indent(8));
    }

    @Test
    void storesTheValueAgainRightAfterTheLastChange() throws IOException {
        String before = servlet("""
                HttpSession session = request.getSession();
                Basket basket = (Basket) session.getAttribute("basket");
                if (basket == null) {
                    basket = new Basket();
                    session.setAttribute("basket", basket);
                }
                basket.add(Long.parseLong(request.getParameter("item")));
                response.getWriter().print(basket.size());
                """);
        assertThat(patched(before)).isEqualTo(before.replace("""
                        basket.add(Long.parseLong(request.getParameter("item")));
                """, """
                        basket.add(Long.parseLong(request.getParameter("item")));
                        session.setAttribute("basket", basket);
                """));
    }

    @Test
    void keepsTheConstantNameAndTheGetSessionCallAndStoresAfterTheLoop() throws IOException {
        String before = servlet("""
                Basket basket = (Basket) request.getSession().getAttribute(KEY);
                for (String item : request.getParameterValues("item")) {
                    basket.add(Long.parseLong(item));
                }
                response.getWriter().print(basket.size());
                """);
        assertThat(patched(before)).isEqualTo(before.replace("""
                            basket.add(Long.parseLong(item));
                        }
                """, """
                            basket.add(Long.parseLong(item));
                        }
                        request.getSession().setAttribute(KEY, basket);
                """));
    }

    @Test
    void planningAgainOnThePatchedServletFindsNothingToStore() throws IOException {
        String once = patched(servlet("""
                HttpSession session = request.getSession();
                Basket basket = (Basket) session.getAttribute("basket");
                basket.add(1L);
                """));
        Files.writeString(app.resolve(PATH), once);
        RefactoringContext again = TextApp.analysed(app);
        assertThat(again.analysis().callGraph().facts().clusterState())
                .noneMatch(f -> f.kind() == StateKind.SESSION_VALUE_MUTATED);
    }

    @Test
    void declinesANameThatIsNotAConstant() throws IOException {
        assertThat(declined(servlet("""
                String key = request.getParameter("which");
                HttpSession session = request.getSession();
                Basket basket = (Basket) session.getAttribute(key);
                basket.add(1L);
                """))).contains("attribute name key is not a string literal or a static final constant");
    }

    @Test
    void declinesAChangeMadeInALambda() throws IOException {
        assertThat(declined(servlet("""
                HttpSession session = request.getSession();
                Basket basket = (Basket) session.getAttribute("basket");
                java.util.List.of(1L, 2L).forEach(i -> basket.add(i));
                """))).contains("made in a lambda or an anonymous class");
    }

    @Test
    void declinesAChangeThatIsTheUnbracedBodyOfAnIf() throws IOException {
        assertThat(declined(servlet("""
                HttpSession session = request.getSession();
                Basket basket = (Basket) session.getAttribute("basket");
                if (request.getParameter("item") != null) basket.add(1L);
                """))).contains("unbraced body of an if, else or loop");
    }

    @Test
    void declinesASessionThatIsNotAVariableOrARequestsGetSession() throws IOException {
        assertThat(declined(servlet("""
                Basket basket = (Basket) java.util.Objects.requireNonNull(request).getSession().getAttribute("basket");
                basket.add(1L);
                """))).contains("is not a variable or a request's getSession()");
    }
}
