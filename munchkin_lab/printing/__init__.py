"""Print-and-play: any deck, card selection, room tiles or ship rooms as printable PDF sheets.

Main entry points:

* :func:`print_cards` (``selection, out, size="poker"|"tarot"|"mini", paper="a4"|"letter",
  bleed_mm=0, cut_marks=True, backs=True``) writes the PDF and returns a :class:`PrintResult`;
* :func:`preview_png` / :func:`preview_image` render a page for a notebook;
* :func:`face_fields` is the data a card face shows (shared with the board's HTML faces);
* :func:`print_sheet_button` is the deck builder's "Print sheet" button (ipywidgets);
* ``munchkin-lab print DECK_OR_QUERY --out cards.pdf`` / ``python -m munchkin_lab.printing``.
"""
from .fields import face_fields
from .selection import PrintError, resolve_selection
from .sheets import PrintResult, pdf_bytes, preview_image, preview_png, print_cards


def print_sheet_button(get_deck, out=None, **options):
    """The deck builder's "Print sheet" button (see :func:`munchkin_lab.printing.widget.print_sheet_button`)."""
    from .widget import print_sheet_button as _button

    return _button(get_deck, out=out, **options)


__all__ = ["face_fields", "PrintError", "PrintResult", "print_cards", "pdf_bytes", "preview_image", "preview_png",
           "print_sheet_button", "resolve_selection"]
