package io.wanlint.analyzer.callgraph;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.ingest.TextFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeploymentNamesTest {

    private static TextFile file(String path, String text) {
        return new TextFile(path, Path.of(path), text, "UTF-8");
    }

    private static final TextFile WEB_XML = file("WEB-INF/web.xml", """
            <web-app>
              <listener><listener-class>shop.web.StartupListener</listener-class></listener>
              <env-entry>
                <description>which DAO</description>
                <env-entry-name>param/PriceDaoClass</env-entry-name>
                <!--<env-entry-value>shop.dao.JdbcPriceDao</env-entry-value>-->
                <env-entry-value>shop.dao.CachedPriceDao</env-entry-value>
                <env-entry-type>java.lang.String</env-entry-type>
              </env-entry>
            </web-app>
            """);

    @Test
    void anEnvEntryIsReadByItsJndiNameWithoutItsCommentedOutAlternative() {
        DeploymentNames names = DeploymentNames.read(List.of(WEB_XML), List.of());

        assertThat(names.envEntry("java:comp/env/param/PriceDaoClass")).contains(List.of("shop.dao.CachedPriceDao"));
        assertThat(names.envEntry("param/PriceDaoClass")).contains(List.of("shop.dao.CachedPriceDao"));
        assertThat(names.envEntry("java:comp/env/param/Other")).isEmpty();
    }

    @Test
    void classNamesInDescriptorsAndPagesAreNamedButNotInComments() {
        TextFile struts = file("WEB-INF/struts-config.xml", """
                <struts-config><action-mappings>
                  <action path="/buy" type="shop.web.BuyAction"/>
                </action-mappings></struts-config>
                """);
        TextFile page = file("cart.jsp", "<jsp:useBean id=\"cart\" class=\"shop.web.Cart$Line\" scope=\"session\"/>");

        DeploymentNames names = DeploymentNames.read(List.of(WEB_XML, struts), List.of(page));

        assertThat(names.names("shop.web.StartupListener")).isTrue();
        assertThat(names.names("shop.web.BuyAction")).isTrue();
        assertThat(names.names("shop.web.Cart$Line")).isTrue();
        assertThat(names.names("shop.dao.CachedPriceDao")).isTrue();
        assertThat(names.names("shop.dao.JdbcPriceDao")).isFalse();
    }
}
