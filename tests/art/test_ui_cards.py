"""Deck images in pygame: per-size cache, smooth rotation, corner indices, distinct faces and decks, user decks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hashlib
from pathlib import Path

import pygame
import pytest

from briscola.art.build import ASSETS_DIR
from briscola.art.decks import DECKS
from briscola.art.frames import BACKS
from briscola.art.manifest import DeckManifest, UnusableDeck, read_deck
from briscola.engine.cards import ALL_CARDS, Card, Suit
from briscola.ui.assets.cards import (
    DeckImages,
    available_decks,
    back_path,
    builtin_deck,
    deck_images,
    rasterise,
    suit_symbol_surface,
)
from briscola.ui.assets.deck_sheet import main as art_main

SMALL = (40, 66)


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def test_faces_are_cached_per_size_and_bounded() -> None:
    images = DeckImages(builtin_deck("napoletane").manifest, sizes_kept=2)
    ace = Card.parse("AD")
    first = images.face(ace, (100, 165))
    assert images.face(ace, (100, 165)) is first
    big = images.face(ace, (400, 660))
    assert big.get_size() == (400, 660) and first.get_size() == (100, 165)
    images.face(ace, (200, 330))
    assert images.cached_sizes() == [(400, 660), (200, 330)]
    assert images.face(ace, (100, 165)) is not first  # aged out, drawn again...
    assert digest(images.face(ace, (100, 165))) == digest(first)  # ...identically


def test_four_colour_variant_differs_only_in_suit_colours() -> None:
    plain, four = builtin_deck("francesi"), builtin_deck("francesi-4c")
    assert digest(plain.face(Card.parse("5S"), SMALL)) == digest(four.face(Card.parse("5S"), SMALL))
    assert digest(plain.face(Card.parse("5D"), SMALL)) != digest(four.face(Card.parse("5D"), SMALL))
    assert digest(plain.face(Card.parse("5C"), SMALL)) != digest(four.face(Card.parse("5C"), SMALL))


def test_any_aspect_keeps_the_card_shape() -> None:
    surface = builtin_deck("francesi").face(Card.parse("KS"), (200, 200))
    assert surface.get_size() == (200, 200)
    assert surface.get_at((5, 100)).a == 0  # margins left transparent, the card is not stretched
    assert surface.get_at((100, 100)).a == 255


def test_rotation_is_cached_and_smooth() -> None:
    images = builtin_deck("spagnole")
    card = Card.parse("7H")
    turned = images.rotated(card, (100, 165), 15)
    assert images.rotated(card, (100, 165), 15.0) is turned
    assert turned.get_width() > 100 and turned.get_height() > 165
    alphas = {turned.get_at((x, y)).a for x in range(turned.get_width()) for y in range(0, turned.get_height(), 7)}
    assert any(0 < a < 255 for a in alphas), "edges should be anti-aliased, not jagged"
    assert images.rotated(None, (100, 165), 90).get_size() == (165, 100)


def test_corner_indices_are_drawn_in_both_corners() -> None:
    images = builtin_deck("napoletane")
    card = Card.parse("7C")
    face = images.face(card, (200, 330))
    plain = rasterise(images.manifest.faces[card].read_bytes(), (200, 330))
    changed_top = sum(face.get_at((x, y)) != plain.get_at((x, y)) for x in range(8, 40) for y in range(8, 42))
    changed_bottom = sum(face.get_at((x, y)) != plain.get_at((x, y)) for x in range(160, 192) for y in range(288, 322))
    assert changed_top > 20 and changed_bottom > 20


def test_deck_with_index_style_none_gets_no_index(tmp_path: Path) -> None:
    found = read_deck(ASSETS_DIR / "napoletane")
    assert isinstance(found, DeckManifest)
    bare = DeckImages(DeckManifest(**{**found.__dict__, "index_style": "none"}))
    card = Card.parse("7C")
    assert digest(bare.face(card, SMALL)) == digest(rasterise(found.faces[card].read_bytes(), SMALL))


@pytest.mark.parametrize("ident", list(DECKS))
def test_forty_distinct_faces(ident: str) -> None:
    images = builtin_deck(ident)
    assert len({digest(images.face(card, SMALL)) for card in ALL_CARDS}) == 40


def test_decks_look_different_from_each_other() -> None:
    """Downscaled rasters of a few cards differ clearly between any two decks (not one pixel here and there)."""
    cards = [Card.parse(code) for code in ("AD", "5H", "7S", "3C", "KH")]
    pictures = {}
    for ident in (ident for ident, deck in DECKS.items() if not deck.variant_of):
        images = builtin_deck(ident)
        pictures[ident] = [pygame.image.tobytes(images.face(c, (20, 33)), "RGB") for c in cards]
    names = list(pictures)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = sum(
                abs(x - y) for pa, pb in zip(pictures[a], pictures[b], strict=True) for x, y in zip(pa, pb, strict=True)
            )
            assert diff / (5 * 20 * 33 * 3) > 4, (a, b, diff)


def test_suit_symbols_for_the_ui() -> None:
    for suit in Suit:
        symbol = suit_symbol_surface(suit, 32, "francesi", "#c8202e" if suit < 2 else "#1a1a1a")
        assert symbol.get_size() == (32, 32)
        opaque = sum(symbol.get_at((x, y)).a > 128 for x in range(32) for y in range(32))
        assert 100 < opaque < 1000
    coin = suit_symbol_surface(Suit.DENARI, 24)
    assert coin.get_at((12, 12)).a == 255


def _user_deck(folder: Path, face: bytes, suffix: str) -> Path:
    folder.mkdir(parents=True)
    for card in ALL_CARDS:
        (folder / f"{card.code}{suffix}").write_bytes(face)
    (folder / f"back{suffix}").write_bytes(face)
    (folder / "deck.toml").write_text(
        f'[deck]\nname = "{folder.name}"\nfamily = "french"\ncredits = "me"\nlicence = "CC0-1.0"\n'
        f'[cards]\nwidth = 100\nheight = 150\nfaces = "{{code}}{suffix}"\nback = "back{suffix}"\n'
        '[index]\nstyle = "rank-suit"\n',
        encoding="utf-8",
    )
    return folder


def test_user_decks_png_broken_and_missing(tmp_path: Path) -> None:
    png = tmp_path / "face.png"
    card = pygame.Surface((100, 150))
    card.fill((200, 30, 30))
    pygame.image.save(card, str(png))
    _user_deck(tmp_path / "decks" / "a-png", png.read_bytes(), ".png")
    _user_deck(tmp_path / "decks" / "b-broken", b"this is no picture", ".png")
    (tmp_path / "decks" / "c-empty").mkdir()
    found = available_decks(tmp_path / "decks")
    assert [f.ident for f in found[: len(DECKS)] if isinstance(f, DeckManifest)] == list(DECKS)
    user = found[len(DECKS) :]
    assert isinstance(user[0], DeckManifest)
    assert isinstance(user[1], UnusableDeck) and "cannot be drawn" in user[1].reason
    assert isinstance(user[2], UnusableDeck) and "deck.toml is missing" in user[2].reason
    face = DeckImages(user[0]).face(Card.parse("KS"), (100, 150))
    assert face.get_at((50, 75))[:3] == (200, 30, 30)


def test_sheet_command_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    assert art_main(["sheet", "trevisane", str(out), "--width", "50"]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() >= 10 * 50 and sheet.get_height() >= 5 * 82


def test_sheet_command_names_an_unknown_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert art_main(["sheet", "tarocchi", str(tmp_path / "x.png")]) == 2
    assert "tarocchi" in capsys.readouterr().err


@pytest.mark.parametrize("ident", [ident for ident, deck in DECKS.items() if deck.symbols.arrangement != "french"])
def test_swords_and_clubs_have_the_grip_at_the_bottom(ident: str) -> None:
    """The court figures rely on it: at angle 0 a sword's hilt (gold guard, pommel) is in the lower half."""
    gold = pygame.Color(DECKS[ident].palette.gold)
    sword = suit_symbol_surface(Suit.SPADE, 100, ident)

    def golden(rows: range) -> int:
        return sum(
            1
            for y in rows
            for x in range(100)
            if sword.get_at((x, y)).a > 200
            and sum(abs(a - b) for a, b in zip(sword.get_at((x, y))[:3], gold[:3], strict=True)) < 60
        )

    assert golden(range(55, 100)) > 3 * golden(range(0, 45)) + 10


def test_siblings_share_faces_but_keep_their_own_back() -> None:
    kept = deck_images("napoletane")
    table, viewer = builtin_deck("napoletane"), builtin_deck("napoletane")
    ace = Card.parse("AD")
    face = table.face(ace, (101, 167))
    assert viewer.face(ace, (101, 167)) is face and kept.face(ace, (101, 167)) is face  # drawn once for all
    before = digest(kept.back((101, 167)))
    table.use_back(back_path(list(BACKS)[-1]))
    assert digest(table.back((101, 167))) != before  # the table's chosen back...
    assert digest(kept.back((101, 167))) == before and digest(viewer.back((101, 167))) == before  # ...is its own
