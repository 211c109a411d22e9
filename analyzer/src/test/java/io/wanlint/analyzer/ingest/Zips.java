package io.wanlint.analyzer.ingest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Builds ZIP-format archives in memory for tests, entries in insertion order. */
final class Zips {
    private final Map<String, byte[]> entries = new LinkedHashMap<>();

    static Zips zip() {
        return new Zips();
    }

    Zips add(String name, String text) {
        return add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    Zips add(String name, byte[] bytes) {
        entries.put(name, bytes);
        return this;
    }

    Zips add(String name, Zips nested) {
        return add(name, nested.bytes());
    }

    byte[] bytes() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(buffer)) {
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(entry.getKey()));
                out.write(entry.getValue());
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }
}
