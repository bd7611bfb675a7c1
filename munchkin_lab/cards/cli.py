"""Command-line commands of this area (registered by ``munchkin_lab.cli``).

``munchkin-lab db build|check|stats|schema|export|import`` (export and import: ``csv_cli``),
``munchkin-lab cards QUERY... [--format table|csv|json] [--url URL]`` and, in ``designer_cli``,
``munchkin-lab cards add|edit|delete|show`` and ``munchkin-lab set new|list|export|import|delete``. The query may be
several words (``cards kind:monster tag:undead``) and may start with ``-``
(``cards -kind:monster``). Errors are printed as ``Error: ...`` on stderr without a traceback;
exit codes follow :mod:`munchkin_lab.cli` (bad input 1, bad option 2, Ctrl+C 130).
"""
from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

URL_HELP = "SQLAlchemy database URL (default: $DATABASE_URL or database/munchkin-lab.sqlite)."
DATA_HELP = "Folder with tags.yaml and sets/ (default: the repository's database/)."


class Format(str, Enum):
    """Output formats of ``munchkin-lab cards``."""

    table = "table"
    csv = "csv"
    json = "json"


def _guard(fn):
    """Run ``fn``; bad input (card data, query, unknown card, database, files) is
    ``Error: ...`` with exit 1 (:func:`munchkin_lab.cli.guarded`)."""
    from ..cli import guarded

    return guarded(fn)()


