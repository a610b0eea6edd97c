/*
 * foryjson_scalars.h: the writers of UUIDs, decimals, dates and times and byte
 * arrays that the C encoders of foryjson-gen --native share (included by
 * foryjson_native.h, after foryjson_write.h).
 *
 * Each writes exactly what the runtime function the Python encoders call writes
 * (foryjson.identifiers, decimals, temporal, binary), for the common case only: an
 * object of exactly the type the field holds, with the values every such object
 * has. Anything else (a subclass, a bytearray, a datetime with another zone, a
 * tampered UUID) gives up, as in foryjson_write.h, for the Python encoders to write
 * the value or raise its EncodeError.
 *
 * The date and time writers use the datetime C API: a source that writes dates
 * defines FJ_DATES before including foryjson_native.h, and calls PyDateTime_IMPORT
 * when its module loads. The byte array writers use tables: a source that writes
 * bytes defines FJ_BYTES, and calls fj_bytes_tables() when its module loads.
 */
#ifndef FORYJSON_SCALARS_H
#define FORYJSON_SCALARS_H

/* The longest decimal text the Python encoders write as it is
   (foryjson.limits.MAX_NUMBER_CHARS). */
#define FJ_MAX_NUMBER_CHARS 10000

/*
 * The 128 bits of an exact int in 0..2**128-1, big-endian; -1 for any other int.
 * Raises nothing: the sign and size are looked at before the bytes are taken.
 */
static inline int
fj_uint128(PyObject *number, unsigned char out[16])
{
#if PY_VERSION_HEX >= 0x030D0000
    /* Signed, into 17 bytes: a value in range needs at most 17, the first zero. */
    unsigned char signed_bytes[17];
    Py_ssize_t needed = PyLong_AsNativeBytes(number, signed_bytes, 17,
                                             Py_ASNATIVEBYTES_BIG_ENDIAN);
    if (needed < 0) {
        PyErr_Clear();
        return -1;
    }
    if (needed > 17 || signed_bytes[0] != 0) {
        return -1;
    }
    memcpy(out, signed_bytes + 1, 16);
    return 0;
#else
    if (_PyLong_Sign(number) < 0 || _PyLong_NumBits(number) > 128) {
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)number, out, 16, 0, 0) < 0) {
        PyErr_Clear();
        return -1;
    }
    return 0;
#endif
}

/*
 * A uuid.UUID as foryjson.identifiers.write_uuid writes it, "8-4-4-4-12" lower-case
 * hex in quotes: an object of exactly type (uuid.UUID, imported when the
 * extension loads) whose int slot, at offset, holds an exact int in
 * 0..2**128-1 (what str(uuid) formats; any other value there is the Python
 * encoders').
 */
static inline int
fj_write_uuid(fj_buf *b, PyObject *value, PyTypeObject *type, Py_ssize_t offset)
{
    unsigned char bytes[16];
    PyObject *number;
    char *out;
    int i;
    if (type == NULL || Py_TYPE(value) != type) {
        return -1;
    }
    number = *(PyObject **)((char *)value + offset);
    if (number == NULL || !PyLong_CheckExact(number) || fj_uint128(number, bytes) < 0) {
        return -1;
    }
    if (fj_reserve(b, 38) < 0) {
        return -1;
    }
    out = b->data + b->len;
    *out++ = '"';
    for (i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) {
            *out++ = '-';
        }
        *out++ = fj_hex[bytes[i] >> 4];
        *out++ = fj_hex[bytes[i] & 15];
    }
    *out = '"';
    b->len += 38;
    return 0;
}

/*
 * Whether type's str is a C function of its own (CPython's _decimal): 1, or 0 when
 * it is Python code (_pydecimal), which an encoder must not run; -1 with an
 * exception set.
 */
static inline int
fj_own_c_str(PyTypeObject *type)
{
    PyObject *method = PyObject_GetAttrString((PyObject *)type, "__str__");
    int own;
    if (method == NULL) {
        return -1;
    }
    own = Py_IS_TYPE(method, &PyWrapperDescr_Type) && PyDescr_TYPE(method) == type
        && ((PyWrapperDescrObject *)method)->d_wrapped == (void *)type->tp_str;
    Py_DECREF(method);
    return own;
}

