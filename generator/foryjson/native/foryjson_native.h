/*
 * foryjson_native.h: what every C source that foryjson-gen --native writes shares.
 *
 * foryjson_write.h holds the UTF-8 buffer and the writers the encoders use,
 * foryjson_scalars.h the writers of UUIDs, decimals, dates and times and bytes,
 * foryjson_read.h the strict reader the decoders use; this header adds what both
 * need: slot access, and the arguments and limits of the entry points.
 */
#ifndef FORYJSON_NATIVE_H
#define FORYJSON_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <datetime.h>
#include <math.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define FJ_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define FJ_ALWAYS_INLINE inline
#endif

/* The deepest nesting any document may have; limits.max_depth is at most 512. */
#define FJ_DEPTH_CAP 1024

/* Word-at-a-time tests of eight bytes: whether one is zero, whether one is below n
   (n <= 128). Both are exact about whether any byte is. */
#define FJ_ONES 0x0101010101010101ULL
#define FJ_HAS_ZERO(x) (((x) - FJ_ONES) & ~(x) & (FJ_ONES * 0x80))
#define FJ_HAS_LESS(x, n) (((x) - FJ_ONES * (n)) & ~(x) & (FJ_ONES * 0x80))

/* Whether one of eight bytes is a quote, a backslash or a control character: the
   bytes of a JSON string that are escaped, or end it. */
#define FJ_HAS_SPECIAL(x)                                                            \
    (FJ_HAS_ZERO((x) ^ (FJ_ONES * '"')) | FJ_HAS_ZERO((x) ^ (FJ_ONES * '\\'))        \
     | FJ_HAS_LESS((x), 0x20))

/* Whether fj_skip_plain16 moves at all (with SSE2). */
#if defined(__SSE2__)
#define FJ_SKIPS16 1
#else
#define FJ_SKIPS16 0
#endif

/*
 * p moved on 16 bytes at a time while none of them is a quote, a backslash, a
 * control character or past ASCII (as a signed byte, less than a space), to the
 * first such byte of the block holding one; where fewer than 16 bytes are left it
 * stops, for the caller's narrower checks. Without SSE2 it moves nothing.
 */
static FJ_ALWAYS_INLINE const unsigned char *
fj_skip_plain16(const unsigned char *p, const unsigned char *end)
{
#if defined(__SSE2__)
    while (end - p >= 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)p);
        int mask = _mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                      _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
                         _mm_cmplt_epi8(x, _mm_set1_epi8(0x20))));
        if (mask != 0) {
            return p + __builtin_ctz((unsigned int)mask);
        }
        p += 16;
    }
#else
    (void)end;
#endif
    return p;
}

/* 10^0 .. 10^19, each exact in 64 bits. */
static const unsigned long long fj_exact_tens[] = {
    1ULL, 10ULL, 100ULL, 1000ULL,
    10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
    100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL,
    1000000000000ULL, 10000000000000ULL, 100000000000000ULL, 1000000000000000ULL,
    10000000000000000ULL, 100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL,
};

/* "00" to "99": two decimal digits at a time. */
static const char fj_digit_pairs[201] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

#include "foryjson_write.h"
#include "foryjson_scalars.h"
#include "foryjson_read.h"

/*
 * The unique rule of a list: whether two of its items are equal as Python's
 * set() compares them, for the items the C codecs check it on: exact str (by
 * content), exact int of 64 bits (by value), and enum members and None (by
 * identity, which is how an Enum's members and None compare). It runs no Python
 * code and creates no Python object: a str's hash is computed in C (and kept in
 * the str, as Python does).
 */
typedef struct {
    int kind; /* 0: compared by identity, 1: int, 2: str */
    unsigned long long key; /* the object's address, the int's value, the str's hash */
    PyObject *item;
} fj_distinct;

static inline int
fj_distinct_less(const fj_distinct *a, const fj_distinct *b)
{
    return a->kind < b->kind || (a->kind == b->kind && a->key < b->key);
}

/* Whether two str are equal: the same characters (so the same kind, PEP 393). */
static inline int
fj_same_str(PyObject *a, PyObject *b)
{
    Py_ssize_t length = PyUnicode_GET_LENGTH(a);
    return a == b
        || (length == PyUnicode_GET_LENGTH(b) && PyUnicode_KIND(a) == PyUnicode_KIND(b)
            && memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b),
                      (size_t)length * PyUnicode_KIND(a)) == 0);
}

