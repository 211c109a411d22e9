package io.wanlint.cli;

import io.wanlint.engine.WanlintVersion;
import picocli.CommandLine;

/** wanlint's version ({@link WanlintVersion}), for every command's {@code --version}. */
public final class VersionInfo implements CommandLine.IVersionProvider {
    public static String version() { return WanlintVersion.version(); }

    @Override public String[] getVersion() { return new String[] {"wanlint " + version()}; }
}
