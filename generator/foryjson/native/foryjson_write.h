/*
 * foryjson_write.h: the UTF-8 buffer and the JSON writers the C encoders of
 * foryjson-gen --native share (included by foryjson_native.h).
 *
 * The writers spell strings, integers, floats and booleans exactly as foryjson's
 * Python writer spells them. Every writer returns 0 on success and -1 when the value
 * is not one it writes as the Python encoders would (a wrong type, a value out of
 * range, a lone surrogate, a subclass...), or when memory runs out: the caller then gives
 * up, with no exception set, and the Python encoders write the value or raise its
 * EncodeError.
 *
 * The writers call no Python code and create no objects the garbage collector
 * tracks (the buffer's bytes object is not one), so it cannot run while a value
 * is written: the objects read stay as they were and borrowed references stay
 * valid, under the GIL, for the whole document.
 */
#ifndef FORYJSON_WRITE_H
#define FORYJSON_WRITE_H

#define FJ_INLINE 1024

/*
 * The document being written: in inline_data while it fits, then in the bytes
 * object it is returned as (resized as it grows, and to its length at the end),
 * so that a large document is not copied once more. Bytes objects are not
 * tracked by the garbage collector: allocating one cannot start a collection.
 */
typedef struct {
    char *data;
    Py_ssize_t len;
    Py_ssize_t cap;
    int max_depth;
    PyObject *bytes; /* NULL while data is inline_data */
    char inline_data[FJ_INLINE];
} fj_buf;

static inline void
fj_buf_init(fj_buf *b, int max_depth)
{
    b->data = b->inline_data;
    b->len = 0;
    b->cap = FJ_INLINE;
    b->max_depth = max_depth;
    b->bytes = NULL;
}

static inline void
fj_buf_free(fj_buf *b)
{
    Py_CLEAR(b->bytes);
}

/* Room for n more bytes; -1, with no exception set, if there is no memory. */
static inline int
fj_reserve(fj_buf *b, Py_ssize_t n)
{
    Py_ssize_t need, cap;
    if (b->cap - b->len >= n) {
        return 0;
    }
    if (n > PY_SSIZE_T_MAX / 2 - b->len) {
        return -1;
    }
    need = b->len + n;
    cap = b->cap * 2;
    if (cap < need) {
        cap = need;
    }
    if (b->bytes == NULL) {
        b->bytes = PyBytes_FromStringAndSize(NULL, cap);
        if (b->bytes != NULL) {
            memcpy(PyBytes_AS_STRING(b->bytes), b->data, (size_t)b->len);
        }
    }
    else if (_PyBytes_Resize(&b->bytes, cap) < 0) {
        b->bytes = NULL; /* freed by _PyBytes_Resize */
    }
    if (b->bytes == NULL) {
        PyErr_Clear();
        b->data = b->inline_data;
        b->len = 0;
        b->cap = FJ_INLINE;
        return -1;
    }
    b->data = PyBytes_AS_STRING(b->bytes);
    b->cap = cap;
    return 0;
}

static inline int
fj_put(fj_buf *b, const char *text, Py_ssize_t n)
{
    if (fj_reserve(b, n) < 0) {
        return -1;
    }
    memcpy(b->data + b->len, text, (size_t)n);
    b->len += n;
    return 0;
}

static inline int
fj_putc(fj_buf *b, char c)
{
    if (b->len == b->cap && fj_reserve(b, 1) < 0) {
        return -1;
    }
    b->data[b->len++] = c;
    return 0;
}

/* A C string literal, its length known at compile time. */
#define FJ_PUT_LITERAL(b, literal) fj_put((b), (literal), sizeof(literal) - 1)

/* The document as bytes; NULL with MemoryError set if it cannot be made. */
static inline PyObject *
fj_buf_bytes(fj_buf *b)
{
    PyObject *result = b->bytes;
    if (result == NULL) {
        return PyBytes_FromStringAndSize(b->data, b->len);
    }
    b->bytes = NULL; /* the caller's now */
    if (_PyBytes_Resize(&result, b->len) < 0) {
        return NULL;
    }
    return result;
}

/*
 * The escape of each ASCII character in a JSON string, as json's
 * c_encode_basestring writes it (and so foryjson.writer.escape_str): 0 for none, a
 * letter for a short escape (\n), 'u' for \u00xx (lowercase hex).
 */
