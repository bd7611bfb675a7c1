"""``munchkin-lab deck ...``: build, check, read and share mixed decks from the command line.

Commands: ``new``, ``add``, ``remove``, ``show``, ``stats``, ``check``, ``export``,
``import``, ``bundle``, ``import-bundle``, ``list``, ``delete``, ``presets``. Decks live in the database (``--url`` or
``$DATABASE_URL``); ``show``/``stats``/``check`` also take a deck file path. Every error is
printed as ``Error: ...`` on stderr, never a traceback; exit codes follow
:mod:`munchkin_lab.cli`: bad input (deck, file, card, query, database) 1, a bad option 2
(``--copies 0``, ``--by nope``, a game or rules-module option with a bad name or value or given
twice: ``--option fairy_dust.fairy_level=101``), Ctrl+C 130. ``deck add``/``deck remove`` take a query
starting with ``-`` (``deck add Mix -tag:ghost``). ``new``, ``add``, ``remove``, ``import`` and
``import-bundle`` save the deck and then print its check's problems on stderr (as ``deck
check``; the exit code stays 0), so a deck ``simulate`` or ``play`` would refuse is known at once.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Optional

import typer

from ..plural import plural
from .checks import DEFAULT_PLAYERS, PLAYERS_HELP

deck_app = typer.Typer(help="Mixed decks: build, check, statistics and odds, files.", no_args_is_help=True)

URL = typer.Option(None, "--url", help="Database URL (default: $DATABASE_URL or the SQLite file).")


def _errors(fn):
    """Bad input becomes ``Error: ...`` with exit 1, Ctrl+C exit 130, a closed pipe a quiet
    exit 0 (:func:`munchkin_lab.cli.guarded`)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from ..cli import guarded

        return guarded(fn)(*args, **kwargs)

    return wrapper


def _writes(fn):
    """A command that writes the database only: a Ctrl-C before its commit says nothing was
    written and the database is as it was (:func:`munchkin_lab.cli.writes_database`; imported
    at the call, as :func:`_errors` does, since this module is imported by that one)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from ..cli import writes_database

        return writes_database(fn)(*args, **kwargs)

    return wrapper


def _copies_option(copies: Optional[int], low: int = 1) -> Optional[int]:
    """``--copies`` within ``low..MAX_COPIES`` (a usage error naming the option otherwise)."""
    from ..cli import check_range
    from .model import MAX_COPIES

    return check_range(copies, "--copies", low, MAX_COPIES)


def _get(name: str, url: Optional[str]):
    """A deck by name from the database, or from a file when ``name`` is a file path, or a
    preset written ``preset:<name>`` or bare when no saved deck has that name."""
    from .presets import find_deck

    return find_deck(name, url=url)


#: Columns printed as percentages (``52.2%``) rather than fractions.
_PERCENT_COLUMNS = ("share", "p")


def _frame(df, index: bool = True) -> str:
    """A table as text: an unknown number is ``-`` (never ``<NA>``), shares and chances are
    percentages with one decimal, other fractional numbers (a mean) have two decimals, as the
    means of the headings (``mean 1.67``)."""
    if not len(df):
        return "(none)"
    fmt = {c: (lambda v: "-" if v is None or v != v else f"{v:.1%}") for c in _PERCENT_COLUMNS if c in df.columns}
    for c in df.columns:
        if c not in fmt and df[c].dtype.kind == "f":
            fmt[c] = lambda v: "-" if v is None or v != v else f"{v:.2f}"
    plain = [c for c in df.columns if c not in fmt]
    if plain:
        df = df.copy()
        for c in plain:
            if df[c].isna().any():
                df[c] = df[c].astype(object).mask(df[c].isna(), "-")
    return df.to_string(index=index, na_rep="-", formatters=fmt)


def _check_command(deck) -> str:
    """``munchkin-lab deck check 'NAME'`` for ``deck``, with its ``--url`` when it came from one."""
    import shlex

    return f"munchkin-lab deck check {deck.name!r}" + (f" --url {shlex.quote(str(deck.url))}" if deck.url else "")


def _say_problems(deck) -> None:
    """After a deck is saved: its mix check's problems (``deck check``, the table sizes it
    checks by default) on stderr, so a deck that ``simulate`` or ``play`` would refuse is
    known at once. Saving such a deck is allowed (it may be a step of an edit); nothing is
    printed for a deck without problems. Errors are listed (at most 10 lines); warnings alone
    (advice: the deck plays) are one line counting them by rule and naming ``deck check``,
    as ``simulate`` says its warnings in one line. A check that cannot run is not this
    command's error: one line says so."""
    try:
        problems = deck.check(DEFAULT_PLAYERS, larger=True)
    except Exception as exc:  # noqa: BLE001 - the deck is saved; the check is advice
        typer.echo(f"Warning: deck {deck.name!r} saved, but its checks could not run: {exc}", err=True)
        return
    if not problems:
        return
    errors = sum(p.level == "error" for p in problems)
    if not errors:
        rules = ", ".join(dict.fromkeys(p.rule for p in problems))
        typer.echo(f"Note: deck {deck.name!r}: {plural(len(problems), 'warning')} from its checks ({rules}): "
                   f"run `{_check_command(deck)}` to see them", err=True)
        return
    head = (f"Warning: deck {deck.name!r} is saved but fails its checks (simulate and play refuse it until "
            f"fixed): {plural(errors, 'error')}, {plural(len(problems) - errors, 'warning')}")
    typer.echo(head, err=True)
    shown = sorted(problems, key=lambda p: p.level != "error")  # errors first, at most 10 lines
    for p in shown[:10]:
        typer.echo(f"  {p}", err=True)
    if len(shown) > 10:
        typer.echo(f"  ... {len(shown) - 10} more", err=True)
    typer.echo(f"  (`{_check_command(deck)}` shows them again)", err=True)


