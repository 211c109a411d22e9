package io.wanlint.analyzer.ingest;

import com.github.javaparser.ast.CompilationUnit;

/**
 * A parsed Java source file. The tree may be partial when the file has syntax errors (the
 * errors are reported as diagnostics by the parser step). Only the analyzer's own phases read it.
 */
public record JavaUnit(TextFile source, CompilationUnit unit) {}
