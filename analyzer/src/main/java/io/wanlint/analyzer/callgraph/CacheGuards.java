package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.stmt.IfStmt;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@link CallSiteShape#behindCache} for the code of one type, with each {@code if}'s answer worked
 * out once: every call inside an {@code if} asked the same questions of it again (its condition's
 * fields, the assignments of its branch), which on long methods with nested checks cost more than
 * resolving the calls. Used by one thread, for one owner.
 */
final class CacheGuards {
    private final TypeDeclaration<?> owner;
    private final Map<IfStmt, Boolean> thenRunsOnce = new IdentityHashMap<>();
    /** The names of the owner's fields (a pass over its members per name asked cost as much as the rest). */
    private Set<String> fields;

    CacheGuards(TypeDeclaration<?> owner) {
        this.owner = owner;
    }

    /** As {@link CallSiteShape#behindCache}{@code (call, callable, owner, maps)}. */
    boolean behindCache(Node call, Node callable, Set<String> maps) {
        Node child = call;
        for (Node n = call.getParentNode().orElse(null); n != null && n != callable; child = n, n = n.getParentNode().orElse(null)) {
            if (!(n instanceof IfStmt ifs) || child == ifs.getCondition()) continue;
            if (!maps.isEmpty()) return true;
            if (child == ifs.getThenStmt() && thenRunsOnce(ifs)) return true;
        }
        return false;
    }

    private boolean thenRunsOnce(IfStmt ifs) {
        Boolean known = thenRunsOnce.get(ifs);
        if (known != null) return known;
        boolean once = CallSiteShape.thenRunsOnce(ifs, owner, this::isField);
        thenRunsOnce.put(ifs, once);
        return once;
    }

    private boolean isField(String name) {
        if (fields == null) {
            fields = new java.util.HashSet<>();
            for (com.github.javaparser.ast.body.FieldDeclaration f : owner.getFields()) {
                for (com.github.javaparser.ast.body.VariableDeclarator v : f.getVariables()) fields.add(v.getNameAsString());
            }
        }
        return fields.contains(name);
    }
}