@deck_app.command("new")
@_errors
@_writes
def new(
    name: str = typer.Argument(..., help="Deck name (unique)."),
    sets: list[str] = typer.Option([], "--set", "-s", help="Add every card of this set (repeatable)."),
    preset: Optional[str] = typer.Option(None, "--preset", "-p", help="Start from a preset (see `deck presets`)."),
    description: str = typer.Option("", "--description", "-d"),
    option: list[str] = typer.Option([], "--option", "-o", help="Switch a game option on (faster_play, "
                                     "shared_victory, piles_per_set) or set a rules module's option as "
                                     "MODULE.KEY=VALUE (fairy_dust.fairy_level=12); repeatable."),
    module: list[str] = typer.Option([], "--module", "-m", help="+module forces it on, -module off."),
    replace: bool = typer.Option(False, "--replace", help="Overwrite a deck of the same name."),
    url: Optional[str] = URL,
):
    """Create a deck (empty, from sets or from a preset) and save it."""
    from .model import Deck
    from .presets import load_preset

    parsed = _typed_options(option, "'--option' / '-o'")  # a usage error before any deck is read
    deck = Deck(name, description, url=url)
    if preset:
        base = load_preset(preset, url=url)
        deck.merge(base)
        deck.description = description or base.description
    for code in sets:
        deck.add_set(code)
    if preset and sets and not description:
        from .presets import note_change_from_preset

        note_change_from_preset(deck)
    for o, v in parsed:
        deck.set_option(o, v)
    for m in module:
        deck.set_module(m.lstrip("+-"), not m.startswith("-"))
    deck.save(replace=replace)
    typer.echo(f"saved deck {deck.name!r}: {plural(deck.size, 'card')}, {plural(len(deck), 'entry', 'entries')}, "
               f"modules: {', '.join(deck.modules) or 'none'}")
    _say_problems(deck)


