package io.wanlint.refactorings.messaging;

import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.Statement;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.TextEdit;
import io.wanlint.refactorings.text.JavaSource;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java half of deferring an external call (EJB 2.x, JMS 1.1): the sending bean queues the
 * call's inputs in a message from a new private method and the statements move into a new
 * message-driven bean. The connection factory and queue are looked up once per bean instance and
 * cached in fields (so no request pays for a lookup); the session and sender live for one send and
 * are closed with the connection in {@code finally}. The session is transacted and, as a container
 * resource, enlisted in the caller's transaction: the message is delivered when, and only if, that
 * transaction commits.
 */
final class MessageBeanCode {
    private static final Pattern WORD = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    /** The names one deferral uses: bean class, queue, helper method. */
    record Names(String beanClass, String ejbName, String queueRef, String factoryRef, String helper, String queueField,
                 String factoryField, String requestClass) {
        /** The queue's portable name in an annotated application, defined by the message bean itself. */
        String queueLookup() { return "java:app/" + queueRef; }

        /**
         * These names, with the helper and the fields renamed when the bean already uses their names
         * for something else (a field of the same type and name is reused as it is).
         */
        Names freeIn(TypeDeclaration<?> bean) {
            String helperName = helper;
            for (int i = 2; !bean.getMethodsByName(helperName).isEmpty(); i++) helperName = helper + i;
            return new Names(beanClass, ejbName, queueRef, factoryRef, helperName, freeField(bean, queueField, "Queue"),
                    freeField(bean, factoryField, "QueueConnectionFactory"), requestClass);
        }

        private static String freeField(TypeDeclaration<?> bean, String name, String simpleType) {
            String n = name;
            for (int i = 2; ; i++) {
                Optional<com.github.javaparser.ast.body.FieldDeclaration> f = bean.getFieldByName(n);
                if (f.isEmpty()) return n;
                String t = f.get().getVariable(0).getTypeAsString();
                if (t.substring(t.lastIndexOf('.') + 1).equals(simpleType)) return n;
                n = name + i;
            }
        }

        static Names of(String method) {
            String base = Character.toUpperCase(method.charAt(0)) + method.substring(1);
            String lower = method;
            return new Names(base + "MessageBean", base + "MessageBean", "jms/" + base + "Queue", "jms/QueueConnectionFactory",
                    "queue" + base, lower + "Queue", "queueConnectionFactory", base + "Request");
        }
    }

    private final JavaSource source;
    private final TypeDeclaration<?> bean;
    private final CallSlice.Movable slice;
    private final Names names;
    private final String ns;
    private final String eol;
    /** EJB 3.x / Jakarta: annotations and an injected JMSContext instead of descriptors and JMS 1.1 lookups. */
    private final boolean annotated;

    /**
     * @param ns {@code javax} or {@code jakarta}: the application's API level ({@code ApiLevel}), not
     *           the sending bean's own imports, which may name no EE package at all
     */
    MessageBeanCode(JavaSource source, TypeDeclaration<?> bean, CallSlice.Movable slice, Names names, boolean annotated, String ns) {
        this.annotated = annotated;
        this.source = source;
        this.bean = bean;
        this.slice = slice;
        this.names = names;
        this.ns = ns;
        this.eol = source.source().lineEnding();
    }

    private boolean mapMessage() { return slice.inputs().stream().allMatch(i -> i.kind().inMapMessage()); }

    // ---- the sending bean --------------------------------------------------------------------------

