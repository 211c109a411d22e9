package io.wanlint.analyzer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.LineEndingProcessingProvider;
import com.github.javaparser.Provider;
import com.github.javaparser.Providers;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineSeparatorDetectionTest {
    @Test
    void countsAndPassesOnWhatJavaParsersProviderDoesForAnyReadSizes() throws IOException {
        Random random = new Random(7);
        String alphabet = "\r\n\r\nab \t;";
        for (int round = 0; round < 500; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(3_000);
            for (int i = 0; i < length; i++) text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            if (round % 5 == 0) text = new StringBuilder(text.toString().replace("\r", ""));
            if (round % 7 == 0) text = new StringBuilder(text.toString().replace("\n", ""));
            // Only \r\n: JavaParser's provider calls it mixed when one falls across two reads.
            if (round % 2 == 1) text = new StringBuilder(text.toString().replace("\r", "").replace("\n", "\r\n"));
            LineEndingProcessingProvider javaParsers = new LineEndingProcessingProvider(Providers.provider(text.toString()));
            LineSeparatorDetection.Counting ours = new LineSeparatorDetection.Counting(Providers.provider(text.toString()));
            long seed = random.nextLong();
            // The same read sizes on both, small ones too, so that a \r\n falls across two reads.
            assertThat(readAll(ours, new Random(seed))).isEqualTo(readAll(javaParsers, new Random(seed))).isEqualTo(text.toString());
            assertThat(ours.detected()).as("round %d", round).isEqualTo(javaParsers.getDetectedLineEnding());
        }
    }

    private static String readAll(Provider provider, Random sizes) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[64];
        while (true) {
            int offset = sizes.nextInt(4);
            int read = provider.read(buffer, offset, 1 + sizes.nextInt(buffer.length - offset - 1));
            if (read < 0) return out.toString();
            out.append(Arrays.copyOfRange(buffer, offset, offset + read));
        }
    }

    @Test
    void aParsedFileRecordsTheSeparatorJavaParserRecords() {
        assertThat(LineSeparatorDetection.available()).as("JavaParser's processor is found, so it is replaced").isTrue();
        for (String separator : new String[] {"\n", "\r\n", "\r", "", "MIXED"}) {
            String source = separator.equals("MIXED") ? "class A {\r\n int x;\n int y;\r}\n"
                    : String.join(separator, "class A {", "  int x; // c", "}", "");
            CompilationUnit plain = new JavaParser().parse(source).getResult().orElseThrow();
            CompilationUnit ours = new JavaSources().parse(new TextFile("A.java", Path.of("/nowhere/A.java"), source, "UTF-8"))
                    .unit().unit();

            assertThat(ours.getData(Node.LINE_SEPARATOR_KEY)).as(separator).isEqualTo(plain.getData(Node.LINE_SEPARATOR_KEY));
        }
    }
}
