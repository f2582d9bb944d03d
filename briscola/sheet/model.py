"""The score sheet's rules and entries, and the tally that scores them: no pygame, no files.

People playing with real cards enter each deal's result and the sheet keeps the score (the Danish rules text,
``../shared/seeds/004_...``): both sides' card points, which must sum to 120; 61 to win a deal (settable); 60-60 a
draw, by default carried so that the next deal counts double; a wins-only mode (1 for the winner, 0 for the other,
and then 1 point wins a deal); a match to two or three deals won, or a free-running total; and chiamata, scored per
player from its table (+2 / +1 / -1), an agreed number of deals, the highest total winning.

Five players, one sitting out (the Spanish form, the engine's preset ``five-sitout``; the Spanish rules text,
``../shared/seeds/002_...``): each deal the dealer sits out and the other four play two partnerships, the 1st and 3rd
players after the dealer against the 2nd and 4th; the one sitting out shares the win of the 2nd and 4th (when they
win the deal, the one sitting out gains what they gain). The sheet keeps a column per player, since the sides change
every deal. The names are entered in seating order round the table, the first dealer first: the engine draws its
first dealer by lot (:func:`~briscola.engine.dealing.choose_first_dealer`), and at a real table the players choose
theirs as they like, so the sheet asks for them in an order that starts with that player. After each deal the deal
passes to the next player in that order, as the engine rotates (``next_dealer = (dealer + 1) % 5``), except that a
draw replayed (``draw`` = replay) is dealt again by the same dealer, as the engine does; :func:`sit_out_seats` is the
one home of that rotation. An entry is the two sides' card points, the 1st & 3rd after the dealer first; a match is
``deals_to_win`` deals won counted per player (stakes counted; the first to reach it wins, players reaching it in the
same deal share the win) or a free-running total.

Nothing here restates a rule the engine holds, but the sit-out rotation (the engine deals hand by hand and has no
function of the deal's number to ask; :func:`sit_out_seats` mirrors ``Game._start_hand``,
:func:`~briscola.engine.state.fixed_sides` and ``sit_out_share`` in :func:`~briscola.engine.scoring.finish_hand`):
the sides of each player count are the engine's teams (:attr:`Ruleset.teams
<briscola.engine.ruleset.Ruleset.teams>`), the chiamata table is :func:`~briscola.engine.scoring.chiamata_points`,
its doubling :func:`~briscola.engine.scoring.chiamata_doubled`, and what a draw does to the next deal
:func:`~briscola.engine.scoring.next_stake`. The tally is a pure function of the rules and the list of entries, so
correcting or deleting an entry recomputes everything after it by construction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, TypeAlias

from briscola.engine.cards import Card
from briscola.engine.ruleset import AloneScoring, CappottoCount, DrawHandling, Ruleset
from briscola.engine.scoring import ChiamataRole, chiamata_doubled, chiamata_points, next_stake
from briscola.text.i18n import _

__all__ = [
    "DECK_POINTS",
    "ChiamataEntry",
    "DealEntry",
    "Entry",
    "Row",
    "SheetError",
    "SheetRules",
    "SitOutSeats",
    "Tally",
    "called_card",
    "check_entry",
    "entry_from_json",
    "entry_to_json",
    "fill_in",
    "sit_out_seats",
    "tally",
]

#: Card points in a deal, whatever the number of players (three and six players take out 2s, worth nothing).
DECK_POINTS: Final = 120
#: Points to win a deal by default, and in wins-only mode (where the deal is one entry, 1 or 0).
DEFAULT_TARGET: Final = 61
WINS_ONLY_TARGET: Final = 1


class SheetError(ValueError):
    """An entry or a setting the sheet refuses; ``str()`` is the reason, in the player's language."""


