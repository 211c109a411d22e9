package io.wanlint.bench;

/** The core wanlint rules (docs/rules.md §Catalogue) whose findings the generator plants and counts. */
public enum RuleId { WAN001, WAN002, WAN003, WAN004, WAN005 }
