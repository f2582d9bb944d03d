"""BBP/1 messages: what each seat's bot is told, built from that seat's view alone.

Every message is made from the events of one seat's :class:`~briscola.engine.views.PlayerView`, which the engine has
already redacted (a card drawn face down is blanked, a partner's secret sign is left out), so a bot can never be told
more than its seat may see. The referee that sends them is :mod:`briscola.protocol.external`; the bot side that reads
them is :mod:`briscola.protocol.bot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeAlias

from briscola.engine.events import (
    AllPassed,
    BidMade,
    CardCalled,
    CardDealt,
    CardDrawn,
    CardPlayed,
    Declared,
    Event,
    HandOver,
    HandsShown,
    HandStarted,
    Melded,
    Passed,
    SignalGiven,
    Swapped,
    TrickWon,
    TrumpChosen,
    TrumpRevealed,
    TrumpTurned,
)
from briscola.engine.views import PlayerView

__all__ = ["PROTOCOL", "EventFeed", "Message", "event_messages", "request_message", "rules_message"]

PROTOCOL: Final = "BBP/1"
Message: TypeAlias = dict[str, Any]


def rules_message(view: PlayerView) -> dict[str, Any]:
    """The ``rules`` of ``new_hand``: the variant's name and every option, as ``Ruleset.from_dict`` reads them.

    The description is left out: it is prose for people, not a rule.
    """
    options = view.rules.to_dict()
    options.pop("description", None)
    return {"variant": view.rules.name, **options}


def _new_hand(view: PlayerView, started: HandStarted) -> Message:
    rules = view.rules
    # The match scores when the hand began: the view may already hold the hand's end, which changed them.
    scores = list(view.match_scores)
    for event in view.events:
        if isinstance(event, HandOver):
            scores = [now - gained for now, gained in zip(scores, event.result.game_points, strict=True)]
    return {
        "type": "new_hand",
        "seat": view.seat,
        "players": rules.players,
        "teams": [list(team) for team in started.teams],
        "dealer": started.dealer,
        "hand_size": rules.hand_size,
        "deck_size": len(rules.deck),
        "rules": rules_message(view),
        # Beyond the spec (ignored by bots that don't know them): what a bot needs to rebuild the seat's view exactly.
        "hand_no": started.hand_no,
        "stake": started.stake,
        "sitting_out": started.sitting_out,
        "match_scores": scores,
    }


def _deals(events: Sequence[CardDealt]) -> list[Message]:
    """One ``deal`` per seat, in dealing order: its cards when the seat may see them all, else their count."""
    by_seat: dict[int, list[CardDealt]] = {}
    for event in events:
        by_seat.setdefault(event.seat, []).append(event)
    out: list[Message] = []
    for seat, dealt in by_seat.items():
        cards = [event.card for event in dealt]
        if all(card is not None for card in cards):
            out.append({"type": "deal", "seat": seat, "cards": [card.code for card in cards if card is not None]})
        else:
            out.append({"type": "deal", "seat": seat, "count": len(cards)})
    return out


def _single(event: Event, players: int) -> list[Message]:
    """The messages for one event, or none for an event a bot can work out for itself (the auction's winner)."""
    if isinstance(event, CardPlayed):
        return [{"type": "play", "seat": event.seat, "card": event.card.code}]
    if isinstance(event, TrickWon):
        cards = [card.code for _, card in event.cards]
        return [{"type": "trick", "winner": event.winner, "cards": cards, "points": event.points}]
    if isinstance(event, CardDrawn):
        draw: Message = {"type": "draw", "seat": event.seat}
        if event.card is not None:
            draw["card"] = event.card.code
        if event.briscola:
            draw["briscola"] = True
        return [draw]
    if isinstance(event, TrumpTurned):
        trump: Message = {"type": "trump"}
        if event.card is not None:
            trump["card"] = event.card.code
        if event.suit is not None:
            trump["suit"] = event.suit.letter
        else:
            trump["face_down"] = True
        return [trump]
    if isinstance(event, TrumpRevealed):
        return [{"type": "trump", "suit": event.suit.letter}]
    if isinstance(event, BidMade):
        return [{"type": "action", "seat": event.seat, "action": str(event.bid)}]
    if isinstance(event, Passed):
        return [{"type": "action", "seat": event.seat, "action": "pass"}]
    if isinstance(event, CardCalled):
        code = event.card.code
        return [
            {"type": "action", "seat": event.seat, "action": f"call:{code}", "card": code},
            {"type": "trump", "suit": event.card.suit.letter},
        ]
    if isinstance(event, TrumpChosen):
        letter = event.suit.letter
        return [
            {"type": "action", "seat": event.seat, "action": f"trump:{letter}", "suit": letter},
            {"type": "trump", "suit": letter},
        ]
    if isinstance(event, Swapped):
        return [
            {"type": "action", "seat": event.seat, "action": "swap", "gave": event.gave.code, "took": event.took.code}
        ]
    if isinstance(event, Declared):
        declared = {"action": "declare", "correct": event.correct, "points": event.points}
        return [{"type": "action", "seat": event.seat, **declared}]
    if isinstance(event, Melded):
        meld = {"action": f"meld:{event.suit.letter}", "cards": [card.code for card in event.cards]}
        return [{"type": "action", "seat": event.seat, **meld, "points": event.points}]
    if isinstance(event, SignalGiven):
        return [{"type": "action", "seat": event.seat, "action": "signal", "signal": event.signal.value}]
    if isinstance(event, HandsShown) and event.cards is not None:
        return [{"type": "show", "seat": event.seat, "cards": [card.code for card in event.cards]}]
    if isinstance(event, AllPassed):
        return [{"type": "hand_over", "points": [0] * players, "winner": [], "reason": "all_passed"}]
    if isinstance(event, HandOver):
        result = event.result
        over: Message = {"type": "hand_over", "points": list(result.points_by_seat(players))}
        over["winner"] = list(result.winners)
        if result.reason != "played":
            over["reason"] = result.reason
        if result.exited:
            over["exited"] = list(result.exited)
        over["game_points"] = list(result.game_points)
        over["match_scores"] = list(event.match_scores)
        return [over]
    return []  # DealerChosen, AuctionWon, PartnerRevealed, MatchOver: nothing a bot can't work out or needs


def event_messages(view: PlayerView, start: int = 0) -> list[Message]:
    """The messages for ``view.events[start:]``, the hand's events as this seat saw them.

    Consecutive deals become one ``deal`` per seat, and the answers to one ``ask`` become one ``action`` message.
    """
    events = view.events
    players = view.rules.players
    out: list[Message] = []
    index = start
    while index < len(events):
        event = events[index]
        if isinstance(event, CardDealt):
            end = index
            while end < len(events) and isinstance(events[end], CardDealt):
                end += 1
            out.extend(_deals([e for e in events[index:end] if isinstance(e, CardDealt)]))
            index = end
            continue
        if isinstance(event, SignalGiven) and event.asked_by is not None:
            asker = event.asked_by
            answers: list[dict[str, Any]] = []
            while index < len(events):
                answer = events[index]
                if not (isinstance(answer, SignalGiven) and answer.asked_by == asker):
                    break
                answers.append({"seat": answer.seat, "signal": answer.signal.value})
                index += 1
            out.append({"type": "action", "seat": asker, "action": "ask", "answers": answers})
            continue
        if isinstance(event, HandStarted):
            out.append(_new_hand(view, event))
        else:
            out.extend(_single(event, players))
        index += 1
    return out


def request_message(view: PlayerView, time_ms: int, request_id: int) -> Message:
    """Ask the bot for an action; ``id`` (beyond the spec) lets a bot that echoes it never be taken for a late one."""
    return {"type": "request", "legal": [str(action) for action in view.legal], "time_ms": time_ms, "id": request_id}


class EventFeed:
    """Remembers how much of a seat's hand has been told, so each change is told once and in order."""

    def __init__(self) -> None:
        self.hand_no = -1
        self.sent = 0

    def take(self, view: PlayerView) -> list[Message]:
        """The messages for the events of ``view`` not told yet (a new hand starts from its first event)."""
        if view.hand_no != self.hand_no:
            self.hand_no = view.hand_no
            self.sent = 0
        messages = event_messages(view, self.sent)
        self.sent = len(view.events)
        return messages
