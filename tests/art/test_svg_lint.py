"""The SVG lint: it must catch every feature nanosvg silently drops, and the generated files must pass it."""

from __future__ import annotations

import pytest

from briscola.art.build import generate_all
from briscola.art.svg import svg_problems

_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ('<text x="1" y="5">7</text>', "text"),
        ('<use href="#pip" x="2"/>', "use"),
        ('<symbol id="pip"><circle r="1" fill="#000000"/></symbol>', "symbol"),
        ('<clipPath id="c"><rect width="5" height="5"/></clipPath>', "clip path"),
        ('<g clip-path="url(#c)"></g>', "clip path"),
        ('<mask id="m"><rect width="5" height="5" fill="#ffffff"/></mask>', "mask"),
        ('<pattern id="p" width="2" height="2"></pattern>', "pattern"),
        ('<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>', "filter"),
        ('<g filter="url(#f)"></g>', "filter"),
        ('<image href="data:image/png;base64,AAAA" width="5" height="5"/>', "image"),
        ('<rect width="5" height="5" fill="rgba(255,0,0,0.5)"/>', "rgba"),
        ('<rect width="5" height="5" fill="hsl(120, 50%, 50%)"/>', "hsl"),
        ('<rect width="5" height="5" fill="gold"/>', "hex"),
        ('<rect width="5" height="5" style="fill: red"/>', "hex"),
        ('<circle r="2" fill="#ff0000" stroke="darkblue"/>', "hex"),
        ('<linearGradient id="g" x1="0" y1="0" x2="1" y2="0"></linearGradient>', "bounding-box"),
        ('<radialGradient id="g" cx="0.5" cy="0.5" r="0.5"></radialGradient>', "bounding-box"),
        ('<linearGradient id="g" x2="100%" spreadMethod="reflect"></linearGradient>', "spreadMethod"),
        ("<style>.a { fill: rgba(0,0,0,0.2) }</style>", "rgba"),
    ],
)
def test_lint_catches_each_dropped_feature(snippet: str, expected: str) -> None:
    problems = svg_problems(_HEAD + snippet + "</svg>")
    assert problems, f"nothing found in {snippet}"
    assert any(expected in p for p in problems), problems


@pytest.mark.parametrize(
    "snippet",
    [
        '<rect width="5" height="5" fill="#a3262a" stroke="#000" stroke-width="1"/>',
        '<path d="M0 0L5 5Z" fill="none" stroke="#123456"/>',
        '<linearGradient id="g" x1="0%" y1="0%" x2="100%" y2="0%"><stop offset="0%" stop-color="#ffffff"/>'
        '</linearGradient><rect width="5" height="5" fill="url(#g)"/>',
        '<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="-5" x2="5"></linearGradient>',
        '<g transform="rotate(30)" opacity="0.5"><ellipse rx="2" ry="1" fill="#00ff00" fill-opacity="0.4"/></g>',
    ],
)
def test_lint_accepts_what_nanosvg_draws(snippet: str) -> None:
    assert svg_problems(_HEAD + snippet + "</svg>") == []


def test_every_generated_svg_is_clean() -> None:
    files = {rel: text for rel, text in generate_all().items() if rel.endswith(".svg")}
    assert len(files) >= 8 * 41
    bad = {rel: svg_problems(text) for rel, text in files.items() if svg_problems(text)}
    assert bad == {}