/*
 * A decimal as foryjson.decimals.write_decimal writes it, in quotes when quoted
 * (write_decimal_string): an object of exactly type (decimal.Decimal, NULL where
 * its str is not C) whose str (Decimal's own C code, which runs no
 * Python code) is made of '-', digits and '.' alone, at most FJ_MAX_NUMBER_CHARS
 * long: the text the Python encoders write as it is. Any other text (an exponent,
 * in either case as the context's capitals say; NaN, Infinity; a long one) is the
 * Python encoders'. An exact int of 64 bits is written in decimal, as
 * write_decimal writes an int.
 *
 * The str is the one Python object an encoder makes. Allocating it, or the
 * decimal context a thread gets on first use, could start a garbage collection on
 * older Pythons, and with it finalizers: collection is paused meanwhile, so that
 * no Python code runs while the objects being written are borrowed.
 */
static inline int
fj_write_decimal(fj_buf *b, PyObject *value, PyTypeObject *type, int quoted)
{
    PyObject *text;
    const unsigned char *data;
    Py_ssize_t length, i;
    int collecting, result;
    if (type == NULL || Py_TYPE(value) != type) {
        if (!PyLong_CheckExact(value)) {
            return -1;
        }
        if (quoted && fj_putc(b, '"') < 0) {
            return -1;
        }
        if (fj_write_int(b, value, LLONG_MIN, LLONG_MAX) < 0) {
            return -1;
        }
        return quoted ? fj_putc(b, '"') : 0;
    }
    collecting = PyGC_Disable();
    text = type->tp_str(value);
    if (collecting) {
        PyGC_Enable();
    }
    if (text == NULL) {
        PyErr_Clear();
        return -1;
    }
    result = -1;
    if (PyUnicode_CheckExact(text) && PyUnicode_IS_ASCII(text)) {
        data = (const unsigned char *)PyUnicode_DATA(text);
        length = PyUnicode_GET_LENGTH(text);
        for (i = 0; i < length; i++) {
            if (!((data[i] >= '0' && data[i] <= '9') || data[i] == '.' || data[i] == '-')) {
                break;
            }
        }
        if (i == length && length > 0 && length <= FJ_MAX_NUMBER_CHARS
            && fj_reserve(b, length + 2) == 0) {
            char *out = b->data + b->len;
            if (quoted) {
                *out++ = '"';
            }
            memcpy(out, data, (size_t)length);
            out += length;
            if (quoted) {
                *out++ = '"';
            }
            b->len = out - b->data;
            result = 0;
        }
    }
    Py_DECREF(text);
    return result;
}

#if defined(FJ_DATES)
#include <datetime.h>

/* n (0..99) as two digits. */
static inline char *
fj_two_digits(char *out, int n)
{
    out[0] = (char)('0' + n / 10);
    out[1] = (char)('0' + n % 10);
    return out + 2;
}

/* YYYY-MM-DD, the year of four digits, as date.isoformat writes it. */
static inline char *
fj_date_text(char *out, int year, int month, int day)
{
    out = fj_two_digits(out, year / 100);
    out = fj_two_digits(out, year % 100);
    *out++ = '-';
    out = fj_two_digits(out, month);
    *out++ = '-';
    return fj_two_digits(out, day);
}

/*
 * HH:MM:SS, then a point and the microseconds without their trailing zeros when
 * they are not zero: time.isoformat's text with the zeros stripped, as the
 * temporal writers write it (Java's ISO_LOCAL_TIME).
 */
static inline char *
fj_time_text(char *out, int hour, int minute, int second, int microsecond)
{
    int digits = 6, i;
    out = fj_two_digits(out, hour);
    *out++ = ':';
    out = fj_two_digits(out, minute);
    *out++ = ':';
    out = fj_two_digits(out, second);
    if (microsecond == 0) {
        return out;
    }
    while (microsecond % 10 == 0) {
        microsecond /= 10;
        digits--;
    }
    *out++ = '.';
    for (i = digits - 1; i >= 0; i--) {
        out[i] = (char)('0' + microsecond % 10);
        microsecond /= 10;
    }
    return out + digits;
}

