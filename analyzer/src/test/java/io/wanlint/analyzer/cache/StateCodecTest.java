package io.wanlint.analyzer.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.callgraph.GraphMemory;
import io.wanlint.analyzer.callgraph.GuardedStores;
import io.wanlint.analyzer.callgraph.IndexFacts;
import io.wanlint.analyzer.callgraph.NamedQueries;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StateCodecTest {
    private static final MethodRef SET_QTY = new MethodRef("shop.ejb.LineBean", "setQty", List.of("int"));
    private static final MethodRef STORE = new MethodRef("shop.ejb.LineBean", "ejbStore", List.of());

    private static IncrementalState state() {
        IndexFacts.Method setQty = new IndexFacts.Method("setQty", List.of("int"), 1 << 5, 12, List.of(), null);
        IndexFacts.Method implicit = new IndexFacts.Method("<init>", List.of(), 1 << 8, 3, List.of(), null);
        IndexFacts.Method get = new IndexFacts.Method("list", List.of("java.lang.String", "int[]"), 1 << 5, 20,
                List.of("GET", "javax.ws.rs.Produces"), "/{id}");
        IndexFacts.Type bean = new IndexFacts.Type("shop.ejb.LineBean", "shop.ejb.LineBean", "src/shop/ejb/LineBean.java", 0, 3,
                null, List.of("javax.ejb.EntityBean"), null, List.of(setQty, implicit));
        IndexFacts.Type resource = new IndexFacts.Type("shop.rest.Lines", "shop.rest.Lines", "src/shop/rest/Lines.java", 1 << 2, 7,
                "/lines", List.of(), "java.lang.Object", List.of(get));
        IndexFacts.Type page = new IndexFacts.Type("org.apache.jsp.cart_jsp", "jsp:/cart.jsp", "web/cart.jsp", 0, 1, null,
                List.of("javax.servlet.http.HttpServlet"), "javax.servlet.http.HttpServlet", List.of());
        GraphMemory memory = new GraphMemory(List.of(
                new IndexFacts.File("src/shop/ejb/LineBean.java", null, null, List.of(bean)),
                new IndexFacts.File("src/shop/rest/Lines.java", null, null, List.of(resource)),
                new IndexFacts.File("web/cart.jsp", "org.apache.jsp.cart_jsp", "jsp:/cart.jsp", List.of(page)),
                new IndexFacts.File("src/shop/Empty.java", null, null, List.of())),
                Map.of("src/shop/rest/Lines.java", Set.of("src/shop/ejb/LineBean.java")),
                Map.of("src/shop/ejb/LineBean.java", Set.of("src/shop/rest/Lines.java", "src/shop/Empty.java")),
                new NamedQueries(Map.of("Line.open", List.of(new NamedQueries.Declared("shop.Line", "select l from Line l"),
                        new NamedQueries.Declared("shop.OldLine", "select o from OldLine o")))),
                List.of(new GuardedStores.Answer(SET_QTY, STORE, true, Set.of("src/shop/ejb/LineBean.java")),
                        new GuardedStores.Answer(STORE, STORE, false, Set.of())),
                Set.of("shop.ejb.LineBean", "shop.rest.Lines"), Set.of("shop.dao.PriceDao"));
        return new IncrementalState("structure-digest", Map.of("src/shop/ejb/LineBean.java", "aa", "src/shop/rest/Lines.java", "bb"),
                Map.of("src/shop/ejb/LineBean.java", "cc", "src/shop/rest/Lines.java", "dd"), 2, memory);
    }

    @Test
    void everyPartOfTheStateReadsBackEqual() throws IOException {
        IncrementalState state = state();

        IncrementalState back = StateCodec.read(new DataInputStream(new ByteArrayInputStream(bytes(state))));

        assertThat(back).isEqualTo(state);
        assertThat(back.memory().index()).isEqualTo(state.memory().index()); // order kept: it is the index's order
    }

    @Test
    void aTruncatedStateIsAnError() throws IOException {
        byte[] bytes = bytes(state());
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 5);

        assertThatThrownBy(() -> StateCodec.read(new DataInputStream(new ByteArrayInputStream(cut))))
                .isInstanceOf(EOFException.class);
    }

    private static byte[] bytes(IncrementalState state) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buffer);
        StateCodec.write(state, out);
        out.flush();
        return buffer.toByteArray();
    }
}
