package io.wanlint.bench;

/** One file of a generated application: its path relative to the application root, and its text. */
public record GeneratedFile(String path, String content) {

    /** Lines of text (the number of line feeds: generated files always end with one). */
    public int lines() {
        int n = 0;
        for (int i = 0; i < content.length(); i++) if (content.charAt(i) == '\n') n++;
        return n;
    }

    public boolean isJava() { return path.endsWith(".java"); }
    public boolean isJsp() { return path.endsWith(".jsp"); }
    public boolean isXml() { return path.endsWith(".xml"); }
}
