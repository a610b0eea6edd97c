"""What an import builds before it is written: types, fields, models, warnings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .text import plain_text


@dataclass(frozen=True)
class Warning:
    """Something the importer could not map, at a JSON pointer of a source file."""

    file: str
    pointer: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.pointer}"
        return plain_text(f"{where}: warning: {self.message}")


@dataclass
class ImportResult:
    """The text of one schema file, and what could not be mapped into it."""

    text: str
    warnings: list[Warning]
    #: Whether the documents held nothing to import (no definition, no root schema).
    empty: bool = False


@dataclass
class Mapped:
    expr: str
    format: str | None = None
    rules: dict[str, object] = field(default_factory=dict)
    nullable: bool = False


def expression(mapped: Mapped) -> str:
    """The type expression of a mapped type, with ``?`` when it is nullable."""
    return mapped.expr + ("?" if mapped.nullable else "")


@dataclass
class FieldOut:
    name: str
    json_name: str
    type: Mapped
    default: object = None
    has_default: bool = False
    doc: str | None = None
    read_only: bool = False
    write_only: bool = False
    any_properties: bool = False
    notes: list[str] = field(default_factory=list)
    #: Required and nullable: the member is always written, null included.
    always: bool = False


@dataclass
class ModelOut:
    name: str
    doc: str | None = None
    extends: str | None = None
    subtypes: tuple[str, list[tuple[str, str]]] | None = None
    fields: list[FieldOut] = field(default_factory=list)
    reject_unknown: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class Definition:
    """A named schema of the source: what it becomes and where it is."""

    file: str
    pointer: str
    schema: Any
    name: str
    kind: str  # "enum", "model" or "root"
