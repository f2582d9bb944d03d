"""The rules a match is played by, from text: a preset's name and ``key=value`` options, as the terminal game's and
the arena's ``--option`` give them.

One home for both commands, in the match layer below them, since the terminal game and the arena must not import
each other; not in the engine, because its one message is for the player and is translated.
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.engine.errors import RulesetError
from briscola.engine.presets import preset
from briscola.engine.ruleset import Ruleset
from briscola.text.i18n import _

__all__ = ["build_rules"]


def _option_value(text: str) -> object:
    """An option's value from the command line: a boolean, a whole number, a comma-separated list, or the text."""
    word = text.strip()
    lowered = word.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered == "none":
        return None
    if word.lstrip("-").isdigit():
        return int(word)
    if "," in word:
        return [part.strip() for part in word.split(",") if part.strip()]
    return word


def build_rules(name: str, options: Sequence[str]) -> Ruleset:
    """The preset ``name`` with ``options`` (``key=value`` texts) applied; raises :class:`RulesetError`."""
    rules = preset(name)
    changes: dict[str, object] = {}
    for option in options:
        key, equals, value = option.partition("=")
        if not equals or not key.strip():
            raise RulesetError(option, _("an option is written key=value"))
        parsed = _option_value(value)
        if key.strip() == "removed_cards" and isinstance(parsed, str):
            parsed = [parsed]  # a single card is a list of one
        changes[key.strip()] = parsed
    return rules.with_options(**changes) if changes else rules
