package io.wanlint.analyzer.ingest;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * The central directory of a ZIP archive, read field by field, and its entries' data.
 *
 * <p>Used where {@link java.util.zip.ZipFile} gives up on a whole archive because of one entry:
 * it refuses any archive holding an encrypted entry, and its stream reader stops at the first
 * one. Here an encrypted entry is only flagged ({@link Entry#encrypted()}), so that the caller can
 * skip it and read the rest. Stored and deflated entries can be read; ZIP64 sizes and offsets are
 * understood. Every offset and size is checked against the file, so a forged directory gives a
 * {@link ZipException}, never a read outside the archive.
 */
final class ZipDirectory {
    private static final int END = 0x06054b50, END64 = 0x06064b50, END64_LOCATOR = 0x07064b50;
    private static final int CENTRAL = 0x02014b50, LOCAL = 0x04034b50;
    private static final int END_SIZE = 22, MAX_COMMENT = 0xFFFF;

    /** One central directory record. */
    record Entry(String name, int flags, int method, long compressedSize, long size, long localHeader) {
        /** General-purpose flag bit 0: the data cannot be read without a password. */
        boolean encrypted() { return (flags & 1) != 0; }

        boolean isDirectory() { return name.endsWith("/"); }
    }

    private ZipDirectory() {}

    /** The directory's records in directory order. */
    static List<Entry> read(FileChannel zip) throws IOException {
        long length = zip.size();
        int tail = (int) Math.min(length, END_SIZE + MAX_COMMENT);
        ByteBuffer end = readAt(zip, length - tail, tail);
        int at = -1;
        for (int i = tail - END_SIZE; i >= 0; i--) {
            if (end.getInt(i) == END) {
                at = i;
                break;
            }
        }
        if (at < 0) throw new ZipException("no end of central directory record");
        long count = end.getShort(at + 10) & 0xFFFF;
        long size = end.getInt(at + 12) & 0xFFFFFFFFL;
        long offset = end.getInt(at + 16) & 0xFFFFFFFFL;
        if ((count == 0xFFFF || size == 0xFFFFFFFFL || offset == 0xFFFFFFFFL) && at >= 20
                && end.getInt(at - 20) == END64_LOCATOR) {
            long end64 = end.getLong(at - 20 + 8);
            if (end64 < 0 || end64 + 56 > length) throw new ZipException("ZIP64 end record outside the file");
            ByteBuffer z = readAt(zip, end64, 56);
            if (z.getInt(0) != END64) throw new ZipException("bad ZIP64 end record");
            count = z.getLong(32);
            size = z.getLong(40);
            offset = z.getLong(48);
        }
        if (size < 0 || offset < 0 || size > Integer.MAX_VALUE || offset + size > length) {
            throw new ZipException("central directory outside the file");
        }
        ByteBuffer dir = readAt(zip, offset, (int) size);
        List<Entry> entries = new ArrayList<>();
        int p = 0;
        while (p + 46 <= size && dir.getInt(p) == CENTRAL) {
            int flags = dir.getShort(p + 8) & 0xFFFF;
            int method = dir.getShort(p + 10) & 0xFFFF;
            long csize = dir.getInt(p + 20) & 0xFFFFFFFFL;
            long usize = dir.getInt(p + 24) & 0xFFFFFFFFL;
            int nameLength = dir.getShort(p + 28) & 0xFFFF;
            int extraLength = dir.getShort(p + 30) & 0xFFFF;
            int commentLength = dir.getShort(p + 32) & 0xFFFF;
            long local = dir.getInt(p + 42) & 0xFFFFFFFFL;
            int next = p + 46 + nameLength + extraLength + commentLength;
            if (next > size) throw new ZipException("central directory record " + entries.size() + " is truncated");
            byte[] name = new byte[nameLength];
            dir.get(p + 46, name);
            // ZIP64 extended information: the 8-byte values, in this order, of the fields set to all ones.
            for (int x = p + 46 + nameLength; x + 4 <= p + 46 + nameLength + extraLength; ) {
                int id = dir.getShort(x) & 0xFFFF, len = dir.getShort(x + 2) & 0xFFFF;
                if (id == 0x0001) {
                    int v = x + 4, limit = Math.min(x + 4 + len, p + 46 + nameLength + extraLength);
                    if (usize == 0xFFFFFFFFL && v + 8 <= limit) { usize = dir.getLong(v); v += 8; }
                    if (csize == 0xFFFFFFFFL && v + 8 <= limit) { csize = dir.getLong(v); v += 8; }
                    if (local == 0xFFFFFFFFL && v + 8 <= limit) local = dir.getLong(v);
                }
                x += 4 + len;
            }
            if (csize < 0 || local < 0 || local > length) {
                throw new ZipException("central directory record " + entries.size() + " points outside the file");
            }
            entries.add(new Entry(name(name, (flags & 0x800) != 0), flags, method, csize, usize, local));
            p = next;
        }
        if (entries.size() != count && count != 0xFFFF) {
            throw new ZipException("central directory holds " + entries.size() + " records, its end record says " + count);
        }
        return entries;
    }

    /** The uncompressed data of an entry that is not encrypted. */
    static InputStream open(FileChannel zip, Entry e) throws IOException {
        if (e.encrypted()) throw new ZipException("encrypted entry");
        ByteBuffer local = readAt(zip, e.localHeader(), 30);
        if (local.getInt(0) != LOCAL) throw new ZipException("bad local header");
        long data = e.localHeader() + 30 + (local.getShort(26) & 0xFFFF) + (local.getShort(28) & 0xFFFF);
        if (data + e.compressedSize() > zip.size()) throw new ZipException("entry data outside the file");
        InputStream raw = new Slice(zip, data, e.compressedSize());
        return switch (e.method()) {
            case 0 -> raw;
            case 8 -> new RawInflaterStream(raw);
            default -> throw new ZipException("unsupported compression method " + e.method());
        };
    }

    private static String name(byte[] bytes, boolean utf8) {
        if (utf8) return new String(bytes, StandardCharsets.UTF_8);
        try {
            // Unflagged names are UTF-8 in practice, or a legacy code page (read as Latin-1, as ArchiveExtractor does).
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    private static ByteBuffer readAt(FileChannel zip, long position, int size) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (zip.read(buffer, position + buffer.position()) < 0) throw new EOFException("archive ends early");
        }
        return buffer.flip();
    }

    /** A byte range of the archive. */
    private static final class Slice extends InputStream {
        private final FileChannel zip;
        private long position;
        private final long end;

        Slice(FileChannel zip, long start, long length) {
            this.zip = zip;
            this.position = start;
            this.end = start + length;
        }

        @Override public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override public int read(byte[] b, int off, int len) throws IOException {
            if (position >= end) return -1;
            int n = zip.read(ByteBuffer.wrap(b, off, (int) Math.min(len, end - position)), position);
            if (n < 0) throw new EOFException("archive ends early");
            position += n;
            return n;
        }
    }

    /** Raw deflate data; the inflater is released on close, and fed the one padding byte it may need at the end. */
    private static final class RawInflaterStream extends InflaterInputStream {
        private boolean padded;

        RawInflaterStream(InputStream in) {
            super(in, new Inflater(true), 64 * 1024);
        }

        @Override protected void fill() throws IOException {
            len = in.read(buf, 0, buf.length);
            if (len == -1) {
                if (padded) throw new EOFException("unexpected end of deflated data");
                padded = true;
                buf[0] = 0;
                len = 1;
            }
            inf.setInput(buf, 0, len);
        }

        @Override public void close() throws IOException {
            try {
                super.close();
            } finally {
                inf.end();
            }
        }
    }
}
