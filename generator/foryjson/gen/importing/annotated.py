"""Reading a foryjson export back through its ``x-foryjson`` annotations.

The JSON Schema export writes, next to the standard keywords, the schema file in the
schema language: the root of every document holds the module's name and its file with
the models named in order (``{"module": ..., "file": ...}``), and the ``$defs`` entry
of each model holds the model's definition. When the documents given together are
such an export and hold every model of one module, the file is written back from the
annotations, key for key, and generates the same code as the original.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from .keywords import escape_pointer
from .parts import Warning
from .text import MARKER, MODELINE, plain_text, quote

ANNOTATION = "x-foryjson"

# Keys written without quotes: names that YAML 1.1 reads as text.
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\Z")
_YAML_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})


#: Keys whose values name Python code: a model's ``validator`` and ``python`` binding,
#: a field's ``codec``. Imported documents may come from anyone, so these are kept
#: only when the user says the documents' code references are trusted.
CODE_KEYS = ("validator", "python")
FIELD_CODE_KEYS = ("codec",)


def without_code(
    written: dict[str, object], sources: Sequence[tuple[str, object]]
) -> tuple[dict[str, object], list[Warning], list[str]]:
    """The schema file with every reference to Python code left out, the warnings
    that name each one, and the YAML comments that record them."""
    models = written.get("models")
    if not isinstance(models, dict):
        return written, [], []
    module = ""
    for _, document in sources:
        note = document.get(ANNOTATION) if isinstance(document, dict) else None
        if isinstance(note, dict) and isinstance(note.get("module"), str):
            module = note["module"]
            break
    file = sources[0][0] if sources else ""
    warnings: list[Warning] = []
    comments: list[str] = []
    kept: dict[str, object] = {}
    for name, entry in models.items():
        if not isinstance(entry, dict):
            kept[name] = entry
            continue
        base = f"/$defs/{escape_pointer(f'{module}.{name}')}/{ANNOTATION}"
        model = {key: value for key, value in entry.items() if key not in CODE_KEYS}
        left = [(f"{base}/{key}", key, entry[key]) for key in CODE_KEYS if key in entry]
        fields = entry.get("fields")
        if isinstance(fields, dict):
            clean: dict[str, object] = {}
            for field_name, spec in fields.items():
                if isinstance(spec, dict) and any(k in spec for k in FIELD_CODE_KEYS):
                    where = f"{base}/fields/{escape_pointer(str(field_name))}"
                    left += [
                        (f"{where}/{key}", key, spec[key])
                        for key in FIELD_CODE_KEYS
                        if key in spec
                    ]
                    spec = {k: v for k, v in spec.items() if k not in FIELD_CODE_KEYS}
                clean[field_name] = spec
            model["fields"] = clean
        for pointer, key, value in left:
            message = (
                f"{key} {value!r} names Python code; left out (pass --trust-code"
                " to keep the code references of documents you trust)"
            )
            warnings.append(Warning(file, pointer, message))
            comments.append(f"# left out: {plain_text(f'{name}: {key} {value!r}')}")
        kept[name] = model
    return {**written, "models": kept}, warnings, comments


def schema_file(sources: Sequence[tuple[str, object]]) -> dict[str, object] | None:
    """The schema file the documents' annotations describe, or None.

    None unless every document carries the same module annotation and the models it
    names all have their definitions in the documents' ``$defs``.
    """
    module: object = None
    file: object = None
    for _, document in sources:
        if not isinstance(document, dict):
            return None
        note = document.get(ANNOTATION)
        if not isinstance(note, dict) or not isinstance(note.get("file"), dict):
            return None
        if file is None:
            module, file = note.get("module"), note["file"]
        elif (note.get("module"), note["file"]) != (module, file):
            return None
    if not isinstance(module, str) or not isinstance(file, dict):
        return None
    names = file.get("models", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    found: dict[str, object] = {}
    for _, document in sources:
        assert isinstance(document, dict)
        defs = document.get("$defs")
        if not isinstance(defs, dict):
            continue
        for name in names:
            entry = defs.get(f"{module}.{name}")
            if isinstance(entry, dict) and ANNOTATION in entry:
                found.setdefault(name, entry[ANNOTATION])
    if any(name not in found for name in names):
        return None
    result = dict(file)
    if "models" in file:
        result["models"] = {name: found[name] for name in names}
    return result


def text(
    written: dict[str, object], sources: Sequence[str], comments: Sequence[str] = ()
) -> str | None:
    """The YAML of a schema file, after the header's ``comments``; None if it nests
    too deeply to write."""
    lines = [
        f"{MARKER} from {', '.join(plain_text(s) for s in sources)}.",
        MODELINE,
        *comments,
    ]
    try:
        lines += _block(written, "")
    except RecursionError:
        return None
    return "\n".join(lines) + "\n"


def _block(mapping: Mapping[Any, object], indent: str) -> list[str]:
    """A mapping in block style; lists and scalars in flow style."""
    lines = []
    for key, value in mapping.items():
        head = f"{indent}{_key(key)}:"
        if isinstance(value, dict) and value:
            lines.append(head)
            lines += _block(value, indent + "  ")
        else:
            lines.append(f"{head} {_flow(value)}")
    return lines


def _flow(value: object) -> str:
    if isinstance(value, dict):
        items = ", ".join(f"{_key(key)}: {_flow(item)}" for key, item in value.items())
        return f"{{{items}}}"
    if isinstance(value, list):
        return f"[{', '.join(_flow(item) for item in value)}]"
    if value is None or isinstance(value, bool | int | str):
        return quote(value)
    if isinstance(value, Decimal) and value.is_finite():
        return _number(str(value))
    if isinstance(value, float) and math.isfinite(value):
        # The digits of the document where its reader kept them (WrittenFloat).
        written = getattr(value, "written", None)
        if isinstance(written, str) and _JSON_NUMBER.match(written):
            return _number(written)
        return _number(repr(value))
    return quote(str(value))


def _number(text: str) -> str:
    """A number as YAML 1.1 reads it: a dot in the mantissa, a sign in the exponent."""
    mantissa, e, exponent = text.partition("e" if "e" in text else "E")
    if not e:
        return text
    if "." not in mantissa:
        mantissa += ".0"
    if exponent[:1] not in ("+", "-"):
        exponent = "+" + exponent
    return f"{mantissa}{e}{exponent}"


def _key(key: object) -> str:
    text = str(key)
    if _PLAIN_KEY.match(text) and text.lower() not in _YAML_WORDS:
        return text
    return quote(text)
