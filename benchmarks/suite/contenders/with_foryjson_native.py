"""foryjson, compiled: the generated modules with ``--native``, built at setup.

The same schemas as the ``foryjson`` contender, generated with ``foryjson-gen --native``
and compiled (:mod:`benchmarks.suite.native`, which checks that every module with a C
source runs it), used through the classes' own ``to_json_bytes`` and ``from_json``, as
an application calls them: the compiled code where a model has it, the module's Python
code elsewhere. The timing and cold-start processes run with
``FORYJSON_BACKEND=stdlib``, so that Python code is the ``foryjson`` contender's and
the ratios show what compiling adds. Byte arrays
are root values written by the runtime's ``foryjson.binary`` functions, which
nothing generates or compiles (the ``foryjson`` rows time them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks.suite import native, workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.workloads import SIZES_KB

MODULES = native.load()
media, users, clients, orders, filetree = (MODULES[name] for name in native.SCHEMAS)


def _codec(
    build: Callable[[Any, dict[str, Any]], Any],
    models: Any,
    root: Any,
    exact: bool = True,
    capabilities: str = "",
) -> Codec:
    # The root class's own methods: for the file tree, the base class writes the
    # "type" property of every node.
    encode: Callable[[Any], bytes] = root.to_json_bytes
    decode: Callable[[bytes], Any] = root.from_json

    def build_from(data: Any) -> Any:
        return build(models, data)

    return Codec(build_from, encode, decode, exact, True, capabilities)


_users = _codec(workloads.build_users, users, users.Users)
_clients = _codec(workloads.build_clients, clients, clients.Clients)

CONTENDER = Contender(
    name="foryjson-native",
    description=(
        "generated modules with --native, compiled, through to_json_bytes and"
        " from_json (the Python code where a model has no compiled code)"
    ),
    distributions=("foryjson",),
    codecs={
        "media": _codec(workloads.build_media, media, media.MediaContent),
        **{f"users_{size}": _users for size in SIZES_KB},
        **{f"clients_{size}": _clients for size in SIZES_KB},
        "orders": _codec(workloads.build_order, orders, orders.Order),
        "filetree": _codec(
            workloads.build_node,
            filetree,
            filetree.Node,
            exact=False,
            capabilities="UTC written as Z and compact separators, as foryjson",
        ),
    },
    unsupported={
        f"bytes_{form}": "root byte arrays are the runtime's binary functions,"
        " nothing generated or compiled (see foryjson)"
        for form in workloads.BYTE_FORMS
    },
    path=(str(native.build()),),
)
