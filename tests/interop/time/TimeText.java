import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.MonthDay;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * java.time's own text of the types in foryjson.javatime, for tests/test_java_time.py.
 *
 * <p>Reads lines {@code KIND TAB TEXT}, reads each text as Jackson's JavaTimeModule
 * reads that type (WRITE_DATES_AS_TIMESTAMPS disabled) and prints how it writes the
 * value back, or {@code !} and the exception's class when Java refuses the text. The
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
            case "year":
                return Year.of(Integer.parseInt(text)).toString();
            case "year_month":
                return YearMonth.parse(text).toString();
            case "month_day":
                return MonthDay.parse(text).toString();
            case "period":
                return Period.parse(text).toString();
            case "zone_offset":
                return ZoneOffset.of(text).toString();
            case "zone_id":
                return ZoneId.of(text).toString();
            case "offset_time":
                return OffsetTime.parse(text).toString();
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
