package io.wanlint.refactorings.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.refactorings.TextApp;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.Patch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which values a WAN010 finding's patch changes, planned against a real analysis of a stateful bean. */
class MakeSessionStateSerializablePlanningTest {
    @TempDir Path app;

    private Optional<Patch> plan() throws IOException {
        Path src = app.resolve("src/a");
        Files.createDirectories(src);
        Files.writeString(src.resolve("CartBean.java"), """
                package a;
                import jakarta.ejb.Stateful;
                @Stateful
                public class CartBean implements java.io.Serializable {
                    private Basket basket = new Basket();
                    private Basket previous;
                    public void add(String item) { basket.add(item); }
                }
                """);
        Files.writeString(src.resolve("Basket.java"), """
                package a;
                public class Basket {
                    public void add(String item) {}
                }
                """);
        Finding finding = new Finding("WAN010", Severity.WARNING, "stateful session bean CartBean holds basket",
                new FindingLocation("src/a/CartBean.java", 5, "a.CartBean", null), List.of(), List.of(), null, null, new FindingSubject.BeanFields("a.CartBean"));
        return new MakeSessionStateSerializable().patchFor(finding, TextApp.analysed(app));
    }

    @Test
    void beanFieldsOfAnApplicationClassMakeThatClassSerializableOnce() throws IOException {
        Patch patch = plan().orElseThrow();
        assertThat(patch.ruleId()).isEqualTo("WAN010");
        assertThat(patch.changes()).singleElement().isInstanceOfSatisfying(FileChange.Edit.class, e -> {
            assertThat(e.file()).isEqualTo("src/a/Basket.java");
            assertThat(e.edits()).hasSize(1);
        });
    }

    @Test
    void aFindingWhoseValuesAreNoLongerReportedGetsNoPatch() throws IOException {
        plan();
        Files.writeString(app.resolve("src/a/Basket.java"), "package a;\npublic class Basket implements java.io.Serializable {}\n");
        Finding finding = new Finding("WAN010", Severity.WARNING, "stateful session bean CartBean holds basket",
                new FindingLocation("src/a/CartBean.java", 5, "a.CartBean", null), List.of(), List.of(), null, null, new FindingSubject.BeanFields("a.CartBean"));
        assertThat(new MakeSessionStateSerializable().patchFor(finding, TextApp.analysed(app))).isEmpty();
    }
    @Test
    void aClassStoredByTwoServletsIsFoundByItsClassKeyAndMadeSerializableOnce() throws IOException {
        Path src = app.resolve("src/w");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Helper.java"), "package w;\npublic class Helper {\n}\n");
        for (String name : List.of("EditServlet", "QueueServlet")) {
            Files.writeString(src.resolve(name + ".java"), """
                    package w;
                    import javax.servlet.http.*;
                    @javax.servlet.annotation.WebServlet("/%s")
                    public class %s extends HttpServlet {
                        protected void doGet(HttpServletRequest q, HttpServletResponse r) {
                            q.getSession().setAttribute("helper", new Helper());
                        }
                    }
                    """.formatted(name, name));
        }
        Finding finding = new Finding("WAN010", Severity.WARNING, "2 places store a Helper in the HttpSession",
                new FindingLocation("src/w/EditServlet.java", 6, "w.EditServlet", "doGet"), List.of(), List.of(), null, null, new FindingSubject.SessionClass("w.Helper"));

        Patch patch = new MakeSessionStateSerializable().patchFor(finding, TextApp.analysed(app)).orElseThrow();
        assertThat(patch.changes()).singleElement().isInstanceOfSatisfying(FileChange.Edit.class, e -> {
            assertThat(e.file()).isEqualTo("src/w/Helper.java");
            assertThat(e.edits()).hasSize(1);
        });
    }
}
