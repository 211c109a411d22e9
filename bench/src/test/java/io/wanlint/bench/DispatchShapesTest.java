package io.wanlint.bench;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shapes that made a cost walk per entry point slow on HELIUM V (issue 22), read back from the
 * generated text: many commands behind one interface, a deep superclass chain under them, many remote
 * façade methods, and a long helper chain from the façades to the dispatch.
 */
class DispatchShapesTest {
    private static final Pattern CLASS = Pattern.compile("public (?:abstract )?class (\\w+) (extends|implements) (\\w+)");
    private static final Pattern STAGE_CALL = Pattern.compile("static Object (stage\\d+)\\(String name, Map params\\)[^{]*\\{\\s*\\n[^\\n]*\\n\\s*return (\\w+)[.(]");

    private final GeneratedApp app = SyntheticApplication.generate(500_000, 42);

    @Test
    void hundredsOfCommandsSitBehindOneInterfaceAtTheBottomOfADeepHierarchy() {
        Map<String, String> parent = new HashMap<>();
        Map<String, String> implemented = new HashMap<>();
        for (GeneratedFile f : app.files()) {
            Matcher m = CLASS.matcher(f.content());
            if (!m.find()) continue;
            if (m.group(2).equals("extends")) parent.put(m.group(1), m.group(3));
            else implemented.put(m.group(1), m.group(3));
        }
        List<String> commands = parent.keySet().stream().filter(c -> depthToCommand(c, parent, implemented) > 0
                && !c.endsWith("Command")).toList();

        assertThat(commands).hasSizeGreaterThanOrEqualTo(200);
        assertThat(commands).allSatisfy(c -> assertThat(depthToCommand(c, parent, implemented)).isGreaterThanOrEqualTo(7));
        String registry = content("CommandRegistry.java");
        assertThat(registry).contains("return command.execute(params);");
        for (String c : commands) assertThat(registry).contains("new " + c + "()");
    }

    @Test
    void thousandsOfRemoteFacadeMethodsReachTheDispatchThroughALongHelperChain() {
        long remoteMethods = app.files().stream().filter(f -> f.content().contains("@Remote\npublic interface DispatchFacade"))
                .mapToLong(f -> f.content().lines().filter(l -> l.trim().startsWith("Object operation")).count()).sum();
        assertThat(remoteMethods).isGreaterThanOrEqualTo(1_000);

        String pipeline = content("RequestPipeline.java");
        Map<String, String> next = new HashMap<>();
        Matcher m = STAGE_CALL.matcher(pipeline);
        while (m.find()) next.put(m.group(1), m.group(2));
        int hops = 0;
        String at = "stage0";
        while (next.containsKey(at) && hops < 100) {
            at = next.get(at);
            hops++;
        }
        assertThat(at).isEqualTo("CommandRegistry");
        assertThat(hops).isGreaterThanOrEqualTo(10);
    }

    /** Superclass steps from {@code cls} to the class that implements Command, 0 when none does. */
    private static int depthToCommand(String cls, Map<String, String> parent, Map<String, String> implemented) {
        int depth = 1;
        for (String c = cls; c != null; c = parent.get(c), depth++) {
            if ("Command".equals(implemented.get(c))) return depth;
        }
        return 0;
    }

    private String content(String fileName) {
        return app.files().stream().filter(f -> f.path().endsWith("/dispatch/" + fileName)).findFirst().orElseThrow().content();
    }
}
