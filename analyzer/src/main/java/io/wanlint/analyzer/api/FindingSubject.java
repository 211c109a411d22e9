package io.wanlint.analyzer.api;

import java.util.Objects;

/**
 * What a finding is about, typed: the entity, use case, method or call site a rule reports and a
 * refactoring fixes. Refactorings match on the subject's type and read its parts, never parse
 * {@link #key()}.
 *
 * <p>{@link #key()} is the finding's identity string; baselines, SARIF fingerprints and the JSON
 * report derive from it ({@link Fingerprints}), so each subject's format is frozen as it was when
 * rules built those strings by hand: a change to one breaks every baseline made before it.
 */
public sealed interface FindingSubject {
    /** The identity that survives line shifts; its format per subject type must never change. */
    String key();

    /** An entity (entity bean or JPA entity), by component name; WAN005: {@code entity:Book}. */
    record Entity(String name) implements FindingSubject {
        public Entity { Objects.requireNonNull(name, "name"); }
        @Override public String key() { return "entity:" + name; }
    }

    /** The remote view (remote home and interface) of an entity bean, by component name; WAN002: {@code remote-view:Book}. */
    record EntityRemoteView(String entity) implements FindingSubject {
        public EntityRemoteView { Objects.requireNonNull(entity, "entity"); }
        @Override public String key() { return "remote-view:" + entity; }
    }

    /**
     * The requests of one entry point, by its key id ({@link EntryPoint#keyId()}), for a rule that
     * reports what each request does (WAN001): {@code /viewItem}.
     */
    record Request(String entryPoint) implements FindingSubject {
        public Request { Objects.requireNonNull(entryPoint, "entryPoint"); }
        @Override public String key() { return entryPoint; }
    }

    /**
     * The use case one entry point runs through the EJB tier, by its key id, for a rule that
     * reports how the use case is split across sites (WAN002): {@code use-case:/viewItem}.
     */
    record UseCase(String entryPoint) implements FindingSubject {
        public UseCase { Objects.requireNonNull(entryPoint, "entryPoint"); }
        @Override public String key() { return "use-case:" + entryPoint; }
    }

    /**
     * A bean method that is itself a remote client of entity beans (a stateful controller placed at
     * the edge); WAN002: {@code remote-client:a.ControllerEJB#placeOrder}, without parameter types.
     */
    record RemoteClient(MethodRef method) implements FindingSubject {
        public RemoteClient { Objects.requireNonNull(method, "method"); }
        @Override public String key() { return "remote-client:" + method.shortId(); }
    }

    /** One method, with its parameter types; WAN003, WAN004, WAN006, WAN008, WAN009: {@code a.B#m(int)}. */
    record Method(MethodRef method) implements FindingSubject {
        public Method { Objects.requireNonNull(method, "method"); }
        @Override public String key() { return method.toString(); }
    }

    /**
     * The calls one method makes to one bean (WAN007: a finder and the per-element calls after it),
     * without their lines so that the key survives line shifts: {@code a.B#m(int)->Book}.
     *
     * @param callee the bean's component name, or its class's display name when it has none
     */
    record CallSite(MethodRef caller, String callee) implements FindingSubject {
        public CallSite {
            Objects.requireNonNull(caller, "caller");
            Objects.requireNonNull(callee, "callee");
        }
        @Override public String key() { return caller + "->" + callee; }
    }

    /** The values one method puts in the {@code HttpSession}; WAN010: {@code a.B#doGet(...)->session}. */
    record SessionAttributes(MethodRef method) implements FindingSubject {
        public SessionAttributes { Objects.requireNonNull(method, "method"); }
        @Override public String key() { return method + "->session"; }
    }

    /**
     * The {@code HttpSession} values of one class stored by several methods (or by a method storing
     * other classes too); WAN010: {@code a.Helper->session}.
     */
    record SessionClass(String valueType) implements FindingSubject {
        public SessionClass { Objects.requireNonNull(valueType, "valueType"); }
        @Override public String key() { return valueType + "->session"; }
    }

    /** The fields of a stateful session bean class; WAN010: {@code a.CartBean->fields}. */
    record BeanFields(String beanClass) implements FindingSubject {
        public BeanFields { Objects.requireNonNull(beanClass, "beanClass"); }
        @Override public String key() { return beanClass + "->fields"; }
    }

    /**
     * One {@code HttpSession} attribute one method reads and changes in place; WAN012:
     * {@code a.B#doPost(...)->session:cart}. The attribute is its literal name, or the expression naming it as written.
     */
    record SessionAttribute(MethodRef method, String attribute) implements FindingSubject {
        public SessionAttribute {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(attribute, "attribute");
        }
        @Override public String key() { return method + "->session:" + attribute; }
    }

    /**
     * State each server of a cluster holds its own copy of; WAN013: a static field or a singleton
     * bean's field {@code shared:a.B#hits}, or a servlet-context attribute {@code shared:ServletContext#lastVisitor}.
     *
     * @param owner  the class declaring the field, or {@code ServletContext}
     * @param member the field's or the attribute's name
     */
    record SharedState(String owner, String member) implements FindingSubject {
        public SharedState {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(member, "member");
        }
        @Override public String key() { return "shared:" + owner + "#" + member; }
    }

    /**
     * Only a place: the class and method of the finding's location, for findings no rule gave a
     * subject (made by hand in tools and tests); {@code a.B#m}. No refactoring fixes it.
     */
    record Place(String className, String method) implements FindingSubject {
        @Override public String key() { return className + "#" + method; }
    }
}
