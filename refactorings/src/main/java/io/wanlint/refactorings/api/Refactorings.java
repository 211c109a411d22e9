package io.wanlint.refactorings.api;

import io.wanlint.analyzer.api.Finding;
import io.wanlint.refactorings.dataaccess.MoveDataAccessBehindFacade;
import io.wanlint.refactorings.entity.DeclareReadOnlyEntity;
import io.wanlint.refactorings.facade.DropEntityRemoteView;
import io.wanlint.refactorings.facade.IntroduceSessionFacade;
import io.wanlint.refactorings.jdbc.UsePreparedStatement;
import io.wanlint.refactorings.session.MakeSessionStateSerializable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The built-in refactorings, in one explicit list, and the planning of patches for a run's findings. */
public final class Refactorings {
    private final List<Refactoring> refactorings;

    public Refactorings(List<Refactoring> refactorings) { this.refactorings = List.copyOf(refactorings); }

    public static Refactorings builtIn() {
        return new Refactorings(List.of(new DeclareReadOnlyEntity(), new UsePreparedStatement(),
                new MakeSessionStateSerializable(), new IntroduceSessionFacade(), new DropEntityRemoteView(),
                new MoveDataAccessBehindFacade()));
    }

    /** A finding and its patch, or why it has none. */
    public record Planned(Finding finding, Optional<Patch> patch, String reasonWithoutPatch) {
        public Planned {
            reasonWithoutPatch = patch.isPresent() ? "" : reasonWithoutPatch;
        }
    }

    /** A plan for every finding, in order; planning reads files but never writes. */
    public List<Planned> plan(List<Finding> findings, RefactoringContext context) {
        List<Planned> out = new ArrayList<>();
        for (Finding f : findings) {
            Optional<Refactoring> r = refactorings.stream().filter(x -> x.handles(f)).findFirst();
            if (r.isEmpty()) {
                out.add(new Planned(f, Optional.empty(), "no refactoring for " + f.ruleId() + " yet"));
                continue;
            }
            Optional<String> notPatchable = context.whyNotPatchable(f.location().file());
            if (notPatchable.isPresent()) {
                out.add(new Planned(f, Optional.empty(), notPatchable.get()));
                continue;
            }
            PlanOutcome p;
            try {
                p = r.get().plan(f, context);
            } catch (RuntimeException e) {
                // A refactoring that trips over unusual code must not cost the other findings their patches.
                out.add(new Planned(f, Optional.empty(), "could not plan a patch: " + e));
                continue;
            }
            out.add(new Planned(f, p.patch(), p.reasonWithoutPatch().isEmpty()
                    ? "this case is not handled automatically (see wanlint explain " + f.ruleId() + ")" : p.reasonWithoutPatch()));
        }
        return out;
    }
}
