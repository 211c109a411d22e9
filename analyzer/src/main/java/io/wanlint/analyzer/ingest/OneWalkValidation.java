package io.wanlint.analyzer.ingest;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ParserConfiguration.LanguageLevel;
import com.github.javaparser.Problem;
import com.github.javaparser.Processor;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.validator.ProblemReporter;
import com.github.javaparser.ast.validator.RecordAsTypeIdentifierNotAllowed;
import com.github.javaparser.ast.validator.ReservedKeywordValidator;
import com.github.javaparser.ast.validator.SimpleValidator;
import com.github.javaparser.ast.validator.SingleNodeTypeValidator;
import com.github.javaparser.ast.validator.TreeVisitorValidator;
import com.github.javaparser.ast.validator.TypedValidator;
import com.github.javaparser.ast.validator.Validator;
import com.github.javaparser.ast.validator.Validators;
import com.github.javaparser.ast.validator.VisitorValidator;
import com.github.javaparser.ast.validator.language_level_validations.chunks.CommonValidators;
import com.github.javaparser.ast.validator.language_level_validations.chunks.NoBinaryIntegerLiteralsValidator;
import com.github.javaparser.ast.validator.language_level_validations.chunks.NoUnderscoresInIntegerLiteralsValidator;
import com.github.javaparser.ast.validator.language_level_validations.chunks.UnderscoreKeywordValidator;
import com.github.javaparser.ast.validator.postprocessors.Java10PostProcessor;
import com.github.javaparser.ast.validator.postprocessors.PostProcessors;
import com.github.javaparser.metamodel.NodeMetaModel;
import com.github.javaparser.metamodel.PropertyMetaModel;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * JavaParser's validation of a language level (the checks that make {@code enum} an error at Java
 * 1.4, {@code _} one at Java 21…), run in one walk over the tree instead of one walk per check.
 *
 * <p>JavaParser runs each of its thirty-odd checks as its own search of the whole tree; on a large
 * application that was a quarter of the parse phase. Here every per-node check is applied to each
 * node during a single pre-order walk, each check reporting into its own list, and the lists are
 * handed on in the checks' order: the problems, their messages, locations and order are exactly
 * JavaParser's (its {@code SingleNodeTypeValidator} even sees the root twice, and so does this).
 * Visitor-based checks of names run on the names met in the walk; the other visitor-based check
 * (modifiers) still runs as it is. The check that
 * no required node list is empty read every node's properties by reflection, looking the field up
 * afresh each time; its field lookups are cached per node class.
 *
 * <p>When a check throws, the problems JavaParser would have kept before its failure differ from
 * ours, so the level's validation is run again the standard way, which fails the same way.
 * JavaParser offers no access to a level's checks nor to its processor, so the checks are read by
 * reflection and the processor's place is verified; when that is not possible (another JavaParser
 * version), parsing uses JavaParser's own validation.
 */
final class OneWalkValidation {
    private static final Field LEVEL_VALIDATOR = field(LanguageLevel.class, "validator");
    private static final Field LEVEL_POST_PROCESSOR = field(LanguageLevel.class, "postProcessor");
    private static final Field CHECKED_TYPE = field(SingleNodeTypeValidator.class, "type");
    private static final Field TYPE_CHECK = field(SingleNodeTypeValidator.class, "validator");
    private static final Field NODE_CHECK = field(TreeVisitorValidator.class, "validator");

    /**
     * Visitor-based checks whose visits are of {@link #NAMED_NODES} only, each reporting on the node
     * visited and going on only into its qualifier and comment (a known list: another visitor-based
     * check runs over the whole tree as it is).
     */
    private static final Set<Class<?>> NAME_CHECKS = Set.of(ReservedKeywordValidator.class, UnderscoreKeywordValidator.class,
            RecordAsTypeIdentifierNotAllowed.class, NoBinaryIntegerLiteralsValidator.class, NoUnderscoresInIntegerLiteralsValidator.class);
    private static final List<Class<? extends Node>> NAMED_NODES =
            List.of(Name.class, SimpleName.class, IntegerLiteralExpr.class, LongLiteralExpr.class);
    private static final Map<LanguageLevel, Optional<LevelProcessors>> PROCESSORS = new ConcurrentHashMap<>();
    private static final int LEVEL_PROCESSOR = levelProcessor();

