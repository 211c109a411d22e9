package io.wanlint.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** wanlint's version, filtered into {@code version.properties} by the build: what every report names as its tool. */
public final class WanlintVersion {
    private WanlintVersion() {}

    public static String version() {
        try (InputStream in = WanlintVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) return "unknown";
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
