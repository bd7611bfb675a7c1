"""Command line of designer sets and cards (registered by :mod:`munchkin_lab.cards.cli`).

``munchkin-lab cards QUERY...`` searches (as before); ``cards add|edit|delete|show`` write and
read designer cards (:mod:`munchkin_lab.cards.designer`); ``munchkin-lab set
new|list|export|import|delete`` handle designer sets. A card is given as YAML or JSON on the
command line (``'{name: Sea Ghost, kind: monster, deck: door, level: 4}'``) or in a file
(``--file card.yaml``; a file may hold one card or a list of cards). Errors are one
``Error: ...`` line naming the card and the field, exit code 1 (:mod:`munchkin_lab.cli`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, List, Mapping, Optional

import typer
from typer.core import TyperGroup

URL_HELP = "SQLAlchemy database URL (default: $DATABASE_URL or database/munchkin-lab.sqlite)."
CARD_HELP = "The card as YAML or JSON, e.g. '{name: Sea Ghost, kind: monster, deck: door, level: 4}'."


class CardsGroup(TyperGroup):
    """``munchkin-lab cards``: a group whose default command is the search, so that
    ``cards kind:monster``, ``cards -kind:monster`` and ``cards --format csv`` search as
    always, while ``cards add|edit|delete|show`` are subcommands. (To search for a card
    named like a subcommand, quote it as a name: ``cards name:add``.)"""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["search", *args]
        elif args[0] == "-h":
            args = ["--help"]
        return super().parse_args(ctx, args)


def _card_source(text: Optional[str], file: Optional[Path], what: str = "card") -> Any:
    """The data of ``text`` or of ``file`` (YAML/JSON, read safely)."""
    return _card_doc(text, file, what).data


def _card_doc(text: Optional[str], file: Optional[Path], what: str = "card"):
    """``text`` or ``file`` (YAML/JSON, read safely) as a
    :class:`~munchkin_lab.cards.files.YamlDoc` (data and lines)."""
    from .. import safe_yaml
    from .designer import DesignerCardError
    from .files import YamlDoc

    if (text is None) == (file is None):  # a usage error (exit 2): the arguments, not the card, are wrong
        exc = DesignerCardError(f"give the {what} either as text (YAML or JSON) or with --file, not "
                                f"{'both' if text is not None else 'neither'}")
        exc.usage = True
        raise exc
    source = str(file) if file is not None else "<command line>"
    try:
        doc = safe_yaml.read_yaml_file(file, source) if file is not None else safe_yaml.read_yaml_text(text, source)
    except safe_yaml.YamlFileError as exc:
        raise DesignerCardError([f"{p.where(source)}: {p.message}" for p in exc.problems]) from None
    if file is None and not isinstance(doc.data, dict) and what == "card" and not isinstance(doc.data, list):
        raise DesignerCardError(f"{source}: a card is a mapping of fields, e.g. "
                                "{name: Sea Ghost, kind: monster, deck: door, level: 4}")
    return YamlDoc(Path(source), doc.data, doc.node, source)


def _cards_of(data: Any, source: str) -> tuple[list[dict], tuple]:
    """(the cards, where their list lies in the document: ``()`` for a top-level list,
    ``("cards",)`` for a ``cards:`` key, ``None`` for a single card: the document itself)."""
    from .designer import DesignerCardError

    if isinstance(data, dict) and isinstance(data.get("set"), dict) and "name" not in data:
        # a whole set file: its header and declared tags would be dropped without a word
        code = data["set"].get("code")
        raise DesignerCardError(f"{source}: this is a set file (code {code!r}): cards add takes a card or a list of "
                                "cards, and would drop the set's header and declared tags; use "
                                f"`munchkin-lab set import {source}` (or copy its cards into a list of their own)")
    if isinstance(data, dict) and "cards" in data and isinstance(data["cards"], list) and "name" not in data:
        data, at = data["cards"], ("cards",)
    else:
        at = ()
    if isinstance(data, dict):
        return [data], None
    if isinstance(data, list) and data:
        return data, at
    raise DesignerCardError(f"{source}: expected a card (a mapping with name, kind, deck, ...) or a list of cards")


def tell_newer(newer: list[str], updated: list[str], since: str,
               changes: Mapping[str, list[str]] | None = None) -> None:
    """Print, before an import asks (``set import``, ``db import``), the cards edited in the
    database ``since`` the file's export, whose edits it would undo, and the other cards it
    changes to the file's values; each with the fields that change when ``changes`` (per
    card, :func:`munchkin_lab.cards.designer.card_changes`) knows them, as the API's refusal
    words it (:func:`munchkin_lab.cards.designer.changed_cards`)."""
    from ..plural import plural
    from .designer import changed_cards

    if newer:
        typer.echo(f"{plural(len(newer), 'card')} {'were' if len(newer) != 1 else 'was'} edited in the database "
                   f"{since} and will lose those edits: {changed_cards(newer, changes, quote=False)}")
    others = [n for n in updated if n not in newer]
    if others:
        typer.echo(f"{plural(len(others), 'card')} will be changed to the file's values (the file's "
                   f"own edits: not edited here since): {changed_cards(others, changes, quote=False)}")


def register(app: typer.Typer, search_command) -> None:
    """Add ``cards`` (search + add/edit/delete/show) and ``set`` to the root app.

    Args:
        search_command: the search function of ``munchkin-lab cards QUERY...`` (registered
            as the group's default command ``search``).
    """
    from ..cli import DashArgsCommand, guarded, writes_database

    cards_app = typer.Typer(cls=CardsGroup, help=(
        "Search the card database (munchkin-lab cards QUERY...), or add, edit, delete and show designer "
        "cards (munchkin-lab cards add SET CARD)."), no_args_is_help=False)
    app.add_typer(cards_app, name="cards")
    cards_app.command("search", cls=DashArgsCommand,
                      help="Search the card database and print the matching cards (the default: "
                           "munchkin-lab cards QUERY...).")(search_command)

    def _version(version: Optional[int]) -> Optional[int]:
        """``--version`` within 1..MAX_ROW_VERSION (a usage error, exit 2, naming the range)."""
        from ..cli import check_range
        from .models import MAX_ROW_VERSION

        return check_range(version, "--version", 1, MAX_ROW_VERSION)

    def echo_saved(verb: str, saved) -> None:
        if getattr(saved, "unchanged", False):
            verb = "unchanged"
        typer.echo(f"{verb} {saved.key} (version {saved.row_version}"
                   f"{', resolved by hand on the board' if saved.manual else ''})")
        for note in saved.notes:
            typer.echo(f"note: {note}")

    @cards_app.command("add")
    @guarded
    @writes_database
    def cards_add(set_code: str = typer.Argument(..., metavar="SET", help="A designer set (munchkin-lab set new)."),
                  card: Optional[str] = typer.Argument(None, help=CARD_HELP),
                  file: Optional[Path] = typer.Option(None, "--file", "-f", help="A YAML/JSON file: one card or a list."),
                  url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Add designer card(s) to a designer set (every field of the set-file format). A
        list is all or nothing: every card is checked first (problems name the file's line),
        then all are written in one transaction."""
        from .designer import add_cards

        source = str(file) if file else "<command line>"
        doc = _card_doc(card, file)
        cards, at = _cards_of(doc.data, source)
        for saved in add_cards(cards, set_code, url=url, doc=doc, at=at):
            echo_saved("added", saved)

    @cards_app.command("edit")
    @guarded
    @writes_database
    def cards_edit(name: str = typer.Argument(..., help="The designer card's name."),
                   changes: Optional[str] = typer.Argument(None, help="Fields to change as YAML or JSON, e.g. '{level: 6}' "
                                                                      "(null: back to the default)."),
                   file: Optional[Path] = typer.Option(None, "--file", "-f", help="A YAML/JSON file with the fields."),
                   set_code: Optional[str] = typer.Option(None, "--set", help="The card's set (when several hold the name)."),
                   version: Optional[int] = typer.Option(None, "--version",
                                                         help="Refuse when the card is no longer at this row_version."),
                   url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Change fields of a designer card (name, set, numbers, tags, aliases, effects...)."""
        from .designer import DesignerCardError, edit_card

        data = _card_source(changes, file, "changes")
        if not isinstance(data, dict):
            raise DesignerCardError("the changes are a mapping of fields, e.g. '{level: 6, tags: [Ghost]}'")
        echo_saved("updated", edit_card(name, set_code, data, row_version=_version(version), url=url))

    @cards_app.command("delete")
    @guarded
    @writes_database
    def cards_delete(name: str = typer.Argument(..., help="The designer card's name."),
                     set_code: Optional[str] = typer.Option(None, "--set", help="The card's set."),
                     version: Optional[int] = typer.Option(None, "--version",
                                                           help="Refuse when the card is no longer at this row_version."),
                     url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Delete a designer card (refused while a saved deck holds it)."""
        from .designer import delete_card

        typer.echo(f"deleted {delete_card(name, set_code, row_version=_version(version), url=url)}")

    @cards_app.command("show")
    @guarded
    def cards_show(name: str = typer.Argument(..., help="A card's name."),
                   set_code: Optional[str] = typer.Option(None, "--set", help="The card's set."),
                   url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Print a card as YAML in the set-file form (with its set and row_version as comments)."""
        from .designer import card_yaml, get_card

        c = get_card(name, set_code, url=url)
        typer.echo(f"# set: {c['set']}  origin: {c['origin']}  row_version: {c['row_version']}")
        typer.echo(card_yaml(c), nl=False)

    set_app = typer.Typer(help="Designer sets: new, list, export, import, delete.", no_args_is_help=True)
    app.add_typer(set_app, name="set")

    @set_app.command("new")
    @guarded
    @writes_database
    def set_new(code: str = typer.Argument(..., help="Lower-case code: letters, digits, _ (e.g. my_fan)."),
                name: str = typer.Argument(..., help="Display name."),
                family: Optional[str] = typer.Option(None, "--family", help="Game family: munchkin or solar_storm "
                                                     "(default: that of the --requires sets, else munchkin)."),
                requires: List[str] = typer.Option([], "--requires", help="A set it needs (repeat for several)."),
                notes: Optional[str] = typer.Option(None, "--notes", help="Free text."),
                url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Create an empty designer set; new designer cards go there."""
        from .designer import create_set

        s = create_set(code, name, family, requires=requires, notes=notes, url=url)
        typer.echo(f"created designer set {s['code']} ({s['name']}, {s['family']})")

    @set_app.command("list")
    @guarded
    def set_list(url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Every set: shipped (file) and designer sets, with their card counts."""
        from .designer import list_sets

        typer.echo(list_sets(url).to_string(index=False))

    @set_app.command("export")
    @guarded
    def set_export(code: str = typer.Argument(..., help="The set's code."),
                   path: Path = typer.Argument(..., help="YAML file to write ('-' = stdout)."),
                   force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
                   url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Write a set as a set file (the format of database/sets/*.yaml), atomically."""
        from .designer import SET_FILE_WHAT, SET_SUFFIXES, DesignerCardError, export_set

        if str(path) == "-":
            typer.echo(export_set(code, url=url), nl=False)
            return
        from ..fileio import check_new_file
        from .designer import refuse_shipped_folder

        refuse_shipped_folder(path)
        check_new_file(path, force=force, suffixes=SET_SUFFIXES, what=SET_FILE_WHAT)
        from ..plural import plural
        from .designer import read_set_text

        from ..cli import says_file_kept
        from ..fileio import FileAppearedError, appeared_note

        with says_file_kept(path):
            written, note = path, ""
            try:  # without --force the final write is exclusive: a file that appeared meanwhile is kept
                text = export_set(code, path, url=url, overwrite=force)
            except FileAppearedError as exc:
                text, written, note = exc.result, exc.kept, appeared_note(path)
            typer.echo(f"wrote {written} ({plural(len(read_set_text(text, str(written)).cards), 'card')})" + note)

    @set_app.command("import")
    @guarded
    def set_import(path: Path = typer.Argument(..., help="A designer set file (as written by set export), or a deck "
                                                         "bundle (deck bundle) to take its designer set from."),
                   bundle_set: Optional[str] = typer.Option(None, "--set", help="The bundle's set to import (when "
                                                            "the bundle holds several)."),
                   dry_run: bool = typer.Option(False, "--dry-run", help="Only show what would change."),
                   yes: bool = typer.Option(False, "--yes", "-y",
                                            help="Do not ask before removing the set's cards the file lacks or undoing later edits."),
                   url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Create or update a designer set from its file (cards added, updated, removed).

        Cards of the set that the file lacks are removed, and cards edited in the database after
        the file was exported are set back, only after the command lists them (and the other
        cards the file changes) and asks; without a terminal, refused unless --yes.
        """
        from .designer import import_set

        from ..cli import exit_interrupted

        try:
            preview = import_set(path, url=url, dry_run=True, bundle_set=bundle_set)
        except KeyboardInterrupt:
            raise exit_interrupted(f"Interrupted: nothing imported from {path}; the set is as it was.") from None
        if dry_run:
            typer.echo(preview.summary())
            return
        gone, newer = preview.names["removed"], preview.newer
        # the set's own name and description (notes) are what tell it apart: a file that
        # renames an existing set (another designer's set that shares the code) is asked about
        renamed = [] if preview.created else preview.renamed
        if gone or newer or renamed:
            from ..plural import listed, plural

            def shown(names: list[str]) -> str:
                return listed(names, 20)

            if renamed:
                typer.echo(f"the header of set {preview.code} will change: {', '.join(renamed)}")
            if gone:
                typer.echo(f"{plural(len(gone), 'card')} of set {preview.code} {'are' if len(gone) != 1 else 'is'} "
                           f"not in {path} and will be removed: {shown(gone)}")
            tell_newer(newer, preview.names["updated"], preview.since, preview.changes)
            if not yes:
                from ..cli import confirm

                what = " and ".join((["rename the set"] if renamed else []) + (["remove those cards"] if gone else [])
                                    + (["undo those edits"] if newer else []))
                if not confirm(f"Import the file and {what}?", f"nothing imported from {path}"):
                    # the user's choice, not bad input: exit 0 (README, exit codes)
                    typer.echo("nothing imported (export the set again to edit its current cards)")
                    raise typer.Exit(0)
        elif preview.names["updated"]:
            # nothing to ask (no card edited here since it arrived): still say what changes
            tell_newer([], preview.names["updated"], preview.since, preview.changes)
        from .. import config

        # Ctrl-C: before the commit the import is rolled back (nothing changed); during or after
        # it the import is saved (config.CommittedInterrupt): say which, never just "Interrupted."
        result = None
        try:
            result = import_set(path, url=url, remove_missing=bool(gone), expect_removed=gone,
                                overwrite_newer=bool(newer), expect_newer=newer, rename=bool(renamed),
                                bundle_set=bundle_set)
            typer.echo(result.summary())
        except config.CommittedInterrupt as exc:
            typer.echo(exc.result.summary() if exc.result is not None else "")
            raise exit_interrupted(f"Interrupted: the import of {path} was saved (above).") from None
        except KeyboardInterrupt:
            if result is not None:
                raise exit_interrupted(f"Interrupted: the import of {path} was saved: {result.summary()}") from None
            from .. import saved

            if saved.so_far():  # committed (noted at the commit), the result not yet back: saved all the same
                raise exit_interrupted(f"Interrupted: the import of {path} was saved.") from None
            raise exit_interrupted(f"Interrupted: nothing imported from {path}; the set is as it was.") from None

    @set_app.command("delete")
    @guarded
    @writes_database
    def set_delete(code: str = typer.Argument(..., help="The designer set's code."),
                   yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask first."),
                   url: Optional[str] = typer.Option(None, "--url", help=URL_HELP)) -> None:
        """Delete a designer set and its cards (refused while a saved deck holds one)."""
        from ..plural import plural
        from .designer import check_delete_set, delete_set

        n = check_delete_set(code, url=url)  # a refusal (decks hold its cards, ...) before the question
        if not yes:
            from ..cli import confirm

            if not confirm(f"Delete designer set {code} and its {plural(n, 'card')}?",
                           f"not deleting designer set {code}"):
                typer.echo("nothing deleted")
                raise typer.Exit(0)  # the user's choice, not bad input (README, exit codes)
        n = delete_set(code, url=url)
        typer.echo(f"deleted designer set {code} ({plural(n, 'card')})")