static const char fj_escapes[128] = {
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u',
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',
    0, 0, '"', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '\\', 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

static const char fj_hex[] = "0123456789abcdef";

/* The escape of ASCII character c, at most 6 bytes. Returns the bytes written. */
static inline Py_ssize_t
fj_escape_ascii(char *out, unsigned char c)
{
    char escape = fj_escapes[c];
    out[0] = '\\';
    if (escape != 'u') {
        out[1] = escape;
        return 2;
    }
    out[1] = 'u';
    out[2] = '0';
    out[3] = '0';
    out[4] = fj_hex[c >> 4];
    out[5] = fj_hex[c & 15];
    return 6;
}

/* Characters escaped per reservation: a long string never reserves more than
   6 bytes a character for this many at a time. */
#define FJ_STR_CHUNK 4096

/*
 * Characters from..to of a str's data, escaped into out, which has room for 6
 * bytes a character (\u00xx for ASCII, at most 4 UTF-8 bytes else). Returns the
 * end of what was written; NULL at a lone surrogate, which has no UTF-8 form.
 */
static FJ_ALWAYS_INLINE char *
fj_escape_range(char *out, int kind, const void *data, int ascii, Py_ssize_t from,
                Py_ssize_t to)
{
    Py_ssize_t i, start;
    if (ascii) {
        const unsigned char *text = (const unsigned char *)data;
        for (i = start = from; i < to; i++) {
            /* Past the characters that need no escape: sixteen at a time, then
               eight, and the last few as the range's last eight (those before i
               are escaped or need no escape). */
            i = fj_skip_plain16(text + i, text + to) - text;
            while (to - i >= 8) {
                uint64_t x;
                memcpy(&x, text + i, 8);
                if (FJ_HAS_SPECIAL(x)) {
                    break;
                }
                i += 8;
            }
            if (to - i < 8 && to - from >= 8) {
                uint64_t x;
                memcpy(&x, text + to - 8, 8);
                if (!FJ_HAS_SPECIAL(x)) {
                    break; /* the rest needs no escape: copied below */
                }
            }
            if (fj_escapes[text[i]]) {
                memcpy(out, text + start, (size_t)(i - start));
                out += i - start;
                out += fj_escape_ascii(out, text[i]);
                start = i + 1;
            }
        }
        memcpy(out, text + start, (size_t)(to - start));
        return out + (to - start);
    }
    for (i = from; i < to; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < 0x80) {
            if (fj_escapes[c]) {
                out += fj_escape_ascii(out, (unsigned char)c);
            }
            else {
                *out++ = (char)c;
            }
        }
        else if (c < 0x800) {
            *out++ = (char)(0xc0 | (c >> 6));
            *out++ = (char)(0x80 | (c & 0x3f));
        }
        else if (c < 0x10000) {
            if (c >= 0xd800 && c <= 0xdfff) {
                return NULL;
            }
            *out++ = (char)(0xe0 | (c >> 12));
            *out++ = (char)(0x80 | ((c >> 6) & 0x3f));
            *out++ = (char)(0x80 | (c & 0x3f));
        }
        else {
            *out++ = (char)(0xf0 | (c >> 18));
            *out++ = (char)(0x80 | ((c >> 12) & 0x3f));
            *out++ = (char)(0x80 | ((c >> 6) & 0x3f));
            *out++ = (char)(0x80 | (c & 0x3f));
        }
    }
    return out;
}

/*
 * An ASCII string of at most 16 characters in quotes, when none of them needs an
 * escape: 0 when written, 1 when one needs an escape (nothing written), -1 when
 * out of memory. From 8 characters on, two words (the first eight characters and
 * the last eight) hold them all and are checked and copied whole.
 */
