"""``munchkin-lab print DECK_OR_QUERY --out cards.pdf``: print-and-play sheets from the shell.

Registered on the root app by :func:`register`; ``python -m munchkin_lab.printing`` runs the
same command on its own. Errors (empty selection, unknown deck, unwritable output)
print ``Error: ...`` on stderr and exit with code 1, leaving no PDF behind; an existing
``--out`` / ``--preview`` file is refused unless ``--force``; usage errors (unknown option,
unknown ``--size`` / ``--paper``, ``--bleed`` out of range, an ``--out`` not ending in
``.pdf`` or a ``--preview`` not ending in ``.png``) exit 2; Ctrl-C prints one line and exits 130. The PDF and the preview are
written aside and renamed into place, so an existing file is never left half-written.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def _checked(check):
    """A typer callback running a layout check; its ValueError becomes a usage error (exit 2)."""

    def callback(value):
        try:
            check(value)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
        return value

    return callback


def _check_size(value):
    from .layout import check_size

    return _checked(check_size)(value)


def _check_paper(value):
    from .layout import check_paper

    return _checked(check_paper)(value)


def _check_bleed(value):
    from .layout import check_bleed

    return _checked(check_bleed)(value)


def print_command(
    selection: str = typer.Argument(..., metavar="DECK_OR_QUERY",
                                    help="Preset (base, preset:solar_storm), deck file, saved deck name, "
                                         "or a card search query ('tag:ghost', 'set:star_munchkin_adventures')."),
    out: Path = typer.Option(Path("cards.pdf"), "--out", "-o", help="PDF file to write."),
    size: str = typer.Option("poker", "--size", callback=_check_size, help="Card size: poker (63x88 mm), tarot (70x120 mm), mini (41x63 mm)."),
    paper: str = typer.Option("a4", "--paper", callback=_check_paper, help="Paper: a4 or letter."),
    bleed: float = typer.Option(0.0, "--bleed", callback=_check_bleed, help="Bleed in mm around each card (0-5)."),
    no_backs: bool = typer.Option(False, "--no-backs", help="Leave out the back pages."),
    no_cut_marks: bool = typer.Option(False, "--no-cut-marks", help="Leave out the cut marks."),
    preview: Optional[Path] = typer.Option(None, "--preview", help="Also write a PNG of the first page here (.png)."),
    force: bool = typer.Option(False, "--force", help="Overwrite existing files (--out, --preview)."),
    url: Optional[str] = typer.Option(None, "--url", help="Database URL (default: $DATABASE_URL or the SQLite file)."),
) -> None:
    """Lay cards, room tiles or ship rooms out on printable PDF sheets (3 x 3 poker cards a page).
    Refuses to overwrite a file (unless --force), an --out not ending in .pdf and a --preview
    not ending in .png."""
    from .sheets import PDF_SUFFIXES, preview_png, print_cards

    from ..fileio import FileAppearedError, OutputFileError, appeared_note, atomic_write_bytes, check_new_file

    written = None
    notes = []  # without --force: a file that appeared at --out or --preview while the command ran is kept
    try:
        check_new_file(out, force=force, suffixes=PDF_SUFFIXES, what="print writes a PDF")
        if preview is not None:
            check_new_file(preview, force=force, suffixes=(".png",), what="--preview writes a PNG")
    except OutputFileError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2 if exc.usage else 1) from None
    try:
        try:
            result = print_cards(selection, out, size=size, paper=paper, bleed_mm=bleed,
                                 cut_marks=not no_cut_marks, backs=not no_backs, url=url, overwrite=force)
        except FileAppearedError as exc:  # the PDF went beside the file that appeared
            result = exc.result
            notes.append(appeared_note(out))
        written = result.path
        if preview is not None:
            try:
                atomic_write_bytes(preview, preview_png(result.path, 0, dpi=100), exclusive=not force)
            except FileAppearedError as exc:
                notes.append(f"; the preview is {exc.kept}" + appeared_note(preview))
    except (ValueError, LookupError, OSError) as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        from .. import saved
        from ..cli import exit_interrupted

        if written is None and saved.so_far():  # the PDF renamed into place, print_cards not yet back
            raise exit_interrupted(saved.interrupted_line(saved.so_far())) from None
        kept = (f"wrote {written}, no preview" if written is not None
                else f"nothing written ({out} is as it was)")
        raise exit_interrupted(f"Interrupted: {kept}.") from None
    parts = [f"{result.cards} card(s)"] if result.cards else []
    if result.tiles:
        parts.append(f"{result.tiles} tile(s)")
    split = f"{result.face_pages} face, {result.back_pages} back, {result.tile_pages} tile"
    typer.echo(f"wrote {result.path}: {', '.join(parts)} on {result.pages} page(s) ({split})" + "".join(notes))
    if result.note:  # characters no font has (an emoji in a name): said once for the sheet
        typer.echo(result.note)


def register(app: typer.Typer) -> None:
    """Add the ``print`` command to the root ``munchkin-lab`` app."""
    app.command("print")(print_command)


def standalone() -> typer.Typer:
    """A typer app with only the print command (``python -m munchkin_lab.printing``)."""
    app = typer.Typer(add_completion=False, help="munchkin-lab print-and-play sheets.")
    app.command()(print_command)
    return app
