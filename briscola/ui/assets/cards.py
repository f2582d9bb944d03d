"""Card images for the table: decks rasterised at any size, corner indices, smooth rotations, suit symbols.

The art package hands over SVG text and validated manifests; this module turns them into pygame surfaces.
Rasterising is cheap (a few milliseconds a card) but not free, so surfaces are cached per size, with a bound on
how many sizes are kept (a window resize makes a new size; the old ones age out). Rotated cards are cached per
angle too, because rotation is the costliest transform and hands and piles reuse a handful of angles.
"""

from __future__ import annotations

import contextlib
import io
from collections import OrderedDict
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

import pygame
import pygame.freetype

from briscola.art.build import BACKS_FOLDER, cards_dir
from briscola.art.decks import DECKS
from briscola.art.faces import symbol_svg
from briscola.art.manifest import DeckManifest, UnusableDeck, discover_decks, read_deck, user_decks_dir
from briscola.engine.cards import Card, DeckFamily, corner_index

__all__ = [
    "DeckImages",
    "available_decks",
    "back_path",
    "briscola_marks",
    "builtin_deck",
    "chosen_back",
    "deck_images",
    "index_rect",
    "rasterise",
    "suit_symbol_surface",
]

Size = tuple[int, int]

# Corner index geometry in card units of a 200 x 330 card: (font size, left, top) per style.
_INDEX_GEOMETRY: Final[dict[str, tuple[float, float, float]]] = {
    "number": (27.0, 10.0, 10.0),
    "number-small": (20.0, 9.0, 9.0),
    "number-spanish": (23.0, 16.0, 17.0),
    "rank-suit": (28.0, 7.0, 11.0),
}


