package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.TextApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A patch is compiled against the API of the platform the application declares: the same
 * annotation-based patch is declined for a J2EE 1.4 application and verified for a Java EE 6 one,
 * and a Jakarta EE 10 application does not see the {@code javax} API.
 */
class PlatformApiVerificationTest {
    @TempDir Path app;

    private static final String BEAN = """
            package org.acme.ejb;

            import %1$s.ejb.SessionBean;
            import %1$s.ejb.SessionContext;

            public class CartBean implements SessionBean {
                public int count() { return 0; }
                public void ejbCreate() {}
                public void setSessionContext(SessionContext c) {}
                public void ejbRemove() {}
                public void ejbActivate() {}
                public void ejbPassivate() {}
            }
            """;

    private static final String BEAN_FILE = "src/org/acme/ejb/CartBean.java";

    private RefactoringContext appDeclaring(String descriptorPath, String descriptor, String namespace) throws IOException {
        TextApp.write(app, descriptorPath, descriptor, StandardCharsets.UTF_8);
        TextApp.write(app, BEAN_FILE, BEAN.formatted(namespace), StandardCharsets.UTF_8);
        return TextApp.analysed(app);
    }

    /** The patch a generator writing for Java EE 5+ would make: the bean declared by annotation. */
    private static Patch annotating(String namespace) { return annotating(namespace, namespace); }

    private static Patch annotating(String beanNamespace, String namespace) {
        String text = BEAN.formatted(beanNamespace);
        String before = "public class CartBean";
        int at = text.indexOf(before);
        return new Patch("fp", "WAN003", "declare CartBean by annotation", List.of(new FileChange.Edit(BEAN_FILE,
                List.of(new TextEdit(BEAN_FILE, at, at, "@" + namespace + ".ejb.Stateless\n")))), null, null);
    }

    private static PatchVerifier.Verdict verdict(RefactoringContext context, Patch patch) {
        try (PatchVerifier v = PatchVerifier.of(context, CompileClassPath.of(context, List.of()))) {
            return v.verdict(List.of(patch));
        }
    }

    @Test
    void anAnnotationPatchForAJ2ee14ApplicationDoesNotCompileAgainstTheJ2ee14Api() throws IOException {
        RefactoringContext context = appDeclaring("META-INF/ejb-jar.xml",
                "<ejb-jar xmlns=\"http://java.sun.com/xml/ns/j2ee\" version=\"2.1\"><enterprise-beans/></ejb-jar>\n", "javax");
        assertThat(context.platform().platform()).isEqualTo(ApiLevel.Platform.J2EE_1_4);
        assertThat(verdict(context, annotating("javax"))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                assertThat(b.reason()).startsWith("the patch would not compile: " + BEAN_FILE + ":6: cannot find symbol")
                        .contains("class Stateless"));
    }

    @Test
    void theSameAnnotationPatchForAJavaEe6ApplicationCompiles() throws IOException {
        RefactoringContext context = appDeclaring("WEB-INF/web.xml",
                "<web-app xmlns=\"http://java.sun.com/xml/ns/javaee\" version=\"3.0\"/>\n", "javax");
        assertThat(context.platform().platform()).isEqualTo(ApiLevel.Platform.JAVA_EE_6);
        assertThat(verdict(context, annotating("javax"))).isEqualTo(new PatchVerifier.Verdict.Verified());
    }

    @Test
    void aJavaEe6ApplicationIsNotCompiledAgainstJavaEe7sApi() throws IOException {
        RefactoringContext context = appDeclaring("WEB-INF/web.xml",
                "<web-app xmlns=\"http://java.sun.com/xml/ns/javaee\" version=\"3.0\"/>\n", "javax");
        // JMS 2.0's JMSContext came with Java EE 7.
        String text = BEAN.formatted("javax");
        int at = text.indexOf("public int count()");
        Patch jms2 = new Patch("fp", "WAN006", "t", List.of(new FileChange.Edit(BEAN_FILE,
                List.of(new TextEdit(BEAN_FILE, at, at, "javax.jms.JMSContext jms;\n    ")))), null, null);
        assertThat(verdict(context, jms2)).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                assertThat(b.reason()).contains("JMSContext"));
    }

    @Test
    void aJakartaEe10ApplicationCompilesJakartaCodeAndNotJavaxCode() throws IOException {
        RefactoringContext context = appDeclaring("WEB-INF/web.xml",
                "<web-app xmlns=\"https://jakarta.ee/xml/ns/jakartaee\" version=\"6.0\"/>\n", "jakarta");
        assertThat(context.platform().platform()).isEqualTo(ApiLevel.Platform.JAKARTA_EE_10);
        assertThat(verdict(context, annotating("jakarta"))).isEqualTo(new PatchVerifier.Verdict.Verified());
        assertThat(verdict(context, annotating("jakarta", "javax"))).isInstanceOfSatisfying(PatchVerifier.Verdict.Broken.class, b ->
                assertThat(b.reason()).contains("package javax.ejb does not exist"));
    }

    @Test
    void everyPlatformsApiJarsAreBundled() {
        for (ApiLevel.Platform p : ApiLevel.Platform.values()) {
            CompileClassPath cp = CompileClassPath.of(p, java.util.Optional.empty(), List.of());
            assertThat(cp.api()).as("%s", p).startsWith(p + ": ").doesNotContain("missing");
            assertThat(cp.entries()).as("%s", p).allMatch(Files::isRegularFile);
            assertThat(cp.entries().size() + cp.ownApi().size()).as("%s", p).isPositive();
        }
    }
}
