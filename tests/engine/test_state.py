"""The engine's layering: one state module under the rule helpers, no import circle, and one way to build a world."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

from briscola.engine import PRESETS, Game
from briscola.engine.sampling import sample_world

ENGINE = Path(__file__).resolve().parents[2] / "briscola" / "engine"


def engine_imports() -> dict[str, set[str]]:
    """Every engine module with the modules it imports, counting imports inside functions and ``if`` blocks."""
    graph: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
                imported.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[path.stem] = imported
    return graph


def test_engine_modules_import_in_one_direction() -> None:
    graph = engine_imports()
    inner = {
        name: {target.removeprefix("briscola.engine.") for target in targets} & (graph.keys() - {"__init__"})
        for name, targets in graph.items()
        if name != "__init__"
    }
    finished: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import circle: {' -> '.join((*path, name))}"
        if name in finished:
            return
        for target in inner[name]:
            visit(target, (*path, name))
        finished.add(name)

    for name in inner:
        visit(name, ())
    # The helpers know the state, never the game that drives them.
    for helper in ("auction", "options", "scoring", "views", "state"):
        assert "game" not in inner[helper], helper


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    for name, targets in engine_imports().items():
        for target in targets:
            top = target.split(".")[0]
            if top == "briscola":
                assert target.startswith("briscola.engine"), f"{name} imports {target}"
            else:
                assert top in sys.stdlib_module_names or top == "__future__", f"{name} imports {target}"


def test_a_sampled_world_has_every_attribute_of_a_game_and_plays_on() -> None:
    rng = random.Random(3)
    for name, rules in PRESETS.items():
        game = Game(rules, seed=11)
        for _ in range(12):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        seat = game.to_move if game.to_move is not None else 0
        world = sample_world(game.view(seat), rng)
        assert vars(world).keys() == vars(game).keys(), name
        assert world.seed is None and world.actions == []
        while world.legal_actions() and world.phase is game.phase:
            world.apply(rng.choice(world.legal_actions()))
