package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.TransactionType;
import java.util.List;

/** What the annotations of one compiled bean class say; see {@link AnnotatedBean}, its source twin. */
record CompiledBean(ComponentKind kind, String name, CompiledType type, List<String> remoteBusiness,
                    List<String> localBusiness, boolean noInterfaceView, TransactionType transactionType,
                    List<MethodTransaction> transactions, String mappedName) {}
