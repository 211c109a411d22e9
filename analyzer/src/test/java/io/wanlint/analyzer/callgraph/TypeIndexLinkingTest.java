package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The type index resolves its methods' parameter types on several threads: the supertypes, the methods
 * (their parameter types, order and look-ups) are those of linking one type after the other, adding
 * each type's methods right after linking it (kept as the oracle), including the names that resolve
 * differently for being written before a supertype further down the list is linked.
 */
class TypeIndexLinkingTest {

    /** Classes extending one another in a random order of files, with nested classes named from subclasses' parameters. */
    private static List<AppTypes.UnitSource> application(Random r, int classes) {
        List<AppTypes.UnitSource> out = new ArrayList<>();
        for (int i = 0; i < classes; i++) {
            StringBuilder body = new StringBuilder();
            if (r.nextInt(3) == 0) body.append("    public static class N").append(i).append(" { void in(N").append(i).append(" self) {} }\n");
            for (int m = 0; m < 3; m++) {
                String param = switch (r.nextInt(5)) {
                    case 0 -> "N" + r.nextInt(classes);
                    case 1 -> "C" + r.nextInt(classes) + ".N" + r.nextInt(classes);
                    case 2 -> "java.util.List<N" + r.nextInt(classes) + ">";
                    case 3 -> "Entry";
                    default -> "N" + r.nextInt(classes) + "[]";
                };
                body.append("    void m").append(m).append("(").append(param).append(" p, int n) {}\n");
            }
            if (r.nextBoolean()) body.append("    C").append(i).append("(String s) {}\n");
            String parent = i > 0 && r.nextInt(4) != 0 ? " extends C" + r.nextInt(classes) : "";
            String iface = r.nextInt(5) == 0 ? " implements java.util.Map.Entry<String, String>" : "";
            String abstractness = iface.isEmpty() ? "" : "abstract ";
            out.add(new AppTypes.UnitSource(GraphFixture.parse("package app;\npublic " + abstractness + "class C" + i + parent + iface
                    + " {\n" + body + "}\n"), "src/app/C" + i + ".java", null, null));
        }
        Collections.shuffle(out, r);
        return out;
    }

    /** Everything the index tells about its types and methods, in its order. */
    private static List<Object> everything(AppTypes types, List<AppTypes.UnitSource> sources) {
        List<Object> out = new ArrayList<>();
        for (AppTypes.TypeInfo t : types.all()) {
            out.add(t.fqn + " " + t.superclass + " " + t.supertypes);
            for (AppTypes.MethodInfo m : t.methods) out.add(m.ref + " " + m.implicit + " " + m.line);
            out.add(types.subtypes(t.fqn).stream().map(s -> s.fqn).toList());
            for (AppTypes.MethodInfo m : t.methods) out.add(types.methodsNamed(m.ref.name()).stream().map(x -> x.ref).toList());
        }
        for (AppTypes.UnitSource s : sources) {
            for (CallableDeclaration<?> c : s.unit().findAll(CallableDeclaration.class)) {
                out.add(types.methodOf(c).map(m -> m.ref).orElse(null));
            }
        }
        return out;
    }

    @RepeatedTest(25)
    void parametersResolvedInParallelAreThoseOfLinkingOneTypeAfterAnother(RepetitionInfo repetition) {
        Random r = new Random(repetition.getCurrentRepetition());
        List<AppTypes.UnitSource> sources = application(r, 5 + r.nextInt(30));
        List<Object> oneAfterAnother = everything(new AppTypes(sources, false), sources);
        assertThat(everything(new AppTypes(sources, true), sources)).containsExactlyElementsOf(oneAfterAnother);
    }

    @Test
    void aNestedTypeOfASupertypeLinkedLaterIsNotSeenFromAnEarlierType() {
        CompilationUnit first = GraphFixture.parse("package app;\npublic class A extends B { void m(Inner x) {} }\n");
        CompilationUnit second = GraphFixture.parse("package app;\npublic class B extends C { void m(Inner x) {} }\n");
        CompilationUnit third = GraphFixture.parse("package app;\npublic class C { public static class Inner {} }\n");
        List<AppTypes.UnitSource> sources = List.of(new AppTypes.UnitSource(first, "src/app/A.java", null, null),
                new AppTypes.UnitSource(second, "src/app/B.java", null, null),
                new AppTypes.UnitSource(third, "src/app/C.java", null, null));
        for (boolean parallel : new boolean[] {false, true}) {
            AppTypes types = new AppTypes(sources, parallel);
            // A is linked before B: B's supertype C (which declares Inner) is not yet known when A's m is read.
            assertThat(types.type("app.A").orElseThrow().methods.get(0).ref.parameterTypes()).containsExactly("Inner");
            assertThat(types.type("app.B").orElseThrow().methods.get(0).ref.parameterTypes()).containsExactly("app.C$Inner");
        }
    }
}
