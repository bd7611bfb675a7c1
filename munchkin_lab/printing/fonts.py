"""Fonts of the printed sheets: DejaVu Sans (regular and bold), embedded in every PDF.

The TTF files come from matplotlib's ``mpl-data/fonts/ttf`` folder (matplotlib is a project
dependency), so every machine renders the same glyphs and the reference-image tests stay
deterministic. ReportLab embeds only the glyphs used (subset).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

#: Font names registered with ReportLab.
REGULAR = "MLab-DejaVuSans"
BOLD = "MLab-DejaVuSans-Bold"
OBLIQUE = "MLab-DejaVuSans-Oblique"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", OBLIQUE: "DejaVuSans-Oblique.ttf"}


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


def text_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points at ``size`` points (ReportLab ``stringWidth``)."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)
