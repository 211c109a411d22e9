package io.wanlint.analyzer.api;

import java.util.ArrayList;
import java.util.List;

/**
 * A small regular-expression subset matched in time linear in the text (O(text × pattern)), for
 * patterns built from user input: exclusion globs of a {@code wanlint.yaml} found in the analysed
 * folder, placement globs of a topology file. {@link java.util.regex.Pattern} backtracks, so
 * {@code *a*a*a…*ab} against one long file name ran for minutes; this simulates the automaton
 * (Thompson's construction, every state advanced at once) and never backtracks.
 *
 * <p>Syntax: {@code \c} a literal character, {@code .} any character, {@code [^abc]} any character
 * but these, {@code (?:…)} a group, {@code |} alternatives, postfix {@code *} and {@code ?}; every
 * other character stands for itself. Globs are translated into this by their owners
 * ({@link #quote} escapes a literal).
 */
public final class LinearPattern {
    private static final byte CHAR = 0, ANY = 1, NOT = 2, SPLIT = 3, JUMP = 4, MATCH = 5;
    /** Groups nested deeper than this are refused: the parser is recursive. */
    private static final int MAX_NESTING = 100;

    private final String regex;
    private final byte[] op;
    private final char[] ch;
    private final String[] excluded;
    private final int[] next;
    private final int[] alternative;

    private LinearPattern(String regex, Program p) {
        this.regex = regex;
        int n = p.op.size();
        op = new byte[n];
        ch = new char[n];
        excluded = new String[n];
        next = new int[n];
        alternative = new int[n];
        for (int i = 0; i < n; i++) {
            op[i] = p.op.get(i);
            ch[i] = p.ch.get(i);
            excluded[i] = p.excluded.get(i);
            next[i] = p.next.get(i);
            alternative[i] = p.alternative.get(i);
        }
    }

    /** @throws IllegalArgumentException for a malformed pattern (an unbalanced group, a dangling {@code \}) */
    public static LinearPattern compile(String regex) {
        Parser parser = new Parser(regex);
        Node tree = parser.alternatives(0);
        if (parser.pos < regex.length()) throw new IllegalArgumentException("unbalanced ')' in " + regex);
        Program program = new Program();
        program.emit(tree);
        program.add(MATCH, '\0', null);
        return new LinearPattern(regex, program);
    }

    /** {@code text} with every character escaped, so that it stands for itself in a pattern. */
    public static String quote(String text) {
        StringBuilder b = new StringBuilder(text.length() * 2);
        for (int i = 0; i < text.length(); i++) b.append('\\').append(text.charAt(i));
        return b.toString();
    }

    /** Whether the whole of {@code text} matches. */
    public boolean matches(CharSequence text) {
        int n = op.length;
        int[] current = new int[n], following = new int[n];
        int[] mark = new int[n]; // the step at which a state was last added, to add it once per step
        int[] stack = new int[n];
        java.util.Arrays.fill(mark, -1);
        int count = close(0, current, 0, mark, 0, stack);
        for (int i = 0; i < text.length() && count > 0; i++) {
            char c = text.charAt(i);
            int added = 0;
            for (int k = 0; k < count; k++) {
                int s = current[k];
                boolean step = switch (op[s]) {
                    case CHAR -> ch[s] == c;
                    case ANY -> true;
                    case NOT -> excluded[s].indexOf(c) < 0;
                    default -> false;
                };
                if (step) added = close(next[s], following, added, mark, i + 1, stack);
            }
            int[] t = current;
            current = following;
            following = t;
            count = added;
        }
        for (int k = 0; k < count; k++) if (op[current[k]] == MATCH) return true;
        return false;
    }

    /** Adds {@code start} and every state reachable from it without reading a character. */
    private int close(int start, int[] into, int count, int[] mark, int step, int[] stack) {
        int top = 0;
        stack[top++] = start;
        while (top > 0) {
            int s = stack[--top];
            if (mark[s] == step) continue;
            mark[s] = step;
            switch (op[s]) {
                case JUMP -> stack[top++] = next[s];
                case SPLIT -> {
                    // alternative first on the stack, so next is explored first (order does not change the answer)
                    stack[top++] = alternative[s];
                    stack[top++] = next[s];
                }
                default -> into[count++] = s;
            }
        }
        return count;
    }

    @Override public String toString() { return regex; }

    private sealed interface Node permits Literal, AnyChar, NoneOf, Sequence, Choice, Repeat, Maybe {}

