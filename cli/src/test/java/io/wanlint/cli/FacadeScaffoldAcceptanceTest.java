package io.wanlint.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.analyzer.api.Component;
import io.wanlint.analyzer.api.ComponentKind;
import io.wanlint.analyzer.api.AnalysisResult;
import io.wanlint.refactorings.api.FileChange;
import io.wanlint.refactorings.api.RefactoringContext;
import io.wanlint.refactorings.api.SourceText;
import io.wanlint.refactorings.facade.ClientAccess;
import io.wanlint.refactorings.facade.FacadeDesign;
import io.wanlint.refactorings.facade.FacadeDesign.FacadeMethod;
import io.wanlint.refactorings.facade.FacadeDesign.Parameter;
import io.wanlint.refactorings.facade.FacadeDesign.TransferObject;
import io.wanlint.refactorings.facade.FacadeScaffold;
import io.wanlint.refactorings.facade.Scaffold;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scaffold on git copies of the fixtures, with a client hand-edited to call the façade once:
 * the application compiles, the new bean is a stateless session bean of the model at main, and the
 * re-analysis charges the façade call one round trip and the cached lookup/create nothing.
 */
class FacadeScaffoldAcceptanceTest {
    @TempDir Path temp;

    @Test
    void ejb2FacadeOnRubisEntityCompilesAndCostsOneRoundTripPerRequest() throws Exception {
        AppCopy app = AppCopy.of("rubis-entity", temp);
        FacadeMethod getCategories = new FacadeMethod("getCategories", "List", List.of(), List.of("FinderException"), """
                try {
                    Object ref = new InitialContext().lookup("java:comp/env/ejb/Category");
                    CategoryHome home = (CategoryHome) PortableRemoteObject.narrow(ref, CategoryHome.class);
                    List categories = new ArrayList();
                    Iterator it = home.findAllCategories().iterator();
                    while (it.hasNext()) {
                        Category each = (Category) PortableRemoteObject.narrow(it.next(), Category.class);
                        categories.add(new CategoryData(each.getId(), each.getName()));
                    }
                    return categories;
                } catch (NamingException e) {
                    throw new EJBException(e);
                } catch (RemoteException e) {
                    throw new EJBException(e);
                }
                """, Set.of("java.util.List", "java.util.ArrayList", "java.util.Iterator", "javax.ejb.EJBException", "java.rmi.RemoteException"));
        FacadeDesign design = new FacadeDesign("org.acme.rubis.entity.facade", "BrowseCategoriesFacade", "src", List.of(getCategories),
                List.of(new TransferObject("CategoryData", List.of(new Parameter("Integer", "id"), new Parameter("String", "name")), Set.of())),
                List.of(), Set.of("ejb/Category"), Optional.empty());
        String client = "src/org/acme/rubis/entity/servlets/BrowseCategories.java";
        Scaffold scaffold = plan(app, design, "org.acme.rubis.entity.servlets.BrowseCategories", client);
        apply(app, scaffold);
        String text = app.read(client, StandardCharsets.ISO_8859_1);
        String body = text.substring(text.indexOf("    public void doGet"), text.lastIndexOf('}'));
        String edited = text.replace(body, """
                    public void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
                        try {
                            List categories = %s.getCategories();
                            PrintWriter out = startPage(response, "All categories");
                            out.println("<ul>");
                            Iterator it = categories.iterator();
                            while (it.hasNext()) {
                                CategoryData each = (CategoryData) it.next();
                                out.println("<li>" + each.getName() + "</li>");
                            }
                            out.println("</ul>");
                            endPage(out);
                        } catch (FinderException e) {
                            error(response, "Browse", "Cannot list: " + e.getMessage());
                        } catch (RemoteException e) {
                            throw new ServletException("Cannot list: " + e.getMessage());
                        }
                    }

                """.formatted(scaffold.access().facade()) + members(scaffold.access()));
        edited = withImports(edited, scaffold.access(), Set.of("java.util.List", "org.acme.rubis.entity.facade.CategoryData"));
        app.write(client, edited, StandardCharsets.ISO_8859_1);

        app.compiles(StandardCharsets.ISO_8859_1);
        AnalysisResult again = Analyzer.analyze(AnalysisRequest.of(app.root));
        Component bean = again.model().byName("BrowseCategoriesFacade").orElseThrow();
        assertThat(bean.kind()).isEqualTo(ComponentKind.STATELESS_SESSION);
        JsonNode ep = app.entryPoint("/BrowseCategories");
        assertThat(ep.get("wanRoundTrips").asInt()).as(ep.toPrettyString()).isEqualTo(1);
        assertThat(ep.get("crossings").toString()).contains("BrowseCategoriesFacadeBean#getCategories\",\"fromSite\":\"edge\",\"toSite\":\"main\"");
        assertThat(app.git("status", "--porcelain")).contains("META-INF/ejb-jar.xml").contains("WEB-INF/web.xml")
                .contains("META-INF/jboss.xml");

        assertThat(FacadeScaffold.plan(design, "org.acme.rubis.entity.servlets.BrowseCategories", client,
                RefactoringContext.of(again))).isInstanceOf(FacadeScaffold.Result.Declined.class);
    }

    private static Scaffold plan(AppCopy app, FacadeDesign design, String clientClass, String clientFile) {
        AnalysisResult result = Analyzer.analyze(AnalysisRequest.of(app.root));
        FacadeScaffold.Result r = FacadeScaffold.plan(design, clientClass, clientFile, RefactoringContext.of(result));
        assertThat(r).as(r.toString()).isInstanceOf(FacadeScaffold.Result.Planned.class);
        return ((FacadeScaffold.Result.Planned) r).scaffold();
    }

    /** Writes the scaffold's changes the way the applier would: new files as UTF-8, edits in the file's own encoding. */
    static void apply(AppCopy app, Scaffold scaffold) throws Exception {
        RefactoringContext context = new RefactoringContext(Analyzer.analyze(AnalysisRequest.of(app.root)), app.root);
        for (FileChange c : scaffold.changes()) {
            Path target = app.root.resolve(c.file());
            if (c instanceof FileChange.Create create) {
                Files.createDirectories(target.getParent());
                Files.writeString(target, create.text(), StandardCharsets.UTF_8);
            } else if (c instanceof FileChange.Edit edit) {
                SourceText source = context.read(c.file()).orElseThrow();
                Files.write(target, source.encode(edit.applyTo(source.text())));
            }
        }
    }

    static String members(ClientAccess access) {
        return access.members().stream().map(m -> ("\n" + m).replace("\n", "\n    ").replace("\n    \n", "\n\n"))
                .collect(Collectors.joining()) + "\n";
    }

    static String withImports(String text, ClientAccess access, Set<String> more) {
        Set<String> all = new TreeSet<>(access.imports());
        all.addAll(more);
        String lines = all.stream().filter(i -> !text.contains("import " + i + ";")).map(i -> "import " + i + ";\n").collect(Collectors.joining());
        int at = text.indexOf("\nimport ") + 1;
        return text.substring(0, at) + lines + text.substring(at);
    }

    static Charset latin1() { return StandardCharsets.ISO_8859_1; }
}
