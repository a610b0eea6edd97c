import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * The Blobs model of schemas/types.yaml: one byte array per format. byte[] is Jackson's own
 * padded standard base64; the other forms are small (de)serializers or an int[] of unsigned
 * values, as a Jackson service would declare them.
 */
final class BlobModels {
  private BlobModels() {}

  /** URL-safe base64, padded, as java.util.Base64's URL encoder writes it. */
  static final class UrlSafeWriter extends JsonSerializer<byte[]> {
    @Override
    public void serialize(byte[] value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeString(Base64.getUrlEncoder().encodeToString(value));
    }
  }

  static final class UrlSafeReader extends JsonDeserializer<byte[]> {
    @Override
    public byte[] deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      return Base64.getUrlDecoder().decode(parser.getValueAsString());
    }
  }

  /** Lower-case hex without separators (Fory's BASE16). */
  static final class HexWriter extends JsonSerializer<byte[]> {
    @Override
    public void serialize(byte[] value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeString(HexFormat.of().formatHex(value));
    }
  }

  static final class HexReader extends JsonDeserializer<byte[]> {
    @Override
    public byte[] deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      return HexFormat.of().parseHex(parser.getValueAsString());
    }
  }

  /** Signed decimal bytes, the Java form of a numeric byte array (Fory's ARRAY). */
  static final class SignedWriter extends JsonSerializer<byte[]> {
    @Override
    public void serialize(byte[] value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeStartArray();
      for (byte b : value) {
        gen.writeNumber(b);
      }
      gen.writeEndArray();
    }
  }

  static final class SignedReader extends JsonDeserializer<byte[]> {
    @Override
    public byte[] deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      List<Byte> bytes = new ArrayList<>();
      while (parser.nextToken() != JsonToken.END_ARRAY) {
        int value = parser.getIntValue();
        if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
          throw context.weirdNumberException(value, byte.class, "not a signed byte");
        }
        bytes.add((byte) value);
      }
      byte[] result = new byte[bytes.size()];
      for (int i = 0; i < result.length; i++) {
        result[i] = bytes.get(i);
      }
      return result;
    }
  }

  @JsonPropertyOrder({"standard", "urlSafe", "hex", "signed", "unsigned", "optional", "chunks"})
  static final class Blobs {
    public byte[] standard;

    @JsonSerialize(using = UrlSafeWriter.class)
    @JsonDeserialize(using = UrlSafeReader.class)
    public byte[] urlSafe;

    @JsonSerialize(using = HexWriter.class)
    @JsonDeserialize(using = HexReader.class)
    public byte[] hex;

    @JsonSerialize(using = SignedWriter.class)
    @JsonDeserialize(using = SignedReader.class)
    public byte[] signed;

    public int[] unsigned;
    public byte[] optional;
    public List<byte[]> chunks;
  }

  /** Every byte value once, then a few lengths that exercise base64 padding. */
  static Blobs blobs() {
    byte[] all = new byte[256];
    for (int i = 0; i < all.length; i++) {
      all[i] = (byte) (i + 1);
    }
    Blobs blobs = new Blobs();
    blobs.standard = all;
    blobs.urlSafe = new byte[] {(byte) 0xfb, (byte) 0xff, (byte) 0xbf, 0x3e};
    blobs.hex = new byte[] {0x00, 0x7f, (byte) 0x80, (byte) 0xff, (byte) 0xab};
    blobs.signed = all;
    blobs.unsigned = new int[all.length];
    for (int i = 0; i < all.length; i++) {
      blobs.unsigned[i] = all[i] & 0xff;
    }
    blobs.optional = null;
    blobs.chunks = List.of(new byte[0], new byte[] {1}, new byte[] {1, 2}, new byte[] {1, 2, 3});
    return blobs;
  }
}
