/*
 * foryjson_read.h: the strict JSON reader the C decoders of foryjson-gen --native
 * share (included by foryjson_native.h).
 *
 * The reader walks the document's UTF-8 bytes once, building the values the
 * generated decoders ask for. It accepts exactly what foryjson's Python reader
 * accepts and reads it to the same values, or gives up: every function returns
 * NULL or -1 at anything else (a syntax fault, a value of another type, a lone
 * surrogate, a number it does not convert itself, nesting past max_depth, memory
 * running out), and the decoder then returns None for the Python decoder to read
 * the document or raise its DecodeError. An exception a failed allocation or a
 * runtime function (fj_read_call) sets is cleared there too: the Python decoder
 * meets the same condition itself. Only exceptions that are no Exception
 * (KeyboardInterrupt, SystemExit) are let through.
 *
 * Nesting is counted in the reader (level against max_depth, at most FJ_DEPTH_CAP),
 * so the C recursion of nested values is bounded whatever the document.
 */
#ifndef FORYJSON_READ_H
#define FORYJSON_READ_H

typedef struct {
    const unsigned char *p;
    const unsigned char *end;
    int level;
    int max_depth;
    /* Strings with escapes are decoded here first. */
    char *scratch;
    Py_ssize_t scratch_cap;
    char scratch_inline[256];
    /* The lists and model objects made so far, each with a reference, kept from
       the garbage collector until the document is read (fj_hold). */
    PyObject **held;
    Py_ssize_t held_len;
    Py_ssize_t held_cap;
} fj_reader;

static inline void
fj_reader_init(fj_reader *r, const char *data, Py_ssize_t size, int max_depth)
{
    r->p = (const unsigned char *)data;
    r->end = r->p + size;
    r->level = 0;
    r->max_depth = max_depth;
    r->scratch = r->scratch_inline;
    r->scratch_cap = (Py_ssize_t)sizeof(r->scratch_inline);
    r->held = NULL;
    r->held_len = 0;
    r->held_cap = 0;
}

/*
 * object (a list or a model object just made, or NULL), untracked by the garbage
 * collector until the document is read. The collections that the reader's own
 * allocations start would otherwise traverse the growing result again and again,
 * to find that everything in it is reachable: on a large document, more work than
 * reading it. The reader keeps a reference to each (a member given twice drops its
 * first value, which must not be freed untracked); fj_reader_free tracks them all
 * again, and the objects' types (list, and classes CPython makes) never track an
 * object themselves meanwhile. Where there is no room to remember it, object stays
 * tracked.
 */
static inline PyObject *
fj_hold(fj_reader *r, PyObject *object)
{
    if (object == NULL) {
        return NULL;
    }
    if (r->held_len == r->held_cap) {
        Py_ssize_t cap = r->held_cap ? r->held_cap * 2 : 64;
        PyObject **held;
        if ((size_t)cap > PY_SSIZE_T_MAX / sizeof(PyObject *)) {
            return object;
        }
        held = (PyObject **)PyMem_Realloc(r->held, (size_t)cap * sizeof(PyObject *));
        if (held == NULL) {
            return object;
        }
        r->held = held;
        r->held_cap = cap;
    }
    PyObject_GC_UnTrack(object);
    r->held[r->held_len++] = Py_NewRef(object);
    return object;
}

/* Release what the reader holds: its scratch buffer, and the objects fj_hold
   untracked, tracked again (and freed where nothing else holds them). */
static inline void
fj_reader_free(fj_reader *r)
{
    Py_ssize_t i;
    if (r->scratch != r->scratch_inline) {
        PyMem_Free(r->scratch);
    }
    for (i = 0; i < r->held_len; i++) {
        if (!PyObject_GC_IsTracked(r->held[i])) {
            PyObject_GC_Track(r->held[i]);
        }
        Py_DECREF(r->held[i]);
    }
    PyMem_Free(r->held);
}

/* Room for n bytes in the scratch buffer (its content is not kept). */
static inline int
fj_scratch(fj_reader *r, Py_ssize_t n)
{
    char *data;
    if (n <= r->scratch_cap) {
        return 0;
    }
    data = (char *)PyMem_Malloc((size_t)n);
    if (data == NULL) {
        return -1;
    }
    if (r->scratch != r->scratch_inline) {
        PyMem_Free(r->scratch);
    }
    r->scratch = data;
    r->scratch_cap = n;
    return 0;
}

/* JSON's whitespace: space, tab, line feed, carriage return. */
static const unsigned char fj_space[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
};

/* The next byte that is not whitespace, not consumed; -1 at the end. */
static FJ_ALWAYS_INLINE int
fj_peek(fj_reader *r)
{
    while (r->p < r->end && fj_space[*r->p]) {
        r->p++;
    }
    return r->p < r->end ? *r->p : -1;
}

/* Consume the byte c after any whitespace. */
static FJ_ALWAYS_INLINE int
fj_expect(fj_reader *r, int c)
{
    if (fj_peek(r) != c) {
        return -1;
    }
    r->p++;
    return 0;
}

/* Consume the literal word (true, false, null) after any whitespace. */
static FJ_ALWAYS_INLINE int
fj_word(fj_reader *r, const char *word, Py_ssize_t n)
{
    fj_peek(r);
    if (r->end - r->p < n || memcmp(r->p, word, (size_t)n) != 0) {
        return -1;
    }
    r->p += n;
    return 0;
}

#define FJ_WORD(r, literal) fj_word((r), (literal), sizeof(literal) - 1)

/* Whether null comes next (then consumed). */
static FJ_ALWAYS_INLINE int
fj_null(fj_reader *r)
{
    return fj_peek(r) == 'n' && FJ_WORD(r, "null") == 0;
}

/* Open an array or object (c is its bracket): one level deeper, within max_depth. */
static FJ_ALWAYS_INLINE int
fj_open(fj_reader *r, int c)
{
    if (fj_expect(r, c) < 0 || ++r->level > r->max_depth) {
        return -1;
    }
    return 0;
}

/*
 * After an array's item: 1 when another item follows (its comma consumed), 0 at
 * the closing bracket (consumed, one level up), -1 at anything else.
 */
static FJ_ALWAYS_INLINE int
fj_next_item(fj_reader *r)
{
    int c = fj_peek(r);
    if (c == ',') {
        r->p++;
        return 1;
    }
    if (c == ']') {
        r->p++;
        r->level--;
        return 0;
    }
    return -1;
}

/* Whether the object or array just opened is empty (its closing bracket then
   consumed, one level up). */
static FJ_ALWAYS_INLINE int
fj_closes(fj_reader *r, int c)
{
    if (fj_peek(r) != c) {
        return 0;
    }
    r->p++;
    r->level--;
    return 1;
}

/*
 * Whether bytes [p, end) are well-formed UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF), as Python's strict UTF-8 decoder requires.
 */
static inline int
fj_utf8_valid(const unsigned char *p, const unsigned char *end)
{
    while (p < end) {
        unsigned char c = *p;
        if (c < 0x80) {
            p++;
        }
        else if (c >= 0xc2 && c <= 0xdf) {
            if (end - p < 2 || (p[1] & 0xc0) != 0x80) {
                return 0;
            }
            p += 2;
        }
        else if (c >= 0xe0 && c <= 0xef) {
            if (end - p < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80
                || (c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f)) {
                return 0;
            }
            p += 3;
        }
        else if (c >= 0xf0 && c <= 0xf4) {
            if (end - p < 4 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80
                || (p[3] & 0xc0) != 0x80 || (c == 0xf0 && p[1] < 0x90)
                || (c == 0xf4 && p[1] > 0x8f)) {
                return 0;
            }
            p += 4;
        }
        else {
            return 0;
        }
    }
    return 1;
}

