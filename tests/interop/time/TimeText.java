import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * java.time's own text of the types in foryjson.temporal and foryjson.javatime, for
 * tests/test_java_time.py.
 *
 * <p>Reads lines {@code KIND TAB TEXT}, reads each text as Fory JSON reads that type
 * (the java.time parse methods) and prints how Fory JSON's writers write the value
 * back (toString or the formatter each uses; see the comments below), or {@code !}
 * and the exception's class when Java refuses the text. The kind
 * {@code instant_epoch} takes {@code SECONDS TAB NANOS} and prints
 * {@code Instant.ofEpochSecond(SECONDS, NANOS).toString()}. The
 * kinds {@code local} and {@code later} take {@code LOCAL-DATE-TIME TAB ZONE-ID} and
 * print {@code ZonedDateTime.of} of them, the earlier or the later offset of an
 * overlap; {@code year_month_pattern}, {@code month_day_pattern},
 * {@code offset_time_pattern} and {@code zoned_datetime_pattern} take
 * {@code PATTERN TAB TEXT}, read the text with {@code DateTimeFormatter.ofPattern} and
 * write it back with the same pattern; {@code offset_time_format} and
 * {@code zoned_datetime_format} take {@code PATTERN TAB ISO-TEXT}, read the text as
 * {@code OffsetTime.parse} and {@code ZonedDateTime.parse} do and write it with the
 * pattern. With the argument {@code version}, prints the
 * runtime's feature version.
 */
public final class TimeText {
    private TimeText() {}

    private static String convert(String kind, String text) {
        switch (kind) {
            case "date":
                return LocalDate.parse(text).toString();
            case "time":
                return DateTimeFormatter.ISO_LOCAL_TIME.format(LocalTime.parse(text));
            case "local_datetime":
                return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.parse(text));
            case "datetime": {
                // Fory's writeOffsetDateTime: a UTC value of years 0..9999 as
                // LocalDateTime.toString() and Z, any other with ISO_OFFSET_DATE_TIME.
                OffsetDateTime value = OffsetDateTime.parse(text);
                if (value.getOffset().getTotalSeconds() == 0
                        && value.getYear() >= 0
                        && value.getYear() <= 9999) {
                    return value.toLocalDateTime() + "Z";
                }
                return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value);
            }
            case "duration":
                return Duration.parse(text).toString();
            case "instant":
                return Instant.parse(text).toString();
            case "instant_epoch": {
                String[] parts = text.split("\t", 2);
                return Instant.ofEpochSecond(Long.parseLong(parts[0]), Long.parseLong(parts[1]))
                        .toString();
            }
            case "year":
                return Year.of(Integer.parseInt(text)).toString();
            case "year_month":
                // Fory writes a YearMonth with the pattern uuuu-MM.
                return DateTimeFormatter.ofPattern("uuuu-MM").format(YearMonth.parse(text));
            case "month_day":
                return MonthDay.parse(text).toString();
            case "period":
                return Period.parse(text).toString();
            case "zone_offset":
                return ZoneOffset.of(text).toString();
            case "zone_id":
                return ZoneId.of(text).toString();
            case "offset_time":
                return DateTimeFormatter.ISO_OFFSET_TIME.format(OffsetTime.parse(text));
            case "zoned_datetime":
                return DateTimeFormatter.ISO_ZONED_DATE_TIME.format(ZonedDateTime.parse(text));
            case "year_month_pattern": {
                String[] parts = text.split("\t", 2);
                DateTimeFormatter pattern = DateTimeFormatter.ofPattern(parts[0]);
                return YearMonth.parse(parts[1], pattern).format(pattern);
            }
            case "month_day_pattern": {
                String[] parts = text.split("\t", 2);
                DateTimeFormatter pattern = DateTimeFormatter.ofPattern(parts[0]);
                return MonthDay.parse(parts[1], pattern).format(pattern);
            }
            case "offset_time_pattern": {
                String[] parts = text.split("\t", 2);
                DateTimeFormatter pattern = DateTimeFormatter.ofPattern(parts[0]);
                return OffsetTime.parse(parts[1], pattern).format(pattern);
            }
            case "zoned_datetime_pattern": {
                String[] parts = text.split("\t", 2);
                DateTimeFormatter pattern = DateTimeFormatter.ofPattern(parts[0]);
                return ZonedDateTime.parse(parts[1], pattern).format(pattern);
            }
            case "offset_time_format": {
                String[] parts = text.split("\t", 2);
                return OffsetTime.parse(parts[1]).format(DateTimeFormatter.ofPattern(parts[0]));
            }
            case "zoned_datetime_format": {
                String[] parts = text.split("\t", 2);
                return ZonedDateTime.parse(parts[1])
                        .format(DateTimeFormatter.ofPattern(parts[0]));
            }
            case "local":
            case "later": {
                String[] parts = text.split("\t", 2);
                ZonedDateTime value =
                        ZonedDateTime.of(LocalDateTime.parse(parts[0]), ZoneId.of(parts[1]));
                if (kind.equals("later")) {
                    value = value.withLaterOffsetAtOverlap();
                }
                return DateTimeFormatter.ISO_ZONED_DATE_TIME.format(value);
            }
            default:
                throw new IllegalArgumentException("unknown kind " + kind);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("version")) {
            System.out.println(Runtime.version().feature());
            return;
        }
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        StringBuilder out = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            int tab = line.indexOf('\t');
            try {
                out.append(convert(line.substring(0, tab), line.substring(tab + 1)));
            } catch (RuntimeException error) {
                out.append('!').append(error.getClass().getSimpleName());
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
