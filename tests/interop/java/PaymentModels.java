import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The object-mapping models of schemas/payments.yaml in plain Jackson: the three subtype
 * representations, flattening with prefixes and suffixes, a catch-all map, directional and raw
 * properties and a value object. The mapper leaves nulls out (the schema's non_null default).
 */
final class PaymentModels {
  private PaymentModels() {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = CardPayment.class, name = "card"),
    @JsonSubTypes.Type(value = BankTransfer.class, name = "bank_transfer")
  })
  abstract static class Payment {}

  static final class CardPayment extends Payment {
    public String lastFour;

    CardPayment() {}

    CardPayment(String lastFour) {
      this.lastFour = lastFour;
    }
  }

  static final class BankTransfer extends Payment {
    public Iban iban;
    public Amount amount;
    public String reference;

    BankTransfer() {}

    BankTransfer(Iban iban, Amount amount, String reference) {
      this.iban = iban;
      this.amount = amount;
      this.reference = reference;
    }
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Parcel.class, name = "parcel"),
    @JsonSubTypes.Type(value = Pickup.class, name = "pickup")
  })
  abstract static class Shipment {}

  static final class Parcel extends Shipment {
    public int weightGrams;

    @JsonUnwrapped(prefix = "to_")
    public Address to;

    Parcel() {}

    Parcel(int weightGrams, Address to) {
      this.weightGrams = weightGrams;
      this.to = to;
    }
  }

  static final class Pickup extends Shipment {
    public String store;

    Pickup() {}

    Pickup(String store) {
      this.store = store;
    }
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_ARRAY)
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Opened.class, name = "opened"),
    @JsonSubTypes.Type(value = Closed.class, name = "closed")
  })
  abstract static class Event {}

  static final class Opened extends Event {
    public long at;

    Opened() {}

    Opened(long at) {
      this.at = at;
    }
  }

  static final class Closed extends Event {
    public long at;
    public String reason;

    Closed() {}

    Closed(long at, String reason) {
      this.at = at;
      this.reason = reason;
    }
  }

  static final class Amount {
    public BigDecimal value;
    public String currency;

    Amount() {}

    Amount(String value, String currency) {
      this.value = new BigDecimal(value);
      this.currency = currency;
    }
  }

  /** A value object: the whole IBAN is one JSON string. */
  static final class Iban {
    private final String text;

    @JsonCreator
    Iban(String text) {
      this.text = text;
    }

    @JsonValue
    String text() {
      return text;
    }
  }

  // Not final: Jackson 2.14 drops the outer prefix of a nested unwrapped property when it
  // resolves the serializers statically, which it does for final classes ("lat" instead of
  // "billing_lat").
  static class Address {
    public String street;
    public String city;

    // Unwrapping cannot tell an absent child from an empty one: Jackson builds a Geo with
    // nulls when none of its members appear, which the mapper's NON_NULL then leaves out.
    @JsonUnwrapped public Geo geo;

    Address() {}

    Address(String street, String city, Geo geo) {
      this.street = street;
      this.city = city;
      this.geo = geo;
    }
  }

  static class Geo {
    public Double lat;
    public Double lon;

    Geo() {}

    Geo(double lat, double lon) {
      this.lat = lat;
      this.lon = lon;
    }
  }

  /** Reads any JSON value back as its compact text: the reading half of a raw property. */
  static final class RawJson extends JsonDeserializer<String> {
    @Override
    public String deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      return parser.readValueAsTree().toString();
    }
  }

  static final class Order {
    public String id;
    public long start;
    public long end;

    @JsonUnwrapped(prefix = "billing_")
    public Address billing;

    @JsonUnwrapped(prefix = "ship_", suffix = "_x")
    public Address shipping;

    public Payment payment;
    public List<Payment> payments;
    public LinkedHashMap<String, Shipment> shipments;
    public List<Event> history;

    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public long totalCents;

    @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
    public String secret;

    @JsonRawValue
    @JsonDeserialize(using = RawJson.class)
    public String metadata;

    private final Map<String, Object> extras = new LinkedHashMap<>();

    @JsonAnyGetter
    Map<String, Object> extras() {
      return extras;
    }

    // Jackson also hands the any-setter the members of unwrapped children and the read-only
    // totalCents it skips; keep only the members no property claims, which is what the
    // schema's catch-all holds.
    @JsonAnySetter
    void extra(String name, Object value) {
      boolean claimed =
          name.equals("totalCents")
              || name.startsWith("billing_")
              || (name.startsWith("ship_") && name.endsWith("_x"));
      if (!claimed) {
        extras.put(name, value);
      }
    }
  }
}
