package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ArchiveEntryNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"../../x", "../x", "a/../../x", "/tmp/evil", "//server/share/x", "\\\\server\\x",
            "..\\..\\x", "C:/Windows/x", "c:x", "a/\0/b"})
    void unsafeNamesAreRejected(String name) {
        assertThat(ArchiveEntryNames.normalize(name)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
            "WEB-INF/web.xml, WEB-INF/web.xml",
            "a/../b.jsp, b.jsp",
            "./META-INF//ejb-jar.xml, META-INF/ejb-jar.xml",
            "WEB-INF\\classes\\A.class, WEB-INF/classes/A.class",
            "dir/, dir"})
    void safeNamesAreNormalized(String name, String expected) {
        assertThat(ArchiveEntryNames.normalize(name)).hasValue(expected);
    }
}
