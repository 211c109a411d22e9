package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Finding;
import io.wanlint.analyzer.api.FindingLocation;
import io.wanlint.analyzer.api.FindingSubject;
import io.wanlint.analyzer.api.RoundTrips;
import io.wanlint.analyzer.api.Severity;
import io.wanlint.fixtures.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagDeclaredComponentsTest {
    private static final Path APP = Fixtures.app("xdoclet-store");
    private static final AnalysisResult ANALYSIS = Analyzer.analyze(AnalysisRequest.of(APP));
    private static final String PRODUCT = "src/java/org/example/xstore/ejb/entity/ProductBean.java";

    private static RefactoringContext context() { return new RefactoringContext(ANALYSIS, APP); }

    private static Finding readMostlyProduct() {
        return new Finding("WAN005", Severity.NOTE, "Product is read far more than written",
                new FindingLocation(PRODUCT, 30, "org.example.xstore.ejb.entity.ProductBean", null), List.of(), List.of(),
                RoundTrips.ZERO, RoundTrips.ZERO, new FindingSubject.Entity("Product"));
    }

    private static Patch patch(FileChange... changes) {
        return new Patch("fp", "WAN005", "Declare Product read-only", List.of(changes), RoundTrips.ZERO, RoundTrips.ZERO);
    }

    @Test
    void aDescriptorWrittenForATagDeclaredBeanIsDeclinedWithItsTag() {
        Patch p = patch(new FileChange.Create("META-INF/jboss.xml", "<jboss/>"));
        assertThat(TagDeclaredComponents.whyNot(p, readMostlyProduct(), context())).hasValue(
                "declared by XDoclet tags: edit @jboss.read-only (or @weblogic.cache concurrency-strategy=\"ReadOnly\") in "
                        + "ProductBean.java (Product); XDoclet writes jboss.xml from them at build time and would overwrite this "
                        + "patch's descriptor changes");
    }

    @Test
    void anEditOfJavaCodeOnlyIsNotDeclined() {
        Patch p = patch(new FileChange.Edit(PRODUCT, List.of(new TextEdit(PRODUCT, 0, 0, "// x\n"))));
        assertThat(TagDeclaredComponents.whyNot(p, readMostlyProduct(), context())).isEmpty();
    }

    @Test
    void anApplicationWithoutTagsIsNotConcerned() {
        Path rubis = Fixtures.app("rubis-entity");
        RefactoringContext ctx = new RefactoringContext(Analyzer.analyze(AnalysisRequest.of(rubis)), rubis);
        Patch p = patch(new FileChange.Create("META-INF/jboss.xml", "<jboss/>"));
        assertThat(TagDeclaredComponents.whyNot(p, readMostlyProduct(), ctx)).isEmpty();
    }
}
