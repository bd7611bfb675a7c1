"""Page geometry: card sizes, paper sizes, the grid of cards on a sheet, cut marks.

Units: millimetres in the tables (:data:`CARD_SIZES`, :data:`PAPERS`), points (1/72 inch)
in :class:`Grid` and everything drawn. The grid is centred on the page, so a back page
mirrored left-right (:meth:`Grid.slot` with ``mirror=True``) lines up with its face page when
printed duplex (flip on the long edge).
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

#: Card sizes ``(width, height)`` in mm.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "tarot": (70.0, 120.0),
    "mini": (41.0, 63.0),
}
#: Square tile edge in mm per card size (room tiles, ship rooms).
TILE_SIZES: dict[str, float] = {"poker": 63.0, "tarot": 70.0, "mini": 44.0}
#: Paper sizes ``(width, height)`` in mm, portrait.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Smallest page margin (mm) kept free for the printer and the cut marks.
MIN_MARGIN_MM = 5.0
#: Largest bleed accepted (mm).
MAX_BLEED_MM = 5.0
#: Cut mark length and its gap from the cut area (mm).
MARK_LEN_MM, MARK_GAP_MM = 4.0, 1.0
#: Grid limit for poker cards: the classic 3 x 3 sheet.
MAX_COLS_ROWS = {"poker": (3, 3)}


def check_size(size: str) -> tuple[float, float]:
    """Card size in mm for ``size`` (``poker``, ``tarot``, ``mini``).

    Raises:
        ValueError: unknown size (the message lists the known ones).
    """
    try:
        return CARD_SIZES[str(size).lower()]
    except KeyError:
        raise ValueError(f"unknown card size {size!r}; sizes: {', '.join(CARD_SIZES)}") from None


def check_paper(paper: str) -> tuple[float, float]:
    """Paper size in mm for ``paper`` (``a4``, ``letter``).

    Raises:
        ValueError: unknown paper.
    """
    try:
        return PAPERS[str(paper).lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; papers: {', '.join(PAPERS)}") from None


def check_bleed(bleed_mm: float) -> float:
    """Validate a bleed in mm (0 to :data:`MAX_BLEED_MM`).

    Raises:
        ValueError: negative, too large or not a number.
    """
    try:
        b = float(bleed_mm)
    except (TypeError, ValueError):
        raise ValueError(f"bleed must be a number of mm, got {bleed_mm!r}") from None
    if not 0 <= b <= MAX_BLEED_MM:
        raise ValueError(f"bleed must be between 0 and {MAX_BLEED_MM:g} mm, got {bleed_mm!r}")
    return b


@dataclass(frozen=True)
class Grid:
    """Cards of one size on one paper.

    Attributes (points):
        page_w, page_h: paper size.
        card_w, card_h: trimmed card (or tile) size.
        bleed: bleed around each card; neighbouring cards sit ``2 * bleed`` apart.
        cols, rows: cards across and down.
        x0, y0: bottom-left corner of the trim box of the bottom-left card.
    """

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    bleed: float
    cols: int
    rows: int
    x0: float
    y0: float

    @property
    def per_page(self) -> int:
        """Cards per page."""
        return self.cols * self.rows

    @property
    def pitch_x(self) -> float:
        """Distance between the left trim edges of neighbouring columns (pt)."""
        return self.card_w + 2 * self.bleed

    @property
    def pitch_y(self) -> float:
        """Distance between the bottom trim edges of neighbouring rows (pt)."""
        return self.card_h + 2 * self.bleed

    def slot(self, index: int, mirror: bool = False) -> tuple[float, float]:
        """Bottom-left trim corner (pt) of card ``index`` on its page, filled left to right and
        top to bottom; ``mirror=True`` gives the matching slot of the back page (columns
        reversed, for long-edge duplex).

        Raises:
            IndexError: ``index`` outside ``0 .. per_page - 1``.
        """
        if not 0 <= index < self.per_page:
            raise IndexError(f"slot {index} outside 0..{self.per_page - 1}")
        row, col = divmod(index, self.cols)
        if mirror:
            col = self.cols - 1 - col
        x = self.x0 + col * self.pitch_x
        y = self.y0 + (self.rows - 1 - row) * self.pitch_y
        return x, y

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and y positions of horizontal cuts (pt)."""
        xs, ys = [], []
        for c in range(self.cols):
            left = self.x0 + c * self.pitch_x
            xs += [left, left + self.card_w]
        for r in range(self.rows):
            bottom = self.y0 + r * self.pitch_y
            ys += [bottom, bottom + self.card_h]
        return sorted(set(round(v, 4) for v in xs)), sorted(set(round(v, 4) for v in ys))

    def area(self) -> tuple[float, float, float, float]:
        """Box covered by the cards and their bleed: (x0, y0, x1, y1) in pt."""
        return (self.x0 - self.bleed, self.y0 - self.bleed,
                self.x0 - self.bleed + self.cols * self.pitch_x, self.y0 - self.bleed + self.rows * self.pitch_y)


def make_grid(card_mm: tuple[float, float], paper: str = "a4", bleed_mm: float = 0.0,
              max_cols_rows: tuple[int, int] | None = None) -> Grid:
    """Fit as many cards of ``card_mm`` (width, height in mm) as the paper takes, keeping
    :data:`MIN_MARGIN_MM` free plus room for the cut marks, at most ``max_cols_rows``.

    Raises:
        ValueError: unknown paper, bad bleed, or not even one card fits.
    """
    pw, ph = check_paper(paper)
    b = check_bleed(bleed_mm)
    cw, ch = card_mm
    margin = MIN_MARGIN_MM + MARK_LEN_MM / 2
    cols = int((pw - 2 * margin) // (cw + 2 * b))
    rows = int((ph - 2 * margin) // (ch + 2 * b))
    if max_cols_rows:
        cols, rows = min(cols, max_cols_rows[0]), min(rows, max_cols_rows[1])
    if cols < 1 or rows < 1:
        raise ValueError(f"a {cw:g} x {ch:g} mm card with {b:g} mm bleed does not fit on {paper}")
    x0 = (pw - cols * (cw + 2 * b)) / 2 + b
    y0 = (ph - rows * (ch + 2 * b)) / 2 + b
    return Grid(pw * mm, ph * mm, cw * mm, ch * mm, b * mm, cols, rows, x0 * mm, y0 * mm)


def draw_cut_marks(canvas, grid: Grid, colour: str = "#000000") -> None:
    """Short cut marks in the page margin at every cut line, outside the card area, so
    they never print on a card (0.25 pt hairlines, :data:`MARK_LEN_MM` long)."""
    from reportlab.lib.colors import HexColor

    ax0, ay0, ax1, ay1 = grid.area()
    gap, length = MARK_GAP_MM * mm, MARK_LEN_MM * mm
    xs, ys = grid.cut_lines()
    canvas.saveState()
    canvas.setStrokeColor(HexColor(colour))
    canvas.setLineWidth(0.25)
    for x in xs:
        canvas.line(x, ay1 + gap, x, min(ay1 + gap + length, grid.page_h - 1))
        canvas.line(x, ay0 - gap, x, max(ay0 - gap - length, 1))
    for y in ys:
        canvas.line(ax0 - gap, y, max(ax0 - gap - length, 1), y)
        canvas.line(ax1 + gap, y, min(ax1 + gap + length, grid.page_w - 1), y)
    canvas.restoreState()
