package io.wanlint.report.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Where readers of a report find each rule's page ({@code --help-base-uri}): wanlint has no public
 * web site, so the user names the place its {@code docs/} folder is published (a tag of the
 * repository on their forge, an intranet copy). A rule's page is the rule's section of
 * {@code rules.md} there ({@code <base>rules.md#wan003}, the anchor GitHub and GitLab give the
 * heading {@code ## WAN003}); the base itself is the tool's information page. Without a base,
 * reports carry no links and SARIF keeps the {@code explain} text it ships in {@code help}.
 */
public final class RuleHelpLinks {
    /** No links. */
    public static final RuleHelpLinks NONE = new RuleHelpLinks(null);

    private final URI base;

    private RuleHelpLinks(URI base) { this.base = base; }

    /**
     * The links under {@code base}, an absolute {@code http}, {@code https} or {@code file} URI of
     * the folder holding {@code rules.md}; a base without a trailing {@code /} gets one.
     *
     * @throws IllegalArgumentException for a relative URI, another scheme, a query or a fragment
     */
    public static RuleHelpLinks under(String base) {
        if (base == null || base.isBlank()) return NONE;
        URI uri;
        try {
            uri = new URI(base.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URI: " + base + " (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https") || scheme.equals("file"))) {
            throw new IllegalArgumentException("not an absolute http, https or file URI: " + base);
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("the base of the rule pages takes no query or fragment: " + base);
        }
        String s = uri.toString();
        return new RuleHelpLinks(URI.create(s.endsWith("/") ? s : s + "/"));
    }

    /** The page of a rule: {@code <base>rules.md#wan003}. */
    public Optional<String> rulePage(String ruleId) {
        if (base == null || ruleId == null || ruleId.isBlank()) return Optional.empty();
        // Appended, not URI.resolve: resolve turns file:///x/ into file:/x/.
        return Optional.of(base + "rules.md#" + ruleId.strip().toLowerCase(Locale.ROOT));
    }

    /** The tool's documentation: the base itself. */
    public Optional<String> informationPage() { return Optional.ofNullable(base).map(URI::toString); }

    @Override public String toString() { return base == null ? "no rule links" : base.toString(); }
}
