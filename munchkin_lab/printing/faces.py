"""Card faces, room tiles and card backs as drawing instructions.

A face is laid out first (:func:`card_layout`, :func:`tile_layout`, :func:`back_layout`)
into a :class:`Layout`: coloured shapes and :class:`TextRun` objects in points, with the
origin at the bottom-left corner of the trimmed card. :func:`draw` paints a layout on a
ReportLab canvas. Keeping layout pure makes "text never leaves the card" testable: every
run's width is measured with ReportLab's ``stringWidth`` and checked against its box.

Units: points (1/72 inch; ``1 mm = 2.8346 pt``). Sizes scale with the card width, so poker
(63 x 88 mm), tarot (70 x 120 mm) and mini (41 x 63 mm) cards share one design.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.units import mm

from .fields import face_fields
from .fonts import BOLD, OBLIQUE, REGULAR, printable, register_fonts, segments, text_width
from .text import fit_text

#: Frame colour of each draw pile (RGB hex); tiles and backs use them too.
DECK_COLOURS = {
    "door": "#8c3b23",
    "treasure": "#b8860b",
    "dungeon": "#4b3a7a",
    "fairy_dust": "#b04a8c",
    "character": "#2f6b4f",
    "room_tile": "#1f4a78",
    "ship_room": "#1f6470",
}
ENERGY_CORE_COLOUR = "#c0561b"
DESIGNER_COLOUR = "#c62828"
INFERRED_COLOUR = "#6d6d6d"
PANEL = "#fbf7ee"
INK = "#1d1a16"
MUTED = "#5b5148"
#: Back titles of the piles that get a printed back (tiles get none).
BACK_TITLES = {"door": "DOOR", "treasure": "TREASURE", "dungeon": "DUNGEON", "fairy_dust": "FAIRY DUST",
               "character": "CHARACTER"}


def _rgb(hexcode: str) -> tuple[float, float, float]:
    h = hexcode.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def tint(hexcode: str, amount: float) -> str:
    """``hexcode`` mixed with white (``amount`` 0 = unchanged, 1 = white)."""
    r, g, b = _rgb(hexcode)
    mix = [round((c + (1 - c) * amount) * 255) for c in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


@dataclass(frozen=True)
class TextRun:
    """One line of text.

    Attributes:
        text: the characters.
        x: left edge (``align="left"``), centre (``"center"``) or right edge (``"right"``), pt.
        y: baseline, pt.
        font / size: ReportLab font name and size in pt.
        box: ``(x0, y0, x1, y1)`` the line must stay in (pt); the layout guarantees it.
        colour: hex fill colour.
        align: ``left``, ``center`` or ``right``.
        role: what the line is (``name``, ``summary``, ``stat``, ``tag``, ``set``, ...).
    """

    text: str
    x: float
    y: float
    font: str
    size: float
    box: tuple[float, float, float, float]
    colour: str = INK
    align: str = "left"
    role: str = ""

    @property
    def width(self) -> float:
        """Width in pt (``stringWidth``)."""
        return text_width(self.text, self.font, self.size)

    @property
    def left(self) -> float:
        """Left edge of the inked line in pt."""
        if self.align == "center":
            return self.x - self.width / 2
        if self.align == "right":
            return self.x - self.width
        return self.x


@dataclass
class Layout:
    """A face, tile or back: ``shapes`` (tuples, see :func:`draw`) and text ``runs``.

    ``width``/``height`` are the trimmed size in pt; ``bleed`` (pt) is how far the background
    reaches past the trim line.
    """

    width: float
    height: float
    bleed: float = 0.0
    shapes: list[tuple] = field(default_factory=list)
    runs: list[TextRun] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    #: characters no installed font can draw, printed as :data:`~munchkin_lab.printing.fonts.PLACEHOLDER`
    missing: set[str] = field(default_factory=set)

    def rect(self, x, y, w, h, fill=None, stroke=None, radius=0.0, line=0.6):
        self.shapes.append(("rect", x, y, w, h, fill, stroke, radius, line))

    def circle(self, x, y, r, fill=None, stroke=None, line=0.6):
        self.shapes.append(("circle", x, y, r, fill, stroke, line))

    def line(self, x0, y0, x1, y1, stroke, width=0.6):
        self.shapes.append(("line", x0, y0, x1, y1, stroke, width))

    def text_block(self, text: str, box: tuple[float, float, float, float], font: str, max_size: float,
                   min_size: float, *, colour: str = INK, align: str = "left", valign: str = "top",
                   max_lines: int | None = None, role: str = "", leading: float = 1.18):
        """Fit ``text`` into ``box`` (x0, y0, x1, y1 in pt) and add its lines; returns the
        :class:`~munchkin_lab.printing.text.Fitted` block."""
        x0, y0, x1, y1 = box
        min_size = min(min_size, max_size)
        text, missing = printable(str(text or ""), font)  # never the font's blank box
        self.missing |= missing
        fitted = fit_text(text, font, x1 - x0, y1 - y0, max_size, min_size, leading=leading, max_lines=max_lines)
        if not fitted.lines:
            return fitted
        # ascent ~0.76 em, descent ~0.24 em for DejaVu Sans: keep glyphs inside the box
        block = fitted.height
        if valign == "middle":
            top = y1 - ((y1 - y0) - block) / 2
        elif valign == "bottom":
            top = y0 + block
        else:
            top = y1
        gap = fitted.leading - fitted.size
        for i, line in enumerate(fitted.lines):
            base = top - gap / 2 - (i * fitted.leading) - fitted.size * 0.78
            x = {"left": x0, "center": (x0 + x1) / 2, "right": x1}[align]
            self.runs.append(TextRun(line, x, base, font, fitted.size, box, colour, align, role))
        return fitted


def _scale(width: float) -> float:
    """Design scale: 1.0 for a 63 mm wide card."""
    return width / (63 * mm)


def _footer(lay: Layout, f: dict, x0: float, x1: float, y0: float, s: float, colour: str) -> float:
    """Set label (left) and provenance badge (right) on one line from ``y0``; returns its top."""
    h = 4.2 * mm * s
    right = x1
    if f["provenance_mark"]:
        mark = f["provenance_mark"]
        size = 5.4 * s
        w = text_width(mark, BOLD, size) + 2.4 * mm * s
        col = DESIGNER_COLOUR if f["provenance"] == "designer" else INFERRED_COLOUR
        lay.rect(x1 - w, y0 + 0.3 * mm * s, w, h - 0.6 * mm * s, fill=col, radius=1.2 * mm * s)
        lay.text_block(mark, (x1 - w + 1.2 * mm * s, y0 + 0.3 * mm * s, x1 - 1.2 * mm * s, y0 + h - 0.3 * mm * s),
                       BOLD, size, 3.5, colour="#ffffff", align="center", valign="middle", max_lines=1,
                       role="provenance")
        right = x1 - w - 1.2 * mm * s
    if f["manual"]:
        size = 5.2 * s
        label = "by hand"
        w = text_width(label, OBLIQUE, size)
        if right - w > x0 + 12 * mm * s:
            lay.text_block(label, (right - w - 0.5, y0, right, y0 + h), OBLIQUE, size, 3.5, colour=MUTED,
                           align="right", valign="middle", max_lines=1, role="manual")
            right -= w + 1.5 * mm * s
    lay.text_block(f["set_label"], (x0, y0, max(right, x0 + 5 * mm * s), y0 + h), REGULAR, 5.8 * s, 3.5,
                   colour=colour, valign="middle", max_lines=1, role="set")
    return y0 + h


def _frame(lay: Layout, colour: str, s: float) -> tuple[float, float, float, float]:
    """Background (to the bleed) and the inner panel; returns the panel (x0, y0, x1, y1)."""
    b = lay.bleed
    lay.rect(-b, -b, lay.width + 2 * b, lay.height + 2 * b, fill=colour)
    m = 2.6 * mm * s
    lay.rect(m, m, lay.width - 2 * m, lay.height - 2 * m, fill=PANEL, radius=2.2 * mm * s)
    return m, m, lay.width - m, lay.height - m


def card_layout(card: Any, width: float, height: float, bleed: float = 0.0) -> Layout:
    """Lay out the face of one card.

    Args:
        card: anything :func:`~munchkin_lab.printing.fields.face_fields` takes, or its dict.
        width, height: trimmed card size in pt (e.g. ``63*mm, 88*mm``).
        bleed: background overhang past the trim line in pt.

    Returns:
        A :class:`Layout`: name band (bold, shrinks from 11 pt and wraps to 3 lines), kind line,
        stat badges (headline number in a circle), summary (shrinks from 8.5 pt to 5 pt, then
        is cut with an ellipsis), tags, and the footer with set and provenance mark.
    """
    register_fonts()
    f = card if isinstance(card, dict) and "subtitle" in card else face_fields(card)
    s = _scale(width)
    colour = DECK_COLOURS.get(f["deck"], "#555555")
    lay = Layout(width, height, bleed, fields=f)
    x0, y0, x1, y1 = _frame(lay, colour, s)
    pad = 2.0 * mm * s
    ix0, ix1 = x0 + pad, x1 - pad

    # name band
    band_h = 12.5 * mm * s
    lay.rect(x0, y1 - band_h, x1 - x0, band_h, fill=tint(colour, 0.78), radius=2.2 * mm * s)
    lay.rect(x0, y1 - band_h, x1 - x0, band_h / 2, fill=tint(colour, 0.78))
    lay.text_block(f["name"], (ix0, y1 - band_h + 0.8 * mm * s, ix1, y1 - 0.8 * mm * s), BOLD, 11 * s, 5.0 * s,
                   align="center", valign="middle", max_lines=3, role="name", leading=1.1)
    top = y1 - band_h

    # kind line
    kind_h = 5.0 * mm * s
    lay.text_block(f["subtitle"], (ix0, top - kind_h, ix1, top - 0.6 * mm * s), OBLIQUE, 7 * s, 4.0 * s,
                   colour=colour, align="center", valign="middle", max_lines=1, role="kind")
    top -= kind_h
    lay.line(ix0, top, ix1, top, tint(colour, 0.5), 0.5 * s)

    # footer and tags from the bottom
    bottom = _footer(lay, f, ix0, ix1, y0 + 1.2 * mm * s, s, MUTED)
    if f["tags"]:
        tag_h = 4.2 * mm * s
        lay.text_block(" \u00b7 ".join(f["tags"]), (ix0, bottom, ix1, bottom + tag_h), BOLD, 6.2 * s, 3.8 * s,
                       colour=colour, align="center", valign="middle", max_lines=2, role="tags")
        bottom += tag_h
    lay.line(ix0, bottom + 0.6 * mm * s, ix1, bottom + 0.6 * mm * s, tint(colour, 0.5), 0.5 * s)
    bottom += 1.2 * mm * s

    # stats
    stats = f["stats"]
    if stats:
        area_h = 15 * mm * s
        cy = top - area_h / 2 - 0.3 * mm * s
        head, rest = stats[0], stats[1:]
        r = 6.4 * mm * s
        cx = ix0 + r + (0 if rest else (ix1 - ix0) / 2 - r)
        lay.circle(cx, cy, r, fill=colour)
        lay.text_block(head["value"], (cx - r * 0.82, cy - r * 0.15, cx + r * 0.82, cy + r * 0.72), BOLD,
                       17 * s, 6 * s, colour="#ffffff", align="center", valign="middle", max_lines=1, role="stat")
        lay.text_block(head["label"], (cx - r * 0.8, cy - r * 0.68, cx + r * 0.8, cy - r * 0.12), BOLD, 5.4 * s,
                       3.5 * s, colour="#ffffff", align="center", valign="middle", max_lines=1, role="stat")
        if rest:
            rx0 = cx + r + 2.2 * mm * s
            row_h = min(area_h / max(len(rest), 1), 5.6 * mm * s)
            ry = cy + row_h * len(rest) / 2
            for st in rest:
                lay.rect(rx0, ry - row_h + 0.5 * mm * s, ix1 - rx0, row_h - 1.0 * mm * s,
                         fill=tint(colour, 0.85), radius=1.2 * mm * s)
                vbox = (rx0 + 1.2 * mm * s, ry - row_h + 0.5 * mm * s, rx0 + 9 * mm * s, ry - 0.5 * mm * s)
                lay.text_block(st["value"], vbox, BOLD, 9.5 * s, 4 * s, colour=colour, valign="middle",
                               max_lines=1, role="stat")
                lbox = (rx0 + 9.5 * mm * s, ry - row_h + 0.5 * mm * s, ix1 - 1.0 * mm * s, ry - 0.5 * mm * s)
                lay.text_block(st["label"], lbox, REGULAR, 6.8 * s, 3.8 * s, colour=INK, valign="middle",
                               max_lines=1, role="stat")
                ry -= row_h
        top -= area_h

    # summary in the space left
    # a card without a summary: its effects in words (the card editor's renderer); only a card
    # with neither (a designer's card still being written) shows the placeholder
    summary = f["summary"] or f.get("effects_words") or ("(no summary)" if f["provenance"] != "printed" else "")
    if summary:
        lay.text_block(summary, (ix0, bottom + 0.6 * mm * s, ix1, top - 1.6 * mm * s), REGULAR, 9.5 * s, 5.0 * s,
                       valign="middle", role="summary")
    return lay


def tile_layout(card: Any, side: float, bleed: float = 0.0) -> Layout:
    """Lay out a square room tile (Star Munchkin Adventures) or Solar Storm room.

    Args:
        card: as for :func:`card_layout`.
        side: tile edge in pt (e.g. ``63*mm``).
        bleed: background overhang in pt.

    Solar Storm rooms carry a large ``V1``/``V2`` badge in the top-right corner; the Energy
    Core gets its own colour and a ring, and says it sits at the centre of the 3 x 3 grid.
    """
    register_fonts()
    f = card if isinstance(card, dict) and "subtitle" in card else face_fields(card)
    s = _scale(side)
    colour = ENERGY_CORE_COLOUR if f["energy_core"] else DECK_COLOURS.get(f["deck"] or f["kind"], "#555555")
    lay = Layout(side, side, bleed, fields=f)
    x0, y0, x1, y1 = _frame(lay, colour, s)
    pad = 2.0 * mm * s
    ix0, ix1 = x0 + pad, x1 - pad
    band_h = 11 * mm * s
    badge = 0.0
    if f["version"]:
        badge = 9.5 * mm * s
    lay.rect(x0, y1 - band_h, x1 - x0, band_h, fill=tint(colour, 0.78), radius=2.2 * mm * s)
    lay.rect(x0, y1 - band_h, x1 - x0, band_h / 2, fill=tint(colour, 0.78))
    lay.text_block(f["name"], (ix0, y1 - band_h + 0.8 * mm * s, ix1 - badge, y1 - 0.8 * mm * s), BOLD, 10.5 * s,
                   5.0 * s, align="center", valign="middle", max_lines=3, role="name", leading=1.1)
    if f["version"]:
        r = 4.6 * mm * s
        cx, cy = x1 - r - 0.7 * mm * s, y1 - band_h / 2
        lay.circle(cx, cy, r, fill=colour)
        lay.circle(cx, cy, r - 0.6 * mm * s, stroke="#ffffff", line=0.6 * s)
        lay.text_block(f["version"], (cx - r * 0.8, cy - r * 0.6, cx + r * 0.8, cy + r * 0.6), BOLD, 10 * s,
                       5 * s, colour="#ffffff", align="center", valign="middle", max_lines=1, role="version")
    top = y1 - band_h
    sub = f["subtitle"] + (" \u00b7 centre of the ship" if f["energy_core"] else "")
    lay.text_block(sub, (ix0, top - 4.6 * mm * s, ix1, top - 0.5 * mm * s), OBLIQUE, 6.8 * s, 4.0 * s,
                   colour=colour, align="center", valign="middle", max_lines=1, role="kind")
    top -= 4.6 * mm * s
    bottom = _footer(lay, f, ix0, ix1, y0 + 1.2 * mm * s, s, MUTED)
    tags = [t for t in f["tags"] if t.upper() != (f["version"] or "").upper()]  # the badge shows V1/V2
    if tags:
        lay.text_block(" \u00b7 ".join(tags), (ix0, bottom, ix1, bottom + 3.8 * mm * s), BOLD, 6 * s, 3.8 * s,
                       colour=colour, align="center", valign="middle", max_lines=1, role="tags")
        bottom += 3.8 * mm * s
    if f["energy_core"]:  # a ring in the free space: the core the eight rooms power
        cy, r = (top + bottom) / 2, min((top - bottom) / 2 - 0.8 * mm * s, (ix1 - ix0) / 2)
        lay.circle(side / 2, cy, r, fill=tint(colour, 0.80))
        lay.circle(side / 2, cy, r * 0.86, fill=tint(colour, 0.90))
        lay.circle(side / 2, cy, r, stroke=tint(colour, 0.55), line=1.0 * s)
    if f["summary"]:
        lay.text_block(f["summary"], (ix0 + 1.5 * mm * s, bottom + 0.6 * mm * s, ix1 - 1.5 * mm * s,
                                      top - 1.0 * mm * s),
                       REGULAR, 8 * s, 4.6 * s, align="center", valign="middle", role="summary")
    return lay


def back_layout(deck: str, width: float, height: float, bleed: float = 0.0) -> Layout:
    """Lay out the back of a card of draw pile ``deck`` (``door``, ``treasure``, ``dungeon``,
    ``fairy_dust``, ``character``): the pile's colour to the bleed, a double border and the
    pile's name in the middle.

    Raises:
        ValueError: a pile without a printed back (room tiles and ship rooms).
    """
    register_fonts()
    if deck not in BACK_TITLES:
        raise ValueError(f"no card back for pile {deck!r}; backs exist for {', '.join(BACK_TITLES)}")
    s = _scale(width)
    colour = DECK_COLOURS[deck]
    lay = Layout(width, height, bleed, fields={"deck": deck})
    b = bleed
    lay.rect(-b, -b, width + 2 * b, height + 2 * b, fill=colour)
    m = 3.2 * mm * s
    lay.rect(m, m, width - 2 * m, height - 2 * m, stroke=tint(colour, 0.55), radius=2.5 * mm * s, line=1.4 * s)
    m2 = m + 1.6 * mm * s
    lay.rect(m2, m2, width - 2 * m2, height - 2 * m2, stroke=tint(colour, 0.3), radius=1.8 * mm * s, line=0.5 * s)
    cx, cy = width / 2, height / 2
    r = min(width, height) * 0.34
    lay.circle(cx, cy, r, fill=tint(colour, 0.18))
    lay.circle(cx, cy, r, stroke=tint(colour, 0.6), line=1.2 * s)
    lay.text_block(BACK_TITLES[deck], (cx - r * 0.92, cy - r * 0.5, cx + r * 0.92, cy + r * 0.5), BOLD, 20 * s,
                   6 * s, colour="#ffffff", align="center", valign="middle", max_lines=2, role="back")
    lay.text_block("munchkin-lab print & play", (m2 + 1 * mm * s, m2 + 1.2 * mm * s, width - m2 - 1 * mm * s,
                                                 m2 + 5 * mm * s),
                   OBLIQUE, 5.5 * s, 3.5, colour=tint(colour, 0.6), align="center", valign="middle", max_lines=1,
                   role="brand")
    return lay


def draw(canvas, lay: Layout, x: float, y: float) -> None:
    """Paint layout ``lay`` with its trim box's bottom-left corner at (``x``, ``y``) pt."""
    from reportlab.lib.colors import HexColor

    c = canvas
    c.saveState()
    c.translate(x, y)
    for shape in lay.shapes:
        kind = shape[0]
        if kind == "rect":
            _, rx, ry, w, h, fill, stroke, radius, line = shape
            if fill:
                c.setFillColor(HexColor(fill))
            if stroke:
                c.setStrokeColor(HexColor(stroke))
                c.setLineWidth(line)
            if radius:
                c.roundRect(rx, ry, w, h, radius, stroke=1 if stroke else 0, fill=1 if fill else 0)
            else:
                c.rect(rx, ry, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, line = shape
            if fill:
                c.setFillColor(HexColor(fill))
            if stroke:
                c.setStrokeColor(HexColor(stroke))
                c.setLineWidth(line)
            c.circle(cx, cy, r, stroke=1 if stroke else 0, fill=1 if fill else 0)
        elif kind == "line":
            _, x0, y0, x1, y1, stroke, width = shape
            c.setStrokeColor(HexColor(stroke))
            c.setLineWidth(width)
            c.line(x0, y0, x1, y1)
    for run in lay.runs:
        c.setFillColor(HexColor(run.colour))
        left = run.left
        for piece, font in segments(run.text, run.font):  # the fallback font's characters in it
            c.setFont(font, run.size)
            c.drawString(left, run.y, piece)
            left += text_width(piece, font, run.size)
    c.restoreState()