    /** The sending bean's file: the statements become one call of the new queueing method. */
    FileChange.Edit sender() {
        TypeRefs refs = new TypeRefs();
        if (annotated) return finish(refs, annotatedHelper(refs), annotatedFields(refs));
        String factory = refs.use(ns + ".jms.QueueConnectionFactory");
        String queue = refs.use(ns + ".jms.Queue");
        String connectionType = refs.use(ns + ".jms.QueueConnection");
        String sessionType = refs.use(ns + ".jms.QueueSession");
        String senderType = refs.use(ns + ".jms.QueueSender");
        String jmsException = refs.use(ns + ".jms.JMSException");
        String initialContext = refs.use("javax.naming.InitialContext");
        String namingException = refs.use("javax.naming.NamingException");
        String ejbException = refs.use(ns + ".ejb.EJBException");
        String messageType = refs.use(ns + ".jms." + (mapMessage() ? "MapMessage" : "ObjectMessage"));

        Set<String> taken = new LinkedHashSet<>();
        slice.inputs().forEach(i -> taken.add(i.name()));
        String connection = fresh("connection", taken), session = fresh("session", taken), sender = fresh("sender", taken),
                request = fresh("request", taken), jndi = fresh("jndi", taken);

        MethodDeclaration m = slice.method();
        String in = source.source().indentationAt(source.begin(m));
        String u = indentUnit(m, in);
        StringBuilder h = new StringBuilder();
        h.append(eol).append(eol);
        h.append(in).append("/**").append(eol);
        h.append(in).append(" * Queues ").append(m.getNameAsString()).append("'s external call for ").append(names.beanClass())
                .append(", which makes it").append(eol);
        h.append(in).append(" * after commit: the transacted JMS session takes part in the container transaction, so the").append(eol);
        h.append(in).append(" * message is delivered when, and only if, that transaction commits.").append(eol);
        h.append(in).append(" */").append(eol);
        h.append(in).append("private void ").append(names.helper()).append("(");
        h.append(String.join(", ", slice.inputs().stream().map(i -> i.type() + " " + i.name()).toList())).append(") {").append(eol);
        String b1 = in + u, b2 = b1 + u, b3 = b2 + u, b4 = b3 + u;
        h.append(b1).append(connectionType).append(" ").append(connection).append(" = null;").append(eol);
        h.append(b1).append("try {").append(eol);
        h.append(b2).append("if (").append(names.factoryField()).append(" == null) {").append(eol);
        h.append(b3).append("// looked up once per bean instance, not per call").append(eol);
        h.append(b3).append(initialContext).append(" ").append(jndi).append(" = new ").append(initialContext).append("();").append(eol);
        h.append(b3).append(names.factoryField()).append(" = (").append(factory).append(") ").append(jndi).append(".lookup(\"java:comp/env/")
                .append(names.factoryRef()).append("\");").append(eol);
        h.append(b3).append(names.queueField()).append(" = (").append(queue).append(") ").append(jndi).append(".lookup(\"java:comp/env/")
                .append(names.queueRef()).append("\");").append(eol);
        h.append(b2).append("}").append(eol);
        h.append(b2).append(connection).append(" = ").append(names.factoryField()).append(".createQueueConnection();").append(eol);
        h.append(b2).append(sessionType).append(" ").append(session).append(" = ").append(connection)
                .append(".createQueueSession(true, ").append(sessionType).append(".AUTO_ACKNOWLEDGE);").append(eol);
        if (mapMessage()) {
            h.append(b2).append(messageType).append(" ").append(request).append(" = ").append(session).append(".createMapMessage();").append(eol);
            for (CallSlice.Input i : slice.inputs()) {
                h.append(b2).append(request).append(".set").append(i.kind().accessor).append("(\"").append(i.name()).append("\", ")
                        .append(i.name()).append(");").append(eol);
            }
        } else {
            h.append(b2).append(messageType).append(" ").append(request).append(" = ").append(session).append(".createObjectMessage(new ")
                    .append(names.requestClass()).append("(").append(String.join(", ", slice.inputs().stream().map(CallSlice.Input::name).toList()))
                    .append("));").append(eol);
        }
        h.append(b2).append(senderType).append(" ").append(sender).append(" = ").append(session).append(".createSender(")
                .append(names.queueField()).append(");").append(eol);
        h.append(b2).append(sender).append(".send(").append(request).append(");").append(eol);
        h.append(b1).append("} catch (").append(namingException).append(" e) {").append(eol);
        h.append(b2).append("throw new ").append(ejbException).append("(e);").append(eol);
        h.append(b1).append("} catch (").append(jmsException).append(" e) {").append(eol);
        h.append(b2).append("throw new ").append(ejbException).append("(e);").append(eol);
        h.append(b1).append("} finally {").append(eol);
        h.append(b2).append("if (").append(connection).append(" != null) {").append(eol);
        h.append(b3).append("try {").append(eol);
        h.append(b4).append(connection).append(".close();").append(eol);
        h.append(b3).append("} catch (").append(jmsException).append(" e) {").append(eol);
        h.append(b4).append("// the container reclaims the connection").append(eol);
        h.append(b3).append("}").append(eol);
        h.append(b2).append("}").append(eol);
        h.append(b1).append("}").append(eol);
        h.append(in).append("}");

        // a field the bean already has (same name and type) is reused, not declared again
        String fieldText = (bean.getFieldByName(names.factoryField()).isPresent() ? "" : in + "private " + factory + " " + names.factoryField() + ";" + eol)
                + (bean.getFieldByName(names.queueField()).isPresent() ? "" : in + "private " + queue + " " + names.queueField() + ";" + eol);
        return finish(refs, h.toString(), fieldText);
    }