def stats_frames(url: str | None = None) -> dict:
    """Per-set, per-kind and per-tag counts as DataFrames (``sets``, ``kinds``, ``tags``).

    ``sets`` columns: set, name, cards, copies, automated (share of cards with
    ``manual: false``, 0..1), from_data (share of cards that run from data: ``manual: false``
    and no ``manual`` op anywhere in their effects, short forms or ``abilities:``, 0..1);
    ``kinds``: kind, cards, copies; ``tags``: tag, cards, copies.
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
    data = [not m and not _manual_ops(e, k) for m, e, k in zip(df["manual"], df["effects"], df["kind"])]
    sets = (df.assign(auto=~df["manual"], data=data).groupby("set", sort=False)
            .agg(cards=("name", "size"), copies=("copies", "sum"), automated=("auto", "mean"),
                 from_data=("data", "mean")))
    # a set without cards (an empty designer set) gets 0, kept a whole number
    sets = sets.reindex(order).fillna({"cards": 0, "copies": 0}).astype({"cards": int, "copies": int})
    sets.insert(0, "name", [names.get(c, c) for c in sets.index])
    sets = sets.reset_index()
    kinds = (df.groupby("kind").agg(cards=("name", "size"), copies=("copies", "sum"))
             .sort_values(["cards", "kind"], ascending=[False, True]).reset_index())
    tg = df[["tags", "copies"]].explode("tags").dropna(subset=["tags"])
    tags = (tg.groupby("tags").agg(cards=("copies", "size"), copies=("copies", "sum"))
            .sort_values("cards", ascending=False).reset_index().rename(columns={"tags": "tag"}))
    return {"sets": sets, "kinds": kinds, "tags": tags, "total": pd.Series(
        {"cards": len(df), "copies": int(df["copies"].sum()) if len(df) else 0})}


def _manual_ops(effects, kind: str) -> bool:
    """Whether a card's effects hold a ``manual`` op (a step resolved by hand), in its short
    forms or its ``abilities:`` (the card-effect language's compiled program)."""
    if not effects:
        return False
    from ..engine.lang import EffectError, expand

    try:
        return bool(expand(dict(effects), kind).ops("manual"))
    except EffectError:
        return True  # not runnable as it stands (the loader refuses such cards)


def _print_stats(url: str | None) -> None:
    from ..plural import plural

    f = stats_frames(url)
    sets = f["sets"].copy()
    for col in ("automated", "from_data"):
        sets[col] = sets[col].map(lambda v: "" if v != v else f"{v:.0%}")
    sets = sets.rename(columns={"from_data": "from data"})
    typer.echo("Cards per set")
    typer.echo(sets.to_string(index=False))
    typer.echo(f"total: {plural(int(f['total']['cards']), 'card')}, "
               f"{plural(int(f['total']['copies']), 'copy', 'copies')}\n")
    typer.echo("Cards per kind")
    typer.echo(f["kinds"].to_string(index=False) + "\n")
    typer.echo("Cards per tag")
    typer.echo(f["tags"].to_string(index=False) if len(f["tags"]) else "(no tags)")


def _table(df) -> str:
    """The table view of a result: empty cells for unknown numbers."""
    import pandas as pd

    show = df[["set", "name", "kind", "level", "bonus", "gold", "copies", "tags"]].copy()
    for c in ("level", "bonus", "gold", "copies"):
        show[c] = ["" if pd.isna(v) else str(int(v)) for v in show[c]]
    show["tags"] = show["tags"].map(", ".join)
    return show.to_string(index=False)


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root ``munchkin-lab`` app."""
    from ..cli import DashArgsCommand
    from ..plural import listed, plural

    db = typer.Typer(help="Build, check and summarize the card database.", no_args_is_help=True)
    app.add_typer(db, name="db")

    @db.command("build")
    def db_build(url: Optional[str] = typer.Option(None, "--url", help=URL_HELP),
                 data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
                 discard_edits: bool = typer.Option(
                     False, "--discard-edits",
                     help="Put the files' values back on shipped cards edited in the database (a CSV import); "
                          "without it such a build is refused, naming the cards.")) -> None:
        """Validate every card file, then (re)build the database (idempotent).

        Designer sets, designer cards and decks are kept. A shipped card edited in the database
        since the last build is never put back silently: the build is refused naming it,
        unless --discard-edits.
        """
        def run() -> dict:
            from .. import config
            from ..cli import exit_interrupted

            try:
                from .build import build

                return build(url, data, discard_edits=discard_edits)
            except config.CommittedInterrupt as exc:  # during or just after the commit: saved
                raise exit_interrupted(exc.interrupted_line) from None
            except KeyboardInterrupt:  # one line and exit 130, no traceback
                raise exit_interrupted("Interrupted: the build stopped before it finished; the database is "
                                       "replaced only by a finished build, so the previous one is kept.") from None

        c = _guard(run)
        typer.echo(f"built: {plural(c['sets'], 'set')}, {plural(c['cards'], 'card')}, {plural(c['tags'], 'tag')}"
                   f" (kept {plural(c['designer_cards'], 'designer card')}, {plural(c['decks'], 'deck')})")
        if c.get("discarded"):
            gone = c["discarded"]
            typer.echo(f"discarded the database edits of {plural(len(gone), 'shipped card')} (the files' values are "
                       f"back): {listed(gone, 20)}")

    @db.command("check")
    def db_check(data: Optional[Path] = typer.Option(None, "--data", help=DATA_HELP),
                 url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Validate every card file and, when the database exists, run the build on it and roll
        it back: nothing is written, and exactly what build refuses is reported (designer cards
        or decks the files no longer fit, shipped cards edited in the database). Then lists the
        cards resolved by hand on the board (files' and designer cards), each with why, and the
        cards that do nothing in play (a Curse without effects...) and those with an ability
        whose trigger never fires on their kind (`when: hits` on a monster), each with the note."""
        from .build import check

        d = _guard(lambda: check(data, url))
        typer.echo(f"ok: {plural(len(d.sets), 'set')}, {plural(len(d.cards), 'card')}, {plural(len(d.tags), 'tag')}")
        for cards, head in ((d.by_hand, "resolved by hand on the board"), (d.idle, "nothing happens in play"),
                            (d.deaf, "an ability that never runs")):
            if cards:
                typer.echo(f"{head}: {plural(len(cards), 'card')}")
                for h in cards:
                    typer.echo(f"  {h.name} ({h.set_code}{', designer card' if h.origin != 'file' else ''}): "
                               + "; ".join(h.why))

    @db.command("stats")
    def db_stats(url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Print cards per set (with copies, the automated share and the share that runs from
        data), per kind and per tag."""
        _guard(lambda: _print_stats(url))

    from . import csv_cli

    csv_cli.register(db)  # db export / db import (CSV)

    @db.command("schema")
    def db_schema(out: Optional[Path] = typer.Option(None, "--out", "-o",
                                                     help="File to write ('-' = stdout; default database/cards.schema.json)."),
                  check: bool = typer.Option(False, "--check", help="Only compare: exit 1 when the file is stale."),
                  force: bool = typer.Option(False, "--force", help="Overwrite an existing --out file.")) -> None:
        """Write the JSON Schema of card files (for editors: validation and completion). The
        default file is rewritten; an --out file that exists is refused unless --force (one
        that appears while it runs is kept: the schema goes beside it), and one not ending in
        .json is refused."""
        from .. import config
        from .files import SCHEMA_FILE, json_schema_text, write_json_schema

        if out is not None and str(out) == "-":
            typer.echo(json_schema_text(), nl=False)
            return
        target = out or config.DATABASE_DIR / SCHEMA_FILE
        if check:
            current = _guard(lambda: target.read_text(encoding="utf-8") if target.exists() else "")
            if current != json_schema_text():
                from ..cli import fail

                fail(f"{target} is not the current schema; run `munchkin-lab db schema` to refresh it")
            typer.echo(f"{target} is current")
            return
        if out is not None:
            from ..cli import guarded
            from ..fileio import check_new_file

            guarded(check_new_file)(out, force=force, suffixes=(".json",), what="db schema writes JSON")
        from ..cli import says_file_kept
        from ..fileio import FileAppearedError, appeared_note

        def write() -> None:
            with says_file_kept(target):
                written, note = target, ""
                try:  # --out without --force: the final write is exclusive (a file that appeared meanwhile is kept)
                    write_json_schema(target, exclusive=out is not None and not force)
                except FileAppearedError as exc:
                    written, note = exc.kept, appeared_note(target)
                typer.echo(f"wrote {written}{note}")

        _guard(write)

    def cards_cmd(query: Optional[List[str]] = typer.Argument(
                      None, help="Search words, e.g. kind:monster tag:undead 'level>=10' (a leading - or the word not negates)."),
                  format: Format = typer.Option(Format.table, "--format", "-f", help="table, csv or json."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Search the card database and print the matching cards."""
        from .api import cards

        text = " ".join(query or [])
        df = _guard(lambda: cards(text, url=url))
        if format == Format.json:
            typer.echo(json.dumps(_records(df), ensure_ascii=False, indent=1))
        elif format == Format.csv:
            out = df.copy()
            for c in ("tags", "aliases", "effects", "usable_by", "not_usable_by"):
                out[c] = out[c].map(lambda v: json.dumps(v, ensure_ascii=False))
            for c in ("big", "manual"):  # spelled as `db export` writes them (true/false)
                if c in out.columns:
                    out[c] = out[c].map(lambda v: "" if v is None or v != v else ("true" if v else "false"))
            typer.echo(out.to_csv(index=False), nl=False)
        else:
            if df.empty:
                typer.echo("no cards match")
            else:
                typer.echo(_table(df))
                typer.echo(plural(len(df), "card"))
        hints = df.attrs.get("hints") or []
        for h in hints:
            typer.echo(f"hint: {h}", err=format != Format.table)

    from . import designer_cli

    designer_cli.register(app, cards_cmd)  # cards (search, add, edit, delete, show) and set


def _records(df) -> list[dict]:
    import pandas as pd

    out = []
    for row in df.to_dict(orient="records"):
        out.append({k: (None if (not isinstance(v, (list, dict)) and pd.isna(v)) else
                        (int(v) if hasattr(v, "item") and not isinstance(v, bool) and isinstance(v.item(), int)
                         and not isinstance(v.item(), bool) else v))
                    for k, v in row.items()})
    return out