/* Sift entry at down the heap of the n first entries. */
static inline void
fj_sift(fj_distinct *entries, Py_ssize_t at, Py_ssize_t n)
{
    fj_distinct moved = entries[at];
    for (;;) {
        Py_ssize_t child = 2 * at + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && fj_distinct_less(&entries[child], &entries[child + 1])) {
            child++;
        }
        if (!fj_distinct_less(&moved, &entries[child])) {
            break;
        }
        entries[at] = entries[child];
        at = child;
    }
    entries[at] = moved;
}

/*
 * 1 when two of the n items are equal, 0 when none are, -1 when it cannot tell
 * (an int beyond 64 bits, memory running out): the caller gives up for both. Short
 * lists are compared pair by pair; longer ones are sorted by (kind, key) with a
 * heapsort, O(n log n) whatever the items, and equal keys compared.
 */
static inline int
fj_repeats(PyObject *const *items, Py_ssize_t n)
{
    fj_distinct inline_entries[32], *entries = inline_entries;
    Py_ssize_t i, j;
    int result = 0;
    if (n < 2) {
        return 0;
    }
    if (n > (Py_ssize_t)(sizeof(inline_entries) / sizeof(inline_entries[0]))) {
        if ((size_t)n > PY_SSIZE_T_MAX / sizeof(fj_distinct)) {
            return -1;
        }
        entries = (fj_distinct *)PyMem_Malloc((size_t)n * sizeof(fj_distinct));
        if (entries == NULL) {
            return -1;
        }
    }
    for (i = 0; i < n; i++) {
        PyObject *item = items[i];
        entries[i].item = item;
        if (PyUnicode_CheckExact(item)) {
            Py_hash_t hash = PyObject_Hash(item);
            if (hash == -1) {
                PyErr_Clear();
                result = -1;
                goto done;
            }
            entries[i].kind = 2;
            entries[i].key = (unsigned long long)hash;
        }
        else if (PyLong_CheckExact(item)) {
            int overflow;
            long long value = PyLong_AsLongLongAndOverflow(item, &overflow);
            if (overflow || (value == -1 && PyErr_Occurred())) {
                PyErr_Clear();
                result = -1;
                goto done;
            }
            entries[i].kind = 1;
            entries[i].key = (unsigned long long)value;
        }
        else {
            entries[i].kind = 0;
            entries[i].key = (unsigned long long)(uintptr_t)item;
        }
    }
    if (n <= 8) {
        for (i = 0; i < n && !result; i++) {
            for (j = i + 1; j < n && !result; j++) {
                result = entries[i].kind == entries[j].kind
                    && entries[i].key == entries[j].key
                    && (entries[i].kind != 2
                        || fj_same_str(entries[i].item, entries[j].item));
            }
        }
        goto done;
    }
    for (i = n / 2; i > 0; i--) {
        fj_sift(entries, i - 1, n);
    }
    for (i = n - 1; i > 0; i--) {
        fj_distinct top = entries[0];
        entries[0] = entries[i];
        entries[i] = top;
        fj_sift(entries, 0, i);
    }
    /* Equal (kind, key) are neighbours now: equal ints and identities repeat,
       str of one hash are compared (a run of distinct str is rare: hashes are
       random). */
    for (i = 0; i + 1 < n && !result; i++) {
        for (j = i + 1; j < n && entries[j].kind == entries[i].kind
                        && entries[j].key == entries[i].key; j++) {
            if (entries[i].kind != 2 || fj_same_str(entries[i].item, entries[j].item)) {
                result = 1;
                break;
            }
        }
    }
done:
    if (entries != inline_entries) {
        PyMem_Free(entries);
    }
    return result;
}

/* The attribute stored in the slot at offset, borrowed; NULL when it is not set. */
static inline PyObject *
fj_slot(PyObject *object, Py_ssize_t offset)
{
    return *(PyObject **)((char *)object + offset);
}

/*
 * The offset of the slot named name in type, found through the type's attributes:
 * -1 with an exception set unless the attribute is an object slot (T_OBJECT_EX, as
 * __slots__ makes), which is what the generated classes declare.
 */
static inline Py_ssize_t
fj_slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descriptor = PyObject_GetAttrString((PyObject *)type, name);
    Py_ssize_t offset;
    if (descriptor == NULL) {
        return -1;
    }
    if (!Py_IS_TYPE(descriptor, &PyMemberDescr_Type)
        || ((PyMemberDescrObject *)descriptor)->d_member->type != T_OBJECT_EX
        || !PyType_IsSubtype(type, PyDescr_TYPE(descriptor))) {
        Py_DECREF(descriptor);
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
        return -1;
    }
    offset = ((PyMemberDescrObject *)descriptor)->d_member->offset;
    Py_DECREF(descriptor);
    return offset;
}

