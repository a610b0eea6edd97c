import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;

/**
 * The orders workload (schemas/orders.yaml and orders_fory.yaml) with Jackson's default types:
 * java.util.Date as epoch milliseconds, BigDecimal as a bare number, byte[] as padded base64,
 * a LinkedHashSet for the tags. The two schemas differ only in null handling, which is a mapper
 * setting here.
 */
final class OrderModels {
  private OrderModels() {}

  enum OrderStatus { NEW, PAID, PICKING, SHIPPED, DELIVERED, CANCELLED }

  @JsonPropertyOrder({
    "id", "customer", "lines", "status", "created", "shippingAddress", "attributes", "notes"
  })
  static final class Order {
    public String id;
    public Customer customer;
    public List<OrderLine> lines;
    public OrderStatus status;
    public Date created;
    public Address shippingAddress;
    public LinkedHashMap<String, String> attributes;
    public String notes;
  }

  @JsonPropertyOrder({
    "id", "firstName", "lastName", "email", "dateOfBirth", "vip", "addresses"
  })
  static final class Customer {
    public long id;
    public String firstName;
    public String lastName;
    public String email;
    public Date dateOfBirth;
    public boolean vip;
    public List<Address> addresses;
  }

  @JsonPropertyOrder({"street", "city", "zip", "country"})
  static final class Address {
    public String street;
    public String city;
    public String zip;
    public String country;
  }

  @JsonPropertyOrder({"id", "name", "parent"})
  static final class Category {
    public long id;
    public String name;
    public Category parent;
  }

  @JsonPropertyOrder({
    "sku", "name", "description", "category", "price", "weightGrams", "tags", "thumbnail"
  })
  static final class Product {
    public String sku;
    public String name;
    public String description;
    public Category category;
    public BigDecimal price;
    public int weightGrams;
    public LinkedHashSet<String> tags;
    public byte[] thumbnail;
  }

  @JsonPropertyOrder({"product", "quantity", "unitPrice", "discount"})
  static final class OrderLine {
    public Product product;
    public int quantity;
    public BigDecimal unitPrice;
    public double discount;
  }

  private static final String[] FIRST =
      "Alice Bruno Carla David Elena Frank Greta Henry Ingrid Jonas".split(" ");
  private static final String[] LAST =
      "Anderson Bergmann Costa Dubois Eriksen Ferrari Gruber Hansen Ivanov Jensen".split(" ");
  private static final String[] CITIES =
      "Berlin Munich Hamburg Cologne Vienna Zurich Amsterdam Prague".split(" ");
  private static final String[] STREETS =
      "Hauptstrasse Bahnhofstrasse Ringstrasse Parkallee Lindenweg Bergstrasse".split(" ");
  private static final String[] ROOTS = "Electronics Clothing Books Garden".split(" ");
  private static final String[] SUBS = "Accessories Premium Budget".split(" ");
  private static final String[] PRODUCT_WORDS =
      "Ultra Pro Lite Max Eco Smart Classic Prime".split(" ");
  private static final String[] TAGS =
      "new sale bestseller limited organic imported clearance featured".split(" ");
  private static final String[] ATTRIBUTE_KEYS =
      "channel campaign salesRep priority giftWrap source".split(" ");
  private static final String[] LOREM =
      ("Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor"
              + " incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud"
              + " exercitation ullamco laboris nisi")
          .split(" ");

  /** The workload's generator, drawing from java.util.Random itself. */
  private static final class Draw {
    final Random rnd;

    Draw(long seed) {
      rnd = new Random(seed);
    }

    String pick(String[] items) {
      return items[rnd.nextInt(items.length)];
    }

