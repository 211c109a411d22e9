package io.wanlint.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code wanlint} launcher script run through symbolic links, as when it is linked into a
 * folder on {@code PATH}: Maven must build in the project, and Java must run the project's jar. A
 * fake {@code mvn} and {@code java} stand in for the real ones, so the test takes milliseconds.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "wanlint").toAbsolutePath().normalize();

    @TempDir Path temp;

    @Test
    void aChainOfRelativeAndAbsoluteLinksRunsMavenAndTheJarOfTheProjectItPointsTo() throws Exception {
        Path project = Files.createDirectories(temp.resolve("checkout/wanlint"));
        Files.copy(LAUNCHER, project.resolve("wanlint"));
        executable(project.resolve("wanlint"));
        Files.writeString(project.resolve("pom.xml"), "<project/>\n");
        Path log = temp.resolve("calls.log");
        Path fakes = Files.createDirectories(temp.resolve("fakes"));
        script(fakes.resolve("mvn"), "#!/bin/sh\necho \"mvn in $(pwd -P)\" >> '" + log + "'\n"
                + "mkdir -p cli/target && echo jar > cli/target/wanlint.jar\n");
        script(fakes.resolve("java"), "#!/bin/sh\necho \"java $*\" >> '" + log + "'\n");
        // ~/bin/wanlint -> ../checkout/wanlint/wanlint (relative), /usr/local/bin/wl -> ~/bin/wanlint (absolute)
        Path home = Files.createDirectories(temp.resolve("bin"));
        Files.createSymbolicLink(home.resolve("wanlint"), Path.of("../checkout/wanlint/wanlint"));
        Path onPath = Files.createDirectories(temp.resolve("usr/local/bin"));
        Files.createSymbolicLink(onPath.resolve("wl"), home.resolve("wanlint"));
        Path elsewhere = Files.createDirectories(temp.resolve("work/app"));

        ProcessBuilder pb = new ProcessBuilder("bash", onPath.resolve("wl").toString(), "check", ".")
                .directory(elsewhere.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakes + ":" + onPath + ":" + System.getenv("PATH"));
        pb.environment().put("WANLINT_CDS", "0");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(output).isZero();
        Path real = project.toRealPath();
        assertThat(Files.readAllLines(log)).containsExactly(
                "mvn in " + real,
                "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m -Xss8m -jar "
                        + real.resolve("cli/target/wanlint.jar") + " check .");
    }

    @Test
    void theUsersOwnHeapAndMetaspaceOptionsReplaceTheLaunchersStartingSizes() throws Exception {
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-Xss8m -Xms1g -XX:MetaspaceSize=64m")))
                .isEqualTo("java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -Xss8m -Xms1g -XX:MetaspaceSize=64m -jar JAR check .");
        assertThat(javaLine(Map.of("JAVA_TOOL_OPTIONS", "-XX:InitialRAMPercentage=5")))
                .isEqualTo("java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -XX:MetaspaceSize=256m -Xss8m -jar JAR check .");
        // -Xmx alone is a cap, not a starting size: the heap still starts at a tenth of the memory, below the cap.
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-Xmx4g")))
                .isEqualTo("java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m -Xmx4g -jar JAR check .");
    }

    @Test
    void theUsersOwnCollectorOrTenuringThresholdReplacesTheLaunchersChoice() throws Exception {
        // The JVM refuses two collectors: the user's choice alone, and not the serial collector's threshold.
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-XX:+UseG1GC -Xss8m")))
                .isEqualTo("java -XX:TieredStopAtLevel=1 -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m -XX:+UseG1GC -Xss8m -jar JAR check .");
        // A threshold of the user's own keeps the collector but not the launcher's threshold.
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-XX:MaxTenuringThreshold=3")))
                .isEqualTo("java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m"
                        + " -XX:MaxTenuringThreshold=3 -jar JAR check .");
    }

    @Test
    void theUsersOwnCompilerChoiceReplacesTheLaunchersC1Only() throws Exception {
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-Xss8m -XX:TieredStopAtLevel=4")))
                .isEqualTo("java -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m"
                        + " -Xss8m -XX:TieredStopAtLevel=4 -jar JAR check .");
        assertThat(javaLine(Map.of("JDK_JAVA_OPTIONS", "-XX:-TieredCompilation")))
                .isEqualTo("java -XX:+UseSerialGC -XX:MaxTenuringThreshold=0 -XX:InitialRAMPercentage=10 -XX:MetaspaceSize=256m"
                        + " -Xss8m -jar JAR check .");
    }

    /** The java command line the launcher runs in a project whose jar is built, with JAR for the jar's path. */
    private String javaLine(Map<String, String> environment) throws Exception {
        Path project = Files.createDirectories(temp.resolve("project-" + environment.hashCode()));
        Files.copy(LAUNCHER, project.resolve("wanlint"));
        executable(project.resolve("wanlint"));
        Files.createDirectories(project.resolve("cli/target"));
        Files.writeString(project.resolve("cli/target/wanlint.jar"), "jar");
        Path log = project.resolve("calls.log");
        Path fakes = Files.createDirectories(project.resolve("fakes"));
        script(fakes.resolve("java"), "#!/bin/sh\necho \"java $*\" >> '" + log + "'\n");
        ProcessBuilder pb = new ProcessBuilder("bash", project.resolve("wanlint").toString(), "check", ".")
                .directory(project.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakes + ":" + System.getenv("PATH"));
        pb.environment().put("WANLINT_CDS", "0");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("WANLINT_JAVA_OPTS");
        pb.environment().putAll(environment);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return Files.readAllLines(log).get(0).replace(project.toRealPath().resolve("cli/target/wanlint.jar").toString(), "JAR");
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, body);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