/* An exact datetime.date as foryjson.temporal.write_date writes it: "YYYY-MM-DD". */
static inline int
fj_write_date(fj_buf *b, PyObject *value)
{
    char *out;
    if (!PyDate_CheckExact(value) || fj_reserve(b, 12) < 0) {
        return -1;
    }
    out = b->data + b->len;
    *out++ = '"';
    out = fj_date_text(out, PyDateTime_GET_YEAR(value), PyDateTime_GET_MONTH(value),
                       PyDateTime_GET_DAY(value));
    *out = '"';
    b->len += 12;
    return 0;
}

/* An exact datetime.time without a tzinfo as foryjson.temporal.write_time writes
   it: "HH:MM:SS[.fraction]". */
static inline int
fj_write_time(fj_buf *b, PyObject *value)
{
    char *out;
    if (!PyTime_CheckExact(value) || PyDateTime_TIME_GET_TZINFO(value) != Py_None
        || fj_reserve(b, 17) < 0) {
        return -1;
    }
    out = b->data + b->len;
    *out++ = '"';
    out = fj_time_text(out, PyDateTime_TIME_GET_HOUR(value),
                       PyDateTime_TIME_GET_MINUTE(value),
                       PyDateTime_TIME_GET_SECOND(value),
                       PyDateTime_TIME_GET_MICROSECOND(value));
    *out++ = '"';
    b->len = out - b->data;
    return 0;
}

/*
 * HH:MM, then :SS when there are seconds or a fraction (always with seconds set),
 * then the fraction in groups of three digits: LocalTime.toString()'s text, which
 * Fory JSON writes in a UTC OffsetDateTime and (seconds always) an Instant.
 */
static inline char *
fj_java_time_text(char *out, int hour, int minute, int second, int microsecond,
                  int seconds)
{
    int digits = 6, i;
    out = fj_two_digits(out, hour);
    *out++ = ':';
    out = fj_two_digits(out, minute);
    if (!seconds && second == 0 && microsecond == 0) {
        return out;
    }
    *out++ = ':';
    out = fj_two_digits(out, second);
    if (microsecond == 0) {
        return out;
    }
    if (microsecond % 1000 == 0) {
        microsecond /= 1000;
        digits = 3;
    }
    *out++ = '.';
    for (i = digits - 1; i >= 0; i--) {
        out[i] = (char)('0' + microsecond % 10);
        microsecond /= 10;
    }
    return out + digits;
}

/*
 * An exact datetime.datetime whose tzinfo is zone: with zone the UTC singleton
 * (datetime.timezone.utc), "YYYY-MM-DDTHH:MM[:SS[.fraction]]Z" as
 * foryjson.temporal.write_datetime writes a UTC date-time (as Fory does); with
 * zone None (naive), "YYYY-MM-DDTHH:MM:SS[.fraction]" as write_local_datetime
 * does; with seconds set (an instant, in UTC), seconds always, as
 * foryjson.javatime.write_instant does. Any other zone, UTC under another name
 * included, is the Python encoders'.
 */
static inline int
fj_write_datetime(fj_buf *b, PyObject *value, PyObject *zone, int seconds)
{
    char *out;
    int hour, minute, second, microsecond;
    if (!PyDateTime_CheckExact(value) || PyDateTime_DATE_GET_TZINFO(value) != zone
        || fj_reserve(b, 29) < 0) {
        return -1;
    }
    out = b->data + b->len;
    *out++ = '"';
    out = fj_date_text(out, PyDateTime_GET_YEAR(value), PyDateTime_GET_MONTH(value),
                       PyDateTime_GET_DAY(value));
    *out++ = 'T';
    hour = PyDateTime_DATE_GET_HOUR(value);
    minute = PyDateTime_DATE_GET_MINUTE(value);
    second = PyDateTime_DATE_GET_SECOND(value);
    microsecond = PyDateTime_DATE_GET_MICROSECOND(value);
    if (zone == Py_None) {
        out = fj_time_text(out, hour, minute, second, microsecond);
    } else {
        out = fj_java_time_text(out, hour, minute, second, microsecond, seconds);
        *out++ = 'Z';
    }
    *out++ = '"';
    b->len = out - b->data;
    return 0;
}

/* The days from 1970-01-01 to a date of the proleptic Gregorian calendar. */
static inline long long
fj_days_since_epoch(int year, int month, int day)
{
    /* From March: February's leap day ends a year, whose days then follow a rule. */
    long long y = month <= 2 ? year - 1 : year;
    long long era = y / 400; /* y >= 0 for years 1..9999 */
    long long of_era = y - era * 400;
    long long of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    long long of_cycle = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
    return era * 146097 + of_cycle - 719468;
}

