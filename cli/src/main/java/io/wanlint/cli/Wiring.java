package io.wanlint.cli;

import io.wanlint.engine.Checker;
import io.wanlint.engine.Engine;
import io.wanlint.engine.Fixer;
import io.wanlint.engine.Workbench;
import io.wanlint.report.api.Graphviz;

import java.util.Optional;

/**
 * What the commands call into. The lead wires the rules, prediction and fix services as they land;
 * a command whose service is absent says it is not available yet and exits with 2.
 */
public record Wiring(Workbench workbench, Graphviz graphviz, Optional<RuleCatalog> rules, Optional<Checker> checker,
                     Optional<Fixer> fixer, Terminal terminal) {
    /** The real analyzer, the built-in rules and refactorings, and Graphviz from {@code PATH}. */
    public static Wiring defaults() {
        Engine builtIn = Engine.builtIn();
        return new Wiring(builtIn.workbench(), Graphviz.onPath(), Optional.of(new BuiltInRules()),
                builtIn.checker(), builtIn.fixer(), Terminal.current());
    }

    /** The engine the commands run through, over these services. */
    public Engine engine() { return new Engine(workbench, checker, fixer); }

    public Wiring withWorkbench(Workbench w) { return new Wiring(w, graphviz, rules, checker, fixer, terminal); }

    public Wiring withGraphviz(Graphviz g) { return new Wiring(workbench, g, rules, checker, fixer, terminal); }

    public Wiring withRules(RuleCatalog r) {
        return new Wiring(workbench, graphviz, Optional.of(r), checker, fixer, terminal);
    }

    public Wiring withChecker(Checker c) {
        return new Wiring(workbench, graphviz, rules, Optional.of(c), fixer, terminal);
    }

    public Wiring withFixer(Fixer f) {
        return new Wiring(workbench, graphviz, rules, checker, Optional.of(f), terminal);
    }

    public Wiring withTerminal(Terminal t) { return new Wiring(workbench, graphviz, rules, checker, fixer, t); }
}