/* Attribute name of module module_name, a new reference; NULL with an exception. */
static inline PyObject *
fj_import(const char *module_name, const char *name)
{
    PyObject *value, *module = PyImport_ImportModule(module_name);
    if (module == NULL) {
        return NULL;
    }
    value = PyObject_GetAttrString(module, name);
    Py_DECREF(module);
    return value;
}

/* What the codecs make and write UUIDs with: uuid.UUID, the offsets of its int and
   is_safe slots, and SafeUUID.unknown; set by fj_import_uuid when a module that
   reads or writes UUIDs loads. */
static struct {
    PyTypeObject *type;
    Py_ssize_t int_slot, safe_slot;
    PyObject *unknown;
} fj_uuid_maker;

static inline int
fj_import_uuid(void)
{
    PyObject *type = fj_import("uuid", "UUID"), *safe = fj_import("uuid", "SafeUUID");
    int status = -1;
    if (type != NULL && safe != NULL && PyType_Check(type)
        && (fj_uuid_maker.int_slot = fj_slot_offset((PyTypeObject *)type, "int")) >= 0
        && (fj_uuid_maker.safe_slot = fj_slot_offset((PyTypeObject *)type, "is_safe")) >= 0
        && (fj_uuid_maker.unknown = PyObject_GetAttrString(safe, "unknown")) != NULL) {
        fj_uuid_maker.type = (PyTypeObject *)Py_NewRef(type);
        status = 0;
    }
    else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_TypeError, "uuid.UUID is not a class");
    }
    Py_XDECREF(safe);
    Py_XDECREF(type);
    return status;
}

/* decimal.Decimal, which the decoders call, and the class the encoders write
   decimals of: Decimal itself, or NULL where its str is not C code (then every
   decimal is the Python encoders'); set by fj_import_decimal when a module that
   reads or writes decimals loads. */
static struct {
    PyObject *type;
    PyTypeObject *written;
} fj_decimal;

/* Import decimal.Decimal, and where writes is set, see whether its str is C code;
   0, or -1 with an exception set. */
static inline int
fj_import_decimal(int writes)
{
    int own = 0;
    if ((fj_decimal.type = fj_import("decimal", "Decimal")) == NULL) {
        return -1;
    }
    if (writes && PyType_Check(fj_decimal.type)
        && (own = fj_own_c_str((PyTypeObject *)fj_decimal.type)) < 0) {
        return -1;
    }
    if (own) {
        fj_decimal.written = (PyTypeObject *)fj_decimal.type;
    }
    return 0;
}

/*
 * A UUID: its canonical form (8-4-4-4-12 hex digits, either case) is made here as
 * UUID(text) makes it (the int slot, and is_safe SafeUUID.unknown); any other
 * string is given to function (identifiers.read_uuid), which refuses it.
 */
static inline PyObject *
fj_read_uuid(fj_reader *r, PyObject *function)
{
    const char *text;
    Py_ssize_t length;
    unsigned char bytes[16];
    int i, n = 0;
    PyObject *value, *result;
    if (fj_peek(r) != '"' || fj_read_text(r, &text, &length) < 0) {
        return NULL;
    }
    if (length != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-') {
        return fj_call_text(function, text, length);
    }
    for (i = 0; i < 36; i += (i == 6 || i == 11 || i == 16 || i == 21) ? 3 : 2) {
        int byte = fj_hex_byte(text + i);
        if (byte < 0) {
            return fj_call_text(function, text, length);
        }
        bytes[n++] = (unsigned char)byte;
    }
#if PY_VERSION_HEX >= 0x030D0000
    value = PyLong_FromUnsignedNativeBytes(bytes, 16, Py_ASNATIVEBYTES_BIG_ENDIAN);
#else
    value = _PyLong_FromByteArray(bytes, 16, 0, 0);
#endif
    if (value == NULL) {
        return NULL;
    }
    result = fj_uuid_maker.type->tp_alloc(fj_uuid_maker.type, 0);
    if (result == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    *(PyObject **)((char *)result + fj_uuid_maker.int_slot) = value;
    *(PyObject **)((char *)result + fj_uuid_maker.safe_slot) = Py_NewRef(fj_uuid_maker.unknown);
    return result;
}

/*
 * Parse the (value[, max_depth]) arguments of an encoder, max_depth being
 * default_depth when not given; 0 on success, -1 with an exception set otherwise.
 */
static inline int
fj_arguments(PyObject *const *args, Py_ssize_t nargs, int default_depth, int *max_depth)
{
    long depth;
    if (nargs == 1) {
        *max_depth = default_depth;
        return 0;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "an encoder takes (value, max_depth=None)");
        return -1;
    }
    depth = PyLong_AsLong(args[1]);
    if (depth == -1 && PyErr_Occurred()) {
        return -1;
    }
    *max_depth = depth < 0 ? -1 : depth > FJ_DEPTH_CAP ? FJ_DEPTH_CAP : (int)depth;
    return 0;
}