static FJ_ALWAYS_INLINE int
fj_put_short_ascii(fj_buf *b, const unsigned char *text, Py_ssize_t length)
{
    char *out;
    Py_ssize_t i;
    if (fj_reserve(b, 18) < 0) {
        return -1;
    }
    out = b->data + b->len;
    if (length >= 8) {
        uint64_t first, last;
        memcpy(&first, text, 8);
        memcpy(&last, text + length - 8, 8);
#if defined(__SSE2__)
        {
            __m128i x = _mm_set_epi64x((long long)last, (long long)first);
            if (_mm_movemask_epi8(_mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                 _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                    _mm_cmplt_epi8(x, _mm_set1_epi8(0x20))))) {
                return 1;
            }
        }
#else
        if (FJ_HAS_SPECIAL(first) || FJ_HAS_SPECIAL(last)) {
            return 1;
        }
#endif
        memcpy(out + 1, &first, 8);
        memcpy(out + 1 + length - 8, &last, 8);
    }
    else {
        for (i = 0; i < length; i++) {
            if (fj_escapes[text[i]]) {
                return 1;
            }
            out[1 + i] = (char)text[i];
        }
    }
    out[0] = '"';
    out[length + 1] = '"';
    b->len += length + 2;
    return 0;
}

/*
 * A str as a JSON string: exact str only (a subclass is the Python encoders'), with
 * non-ASCII characters kept as UTF-8; a lone surrogate has no UTF-8 form, so the
 * Python encoders report it. Long strings are escaped a chunk at a time.
 */
static inline int
fj_write_str(fj_buf *b, PyObject *value)
{
    Py_ssize_t length, chunk, end;
    int kind, ascii;
    const void *data;
    char *out;
    if (!PyUnicode_CheckExact(value) || PyUnicode_READY(value) < 0) {
        return -1;
    }
    length = PyUnicode_GET_LENGTH(value);
    kind = PyUnicode_KIND(value);
    data = PyUnicode_DATA(value);
    ascii = PyUnicode_IS_ASCII(value);
    if (ascii && length <= 16) {
        int written = fj_put_short_ascii(b, (const unsigned char *)data, length);
        if (written <= 0) {
            return written;
        }
    }
    /* The first reservation holds both quotes, each later one the closing quote. */
    end = length > FJ_STR_CHUNK ? FJ_STR_CHUNK : length;
    if (fj_reserve(b, end * 6 + 2) < 0) {
        return -1;
    }
    out = b->data + b->len;
    *out++ = '"';
    out = fj_escape_range(out, kind, data, ascii, 0, end);
    for (chunk = end; out != NULL && chunk < length; chunk = end) {
        end = length - chunk > FJ_STR_CHUNK ? chunk + FJ_STR_CHUNK : length;
        b->len = out - b->data;
        if (fj_reserve(b, (end - chunk) * 6 + 1) < 0) {
            return -1;
        }
        out = fj_escape_range(b->data + b->len, kind, data, ascii, chunk, end);
    }
    if (out == NULL) {
        return -1;
    }
    *out++ = '"';
    b->len = out - b->data;
    return 0;
}

/* A 64-bit integer in decimal, as int.__repr__ writes it. */
static inline int
fj_put_integer(fj_buf *b, long long number)
{
    unsigned long long magnitude;
    char digits[24];
    char *end = digits + sizeof(digits), *p = end;
    magnitude = number < 0 ? 0ULL - (unsigned long long)number
                           : (unsigned long long)number;
    while (magnitude >= 100) {
        p -= 2;
        memcpy(p, fj_digit_pairs + 2 * (magnitude % 100), 2);
        magnitude /= 100;
    }
    if (magnitude >= 10) {
        p -= 2;
        memcpy(p, fj_digit_pairs + 2 * magnitude, 2);
    }
    else {
        *--p = (char)('0' + magnitude);
    }
    if (number < 0) {
        *--p = '-';
    }
    return fj_put(b, p, end - p);
}

