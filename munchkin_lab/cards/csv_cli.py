"""``munchkin-lab db export FILE`` and ``munchkin-lab db import FILE [--replace] [--dry-run]``:
every card as CSV (:func:`munchkin_lab.cards.api.export_csv`), and a CSV merged back
(:func:`munchkin_lab.cards.api.import_csv`). Registered on the ``db`` group by
``munchkin_lab.cards.cli``. Errors are printed as ``Error: ...`` with exit code 1.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

URL_HELP = "SQLAlchemy database URL (default: $DATABASE_URL or database/munchkin-lab.sqlite)."


def _run(fn):
    from sqlalchemy.exc import SQLAlchemyError

    from .errors import CardDataError

    from ..fileio import OutputFileError

    try:
        return fn()
    except OutputFileError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2 if exc.usage else 1) from None
    except (CardDataError, OSError) as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    except SQLAlchemyError as exc:
        typer.echo(f"Error: database error: {str(exc).splitlines()[0]}", err=True)
        raise typer.Exit(1) from None


def register(db: typer.Typer) -> None:
    """Add ``export`` and ``import`` to the ``db`` command group."""
    from ..cli import writes_database

    @db.command("export")
    def db_export(path: Path = typer.Argument(..., help="CSV file to write (.csv; written atomically)."),
                  force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Write every card (file and designer cards) to a CSV file. Refuses to overwrite a
        file (unless --force) and a name not ending in .csv."""
        from ..cli import says_file_kept
        from ..fileio import FileAppearedError, appeared_note, check_new_file
        from .api import CSV_SUFFIXES, export_csv

        _run(lambda: check_new_file(path, force=force, suffixes=CSV_SUFFIXES, what="db export writes CSV"))

        def export() -> tuple[int, Path, str]:
            try:  # without --force the final write is exclusive: a file that appeared meanwhile is kept
                return export_csv(path, url=url, overwrite=force), path, ""
            except FileAppearedError as exc:
                return exc.result, exc.kept, appeared_note(path)

        with says_file_kept(path):
            n, written, note = _run(export)
            typer.echo(f"wrote {n} cards to {written}{note}")

    @db.command("import")
    @writes_database
    def db_import(path: Path = typer.Argument(..., help="CSV file (as written by `db export` or pandas)."),
                  replace: bool = typer.Option(False, "--replace",
                                               help="Also delete the designer cards the CSV does not list (asks first; "
                                                    "printed cards of shipped sets are never deleted)."),
                  dry_run: bool = typer.Option(False, "--dry-run", help="Only show what would change."),
                  yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask before deleting (--replace) or undoing later edits."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Merge a CSV into the card database (insert or update by set and name).

        Nothing is deleted unless --replace, which first shows what it would delete and asks;
        it deletes designer cards only (a printed card of a shipped set is never deleted, nor a
        card a saved deck holds). Cards edited in the database after the CSV was exported are
        set back only after the command lists them and asks (as set import); without a
        terminal, refused unless --yes.
        """
        from .api import import_csv

        from ..cli import confirm

        if dry_run:
            typer.echo(_run(lambda: import_csv(path, url=url, replace=replace, dry_run=True)).summary())
            return
        # what the import would delete or undo, shown and agreed first (as `set import` asks)
        preview = _run(lambda: import_csv(path, url=url, replace=replace, dry_run=True))
        gone = preview.names["deleted"] if replace else []
        newer = preview.newer
        if gone:
            from ..plural import listed

            typer.echo(f"{len(gone)} card{'s' if len(gone) != 1 else ''} of the database "
                       f"{'are' if len(gone) != 1 else 'is'} not in {path} and will be deleted: {listed(gone, 20)}")
        if newer:
            from .designer_cli import tell_newer

            others = [k for k in preview.names["updated"] if k not in preview.names["newer_updated"]]
            tell_newer(newer, newer + others, preview.since, preview.changes)
        if (gone or newer) and not yes:
            what = " and ".join((["delete them"] if gone else []) + (["undo those edits"] if newer else []))
            question = f"Import {path} and {what}?" if newer else "Delete them?"
            if not confirm(question, f"nothing imported from {path}"):
                typer.echo("nothing imported" + (" (export the cards again to edit their current values)"
                                                  if newer else ""))
                raise typer.Exit(0)  # the user's choice, not bad input (README, exit codes)
        result = _run(lambda: import_csv(path, url=url, replace=replace, expect_deleted=gone if replace else None,
                                         overwrite_newer=bool(newer), expect_newer=newer))
        typer.echo(result.summary())
