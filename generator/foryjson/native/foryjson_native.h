/*
 * foryjson_native.h: what every C source that foryjson-gen --native writes shares.
 *
 * foryjson_write.h holds the UTF-8 buffer and the writers the encoders use,
 * foryjson_read.h the strict reader the decoders use; this header adds what both
 * need: slot access, and the arguments and limits of the entry points.
 */
#ifndef FORYJSON_NATIVE_H
#define FORYJSON_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <math.h>
#include <string.h>

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

#include "foryjson_write.h"
#include "foryjson_read.h"

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
 * A document over max_input_bytes, or past what the graph estimate allows at a
 * glance (size * most_per_char), is the Python reader's: it names the limit, or
 * estimates the graph more closely.
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

#endif /* FORYJSON_NATIVE_H */
