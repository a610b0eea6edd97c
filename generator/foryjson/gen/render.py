"""Render a module: plan it, lay the plan out through the templates, format it.

``templates/module.py.jinja`` is the entry point; it imports one template per
concern (classes, functions, containers, statements, patterns). The plan it reads is
built by ``planner.plan_module``; black formats the result (see ``formatting``).
"""

from __future__ import annotations

from . import templating
from .formatting import format_source
from .ir import ModuleDef
from .native import plan_native
from .planner import plan_module

TEMPLATE = "module.py.jinja"
NATIVE_TEMPLATE = "native/module.c.jinja"


def render_module(
    module: ModuleDef,
    all_modules: dict[str, ModuleDef],
    runtime: str = "foryjson",
    native: bool = False,
) -> str:
    """The formatted source of one generated module.

    ``runtime`` is the package its imports of the runtime name: ``foryjson``, or a
    relative one such as ``.._foryjson_runtime`` for a vendored copy. With
    ``native`` the module loads the encoders of its C source where they are built.
    """
    return format_source(render_source(module, all_modules, runtime, native))


def render_source(
    module: ModuleDef,
    all_modules: dict[str, ModuleDef],
    runtime: str = "foryjson",
    native: bool = False,
) -> str:
    """The source of one generated module as the templates write it, not formatted."""
    plan = plan_module(module, all_modules, runtime, native)
    return templating.render(TEMPLATE, plan=plan)


def render_native(module: ModuleDef) -> str | None:
    """The C source of a module's native extension (``--native``); None when no
    model of the module has compiled codecs."""
    plan = plan_native(module)
    if not plan.models:
        return None
    return templating.render(NATIVE_TEMPLATE, plan=plan, source=module.source)
