package io.wanlint.bench;

/**
 * Appends indented lines of generated source text. Indentation is four spaces per level and lines
 * end with {@code \n} only, so the output is byte-for-byte the same on every platform.
 */
final class SourceText {
    private final StringBuilder text = new StringBuilder(4096);
    private int depth;

    /** One line at the current indentation (an empty argument gives an empty line). */
    SourceText line(String s) {
        if (!s.isEmpty()) text.append("    ".repeat(depth)).append(s);
        text.append('\n');
        return this;
    }

    SourceText blank() {
        text.append('\n');
        return this;
    }

    /** {@code header {} and one level deeper. */
    SourceText open(String header) {
        line(header + " {");
        depth++;
        return this;
    }

    /** Closes a block opened with {@link #open}. */
    SourceText close() {
        depth--;
        return line("}");
    }

    /** Closes a block and continues on the same line, e.g. {@code "} catch (E e)"}. */
    SourceText reopen(String continuation) {
        depth--;
        line("} " + continuation + " {");
        depth++;
        return this;
    }

    /** Verbatim text, for JSP and XML where indentation is part of the template. */
    SourceText raw(String s) {
        text.append(s);
        if (!s.endsWith("\n")) text.append('\n');
        return this;
    }

    /** The licence header every file of a corporate code base starts with. */
    SourceText javaHeader(String company, int year) {
        line("/*");
        line(" * Copyright (c) " + year + " " + company + ". All rights reserved.");
        line(" *");
        line(" * This software is the confidential and proprietary information of " + company + ".");
        line(" * You shall not disclose such confidential information and shall use it only in");
        line(" * accordance with the terms of the license agreement you entered into with " + company + ".");
        line(" */");
        return this;
    }

    @Override public String toString() { return text.toString(); }
}
