"""Render a module: plan it, lay the plan out through the templates, format it.

``templates/module.py.jinja`` is the entry point; it imports one template per
concern (classes, functions, containers, statements, patterns). The plan it reads is
built by ``planner.plan_module``; black formats the result (see ``formatting``).
"""

from __future__ import annotations

from . import templating
from .formatting import format_source
from .ir import ModuleDef
from .planner import plan_module

TEMPLATE = "module.py.jinja"


def render_module(
    module: ModuleDef, all_modules: dict[str, ModuleDef], runtime: str = "foryjson"
) -> str:
    """The formatted source of one generated module.

    ``runtime`` is the package its imports of the runtime name: ``foryjson``, or a
    relative one such as ``.._foryjson_runtime`` for a vendored copy.
    """
    return format_source(render_source(module, all_modules, runtime))


def render_source(
    module: ModuleDef, all_modules: dict[str, ModuleDef], runtime: str = "foryjson"
) -> str:
    """The source of one generated module as the templates write it, not formatted."""
    plan = plan_module(module, all_modules, runtime)
    return templating.render(TEMPLATE, plan=plan)
