package io.wanlint.cli.hostile;

import static io.wanlint.cli.hostile.HostileApps.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 item 7: a topology file that puts a servlet and the bean it reaches through an
 * {@code ejb-local-ref} on different sites describes a deployment that cannot exist (a local view
 * is only reachable inside one JVM): a configuration error, exit 2, naming both and the reference.
 */
class SplitTopologyTest {
    @TempDir Path app;
    @TempDir Path config;

    private void localViewApp() {
        write(app.resolve("WEB-INF/web.xml"), """
                <?xml version="1.0"?>
                <web-app>
                  <servlet><servlet-name>item</servlet-name><servlet-class>shop.web.ItemServlet</servlet-class></servlet>
                  <servlet-mapping><servlet-name>item</servlet-name><url-pattern>/item</url-pattern></servlet-mapping>
                  <ejb-local-ref>
                    <ejb-ref-name>ejb/local/Item</ejb-ref-name>
                    <ejb-ref-type>Entity</ejb-ref-type>
                    <local-home>shop.ejb.ItemLocalHome</local-home>
                    <local>shop.ejb.ItemLocal</local>
                    <ejb-link>ItemEJB</ejb-link>
                  </ejb-local-ref>
                </web-app>
                """);
        write(app.resolve("META-INF/ejb-jar.xml"), """
                <?xml version="1.0"?>
                <ejb-jar><enterprise-beans><entity>
                  <ejb-name>ItemEJB</ejb-name>
                  <local-home>shop.ejb.ItemLocalHome</local-home><local>shop.ejb.ItemLocal</local>
                  <ejb-class>shop.ejb.ItemBean</ejb-class>
                  <persistence-type>Container</persistence-type>
                  <prim-key-class>java.lang.String</prim-key-class>
                  <reentrant>False</reentrant>
                </entity></enterprise-beans></ejb-jar>
                """);
        write(app.resolve("shop/ejb/ItemLocalHome.java"), """
                package shop.ejb;
                public interface ItemLocalHome extends javax.ejb.EJBLocalHome {
                    ItemLocal findByPrimaryKey(String id) throws javax.ejb.FinderException;
                }
                """);
        write(app.resolve("shop/ejb/ItemLocal.java"), """
                package shop.ejb;
                public interface ItemLocal extends javax.ejb.EJBLocalObject { String getName(); }
                """);
        write(app.resolve("shop/ejb/ItemBean.java"), """
                package shop.ejb;
                public abstract class ItemBean implements javax.ejb.EntityBean {
                    public abstract String getName();
                }
                """);
        write(app.resolve("shop/web/ItemServlet.java"), """
                package shop.web;
                import javax.servlet.http.*;
                public class ItemServlet extends HttpServlet {
                    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws java.io.IOException {
                        try {
                            shop.ejb.ItemLocalHome home = (shop.ejb.ItemLocalHome)
                                    new javax.naming.InitialContext().lookup("java:comp/env/ejb/local/Item");
                            r.getWriter().print(home.findByPrimaryKey(q.getParameter("id")).getName());
                        } catch (Exception e) {
                            throw new java.io.IOException(e);
                        }
                    }
                }
                """);
    }

    @Test
    void aTopologyFilePuttingAServletAndItsLocalBeanOnDifferentSitesIsAConfigurationError() {
        localViewApp();
        Path topology = write(config.resolve("split.yaml"),
                "extends: edge\nplace:\n  - {match: \"shop.web.*\", site: edge}\n  - {match: ItemEJB, site: main}\n");

        for (String command : List.of("check", "predict")) {
            HostileRun.Outcome run = HostileRun.wanlint(List.of(app), command, app.toString(), "--topology", topology.toString());

            assertThat(run.exit()).as(command).isEqualTo(2);
            assertThat(run.out()).as(command).isEmpty();
            assertThat(run.err()).as(command).startsWith("error: topology 'split' splits components that share a JVM: ")
                    .contains("ItemEJB is placed at main (rule 'ItemEJB') and item at edge (rule 'shop.web.*')")
                    .contains("ejb-local-ref ejb/local/Item");
        }
    }

    @Test
    void aTopologyFilePlacingTheGroupOnOneSiteRuns() {
        localViewApp();
        Path topology = write(config.resolve("together.yaml"),
                "extends: edge\nplace:\n  - {match: \"shop.web.*\", site: edge}\n  - {match: ItemEJB, site: edge}\n");

        HostileRun.Outcome run = HostileRun.wanlint(List.of(app), "check", app.toString(), "--topology", topology.toString(),
                "--format", "json");

        assertThat(run.exit()).isNotEqualTo(2);
        assertThat(run.err()).doesNotContain("splits");
    }
}
