"""For tests about the Python codecs of ``generated/``, whichever run they are in.

``python -m tests`` runs the suite on the compiled codecs and again with
``FORYJSON_PURE=1``. A test about the Python codecs' own paths (which writer or reader
they choose, what they call) sets the compiled ones aside for its duration with
``python_codecs``; a test of the compiled ones checks the module's ``NATIVE``.
"""

from __future__ import annotations

from types import ModuleType

import pytest


def python_codecs(monkeypatch: pytest.MonkeyPatch, *modules: ModuleType) -> None:
    """Make ``modules`` write and read with their Python codecs until the test ends,
    as ``FORYJSON_PURE=1`` does: their methods' and their codecs' compiled encoders
    and decoders are set to None."""
    for module in modules:
        for name in vars(module):
            if name.startswith("_native_"):
                monkeypatch.setattr(module, name, None)
        for codec in getattr(module, "CODECS", ()):
            for slot in ("native", "native_read"):
                if getattr(codec, slot, None) is not None:
                    monkeypatch.setattr(codec, slot, None)
