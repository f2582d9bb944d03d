"""The arena's games kept in the history (``--history``) as they are played, and taken back (``--resume``).

Each game is kept as a match between programs (no human seat), together with its **key**, which places it in its
plan: a fingerprint of what decides the games (the players, the rules, whole matches or hands, the tables), then the
plan's seed, the table, the deal set and the rotation of the seats. The same command with the same seed makes the
same keys, whatever ``--games`` says, so a measurement stopped midway (Ctrl-C) continues where it stopped, and a
longer one reuses what a shorter one played. The arena's own result of each game (faults, move times) is kept with
the key as JSON, so the report of a resumed run counts the kept games exactly as it counted them when they were
played. A deal set is taken back only whole (both games of a pair), so pairs stay paired.

Games are written a deal set at a time, as each finishes, each game in one transaction with its key.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from typing import IO, Any

from briscola.arena.play import GameResult, Plan
from briscola.store.history import History

__all__ = ["Keeper", "game_key", "plan_prefix", "result_from_json", "result_to_json"]


def plan_prefix(plan: Plan) -> str:
    """The start of every key of ``plan``: ``arena1:FINGERPRINT:SEED/``."""
    facts = {
        "specs": list(plan.specs),
        "rules": plan.rules.to_dict(),
        "whole_match": plan.whole_match,
        "tables": [list(table) for table in plan.tables],
    }
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"), default=str)
    return f"arena1:{hashlib.sha256(text.encode()).hexdigest()[:16]}:{plan.seed}/"


def game_key(plan: Plan, table: int, deal_set: int, rotation: int) -> str:
    """The key of one game: the plan's prefix, then table, deal set and rotation."""
    return f"{plan_prefix(plan)}{table}/{deal_set}/{rotation}"


def result_to_json(result: GameResult) -> str:
    """The arena's result of a game as JSON, without its record (the history holds that) nor what Campione saw."""
    data = dataclasses.asdict(dataclasses.replace(result, record=None, observations=()))
    data.pop("record")
    data.pop("observations")
    return json.dumps(data, separators=(",", ":"))


def result_from_json(text: str) -> GameResult:
    """A game's result from :func:`result_to_json`; ValueError (or KeyError, TypeError) if it isn't one."""
    data: dict[str, Any] = json.loads(text)
    return GameResult(
        table=int(data["table"]),
        deal_set=int(data["deal_set"]),
        players=tuple(int(p) for p in data["players"]),
        sides=tuple(int(s) for s in data["sides"]),
        shares=tuple(float(s) for s in data["shares"]),
        won=tuple(bool(w) for w in data["won"]),
        points=tuple(int(p) for p in data["points"]),
        faults=tuple(int(f) for f in data["faults"]),
        fault_notes=tuple(str(n) for n in data["fault_notes"]),
        exits=tuple(int(e) for e in data["exits"]),
        exit_notes=tuple(str(n) for n in data["exit_notes"]),
        times=tuple(tuple(float(t) for t in times) for times in data["times"]),
        finished=bool(data["finished"]),
    )


class Keeper:
    """The history a run writes to: :meth:`__call__` keeps a deal set's games (``run_plan``'s ``on_set``)."""

    def __init__(self, history: History, plan: Plan, preset: str, err: IO[str]) -> None:
        self.history = history
        self.plan = plan
        self.preset = preset
        self.err = err

    def __call__(self, order: int, results: Sequence[GameResult]) -> bool:
        """Keep every game of one deal set; never asks to stop."""
        for rotation, result in enumerate(results):
            if result.record is None:
                continue
            key = game_key(self.plan, result.table, result.deal_set, rotation)
            self.history.keep_arena_game(result.record, preset=self.preset, key=key, result=result_to_json(result))
        self.report_problems()
        return False

    def report_problems(self) -> None:
        for problem in self.history.take_problems():
            self.err.write(problem.message() + "\n")

    def kept_sets(self) -> dict[tuple[int, int], list[GameResult]]:
        """The deal sets of the plan the history holds whole, by (table, deal set), games in rotation order."""
        prefix = plan_prefix(self.plan)
        games: dict[tuple[int, int], dict[int, GameResult]] = {}
        for key, text in self.history.arena_games(prefix).items():
            try:
                table, deal_set, rotation = (int(part) for part in key[len(prefix) :].split("/"))
                result = result_from_json(text)
            except (ValueError, KeyError, TypeError):
                continue  # not one of ours after all: play that game again
            games.setdefault((table, deal_set), {})[rotation] = result
        size = self.plan.set_size
        return {
            place: [rotations[r] for r in range(size)]
            for place, rotations in games.items()
            if len(rotations) == size and all(r in rotations for r in range(size))
        }
