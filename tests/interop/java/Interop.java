import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Jackson's half of the interop tests.
 *
 * <ul>
 *   <li>{@code version} prints the Java release it runs on.
 *   <li>{@code write OUT_DIR} writes every case as OUT_DIR/NAME.json.
 *   <li>{@code check PY_DIR} reads the Python side's PY_DIR/NAME.json into the Java classes and
 *       checks each document equals the object Java built: both are written again with the same
 *       mapper and the bytes compared.
 *   <li>{@code echo IN_DIR OUT_DIR} reads each IN_DIR/NAME.json present with the case's type and
 *       writes what it read to OUT_DIR/NAME.json, for values made on the Python side.
 * </ul>
 *
 * <p>{@code check} and {@code echo} print {@code ok NAME} or {@code FAIL NAME: why} per case and
 * exit 1 when any case fails. A file holding many compact documents separates them with "\n";
 * the pretty case is one document.
 */
public final class Interop {
  private Interop() {}

  /** One document (or a newline-separated series) and the mapper and type it is written with. */
  private static final class Case {
    final String name;
    final ObjectMapper mapper;
    final JavaType type;
    final Supplier<List<?>> values;
    final Supplier<List<?>> afterRoundTrip;
    boolean pretty;

    Case(String name, ObjectMapper mapper, JavaType type, Supplier<List<?>> values,
        Supplier<List<?>> afterRoundTrip) {
      this.name = name;
      this.mapper = mapper;
      this.type = type;
      this.values = values;
      this.afterRoundTrip = afterRoundTrip;
    }

    byte[] write(List<?> documents) throws IOException {
      List<byte[]> parts = new ArrayList<>();
      int size = 0;
      for (Object document : documents) {
        ObjectWriter writer = mapper.writerFor(type);
        if (pretty) {
          writer = writer.withDefaultPrettyPrinter();
        }
        byte[] part = writer.writeValueAsBytes(document);
        parts.add(part);
        size += part.length + 1;
      }
      byte[] out = new byte[Math.max(0, size - 1)];
      int at = 0;
      for (byte[] part : parts) {
        if (at > 0) {
          out[at++] = '\n';
        }
        System.arraycopy(part, 0, out, at, part.length);
        at += part.length;
      }
      return out;
    }
  }

  /**
   * A mapper whose inclusion rule applies to properties only, as the schemas' include option
   * does: map entries and the members of untyped values are always written, nulls included.
   */
  private static ObjectMapper mapper(JsonInclude.Include include) {
    ObjectMapper mapper = new ObjectMapper();
    mapper.setDefaultPropertyInclusion(
        JsonInclude.Value.construct(include, JsonInclude.Include.ALWAYS));
    SimpleModule longs = new SimpleModule("exact-longs");
    longs.addDeserializer(Long.class, new LongReader());
    longs.addDeserializer(long.class, new LongReader());
    mapper.registerModule(longs);
    return mapper;
  }

  /**
   * Reads a JSON integer as a long by way of BigInteger, checking the range itself. Needed with
   * Debian 12's jackson-core 2.14.1, whose parser refuses every 19-digit integer when asked
   * for a long ("Numeric value (9223372036854775807) out of range of long").
   */
  static final class LongReader extends StdScalarDeserializer<Long> {
    private static final long serialVersionUID = 1L;

    LongReader() {
      super(Long.class);
    }

