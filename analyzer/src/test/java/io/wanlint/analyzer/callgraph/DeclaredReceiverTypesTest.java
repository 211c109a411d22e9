package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.symbolsolver.javaparsermodel.JavaParserFacade;
import com.github.javaparser.symbolsolver.resolution.typesolvers.CombinedTypeSolver;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Array elements ({@code items[0]}) and fields of declared application types ({@code holder.item}) are
 * typed from their declarations before the symbol solver is asked: the answers are the solver's,
 * which is kept here as the oracle, over code written to hit every way a name can mean something else.
 */
class DeclaredReceiverTypesTest {

    private static final Map<String, String> SOURCES = new LinkedHashMap<>();

    static {
        SOURCES.put("app/Item.java", """
                package app;
                public class Item {
                    Item parent;
                    Item[] children;
                    public String getName() { return "i"; }
                }
                """);
        SOURCES.put("app/Holder.java", """
                package app;
                import org.hibernate.Session;
                public class Holder<X> {
                    Item item;
                    Item[] items;
                    Holder parent;
                    Session session;
                    String text;
                    X generic;
                    java.util.List<X> list;
                    int count;
                    static Item CONST;
                    Base.Inner inner;
                }
                """);
        SOURCES.put("app/Base.java", """
                package app;
                public class Base {
                    protected Item[] inherited;
                    protected Holder held;
                    public static class Inner implements Runnable { public void run() {} Item[] own; }
                }
                """);
        SOURCES.put("app/Named.java", """
                package app;
                public interface Named { Item[] NAMED = new Item[0]; }
                """);
        SOURCES.put("app/Wrapped.java", """
                package app;
                public class Wrapped extends java.io.FilterInputStream {
                    Wrapped(java.io.InputStream in) { super(in); }
                    Item[] in2;
                }
                """);
        SOURCES.put("app/Generics.java", """
                package app;
                import java.util.*;
                import org.hibernate.Session;
                import org.hibernate.Criteria;
                import org.apache.commons.lang.builder.ToStringBuilder;
                public class Generics<T extends Item> {
                    ArrayList<Item> array = new ArrayList<>();
                    List<Item> list;
                    List<T> typed;
                    List raw;
                    List<? extends Item> bounded;
                    Map<String, Item> map;
                    Map<String, List<Item>> nested;
                    Stack<Item> stack;
                    List<Session> sessions;
                    Map.Entry<String, Item> entry;
                    Session session;
                    Iterator<Item> iterator;
                    <E> String describe(int i, String key, Integer boxed, long n, E e, Criteria criteria, List<E> es, Item one) {
                        array.get(i).getName();
                        array.get(0).getName();
                        list.get(i + 1).getName();
                        list.get(list.size() - 1).getName();
                        list.get(boxed).getName();
                        list.iterator().next();
                        list.remove(0).getName();
                        list.remove(one).getName();
                        list.remove(i).getName();
                        array.remove(i).getName();
                        list.subList(0, i).size();
                        typed.get(0).getName();
                        raw.get(0).toString();
                        raw.iterator().next();
                        bounded.get(0).getName();
                        map.get(key).getName();
                        map.get("k").getName();
                        map.keySet().size();
                        map.entrySet().iterator();
                        map.values().iterator();
                        nested.get(key).get(0).getName();
                        stack.get(0).getName();
                        stack.peek().getName();
                        sessions.get(0).flush();
                        entry.getValue().getName();
                        entry.getKey().trim();
                        iterator.next().getName();
                        es.get(0).toString();
                        session.createCriteria(Item.class).add(null).list();
                        criteria.add(null).add(null).list().size();
                        new ToStringBuilder(this).append("a", 1).append("b", i).append("c", key).toString().trim();
                        new StringBuilder().append(key).append(n).toString().trim();
                        Session local = session;
                        local.createQuery("from Item").list();
                        for (Item it : list) it.getName();
                        List<Item> copy = new ArrayList<>(list);
                        copy.get(i).getName();
                        return key;
                    }
                }
                """);
        SOURCES.put("app/Shapes.java", """
                package app;
                import java.util.*;
                import org.hibernate.Session;
                public class Shapes<T extends Item> extends Base implements Named {
                    Item[] items;
                    Item[][] grid;
                    T[] generic;
                    String[] names;
                    int[] counts;
                    Session[] sessions;
                    List<Item>[] lists;
                    Map.Entry<String, Item>[] entries;
                    Base.Inner[] inners;
                    Unknown[] unknowns;
                    Item single;
                    Holder holder;
                    Holder<Item> typed;
                    Holder[] holders;
                    Wrapped wrapped;
                    Object[] objects;

                    <E extends Item> void shapes(Item[] param, Holder h, E[] es, Object[] objs, List<Item> list) {
                        items[0].getName();
                        this.items[1].getName();
                        grid[0][1].getName();
                        grid[0].clone();
                        generic[0].getName();
                        es[0].getName();
                        names[0].trim();
                        counts.clone();
                        sessions[0].flush();
                        lists[0].size();
                        entries[0].getValue();
                        inners[0].run();
                        unknowns[0].go();
                        param[0].getName();
                        objs[0].hashCode();
                        objects[0].toString();
                        inherited[0].getName();
                        NAMED[0].getName();
                        Item[] local = items;
                        local[0].getName();
                        var v = items;
                        v[0].getName();
                        h.item.getName();
                        h.items[0].getName();
                        h.session.flush();
                        h.text.trim();
                        h.generic.toString();
                        h.list.size();
                        h.missing.go();
                        h.inner.run();
                        holder.item.getName();
                        this.holder.item.getName();
                        typed.generic.getName();
                        typed.item.parent.getName();
                        single.parent.getName();
                        single.children[0].getName();
                        held.item.getName();
                        holders[0].item.getName();
                        wrapped.in.read();
                        wrapped.in2[0].getName();
                        Holder.CONST.getName();
                        list.get(0).getName();
                        list.forEach(items -> items.getName());
                        list.forEach((Item items) -> items.getName());
                        List<Holder> holderList = new ArrayList<>();
                        holderList.forEach(single -> single.parent.toString());
                        holderList.forEach((Holder single) -> single.parent.toString());
                        new Runnable() {
                            Holder[] items;
                            public void run() { items[0].item.getName(); }
                        };
                        class Local {
                            Holder[] items;
                            void x() { items[0].item.getName(); }
                        }
                        for (Item it : items) it.parent.getName();
                        try {
                            items[2].getName();
                        } catch (RuntimeException items) {
                            items.getMessage();
                        }
                        if (items != null) {
                            Holder[] shadow = holders;
                            shadow[0].item.getName();
                            Holder items2 = h;
                            items2.item.getName();
                        }
                        Object o = items;
                        ((Item[]) o)[0].getName();
                    }

                    void shadowed(Holder[] items, Item holder) {
                        items[0].item.getName();
                        holder.parent.getName();
                    }

                    class InnerUse {
                        Item[] mine;
                        void use() {
                            items[0].getName();
                            mine[0].getName();
                            holder.item.getName();
                        }
                    }

                    enum Kind {
                        A { void k() { } };
                        Item[] kinds;
                        void k() { kinds[0].getName(); }
                    }
                }
                """);
    }

