"""The terminal game: ``python -m briscola.cli [options]``, a whole match (or one hand) against the computer.

This module owns the command-line options and the game loop; what the human types is read by
:mod:`briscola.terminal.prompt`, and the words it prints come from :mod:`briscola.terminal.narrator` (events),
:mod:`briscola.terminal.table` (the table and help) and :mod:`briscola.terminal.words` (names and colours). Input and
output are injectable (:func:`main` takes ``input_fn``, ``out`` and ``err``), so tests drive a game with scripted
answers and read the transcript. No input, however wrong, ends in a traceback: each gets a one-line answer and a new
prompt.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import textwrap
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, NoReturn

from briscola.ai import Player
from briscola.ai.analysis import HINT_BUDGET, analyse
from briscola.ai.coach import coach_seed, review_decision
from briscola.ai.levels import PlayerSpecError, make_player, player_name
from briscola.ai.opponent import OpponentModel, observe
from briscola.ai.search import SearchPlayer
from briscola.engine import (
    PRESETS,
    Action,
    Deal,
    EngineError,
    Game,
    Phase,
    Ruleset,
    RulesetError,
)
from briscola.engine.events import Event, HandOver, MatchOver
from briscola.engine.views import PlayerView
from briscola.match.learning import PROFILE, learning_seat
from briscola.match.recorder import MatchRecorder
from briscola.match.rule_options import build_rules
from briscola.terminal.coaching import CoachWords, Reviewed
from briscola.terminal.narrator import Narrator
from briscola.terminal.prompt import bid_example, interpret
from briscola.terminal.words import SEAT_NAMES, Style
from briscola.text.console import reader_gone
from briscola.text.i18n import _

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["main"]

InputFn = Callable[[str], str]

#: The coach's budget for a hint and for each decision of a review (tests make it smaller).
COACH_BUDGET = HINT_BUDGET

#: Exit codes: 2 for bad options (as argparse does), 130 for Ctrl-C (128 + SIGINT, as shells do).
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _ExitRequest(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised by the argument parser instead of calling ``sys.exit``, so :func:`main` can return the code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """argparse writing to the injected streams and returning instead of exiting."""

    def __init__(self, out: IO[str], err: IO[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.out = out
        self.err = err

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        super().print_help(file or self.out)

    def print_usage(self, file: SupportsWrite[str] | None = None) -> None:
        super().print_usage(file or self.out)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.err.write(message)
        raise _ExitRequest(status)

    def error(self, message: str) -> NoReturn:
        self.print_usage(self.err)
        self.exit(EXIT_USAGE, _("{prog}: error: {message}\n").format(prog=self.prog, message=message))


def _opponent(text: str) -> str:
    """``--opponent``'s value as :func:`~briscola.ai.levels.make_player` takes it: a reference player, or a level by
    number or Italian name (any case), as everywhere else a player is named; anything else is a usage error."""
    try:
        return player_name(text)
    except PlayerSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _build_parser(out: IO[str], err: IO[str]) -> _Parser:
    parser = _Parser(
        out,
        err,
        prog="python -m briscola.cli",
        description=_("Play Briscola in the terminal against the computer."),
    )
    parser.add_argument("--preset", default="classic", metavar="NAME", help=_("the rules to play (default: classic)"))
    parser.add_argument("--list-presets", action="store_true", help=_("list the presets with their descriptions"))
    parser.add_argument("--seat", type=int, default=0, metavar="N", help=_("your seat, from 0 (default: 0)"))
    parser.add_argument(
        "--opponent",
        type=_opponent,
        default="greedy",
        metavar="PLAYER",
        help=_(
            "the computer players: random, greedy, pimc30, or a level by number (1-6) or name (principiante ... "
            "campione) (default: greedy)"
        ),
    )
    parser.add_argument("--seed", type=int, metavar="N", help=_("replay the game with this seed (default: random)"))
    parser.add_argument("--hand", action="store_true", help=_("play a single hand instead of a whole match"))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("change a rule option, e.g. hands_to_win=3 or must_follow_suit=true (repeatable)"),
    )
    parser.add_argument("--watch", action="store_true", help=_("computers in every seat: watch a game"))
    parser.add_argument("--no-color", action="store_true", help=_("plain text, without colours"))
    parser.add_argument("--review", action="store_true", help=_("the coach's review of your decisions after each hand"))
    parser.add_argument(
        "--history",
        metavar="PATH",
        help=_("the history database to record the match in (default: in your data folder; :memory: keeps none)"),
    )
    parser.add_argument("--no-history", action="store_true", help=_("record nothing"))
    return parser


class Session:
    """One run of the terminal game: the game, its players, the narrator, and the human's input and output."""

    def __init__(
        self,
        rules: Ruleset,
        seed: int,
        human: int | None,
        opponent: str,
        *,
        single_hand: bool,
        input_fn: InputFn,
        out: IO[str],
        style: Style,
        review: bool = False,
        recorder: MatchRecorder | None = None,
    ) -> None:
        self.game = Game(rules, seed)
        self.recorder = recorder
        """Keeps the match in the history, hand by hand (None: not recorded)."""
        self.human = human
        self.single_hand = single_hand
        self.input_fn = input_fn
        self.out = out
        self.style = style
        self.narrator = Narrator(rules, human, style, single_hand=single_hand)
        self.players: dict[int, Player] = {
            seat: make_player(opponent, random.Random(f"briscola/cli/{seed}/{seat}"))
            for seat in range(rules.players)
            if seat != human
        }
        self.seed = seed
        #: Campione's seat when it learns the human (two players, Campione against them), and what it learned: read
        #: from the history under the profile, kept there after every hand (in memory only without them).
        self.learner = learning_seat([None if seat == human else opponent for seat in range(rules.players)])
        self.opponent_model: OpponentModel | None = None
        self._learning_problems: list[str] = []
        if self.learner is not None:
            self.opponent_model = self._kept_model()
            player = self.players[self.learner]
            if isinstance(player, SearchPlayer):
                player.opponent = self.opponent_model
        #: After each hand, the coach's review of the human's decisions (``--review``); ``review`` asks for it.
        self.review_each_hand = review
        self.coach = CoachWords(self.narrator)
        #: The human's decisions of the hand in progress (trick, view, action), then of the last hand finished.
        self.decisions: list[tuple[int, PlayerView, Action]] = []
        self.last_hand: list[tuple[int, PlayerView, Action]] = []

    def _kept_model(self) -> OpponentModel:
        """What Campione learned of the profile, from the history (a model that can't be read is said, and rebuilt)."""
        recorder = self.recorder
        if recorder is None or not recorder.profile:
            return OpponentModel()
        model, problem = recorder.writer.history.opponent_model(PROFILE, recorder.profile)
        if problem is not None:
            self._learning_problems.append(problem.message())
        return model

    def _learn(self) -> None:
        """Campione learns the hand that just ended from its own seat's view, and the history keeps the model."""
        if self.learner is None or self.opponent_model is None:
            return
        observation = observe(self.game.view(self.learner))
        if observation is None:
            return
        model = self.opponent_model
        model.learn(observation)
        recorder = self.recorder
        if recorder is not None and recorder.profile:
            owner = recorder.profile
            recorder.writer.submit(lambda history: history.keep_opponent_model(PROFILE, owner, model))

    def say(self, *lines: str) -> None:
        """Print lines to the session's output."""
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def run(self) -> int:
        """Play until the match (or the single hand) ends or the human leaves; the process's exit code.

        A recorded match is begun here, stored at each hand's end and closed at its end; one the human leaves (or
        interrupts) is closed as abandoned."""
        for message in self._learning_problems:
            self.say(self.style.error(message))
        if self.recorder is not None:
            self.recorder.begin(self.game)
        try:
            return self._play()
        finally:
            if self.recorder is not None and not self.recorder.closed:
                self.recorder.abandon(self.game)

    def _play(self) -> int:
        game = self.game
        while not game.is_over:
            if game.to_move is None:
                events = game.apply(Deal())
            else:
                seat = game.to_move
                view = game.view(seat)
                if seat == self.human:
                    action = self._ask(view)
                    if action is None:
                        return 0
                    self.decisions.append((view.tricks_played + 1, view, action))
                else:
                    action = self.players[seat].choose(view)
                events = game.apply(action, seat=seat)
            view_after = game.view(self.human) if self.human is not None else None
            self.say(*self.narrator.narrate(events, view_after))
            if any(isinstance(event, HandOver) for event in events):
                self._learn()  # before the record's news: a failed keep is said with the history's other problems
            self._record(events)
            if any(isinstance(event, HandOver) for event in events):
                self.last_hand, self.decisions = self.decisions, []
                if self.review_each_hand and self.last_hand:
                    self._review()
                if self.single_hand:
                    break
        return 0

    def _record(self, events: list[Event]) -> None:
        """The hand that ended, or the match, into the history (a failed write said on the output, once each)."""
        recorder = self.recorder
        if recorder is None:
            return
        for event in events:
            if isinstance(event, HandOver):
                recorder.hand(self.game, event.result)
            elif isinstance(event, MatchOver):
                recorder.end(self.game)
        for problem in recorder.writer.take_problems():
            self.say(self.style.error(problem.message()))

    # ------------------------------------------------------------------------------------------------ the human

    def _ask(self, view: PlayerView) -> Action | None:
        """The human's next legal action, asking until one is given; None when the human leaves."""
        self.say(*self.narrator.table(view))
        prompt = self._prompt(view)
        while True:
            try:
                text = self.input_fn(prompt)
            except EOFError:
                self.say("", _("Input closed: goodbye."))
                return None
            word = text.strip().lower()
            if word in ("h", "help", "?"):
                self.say(*self.narrator.help(view))
                continue
            if word in ("t", "table"):
                self.say(*self.narrator.table(view))
                continue
            if word == "hint":
                analysis = analyse(view, COACH_BUDGET, seed=self._coach_seed(view))
                self.say(*self.coach.hint(analysis, bidding=view.phase is not Phase.PLAY))
                continue
            if word == "review":
                self._review()
                continue
            if word in ("q", "quit", "exit"):
                if self._confirm_quit():
                    self.say(_("Goodbye."))
                    return None
                continue
            answer = interpret(text, view)
            if isinstance(answer, str):
                self.say(self.style.error(answer))
                continue
            return answer

    def _coach_seed(self, view: PlayerView) -> int:
        """The analysis's seed for a moment of the match: a hint and the review of the same decision agree."""
        return coach_seed(self.seed, view)

    def _review(self) -> None:
        """The coach's review of the human's decisions in the last hand finished."""
        if not self.last_hand:
            self.say(_("No hand of yours has finished yet."))
            return
        self.say(
            self.style.dim(_("The coach is looking at your {count} decisions...").format(count=len(self.last_hand)))
        )
        reviewed = [
            Reviewed(trick, review_decision(analyse(view, COACH_BUDGET, seed=self._coach_seed(view)), action))
            for trick, view, action in self.last_hand
        ]
        self.say(*self.coach.review(reviewed))

    def _confirm_quit(self) -> bool:
        try:
            answer = self.input_fn(_("Really quit the game? (y/n) "))
        except EOFError:
            return True
        return answer.strip().lower() in ("y", "yes", _("y"), _("yes"))

    def _prompt(self, view: PlayerView) -> str:
        if view.phase is Phase.AUCTION:
            return _("Your bid (pass, a bid like {example}, or help): ").format(example=bid_example(view))
        if view.phase is Phase.CALL:
            return _("Your call ({example}, or help): ").format(example=view.legal[0])
        numbers = "1" if len(view.hand) == 1 else f"1-{len(view.hand)}"
        return _("Your card ({numbers}, a code like {code}, or help): ").format(
            numbers=numbers, code=view.hand[0].code if view.hand else "AD"
        )


