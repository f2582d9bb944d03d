"""Playing the arena's games: a plan of tables and deal sets, played on one or many processes, as per-game results.

Luck is cancelled by design: games come in *deal sets*, one deal (one seed) played once with the players in every
position of the sides (two players: the same deal twice, seats swapped), so each player holds each hand. A table
seats as many players as the ruleset has sides: two in classic, and in four-player team games too, where each player
fills a whole team (seats 0+2 against 1+3); three in ``three``; five in ``chiamata``.

Results are a pure function of the plan: every deal and every player's generator comes from its seed (by SHA-256, so
the same in every process), and results are put back in plan order, so the number of processes changes only the speed
(move times aside). External bots are the exception: each is kept alive between the games of a process (one process
per external seat, told each game afresh through ``new_hand``), so a bot with a generator of its own plays on from
where it was, and which games a process plays depends on the scheduling; ``--restart-each-game`` starts it anew for
every game, as before.

**Learning** (``--learn``, :mod:`briscola.arena.learn`): a plan may hand Campione what it learned before the run about
the players it faces (:attr:`Plan.opponent_models`); every game it plays against one of them is played with that
model, the same in every process and for the whole run, so results stay a pure function of the plan. Each game's
result carries what the Campione seat saw of that player's hands (:attr:`GameResult.observations`), for the main
process to learn in plan order.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import math
import multiprocessing
import multiprocessing.util
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from briscola import __version__
from briscola.ai.levels import PlayerSpecError, parse_level
from briscola.ai.opponent import Observation, OpponentModel
from briscola.ai.search import SearchPlayer
from briscola.engine.actions import Action, Deal
from briscola.engine.game import Game
from briscola.engine.record import GameRecord, SeatInfo, SeatKind, record_from_game
from briscola.engine.ruleset import Ruleset
from briscola.engine.views import PlayerView
from briscola.match.bot_limits import short_command
from briscola.match.learning import hand_observations, is_campione
from briscola.match.referee import MatchOutcome, play_match
from briscola.match.seats import EXTERNAL_PREFIX, PlayerSeat, Seat, SeatExited, SeatFault, make_seat
from briscola.protocol.external import ExternalSeat
from briscola.text.i18n import _

__all__ = [
    "ArenaError",
    "GameResult",
    "Plan",
    "build_plan",
    "check_players",
    "close_kept_bots",
    "derive_seed",
    "display_name",
    "run_plan",
    "set_orders",
    "unique_names",
]


class ArenaError(Exception):
    """A problem with the arena's arguments (a player that can't be made, a bad option): exit 2, no traceback."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What to play: ``tables`` of player indices (one per side), and how many games each plays."""

    specs: tuple[str, ...]
    names: tuple[str, ...]
    rules: Ruleset
    tables: tuple[tuple[int, ...], ...]
    games: tuple[int, ...]
    seed: int
    whole_match: bool = False
    time_ms: int = 2000
    keep_records: bool = False
    """Give each result its game's record (for the history)."""
    restart_each_game: bool = False
    """Start every external bot anew for each game (``--restart-each-game``) instead of keeping it alive."""
    opponent_models: tuple[tuple[int, str], ...] = ()
    """``(player, model as text)``: Campione plays that player (in two-player games) with what it had learned of it
    when the run began, and reports what it saw of its hands (``--learn``)."""

    @property
    def set_size(self) -> int:
        """Games in a deal set: one per position of the sides."""
        return len(self.rules.teams)

    @property
    def total_games(self) -> int:
        """Games in the whole plan."""
        return sum(self.games)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game at one table. Per-participant tuples follow the table's order of players (``players``).

    ``shares`` split the game's one point among the winners (a draw: equally among all), so two players score 1, 0.5
    or 0. ``won`` tells whether the participant is among the winners; ``sides`` which side of the ruleset it held.
    ``exits`` count the times a participant's seats left the table (each time losing the hand), with the first reason.
    """

    table: int
    deal_set: int
    players: tuple[int, ...]
    sides: tuple[int, ...]
    shares: tuple[float, ...]
    won: tuple[bool, ...]
    points: tuple[int, ...]
    faults: tuple[int, ...]
    fault_notes: tuple[str, ...]
    exits: tuple[int, ...]
    exit_notes: tuple[str, ...]
    times: tuple[tuple[float, ...], ...]
    finished: bool
    record: GameRecord | None = None
    """The game's record, when the plan keeps them (``--history``): seats named and levelled by their players."""
    observations: tuple[tuple[int, Observation], ...] = ()
    """``(player, hand)``: each hand of a player of :attr:`Plan.opponent_models` as a Campione seat saw it, in order."""


