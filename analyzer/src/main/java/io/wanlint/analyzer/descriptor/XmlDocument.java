package io.wanlint.analyzer.descriptor;

/**
 * A parsed XML document. {@code root} may be partial when the file was truncated or malformed
 * (the parse error is reported separately); the DOCTYPE identifiers are kept because DTD-era
 * descriptors carry their version only there.
 */
public record XmlDocument(String file, XmlElement root, String doctypePublicId, String doctypeSystemId,
                          boolean complete) {}
