"""Every move a table offers besides playing a card is explained, truly for the rules and the moment (issue 30): each
legal bid, pass and call of every preset with an auction during played auctions, with the numbers the engine holds
the player to; calling a card in one's own hand warns of playing alone exactly when the player holds it; the free
moves (swap, declare, melds, signs) say what the engine then does. The explanations read in every language."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import briscola.text.i18n as i18n
from briscola.engine import (
    PRESETS,
    Action,
    Ask,
    Bid,
    Call,
    ChooseTrump,
    Deal,
    Declare,
    Game,
    Meld,
    Pass,
    Phase,
    Play,
    Ruleset,
    Signal,
    Swap,
)
from briscola.engine.auction import bid_target, rank_called_after
from briscola.engine.events import Melded, Swapped
from briscola.engine.options import MELD_OTHER_POINTS, MELD_TRUMP_POINTS
from briscola.engine.scoring import CHIAMATA_ALONE, CHIAMATA_CALLER
from briscola.engine.views import PlayerView
from briscola.text.bids import explain_move, explain_page_turn, held_note
from briscola.text.i18n import set_language
from briscola.text.names import bid_label, card_label, rank_label, suit_label

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio"]
#: Every preset with an auction, and subastada as two teams (its explanations then speak of "your side").
AUCTIONS: dict[str, Ruleset] = {name: rules for name, rules in PRESETS.items() if rules.has_auction}
AUCTIONS["subastada, four players"] = PRESETS["subastada"].with_options(players=4)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translation", i18n._translation)
    set_language(["en"])
    yield


def _phase(game: Game) -> Phase:
    return game.phase


def auction_views(rules: Ruleset, seed: int) -> Iterator[PlayerView]:
    """The view of the seat to move at every step of a hand's auction and call, bid at random (a pass half the time,
    else one of the four lowest bids, so auctions run long and reach every kind of state); thrown-in hands are dealt
    again, up to three times."""
    rng = random.Random(seed)
    game = Game(rules, seed)
    game.apply(Deal())
    deals = 1
    while True:
        if _phase(game) is Phase.DEAL and deals < 3:
            game.apply(Deal())
            deals += 1
            continue
        if _phase(game) not in (Phase.AUCTION, Phase.CALL):
            return
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        yield view
        legal = game.legal_actions()
        bids = [action for action in legal if isinstance(action, Bid)]
        action = Pass() if (not bids or rng.random() < 0.5) and Pass() in legal else rng.choice(bids[:4] or legal)
        game.apply(action)


def _check_pass(text: str, view: PlayerView) -> None:
    auction = view.auction
    assert auction is not None
    assert text.startswith("Pass: you leave this hand's auction for good")
    others = [seat for seat in view.active if seat != view.seat and not auction.passed[seat]]
    wins = len(others) == 1 and auction.high_bidder == others[0]
    redeal = not others and auction.high_bid is None
    assert ("dealt again" in text) == redeal
    if wins:
        assert auction.high_bid is not None
        bid = bid_label(auction.high_bid, view.rules.family)
        assert text.endswith(f"{NAMES[others[0]]} then wins the auction with {bid}.")
    else:
        assert "wins the auction" not in text


def _check_bid(text: str, bid: Bid, view: PlayerView) -> None:
    rules = view.rules
    auction = view.auction
    assert auction is not None
    last = all(auction.passed[seat] for seat in view.active if seat != view.seat)
    assert text.endswith("Everybody else has passed: this bid wins you the auction.") == last
    points, total = bid_target(bid), rules.deck_points
    assert text.startswith(f"Bid {bid_label(bid, rules.family, unit=False)}:")
    if rules.chiamata:
        assert f"at least {points} of the {total} points" in text
        rank = rank_called_after(bid)
        assert f"you call the {rank_label(rank, rules.family)} of a suit of your choice" in text
        held = sum(1 for card in view.hand if card.rank is rank)
        assert ("alone" in text) == (held > 0)
        assert (f"You hold {held} of them" in text) == (held > 1 and held < 4)
    else:
        assert f"at least {points} points" in text
        assert ("your side must" in text) == (rules.players > 2)
        assert (f"declarations must make up the other {points - total}" in text) == (points > total)


def _check_call(text: str, action: Action, view: PlayerView) -> None:
    rules = view.rules
    assert view.contract is not None
    if isinstance(action, Call):
        assert text.startswith(f"Call {card_label(action.card, rules.family)}:")
        assert f"{view.contract} of the {rules.deck_points} points" in text
        held = action.card in view.hand
        assert ("you play alone against the other 4" in text) == held
        assert (f"you win {CHIAMATA_ALONE} if you make it" in text) == held
        assert (f"instead of {CHIAMATA_CALLER}" in text) == held
        assert ("secret partner" in text) == (not held)
        assert held_note(action, view) == ("you hold it" if held else "")
    else:
        assert isinstance(action, ChooseTrump)
        assert text.startswith(f"Choose {suit_label(action.suit, rules.family)} as trumps:")
        assert f"at least {view.contract} points" in text
        assert f"count {MELD_TRUMP_POINTS} in" in text and f"{MELD_OTHER_POINTS} in another suit" in text
        assert held_note(action, view) == ""


@pytest.mark.parametrize("name", list(AUCTIONS))
def test_every_legal_auction_move_is_explained_with_the_rules_numbers(name: str) -> None:
    rules = AUCTIONS[name]
    seen: set[str] = set()
    for seed in range(40):
        for view in auction_views(rules, seed):
            for action in view.legal:
                text = explain_move(action, view, NAMES, rules.family)
                assert text, action
                if isinstance(action, Pass):
                    _check_pass(text, view)
                elif isinstance(action, Bid):
                    _check_bid(text, action, view)
                else:
                    _check_call(text, action, view)
                seen.add(type(action).__name__)
    assert seen >= {"Pass", "Bid", "Call" if rules.chiamata else "ChooseTrump"}


def test_a_held_call_is_warned_of_exactly_when_the_caller_holds_the_card() -> None:
    held = free = 0
    for seed in range(60):
        for view in auction_views(PRESETS["chiamata"], seed):
            for action in view.legal:
                if isinstance(action, Call):
                    text = explain_move(action, view, NAMES, view.rules.family)
                    mine = action.card in view.hand
                    assert ("play alone" in text) == mine == bool(held_note(action, view))
                    held, free = held + mine, free + (not mine)
    assert held and free  # both cases were met


def test_the_pass_says_what_it_decides_when_it_decides_something() -> None:
    kinds: set[str] = set()
    for rules in AUCTIONS.values():
        for seed in range(40):
            for view in auction_views(rules, seed):
                text = explain_move(Pass(), view, NAMES, rules.family)
                kinds.add("wins" if "wins the auction" in text else "redeal" if "dealt again" in text else "plain")
    assert kinds == {"wins", "redeal", "plain"}


def free_move_views(rules: Ruleset, seed: int) -> Iterator[tuple[Game, PlayerView]]:
    """A hand played at random, with the game and the mover's view at every step where a free move is legal."""
    rng = random.Random(seed)
    game = Game(rules, seed)
    game.apply(Deal())
    while _phase(game) in (Phase.AUCTION, Phase.CALL, Phase.PLAY):
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        if any(not isinstance(action, (Play, Pass, Bid, Call, ChooseTrump)) for action in legal):
            yield game, game.view(seat)
        choices = [action for action in legal if not isinstance(action, Declare)] or legal
        game.apply(rng.choice(choices))


