package io.wanlint.analyzer.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the session façade takes over and where its call goes, as the rules' estimate and the patch both read it. */
class SessionFacadeFixTest {
    private static final MethodRef DO_GET = MethodRef.of("shop.web.ItemServlet", "doGet");
    private static final MethodRef HELPER = MethodRef.of("shop.web.ItemHelper", "load");
    private static final ComponentModel MODEL = new ComponentModel(List.of(
            bean("Item", ComponentKind.ENTITY_CMP), bean("Cart", ComponentKind.STATEFUL_SESSION)));

    private static Component bean(String name, ComponentKind kind) {
        return new Component(name, kind, null, "shop.ejb." + name + "Bean", EjbInterfaces.NONE, null, null, null, List.of(),
                List.of(), List.of(), List.of(), List.of(), List.of(), null, null, false, List.of());
    }

    private static CallEdge call(MethodRef from, EdgeKind kind, CallOp op, int line, String target, boolean cachedOnce) {
        return new CallEdge(from, MethodRef.of("shop.ejb.Item", "x"), kind, op, new SourceLocation("src/X.java", line), 0,
                target, cachedOnce, false);
    }

    @Test
    void takesOverEjbCallsAndLookupsButNotCachedOnesStatefulBeansOrOtherCalls() {
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.REMOTE_EJB, CallOp.INVOKE, 1, "Item", false), MODEL)).isTrue();
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.LOCAL_EJB, CallOp.INVOKE, 1, "Item", false), MODEL)).isTrue();
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, 1, null, false), MODEL)).isTrue();
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, 1, null, true), MODEL))
                .as("a lookup cached once per instance").isFalse();
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.REMOTE_EJB, CallOp.INVOKE, 1, "Cart", false), MODEL))
                .as("a stateful bean keeps its conversation with the client").isFalse();
        assertThat(SessionFacadeFix.takesOver(call(DO_GET, EdgeKind.JDBC, CallOp.INVOKE, 1, null, false), MODEL))
                .as("JDBC is WAN003's façade, not this one").isFalse();
    }

    @Test
    void theFacadeCallTakesThePlaceOfTheFirstBusinessCallTakenOverInItsMethod() {
        CallEdge lookup = call(HELPER, EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, 3, null, false);
        CallEdge cart = call(HELPER, EdgeKind.REMOTE_EJB, CallOp.INVOKE, 4, "Cart", false);
        CallEdge find = call(DO_GET, EdgeKind.REMOTE_EJB, CallOp.INVOKE, 9, "Item", false);
        CallEdge get = call(DO_GET, EdgeKind.REMOTE_EJB, CallOp.INVOKE, 10, "Item", false);

        SessionFacadeFix fix = SessionFacadeFix.of(List.of(lookup, cart, find, get), MODEL).orElseThrow();

        assertThat(fix.takenOver()).containsExactly(lookup, find, get);
        assertThat(fix.standIn()).contains(find);
        assertThat(fix.client()).isEqualTo(DO_GET);
        assertThat(fix.addsFacadeCall()).isTrue();
    }

    @Test
    void onlyLookupsTakenOverAddNoFacadeCallAndNothingTakenOverIsNoFix() {
        CallEdge lookup = call(HELPER, EdgeKind.JNDI_LOOKUP, CallOp.LOOKUP, 3, null, false);

        SessionFacadeFix fix = SessionFacadeFix.of(List.of(lookup), MODEL).orElseThrow();

        assertThat(fix.addsFacadeCall()).isFalse();
        assertThat(fix.client()).isEqualTo(HELPER);
        assertThat(SessionFacadeFix.of(List.of(call(DO_GET, EdgeKind.JDBC, CallOp.INVOKE, 1, null, false)), MODEL))
                .isEqualTo(Optional.empty());
    }
}
