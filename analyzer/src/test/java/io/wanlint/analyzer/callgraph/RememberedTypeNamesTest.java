package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The type index remembers, per type, what names written in it mean and which fields it declares;
 * the remembered answers are those of an index asked each question once.
 */
class RememberedTypeNamesTest {

    private static final String BASE = """
            package app.base;
            public class Base {
                public static class Key {}
                protected String shared;
                protected Base.Key key;
            }
            """;
    private static final String OUTER = """
            package app;
            import java.util.*;
            import app.base.Base;
            public class Outer extends Base {
                int count, total;
                String count2 = "a", shared;
                static class Inner {
                    Key fromBase;
                    Entry entry;
                    class Entry { Inner owner; Outer outer; Key key; List<Entry> all; Map.Entry<String, Key> pair; }
                    Outer.Inner self;
                }
                class Key { String local; }
                Key mine;
                Base.Key theirs;
                Map<String, List<Inner.Entry>> byName;
                void run() {
                    class Local { Key k; Inner i; }
                    Local l = new Local();
                    Runnable r = new Runnable() { Key k2; public void run() {} };
                    String s = String.valueOf(new Inner().entry);
                }
            }
            """;

    private static List<AppTypes.UnitSource> sources(CompilationUnit base, CompilationUnit outer) {
        return List.of(new AppTypes.UnitSource(base, "app/base/Base.java", null, null),
                new AppTypes.UnitSource(outer, "app/Outer.java", null, null));
    }

    @Test
    void namesResolvedInTheSameTypeAgainMeanWhatAFreshIndexSays() {
        CompilationUnit base = GraphFixture.parse(BASE);
        CompilationUnit outer = GraphFixture.parse(OUTER);
        List<ClassOrInterfaceType> written = new ArrayList<>(outer.findAll(ClassOrInterfaceType.class));
        written.addAll(base.findAll(ClassOrInterfaceType.class));

        List<Optional<String>> fresh = new ArrayList<>();
        for (ClassOrInterfaceType t : written) {
            fresh.add(new AppTypes(sources(base, outer)).resolveTypeName(t.getNameWithScope(), t));
        }
        AppTypes shared = new AppTypes(sources(base, outer));
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            order.add(i);
            order.add(i);
        }
        Collections.shuffle(order, new Random(22));
        for (int i : order) {
            ClassOrInterfaceType t = written.get(i);
            assertThat(shared.resolveTypeName(t.getNameWithScope(), t)).as(t + " at line " + t.getBegin().get().line)
                    .isEqualTo(fresh.get(i));
        }
        // The shapes the memo must keep apart: the same simple name meaning different types in different types.
        assertThat(fresh).contains(Optional.of("app.Outer.Key"), Optional.of("app.base.Base.Key"),
                Optional.of("app.Outer.Inner.Entry"), Optional.of("java.util.Map.Entry"), Optional.of("app.Outer.Inner"));
    }

    @Test
    void aTypesFieldsByNameAreItsFirstDeclaratorOfEachName() {
        CompilationUnit base = GraphFixture.parse(BASE);
        CompilationUnit outer = GraphFixture.parse(OUTER);
        AppTypes types = new AppTypes(sources(base, outer));
        int found = 0;
        for (AppTypes.TypeInfo t : types.all()) {
            List<String> names = new ArrayList<>(List.of("count", "total", "count2", "shared", "key", "mine", "nothing", "local", "entry"));
            for (String name : names) {
                Optional<VariableDeclarator> memberPass = Optional.empty();
                outer:
                for (FieldDeclaration f : t.signatureDecl().getFields()) {
                    for (VariableDeclarator v : f.getVariables()) {
                        if (v.getNameAsString().equals(name)) {
                            memberPass = Optional.of(v);
                            break outer;
                        }
                    }
                }
                Optional<VariableDeclarator> remembered = t.field(name);
                assertThat(remembered).as(t.fqn + "." + name).isEqualTo(memberPass);
                if (remembered.isPresent()) {
                    assertThat(remembered.get()).isSameAs(memberPass.get());
                    found++;
                }
            }
        }
        assertThat(found).isGreaterThanOrEqualTo(9);
    }

    @Test
    void aSimpleNameMatchesOnlyTheLastPartOfAClassName() {
        for (String className : List.of("shop.Order", "Order", "shop.BigOrder", "shop.Order.Line", "Orders", "a.b.Order", ".Order")) {
            for (String simple : List.of("Order", "Line", "BigOrder", "der", "")) {
                String last = className.substring(className.lastIndexOf('.') + 1);
                assertThat(JpaEntities.isSimpleNameOf(simple, className)).as(simple + " of " + className)
                        .isEqualTo(last.equals(simple));
            }
        }
    }

    @Test
    void aNestedTypeOfAnIndirectSupertypeNamedInASubtypesSignatureIsFoundOnceTheIndexIsLinked() {
        // The index resolves signatures before it links supertypes: what it found then must not be kept.
        CompilationUnit request = GraphFixture.parse("""
                package app;
                public class AxisRequest extends RequestImpl {
                    private Method method;
                    public AxisRequest(Method method) { this.method = method; }
                    public String getMethod() { return method.name(); }
                }
                """);
        CompilationUnit http = GraphFixture.parse("""
                package app;
                public interface HttpRequest { enum Method { GET, POST } String getMethod(); }
                """);
        CompilationUnit impl = GraphFixture.parse("""
                package app;
                public class RequestImpl implements HttpRequest { public String getMethod() { return "GET"; } }
                """);
        // The subtype first: its signatures are resolved before its superclass is linked to the interface.
        AppTypes types = new AppTypes(List.of(new AppTypes.UnitSource(request, "app/AxisRequest.java", null, null),
                new AppTypes.UnitSource(impl, "app/RequestImpl.java", null, null),
                new AppTypes.UnitSource(http, "app/HttpRequest.java", null, null)));
        ClassOrInterfaceType field = request.findAll(FieldDeclaration.class).get(0).getVariable(0).getType().asClassOrInterfaceType();
        assertThat(types.resolveTypeName("Method", field)).contains("app.HttpRequest.Method");
        ClassOrInterfaceType parameter = request.findAll(com.github.javaparser.ast.body.Parameter.class).get(0).getType()
                .asClassOrInterfaceType();
        assertThat(types.resolveTypeName("Method", parameter)).contains("app.HttpRequest.Method");
    }
}
