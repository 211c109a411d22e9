package io.wanlint.report.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * The one place that decides how wanlint's JSON looks: two-space indent, {@code "key": value},
 * {@code \n} line ends on every platform, so golden files and diffs between runs are stable.
 */
public final class JsonOutput {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private JsonOutput() {}

    /** Something that writes a document to a {@link Writer}. */
    @FunctionalInterface
    public interface Document {
        void writeTo(Writer out) throws IOException;
    }

    /** A document as a string (a {@link StringWriter} never fails, so neither does this). */
    public static String render(Document document) {
        StringWriter out = new StringWriter();
        try {
            document.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    public static JsonGenerator open(Writer out) throws IOException {
        JsonGenerator gen = FACTORY.createGenerator(out);
        gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        gen.setPrettyPrinter(new DefaultPrettyPrinter(separators)
                .withObjectIndenter(indenter).withArrayIndenter(indenter));
        return gen;
    }

    /** Writes the field only when the value is present: optional fields are absent, never null. */
    public static void optional(JsonGenerator gen, String field, String value) throws IOException {
        if (value != null && !value.isEmpty()) gen.writeStringField(field, value);
    }

    public static void stringArray(JsonGenerator gen, String field, List<String> values) throws IOException {
        gen.writeArrayFieldStart(field);
        for (String v : values) gen.writeString(v);
        gen.writeEndArray();
    }
}
