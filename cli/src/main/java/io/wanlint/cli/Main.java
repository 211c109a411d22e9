package io.wanlint.cli;

/** Placeholder entry point until the picocli commands land. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println("wanlint 0.1.0-SNAPSHOT");
    }
}