    static {
        SOURCES.put("app/Facade.java", """
                package app;
                public abstract class Facade<T extends Item> {
                    protected final Item getFac() { return null; }
                    protected Holder getHolder() { return null; }
                    protected Holder overloaded() { return null; }
                    protected Holder overloaded(int i) { return null; }
                    protected T typed() { return null; }
                    protected <E> E generic() { return null; }
                    protected int count() { return 0; }
                    protected Item[] all() { return null; }
                    protected Item varargs(String... names) { return null; }
                    protected Item one(String name) { return null; }
                    protected java.util.List<Item> list() { return null; }
                    protected Item read() { return null; }
                    protected Item shadowed() { return null; }
                    protected Item getParentFile() { return null; }
                    protected org.hibernate.Session session() { return null; }
                }
                """);
        SOURCES.put("app/Bean.java", """
                package app;
                import java.util.function.Supplier;
                public class Bean extends Facade<Item> {
                    Item own() { return null; }
                    class Helper {
                        Item shadowed(int i) { return null; }
                        void use(String key, Item item) {
                            getFac().getName();
                            getHolder().item.getName();
                            getHolder().hashCode();
                            overloaded().item.getName();
                            overloaded().hashCode();
                            overloaded(1).hashCode();
                            typed().getName();
                            generic().toString();
                            all().clone();
                            varargs("a").getName();
                            one(key).getName();
                            one("k").getName();
                            one(key.trim()).getName();
                            list().size();
                            shadowed().getName();
                            session().flush();
                            own().getName();
                            toString().trim();
                            Supplier<Item> s = () -> getFac();
                            Runnable r = () -> getFac().getName();
                            new Runnable() {
                                public void run() { getFac().getName(); }
                            };
                            class Local {
                                void x() { getFac().getName(); }
                            }
                        }
                        class Deeper {
                            void use() { getFac().getName(); getHolder().parent.toString(); }
                        }
                    }
                    static class Nested {
                        void use() { getFac().getName(); }
                    }
                    class Stream extends java.io.FilterInputStream {
                        Stream() { super(null); }
                        void use() { read(); getFac().getName(); }
                    }
                    class Path extends java.io.File {
                        Path() { super("p"); }
                        void use() { getParentFile().getName(); }
                        class InPath {
                            void use() { getParentFile().getName(); }
                        }
                    }
                    class Unknown implements org.hibernate.Criteria {
                        void use() { getFac().getName(); }
                    }
                    enum Kind {
                        A { void k() { getFac(); } };
                        void k() { }
                    }
                }
                """);
        SOURCES.put("app/Report.java", """
                package app;
                public class Report extends Facade<Item> implements org.hibernate.Criteria {
                    class Importer {
                        void use() { getFac().getName(); }
                    }
                }
                """);
    }

