package io.wanlint.report.sarif;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which reported paths may become SARIF artifact locations under %SRCROOT%. */
class SarifLocationsTest {
    @Test
    void relativePathsThatStayUnderTheRootAreKept() {
        assertThat(SarifLogBuilder.escapesRoot("src/shop/Good.java")).isFalse();
        assertThat(SarifLogBuilder.escapesRoot("src/../WEB-INF/web.xml")).isFalse();
        assertThat(SarifLogBuilder.escapesRoot("./a.jsp")).isFalse();
    }

    @Test
    void pathsThatClimbOutOrAreAbsoluteEscape() {
        assertThat(SarifLogBuilder.escapesRoot("shop/../../etc/hostname")).isTrue();
        assertThat(SarifLogBuilder.escapesRoot("..\\secret.txt")).isTrue();
        assertThat(SarifLogBuilder.escapesRoot("/etc/hostname")).isTrue();
        assertThat(SarifLogBuilder.escapesRoot("C:/Windows/win.ini")).isTrue();
    }
}
