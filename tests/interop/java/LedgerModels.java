import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.math.BigDecimal;
import java.util.List;

/**
 * The inheritance models of schemas/ledger.yaml in plain Jackson: a plain base class, an
 * abstract base with fields and the one subtype table, and a subtype of a subtype. Jackson
 * writes a superclass's fields before a subclass's, and the type property first.
 */
final class LedgerModels {
  private LedgerModels() {}

  static class Entity {
    public String id;
  }

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = CardCharge.class, name = "card"),
    @JsonSubTypes.Type(value = PremiumCardCharge.class, name = "premium_card"),
    @JsonSubTypes.Type(value = Refund.class, name = "refund")
  })
  abstract static class Transaction extends Entity {
    public BigDecimal amount;
    public String currency = "EUR";
  }

  static class CardCharge extends Transaction {
    public String lastFour;
  }

  static final class PremiumCardCharge extends CardCharge {
    public boolean loungeAccess;
  }

  static final class Refund extends Transaction {
    public String original;
    public String reason;
  }

  static final class Statement extends Entity {
    public List<Transaction> entries;
    public CardCharge largestCard;
  }

  static CardCharge card() {
    CardCharge card = new CardCharge();
    card.id = "t2";
    card.amount = new BigDecimal("19.99");
    card.lastFour = "4242";
    return card;
  }

  static PremiumCardCharge premium() {
    PremiumCardCharge premium = new PremiumCardCharge();
    premium.id = "t1";
    premium.amount = new BigDecimal("1250.00");
    premium.currency = "CHF";
    premium.lastFour = "0005";
    premium.loungeAccess = true;
    return premium;
  }

  static Refund refund() {
    Refund refund = new Refund();
    refund.id = "t3";
    refund.amount = new BigDecimal("-19.99");
    refund.original = "t2";
    return refund;
  }

  static Statement statement() {
    Statement statement = new Statement();
    statement.id = "s1";
    statement.entries = List.of(premium(), card(), refund());
    statement.largestCard = premium();
    return statement;
  }
}