    static {
        SOURCES.put("app/Box.java", """
                package app;
                public final class Box<T> implements java.io.Serializable {
                    public T get() { return null; }
                    public T orElse(T other) { return other; }
                    public T at(int i) { return null; }
                    public T pick(String key) { return null; }
                    public <E> T as(E hint) { return null; }
                    public T each(String... keys) { return null; }
                    public java.util.List<T> all() { return null; }
                    public T[] array() { return null; }
                    public T twice() { return null; }
                    public T twice(int i) { return null; }
                    public int size() { return 0; }
                    public String text() { return null; }
                }
                """);
        SOURCES.put("app/Pair.java", """
                package app;
                public class Pair<K, V> extends Base {
                    public K first() { return null; }
                    public V second() { return null; }
                    public class Item { }
                }
                """);
        SOURCES.put("app/Sub.java", """
                package app;
                public class Sub<T> extends Pair<T, T> {
                    public T second() { return null; }
                    public T own() { return null; }
                }
                """);
        SOURCES.put("app/Odd.java", """
                package app;
                public class Odd<T> implements org.hibernate.Criteria {
                    public T get() { return null; }
                }
                """);
        SOURCES.put("app/Dto.java", """
                package app;
                import java.util.*;
                public class Dto<T> extends Base {
                    public List<Item> getItems() { return null; }
                    public ArrayList<Item> getArrayList() { return null; }
                    public Map<String, Item> getMap() { return null; }
                    public Item[] getArray() { return null; }
                    public Item[][] getGrid() { return null; }
                    public List<T> getTyped() { return null; }
                    public T[] getTypedArray() { return null; }
                    public List<Item> overloaded() { return null; }
                    public List<Item> overloaded(int i) { return null; }
                    public List<org.hibernate.Session> getSessions() { return null; }
                    public <E> List<E> generic() { return null; }
                    public List<Item> byKey(String key) { return null; }
                    public Item[] inherited() { return null; }
                    public List raw() { return null; }
                }
                """);
        SOURCES.put("app/SubDto.java", """
                package app;
                public class SubDto extends Dto<Item> {
                    public Item[] inherited() { return null; }
                }
                """);
        SOURCES.put("app/DtoUsers.java", """
                package app;
                import java.util.*;
                public class DtoUsers {
                    Dto<Item> dto;
                    SubDto sub;
                    Dto raw;
                    void use(int i, String key, Dto<Holder> param) {
                        dto.getItems().get(0).getName();
                        dto.getItems().get(i).getName();
                        dto.getItems().iterator().next();
                        dto.getArrayList().get(0).getName();
                        dto.getMap().get(key).getName();
                        dto.getMap().keySet().size();
                        dto.getArray()[0].getName();
                        dto.getArray()[i + 1].getName();
                        dto.getGrid()[0][1].getName();
                        dto.getTyped().get(0).getName();
                        dto.getTypedArray()[0].getName();
                        param.getTyped().get(0).hashCode();
                        dto.overloaded().get(0).getName();
                        dto.getSessions().get(0).flush();
                        dto.generic().get(0).toString();
                        dto.byKey(key).get(0).getName();
                        dto.byKey(key.trim()).get(0).getName();
                        dto.getArray()[0].parent.getName();
                        sub.getItems().get(0).getName();
                        sub.inherited()[0].getName();
                        raw.getItems().get(0).toString();
                        raw.getTyped().get(0).toString();
                        dto.raw().get(0).toString();
                        this.dto.getItems().get(0).getName();
                        dto.getItems().get(0).parent.getName();
                    }
                }
                """);
        SOURCES.put("app/Users.java", """
                package app;
                import java.util.List;
                import org.hibernate.Session;
                public class Users<X extends Item> {
                    Box<Item> box;
                    Box<List<Item>> boxes;
                    Box<Session> sessions;
                    Box<X> typed;
                    Box<? extends Item> wild;
                    Box raw;
                    Pair<String, Item> pair;
                    Pair<Item, Holder> items;
                    Sub<Item> sub;
                    Odd<Item> odd;
                    Box<Box<Item>> nested;
                    void use(int i, String key, Item item, Box<Holder> param) {
                        box.get().getName();
                        this.box.get().getName();
                        boxes.get().size();
                        sessions.get().flush();
                        typed.get().getName();
                        wild.get().getName();
                        raw.get().toString();
                        box.orElse(item).getName();
                        box.orElse(null).getName();
                        box.at(i).getName();
                        box.at(0).getName();
                        box.pick(key).getName();
                        box.pick(key.trim()).getName();
                        box.as(key).getName();
                        box.each("a").getName();
                        box.all().size();
                        box.array().clone();
                        box.twice().getName();
                        box.text().trim();
                        pair.first().trim();
                        pair.second().getName();
                        items.first().getName();
                        items.second().item.getName();
                        items.second().hashCode();
                        sub.second().getName();
                        sub.own().getName();
                        sub.first().getName();
                        odd.get().getName();
                        nested.get().get().getName();
                        param.get().hashCode();
                        Box<Item> local = box;
                        local.get().getName();
                        for (Box<Item> b : List.of(box)) b.get().getName();
                        java.util.function.Consumer<Box<Holder>> c = box -> box.get().hashCode();
                    }
                }
                """);
    }

