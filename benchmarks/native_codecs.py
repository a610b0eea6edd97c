"""Time the native codecs against the Python ones and msgspec: paired ratios.

Generates ``schemas/media.yaml``, ``schemas/users.yaml`` and ``schemas/clients.yaml``
with ``--native`` into a temporary folder, compiles them (``foryjson.native.build``), and times both ways
of the same documents three ways in alternating rounds: the compiled codec
(``to_json_bytes``, ``from_json``), the Python codecs with orjson (what runs without
the extension), and msgspec on its own Structs. Prints the median of each round's
ratio, which the machine's load affects far less than absolute times. Then byte
arrays of 512 bytes (workloads.md section 3), each in a model of one field: the
compiled codec against the Python codecs and against the standard library's least
work for the bare value (json and binascii, as ``benchmarks/byte_arrays.py``).

    python benchmarks/native_codecs.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[1]
PACKAGE = "fj_native_bench"


def _build(folder: Path) -> None:
    from foryjson.gen.cli import main
    from foryjson.native.build import build_in_place

    schemas = folder / "schemas"
    schemas.mkdir()
    for name in ("media", "users", "clients"):
        shutil.copy(REPOSITORY / "schemas" / f"{name}.yaml", schemas)
    (schemas / "blobs.yaml").write_text(BYTES_SCHEMA)
    status = main([str(schemas), "-o", str(folder / PACKAGE), "--native"])
    assert status == 0
    build_in_place(folder / PACKAGE)
    sys.path.insert(0, str(folder))


def _per_call(function: Callable[[], object], number: int) -> float:
    return timeit.timeit(function, number=number) / number


def _cases() -> list[tuple[str, Any, Any, Any]]:
    """(workload, the native module's value, its module, msgspec's value)."""
    import msgspec  # type: ignore[import-not-found, unused-ignore]

    from benchmarks.suite import workloads
    from benchmarks.suite.contenders import with_msgspec

    media = importlib.import_module(f"{PACKAGE}.media")
    users = importlib.import_module(f"{PACKAGE}.users")
    clients = importlib.import_module(f"{PACKAGE}.clients")
    assert media.NATIVE and users.NATIVE and clients.NATIVE, "not loaded"
    cases: list[tuple[str, Any, Any, Any]] = []
    data = workloads.plain("media")[0]
    cases.append(
        (
            "media",
            media.MediaContent.from_builtins(data),
            media,
            with_msgspec.build_media(data),
        )
    )
    for size in (1, 10):
        data = workloads.plain(f"users_{size}")[0]
        cases.append(
            (
                f"users_{size}",
                users.Users.from_builtins(data),
                users,
                msgspec.convert(data, with_msgspec.Users),
            )
        )
    for size in (1, 10):
        data = workloads.plain(f"clients_{size}")[0]
        cases.append(
            (
                f"clients_{size}",
                clients.Clients.from_builtins(data),
                clients,
                msgspec.convert(data, with_msgspec.Clients),
            )
        )
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    rounds: int = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as temporary:
        _build(Path(temporary))
        print(
            f"{'workload':<10} {'way':<7} {'bytes':>7} {'native µs':>10}"
            f" {'native/py':>10} {'native/msgspec':>15} {'py/msgspec':>11}"
        )
        for workload, value, module, struct in _cases():
            for way in ("encode", "decode"):
                size, native_time, ratios = _measure(value, module, struct, rounds, way)
                print(
                    f"{workload:<10} {way:<7} {size:>7} {native_time * 1e6:>10.2f}"
                    f" {ratios[0]:>10.2f} {ratios[1]:>15.2f} {ratios[2]:>11.2f}"
                )
        _bytes_rows(rounds)


def _measure(
    value: Any, module: Any, struct: Any, rounds: int, way: str
) -> tuple[int, float, tuple[float, float, float]]:
    """The document's size, the native time per call, and the median ratios
    native/Python, native/msgspec and Python/msgspec, for ``way`` (encode or
    decode)."""
    import msgspec  # type: ignore[import-not-found, unused-ignore]

    codec = next(c for c in module.CODECS if c.type is type(value))
    document: bytes = value.to_json_bytes()
    python_write, python_read = _python_ways(module, value)
    native: Callable[[], object]
    python: Callable[[], object]
    peer: Callable[[], object]
    if way == "encode":
        encoder = msgspec.json.Encoder()
        native, python = value.to_json_bytes, python_write

        def peer() -> object:
            return encoder.encode(struct)

        assert native() == python() == document
    else:
        decoder = msgspec.json.Decoder(type(struct))

        def native() -> object:
            return type(value).from_json(document)

        python = python_read

        def peer() -> object:
            return decoder.decode(document)

        assert codec.native_read is not None and codec.native_read(document) == value
        assert python() == value
    number = max(50, int(200_000 / max(len(document), 500)))
    native_time, ratios = _median_ratios(native, python, peer, rounds, number)
    return len(document), native_time, ratios


def _python_ways(
    module: Any, value: Any
) -> tuple[Callable[[], object], Callable[[], object]]:
    """The Python codecs' encode of ``value`` and decode of its document: what
    ``to_json_bytes`` and ``from_json`` run without the extension."""
    codec = next(c for c in module.CODECS if c.type is type(value))
    document: bytes = value.to_json_bytes()
    fastwriter = module._fastwriter

    def write() -> object:
        return fastwriter.encode_bytes(
            codec.plain,
            codec.encode,
            value,
            depth=codec.depth,
            counts_depth=codec.counts_depth,
        )

    def read() -> object:
        return codec.decode_document(document)

    return write, read


def _median_ratios(
    native: Callable[[], object],
    python: Callable[[], object],
    peer: Callable[[], object],
    rounds: int,
    number: int,
) -> tuple[float, tuple[float, float, float]]:
    """The median native time per call, and the median ratios native/Python,
    native/peer and Python/peer of rounds timing the three in turn."""
    times, native_python, native_peer, python_peer = [], [], [], []
    for _ in range(rounds):
        n = _per_call(native, number)
        p = _per_call(python, number)
        m = _per_call(peer, number)
        times.append(n)
        native_python.append(n / p)
        native_peer.append(n / m)
        python_peer.append(p / m)
    median = statistics.median
    return median(times), (
        median(native_python),
        median(native_peer),
        median(python_peer),
    )


#: Byte arrays at size 512 (workloads.md section 3), each held by a model of one field.
BYTES_SCHEMA = """\
doc: One model per byte array format, for benchmarks/native_codecs.py.
models:
  ArrayOfBytes:
    fields:
      data: {type: bytes, format: array}
  Base16:
    fields:
      data: {type: bytes, format: base16}
  Base64:
    fields:
      data: bytes
