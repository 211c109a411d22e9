package io.wanlint.rules.api;

import io.wanlint.analyzer.api.RuleDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Builds a rule's {@link RuleDescriptor} from its {@link RuleInfo} and its Markdown page. */
public final class RuleDescriptors {
    private RuleDescriptors() {}

    /** Where explanation pages live on the class path. */
    public static final String DOCS = "/io/wanlint/rules/docs/";

    /**
     * Reads the annotation of {@code ruleClass} and the page {@code DOCS + id + ".md"}.
     *
     * @throws IllegalStateException when the class has no annotation or the page is missing (a
     *                               packaging bug, caught by the registry's test)
     */
    public static RuleDescriptor of(Class<? extends Rule> ruleClass) {
        RuleInfo info = ruleClass.getAnnotation(RuleInfo.class);
        if (info == null) throw new IllegalStateException(ruleClass.getName() + " has no @RuleInfo");
        return new RuleDescriptor(info.id(), info.name(), info.severity(), info.summary(), info.since(),
                List.of(info.tags()), page(info.id()));
    }

    private static String page(String id) {
        try (InputStream in = RuleDescriptors.class.getResourceAsStream(DOCS + id + ".md")) {
            if (in == null) throw new IllegalStateException("missing explanation page " + DOCS + id + ".md");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
