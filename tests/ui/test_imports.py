"""The UI's imports go one way: no circle anywhere under ``briscola/ui``, and no scene imports the launcher.

Every import statement counts, those inside functions and under ``TYPE_CHECKING`` included: a circle hidden in a
function is still two modules that can't be understood, changed or tested one without the other. Scenes reach each
other through the app's navigator (:mod:`briscola.ui.navigation`), which :mod:`briscola.ui.launcher` implements.
"""

from __future__ import annotations

import ast
from pathlib import Path

import briscola

ROOT = Path(briscola.__file__).parent
UI = ROOT / "ui"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _ui_imports() -> dict[str, set[str]]:
    """Each module under briscola/ui and the modules of briscola/ui it imports (anywhere in its text)."""
    paths = {_module_name(path): path for path in UI.rglob("*.py")}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            found.update(t for t in (known(target) for target in targets) if t is not None and t != name)
        graph[name] = found
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle_under_ui() -> None:
    graph = _ui_imports()
    assert graph.get("briscola.ui.table.scene")  # the walk sees the imports
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_scene_imports_the_launcher_or_the_entry_points() -> None:
    top = {"briscola.ui.launcher", "briscola.ui.launch", "briscola.ui.shots", "briscola.ui.options"}
    for name, imported in _ui_imports().items():
        if name.startswith(("briscola.ui.menus", "briscola.ui.overlays", "briscola.ui.table", "briscola.ui.widgets")):
            assert not imported & top, name