@dataclass(frozen=True, slots=True)
class _SetTask:
    """One unit of work for a process: a deal set at a table; ``order`` puts its results back in plan order."""

    order: int
    table: int
    deal_set: int
    plan: Plan


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts`` by SHA-256: stable across processes and Python versions (unlike ``hash``)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def build_plan(
    specs: Sequence[str],
    rules: Ruleset,
    games: int,
    seed: int,
    *,
    whole_match: bool = False,
    time_ms: int = 2000,
    tables: Sequence[tuple[int, ...]] | None = None,
    games_per_table: Sequence[int] | None = None,
) -> Plan:
    """The plan for ``specs``: one table if they fill the sides, else every combination (unless ``tables`` given).

    Each table's game count is rounded up to whole deal sets.
    """
    sides = len(rules.teams)
    if len(specs) < sides:
        raise ArenaError(
            _("the {preset} game has {sides} sides: name at least {sides} players").format(
                preset=rules.name, sides=sides
            )
        )
    if tables is None:
        tables = list(itertools.combinations(range(len(specs)), sides))
    counts = list(games_per_table) if games_per_table is not None else [games] * len(tables)
    if any(count < 1 for count in counts):
        raise ArenaError(_("the number of games must be at least 1"))
    rounded = tuple(sides * math.ceil(count / sides) for count in counts)
    return Plan(
        specs=tuple(specs),
        names=unique_names(specs),
        rules=rules,
        tables=tuple(tuple(table) for table in tables),
        games=rounded,
        seed=seed,
        whole_match=whole_match,
        time_ms=time_ms,
    )


def unique_names(specs: Sequence[str]) -> tuple[str, ...]:
    """Display names: the specs (levels by name), with ``#2``, ``#3`` added to repeats, so ``greedy greedy`` reads."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        base = display_name(spec)
        seen[base] = seen.get(base, 0) + 1
        names.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return tuple(names)


def display_name(spec: str) -> str:
    """A level by its Italian name (``3`` -> ``medio``), a reference player in lower case, a bot as written."""
    text = spec.strip()
    if text.lower().startswith(EXTERNAL_PREFIX):
        return text
    try:
        return parse_level(text).italian
    except PlayerSpecError:
        return text.lower()


def check_players(specs: Sequence[str], rules: Ruleset, time_ms: int) -> dict[str, str]:
    """Make (and close) a seat for each distinct spec, so a bad one fails here with a clear message, not in a worker;
    each spec's name as its seat gives it (a bot program's own, from its ``hello``).

    A bot program is also asked for one trial move: a command that can't start, or a program that doesn't speak
    BBP/1, would otherwise lose every game without a word.
    """
    names: dict[str, str] = {}
    for spec in dict.fromkeys(specs):
        seat: Seat | None = None
        try:
            seat = make_seat(spec, random.Random(0), time_ms=time_ms)
            if spec.strip().lower().startswith(EXTERNAL_PREFIX):
                _trial_move(seat, rules)
            names[spec] = seat.name
        except PlayerSpecError as error:
            raise ArenaError(str(error)) from None
        except ImportError as error:
            raise ArenaError(_("{spec!r} can't be played yet: {error}").format(spec=spec, error=error)) from None
        except (SeatExited, OSError, ValueError) as error:
            raise ArenaError(_("{spec!r} could not be started: {error}").format(spec=spec, error=error)) from None
        finally:
            if seat is not None:
                seat.close()
    return names


def _trial_move(seat: Seat, rules: Ruleset) -> None:
    """Deal a hand and ask ``seat``, at seat 0, for its first move; :class:`SeatExited` if it is gone.

    A fault (a wrong or late answer) is no reason to refuse a bot: the games will count it.
    """
    game = Game(rules, 0)
    game.apply(Deal())
    while game.to_move != 0 and not game.is_over:
        game.apply(game.legal_actions()[0])
    view = game.view(0)
    seat.observe(view)
    with contextlib.suppress(SeatFault):
        seat.choose(view)


# ---------------------------------------------------------------------------------------------------- playing


def _play_set(task: _SetTask) -> tuple[int, list[GameResult]]:
    """Play one deal set: the deal of ``deal_set`` once per rotation of the table's players over the sides."""
    plan = task.plan
    rules = plan.rules
    players = plan.tables[task.table]
    teams = rules.teams
    sides = len(teams)
    deal_seed = derive_seed(plan.seed, "deal", task.deal_set)
    results = []
    for rotation in range(sides):
        side_of = tuple((position + rotation) % sides for position in range(sides))
        owner = [0] * rules.players
        for position, side in enumerate(side_of):
            for seat in teams[side]:
                owner[seat] = position
        specs = [plan.specs[players[owner[seat]]] for seat in range(rules.players)]
        seeds = [
            derive_seed(plan.seed, "seat", task.table, task.deal_set, rotation, seat) for seat in range(rules.players)
        ]
        faced = _faced(plan, specs, [players[position] for position in owner])
        if plan.restart_each_game:
            seats = _make_seats(specs, seeds, plan.time_ms)
            _give_models(seats, faced, plan)
            outcome = play_match(rules, deal_seed, seats, hands=None if plan.whole_match else 1)
        else:
            outcome = _play_with_kept_bots(rules, deal_seed, specs, seeds, plan, faced)
        hand_winners = outcome.hands[0].winners if outcome.hands else ()
        winners = outcome.winners if plan.whole_match else hand_winners
        result = _game_result(task, players, side_of, owner, winners, outcome)
        if plan.keep_records:
            specs = [plan.specs[players[owner[seat]]] for seat in range(rules.players)]
            names = [plan.names[players[owner[seat]]] for seat in range(rules.players)]
            result = replace(result, record=_record(outcome, specs, names))
        if faced:
            seen = tuple(
                (player, hand) for seat, player in faced.items() for hand in hand_observations(outcome.game, seat)
            )
            result = replace(result, observations=seen)
        results.append(result)
    return task.order, results


