package io.wanlint.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** wanlint's version, filtered into {@code version.properties} by the build. */
public final class VersionInfo implements CommandLine.IVersionProvider {
    public static String version() {
        try (InputStream in = VersionInfo.class.getResourceAsStream("version.properties")) {
            if (in == null) return "unknown";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override public String[] getVersion() { return new String[] {"wanlint " + version()}; }
}
