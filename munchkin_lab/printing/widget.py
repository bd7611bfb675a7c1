"""The deck builder's "Print sheet" button (ipywidgets).

:func:`print_sheet_button` returns a ``VBox`` holding a ``Button`` and an ``Output``; a click
calls ``get_deck()``, writes the PDF with :func:`~munchkin_lab.printing.print_cards`, and shows
a download link (a base64 ``data:`` link, which works in JupyterLab, classic notebooks and
Voila) plus a ``FileLink`` to the file. Errors are shown in the output area, never raised into
the event loop.
"""
from __future__ import annotations

import base64
import html
import re
from pathlib import Path
from typing import Any, Callable


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").lower() or "cards"


def print_sheet_button(get_deck: Callable[[], Any], out: str | Path | None = None, **options: Any):
    """A "Print sheet" button and its download area.

    Args:
        get_deck: called on each click; returns what :func:`print_cards` takes (a Deck, a
            query, a list of cards).
        out: PDF path (default: ``<deck name>.pdf`` in the current folder).
        options: passed to :func:`print_cards` (``size``, ``paper``, ``bleed_mm``, ...).

    Returns:
        ``ipywidgets.VBox([button, output])`` with the attributes ``button``, ``output``,
        ``last_result`` (the latest :class:`PrintResult` or ``None``), ``last_html`` (the
        download link or error message last shown) and ``click()`` (what a click does, for
        tests and scripts).

    Raises:
        ImportError: ipywidgets is not installed.
    """
    import ipywidgets as w

    button = w.Button(description="Print sheet", icon="print", tooltip="Write a print-and-play PDF of this deck")
    output = w.Output()
    box = w.VBox([button, output])
    box.button, box.output, box.last_result, box.last_html = button, output, None, ""

    def click(_=None):
        from IPython.display import HTML, FileLink, display

        from .sheets import print_cards

        output.clear_output()
        with output:
            try:
                selection = get_deck()
                name = getattr(selection, "name", None) or (selection if isinstance(selection, str) else "cards")
                path = Path(out) if out is not None else Path(f"{_slug(str(name))}.pdf")
                result = print_cards(selection, path, **options)
            except (ValueError, LookupError, OSError) as exc:
                box.last_html = f"<span style='color:#b00020'>Cannot print: {html.escape(str(exc))}</span>"
                box.last_result = None
                display(HTML(box.last_html))
                return None
            box.last_result = result
            data = base64.b64encode(result.path.read_bytes()).decode("ascii")
            box.last_html = (
                f"<a download='{html.escape(result.path.name)}' href='data:application/pdf;base64,{data}'>"
                f"Download {html.escape(result.path.name)}</a> &middot; {result.cards} cards, "
                f"{result.tiles} tiles, {result.pages} pages"
                + (f"<br><small>{html.escape(result.note)}</small>" if result.note else ""))
            display(HTML(box.last_html))
            try:  # FileLink paths are relative to the notebook's folder
                display(FileLink(str(result.path.relative_to(Path.cwd()))))
            except ValueError:
                display(HTML(f"<code>{html.escape(str(result.path))}</code>"))
            return result

    button.on_click(click)
    box.click = click
    return box
