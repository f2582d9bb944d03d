"""The terminal game, driven through :func:`briscola.terminal.command.main` with scripted answers and a captured
transcript.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable, Iterator

import pytest

from briscola.ai import GreedyPlayer
from briscola.engine import PRESETS, Card, Deal, Game, Play, preset
from briscola.terminal.command import _opponent, main
from briscola.text.i18n import _, ngettext


class Script:
    """An ``input`` stand-in: gives ``answers`` in order, then ``then`` in a cycle; an exception type is raised.

    It echoes each prompt and answer into ``out`` as a terminal would, and gives up with EOFError after ``limit``
    prompts, so a CLI that keeps refusing an answer fails the test instead of hanging it.
    """

    def __init__(
        self,
        answers: Iterable[str | type[BaseException]] = (),
        then: Iterable[str] = ("1",),
        *,
        out: io.StringIO | None = None,
        limit: int = 2_000,
    ) -> None:
        self.answers = list(answers)
        self.then = list(then)
        self._cycle: Iterator[str] | None = None
        self.out = out
        self.limit = limit
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            raise EOFError
        if self.answers:
            answer = self.answers.pop(0)
        else:
            if not self.then:
                raise EOFError
            if self._cycle is None:
                self._cycle = _cycle(self.then)
            answer = next(self._cycle)
        if isinstance(answer, type):
            raise answer()
        if self.out is not None:
            self.out.write(f"{prompt}{answer}\n")
        return answer


def _cycle(items: list[str]) -> Iterator[str]:
    while True:
        yield from items


def run(argv: list[str], script: Script | None = None) -> tuple[int, str, str]:
    """Run the CLI; returns (exit code, transcript, error output)."""
    out, err = io.StringIO(), io.StringIO()
    if script is not None:
        script.out = out
    code = main(argv, input_fn=script if script is not None else Script(then=()), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------------------------------------ playing


def test_a_whole_classic_hand_as_the_human() -> None:
    script = Script(then=["1"])
    code, text, err = run(["--hand", "--seed", "3"], script)
    assert code == 0, err
    assert len(script.prompts) == 20  # 40 cards, two players: the human plays 20 of them
    assert "--- Hand over ---" in text
    assert "You play" in text and "Your hand:" in text
    assert re.search(r"\(\w\w\)", text)  # cards carry their codes
    assert "Traceback" not in text + err


@pytest.mark.parametrize("name", list(PRESETS))
def test_watching_a_whole_match_of_every_preset(name: str) -> None:
    code, text, err = run(["--watch", "--preset", name, "--seed", "5"])
    assert code == 0, err
    assert "=== Match over ===" in text
    assert "Your hand" not in text  # nobody is asked anything
    assert "Traceback" not in text + err


def test_a_whole_four_player_match_as_the_human_partner() -> None:
    code, text, err = run(["--preset", "four", "--seat", "1", "--seed", "2"], Script(then=["1"]))
    assert code == 0, err
    assert "Your partner: Dario" in text
    assert "=== Match over ===" in text


def test_card_names_follow_the_deck_family_in_the_players_language() -> None:
    """In English a Spanish deck's cards are named in English (Latin suits), a French deck's with the French suits;
    the deck's own Spanish words are nowhere in the game's lines."""
    _code, spanish, _err = run(["--watch", "--preset", "brisca", "--seed", "1", "--hand"])
    _code, french, _err = run(["--watch", "--preset", "french", "--seed", "1", "--hand"])
    assert re.search(r"\b(Ace|King|Jack|Knight|Three) of (coins|cups|swords|batons) \(", spanish)
    assert not re.search(r"\b(As|Rey|Sota|Caballo|Tres) de (oros|copas|espadas|bastos)\b", spanish)
    assert re.search(r"\b(Ace|King|Jack|Queen) of (diamonds|hearts|spades|clubs) \(", french)


def test_briscola_to_31_never_shows_the_running_points() -> None:
    code, text, _err = run(["--hand", "--preset", "to31", "--seed", "4"], Script(then=["1"]))
    assert code == 0
    assert "Points so far" not in text
    assert not re.search(r"takes? the trick: \d+ points", text)
    assert "Also possible: declare" in text


def test_the_seed_is_printed_and_replays_the_same_game() -> None:
    _code, first, _err = run(["--watch", "--hand"])
    match = re.search(r"--seed (\d+)", first)
    assert match is not None
    _code, again, _err = run(["--watch", "--hand", "--seed", match.group(1)])
    assert again == first


# ------------------------------------------------------------------------------------------------ wrong input


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    script = Script(["garbage", "9", "ZZ", "", "h", "t"], then=["1"])
    code, text, err = run(["--hand", "--seed", "3"], script)
    assert code == 0, err
    assert "'garbage' is not a card or a move" in text
    assert "There is no card 9: choose a number from 1 to 3." in text
    assert "'ZZ' is not a card or a move" in text
    assert "Please type a card number from 1 to 3" in text
    assert "How to answer:" in text
    assert len(script.prompts) == 20 + 6  # every refused answer was asked again, and the hand went on to its end
    assert "--- Hand over ---" in text


def test_a_forfeit_typed_at_the_prompt_is_no_move_of_the_player() -> None:
    """``forfeit:1`` is how a record writes a seat that left; typed, it is not a move, whoever's turn it is."""
    script = Script(["forfeit:1", "forfeit:0"], then=["1"])
    code, text, err = run(["--hand", "--seed", "3"], script)
    assert code == 0, err
    assert "'forfeit:1' is not a card or a move" in text
    assert "'forfeit:0' is not a card or a move" in text
    assert "not your turn" not in text