def _typed_options(texts: list[str], hint: str) -> list[tuple[str, object]]:
    """The options typed on the command line (``NAME``, ``NAME=VALUE``, ``MODULE.KEY=VALUE``:
    :func:`~.model.parse_option`) as ``(name, value)`` pairs, each checked as
    :meth:`Deck.set_option <munchkin_lab.decks.model.Deck.set_option>` checks it. A bad
    name, a value out of the option's range and an option given twice are usage errors
    (``typer.BadParameter``, exit 2, ``hint`` naming the command-line option), the message
    naming the option and what it takes."""
    from .catalog import DeckError
    from .model import Deck, parse_option, repeated_option

    twice = repeated_option(texts)
    if twice:
        raise typer.BadParameter(twice, param_hint=hint)
    parsed = [parse_option(t) for t in texts]
    probe = Deck("options")  # (set_option reads no card: no catalog is loaded)
    for o, v in parsed:
        try:
            probe.set_option(o, v)
        except DeckError as exc:
            raise typer.BadParameter(str(exc), param_hint=hint) from None
    return parsed


def _options_text(deck) -> str:
    """The deck's options as its ``options:`` line writes them: the game options on, then the
    rules modules' ``MODULE.KEY=VALUE``."""
    from .model import format_option_value

    return ", ".join(o if "." not in o else f"{o}={format_option_value(v)}"
                     for o, v in deck.options.items() if v or "." in o)


@deck_app.command("option")
@_errors
@_writes
def option_cmd(
    name: str = typer.Argument(..., metavar="DECK", help="Saved deck name."),
    options: list[str] = typer.Argument(..., metavar="OPTION...",
                                        help="NAME (a game option on), NAME=false (off), MODULE.KEY=VALUE (a rules "
                                             "module's option: fairy_dust.fairy_level=12), MODULE.KEY=none (back "
                                             "to the module's default)."),
    url: Optional[str] = URL,
):
    """Set game options and rules modules' options of a saved deck (kept with it: simulate,
    compare, play, the board and its exports use them)."""
    from .store import edit_deck

    parsed = _typed_options(options, "'OPTION...'")

    def change(d):
        for o, v in parsed:
            d.set_option(o, v)

    deck, _ = edit_deck(name, change, url=url)
    typer.echo(f"deck {deck.name!r}: options: {_options_text(deck) or 'none'}")
    _say_problems(deck)


@deck_app.command("add")
@_errors
@_writes
def add(
    name: str = typer.Argument(..., help="Deck name."),
    what: str = typer.Argument(..., help="Card name, alias, set:Name key, or a search query ('tag:ghost')."),
    copies: Optional[int] = typer.Option(None, "--copies", "-n",
                                         help="Copies of each card (default 1; with --whole-set: each card's "
                                              "printed copies)."),
    set_: Optional[str] = typer.Option(None, "--set", "-s", help="Only look in this set."),
    pile: Optional[str] = typer.Option(None, "--pile", help="Put the card(s) in this draw pile."),
    whole_set: bool = typer.Option(False, "--whole-set", help="WHAT is a set code: add all its cards."),
    url: Optional[str] = URL,
):
    """Add cards to a saved deck (at most 100 copies of a card, 5000 cards in all)."""
    from .store import edit_deck  # load, add, save; again from a fresh load if another edit came first

    _copies_option(copies)
    if pile is not None:
        _known_pile(pile)
    if whole_set and (pile is not None or set_ is not None):
        from ..cli import usage_error

        usage_error(f"--whole-set takes neither --pile nor --set (WHAT is the set); write "
                    f"`deck add {name!r} set:{what} --pile PILE` to put a set's cards in a pile")
    from ..cards.search import quoted_name
    from .presets import note_change_from_preset

    def change(d):
        before = {k: e.copies for k, e in d.entries.items()}
        specs = d.add_set(what, copies) if whole_set else d.add(what, 1 if copies is None else copies, set=set_, pile=pile)
        note_change_from_preset(d)
        # a search (or a whole set) that found cards the deck held already: their copies added
        # up (n -> m) unasked; a card named by itself is added to on purpose (Deck._find: a
        # name, alias or key is tried before a search)
        w = what.strip()
        named = not whole_set and len(d.catalog.matches(quoted_name(w) or w, set_)) == 1
        grown = [] if named else [(s, before[s.key], d.entries[s.key].copies) for s in specs if s.key in before]
        return specs, grown

    deck, (specs, grown) = edit_deck(name, change, url=url)
    copies_given = copies
    shown = ", ".join(f"{s.name} [{s.set}]" for s in specs[:8]) + (" ..." if len(specs) > 8 else "")
    where = f" in pile {pile!r}" if pile else ""
    copies = 1 if copies is None else copies
    if copies == 1:
        typer.echo(f"added {plural(len(specs), 'card')}{where}: {shown}; deck now {plural(deck.size, 'card')}")
    elif len(specs) == 1:
        typer.echo(f"added {plural(copies, 'copy', 'copies')} of {shown}{where}; deck now {plural(deck.size, 'card')}")
    else:
        typer.echo(f"added {plural(copies, 'copy', 'copies')} each of {plural(len(specs), 'card')}{where}: {shown}; "
                   f"deck now {plural(deck.size, 'card')}")
    if grown:
        _say_grown(grown, name)
    if copies_given is None and not whole_set:
        _say_printed(deck, specs, name)
    _say_problems(deck)