@dataclass(frozen=True)
class SheetRules:
    """What the table agreed before the first deal.

    ``deals_to_win`` is 2 (best of three), 3 (best of five) or None (a free-running total); chiamata ignores it and
    plays ``chiamata_deals``. ``alone`` is what a lone caller's opponents pay: the source's "same numbers doubled" by
    default (the engine's own default is zero-sum; ``docs/rules.md``). ``sit_out`` is the Spanish form for five: the
    dealer sits out each deal (the module's notes); five players play either it or chiamata.
    """

    names: tuple[str, ...]
    chiamata: bool = False
    target: int = DEFAULT_TARGET
    draw: DrawHandling = DrawHandling.CARRY
    wins_only: bool = False
    deals_to_win: int | None = 2
    chiamata_deals: int = 5
    cappotto_double: bool = False
    alone: AloneScoring = AloneScoring.DOUBLED
    sit_out: bool = False

    def __post_init__(self) -> None:
        names = tuple(name.strip() for name in self.names)
        object.__setattr__(self, "names", names)
        if not 2 <= len(names) <= 6:
            raise SheetError(_("A sheet has 2 to 6 players."))
        if any(not name or len(name) > 24 for name in names):
            raise SheetError(_("Every player needs a name of 1 to 24 characters."))
        if len({name.casefold() for name in names}) != len(names):
            raise SheetError(_("Two players have the same name."))
        if self.chiamata and len(names) != 5:
            raise SheetError(_("Briscola chiamata is played by five."))
        if self.sit_out and self.chiamata:
            raise SheetError(_("Briscola chiamata has nobody sitting out."))
        if self.sit_out and len(names) != 5:
            raise SheetError(_("One sits out when five play."))
        if len(names) == 5 and not (self.chiamata or self.sit_out):
            raise SheetError(_("Five players play chiamata or one sitting out."))
        if self.wins_only and self.target != WINS_ONLY_TARGET:
            raise SheetError(_("With wins only, 1 point wins a deal."))
        if not self.wins_only and not 1 <= self.target <= DECK_POINTS:
            raise SheetError(_("The points to win a deal are between 1 and 120."))
        if self.deals_to_win not in (None, 2, 3):
            raise SheetError(_("A match is the best of three or of five deals, or a free-running total."))
        if not 1 <= self.chiamata_deals <= 100:
            raise SheetError(_("Chiamata is played for 1 to 100 deals."))

    def with_wins_only(self, on: bool) -> SheetRules:
        """The same rules with wins-only mode on or off, the points to win a deal following it (1, or 61)."""
        return replace(self, wins_only=on, target=WINS_ONLY_TARGET if on else DEFAULT_TARGET)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The fixed sides (player indices) as the engine seats them; chiamata's and sit-out's sides change every deal,
        so they have a column per player."""
        if self.chiamata or self.sit_out:
            return tuple((player,) for player in range(5))
        return Ruleset(players=len(self.names)).teams

    @property
    def entered_sides(self) -> int:
        """How many sides' points an entry holds: the two partnerships of a sit-out deal, else one per column."""
        return 2 if self.sit_out else len(self.sides)

    @property
    def columns(self) -> tuple[str, ...]:
        """A column of the sheet per side (chiamata: per player): the names, partners joined by "&"."""
        return tuple(" & ".join(self.names[player] for player in side) for side in self.sides)

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON-ready values (:meth:`from_json` reads them back)."""
        return {
            "names": list(self.names),
            "chiamata": self.chiamata,
            "target": self.target,
            "draw": self.draw.value,
            "wins_only": self.wins_only,
            "deals_to_win": self.deals_to_win,
            "chiamata_deals": self.chiamata_deals,
            "cappotto_double": self.cappotto_double,
            "alone": self.alone.value,
            "sit_out": self.sit_out,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SheetRules:
        """Rules from :meth:`to_json`; anything else is a :class:`SheetError`."""
        try:
            return cls(
                names=tuple(str(name) for name in data["names"]),
                chiamata=bool(data.get("chiamata", False)),
                target=int(data.get("target", DEFAULT_TARGET)),
                draw=DrawHandling(data.get("draw", "carry")),
                wins_only=bool(data.get("wins_only", False)),
                deals_to_win=None if data.get("deals_to_win") is None else int(data["deals_to_win"]),
                chiamata_deals=int(data.get("chiamata_deals", 5)),
                cappotto_double=bool(data.get("cappotto_double", False)),
                alone=AloneScoring(data.get("alone", "doubled")),
                sit_out=bool(data.get("sit_out", False)),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, SheetError):
                raise
            raise SheetError(_("The sheet's rules can't be read: {error}").format(error=error)) from None


@dataclass(frozen=True)
class DealEntry:
    """A deal of a fixed-sides sheet: each side's card points (wins only: 1 for the winner, 0 for the others).

    With one sitting out, the two sides of the deal (:func:`sit_out_seats`): the 1st & 3rd after the dealer first."""

    points: tuple[int, ...]


@dataclass(frozen=True)
class ChiamataEntry:
    """A chiamata deal: who bid, who held the called card (None: the caller did, and played alone), the card called
    (a code such as ``"3S"``, or None if not noted), and the caller's side's card points, or only whether they made
    it. ``contract`` is the bid's target when it was raised above the sheet's (a point bid such as 75)."""

    caller: int
    partner: int | None = None
    called: str | None = None
    points: int | None = None
    made: bool | None = None
    contract: int | None = None
    every_trick: bool = False


Entry: TypeAlias = DealEntry | ChiamataEntry
#: A sit-out deal's seats: the 1st & 3rd players after the dealer, the 2nd & 4th, and the one sitting out (the dealer).
SitOutSeats: TypeAlias = tuple[tuple[int, int], tuple[int, int], int]


def sit_out_seats(rules: SheetRules, number: int, entries: Sequence[Entry] = ()) -> SitOutSeats:
    """Who plays with whom in deal ``number`` (from 1) of a sit-out sheet, and who sits out.

    The dealer of deal 1 is player 1 (index 0), then the deal passes to the next player in the sheet's order, as the
    engine rotates it; with ``draw`` = replay a drawn deal is dealt again by the same dealer, so ``entries`` (the
    sheet's entries, at least those before ``number``) are needed to know it (without them: no deal was drawn).

    >>> rules = SheetRules(("Anna", "Bruno", "Carla", "Dario", "Elena"), sit_out=True)
    >>> sit_out_seats(rules, 1), sit_out_seats(rules, 2)
    (((1, 3), (2, 4), 0), ((2, 4), (3, 0), 1))
    """
    if not rules.sit_out:
        raise ValueError("only a sit-out sheet has a player sitting out")
    if number < 1:
        raise ValueError(f"deals are numbered from 1, not {number}")
    dealer = number - 1
    if rules.draw is DrawHandling.REPLAY:
        dealer -= sum(
            1
            for entry in entries[: number - 1]
            if isinstance(entry, DealEntry) and len(entry.points) == 2 and not _deal_winners(rules, entry)
        )
    players = len(rules.names)
    first, second, third, fourth = ((dealer + k) % players for k in range(1, players))
    return (first, third), (second, fourth), dealer % players


def fill_in(points: Sequence[int | None]) -> tuple[int, ...] | None:
    """Both sides' points from what was typed: with one side left blank it gets what makes 120, else None.

    >>> fill_in([70, None])
    (70, 50)
    >>> fill_in([None, 40, 40])
    (40, 40, 40)
    """
    blank = [index for index, value in enumerate(points) if value is None]
    if len(blank) != 1:
        return None if blank else tuple(value for value in points if value is not None)
    rest = DECK_POINTS - sum(value for value in points if value is not None)
    if rest < 0:
        return None
    return tuple(rest if value is None else value for value in points)


def check_entry(rules: SheetRules, entry: Entry) -> None:
    """Raise :class:`SheetError` with the reason when ``entry`` can't be scored under ``rules``."""
    if rules.chiamata:
        if not isinstance(entry, ChiamataEntry):
            raise SheetError(_("A chiamata deal names the caller."))
        _check_chiamata(rules, entry)
        return
    if not isinstance(entry, DealEntry):
        raise SheetError(_("This sheet has no caller: enter each side's points."))
    sides = rules.entered_sides
    if len(entry.points) != sides:
        raise SheetError(_("Enter the points of all {n} sides.").format(n=sides))
    if rules.wins_only:
        if any(value not in (0, 1) for value in entry.points) or sum(entry.points) > 1:
            raise SheetError(_("With wins only, write 1 for the side that won and 0 for the others (all 0: a draw)."))
        return
    if any(value < 0 for value in entry.points):
        raise SheetError(_("Points can't be negative."))
    total = sum(entry.points)
    if total != DECK_POINTS:
        raise SheetError(
            _(
                "The points add up to {total}, not 120: every deal holds 120 points, whatever the number of players."
            ).format(total=total)
        )


def called_card(code: str) -> Card:
    """The card a chiamata caller called, from its code as typed (``3S``); :class:`SheetError` saying how a card is
    written when it isn't one."""
    try:
        return Card.parse(code.upper())
    except ValueError:
        raise SheetError(
            _(
                "{card} is not a card: write the rank (A, 2-7, J, Q, K) and the suit (D coins, H cups, S swords, "
                "C batons), as 3S."
            ).format(card=code or "card=")
        ) from None


def _check_chiamata(rules: SheetRules, entry: ChiamataEntry) -> None:
    players = range(len(rules.names))
    if entry.caller not in players or (entry.partner is not None and entry.partner not in players):
        raise SheetError(_("The caller and the partner must be players of the sheet."))
    if entry.partner == entry.caller:
        raise SheetError(_("A caller who held the called card plays alone: leave the partner out."))
    if entry.called is not None:
        called_card(entry.called)
    if (entry.points is None) == (entry.made is None):
        raise SheetError(_("Enter either the caller's side's points or whether they made it."))
    if entry.points is not None and not 0 <= entry.points <= DECK_POINTS:
        raise SheetError(_("The caller's side took between 0 and 120 points."))
    if entry.contract is not None and not rules.target <= entry.contract <= DECK_POINTS:
        raise SheetError(_("A raised bid is between {low} and 120 points.").format(low=rules.target))
    if entry.every_trick and entry.points not in (None, 0, DECK_POINTS):
        raise SheetError(_("A side that took every trick took all 120 points."))


@dataclass(frozen=True)
class Row:
    """One entry as the sheet shows it: what it gave each column, the totals after it, and why.

    ``winners`` are column indices (empty for a draw); ``stake`` is what the deal counted (2 after a carried draw);
    ``counted`` is False for an entry after the match was already decided (kept, shown, never scored). ``seats`` is
    who played with whom and who sat out, on a sit-out sheet (:func:`sit_out_seats`), else None.
    """

    number: int
    entry: Entry
    winners: tuple[int, ...]
    stake: int
    doubled: bool
    gained: tuple[int, ...]
    totals: tuple[int, ...]
    points_totals: tuple[int, ...]
    counted: bool
    seats: SitOutSeats | None = None


@dataclass(frozen=True)
class Tally:
    """The whole sheet scored: a row per entry, the totals, the stake of the next deal, and the winner if decided."""

    rules: SheetRules
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    points_totals: tuple[int, ...]
    next_stake: int
    winners: tuple[int, ...] | None

    @property
    def finished(self) -> bool:
        """True once the match is decided (never for a free-running total)."""
        return self.winners is not None


def tally(rules: SheetRules, entries: Sequence[Entry]) -> Tally:
    """Score every entry in order (each checked; the first bad one raises :class:`SheetError`).

    On a sit-out sheet each player's column gains the stake when their side wins, the one sitting out with the 2nd &
    4th after the dealer; ``points_totals`` add each side's card points to its two players (none to the sitter)."""
    columns = len(rules.sides)
    totals = [0] * columns
    points_totals = [0] * columns
    stake = 1
    winners: tuple[int, ...] | None = None
    rows: list[Row] = []
    for number, entry in enumerate(entries, start=1):
        check_entry(rules, entry)
        seats = sit_out_seats(rules, number, entries) if rules.sit_out else None
        if winners is not None:
            rows.append(
                Row(number, entry, (), 0, False, (0,) * columns, tuple(totals), tuple(points_totals), False, seats)
            )
            continue
        if isinstance(entry, ChiamataEntry):
            won, doubled, gained = _score_chiamata(rules, entry)
            deal_stake = 1
        else:
            won = _deal_winners(rules, entry)
            doubled = False
            deal_stake = stake
            stake = next_stake(stake, rules.draw, drawn=not won)
            if seats is not None:
                won = _sit_out_winners(seats, won)
                first, second, _sitter = seats
                for side, value in zip((first, second), entry.points, strict=True):
                    for player in side:
                        points_totals[player] += value
            else:
                for index, value in enumerate(entry.points):
                    points_totals[index] += value
            gained = tuple(deal_stake if index in won else 0 for index in range(columns))
        for index, value in enumerate(gained):
            totals[index] += value
        winners = _match_winners(rules, totals, number)
        rows.append(
            Row(number, entry, won, deal_stake, doubled, gained, tuple(totals), tuple(points_totals), True, seats)
        )
    return Tally(rules, tuple(rows), tuple(totals), tuple(points_totals), stake, winners)


def _deal_winners(rules: SheetRules, entry: DealEntry) -> tuple[int, ...]:
    """The side that won the deal, or none for a draw: two sides, the one at the target (60-60: nobody); with three
    players each for themselves, the highest total, as the engine plays three-handed (a tie at the top: nobody)."""
    best = max(entry.points)
    top = [index for index, value in enumerate(entry.points) if value == best]
    if len(top) != 1:
        return ()
    if len(entry.points) == 2 and best < rules.target:
        return ()
    return (top[0],)


def _sit_out_winners(seats: SitOutSeats, won: tuple[int, ...]) -> tuple[int, ...]:
    """The players who won a sit-out deal won by side ``won`` (0 or 1, none for a draw): the side's two, and with the
    2nd & 4th after the dealer the one sitting out (the engine's ``sit_out_share``)."""
    first, second, sitter = seats
    if not won:
        return ()
    return tuple(sorted(first if won[0] == 0 else (*second, sitter)))


def _score_chiamata(rules: SheetRules, entry: ChiamataEntry) -> tuple[tuple[int, ...], bool, tuple[int, ...]]:
    """The engine's chiamata table for each player; winners are the caller's side or the other three (or four)."""
    alone = entry.partner is None
    side = {entry.caller} if alone else {entry.caller, entry.partner}
    if entry.points is not None:
        made = entry.points >= (entry.contract if entry.contract is not None else rules.target)
        all_points = entry.points in (0, DECK_POINTS)
    else:
        made = bool(entry.made)
        all_points = entry.every_trick
    doubled = chiamata_doubled(
        rules.cappotto_double, CappottoCount.TRICKS, all_tricks=entry.every_trick, all_points=all_points
    )
    gained: list[int] = []
    for player in range(len(rules.names)):
        role: ChiamataRole = "caller" if player == entry.caller else "partner" if player in side else "other"
        gained.append(chiamata_points(role, made=made, alone=alone, doubled=doubled, alone_rule=rules.alone))
    players = range(len(rules.names))
    won = tuple(player for player in players if (player in side) == made)
    return won, doubled, tuple(gained)


def _match_winners(rules: SheetRules, totals: list[int], deals: int) -> tuple[int, ...] | None:
    """The columns that won the match once it is decided: chiamata after its deals (the highest total, ties share),
    a match at ``deals_to_win`` deals won (stakes counted; sit-out: by a player, all who reach it in the same deal
    sharing the win), never a free-running total."""
    if rules.chiamata:
        if deals < rules.chiamata_deals:
            return None
        best = max(totals)
        return tuple(index for index, value in enumerate(totals) if value == best)
    if rules.deals_to_win is None:
        return None
    reached = [index for index, value in enumerate(totals) if value >= rules.deals_to_win]
    return tuple(reached) if reached else None


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """An entry as JSON-ready values (:func:`entry_from_json` reads it back)."""
    if isinstance(entry, DealEntry):
        return {"points": list(entry.points)}
    return {
        "caller": entry.caller,
        "partner": entry.partner,
        "called": entry.called,
        "points": entry.points,
        "made": entry.made,
        "contract": entry.contract,
        "every_trick": entry.every_trick,
    }


def entry_from_json(data: Mapping[str, Any]) -> Entry:
    """An entry from :func:`entry_to_json`; a malformed one is a :class:`SheetError`."""
    try:
        if "caller" in data:
            return ChiamataEntry(
                caller=int(data["caller"]),
                partner=None if data.get("partner") is None else int(data["partner"]),
                called=None if data.get("called") is None else str(data["called"]),
                points=None if data.get("points") is None else int(data["points"]),
                made=None if data.get("made") is None else bool(data["made"]),
                contract=None if data.get("contract") is None else int(data["contract"]),
                every_trick=bool(data.get("every_trick", False)),
            )
        return DealEntry(tuple(int(value) for value in data["points"]))
    except (KeyError, TypeError, ValueError):
        raise SheetError(_("An entry of the sheet can't be read.")) from None
