"""Deck files: a plain text format written by hand, and a YAML form.

Text format (grammar in ``deckfile.lark``, parsed with lark)::

    # Spooky mix: base game plus Scooby-Doo Dungeons
    name: Spooky mix
    description: base + Scooby-Doo Dungeons + Fairy Dust
    modules: +fairy_dust, -rooms        # force rules modules on (+) or off (-)
    options: faster_play, piles_per_set # game options switched on

    3 Potted Plant [munchkin]           # copies, card name or alias, optional [set]
    [scooby_doo]                        # a set section: applies to the lines below
    1 Snow Ghost
    2 Creepy Cemetery Entrance @door_top  # optional @pile
    * [fairy_dust]                      # every card of a set, with its printed copies

Rules: a line is a header, a set section or an entry; ``#`` starts a comment anywhere, so
descriptions cannot hold ``#``; a card name holding ``#``, ``[``, ``]`` or ``@`` is written
in quotes (``2 "Sword #2" [my_fan]``, or ``'...'`` when the name holds ``"``), as ``deck add``
takes one; an unquoted line reads as it always did. Header lines come before the cards. Copies are
whole numbers >= 1 (``3x`` is read as 3). The same card on two lines adds up.

YAML form::

    name: Spooky mix
    description: ...
    modules: {fairy_dust: true}
    options: {faster_play: true, shared_victory: false, piles_per_set: false}
    cards:
      - {name: Potted Plant, set: munchkin, copies: 3}
      - {name: Snow Ghost, set: scooby_doo, copies: 1, pile: door_top}

Both exports name every card with its set, so ``export -> import`` gives back an equal deck
(:meth:`Deck.__eq__`) and the same text. Errors: every bad line of a file is reported at
once in a :class:`DeckFileError` (line number, message, closest names via difflib); a file
that is not UTF-8 text fails with the line of the first bad byte.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

import yaml
from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import safe_yaml
from ..suggest import close_matches
from .catalog import Catalog, DeckError, default_catalog, label
from .model import (DEFAULT_OPTIONS, MAX_CARDS, MAX_COPIES, MODULES, Deck, Entry, _module_of_option, check_deck_name,
                    check_pile, format_option_value, parse_option, repeated_option)

#: Largest deck file read (bytes); a deck of every supported card is about 20 kB.
MAX_BYTES = 1024 * 1024



@dataclass
class FileProblem:
    """One bad line: ``line`` (1-based, ``None`` when the whole file is concerned), what is
    wrong, and the closest valid names when there are some."""

    line: int | None
    message: str
    suggestions: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        hint = f" (closest: {', '.join(self.suggestions)})" if self.suggestions else ""
        return f"{where}{self.message}{hint}"


class DeckFileError(DeckError):
    """A deck file that cannot be read. ``problems`` lists every bad line; the message
    has one line per problem, prefixed with the file name when known."""

    def __init__(self, problems: list[FileProblem], source: str | None = None):
        self.problems = list(problems)
        self.source = source
        from ..plural import listed_lines, plural

        prefix = f"{source}: " if source else ""
        head = f"{prefix}{plural(len(self.problems), 'problem')} in deck file"
        # (the first 50, then how many more: ``problems`` keeps all)
        super().__init__(head + "\n" + listed_lines(self.problems, "fix these and read it again to see the rest"))


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("deckfile.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


_EXPECT = {
    "CARD_NAME": "a card name",
    "COUNT": "a number of copies",
    "SET_CODE": "a set code",
    "PILE": "a pile name",
    "RSQB": "']'",
    "LSQB": "'['",
    "IDENT": "a module or option name",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


def decode_text(data: bytes, source: str | None = None) -> str:
    """Decode a deck file's bytes as UTF-8 text (a BOM is dropped).

    Raises:
        DeckFileError: a NUL byte or bytes that are not UTF-8; the problem names the line
            of the first bad byte.
    """
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise DeckFileError([FileProblem(line, "not a text file (binary data)")], source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckFileError([FileProblem(line, f"not UTF-8 text (byte 0x{data[exc.start]:02x})")], source) from None


def _syntax_problem(exc: UnexpectedInput) -> FileProblem:
    line = getattr(exc, "line", None) or None
    if isinstance(exc, UnexpectedToken):
        expected = sorted({_EXPECT.get(e, repr(e)) for e in exc.expected if not e.startswith("__")})
        got = "end of line" if exc.token.type == "_NL" else repr(str(exc.token))
        msg = f"unexpected {got}; expected {' or '.join(expected) or 'something else'}"
    elif isinstance(exc, UnexpectedCharacters):
        msg = f"unexpected character {exc.char!r} at column {exc.column}"
    elif isinstance(exc, UnexpectedEOF):
        msg = "unexpected end of file"
    else:  # pragma: no cover
        msg = str(exc).splitlines()[0]
    if isinstance(exc, UnexpectedToken) and "CARD_NAME" in exc.expected:
        msg += " (an entry is '<copies> <card name> [set]')"
    return FileProblem(line, msg)


def _no_count_problem(line: int, written: str) -> FileProblem:
    """A card line without its count (``Potted Plant``, ``abc``): one problem saying what a
    card line is, with the line as written (cut when long)."""
    written = " ".join(written.split())
    if len(written) > 60:  # a pasted paragraph: its start names the line well enough
        written = written[:57] + "..."
    return FileProblem(line, f"a card line is COUNT NAME (e.g. `2 Potted Plant`); got {written!r}")


#: Most syntax errors reported for one file (each costs a parse of the rest of it).
MAX_SYNTAX_PROBLEMS = 50


def _parse_lines(text: str, source: str | None = None) -> tuple[Tree, list[FileProblem]]:
    """Parse ``text`` (ending with a newline); a line with a syntax error is reported and read
    as blank, so the other lines are still read and their problems told with it (every line
    of the format stands alone: a header, a section or an entry). Returns the tree of the
    good lines and the syntax problems, at most :data:`MAX_SYNTAX_PROBLEMS` (then the file is
    refused with them: reading further would only repeat the parse)."""
    problems: list[FileProblem] = []
    lines = text.split("\n")
    while True:
        try:
            return _parser().parse("\n".join(lines)), problems
        except UnexpectedInput as exc:
            problem = _syntax_problem(exc)
            n = problem.line
            if (isinstance(exc, UnexpectedToken) and "CARD_NAME" in exc.expected and exc.token.type == "_NL"
                    and n is not None and 1 <= n <= len(lines) and lines[n - 1].strip()):
                problem = _no_count_problem(n, lines[n - 1])  # one word (`abc`): a name, or a count, alone
            if n is None or not 1 <= n <= len(lines) or not lines[n - 1].strip() \
                    or len(problems) >= MAX_SYNTAX_PROBLEMS:
                problems.append(problem)  # no line to leave out: told as it is, nothing more read
                raise DeckFileError(problems, source) from None
            problems.append(problem)
            lines[n - 1] = ""


def _count(text: str) -> int | None:
    t = text[:-1] if text[-1:] in ("x", "X") and len(text) > 1 else text
    if t.isascii() and t.isdigit():
        return int(t)
    return None


def parse_text(text: str, catalog: Catalog | None = None, url: str | None = None,
               name: str | None = None, source: str | None = None) -> Deck:
    """Parse the text format into a :class:`Deck`.

    Args:
        text: the file's text.
        catalog: where names resolve (default: the card database at ``url``).
        name: deck name when the file has no ``name:`` line (the file's stem when reading
            a file).
        source: file name for messages.

    Raises:
        DeckFileError: every problem at once, each with its line: control characters (with
            their column), syntax, bad copies (0, negative, not a number, more than
            :data:`MAX_COPIES`), unknown set, unknown or ambiguous card (with the closest
            names), unknown module/option, header after the cards, no name, a deck of more
            than :data:`MAX_CARDS` cards.
    """
    csv_like = _card_csv_problem(text)
    if csv_like is not None:
        raise DeckFileError([csv_like], source)
    bad = safe_yaml.control_character_problems(text)
    if bad:
        raise DeckFileError([FileProblem(p.line, p.message) for p in bad], source)
    tree, problems = _parse_lines(text if text.endswith("\n") else text + "\n", source)
    headers: dict[str, tuple[int, object]] = {}
    lines: list[tuple[int, str, str, str | None, str | None]] = []  # line, count, name, set, pile
    section: str | None = None
    seen_cards = False
    for node in tree.children:
        if not isinstance(node, Tree):
            continue
        line = node.meta.line
        if node.data.endswith("_header"):
            kind = node.data[: -len("_header")]
            if seen_cards:
                problems.append(FileProblem(line, f"'{kind}:' header after the cards; put headers first"))
                continue
            if kind in headers:
                problems.append(FileProblem(line, f"second '{kind}:' header (first on line {headers[kind][0]})"))
                continue
            if kind in ("name", "description"):
                toks = [c for c in node.children if isinstance(c, Token) and c.type == "TEXT"]
                headers[kind] = (line, toks[0].strip() if toks else "")
            else:
                switches = []
                for sw_list in node.find_data("switches"):
                    for sw in sw_list.children:
                        sign = "+"
                        ident = ""
                        for tok in sw.children:
                            if tok.type == "SIGN":
                                sign = str(tok)
                            elif tok.type == "MODULE_OPTION":
                                sign = "="  # NAME=VALUE: a rules module's option
                                ident = str(tok)
                            else:
                                ident = str(tok)
                        switches.append((sign, ident))
                headers[kind] = (line, switches)
        elif node.data == "section":
            section = str(node.children[0])
            seen_cards = True
            lines.append((line, "", "", section, "__section__"))
        elif node.data == "entry":
            seen_cards = True
            count = str(node.children[0])
            cname = unquote_name(str(node.children[1]).strip())
            set_code, pile = section, None
            for child in node.children[2:]:
                if child.data == "set_tag":
                    set_code = str(child.children[0])
                elif child.data == "pile_tag":
                    pile = str(child.children[0])
            lines.append((line, count, cname, set_code, pile))
        elif node.data == "whole_set":
            seen_cards = True
            tags = [c for c in node.children if isinstance(c, Tree)]
            code = str(tags[0].children[0]) if tags else section
            if code is None:
                problems.append(FileProblem(line, "'*' needs a set: '* [set]' or a [set] section above"))
            else:
                lines.append((line, "", "", code, "__whole_set__"))

    deck_name = headers.get("name", (None, None))[1] or name
    try:
        deck_name = check_deck_name(deck_name)
    except DeckError as exc:
        problems.append(FileProblem(headers.get("name", (None,))[0], str(exc) if deck_name else "the deck needs a name (a 'name:' line)"))
        deck_name = "unnamed"

    cat = catalog if catalog is not None else default_catalog(url)
    deck = Deck(deck_name, str(headers.get("description", (0, ""))[1]), catalog=cat, url=url)

    for kind, known, apply in (("modules", MODULES, deck.set_module), ("options", tuple(DEFAULT_OPTIONS), deck.set_option)):
        if kind not in headers:
            continue
        line, switches = headers[kind]
        twice = repeated_option(f"{'-' if sign == '-' else ''}{ident}" for sign, ident in switches) if kind == "options" else None  # type: ignore[union-attr]
        if twice:  # (the last one used to win, silently)
            problems.append(FileProblem(line, twice))
        for sign, ident in switches:  # type: ignore[union-attr]
            if sign == "=":  # fairy_dust.fairy_level=12 (options only: the grammar's MODULE_OPTION)
                if kind == "modules":
                    problems.append(FileProblem(line, f"{ident!r}: a rules module's option goes on the "
                                                      "'options:' line"))
                    continue
                try:
                    deck.set_option(*parse_option(ident))
                except DeckError as exc:
                    problems.append(FileProblem(line, str(exc)))
                continue
            if ident not in known and kind == "options" and _module_of_option(ident):
                try:
                    deck.set_option(ident, True)  # says which module's option it is and how to write it
                except DeckError as exc:
                    problems.append(FileProblem(line, str(exc)))
                continue
            if ident not in known:
                close = close_matches(ident, known, n=3)
                problems.append(FileProblem(line, f"unknown {kind[:-1]} {ident!r}; known: {', '.join(known)}", close))
            else:
                apply(ident, sign == "+")

    unknown: dict[str, list[int]] = {}  # told once: _unknown_sets
    for line, count, cname, set_code, pile in lines:
        if pile == "__whole_set__":
            if set_code not in cat.sets:
                unknown.setdefault(set_code, []).append(line)
                continue
            for spec, printed in cat.set_cards(set_code):
                entry = deck.entries.get(spec.key)
                if entry is None:
                    deck.entries[spec.key] = Entry(spec.key, max(1, printed or 1))
                else:
                    entry.copies += max(1, printed or 1)
            continue
        if pile == "__section__":
            if set_code not in cat.sets:
                unknown.setdefault(set_code, []).append(line)
            continue
        n = _count(count)
        if n is None and not any(ch.isdigit() for ch in count):
            # no count at all (`Potted Plant`): its first word is no count, the rest no name
            written = text.split("\n")[line - 1]
            problems.append(_no_count_problem(line, written if '"' in written or "'" in written
                                              else written.split("#")[0]))
            continue
        if n is None:
            msg = f"copies must be a whole number, got {count!r}"
            if count.startswith("-") and count[1:].isdigit():
                msg = f"copies must be at least 1, got {count}"
            problems.append(FileProblem(line, msg))
        elif n < 1:
            problems.append(FileProblem(line, f"copies must be at least 1, got {count}"))
        elif n > MAX_COPIES:
            problems.append(FileProblem(line, f"copies must be at most {MAX_COPIES}, got {_short(count)}"))
            n = None
        if set_code is not None and set_code not in cat.sets:
            if line not in unknown.get(set_code, []):  # a card under an unknown [set] section: told there
                unknown.setdefault(set_code, []).append(line)
            continue
        _add_card(deck, cat, cname, set_code, n if n is not None and n >= 1 else None, pile, line,
                  problems, f" in [{set_code}]" if set_code else "")
    problems += _unknown_sets(unknown, cat, "[{}]")
    _check_size(deck, problems)
    if problems:
        problems.sort(key=lambda p: p.line or 0)  # in the file's order, syntax errors among the rest
        raise DeckFileError(problems, source)
    return deck


def _unknown_sets(unknown: dict[str, list[int]], cat: Catalog, form: str) -> list[FileProblem]:
    """One problem for the sets a deck file names that this database lacks (``unknown``: code
    -> its lines), rather than one a line: which they are, on which lines, and how to get them
    (a misspelt code gets the closest ones)."""
    if not unknown:
        return []
    codes = list(unknown)
    lines = sorted({n for c in codes for n in unknown[c] if n})

    def on(ns: list[int]) -> str:  # where, when more than the problem's own line says
        ns = sorted({n for n in ns if n})
        shown = ", ".join(map(str, ns[:8])) + (f", ... ({len(ns)} lines)" if len(ns) > 8 else "")
        return f" (line{'s' if len(ns) != 1 else ''} {shown})" if len(lines) > 1 else ""

    close = [m for c in codes for m in close_matches(c, list(cat.sets), n=3)]
    which = ", ".join(form.format(c) + on(unknown[c]) for c in codes)
    return [FileProblem(lines[0] if lines else None,
                        f"unknown set{'s' if len(codes) != 1 else ''} {which}: not in this database; a designer set "
                        "comes in with `munchkin-lab set import FILE.yaml` (the file its `set export` wrote), or "
                        "share the deck with its sets as `munchkin-lab deck bundle`", list(dict.fromkeys(close)))]


#: The first columns of a card CSV (``db export``), which ``deck import`` may be given by mistake.
_CARD_CSV_HEAD = ("set", "name", "kind", "deck")


def _card_csv_problem(text: str) -> FileProblem | None:
    """A problem when ``text`` is a card CSV (its header line as ``db export`` writes it)."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].strip()
    cells = [c.strip().strip('"').lower() for c in first.split(",")]
    if tuple(cells[:4]) == _CARD_CSV_HEAD and len(cells) > 10:
        return FileProblem(1, "this looks like a card CSV (as `munchkin-lab db export` writes it), not a deck "
                              "file: cards come in with `munchkin-lab db import FILE`; a deck file lists "
                              "'<copies> <card name> [set]' lines (`munchkin-lab deck export` writes one)")
    return None