    /** One of JavaParser's checks, as this walk runs it. */
    private sealed interface Check {
        /** A check of the nodes of one type ({@code SingleNodeTypeValidator}, {@code SimpleValidator}). */
        record OfType(Class<?> type, TypedValidator<Node> check) implements Check {}

        /** A check of every node ({@code TreeVisitorValidator}). */
        record OfEveryNode(Validator check) implements Check {}

        /** JavaParser's check that no required node list is empty, with its field lookups cached. */
        record RequiredListsFilled(Map<Class<?>, List<RequiredList>> byClass) implements Check {}

        /**
         * A visitor-based check that looks only at names and integer literals (reserved words as
         * identifiers, binary and underscored literals), run on each of those nodes: on a name, the
         * visitor goes on into its qualifiers, so it is run on outermost names only. JavaParser sorts
         * problems by position, so visiting names in tree order instead of the visitor's changes
         * nothing: the names of a qualified name, which start together, are still visited outside in.
         */
        record OfNames(VisitorValidator check) implements Check {}

        /** A check that walks the tree its own way: run on the root, as JavaParser runs it. */
        record WholeTree(Validator check) implements Check {}
    }

    /** One property that must not be an empty node list, and the field that holds it. */
    private record RequiredList(String typeName, PropertyMetaModel property, Field field) {}

    private final Validator standard;
    private final List<Check> checks;
    /** For each node class, the checks that apply to its nodes. */
    private final ClassValue<int[]> applicable = new ClassValue<>() {
        @Override protected int[] computeValue(Class<?> type) {
            List<Integer> indexes = new ArrayList<>();
            for (int i = 0; i < checks.size(); i++) {
                Check check = checks.get(i);
                boolean applies = check instanceof Check.OfType t ? t.type().isAssignableFrom(type)
                        : check instanceof Check.OfNames ? NAMED_NODES.stream().anyMatch(n -> n.isAssignableFrom(type))
                        : !(check instanceof Check.WholeTree);
                if (applies) {
                    indexes.add(i);
                }
            }
            return indexes.stream().mapToInt(Integer::intValue).toArray();
        }
    };

    private OneWalkValidation(Validator standard, List<Check> checks) {
        this.standard = standard;
        this.checks = List.copyOf(checks);
    }

    /** The validation of {@code level} in one walk, as a parser processor; empty when it cannot be made exactly. */
    static Optional<Processor> forLevel(LanguageLevel level) {
        return levelProcessors(level).map(LevelProcessors::standard);
    }

    private static Optional<LevelProcessors> levelProcessors(LanguageLevel level) {
        if (level == null || LEVEL_PROCESSOR < 0) return Optional.empty();
        return PROCESSORS.computeIfAbsent(level, OneWalkValidation::processors);
    }

    /**
     * Sets the language level on a configuration and, when possible, puts this validation in the
     * place of JavaParser's language-level processor (which also runs the level's post-processors,
     * as this one does). The grammar still reads the level (for {@code yield}). The post-processors
     * of levels 10 and later only turn types named {@code var} into {@code var} types, with a search
     * of the whole tree; a {@code source} without a {@code var} token (nor a Unicode escape that could
     * spell one) has none, and is spared the search. A null source is post-processed as JavaParser does.
     */
    static ParserConfiguration configure(ParserConfiguration configuration, LanguageLevel level, String source) {
        configuration.setLanguageLevel(level);
        Optional<LevelProcessors> processors = levelProcessors(level);
        if (processors.isPresent() && configuration.getProcessors().size() > LEVEL_PROCESSOR) {
            boolean mayNameVar = source == null || source.contains("\\u") || mayHoldVarToken(source);
            Processor processor = mayNameVar ? processors.get().standard() : processors.get().withoutVarTypes();
            configuration.getProcessors().set(LEVEL_PROCESSOR, () -> processor);
        }
        return configuration;
    }

