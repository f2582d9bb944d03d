"""A button's label fits inside it as it is drawn: bold with the focus is wider, and is measured bold."""

from __future__ import annotations

import pygame

from briscola.ui.widgets.basic import Button, text_surface


def test_a_focused_label_is_fitted_as_the_bold_text_it_is_drawn() -> None:
    pygame.init()
    label = "Back to the school"
    plain = text_surface(label, 24).get_width()
    button = Button(label, "back", pygame.Rect(0, 0, plain + 12, 40))
    assert button._fitting(24) == 24  # fits as plain text
    button.focused = True
    size = button._fitting(24)
    assert size < 24 and text_surface(label, size, bold=True).get_width() <= button.rect.w - 12 + 1
