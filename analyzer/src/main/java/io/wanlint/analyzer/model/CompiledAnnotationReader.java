package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.EjbReference;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The component annotations of compiled classes, read as {@link AnnotationReader} reads them in
 * sources (the same EJB 3 defaults for views, the same reference names), so that an application
 * analysed from its class files has the components its sources give.
 */
final class CompiledAnnotationReader {
    private final Map<String, CompiledType> types;

    CompiledAnnotationReader(Map<String, CompiledType> types) {
        this.types = types;
    }

    Optional<CompiledBean> bean(CompiledType t) {
        if (t.isInterface()) return Optional.empty();
        ComponentKind kind = null;
        CompiledType.Annotation beanAnnotation = null;
        for (CompiledType.Annotation a : t.annotations()) {
            if (a.is(JeeAnnotation.STATELESS)) kind = ComponentKind.STATELESS_SESSION;
            else if (a.is(JeeAnnotation.STATEFUL)) kind = ComponentKind.STATEFUL_SESSION;
            else if (a.is(JeeAnnotation.SINGLETON)) kind = ComponentKind.SINGLETON_SESSION;
            else if (a.is(JeeAnnotation.MESSAGE_DRIVEN)) kind = ComponentKind.MESSAGE_DRIVEN;
            else continue;
            beanAnnotation = a;
            break;
        }
        if (kind == null) return Optional.empty();
        String name = beanAnnotation.value("name");
        if (name == null) name = t.simpleName();

        Set<String> remote = new LinkedHashSet<>();
        Set<String> local = new LinkedHashSet<>();
        boolean explicit = false;
        boolean noInterface = t.annotation(JeeAnnotation.LOCAL_BEAN).isPresent();
        List<String> business = kind == ComponentKind.MESSAGE_DRIVEN ? List.of() : businessInterfaces(t);
        Optional<CompiledType.Annotation> remoteAnn = t.annotation(JeeAnnotation.REMOTE);
        Optional<CompiledType.Annotation> localAnn = t.annotation(JeeAnnotation.LOCAL);
        if (remoteAnn.isPresent()) {
            explicit = true;
            List<String> values = remoteAnn.get().all("value");
            remote.addAll(values.isEmpty() ? business : values);
        }
        if (localAnn.isPresent()) {
            explicit = true;
            List<String> values = localAnn.get().all("value");
            local.addAll(values.isEmpty() ? business : values);
        }
        for (String i : business) {
            CompiledType it = types.get(i);
            if (it == null) continue;
            if (it.annotation(JeeAnnotation.REMOTE).isPresent()) { remote.add(i); explicit = true; }
            if (it.annotation(JeeAnnotation.LOCAL).isPresent()) { local.add(i); explicit = true; }
        }
        if (!explicit && kind != ComponentKind.MESSAGE_DRIVEN) {
            if (business.isEmpty()) noInterface = true;
            else local.addAll(business);
        }
        TransactionType txType = t.annotation(JeeAnnotation.TRANSACTION_MANAGEMENT)
                .map(a -> "BEAN".equals(a.value("value")) ? TransactionType.BEAN : TransactionType.CONTAINER).orElse(null);
        return Optional.of(new CompiledBean(kind, name, t, List.copyOf(remote), List.copyOf(local), noInterface, txType,
                transactions(t), beanAnnotation.value("mappedName")));
    }

    private static List<MethodTransaction> transactions(CompiledType t) {
        List<MethodTransaction> out = new ArrayList<>();
        t.annotation(JeeAnnotation.TRANSACTION_ATTRIBUTE).flatMap(CompiledAnnotationReader::attribute)
                .ifPresent(a -> out.add(new MethodTransaction("*", null, null, a, MethodTransaction.Source.CLASS_ANNOTATION)));
        for (CompiledType.Member m : t.methods()) {
            Optional<TransactionAttribute> a = m.annotation(JeeAnnotation.TRANSACTION_ATTRIBUTE).flatMap(CompiledAnnotationReader::attribute);
            a.ifPresent(x -> out.add(new MethodTransaction(m.name(), m.parameterTypes(), null, x,
                    MethodTransaction.Source.METHOD_ANNOTATION)));
        }
        return out;
    }

    private static Optional<TransactionAttribute> attribute(CompiledType.Annotation a) {
        String constant = a.value("value");
        return constant == null ? Optional.of(TransactionAttribute.REQUIRED) : TransactionAttribute.parse(constant);
    }

