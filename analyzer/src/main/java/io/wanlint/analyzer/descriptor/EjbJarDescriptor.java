package io.wanlint.analyzer.descriptor;

import io.wanlint.analyzer.api.PersistenceType;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.analyzer.api.SourceLocation;
import io.wanlint.analyzer.api.TransactionAttribute;
import io.wanlint.analyzer.api.TransactionType;
import java.util.List;
import java.util.Map;

/**
 * An {@code ejb-jar} descriptor, EJB 1.1 to Jakarta 4.0.
 *
 * @param version          the {@code version} attribute or the DTD's version ({@code 1.1}, {@code 2.0}), or null
 * @param metadataComplete whether annotations of this module must be ignored
 * @param xmiIds           the declared name (ejb-name, ref name) of each bean or reference element with an {@code id}
 */
public record EjbJarDescriptor(SourceLocation location, String version, boolean metadataComplete,
                               List<Bean> beans, List<ContainerTransaction> containerTransactions,
                               Map<String, String> xmiIds)
        implements Descriptor {

    public EjbJarDescriptor {
        beans = List.copyOf(beans);
        containerTransactions = List.copyOf(containerTransactions);
        xmiIds = xmiIds == null ? Map.of() : Map.copyOf(xmiIds);
    }

    public enum BeanType { SESSION, ENTITY, MESSAGE_DRIVEN }

    public enum SessionType { STATELESS, STATEFUL, SINGLETON }

    /**
     * A {@code session}, {@code entity} or {@code message-driven} element. Fields that do not apply
     * to the bean type, or are not declared, are null (or empty lists).
     *
     * @param sessionType         null for entities, MDBs, and EJB 3 session entries that leave it to annotations
     * @param transactionType     null when not declared
     * @param persistenceType     BEAN or CONTAINER for entities, null otherwise
     * @param destinationType     MDB {@code destination-type}, {@code message-destination-type} or the
     *                            {@code destinationType} activation property
     * @param destination         MDB {@code destination}/{@code destinationLookup} activation property,
     *                            {@code message-destination-link} or {@code mapped-name}
     */
    public record Bean(BeanType type, String ejbName, String ejbClass, String home, String remote,
                       String localHome, String local, List<String> businessLocal, List<String> businessRemote,
                       boolean localBean, SessionType sessionType, TransactionType transactionType,
                       PersistenceType persistenceType, String primaryKeyClass, String cmpVersion,
                       String abstractSchemaName, List<String> cmpFields, List<QueryDefinition> queries,
                       Boolean reentrant, String destinationType, String destination, String mappedName,
                       List<EjbRefDeclaration> ejbRefs, List<ResourceRefDeclaration> resourceRefs,
                       SourceLocation location) {
        public Bean {
            businessLocal = List.copyOf(businessLocal);
            businessRemote = List.copyOf(businessRemote);
            cmpFields = List.copyOf(cmpFields);
            queries = List.copyOf(queries);
            ejbRefs = List.copyOf(ejbRefs);
            resourceRefs = List.copyOf(resourceRefs);
        }
    }

    /**
     * One {@code method} of a {@code container-transaction}.
     *
     * @param methodIntf   Home, Remote, LocalHome, Local, … or null for every view
     * @param methodName   a name or {@code *}
     * @param methodParams null when {@code method-params} is absent (every overload); empty for a no-arg method
     */
    public record Method(String ejbName, String methodIntf, String methodName, List<String> methodParams,
                         SourceLocation location) {
        public Method {
            methodParams = methodParams == null ? null : List.copyOf(methodParams);
        }
    }

    /**
     * A {@code container-transaction}.
     *
     * @param attribute     the parsed {@code trans-attribute}, or null when it is not a known spelling
     * @param attributeText the attribute as written
     */
    public record ContainerTransaction(List<Method> methods, TransactionAttribute attribute, String attributeText,
                                       SourceLocation location) {
        public ContainerTransaction {
            methods = List.copyOf(methods);
        }
    }
}
