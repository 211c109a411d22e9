package io.wanlint.analyzer.ingest;

import java.nio.file.Path;

/**
 * A decoded text file of the application.
 *
 * @param path     relative, {@code /}-separated; archive members as {@code shop.ear!/web.war!/index.jsp}
 * @param absolute where its bytes are on disk
 * @param text     decoded contents, BOM removed, line endings as in the file
 * @param encoding charset name it was decoded with (UTF-8 or ISO-8859-1, or a declared one)
 */
public record TextFile(String path, Path absolute, String text, String encoding) {}