/* Flags of a scanned string. */
#define FJ_ESCAPED 1
#define FJ_NON_ASCII 2

/*
 * Scan the string that starts at the next byte (its opening quote): its raw bytes
 * are [*start, *start + *length), and flags tells whether they hold escapes or
 * bytes past ASCII. A control character, or the end of the input, gives up.
 */
static FJ_ALWAYS_INLINE int
fj_scan_string(fj_reader *r, const unsigned char **start, Py_ssize_t *length,
               int *flags)
{
    const unsigned char *p, *end = r->end;
    int seen = 0;
    if (fj_expect(r, '"') < 0) {
        return -1;
    }
    p = r->p;
    *start = p;
    for (;;) {
        unsigned char c;
        /* Sixteen bytes at a time while none needs a look, then eight while none
           is a quote, a backslash or a control character (bytes past ASCII only
           set the flag). */
        p = fj_skip_plain16(p, end);
        /* With sixteen bytes or more left, fj_skip_plain16 stopped at the byte to
           look at. */
        while (end - p >= 8 && (end - p < 16 || !FJ_SKIPS16)) {
            uint64_t x;
            memcpy(&x, p, 8);
            if (FJ_HAS_SPECIAL(x)) {
                break;
            }
            if (x & (FJ_ONES * 0x80)) {
                seen |= FJ_NON_ASCII;
            }
            p += 8;
        }
        if (p >= end) {
            return -1;
        }
        c = *p;
        if (c == '"') {
            break;
        }
        if (c == '\\') {
            seen |= FJ_ESCAPED;
            if (end - p < 2) {
                return -1;
            }
            p += 2;
            continue;
        }
        if (c < 0x20) {
            return -1;
        }
        seen |= c >> 7 << 1;
        p++;
    }
    *length = p - *start;
    *flags = seen;
    r->p = p + 1;
    return 0;
}

static inline int
fj_hex4(const unsigned char *p, unsigned int *value)
{
    int i;
    unsigned int v = 0;
    for (i = 0; i < 4; i++) {
        unsigned char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') {
            v |= (unsigned int)(c - '0');
        }
        else if (c >= 'a' && c <= 'f') {
            v |= (unsigned int)(c - 'a' + 10);
        }
        else if (c >= 'A' && c <= 'F') {
            v |= (unsigned int)(c - 'A' + 10);
        }
        else {
            return -1;
        }
    }
    *value = v;
    return 0;
}

/*
 * The raw bytes of a string with escapes, unescaped into the scratch buffer as
 * UTF-8 (*out, *out_length). An unknown escape or a lone surrogate gives up.
 */
static inline int
fj_unescape(fj_reader *r, const unsigned char *p, Py_ssize_t length,
            const char **out, Py_ssize_t *out_length)
{
    const unsigned char *end = p + length;
    char *o;
    /* An escape is never shorter than what it stands for. */
    if (fj_scratch(r, length) < 0) {
        return -1;
    }
    o = r->scratch;
    while (p < end) {
        unsigned int c;
        if (*p != '\\') {
            *o++ = (char)*p++;
            continue;
        }
        p++; /* fj_scan_string saw a byte after every backslash */
        switch (*p++) {
        case '"': *o++ = '"'; continue;
        case '\\': *o++ = '\\'; continue;
        case '/': *o++ = '/'; continue;
        case 'b': *o++ = '\b'; continue;
        case 'f': *o++ = '\f'; continue;
        case 'n': *o++ = '\n'; continue;
        case 'r': *o++ = '\r'; continue;
        case 't': *o++ = '\t'; continue;
        case 'u': break;
        default: return -1;
        }
        if (end - p < 4 || fj_hex4(p, &c) < 0) {
            return -1;
        }
        p += 4;
        if (c >= 0xdc00 && c <= 0xdfff) {
            return -1;
        }
        if (c >= 0xd800 && c <= 0xdbff) {
            unsigned int low;
            if (end - p < 6 || p[0] != '\\' || p[1] != 'u' || fj_hex4(p + 2, &low) < 0
                || low < 0xdc00 || low > 0xdfff) {
                return -1;
            }
            p += 6;
            c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        }
        if (c < 0x80) {
            *o++ = (char)c;
        }
        else if (c < 0x800) {
            *o++ = (char)(0xc0 | (c >> 6));
            *o++ = (char)(0x80 | (c & 0x3f));
        }
        else if (c < 0x10000) {
            *o++ = (char)(0xe0 | (c >> 12));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3f));
            *o++ = (char)(0x80 | (c & 0x3f));
        }
        else {
            *o++ = (char)(0xf0 | (c >> 18));
            *o++ = (char)(0x80 | ((c >> 12) & 0x3f));
            *o++ = (char)(0x80 | ((c >> 6) & 0x3f));
            *o++ = (char)(0x80 | (c & 0x3f));
        }
    }
    *out = r->scratch;
    *out_length = o - r->scratch;
    return 0;
}

/*
 * The text of the next string, unescaped and checked (*text, *length, valid UTF-8),
 * for a member name or an enum's value; it stays valid until the reader's next
 * string with escapes.
 */
static FJ_ALWAYS_INLINE int
fj_read_text(fj_reader *r, const char **text, Py_ssize_t *length)
{
    const unsigned char *start;
    int flags;
    if (fj_scan_string(r, &start, length, &flags) < 0) {
        return -1;
    }
    if ((flags & FJ_NON_ASCII) && !fj_utf8_valid(start, start + *length)) {
        return -1;
    }
    if (flags & FJ_ESCAPED) {
        return fj_unescape(r, start, *length, text, length);
    }
    *text = (const char *)start;
    return 0;
}

/*
 * Short strings read before, kept for the next document that holds them: a str
 * of up to FJ_SHORT_STR bytes of ASCII (the form no escape or other character
 * spells) is looked up by a 64-bit hash of its bytes and reused when its text is
 * there. The hash is kept beside the slot, so that telling another string apart
 * reads no cached str (on a 1 MB document of mostly distinct strings, those reads
 * were a cache miss each). A string that is not there takes its slot when the slot
 * is empty or after FJ_STR_PATIENCE misses in a row: strings that keep coming back
 * stay, one-off values pass by without evicting them. A table of each extension,
 * holding at most FJ_STR_SLOTS strings; the GIL guards it (the extension does not
 * declare itself free-threaded).
 */
#define FJ_SHORT_STR 64
#define FJ_STR_BITS 10
#define FJ_STR_SLOTS (1 << FJ_STR_BITS)
#define FJ_STR_PATIENCE 16
static PyObject *fj_str_cache[FJ_STR_SLOTS];
static uint64_t fj_str_hashes[FJ_STR_SLOTS];
static uint8_t fj_str_misses[FJ_STR_SLOTS];

/*
 * A 64-bit hash of the text [start, start + length), 0 < length, from its first and
 * last eight bytes (fewer if it is shorter) and its length; *first_word and
 * *last_word get the two words read.
 */
