package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.TransactionType;
import java.util.List;

/**
 * What the annotations of one bean class say.
 *
 * @param name            the {@code name} attribute, or the simple class name
 * @param explicitViews   whether {@code @Remote}/{@code @Local} designated the business interfaces
 *                        (otherwise the EJB 3 defaults were applied)
 * @param transactionType from {@code @TransactionManagement}, or null
 * @param mappedName      {@code mappedName} of the bean annotation, or null
 */
record AnnotatedBean(ComponentKind kind, String name, SourceType type, List<String> remoteBusiness,
                     List<String> localBusiness, boolean noInterfaceView, boolean explicitViews,
                     TransactionType transactionType, List<MethodTransaction> transactions, String mappedName) {}