    /** The parsed sources, a type index over them and a receiver resolver, fresh for each question asker. */
    private record Setup(List<CompilationUnit> units, AppTypes types, List<AppTypes.UnitSource> sources) {
        static Setup parse() {
            List<AppTypes.UnitSource> sources = new ArrayList<>();
            List<CompilationUnit> units = new ArrayList<>();
            SOURCES.forEach((file, text) -> {
                CompilationUnit unit = GraphFixture.parse(text);
                units.add(unit);
                sources.add(new AppTypes.UnitSource(unit, file, null, null));
            });
            return new Setup(units, new AppTypes(sources), sources);
        }

        /** Every array access, field access and call receiver, in tree order. */
        List<Expression> asked() {
            List<Expression> out = new ArrayList<>();
            for (CompilationUnit u : units) {
                for (Expression e : u.findAll(Expression.class)) {
                    if (e instanceof ArrayAccessExpr || e instanceof FieldAccessExpr
                            || e.getParentNode().orElse(null) instanceof MethodCallExpr m && m.getScope().orElse(null) == e) {
                        out.add(e);
                    }
                }
            }
            return out;
        }
    }

    private static List<Optional<String>> answers(Setup setup, ReceiverTypes receivers) {
        List<Optional<String>> out = new ArrayList<>();
        for (Expression e : setup.asked()) out.add(receivers.typeOf(e, new ReceiverTypes.FileStats("app/Shapes.java")));
        return out;
    }