    /** The sender's edits: the fields, the statements replaced by one call, the helper after the method, the imports. */
    private FileChange.Edit finish(TypeRefs refs, String helper, String fieldText) {
        String path = source.source().path();
        String text = source.source().text();
        List<TextEdit> edits = new ArrayList<>();
        MethodDeclaration m = slice.method();
        String in = source.source().indentationAt(source.begin(m));
        // fields, after the last field of the bean (else at the top of its body)
        List<FieldDeclaration> fields = bean.getFields();
        if (fieldText.isEmpty()) {
            // nothing to declare
        } else if (!fields.isEmpty()) {
            int at = nextLineStart(source.end(fields.get(fields.size() - 1)));
            edits.add(TextEdit.insert(path, at, fieldText));
        } else {
            int at = nextLineStart(text.indexOf('{', source.begin(bean)) + 1);
            edits.add(TextEdit.insert(path, at, fieldText + eol));
        }

        // the statements become one call
        List<Statement> moved = slice.statements();
        int start = source.begin(moved.get(0)), end = source.end(moved.get(moved.size() - 1));
        String call = names.helper() + "(" + String.join(", ", slice.inputs().stream().map(CallSlice.Input::name).toList()) + ");";
        edits.add(new TextEdit(path, start, end, call));
        edits.add(TextEdit.insert(path, source.end(m), helper));

        // imports: the JMS types, and the removal of imports only the moved statements used
        String after = new FileChange.Edit(path, edits).applyTo(text);
        Set<String> stillUsed = words(withoutImports(after));
        for (ImportDeclaration i : source.unit().getImports()) {
            if (i.isStatic() || i.isAsterisk()) continue;
            String simple = i.getName().getIdentifier();
            if (slice.namesUsed().contains(simple) && !stillUsed.contains(simple)) {
                int s = source.source().lineStart(source.begin(i));
                int e = nextLineStart(source.end(i));
                // the import was a group of its own: its blank line goes too
                boolean blankBefore = s >= 2 && text.substring(source.source().lineStart(s - 1), s).isBlank();
                boolean blankAfter = e < text.length() && text.substring(e, nextLineStart(e)).isBlank();
                if (blankBefore && blankAfter) e = nextLineStart(e);
                edits.add(new TextEdit(path, s, e, ""));
            }
        }
        refs.imports.stream().sorted().forEach(q -> source.importFor(q).ifPresent(edits::add));
        return new FileChange.Edit(path, merge(edits));
    }

    /** Annotated beans: the container's JMSContext (reused when the bean has one) and the queue by injection. */
    private String annotatedFields(TypeRefs refs) {
        String in = source.source().indentationAt(source.begin(slice.method()));
        StringBuilder f = new StringBuilder();
        if (jmsContextField().isEmpty()) {
            f.append(in).append("@").append(refs.use(ns.equals("jakarta") ? "jakarta.inject.Inject" : "javax.inject.Inject")).append(eol);
            f.append(in).append("private ").append(refs.use(ns + ".jms.JMSContext")).append(" jms;").append(eol);
        }
        if (bean.getFieldByName(names.queueField()).isPresent()) return f.length() == 0 ? "" : eol + f;
        f.append(in).append("@").append(refs.use(ns + ".annotation.Resource")).append("(lookup = \"").append(names.queueLookup()).append("\")").append(eol);
        f.append(in).append("private ").append(refs.use(ns + ".jms.Queue")).append(" ").append(names.queueField()).append(";").append(eol);
        return eol + f;
    }

    private java.util.Optional<String> jmsContextField() {
        for (FieldDeclaration f : bean.getFields()) {
            if (f.getVariable(0).getTypeAsString().replaceAll(".*\\.", "").equals("JMSContext")) return java.util.Optional.of(f.getVariable(0).getNameAsString());
        }
        return java.util.Optional.empty();
    }

