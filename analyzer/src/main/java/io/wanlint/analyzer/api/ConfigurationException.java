package io.wanlint.analyzer.api;

/** A user configuration error (bad topology or configuration file, unknown rule): exit code 2. */
public class ConfigurationException extends RuntimeException {
    public ConfigurationException(String message) { super(message); }

    public ConfigurationException(String message, Throwable cause) { super(message, cause); }
}