def _list_presets(out: IO[str]) -> None:
    width = max(len(name) for name in PRESETS)
    for name, rules in PRESETS.items():
        lines = textwrap.wrap(_(rules.description), width=110 - width)
        out.write(f"{name.ljust(width)}  {lines[0] if lines else ''}\n")
        for line in lines[1:]:
            out.write(" " * (width + 2) + line + "\n")


def main(
    argv: list[str] | None = None,
    *,
    input_fn: InputFn = input,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
) -> int:
    """Run the terminal game with ``argv`` (the process's arguments when None) and return the exit code."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        return _run(sys.argv[1:] if argv is None else argv, input_fn, out, err)
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, and keep Python from complaining
        return reader_gone(out)


def _run(argv: list[str], input_fn: InputFn, out: IO[str], err: IO[str]) -> int:
    """:func:`main` with its streams settled, so that one place catches a reader going away."""
    parser = _build_parser(out, err)
    try:
        args = parser.parse_args(argv)
    except _ExitRequest as stop:
        return stop.code
    if args.list_presets:
        _list_presets(out)
        return 0
    try:
        rules = build_rules(args.preset, args.option)
    except RulesetError as error:
        err.write(_("error: {option}: {reason}\n").format(option=error.option, reason=error.reason))
        return EXIT_USAGE
    human = None if args.watch else args.seat
    if human is not None and not 0 <= human < rules.players:
        err.write(
            _("error: --seat must be from 0 to {last} for {players} players\n").format(
                last=rules.players - 1, players=rules.players
            )
        )
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    style = Style(not args.no_color and "NO_COLOR" not in os.environ and out.isatty())
    recorder = None if args.hand else _recorder(args, rules, human, err)
    session = Session(
        rules,
        seed,
        human,
        args.opponent,
        single_hand=args.hand,
        input_fn=input_fn,
        out=out,
        style=style,
        review=args.review,
        recorder=recorder,
    )
    session.say(
        style.title(_("Briscola: {name}").format(name=" ".join([rules.name, *args.option]))),
        _(rules.description) if rules.description else "",
        _("Seed {seed}: play this very game again with --seed {seed}.").format(seed=seed),
    )
    if human is not None:
        session.say(session.narrator.introduction())
    try:
        return session.run()
    except KeyboardInterrupt:
        session.say("", _("Interrupted: goodbye."))
        return EXIT_INTERRUPTED
    except EngineError as error:  # a bug, not a wrong input: say so plainly rather than show a traceback
        err.write(_("internal error: {error}\n").format(error=error))
        return 1
    finally:
        if recorder is not None:
            recorder.writer.history.close()


def _recorder(args: argparse.Namespace, rules: Ruleset, human: int | None, err: IO[str]) -> MatchRecorder | None:
    """The match's recorder in the history ``--history`` names (else the settings', else the data folder's), or
    None with ``--no-history``, the setting off, or a history that can't be written (said on ``err``).

    The human's seat is named by the profile of the settings (``player.profile``), as at the table; a single hand
    (``--hand``) is no match and is not recorded.
    """
    from briscola.engine.record import SeatInfo, SeatKind
    from briscola.match.recorder import HistoryWriter
    from briscola.store import load_settings
    from briscola.store.history import History

    if args.no_history:
        return None
    player = load_settings().settings.player
    if not args.history and not player.history:
        return None
    history, problems = History.open(args.history or player.history_file or None)
    for problem in problems:
        err.write(problem.message() + "\n")
    if history is None:
        return None
    profile = player.profile_name() if human is not None else None
    seats = tuple(
        SeatInfo(profile or _("You"), SeatKind.HUMAN)
        if seat == human
        else SeatInfo(SEAT_NAMES[seat], SeatKind.COMPUTER, args.opponent)
        for seat in range(rules.players)
    )
    writer = HistoryWriter(history, threaded=False)
    return MatchRecorder(writer, seats, preset=args.preset, profile=profile, human_seat=human)


if __name__ == "__main__":
    sys.exit(main())
