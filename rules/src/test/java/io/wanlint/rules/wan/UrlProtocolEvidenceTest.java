package io.wanlint.rules.wan;

import static org.assertj.core.api.Assertions.assertThat;

import io.wanlint.analyzer.api.CallEdge;
import io.wanlint.analyzer.api.CallOp;
import io.wanlint.analyzer.api.EdgeKind;
import io.wanlint.analyzer.api.MethodRef;
import io.wanlint.analyzer.api.SourceLocation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 19.4: a URL call whose protocol the analysis could not read says so instead of claiming HTTP. */
class UrlProtocolEvidenceTest {

    private static CallEdge openStream(String target) {
        return new CallEdge(new MethodRef("shop.web.Fetcher", "load", List.of()), new MethodRef("java.net.URL", "openStream", List.of()),
                EdgeKind.HTTP_EXTERNAL, CallOp.HTTP_REQUEST, new SourceLocation("shop/web/Fetcher.java", 7), 0, target, false, false);
    }

    @Test
    void aUrlOfUnknownProtocolIsDescribedAsSuch() {
        assertThat(Evidence.describe(openStream("unknown protocol")))
                .isEqualTo("outbound call of unknown protocol (HTTP assumed) URL.openStream()");
    }

    @Test
    void aUrlKnownToBeHttpStaysAnOutboundHttpCall() {
        assertThat(Evidence.describe(openStream(null))).isEqualTo("outbound HTTP call URL.openStream()");
    }
}
