package io.wanlint.analyzer.model;

import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The entities a JPA entity's {@code persist} or {@code merge} also writes: the targets of its
 * relationships ({@code @OneToMany}, {@code @ManyToOne}, {@code @OneToOne}, {@code @ManyToMany} on a
 * field or a getter) whose {@code cascade} includes {@code ALL}, {@code PERSIST} or {@code MERGE}.
 * The target is the relationship's {@code targetEntity}, else the element type of a collection
 * ({@code List<OrderDetail>}, a map's value type) or the field's own type. Read from source and from
 * class files alike, so both front ends see the same write sets.
 */
final class JpaCascades {
    private JpaCascades() {}

    /** The cascade types under which a persist or merge of the owner reaches the related entity. */
    private static final Set<String> WRITING = Set.of("ALL", "PERSIST", "MERGE");

    /** From a source declaration: the qualified names of the entities its persist or merge cascades to. */
    static List<String> of(TypeDeclaration<?> decl, TypeScope scope) {
        Set<String> out = new LinkedHashSet<>();
        for (FieldDeclaration f : decl.getFields()) {
            if (f.isStatic() || f.getVariables().isEmpty()) continue;
            target(f, f.getVariable(0).getType(), scope).ifPresent(out::add);
        }
        for (MethodDeclaration m : decl.getMethods()) {
            if (!m.isStatic() && m.getParameters().isEmpty()) target(m, m.getType(), scope).ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    private static Optional<String> target(NodeWithAnnotations<?> member, Type type, TypeScope scope) {
        for (JeeAnnotation r : JeeAnnotation.RELATIONSHIPS) {
            Optional<AnnotationExpr> a = r.on(member, scope);
            if (a.isEmpty()) continue;
            if (AnnotationAttributes.constants(a.get(), "cascade").stream().noneMatch(WRITING::contains)) return Optional.empty();
            List<String> explicit = AnnotationAttributes.classes(a.get(), "targetEntity");
            if (!explicit.isEmpty()) return Optional.of(scope.resolve(explicit.get(0)));
            Type element = type;
            if (type instanceof ClassOrInterfaceType c && c.getTypeArguments().filter(args -> !args.isEmpty()).isPresent()) {
                var args = c.getTypeArguments().get();
                element = args.get(args.size() - 1);
            }
            return Optional.of(scope.resolve(element.asString()));
        }
        return Optional.empty();
    }

    /** From a class file: the binary names of the entities its persist or merge cascades to. */
    static List<String> of(CompiledType t) {
        Set<String> out = new LinkedHashSet<>();
        List<CompiledType.Member> members = new ArrayList<>(t.fields());
        for (CompiledType.Member m : t.methods()) if (m.parameterTypes().isEmpty()) members.add(m);
        for (CompiledType.Member m : members) {
            for (JeeAnnotation r : JeeAnnotation.RELATIONSHIPS) {
                Optional<CompiledType.Annotation> a = m.annotation(r);
                if (a.isEmpty() || a.get().all("cascade").stream().noneMatch(WRITING::contains)) continue;
                String explicit = a.get().value("targetEntity");
                if (explicit != null && !explicit.equals("void")) out.add(explicit);
                else if (!m.typeArguments().isEmpty()) out.add(m.typeArguments().get(m.typeArguments().size() - 1));
                else out.add(m.type());
            }
        }
        return List.copyOf(out);
    }
}
