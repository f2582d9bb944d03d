"""Small builders for SVG text, and the lint that keeps it inside what pygame-ce's rasteriser really draws.

nanosvg, the rasteriser inside pygame-ce, silently skips or greys out several SVG features (see
``shared/specs/art.md``). Rather than trust every drawing function to remember that, the generator only builds
SVG through these helpers (paths, basic shapes, hex colours, gradients in user units) and :func:`svg_problems`
checks the finished text, so a test fails the day someone reaches for ``<text>`` or ``rgba()``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

__all__ = [
    "Point",
    "circle",
    "ellipse",
    "fmt",
    "group",
    "linear_gradient",
    "path",
    "polygon",
    "radial_gradient",
    "rect",
    "svg_document",
    "svg_problems",
]

#: A point in card units, x to the right and y down (SVG's axes); the one alias every art module uses.
Point = tuple[float, float]


def fmt(value: float) -> str:
    """A number with at most two decimals and no trailing zeros: short files, stable text run to run."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float, extra: str) -> str:
    parts = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{fmt(width)}" stroke-linejoin="round"')
    if extra:
        parts.append(extra)
    return " ".join(parts)


def path(d: str, fill: str | None, stroke: str | None = None, width: float = 1.0, extra: str = "") -> str:
    """A ``<path>`` with the given paint; ``extra`` holds further attributes (``fill-rule``, ``stroke-linecap``)."""
    return f'<path d="{d}" {_paint(fill, stroke, width, extra)}/>'


def polygon(
    points: Sequence[Point], fill: str | None, stroke: str | None = None, width: float = 1.0, extra: str = ""
) -> str:
    """A closed path through ``points`` (a path rather than ``<polygon>``: one element kind, shorter text)."""
    return path(poly_d(points), fill, stroke, width, extra)


def poly_d(points: Sequence[Point], closed: bool = True) -> str:
    """The path data of a polyline through ``points``, closed by default."""
    head, *rest = points
    d = f"M{fmt(head[0])} {fmt(head[1])}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest)
    return d + ("Z" if closed else "")


def circle(cx: float, cy: float, r: float, fill: str | None, stroke: str | None = None, width: float = 1.0) -> str:
    """A ``<circle>``."""
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" {_paint(fill, stroke, width, "")}/>'


def ellipse(
    cx: float, cy: float, rx: float, ry: float, fill: str | None, stroke: str | None = None, width: float = 1.0
) -> str:
    """An ``<ellipse>``."""
    paint = _paint(fill, stroke, width, "")
    return f'<ellipse cx="{fmt(cx)}" cy="{fmt(cy)}" rx="{fmt(rx)}" ry="{fmt(ry)}" {paint}/>'


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str | None,
    stroke: str | None = None,
    width: float = 1.0,
    radius: float = 0.0,
) -> str:
    """A ``<rect>``, rounded when ``radius`` is set."""
    rounded = f' rx="{fmt(radius)}"' if radius else ""
    paint = _paint(fill, stroke, width, "")
    return f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}"{rounded} {paint}/>'


def group(children: Iterable[str], transform: str = "", opacity: float = 1.0) -> str:
    """A ``<g>`` around ``children``; transforms on groups are one of the things nanosvg does handle."""
    attrs = f' transform="{transform}"' if transform else ""
    if opacity < 1.0:
        attrs += f' opacity="{fmt(opacity)}"'
    return f"<g{attrs}>" + "".join(children) + "</g>"


def place(children: Iterable[str], cx: float, cy: float, scale: float = 1.0, angle: float = 0.0) -> str:
    """Children drawn around the origin, moved to (cx, cy), scaled and turned ``angle`` degrees clockwise."""
    parts = [f"translate({fmt(cx)} {fmt(cy)})"]
    if angle:
        parts.append(f"rotate({fmt(angle)})")
    if scale != 1.0:
        parts.append(f"scale({fmt(scale)})" if scale >= 0.01 else f"scale({scale:.4f})")
    return group(children, " ".join(parts))


def linear_gradient(ident: str, x1: float, y1: float, x2: float, y2: float, stops: Sequence[tuple[float, str]]) -> str:
    """A linear gradient in user-space units (nanosvg flattens gradients written as bare 0-1 fractions)."""
    body = "".join(f'<stop offset="{fmt(off * 100)}%" stop-color="{col}"/>' for off, col in stops)
    coords = f'x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}"'
    return f'<linearGradient id="{ident}" gradientUnits="userSpaceOnUse" {coords}>{body}</linearGradient>'


def radial_gradient(ident: str, cx: float, cy: float, r: float, stops: Sequence[tuple[float, str]]) -> str:
    """A radial gradient in user-space units."""
    body = "".join(f'<stop offset="{fmt(off * 100)}%" stop-color="{col}"/>' for off, col in stops)
    coords = f'cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}"'
    return f'<radialGradient id="{ident}" gradientUnits="userSpaceOnUse" {coords}>{body}</radialGradient>'


