package io.wanlint.refactorings;

import io.wanlint.analyzer.api.AnalysisRequest;
import io.wanlint.analyzer.api.Analyzer;
import io.wanlint.refactorings.api.RefactoringContext;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small application written from text blocks into a test's folder, then analysed for planning refactorings. */
public final class TextApp {
    private TextApp() {}

    /** Writes {@code text} to {@code app/path}, creating its folders; returns the file. */
    public static Path write(Path app, String path, String text, Charset charset) throws IOException {
        Path file = app.resolve(path);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, charset);
    }

    /** The refactoring context of a fresh analysis of {@code app}. */
    public static RefactoringContext analysed(Path app) {
        return RefactoringContext.of(Analyzer.analyze(AnalysisRequest.of(app)));
    }
}
