package io.wanlint.cli;

import io.wanlint.analyzer.api.RuleDescriptor;

import java.util.List;
import java.util.Optional;

/** The rules wanlint knows, for {@code wanlint rules} and {@code wanlint explain}. Wired by the rules module. */
public interface RuleCatalog {
    List<RuleDescriptor> rules();

    /** The Markdown page of a rule id ({@code WAN003}) or topic ({@code cost-model}); empty when unknown. */
    Optional<String> explain(String ruleIdOrTopic);
}
