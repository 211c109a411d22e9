package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipDirectoryTest {
    @TempDir Path dir;

    private List<ZipDirectory.Entry> read(byte[] zip) throws IOException {
        Path file = Files.write(dir.resolve("a.zip"), zip);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return ZipDirectory.read(channel);
        }
    }

    private String text(byte[] zip, String name) throws IOException {
        Path file = Files.write(dir.resolve("a.zip"), zip);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ZipDirectory.Entry entry = ZipDirectory.read(channel).stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
            try (InputStream in = ZipDirectory.open(channel, entry)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** Sets general-purpose flag bit 0 in the local and central headers of the entry named {@code name}. */
    private static byte[] encrypt(byte[] zip, String name) {
        byte[] copy = Arrays.copyOf(zip, zip.length);
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + 46 < copy.length; i++) {
            int signature = b.getInt(i);
            int nameAt = signature == 0x04034b50 ? i + 30 : signature == 0x02014b50 ? i + 46 : -1;
            int length = signature == 0x04034b50 ? b.getShort(i + 26) : signature == 0x02014b50 ? b.getShort(i + 28) : -1;
            if (nameAt > 0 && length == wanted.length && Arrays.equals(copy, nameAt, nameAt + length, wanted, 0, length)) {
                int flags = signature == 0x04034b50 ? i + 6 : i + 8;
                b.putShort(flags, (short) (b.getShort(flags) | 1));
            }
        }
        return copy;
    }

    @Test
    void entriesAreListedInDirectoryOrderAndEncryptedOnesAreFlagged() throws IOException {
        byte[] zip = encrypt(Zips.zip().add("a.txt", "alpha").add("secret.txt", "hidden").add("b/c.txt", "gamma").bytes(),
                "secret.txt");

        List<ZipDirectory.Entry> entries = read(zip);

        assertThat(entries).extracting(ZipDirectory.Entry::name).containsExactly("a.txt", "secret.txt", "b/c.txt");
        assertThat(entries).extracting(ZipDirectory.Entry::encrypted).containsExactly(false, true, false);
        assertThat(text(zip, "b/c.txt")).isEqualTo("gamma");
        assertThat(text(zip, "a.txt")).isEqualTo("alpha");
    }

    @Test
    void theDataOfAnEncryptedEntryIsNeverReturned() throws IOException {
        byte[] zip = encrypt(Zips.zip().add("secret.txt", "hidden").bytes(), "secret.txt");

        assertThatThrownBy(() -> text(zip, "secret.txt")).isInstanceOf(ZipException.class).hasMessage("encrypted entry");
    }

    @Test
    void aZip64DirectoryOfMoreThan65535EntriesIsRead() throws IOException {
        Zips many = Zips.zip();
        for (int i = 0; i < 70_000; i++) many.add("e" + i, "");
        many.add("last.txt", "end");

        List<ZipDirectory.Entry> entries = read(many.bytes());

        assertThat(entries).hasSize(70_001);
        assertThat(text(many.bytes(), "last.txt")).isEqualTo("end");
    }

    @Test
    void aDirectoryPointingOutsideTheFileIsRefused() {
        byte[] zip = Zips.zip().add("a.txt", "alpha").bytes();
        ByteBuffer b = ByteBuffer.wrap(zip).order(ByteOrder.LITTLE_ENDIAN);
        int end = zip.length - 22;
        b.putInt(end + 16, zip.length + 1000); // central directory offset

        assertThatThrownBy(() -> read(zip)).isInstanceOf(ZipException.class).hasMessage("central directory outside the file");
    }
}
