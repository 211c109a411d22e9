package io.wanlint.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
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
    private static final Path DISTRIBUTION_LAUNCHER = Path.of("src", "dist", "bin", "wanlint").toAbsolutePath();
    /** How both launchers size the starting heap, sourced by each. */
    private static final Path HEAP_SIZING = Path.of("src", "dist", "bin", "wanlint-heap.sh").toAbsolutePath();

    @TempDir Path temp;

    /** Projects made by {@link #javaLine}, one per call. */
    private int projects;

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

    @Test
    void aBigInputRaisesTheStartingHeapInProportionToItsSources() throws Exception {
        // 44 bytes of heap per byte of source: a tenth of the memory is reached at memory / 440 bytes.
        long sources = memoryBytes() / 440 * 2;
        Path app = Files.createDirectories(temp.resolve("big-app/src/a"));
        sparseFile(app.resolve("A.java"), sources / 2);
        sparseFile(app.resolve("page.jsp"), sources - sources / 2);
        sparseFile(app.resolve("lib.jar"), sources * 10); // only .java and .jsp files in a folder count
        double percent = startingPercent(javaLine(Map.of(), "check", app.getParent().getParent().toString()));
        assertThat(percent).isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.02));
        // An archive given as a path counts by its size.
        assertThat(startingPercent(javaLine(Map.of(), "check", app.resolve("lib.jar").toString()))).isEqualTo(100.0);
    }

    @Test
    void aSmallInputOrACommandWithoutPathsKeepsATenthOfTheMemory() throws Exception {
        Path app = Files.createDirectories(temp.resolve("small-app"));
        Files.writeString(app.resolve("A.java"), "class A {}\n");
        assertThat(javaLine(Map.of(), "check", app.toString())).contains(" -XX:InitialRAMPercentage=10 ");
        assertThat(javaLine(Map.of(), "rules", temp.toString())).contains(" -XX:InitialRAMPercentage=10 ");
        assertThat(javaLine(Map.of(), "check", temp.resolve("missing").toString())).contains(" -XX:InitialRAMPercentage=10 ");
    }

    @Test
    void optionValuesAreNotTakenForTheAnalysedPaths() throws Exception {
        Path big = Files.createDirectories(temp.resolve("big"));
        sparseFile(big.resolve("A.java"), memoryBytes() / 440 * 2);
        Path small = Files.createDirectories(temp.resolve("small"));
        String b = big.toString();
        String s = small.toString();
        for (String[] args : new String[][] {
                {"check", "--cache", b, s}, {"check", "-o", b, s}, {"check", "-qo", b, s}, {"check", "--baseline", b, s},
                {"check", "--output=" + b, s}, {"check", "--source-root", b, s}, {"fix", "--out", b, s},
                {"check", s, "--exclude", b, "other"}, {"check", "--exclude=x", b, "--quiet", s},
                {"fix", "--rule", "WAN001", b, "--apply", s}, {"predict", "--compare", "edge,cluster", s},
                {"explain", b}}) {
            assertThat(javaLine(Map.of(), args)).as(String.join(" ", args)).contains(" -XX:InitialRAMPercentage=10 ");
        }
        // ... while the paths after them are: --exclude's values end at the next option, --compare takes no path, -- ends the options.
        for (String[] args : new String[][] {
                {"check", "--cache", s, b}, {"check", "--exclude", "x", "y", "-q", b}, {"predict", "--compare", b},
                {"graph", "--depth", "2", b}, {"check", "--", "--cache", b}}) {
            assertThat(startingPercent(javaLine(Map.of(), args))).as(String.join(" ", args)).isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.02));
        }
    }

    @Test
    void theUsersOwnStartingHeapWinsOverTheOneSizedFromTheInput() throws Exception {
        Path big = Files.createDirectories(temp.resolve("big"));
        sparseFile(big.resolve("A.java"), memoryBytes() / 440 * 2);
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-Xms1g"), "check", big.toString())).doesNotContain("InitialRAMPercentage");
        assertThat(javaLine(Map.of("JDK_JAVA_OPTIONS", "-XX:InitialRAMPercentage=5"), "check", big.toString()))
                .doesNotContain("-XX:InitialRAMPercentage=2");
        assertThat(javaLine(Map.of("WANLINT_JAVA_OPTS", "-XX:InitialHeapSize=1g"), "check", big.toString()))
                .doesNotContain("InitialRAMPercentage");
        // -Xmx is a cap: the percentage stays, and the JVM caps the starting heap at it.
        assertThat(startingPercent(javaLine(Map.of("WANLINT_JAVA_OPTS", "-Xmx1g"), "check", big.toString())))
                .isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.02));
    }

    @Test
    void theDistributionsLauncherSizesTheStartingHeapAlikeUnderAPlainShell() throws Exception {
        Path big = Files.createDirectories(temp.resolve("big"));
        sparseFile(big.resolve("A.java"), memoryBytes() / 440 * 2);
        Path small = Files.createDirectories(temp.resolve("small"));
        assertThat(startingPercent(distributionJavaLine("check", "--cache", small.toString(), big.toString())))
                .isCloseTo(20.0, org.assertj.core.data.Offset.offset(0.02));
        assertThat(distributionJavaLine("check", "--exclude", big.toString(), "-o", big.toString(), small.toString()))
                .contains(" -XX:InitialRAMPercentage=10 ");
    }

    /** The java command line of the distribution's launcher (bin/wanlint, run by sh) with a fake java on PATH. */
    private String distributionJavaLine(String... args) throws Exception {
        Path home = Files.createDirectories(temp.resolve("distribution-" + projects++));
        Files.createDirectories(home.resolve("bin"));
        Files.copy(DISTRIBUTION_LAUNCHER, home.resolve("bin/wanlint"));
        Files.copy(HEAP_SIZING, home.resolve("bin/wanlint-heap.sh"));
        Files.createDirectories(home.resolve("lib"));
        Files.writeString(home.resolve("lib/wanlint.jar"), "jar");
        return fakeJavaLine(home, "sh", home.resolve("bin/wanlint"), Map.of(), args);
    }

    /** The launcher's starting heap in a java command line, in percent of the memory. */
    private static double startingPercent(String javaLine) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(" -XX:InitialRAMPercentage=([0-9.]+) ").matcher(javaLine);
        assertThat(m.find()).as(javaLine).isTrue();
        return Double.parseDouble(m.group(1));
    }

    /** The memory as the launcher reads it (tests run where /proc/meminfo is; no container limit below it here). */
    private static long memoryBytes() throws IOException {
        String line = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:")).findFirst().orElseThrow();
        long memory = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        for (Path limit : List.of(Path.of("/sys/fs/cgroup/memory.max"), Path.of("/sys/fs/cgroup/memory/memory.limit_in_bytes"))) {
            if (Files.isReadable(limit)) {
                String value = Files.readString(limit).trim();
                if (value.matches("[0-9]+")) memory = Math.min(memory, Long.parseLong(value));
            }
        }
        return memory;
    }

    /** A file of the given size that takes no disk space: the launcher counts sizes, never reads content. */
    private static void sparseFile(Path file, long size) throws IOException {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    /** The java command line the launcher runs in a project whose jar is built, with JAR for the jar's path. */
    private String javaLine(Map<String, String> environment) throws Exception {
        return javaLine(environment, "check", ".");
    }

    /** The same for the launcher's arguments {@code args}. */
    private String javaLine(Map<String, String> environment, String... args) throws Exception {
        Path project = Files.createDirectories(temp.resolve("project-" + projects++));
        Files.copy(LAUNCHER, project.resolve("wanlint"));
        executable(project.resolve("wanlint"));
        Files.createDirectories(project.resolve("cli/src/dist/bin"));
        Files.copy(HEAP_SIZING, project.resolve("cli/src/dist/bin/wanlint-heap.sh"));
        Files.createDirectories(project.resolve("cli/target"));
        Files.writeString(project.resolve("cli/target/wanlint.jar"), "jar");
        return fakeJavaLine(project, "bash", project.resolve("wanlint"), environment, args)
                .replace(project.toRealPath().resolve("cli/target/wanlint.jar").toString(), "JAR");
    }

    /**
     * Runs a launcher script in {@code folder} with a fake {@code java} on {@code PATH} and none of the
     * caller's Java options; returns the java command line the launcher ran.
     */
    private static String fakeJavaLine(Path folder, String shell, Path launcher, Map<String, String> environment, String... args)
            throws Exception {
        Path log = folder.resolve("calls.log");
        Path fakes = Files.createDirectories(folder.resolve("fakes"));
        script(fakes.resolve("java"), "#!/bin/sh\necho \"java $*\" >> '" + log + "'\n");
        List<String> command = new ArrayList<>(List.of(shell, launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", fakes + ":" + System.getenv("PATH"));
        pb.environment().put("WANLINT_CDS", "0");
        for (String name : List.of("JAVA_HOME", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "WANLINT_JAVA_OPTS")) pb.environment().remove(name);
        pb.environment().putAll(environment);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return Files.readAllLines(log).get(0);
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, body);
        executable(file);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
