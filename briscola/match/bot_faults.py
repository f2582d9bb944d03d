"""How the table tells a player about an external bot's faults: the notice over the table, worded by the fault, and what
the seat's name plate says while the bot is at fault.

Kept apart from :mod:`briscola.match.bots`, which runs the bots, because the words are the player's business and the
threads are not; kept out of the UI (whose name plates show :func:`status_text`) because the driver words its notices
with it, and the match never imports the UI. No pygame. A fault is worded as it happened: a program that could not be
run at all is not one that ran and never answered ``hello`` (``sleep 60``), nor one that ended without a word
(``/bin/echo hello``, which prints a line that is no BBP/1 and exits); each tells the player something else to check.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from briscola.protocol.external import ExitKind
from briscola.text.i18n import _

__all__ = ["BAD_ANSWERS", "GONE", "SeatStatus", "bot_notice", "status_text"]

#: What a seat's bot is doing, as its name plate tells: starting (no ``hello`` yet), playing its own moves, or at fault
#: with the computer playing for it, because it doesn't respond (not started, gone, too slow) or answers wrongly.
SeatStatus = Literal["starting", "playing", "not_responding", "bad_answers"]

#: The faults after which a bot is gone until it is started again (at a new hand), each worded on its own: the referee's
#: kinds of departure (:data:`briscola.protocol.external.ExitKind`), read from it so that a new kind can't be missed
#: here.
GONE: Final = frozenset(get_args(ExitKind))
#: The faults of a bot that answers, but wrongly.
BAD_ANSWERS: Final = frozenset({"json", "message", "illegal"})


def bot_notice(problem: str, who: str) -> str:
    """What the player reads about a bot's fault: which seat and command, what went wrong, what was done about it."""
    texts = {
        "timeout": _("{who} took too long to answer; a legal move was played for it."),
        "json": _("{who} answered with something that is not JSON; a legal move was played for it."),
        "message": _("{who} answered with something that is not a move; a legal move was played for it."),
        "illegal": _("{who} chose a move that is not allowed; a legal move was played for it."),
        "start": _("{who} could not be started; legal moves are played for it."),
        "no_hello": _(
            "{who} started but did not answer hello in time: is it a BBP/1 bot? Legal moves are played for it."
        ),
        "hello_exit": _(
            "{who} started but ended before answering hello: is it a BBP/1 bot? Legal moves are played for it."
        ),
        "not_bbp": _("{who} started but does not speak BBP/1; legal moves are played for it."),
        "exited": _("{who} stopped running; legal moves are played for it."),
    }
    text = texts.get(problem, _("{who} failed; a legal move was played for it."))
    return text.format(who=who)


def status_text(status: SeatStatus) -> str:
    """What a bot seat's name plate says in place of the bot's name while it is starting or at fault ("" while it
    plays its own moves): the seat keeps playing, by the computer's moves, and the plate says so for as long as it
    lasts, where a notice over the table is gone after a few seconds."""
    if status == "starting":
        return _("starting…")
    if status == "not_responding":
        return _("not responding — the computer plays for it")
    if status == "bad_answers":
        return _("wrong answers — the computer plays for it")
    return ""
