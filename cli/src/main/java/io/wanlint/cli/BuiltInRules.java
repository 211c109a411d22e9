package io.wanlint.cli;

import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.WanCostModel;
import io.wanlint.rules.api.Rules;

import java.util.List;
import java.util.Optional;

/** The rules module's registry, and the cost model's page, for {@code wanlint rules} and {@code explain}. */
final class BuiltInRules implements RuleCatalog {
    static final String COST_MODEL = "cost-model";

    @Override public List<RuleDescriptor> rules() { return Rules.descriptors(); }

    @Override public Optional<String> explain(String ruleIdOrTopic) {
        if (COST_MODEL.equalsIgnoreCase(ruleIdOrTopic)) return Optional.of(WanCostModel.explanation());
        return Rules.find(ruleIdOrTopic).map(r -> r.descriptor().explanation());
    }
}
