"""``--learn`` (issue 36): Campione learns the player it meets in the arena, a bot program by the name it gives in
``hello`` or a level by its name, and the history keeps the model under ``('bot', name)``; a second run goes on from
it (the hands add up); the hands are learned in plan order whatever order the deal sets finish in; and ``--learn``
asks for a history and for Campione facing another player."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from briscola.ai import levels
from briscola.ai.opponent import OpponentModel
from briscola.ai.search import SearchPlayer
from briscola.ai.simple import Player
from briscola.arena.command import main
from briscola.arena.learn import BOT, ArenaLearning, learned_players
from briscola.arena.play import ArenaError, GameResult, build_plan, run_plan
from briscola.engine import preset
from briscola.match import seats as seats_module
from briscola.match.learning import hand_observations
from briscola.store.history import History


@pytest.fixture
def quick_campione(monkeypatch: pytest.MonkeyPatch) -> list[SearchPlayer]:
    """Campione at its least think time (in this process: these runs use one job), so a game takes a second; the
    search players made, to look at."""
    made = levels.make_player
    searchers: list[SearchPlayer] = []

    def quick(spec: str, rng: random.Random) -> Player:
        player = made(spec, rng)
        if isinstance(player, SearchPlayer):
            player.time_limit = 0.0
            searchers.append(player)
        return player

    monkeypatch.setattr(seats_module, "make_player", quick)
    return searchers


def _hands(path: Path, owner: str) -> int:
    history, _ = History.open(path)
    assert history is not None
    model, problem = history.opponent_model(BOT, owner)
    history.close()
    assert problem is None
    return model.hands


def test_campione_learns_a_bot_program_by_its_name_and_a_second_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], quick_campione: list[SearchPlayer]
) -> None:
    path = tmp_path / "h.sqlite3"
    bot = f"external:{sys.executable} -m briscola.bot --level greedy --name pal"
    argv = ["campione", bot, "--games", "2", "--history", str(path), "--learn"]
    assert main([*argv, "--seed", "3"]) == 0
    assert _hands(path, "pal") == 2  # one hand a game, the seats swapped: two hands of the bot's
    assert "Campione has learned 2 hands of pal." in capsys.readouterr().err
    quick_campione.clear()
    assert main([*argv, "--seed", "4"]) == 0
    assert _hands(path, "pal") == 4
    # The second run's two games were played with the model as the run began (the third Campione made is the trial
    # check_players makes of every spec, which plays nothing).
    assert sum(1 for p in quick_campione if p.opponent is not None and p.opponent.hands == 2) == 2


@pytest.mark.usefixtures("quick_campione")
def test_campione_learns_a_level_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    assert main(["greedy", "6", "--games", "2", "--history", str(path), "--learn", "--json"]) == 0
    assert _hands(path, "greedy") == 2
    assert _hands(path, "campione") == 0


def test_learn_needs_a_history_and_campione_facing_another_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["campione", "greedy", "--learn"]) == 2
    assert "--learn needs --history" in capsys.readouterr().err
    assert main(["medio", "greedy", "--learn", "--history", str(tmp_path / "h.sqlite3")]) == 2
    assert "--learn needs Campione" in capsys.readouterr().err
    plan = build_plan(["campione", "campione"], preset("classic"), 2, seed=1)
    with pytest.raises(ArenaError):
        learned_players(plan, {})


def _results_with_hands() -> list[list[GameResult]]:
    """Two deal sets of greedy against random, each game carrying random's hands as greedy saw them."""
    plan = dataclasses.replace(build_plan(["greedy", "random"], preset("classic"), 4, seed=2), keep_records=True)
    results = run_plan(plan)
    sets: list[list[GameResult]] = [[], []]
    for result in results:
        assert result.record is not None
        from briscola.engine.game import Game

        game = Game(result.record.rules, result.record.seed)
        for action in result.record.actions:
            game.apply(action)
        seat = result.sides.index(0)  # greedy's seat (one seat per side in classic)
        seen = tuple((1, hand) for hand in hand_observations(game, seat))
        sets[result.deal_set].append(dataclasses.replace(result, observations=seen))
    return sets


def test_hands_are_learned_in_plan_order_whatever_order_the_sets_finish_in(tmp_path: Path) -> None:
    sets = _results_with_hands()
    models = []
    for arrival in ([0, 1], [1, 0]):
        history, _ = History.open(tmp_path / f"h{arrival[0]}.sqlite3")
        assert history is not None
        learning = ArenaLearning(history, {1: "random"}, [0, 1], err=open(tmp_path / "err", "w"))  # noqa: SIM115
        first = arrival[0]
        learning(first, sets[first])
        assert learning.hands["random"] == (2 if first == 0 else 0)  # set 1 waits for set 0
        learning(arrival[1], sets[arrival[1]])
        learning.finish()
        assert learning.hands["random"] == 4
        models.append(history.opponent_model(BOT, "random")[0].to_json())
        history.close()
    assert models[0] == models[1]
    assert OpponentModel.from_json(models[0]).hands == 4
