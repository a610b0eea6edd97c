import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The Containers model of schemas/types.yaml: sets as sorted sets (foryjson writes a set
 * sorted), fixed tuples as POJOs in Jackson's array shape, typed map keys. The dates of
 * byUuid stay ISO text here: java.time needs the jsr310 module, which Debian does not
 * package.
 */
final class ContainerModels {
  private ContainerModels() {}

  @JsonFormat(shape = JsonFormat.Shape.ARRAY)
  @JsonPropertyOrder({"name", "count"})
  static final class Pair {
    public String name;
    public long count;

    Pair() {}

    Pair(String name, long count) {
      this.name = name;
      this.count = count;
    }
  }

  @JsonFormat(shape = JsonFormat.Shape.ARRAY)
  @JsonPropertyOrder({"level", "on"})
  static final class Flag {
    public byte level;
    public boolean on;

    Flag() {}

    Flag(byte level, boolean on) {
      this.level = level;
      this.on = on;
    }
  }

  @JsonPropertyOrder({
    "tags", "codes", "pair", "coordinates", "byId", "byColor", "byUuid", "nested"
  })
  static final class Containers {
    public TreeSet<String> tags;
    public TreeSet<Integer> codes;
    public Pair pair;
    public double[] coordinates;
    public LinkedHashMap<Long, String> byId;
    public LinkedHashMap<ScalarModels.Color, List<Integer>> byColor;
    public LinkedHashMap<UUID, String> byUuid;
    public List<LinkedHashMap<String, Flag>> nested;
  }

  static Containers containers() {
    Containers containers = new Containers();
    containers.tags = new TreeSet<>(List.of("b", "a", "c", "Z"));
    containers.codes = new TreeSet<>(List.of(3, -1, 2));
    containers.pair = new Pair("x", Long.MAX_VALUE);
    containers.coordinates = new double[] {1.5, -0.25};
    containers.byId = new LinkedHashMap<>();
    containers.byId.put(2L, "two");
    containers.byId.put(-1L, "minus one");
    containers.byColor = new LinkedHashMap<>();
    containers.byColor.put(ScalarModels.Color.RED, List.of(0, 255));
    containers.byColor.put(ScalarModels.Color.BLUE, List.of());
    containers.byUuid = new LinkedHashMap<>();
    containers.byUuid.put(UUID.fromString("00000000-0000-0000-0000-000000000005"), "2026-06-21");
    LinkedHashMap<String, Flag> flags = new LinkedHashMap<>();
    flags.put("k", new Flag(Byte.MIN_VALUE, true));
    flags.put("n", null);
    containers.nested = List.of(flags, new LinkedHashMap<>(Map.of()));
    return containers;
  }
}
