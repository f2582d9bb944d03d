"""The rows of the menus' form: what one line of a menu is (an action, a choice among values, or a text field).

Plain data, apart from drawing and input: :mod:`briscola.ui.widgets.form` lays the rows out and handles their keys,
:mod:`briscola.ui.widgets.text_field` edits and draws a text field's row. The rows live here so the imports go one way
(form -> text field -> rows): the field needs the row, not the form that shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["Row", "action", "choice", "text_field"]


def _nothing() -> None:
    return None


def _ignore(_value: object) -> None:
    return None


@dataclass
class Row:
    """One line of a menu: a label and either an action or a choice among ``values`` (shown by ``labels``)."""

    label: str
    help: str = ""
    values: Sequence[object] = ()
    labels: Sequence[str] = ()
    index: int = 0
    on_change: Callable[[object], None] = field(default=_ignore)
    on_activate: Callable[[], None] = field(default=_nothing)
    key: str = ""
    """A stable name for the row (tests and code find rows by it)."""
    text: str | None = None
    """The text of a text field (None for any other row): :func:`text_field` makes one."""
    placeholder: str = ""
    """Shown, dimmed, in an empty text field: what to type there."""
    on_text: Callable[[str], None] = field(default=_ignore)
    """Called with the whole text after every edit of a text field."""

    @property
    def is_text(self) -> bool:
        """True for a text field."""
        return self.text is not None

    @property
    def is_choice(self) -> bool:
        """True for a row with values to step through."""
        return bool(self.values)

    @property
    def value(self) -> object:
        """The chosen value (None for an action)."""
        return self.values[self.index] if self.values else None

    def step(self, delta: int) -> None:
        """Choose the next (``delta`` 1) or previous (-1) value, wrapping round, and report it."""
        if self.values:
            self.index = (self.index + delta) % len(self.values)
            self.on_change(self.values[self.index])


def action(label: str, run: Callable[[], None], *, help: str = "", key: str = "") -> Row:
    """A row that does something when activated."""
    return Row(label, help, on_activate=run, key=key)


def choice(
    label: str,
    options: Sequence[tuple[object, str]],
    current: object,
    on_change: Callable[[object], None],
    *,
    help: str = "",
    key: str = "",
) -> Row:
    """A row choosing among ``options`` (value, label), starting at ``current`` (the first if it isn't there)."""
    values = [value for value, _label in options]
    index = values.index(current) if current in values else 0
    return Row(label, help, values, [text for _v, text in options], index, on_change, key=key)


def text_field(
    label: str, text: str, on_text: Callable[[str], None], *, placeholder: str = "", help: str = "", key: str = ""
) -> Row:
    """A row holding a line of text the player types, reported to ``on_text`` after every edit."""
    return Row(label, help, key=key, text=text, placeholder=placeholder, on_text=on_text)