    @Test
    void declaredElementsAndFieldsAreTheSolversAnswers() {
        Setup solved = Setup.parse();
        List<Optional<String>> bySolver = answers(solved,
                new ReceiverTypes(solved.types(), SourceCallGraphBuilder.symbolSolver(solved.types(), solved.sources()), false));
        Setup declared = Setup.parse();
        List<Optional<String>> byDeclarations = answers(declared,
                new ReceiverTypes(declared.types(), SourceCallGraphBuilder.symbolSolver(declared.types(), declared.sources()), true));

        List<Expression> asked = declared.asked();
        assertThat(asked).hasSizeGreaterThan(60);
        for (int i = 0; i < asked.size(); i++) {
            assertThat(byDeclarations.get(i)).as(asked.get(i) + " at line " + asked.get(i).getBegin().get().line)
                    .isEqualTo(bySolver.get(i));
        }
    }

    @Test
    void theDeclarationsAnswerWithoutTheSolver() {
        // A solver that knows no type at all: what it is not asked about keeps its declared answer.
        Setup setup = Setup.parse();
        JavaParserFacade blind = JavaParserFacade.get(new CombinedTypeSolver());
        ReceiverTypes receivers = new ReceiverTypes(setup.types(), blind, true);
        Map<String, Optional<String>> byText = new LinkedHashMap<>();
        for (Expression e : setup.asked()) {
            byText.putIfAbsent(e.toString(), receivers.typeOf(e, new ReceiverTypes.FileStats("app/Shapes.java")));
        }
        assertThat(byText.get("items[0]")).contains("app.Item");
        assertThat(byText.get("this.items[1]")).contains("app.Item");
        assertThat(byText.get("names[0]")).contains("java.lang.String");
        assertThat(byText.get("inherited[0]")).contains("app.Item");
        assertThat(byText.get("entries[0]")).contains("java.util.Map.Entry");
        assertThat(byText.get("h.item")).contains("app.Item");
        assertThat(byText.get("h.list")).contains("java.util.List");
        assertThat(byText.get("single.children[0]")).isEmpty();
        assertThat(byText.get("held.item")).contains("app.Item");
        assertThat(byText.get("holders[0].item")).contains("app.Item");
        // Left to the solver: a type variable, a library class off the classpath, an array of arrays.
        assertThat(byText.get("generic[0]")).isEmpty();
        assertThat(byText.get("es[0]")).isEmpty();
        assertThat(byText.get("sessions[0]")).isEmpty();
        assertThat(byText.get("grid[0][1]")).isEmpty();
        assertThat(byText.get("h.generic")).isEmpty();
        // Library methods with generic returns on declared variables.
        assertThat(byText.get("array.get(i)")).contains("app.Item");
        assertThat(byText.get("map.get(key)")).contains("app.Item");
        assertThat(byText.get("map.keySet()")).contains("java.util.Set");
        assertThat(byText.get("entry.getValue()")).contains("app.Item");
        assertThat(byText.get("list.iterator()")).contains("java.util.Iterator");
        assertThat(byText.get("stack.get(0)")).isEmpty();
        assertThat(byText.get("typed.get(0)")).isEmpty();
        // Methods returning a type variable of a parameterised application class.
        assertThat(byText.get("box.get()")).contains("app.Item");
        assertThat(byText.get("this.box.get()")).contains("app.Item");
        assertThat(byText.get("boxes.get()")).contains("java.util.List");
        assertThat(byText.get("box.at(i)")).contains("app.Item");
        assertThat(byText.get("box.pick(key)")).contains("app.Item");
        assertThat(byText.get("pair.second()")).contains("app.Item");
        assertThat(byText.get("items.second()")).contains("app.Holder");
        assertThat(byText.get("local.get()")).contains("app.Item");
        assertThat(byText.get("param.get()")).contains("app.Holder");
        assertThat(byText.get("typed.get()")).isEmpty();
        assertThat(byText.get("wild.get()")).isEmpty();
        assertThat(byText.get("sessions.get()")).isEmpty();
        assertThat(byText.get("box.orElse(null)")).isEmpty();
        assertThat(byText.get("box.pick(key.trim())")).isEmpty();
        assertThat(byText.get("box.twice()")).isEmpty();
        assertThat(byText.get("sub.second()")).isEmpty();
        assertThat(byText.get("odd.get()")).isEmpty();
        // Generic library methods and array elements on what an application method's declaration returns.
        assertThat(byText.get("dto.getItems().get(0)")).contains("app.Item");
        assertThat(byText.get("dto.getMap().get(key)")).contains("app.Item");
        assertThat(byText.get("dto.getMap().keySet()")).contains("java.util.Set");
        assertThat(byText.get("dto.getArray()[0]")).contains("app.Item");
        assertThat(byText.get("dto.getArray()[0].parent")).contains("app.Item");
        assertThat(byText.get("dto.byKey(key).get(0)")).contains("app.Item");
        assertThat(byText.get("sub.getItems().get(0)")).contains("app.Item");
        assertThat(byText.get("dto.getTyped().get(0)")).isEmpty();
        assertThat(byText.get("dto.getTypedArray()[0]")).isEmpty();
        assertThat(byText.get("dto.overloaded().get(0)")).isEmpty();
        assertThat(byText.get("dto.getSessions().get(0)")).isEmpty();
        assertThat(byText.get("dto.byKey(key.trim()).get(0)")).isEmpty();
        assertThat(byText.get("sub.inherited()[0]")).isEmpty();
        // Unqualified calls in member classes of a method an enclosing class declares.
        assertThat(byText.get("getFac()")).contains("app.Item");
        assertThat(byText.get("getHolder()")).contains("app.Holder");
        assertThat(byText.get("one(key)")).contains("app.Item");
        assertThat(byText.get("one(\"k\")")).contains("app.Item");
        assertThat(byText.get("list()")).contains("java.util.List");
        // Left to the solver: overloads, generic, varargs and type-variable returns, arguments it must work out.
        assertThat(byText.get("overloaded()")).isEmpty();
        assertThat(byText.get("typed()")).isEmpty();
        assertThat(byText.get("generic()")).isEmpty();
        assertThat(byText.get("varargs(\"a\")")).isEmpty();
        assertThat(byText.get("one(key.trim())")).isEmpty();
        assertThat(byText.get("shadowed()")).isEmpty();
        assertThat(byText.get("session()")).isEmpty();
    }