def _faced(plan: Plan, specs: list[str], at: list[int]) -> dict[int, int]:
    """The Campione seats of a game that face a player Campione learns (two players only), with that player's index
    (``at``: each seat's player)."""
    if not plan.opponent_models or len(specs) != 2:
        return {}
    learned = {player for player, _model in plan.opponent_models}
    return {seat: at[1 - seat] for seat in (0, 1) if is_campione(specs[seat]) and at[1 - seat] in learned}


def _give_models(seats: Sequence[Seat], faced: dict[int, int], plan: Plan) -> None:
    """Campione at each seat of ``faced`` plays with the model of the player it faces, as the run began."""
    texts = dict(plan.opponent_models)
    for seat, player in faced.items():
        target = seats[seat]
        if isinstance(target, PlayerSeat) and isinstance(target.player, SearchPlayer):
            target.player.opponent = OpponentModel.from_json(texts[player])


#: The longest name a record's seat may have (a record refuses more).
_RECORD_NAME_CHARS = 64


def _record(outcome: MatchOutcome, specs: list[str], names: list[str]) -> GameRecord:
    """The record of a game the arena played, each seat named by its player and kept as a program (a bot's long
    command line cut to its programs' names, as the table's notices name it: a record's names are short)."""
    infos = tuple(
        SeatInfo(
            name if len(name) <= _RECORD_NAME_CHARS else short_command(name, _RECORD_NAME_CHARS), SeatKind.EXTERNAL
        )
        if spec.startswith(EXTERNAL_PREFIX)
        else SeatInfo(name, SeatKind.COMPUTER, spec)
        for spec, name in zip(specs, names, strict=True)
    )
    return record_from_game(outcome.game, infos, app_version=__version__)


# ------------------------------------------------------------------------------------------------ kept-alive bots

_kept: dict[tuple[str, int, int], ExternalSeat] = {}
"""This process's bots kept alive between games, by (spec, thinking time, which of the game's seats with that spec).

One process per external seat of a game, not per spec: a bot that plays itself needs two. A bot that loads a model
pays its start-up once per worker instead of once per game (issue 35).
"""


class _KeptSeat:
    """A kept-alive bot lent to one game: the referee closes every seat at the game's end, and this close keeps it."""

    def __init__(self, seat: ExternalSeat) -> None:
        self.seat = seat
        self.name = seat.name

    def choose(self, view: PlayerView) -> Action:
        return self.seat.choose(view)

    def observe(self, view: PlayerView) -> None:
        self.seat.observe(view)

    def close(self) -> None:
        """Nothing: the bot stays for the next game (:func:`close_kept_bots` ends it)."""


