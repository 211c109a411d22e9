package io.wanlint.rules.wan;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.EntryPoint;
import io.wanlint.analyzer.api.EvidenceStep;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.rules.api.ReachedCall;
import io.wanlint.rules.api.RuleContext;
import java.util.ArrayList;
import java.util.List;

/** Evidence chains: from the entry point, through each call, to the offending calls. */
final class Evidence {
    private Evidence() {}

    /** The entry point, the path to {@code first}, then each further offending call on its own line. */
    static List<EvidenceStep> chain(RuleContext ctx, EntryPoint ep, ReachedCall first, List<ReachedCall> further) {
        List<EvidenceStep> steps = new ArrayList<>();
        SourceLocation at = ctx.declarationOf(ep.method());
        steps.add(new EvidenceStep(at.file(), at.line(), ep.method().className(), ep.method().name(), null,
                "entry point " + ep.id()));
        for (CallEdge e : first.path()) steps.add(step(ctx, e));
        for (ReachedCall c : further) {
            if (c != first) steps.add(step(ctx, c.edge()));
        }
        return steps;
    }

    static List<EvidenceStep> chain(RuleContext ctx, EntryPoint ep, ReachedCall offending) {
        return chain(ctx, ep, offending, List.of());
    }

    static EvidenceStep step(RuleContext ctx, CallEdge e) {
        var loc = ctx.locationOf(e);
        return new EvidenceStep(loc.file(), loc.line(), e.from().className(), e.from().name(), e.kind(), describe(e));
    }

    /** {@code remote EJB call Book.getTitle()}, {@code JDBC statement execution Statement.executeQuery()}. */
    static String describe(CallEdge e) {
        String what = switch (e.op()) {
            case BUSINESS_METHOD, ENTITY_UPDATE, INVOKE -> switch (e.kind()) {
                case REMOTE_EJB -> "remote EJB call";
                case LOCAL_EJB -> "local EJB call";
                case LOCAL -> "calls";
                default -> kindLabel(e);
            };
            case ENTITY_GET -> e.kind() == io.wanlint.analyzer.api.EdgeKind.REMOTE_EJB ? "remote entity getter" : "entity getter";
            case ENTITY_SET -> e.kind() == io.wanlint.analyzer.api.EdgeKind.REMOTE_EJB ? "remote entity setter" : "entity setter";
            case HOME_CREATE -> "home create";
            case HOME_FIND -> "finder";
            case HOME_REMOVE, REMOVE -> "remove";
            case HOME_METHOD -> "home method";
            case LOOKUP -> "JNDI lookup";
            case JDBC_CONNECTION_POOL, JDBC_CONNECTION_DRIVER_MANAGER -> "JDBC connection";
            case JDBC_PREPARE -> "JDBC prepare";
            case JDBC_EXECUTE -> "JDBC statement execution";
            case JDBC_RESULT_NEXT -> "JDBC result-set iteration";
            case JDBC_COMMIT -> "JDBC commit";
            case JDBC_ROLLBACK -> "JDBC rollback";
            case JPA_FIND -> "JPA find";
            case JPA_QUERY -> "JPA query";
            case JPA_BULK_UPDATE -> "JPA bulk update";
            case JPA_PERSIST -> "JPA persist";
            case JPA_MERGE -> "JPA merge";
            case JPA_REMOVE -> "JPA remove";
            case JPA_FLUSH -> "JPA flush";
            case JMS_SEND -> "JMS send";
            // A URL whose protocol is no constant: counted as HTTP, and the text says it was assumed.
            case HTTP_REQUEST -> io.wanlint.analyzer.callgraph.ApiCallClassifier.UNKNOWN_PROTOCOL.equals(e.targetComponent())
                    ? "outbound call of unknown protocol (HTTP assumed)" : "outbound HTTP call";
            case SOAP_CALL -> "SOAP call";
            case SOCKET_IO -> "socket I/O";
            case MAIL_SEND -> "mail send";
            case RMI_CALL -> "RMI call";
            case TX_BEGIN -> "UserTransaction.begin";
            case TX_COMMIT -> "UserTransaction.commit";
            case TX_ROLLBACK -> "UserTransaction.rollback";
            case CONTAINER_CALLBACK -> "container callback";
        };
        String callee = calleeAsWritten(e) + "()";
        String loop = e.loopDepth() > 0 ? " (in a loop)" : "";
        return what + " " + callee + loop;
    }

    private static String kindLabel(CallEdge e) {
        return switch (e.kind()) {
            case JDBC -> "JDBC call";
            case JPA -> "JPA call";
            case JMS_SEND -> "JMS send";
            case HTTP_EXTERNAL -> "outbound HTTP call";
            case SOCKET -> "socket I/O";
            case MAIL -> "mail send";
            case RMI -> "RMI call";
            case JNDI_LOOKUP -> "JNDI lookup";
            default -> "calls";
        };
    }

    /**
     * The call as its caller wrote it: an EJB call's edge points at the bean's implementation
     * ({@code AccountEJB#ejbFindByPrimaryKey}), but the client called {@code Account.findByPrimaryKey}.
     */
    static String calleeAsWritten(CallEdge e) {
        if (!e.kind().isEjb() || e.targetComponent() == null) return shortName(e.to());
        return e.targetComponent() + "." + clientMethod(e);
    }

    /** {@code findByPrimaryKey} for {@code ejbFindByPrimaryKey}, {@code create} for {@code ejbCreate}, … */
    static String clientMethod(CallEdge e) {
        String n = e.to().name();
        return switch (e.op()) {
            case HOME_FIND, HOME_CREATE, HOME_REMOVE, REMOVE -> n.startsWith("ejb") && n.length() > 3
                    ? Character.toLowerCase(n.charAt(3)) + n.substring(4) : n;
            case HOME_METHOD -> n.startsWith("ejbHome") && n.length() > 7 ? Character.toLowerCase(n.charAt(7)) + n.substring(8) : n;
            default -> n;
        };
    }

    /** {@code Book.getTitle}, {@code page /catalog.jsp}. */
    static String shortName(MethodRef m) {
        return displayClass(m.className()) + "." + m.name();
    }

    static String displayClass(String className) {
        if (className.startsWith("jsp:")) return className.substring(4);
        int i = className.lastIndexOf('.');
        return i < 0 ? className : className.substring(i + 1);
    }

    /** {@code ViewItemServlet.doGet}, or {@code page /catalog.jsp} for a JSP's service method. */
    static String displayMethod(MethodRef m) {
        if (m.className().startsWith("jsp:")) return "page " + m.className().substring(4);
        return shortName(m);
    }
}