    @Test
    void unqualifiedCallsInMemberClassesAreTheSolversAnswersWhereverTheMethodIsDeclared() {
        // Every unqualified call whose result is a receiver, in each place it can be written (see app/Bean.java):
        // answered off the declarations exactly where the solver answers the same.
        Setup solved = Setup.parse();
        ReceiverTypes bySolver = new ReceiverTypes(solved.types(), SourceCallGraphBuilder.symbolSolver(solved.types(), solved.sources()), false);
        Setup declared = Setup.parse();
        ReceiverTypes byDeclarations = new ReceiverTypes(declared.types(),
                SourceCallGraphBuilder.symbolSolver(declared.types(), declared.sources()), true);
        JavaParserFacade blind = JavaParserFacade.get(new CombinedTypeSolver());
        ReceiverTypes declarationsOnly = new ReceiverTypes(declared.types(), blind, true);
        List<Expression> solvedAsked = solved.asked();
        List<Expression> declaredAsked = declared.asked();
        int unqualified = 0;
        int answeredOffDeclarations = 0;
        for (int i = 0; i < declaredAsked.size(); i++) {
            if (!(declaredAsked.get(i) instanceof MethodCallExpr call) || call.getScope().isPresent()) continue;
            unqualified++;
            Optional<String> expected = bySolver.typeOf(solvedAsked.get(i), new ReceiverTypes.FileStats("app/Bean.java"));
            assertThat(byDeclarations.typeOf(call, new ReceiverTypes.FileStats("app/Bean.java")))
                    .as(call + " at line " + call.getBegin().get().line).isEqualTo(expected);
            Optional<String> alone = declarationsOnly.typeOf(call, new ReceiverTypes.FileStats("app/Bean.java"));
            if (alone.isPresent()) {
                answeredOffDeclarations++;
                assertThat(alone).as(call + " at line " + call.getBegin().get().line).isEqualTo(expected);
            }
        }
        assertThat(unqualified).isGreaterThan(20);
        assertThat(answeredOffDeclarations).isGreaterThan(5);
    }
}
