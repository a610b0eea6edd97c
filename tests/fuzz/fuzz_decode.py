"""Coverage-guided fuzzing of the generated decoders with atheris (run by hand).

Each input is decoded as one generated type, as bytes and as text. The decoder may
reject it only with ``DecodeError``; whatever it accepts must encode again, and the
encoding must decode to a value that encodes to the same text. Anything else crashes
the run and libFuzzer saves the input. See ``tests/fuzz/README.md``.

    python tests/fuzz/fuzz_decode.py [--target orders.Order] [--keep-going]
        [--findings DIR] [libFuzzer flags] [corpus...]
    python tests/fuzz/fuzz_decode.py --write-seeds [--seeds-per-model 8]

Without ``--target`` (or ``FUZZ_TARGET``) every type of every generated module is
fuzzed and the first byte of the input picks the type. With ``--keep-going`` a
failure is saved to ``--findings`` (``tests/fuzz/artifacts``) once per exception type and
raising line, and the run goes on.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pkgutil
import sys
import traceback
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
CORPUS = HERE / "corpus"
ALL = "all"

sys.path[:0] = [str(REPOSITORY), str(REPOSITORY / "generator")]


def _generated_modules() -> list[Any]:
    import generated

    names = sorted(
        info.name for info in pkgutil.walk_packages(generated.__path__, "generated.")
    )
    modules = [importlib.import_module(name) for name in names]
    return [module for module in modules if hasattr(module, "CODECS")]


def targets() -> dict[str, tuple[Any, Any]]:
    """``(facade, type)`` of every type of every generated module, by ``module.Type``."""
    from foryjson import ForyJson

    found = {}
    for module in _generated_modules():
        short = module.__name__.removeprefix("generated.")
        fory = ForyJson(module)
        for codec in module.CODECS:
            found[f"{short}.{codec.type.__name__}"] = (fory, codec.type)
    return found


def _option(argv: list[str], name: str) -> str | None:
    """Remove ``--name value`` or ``--name=value`` from argv; libFuzzer sees the rest."""
    for index, argument in enumerate(argv):
        if argument == name and index + 1 < len(argv):
            value = argv[index + 1]
            del argv[index : index + 2]
            return value
        if argument.startswith(name + "="):
            del argv[index]
            return argument.split("=", 1)[1]
    return None


def _documents(fory: Any, type_: Any, values: Any, count: int) -> list[bytes]:
    """Up to ``count`` distinct valid documents of one type."""
    from hypothesis import HealthCheck, given, settings

    documents: set[bytes] = set()

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(values)
    def collect(value: Any) -> None:
        documents.add(fory.to_json_bytes(value, type_))

    collect()
    return sorted(documents)


def write_seeds(per_model: int) -> None:
    """Write documents of every type into ``corpus/<target>/`` and ``corpus/all/``.

    Valid documents drawn from the schemas, and the hostile ones of
    ``tests/hostile_documents.py``.
    """
    from hypothesis import strategies as st

    from tests.hostile_documents import HOSTILE
    from tests.schema_strategies import all_models, for_model

    codecs = targets()
    names = list(codecs)
    strategies: dict[str, Any] = {
        f"{module}.{model.name}": for_model(module, model)
        for module, model in all_models()
    }
    for index, (name, (fory, type_)) in enumerate(codecs.items()):
        values = strategies.get(name) or st.sampled_from(list(type_))  # or an enum
        documents = _documents(fory, type_, values, per_model)
        # Documents that once got past a promise, so that mutations start near them.
        documents += [case.document.encode() for case in HOSTILE if case.target == name]
        for folder, head in ((CORPUS / name, b""), (CORPUS / ALL, bytes([index]))):
            folder.mkdir(parents=True, exist_ok=True)
            for number, document in enumerate(documents):
                (folder / f"{name}-{number}.json").write_bytes(head + document)
        print(f"{name}: {len(documents)} seeds")
    assert len(names) < 256, "the first byte picks the type"


def main() -> None:
    argv = list(sys.argv)
    if "--write-seeds" in argv:
        argv.remove("--write-seeds")
        write_seeds(int(_option(argv, "--seeds-per-model") or 8))
        return

    import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

    target = _option(argv, "--target") or os.environ.get("FUZZ_TARGET") or ALL
    with atheris.instrument_imports(include=["foryjson", "generated", "examples"]):
        from foryjson import DecodeError, EncodeError

        codecs = targets()
    from tests.test_fuzz import same  # equality that takes NaN as equal to NaN

    names = list(codecs)
    if target != ALL and target not in codecs:
        sys.exit(f"unknown target {target!r}; one of: {', '.join(names)}")

    def check(data: bytes | str, fory: Any, type_: Any) -> None:
        try:
            value = fory.from_json(data, type_)
        except DecodeError:
            return
        try:
            text = fory.to_json(value, type_)
            encoded = fory.to_json_bytes(value, type_)
        except EncodeError as error:
            message = f"accepted {data!r} but cannot encode it: {error}"
            raise AssertionError(message) from error
        assert encoded == text.encode("utf-8"), (text, encoded)
        again = fory.from_json(text, type_)
        assert same(again, value), (data, text)
        assert fory.to_json(again, type_) == text, (data, text)

    keep_going = "--keep-going" in argv
    if keep_going:
        argv.remove("--keep-going")
    artifacts = Path(_option(argv, "--findings") or HERE / "artifacts")
    seen: set[tuple[str, str]] = set()

    def one_input(data: bytes) -> None:
        if target == ALL:
            if not data:
                return
            fory, type_ = codecs[names[data[0] % len(names)]]
            data = data[1:]
        else:
            fory, type_ = codecs[target]
        check(data, fory, type_)
        # Text input may hold what bytes cannot: lone surrogates from undecodable bytes.
        check(data.decode("utf-8", "surrogateescape"), fory, type_)

    def test_one_input(data: bytes) -> None:
        if not keep_going:
            one_input(data)
            return
        try:
            one_input(data)
        except Exception as error:  # every finding is recorded
            # One report per kind of failure and place it was raised from.
            frames = traceback.extract_tb(error.__traceback__)
            where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
            signature = (type(error).__name__, where)
            if signature in seen:
                return
            seen.add(signature)
            artifacts.mkdir(parents=True, exist_ok=True)
            digest = hashlib.sha1(data).hexdigest()[:12]
            name = f"finding-{type(error).__name__}-{digest}"
            (artifacts / name).write_bytes(data)
            print(f"\n=== finding {name} ({where})", file=sys.stderr)
            traceback.print_exc()

    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
