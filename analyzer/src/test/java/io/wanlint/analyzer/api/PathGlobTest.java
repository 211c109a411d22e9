package io.wanlint.analyzer.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PathGlobTest {
    @Test
    void aGlobWithoutSlashNamesAFileOrFolderAtAnyDepthAndAFolderCoversItsContent() {
        PathGlob build = PathGlob.of("build");
        assertThat(build.matches("build/classes/A.class")).isTrue();
        assertThat(build.matches("module/build/A.java")).isTrue();
        assertThat(build.matches("builder/A.java")).isFalse();
        assertThat(PathGlob.of("*.jsp").matches("web/admin/index.jsp")).isTrue();
    }

    @Test
    void aLeadingSlashAnchorsAtTheAnalysedFolder() {
        PathGlob top = PathGlob.of("/build");
        assertThat(top.matches("build/A.java")).isTrue();
        assertThat(top.matches("module/build/A.java")).isFalse();
    }

    @Test
    void starsStayInASegmentDoubleStarsCrossAndMayMatchNothing() {
        assertThat(PathGlob.of("src/*/A.java").matches("src/a/A.java")).isTrue();
        assertThat(PathGlob.of("src/*/A.java").matches("src/a/b/A.java")).isFalse();
        PathGlob generated = PathGlob.of("**/generated/**");
        assertThat(generated.matches("generated/X.java")).isTrue();
        assertThat(generated.matches("a/b/generated/c/X.java")).isTrue();
        assertThat(generated.matches("a/regenerated/X.java")).isFalse();
    }

    @Test
    void bracesPickAlternativesAndUnbalancedOnesAreLiteral() {
        PathGlob either = PathGlob.of("{test,it}/**");
        assertThat(either.matches("test/A.java")).isTrue();
        assertThat(either.matches("it/b/A.java")).isTrue();
        assertThat(either.matches("main/A.java")).isFalse();
        assertThat(PathGlob.of("a}b").matches("a}b")).isTrue();
        assertThat(PathGlob.of("a,b").matches("a,b")).isTrue();
    }

    @Test
    void archiveMembersMatchAsPathsInsideTheArchivesPath() {
        assertThat(PathGlob.of("shop.war/WEB-INF/*.jspf").matches("shop.war!/WEB-INF/header.jspf")).isTrue();
        assertThat(PathGlob.of("WEB-INF").matches("dist/shop.war!/WEB-INF/web.xml")).isTrue();
    }

    @Test
    void regexCharactersInAGlobAreLiteral() {
        assertThat(PathGlob.of("a+b(1).java").matches("x/a+b(1).java")).isTrue();
        assertThat(PathGlob.of("a.java").matches("abjava")).isFalse();
    }
}