def _say_grown(grown, name: str) -> None:
    """After ``deck add`` of a search or a whole set: the cards the deck held already, whose
    copies went up (``Snow Ghost [scooby_doo] 1 -> 2``), and how to take the extra copies
    back (a card named by itself is added to on purpose: no note)."""
    shown = ", ".join(f"{s.name} [{s.set}] {was} -> {now}" for s, was, now in grown[:8]) + (
        f" and {len(grown) - 8} more" if len(grown) > 8 else "")
    how = (f"`deck remove {name!r} {grown[0][0].key!r} --copies {grown[0][2] - grown[0][1]}`" if len(grown) == 1
           else "`deck remove DECK CARD --copies N`")
    typer.echo(f"note: {plural(len(grown), 'card was', 'cards were')} in the deck already, now with more copies: "
               f"{shown} ({how} takes the extra copies out)")


def _say_printed(deck, specs, name: str) -> None:
    """After ``deck add`` without ``--copies``: for each card added whose set prints it
    several times (Fairy Dust: 15), a note that 1 copy was added and how to add them all; not
    for a designer set nor a set whose copies are unknown (``deck check``'s printed-copies)."""
    from .checks import COPIES_UNKNOWN_SETS

    cat = deck.catalog
    several = []
    for s in specs:
        info = cat.sets.get(s.set)
        printed = cat.printed_copies(s.key)
        if (printed is None or printed <= 1 or s.key in cat.designer or s.set in COPIES_UNKNOWN_SETS
                or (info is not None and info.origin == "designer")):
            continue
        several.append((s, printed))
    if len(several) == 1:
        s, printed = several[0]
        typer.echo(f"note: added 1 copy of {s.name} [{s.set}]; the set prints {printed}: "
                   f"`deck add {name!r} {s.key!r} --copies {printed}` adds them all")
    elif several:
        shown = ", ".join(f"{s.name} [{s.set}] x{n}" for s, n in several[:5]) + (" ..." if len(several) > 5 else "")
        typer.echo(f"note: added 1 copy each of {plural(len(several), 'card')} their sets print several times "
                   f"({shown}): --copies N sets the copies, --whole-set adds a whole set in its printed copies")


