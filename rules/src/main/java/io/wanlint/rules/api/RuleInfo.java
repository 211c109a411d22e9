package io.wanlint.rules.api;

import io.wanlint.analyzer.api.Severity;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata, written once on the rule class (Error Prone's {@code @BugPattern}). The long
 * explanation is not here: it is the Markdown page {@code io/wanlint/rules/docs/<id>.md}, read by
 * {@link RuleDescriptors#of(Class)}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleInfo {
    /** Stable id, {@code WAN001}; part of the contract (never renamed). */
    String id();

    /** Kebab-case name, {@code remote-fine-grained-call}. */
    String name();

    Severity severity();

    /** One sentence: what the rule finds. */
    String summary();

    /** The wanlint version that introduced the rule. */
    String since();

    String[] tags() default {};
}
