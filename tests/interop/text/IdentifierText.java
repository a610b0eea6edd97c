import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Currency;
import java.util.Locale;

/**
 * What Fory JSON's codecs make of the text of a URI, a Locale and a Currency, for
 * tests/test_identifiers.py.
 *
 * <p>Reads lines {@code KIND TAB TEXT} (the text with backslash escapes {@code \\},
 * {@code \t}, {@code \n} and {@code \\uXXXX}) and prints, escaped the same way, what
 * Fory's codec writes back for what it read: {@code URI.create(text).toString()},
 * {@code Locale.forLanguageTag(text).toLanguageTag()} or
 * {@code Currency.getInstance(text).getCurrencyCode()}; or {@code !} and the
 * exception's class when Java refuses the text. The kind {@code currencies} prints
 * the codes of {@code Currency.getAvailableCurrencies()}, sorted, on one line.
 */
public final class IdentifierText {
    private IdentifierText() {}

    private static String convert(String kind, String text) {
        switch (kind) {
            case "uri":
                return URI.create(text).toString();
            case "locale":
                return Locale.forLanguageTag(text).toLanguageTag();
            case "currency":
                return Currency.getInstance(text).getCurrencyCode();
            case "currencies": {
                java.util.TreeSet<String> codes = new java.util.TreeSet<>();
                for (Currency currency : Currency.getAvailableCurrencies()) {
                    codes.add(currency.getCurrencyCode());
                }
                return String.join(" ", codes);
            }
            default:
                throw new IllegalArgumentException("unknown kind " + kind);
        }
    }

    private static String unescape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            if (next == 'u') {
                out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                i += 4;
            } else {
                out.append(next == 't' ? '\t' : next == 'n' ? '\n' : next);
            }
        }
        return out.toString();
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            int tab = line.indexOf('\t');
            try {
                out.append(escape(convert(line.substring(0, tab), unescape(line.substring(tab + 1)))));
            } catch (RuntimeException error) {
                out.append('!').append(error.getClass().getSimpleName());
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