/* An exact int within [low, high] (and 64 bits), in decimal. */
static inline int
fj_write_int(fj_buf *b, PyObject *value, long long low, long long high)
{
    int overflow;
    long long number;
    if (!PyLong_CheckExact(value)) {
        return -1;
    }
    number = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || (number == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    if (number < low || number > high) {
        return -1;
    }
    return fj_put_integer(b, number);
}

/*
 * The shortest digits of a double 1e-3 <= x < 1e15, exactly as repr writes them,
 * by exact integer arithmetic: x = m * 2^-s, and the n-digit decimal nearest to x is
 * D = m * 10^k / 2^s rounded, for k = n - (digits before the point). By DBL_DIG,
 * if any decimal of 15 digits or fewer reads back as x, the nearest 15-digit one
 * does (with trailing zeros); else the nearest 16-digit one, if it reads back, is
 * repr's; else the nearest 17-digit one, which always does. A decimal reads back as
 * x when it is nearer than half the gap to x's neighbours. Returns the length
 * written to out (at most 24 bytes), or 0 where CPython's own conversion must
 * decide: a tie, the gap below a power of two, an estimate off by one.
 */
#if defined(__SIZEOF_INT128__)
static inline int
fj_short_float(double x, char *out)
{
    typedef unsigned __int128 u128;
    static const double powers[] = {1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5,
                                    1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14};
    int exponent, s, before, n, k, i, length = 0, point;
    unsigned long long m, D = 0;
    u128 ten, scaled, r, half, gap, limit;
    char digits[24];
    double mantissa = frexp(x, &exponent); /* x = mantissa * 2^exponent, [0.5, 1) */
    m = (unsigned long long)ldexp(mantissa, 53);
    s = 53 - exponent;
    if (m == (1ULL << 52) || s < 0 || s > 90) {
        return 0;
    }
    before = -2; /* digits before the point: 1e-3 <= x < 1e-2 gives -2 */
    for (i = 1; i < (int)(sizeof(powers) / sizeof(powers[0])) && x >= powers[i]; i++) {
        before++;
    }
    for (n = 15; n <= 17; n++) {
        k = n - before;
        if (k < 0 || k > 22) {
            return 0;
        }
        ten = k <= 19 ? fj_exact_tens[k] : (u128)fj_exact_tens[19] * fj_exact_tens[k - 19];
        scaled = (u128)m * ten;
        r = s == 0 ? 0 : scaled & ((((u128)1) << s) - 1);
        half = s == 0 ? 0 : ((u128)1) << (s - 1);
        D = (unsigned long long)(scaled >> s);
        if (s > 0 && r == half) {
            return 0;
        }
        if (s > 0 && r > half) {
            D++;
            gap = (((u128)1) << s) - r;
        }
        else {
            gap = r;
        }
        /* n digits, as the estimate of `before` says? */
        limit = n <= 19 ? fj_exact_tens[n] : (u128)fj_exact_tens[19] * 10;
        if ((u128)D >= limit || (u128)D * 10 < limit) {
            return 0;
        }
        if (2 * gap == ten) {
            return 0;
        }
        if (2 * gap < ten) {
            break;
        }
        if (n == 17) {
            return 0;
        }
    }
    while (k > 0 && D % 10 == 0) {
        D /= 10;
        k--;
    }
    /* Backwards, two digits at a time. */
    while (D >= 100) {
        unsigned int pair = (unsigned int)(D % 100);
        D /= 100;
        digits[length++] = fj_digit_pairs[2 * pair + 1];
        digits[length++] = fj_digit_pairs[2 * pair];
    }
    if (D >= 10) {
        digits[length++] = fj_digit_pairs[2 * D + 1];
        digits[length++] = fj_digit_pairs[2 * D];
    }
    else {
        digits[length++] = (char)('0' + D);
    }
    /* digits holds the `length` digits backwards; the point goes k from the end. */
    i = 0;
    if (k == 0) {
        while (length) {
            out[i++] = digits[--length];
        }
        out[i++] = '.';
        out[i++] = '0';
        return i;
    }
    if (k >= length) {
        out[i++] = '0';
        out[i++] = '.';
        for (point = k - length; point > 0; point--) {
            out[i++] = '0';
        }
        while (length) {
            out[i++] = digits[--length];
        }
        return i;
    }
    point = length - k;
    while (length) {
        if (point-- == 0) {
            out[i++] = '.';
        }
        out[i++] = digits[--length];
    }
    return i;
}
#else
static inline int
fj_short_float(double x, char *out)
{
    (void)x;
    (void)out;
    return 0;
}
#endif

/*
 * An exact float as foryjson.writer.write_float writes it: a finite one as repr
 * writes it, the shortest text that reads back to the same value; NaN and the
 * infinities as the strings "NaN", "Infinity" and "-Infinity". Ints given for floats
 * are the Python encoders'.
 */
static inline int
fj_write_float(fj_buf *b, PyObject *value)
{
    double number;
    char *text;
    int result;
    if (!PyFloat_CheckExact(value)) {
        return -1;
    }
    number = PyFloat_AS_DOUBLE(value);
    if (!Py_IS_FINITE(number)) {
        if (Py_IS_NAN(number)) {
            return FJ_PUT_LITERAL(b, "\"NaN\"");
        }
        return number > 0 ? FJ_PUT_LITERAL(b, "\"Infinity\"")
                          : FJ_PUT_LITERAL(b, "\"-Infinity\"");
    }
    {
        double magnitude = number < 0 ? -number : number;
        if (magnitude >= 1e-3 && magnitude < 1e15) {
            char buffer[32];
            int length = 0;
            if (number < 0) {
                buffer[length++] = '-';
            }
            result = fj_short_float(magnitude, buffer + length);
            if (result > 0) {
                return fj_put(b, buffer, length + result);
            }
        }
    }
    text = PyOS_double_to_string(number, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (text == NULL) {
        PyErr_Clear();
        return -1;
    }
    result = fj_put(b, text, (Py_ssize_t)strlen(text));
    PyMem_Free(text);
    return result;
}

static inline int
fj_write_bool(fj_buf *b, PyObject *value)
{
    if (value == Py_True) {
        return FJ_PUT_LITERAL(b, "true");
    }
    if (value == Py_False) {
        return FJ_PUT_LITERAL(b, "false");
    }
    return -1;
}

/*
 * The items of a set, written one after the other from b->data + base, each
 * starting at its offset from base in starts (n + 1 offsets, the last the end of
 * the last item, b->len - base), put in the
 * order of their bytes with commas between them: the order in which the Python
 * encoders sort their JSON texts (code point order, which UTF-8 keeps). A
 * heapsort of the offsets, then one copy.
 */
static inline int
fj_segment_less(const char *data, const Py_ssize_t *starts, Py_ssize_t a, Py_ssize_t b)
{
    Py_ssize_t la = starts[a + 1] - starts[a], lb = starts[b + 1] - starts[b];
    int order = memcmp(data + starts[a], data + starts[b], (size_t)(la < lb ? la : lb));
    return order < 0 || (order == 0 && la < lb);
}

static inline void
fj_segment_sift(const char *data, const Py_ssize_t *starts, Py_ssize_t *order,
                Py_ssize_t at, Py_ssize_t n)
{
    Py_ssize_t moved = order[at];
    for (;;) {
        Py_ssize_t child = 2 * at + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && fj_segment_less(data, starts, order[child], order[child + 1])) {
            child++;
        }
        if (!fj_segment_less(data, starts, moved, order[child])) {
            break;
        }
        order[at] = order[child];
        at = child;
    }
    order[at] = moved;
}

static inline int
fj_sort_segments(fj_buf *b, Py_ssize_t base, const Py_ssize_t *starts, Py_ssize_t n)
{
    Py_ssize_t *order, i, length = b->len - base;
    char *copy;
    if (n < 2) {
        return 0;
    }
    if ((size_t)n > PY_SSIZE_T_MAX / sizeof(Py_ssize_t)) {
        return -1;
    }
    order = (Py_ssize_t *)PyMem_Malloc((size_t)n * sizeof(Py_ssize_t));
    copy = (char *)PyMem_Malloc((size_t)length);
    if (order == NULL || copy == NULL) {
        PyMem_Free(order);
        PyMem_Free(copy);
        return -1;
    }
    memcpy(copy, b->data + base, (size_t)length);
    for (i = 0; i < n; i++) {
        order[i] = i;
    }
    for (i = n / 2; i > 0; i--) {
        fj_segment_sift(copy, starts, order, i - 1, n);
    }
    for (i = n - 1; i > 0; i--) {
        Py_ssize_t top = order[0];
        order[0] = order[i];
        order[i] = top;
        fj_segment_sift(copy, starts, order, 0, i);
    }
    b->len = base;
    for (i = 0; i < n; i++) {
        Py_ssize_t at = order[i];
        if ((i > 0 && fj_putc(b, ',') < 0)
            || fj_put(b, copy + starts[at], starts[at + 1] - starts[at]) < 0) {
            break;
        }
    }
    PyMem_Free(order);
    PyMem_Free(copy);
    return i == n ? 0 : -1;
}

/*
 * One more level of nesting: -1 past the buffer's max_depth, which also ends any
 * cycle, whose error the Python encoders name.
 */
static inline int
fj_enter(fj_buf *b, int *level)
{
    return ++*level > b->max_depth ? -1 : 0;
}

#endif /* FORYJSON_WRITE_H */
