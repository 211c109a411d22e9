package io.wanlint.rules.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.RuleDescriptor;
import io.wanlint.analyzer.api.Severity;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class RulesTest {
    @Test
    void builtInRulesHaveTheContractIdsNamesAndSeveritiesInOrder() {
        assertThat(Rules.descriptors()).extracting(RuleDescriptor::id, RuleDescriptor::name, RuleDescriptor::defaultSeverity)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("WAN001", "remote-fine-grained-call", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN002", "missing-facade", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN003", "web-tier-jdbc", Severity.ERROR),
                        org.assertj.core.groups.Tuple.tuple("WAN004", "sync-external-call-in-transaction", Severity.ERROR),
                        org.assertj.core.groups.Tuple.tuple("WAN005", "cacheable-read-mostly-entity", Severity.NOTE),
                        org.assertj.core.groups.Tuple.tuple("WAN006", "uncached-home-lookup", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN007", "n-plus-one-finder", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN008", "unconditional-ejbstore", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN009", "unprepared-sql", Severity.ERROR),
                        org.assertj.core.groups.Tuple.tuple("WAN010", "non-serializable-session-state", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN011", "stateful-state-not-rolled-back", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN012", "session-attribute-mutated-in-place", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN013", "node-local-shared-state", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN014", "timer-on-every-node", Severity.WARNING),
                        org.assertj.core.groups.Tuple.tuple("WAN015", "request-spans-transactions", Severity.WARNING));
    }

    @Test
    void everyRuleIsAFinalStatelessClassWithAFullExplanationPage() {
        for (Rule r : Rules.builtIn()) {
            Class<?> c = r.getClass();
            assertThat(Modifier.isFinal(c.getModifiers())).as(c.getName()).isTrue();
            assertThat(List.of(c.getDeclaredFields())).as(c.getName())
                    .allSatisfy(f -> assertThat(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())).isTrue());
            String page = r.descriptor().explanation();
            assertThat(page).as(r.id()).startsWith("# " + r.id() + " " + r.descriptor().name())
                    .contains("## What it finds", "## Why it matters", "## How to fix", "Bad", "Good", "```")
                    .contains("**Default severity: " + r.descriptor().defaultSeverity().label() + ".**");
            assertThat(r.descriptor().summary()).isNotBlank();
        }
    }

    @Test
    void rulesAreFoundByIdInAnyCaseOrByName() {
        assertThat(Rules.find("wan003")).map(Rule::id).contains("WAN003");
        assertThat(Rules.find("cacheable-read-mostly-entity")).map(Rule::id).contains("WAN005");
        assertThat(Rules.find("WAN999")).isEmpty();
    }
}