static FJ_ALWAYS_INLINE uint64_t
fj_text_hash(const unsigned char *start, Py_ssize_t length, uint64_t *first_word,
             uint64_t *last_word)
{
    uint64_t first, last;
    if (length >= 8) {
        memcpy(&first, start, 8);
        memcpy(&last, start + length - 8, 8);
    }
    else if (length >= 4) {
        uint32_t a, b;
        memcpy(&a, start, 4);
        memcpy(&b, start + length - 4, 4);
        first = a;
        last = b;
    }
    else {
        first = start[0] | (uint64_t)start[length / 2] << 8 | (uint64_t)start[length - 1] << 16;
        last = 0;
    }
    *first_word = first;
    *last_word = last;
    return (first ^ (last << 29 | last >> 35) ^ (uint64_t)length) * 0x9E3779B97F4A7C15ULL;
}

/* The ASCII text [start, start + length), 0 < length <= FJ_SHORT_STR, as a str. */
static FJ_ALWAYS_INLINE PyObject *
fj_short_str(const unsigned char *start, Py_ssize_t length)
{
    uint64_t first, last, hash = fj_text_hash(start, length, &first, &last);
    size_t index = hash >> (64 - FJ_STR_BITS);
    PyObject *value;
    value = fj_str_cache[index];
    if (fj_str_hashes[index] == hash && value != NULL && PyUnicode_GET_LENGTH(value) == length) {
        /* Up to 16 bytes, the two words read cover the text. */
        const unsigned char *cached = PyUnicode_DATA(value);
        uint64_t other_first, other_last;
        if (length >= 8 && length <= 16) {
            memcpy(&other_first, cached, 8);
            memcpy(&other_last, cached + length - 8, 8);
            if (other_first == first && other_last == last) {
                fj_str_misses[index] = 0;
                return Py_NewRef(value);
            }
        }
        else if (memcmp(cached, start, (size_t)length) == 0) {
            fj_str_misses[index] = 0;
            return Py_NewRef(value);
        }
    }
    value = PyUnicode_New(length, 127);
    if (value == NULL) {
        return NULL;
    }
    memcpy(PyUnicode_DATA(value), start, (size_t)length);
    if (fj_str_cache[index] == NULL || ++fj_str_misses[index] == FJ_STR_PATIENCE) {
        fj_str_hashes[index] = hash;
        fj_str_misses[index] = 0;
        Py_XSETREF(fj_str_cache[index], Py_NewRef(value));
    }
    return value;
}

/* The next string as a str. */
static inline PyObject *
fj_read_str(fj_reader *r)
{
    const unsigned char *start;
    const char *text;
    Py_ssize_t length;
    int flags;
    PyObject *value;
    if (fj_scan_string(r, &start, &length, &flags) < 0) {
        return NULL;
    }
    if (flags == 0) {
        if (length > 0 && length <= FJ_SHORT_STR) {
            return fj_short_str(start, length);
        }
        value = PyUnicode_New(length, 127);
        if (value != NULL) {
            memcpy(PyUnicode_DATA(value), start, (size_t)length);
        }
        return value;
    }
    text = (const char *)start;
    if ((flags & FJ_ESCAPED) && fj_unescape(r, start, length, &text, &length) < 0) {
        return NULL;
    }
    /* Strict: invalid UTF-8 (the only kind of fault left) is an error, as it is
       for the Python reader. */
    return PyUnicode_DecodeUTF8(text, length, NULL);
}

static inline PyObject *
fj_read_bool(fj_reader *r)
{
    int c = fj_peek(r);
    if (c == 't' && FJ_WORD(r, "true") == 0) {
        return Py_NewRef(Py_True);
    }
    if (c == 'f' && FJ_WORD(r, "false") == 0) {
        return Py_NewRef(Py_False);
    }
    return NULL;
}

/* Numbers longer than this are read by the Python reader (its limits apply). */
#define FJ_LONGEST_NUMBER 4000

/* Whether digits are taken eight at a time: the arithmetic below reads the first
   byte of eight as the lowest. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FJ_EIGHT_DIGITS 1
#else
#define FJ_EIGHT_DIGITS 0
#endif

#if FJ_EIGHT_DIGITS
/* The eight bytes at p as one word, the first the lowest. */
static FJ_ALWAYS_INLINE unsigned long long
fj_word8(const unsigned char *p)
{
    unsigned long long word;
    memcpy(&word, p, 8);
    return word;
}

/* Zero where the eight bytes of word are ASCII digits; else the lowest nonzero
   byte is the first byte that is not one. A byte is a digit when its high half
   is 3 and stays 3 with 6 added; the add carries only out of a byte of 0xFA or
   more, past the first byte that is not a digit. */