def test_the_free_moves_say_what_the_engine_then_does() -> None:
    seen: set[str] = set()
    for rules in PRESETS.values():
        for seed in range(12):
            for game, view in free_move_views(rules, seed):
                for action in view.legal:
                    if not isinstance(action, (Play, Pass, Bid, Call, ChooseTrump)):
                        _check_free_move(game, view, action)
                        seen.add(type(action).__name__)
    assert seen == {"Swap", "Declare", "Meld", "Signal", "Ask"}


def _check_free_move(game: Game, view: PlayerView, action: Action) -> None:
    """The explanation of a free move names what applying it does to a copy of the game."""
    rules = view.rules
    text = explain_move(action, view, NAMES, rules.family)
    assert text, action
    if isinstance(action, (Swap, Meld)):
        event = next(e for e in game.clone().apply(action) if isinstance(e, (Swapped, Melded)))
        if isinstance(event, Swapped):
            given, taken = card_label(event.gave, rules.family), card_label(event.took, rules.family)
            assert f"you give {given} and take the face-up {taken}" in text
        else:
            assert f"which add {event.points} points" in text
    elif isinstance(action, Declare):
        assert "31 points or more" in text and "you lose it" in text
    elif isinstance(action, (Signal, Ask)):
        partners = "partners" if rules.players == 6 else "partner"
        assert f"your {partners} " in text


def test_the_page_turns_bid_nothing() -> None:
    assert "bids nothing" in explain_page_turn(-1) and "lower" in explain_page_turn(-1)
    assert "bids nothing" in explain_page_turn(1) and "higher" in explain_page_turn(1)


@pytest.mark.parametrize("lang", ["it", "de", "es", "da"])
def test_every_explanation_reads_in_every_language_with_its_numbers(lang: str) -> None:
    """Each explanation is translated (none falls back to the English), and keeps its numbers and names."""
    english: dict[tuple[int, Action], str] = {}
    views = [view for rules in AUCTIONS.values() for seed in range(6) for view in auction_views(rules, seed)]
    for index, view in enumerate(views):
        for action in view.legal:
            english[index, action] = explain_move(action, view, NAMES, view.rules.family)
    set_language([lang])
    for index, view in enumerate(views):
        for action in view.legal:
            text = explain_move(action, view, NAMES, view.rules.family)
            assert text and text != english[index, action], (lang, action)
            if isinstance(action, Bid):
                assert str(bid_target(action)) in text
            elif isinstance(action, (Call, ChooseTrump)):
                assert str(view.contract) in text
    for step in (-1, 1):
        assert explain_page_turn(step) != ""
    assert held_note(Call(next(iter(views[0].hand))), views[0]) not in ("", "you hold it")
    assert explain_move(Declare(), views[0], NAMES, views[0].rules.family) != ""