/*
 * An exact datetime.datetime in UTC (its tzinfo the UTC singleton) as the count of
 * units since 1970-01-01T00:00Z, rounded toward negative infinity, as
 * foryjson.temporal.write_epoch_millis (units of 1000 microseconds) and
 * write_epoch_seconds (1000000) write it.
 */
static inline int
fj_write_epoch(fj_buf *b, PyObject *value, long long unit)
{
    long long seconds, micros, count;
    if (!PyDateTime_CheckExact(value)
        || PyDateTime_DATE_GET_TZINFO(value) != PyDateTime_TimeZone_UTC) {
        return -1;
    }
    seconds = fj_days_since_epoch(PyDateTime_GET_YEAR(value), PyDateTime_GET_MONTH(value),
                                  PyDateTime_GET_DAY(value))
                  * 86400
              + PyDateTime_DATE_GET_HOUR(value) * 3600
              + PyDateTime_DATE_GET_MINUTE(value) * 60 + PyDateTime_DATE_GET_SECOND(value);
    micros = seconds * 1000000 + PyDateTime_DATE_GET_MICROSECOND(value);
    count = micros / unit;
    if (micros % unit < 0) {
        count--;
    }
    return fj_put_integer(b, count);
}
#endif /* FJ_DATES */

#if defined(FJ_BYTES)
/*
 * Two characters for each 12 bits, of standard and URL-safe base64, and two hex
 * digits for each byte: filled by fj_bytes_tables() when the module loads.
 */
static char fj_base64_pairs[4096][2];
static char fj_base64url_pairs[4096][2];
static char fj_hex_pairs[256][2];
/*
 * Each byte's piece of a JSON array, its decimal text and a comma, as a signed
 * (Java) byte ([0]) and as an unsigned one ([1]); length holds the piece's size.
 * Eight bytes each, copied whole: the writer reserves room for the excess.
 */
typedef struct {
    char text[7];
    unsigned char length;
} fj_byte_piece;
static fj_byte_piece fj_byte_pieces[2][256];

