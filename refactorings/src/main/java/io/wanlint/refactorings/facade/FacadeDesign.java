package io.wanlint.refactorings.facade;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A new stateless session façade, as a refactoring decided it, independent of the EJB flavour: its
 * name, its business methods (bodies already written as Java statements), the serializable transfer
 * objects they return, and what the moved code needs from its environment. {@link FacadeScaffold}
 * turns it into files and descriptor entries for the application's EJB style (EJB 2.x home/remote/
 * bean and {@code ejb-jar.xml}, or EJB 3.x / Jakarta annotations).
 *
 * @param packageName        package of the façade and its transfer objects, e.g. {@code org.acme.rubis.entity.facade}
 * @param name               the bean's simple name and ejb-name, e.g. {@code ViewItemFacade}; EJB 2.x
 *                           adds {@code ViewItemFacadeHome} and {@code ViewItemFacadeBean}
 * @param sourceRoot         folder (relative to the analysed root, no trailing slash) the package folders
 *                           live under, e.g. {@code src} or {@code src/main/java}; the client's root
 * @param methods            the business methods, in order
 * @param transferObjects    classes the methods return or contain, generated in {@code packageName}
 * @param memberDeclarations fields the moved code uses, copied into the bean as written in the client
 *                           (e.g. {@code @EJB private CatalogLocal catalog;}, {@code @Resource DataSource ds;})
 * @param envRefNames        the {@code java:comp/env} names the moved code looks up (e.g. {@code ejb/Item},
 *                           {@code jdbc/EstoreDB}); their declarations in the client's descriptor
 *                           ({@code ejb-ref}, {@code ejb-local-ref}, {@code resource-ref}...) are copied
 *                           into the façade's descriptor entry
 * @param dao                when present, the bodies go into this data-access class (a plain class in
 *                           {@code packageName}) and each façade method delegates to it (WAN003)
 */
public record FacadeDesign(String packageName, String name, String sourceRoot, List<FacadeMethod> methods,
                           List<TransferObject> transferObjects, List<String> memberDeclarations,
                           Set<String> envRefNames, Optional<String> dao) {
    public FacadeDesign {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sourceRoot, "sourceRoot");
        methods = List.copyOf(methods);
        transferObjects = List.copyOf(transferObjects);
        memberDeclarations = List.copyOf(memberDeclarations);
        envRefNames = Set.copyOf(envRefNames);
        dao = dao == null ? Optional.empty() : dao;
    }

    /** The fully qualified name of a class generated in the façade's package. */
    public String qualified(String simpleName) { return packageName.isEmpty() ? simpleName : packageName + "." + simpleName; }

    /**
     * One business method of the façade.
     *
     * @param returnType as written in Java ({@code ViewItemData}, {@code java.util.List}, {@code void})
     * @param exceptions checked exceptions the body throws that the caller handles (simple or qualified
     *                   names; {@code java.rmi.RemoteException} is added by EJB 2.x remote interfaces)
     * @param body       the statements between the braces, without indentation of the method itself
     * @param imports    qualified names the body and signature need
     */
    public record FacadeMethod(String name, String returnType, List<Parameter> parameters, List<String> exceptions,
                               String body, Set<String> imports) {
        public FacadeMethod {
            parameters = List.copyOf(parameters);
            exceptions = List.copyOf(exceptions);
            imports = Set.copyOf(imports);
        }
    }

    /** A parameter or a field: a Java type as written, and a name. */
    public record Parameter(String type, String name) {}

    /**
     * A serializable value class with one private final field per entry, a constructor taking them
     * in order and a getter each ({@code getX}, or {@code isX} for {@code boolean}).
     *
     * @param imports qualified names the field types need
     */
    public record TransferObject(String name, List<Parameter> fields, Set<String> imports) {
        public TransferObject {
            fields = List.copyOf(fields);
            imports = Set.copyOf(imports);
        }
    }
}
