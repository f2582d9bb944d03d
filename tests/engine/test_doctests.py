"""The examples in the engine's docstrings run and give what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import briscola.engine

MODULES = sorted(info.name for info in pkgutil.iter_modules(briscola.engine.__path__, "briscola.engine."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_engine_imports_nothing_outside_the_standard_library() -> None:
    """The engine is pure rules: no pygame, no other package of the project, nothing installed."""
    import ast
    import sys
    from pathlib import Path

    allowed_roots = set(sys.stdlib_module_names) | {"briscola"}
    for path in Path(briscola.engine.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                root = name.split(".")[0]
                assert root in allowed_roots, f"{path.name} imports {name}"
                if root == "briscola":
                    assert name.startswith("briscola.engine"), f"{path.name} imports {name} from outside the engine"
