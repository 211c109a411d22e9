package io.wanlint.analyzer.ingest;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.ast.body.BodyDeclaration;
import io.wanlint.analyzer.api.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recovery from a syntax error at member level: the members of each top-level type are cut out of
 * the text by brace matching (comments and literals skipped), each is parsed alone, and the ones that
 * do not parse are blanked (spaces, line breaks kept) so the rest of the file parses with every
 * position unchanged. The file then loses only its broken members, and the diagnostics name them and
 * say how many methods were analysed ("BookDatabase.java: 46 of 48 methods analysed").
 */
final class MemberRecovery {
    private MemberRecovery() {}

    private static final Pattern TYPE_HEADER = Pattern.compile("\\b(class|interface|enum|record)\\s+[A-Za-z_$][\\w$]*");
    /** A method or constructor header: a name followed by its parameter list, before any {@code =}. */
    private static final Pattern METHOD_NAME = Pattern.compile("([A-Za-z_$][\\w$]*)\\s*\\(");
    private static final List<LanguageLevel> LEVELS =
            List.of(LanguageLevel.JAVA_21, LanguageLevel.JAVA_8, LanguageLevel.JAVA_1_4, LanguageLevel.JAVA_1_3);

    /** The text with its broken members blanked, and what to tell the user. */
    record Recovered(String text, List<Member> dropped) {
        Recovered {
            dropped = List.copyOf(dropped);
        }

        int droppedMethods() {
            return (int) dropped.stream().filter(Member::method).count();
        }

        /** What was lost, given how many methods and constructors the recovered tree has. */
        List<Diagnostic> diagnostics(String file, int analysedMethods) {
            List<Diagnostic> out = new ArrayList<>();
            String simple = file.substring(file.lastIndexOf('/') + 1);
            int methods = analysedMethods + droppedMethods();
            out.add(Diagnostic.error(file, dropped.get(0).line(), simple + ": " + analysedMethods + " of " + methods
                    + " methods analysed; dropped for syntax errors: "
                    + String.join(", ", dropped.stream().map(m -> m.name() + " (line " + m.line() + ")").toList())));
            return out;
        }
    }

    /** One member of a type body, as text offsets. */
    record Member(int start, int end, int line, String name, boolean method) {}

    /** Empty when no member can be blamed (the error is in a header, or braces do not balance). */
    static Optional<Recovered> recover(String text) {
        boolean[] code = FilterTokens.codeMask(text);
        List<Member> members = members(text, code);
        if (members.isEmpty()) return Optional.empty();
        List<Member> broken = new ArrayList<>();
        for (Member m : members) {
            if (!parses(text.substring(m.start(), m.end()))) broken.add(m);
        }
        if (broken.isEmpty() || broken.size() == members.size() && members.size() == 1 && !members.get(0).method()) {
            return Optional.empty();
        }
        StringBuilder blanked = new StringBuilder(text);
        for (Member m : broken) {
            for (int i = m.start(); i < m.end(); i++) if (text.charAt(i) != '\n' && text.charAt(i) != '\r') blanked.setCharAt(i, ' ');
        }
        return Optional.of(new Recovered(blanked.toString(), broken));
    }

    private static boolean parses(String member) {
        for (LanguageLevel level : LEVELS) {
            try {
                ParseResult<BodyDeclaration<?>> r = new JavaParser(new ParserConfiguration().setLanguageLevel(level))
                        .parseBodyDeclaration(member);
                if (r.isSuccessful()) return true;
            } catch (RuntimeException | StackOverflowError e) {
                return false;
            }
        }
        return false;
    }

    /** The members of every top-level type body, in order. */
    private static List<Member> members(String text, boolean[] code) {
        List<Member> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            Matcher header = TYPE_HEADER.matcher(text);
            if (!header.find(i)) break;
            if (!code[header.start()]) {
                i = header.end();
                continue;
            }
            int open = nextCode(text, code, header.end(), '{');
            if (open < 0) break;
            // An enum's constants are no body declarations: its members are left whole.
            int close = body(text, code, open, header.group(1).equals("enum") ? new ArrayList<>() : out);
            if (close < 0) return List.of();
            i = close + 1;
        }
        return out;
    }

    /** Splits the body opening at {@code open} into members; the offset of its closing brace, or -1. */
    private static int body(String text, boolean[] code, int open, List<Member> out) {
        int depth = 0;
        int memberStart = open + 1;
        for (int i = open + 1; i < text.length(); i++) {
            if (!code[i]) continue;
            char c = text.charAt(i);
            // Only braces delimit members: a broken member often leaves a parenthesis open.
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (depth == 0) {
                    addMember(text, code, memberStart, i, out);
                    return i;
                }
                depth--;
                if (depth == 0) {
                    int next = skipBlank(text, code, i + 1);
                    char after = next < text.length() ? text.charAt(next) : ' ';
                    if (after != ';' && after != ',' && after != '.' && after != ')') {
                        addMember(text, code, memberStart, i + 1, out);
                        memberStart = i + 1;
                    }
                }
            } else if (c == ';' && depth == 0) {
                addMember(text, code, memberStart, i + 1, out);
                memberStart = i + 1;
            }
        }
        return -1;
    }

    private static void addMember(String text, boolean[] code, int start, int end, List<Member> out) {
        int first = skipBlank(text, code, start);
        if (first >= end) return;
        String member = text.substring(first, end);
        if (member.trim().equals(";")) return;
        String header = member;
        int brace = header.indexOf('{');
        if (brace >= 0) header = header.substring(0, brace);
        int eq = header.indexOf('=');
        Matcher m = METHOD_NAME.matcher(eq >= 0 ? header.substring(0, eq) : header);
        boolean method = false;
        String name = null;
        while (m.find()) {
            String word = m.group(1);
            if (word.equals("if") || word.equals("for") || word.equals("while") || word.equals("switch")) continue;
            name = word;
            method = true;
            break;
        }
        if (name == null) name = fieldName(header, eq);
        out.add(new Member(start, end, lineOf(text, first), name, method));
    }

    /** The declared name of a field or type member: the last identifier before {@code =} or {@code ;}. */
    private static String fieldName(String header, int eq) {
        String h = (eq >= 0 ? header.substring(0, eq) : header).replace(";", " ").trim();
        String[] words = h.split("[^\\w$]+");
        return words.length == 0 ? "a member" : words[words.length - 1];
    }

    private static int nextCode(String text, boolean[] code, int from, char wanted) {
        for (int i = from; i < text.length(); i++) {
            if (!code[i]) continue;
            char c = text.charAt(i);
            if (c == wanted) return i;
            if (c == ';') return -1;
        }
        return -1;
    }

    /** The next code character that is not whitespace (comments are not code, so they are skipped too). */
    private static int skipBlank(String text, boolean[] code, int from) {
        int i = from;
        while (i < text.length() && (!code[i] || Character.isWhitespace(text.charAt(i)))) i++;
        return i;
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') line++;
        return line;
    }
}
