package io.wanlint.refactorings.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link ApiLevel#eeImports} counts exactly what the pattern it replaced matched, which stays here
 * as the oracle: the namespace and platform a patch is generated and compiled for depend on the count.
 */
class ApiLevelImportsTest {
    /** The pattern ApiLevel tried at every character of every source before (session 11). */
    private static final Pattern ORACLE = Pattern.compile(
            "(?m)^\\s*import\\s+(javax|jakarta)\\.(ejb|servlet|persistence|jms|inject|annotation|ws\\.rs|faces|enterprise|"
                    + "transaction\\.(?!xa)|resource|mail|validation|json|websocket|batch|security|xml\\.ws|xml\\.bind)\\b");

    private static int[] oracle(String text) {
        int[] counts = new int[2];
        Matcher m = ORACLE.matcher(text);
        while (m.find()) counts[m.group(1).equals("jakarta") ? 1 : 0]++;
        return counts;
    }

    @Test
    void countsImportsAtLineStartsByNamespace() {
        String text = "package a;\nimport javax.ejb.EJB;\n  import jakarta.servlet.Servlet;\r\nimport javax.sql.DataSource;\n"
                + "import javax.transaction.xa.XAResource;\nimport javax.transaction.UserTransaction;\n";
        assertThat(ApiLevel.eeImports(text)).containsExactly(2, 1);
    }

    @Test
    void anImportNotAtTheStartOfALineIsNotCounted() {
        assertThat(ApiLevel.eeImports("class A {} import javax.ejb.EJB;\n// import javax.ejb.X;\nreimport javax.ejb.Y;\n"))
                .containsExactly(0, 0);
    }

    @Test
    void whitespaceAcrossLinesAndUnicodeLineSeparatorsStartALine() {
        assertThat(ApiLevel.eeImports("x;  \n \t import javax.ejb.EJB;x;\u2028import jakarta.jms.Queue;x;\u0085import javax.mail.Session;"))
                .containsExactly(2, 1);
        assertThat(ApiLevel.eeImports("import javax.ejb.EJB;")).containsExactly(1, 0);
    }

    @Test
    void countsAsThePatternItReplacedOnRandomTexts() {
        List<String> pieces = List.of("import", "import ", " ", "\t", "\n", "\r", "\r\n", "\u000B", "\f", "\u0085", "\u2028", "\u2029",
                "javax.", "jakarta.", "ejb", "ejbx", "servlet", "ws.rs", "ws.r", "transaction.", "transaction.xa", "transaction.X", "xml.bind",
                "xml.", "x", ";", ".", "/*", "*/", "//", "\"", "import javax.ejb.EJB;", "import jakarta.inject.Inject;", "importjavax.ejb",
                "1", "_", "$", "é", "\u00a0");
        Random random = new Random(22);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder text = new StringBuilder();
            int n = random.nextInt(24);
            for (int i = 0; i < n; i++) text.append(pieces.get(random.nextInt(pieces.size())));
            String s = text.toString();
            assertThat(ApiLevel.eeImports(s)).as("%s", s.replace("\n", "\\n").replace("\r", "\\r")).containsExactly(oracle(s));
        }
    }
}