def _short(text: str) -> str:
    """A number as typed, cut when it is absurdly long."""
    return text if len(text) <= 30 else f"{text[:12]}...({len(text)} digits)"


def _check_size(deck: Deck, problems: list) -> None:
    """Per-card copies and the deck size within :data:`MAX_COPIES` / :data:`MAX_CARDS`."""
    for e in deck.entries.values():
        if e.copies > MAX_COPIES:
            problems.append(FileProblem(None, f"{e.key.split(':', 1)[-1]} [{e.key.split(':', 1)[0]}]: "
                                              f"{e.copies} copies in all; at most {MAX_COPIES} copies of a card"))
    if deck.size > MAX_CARDS:
        problems.append(FileProblem(None, f"the deck holds {deck.size} cards; at most {MAX_CARDS}"))


def _add_card(deck, cat, cname: str, set_code: str | None, copies: int | None, pile, line: int,
              problems: list, where: str = "") -> None:
    """One deck-file line (text or YAML): check the pile, look the card up and add ``copies``
    of it to ``deck.entries``; each problem (bad pile, unknown or ambiguous card, the card
    again with another pile) is appended to ``problems`` with ``line``. ``copies=None``: the
    count was already reported as bad, only the card is checked. A card named again on
    another line (``1 Cheap Goblin`` and ``2 cheap goblin``) has its copies summed, and a
    sentence naming both lines goes to ``deck.notes`` (no problem: the sum may be meant)."""
    try:
        check_pile(pile)
    except DeckError as exc:
        problems.append(FileProblem(line, str(exc)))
        return
    found = cat.matches(cname, set_code)
    if not found:
        problems.append(FileProblem(line, f"unknown card {cname!r}{where}", cat.closest(cname, set_code)))
        return
    if len(found) > 1:
        problems.append(FileProblem(line, f"ambiguous card {cname!r}: add the set", [label(s) for s in found]))
        return
    if copies is None:
        return
    key = found[0].key
    entry = deck.entries.get(key)
    first = deck._lines.setdefault(key, line)
    if entry is None:
        deck.entries[key] = Entry(key, copies, pile)
    elif entry.pile != pile:
        problems.append(FileProblem(line, f"{label(found[0])} appears again with another pile"))
    else:
        entry.copies += copies
        deck.notes.append(f"lines {first} and {line} both name {label(found[0])}: "
                          f"their copies are summed ({entry.copies} in all)")

