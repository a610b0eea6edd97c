"""Byte arrays at size 512 (workloads.md section 3) next to the bare stdlib cost.

Run ``python -m benchmarks.byte_arrays``. Each format's JSON text is checked against the
workload's SHA-256 first. "bare" is the least the standard library must do for the same
document: the json tokenizer plus binascii for the text formats, the tokenizer alone (and
json.dumps) for arrays. Reading includes tokenizing the document on both sides.
"""

from __future__ import annotations

import binascii
import hashlib
import json
from collections.abc import Callable
from typing import Any

from benchmarks.timing import paired
from foryjson import binary
from foryjson.reader import read

DATA = bytes(i & 0xFF for i in range(1, 513))
SIGNED = list(memoryview(DATA).cast("b"))
SHA256 = {
    "array": "7ca0dff9083a50de79d03067b020bb2fb7c6001fc595a922027c6bef47fe86e8",
    "base16": "2d4fe7c75106a24881c8821b7016ca7e0d516feba1305d0aee226e07495f5b64",
    "base64": "6cd546816c5b8ba97829adfcf4502231f2c969316e290b8d96db2d26c9d00a81",
}


def bare_writers() -> dict[str, Callable[[], Any]]:
    return {
        "array": lambda: json.dumps(SIGNED, separators=(",", ":")),
        "base16": lambda: '"' + DATA.hex() + '"',
        "base64": lambda: '"' + binascii.b2a_base64(DATA, newline=False).decode() + '"',
    }


def bare_readers(texts: dict[str, str]) -> dict[str, Callable[[], Any]]:
    loads = json.loads
    return {
        "array": lambda: loads(texts["array"]),
        "base16": lambda: binascii.unhexlify(loads(texts["base16"])),
        # strict_mode is new in 3.11, which the benchmarks need.
        "base64": lambda: binascii.a2b_base64(
            loads(texts["base64"]), strict_mode=True  # type: ignore[call-arg]
        ),
    }


def main() -> None:
    writers = {name: getattr(binary, f"write_{name}") for name in SHA256}
    readers = {name: getattr(binary, f"read_{name}") for name in SHA256}
    texts = {name: write(DATA) for name, write in writers.items()}
    for name, text in texts.items():
        assert hashlib.sha256(text.encode()).hexdigest() == SHA256[name], name
        assert readers[name](read(text)) == DATA, name
    bare_write, bare_read = bare_writers(), bare_readers(texts)
    print("byte arrays, 512 bytes: median of 31 alternating rounds of 2000 calls each")
    print(f"{'operation':16} {'foryjson':>10} {'bare':>10} {'ratio':>7} {'range':>13}")
    for name in SHA256:
        rows = [
            ("write", lambda n=name: writers[n](DATA), bare_write[name]),
            ("read", lambda n=name: readers[n](read(texts[n])), bare_read[name]),
        ]
        for operation, ours, bare in rows:
            result = paired(bare, ours)
            print(
                f"{name + ' ' + operation:16} {result.second * 1e6:8.2f}us"
                f" {result.first * 1e6:8.2f}us {result.ratio:6.2f}x"
                f" {result.low:5.2f}-{result.high:5.2f}x"
            )


if __name__ == "__main__":
    main()
