"""The Jinja environment that lays out generated code, and the filters it quotes with.

Templates under ``templates/`` hold the shape of every generated statement; the values
they put into that shape come from a plan (see ``plan``). A value that came from a
schema reaches the source only through one of the quoting filters registered here,
chosen by where it lands (see ``quoting``); autoescaping, which is for HTML, is off.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2

from . import quoting


def template_folder() -> Path:
    """The templates shipped in the wheel, or the repository's own in a source checkout."""
    packaged = Path(str(resources.files("foryjson.gen"))) / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "templates"


@cache
def environment() -> jinja2.Environment:
    """The one environment every template renders in: strict, no autoescape."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_folder()),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # noqa: S701 - renders Python source, not HTML
    )
    env.filters.update(quoting.FILTERS)
    env.globals.update(docstring=quoting.docstring)
    return env


def render(template: str, **context: Any) -> str:
    """Render one template file with the given context."""
    return environment().get_template(template).render(**context)


def render_macro(template: str, macro: str, *arguments: Any) -> str:
    """Call one macro of a template file, as ``{{ macro(*arguments) }}`` would."""
    module = environment().get_template(template).module
    return str(getattr(module, macro)(*arguments))
