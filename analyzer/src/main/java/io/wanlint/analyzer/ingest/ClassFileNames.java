package io.wanlint.analyzer.ingest;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Optional;

/**
 * Reads the internal name ({@code com/acme/Cart}) of the class a class file declares, from its
 * constant pool. Written by hand rather than with ASM so that class files of any version, even
 * newer than the bundled ASM knows, still yield their name.
 */
final class ClassFileNames {
    private ClassFileNames() {}

    private static final int MAGIC = 0xCAFEBABE;

    /** The {@code this_class} name, or empty when the bytes are not a readable class file. */
    static Optional<String> internalName(byte[] classFile) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile))) {
            if (in.readInt() != MAGIC) return Optional.empty();
            in.readUnsignedShort(); // minor version
            in.readUnsignedShort(); // major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            int[] classNameIndex = new int[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 7 -> classNameIndex[i] = in.readUnsignedShort();
                    case 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // long and double take two slots
                    }
                    default -> {
                        return Optional.empty();
                    }
                }
            }
            in.readUnsignedShort(); // access flags
            int thisClass = in.readUnsignedShort();
            if (thisClass <= 0 || thisClass >= count) return Optional.empty();
            int nameIndex = classNameIndex[thisClass];
            if (nameIndex <= 0 || nameIndex >= count) return Optional.empty();
            return Optional.ofNullable(utf8[nameIndex]);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
