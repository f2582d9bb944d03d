"""Names a player reads for the card backs, which the game knows by an id (the presets' names are in
:mod:`briscola.text.presets`).

The ids (``tartan-green``) are what files, saves and the command line use, and stay as they
are; on screen each is shown by a name in the player's language. The names are marked ``N_`` here and translated
where they are shown, so a change of language applies at once. An id with no name here (a preset added later) is
shown as it is rather than hidden.
"""

from __future__ import annotations

from typing import Final

from briscola.text.i18n import N_, _

__all__ = ["BACK_NAMES", "back_label"]


#: Every card back of :data:`briscola.art.frames.BACKS` by id: its pattern and its colour.
BACK_NAMES: Final[dict[str, str]] = {
    "lattice-red": N_("Lattice, red"),
    "lattice-blue": N_("Lattice, blue"),
    "tartan-green": N_("Tartan, green"),
    "rosette-blue": N_("Rosette, blue"),
    "rosette-red": N_("Rosette, red"),
    "plain-burgundy": N_("Plain, burgundy"),
    "scales-teal": N_("Scales, teal"),
}


def back_label(back: str) -> str:
    """The card back ``back`` by its name in the current language (the id itself if it has no name)."""
    name = BACK_NAMES.get(back)
    return _(name) if name is not None else back