def _known_pile(pile: str) -> None:
    """Refuse (usage error, exit 2) a ``--pile`` that is no draw pile of any game, with the
    closest name: a deck holding it could not be played (``deck check``'s ``unknown-pile``)."""
    from ..suggest import close_matches

    from ..cli import usage_error
    from .model import PILES

    if pile not in PILES:
        close = close_matches(pile, PILES, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        usage_error(f"--pile {pile!r} is not a draw pile; {hint}piles: {', '.join(PILES)}")


@deck_app.command("remove")
@_errors
@_writes
def remove(
    name: str = typer.Argument(...),
    what: str = typer.Argument(..., help="Card name, alias, key or search query."),
    copies: Optional[int] = typer.Option(None, "--copies", "-n", help="Copies to remove (default: all)."),
    set_: Optional[str] = typer.Option(None, "--set", "-s"),
    url: Optional[str] = URL,
):
    """Remove cards from a saved deck."""
    from .store import edit_deck  # load, remove, save; again from a fresh load if another edit came first

    _copies_option(copies)

    from .presets import note_change_from_preset

    def change(d):
        before = {k: e.copies for k, e in d.entries.items()}
        keys = d.remove(what, copies, set=set_)
        note_change_from_preset(d)
        return [(k, before[k] - d.copies(k), d.copies(k)) for k in keys]

    deck, gone = edit_deck(name, change, url=url)
    parts = []
    for key, n, left in gone:
        s = deck.catalog.spec(key) if key in deck.catalog else None
        label = f"{s.name} [{s.set}]" if s is not None else key
        parts.append(f"{plural(n, 'copy', 'copies')} of {label}" + (f" ({left} left)" if left else ""))
    shown = ", ".join(parts[:8]) + (" ..." if len(parts) > 8 else "")
    typer.echo(f"removed {shown}; deck now {plural(deck.size, 'card')}")
    _say_problems(deck)


@deck_app.command("show")
@_errors
def show(
    name: str = typer.Argument(..., help="Deck name, deck file path, or preset (preset:<name>, or bare when no saved deck has the name)."),
    fmt: str = typer.Option("table", "--format", "-f", help="table | text | yaml"),
    url: Optional[str] = URL,
):
    """Show a deck's cards, modules and options."""
    from .stats import cards_frame

    if fmt not in ("table", "text", "yaml"):
        from ..cli import usage_error

        usage_error(f"--format must be table, text or yaml, not {fmt!r}")
    deck = _get(name, url)
    if fmt == "text":
        typer.echo(deck.to_text(), nl=False)
        return
    if fmt == "yaml":
        typer.echo(deck.to_yaml(), nl=False)
        return
    if fmt != "table":
        from ..cli import usage_error

        usage_error(f"--format must be table, text or yaml, not {fmt!r}")
    typer.echo(f"{deck.name}: {plural(deck.size, 'card')}, {plural(len(deck), 'entry', 'entries')}")
    if deck.description:
        typer.echo(deck.description)
    typer.echo(f"modules: {', '.join(deck.modules) or 'none'}")
    typer.echo(f"options: {_options_text(deck) or 'none'}")
    df = cards_frame(deck)[["set", "name", "kind", "deck", "copies", "level", "bonus", "gold"]]
    typer.echo(_frame(df, index=False))


@deck_app.command("stats")
@_errors
def stats_cmd(
    name: str = typer.Argument(..., help="Deck name, deck file path, or preset (preset:<name>, or bare when no saved deck has the name)."),
    by: list[str] = typer.Option(["deck", "kind", "set", "tag"], "--by", help="deck | kind | set | tag (repeatable)."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
                                          help="The draw odds count the opening hands of this many players, dealt "
                                               "before the first kick: " + PLAYERS_HELP
                                               + f" (default: {DEFAULT_PLAYERS}, as `play` and `deck check`)."),
    url: Optional[str] = URL,
):
    """Counts, monster curve, bonus/gold distributions, joinable tag groups and draw odds
    (a Solar Storm deck: counts and its ship rooms). The Door cards kicked open are those the
    opening hands leave; piles too small to deal them are said (as `deck check` does)."""
    from . import stats

    bad = [b for b in by if b not in ("deck", "kind", "set", "tag")]
    if bad:
        from ..cli import usage_error

        usage_error(f"--by must be deck, kind, set or tag, not {bad[0]!r}")
    deck = _get(name, url)
    if players is not None:
        from .checks import seats_problem

        munchkin = [s for s, _ in deck.specs() if s.deck != "ship_room" and s.kind != "ship_room"]
        problem = seats_problem(players, stats.is_solar_storm(deck), sets=[s.set for s in munchkin])
        if problem is not None:
            from ..cli import usage_error

            usage_error(problem)
    table = DEFAULT_PLAYERS if players is None else players
    typer.echo(f"{deck.name}: {plural(deck.size, 'card')}")
    for b in by:
        typer.echo(f"\n-- cards by {b}")
        typer.echo(_frame(stats.counts(deck, b)))
    if stats.is_solar_storm(deck):  # no monsters, Treasures, Gold or Doors: the ship instead
        rooms = stats.ship_rooms(deck)
        missing = rooms.attrs["missing"]
        typer.echo("\n-- ship rooms" + (f" (missing for the set-up: {', '.join(missing)})" if missing else
                                        " (all eight rooms around the Energy Core)"))
        typer.echo(_frame(rooms))
        typer.echo("\nThe Munchkin statistics (monster level curve, Treasures, combat bonus, Gold, Kick Down "
                   "the Door, draw odds) are for Munchkin decks: a Solar Storm deck has none of those cards.")
        return
    curve = stats.level_curve(deck)
    unknown = curve.attrs["unknown_level"]
    typer.echo("\n-- monster level curve" + (
        f" ({plural(unknown, 'monster')} left out: Level unknown, null in the set file; the "
        "simulation plays such a monster at Level 0)" if unknown else ""))
    typer.echo(_frame(curve))
    t = stats.treasures_per_monster(deck)
    mean = t.attrs["mean"]
    typer.echo(f"\n-- Treasures per monster ({'no monsters' if mean != mean else f'mean {mean:.2f}'})")
    typer.echo(_frame(t))
    typer.echo("\n-- combat bonus (items, one-shots)")
    typer.echo(_frame(stats.bonus_distribution(deck)))
    g = stats.gold_distribution(deck)
    typer.echo(f"\n-- Gold values (total {g.attrs['total']} Gold Pieces)")
    typer.echo(_frame(g))
    typer.echo("\n-- joinable tag groups")
    typer.echo(_frame(stats.tag_groups(deck)))
    short = stats.deal_shortfall(deck, table)
    typer.echo(f"\n-- Kick Down the Door (after the opening hands of {plural(table, 'player')})")
    for line in short:  # the odds below are those of the cards the hands leave
        typer.echo(f"too small: {line} (deck check: opening-hands)")
    typer.echo(_frame(stats.kick_odds(deck, players=table)))
    if deck.options.get("piles_per_set"):
        typer.echo("\n-- Kick Down the Door, one Door pile per set (the top card of each pile)")
        typer.echo(_frame(stats.kick_odds_by_set(deck)))
    typer.echo("\n-- odds")
    typer.echo(_frame(stats.odds_table(deck, players=table), index=False))


@deck_app.command("check")
@_errors
def check(
    name: str = typer.Argument(..., help="Deck name, deck file path, or preset (preset:<name>, or bare when no saved deck has the name)."),
    strict: bool = typer.Option(False, "--strict", help="Exit 1 on warnings too."),
    players: Optional[int] = typer.Option(None, "--players", "-p",
                                          help="Check the piles for this many players: " + PLAYERS_HELP
                                               + f" (default: {DEFAULT_PLAYERS}, as `play`, with a warning when the "
                                                 "piles serve fewer than 6)."),
    url: Optional[str] = URL,
):
    """Check the mix (and whether it can be played); exit 1 when there is an error (or a
    warning with --strict)."""
    deck = _get(name, url)  # the table sizes depend on the deck's game (checks.seats_problem)
    try:
        problems = deck.check(DEFAULT_PLAYERS if players is None else players, larger=players is None)
    except ValueError as exc:
        if str(exc).startswith("players:"):
            from ..cli import usage_error

            usage_error("--" + str(exc))
        raise
    for note in getattr(deck, "notes", ()):
        typer.echo(f"note: {note}")
    if not problems:
        typer.echo(f"{deck.name}: no problems")
        return
    for p in problems:
        typer.echo(str(p))
    errors = sum(p.level == "error" for p in problems)
    typer.echo(f"{deck.name}: {plural(errors, 'error')}, {plural(len(problems) - errors, 'warning')}")
    if errors or strict:
        raise typer.Exit(1)


def _format(fmt: Optional[str], path: str) -> bool:
    """True for YAML: ``--format`` when given, else from the file extension."""
    from .catalog import DeckError
    from .files import is_yaml_path

    if fmt is None:
        return path != "-" and is_yaml_path(path)
    f = fmt.lower()
    if f not in ("text", "yaml", "yml"):
        raise DeckError(f"--format must be text or yaml, not {fmt!r}")
    return f != "text"


@deck_app.command("export")
@_errors
def export(
    name: str = typer.Argument(..., help="Deck name, preset name (or file / preset:<name>)."),
    path: str = typer.Argument("-", help="Output file (.yaml/.yml = YAML, else text); '-' = stdout."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="text | yaml (default: from the file name)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    url: Optional[str] = URL,
):
    """Write a deck to a file (text or YAML). Refuses to overwrite a file (unless --force)
    and to create folders."""
    from ..fileio import check_new_file
    from .catalog import DeckError
    from .files import check_deck_suffix

    yaml_out = _format(fmt, path)  # --format wins over the name (and `deck import --format` reads it back)
    if fmt is None and path != "-":
        check_deck_suffix(path, "choose another name, or --format text / --format yaml to write it anyway")
    out = None
    if path != "-":
        out = check_new_file(path, force=force)
    from ..cli import says_file_kept

    import contextlib

    with says_file_kept(path) if out is not None else contextlib.nullcontext():
        deck = _get(name, url)
        text = deck.to_yaml() if yaml_out else deck.to_text()
        if out is None:
            sys.stdout.write(text)
        else:
            from ..fileio import FileAppearedError, appeared_note, atomic_write_text

            written, note = path, ""
            try:  # written aside and renamed: --force never truncates the old file first; without
                # --force the name is taken only while free (a file that appeared meanwhile is kept)
                atomic_write_text(out, text, exclusive=not force)
            except FileAppearedError as exc:
                written, note = exc.kept, appeared_note(path)
            except OSError as exc:
                raise DeckError(f"cannot write {path!r}: {exc.strerror or exc}; the previous file (if any) is kept") from None
            typer.echo(f"wrote {written} ({'YAML' if yaml_out else 'text'})" + note)


@deck_app.command("import")
@_errors
@_writes
def import_(
    path: str = typer.Argument(..., help="Deck file (.yaml/.yml = YAML, else text)."),
    name: Optional[str] = typer.Option(None, "--name", help="Deck name (default: the file's name: line or stem)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="text | yaml (default: from the file name)."),
    replace: bool = typer.Option(False, "--replace", help="Overwrite a deck of the same name."),
    url: Optional[str] = URL,
):
    """Read a deck file and save it; on any error the database keeps the previous deck."""
    from .files import read_deck

    deck = read_deck(path, url=url, fmt=None if fmt is None else ("yaml" if _format(fmt, path) else "text"))
    if name:
        from .model import check_deck_name

        deck.name = check_deck_name(name)
    deck.save(url=url, replace=replace)
    typer.echo(f"imported deck {deck.name!r}: {plural(deck.size, 'card')}, modules: {', '.join(deck.modules) or 'none'}")
    if not deck.size:
        typer.echo(f"Warning: {path} holds no cards: deck {deck.name!r} is empty and cannot be played", err=True)
    else:
        _say_problems(deck)


@deck_app.command("bundle")
@_errors
def bundle(
    name: str = typer.Argument(..., help="Deck name (or file / preset:<name>)."),
    path: Path = typer.Argument(..., help="Bundle file to write (YAML)."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
    url: Optional[str] = URL,
):
    """Write one file holding the deck and the designer sets (with their cards) it uses, with the designer sets
    those require and those holding a card their cards name (a designer Race or Class)."""
    from ..fileio import FileAppearedError, appeared_note, check_new_file
    from .bundle import BUNDLE_SUFFIXES, BUNDLE_WHAT, export_bundle, read_bundle

    from ..cli import says_file_kept

    check_new_file(path, force=force, suffixes=BUNDLE_SUFFIXES, what=BUNDLE_WHAT)
    with says_file_kept(path):
        written, note = path, ""
        try:  # without --force the final write is exclusive: a file that appeared meanwhile is kept
            export_bundle(name, path, url=url, overwrite=force)
        except FileAppearedError as exc:
            written, note = exc.kept, appeared_note(path)
        data = read_bundle(written)
        sets = [s["set"]["code"] for s in data["sets"]]
        typer.echo(f"wrote {written}: deck {data['deck']['name']!r}"
                   + (f" with designer set(s) {', '.join(sets)}" if sets else " (no designer cards)") + note)


@deck_app.command("import-bundle")
@_errors
def import_bundle_cmd(
    path: Path = typer.Argument(..., help="A bundle written by `deck bundle`."),
    name: Optional[str] = typer.Option(None, "--name", "--as", help="Save the deck under this name (as deck import "
                                                                     "--name; --as is the same)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Check everything, write nothing."),
    set_code: list[str] = typer.Option([], "--set-code", metavar="OLD=NEW",
                                       help="Bring the bundle's designer set OLD in under the code NEW (a set here "
                                            "has OLD already); the deck then uses NEW. Repeatable."),
    url: Optional[str] = URL,
):
    """Recreate a bundle's designer sets and deck here (refused, with the reason, on any clash)."""
    from ..cli import says_kept
    from .bundle import BundleError, import_bundle, parse_set_codes

    try:
        codes = parse_set_codes(set_code)
    except BundleError as exc:
        from ..cli import usage_error

        usage_error(str(exc))
    with says_kept(f"nothing imported from {path}; the database is as it was"):  # as set import says it
        done = import_bundle(path, url=url, name=name, dry_run=dry_run, set_codes=codes)
        typer.echo(done.summary())
    if not dry_run:
        _say_problems(_get(done.deck, url))


@deck_app.command("list")
@_errors
def list_(url: Optional[str] = URL):
    """List saved decks."""
    from .store import list_decks

    df = list_decks(url)
    typer.echo(_frame(df[["name", "cards", "entries", "modules", "description"]], index=False))


def _interactive() -> bool:
    """True when stdin is a terminal (:func:`munchkin_lab.cli.interactive`)."""
    from ..cli import interactive

    return interactive()


@deck_app.command("delete")
@_errors
@_writes
def delete(name: str = typer.Argument(...),
           yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask first (needed when stdin is not a terminal)."),
           url: Optional[str] = URL):
    """Delete a saved deck (asks first unless --yes; without a terminal, refused unless --yes)."""
    from ..cli import fail
    from .store import delete_deck, load_deck

    if not yes:
        deck = load_deck(name, url)  # an unknown deck is an error before any question
        if not _interactive():
            fail(f"not deleting deck {name!r}: no terminal to confirm on; pass --yes to delete it")
        if not typer.confirm(f"Delete deck {name!r} ({plural(deck.size, 'card')})? It cannot be undone",
                             default=False):
            typer.echo("nothing deleted")
            raise typer.Exit(0)  # the user's choice, not bad input (README, exit codes)
    delete_deck(name, url)
    typer.echo(f"deleted deck {name!r}")


@deck_app.command("rename")
@_errors
@_writes
def rename(old: str = typer.Argument(..., help="The saved deck's name (its exact name wins, spaces included)."),
           new: str = typer.Argument(..., help="Its new name (single-spaced, as every new name)."),
           url: Optional[str] = URL):
    """Rename a saved deck (also one an older version saved with extra spaces in its name)."""
    from .store import rename_deck

    stored = rename_deck(old, new, url)
    typer.echo(f"renamed deck {old!r} to {stored!r}")


@deck_app.command("presets")
@_errors
def presets():
    """List the preset decks shipped in database/presets/."""
    from .presets import list_presets, preset_path

    for n in list_presets():
        typer.echo(f"{n}\t{preset_path(n)}")


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root ``munchkin-lab`` app (``munchkin-lab deck ...``);
    ``add`` and ``remove`` take queries starting with ``-`` (``DashArgsCommand``)."""
    from ..cli import DashArgsCommand

    for info in deck_app.registered_commands:
        if info.name in ("add", "remove"):
            info.cls = DashArgsCommand
    app.add_typer(deck_app, name="deck")
