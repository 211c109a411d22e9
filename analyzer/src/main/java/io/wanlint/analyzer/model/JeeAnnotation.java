package io.wanlint.analyzer.model;

import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import java.util.List;
import java.util.Optional;

/** The Java EE / Jakarta EE annotations the component model reads, in both namespaces. */
enum JeeAnnotation {
    STATELESS("Stateless", Packages.EJB), STATEFUL("Stateful", Packages.EJB), SINGLETON("Singleton", Packages.EJB),
    MESSAGE_DRIVEN("MessageDriven", Packages.EJB), REMOTE("Remote", Packages.EJB), LOCAL("Local", Packages.EJB),
    LOCAL_BEAN("LocalBean", Packages.EJB), TRANSACTION_ATTRIBUTE("TransactionAttribute", Packages.EJB),
    TRANSACTION_MANAGEMENT("TransactionManagement", Packages.EJB), EJB("EJB", Packages.EJB),
    ENTITY("Entity", Packages.PERSISTENCE), PERSISTENCE_CONTEXT("PersistenceContext", Packages.PERSISTENCE),
    WEB_SERVLET("WebServlet", Packages.SERVLET_ANNOTATION), WEB_FILTER("WebFilter", Packages.SERVLET_ANNOTATION),
    WEB_LISTENER("WebListener", Packages.SERVLET_ANNOTATION), RESOURCE("Resource", Packages.COMMON),
    INJECT("Inject", Packages.INJECT), PATH("Path", Packages.JAX_RS),
    CACHEABLE("Cacheable", Packages.PERSISTENCE), HIBERNATE_CACHE("Cache", Packages.HIBERNATE),
    ONE_TO_MANY("OneToMany", Packages.PERSISTENCE), MANY_TO_ONE("ManyToOne", Packages.PERSISTENCE),
    ONE_TO_ONE("OneToOne", Packages.PERSISTENCE), MANY_TO_MANY("ManyToMany", Packages.PERSISTENCE);

    /** The JPA relationship annotations, whose {@code cascade} makes a persist or merge of the owner write the related entity. */
    static final List<JeeAnnotation> RELATIONSHIPS = List.of(ONE_TO_MANY, MANY_TO_ONE, ONE_TO_ONE, MANY_TO_MANY);

    private static final class Packages {
        static final List<String> EJB = List.of("javax.ejb", "jakarta.ejb");
        static final List<String> PERSISTENCE = List.of("javax.persistence", "jakarta.persistence");
        static final List<String> SERVLET_ANNOTATION = List.of("javax.servlet.annotation", "jakarta.servlet.annotation");
        static final List<String> COMMON = List.of("javax.annotation", "jakarta.annotation");
        static final List<String> INJECT = List.of("javax.inject", "jakarta.inject");
        static final List<String> JAX_RS = List.of("javax.ws.rs", "jakarta.ws.rs");
        static final List<String> HIBERNATE = List.of("org.hibernate.annotations");
    }

    private final String simpleName;
    private final List<String> packages;

    JeeAnnotation(String simpleName, List<String> packages) {
        this.simpleName = simpleName;
        this.packages = packages;
    }

    boolean matches(AnnotationExpr a, TypeScope scope) {
        return scope.denotes(a.getNameAsString(), simpleName, packages);
    }

    /** Whether a qualified annotation type (as a class file names it) is this annotation, in either namespace. */
    boolean matchesQualified(String qualifiedName) {
        for (String p : packages) if (qualifiedName.equals(p + "." + simpleName)) return true;
        return false;
    }

    /** This annotation on {@code node}, if present. */
    Optional<AnnotationExpr> on(NodeWithAnnotations<?> node, TypeScope scope) {
        for (AnnotationExpr a : node.getAnnotations()) if (matches(a, scope)) return Optional.of(a);
        return Optional.empty();
    }
}