    /**
     * Annotated beans: the inputs go as a map (a MapMessage) or a serializable request (an
     * ObjectMessage) through the injected JMSContext, which takes part in the container transaction.
     */
    private String annotatedHelper(TypeRefs refs) {
        MethodDeclaration m = slice.method();
        String in = source.source().indentationAt(source.begin(m));
        String u = indentUnit(m, in);
        Set<String> taken = new LinkedHashSet<>();
        slice.inputs().forEach(i -> taken.add(i.name()));
        String request = fresh("request", taken);
        String jms = jmsContextField().orElse("jms");
        StringBuilder h = new StringBuilder();
        h.append(eol).append(eol);
        h.append(in).append("/**").append(eol);
        h.append(in).append(" * Queues ").append(m.getNameAsString()).append("'s external call for ").append(names.beanClass())
                .append(", which makes it").append(eol);
        h.append(in).append(" * after commit: the container's JMSContext takes part in this transaction, so the message is").append(eol);
        h.append(in).append(" * delivered when, and only if, the transaction commits.").append(eol);
        h.append(in).append(" */").append(eol);
        h.append(in).append("private void ").append(names.helper()).append("(");
        h.append(String.join(", ", slice.inputs().stream().map(i -> i.type() + " " + i.name()).toList())).append(") {").append(eol);
        String b1 = in + u;
        if (mapMessage()) {
            String map = refs.use("java.util.Map"), hashMap = refs.use("java.util.HashMap");
            h.append(b1).append(map).append("<String, Object> ").append(request).append(" = new ").append(hashMap).append("<>();").append(eol);
            for (CallSlice.Input i : slice.inputs()) {
                h.append(b1).append(request).append(".put(\"").append(i.name()).append("\", ").append(i.name()).append(");").append(eol);
            }
            h.append(b1).append(jms).append(".createProducer().send(").append(names.queueField()).append(", ").append(request).append(");").append(eol);
        } else {
            h.append(b1).append(jms).append(".createProducer().send(").append(names.queueField()).append(", new ").append(names.requestClass())
                    .append("(").append(String.join(", ", slice.inputs().stream().map(CallSlice.Input::name).toList())).append("));").append(eol);
        }
        h.append(in).append("}");
        return h.toString();
    }

