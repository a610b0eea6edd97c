"""What the two runs of ``python -m tests`` need of the whole suite.

With ``FORYJSON_PURE`` set (the pure run), every generated module uses its Python
codecs, those that tests/test_native.py builds into a temporary package too. Its
tests that use that package compare the compiled encoders with the Python ones, so
there they skip, saying why; the compiled run runs them. Tests about one mode of
``generated/`` check the module's ``NATIVE`` themselves (see tests/native_mode.py).
"""

from __future__ import annotations

import pytest

from foryjson.native import ENVIRONMENT_VARIABLE, pure

#: Test files whose fixture of this name is a package of compiled modules.
_COMPILED_FIXTURES = {"test_native.py": "package"}


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not pure():
        return
    skip = pytest.mark.skip(
        reason=f"${ENVIRONMENT_VARIABLE} is set: the compiled encoders are not used"
        " (python -m tests runs this in its compiled run)"
    )
    for item in items:
        fixture = _COMPILED_FIXTURES.get(item.path.name)
        if fixture is not None and fixture in getattr(item, "fixturenames", ()):
            item.add_marker(skip)