static void
fj_bytes_tables(void)
{
    static const char standard[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static const char url[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int i;
    for (i = 0; i < 4096; i++) {
        fj_base64_pairs[i][0] = standard[i >> 6];
        fj_base64_pairs[i][1] = standard[i & 63];
        fj_base64url_pairs[i][0] = url[i >> 6];
        fj_base64url_pairs[i][1] = url[i & 63];
    }
    for (i = 0; i < 256; i++) {
        int form;
        fj_hex_pairs[i][0] = fj_hex[i >> 4];
        fj_hex_pairs[i][1] = fj_hex[i & 15];
        for (form = 0; form < 2; form++) {
            fj_byte_piece *piece = &fj_byte_pieces[form][i];
            piece->length = (unsigned char)snprintf(piece->text, sizeof(piece->text), "%d,",
                                                    form == 0 && i > 127 ? i - 256 : i);
        }
    }
}

/*
 * Exact bytes as padded base64 in quotes, in the alphabet of pairs (one of the
 * tables above): what foryjson.binary.write_base64 (binascii.b2a_base64) and
 * write_base64url write. Three bytes make four characters, two lookups; the
 * document's room is reserved once. A bytearray or memoryview is the Python
 * encoders'.
 */
static inline int
fj_write_base64(fj_buf *b, PyObject *value, const char (*pairs)[2])
{
    const unsigned char *in;
    Py_ssize_t length, whole, i;
    char *out;
    uint32_t bits;
    if (!PyBytes_CheckExact(value)) {
        return -1;
    }
    length = PyBytes_GET_SIZE(value);
    if (length > PY_SSIZE_T_MAX / 2 || fj_reserve(b, (length + 2) / 3 * 4 + 2) < 0) {
        return -1;
    }
    in = (const unsigned char *)PyBytes_AS_STRING(value);
    out = b->data + b->len;
    *out++ = '"';
    whole = length - length % 3;
    for (i = 0; i < whole; i += 3) {
        bits = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        memcpy(out, pairs[bits >> 12], 2);
        memcpy(out + 2, pairs[bits & 0xfff], 2);
        out += 4;
    }
    /* A pair's second character is the alphabet's character of its low six bits. */
    if (length - whole == 1) {
        bits = (uint32_t)in[whole] << 4;
        memcpy(out, pairs[bits], 2);
        out[2] = '=';
        out[3] = '=';
        out += 4;
    }
    else if (length - whole == 2) {
        bits = (uint32_t)in[whole] << 10 | (uint32_t)in[whole + 1] << 2;
        memcpy(out, pairs[bits >> 6], 2);
        out[2] = pairs[bits & 63][1];
        out[3] = '=';
        out += 4;
    }
    *out++ = '"';
    b->len = out - b->data;
    return 0;
}

/*
 * Exact bytes as lower-case hex in quotes, as foryjson.binary.write_base16
 * (bytes.hex) writes them: sixteen bytes at a time with SSE2 (each nibble plus '0',
 * plus 'a' - '0' - 10 past 9, high and low nibbles interleaved), the rest, or all
 * without SSE2, a byte at a time from the table.
 */
static inline int
fj_write_base16(fj_buf *b, PyObject *value)
{
    const unsigned char *in;
    Py_ssize_t length, i = 0;
    char *out;
    if (!PyBytes_CheckExact(value)) {
        return -1;
    }
    length = PyBytes_GET_SIZE(value);
    if (length > PY_SSIZE_T_MAX / 4 || fj_reserve(b, length * 2 + 2) < 0) {
        return -1;
    }
    in = (const unsigned char *)PyBytes_AS_STRING(value);
    out = b->data + b->len;
    *out++ = '"';
#if defined(__SSE2__)
    {
        const __m128i nibble = _mm_set1_epi8(0x0f), zero = _mm_set1_epi8('0'),
                      nine = _mm_set1_epi8(9), letters = _mm_set1_epi8('a' - '0' - 10);
        for (; length - i >= 16; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(in + i));
            __m128i high = _mm_and_si128(_mm_srli_epi16(x, 4), nibble);
            __m128i low = _mm_and_si128(x, nibble);
            high = _mm_add_epi8(_mm_add_epi8(high, zero),
                                _mm_and_si128(_mm_cmpgt_epi8(high, nine), letters));
            low = _mm_add_epi8(_mm_add_epi8(low, zero),
                               _mm_and_si128(_mm_cmpgt_epi8(low, nine), letters));
            _mm_storeu_si128((__m128i *)(out + 2 * i), _mm_unpacklo_epi8(high, low));
            _mm_storeu_si128((__m128i *)(out + 2 * i + 16), _mm_unpackhi_epi8(high, low));
        }
    }
#endif
    for (; i < length; i++) {
        memcpy(out + 2 * i, fj_hex_pairs[in[i]], 2);
    }
    out += 2 * length;
    *out++ = '"';
    b->len = out - b->data;
    return 0;
}

/*
 * Exact bytes as a JSON array of decimal bytes, signed (Java's form, pieces
 * fj_byte_pieces[0]) or unsigned (fj_byte_pieces[1]): what
 * foryjson.binary.write_array and write_uint8_array write.
 */
static inline int
fj_write_byte_array(fj_buf *b, PyObject *value, const fj_byte_piece *pieces)
{
    const unsigned char *in;
    Py_ssize_t length, i;
    char *out;
    if (!PyBytes_CheckExact(value)) {
        return -1;
    }
    length = PyBytes_GET_SIZE(value);
    /* At most five characters a byte ("-128,"), and the last piece's excess. */
    if (length > PY_SSIZE_T_MAX / 8 || fj_reserve(b, length * 5 + 8) < 0) {
        return -1;
    }
    in = (const unsigned char *)PyBytes_AS_STRING(value);
    out = b->data + b->len;
    *out++ = '[';
    for (i = 0; i < length; i++) {
        memcpy(out, &pieces[in[i]], sizeof(fj_byte_piece));
        out += pieces[in[i]].length;
    }
    /* The last comma, if any, becomes the closing bracket. */
    if (length > 0) {
        out--;
    }
    *out++ = ']';
    b->len = out - b->data;
    return 0;
}
#endif /* FJ_BYTES */

#endif /* FORYJSON_SCALARS_H */
