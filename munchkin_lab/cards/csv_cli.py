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

    @db.command("export")
    def db_export(path: Path = typer.Argument(..., help="CSV file to write (.csv; written atomically)."),
                  force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Write every card (file and designer cards) to a CSV file. Refuses to overwrite a
        file (unless --force) and a name not ending in .csv."""
        from ..fileio import check_new_file
        from .api import CSV_SUFFIXES, export_csv

        _run(lambda: check_new_file(path, force=force, suffixes=CSV_SUFFIXES, what="db export writes CSV"))
        n = _run(lambda: export_csv(path, url=url, overwrite=force))
        typer.echo(f"wrote {n} cards to {path}")

    @db.command("import")
    def db_import(path: Path = typer.Argument(..., help="CSV file (as written by `db export` or pandas)."),
                  replace: bool = typer.Option(False, "--replace",
                                               help="Also delete the designer cards the CSV does not list (asks first; "
                                                    "printed cards of shipped sets are never deleted)."),
                  dry_run: bool = typer.Option(False, "--dry-run", help="Only show what would change."),
                  yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask before deleting (--replace)."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Merge a CSV into the card database (insert or update by set and name).

        Nothing is deleted unless --replace, which first shows what it would delete and asks;
        it deletes designer cards only (a printed card of a shipped set is never deleted).
        """
        from .api import import_csv

        expect = None
        if replace and not dry_run:
            preview = _run(lambda: import_csv(path, url=url, replace=True, dry_run=True))
            gone = preview.names["deleted"]
            if gone:
                from ..plural import listed

                shown = listed(gone, 20)
                typer.echo(f"{len(gone)} card{'s' if len(gone) != 1 else ''} of the database "
                           f"{'are' if len(gone) != 1 else 'is'} not in {path} and will be deleted: {shown}")
                from ..cli import confirm

                if not yes and not confirm("Delete them?", f"nothing imported from {path}"):
                    typer.echo("nothing imported")
                    raise typer.Exit(0)  # the user's choice, not bad input (README, exit codes)
            expect = gone
        result = _run(lambda: import_csv(path, url=url, replace=replace, dry_run=dry_run, expect_deleted=expect))
        typer.echo(result.summary())
