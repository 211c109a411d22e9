package io.wanlint.analyzer.model;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
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

/** Reads the component annotations of application types. */
final class AnnotationReader {
    private final Map<String, SourceType> types;

    AnnotationReader(Map<String, SourceType> types) {
        this.types = types;
    }

    /** The bean declared by {@code @Stateless}, {@code @Stateful}, {@code @Singleton} or {@code @MessageDriven}. */
    Optional<AnnotatedBean> bean(SourceType t) {
        TypeDeclaration<?> d = t.declaration();
        TypeScope s = t.scope();
        ComponentKind kind = null;
        AnnotationExpr beanAnnotation = null;
        for (AnnotationExpr a : d.getAnnotations()) {
            if (JeeAnnotation.STATELESS.matches(a, s)) kind = ComponentKind.STATELESS_SESSION;
            else if (JeeAnnotation.STATEFUL.matches(a, s)) kind = ComponentKind.STATEFUL_SESSION;
            else if (JeeAnnotation.SINGLETON.matches(a, s)) kind = ComponentKind.SINGLETON_SESSION;
            else if (JeeAnnotation.MESSAGE_DRIVEN.matches(a, s)) kind = ComponentKind.MESSAGE_DRIVEN;
            else continue;
            beanAnnotation = a;
            break;
        }
        if (kind == null || t.isInterface()) return Optional.empty();
        String name = AnnotationAttributes.string(beanAnnotation, "name");
        if (name == null) name = t.simpleName();

        Set<String> remote = new LinkedHashSet<>();
        Set<String> local = new LinkedHashSet<>();
        boolean explicit = false;
        boolean noInterface = JeeAnnotation.LOCAL_BEAN.on(d, s).isPresent();
        List<String> business = kind == ComponentKind.MESSAGE_DRIVEN ? List.of() : businessInterfaces(t);
        Optional<AnnotationExpr> remoteAnn = JeeAnnotation.REMOTE.on(d, s);
        Optional<AnnotationExpr> localAnn = JeeAnnotation.LOCAL.on(d, s);
        if (remoteAnn.isPresent()) {
            explicit = true;
            List<String> values = AnnotationAttributes.classes(remoteAnn.get(), "value");
            if (values.isEmpty()) remote.addAll(business);
            else values.forEach(v -> remote.add(s.resolve(v)));
        }
        if (localAnn.isPresent()) {
            explicit = true;
            List<String> values = AnnotationAttributes.classes(localAnn.get(), "value");
            if (values.isEmpty()) local.addAll(business);
            else values.forEach(v -> local.add(s.resolve(v)));
        }
        // Interfaces annotated themselves designate their view.
        for (String i : business) {
            SourceType it = types.get(i);
            if (it == null) continue;
            if (JeeAnnotation.REMOTE.on(it.declaration(), it.scope()).isPresent()) { remote.add(i); explicit = true; }
            if (JeeAnnotation.LOCAL.on(it.declaration(), it.scope()).isPresent()) { local.add(i); explicit = true; }
        }
        if (!explicit && kind != ComponentKind.MESSAGE_DRIVEN) {
            // EJB 3 defaults: a sole undesignated interface is local; none at all means the no-interface view.
            if (business.isEmpty()) noInterface = true;
            else local.addAll(business);
        }

        TransactionType txType = JeeAnnotation.TRANSACTION_MANAGEMENT.on(d, s)
                .map(a -> "BEAN".equals(AnnotationAttributes.constant(a, "value")) ? TransactionType.BEAN
                        : TransactionType.CONTAINER).orElse(null);
        String mappedName = AnnotationAttributes.string(beanAnnotation, "mappedName");
        return Optional.of(new AnnotatedBean(kind, name, t, List.copyOf(remote), List.copyOf(local), noInterface,
                explicit, txType, transactions(t), mappedName));
    }

    /** Class-level ({@code *}) and method-level {@code @TransactionAttribute} declarations. */
    List<MethodTransaction> transactions(SourceType t) {
        List<MethodTransaction> out = new ArrayList<>();
        TypeScope s = t.scope();
        JeeAnnotation.TRANSACTION_ATTRIBUTE.on(t.declaration(), s).flatMap(this::attribute)
                .ifPresent(a -> out.add(new MethodTransaction("*", null, null, a, MethodTransaction.Source.CLASS_ANNOTATION)));
        for (MethodDeclaration m : t.declaration().getMethods()) {
            Optional<TransactionAttribute> attr = JeeAnnotation.TRANSACTION_ATTRIBUTE.on(m, s).flatMap(this::attribute);
            if (attr.isEmpty()) continue;
            List<String> params = m.getParameters().stream().map(p -> parameterType(p, s)).toList();
            out.add(new MethodTransaction(m.getNameAsString(), params, null, attr.get(),
                    MethodTransaction.Source.METHOD_ANNOTATION));
        }
        return out;
    }

    private Optional<TransactionAttribute> attribute(AnnotationExpr a) {
        String constant = AnnotationAttributes.constant(a, "value");
        // @TransactionAttribute without a value means REQUIRED (the annotation's default).
        return constant == null ? Optional.of(TransactionAttribute.REQUIRED) : TransactionAttribute.parse(constant);
    }

    private static String parameterType(Parameter p, TypeScope s) {
        return s.resolve(p.getType().asString() + (p.isVarArgs() ? "[]" : ""));
    }