    /** Inserts at one offset are combined, in order, so the edits never overlap. */
    private static List<TextEdit> merge(List<TextEdit> edits) {
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start()) : Integer.compare(a.end() - a.start(), b.end() - b.start()));
        List<TextEdit> out = new ArrayList<>();
        for (TextEdit e : sorted) {
            TextEdit last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.start() == last.end() && e.start() == last.start()) {
                out.set(out.size() - 1, new TextEdit(e.file(), e.start(), e.end(), last.replacement() + e.replacement()));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    // ---- the message-driven bean -------------------------------------------------------------------

    /** The new message-driven bean's source, next to the sending bean (ASCII only: any project encoding reads it). */
    FileChange.Create messageBean() {
        String pkg = source.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        Set<String> used = new LinkedHashSet<>(slice.namesUsed());
        for (CallSlice.Resource r : slice.resources()) used.addAll(words(r.lookupName() + " " + r.type()));
        for (CallSlice.Input i : slice.inputs()) used.addAll(words(i.type()));
        // the moved code's own imports come first: a JMS type whose simple name they take is written qualified
        Set<String> imports = new TreeSet<>();
        Set<String> takenSimple = new LinkedHashSet<>();
        for (ImportDeclaration i : source.unit().getImports()) {
            if (i.isAsterisk()) {
                if (!i.isStatic()) imports.add(i.getNameAsString() + ".*");
                continue;
            }
            String simple = i.getName().getIdentifier();
            if (used.contains(simple)) {
                imports.add((i.isStatic() ? "static " : "") + i.getNameAsString());
                if (!i.isStatic()) takenSimple.add(simple);
            }
        }
        // local names of the moved code (and its type names), which the generated locals must not shadow
        Set<String> takenNames = new LinkedHashSet<>();
        for (Statement st : slice.statements()) {
            st.findAll(com.github.javaparser.ast.body.VariableDeclarator.class).forEach(v -> takenNames.add(v.getNameAsString()));
            st.findAll(com.github.javaparser.ast.expr.NameExpr.class).forEach(n -> takenNames.add(n.getNameAsString()));
        }
        slice.inputs().forEach(i -> takenNames.add(i.name()));
        slice.resources().forEach(r -> takenNames.add(r.name()));
        slice.constants().forEach(c -> c.getVariables().forEach(v -> takenNames.add(v.getNameAsString())));
        String delivered = fresh("delivered", takenNames), request = fresh("request", takenNames),
                contextField = fresh("context", takenNames), jndi = fresh("jndi", takenNames);
        java.util.function.Function<String, String> ref = q -> {
            String simple = q.substring(q.lastIndexOf('.') + 1);
            if (takenSimple.contains(simple) && !imports.contains(q)) return q;
            imports.add(q);
            return simple;
        };
        String mdb = annotated ? "" : ref.apply(ns + ".ejb.MessageDrivenBean"), mdc = annotated ? "" : ref.apply(ns + ".ejb.MessageDrivenContext");
        String listener = ref.apply(ns + ".jms.MessageListener"), message = ref.apply(ns + ".jms.Message"),
                jmsException = ref.apply(ns + ".jms.JMSException"), ejbException = ref.apply(ns + ".ejb.EJBException"),
                carrier = ref.apply(ns + ".jms." + (mapMessage() ? "MapMessage" : "ObjectMessage"));

        String u = "    ";
        StringBuilder s = new StringBuilder();
        s.append("\n/**\n");
        s.append(" * Makes the external call of {@link ").append(bean.getNameAsString()).append("#").append(slice.method().getNameAsString())
                .append("} after its transaction has committed\n");
        s.append(" * (wanlint WAN004): ").append(bean.getNameAsString()).append(" queues the call's inputs inside the transaction and\n");
        s.append(" * this bean receives them once it commits. onMessage is container-managed NotSupported: the\n");
        s.append(" * call waits on the network without any transaction, so it holds no locks, and a call that\n");
        s.append(" * cannot be undone is no longer made for a transaction that might still roll back.\n");
        s.append(" */\n");
        if (annotated) {
            String lookup = names.queueLookup();
            String queueName = lookup.substring(lookup.lastIndexOf('/') + 1);
            s.append("@").append(ref.apply(ns + ".jms.JMSDestinationDefinition")).append("(name = \"").append(lookup)
                    .append("\", interfaceName = \"").append(ns).append(".jms.Queue\", destinationName = \"").append(queueName).append("\")\n");
            String acp = ref.apply(ns + ".ejb.ActivationConfigProperty");
            s.append("@").append(ref.apply(ns + ".ejb.MessageDriven")).append("(activationConfig = {\n");
            s.append(u).append(u).append("@").append(acp).append("(propertyName = \"destinationLookup\", propertyValue = \"").append(lookup).append("\"),\n");
            s.append(u).append(u).append("@").append(acp).append("(propertyName = \"destinationType\", propertyValue = \"").append(ns).append(".jms.Queue\")\n");
            s.append("})\n");
            String txType = ref.apply(ns + ".ejb.TransactionAttributeType");
            s.append("@").append(ref.apply(ns + ".ejb.TransactionAttribute")).append("(").append(txType).append(".NOT_SUPPORTED)\n");
            s.append("public class ").append(names.beanClass()).append(" implements ").append(listener).append(" {\n");
        } else {
            s.append("public class ").append(names.beanClass()).append(" implements ").append(mdb).append(", ").append(listener).append(" {\n");
        }
        for (FieldDeclaration c : slice.constants()) s.append(u).append(ascii(reindent(source.text(c), source.source().indentationAt(source.begin(c)), u))).append("\n");
        if (!slice.constants().isEmpty()) s.append("\n");
        if (!annotated) s.append(u).append("private ").append(mdc).append(" ").append(contextField).append(";\n");
        List<CallSlice.Resource> lookedUp = slice.resources().stream().filter(r -> !r.injected()).toList();
        for (CallSlice.Resource r : slice.resources()) {
            if (r.injected()) {
                s.append(u).append(ascii(reindent(source.text(r.declaration()), source.source().indentationAt(source.begin(r.declaration())), u))).append("\n");
            } else {
                s.append(u).append("private ").append(r.type()).append(" ").append(r.name()).append(";\n");
            }
        }
        if (!annotated || !slice.resources().isEmpty()) s.append("\n");
        if (!annotated) {
            s.append(u).append("public void setMessageDrivenContext(").append(mdc).append(" ctx) {\n");
            s.append(u).append(u).append(contextField).append(" = ctx;\n");
            s.append(u).append("}\n\n");
        }
        if (!annotated || !lookedUp.isEmpty()) {
            if (annotated) s.append(u).append("@").append(ref.apply(ns + ".annotation.PostConstruct")).append("\n");
            s.append(u).append(annotated ? "void init() {\n" : "public void ejbCreate() {\n");
            if (!lookedUp.isEmpty()) {
                String ic = ref.apply("javax.naming.InitialContext"), ne = ref.apply("javax.naming.NamingException");
                s.append(u).append(u).append("try {\n");
                s.append(u).append(u).append(u).append(ic).append(" ").append(jndi).append(" = new ").append(ic).append("();\n");
                for (CallSlice.Resource r : lookedUp) {
                    s.append(u).append(u).append(u).append(r.name()).append(" = (").append(r.type()).append(") ").append(jndi).append(".lookup(")
                            .append(ascii(r.lookupName())).append(");\n");
                }
                s.append(u).append(u).append("} catch (").append(ne).append(" e) {\n");
                s.append(u).append(u).append(u).append("throw new ").append(ejbException).append("(e);\n");
                s.append(u).append(u).append("}\n");
            }
            s.append(u).append("}\n\n");
        }
        if (!annotated) s.append(u).append("public void ejbRemove() {\n").append(u).append("}\n\n");
        if (annotated) s.append(u).append("@Override\n");
        s.append(u).append("public void onMessage(").append(message).append(" ").append(delivered).append(") {\n");
        String b1 = u + u, b2 = b1 + u;
        s.append(b1).append("try {\n");
        if (mapMessage()) {
            s.append(b2).append(carrier).append(" ").append(request).append(" = (").append(carrier).append(") ").append(delivered).append(";\n");
            for (CallSlice.Input i : slice.inputs()) {
                String get = request + ".get" + i.kind().accessor + "(\"" + i.name() + "\")";
                if (i.kind() == MessageValue.WRAPPER) get = "(" + i.type() + ") " + get;
                s.append(b2).append(i.type()).append(" ").append(i.name()).append(" = ").append(get).append(";\n");
            }
        } else {
            s.append(b2).append(names.requestClass()).append(" ").append(request).append(" = (").append(names.requestClass()).append(") ((")
                    .append(carrier).append(") ").append(delivered).append(").getObject();\n");
            for (CallSlice.Input i : slice.inputs()) {
                s.append(b2).append(i.type()).append(" ").append(i.name()).append(" = ").append(request).append(".").append(getter(i)).append("();\n");
            }
        }
        List<Statement> moved = slice.statements();
        String original = source.source().text().substring(source.begin(moved.get(0)), source.end(moved.get(moved.size() - 1)));
        String movedIndent = source.source().indentationAt(source.begin(moved.get(0)));
        s.append(b2).append(ascii(reindent(original, movedIndent, b2))).append("\n");
        if (slice.throwsChecked()) {
            s.append(b1).append("} catch (RuntimeException e) {\n");
            s.append(b2).append("throw e;\n");
            s.append(b1).append("} catch (Exception e) {\n");
        } else {
            s.append(b1).append("} catch (").append(jmsException).append(" e) {\n");
        }
        s.append(b2).append("// a system exception: the container logs it and, by its redelivery settings, retries\n");
        s.append(b2).append("throw new ").append(ejbException).append("(e);\n");
        s.append(b1).append("}\n");
        s.append(u).append("}\n");
        s.append("}\n");
        // the imports last: writing the body decided which types it names
        StringBuilder head = new StringBuilder();
        if (!pkg.isEmpty()) head.append("package ").append(pkg).append(";\n\n");
        for (String i : imports) head.append("import ").append(i).append(";\n");
        String folder = source.source().path().contains("/") ? source.source().path().substring(0, source.source().path().lastIndexOf('/') + 1) : "";
        return new FileChange.Create(folder + names.beanClass() + ".java", head + s.toString());
    }

    /** The serializable request an ObjectMessage carries, when an input is no MapMessage value. */
    Optional<FileChange.Create> requestClass() {
        if (mapMessage()) return Optional.empty();
        String pkg = source.unit().getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
        Set<String> imports = new TreeSet<>();
        Set<String> used = new LinkedHashSet<>();
        for (CallSlice.Input i : slice.inputs()) used.addAll(words(i.type()));
        for (ImportDeclaration i : source.unit().getImports()) {
            if (!i.isStatic() && !i.isAsterisk() && used.contains(i.getName().getIdentifier())) imports.add(i.getNameAsString());
            if (!i.isStatic() && i.isAsterisk()) imports.add(i.getNameAsString() + ".*");
        }
        imports.add("java.io.Serializable");
        StringBuilder s = new StringBuilder();
        if (!pkg.isEmpty()) s.append("package ").append(pkg).append(";\n\n");
        for (String i : imports) s.append("import ").append(i).append(";\n");
        s.append("\n/** The inputs of ").append(bean.getNameAsString()).append("#").append(slice.method().getNameAsString())
                .append("'s external call, queued for ").append(names.beanClass()).append(". */\n");
        s.append("public class ").append(names.requestClass()).append(" implements Serializable {\n");
        s.append("    private static final long serialVersionUID = 1L;\n\n");
        for (CallSlice.Input i : slice.inputs()) s.append("    private final ").append(i.type()).append(" ").append(i.name()).append(";\n");
        s.append("\n    public ").append(names.requestClass()).append("(")
                .append(String.join(", ", slice.inputs().stream().map(i -> i.type() + " " + i.name()).toList())).append(") {\n");
        for (CallSlice.Input i : slice.inputs()) s.append("        this.").append(i.name()).append(" = ").append(i.name()).append(";\n");
        s.append("    }\n");
        for (CallSlice.Input i : slice.inputs()) {
            s.append("\n    public ").append(i.type()).append(" ").append(getter(i)).append("() {\n        return ").append(i.name()).append(";\n    }\n");
        }
        s.append("}\n");
        String folder = source.source().path().contains("/") ? source.source().path().substring(0, source.source().path().lastIndexOf('/') + 1) : "";
        return Optional.of(new FileChange.Create(folder + names.requestClass() + ".java", s.toString()));
    }

    private static String getter(CallSlice.Input i) {
        return (i.type().equals("boolean") ? "is" : "get") + Character.toUpperCase(i.name().charAt(0)) + i.name().substring(1);
    }

    // ---- text helpers ------------------------------------------------------------------------------

    /** Which JMS/JNDI types the sending file can name simply, and the imports that takes. */
    private final class TypeRefs {
        final List<String> imports = new ArrayList<>();

        String use(String qualified) {
            String simple = qualified.substring(qualified.lastIndexOf('.') + 1);
            for (ImportDeclaration i : source.unit().getImports()) {
                if (!i.isStatic() && !i.isAsterisk() && i.getName().getIdentifier().equals(simple) && !i.getNameAsString().equals(qualified)) {
                    return qualified;
                }
            }
            if (source.type(simple).isPresent()) return qualified;
            imports.add(qualified);
            return simple;
        }
    }

    private static String fresh(String name, Set<String> taken) {
        String n = name;
        for (int i = 2; taken.contains(n); i++) n = name + i;
        taken.add(n);
        return n;
    }

    /** The file's indentation step: the method body's first statement's indentation minus the method's. */
    private String indentUnit(MethodDeclaration m, String outer) {
        if (m.getBody().isPresent() && !m.getBody().get().getStatements().isEmpty()) {
            String inner = source.source().indentationAt(source.begin(m.getBody().get().getStatement(0)));
            if (inner.length() > outer.length() && inner.startsWith(outer)) return inner.substring(outer.length());
        }
        return outer.startsWith("\t") ? "\t" : "    ";
    }

    /** Continuation lines lose {@code from} and get {@code to}; line endings become {@code \n}. */
    private static String reindent(String text, String from, String to) {
        String[] lines = text.replace("\r\n", "\n").split("\n", -1);
        StringBuilder out = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i];
            out.append("\n").append(l.isBlank() ? "" : l.startsWith(from) ? to + l.substring(from.length()) : l);
        }
        return out.toString();
    }

    /** Non-ASCII characters as unicode escapes, which javac reads the same in any source encoding. */
    private static String ascii(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c < 128) out.append(c);
            else out.append(String.format("\\u%04x", (int) c));
        }
        return out.toString();
    }

    private static Set<String> words(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) out.add(m.group());
        return out;
    }

    private static String withoutImports(String text) {
        StringBuilder out = new StringBuilder();
        for (String l : text.split("\n")) if (!l.stripLeading().startsWith("import ")) out.append(l).append('\n');
        return out.toString();
    }

    private int nextLineStart(int offset) {
        int nl = source.source().text().indexOf('\n', offset);
        return nl < 0 ? source.source().text().length() : nl + 1;
    }
}