def rasterise(data: bytes, size: Size) -> pygame.Surface:
    """An SVG file's bytes drawn at exactly ``size``, centred on transparency if its aspect differs."""
    drawn = pygame.image.load_sized_svg(io.BytesIO(data), size)
    if drawn.get_size() == size:
        return drawn
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(drawn, ((size[0] - drawn.get_width()) // 2, (size[1] - drawn.get_height()) // 2))
    return out


def _load_image(path: Path, data: bytes, size: Size) -> pygame.Surface:
    """A face or back file (SVG or PNG) at ``size``."""
    if path.suffix.lower() == ".svg":
        return rasterise(data, size)
    loaded = pygame.image.load(io.BytesIO(data), path.name)
    picture = pygame.Surface(loaded.get_size(), pygame.SRCALPHA)  # 32 bits whatever the PNG held: smoothscale needs it
    picture.blit(loaded, (0, 0))
    scale = min(size[0] / picture.get_width(), size[1] / picture.get_height())
    scaled = pygame.transform.smoothscale(
        picture, (max(1, round(picture.get_width() * scale)), max(1, round(picture.get_height() * scale)))
    )
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(scaled, ((size[0] - scaled.get_width()) // 2, (size[1] - scaled.get_height()) // 2))
    return out


@cache
def _font() -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    font = pygame.freetype.Font(None)
    font.strong = True
    font.antialiased = True
    return font


def suit_symbol_surface(suit: int, size: int, deck: str = "napoletane", colour: str | None = None) -> pygame.Surface:
    """A ``size`` x ``size`` picture of ``suit``'s object as drawn in ``deck`` (the font has no suit glyphs)."""
    return _symbol(suit, size, deck, colour).copy()


@cache
def _symbol(suit: int, size: int, deck: str, colour: str | None) -> pygame.Surface:
    return rasterise(symbol_svg(DECKS[deck], suit, colour).encode(), (size, size))


def _corner(
    manifest: DeckManifest, card: Card, height: int, style: str | None = None
) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The corner index of ``card`` for a face ``height`` pixels high, and where its top-left corner goes (None for
    a deck without indices); ``style`` draws it in another style than the deck's."""
    style = manifest.index_style if style is None else style
    if style == "none":
        return None
    unit = height / 330.0
    font_units, left, top = _INDEX_GEOMETRY[style]
    colour = pygame.Color(manifest.index_colours[card.suit])
    text = corner_index(card.rank, manifest.family)
    glyphs, _bounds = _font().render(text, colour, size=max(6.0, font_units * unit))
    corner = pygame.Surface((glyphs.get_width(), glyphs.get_height()), pygame.SRCALPHA)
    if style == "rank-suit":
        pip = max(4, round(15 * unit))
        symbol = _symbol(card.suit, pip, "francesi", manifest.index_colours[card.suit])
        width = max(glyphs.get_width(), pip)
        corner = pygame.Surface((width, glyphs.get_height() + round(4 * unit) + pip), pygame.SRCALPHA)
        corner.blit(glyphs, ((width - glyphs.get_width()) // 2, 0))
        corner.blit(symbol, ((width - pip) // 2, glyphs.get_height() + round(4 * unit)))
        left = max(2.0, 17.0 - width / unit / 2)
    else:
        corner.blit(glyphs, (0, 0))
    return corner, (round(left * unit), round(top * unit))


def index_rect(manifest: DeckManifest, card: Card, size: Size) -> pygame.Rect:
    """Where the top-left corner index of ``card`` lies on a face of ``size`` (empty for a deck without indices).

    The table keeps this corner of every trick card and shown card uncovered; the tests check that the layout's
    :data:`~briscola.ui.core.layout.INDEX_CORNER` holds it for every deck, so a deck whose index grows is caught.
    """
    drawn = _corner(manifest, card, size[1])
    if drawn is None:
        return pygame.Rect(0, 0, 0, 0)
    corner, at = drawn
    return corner.get_rect(topleft=at)


#: The deck whose suit objects mark the turned briscola of a player's own deck, by family.
_PIP_DECKS: Final[dict[DeckFamily, str]] = {
    DeckFamily.ITALIAN: "napoletane",
    DeckFamily.SPANISH: "spagnole",
    DeckFamily.FRENCH: "francesi",
}


def _briscola_parts(
    manifest: DeckManifest, card: Card, height: int
) -> tuple[tuple[pygame.Surface, tuple[int, int]], tuple[int, tuple[int, int]] | None]:
    """The turned briscola's index (surface, top-left) and its added suit pip (size, top-left; None when the index
    shows the suit already). A deck printed without indices gets the plain number style's."""
    style = "number" if manifest.index_style == "none" else manifest.index_style
    drawn = _corner(manifest, card, height, style)
    assert drawn is not None
    corner, (x, y) = drawn
    if style == "rank-suit":
        return drawn, None
    unit = height / 330.0
    pip = max(6, round(30 * unit))
    centre = x + corner.get_width() / 2
    return drawn, (pip, (max(round(2 * unit), round(centre - pip / 2)), y + corner.get_height() + round(3 * unit)))


def briscola_marks(manifest: DeckManifest, card: Card, size: Size) -> list[pygame.Rect]:
    """Where the turned briscola says what it is, on a face of ``size`` (pixels from its top-left corner): its corner
    index and, beside an index that names no suit (every Italian and Spanish style), the suit's pip the table adds.

    Only the top of the turned briscola sticks out from under the talon, and there the index alone said "10" over a
    king's robe; the layout's tests check that these rectangles show, for every deck, player count and window.
    """
    (corner, at), pip = _briscola_parts(manifest, card, size[1])
    marks = [corner.get_rect(topleft=at)]
    if pip is not None:
        marks.append(pygame.Rect(pip[1], (pip[0], pip[0])))
    return marks


def _briscola_face(face: pygame.Surface, manifest: DeckManifest, card: Card) -> pygame.Surface:
    """``face`` with :func:`briscola_marks` drawn on (a copy): the pip on a disc of the card's paper, so the art under
    it never muddles it, and the index too where the deck prints none."""
    out = face.copy()
    h = out.get_height()
    (corner, at), pip = _briscola_parts(manifest, card, h)
    box = corner.get_rect(topleft=at).inflate(-2, -2)
    samples = (box.topleft, box.topright, box.bottomleft, (box.right, box.bottom + 1))
    paper = max((face.get_at(point) for point in samples), key=lambda c: c.r + c.g + c.b)  # the corner's paper
    if manifest.index_style == "none":
        chip = corner.get_rect(topleft=at).inflate(max(2, h // 60), max(2, h // 60))
        pygame.draw.rect(out, paper, chip, border_radius=max(2, h // 80))
        out.blit(corner, at)
    if pip is not None:
        pip_size, (x, y) = pip
        deck = manifest.ident if manifest.ident in DECKS else _PIP_DECKS[manifest.family]
        pygame.draw.circle(out, paper, (x + pip_size / 2, y + pip_size / 2), pip_size * 0.62)
        out.blit(_symbol(card.suit, pip_size, deck, None), (x, y))
    return out


def _draw_index(surface: pygame.Surface, manifest: DeckManifest, card: Card) -> None:
    """Write the corner index over a face, top-left and (turned) bottom-right, in the deck's style."""
    w, h = surface.get_size()
    drawn = _corner(manifest, card, h)
    if drawn is None:
        return
    corner, (x, y) = drawn
    surface.blit(corner, (x, y))
    surface.blit(pygame.transform.rotate(corner, 180), (w - x - corner.get_width(), h - y - corner.get_height()))


def back_path(name: str) -> Path:
    """The file of the back design ``name`` (one of :data:`briscola.art.frames.BACKS`), drawn with any deck."""
    return cards_dir() / BACKS_FOLDER / f"{name}.svg"


def chosen_back(name: str) -> Path | None:
    """The back design the player chose (``display.back``; "" is the deck's own: None), as
    :meth:`DeckImages.use_back` takes it. One resolution for every picture of a face-down card, the table's and the
    new-game preview's, so the preview shows the back the table will deal."""
    return back_path(name) if name else None


class DeckImages:
    """Faces and back of one deck as surfaces at any size, cached per size (LRU) and per rotation angle.

    The back is the deck's own unless :meth:`use_back` chose another design (the player's ``display.back``): backs
    are independent of the faces, so the table swaps the one file without reading the deck again.

    Every file is read when the deck is made (and a chosen back when it is chosen), so the scenes' ``draw``, which
    asks for a picture at a new size the first time it shows one, rasterises from memory and never touches a file.

    :meth:`sibling` gives another window onto the same deck: it shares the files read and the faces drawn (the
    dearest part: forty faces are some 90 ms of rasterising) and keeps its own back and rotations, so a table
    opened after the menus showed the deck draws its faces at once.
    """

    def __init__(
        self,
        manifest: DeckManifest,
        sizes_kept: int = 8,
        rotations_kept: int = 256,
        *,
        _shared: DeckImages | None = None,
    ) -> None:
        self.manifest = manifest
        self.back_file = manifest.back
        """The file face-down cards are drawn from."""
        self._sizes_kept = sizes_kept
        self._rotations_kept = rotations_kept
        self._data: dict[Path, bytes] = {} if _shared is None else _shared._data
        self._by_size: OrderedDict[Size, dict[int, pygame.Surface]] = (
            OrderedDict() if _shared is None else _shared._by_size
        )
        """Faces, per size: shared with every sibling."""
        self._backs: OrderedDict[Size, pygame.Surface] = OrderedDict()
        self._rotations: OrderedDict[tuple[int, Size, float], pygame.Surface] = OrderedDict()
        self._briscola: tuple[tuple[int, Size, float], pygame.Surface] | None = None
        if _shared is None:
            for path in (*manifest.faces, manifest.back):
                self._preload(path)

    def sibling(self) -> DeckImages:
        """A view of this deck with the same files and faces (drawn once for both) and its own back and rotations:
        the table sets the player's back on it without changing the menus'."""
        return DeckImages(self.manifest, self._sizes_kept, self._rotations_kept, _shared=self)

    def _preload(self, path: Path) -> None:
        """Read ``path`` now; one that can't be read is left to fail where it is drawn, as it did unread."""
        with contextlib.suppress(OSError):
            self._bytes(path)

    def _bytes(self, path: Path) -> bytes:
        data = self._data.get(path)
        if data is None:
            data = self._data[path] = path.read_bytes()
        return data

    def _slot(self, size: Size) -> dict[int, pygame.Surface]:
        slot = self._by_size.get(size)
        if slot is None:
            slot = self._by_size[size] = {}
            while len(self._by_size) > self._sizes_kept:
                self._by_size.popitem(last=False)
        else:
            self._by_size.move_to_end(size)
        return slot

    def face(self, card: Card, size: Size) -> pygame.Surface:
        """The face of ``card`` at ``size`` (w, h) pixels, with its corner indices. Don't draw on it: it is shared."""
        slot = self._slot(size)
        surface = slot.get(int(card))
        if surface is None:
            path = self.manifest.faces[card]
            surface = _load_image(path, self._bytes(path), size)
            _draw_index(surface, self.manifest, card)
            slot[int(card)] = surface
        return surface

    def briscola(self, card: Card, size: Size, angle: float) -> pygame.Surface:
        """The turned briscola at ``size``, turned ``angle`` degrees (a quarter turn): its face with the marks of
        :func:`briscola_marks`. One card lies there at a time, so only the last picture is kept."""
        key = (int(card), size, round(angle, 1))
        if self._briscola is None or self._briscola[0] != key:
            face = _briscola_face(self.face(card, size), self.manifest, card)
            self._briscola = (key, pygame.transform.rotate(face, key[2]))
        return self._briscola[1]

    def back(self, size: Size) -> pygame.Surface:
        """The back at ``size`` (the chosen design; the deck's own if that file can't be drawn)."""
        surface = self._backs.get(size)
        if surface is None:
            try:
                surface = _load_image(self.back_file, self._bytes(self.back_file), size)
            except (pygame.error, OSError, ValueError):
                if self.back_file == self.manifest.back:
                    raise
                self.use_back(None)  # a missing or broken design must not stop the table: the deck's own
                return self.back(size)
            self._backs[size] = surface
            while len(self._backs) > self._sizes_kept:
                self._backs.popitem(last=False)
        else:
            self._backs.move_to_end(size)
        return surface

    def use_back(self, path: Path | None) -> None:
        """Draw face-down cards from ``path`` from now on (None: the deck's own back); cached backs are dropped."""
        wanted = self.manifest.back if path is None else path
        if wanted == self.back_file:
            return
        self.back_file = wanted
        self._preload(wanted)
        self._backs.clear()
        for key in [key for key in self._rotations if key[0] == -1]:
            del self._rotations[key]

    def rotated(self, card: Card | None, size: Size, angle: float) -> pygame.Surface:
        """``card`` (None: the back) at ``size`` turned ``angle`` degrees counter-clockwise, smoothly.

        Angles are rounded to a tenth of a degree for the cache; ``rotozoom`` filters the edges, which plain
        ``rotate`` leaves jagged (quarter turns use ``rotate``, exact for them).
        """
        key = (-1 if card is None else int(card), size, round(angle, 1))
        surface = self._rotations.get(key)
        if surface is None:
            flat = self.back(size) if card is None else self.face(card, size)
            if key[2] % 90 == 0:  # quarter turns are exact: no filtering, no size drift
                surface = pygame.transform.rotate(flat, key[2])
            else:
                surface = pygame.transform.rotozoom(flat, key[2], 1.0)
            self._rotations[key] = surface
            while len(self._rotations) > self._rotations_kept:
                self._rotations.popitem(last=False)
        else:
            self._rotations.move_to_end(key)
        return surface

    def cached_sizes(self) -> list[Size]:
        """The sizes held in the cache, least recently used first."""
        return list(self._by_size)

    def verify(self, size: Size = (20, 33)) -> str | None:
        """Decode every file at a small size; the reason the first one fails, or None when all draw."""
        for path in (*self.manifest.faces, self.manifest.back):
            try:
                _load_image(path, self._bytes(path), size)
            except (pygame.error, OSError, ValueError) as exc:
                return f"{path.name} cannot be drawn ({exc})"
        return None


def builtin_deck(ident: str) -> DeckImages:
    """The images of a built-in deck (``napoletane``, ...) for a table or viewer to own: a
    :meth:`~DeckImages.sibling` of the kept :func:`deck_images`, so its faces are drawn once for every window."""
    return deck_images(ident).sibling()


@lru_cache(maxsize=4)
def deck_images(name: str) -> DeckImages:
    """The built-in deck ``name``, from ``assets/cards`` or its generated copy, kept and shared: the menus show its
    cards, and reading a deck means files.

    The menus ask for it when they are made and when they update, never while drawing. A table has its own
    :func:`builtin_deck`, whose back it sets as the player chooses.
    """
    found = read_deck(cards_dir() / name)
    if isinstance(found, UnusableDeck):
        raise ValueError(f"built-in deck {name!r} is broken: {found.reason}")
    return DeckImages(found)


def available_decks(user_dir: Path | None = None, verify: bool = True) -> list[DeckManifest | UnusableDeck]:
    """Built-in decks, then the player's own from ``user_dir`` (default: the user data folder's ``decks/``).

    User decks are checked (manifest, and with ``verify`` every file decoded at a small size); a broken one
    comes back as :class:`UnusableDeck` with its reason. Nothing here raises, so a bad deck folder can never
    stop the game from starting.
    """
    decks: list[DeckManifest | UnusableDeck] = [read_deck(cards_dir() / ident) for ident in DECKS]
    try:
        folder = user_decks_dir() if user_dir is None else user_dir
    except Exception as exc:
        return [*decks, UnusableDeck(Path("."), f"user data folder unavailable ({exc})")]
    for found in discover_decks(folder):
        if isinstance(found, DeckManifest) and verify:
            reason = DeckImages(found).verify()
            if reason is not None:
                found = UnusableDeck(found.folder, reason)
        decks.append(found)
    return decks
