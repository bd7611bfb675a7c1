"""Fitting text into boxes: wrap on words, shrink, and as a last resort cut with an ellipsis.

All sizes are in PDF points (1/72 inch). Every line returned by :func:`fit_text` is no wider
than the box (measured with ReportLab's ``stringWidth``), and ``len(lines) * size * leading``
is no taller than the box: text never overflows a card.
"""
from __future__ import annotations

from dataclasses import dataclass

from .fonts import text_width

ELLIPSIS = "\u2026"


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box.

    Attributes:
        lines: the lines, top to bottom.
        size: font size in points.
        font: ReportLab font name.
        leading: line distance in points (``size * leading factor``).
        truncated: True when text had to be cut (ellipsis added).
    """

    lines: tuple[str, ...]
    size: float
    font: str
    leading: float
    truncated: bool = False

    @property
    def height(self) -> float:
        """Height of the block in points."""
        return len(self.lines) * self.leading


def _split_long_word(word: str, font: str, size: float, max_w: float) -> list[str]:
    """Cut a word wider than ``max_w`` into pieces that fit (character by character)."""
    pieces, cur = [], ""
    for ch in word:
        if cur and text_width(cur + ch, font, size) > max_w:
            pieces.append(cur)
            cur = ch
        else:
            cur += ch
    if cur:
        pieces.append(cur)
    return pieces


def wrap(text: str, font: str, size: float, max_w: float) -> list[str]:
    """Greedy word wrap of ``text`` to lines no wider than ``max_w`` points.

    Words wider than a line are cut into pieces. Explicit newlines start new lines.
    """
    lines: list[str] = []
    for para in str(text).split("\n"):
        cur = ""
        for word in para.split():
            pieces = [word] if text_width(word, font, size) <= max_w else _split_long_word(word, font, size, max_w)
            for piece in pieces:
                if not cur:
                    cur = piece
                elif text_width(f"{cur} {piece}", font, size) <= max_w:
                    cur = f"{cur} {piece}"
                else:
                    lines.append(cur)
                    cur = piece
        lines.append(cur)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _ellipsize(line: str, font: str, size: float, max_w: float) -> str:
    """``line`` shortened until ``line + '…'`` fits ``max_w``."""
    line = line.rstrip()
    while line and text_width(line + ELLIPSIS, font, size) > max_w:
        line = line[:-1].rstrip()
    return line + ELLIPSIS if text_width(line + ELLIPSIS, font, size) <= max_w else ""


def fit_text(text: str, font: str, max_w: float, max_h: float, max_size: float, min_size: float,
             *, leading: float = 1.18, max_lines: int | None = None, step: float = 0.25) -> Fitted:
    """Lay ``text`` out in a ``max_w`` x ``max_h`` point box.

    Tries sizes from ``max_size`` down to ``min_size`` (``step`` points apart), wrapping at
    each; returns the first size whose lines fit (at most ``max_lines`` when given). When
    even ``min_size`` does not fit, keeps the lines that fit and ends the last one with an
    ellipsis (``truncated=True``).

    Raises:
        ValueError: a non-positive box or sizes.
    """
    if max_w <= 0 or max_h <= 0 or min_size <= 0 or max_size < min_size:
        raise ValueError(f"bad text box {max_w}x{max_h} pt, sizes {min_size}..{max_size}")
    text = " ".join(str(text or "").split()) if "\n" not in str(text or "") else str(text)
    size = max_size
    while True:
        lines = wrap(text, font, size, max_w)
        lead = size * leading
        fits_h = len(lines) * lead <= max_h + 1e-6
        fits_n = max_lines is None or len(lines) <= max_lines
        if fits_h and fits_n:
            return Fitted(tuple(lines), size, font, lead)
        if size - step < min_size - 1e-9:
            break
        size = round(size - step, 4)
    size, lead = min_size, min_size * leading
    lines = wrap(text, font, size, max_w)
    room = int((max_h + 1e-6) // lead)
    if max_lines is not None:
        room = min(room, max_lines)
    room = max(room, 0)
    if room == 0:
        return Fitted((), size, font, lead, truncated=bool(text))
    kept = lines[:room]
    kept[-1] = _ellipsize(kept[-1], font, size, max_w)
    return Fitted(tuple(kept), size, font, lead, truncated=True)
