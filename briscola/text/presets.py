"""The rule presets by the names a player reads, in their language: one home for them, shared by the window, the
replay's title and anything else that shows a preset.

The ids (``classic``, ``to31``) are what files, saves and the command line use, and stay as they are. The names are
marked ``N_`` here and translated where they are shown, so a change of language applies at once. An id with no name
here (a preset added later) is shown as it is rather than hidden.
"""

from __future__ import annotations

from typing import Final

from briscola.text.i18n import N_, _

__all__ = ["PRESET_NAMES", "preset_label"]

#: Every preset of :data:`briscola.engine.PRESETS` by id, named as a player would call that game.
PRESET_NAMES: Final[dict[str, str]] = {
    "classic": N_("Classic briscola"),
    "three": N_("Three players"),
    "three-36": N_("Three players, 36 cards"),
    "four": N_("Four in partnerships"),
    "four-signals": N_("Four, with signs"),
    "four-aloud": N_("Four, asking aloud"),
    "chiamata": N_("Briscola chiamata"),
    "five-sitout": N_("Five, the dealer sits out"),
    "six": N_("Six in two teams"),
    "open": N_("Open briscola"),
    "briscolone": N_("Briscolone"),
    "briscolone-10": N_("Briscolone, 10 cards"),
    "to31": N_("Briscola to 31"),
    "scambio": N_("Trump swap"),
    "bussata": N_("Must follow suit"),
    "brisca": N_("Spanish brisca"),
    "brisca-4": N_("Spanish brisca for four"),
    "cubierta": N_("Brisca cubierta"),
    "subastada": N_("Brisca subastada"),
    "rematada": N_("Chilean brisca (rematada)"),
    "french": N_("Briscola, French deck"),
}


def preset_label(preset: str) -> str:
    """The preset ``preset`` by its name in the current language (the id itself if it has no name)."""
    name = PRESET_NAMES.get(preset)
    return _(name) if name is not None else preset