"""


def _bytes_rows(rounds: int) -> None:
    """Byte arrays of 512 bytes in a model of one field: the compiled codec against
    the Python codecs and against the standard library's least work for the value
    alone (``benchmarks/byte_arrays.py``'s "bare")."""
    from benchmarks.byte_arrays import DATA, bare_readers, bare_writers
    from foryjson import binary

    blobs = importlib.import_module(f"{PACKAGE}.blobs")
    assert blobs.NATIVE, "not loaded"
    texts = {
        name: getattr(binary, f"write_{name}")(DATA)
        for name in ("array", "base16", "base64")
    }
    bare_write, bare_read = bare_writers(), bare_readers(texts)
    print(
        f"\n{'bytes 512':<14} {'way':<7} {'native µs':>10} {'native/py':>10}"
        f" {'native/bare':>12}"
    )
    models = {"array": "ArrayOfBytes", "base16": "Base16", "base64": "Base64"}
    for name, model in models.items():
        value = getattr(blobs, model)(data=DATA)
        assert value.to_json_bytes() == b'{"data":' + texts[name].encode() + b"}"
        ways = _bytes_ways(blobs, value, bare_write[name], bare_read[name])
        for way, (native, python, bare) in ways.items():
            time, ratios = _median_ratios(native, python, bare, rounds, 2000)
            print(
                f"{name:<14} {way:<7} {time * 1e6:>10.2f}"
                f" {ratios[0]:>10.2f} {ratios[1]:>12.2f}"
            )


def _bytes_ways(
    module: Any,
    value: Any,
    bare_write: Callable[[], object],
    bare_read: Callable[[], object],
) -> dict[str, tuple[Callable[[], object], ...]]:
    """For encode and decode: the compiled codec, the Python one and the bare work."""
    document: bytes = value.to_json_bytes()
    python_write, python_read = _python_ways(module, value)

    def native_read() -> object:
        return type(value).from_json(document)

    assert native_read() == python_read() == value
    return {
        "encode": (value.to_json_bytes, python_write, bare_write),
        "decode": (native_read, python_read, bare_read),
    }


if __name__ == "__main__":
    main()