/*
 * The limits of a decode: the module's (set by bind), or those a caller passes.
 * A document over max_input_bytes is the Python reader's, which names the limit; one
 * past what the graph estimate allows at a glance (size * most_per_char) gets the
 * estimate itself (fj_estimate_within).
 */
typedef struct {
    int max_depth;
    Py_ssize_t max_input_bytes;
    Py_ssize_t max_graph_bytes;
    Py_ssize_t most_per_char;
} fj_limits;

/* Read limits from a (max_depth, max_input_bytes, max_graph_bytes, most_per_char)
   tuple of ints; 0 on success, -1 with an exception set otherwise. */
static inline int
fj_limits_from(PyObject *tuple, fj_limits *limits)
{
    Py_ssize_t values[4];
    int i;
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != 4) {
        PyErr_SetString(PyExc_TypeError, "limits are (max_depth, max_input_bytes,"
                                         " max_graph_bytes, most_per_char)");
        return -1;
    }
    for (i = 0; i < 4; i++) {
        values[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(tuple, i));
        if (values[i] == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (values[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "limits are not negative");
            return -1;
        }
    }
    limits->max_depth = values[0] > FJ_DEPTH_CAP ? FJ_DEPTH_CAP : (int)values[0];
    limits->max_input_bytes = values[1];
    limits->max_graph_bytes = values[2];
    limits->most_per_char = values[3];
    return 0;
}

/* Whether a document of size (bytes, or characters for str) is within the limits
   a glance can tell. */
static inline int
fj_within(const fj_limits *limits, Py_ssize_t size)
{
    return size <= limits->max_input_bytes
        && (limits->most_per_char == 0
            || size <= limits->max_graph_bytes / limits->most_per_char);
}

/* The figures of the reader's memory estimate (foryjson.reader.ESTIMATE_COSTS). */
typedef struct {
    long long text;
    long long array;
    long long object;
    long long value;
    long long exact_value;
    long long member;
} fj_costs;

/* Read the figures from a tuple of six ints; 0, or -1 with an exception set. */
static inline int
fj_costs_from(PyObject *tuple, fj_costs *costs)
{
    long long values[6];
    int i;
    if (!PyTuple_Check(tuple) || PyTuple_GET_SIZE(tuple) != 6) {
        PyErr_SetString(PyExc_TypeError, "the estimate's costs are six ints");
        return -1;
    }
    for (i = 0; i < 6; i++) {
        values[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, i));
        if (values[i] == -1 && PyErr_Occurred()) {
            return -1;
        }
    }
    costs->text = values[0];
    costs->array = values[1];
    costs->object = values[2];
    costs->value = values[3];
    costs->exact_value = values[4];
    costs->member = values[5];
    return 0;
}

/* GCC vectorizes fj_count_marks's loop at -O3 only, unless asked; clang at -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#define FJ_VECTORIZE __attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))
#else
#define FJ_VECTORIZE
#endif

/*
 * Count the bytes '[', '{', ',', ':' and '\\' of bytes into counts[0..4], and
 * return all the bytes or-ed together. Counted in blocks of 255 bytes into byte
 * counters, which cannot overflow there and which compilers count 16 or 32 bytes
 * at a time: this pass runs over every large document.
 */
static FJ_VECTORIZE unsigned char
fj_count_marks(const unsigned char *bytes, Py_ssize_t length, Py_ssize_t counts[5])
{
    Py_ssize_t i = 0, end;
    unsigned char high = 0;
    counts[0] = counts[1] = counts[2] = counts[3] = counts[4] = 0;
    while (i < length) {
        unsigned char arrays = 0, objects = 0, commas = 0, colons = 0, backslashes = 0;
        end = length - i > 255 ? i + 255 : length;
        for (; i < end; i++) {
            unsigned char byte = bytes[i];
            arrays += byte == '[';
            objects += byte == '{';
            commas += byte == ',';
            colons += byte == ':';
            backslashes += byte == '\\';
            high |= byte;
        }
        counts[0] += arrays;
        counts[1] += objects;
        counts[2] += commas;
        counts[3] += colons;
        counts[4] += backslashes;
    }
    return high;
}

