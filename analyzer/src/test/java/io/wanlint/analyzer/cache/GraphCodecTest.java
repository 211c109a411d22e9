package io.wanlint.analyzer.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wanlint.analyzer.api.BranchArm;
import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.Receiver;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.MethodNode;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceFacts;
import io.wanlint.analyzer.api.SourceLocation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GraphCodecTest {
    private static final MethodRef DO_GET = new MethodRef("shop.web.CartServlet", "doGet",
            List.of("javax.servlet.http.HttpServletRequest", "javax.servlet.http.HttpServletResponse"));
    private static final MethodRef FIND = new MethodRef("shop.ejb.CartHome", "findByPrimaryKey", List.of("java.lang.Long"));
    private static final MethodRef EXECUTE = new MethodRef("java.sql.Statement", "executeQuery", List.of("java.lang.String"));

    @Test
    void everyPartOfTheGraphReadsBackEqual() throws IOException {
        CallEdge remote = new CallEdge(DO_GET, FIND, EdgeKind.REMOTE_EJB, CallOp.HOME_FIND, new SourceLocation("web/CartServlet.java", 12),
                1, "Cart", true, false, List.of(new BranchArm(11, 9, 1), new BranchArm(12, 13, 0)));
        CallEdge jdbc = new CallEdge(DO_GET, EXECUTE, EdgeKind.JDBC, CallOp.JDBC_EXECUTE, new SourceLocation("web/CartServlet.java", 20),
                0, null, false, true);
        CallEdge template = new CallEdge(DO_GET, FIND, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("web/CartServlet.java", 22),
                0, null, false, false, List.of(), new Receiver.Own(java.util.Map.of("shop.web.OrderServlet", EXECUTE)));
        CallEdge onBean = new CallEdge(DO_GET, FIND, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("web/CartServlet.java", 23),
                0, null, false, false, List.of(), new Receiver.Exact("shop.ejb.CartBean"));
        SourceFacts facts = new SourceFacts(true, Set.of(jdbc), Set.of(jdbc, remote), List.of(
                new SourceFacts.SessionStateValue(SourceFacts.Holder.HTTP_SESSION, "shop.web.CartServlet", DO_GET, "cart",
                        "shop.Cart", new SourceLocation("web/CartServlet.java", 14)),
                new SourceFacts.SessionStateValue(SourceFacts.Holder.STATEFUL_BEAN_FIELD, "shop.ejb.CartBean", null, "items",
                        "shop.Items", SourceLocation.UNKNOWN)), Set.of("shop.web.CartServletTest", "shop.FakeCart"), List.of(
                new SourceFacts.StateFact(SourceFacts.StateKind.SESSION_VALUE_MUTATED, DO_GET, "cart", "shop.Cart", "cart.add(…)",
                        new SourceLocation("web/CartServlet.java", 16), 14),
                new SourceFacts.StateFact(SourceFacts.StateKind.STATIC_FIELD_WRITE, DO_GET, "hits", "long", "hits++",
                        new SourceLocation("web/CartServlet.java", 17), 0)));
        GraphCodec.Parts parts = new GraphCodec.Parts(
                List.of(new MethodNode(DO_GET, "CartServlet", new SourceLocation("web/CartServlet.java", 10)),
                        new MethodNode(FIND, null, SourceLocation.UNKNOWN)),
                List.of(remote, jdbc, template, onBean),
                List.of(new EntryPoint("GET /cart", EntryPoint.Kind.SERVLET, DO_GET, "CartServlet")),
                facts);

        GraphCodec.Parts back = GraphCodec.read(new DataInputStream(new ByteArrayInputStream(bytes(parts))));

        assertThat(back).isEqualTo(parts);
        assertThat(back.edges().get(0).from()).isSameAs(back.edges().get(1).from()); // one object per method, as built
    }

    @Test
    void edgesSharingOneOverridesMapWriteTheBytesOfEdgesWithEqualCopiesOfIt() throws IOException {
        // The writer sorts a shared map once (by identity): the bytes must not depend on the sharing.
        java.util.Map<String, MethodRef> overrides = new java.util.HashMap<>();
        for (int i = 0; i < 40; i++) overrides.put("shop.web.Servlet" + (i * 7919 % 97), new MethodRef("shop.web.Servlet" + i, "run", List.of()));
        Receiver.Own shared = new Receiver.Own(overrides);
        List<CallEdge> sharing = new java.util.ArrayList<>();
        List<CallEdge> copies = new java.util.ArrayList<>();
        for (int line = 1; line <= 5; line++) {
            sharing.add(new CallEdge(DO_GET, FIND, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("web/CartServlet.java", line),
                    0, null, false, false, List.of(), shared));
            copies.add(new CallEdge(DO_GET, FIND, EdgeKind.LOCAL, CallOp.INVOKE, new SourceLocation("web/CartServlet.java", line),
                    0, null, false, false, List.of(), new Receiver.Own(new java.util.TreeMap<>(overrides).descendingMap())));
        }

        byte[] written = bytes(new GraphCodec.Parts(List.of(), sharing, List.of(), SourceFacts.NONE));

        assertThat(written).isEqualTo(bytes(new GraphCodec.Parts(List.of(), copies, List.of(), SourceFacts.NONE)));
        GraphCodec.Parts back = GraphCodec.read(new DataInputStream(new ByteArrayInputStream(written)));
        assertThat(back.edges()).containsExactlyElementsOf(sharing);
    }

    @Test
    void aTruncatedGraphIsAnErrorNotAShorterGraph() throws IOException {
        GraphCodec.Parts parts = new GraphCodec.Parts(List.of(new MethodNode(DO_GET, "CartServlet", SourceLocation.UNKNOWN)),
                List.of(), List.of(), SourceFacts.NONE);
        byte[] bytes = bytes(parts);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 3);

        assertThatThrownBy(() -> GraphCodec.read(new DataInputStream(new ByteArrayInputStream(cut)))).isInstanceOf(IOException.class);
    }

    /** The codec writes these records field by field; a new component must be added to it (and the format bumped). */
    @Test
    void theCodecKnowsEveryComponentOfTheRecordsItWrites() {
        assertThat(CallEdge.class.getRecordComponents()).hasSize(11);
        assertThat(BranchArm.class.getRecordComponents()).hasSize(3);
        assertThat(MethodRef.class.getRecordComponents()).hasSize(3);
        assertThat(MethodNode.class.getRecordComponents()).hasSize(3);
        assertThat(EntryPoint.class.getRecordComponents()).hasSize(4);
        assertThat(SourceFacts.class.getRecordComponents()).hasSize(6);
        assertThat(SourceFacts.SessionStateValue.class.getRecordComponents()).hasSize(6);
        assertThat(SourceFacts.StateFact.class.getRecordComponents()).hasSize(7);
        assertThat(SourceLocation.class.getRecordComponents()).hasSize(2);
    }

    private static byte[] bytes(GraphCodec.Parts parts) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            GraphCodec.write(parts, out);
        }
        return buffer.toByteArray();
    }
}
