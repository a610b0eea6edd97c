"""foryjson, compiled: the media module generated with ``--native``, alone.

The driver puts the build (:mod:`benchmarks.suite.native`) on ``PYTHONPATH`` and sets
``FORYJSON_BACKEND=stdlib``; importing the module loads its extension, and a module
that does not use it is refused, so the cold start always times the compiled code.
"""

# Built at setup, outside the repository's packages (see benchmarks.suite.native).
from generated_native.media import (  # type: ignore[import-not-found, unused-ignore]
    NATIVE,
    MediaContent,
)

if not NATIVE:
    raise ImportError("generated_native.media does not use its compiled code")


def decode(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def encode(value: MediaContent) -> bytes:
    data: bytes = value.to_json_bytes()
    return data
