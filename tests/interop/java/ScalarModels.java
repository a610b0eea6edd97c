import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * The Numbers and Text models of schemas/types.yaml with the Java type of each schema type:
 * int8..int64 as byte..long, unsigned and unbounded integers as the next wider type or
 * BigInteger, float32 as float, decimals as BigDecimal (a string one through
 * {@code @JsonFormat(shape = STRING)}), char as char and uuid as UUID.
 */
final class ScalarModels {
  private ScalarModels() {}

  enum Color { RED, GREEN, BLUE }

  @JsonPropertyOrder({
    "tiny", "small", "medium", "large", "byte", "word", "dword", "qword", "unbounded", "ratio",
    "single", "price", "quotedPrice", "maybe"
  })
  static final class Numbers {
    public byte tiny;
    public short small;
    public int medium;
    public long large;

    @JsonProperty("byte")
    public int octet;

    public int word;
    public long dword;
    public BigInteger qword;
    public BigInteger unbounded;
    public double ratio;
    public float single;
    public BigDecimal price;

    @JsonFormat(shape = JsonFormat.Shape.STRING)
    public BigDecimal quotedPrice;

    public Double maybe;
  }

  @JsonPropertyOrder({"text", "initial", "id", "color", "colorOrNone"})
  static final class Text {
    public String text;
    public char initial;
    public UUID id;
    public Color color;
    public Color colorOrNone;
  }

  /** Every integer type at its most negative (or zero) and the decimals' exponent forms. */
  static Numbers lows() {
    Numbers numbers = new Numbers();
    numbers.tiny = Byte.MIN_VALUE;
    numbers.small = Short.MIN_VALUE;
    numbers.medium = Integer.MIN_VALUE;
    numbers.large = Long.MIN_VALUE;
    numbers.octet = 0;
    numbers.word = 0;
    numbers.dword = 0;
    numbers.qword = BigInteger.ZERO;
    numbers.unbounded = BigInteger.TEN.pow(40).negate();
    numbers.ratio = -0.0;
    numbers.single = Float.MIN_VALUE;
    numbers.price = new BigDecimal("1E+3");
    numbers.quotedPrice = new BigDecimal("-0.000001");
    numbers.maybe = null;
    return numbers;
  }

  /** Every integer type at its largest, and doubles and floats Java and Python spell alike. */
  static Numbers highs() {
    Numbers numbers = new Numbers();
    numbers.tiny = Byte.MAX_VALUE;
    numbers.small = Short.MAX_VALUE;
    numbers.medium = Integer.MAX_VALUE;
    numbers.large = Long.MAX_VALUE;
    numbers.octet = 255;
    numbers.word = 65535;
    numbers.dword = 4294967295L;
    numbers.qword = new BigInteger("18446744073709551615");
    numbers.unbounded = BigInteger.TEN.pow(40);
    numbers.ratio = 0.1;
    numbers.single = 3.25f;
    numbers.price = new BigDecimal("12345678901234567890.123456789");
    numbers.quotedPrice = new BigDecimal("9.90");
    numbers.maybe = 2.5;
    return numbers;
  }

  static Text text() {
    Text text = new Text();
    text.text = "Gr\u00fc\u00dfe \u2603";
    text.initial = '\u00e9';
    text.id = UUID.fromString("0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0");
    text.color = Color.GREEN;
    text.colorOrNone = null;
    return text;
  }
}