def svg_document(width: float, height: float, defs: Sequence[str], body: Sequence[str]) -> str:
    """A whole SVG file whose viewBox is the card's own size, so ``load_sized_svg`` keeps its aspect."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}" height="{fmt(height)}" '
        f'viewBox="0 0 {fmt(width)} {fmt(height)}">'
    )
    defs_text = "<defs>" + "".join(defs) + "</defs>" if defs else ""
    return head + defs_text + "".join(body) + "</svg>\n"


# --- the lint -------------------------------------------------------------------------------------------------

_FORBIDDEN_ELEMENTS: Final = {
    "text": "text (nanosvg draws no <text>; corner indices are drawn with pygame.freetype)",
    "tspan": "text (nanosvg draws no <tspan>)",
    "use": "use (nanosvg ignores <use>: inline the shape)",
    "symbol": "symbol (nanosvg ignores <symbol>: inline the shape)",
    "clipPath": "clip path (nanosvg ignores clipPath)",
    "mask": "mask (nanosvg ignores masks)",
    "pattern": "pattern (nanosvg ignores patterns)",
    "filter": "filter (nanosvg ignores filters)",
    "image": "image (nanosvg draws no embedded images)",
    "foreignObject": "foreignObject (not drawn)",
}
_FORBIDDEN_ATTRIBUTES: Final = {
    "clip-path": "clip path attribute (ignored)",
    "mask": "mask attribute (ignored)",
    "filter": "filter attribute (ignored)",
    "spreadMethod": "spreadMethod (reflect and repeat render wrong)",
}
_ATTR_RE: Final = re.compile(r"""([\w:-]+)\s*=\s*("[^"]*"|'[^']*')""")
_COLOUR_ATTRS: Final = ("fill", "stroke", "stop-color", "color")
_HEX_RE: Final = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")
_URL_RE: Final = re.compile(r"url\(#[\w.-]+\)")
_GRADIENT_COORDS: Final = ("x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy")


def _colour_problem(value: str) -> str | None:
    value = value.strip()
    if value in ("none", "") or _URL_RE.fullmatch(value) or _HEX_RE.fullmatch(value):
        return None
    lowered = value.lower()
    if lowered.startswith(("rgba", "hsl")):
        return f"colour {value!r} (rgba()/hsl() render grey in nanosvg: use hex)"
    return f"colour {value!r} (only hex colours render reliably)"


def _style_pairs(style: str) -> list[tuple[str, str]]:
    pairs = []
    for item in style.split(";"):
        if ":" in item:
            key, _, value = item.partition(":")
            pairs.append((key.strip(), value.strip()))
    return pairs


def svg_problems(text: str) -> list[str]:
    """Every feature in ``text`` that pygame-ce's rasteriser would silently drop or draw wrong; empty when clean.

    The checks are textual on purpose: they look at what the file says, element by element, without trusting
    an XML parser to be as lenient (or as strict) as nanosvg.
    """
    problems: list[str] = []
    for match in re.finditer(r"<\s*([A-Za-z][\w:.-]*)([^>]*)>", text):
        name, attrs_text = match.group(1), match.group(2)
        local = name.split(":")[-1]
        if local in _FORBIDDEN_ELEMENTS:
            problems.append(_FORBIDDEN_ELEMENTS[local])
        attrs = {key: value[1:-1] for key, value in _ATTR_RE.findall(attrs_text)}
        if "style" in attrs:
            attrs.update(dict(_style_pairs(attrs["style"])))
        for key, value in attrs.items():
            if key in _FORBIDDEN_ATTRIBUTES:
                problems.append(_FORBIDDEN_ATTRIBUTES[key])
            if key in _COLOUR_ATTRS:
                problem = _colour_problem(value)
                if problem:
                    problems.append(problem)
            if key in ("href", "xlink:href") and not value.startswith("#"):
                problems.append(f"external reference {value!r} (not loaded)")
        if local in ("linearGradient", "radialGradient") and attrs.get("gradientUnits") != "userSpaceOnUse":
            for key in _GRADIENT_COORDS:
                if key in attrs and not attrs[key].strip().endswith("%"):
                    problems.append(f"gradient {key}={attrs[key]!r} as a bare bounding-box number (renders flat)")
                    break
    for css in re.findall(r"<style[^>]*>(.*?)</style>", text, flags=re.S):
        for key, value in _style_pairs(re.sub(r"[^{}]*\{|\}", ";", css)):
            if key in _COLOUR_ATTRS:
                problem = _colour_problem(value)
                if problem:
                    problems.append(problem)
    return problems