def test_a_card_not_in_hand_is_refused() -> None:
    game = Game(preset("classic"), 3)
    game.apply(Deal())
    absent = next(card for card in preset("classic").deck if card not in game.hands[0])
    code, text, _err = run(["--hand", "--seed", "3"], Script([absent.code], then=["1"]))
    assert code == 0
    assert f"You don't hold {absent.code}." in text


def _bussata_follow() -> tuple[int, Card, Card]:
    """A seed where the computer (seat 1) leads first and the human (seat 0) holds both the suit led and another."""
    rules = preset("bussata")
    for seed in range(200):
        game = Game(rules, seed)
        game.apply(Deal())
        if game.to_move != 1:
            continue
        leads = {GreedyPlayer(random.Random(k)).choose(game.view(1)) for k in range(8)}
        if len(leads) != 1:
            continue  # greedy would break a tie at random: this deal can't be predicted
        (lead,) = leads
        assert isinstance(lead, Play)
        same = [card for card in game.hands[0] if card.suit == lead.card.suit]
        other = [card for card in game.hands[0] if card.suit != lead.card.suit]
        if same and other:
            return seed, other[0], same[0]
    raise AssertionError("no suitable bussata deal in 200 seeds")


def test_an_off_suit_card_in_bussata_is_refused_and_the_game_goes_on() -> None:
    seed, off_suit, follows = _bussata_follow()
    script = Script([off_suit.code, follows.code], then=["1", "2", "3"])
    code, text, err = run(["--hand", "--preset", "bussata", "--seed", str(seed)], script)
    assert code == 0, err
    before, after = text.split("You must follow suit: play a card of", 1)
    assert f"({off_suit.code})." not in before  # the refused card was not played
    next_play = next(line for line in after.splitlines() if line.startswith("You play "))
    assert next_play.endswith(f"({follows.code}).")
    assert "--- Hand over ---" in text


def test_end_of_input_exits_cleanly() -> None:
    code, text, err = run(["--seed", "3"], Script([EOFError]))
    assert code == 0
    assert "Input closed: goodbye." in text
    assert "Traceback" not in text + err


def test_ctrl_c_exits_with_130() -> None:
    code, text, err = run(["--seed", "3"], Script(["1", KeyboardInterrupt]))
    assert code == 130
    assert "Interrupted: goodbye." in text
    assert "Traceback" not in text + err