    /** Directly implemented interfaces that can be business interfaces (not Serializable, not javax.ejb's own). */
    private static List<String> businessInterfaces(SourceType t) {
        List<String> out = new ArrayList<>();
        for (String i : t.interfaces()) {
            if (i.equals("java.io.Serializable") || i.equals("Serializable") || i.equals("java.io.Externalizable")
                    || i.equals("Externalizable") || i.startsWith("javax.ejb.") || i.startsWith("jakarta.ejb.")
                    || i.equals("SessionBean") || i.equals("TimedObject") || i.equals("SessionSynchronization")) continue;
            out.add(i);
        }
        return out;
    }

    /** {@code @EJB} fields, setters and class-level declarations. */
    List<RefRequest> ejbRefs(SourceType t) {
        List<RefRequest> out = new ArrayList<>();
        TypeScope s = t.scope();
        JeeAnnotation.EJB.on(t.declaration(), s).ifPresent(a -> {
            String type = AnnotationAttributes.classes(a, "beanInterface").stream().findFirst().map(s::resolve).orElse(null);
            String name = AnnotationAttributes.string(a, "name");
            if (name != null || type != null) out.add(ejbRef(a, name != null ? name : type, type, null));
        });
        for (InjectionPoint p : injectionPoints(t)) {
            JeeAnnotation.EJB.on(p.member(), s).ifPresent(a -> {
                String type = AnnotationAttributes.classes(a, "beanInterface").stream().findFirst()
                        .map(s::resolve).orElse(p.type());
                String name = AnnotationAttributes.string(a, "name");
                out.add(ejbRef(a, name != null ? name : t.qualifiedName() + "/" + p.name(), type, p.name()));
            });
        }
        return out;
    }

    private static RefRequest ejbRef(AnnotationExpr a, String name, String type, String field) {
        String jndi = AnnotationAttributes.string(a, "lookup");
        if (jndi == null) jndi = AnnotationAttributes.string(a, "mappedName");
        // beanName plays the role of ejb-link.
        return new RefRequest(new EjbReference(name, false, null, type, AnnotationAttributes.string(a, "beanName"),
                field, null), jndi, true);
    }

    /** {@code @Resource} and {@code @PersistenceContext} on fields, setters and the class. */
    List<ResourceReference> resourceRefs(SourceType t) {
        List<ResourceReference> out = new ArrayList<>();
        TypeScope s = t.scope();
        JeeAnnotation.RESOURCE.on(t.declaration(), s).ifPresent(a -> {
            String name = AnnotationAttributes.string(a, "name");
            String type = AnnotationAttributes.classes(a, "type").stream().findFirst().map(s::resolve).orElse(null);
            if (name != null) out.add(new ResourceReference(name, type, resourceJndi(a), null));
        });
        for (InjectionPoint p : injectionPoints(t)) {
            JeeAnnotation.RESOURCE.on(p.member(), s).ifPresent(a -> {
                String name = AnnotationAttributes.string(a, "name");
                String type = AnnotationAttributes.classes(a, "type").stream().findFirst().map(s::resolve).orElse(p.type());
                out.add(new ResourceReference(name != null ? name : t.qualifiedName() + "/" + p.name(), type,
                        resourceJndi(a), p.name()));
            });
            JeeAnnotation.PERSISTENCE_CONTEXT.on(p.member(), s).ifPresent(a -> {
                String name = AnnotationAttributes.string(a, "name");
                out.add(new ResourceReference(name != null ? name : t.qualifiedName() + "/" + p.name(), p.type(),
                        AnnotationAttributes.string(a, "unitName"), p.name()));
            });
        }
        return out;
    }

    private static String resourceJndi(AnnotationExpr a) {
        String lookup = AnnotationAttributes.string(a, "lookup");
        return lookup != null ? lookup : AnnotationAttributes.string(a, "mappedName");
    }

    /** {@code @Inject} fields and setters: EJB references when their type is a bean view. */
    List<InjectCandidate> injectCandidates(SourceType t) {
        List<InjectCandidate> out = new ArrayList<>();
        for (InjectionPoint p : injectionPoints(t)) {
            if (JeeAnnotation.INJECT.on(p.member(), t.scope()).isPresent()) {
                out.add(new InjectCandidate(t.qualifiedName() + "/" + p.name(), p.type(), p.name()));
            }
        }
        return out;
    }

    /** A field, or a one-argument setter standing for its property. */
    private record InjectionPoint(BodyDeclaration<?> member, String name, String type) {}

    private static List<InjectionPoint> injectionPoints(SourceType t) {
        List<InjectionPoint> out = new ArrayList<>();
        TypeScope s = t.scope();
        for (BodyDeclaration<?> m : t.declaration().getMembers()) {
            if (m.getAnnotations().isEmpty()) continue;
            if (m instanceof FieldDeclaration f) {
                f.getVariables().forEach(v -> out.add(new InjectionPoint(f, v.getNameAsString(), s.resolve(v.getTypeAsString()))));
            } else if (m instanceof MethodDeclaration md && md.getParameters().size() == 1
                    && md.getNameAsString().startsWith("set") && md.getNameAsString().length() > 3) {
                out.add(new InjectionPoint(md, property(md.getNameAsString().substring(3)),
                        s.resolve(md.getParameter(0).getTypeAsString())));
            }
        }
        return out;
    }

    /** JavaBeans property name of a setter suffix ({@code Catalog} → catalog, {@code URL} → URL). */
    private static String property(String suffix) {
        if (suffix.length() > 1 && Character.isUpperCase(suffix.charAt(1))) return suffix;
        return Character.toLowerCase(suffix.charAt(0)) + suffix.substring(1);
    }
}
