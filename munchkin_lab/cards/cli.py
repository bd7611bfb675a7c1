"""Command-line commands of this area (registered by ``munchkin_lab.cli``).

``munchkin-lab db build|check|stats|export|import [--url URL]`` (export and import: ``csv_cli``) and
``munchkin-lab cards QUERY [--format table|csv|json] [--url URL]``. Errors are printed
without a traceback and exit with status 1.
"""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

URL_HELP = "SQLAlchemy database URL (default: $DATABASE_URL or database/munchkin-lab.sqlite)."
DATA_HELP = "Folder with tags.yaml and sets/ (default: the repository's database/)."


class Format(str, Enum):
    """Output formats of ``munchkin-lab cards``."""

    table = "table"
    csv = "csv"
    json = "json"


def _fail(exc: BaseException) -> None:
    typer.echo(f"Error: {exc}", err=True)
    raise typer.Exit(1)


def _guard(fn):
    """Run ``fn``; known errors (bad data, bad query, unknown card, database errors) exit 1."""
    from sqlalchemy.exc import SQLAlchemyError

    from .errors import CardDataError, CardLookupError, SearchSyntaxError

    try:
        return fn()
    except (CardDataError, SearchSyntaxError, CardLookupError, ValueError) as exc:
        _fail(exc)
    except SQLAlchemyError as exc:
        _fail(f"database error: {str(exc).splitlines()[0]}")
    except BrokenPipeError:  # output piped into head & co.: quiet, like the root app
        raise
    except OSError as exc:
        _fail(exc)


def stats_frames(url: str | None = None) -> dict:
    """Per-set, per-kind and per-tag counts as DataFrames (``sets``, ``kinds``, ``tags``).

    ``sets`` columns: set, name, cards, copies, automated (share of cards with
    ``manual: false``, 0..1); ``kinds``: kind, cards, copies; ``tags``: tag, cards, copies.
    """
    import pandas as pd

    from .api import cards
    from .models import CardSet
    from .. import config
    from sqlalchemy import select

    df = cards("", url=url)  # CardDataError (nothing created) when the database is missing
    with config.get_engine(url).connect() as conn:
        names = dict(conn.execute(select(CardSet.code, CardSet.name)).all())
        order = list(conn.execute(select(CardSet.code).order_by(CardSet.position, CardSet.code)).scalars())
    sets = (df.assign(auto=~df["manual"]).groupby("set", sort=False)
            .agg(cards=("name", "size"), copies=("copies", "sum"), automated=("auto", "mean")))
    sets = sets.reindex(order).fillna({"cards": 0, "copies": 0})
    sets.insert(0, "name", [names.get(c, c) for c in sets.index])
    sets = sets.reset_index()
    kinds = (df.groupby("kind").agg(cards=("name", "size"), copies=("copies", "sum"))
             .sort_values(["cards", "kind"], ascending=[False, True]).reset_index())
    tg = df[["tags", "copies"]].explode("tags").dropna(subset=["tags"])
    tags = (tg.groupby("tags").agg(cards=("copies", "size"), copies=("copies", "sum"))
            .sort_values("cards", ascending=False).reset_index().rename(columns={"tags": "tag"}))
    return {"sets": sets, "kinds": kinds, "tags": tags, "total": pd.Series(
        {"cards": len(df), "copies": int(df["copies"].sum()) if len(df) else 0})}


def _print_stats(url: str | None) -> None:
    f = stats_frames(url)
    sets = f["sets"].copy()
    sets["automated"] = sets["automated"].map(lambda v: "" if v != v else f"{v:.0%}")
    typer.echo("Cards per set")
    typer.echo(sets.to_string(index=False))
    typer.echo(f"total: {f['total']['cards']} cards, {f['total']['copies']} copies\n")
    typer.echo("Cards per kind")
    typer.echo(f["kinds"].to_string(index=False) + "\n")
    typer.echo("Cards per tag")
    typer.echo(f["tags"].to_string(index=False) if len(f["tags"]) else "(no tags)")


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root ``munchkin-lab`` app."""
    db = typer.Typer(help="Build, check and summarize the card database.", no_args_is_help=True)
    app.add_typer(db, name="db")

    @db.command("build")
    def db_build(url: Optional[str] = typer.Option(None, "--url", help=URL_HELP),
                 data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP)) -> None:
        """Validate every card file, then (re)build the database (idempotent)."""
        from .build import build

        try:
            counts = _guard(lambda: build(url, data))
        except KeyboardInterrupt:  # one line and exit 130, no traceback
            from ..cli import exit_interrupted

            raise exit_interrupted("Interrupted: the build stopped before it finished; the database is "
                                   "replaced only by a finished build, so the previous one is kept.") from None
        typer.echo(f"built: {counts['sets']} sets, {counts['cards']} cards, {counts['tags']} tags"
                   f" (kept {counts['designer_cards']} designer cards, {counts['decks']} decks)")

    @db.command("check")
    def db_check(data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP)) -> None:
        """Validate every card file without writing anything."""
        from .build import check

        d = _guard(lambda: check(data))
        typer.echo(f"ok: {len(d.sets)} sets, {len(d.cards)} cards, {len(d.tags)} tags")

    @db.command("stats")
    def db_stats(url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Print cards per set (with copies and the automated share), per kind and per tag."""
        _guard(lambda: _print_stats(url))

    from . import csv_cli

    csv_cli.register(db)  # db export / db import (CSV)

    @app.command("cards")
    def cards_cmd(query: str = typer.Argument("", help="Search, e.g. 'tag:undead level>=10'."),
                  format: Format = typer.Option(Format.table, "--format", "-f", help="table, csv or json."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Search the card database and print the matching cards."""
        from .api import cards

        df = _guard(lambda: cards(query, url=url))
        if format == Format.json:
            typer.echo(json.dumps(_records(df), ensure_ascii=False, indent=1))
        elif format == Format.csv:
            out = df.copy()
            for c in ("tags", "aliases", "effects", "usable_by", "not_usable_by"):
                out[c] = out[c].map(lambda v: json.dumps(v, ensure_ascii=False))
            typer.echo(out.to_csv(index=False), nl=False)
        else:
            if df.empty:
                typer.echo("no cards match")
                return
            show = df[["set", "name", "kind", "level", "bonus", "gold", "copies", "tags"]].copy()
            show["tags"] = show["tags"].map(", ".join)
            typer.echo(show.to_string(index=False, na_rep=""))
            typer.echo(f"{len(df)} card{'s' if len(df) != 1 else ''}")


def _records(df) -> list[dict]:
    import pandas as pd

    out = []
    for row in df.to_dict(orient="records"):
        out.append({k: (None if (not isinstance(v, (list, dict)) and pd.isna(v)) else
                        (int(v) if hasattr(v, "item") and not isinstance(v, bool) and isinstance(v.item(), int)
                         and not isinstance(v.item(), bool) else v))
                    for k, v in row.items()})
    return out