    /** Whether some {@code var} in the text is not inside a longer ASCII identifier ({@code variant}, {@code invar}). */
    static boolean mayHoldVarToken(String source) {
        for (int at = source.indexOf("var"); at >= 0; at = source.indexOf("var", at + 3)) {
            boolean joinedBefore = at > 0 && asciiIdentifierPart(source.charAt(at - 1));
            boolean joinedAfter = at + 3 < source.length() && asciiIdentifierPart(source.charAt(at + 3));
            if (!joinedBefore && !joinedAfter) return true;
        }
        return false;
    }

    private static boolean asciiIdentifierPart(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '$');
    }

    /**
     * Where a new configuration's processor list holds JavaParser's language-level processor, or -1.
     * JavaParser names it nowhere, so its place is checked: the fourth of six, an anonymous class of
     * ParserConfiguration, and the one without which a problem every level reports goes unreported.
     */
    private static int levelProcessor() {
        try {
            int index = 3;
            List<Supplier<Processor>> processors = new ParserConfiguration().getProcessors();
            if (processors.size() != 6) return -1;
            Class<?> type = processors.get(index).get().getClass();
            if (!type.isAnonymousClass() || type.getEnclosingClass() != ParserConfiguration.class) return -1;
            String probe = "interface I { { } }";
            String problem = "An interface cannot have initializers.";
            ParserConfiguration without = new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_8);
            without.getProcessors().set(index, Processor::new);
            boolean standardReports = reports(new ParserConfiguration().setLanguageLevel(LanguageLevel.JAVA_8), probe, problem);
            return standardReports && !reports(without, probe, problem) ? index : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static boolean reports(ParserConfiguration configuration, String source, String message) {
        return new JavaParser(configuration).parse(source).getProblems().stream().anyMatch(p -> p.getMessage().equals(message));
    }

    private static Optional<LevelProcessors> processors(LanguageLevel level) {
        if (LEVEL_VALIDATOR == null || LEVEL_POST_PROCESSOR == null) return Optional.empty();
        try {
            Validator validator = (Validator) LEVEL_VALIDATOR.get(level);
            PostProcessors postProcessor = (PostProcessors) LEVEL_POST_PROCESSOR.get(level);
            Optional<OneWalkValidation> validation = validator == null ? Optional.empty() : of(validator);
            if (validator != null && validation.isEmpty()) return Optional.empty();
            LevelProcessor standard = new LevelProcessor(postProcessor, validation);
            boolean onlyVarTypes = postProcessor != null && postProcessor.getPostProcessors().stream()
                    .allMatch(p -> p.getClass().getEnclosingClass() == Java10PostProcessor.class);
            return Optional.of(new LevelProcessors(standard, onlyVarTypes ? new LevelProcessor(null, validation) : standard));
        } catch (IllegalAccessException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The problems {@code level}'s validation reports on a tree built without JavaParser's parser
     * ({@link JavacFrontEnd}), as the level's processor would after a parse; empty when that
     * validation cannot be run here (then such a tree must not be used). Post-processing is not run:
     * the trees given here hold no type named {@code var}.
     *
     * <p>Every node of the tree (not the comments attached, which are no children) is handed to
     * {@code eachNode} after its checks, in the walk of the validation when it walks once: work the
     * caller has to do on every node then needs no walk of its own. A node may be handed over twice
     * (when a check fails and the validation is run again), so that work must not mind it; it must
     * not change what the checks read.
     */
    static Optional<List<Problem>> problemsOf(Node root, LanguageLevel level, Consumer<Node> eachNode) {
        Optional<LevelProcessors> processors = levelProcessors(level);
        if (processors.isEmpty() || !(processors.get().withoutVarTypes() instanceof LevelProcessor p)) return Optional.empty();
        List<Problem> problems = new ArrayList<>();
        if (p.validation.isPresent()) {
            p.validation.get().validate(root, problems::add, eachNode);
            return Optional.of(problems);
        }
        if (LEVEL_VALIDATOR == null) return Optional.empty();
        try {
            Validator validator = (Validator) LEVEL_VALIDATOR.get(level);
            if (validator != null) validator.accept(root, new ProblemReporter(problems::add));
        } catch (IllegalAccessException e) {
            return Optional.empty();
        }
        eachNode(root, eachNode);
        return Optional.of(problems);
    }

    /** Every node under {@code root}, in pre-order, to {@code action}. */
    private static void eachNode(Node root, Consumer<Node> action) {
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            action.accept(node);
            List<Node> children = node.getChildNodes();
            for (int c = children.size() - 1; c >= 0; c--) pending.push(children.get(c));
        }
    }

    /** A level's processor, and the same without the post-processing that only a source with {@code var} needs. */
    private record LevelProcessors(Processor standard, Processor withoutVarTypes) {}

    /** What JavaParser's own language-level processor does, in the same order. */
    private static final class LevelProcessor extends Processor {
        private final PostProcessors postProcessor;
        private final Optional<OneWalkValidation> validation;

        LevelProcessor(PostProcessors postProcessor, Optional<OneWalkValidation> validation) {
            this.postProcessor = postProcessor;
            this.validation = validation;
        }

        @Override public void postProcess(ParseResult<? extends Node> result, ParserConfiguration configuration) {
            if (postProcessor != null) postProcessor.postProcess(result, configuration);
            if (validation.isPresent()) validation.get().validate(result.getResult().get(), result.getProblems()::add);
        }
    }

    /** The one-walk form of a validator; empty when one of its parts cannot be read. */
    static Optional<OneWalkValidation> of(Validator validator) {
        if (CHECKED_TYPE == null || TYPE_CHECK == null || NODE_CHECK == null) return Optional.empty();
        try {
            List<Check> checks = new ArrayList<>();
            flatten(validator, checks);
            return Optional.of(new OneWalkValidation(validator, checks));
        } catch (IllegalAccessException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @SuppressWarnings("unchecked")
    private static void flatten(Validator validator, List<Check> checks) throws IllegalAccessException {
        if (validator instanceof Validators group && !overridesAccept(group.getClass(), Validators.class)) {
            List<Validator> parts = group.getValidators();
            for (int i = 0; i < parts.size(); i++) {
                Validator part = parts.get(i);
                boolean requiredLists = group instanceof CommonValidators && i == parts.size() - 1
                        && part.getClass() == TreeVisitorValidator.class;
                if (requiredLists) checks.add(new Check.RequiredListsFilled(new ConcurrentHashMap<>()));
                else flatten(part, checks);
            }
        } else if (validator.getClass() == SingleNodeTypeValidator.class || validator.getClass() == SimpleValidator.class) {
            checks.add(new Check.OfType((Class<?>) CHECKED_TYPE.get(validator), (TypedValidator<Node>) TYPE_CHECK.get(validator)));
        } else if (NAME_CHECKS.contains(validator.getClass())) {
            checks.add(new Check.OfNames((VisitorValidator) validator));
        } else if (validator instanceof TreeVisitorValidator) {
            // Its accept is final: the check of each node, then the children in order.
            checks.add(new Check.OfEveryNode((Validator) NODE_CHECK.get(validator)));
        } else {
            checks.add(new Check.WholeTree(validator));
        }
    }

    /** Whether a subclass changed how a group of validators runs them (then it runs as it is). */
    private static boolean overridesAccept(Class<?> type, Class<?> base) {
        for (Class<?> c = type; c != base; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod("accept", Node.class, ProblemReporter.class);
                return true;
            } catch (NoSuchMethodException e) {
                // not declared here
            }
        }
        return false;
    }

    /** Reports to {@code sink} exactly the problems JavaParser's validator reports on {@code root}, in its order. */
    void validate(Node root, Consumer<Problem> sink) {
        validate(root, sink, node -> { });
    }

    /** {@link #validate(Node, Consumer)}, handing each node to {@code eachNode} as {@link #problemsOf} says. */
    private void validate(Node root, Consumer<Problem> sink, Consumer<Node> eachNode) {
        List<List<Problem>> found = new ArrayList<>(checks.size());
        List<ProblemReporter> reporters = new ArrayList<>(checks.size());
        for (int i = 0; i < checks.size(); i++) {
            List<Problem> problems = new ArrayList<>(0);
            found.add(problems);
            reporters.add(new ProblemReporter(problems::add));
        }
        try {
            walk(root, reporters, eachNode);
        } catch (RuntimeException | StackOverflowError e) {
            standard.accept(root, new ProblemReporter(sink));
            eachNode(root, eachNode);
            return;
        }
        for (List<Problem> problems : found) problems.forEach(sink);
    }

    private void walk(Node root, List<ProblemReporter> reporters, Consumer<Node> eachNode) {
        for (int i = 0; i < checks.size(); i++) {
            // SingleNodeTypeValidator checks its root, then every node of the type, the root included.
            if (checks.get(i) instanceof Check.OfType t && t.type().isInstance(root)) t.check().accept(root, reporters.get(i));
        }
        ArrayDeque<Node> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Node node = pending.pop();
            for (int i : applicable.get(node.getClass())) apply(checks.get(i), node, reporters.get(i));
            eachNode.accept(node);
            List<Node> children = node.getChildNodes();
            for (int c = children.size() - 1; c >= 0; c--) pending.push(children.get(c));
        }
        for (int i = 0; i < checks.size(); i++) {
            if (checks.get(i) instanceof Check.WholeTree w) w.check().accept(root, reporters.get(i));
        }
    }

    private static void apply(Check check, Node node, ProblemReporter reporter) {
        if (check instanceof Check.OfType t) t.check().accept(node, reporter);
        else if (check instanceof Check.OfEveryNode e) e.check().accept(node, reporter);
        else if (check instanceof Check.RequiredListsFilled r) requireFilledLists(r, node, reporter);
        else if (check instanceof Check.OfNames n && !isQualifier(node)) node.accept(n.check(), reporter);
    }

    /** A name that qualifies another (its parent visits it). */
    private static boolean isQualifier(Node node) {
        return node instanceof Name && node.getParentNode().orElse(null) instanceof Name;
    }

    /** CommonValidators' last check: every property that must not be an empty node list is not one. */
    private static void requireFilledLists(Check.RequiredListsFilled check, Node node, ProblemReporter reporter) {
        // A look-up first: computeIfAbsent's lambda would capture the node, an allocation per node.
        List<RequiredList> required = check.byClass().get(node.getClass());
        if (required == null) required = check.byClass().computeIfAbsent(node.getClass(), c -> requiredLists(node.getMetaModel(), c));
        for (int i = 0, n = required.size(); i < n; i++) {
            RequiredList list = required.get(i);
            Object value;
            try {
                value = list.field() == null ? list.property().getValue(node) : list.field().get(node);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            if (((NodeList<?>) value).isEmpty()) {
                reporter.report(node, "%s.%s can not be empty.", list.typeName(), list.property().getName());
            }
        }
    }

    private static List<RequiredList> requiredLists(NodeMetaModel metaModel, Class<?> type) {
        List<RequiredList> lists = new ArrayList<>();
        for (PropertyMetaModel property : metaModel.getAllPropertyMetaModels()) {
            if (property.isNonEmpty() && property.isNodeList()) {
                lists.add(new RequiredList(metaModel.getTypeName(), property, declared(type, property.getName())));
            }
        }
        return List.copyOf(lists);
    }

    /** The field PropertyMetaModel.getValue reads (the nearest declared with the name); null to let it look. */
    private static Field declared(Class<?> type, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    try {
                        f.setAccessible(true);
                        return f;
                    } catch (RuntimeException e) {
                        return null;
                    }
                }
            }
        }
        return null;
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException | RuntimeException e) {
            return null;
        }
    }
}
