package io.wanlint.analyzer.model;

import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.MethodTransaction;
import io.wanlint.analyzer.api.QueryDefinition;
import io.wanlint.analyzer.api.ResourceReference;
import io.wanlint.analyzer.api.TransactionType;
import java.util.List;

/**
 * A bean as its XDoclet tags declare it, with the views XDoclet generated for it at build time
 * (interfaces the sources do not contain): what ejbdoclet would have written into ejb-jar.xml.
 *
 * @param home          the generated remote home, or null when the view type has no remote view
 * @param cmpVersion    {@code 2.x} or {@code 1.x} for a CMP entity, else null
 * @param tagLine       the line of the {@code @ejb.bean} tag
 */
record XDocletBean(ComponentKind kind, String name, SourceType type, String home, String remote, String localHome,
                   String local, TransactionType transactionType, List<MethodTransaction> transactions,
                   String jndiName, String localJndiName, List<RefRequest> ejbRefs, List<ResourceReference> resourceRefs,
                   List<QueryDefinition> queries, List<String> cmpFields, String primaryKeyClass, boolean readOnly,
                   String cmpVersion, int tagLine) {}