def unquote_name(text: str) -> str:
    """A card name as a deck line gives it: ``"Sword #2"`` or ``'Sword #2'`` (one pair of
    quotes round the whole name, none inside) is ``Sword #2``, spaces inside kept; anything
    else as it is (files written before quoting existed read as before)."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'" and text[0] not in text[1:-1]:
        return text[1:-1]
    return text


def quote_name(name: str) -> str:
    """``name`` as :func:`to_text` writes it: as it is when a deck line reads it back so
    (:func:`unquote_name`), else in double quotes (single ones when it holds a double quote):
    a name with ``#``, ``[``, ``]`` or ``@``, outer spaces, or a leading quote.

    Raises:
        DeckError: a line break in the name, or both kinds of quote in a name that needs them.
    """
    if "\n" in name or "\r" in name:
        raise DeckError(f"card name {name!r} cannot be written in the text format; use YAML")
    if not (any(c in name for c in "[]#@") or name != name.strip() or name[:1] in "\"'"):
        return name
    for q in "\"'":
        if q not in name:
            return f"{q}{name}{q}"
    raise DeckError(f"card name {name!r} cannot be written in the text format; use YAML")


def _check_text_field(value: str, what: str) -> None:
    if "#" in value or "\n" in value or "\r" in value:
        raise DeckError(f"{what} {value!r} cannot be written in the text format ('#' or a line break); use YAML")


def to_text(deck: Deck) -> str:
    """Write ``deck`` in the text format: headers, then one ``[set]`` section per set (in
    the order the deck first uses them) with its entries in deck order.

    Raises:
        DeckError: a description the text format cannot hold, or a card name with a line
            break or with both kinds of quote and a mark that needs quoting (use YAML).
    """
    out = io.StringIO()
    out.write("# munchkin-lab deck\n")
    out.write(f"name: {deck.name}\n")
    if deck.description:
        _check_text_field(deck.description, "description")
        out.write(f"description: {deck.description}\n")
    if deck.module_overrides:
        terms = [("+" if on else "-") + m for m, on in sorted(deck.module_overrides.items(), key=lambda kv: MODULES.index(kv[0]))]
        out.write(f"modules: {', '.join(terms)}\n")
    on = [o for o in DEFAULT_OPTIONS if deck.options.get(o)]
    for o, v in deck.options.items():  # rules modules' options: MODULE.KEY=VALUE
        if "." in o:
            if isinstance(v, str) and ("\n" in v or "\r" in v or ('"' in v and "'" in v)):
                raise DeckError(f"option {o} = {v!r} cannot be written in the text format; use YAML")
            on.append(f"{o}={format_option_value(v)}")
    if on:
        out.write(f"options: {', '.join(on)}\n")
    cat = deck.catalog
    by_set: dict[str, list[Entry]] = {}
    for e in deck.entries.values():
        by_set.setdefault(e.key.split(":", 1)[0], []).append(e)
    for code, entries in by_set.items():
        out.write(f"\n[{code}]\n")
        for e in entries:
            spec = cat.spec(e.key)
            pile = f" @{e.pile}" if e.pile else ""
            out.write(f"{e.copies} {quote_name(spec.name)}{pile}\n")
    return out.getvalue()


def to_yaml(deck: Deck) -> str:
    """Write ``deck`` in the YAML form (keys: name, description, modules (overrides; left out
    when there are none: the cards' modules are not written, they come from the cards),
    options (all), cards (name, set, copies, pile when set))."""
    cat = deck.catalog
    cards = []
    for e in deck.entries.values():
        spec = cat.spec(e.key)
        item = {"name": spec.name, "set": spec.set, "copies": e.copies}
        if e.pile:
            item["pile"] = e.pile
        cards.append(item)
    data = {
        "name": deck.name,
        "description": deck.description,
        "modules": {m: deck.module_overrides[m] for m in MODULES if m in deck.module_overrides},
        "options": dict(deck.options),
        "cards": cards,
    }
    if not data["modules"]:  # (no `modules: {}` line: parse_yaml reads a missing key as none)
        del data["modules"]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


_DECK_KEYS = ("name", "description", "modules", "options", "cards")
_CARD_KEYS = ("name", "set", "copies", "pile")


def _type_problems(data: dict, doc) -> tuple[list[FileProblem], set]:
    """Strict types of the YAML form (pydantic): text, true/false, whole numbers within
    bounds, lists and mappings where the format has them; each problem with its line.
    Returns the problems and the locations that are wrong (``("cards", 2)``, ``("name",)``,
    ``("modules", "dungeons")``) so that the rest of the file can still be checked."""
    from pydantic import BaseModel, ConfigDict, Field, ValidationError

    from ..cards.effect_schema import error_message
    from ..cards.files import MAX_CODE, field_path

    class _Strict(BaseModel):
        model_config = ConfigDict(strict=True, extra="allow")

    class CardLine(_Strict):
        name: str = Field(min_length=1, max_length=200)
        set: Optional[str] = Field(default=None, max_length=MAX_CODE)
        copies: int = Field(default=1, ge=1, le=MAX_COPIES)
        pile: Optional[str] = Field(default=None, max_length=64)

    class DeckYaml(_Strict):
        name: Optional[str] = Field(default=None, max_length=200)
        description: Optional[str] = Field(default=None, max_length=4000)
        modules: Optional[dict[str, bool]] = None
        options: Optional[dict[str, Any]] = None  # game options: bool; MODULE.KEY: the module's type
        cards: Optional[list[CardLine]] = None

    try:
        DeckYaml.model_validate(data)
    except ValidationError as exc:
        out, bad = [], set()
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            bad.add(loc[:2])
            msg = error_message(err)
            if err["type"] in ("greater_than_equal", "less_than_equal"):
                msg = f"must be {'at least 1' if err['type'] == 'greater_than_equal' else f'at most {MAX_COPIES}'}, " \
                      f"got {err.get('input')!r}"
            out.append(FileProblem(doc.line_of(loc), f"{field_path(loc)}: {msg}"))
        return out, bad
    return [], set()


def parse_yaml(text: str, catalog: Catalog | None = None, url: str | None = None,
               name: str | None = None, source: str | None = None) -> Deck:
    """Parse the YAML form into a :class:`Deck` (see the module docstring).

    The text is read with :mod:`munchkin_lab.safe_yaml` (no aliases or anchors, depth limit,
    control characters and duplicate keys reported with their line) and every value is
    type-checked before any card is looked up: ``copies: true``, ``copies: '2'``, a ``pile``
    that is not text, ``modules: {dungeons: 'false'}`` are errors.

    Raises:
        DeckFileError: malformed or unsafe YAML, unknown keys, values of the wrong type or out
            of range, unknown or ambiguous cards, unknown sets, modules or options; each with
            its line.
    """
    from ..cards.files import YamlDoc

    try:
        parsed = safe_yaml.read_yaml_text(text, source or "<deck>")
    except safe_yaml.YamlFileError as exc:
        raise DeckFileError([FileProblem(p.line, p.message) for p in exc.problems], source) from None
    data = parsed.data
    doc = YamlDoc(Path(source or "<deck>"), data, parsed.node, source)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DeckFileError([FileProblem(1, "a YAML deck is a mapping with name, cards, ...")], source)
    other = other_file_kind(data)
    if other:
        raise DeckFileError([FileProblem(doc.line_of(()) or 1, other)], source)
    top = doc.line_of(()) or 1
    problems: list[FileProblem] = []
    for k in data:
        if k not in _DECK_KEYS:
            problems.append(FileProblem(doc.line_of((k,)), f"unknown key {k!r}",
                                        close_matches(str(k), _DECK_KEYS, n=2)))
    for i, item in enumerate(data.get("cards") if isinstance(data.get("cards"), list) else []):
        if isinstance(item, dict):
            extra = [str(k) for k in item if k not in _CARD_KEYS]
            if extra:
                problems.append(FileProblem(doc.line_of(("cards", i)), f"unknown card field(s) {', '.join(extra)}",
                                            close_matches(extra[0], _CARD_KEYS, n=2)))
    typed, bad = _type_problems(data, doc)
    problems += typed
    if any(len(loc) == 1 for loc in bad):  # a whole part has the wrong shape
        raise DeckFileError(problems, source)
    deck_name = data.get("name") if ("name",) not in bad else None
    deck_name = deck_name or name
    try:
        deck_name = check_deck_name(deck_name)
    except DeckError as exc:
        problems.append(FileProblem(doc.line_of(("name",)) or top, str(exc) if deck_name else "the deck needs a name"))
        deck_name = "unnamed"
    cat = catalog if catalog is not None else default_catalog(url)
    deck = Deck(deck_name, data.get("description") or "", catalog=cat, url=url)
    for kind, apply in (("modules", deck.set_module), ("options", deck.set_option)):
        for k, v in (data.get(kind) or {}).items():
            if (kind, k) in bad:
                continue
            if kind == "options" and k in DEFAULT_OPTIONS and not isinstance(v, bool):
                problems.append(FileProblem(doc.line_of((kind, k)), f"options.{k}: expected true or false, got {v!r}"))
                continue
            try:
                apply(str(k), v)
            except DeckError as exc:
                known = MODULES if kind == "modules" else tuple(DEFAULT_OPTIONS)
                close = [] if "." in str(k) else close_matches(str(k), known, n=2)  # (a module option's names it)
                problems.append(FileProblem(doc.line_of((kind, k)), str(exc), close))
    unknown: dict[str, list[int]] = {}  # told once: _unknown_sets
    for i, item in enumerate(data.get("cards") or []):
        if ("cards", i) in bad:
            continue
        line = doc.line_of(("cards", i))
        cname, set_code, copies, pile = item["name"], item.get("set"), item.get("copies", 1), item.get("pile")
        if not cname.strip():
            problems.append(FileProblem(line, "a card needs a name"))
            continue
        if set_code is not None and set_code not in cat.sets:
            unknown.setdefault(set_code, []).append(line)
            continue
        _add_card(deck, cat, cname, set_code, copies, pile, line, problems)
    problems += _unknown_sets(unknown, cat, "{!r}")
    _check_size(deck, problems)
    if problems:
        problems.sort(key=lambda p: p.line or 0)
        raise DeckFileError(problems, source)
    return deck


def is_yaml_path(path) -> bool:
    """True for ``.yaml`` / ``.yml`` file names (the YAML form); anything else is text."""
    return Path(path).suffix.lower() in (".yaml", ".yml")


def read_deck(path, catalog: Catalog | None = None, url: str | None = None, name: str | None = None,
              fmt: str | None = None) -> Deck:
    """Read a deck file: YAML for ``.yaml``/``.yml``, else the text format (``fmt`` =
    ``"text"``/``"yaml"`` overrides the extension). The deck name defaults to the file's stem
    when the file has none. A YAML file that holds the text format says so.

    Raises:
        DeckFileError: unreadable, not text, or any problem of :func:`parse_text` /
            :func:`parse_yaml`.
    """
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise DeckFileError([FileProblem(None, f"the file is too large ({p.stat().st_size:,} bytes; "
                                                   f"at most {MAX_BYTES:,})")], str(p))
        data = p.read_bytes()
    except OSError as exc:
        raise DeckFileError([FileProblem(None, f"cannot read: {exc.strerror or exc}")], str(p)) from None
    text = decode_text(data, str(p))
    as_yaml = is_yaml_path(p) if fmt is None else fmt.lower() in ("yaml", "yml")
    if not as_yaml:
        return parse_text(text, catalog=catalog, url=url, name=name or p.stem, source=str(p))
    try:
        return parse_yaml(text, catalog=catalog, url=url, name=name or p.stem, source=str(p))
    except DeckFileError as exc:
        if _looks_like_text_format(text):
            hint = "this looks like the text deck format, not YAML: rename the file to .txt or use --format text"
            raise DeckFileError([FileProblem(None, hint)] + list(exc.problems), str(p)) from None
        raise


def other_file_kind(data: Any, wanted: str = "deck") -> str | None:
    """When the YAML ``data`` is one of the lab's other files (a set file, a deck bundle, a
    YAML deck), say so and how to read it; ``None`` when it is not (or is ``wanted``)."""
    if not isinstance(data, dict):
        return None
    if "set" in data and "cards" in data and wanted != "set":
        return ("this is a set file (set: and cards:), not a " + wanted + ": bring it in with `munchkin-lab set "
                "import FILE`, then add its cards to a deck (`munchkin-lab deck add DECK 'set:CODE'`)")
    if "bundle" in data and wanted != "bundle":
        return f"this is a deck bundle, not a {wanted}: import it with `munchkin-lab deck import-bundle FILE`"
    if wanted == "bundle" and "bundle" not in data and ("cards" in data or "name" in data) and "set" not in data:
        return "this is a deck file, not a bundle: import it with `munchkin-lab deck import FILE`"
    return None


def _looks_like_text_format(text: str) -> bool:
    """True when a file parses as YAML badly but reads like the text format (``3 Name``
    lines, ``[set]`` sections or ``* [set]``)."""
    import re

    for line in text.splitlines():
        s = line.split("#", 1)[0].strip()
        if re.match(r"^(\d+x?\s+\S|\*\s*\[|\[[\w-]+\]$)", s):
            return True
    return False


#: file suffixes of formats a deck is never written as (a deck's text in a .json file would
#: only confuse the program that opens it): suffix -> the format's name
OTHER_FORMATS = {".json": "JSON", ".csv": "CSV", ".parquet": "Parquet", ".pdf": "PDF", ".xlsx": "Excel",
                 ".html": "HTML", ".zip": "a zip archive"}


def check_deck_suffix(path, how: str = "choose another name") -> None:
    """The one suffix rule of a written deck, for ``munchkin-lab deck export`` (without
    ``--format``) and :meth:`Deck.export <munchkin_lab.decks.model.Deck.export>`: any name is
    text except ``.yaml``/``.yml`` (YAML), but a name that says another format
    (:data:`OTHER_FORMATS`: ``.json``, ``.csv``, ``.pdf``...) is refused. ``how`` ends the
    message (what the caller may do instead).

    Raises:
        OutputFileError: (a ``ValueError``, ``usage``) e.g. ``'new.json': a deck is written as
            text or YAML (.yaml/.yml), not JSON; choose another name``.
    """
    from ..fileio import OutputFileError

    suffix = Path(path).suffix.lower()
    if suffix in OTHER_FORMATS:
        raise OutputFileError(f"{str(path)!r}: a deck is written as text or YAML (.yaml/.yml), not "
                              f"{OTHER_FORMATS[suffix]}; {how}", usage=True)


def write_deck(deck: Deck, path, overwrite: bool = False) -> None:
    """Write ``deck`` to ``path`` (YAML for ``.yaml``/``.yml``, else text), UTF-8, atomically:
    written aside and renamed into place (:func:`munchkin_lab.fileio.atomic_write_text`), so
    an existing file survives a failure, a kill or a full disk. An existing file is replaced
    only with ``overwrite=True``; without it the final rename is exclusive too, so a file
    that another program writes there meanwhile is never replaced.

    Raises:
        OutputFileError: (a ``ValueError``) ``path`` names another format (``.json``,
            ``.pdf``...: :func:`check_deck_suffix`); nothing is written.
        FileExistsError: ``path`` exists and ``overwrite`` is False; nothing is written.
            :class:`~munchkin_lab.fileio.FileAppearedError` (one) when it appeared while the
            deck was written: that file is kept, the deck is in the error's ``kept`` file
            beside it (``<name>.not-replaced<suffix>``).
        OSError: the folder is missing (never created) or the file cannot be written; the
            previous file is kept.
    """
    from ..fileio import atomic_write_text, refuse_existing

    p = Path(path)
    check_deck_suffix(p)
    refuse_existing(p, overwrite)
    text = to_yaml(deck) if is_yaml_path(p) else to_text(deck)
    atomic_write_text(p, text, exclusive=not overwrite)
