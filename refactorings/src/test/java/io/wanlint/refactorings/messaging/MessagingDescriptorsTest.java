package io.wanlint.refactorings.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.SourceText;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The descriptor edits of a deferred call, before and after, per descriptor version and vendor. */
class MessagingDescriptorsTest {
    private static final String EJB20 = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN"
                "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
            <!-- supplier domain -->
            <ejb-jar>
              <enterprise-beans>
                <session>
                  <ejb-name>BuyerSes</ejb-name>
                  <ejb-class>a.BuyerSesEJB</ejb-class>
                  <session-type>Stateless</session-type>
                  <transaction-type>Container</transaction-type>
                  <ejb-local-ref>
                    <ejb-ref-name>ejb/Supplier</ejb-ref-name>
                  </ejb-local-ref>
                </session>
              </enterprise-beans>
              <assembly-descriptor>
                <container-transaction>
                  <method><ejb-name>BuyerSes</ejb-name><method-name>*</method-name></method>
                  <trans-attribute>Required</trans-attribute>
                </container-transaction>
              </assembly-descriptor>
            </ejb-jar>
            """;

    private static String apply(SourceText t, FileChange.Edit e) { return e.applyTo(t.text()); }

    @Test
    void ejb20DescriptorGetsAMessageDrivenDestinationReferencesAndNotSupportedOnMessage() {
        SourceText t = SourceText.created("META-INF/supplier.xml.BMP", EJB20);
        String after = apply(t, MessagingDescriptors.ejbJar(t, "BuyerSes", "PurchaseMessageBean", "a.PurchaseMessageBean",
                "jms/PurchaseQueue", "jms/QueueConnectionFactory", "javax", Set.of()).orElseThrow());
        assertThat(after).startsWith(EJB20.substring(0, EJB20.indexOf("<ejb-jar>")))
                .contains("""
                              <ejb-local-ref>
                                <ejb-ref-name>ejb/Supplier</ejb-ref-name>
                              </ejb-local-ref>
                              <resource-ref>
                                <res-ref-name>jms/QueueConnectionFactory</res-ref-name>
                                <res-type>javax.jms.QueueConnectionFactory</res-type>
                                <res-auth>Container</res-auth>
                              </resource-ref>
                              <resource-env-ref>
                                <resource-env-ref-name>jms/PurchaseQueue</resource-env-ref-name>
                                <resource-env-ref-type>javax.jms.Queue</resource-env-ref-type>
                              </resource-env-ref>
                            </session>
                            <message-driven>
                              <ejb-name>PurchaseMessageBean</ejb-name>
                              <ejb-class>a.PurchaseMessageBean</ejb-class>
                              <transaction-type>Container</transaction-type>
                              <message-driven-destination>
                                <destination-type>javax.jms.Queue</destination-type>
                              </message-driven-destination>
                            </message-driven>
                          </enterprise-beans>
                        """)
                .contains("""
                            </container-transaction>
                            <container-transaction>
                              <method>
                                <ejb-name>PurchaseMessageBean</ejb-name>
                                <method-name>onMessage</method-name>
                              </method>
                              <trans-attribute>NotSupported</trans-attribute>
                            </container-transaction>
                          </assembly-descriptor>
                        """)
                .doesNotContain("activation-config");
    }

    @Test
    void schemaDescriptorGetsAnActivationConfigAndMessagingType() {
        String ejb21 = """
                <ejb-jar xmlns="http://java.sun.com/xml/ns/j2ee" version="2.1">
                  <enterprise-beans>
                    <session>
                      <ejb-name>Mailer</ejb-name>
                      <ejb-class>a.MailerBean</ejb-class>
                      <session-type>Stateless</session-type>
                      <transaction-type>Container</transaction-type>
                      <security-identity><use-caller-identity/></security-identity>
                    </session>
                  </enterprise-beans>
                </ejb-jar>
                """;
        SourceText t = SourceText.created("META-INF/ejb-jar.xml", ejb21);
        String after = apply(t, MessagingDescriptors.ejbJar(t, "Mailer", "SendMessageBean", "a.SendMessageBean",
                "jms/SendQueue", "jms/QueueConnectionFactory", "javax", Set.of()).orElseThrow());
        // references go before security-identity (schema order), the bean gets activation-config
        assertThat(after.indexOf("<resource-env-ref>")).isLessThan(after.indexOf("<security-identity>"));
        assertThat(after).contains("<messaging-type>javax.jms.MessageListener</messaging-type>")
                .contains("<activation-config-property-name>destinationType</activation-config-property-name>")
                .contains("  <assembly-descriptor>\n    <container-transaction>\n")
                .doesNotContain("message-driven-destination");
    }

    @Test
    void anEjb11DescriptorTakesNoMessageDrivenBeanItIsNotRaisedTo20() {
        String ejb11 = """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 1.1//EN" "http://java.sun.com/j2ee/dtds/ejb-jar_1_1.dtd">
                <ejb-jar><enterprise-beans>
                  <session><ejb-name>Mailer</ejb-name><session-type>Stateless</session-type></session>
                </enterprise-beans></ejb-jar>
                """;
        assertThat(MessagingDescriptors.whyNot(SourceText.created("META-INF/ejb-jar.xml", ejb11)))
                .hasValue("message-driven beans need EJB 2.0: META-INF/ejb-jar.xml is an EJB 1.1 descriptor (J2EE 1.2)");
    }

    @Test
    void anEjb20DescriptorTakesOne() {
        String ejb20 = """
                <?xml version="1.0"?>
                <!DOCTYPE ejb-jar PUBLIC "-//Sun Microsystems, Inc.//DTD Enterprise JavaBeans 2.0//EN" "http://java.sun.com/dtd/ejb-jar_2_0.dtd">
                <ejb-jar><enterprise-beans>
                  <session><ejb-name>Mailer</ejb-name><session-type>Stateless</session-type></session>
                </enterprise-beans></ejb-jar>
                """;
        assertThat(MessagingDescriptors.whyNot(SourceText.created("META-INF/ejb-jar.xml", ejb20))).isEmpty();
    }

    @Test
    void weblogicGetsReferenceDescriptionsBeforeTheJndiNameAndAMessageDrivenDescriptor() {
        String weblogic = """
                <?xml version="1.0"?>
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>BuyerSes</ejb-name>
                    <jndi-name>BuyerSesHome</jndi-name>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """;
        SourceText t = SourceText.created("META-INF/weblogic-ejb-jar.xml", weblogic);
        String after = apply(t, MessagingDescriptors.weblogic(t, "BuyerSes", "PurchaseMessageBean", "jms/PurchaseQueue",
                "jms/QueueConnectionFactory", "jms/PurchaseQueue").orElseThrow());
        assertThat(after).isEqualTo("""
                <?xml version="1.0"?>
                <weblogic-ejb-jar>
                  <weblogic-enterprise-bean>
                    <ejb-name>BuyerSes</ejb-name>
                    <reference-descriptor>
                      <resource-description>
                        <res-ref-name>jms/QueueConnectionFactory</res-ref-name>
                        <jndi-name>weblogic.jms.XAConnectionFactory</jndi-name>
                      </resource-description>
                      <resource-env-description>
                        <res-env-ref-name>jms/PurchaseQueue</res-env-ref-name>
                        <jndi-name>jms/PurchaseQueue</jndi-name>
                      </resource-env-description>
                    </reference-descriptor>
                    <jndi-name>BuyerSesHome</jndi-name>
                  </weblogic-enterprise-bean>
                  <weblogic-enterprise-bean>
                    <ejb-name>PurchaseMessageBean</ejb-name>
                    <message-driven-descriptor>
                      <destination-jndi-name>jms/PurchaseQueue</destination-jndi-name>
                    </message-driven-descriptor>
                  </weblogic-enterprise-bean>
                </weblogic-ejb-jar>
                """);
    }
    @Test
    void jboss24GetsTheQueueBindingAndTheSendersReferenceMappingsInDtdOrder() {
        String jboss = """
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 2.4//EN" "http://www.jboss.org/j2ee/dtd/jboss_2_4.dtd">
                <!-- global names -->
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Mailer</ejb-name>
                      <jndi-name>estore/Mailer</jndi-name>
                      <resource-ref>
                        <res-ref-name>mail/Session</res-ref-name>
                        <jndi-name>java:/Mail</jndi-name>
                      </resource-ref>
                      <clustered>False</clustered>
                    </session>
                  </enterprise-beans>
                </jboss>
                """;
        SourceText t = SourceText.created("src/deploy/jboss.xml", jboss);
        String after = apply(t, MessagingDescriptors.jboss(t, "Mailer", "SendMessageBean", "jms/SendQueue", "jms/QueueConnectionFactory",
                "queue/SendQueue", Set.of("mail/Session")).orElseThrow());
        assertThat(after).isEqualTo("""
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <!DOCTYPE jboss PUBLIC "-//JBoss//DTD JBOSS 2.4//EN" "http://www.jboss.org/j2ee/dtd/jboss_2_4.dtd">
                <!-- global names -->
                <jboss>
                  <enterprise-beans>
                    <session>
                      <ejb-name>Mailer</ejb-name>
                      <jndi-name>estore/Mailer</jndi-name>
                      <resource-ref>
                        <res-ref-name>mail/Session</res-ref-name>
                        <jndi-name>java:/Mail</jndi-name>
                      </resource-ref>
                      <resource-ref>
                        <res-ref-name>jms/QueueConnectionFactory</res-ref-name>
                        <jndi-name>java:/JmsXA</jndi-name>
                      </resource-ref>
                      <resource-env-ref>
                        <resource-env-ref-name>jms/SendQueue</resource-env-ref-name>
                        <jndi-name>queue/SendQueue</jndi-name>
                      </resource-env-ref>
                      <clustered>False</clustered>
                    </session>
                    <message-driven>
                      <ejb-name>SendMessageBean</ejb-name>
                      <destination-jndi-name>queue/SendQueue</destination-jndi-name>
                      <resource-ref>
                        <res-ref-name>mail/Session</res-ref-name>
                        <jndi-name>java:/Mail</jndi-name>
                      </resource-ref>
                    </message-driven>
                  </enterprise-beans>
                </jboss>
                """);
    }
}