/*
 * Whether the reader's memory estimate of a document (reader.estimate_memory with
 * orjson=False, as the reader checks it) is within budget: a cost per character of
 * text (wider if any byte is past ASCII, or a \u escape may widen strings), per [,
 * {, , and :, counted over the UTF-8 bytes (the same counts as over a str's
 * characters). size is the document's length as the reader takes it (characters
 * for str).
 */
static inline int
fj_estimate_within(const char *data, Py_ssize_t length, Py_ssize_t size, int exact,
                   const fj_costs *costs, Py_ssize_t budget)
{
    Py_ssize_t counts[5], i;
    int escapes = 0;
    long long raw, text;
    double total;
    const unsigned char *bytes = (const unsigned char *)data;
    unsigned char high = fj_count_marks(bytes, length, counts);
    if (counts[4] > 0) {
        for (i = 0; i + 1 < length && !escapes; i++) {
            escapes = bytes[i] == '\\' && bytes[i + 1] == 'u';
        }
    }
    raw = (high & 0x80) ? 4 : 1;
    text = costs->text + raw + (escapes ? 4 : raw);
    total = (double)text * (double)size + (double)costs->array * (double)counts[0]
        + (double)costs->object * (double)counts[1]
        + (double)(exact ? costs->exact_value : costs->value) * (double)counts[2]
        + (double)costs->member * (double)counts[3];
    return total <= (double)budget;
}

/* What a module's bind() stores for its codecs. */
typedef struct {
    int bound;
    fj_limits limits; /* the module's, for codecs called without theirs */
    fj_costs costs;
} fj_state;

/*
 * An encoder's entry point, called with (value[, max_depth]): the document's bytes
 * from write, or None to give up.
 */
static inline PyObject *
fj_encode_document(const fj_state *state, int (*write)(fj_buf *, PyObject *, int),
                   PyObject *const *args, Py_ssize_t nargs)
{
    fj_buf b;
    int max_depth;
    PyObject *result;
    if (fj_arguments(args, nargs, state->limits.max_depth, &max_depth) < 0) {
        return NULL;
    }
    if (!state->bound) {
        PyErr_SetString(PyExc_RuntimeError, "bind() was not called");
        return NULL;
    }
    fj_buf_init(&b, max_depth);
    result = write(&b, args[0], 0) < 0 ? Py_NewRef(Py_None) : fj_buf_bytes(&b);
    fj_buf_free(&b);
    return result;
}

/*
 * A decoder's entry point, called with (data[, limits]): the object read, or None
 * to give up. A document past the limits a glance can tell is read only if the
 * reader's memory estimate (of exact numbers where exact) is within the budget.
 */
static inline PyObject *
fj_decode_document(const fj_state *state, PyObject *(*read)(fj_reader *), int exact,
                   PyObject *const *args, Py_ssize_t nargs)
{
    fj_limits limits;
    Py_buffer view;
    const char *bytes;
    Py_ssize_t length, size;
    fj_reader r;
    PyObject *result = NULL;
    if (nargs == 1) {
        limits = state->limits;
    }
    else if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "a decoder takes (data, limits=None)");
        return NULL;
    }
    else if (fj_limits_from(args[1], &limits) < 0) {
        return NULL;
    }
    if (!state->bound) {
        PyErr_SetString(PyExc_RuntimeError, "bind() was not called");
        return NULL;
    }
    if (fj_document(args[0], &view, &bytes, &length, &size) < 0) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (size <= limits.max_input_bytes
        && (fj_within(&limits, size)
            || fj_estimate_within(bytes, length, size, exact, &state->costs,
                                  limits.max_graph_bytes))) {
        fj_reader_init(&r, bytes, length, limits.max_depth);
        result = read(&r);
        if (result != NULL && fj_peek(&r) != -1) {
            Py_CLEAR(result);
        }
        fj_reader_free(&r);
    }
    fj_release(&view);
    if (result == NULL) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_Exception)) {
            return NULL; /* KeyboardInterrupt, SystemExit: not the document's */
        }
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    return result;
}

#endif /* FORYJSON_NATIVE_H */
