package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.LiteralStringValueExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Makes a parsed tree smaller once it is complete, without changing what it says. Every JavaParser
 * node carries three lists (its children, its orphan comments, its observers) and every node list two
 * (its elements, its observers); on a large application these lists were the largest item of the
 * heap (24 million of them for 1.6 million lines, a third of the live heap while the call graph is
 * built), nearly all of them empty or holding one or two elements in room for ten. After parsing,
 * nothing adds observers, orphan comments, children or list elements to an analysed tree (rewrites
 * read the files again), so the empty ones are replaced by one shared empty list that refuses
 * additions, and the others are trimmed to their size. Empty child lists are those of leaves (names,
 * literals, modifiers: 2.7 million of them for 1.6 million lines); a node with children still takes more.
 *
 * <p>JavaParser offers no way to do this, so its private fields are set by reflection; when that is
 * not possible (another JavaParser version, a security manager), trees are left as they are.
 */
final class TreeCompaction {
    private TreeCompaction() {}

    /** The one empty list every compacted node and node list points at: read-only, so sharing it is safe. */
    private static final ArrayList<Object> NONE = new Sealed();

    private static final Field CHILD_NODES = field(Node.class, "childNodes");
    private static final Field ORPHAN_COMMENTS = field(Node.class, "orphanComments");
    private static final Field NODE_OBSERVERS = field(Node.class, "observers");
    private static final Field LIST_ELEMENTS = field(NodeList.class, "innerList");
    private static final Field LIST_OBSERVERS = field(NodeList.class, "observers");
    private static final boolean AVAILABLE = CHILD_NODES != null && ORPHAN_COMMENTS != null && NODE_OBSERVERS != null
            && LIST_ELEMENTS != null && LIST_OBSERVERS != null;
    // The setters of these fields do nothing when given an equal string, so sharing one needs the field.
    private static final Field SIMPLE_NAME = textField(SimpleName.class, "identifier");
    private static final Field NAME = textField(Name.class, "identifier");
    private static final Field LITERAL = textField(LiteralStringValueExpr.class, "value");

    /** The fields of a node class (its superclasses' included) that hold node lists. */
    private static final ClassValue<List<Field>> NODE_LISTS = new ClassValue<>() {
        @Override protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Node.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (NodeList.class.isAssignableFrom(f.getType()) && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                        try {
                            f.setAccessible(true);
                            fields.add(f);
                        } catch (RuntimeException e) {
                            return List.of();
                        }
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    /** Compacts one node's own lists and its node lists (not its children: the caller visits every node). */
    static void compact(Node node) {
        if (!AVAILABLE) return;
        try {
            shareIfEmptyOrTrim(CHILD_NODES, node);
            shareIfEmpty(ORPHAN_COMMENTS, node);
            shareIfEmpty(NODE_OBSERVERS, node);
            List<Field> lists = NODE_LISTS.get(node.getClass());
            for (int i = 0, n = lists.size(); i < n; i++) {
                Object list = lists.get(i).get(node);
                if (list == null) continue;
                shareIfEmptyOrTrim(LIST_ELEMENTS, list);
                shareIfEmpty(LIST_OBSERVERS, list);
            }
        } catch (IllegalAccessException | RuntimeException e) {
            // Compaction only saves memory: a node it cannot handle stays as it was.
        }
    }

    /**
     * Puts the string {@link SharedNames} holds for a name's identifier or a literal's text in place
     * of the node's own equal copy (not its children's: the caller visits every node).
     */
    static void shareText(Node node, SharedNames names) {
        Field field = node instanceof SimpleName ? SIMPLE_NAME : node instanceof Name ? NAME
                : node instanceof LiteralStringValueExpr ? LITERAL : null;
        if (field == null) return;
        try {
            if (field.get(node) instanceof String text) field.set(node, names.share(text));
        } catch (IllegalAccessException | RuntimeException e) {
            // Sharing only saves memory: a node it cannot handle keeps its own string.
        }
    }

    /** Whether trees are compacted with this JavaParser (for tests). */
    static boolean available() {
        return AVAILABLE;
    }

    private static void shareIfEmptyOrTrim(Field field, Object owner) throws IllegalAccessException {
        Object list = field.get(owner);
        if (!(list instanceof ArrayList<?> a) || list instanceof Sealed) return;
        if (a.isEmpty()) field.set(owner, NONE);
        else a.trimToSize();
    }

    private static void shareIfEmpty(Field field, Object owner) throws IllegalAccessException {
        Object list = field.get(owner);
        if (list instanceof ArrayList<?> a && a.isEmpty() && list != NONE) field.set(owner, NONE);
    }

    private static Field textField(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            f.setAccessible(true);
            return f.getType() == String.class && !java.lang.reflect.Modifier.isStatic(f.getModifiers()) ? f : null;
        } catch (NoSuchFieldException | RuntimeException e) {
            return null;
        }
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            f.setAccessible(true);
            return ArrayList.class.isAssignableFrom(f.getType()) || List.class.isAssignableFrom(f.getType()) ? f : null;
        } catch (NoSuchFieldException | RuntimeException e) {
            return null;
        }
    }

    /** An empty list that stays empty: any addition throws, as a shared list must never hold one node's elements. */
    private static final class Sealed extends ArrayList<Object> {
        Sealed() {
            super(0);
        }

        @Override public boolean add(Object o) { throw refused(); }
        @Override public void add(int index, Object element) { throw refused(); }
        @Override public boolean addAll(Collection<?> c) { if (c.isEmpty()) return false; throw refused(); }
        @Override public boolean addAll(int index, Collection<?> c) { if (c.isEmpty()) return false; throw refused(); }
        @Override public Object set(int index, Object element) { throw refused(); }
        // Removing from an empty list changes nothing; a shared list must not count modifications either.
        @Override public void clear() { }
        @Override public boolean remove(Object o) { return false; }
        @Override public boolean removeIf(Predicate<? super Object> filter) { return false; }
        @Override public boolean removeAll(Collection<?> c) { return false; }
        @Override public boolean retainAll(Collection<?> c) { return false; }
        @Override public void replaceAll(UnaryOperator<Object> operator) { }
        @Override public void sort(Comparator<? super Object> c) { }

        private static UnsupportedOperationException refused() {
            return new UnsupportedOperationException(
                    "a compacted JavaParser tree takes no observers, orphan comments, children of leaves nor elements of empty lists");
        }
    }
}
