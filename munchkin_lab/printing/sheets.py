"""Print-and-play PDF sheets: :func:`print_cards` and :func:`preview_png`.

Pages, in order: card face pages, each followed by its back page (when ``backs=True`` and a
card on it has a back), then the tile pages (room tiles and ship rooms, no backs). A back page
holds each card's back in the mirrored slot (columns reversed), so printing duplex with
"flip on long edge" puts every back behind its face.

The PDF is written with ReportLab in invariant mode (no timestamps, fixed document id) with
the DejaVu fonts embedded: the same selection always gives the same bytes.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm

from .faces import BACK_TITLES, back_layout, card_layout, draw, tile_layout
from .fonts import OBLIQUE, PLACEHOLDER, printable, register_fonts, text_width
from .layout import MAX_COLS_ROWS, TILE_SIZES, Grid, check_bleed, check_paper, check_size, draw_cut_marks, make_grid
from .selection import PrintError, resolve_titled

#: Order of the card groups on the sheets (cards of one pile stay together).
PILE_ORDER = ("door", "treasure", "dungeon", "fairy_dust", "character")


@dataclass
class PrintResult:
    """What :func:`print_cards` wrote.

    Attributes:
        path: the PDF file.
        cards: card faces printed (copies counted), tiles excluded.
        tiles: square tiles printed.
        pages: total pages; ``face_pages``, ``back_pages``, ``tile_pages`` split them.
        per_page: cards per face page; ``tiles_per_page``: tiles per tile page.
        page_kinds: ``"face"``, ``"back"`` or ``"tile"`` for each page, in order.
        page_names: the card or tile names on each page (empty for back pages).
        missing: the characters no installed font can draw (e.g. an emoji in a card's name
            when no emoji font is installed, :mod:`munchkin_lab.printing.fonts`), printed as
            the placeholder ``\ufffd``; ``note`` says so in one line (``""`` when none).
    """

    path: Path
    cards: int = 0
    tiles: int = 0
    pages: int = 0
    face_pages: int = 0
    back_pages: int = 0
    tile_pages: int = 0
    per_page: int = 0
    tiles_per_page: int = 0
    page_kinds: list[str] = field(default_factory=list)
    page_names: list[list[str]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    @property
    def note(self) -> str:
        """One line naming the characters printed as the placeholder, or ``""``."""
        if not self.missing:
            return ""
        chars = " ".join(self.missing)
        return (f"note: no installed font can draw {chars} (U+{', U+'.join(f'{ord(c):04X}' for c in self.missing)}): "
                f"printed as {PLACEHOLDER}; install an emoji or symbol font (e.g. Noto Emoji) to print them")


#: The suffix of the PDF written (``print --out`` and :func:`print_cards` alike,
#: :func:`munchkin_lab.fileio.check_suffix`).
PDF_SUFFIXES = (".pdf",)


def _check_output(out: str | os.PathLike) -> Path:
    from ..fileio import check_suffix

    if str(out).strip() == "":
        raise PrintError("no output path given")
    path = Path(out).expanduser().absolute()
    if path.is_dir():
        raise PrintError(f"cannot write {str(path)!r}: it is a folder")
    check_suffix(out, PDF_SUFFIXES, "print_cards writes a PDF")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise PrintError(f"cannot write {str(path)!r}: folder {str(parent)!r} does not exist")
    if not os.access(parent, os.W_OK):
        raise PrintError(f"cannot write {str(path)!r}: folder {str(parent)!r} is not writable")
    return path


def _order(items: list[dict]) -> list[dict]:
    rank = {p: i for i, p in enumerate(PILE_ORDER)}
    return sorted(items, key=lambda f: rank.get(f["deck"], len(rank)))  # stable: keeps selection order


def _chunks(items: list, n: int) -> list[list]:
    return [items[i:i + n] for i in range(0, len(items), n)]


def _page_label(c, grid: Grid, text: str) -> set[str]:
    """Draw the page's label (the title may hold characters no font has: the set of them)."""
    text, missing = printable(text, OBLIQUE)
    size = 6.0
    while size > 3 and text_width(text, OBLIQUE, size) > grid.card_w - 4 * mm:
        size -= 0.25
    c.saveState()
    c.setFont(OBLIQUE, size)
    c.setFillGray(0.35)
    y = max(2.2 * mm, grid.area()[1] - 1.0 * mm - 4.0 * mm - 3.2 * mm)
    x = grid.x0 + (grid.cols // 2) * grid.pitch_x + grid.card_w / 2  # mid-card: clear of the cut marks
    c.drawCentredString(x, y, text)
    c.restoreState()
    return missing


def render(items: list[dict], target, *, size: str = "poker", paper: str = "a4", bleed_mm: float = 0.0,
           cut_marks: bool = True, backs: bool = True, title: str = "munchkin-lab cards") -> PrintResult:
    """Draw face fields ``items`` (one per copy) to ``target`` (path or binary file object).

    Raises:
        PrintError: no items; ValueError subclasses for bad size, paper or bleed.
    """
    from reportlab.pdfgen import canvas as rl_canvas

    if not items:
        raise PrintError("nothing to print: the selection is empty")
    register_fonts()
    card_mm = check_size(size)
    grid = make_grid(card_mm, paper, bleed_mm, MAX_COLS_ROWS.get(size))
    tmm = TILE_SIZES[size]
    tgrid = make_grid((tmm, tmm), paper, bleed_mm)
    cards = _order([f for f in items if f["shape"] == "card"])
    tiles = [f for f in items if f["shape"] == "tile"]
    result = PrintResult(path=Path(target) if isinstance(target, (str, os.PathLike)) else Path(""),
                         cards=len(cards), tiles=len(tiles), per_page=grid.per_page,
                         tiles_per_page=tgrid.per_page)
    c = rl_canvas.Canvas(target, pagesize=(grid.page_w, grid.page_h), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("munchkin-lab")
    c.setCreator("munchkin-lab print-and-play")
    c.setSubject(f"{len(cards)} cards, {len(tiles)} tiles, {size} on {paper}")

    layouts: dict[int, Any] = {}
    missing: set[str] = set()
    backs_cache: dict[str, Any] = {}
    bleed = grid.bleed
    face_chunks = _chunks(cards, grid.per_page)
    for n, chunk in enumerate(face_chunks, 1):
        for i, f in enumerate(chunk):
            lay = layouts.get(id(f))
            if lay is None:
                lay = layouts[id(f)] = card_layout(f, grid.card_w, grid.card_h, bleed)
            draw(c, lay, *grid.slot(i))
        if cut_marks:
            draw_cut_marks(c, grid)
        missing |= _page_label(c, grid, f"{title} \u00b7 faces {n}/{len(face_chunks)}")
        c.showPage()
        result.page_kinds.append("face")
        result.page_names.append([f["name"] for f in chunk])
        if backs and any(f["deck"] in BACK_TITLES for f in chunk):
            for i, f in enumerate(chunk):
                if f["deck"] not in BACK_TITLES:
                    continue
                lay = backs_cache.get(f["deck"])
                if lay is None:
                    lay = backs_cache[f["deck"]] = back_layout(f["deck"], grid.card_w, grid.card_h, bleed)
                draw(c, lay, *grid.slot(i, mirror=True))
            if cut_marks:
                draw_cut_marks(c, grid)
            missing |= _page_label(c, grid, f"{title} \u00b7 backs {n}/{len(face_chunks)} (duplex, flip on long edge)")
            c.showPage()
            result.page_kinds.append("back")
            result.page_names.append([])
    tile_chunks = _chunks(tiles, tgrid.per_page)
    for n, chunk in enumerate(tile_chunks, 1):
        for i, f in enumerate(chunk):
            lay = layouts.get(id(f))
            if lay is None:
                lay = layouts[id(f)] = tile_layout(f, tgrid.card_w, tgrid.bleed)
            draw(c, lay, *tgrid.slot(i))
        if cut_marks:
            draw_cut_marks(c, tgrid)
        missing |= _page_label(c, tgrid, f"{title} \u00b7 tiles {n}/{len(tile_chunks)}")
        c.showPage()
        result.page_kinds.append("tile")
        result.page_names.append([f["name"] for f in chunk])
    c.save()
    for lay in layouts.values():
        missing |= lay.missing
    result.missing = sorted(missing)
    result.pages = len(result.page_kinds)
    result.face_pages = result.page_kinds.count("face")
    result.back_pages = result.page_kinds.count("back")
    result.tile_pages = result.page_kinds.count("tile")
    return result


def print_cards(selection: Any, out: str | os.PathLike, size: str = "poker", paper: str = "a4",
                bleed_mm: float = 0, cut_marks: bool = True, backs: bool = True,
                url: str | None = None, overwrite: bool = True) -> PrintResult:
    """Write a print-and-play PDF of ``selection``.

    Args:
        selection: a :class:`~munchkin_lab.decks.Deck` (copies as in the deck), a preset name,
            deck file path, saved deck name or card search query, a DataFrame of card rows,
            or a list of cards (see :mod:`munchkin_lab.printing.selection`).
        out: PDF path. Written aside and renamed into place in one step
            (:func:`munchkin_lab.fileio.atomic_path`): a failure, Ctrl-C, a kill or a full disk
            never leaves a half-written PDF, and the previous file stays as it was.
        size: ``poker`` (63 x 88 mm, 3 x 3 per page), ``tarot`` (70 x 120 mm, 2 x 2 per
            page) or ``mini`` (41 x 63 mm, 4 x 4 per page). Room tiles and ship rooms are
            square: 63, 70 or 44 mm.
        paper: ``a4`` (210 x 297 mm) or ``letter`` (8.5 x 11 in); portrait.
        bleed_mm: background overhang around each card, 0 to 5 mm; cards then sit
            ``2 * bleed_mm`` apart, so a bleed may leave room for fewer cards: poker cards stay
            3 x 3 on A4 up to 1 mm bleed; a 3 mm bleed gives 2 x 3 (see ``per_page``).
        cut_marks: short marks in the margin at every cut line.
        backs: add a back page (mirrored) after each face page; Door, Treasure, Dungeon,
            Fairy Dust and Character cards have backs, tiles have none.
        url: card database URL.
        overwrite: replace a file at ``out`` (the default, as before). False (``print``
            without ``--force``): an existing file is refused before any work, and the
            finished PDF takes the name only if it is still free (a file another program
            wrote there meanwhile is kept; :class:`~munchkin_lab.fileio.FileAppearedError`).

    Returns:
        A :class:`PrintResult` (path, counts, page kinds and names per page).

    Raises:
        OutputFileError (a ``ValueError``): ``out`` does not end in ``.pdf``, checked before
            any work as ``print --out`` does (``'cards.txt': print_cards writes a PDF: the
            file name must end in .pdf``).
        FileExistsError: (``overwrite=False``) ``out`` exists (nothing is written), or
            :class:`~munchkin_lab.fileio.FileAppearedError` (one) when it appeared while the
            sheets were drawn: that file is kept, the PDF is in the error's ``kept`` file
            (``<name>.not-replaced.pdf``) and the :class:`PrintResult` (its ``path`` that
            file) in its ``result``.
        PrintError (a ``ValueError``): empty selection, unknown deck, query that finds
            nothing, output folder missing or not writable, output is a folder.
        ValueError: unknown size or paper, bleed out of range.
    """
    from ..fileio import FileAppearedError, atomic_path, refuse_existing, remove_stale_parts

    path = _check_output(out)
    check_size(size)
    check_paper(paper)
    check_bleed(bleed_mm)
    refuse_existing(path, overwrite)
    items, title = resolve_titled(selection, url=url)
    try:
        # written aside, renamed onto ``path`` only when complete (and, unless ``overwrite``, only while it is free)
        with atomic_path(path, exclusive=not overwrite) as tmp:
            result = render(items, str(tmp), size=size, paper=paper, bleed_mm=bleed_mm, cut_marks=cut_marks,
                            backs=backs, title=title)
    except FileAppearedError as exc:  # the PDF is whole, beside the file that appeared
        result.path = exc.kept
        exc.result = result
        raise
    except OSError as exc:  # the message names the output, not the temporary file
        raise PrintError(f"cannot write {str(path)!r}: {exc.strerror or exc}; "
                         "the previous file (if any) is kept") from None
    remove_stale_parts(path)
    result.path = path
    return result


def pdf_bytes(selection: Any, **options: Any) -> bytes:
    """The PDF of ``selection`` as bytes (same options as :func:`print_cards`, without ``out``)."""
    url = options.pop("url", None)
    buf = io.BytesIO()
    items, title = resolve_titled(selection, url=url)
    render(items, buf, title=title, **options)
    return buf.getvalue()


def preview_image(pdf: str | os.PathLike | bytes, page: int = 0, dpi: float = 72):
    """Render page ``page`` (0-based) of a PDF file (or PDF bytes) to a ``PIL.Image`` (RGB)
    at ``dpi`` dots per inch, with pypdfium2.

    Raises:
        PrintError: no such page; FileNotFoundError: no such file.
    """
    import pypdfium2 as pdfium

    source = pdf if isinstance(pdf, bytes) else str(Path(pdf))
    if not isinstance(pdf, bytes) and not Path(source).is_file():
        raise FileNotFoundError(source)
    doc = pdfium.PdfDocument(source)
    try:
        if not 0 <= page < len(doc):
            raise PrintError(f"page {page} does not exist; the PDF has {len(doc)} page(s)")
        bitmap = doc[page].render(scale=dpi / 72)
        return bitmap.to_pil().convert("RGB")
    finally:
        doc.close()


def preview_png(pdf: str | os.PathLike | bytes, page: int = 0, dpi: float = 72) -> bytes:
    """PNG bytes of page ``page`` (see :func:`preview_image`); in a notebook:
    ``IPython.display.Image(preview_png("cards.pdf"))``."""
    buf = io.BytesIO()
    preview_image(pdf, page, dpi).save(buf, format="PNG")
    return buf.getvalue()
