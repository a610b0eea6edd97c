"""The import block of a generated module, in isort's order.

Standard library imports, then the runtime's and the schema's own references, then
the sibling generated modules (relative, so the output folder can be a package
anywhere). A vendored runtime is imported relatively too, furthest package first.
"""

from __future__ import annotations

from collections.abc import Iterable

from .plan import Import
from .scalars import RUNTIME_IMPORTS, RUNTIME_MODULES
from .scope import Imported, Scope


def plan_imports(scope: Scope) -> list[list[Import]]:
    """Standard library, runtime and sibling-module imports, in groups."""
    module = scope.module
    # typing's Any, for annotations only, is imported for type checkers alone (see
    # templates/module.py.jinja).
    standard = {(source, name, "") for source, name in scope.stdlib_imports}
    if module.enums:
        standard.add(("enum", "", ""))
    if "_abc" in scope.uses:  # abstract bases
        standard.add(("abc", "ABCMeta", "_ABCMeta"))
        standard.add(("abc", "abstractmethod", "_abstractmethod"))
    scope.uses.update(("_fastwriter", "_reader", "_writer", "Codec"))
    if module.limits:
        scope.uses.add("Limits")
    runtime = {
        (scope.runtime, name, alias)
        for alias, name in RUNTIME_MODULES.items()
        if alias in scope.uses
    }
    for source, names in RUNTIME_IMPORTS:
        runtime.update(
            (f"{scope.runtime}{source.removeprefix('foryjson')}", name, "")
            for name in names
            if name in scope.uses
        )
    vendored = scope.runtime.startswith(".")
    absolute = set(scope.user_imports) if vendored else scope.user_imports | runtime
    relative = _siblings(
        module.name, {name: scope.module_alias(name) for name in module.imports}
    )
    if vendored:
        # isort's order for relative imports: furthest package first.
        relative = sorted([*relative, *isort(runtime)], key=_relative_order)
    groups = [isort(standard), isort(absolute), relative]
    return [group for group in groups if group]


def isort_key(name: str) -> tuple[int, str]:
    """isort's order of imported names: CONSTANTS, then Classes, then functions."""
    if name.isupper() and len(name) > 1:
        return 0, name
    return (1 if name[0].isupper() else 2), name


def isort(imported: Iterable[Imported]) -> list[Import]:
    """Imports in isort's order: plain ones, then one per module and per alias."""
    plain = sorted({source for source, name, _ in imported if not name})
    by_module: dict[str, list[str]] = {}
    aliased = []
    for source, name, alias in imported:
        if alias:
            aliased.append(Import(source, ((name, alias),)))  # on a line of its own
        elif name:
            by_module.setdefault(source, []).append(name)
    merged = [
        Import(source, tuple((name, "") for name in sorted(names, key=isort_key)))
        for source, names in by_module.items()
    ]
    ordered = sorted([*merged, *aliased], key=lambda item: (item.module, _names(item)))
    return [Import(source) for source in plain] + ordered


def _names(item: Import) -> str:
    """The names of an import as written, which isort orders lines by."""
    return ", ".join(
        f"{name} as {alias}" if alias else name for name, alias in item.names
    )


def _relative_order(item: Import) -> tuple[int, str, str, str]:
    package = item.module.lstrip(".")
    dots = len(item.module) - len(package)
    return -dots, package.lower(), item.module, _names(item)


def _siblings(from_module: str, targets: dict[str, str]) -> list[Import]:
    """``from . import common``: other generated modules, brought in by alias."""
    dots = "." * (from_module.count(".") + 1)
    by_source: dict[str, list[tuple[str, str]]] = {}
    for target, alias in sorted(targets.items()):
        package, _, name = target.rpartition(".")
        source = f"{dots}{package}" if package else dots
        by_source.setdefault(source, []).append((name, "" if alias == name else alias))
    return [Import(source, tuple(names)) for source, names in by_source.items()]
