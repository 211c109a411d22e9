package io.wanlint.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The dispatch tier large real applications have and the domain modules lack (HELIUM V's shape,
 * issue 22): hundreds of command classes behind one {@code Command} interface, chosen per request
 * by a registry, so that every call of {@code Command.execute} reaches every command; the commands
 * inherit their business methods from a deep superclass hierarchy; thousands of remote façade
 * methods (EJB 3 {@code @Remote} business interfaces, each method an entry point of its own) reach
 * the registry through a long chain of helper methods. Nothing here crosses a site or touches a
 * container resource, so it adds no finding: it adds the reachable-graph size per entry point that
 * makes a cost walk per entry point slow.
 */
final class DispatchSources {
    static final String PKG = "com.acme.erp.dispatch";
    private static final String ROOT = "src/main/java/" + PKG.replace('.', '/') + "/";
    /** Levels of the command superclass hierarchy, from {@code AbstractCommand} down. */
    static final String[] LEVELS = {"AbstractCommand", "LoggedCommand", "AuditedCommand", "SecuredCommand",
        "ValidatedCommand", "TransactionalCommand", "BusinessCommand"};
    /** Helper methods between a façade method and the registry. */
    static final int CHAIN = 12;
    /** Façade methods per remote bean. */
    static final int METHODS_PER_FACADE = 60;

    private final Random random;
    private final PlainLogic logic;
    private final int year;

    DispatchSources(Random random, PlainLogic logic, int year) {
        this.random = random;
        this.logic = logic;
        this.year = year;
    }

    /** The tier's shape for an application of {@code javaLines} lines. */
    record Shape(int commands, int facades) {
        static Shape of(int javaLines) {
            // About one command per 2,500 lines and one façade method per 500 (HELIUM V: ~1 per 490).
            int commands = Math.max(4, javaLines / 2_500);
            int methods = Math.max(METHODS_PER_FACADE, javaLines / 500);
            return new Shape(commands, (methods + METHODS_PER_FACADE - 1) / METHODS_PER_FACADE);
        }

        int facadeMethods() { return facades * METHODS_PER_FACADE; }
    }

    private SourceText start() {
        return new SourceText().javaHeader("Acme Corporation", year).line("package " + PKG + ";").blank();
    }

    List<GeneratedFile> write(Shape shape) {
        List<GeneratedFile> files = new ArrayList<>();
        SourceText s = start();
        s.line("import java.util.Map;").blank();
        s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
        s.line("/** One business operation the façades run by name. */");
        s.open("public interface Command");
        s.line("Object execute(Map params) throws ErpException;");
        s.close();
        files.add(file("Command", s));

        // The superclass chain: each level adds a business method that calls the one above it.
        for (int i = 0; i < LEVELS.length; i++) {
            s = start();
            s.line("import java.util.Map;").blank();
            s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
            s.line("/** Level " + (i + 1) + " of the command hierarchy. */");
            String ext = i == 0 ? " implements Command" : " extends " + LEVELS[i - 1];
            s.open("public abstract class " + LEVELS[i] + ext);
            s.open("protected String step" + i + "(Map params) throws ErpException");
            s.open("if (params == null)").line("throw new ErpException(\"no parameters\");").close();
            s.line("String value = String.valueOf(params.get(\"key" + i + "\"));");
            s.line(i == 0 ? "return value.trim();" : "return step" + (i - 1) + "(params) + value;");
            s.close();
            logic.method(s, "protected");
            s.close();
            files.add(file(LEVELS[i], s));
        }

        // The commands: each runs the inherited chain, then some logic of its own.
        String leaf = LEVELS[LEVELS.length - 1];
        for (int c = 0; c < shape.commands(); c++) {
            s = start();
            s.line("import java.util.Map;").blank();
            s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
            s.line("/** Command " + c + " of the registry. */");
            s.open("public class " + command(c) + " extends " + leaf);
            s.open("public Object execute(Map params) throws ErpException");
            s.line("String key = step" + (LEVELS.length - 1) + "(params);");
            s.line("return " + (random.nextBoolean() ? "key.toUpperCase()" : "key.toLowerCase()") + ";");
            s.close();
            logic.method(s, "private");
            s.close();
            files.add(file(command(c), s));
        }

        s = start();
        s.line("import java.util.HashMap;").line("import java.util.Map;").blank();
        s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
        s.line("/** The commands by name; a request names the one it runs. */");
        s.open("public final class CommandRegistry");
        s.line("private static final Map COMMANDS = new HashMap();");
        s.open("static");
        for (int c = 0; c < shape.commands(); c++) s.line("COMMANDS.put(\"" + command(c) + "\", new " + command(c) + "());");
        s.close();
        s.open("private CommandRegistry()").close();
        s.blank().open("public static Object dispatch(String name, Map params) throws ErpException");
        s.line("Command command = (Command) COMMANDS.get(name);");
        s.open("if (command == null)").line("throw new ErpException(\"no command \" + name);").close();
        s.line("return command.execute(params);");
        s.close();
        s.close();
        files.add(file("CommandRegistry", s));

        // The helper chain between the façades and the registry.
        s = start();
        s.line("import java.util.Map;").blank();
        s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
        s.line("/** Request plumbing every façade method goes through (context, tracing, retries). */");
        s.open("public final class RequestPipeline");
        s.open("private RequestPipeline()").close();
        for (int i = 0; i < CHAIN; i++) {
            s.blank().open("static Object stage" + i + "(String name, Map params) throws ErpException");
            s.line("params.put(\"stage\", \"" + i + "\");");
            s.line(i == CHAIN - 1 ? "return CommandRegistry.dispatch(name, params);" : "return stage" + (i + 1) + "(name, params);");
            s.close();
        }
        s.blank().open("public static Object run(String name, Map params) throws ErpException");
        s.line("return stage0(name, params);");
        s.close();
        s.close();
        files.add(file("RequestPipeline", s));

        // The remote façades: many methods, each an entry point that runs one command.
        int method = 0;
        for (int f = 0; f < shape.facades(); f++) {
            String view = "DispatchFacade" + f;
            s = start();
            s.line("import java.util.Map;").blank().line("import javax.ejb.Remote;").blank();
            s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
            s.line("/** Remote operations of part " + f + " of the rich client's API. */");
            s.line("@Remote");
            s.open("public interface " + view);
            for (int m = 0; m < METHODS_PER_FACADE; m++) s.line("Object operation" + (method + m) + "(Map params) throws ErpException;");
            s.close();
            files.add(file(view, s));

            s = start();
            s.line("import java.util.Map;").blank().line("import javax.ejb.Stateless;").blank();
            s.line("import " + EjbTierSources.COMMON + ".ErpException;").blank();
            s.line("/** Runs the rich client's operations of part " + f + " as commands. */");
            s.line("@Stateless");
            s.open("public class " + view + "Bean implements " + view);
            for (int m = 0; m < METHODS_PER_FACADE; m++, method++) {
                s.blank().open("public Object operation" + method + "(Map params) throws ErpException");
                s.line("return RequestPipeline.run(\"" + command(random.nextInt(shape.commands())) + "\", params);");
                s.close();
            }
            s.close();
            files.add(file(view + "Bean", s));
        }
        return files;
    }

    static String command(int c) { return "Command" + c; }

    private static GeneratedFile file(String cls, SourceText s) {
        return new GeneratedFile(ROOT + cls + ".java", s.toString());
    }
}
