"""The match one click starts from the title: the last new game's choices, or the default game the first time.

The new-game scene saves its choices in the ``[game]`` table of the settings when a match starts (atomically, like
every setting), so "Play" on the title is those choices read back: the same preset, options, seats and seed. The
first time there are none, and the defaults file's ``[game]`` table (two players, classic rules, a computer of middle
strength) is the sensible default. The settings are checked as they load, one value and then the combination at a
time, so what comes here nearly always starts; but a remembered choice can still go stale (a seat list that no longer
fits, rules a later version no longer combines), and a button on the title must never crash the game. Such choices
fall back to the default game, and the reason comes back as a :class:`~.problems.Problem` naming the settings file,
as every other settings problem does.
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.engine.presets import PRESETS
from briscola.engine.ruleset import Ruleset
from briscola.store.checks import HUMAN, check_seat
from briscola.store.problems import Problem
from briscola.store.session import SettingsStore
from briscola.store.settings import game_rules
from briscola.store.settings_schema import GameSettings
from briscola.text.i18n import N_, Text

__all__ = ["QuickGame", "quick_game"]


@dataclass(frozen=True, slots=True)
class QuickGame:
    """A match ready to start: its rules, who sits where (seat specs), the seed (0: a new deal each time) and the
    preset it was chosen from; ``remembered`` is False when it is the default game rather than a player's choices."""

    rules: Ruleset
    seats: tuple[str, ...]
    seed: int
    preset: str
    remembered: bool

    @property
    def watched(self) -> bool:
        """True when nobody sits as "You": the computers play and the player watches."""
        return HUMAN not in self.seats

    @property
    def options_changed(self) -> bool:
        """True when the rules differ from the preset's (an option or the match's length chosen in New game)."""
        return self.rules != PRESETS[self.preset].with_options(players=self.rules.players)


def _started(game: GameSettings, *, remembered: bool) -> QuickGame:
    """``game`` as a match; ValueError (RulesetError is one), KeyError or TypeError for choices that can't start."""
    rules = game_rules(game)
    seats = tuple(check_seat(spec) for spec in game.seat_specs())
    if len(seats) != rules.players:
        raise ValueError(f"{len(seats)} seats for {rules.players} players")
    if seats.count(HUMAN) > 1:
        raise ValueError('more than one "human" seat')
    return QuickGame(rules, seats, game.seed, game.preset, remembered)


def quick_game(store: SettingsStore) -> tuple[QuickGame, list[Problem]]:
    """The match "Play" starts, and what was wrong with the remembered choices if they had to be replaced.

    ``remembered`` tells the player's own choices (the settings differ from the defaults file's) from the default
    game. Stale choices fall back to the defaults file's game, and if even those can't start, to the built-in one.
    """
    game = store.settings.game
    try:
        return _started(game, remembered=game != store.defaults.game), []
    except (ValueError, KeyError, TypeError) as error:
        reason = Text(N_("can't start a match ({error}); Play starts the default game"), error=error)
        problem = Problem(str(store.overlay_path), "game", reason)
    for fallback in (store.defaults.game, GameSettings()):
        try:
            return _started(fallback, remembered=False), [problem]
        except (ValueError, KeyError, TypeError):
            continue
    raise AssertionError("the built-in game settings must start a match")  # pragma: no cover