    private static List<String> businessInterfaces(CompiledType t) {
        List<String> out = new ArrayList<>();
        for (String i : t.interfaces()) {
            if (i.equals("java.io.Serializable") || i.equals("java.io.Externalizable") || i.startsWith("javax.ejb.")
                    || i.startsWith("jakarta.ejb.")) continue;
            out.add(i);
        }
        return out;
    }

    /** A field, or a one-argument setter standing for its property. */
    private record InjectionPoint(CompiledType.Member member, String name, String type) {}

    private static List<InjectionPoint> injectionPoints(CompiledType t) {
        List<InjectionPoint> out = new ArrayList<>();
        for (CompiledType.Member f : t.fields()) out.add(new InjectionPoint(f, f.name(), f.type()));
        for (CompiledType.Member m : t.methods()) {
            if (m.parameterTypes().size() == 1 && m.name().startsWith("set") && m.name().length() > 3) {
                String suffix = m.name().substring(3);
                String property = suffix.length() > 1 && Character.isUpperCase(suffix.charAt(1)) ? suffix
                        : Character.toLowerCase(suffix.charAt(0)) + suffix.substring(1);
                out.add(new InjectionPoint(m, property, m.parameterTypes().get(0)));
            }
        }
        return out;
    }

    /** {@code @EJB} fields, setters and class-level declarations. */
    List<RefRequest> ejbRefs(CompiledType t) {
        List<RefRequest> out = new ArrayList<>();
        t.annotation(JeeAnnotation.EJB).ifPresent(a -> {
            String type = beanInterface(a);
            String name = a.value("name");
            if (name != null || type != null) out.add(ejbRef(a, name != null ? name : type, type, null));
        });
        for (InjectionPoint p : injectionPoints(t)) {
            p.member().annotation(JeeAnnotation.EJB).ifPresent(a -> {
                String type = Optional.ofNullable(beanInterface(a)).orElse(p.type());
                String name = a.value("name");
                out.add(ejbRef(a, name != null ? name : t.name() + "/" + p.name(), type, p.name()));
            });
        }
        return out;
    }

    /** {@code beanInterface} unless it is its default, {@code Object}. */
    private static String beanInterface(CompiledType.Annotation a) {
        String v = a.value("beanInterface");
        return v == null || v.equals("java.lang.Object") ? null : v;
    }

    private static RefRequest ejbRef(CompiledType.Annotation a, String name, String type, String field) {
        String jndi = a.value("lookup");
        if (jndi == null) jndi = a.value("mappedName");
        return new RefRequest(new EjbReference(name, false, null, type, a.value("beanName"), field, null), jndi, true);
    }

    /** {@code @Resource} and {@code @PersistenceContext} on fields, setters and the class. */
    List<ResourceReference> resourceRefs(CompiledType t) {
        List<ResourceReference> out = new ArrayList<>();
        t.annotation(JeeAnnotation.RESOURCE).ifPresent(a -> {
            String name = a.value("name");
            String type = a.value("type");
            if (name != null) out.add(new ResourceReference(name, "java.lang.Object".equals(type) ? null : type, jndi(a), null));
        });
        for (InjectionPoint p : injectionPoints(t)) {
            p.member().annotation(JeeAnnotation.RESOURCE).ifPresent(a -> {
                String name = a.value("name");
                String type = a.value("type");
                out.add(new ResourceReference(name != null ? name : t.name() + "/" + p.name(),
                        type == null || type.equals("java.lang.Object") ? p.type() : type, jndi(a), p.name()));
            });
            p.member().annotation(JeeAnnotation.PERSISTENCE_CONTEXT).ifPresent(a -> {
                String name = a.value("name");
                out.add(new ResourceReference(name != null ? name : t.name() + "/" + p.name(), p.type(), a.value("unitName"),
                        p.name()));
            });
        }
        return out;
    }

    private static String jndi(CompiledType.Annotation a) {
        String lookup = a.value("lookup");
        return lookup != null ? lookup : a.value("mappedName");
    }

    /** {@code @Inject} fields and setters. */
    List<InjectCandidate> injectCandidates(CompiledType t) {
        List<InjectCandidate> out = new ArrayList<>();
        for (InjectionPoint p : injectionPoints(t)) {
            if (p.member().annotation(JeeAnnotation.INJECT).isPresent()) {
                out.add(new InjectCandidate(t.name() + "/" + p.name(), p.type(), p.name()));
            }
        }
        return out;
    }
}
