"""The shape of generated code before rendering: functions as lists of source lines."""

from __future__ import annotations

from dataclasses import dataclass

INDENT = "    "


def indent(lines: list[str], levels: int = 1) -> list[str]:
    """Indent source lines by ``levels`` steps of four spaces."""
    return [INDENT * levels + line for line in lines]


@dataclass
class Function:
    """A generated module-level function: ``def name(params) -> returns:`` and a body."""

    name: str
    params: str
    returns: str
    body: list[str]
    doc: str | None = None