def _play_with_kept_bots(
    rules: Ruleset, deal_seed: int, specs: list[str], seeds: list[int], plan: Plan, faced: dict[int, int]
) -> MatchOutcome:
    """One game, with this process's kept-alive bots at the external seats and fresh seats for our own players.

    Each kept bot is told a new game (:meth:`ExternalSeat.new_game`): its first message is the ``new_hand`` of the
    seat it now holds, and everything it hears is built from that seat's view alone, exactly as for a fresh process.
    A bot that faulted or left during the game (a wrong or late answer, an exit) is ended afterwards and started anew
    for the next one, as before: its faults and exits are counted by the referee like any others, and a bot that hung
    is never trusted with another game (the referee's deadlines kept it from blocking this one).
    """
    seats: list[Seat] = []
    keys: list[tuple[str, int, int] | None] = []
    taken: dict[str, int] = {}
    try:
        for spec, seed in zip(specs, seeds, strict=True):
            if not spec.strip().lower().startswith(EXTERNAL_PREFIX):
                seats.append(make_seat(spec, random.Random(seed), time_ms=plan.time_ms))
                keys.append(None)
                continue
            occurrence = taken.get(spec, 0)
            taken[spec] = occurrence + 1
            key = (spec, plan.time_ms, occurrence)
            bot = _kept.get(key)
            if bot is None or bot.gone:
                if bot is not None:
                    bot.close()
                bot = _kept[key] = _new_bot(spec, plan.time_ms)
            bot.new_game()
            seats.append(_KeptSeat(bot))
            keys.append(key)
    except BaseException:
        for seat in seats:
            seat.close()
        raise
    _give_models(seats, faced, plan)
    outcome = play_match(rules, deal_seed, seats, hands=None if plan.whole_match else 1)
    exited = set(outcome.exited)
    for seat_no, kept in enumerate(keys):
        if kept is not None and (outcome.faults[seat_no] or seat_no in exited or _kept[kept].gone):
            _kept.pop(kept).close()
    return outcome


def _new_bot(spec: str, time_ms: int) -> ExternalSeat:
    seat = make_seat(spec, random.Random(0), time_ms=time_ms)
    assert isinstance(seat, ExternalSeat)
    return seat


def close_kept_bots() -> None:
    """End every bot this process keeps alive (at the end of a plan, and as a worker process exits)."""
    while _kept:
        _, bot = _kept.popitem()
        with contextlib.suppress(Exception):
            bot.close()


def _make_seats(specs: list[str], seeds: list[int], time_ms: int) -> list[Seat]:
    """One seat per spec, each with its own generator; if one can't be made, those already made are closed."""
    seats: list[Seat] = []
    try:
        for spec, seed in zip(specs, seeds, strict=True):
            seats.append(make_seat(spec, random.Random(seed), time_ms=time_ms))
    except BaseException:
        for seat in seats:
            seat.close()
        raise
    return seats


def _game_result(
    task: _SetTask,
    players: tuple[int, ...],
    side_of: tuple[int, ...],
    owner: list[int],
    winners: tuple[int, ...],
    outcome: MatchOutcome,
) -> GameResult:
    teams = task.plan.rules.teams
    count = len(players)
    winning = [any(seat in winners for seat in teams[side_of[p]]) for p in range(count)]
    seats_won = [sum(1 for seat in teams[side_of[p]] if seat in winners) for p in range(count)]
    total = sum(seats_won)
    shares = tuple(won / total if total else 1.0 / count for won in seats_won)
    faults = [0] * count
    notes = [""] * count
    times: list[list[float]] = [[] for _ in range(count)]
    for seat, position in enumerate(owner):
        faults[position] += outcome.faults[seat]
        times[position].extend(outcome.move_times[seat])
    for fault in outcome.fault_log:
        if not notes[owner[fault.seat]]:
            notes[owner[fault.seat]] = fault.reason
    exits = [0] * count
    exit_notes = [""] * count
    for departure in outcome.exit_log:
        position = owner[departure.seat]
        exits[position] += 1
        exit_notes[position] = exit_notes[position] or departure.reason
    return GameResult(
        table=task.table,
        deal_set=task.deal_set,
        players=players,
        sides=side_of,
        shares=shares,
        won=tuple(winning),
        points=tuple(outcome.points[teams[side_of[p]][0]] for p in range(count)),
        faults=tuple(faults),
        fault_notes=tuple(notes),
        exits=tuple(exits),
        exit_notes=tuple(exit_notes),
        times=tuple(tuple(t) for t in times),
        finished=outcome.finished if task.plan.whole_match else bool(outcome.hands),
    )


