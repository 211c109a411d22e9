package io.wanlint.refactorings.messaging;

import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.stmt.Statement;

import java.util.List;
import java.util.Set;

/**
 * What slicing a transactional method for its external calls gave: the statements that move into a
 * message-driven bean and what they need, or the precise reason they cannot move.
 */
sealed interface CallSlice {

    /**
     * The contiguous statements {@code statements} of one block of {@code method} that make the
     * external calls (with the preparation only they use), replaced by one message send.
     *
     * @param inputs     the values the statements read that were computed before them: they travel in the message
     * @param constants  static final fields of the bean the statements use, copied into the message bean
     * @param resources  instance fields the bean obtains from the container (JNDI lookups in its
     *                   lifecycle methods, or injection); the message bean obtains its own
     * @param throwsChecked whether the statements may throw checked exceptions the method declares
     */
    record Movable(MethodDeclaration method, List<Statement> statements, List<Input> inputs,
                   List<FieldDeclaration> constants, List<Resource> resources, Set<String> namesUsed,
                   boolean throwsChecked) implements CallSlice {
        public Movable {
            statements = List.copyOf(statements);
            inputs = List.copyOf(inputs);
            constants = List.copyOf(constants);
            resources = List.copyOf(resources);
            namesUsed = Set.copyOf(namesUsed);
        }

        int firstLine() { return statements.get(0).getBegin().orElseThrow().line; }
    }

    /** Why the calls stay where they are, with the file's line. */
    record Refused(String reason) implements CallSlice {}

    /**
     * A value computed before the moved statements and read by them.
     *
     * @param type as written in the source (simple or qualified)
     */
    record Input(String name, String type, MessageValue kind) {}

    /**
     * A field the bean gets from its container.
     *
     * @param declaration the field as declared (with its annotations, for injection)
     * @param lookupName  the JNDI name expression of its lookup, as written; empty for an injected field
     */
    record Resource(FieldDeclaration declaration, String name, String type, String lookupName) {
        boolean injected() { return lookupName.isEmpty(); }
    }
}
