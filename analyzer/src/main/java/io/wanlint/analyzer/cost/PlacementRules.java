package io.wanlint.analyzer.cost;

import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.Placement;
import io.wanlint.analyzer.api.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import io.wanlint.analyzer.api.LinearPattern;

/**
 * The placement rules of a topology compiled once, so that placing thousands of components does
 * not re-parse globs. A rule matches by {@code kind:XXX}, by exact component name or class name,
 * or by a glob over the class name (or the name) where {@code *} stays inside one package segment
 * and {@code **} crosses segments; {@code com.acme.web.*} is the classes of that package,
 * {@code com.acme.**} everything below {@code com.acme}. First match wins.
 */
final class PlacementRules {
    private static final String KIND_PREFIX = "kind:";
    private static final String TIER_PREFIX = "tier:";

    private final List<Rule> rules;

    private PlacementRules(List<Rule> rules) { this.rules = rules; }

    static PlacementRules compile(List<Placement> placements) {
        List<Rule> out = new ArrayList<>(placements.size());
        for (Placement p : placements) out.add(Rule.of(p));
        return new PlacementRules(List.copyOf(out));
    }

    /** The site the first matching rule gives, or empty when no rule matches. */
    Optional<String> explicitSite(Component component) {
        for (Rule r : rules) if (r.matches(component)) return Optional.of(r.site());
        return Optional.empty();
    }

    /**
     * The site of the first matching rule when that rule names the component (its name, class or a
     * glob over them), not its kind or tier: a rule the user wrote for this very component, which
     * places its whole co-location group.
     */
    Optional<String> namedSite(Component component) { return namingRule(component).map(Placement::site); }

    /** As {@link #namedSite}, the rule itself (its match as written), to name it in an error. */
    Optional<Placement> namingRule(Component component) {
        for (Rule r : rules) {
            if (!r.matches(component)) continue;
            if (r instanceof ByName n) return Optional.of(new Placement(n.name(), n.site()));
            if (r instanceof ByGlob g) return Optional.of(new Placement(g.glob(), g.site()));
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * Why {@code match} can never be a valid rule, or empty when it is well formed. Used by the
     * topology file loader to report a bad {@code kind:} with its line instead of silently never matching.
     */
    static Optional<String> problemWith(String match) {
        if (match == null || match.isBlank()) return Optional.of("is empty");
        if (match.regionMatches(true, 0, KIND_PREFIX, 0, KIND_PREFIX.length())) {
            String kind = match.substring(KIND_PREFIX.length()).trim();
            if (kindNamed(kind).isEmpty()) {
                return Optional.of("unknown component kind '" + kind + "' (expected one of: "
                        + String.join(", ", Arrays.stream(ComponentKind.values()).map(Enum::name).toList()) + ")");
            }
        }
        if (match.regionMatches(true, 0, TIER_PREFIX, 0, TIER_PREFIX.length())) {
            String tier = match.substring(TIER_PREFIX.length()).trim();
            if (tierNamed(tier).isEmpty()) {
                return Optional.of("unknown tier '" + tier + "' (expected one of: "
                        + String.join(", ", Arrays.stream(Tier.values()).map(Enum::name).toList()) + ")");
            }
        }
        return Optional.empty();
    }

    private static Optional<Tier> tierNamed(String name) {
        for (Tier t : Tier.values()) if (t.name().equalsIgnoreCase(name)) return Optional.of(t);
        return Optional.empty();
    }

    private static Optional<ComponentKind> kindNamed(String name) {
        for (ComponentKind k : ComponentKind.values()) if (k.name().equalsIgnoreCase(name)) return Optional.of(k);
        return Optional.empty();
    }

    private sealed interface Rule permits ByKind, ByTier, ByName, ByGlob {
        String site();

        boolean matches(Component c);

        static Rule of(Placement p) {
            String m = p.match().trim();
            if (m.regionMatches(true, 0, KIND_PREFIX, 0, KIND_PREFIX.length())) {
                // A kind that does not exist matches nothing; files are validated before they get here.
                return new ByKind(kindNamed(m.substring(KIND_PREFIX.length()).trim()).orElse(null), p.site());
            }
            if (m.regionMatches(true, 0, TIER_PREFIX, 0, TIER_PREFIX.length())) {
                return new ByTier(tierNamed(m.substring(TIER_PREFIX.length()).trim()).orElse(null), p.site());
            }
            if (m.indexOf('*') >= 0) return new ByGlob(m, globPattern(m), p.site());
            return new ByName(m, p.site());
        }
    }

    private record ByKind(ComponentKind kind, String site) implements Rule {
        @Override public boolean matches(Component c) { return c.kind() == kind; }
    }

    /** By tier: how helpers (DAO, PLAIN), whose tier follows their callers, are placed. */
    private record ByTier(Tier tier, String site) implements Rule {
        @Override public boolean matches(Component c) { return c.tier() == tier; }
    }

    private record ByName(String name, String site) implements Rule {
        @Override public boolean matches(Component c) { return name.equals(c.name()) || name.equals(c.className()); }
    }

    private record ByGlob(String glob, LinearPattern pattern, String site) implements Rule {
        @Override public boolean matches(Component c) {
            return pattern.matches(c.className()) || pattern.matches(c.name());
        }
    }

    /** {@code **} → any characters, {@code *} → any characters but '.', everything else literal. */
    static LinearPattern globPattern(String glob) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char ch = glob.charAt(i);
            if (ch != '*') { literal.append(ch); continue; }
            if (!literal.isEmpty()) { re.append(LinearPattern.quote(literal.toString())); literal.setLength(0); }
            boolean deep = i + 1 < glob.length() && glob.charAt(i + 1) == '*';
            if (deep) i++;
            re.append(deep ? ".*" : "[^.]*");
        }
        if (!literal.isEmpty()) re.append(LinearPattern.quote(literal.toString()));
        return LinearPattern.compile(re.toString());
    }
}
