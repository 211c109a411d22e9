package io.wanlint.cli;

import org.junit.jupiter.api.Test;
import org.slf4j.spi.SLF4JServiceProvider;

import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SootUp logs through SLF4J. With no provider on the class path SLF4J prints three warning lines on
 * stderr of every bytecode run (and with two, another warning): exactly one provider, the no-op one,
 * keeps stderr for wanlint's own diagnostics.
 */
class LoggingTest {
    @Test
    void exactlyOneSlf4jProviderIsOnTheClassPathAndItDiscardsEverything() {
        var providers = ServiceLoader.load(SLF4JServiceProvider.class).stream().map(ServiceLoader.Provider::type).toList();

        assertThat(providers).extracting(Class::getName).containsExactly("org.slf4j.nop.NOPServiceProvider");
    }
}
