"""foryjson.native.load with an extension that does not fit the module: a build of
another version of the C source, whose bind() refuses the fingerprint or takes other
arguments, is not used, with a warning, and the module runs its Python codecs."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from foryjson import native


def _extension(monkeypatch: pytest.MonkeyPatch, bind: Any) -> None:
    package = types.ModuleType("fj_stale_pkg")
    package.__path__ = []
    extension = types.ModuleType("fj_stale_pkg._models_native")
    extension.bind = bind  # type: ignore[attr-defined]
    extension.encode_Thing = lambda value: b"{}"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fj_stale_pkg", package)
    monkeypatch.setitem(sys.modules, "fj_stale_pkg._models_native", extension)
    monkeypatch.delenv(native.ENVIRONMENT_VARIABLE, raising=False)


class Thing:
    __slots__ = ()


def _load() -> tuple[bool, tuple[Any, ...], tuple[Any, ...]]:
    return native.load("fj_stale_pkg.models", "_models_native", "0" * 16, (Thing,), ())


def test_a_build_of_another_source_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    _extension(monkeypatch, lambda *arguments: False)
    with pytest.warns(RuntimeWarning, match="rebuild it"):
        assert _load() == (False, (None,), (None,))


def test_a_build_whose_bind_takes_other_arguments_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def bind(*arguments: Any) -> bool:
        raise TypeError(f"bind() takes exactly 7 arguments ({len(arguments)} given)")

    _extension(monkeypatch, bind)
    with pytest.warns(RuntimeWarning, match="another version"):
        assert _load() == (False, (None,), (None,))


def test_a_fitting_build_gives_its_codecs(monkeypatch: pytest.MonkeyPatch) -> None:
    _extension(monkeypatch, lambda *arguments: True)
    used, encoders, decoders = _load()
    assert used is True and encoders[0](Thing()) == b"{}" and decoders == (None,)