def _tasks(plan: Plan) -> list[_SetTask]:
    tasks: list[_SetTask] = []
    for table, games in enumerate(plan.games):
        for deal_set in range(games // plan.set_size):
            tasks.append(_SetTask(len(tasks), table, deal_set, plan))
    return tasks


def set_orders(plan: Plan, skip: Callable[[int, int], bool] | None = None) -> list[int]:
    """The places in the plan (``run_plan``'s ``on_set`` orders) of the deal sets it plays, in plan order."""
    return [task.order for task in _tasks(plan) if skip is None or not skip(task.table, task.deal_set)]


def _start_worker(setup: Callable[[], None] | None) -> None:
    """Workers leave Ctrl-C to the main process, which stops the pool and exits cleanly; then ``setup`` runs."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Run as the worker leaves the pool (after close() and join()), so no kept-alive bot outlives its worker.
    multiprocessing.util.Finalize(None, close_kept_bots, exitpriority=10)
    if setup is not None:
        setup()


def run_plan(
    plan: Plan,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    setup: Callable[[], None] | None = None,
    on_set: Callable[[int, list[GameResult]], bool] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> list[GameResult]:
    """Play every game of ``plan`` on ``jobs`` processes; results come in plan order whatever ``jobs`` is.

    ``setup`` runs once in every process that plays, before its first game (in this one when ``jobs`` is 1). It is how
    a measuring tool changes a player everywhere (``tools/paired.py``): the workers start fresh ("spawn") and would
    not see a change made only here. It must pickle: a module-level function, or a ``functools.partial`` of one.

    ``on_set`` hears each deal set's results as they come (in any order, with the set's place in the plan), and
    returning True stops the play: the sets not finished are dropped, and only the sets played are returned (a
    sequential test stops so; the history keeps each set as it comes, so Ctrl-C loses none). ``skip(table,
    deal_set)`` leaves out the sets it is true for (those a resumed run already has).
    """
    tasks = [task for task in _tasks(plan) if skip is None or not skip(task.table, task.deal_set)]
    by_order: dict[int, list[GameResult]] = {}

    def collect(done: Iterator[tuple[int, list[GameResult]]]) -> None:
        for order, results in done:
            by_order[order] = results
            if progress is not None:
                progress(len(results))
            if on_set is not None and on_set(order, results):
                return

    if jobs <= 1 or len(tasks) <= 1:
        if setup is not None:
            setup()
        try:
            collect(_play_set(task) for task in tasks)
        finally:
            close_kept_bots()
    else:
        # A plan mixes games a thousand times dearer than others (a ladder's Campione games beside random's), and in
        # plan order they all come last. Handed out in a fixed shuffled order, in small chunks, every chunk holds about
        # its share of the dear games, so the workers finish together (and the progress bar's time left means
        # something). Chunks, not single tasks, because handing out a task costs more than a random game (docs/ai.md).
        # One table has no dear part, and a plan that may stop early (``on_set``) wants its sets in plan order and
        # its chunks small, so that the first sets are done first and little is played past the stop.
        chunk = max(1, len(tasks) // (jobs * 64))
        handed = list(tasks)
        if len(plan.tables) > 1:
            random.Random(len(tasks)).shuffle(handed)
        if on_set is not None:
            chunk = min(chunk, 2)
        # "spawn": a forked worker would inherit whatever threads the parent runs (SDL's in a process that opened a
        # window, as the test suite does) and can deadlock on a lock one of them held at the fork.
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs, initializer=_start_worker, initargs=(setup,)) as pool:
            done = len(by_order)
            collect(pool.imap_unordered(_play_set, handed, chunksize=chunk))
            if len(by_order) - done == len(handed):
                pool.close()  # leave on their own, so each worker ends its kept-alive bots (terminate() would not)
                pool.join()
    return [result for order in sorted(by_order) for result in by_order[order]]