    @Override
    public Long deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
        return (Long) context.handleUnexpectedToken(Long.class, parser);
      }
      BigInteger value = parser.getBigIntegerValue();
      if (value.bitLength() > 63) {
        return (Long) context.handleWeirdNumberValue(Long.class, value, "out of range of long");
      }
      return value.longValue();
    }
  }

  private static List<Case> cases() {
    ObjectMapper always = mapper(JsonInclude.Include.ALWAYS);
    ObjectMapper nonNull = mapper(JsonInclude.Include.NON_NULL);
    List<Case> cases = new ArrayList<>();
    cases.add(single("media", always, MediaModels.MediaContent.class, MediaModels::media1));
    cases.add(
        single("media_extremes", always, MediaModels.MediaContent.class, MediaModels::extremes));
    Case pretty =
        single("media_pretty", always, MediaModels.MediaContent.class, MediaModels::media1);
    pretty.pretty = true;
    cases.add(pretty);
    JavaType order = always.constructType(OrderModels.Order.class);
    cases.add(new Case("orders", always, order, OrderModels::orders, OrderModels::orders));
    cases.add(new Case("orders_fory", nonNull, order, OrderModels::orders, OrderModels::orders));
    cases.add(single("blobs", always, BlobModels.Blobs.class, BlobModels::blobs));
    JavaType numbers = always.constructType(ScalarModels.Numbers.class);
    cases.add(
        new Case(
            "numbers",
            always,
            numbers,
            () -> List.of(ScalarModels.lows(), ScalarModels.highs()),
            () -> List.of(ScalarModels.lows(), ScalarModels.highs())));
    cases.add(single("text", always, ScalarModels.Text.class, ScalarModels::text));
    cases.add(
        single(
            "containers",
            always,
            ContainerModels.Containers.class,
            ContainerModels::containers));
    cases.add(single("payment_card", nonNull, PaymentModels.Payment.class, Interop::card));
    cases.add(single("payment_bank", nonNull, PaymentModels.Payment.class, Interop::bank));
    cases.add(
        single("payment_bank_bare", nonNull, PaymentModels.Payment.class, Interop::bareBank));
    JavaType paymentList =
        nonNull.constructType(new TypeReference<List<PaymentModels.Payment>>() {});
    cases.add(
        new Case(
            "payment_list",
            nonNull,
            paymentList,
            () -> List.of(List.of(card(), bank(), bareBank())),
            () -> List.of(List.of(card(), bank(), bareBank()))));
    cases.add(
        new Case(
            "payment_order",
            nonNull,
            nonNull.constructType(PaymentModels.Order.class),
            () -> List.of(paymentOrder(5)),
            // totalCents is read-only: the writer's 5 is never read back by either side.
            () -> List.of(paymentOrder(0))));
    cases.add(single("strings", nonNull, PaymentModels.Payment.class, Interop::awkwardText));
    // Roots of every kind, as Fory's TypeRef reads and writes them.
    cases.add(
        single("root_bytes", always, byte[].class, () -> new byte[] {0, 127, -128, -1, 1}));
    cases.add(
        new Case(
            "root_doubles",
            always,
            always.constructType(new TypeReference<List<Double>>() {}),
            () -> List.of(List.of(1.0, 2.5, -0.0, 0.1, 123456.789)),
            () -> List.of(List.of(1.0, 2.5, -0.0, 0.1, 123456.789))));
    cases.add(
        new Case(
            "root_map",
            always,
            always.constructType(new TypeReference<Map<String, Integer>>() {}),
            () -> List.of(rootMap()),
            () -> List.of(rootMap())));
    cases.add(
        single(
            "root_decimal",
            always,
            BigDecimal.class,
            () -> new BigDecimal("12345678901234567890.123456789")));
    cases.add(
        single(
            "root_uuid",
            always,
            UUID.class,
            () -> UUID.fromString("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")));
    // A null root: List.of refuses null elements, Arrays.asList does not.
    cases.add(
        new Case(
            "root_null",
            nonNull,
            nonNull.constructType(PaymentModels.Payment.class),
            () -> Arrays.asList((Object) null),
            () -> Arrays.asList((Object) null)));
    cases.add(single("java_floats", always, JavaFloatModels.JavaFloats.class, JavaFloatModels::floats));
    cases.add(
        single("ledger_statement", nonNull, LedgerModels.Statement.class, LedgerModels::statement));
    // Declared as a subtype, a value still carries its type property.
    cases.add(single("ledger_card", nonNull, LedgerModels.CardCharge.class, LedgerModels::card));
    cases.add(
        single("ledger_premium", nonNull, LedgerModels.CardCharge.class, LedgerModels::premium));
    cases.add(
        single(
            "float_text",
            nonNull,
            PaymentModels.Geo.class,
            () -> new PaymentModels.Geo(1.0E-7, 1.2345678E7)));
    cases.add(
        single(
            "float_infinities",
            nonNull,
            PaymentModels.Geo.class,
            () -> new PaymentModels.Geo(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)));
    return cases;
  }

  private static Map<String, Integer> rootMap() {
    Map<String, Integer> map = new LinkedHashMap<>();
    map.put("b", -2);
    map.put("a", 1);
    map.put("\u00e9", Integer.MAX_VALUE);
    return map;
  }

  private static Case single(String name, ObjectMapper mapper, Class<?> type, Supplier<?> value) {
    return new Case(
        name,
        mapper,
        mapper.constructType(type),
        () -> List.of(value.get()),
        () -> List.of(value.get()));
  }

  static PaymentModels.Payment card() {
    return new PaymentModels.CardPayment("4242");
  }

  static PaymentModels.Payment bank() {
    return new PaymentModels.BankTransfer(
        new PaymentModels.Iban("DE89370400440532013000"),
        new PaymentModels.Amount("1250.50", "EUR"),
        "invoice 2026-17");
  }

  static PaymentModels.Payment bareBank() {
    return new PaymentModels.BankTransfer(
        new PaymentModels.Iban("NL91ABNA0417164300"),
        new PaymentModels.Amount("0.01", "EUR"),
        null);
  }

  static PaymentModels.Payment awkwardText() {
    return new PaymentModels.BankTransfer(
        new PaymentModels.Iban("CH93 0076 2011 6238 5295 7"),
        new PaymentModels.Amount("100000000000000000000.99", "CHF"),
        "tab\t nl\n cr\r bs\\ quote\" slash/ <tag> &amp; ctl\u0001\u001f del\u007f"
            + " ls\u2028 e\u00e9 han\u4e2d emoji\ud83d\ude00");
  }

  static PaymentModels.Order paymentOrder(long totalCents) {
    PaymentModels.Order order = new PaymentModels.Order();
    order.id = "ORD-7";
    order.start = 1750000000000L;
    order.end = 1750000360000L;
    order.billing =
        new PaymentModels.Address("Hauptstrasse 1", "Berlin", new PaymentModels.Geo(52.52, 13.405));
    order.shipping = new PaymentModels.Address("Ringstrasse 9", "Vienna", null);
    order.payment = card();
    order.payments = List.of(bank(), bareBank(), card());
    order.shipments = new LinkedHashMap<>();
    order.shipments.put(
        "first",
        new PaymentModels.Parcel(
            1200,
            new PaymentModels.Address(
                "Lindenweg 3", "Zurich", new PaymentModels.Geo(47.37, 8.54))));
    order.shipments.put("second", new PaymentModels.Pickup("Zurich HB"));
    order.history =
        List.of(
            new PaymentModels.Opened(1750000000000L),
            new PaymentModels.Closed(1750000360000L, "paid"));
    order.totalCents = totalCents;
    order.metadata = "{\"source\":\"web\",\"tags\":[1,2.5,null,true]}";
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("a", List.of(1, "two", false));
    nested.put("b", null);
    order.extra("channel", "mobile");
    order.extra("nested", nested);
    order.extra("count", 3);
    order.extra("none", null);
    return order;
  }

  private static String describeDifference(byte[] expected, byte[] actual) {
    int at = 0;
    while (at < expected.length && at < actual.length && expected[at] == actual[at]) {
      at++;
    }
    return "first difference at byte "
        + at
        + ": expected ..."
        + around(expected, at)
        + " but read back ..."
        + around(actual, at);
  }

  private static String around(byte[] text, int at) {
    int from = Math.max(0, at - 40);
    int to = Math.min(text.length, at + 40);
    return new String(text, from, to - from, StandardCharsets.UTF_8);
  }

  private static List<Object> read(Case item, byte[] json) throws IOException {
    List<Object> documents = new ArrayList<>();
    String text = new String(json, StandardCharsets.UTF_8);
    int line = 0;
    // A pretty document spans lines; the other files hold one compact document a line.
    String[] parts = item.pretty ? new String[] {text} : text.split("\n", -1);
    for (String document : parts) {
      line++;
      try {
        documents.add(item.mapper.readerFor(item.type).readValue(document));
      } catch (IOException error) {
        throw new IOException("document " + line + ": " + error.getMessage(), error);
      }
    }
    return documents;
  }

  private static String check(Case item, byte[] python) throws IOException {
    byte[] expected = item.write(item.afterRoundTrip.get());
    byte[] actual = item.write(read(item, python));
    if (!Arrays.equals(expected, actual)) {
      return describeDifference(expected, actual);
    }
    return null;
  }

  private static void report(String name, String problem) {
    if (problem == null) {
      System.out.println("ok " + name);
    } else {
      System.out.println("FAIL " + name + ": " + problem.replace('\n', ' '));
    }
  }

  public static void main(String[] args) throws IOException {
    String mode = args.length > 0 ? args[0] : "";
    boolean failed = false;
    if (mode.equals("version")) {
      System.out.println(Runtime.version().feature());
    } else if (mode.equals("write") && args.length == 2) {
      Path out = Path.of(args[1]);
      Files.createDirectories(out);
      for (Case item : cases()) {
        Files.write(out.resolve(item.name + ".json"), item.write(item.values.get()));
      }
    } else if (mode.equals("check") && args.length == 2) {
      Path python = Path.of(args[1]);
      for (Case item : cases()) {
        String problem;
        try {
          problem = check(item, Files.readAllBytes(python.resolve(item.name + ".json")));
        } catch (IOException | RuntimeException error) {
          problem = error.toString();
        }
        failed |= problem != null;
        report(item.name, problem);
      }
    } else if (mode.equals("echo") && args.length == 3) {
      Path in = Path.of(args[1]);
      Path out = Path.of(args[2]);
      Files.createDirectories(out);
      for (Case item : cases()) {
        Path source = in.resolve(item.name + ".json");
        if (!Files.exists(source)) {
          continue;
        }
        String problem = null;
        try {
          List<Object> documents = read(item, Files.readAllBytes(source));
          Files.write(out.resolve(item.name + ".json"), item.write(documents));
        } catch (IOException | RuntimeException error) {
          problem = error.toString();
        }
        failed |= problem != null;
        report(item.name, problem);
      }
    } else {
      System.err.println("usage: Interop write OUT_DIR | check PY_DIR | echo IN_DIR OUT_DIR");
      System.exit(2);
    }
    System.exit(failed ? 1 : 0);
  }
}