static FJ_ALWAYS_INLINE unsigned long long
fj_non_digits8(unsigned long long word)
{
    return ((word & 0xF0F0F0F0F0F0F0F0ULL)
            | (((word + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4))
           ^ 0x3333333333333333ULL;
}

/* The number eight ASCII digits spell (word as fj_word8 reads them): pairs, then
   fours, then the eight, each step one multiplication per half. */
static FJ_ALWAYS_INLINE unsigned long long
fj_value8(unsigned long long word)
{
    word -= 0x3030303030303030ULL;
    word = word * 10 + (word >> 8);
    return (((word & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32)))
            + (((word >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32))))
           >> 32;
}
#endif

/* The first byte at or after p (before end) that is not an ASCII digit. */
static FJ_ALWAYS_INLINE const unsigned char *
fj_skip_digits(const unsigned char *p, const unsigned char *end)
{
#if FJ_EIGHT_DIGITS
    while (end - p >= 8) {
        unsigned long long other = fj_non_digits8(fj_word8(p));
        if (other != 0) {
            return p + (__builtin_ctzll(other) >> 3);
        }
        p += 8;
    }
#endif
    while (p < end && *p >= '0' && *p <= '9') {
        p++;
    }
    return p;
}

/* The number the n (at most 19) ASCII digits at p spell. */
static FJ_ALWAYS_INLINE unsigned long long
fj_digits_value(const unsigned char *p, Py_ssize_t n)
{
    unsigned long long value = 0;
#if FJ_EIGHT_DIGITS
    for (; n >= 8; n -= 8, p += 8) {
        value = value * 100000000ULL + fj_value8(fj_word8(p));
    }
#endif
    for (; n > 0; n--, p++) {
        value = value * 10 + (unsigned long long)(*p - '0');
    }
    return value;
}

/*
 * Scan the number that comes next, as RFC 8259 spells one: [*start, *start +
 * *length), and whether it is an integer (no fraction, no exponent).
 */
static FJ_ALWAYS_INLINE int
fj_scan_number(fj_reader *r, const unsigned char **start, Py_ssize_t *length,
               int *integer)
{
    const unsigned char *p, *end = r->end;
    fj_peek(r);
    p = r->p;
    *start = p;
    *integer = 1;
    if (p < end && *p == '-') {
        p++;
    }
    if (p >= end) {
        return -1;
    }
    if (*p == '0') {
        p++;
    }
    else if (*p >= '1' && *p <= '9') {
        p = fj_skip_digits(p + 1, end);
    }
    else {
        return -1;
    }
    if (p < end && *p == '.') {
        *integer = 0;
        if (++p >= end || *p < '0' || *p > '9') {
            return -1;
        }
        p = fj_skip_digits(p + 1, end);
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        *integer = 0;
        p++;
        if (p < end && (*p == '+' || *p == '-')) {
            p++;
        }
        if (p >= end || *p < '0' || *p > '9') {
            return -1;
        }
        while (p < end && *p >= '0' && *p <= '9') {
            p++;
        }
    }
    *length = p - *start;
    if (*length > FJ_LONGEST_NUMBER) {
        return -1;
    }
    r->p = p;
    return 0;
}

/*
 * The integer [p, p + n) (a scanned integer: an optional minus, then digits) as a
 * long long: 0 on success, -1 when it does not fit 64 bits.
 */
static FJ_ALWAYS_INLINE int
fj_integer(const unsigned char *p, Py_ssize_t n, long long *value)
{
    const unsigned char *end = p + n;
    int negative = *p == '-';
    unsigned long long magnitude = 0;
    if (negative) {
        p++;
    }
    if (end - p > 19) {
        return -1;
    }
    if (end - p <= 18) { /* below 10^18: no overflow */
        magnitude = fj_digits_value(p, end - p);
        *value = negative ? -(long long)magnitude : (long long)magnitude;
        return 0;
    }
    magnitude = fj_digits_value(p, 18);
    {
        unsigned long long digit = (unsigned long long)(p[18] - '0');
        if (magnitude > (18446744073709551615ULL - digit) / 10) {
            return -1;
        }
        magnitude = magnitude * 10 + digit;
    }
    if (negative) {
        if (magnitude > 9223372036854775808ULL) {
            return -1;
        }
        *value = (long long)(0ULL - magnitude);
    }
    else {
        if (magnitude > 9223372036854775807ULL) {
            return -1;
        }
        *value = (long long)magnitude;
    }
    return 0;
}

/* An integer within [low, high]. */
static inline PyObject *
fj_read_int(fj_reader *r, long long low, long long high)
{
    const unsigned char *start;
    Py_ssize_t length;
    int integer;
    long long value;
    if (fj_scan_number(r, &start, &length, &integer) < 0 || !integer
        || fj_integer(start, length, &value) < 0 || value < low || value > high) {
        return NULL;
    }
    return PyLong_FromLongLong(value);
}

/* The scanned integer [start, start + length) as an int of any size (within
   CPython's limit on the digits of an int). */
static inline PyObject *
fj_integer_object(fj_reader *r, const unsigned char *start, Py_ssize_t length)
{
    long long value;
    if (fj_integer(start, length, &value) == 0) {
        return PyLong_FromLongLong(value);
    }
    if (fj_scratch(r, length + 1) < 0) {
        return NULL;
    }
    memcpy(r->scratch, start, (size_t)length);
    r->scratch[length] = '\0';
    return PyLong_FromString(r->scratch, NULL, 10);
}

/* An integer of any size. */
static inline PyObject *
fj_read_bigint(fj_reader *r)
{
    const unsigned char *start;
    Py_ssize_t length;
    int integer;
    if (fj_scan_number(r, &start, &length, &integer) < 0 || !integer) {
        return NULL;
    }
    return fj_integer_object(r, start, length);
}

/* function(argument), argument being a new reference it consumes; NULL if it is
   NULL (a failed allocation). */
static inline PyObject *
fj_call_owned(PyObject *function, PyObject *argument)
{
    PyObject *result;
    if (argument == NULL) {
        return NULL;
    }
    result = PyObject_CallOneArg(function, argument);
    Py_DECREF(argument);
    return result;
}

/* A scanned number as the Python reader makes it: an int, or for another number
   number_text(its text), a foryjson.plain.NumberText. */
static inline PyObject *
fj_number_value(fj_reader *r, const unsigned char *start, Py_ssize_t length, int integer,
                PyObject *number_text)
{
    PyObject *text, *value;
    if (integer) {
        return fj_integer_object(r, start, length);
    }
    text = PyUnicode_DecodeASCII((const char *)start, length, NULL);
    if (text == NULL) {
        return NULL;
    }
    value = PyObject_CallOneArg(number_text, text);
    Py_DECREF(text);
    return value;
}

/* The JSON values fj_read_call takes: strings, integers, other numbers. */
#define FJ_STRING 1
#define FJ_INTEGER 2
#define FJ_FRACTION 4

/*
 * A value read by a runtime function of foryjson, the one the Python decoder calls:
 * the JSON value, made as the Python reader makes it (a str, an int, or for another
 * number number_text(its text): foryjson.plain.NumberText), is given to function,
 * if it is one of the kinds accepts names. The function's exception (a
 * DecodeError) makes the decoder give up.
 */
static inline PyObject *
fj_read_call(fj_reader *r, PyObject *function, int accepts, PyObject *number_text)
{
    PyObject *plain;
    const unsigned char *start;
    Py_ssize_t length;
    int integer;
    if (fj_peek(r) == '"') {
        if (!(accepts & FJ_STRING)) {
            return NULL;
        }
        plain = fj_read_str(r);
    }
    else {
        if (fj_scan_number(r, &start, &length, &integer) < 0
            || !(accepts & (integer ? FJ_INTEGER : FJ_FRACTION))) {
            return NULL;
        }
        plain = fj_number_value(r, start, length, integer, number_text);
    }
    return fj_call_owned(function, plain);
}

/*
 * Decimals read before, kept for the next time their text comes, as the short
 * strings are (the same hash, the same patience): a decimal is immutable and
 * Decimal(text) is exact whatever the context, so the object made once stands for
 * every later reading of the same text. Prices and amounts repeat within a document
 * (a line's unit price is its product's price) and across documents, and making one
 * through the constructor costs about as much as reading a small object. The text
 * is kept in the slot: a Decimal does not keep it. The GIL guards the table.
 */
#define FJ_DECIMAL_TEXT 22
#define FJ_DECIMAL_BITS 9
#define FJ_DECIMAL_SLOTS (1 << FJ_DECIMAL_BITS)
typedef struct {
    uint64_t hash;
    PyObject *value;
    uint8_t misses;
    uint8_t length;
    unsigned char text[FJ_DECIMAL_TEXT];
} fj_decimal_slot;
static fj_decimal_slot fj_decimal_cache[FJ_DECIMAL_SLOTS];

/* decimal_type(the text [start, start + length)), 0 < length <= FJ_DECIMAL_TEXT. */
static inline PyObject *
fj_short_decimal(PyObject *decimal_type, const unsigned char *start, Py_ssize_t length)
{
    uint64_t first, last, hash = fj_text_hash(start, length, &first, &last);
    fj_decimal_slot *slot = &fj_decimal_cache[hash >> (64 - FJ_DECIMAL_BITS)];
    PyObject *value;
    if (slot->hash == hash && slot->value != NULL && slot->length == length
        && memcmp(slot->text, start, (size_t)length) == 0) {
        slot->misses = 0;
        return Py_NewRef(slot->value);
    }
    value = fj_call_owned(decimal_type,
                          PyUnicode_DecodeASCII((const char *)start, length, NULL));
    if (value != NULL && (slot->value == NULL || ++slot->misses == FJ_STR_PATIENCE)) {
        slot->hash = hash;
        slot->misses = 0;
        slot->length = (uint8_t)length;
        memcpy(slot->text, start, (size_t)length);
        Py_XSETREF(slot->value, Py_NewRef(value));
    }
    return value;
}

/*
 * A decimal written as a number: one with a fraction, no exponent and at most 100
 * characters is decimal_type(its text), as decimals.read_decimal makes it; any other
 * number goes to function as fj_read_call gives it.
 */
static inline PyObject *
fj_read_decimal(fj_reader *r, PyObject *function, PyObject *decimal_type,
                PyObject *number_text)
{
    const unsigned char *start;
    Py_ssize_t length;
    int integer;
    PyObject *plain;
    if (fj_peek(r) == '"' || fj_scan_number(r, &start, &length, &integer) < 0) {
        return NULL;
    }
    if (!integer && length <= 100 && memchr(start, 'e', (size_t)length) == NULL
        && memchr(start, 'E', (size_t)length) == NULL) {
        if (length <= FJ_DECIMAL_TEXT) {
            return fj_short_decimal(decimal_type, start, length);
        }
        plain = PyUnicode_DecodeASCII((const char *)start, length, NULL);
        function = decimal_type;
    }
    else {
        plain = fj_number_value(r, start, length, integer, number_text);
    }
    return fj_call_owned(function, plain);
}

/* The value of hex digit c; -1 for any other byte. */
static FJ_ALWAYS_INLINE int
fj_hex_digit(unsigned char c)
{
    unsigned int digit = (unsigned int)c - '0', letter = ((unsigned int)c | 0x20) - 'a';
    if (digit <= 9) {
        return (int)digit;
    }
    return letter <= 5 ? (int)letter + 10 : -1;
}

/* The byte two hex digits at p stand for; -1 if they are not hex digits. */
static FJ_ALWAYS_INLINE int
fj_hex_byte(const char *p)
{
    int high = fj_hex_digit((unsigned char)p[0]), low = fj_hex_digit((unsigned char)p[1]);
    return (high | low) < 0 ? -1 : high << 4 | low;
}

/* A string the fast forms below do not cover, given as a str to function. */
static inline PyObject *
fj_call_text(PyObject *function, const char *text, Py_ssize_t length)
{
    return fj_call_owned(function, PyUnicode_DecodeUTF8(text, length, NULL));
}

/* n ASCII digits at p as a number; -1 if one is not a digit. */
static FJ_ALWAYS_INLINE int
fj_digits(const char *p, int n)
{
    int value = 0;
    while (n-- > 0) {
        unsigned int digit = (unsigned int)(unsigned char)*p++ - '0';
        if (digit > 9) {
            return -1;
        }
        value = value * 10 + (int)digit;
    }
    return value;
}

/* Whether the 10 bytes at p are "YYYY-MM-DD", a day from year 1 to 9999: then its
   fields are stored. */
static inline int
fj_date_fields(const char *p, int *year, int *month, int *day)
{
    static const unsigned char days[13] = {0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int y = fj_digits(p, 4), m = fj_digits(p + 5, 2), d = fj_digits(p + 8, 2);
    if (p[4] != '-' || p[7] != '-' || y < 1 || m < 1 || m > 12 || d < 1 || d > days[m]
        || (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))) {
        return 0;
    }
    *year = y;
    *month = m;
    *day = d;
    return 1;
}

/*
 * A date: "YYYY-MM-DD" is made here, as date.fromisoformat makes it; any other
 * string is given to function (temporal.read_date), which reads or refuses it.
 */
static inline PyObject *
fj_read_date(fj_reader *r, PyObject *function)
{
    const char *text;
    Py_ssize_t length;
    int year, month, day;
    if (fj_peek(r) != '"' || fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    if (length == 10 && fj_date_fields(text, &year, &month, &day)) {
        return PyDateTimeAPI->Date_FromDate(year, month, day, PyDateTimeAPI->DateType);
    }
    return fj_call_text(function, text, length);
}

/*
 * An aware datetime: "YYYY-MM-DDTHH:MM:SS", a fraction of 1 to 6 digits or none,
 * then "Z" or an offset of zero ("+00:00", "-00:00"), is made here in UTC, as
 * datetime.fromisoformat makes it; any other string is given to function
 * (temporal.read_datetime), which reads or refuses it.
 */
static inline PyObject *
fj_read_datetime(fj_reader *r, PyObject *function)
{
    const char *text, *rest;
    Py_ssize_t length, left;
    int year, month, day, hour, minute, second, micro = 0, digits = 0;
    if (fj_peek(r) != '"' || fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    if (length < 20 || !fj_date_fields(text, &year, &month, &day)
        || (text[10] != 'T' && text[10] != 't') || text[13] != ':' || text[16] != ':') {
        return fj_call_text(function, text, length);
    }
    hour = fj_digits(text + 11, 2);
    minute = fj_digits(text + 14, 2);
    second = fj_digits(text + 17, 2);
    rest = text + 19;
    left = length - 19;
    if (*rest == '.') {
        while (digits < 7 && digits + 1 < left && (unsigned int)(unsigned char)rest[digits + 1] - '0' <= 9) {
            micro = micro * 10 + (rest[digits + 1] - '0');
            digits++;
        }
        rest += digits + 1;
        left -= digits + 1;
    }
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59
        || (text[19] == '.' && (digits < 1 || digits > 6))
        || !((left == 1 && (*rest == 'Z' || *rest == 'z'))
             || (left == 6 && (*rest == '+' || *rest == '-') && memcmp(rest + 1, "00:00", 5) == 0))) {
        return fj_call_text(function, text, length);
    }
    while (digits++ < 6) {
        micro *= 10;
    }
    return PyDateTimeAPI->DateTime_FromDateAndTime(year, month, day, hour, minute, second, micro,
                                                   PyDateTime_TimeZone_UTC,
                                                   PyDateTimeAPI->DateTimeType);
}

/* The epoch counts of datetime.min and datetime.max in UTC, in seconds. */
#define FJ_MIN_EPOCH_SECONDS (-62135596800LL)
#define FJ_MAX_EPOCH_SECONDS 253402300799LL

/*
 * A datetime in UTC from an integer count of units since 1970-01-01T00:00Z, unit
 * being 1000 (milliseconds) or 1 (seconds): what temporal.read_epoch_millis and
 * read_epoch_seconds make of an integer within datetime's range. Anything else
 * gives up, for the Python decoder to raise their error.
 */
static inline PyObject *
fj_read_epoch(fj_reader *r, long long unit)
{
    const unsigned char *start;
    Py_ssize_t length;
    int integer, year, month, day;
    long long count, seconds, days, era, of_era, of_year, shifted, micros;
    if (fj_scan_number(r, &start, &length, &integer) < 0 || !integer
        || fj_integer(start, length, &count) < 0 || count < FJ_MIN_EPOCH_SECONDS * unit
        || count > FJ_MAX_EPOCH_SECONDS * unit + unit - 1) {
        return NULL;
    }
    /* Floor division: the second the count falls in, and what is left. */
    seconds = count / unit;
    if (count % unit < 0) {
        seconds--;
    }
    micros = (count - seconds * unit) * (1000000 / unit);
    days = seconds / 86400;
    if (seconds % 86400 < 0) {
        days--;
    }
    seconds -= days * 86400;
    /* The civil date of a day count (days from 1970-01-01), by 400-year eras of
       146,097 days that start on March 1st. */
    shifted = days + 719468;
    era = (shifted >= 0 ? shifted : shifted - 146096) / 146097;
    of_era = shifted - era * 146097;
    of_year = (of_era - of_era / 1460 + of_era / 36524 - of_era / 146096) / 365;
    year = (int)(of_year + era * 400);
    days = of_era - (365 * of_year + of_year / 4 - of_year / 100);
    month = (int)((5 * days + 2) / 153);
    day = (int)(days - (153 * month + 2) / 5 + 1);
    month = month < 10 ? month + 3 : month - 9;
    year += month <= 2;
    return PyDateTimeAPI->DateTime_FromDateAndTime(
        year, month, day, (int)(seconds / 3600), (int)(seconds / 60 % 60), (int)(seconds % 60),
        (int)micros, PyDateTime_TimeZone_UTC, PyDateTimeAPI->DateTimeType);
}

/* Each byte's value in the standard base64 alphabet; 64 for any other byte. */
static const unsigned char fj_base64_values[256] = {
#define FJ_X64 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64
    FJ_X64, FJ_X64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 62, 64, 64, 64, 63,
    52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 64, 64, 64, 64, 64, 64,
    64, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 64, 64, 64, 64, 64,
    64, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 64, 64, 64, 64, 64,
    FJ_X64, FJ_X64, FJ_X64, FJ_X64, FJ_X64, FJ_X64, FJ_X64, FJ_X64,
#undef FJ_X64
};

/*
 * Each byte's value in the standard base64 alphabet, shifted to its place in a
 * group of four characters ([0] the first: bits 18 to 23 of the group's 24), or
 * FJ_NOT_BASE64 for any other byte: a group's four lookups, or-ed, give its three
 * bytes, or a value at or past FJ_NOT_BASE64. Filled on first use.
 */
#define FJ_NOT_BASE64 (1u << 24)
static uint32_t fj_base64_places[4][256];
static int fj_base64_places_ready;

static void
fj_fill_base64_places(void)
{
    int place, c;
    for (place = 0; place < 4; place++) {
        for (c = 0; c < 256; c++) {
            unsigned int value = fj_base64_values[c];
            fj_base64_places[place][c] =
                value == 64 ? FJ_NOT_BASE64 : (uint32_t)value << (6 * (3 - place));
        }
    }
    fj_base64_places_ready = 1;
}

/*
 * Strict padded base64 (binary.read_base64's form: a length that is a multiple of
 * 4, the standard alphabet, "=" only as the last one or two characters) decoded
 * into a new bytes object; NULL without an exception for any other text.
 */
static inline PyObject *
fj_base64_bytes(const unsigned char *text, Py_ssize_t length)
{
    Py_ssize_t groups = length / 4, pad, size, i;
    unsigned char *out;
    PyObject *result;
    uint32_t bits;
    if (length % 4 != 0) {
        return NULL;
    }
    if (!fj_base64_places_ready) {
        fj_fill_base64_places();
    }
    pad = length == 0 ? 0 : text[length - 1] != '=' ? 0 : text[length - 2] != '=' ? 1 : 2;
    size = groups * 3 - pad;
    result = PyBytes_FromStringAndSize(NULL, size);
    if (result == NULL) {
        return NULL;
    }
    out = (unsigned char *)PyBytes_AS_STRING(result);
    /* Every group but a padded last one. */
    for (i = 0; i < groups - (pad > 0); i++, text += 4, out += 3) {
        bits = fj_base64_places[0][text[0]] | fj_base64_places[1][text[1]]
               | fj_base64_places[2][text[2]] | fj_base64_places[3][text[3]];
        if (bits >= FJ_NOT_BASE64) {
            goto fail;
        }
        out[0] = (unsigned char)(bits >> 16);
        out[1] = (unsigned char)(bits >> 8);
        out[2] = (unsigned char)bits;
    }
    if (pad > 0) {
        bits = fj_base64_places[0][text[0]] | fj_base64_places[1][text[1]]
               | (pad == 1 ? fj_base64_places[2][text[2]] : 0);
        if (bits >= FJ_NOT_BASE64) {
            goto fail;
        }
        out[0] = (unsigned char)(bits >> 16);
        if (pad == 1) {
            out[1] = (unsigned char)(bits >> 8);
        }
    }
    return result;
fail:
    Py_DECREF(result);
    return NULL;
}

/*
 * Bytes as strict padded base64: decoded here when strict; any other string is
 * given to function (binary.read_base64), which refuses it.
 */
static inline PyObject *
fj_read_base64(fj_reader *r, PyObject *function)
{
    const char *text;
    Py_ssize_t length;
    PyObject *result;
    if (fj_peek(r) != '"' || fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    result = fj_base64_bytes((const unsigned char *)text, length);
    if (result != NULL || PyErr_Occurred()) {
        return result;
    }
    return fj_call_text(function, text, length);
}

/*
 * Bytes as base16 (hex digits of either case, an even count): decoded here; any
 * other string is given to function (binary.read_base16), which refuses it.
 */
static inline PyObject *
fj_read_base16(fj_reader *r, PyObject *function)
{
    const char *text;
    Py_ssize_t length, i;
    unsigned char *out;
    PyObject *result;
    if (fj_peek(r) != '"' || fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    if (length % 2 != 0) {
        return fj_call_text(function, text, length);
    }
    result = PyBytes_FromStringAndSize(NULL, length / 2);
    if (result == NULL) {
        return NULL;
    }
    out = (unsigned char *)PyBytes_AS_STRING(result);
    for (i = 0; i < length; i += 2) {
        int byte = fj_hex_byte(text + i);
        if (byte < 0) {
            Py_DECREF(result);
            return fj_call_text(function, text, length);
        }
        *out++ = (unsigned char)byte;
    }
    return result;
}

/*
 * Bytes as a JSON array of decimal bytes: integers in [low, low + 255], low being
 * -128 (binary.read_array, Java's signed form) or 0 (read_uint8_array). Anything
 * else (a fraction, an exponent, a bool, a byte out of range) gives up, for the
 * Python decoder to raise its error with the element's index.
 */
static inline PyObject *
fj_read_byte_array(fj_reader *r, int low)
{
    Py_ssize_t size = 0, capacity = 64;
    PyObject *result;
    int more;
    if (fj_open(r, '[') < 0) {
        return NULL;
    }
    if (fj_closes(r, ']')) {
        return PyBytes_FromStringAndSize(NULL, 0);
    }
    if ((result = PyBytes_FromStringAndSize(NULL, capacity)) == NULL) {
        return NULL;
    }
    do {
        const unsigned char *p, *end = r->end;
        int negative, value, digits = 0;
        fj_peek(r);
        p = r->p;
        negative = p < end && *p == '-';
        p += negative;
        if (p < end && *p == '0') {
            value = 0;
            digits = 1;
            p++;
        }
        else {
            for (value = 0; digits < 3 && p < end && *p >= '0' && *p <= '9'; digits++, p++) {
                value = value * 10 + (*p - '0');
            }
        }
        /* A fourth digit, a leading zero's follower, a fraction or an exponent. */
        if (digits == 0
            || (p < end && ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E'))) {
            goto fail;
        }
        value = negative ? -value : value;
        if (value < low || value > low + 255) {
            goto fail;
        }
        r->p = p;
        if (size == capacity) {
            if (capacity > PY_SSIZE_T_MAX / 2) {
                goto fail;
            }
            capacity *= 2;
            if (_PyBytes_Resize(&result, capacity) < 0) {
                return NULL; /* _PyBytes_Resize released result */
            }
        }
        PyBytes_AS_STRING(result)[size++] = (char)(unsigned char)value;
    } while ((more = fj_next_item(r)) == 1);
    if (more < 0 || _PyBytes_Resize(&result, size) < 0) {
        goto fail;
    }
    return result;
fail:
    Py_XDECREF(result);
    return NULL;
}

#if defined(__SIZEOF_INT128__)
/*
 * q * 2^scale as the nearest double (ties to even), where sticky says whether the
 * exact value is a little more than q (a remainder was dropped). Needs q above
 * 2^53 when sticky is set, so that a bit below the double's last one is in q.
 * Returns -1.0 where it cannot decide.
 */
static inline double
fj_round_u128(unsigned __int128 q, int sticky, int scale)
{
    typedef unsigned __int128 u128;
    unsigned long long high = (unsigned long long)(q >> 64), low = (unsigned long long)q;
    int bits, drop;
    u128 mantissa, rest, half;
    bits = high ? 128 - __builtin_clzll(high) : low ? 64 - __builtin_clzll(low) : 0;
    if (bits <= 53) {
        return sticky ? -1.0 : ldexp((double)(unsigned long long)q, scale);
    }
    drop = bits - 53;
    mantissa = q >> drop;
    rest = q & ((((u128)1) << drop) - 1);
    half = ((u128)1) << (drop - 1);
    if (rest > half || (rest == half && (sticky || (mantissa & 1)))) {
        mantissa++; /* 2^53 at most: still exact */
    }
    return ldexp((double)(unsigned long long)mantissa, scale + drop);
}

/*
 * mantissa * 10^exponent as the nearest double, for a mantissa of at most 19 digits
 * and -20 <= exponent <= 19, by exact 128-bit integer arithmetic; -1.0 elsewhere.
 */
static inline double
fj_exact_decimal(unsigned long long mantissa, int exponent)
{
    typedef unsigned __int128 u128;
    u128 ten, shifted, q;
    int shift;
    if (mantissa == 0) {
        return 0.0;
    }
    if (exponent >= 0) {
        if (exponent > 19) {
            return -1.0;
        }
        return fj_round_u128((u128)mantissa * fj_exact_tens[exponent], 0, 0);
    }
    if (exponent < -20) {
        return -1.0;
    }
    ten = exponent == -20 ? (u128)fj_exact_tens[19] * 10 : fj_exact_tens[-exponent];
    /* Shifted to 127 bits, so that the quotient has 59 or more. */
    shift = 127 - (64 - __builtin_clzll(mantissa));
    shifted = (u128)mantissa << shift;
    q = shifted / ten; /* one division: the remainder is what the product lacks */
    return fj_round_u128(q, shifted - q * ten != 0, -shift);
}
#endif

/* 10^0 .. 10^22, each exact as a double. */
static const double fj_exact_powers[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The strings "NaN", "Infinity" and "-Infinity", spelled exactly so, as the special
   floats they name (foryjson.reader.float_from). */
static inline PyObject *
fj_read_special_float(fj_reader *r)
{
    const char *text;
    Py_ssize_t length;
    if (fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    if (length == 3 && memcmp(text, "NaN", 3) == 0) {
        return PyFloat_FromDouble(Py_NAN);
    }
    if (length == 8 && memcmp(text, "Infinity", 8) == 0) {
        return PyFloat_FromDouble(Py_HUGE_VAL);
    }
    if (length == 9 && memcmp(text, "-Infinity", 9) == 0) {
        return PyFloat_FromDouble(-Py_HUGE_VAL);
    }
    return NULL;
}

/*
 * A number as a float, exactly as Python's float() reads its text (an integer as
 * float(int) converts it: -0 is 0.0), or a special float's string. Where the digits
 * fit 53 bits and the power of ten is exact, one correctly rounded multiplication
 * or division gives the nearest double; up to 19 digits, exact 128-bit arithmetic
 * does; everything else goes through CPython's own conversion. A number whose
 * float is not finite is the Python reader's.
 */
static inline PyObject *
fj_read_float(fj_reader *r)
{
    const unsigned char *start, *p, *end, *whole, *whole_end, *part;
    Py_ssize_t length;
    int integer, negative, exponent = 0, fraction = 0, digits = 0;
    unsigned long long mantissa = 0;
    double value;
    if (fj_peek(r) == '"') {
        return fj_read_special_float(r);
    }
    if (fj_scan_number(r, &start, &length, &integer) < 0) {
        return NULL;
    }
    p = start;
    end = start + length;
    negative = *p == '-';
    if (negative) {
        p++;
    }
    /* The integer part is "0" or starts with a nonzero digit (RFC 8259). */
    whole = p;
    p = whole_end = fj_skip_digits(p, end);
    part = p;
    if (p < end && *p == '.') {
        part = p + 1;
        p = fj_skip_digits(part, end);
        if (p - part > 40) {
            goto slow;
        }
        fraction = (int)(p - part);
    }
    if (*whole != '0') {
        if (whole_end - whole + fraction > 19) {
            goto slow;
        }
        digits = (int)(whole_end - whole) + fraction;
        mantissa = fj_digits_value(whole, whole_end - whole) * fj_exact_tens[fraction]
                   + fj_digits_value(part, fraction);
    }
    else { /* the digits that count start after the fraction's zeros */
        const unsigned char *first = part;
        while (first < p && *first == '0') {
            first++;
        }
        digits = (int)(p - first);
        if (digits > 19) {
            goto slow;
        }
        mantissa = fj_digits_value(first, digits);
    }
    if (p < end) { /* an exponent */
        int sign = 1, e = 0;
        p++;
        if (*p == '+' || *p == '-') {
            sign = *p == '-' ? -1 : 1;
            p++;
        }
        for (; p < end; p++) {
            e = e * 10 + (*p - '0');
            if (e > 400) {
                goto slow;
            }
        }
        exponent = sign * e;
    }
    exponent -= fraction;
    if (digits <= 15 && exponent >= -22 && exponent <= 22) {
        value = (double)mantissa; /* exact: at most 15 digits */
        value = exponent < 0 ? value / fj_exact_powers[-exponent]
                             : value * fj_exact_powers[exponent];
    }
    else {
#if defined(__SIZEOF_INT128__)
        value = fj_exact_decimal(mantissa, exponent);
        if (value < 0) {
            goto slow;
        }
#else
        goto slow;
#endif
    }
    if (negative && !(integer && mantissa == 0)) {
        value = -value;
    }
    return PyFloat_FromDouble(value);
slow:
    if (integer) {
        /* float(int): correctly rounded from the exact integer, as strtod is. */
        PyObject *number, *result;
        if (fj_scratch(r, length + 1) < 0) {
            return NULL;
        }
        memcpy(r->scratch, start, (size_t)length);
        r->scratch[length] = '\0';
        number = PyLong_FromString(r->scratch, NULL, 10);
        if (number == NULL) {
            return NULL;
        }
        result = PyNumber_Float(number);
        Py_DECREF(number);
        return result;
    }
    {
        char *stop;
        if (fj_scratch(r, length + 1) < 0) {
            return NULL;
        }
        memcpy(r->scratch, start, (size_t)length);
        r->scratch[length] = '\0';
        value = PyOS_string_to_double(r->scratch, &stop, NULL);
        if (value == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
        if (stop != r->scratch + length || !Py_IS_FINITE(value)) {
            return NULL;
        }
        return PyFloat_FromDouble(value);
    }
}

/* The items of an array being read, before its list is made: most arrays fit in
   the inline room, so the list is allocated once, at its size. */
typedef struct {
    PyObject **data;
    Py_ssize_t len;
    Py_ssize_t cap;
    PyObject *inline_data[16];
} fj_items;

static FJ_ALWAYS_INLINE void
fj_items_init(fj_items *items)
{
    items->data = items->inline_data;
    items->len = 0;
    items->cap = (Py_ssize_t)(sizeof(items->inline_data) / sizeof(PyObject *));
}

static inline void
fj_items_clear(fj_items *items)
{
    Py_ssize_t i;
    for (i = 0; i < items->len; i++) {
        Py_DECREF(items->data[i]);
    }
    if (items->data != items->inline_data) {
        PyMem_Free(items->data);
    }
}

/* Add item (a new reference, which this takes; NULL is a failed read). */
static FJ_ALWAYS_INLINE int
fj_items_add(fj_items *items, PyObject *item)
{
    if (item == NULL) {
        return -1;
    }
    if (items->len == items->cap) {
        PyObject **data;
        Py_ssize_t cap = items->cap * 2;
        if (cap > PY_SSIZE_T_MAX / (Py_ssize_t)sizeof(PyObject *)) {
            Py_DECREF(item);
            return -1;
        }
        if (items->data == items->inline_data) {
            data = (PyObject **)PyMem_Malloc((size_t)cap * sizeof(PyObject *));
            if (data != NULL) {
                memcpy(data, items->data, (size_t)items->len * sizeof(PyObject *));
            }
        }
        else {
            data = (PyObject **)PyMem_Realloc(items->data,
                                              (size_t)cap * sizeof(PyObject *));
        }
        if (data == NULL) {
            Py_DECREF(item);
            return -1;
        }
        items->data = data;
        items->cap = cap;
    }
    items->data[items->len++] = item;
    return 0;
}

/* The list of the items, which it takes, held by r (fj_hold); NULL (the items
   released) on failure. */
static inline PyObject *
fj_items_list(fj_reader *r, fj_items *items)
{
    PyObject *list = fj_hold(r, PyList_New(items->len));
    if (list == NULL) {
        fj_items_clear(items);
        return NULL;
    }
    memcpy(((PyListObject *)list)->ob_item, items->data,
           (size_t)items->len * sizeof(PyObject *));
    if (items->data != items->inline_data) {
        PyMem_Free(items->data);
    }
    return list;
}

/* The tuple of the items, which it takes; NULL (the items released) on failure. */
static inline PyObject *
fj_items_tuple(fj_items *items)
{
    PyObject *tuple = PyTuple_New(items->len);
    if (tuple == NULL) {
        fj_items_clear(items);
        return NULL;
    }
    memcpy(((PyTupleObject *)tuple)->ob_item, items->data,
           (size_t)items->len * sizeof(PyObject *));
    if (items->data != items->inline_data) {
        PyMem_Free(items->data);
    }
    return tuple;
}

/* The set of the items, added in order as set(list) adds them (so that it
   iterates in the same order); the items are released either way. */
static inline PyObject *
fj_items_set(fj_items *items)
{
    PyObject *set = PySet_New(NULL);
    Py_ssize_t i;
    for (i = 0; set != NULL && i < items->len; i++) {
        if (PySet_Add(set, items->data[i]) < 0) {
            Py_CLEAR(set);
        }
    }
    fj_items_clear(items);
    return set;
}

/*
 * Skip the next value, checking it as the Python reader would: one level deeper per
 * array or object, strings valid UTF-8 with valid escapes.
 */
static int
fj_skip(fj_reader *r)
{
    const unsigned char *start;
    const char *text;
    Py_ssize_t length;
    int flags, c = fj_peek(r);
    switch (c) {
    case '"':
        return fj_read_text(r, &text, &length);
    case 't':
        return FJ_WORD(r, "true");
    case 'f':
        return FJ_WORD(r, "false");
    case 'n':
        return FJ_WORD(r, "null");
    case '[':
        if (fj_open(r, '[') < 0) {
            return -1;
        }
        if (fj_peek(r) == ']') {
            r->p++;
            r->level--;
            return 0;
        }
        for (;;) {
            if (fj_skip(r) < 0) {
                return -1;
            }
            c = fj_peek(r);
            r->p++;
            if (c == ']') {
                r->level--;
                return 0;
            }
            if (c != ',') {
                return -1;
            }
        }
    case '{':
        if (fj_open(r, '{') < 0) {
            return -1;
        }
        if (fj_peek(r) == '}') {
            r->p++;
            r->level--;
            return 0;
        }
        for (;;) {
            if (fj_read_text(r, &text, &length) < 0 || fj_expect(r, ':') < 0
                || fj_skip(r) < 0) {
                return -1;
            }
            c = fj_peek(r);
            r->p++;
            if (c == '}') {
                r->level--;
                return 0;
            }
            if (c != ',') {
                return -1;
            }
        }
    default:
        return fj_scan_number(r, &start, &length, &flags);
    }
}

/* Skip a whole member: its name, its colon, its value. */
static inline int
fj_skip_member(fj_reader *r)
{
    const char *text;
    Py_ssize_t length;
    if (fj_read_text(r, &text, &length) < 0 || fj_expect(r, ':') < 0) {
        return -1;
    }
    return fj_skip(r);
}

/*
 * After a member's value: 1 when another member follows (its comma consumed), 0 at
 * the closing brace (consumed, one level up), -1 at anything else.
 */
static FJ_ALWAYS_INLINE int
fj_next_member(fj_reader *r)
{
    int c = fj_peek(r);
    if (c == ',') {
        r->p++;
        return 1;
    }
    if (c == '}') {
        r->p++;
        r->level--;
        return 0;
    }
    return -1;
}

/*
 * The document's bytes: from bytes, str (its UTF-8 form, which a lone surrogate
 * lacks), bytearray or a contiguous buffer (held in *view until fj_release). The
 * size the limits count is the Python reader's: characters for str. Anything else
 * (a subclass, a non-contiguous view) is the Python reader's.
 */
static inline int
fj_document(PyObject *data, Py_buffer *view, const char **bytes, Py_ssize_t *length,
            Py_ssize_t *size)
{
    view->obj = NULL;
    if (PyBytes_CheckExact(data)) {
        *bytes = PyBytes_AS_STRING(data);
        *length = *size = PyBytes_GET_SIZE(data);
        return 0;
    }
    if (PyUnicode_CheckExact(data)) {
        *bytes = PyUnicode_AsUTF8AndSize(data, length);
        if (*bytes == NULL) {
            return -1;
        }
        *size = PyUnicode_GET_LENGTH(data);
        return 0;
    }
    if (PyByteArray_CheckExact(data) || PyMemoryView_Check(data)) {
        /* A held buffer keeps a bytearray from being resized meanwhile. */
        if (PyObject_GetBuffer(data, view, PyBUF_SIMPLE) < 0) {
            view->obj = NULL;
            return -1;
        }
        *bytes = (const char *)view->buf;
        *length = *size = view->len;
        return 0;
    }
    return -1;
}

static inline void
fj_release(Py_buffer *view)
{
    if (view->obj != NULL) {
        PyBuffer_Release(view);
    }
}

#endif /* FORYJSON_READ_H */
