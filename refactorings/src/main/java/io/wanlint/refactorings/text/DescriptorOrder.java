package io.wanlint.refactorings.text;

import java.util.Set;

/**
 * Where new elements go in the vendor deployment descriptors several refactorings edit: for one
 * position, the sibling elements the DTDs put after it, for {@link XmlSplice#insertChild}. One table
 * per position, so every refactoring inserting there agrees on the order.
 */
public final class DescriptorOrder {
    private DescriptorOrder() {}

    /** {@code jboss} (jboss.xml, JBoss 3.x-5.x DTDs) children that follow {@code enterprise-beans}. */
    public static final Set<String> JBOSS_AFTER_ENTERPRISE_BEANS = Set.of("assembly-descriptor", "resource-managers",
            "cluster-config", "invoker-proxy-bindings", "container-configurations");

    /** {@code weblogic-ejb-jar} children that follow the {@code weblogic-enterprise-bean} entries. */
    public static final Set<String> WEBLOGIC_AFTER_ENTERPRISE_BEAN = Set.of("relationship-description", "security-role-assignment",
            "run-as-role-assignment", "security-permission", "transaction-isolation", "idempotent-methods",
            "retry-methods-on-rollback", "skip-state-replication-methods", "enable-bean-class-redeploy",
            "timer-implementation", "disable-warning", "work-manager", "component-factory-class-name",
            "weblogic-compatibility", "application-admin-mode-trigger");
}
