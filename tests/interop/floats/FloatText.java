import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Java's own spelling of numbers, for tests/test_java_floats.py.
 *
 * <p>With the argument {@code version}, prints the runtime's feature version. Otherwise
 * reads lines {@code d HEX} (the bits of a double) or {@code f HEX} (of a float) and
 * prints {@code Double.toString} or {@code Float.toString} of each, one per line.
 */
public final class FloatText {
    private FloatText() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("version")) {
            System.out.println(Runtime.version().feature());
            return;
        }
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String bits = line.substring(2);
            if (line.charAt(0) == 'd') {
                out.append(Double.toString(Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16))));
            } else {
                out.append(Float.toString(Float.intBitsToFloat(Integer.parseUnsignedInt(bits, 16))));
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
