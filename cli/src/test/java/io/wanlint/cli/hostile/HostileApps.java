package io.wanlint.cli.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Small applications and archives for the hostile-input tests, written into a test's folder. */
final class HostileApps {
    private HostileApps() {}

    /** A servlet that analyses cleanly: what must still show up next to the bad file. */
    static String servletSource(String pkg, String name) {
        return """
                package %s;

                import javax.servlet.http.HttpServlet;
                import javax.servlet.http.HttpServletRequest;
                import javax.servlet.http.HttpServletResponse;

                public class %s extends HttpServlet {
                    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                        response.setStatus(200);
                    }
                }
                """.formatted(pkg, name);
    }

    static String webXml(String servletClass, String url) {
        String name = servletClass.substring(servletClass.lastIndexOf('.') + 1);
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <web-app>
                  <servlet><servlet-name>%1$s</servlet-name><servlet-class>%2$s</servlet-class></servlet>
                  <servlet-mapping><servlet-name>%1$s</servlet-name><url-pattern>%3$s</url-pattern></servlet-mapping>
                </web-app>
                """.formatted(name, servletClass, url);
    }

    /** {@code src/shop/Good.java}, a servlet found by its type alone (no descriptor needed). */
    static Path goodServlet(Path root) {
        write(root.resolve("src/shop/Good.java"), servletSource("shop", "Good"));
        return root;
    }

    static Path write(Path file, String text) {
        return write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A ZIP with these entries in this order (names are written as given, unsafe ones included). */
    static byte[] zip(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static byte[] utf8(String text) { return text.getBytes(StandardCharsets.UTF_8); }

    /**
     * One entry of a hand-built ZIP: what {@link ZipOutputStream} refuses to write (duplicate
     * names, the encryption flag, a declared size that is not the real one).
     *
     * @param data the bytes as stored (already deflated when {@code method} is 8)
     * @param size the uncompressed size the headers declare
     */
    record RawEntry(String name, int flags, int method, byte[] data, long crc, long size) {
        /** A stored (uncompressed) entry with its true size and checksum. */
        static RawEntry stored(String name, byte[] bytes) {
            CRC32 crc = new CRC32();
            crc.update(bytes);
            return new RawEntry(name, 0, 0, bytes, crc.getValue(), bytes.length);
        }

        RawEntry withFlags(int f) { return new RawEntry(name, f, method, data, crc, size); }
    }

    /** A ZIP of these entries, headers written field by field (no ZIP64: entries under 4 GiB). */
    static byte[] rawZip(List<RawEntry> entries) {
        ByteBuffer out = ByteBuffer.allocate(entries.stream().mapToInt(e -> 2 * (e.data().length + 100 + e.name().length())).sum() + 100)
                .order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> offsets = new ArrayList<>();
        for (RawEntry e : entries) {
            offsets.add(out.position());
            byte[] name = utf8(e.name());
            out.putInt(0x04034b50).putShort((short) 20).putShort((short) (e.flags() | 0x800)).putShort((short) e.method())
                    .putInt(0).putInt((int) e.crc()).putInt(e.data().length).putInt((int) e.size())
                    .putShort((short) name.length).putShort((short) 0).put(name).put(e.data());
        }
        int directory = out.position();
        for (int i = 0; i < entries.size(); i++) {
            RawEntry e = entries.get(i);
            byte[] name = utf8(e.name());
            out.putInt(0x02014b50).putShort((short) 20).putShort((short) 20).putShort((short) (e.flags() | 0x800))
                    .putShort((short) e.method()).putInt(0).putInt((int) e.crc()).putInt(e.data().length).putInt((int) e.size())
                    .putShort((short) name.length).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                    .putShort((short) 0).putInt(0).putInt(offsets.get(i)).put(name);
        }
        int end = out.position();
        out.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries.size())
                .putShort((short) entries.size()).putInt(end - directory).putInt(directory).putShort((short) 0);
        return Arrays.copyOf(out.array(), out.position());
    }

    /**
     * A raw deflate stream of {@code mebibytes} MiB of zeros, about 1 KB per MiB: one fully flushed
     * block repeated (each copy is independent of the others), then an empty final block.
     */
    static byte[] deflatedZeros(int mebibytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        deflater.setInput(new byte[1 << 20]);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        int n;
        while ((n = deflater.deflate(buffer, 0, buffer.length, Deflater.FULL_FLUSH)) > 0) block.write(buffer, 0, n);
        deflater.end();
        byte[] one = block.toByteArray();
        ByteArrayOutputStream stream = new ByteArrayOutputStream(one.length * mebibytes + 5);
        for (int i = 0; i < mebibytes; i++) stream.write(one, 0, one.length);
        stream.write(new byte[] {1, 0, 0, (byte) 0xff, (byte) 0xff}, 0, 5); // final stored block, empty
        return stream.toByteArray();
    }
}
