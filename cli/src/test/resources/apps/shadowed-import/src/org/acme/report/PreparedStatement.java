package org.acme.report;

/** A report line whose text is fixed before the request starts (not JDBC's). */
public class PreparedStatement {
    private final String text;

    public PreparedStatement(String text) { this.text = text; }

    public String text() { return text; }
}
