import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** MediaContent as jvm-serializers declares it: public fields in the order of media.yaml. */
final class MediaModels {
  private MediaModels() {}

  enum Player { JAVA, FLASH }

  enum Size { SMALL, LARGE }

  @JsonPropertyOrder({"media", "images"})
  static final class MediaContent {
    public Media media;
    public List<Image> images;
  }

  @JsonPropertyOrder({
    "uri", "title", "width", "height", "format", "duration", "size", "bitrate", "persons",
    "player", "copyright"
  })
  static final class Media {
    public String uri;
    public String title;
    public int width;
    public int height;
    public String format;
    public long duration;
    public long size;
    public int bitrate;
    public List<String> persons;
    public Player player;
    public String copyright;
  }

  @JsonPropertyOrder({"uri", "title", "width", "height", "size"})
  static final class Image {
    public String uri;
    public String title;
    public int width;
    public int height;
    public Size size;

    Image() {}

    Image(String uri, String title, int width, int height, Size size) {
      this.uri = uri;
      this.title = title;
      this.width = width;
      this.height = height;
      this.size = size;
    }
  }

  /** The canonical instance "media.1". */
  static MediaContent media1() {
    Media media = new Media();
    media.uri = "http://javaone.com/keynote.mpg";
    media.title = "Javaone Keynote";
    media.width = 640;
    media.height = 480;
    media.format = "video/mpg4";
    media.duration = 18000000L;
    media.size = 58982400L;
    media.bitrate = 262144;
    media.persons = List.of("Bill Gates", "Steve Jobs\uC2A4");
    media.player = Player.JAVA;
    media.copyright = null;
    MediaContent content = new MediaContent();
    content.media = media;
    content.images =
        List.of(
            new Image(
                "http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Size.LARGE),
            new Image(
                "http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Size.SMALL));
    return content;
  }

  /** The limits of every number type, nulls, empty lists and text that needs escaping. */
  static MediaContent extremes() {
    Media media = new Media();
    media.uri = "";
    media.title = null;
    media.width = Integer.MIN_VALUE;
    media.height = Integer.MAX_VALUE;
    media.format = "\"\\/\b\f\n\r\t";
    media.duration = Long.MAX_VALUE;
    media.size = Long.MIN_VALUE;
    media.bitrate = 0;
    media.persons = List.of();
    media.player = Player.FLASH;
    media.copyright = "\u00a9 \u0000";
    MediaContent content = new MediaContent();
    content.media = media;
    content.images = List.of();
    return content;
  }
}
