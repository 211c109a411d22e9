package io.wanlint.analyzer.callgraph;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.AnnotationDeclaration;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.printer.DefaultPrettyPrinter;
import com.github.javaparser.printer.Printer;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration.ConfigOption;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A hash of what other files' analysis can learn from a Java file without reading its method
 * bodies: package and imports; every declared type's annotations, modifiers, kind, name (with the
 * line it is on, which the component model reports), type parameters and supertypes; every member
 * in order — fields with their initialisers (constants such as JNDI names are read from them),
 * method and constructor signatures with annotations (and XDoclet tags) and whether they have a body, initializer
 * blocks' presence, enum constants, annotation members — and nested types the same way. Comments,
 * formatting and the code inside bodies do not count.
 *
 * <p>Two versions of a file with the same fingerprint give the same type index, component model
 * and suppressions; what their bodies change is confined to their own call-graph scan and to the
 * scans that read those bodies, which the incremental analysis records. A file whose fingerprint
 * changes is analysed with everything else from scratch.
 */
public final class SurfaceFingerprint {
    private static final Printer PRINTER = new DefaultPrettyPrinter(new DefaultPrinterConfiguration()
            .removeOption(new DefaultConfigurationOption(ConfigOption.PRINT_COMMENTS))
            .removeOption(new DefaultConfigurationOption(ConfigOption.PRINT_JAVADOC)));

    private SurfaceFingerprint() {}

    /**
     * The fingerprint of a parsed file, as hex; for a file too deeply nested to print, one that
     * matches no other (a change to it is then always analysed from scratch).
     */
    public static String of(CompilationUnit unit) {
        try {
            return fingerprint(unit);
        } catch (StackOverflowError | RuntimeException e) {
            return "unprintable " + System.nanoTime();
        }
    }

    private static String fingerprint(CompilationUnit unit) {
        StringBuilder out = new StringBuilder(1024);
        unit.getPackageDeclaration().ifPresent(p -> out.append("package ").append(p.getNameAsString()).append('\n'));
        for (ImportDeclaration i : unit.getImports()) out.append(print(i)).append('\n');
        for (TypeDeclaration<?> t : unit.getTypes()) type(t, out);
        creations(unit, out);
        return hash(out);
    }

    private static void type(TypeDeclaration<?> t, StringBuilder out) {
        out.append("type ").append(t.getName().getBegin().map(p -> p.line).orElse(0)).append(' ');
        xdocletTags(t, out);
        annotations(t.getAnnotations(), out);
        out.append(t.getModifiers()).append(' ').append(t.getClass().getSimpleName()).append(' ').append(t.getNameAsString());
        if (t instanceof ClassOrInterfaceDeclaration c) {
            out.append(" <").append(c.getTypeParameters()).append("> extends ").append(c.getExtendedTypes())
                    .append(" implements ").append(c.getImplementedTypes());
        } else if (t instanceof EnumDeclaration e) {
            out.append(" implements ").append(e.getImplementedTypes());
            e.getEntries().forEach(c -> out.append("\n constant ").append(print(c)));
        } else if (t instanceof RecordDeclaration r) {
            out.append(" <").append(r.getTypeParameters()).append("> (").append(r.getParameters()).append(") implements ")
                    .append(r.getImplementedTypes());
        } else if (t instanceof AnnotationDeclaration) {
            out.append(" @interface");
        }
        out.append('\n');
        for (BodyDeclaration<?> m : t.getMembers()) {
            if (m instanceof TypeDeclaration<?> nested) {
                type(nested, out);
            } else if (m instanceof CallableDeclaration<?> c) {
                out.append(" callable ");
                xdocletTags(c, out);
                annotations(c.getAnnotations(), out);
                out.append(c.getModifiers()).append(" <").append(c.getTypeParameters()).append("> ");
                if (c instanceof MethodDeclaration md) {
                    out.append(print(md.getType())).append(' ').append(md.getBody().isPresent() ? "body " : "abstract ");
                }
                out.append(c.getNameAsString()).append('(');
                c.getParameters().forEach(p -> out.append(print(p)).append(", "));
                out.append(") throws ");
                c.getThrownExceptions().forEach(x -> out.append(print(x)).append(", "));
                out.append('\n');
            } else if (m instanceof InitializerDeclaration i) {
                out.append(" initializer ").append(i.isStatic() ? "static" : "instance").append('\n');
            } else {
                // Fields (with their initialisers), annotation members and anything a later Java adds.
                out.append(' ').append(print(m)).append('\n');
            }
        }
        out.append("end\n");
    }

    /**
     * What the file instantiates: the types of its {@code new} expressions and its reflective
     * {@code newInstance} calls with their context. Other files' calls dispatch only to classes
     * something instantiates, so a change here is analysed from scratch.
     */
    private static void creations(CompilationUnit unit, StringBuilder out) {
        java.util.TreeSet<String> created = new java.util.TreeSet<>();
        for (com.github.javaparser.ast.expr.ObjectCreationExpr c : unit.findAll(com.github.javaparser.ast.expr.ObjectCreationExpr.class)) {
            created.add(c.getType().asString());
        }
        out.append("creates ").append(created).append('\n');
        for (com.github.javaparser.ast.expr.MethodCallExpr m : unit.findAll(com.github.javaparser.ast.expr.MethodCallExpr.class)) {
            if (!m.getNameAsString().equals("newInstance")) continue;
            Node context = m.findAncestor(CallableDeclaration.class).map(n -> (Node) n).orElse(m);
            out.append("reflective ").append(print(context)).append('\n');
        }
    }

    /**
     * XDoclet tags declare beans, views, transactions and references as annotations do (with the
     * lines the model reports): a change of a tag is a change of declaration, the rest of the comment is not.
     */
    private static void xdocletTags(Node declaration, StringBuilder out) {
        io.wanlint.analyzer.ingest.XDocletTags tags = io.wanlint.analyzer.ingest.XDocletTags.of(declaration);
        if (tags.isEmpty()) return;
        out.append(tags.canonical());
        tags.tags().forEach(t -> out.append(t.line()).append(' '));
    }

    private static void annotations(Iterable<AnnotationExpr> annotations, StringBuilder out) {
        for (AnnotationExpr a : annotations) out.append(print(a)).append(' ');
    }

    private static String print(Node node) {
        return PRINTER.print(node);
    }

    private static String hash(CharSequence text) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(text.toString().getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }
}
