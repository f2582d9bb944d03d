"""Campione learns the players it meets in the arena (``--learn``), and the history keeps what it learned.

A Campione seat facing another player in a two-player game (a bot program, or one of our levels) learns that
player's card choices (:mod:`briscola.ai.opponent`) from what its own seat saw of each hand. The model is kept in the
history (``--history``) under ``('bot', name)``: a bot program by the name it gives itself in ``hello`` (so the same
program run by another command line is the same opponent), one of our levels by its name (``medio``); players that
share a name share a model. Campione against Campione learns nothing.

**The scheme, whatever ``--jobs`` says.** Every game of the run is played with the models as they were when it began
(:attr:`~briscola.arena.play.Plan.opponent_models`, the same in every worker), so the results stay a pure function of
the plan. Each game sends back the hands Campione saw (:attr:`~briscola.arena.play.GameResult.observations`) and the
main process learns them *in plan order*: a deal set that finishes early waits for those before it. After every deal
set learned the models are kept, so a run interrupted keeps what it had learned; as the run ends (or is interrupted)
the sets still waiting are learned too, in plan order among themselves. So the same plan, played whole, leaves the
same models with one worker or many; and ``--resume`` skips the sets kept before, which were learned then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import IO, Final

from briscola.ai.opponent import Observation, OpponentModel
from briscola.arena.play import ArenaError, GameResult, Plan, display_name
from briscola.match.learning import is_campione
from briscola.store.history import History
from briscola.text.i18n import _

__all__ = ["BOT", "ArenaLearning", "learned_players"]

#: The history's kind of owner for a program (our levels included).
BOT: Final = "bot"


def learned_players(plan: Plan, names: Mapping[str, str]) -> dict[int, str]:
    """The players Campione learns in ``plan`` (by index), each with the name its model is kept under: every player
    that meets a Campione at a two-player table and is not one. ``names`` are the seats' own names by spec (a bot's
    from its ``hello``). :class:`ArenaError` if there is none: ``--learn`` would do nothing."""
    found: dict[int, str] = {}
    if plan.rules.players == 2:
        for table in plan.tables:
            for learner, subject in ((table[0], table[1]), (table[1], table[0])):
                spec = plan.specs[subject]
                if is_campione(plan.specs[learner]) and not is_campione(spec):
                    found[subject] = names.get(spec) or display_name(spec)
    if not found:
        raise ArenaError(_("--learn needs Campione playing another player, in a game of two players"))
    return found


class ArenaLearning:
    """The models of a run's ``players`` (index -> kept name), read from ``history`` as it begins, learned in plan
    order from the deal sets of ``orders`` (:func:`~briscola.arena.play.set_orders`) and kept there (see the
    module)."""

    def __init__(self, history: History, players: Mapping[int, str], orders: Sequence[int], err: IO[str]) -> None:
        self.history = history
        self.players = dict(players)
        self.err = err
        self.models: dict[str, OpponentModel] = {}
        for owner in dict.fromkeys(self.players.values()):
            model, problem = history.opponent_model(BOT, owner)
            if problem is not None:
                err.write(problem.message() + "\n")
            self.models[owner] = model
        self._orders = list(orders)
        self._next = 0
        self._waiting: dict[int, list[GameResult]] = {}

    def plan_models(self) -> tuple[tuple[int, str], ...]:
        """The models as the run begins, for the plan (:attr:`~briscola.arena.play.Plan.opponent_models`)."""
        texts = {owner: model.to_json() for owner, model in self.models.items()}
        return tuple((player, texts[owner]) for player, owner in sorted(self.players.items()))

    @property
    def hands(self) -> dict[str, int]:
        """The hands each model has learned, by name."""
        return {owner: model.hands for owner, model in self.models.items()}

    def __call__(self, order: int, results: Sequence[GameResult]) -> None:
        """A deal set played (``run_plan``'s ``on_set``): learn every set now in plan order, and keep the models."""
        self._waiting[order] = list(results)
        learned = False
        while self._next < len(self._orders) and self._orders[self._next] in self._waiting:
            learned = self._learn(self._waiting.pop(self._orders[self._next])) or learned
            self._next += 1
        if learned:
            self._keep()

    def finish(self) -> None:
        """The run is over (or stopped): learn the sets still waiting, in plan order, and keep the models."""
        learned = False
        for order in sorted(self._waiting):
            learned = self._learn(self._waiting.pop(order)) or learned
        if learned:
            self._keep()

    def _learn(self, results: Sequence[GameResult]) -> bool:
        observations: list[tuple[int, Observation]] = [seen for result in results for seen in result.observations]
        for player, observation in observations:
            owner = self.players.get(player)
            if owner is not None:
                self.models[owner].learn(observation)
        return bool(observations)

    def _keep(self) -> None:
        for owner, model in self.models.items():
            self.history.keep_opponent_model(BOT, owner, model)
        for problem in self.history.take_problems():
            self.err.write(problem.message() + "\n")
