package io.wanlint.cli;

import static io.wanlint.cli.AppCopy.commit;
import static io.wanlint.cli.AppCopy.copy;
import static io.wanlint.cli.AppCopy.wanlint;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wanlint.cli.AppCopy.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI gate through the real CLI on a copy of a fixture: exit codes per {@code --fail-on}, a
 * baseline that hides known findings but fails on a new one, and {@code --changed-since}.
 */
class CheckGateTest {
    private static final String NEW_JDBC_SERVLET = """
            package org.acme.rubis.entity.servlets;
            import java.io.IOException;
            import java.sql.*;
            import javax.naming.InitialContext;
            import javax.servlet.ServletException;
            import javax.servlet.http.*;
            import javax.sql.DataSource;
            @javax.servlet.annotation.WebServlet("/audit") // deployed: a servlet no descriptor maps is not an entry point
            public class AuditServlet extends HttpServlet {
                protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
                    try {
                        DataSource ds = (DataSource) new InitialContext().lookup("java:comp/env/jdbc/rubis");
                        Connection c = ds.getConnection();
                        ResultSet rs = c.prepareStatement("SELECT id FROM audit").executeQuery();
                        while (rs.next()) resp.getWriter().println(rs.getLong(1));
                        c.close();
                    } catch (Exception e) {
                        throw new ServletException(e);
                    }
                }
            }
            """;

    @TempDir Path temp;
    Path app;

    @BeforeEach
    void copyFixture() throws IOException {
        app = copy("rubis-entity", temp.resolve("rubis-entity"));
    }

    private static List<String> ruleIds(JsonNode report) {
        List<String> ids = new ArrayList<>();
        report.get("findings").forEach(f -> ids.add(f.get("ruleId").asText()));
        return ids;
    }

    @Test
    void failOnDecidesTheExitCodeFromTheFindingsSeverities() throws IOException {
        // rubis-entity has warnings (WAN001, WAN002) and notes (WAN005) but no errors.
        Run json = wanlint("check", app.toString(), "--format", "json", "--fail-on", "never");
        assertThat(ruleIds(json.json())).contains("WAN001", "WAN002", "WAN005").doesNotContain("WAN003", "WAN004");
        assertThat(wanlint("check", app.toString(), "--fail-on", "error").exit()).isZero();
        assertThat(wanlint("check", app.toString(), "--fail-on", "warning").exit()).isEqualTo(1);
        assertThat(wanlint("check", app.toString(), "--fail-on", "note").exit()).isEqualTo(1);
        assertThat(wanlint("check", app.toString(), "--fail-on", "never").exit()).isZero();

        Files.writeString(app.resolve("src/org/acme/rubis/entity/servlets/AuditServlet.java"), NEW_JDBC_SERVLET);
        Run withError = wanlint("check", app.toString());
        assertThat(withError.exit()).isEqualTo(1);
        assertThat(withError.out()).contains("WAN003").contains("AuditServlet");
    }

    @Test
    void aBaselineHidesKnownFindingsFailsOnANewOneAndReportsStaleEntries() throws IOException {
        Path baseline = temp.resolve("wanlint-baseline.json");
        Run written = wanlint("baseline", app.toString(), "-o", baseline.toString());
        assertThat(written.exit()).isZero();
        assertThat(baseline).exists();

        Run clean = wanlint("check", app.toString(), "--baseline", baseline.toString(), "--fail-on", "note", "--format", "json");
        assertThat(clean.exit()).as(clean.err()).isZero();
        assertThat(clean.json().get("findings")).isEmpty();

        // A new web-tier JDBC servlet: its finding is new, the old ones stay hidden.
        Files.writeString(app.resolve("src/org/acme/rubis/entity/servlets/AuditServlet.java"), NEW_JDBC_SERVLET);
        Run fresh = wanlint("check", app.toString(), "--baseline", baseline.toString(), "--format", "json");
        assertThat(fresh.exit()).isEqualTo(1);
        assertThat(ruleIds(fresh.json())).containsExactly("WAN003");

        // Line shifts do not resurrect old findings.
        Path viewItem = app.resolve("src/org/acme/rubis/entity/servlets/ViewItem.java");
        Files.writeString(viewItem, "// moved down by a comment\n\n" + Files.readString(viewItem, StandardCharsets.ISO_8859_1),
                StandardCharsets.ISO_8859_1);
        Run shifted = wanlint("check", app.toString(), "--baseline", baseline.toString(), "--format", "json");
        assertThat(ruleIds(shifted.json())).containsExactly("WAN003");

        // Removing a page leaves its baseline entries stale.
        Files.delete(app.resolve("src/org/acme/rubis/entity/servlets/BrowseRegions.java"));
        Run stale = wanlint("check", app.toString(), "--baseline", baseline.toString(), "--fail-on", "never");
        assertThat(stale.err()).contains("stale entry").contains("BrowseRegions");
    }

    @Test
    void changedSinceReportsOnlyFindingsInFilesChangedSinceTheRef() throws Exception {
        commit(app);

        Run none = wanlint("check", app.toString(), "--changed-since", "HEAD", "--format", "json", "--fail-on", "note");
        assertThat(none.exit()).as(none.err()).isZero();
        assertThat(none.json().get("findings")).isEmpty();

        Path viewItem = app.resolve("src/org/acme/rubis/entity/servlets/ViewItem.java");
        Files.writeString(viewItem, Files.readString(viewItem, StandardCharsets.ISO_8859_1) + "\n// touched\n",
                StandardCharsets.ISO_8859_1);
        Run changed = wanlint("check", app.toString(), "--changed-since", "HEAD", "--format", "json", "--fail-on", "never");
        JsonNode findings = changed.json().get("findings");
        assertThat(findings).isNotEmpty();
        findings.forEach(f -> assertThat(f.get("location").get("file").asText()).endsWith("servlets/ViewItem.java"));

        Run badRef = wanlint("check", app.toString(), "--changed-since", "no-such-ref");
        assertThat(badRef.exit()).isEqualTo(2);
        assertThat(badRef.err()).contains("--changed-since");
    }
}