def test_quit_asks_for_confirmation() -> None:
    script = Script(["q", "n", "1", "quit", "y"])
    code, text, _err = run(["--seed", "3"], script)
    assert code == 0
    assert script.prompts[1] == "Really quit the game? (y/n) "
    assert "You play" in text  # the "n" kept the game going
    assert text.rstrip().endswith("Goodbye.")


def test_chiamata_auction_as_the_human() -> None:
    # Pass every auction; if the human wins one anyway (everybody else passed after a bid), call the first card.
    script = Script(then=["pass", "1"])
    code, text, err = run(["--preset", "chiamata", "--seat", "3", "--seed", "8", "--hand"], script)
    assert code == 0, err
    assert any(prompt.startswith("Your bid") for prompt in script.prompts)
    assert "You pass." in text
    assert "--- Hand over ---" in text


# ------------------------------------------------------------------------------------------------ options


@pytest.mark.parametrize(
    ("option", "named"),
    [
        ("nosuch=1", "nosuch"),
        ("hands_to_win=9", "hands_to_win"),
        ("players=many", "players"),
        ("must_follow_suit=7", "must_follow_suit"),
        ("to_31", "to_31"),
    ],
)
def test_a_bad_option_exits_2_naming_it(option: str, named: str) -> None:
    code, _text, err = run(["--watch", "--option", option])
    assert code == 2
    assert named in err
    assert err.count("\n") == 1  # one line, no traceback
    assert "Traceback" not in err


def test_options_change_the_rules() -> None:
    code, text, _err = run(["--watch", "--seed", "4", "--option", "hands_to_win=1", "--option", "family=french"])
    assert code == 0
    assert "(first to 1)" in text
    assert " of " in text and " di " not in text


@pytest.mark.parametrize(
    ("given", "spec"), [("3", "medio"), ("Medio", "medio"), (" ESPERTO ", "esperto"), ("pimc30", "pimc30")]
)
def test_the_opponent_is_named_as_everywhere_a_player_is(given: str, spec: str) -> None:
    assert _opponent(given) == spec


def test_a_level_plays_the_terminal_game_in_the_computers_seats() -> None:
    argv = ["--watch", "--hand", "--seed", "4", "--no-color"]
    code, medio, err = run([*argv, "--opponent", "medio"])
    assert code == 0 and not err
    assert "--- Hand over ---" in medio
    again = run([*argv, "--opponent", "3"])[1]
    greedy = run([*argv, "--opponent", "greedy"])[1]
    assert again == medio  # the same level by its number, the same seeded game
    assert greedy != medio  # and a different player from the default


@pytest.mark.parametrize("argv", [["--preset", "nosuch"], ["--seat", "2"], ["--opponent", "genius"], ["--bogus"]])
def test_other_bad_arguments_exit_2(argv: list[str]) -> None:
    code, _text, err = run(argv)
    assert code == 2
    assert err
    assert "Traceback" not in err


def test_list_presets_shows_every_preset_with_its_description() -> None:
    code, text, _err = run(["--list-presets"])
    assert code == 0
    for name, rules in PRESETS.items():
        assert re.search(rf"^{re.escape(name)} ", text, re.MULTILINE)
        assert rules.description.split()[0] in text


def test_help_lists_the_options() -> None:
    code, text, _err = run(["--help"])
    assert code == 0
    for option in ("--preset", "--list-presets", "--seat", "--opponent", "--seed", "--hand", "--option", "--watch"):
        assert option in text


def test_main_py_terminal_starts_the_terminal_game(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main as start

    assert start(["--terminal", "--list-presets"]) == 0
    assert "classic" in capsys.readouterr().out


def test_translation_falls_back_to_the_message_itself() -> None:
    assert _("You play {card}.") == "You play {card}."
    assert ngettext("{count} card", "{count} cards", 2) == "{count} cards"