    String lorem(int words) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < words; i++) {
        if (i > 0) {
          text.append(' ');
        }
        text.append(pick(LOREM));
      }
      return text.toString();
    }

    Address address() {
      Address address = new Address();
      address.street = pick(STREETS) + " " + (1 + rnd.nextInt(150));
      address.city = pick(CITIES);
      address.zip = String.format("%05d", rnd.nextInt(100000));
      address.country = "Germany";
      return address;
    }
  }

  /** The 200 orders of java.util.Random(42), as workloads.md describes them. */
  static List<Order> orders() {
    Draw draw = new Draw(42);
    Random rnd = draw.rnd;
    List<Category> categories = new ArrayList<>();
    for (String rootName : ROOTS) {
      Category root = new Category();
      root.id = categories.size() + 1;
      root.name = rootName;
      categories.add(root);
      for (String sub : SUBS) {
        Category child = new Category();
        child.id = categories.size() + 1;
        child.name = rootName + " " + sub;
        child.parent = root;
        categories.add(child);
      }
    }
    List<Product> products = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Product product = new Product();
      product.name = draw.pick(PRODUCT_WORDS) + " " + draw.pick(PRODUCT_WORDS) + " " + (1000 + i);
      product.tags = new LinkedHashSet<>();
      int tagCount = 2 + rnd.nextInt(4);
      for (int t = 0; t < tagCount; t++) {
        product.tags.add(draw.pick(TAGS));
      }
      product.thumbnail = new byte[200 + rnd.nextInt(1800)];
      rnd.nextBytes(product.thumbnail);
      product.description = draw.lorem(20 + rnd.nextInt(60));
      product.category = categories.get(rnd.nextInt(16));
      product.price = BigDecimal.valueOf(199 + rnd.nextInt(50000), 2);
      product.weightGrams = 50 + rnd.nextInt(20000);
      product.sku = "SKU-" + (100000 + i);
      products.add(product);
    }
    List<Customer> customers = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      Customer customer = new Customer();
      customer.firstName = draw.pick(FIRST);
      customer.lastName = draw.pick(LAST);
      customer.addresses = new ArrayList<>();
      customer.addresses.add(draw.address());
      if (rnd.nextBoolean()) {
        customer.addresses.add(draw.address());
      }
      customer.dateOfBirth = new Date(500000000000L + rnd.nextInt(1000000000) * 1000L);
      customer.vip = rnd.nextInt(5) == 0;
      customer.id = 10000 + i;
      customer.email =
          customer.firstName.toLowerCase() + "." + customer.lastName.toLowerCase() + i
              + "@example.com";
      customers.add(customer);
    }
    List<Order> orders = new ArrayList<>();
    for (int idx = 0; idx < 200; idx++) {
      Order order = new Order();
      order.customer = customers.get(rnd.nextInt(50));
      order.lines = new ArrayList<>();
      int lineCount = 1 + rnd.nextInt(8);
      for (int l = 0; l < lineCount; l++) {
        OrderLine line = new OrderLine();
        line.product = products.get(rnd.nextInt(200));
        line.quantity = 1 + rnd.nextInt(5);
        line.discount = rnd.nextInt(4) == 0 ? rnd.nextInt(30) / 100.0 : 0.0;
        line.unitPrice = line.product.price;
        order.lines.add(line);
      }
      order.attributes = new LinkedHashMap<>();
      int attributeCount = 2 + rnd.nextInt(5);
      for (int i = 0; i < attributeCount; i++) {
        String key = draw.pick(ATTRIBUTE_KEYS) + i;
        order.attributes.put(key, draw.lorem(1 + rnd.nextInt(3)));
      }
      order.status = OrderStatus.values()[rnd.nextInt(6)];
      order.created = new Date(1750000000000L + rnd.nextInt(30000000) * 1000L);
      order.notes = rnd.nextInt(3) == 0 ? draw.lorem(10 + rnd.nextInt(40)) : null;
      order.shippingAddress = order.customer.addresses.get(0);
      order.id = String.format("ORD-2026-%06d", idx);
      orders.add(order);
    }
    return orders;
  }
}
