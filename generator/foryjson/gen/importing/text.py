"""Names and YAML text of an imported schema file.

Every text of the source reaches the file as a double-quoted YAML scalar (``quote``)
or as an escaped one-line comment (``plain_text``); names that become Python names are
made of ASCII letters, digits and underscores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

import yaml

from .. import naming
from ..schema import type_name_problem

#: The first line of every imported file; files without it are never overwritten.
MARKER = "# Imported by foryjson-gen import"
MODELINE = "# yaml-language-server: $schema=foryjson-schema.json"


def module_name(path: Path) -> str:
    """The module an imported file becomes by default: its stem in snake_case."""
    stem = path.name.split(".")[0]
    name = "_".join(naming.words(stem)) or "imported"
    if not name.isidentifier() or not name.isascii():
        name = re.sub(r"\W", "_", name.encode("ascii", "replace").decode())
    return name if name[:1].isalpha() else f"m_{name}"


def type_name(text: str) -> str:
    """A PascalCase enum, model or root name for a definition's name."""
    if type_name_problem(text) is None:
        return text
    words = [word for word in naming.words(text) if word.isascii()]
    name = "".join(word[:1].upper() + word[1:] for word in words)
    name = re.sub(r"[^A-Za-z0-9]", "", name)
    if not name[:1].isalpha():
        name = "Model" + name
    return name if type_name_problem(name) is None else name + "Model"


def plain_text(text: str) -> str:
    """Text for a YAML comment: one line, every unprintable character escaped."""
    return "".join(
        char if char.isprintable() else ascii(char)[1:-1] for char in str(text)
    )


def quote(value: object) -> str:
    """A YAML scalar for ``value``: a double-quoted string, number, bool or null."""
    if isinstance(value, str):
        text = yaml.safe_dump(
            value, default_style='"', width=1_000_000, allow_unicode=True
        )
        return text.rstrip("\n")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return json.dumps(value)


def comment_lines(notes: Iterable[str], indent: str) -> list[str]:
    """YAML comment lines, one per note."""
    return [f"{indent}# {plain_text(note)}" for note in notes]