    private record Literal(char c) implements Node {}

    private record AnyChar() implements Node {}

    private record NoneOf(String chars) implements Node {}

    private record Sequence(List<Node> items) implements Node {}

    private record Choice(List<Node> options) implements Node {}

    private record Repeat(Node body) implements Node {}

    private record Maybe(Node body) implements Node {}

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(String s) { this.s = s; }

        Node alternatives(int depth) {
            if (depth > MAX_NESTING) throw new IllegalArgumentException("groups nested too deeply");
            List<Node> options = new ArrayList<>();
            options.add(sequence(depth));
            while (pos < s.length() && s.charAt(pos) == '|') {
                pos++;
                options.add(sequence(depth));
            }
            return options.size() == 1 ? options.get(0) : new Choice(options);
        }

        private Node sequence(int depth) {
            List<Node> items = new ArrayList<>();
            while (pos < s.length() && s.charAt(pos) != '|' && s.charAt(pos) != ')') {
                Node atom = atom(depth);
                boolean repeat = false, maybe = false;
                while (pos < s.length() && (s.charAt(pos) == '*' || s.charAt(pos) == '?')) {
                    if (s.charAt(pos++) == '*') repeat = true;
                    else maybe = true;
                }
                // x** and x*? mean x*: folded, so that a run of a thousand stars is one loop, not a thousand
                if (repeat) atom = new Repeat(atom);
                else if (maybe) atom = new Maybe(atom);
                items.add(atom);
            }
            return new Sequence(items);
        }

        private Node atom(int depth) {
            char c = s.charAt(pos++);
            switch (c) {
                case '\\' -> {
                    if (pos >= s.length()) throw new IllegalArgumentException("dangling \\ in " + s);
                    return new Literal(s.charAt(pos++));
                }
                case '.' -> { return new AnyChar(); }
                case '[' -> {
                    if (!s.startsWith("^", pos)) throw new IllegalArgumentException("only [^…] classes are supported: " + s);
                    int end = s.indexOf(']', pos + 1);
                    if (end < 0) throw new IllegalArgumentException("unclosed [ in " + s);
                    String chars = s.substring(pos + 1, end);
                    pos = end + 1;
                    return new NoneOf(chars);
                }
                case '(' -> {
                    if (!s.startsWith("?:", pos)) throw new IllegalArgumentException("only (?:…) groups are supported: " + s);
                    pos += 2;
                    Node inner = alternatives(depth + 1);
                    if (pos >= s.length() || s.charAt(pos) != ')') throw new IllegalArgumentException("unclosed ( in " + s);
                    pos++;
                    return inner;
                }
                default -> { return new Literal(c); }
            }
        }
    }

    /** The automaton being emitted: parallel lists, one entry per state. */
    private static final class Program {
        final List<Byte> op = new ArrayList<>();
        final List<Character> ch = new ArrayList<>();
        final List<String> excluded = new ArrayList<>();
        final List<Integer> next = new ArrayList<>();
        final List<Integer> alternative = new ArrayList<>();

        int add(byte kind, char c, String set) {
            op.add(kind);
            ch.add(c);
            excluded.add(set);
            next.add(op.size());
            alternative.add(-1);
            return op.size() - 1;
        }

        void emit(Node node) {
            if (node instanceof Literal l) {
                add(CHAR, l.c(), null);
            } else if (node instanceof AnyChar) {
                add(ANY, '\0', null);
            } else if (node instanceof NoneOf n) {
                add(NOT, '\0', n.chars());
            } else if (node instanceof Sequence q) {
                q.items().forEach(this::emit);
            } else if (node instanceof Choice c) {
                List<Integer> jumps = new ArrayList<>();
                for (int i = 0; i < c.options().size(); i++) {
                    boolean last = i == c.options().size() - 1;
                    int split = last ? -1 : add(SPLIT, '\0', null);
                    emit(c.options().get(i));
                    if (!last) {
                        jumps.add(add(JUMP, '\0', null));
                        alternative.set(split, op.size());
                    }
                }
                for (int j : jumps) next.set(j, op.size());
            } else if (node instanceof Repeat r) {
                int split = add(SPLIT, '\0', null);
                emit(r.body());
                int back = add(JUMP, '\0', null);
                next.set(back, split);
                alternative.set(split, op.size());
            } else if (node instanceof Maybe o) {
                int split = add(SPLIT, '\0', null);
                emit(o.body());
                alternative.set(split, op.size());
            }
        }
    }
}
