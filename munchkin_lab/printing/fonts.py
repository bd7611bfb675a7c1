"""Fonts of the printed sheets: DejaVu Sans (regular and bold), embedded in every PDF.

The TTF files come from matplotlib's ``mpl-data/fonts/ttf`` folder (matplotlib is a project
dependency), so every machine renders the same glyphs and the reference-image tests stay
deterministic. ReportLab embeds only the glyphs used (subset).

DejaVu has no emoji. A character it cannot draw (a card named ``🤡 Emoji Clown``) is drawn
with a fallback font when one that has it is installed (:data:`FALLBACK_FILES`: a monochrome
emoji or symbol TrueType font; colour bitmap fonts cannot go into a PDF), else replaced by
:data:`PLACEHOLDER` (:func:`printable`), which the sheet then reports once.
"""
from __future__ import annotations

import glob
import unicodedata
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

#: Font names registered with ReportLab.
REGULAR = "MLab-DejaVuSans"
BOLD = "MLab-DejaVuSans-Bold"
OBLIQUE = "MLab-DejaVuSans-Oblique"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", OBLIQUE: "DejaVuSans-Oblique.ttf"}

#: Font name of the fallback font registered with ReportLab (when one is installed).
FALLBACK = "MLab-Fallback"
#: Where a fallback font for characters DejaVu lacks is looked for (glob patterns, first
#: loadable match wins): monochrome emoji and symbol fonts in the usual font folders.
FALLBACK_FILES = tuple(f"{root}/**/{name}" for root in ("/usr/share/fonts", "/usr/local/share/fonts",
                                                        str(Path.home() / ".local/share/fonts"),
                                                        str(Path.home() / ".fonts"))
                       for name in ("NotoEmoji-Regular.ttf", "NotoEmoji*.ttf", "OpenMoji*.ttf",
                                    "Symbola*.ttf", "NotoSansSymbols2-Regular.ttf"))
#: What a character no font can draw is printed as (U+FFFD, the replacement character).
PLACEHOLDER = "\ufffd"


def font_dir() -> Path:
    """Folder of the DejaVu TTF files (matplotlib's bundled fonts).

    Raises:
        RuntimeError: the files are missing (broken matplotlib install).
    """
    import matplotlib

    path = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    if not (path / _FILES[REGULAR]).is_file():  # pragma: no cover - broken install
        raise RuntimeError(f"DejaVu fonts not found in {path}; reinstall matplotlib")
    return path


@lru_cache(maxsize=1)
def register_fonts() -> tuple[str, str, str]:
    """Register the fonts with ReportLab once; returns ``(REGULAR, BOLD, OBLIQUE)``."""
    folder = font_dir()
    for name, file in _FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(folder / file)))
    return REGULAR, BOLD, OBLIQUE


@lru_cache(maxsize=1)
def fallback_font() -> str | None:
    """Register the first loadable font of :data:`FALLBACK_FILES` as :data:`FALLBACK`;
    ``None`` when none is installed."""
    for pattern in FALLBACK_FILES:
        for path in sorted(glob.glob(pattern, recursive=True)):
            try:
                pdfmetrics.registerFont(TTFont(FALLBACK, path))
            except Exception:  # noqa: BLE001 - a colour bitmap or broken font: try the next
                continue
            return FALLBACK
    return None


@lru_cache(maxsize=4096)
def covers(font: str, char: str) -> bool:
    """Whether ReportLab font ``font`` has a glyph for ``char`` (whitespace always counts)."""
    if char.isspace():
        return True
    register_fonts()
    cmap = getattr(getattr(pdfmetrics.getFont(font), "face", None), "charToGlyph", None)
    return cmap is None or ord(char) in cmap  # (a standard PDF font: no map to ask, taken as is)


def printable(text: str, font: str) -> tuple[str, set[str]]:
    """``text`` with every character neither ``font`` nor the fallback font can draw written
    in its Unicode compatibility form (NFKC) when the fonts have that (fullwidth ``Ｆ`` is
    drawn as ``F``, as the search reads it), else replaced by :data:`PLACEHOLDER`; and the
    set of characters replaced."""
    fallback = fallback_font()

    def drawn(ch: str) -> bool:
        return covers(font, ch) or bool(fallback and covers(fallback, ch))

    lacking = {ch for ch in set(text) if not drawn(ch)}
    if not lacking:
        return text, set()
    forms = {ch: unicodedata.normalize("NFKC", ch) for ch in lacking}
    forms = {ch: f for ch, f in forms.items() if f != ch and f and all(drawn(c) for c in f)}
    missing = lacking - set(forms)
    return "".join(forms.get(ch, PLACEHOLDER if ch in missing else ch) for ch in text), missing


def segments(text: str, font: str) -> list[tuple[str, str]]:
    """``text`` cut into ``(piece, font)`` runs: ``font`` where it has the glyphs, the
    fallback font for the characters only it has (after :func:`printable`)."""
    fallback = fallback_font()
    if fallback is None:
        return [(text, font)]
    out: list[tuple[str, str]] = []
    for ch in text:
        f = font if fallback is None or covers(font, ch) or not covers(fallback, ch) else fallback
        if out and out[-1][1] == f:
            out[-1] = (out[-1][0] + ch, f)
        else:
            out.append((ch, f))
    return out


def text_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points at ``size`` points (ReportLab ``stringWidth``; the
    characters only the fallback font has measured in it)."""
    register_fonts()
    return sum(pdfmetrics.stringWidth(piece, f, size) for piece, f in segments(text, font))
