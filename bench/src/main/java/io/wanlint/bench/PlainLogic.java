package io.wanlint.bench;

import java.util.Random;

/**
 * Writes self-contained business-logic methods (normalising, validating, rounding, checksums): the
 * bulk of real classes that touches no container API, so it adds size without adding findings.
 */
final class PlainLogic {
    private static final String[] TOPICS = {"Code", "Reference", "Label", "Amount", "Account", "Key", "Period",
        "Batch", "Region", "Channel", "Margin", "Quota", "Ledger", "Voucher", "Sequence", "Tariff"};

    private final Random random;
    private int counter;

    PlainLogic(Random random) { this.random = random; }

    /** Appends one method of 8 to 30 lines and returns its name. */
    String method(SourceText s, String modifiers) {
        String topic = TOPICS[random.nextInt(TOPICS.length)] + (++counter);
        int kind = random.nextInt(6);
        s.blank();
        switch (kind) {
            case 0 -> normalize(s, modifiers, "normalize" + topic);
            case 1 -> checksum(s, modifiers, "checksum" + topic);
            case 2 -> round(s, modifiers, "round" + topic);
            case 3 -> validate(s, modifiers, "isValid" + topic);
            case 4 -> pad(s, modifiers, "pad" + topic);
            default -> classify(s, modifiers, "classify" + topic);
        }
        return topic;
    }

    private void normalize(SourceText s, String mods, String name) {
        s.line("/**").line(" * Upper-cases the value and keeps only letters, digits and separators.").line(" */");
        s.open(mods + " String " + name + "(String value)");
        s.open("if (value == null)").line("return \"\";").close();
        s.line("StringBuffer buf = new StringBuffer(value.length());");
        s.open("for (int i = 0; i < value.length(); i++)");
        s.line("char c = value.charAt(i);");
        s.open("if (Character.isLetterOrDigit(c) || c == '-' || c == '_')");
        s.line("buf.append(Character.toUpperCase(c));");
        s.reopen("else if (c == ' ' && buf.length() > 0 && buf.charAt(buf.length() - 1) != '_')");
        s.line("buf.append('_');");
        s.close();
        s.close();
        s.open("if (buf.length() > " + (16 + random.nextInt(48)) + ")");
        s.line("buf.setLength(" + (16 + random.nextInt(16)) + ");");
        s.close();
        s.line("return buf.toString();");
        s.close();
    }

    private void checksum(SourceText s, String mods, String name) {
        int seed = 7 + random.nextInt(90);
        int mod = 97 + random.nextInt(9000);
        s.line("/** Check digit used by the legacy mainframe interface. */");
        s.open(mods + " int " + name + "(String value)");
        s.open("if (value == null || value.length() == 0)").line("return 0;").close();
        s.line("int sum = " + seed + ";");
        s.open("for (int i = 0; i < value.length(); i++)");
        s.line("int weight = (i % 2 == 0) ? " + (1 + random.nextInt(3)) + " : " + (3 + random.nextInt(5)) + ";");
        s.line("sum = sum * 31 + value.charAt(i) * weight;");
        s.close();
        s.line("return Math.abs(sum % " + mod + ");");
        s.close();
    }

    private void round(SourceText s, String mods, String name) {
        s.line("/** Rounds half-up to the given number of decimals, as the accounting rules require. */");
        s.open(mods + " double " + name + "(double amount, int scale)");
        s.open("if (scale < 0)").line("throw new IllegalArgumentException(\"negative scale: \" + scale);").close();
        s.line("double factor = 1.0;");
        s.open("for (int i = 0; i < scale; i++)").line("factor = factor * 10.0;").close();
        s.line("double shifted = amount * factor;");
        s.line("long rounded = (long) (shifted + (shifted >= 0 ? 0.5 : -0.5));");
        s.open("if (Math.abs(rounded) > " + (100000L + random.nextInt(900000)) + "L * factor)");
        s.line("return amount;");
        s.close();
        s.line("return rounded / factor;");
        s.close();
    }

    private void validate(SourceText s, String mods, String name) {
        int min = 1 + random.nextInt(4);
        int max = min + 6 + random.nextInt(30);
        s.line("/** Accepts " + min + " to " + max + " characters: letters and digits, starting with a letter. */");
        s.open(mods + " boolean " + name + "(String value)");
        s.open("if (value == null)").line("return false;").close();
        s.line("String trimmed = value.trim();");
        s.open("if (trimmed.length() < " + min + " || trimmed.length() > " + max + ")").line("return false;").close();
        s.open("if (!Character.isLetter(trimmed.charAt(0)))").line("return false;").close();
        s.open("for (int i = 1; i < trimmed.length(); i++)");
        s.open("if (!Character.isLetterOrDigit(trimmed.charAt(i)))").line("return false;").close();
        s.close();
        s.line("return true;");
        s.close();
    }

    private void pad(SourceText s, String mods, String name) {
        s.line("/** Left-pads with zeros to the fixed width of the export file format. */");
        s.open(mods + " String " + name + "(String value, int width)");
        s.line("String text = value == null ? \"\" : value;");
        s.open("if (text.length() >= width)").line("return text.substring(text.length() - width);").close();
        s.line("StringBuffer buf = new StringBuffer(width);");
        s.open("for (int i = text.length(); i < width; i++)").line("buf.append('0');").close();
        s.line("buf.append(text);");
        s.line("return buf.toString();");
        s.close();
    }

    private void classify(SourceText s, String mods, String name) {
        int a = 10 + random.nextInt(90);
        int b = a + 10 + random.nextInt(400);
        int c = b + 10 + random.nextInt(4000);
        s.line("/** Maps a quantity to the band the reports group by. */");
        s.open(mods + " String " + name + "(double value)");
        s.open("if (value < 0)").line("return \"NEGATIVE\";").close();
        s.open("if (value < " + a + ")").line("return \"SMALL\";").close();
        s.open("if (value < " + b + ")").line("return \"MEDIUM\";").close();
        s.open("if (value < " + c + ")").line("return \"LARGE\";").close();
        s.line("return \"HUGE\";");
        s.close();
    }
}
