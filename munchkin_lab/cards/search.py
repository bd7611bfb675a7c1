"""Card search syntax, parsed with lark (``search.lark``) and compiled to SQLAlchemy.

Syntax (case-insensitive; terms next to each other are and-ed):

* ``troll`` / ``"net troll"``: substring of the card name or of one of its aliases, with or
  without diacritics (``pila lancuchowa`` finds the alias "Piła Łańcuchowa ...": both sides
  are folded by :func:`fold`, on SQLite and PostgreSQL alike: Unicode NFKC, so fullwidth
  ``Ｐｏｔｔｅｄ`` is ``Potted`` in the query and in a stored name; typographic quotes and
  dashes as plain ones; no case, no diacritics); the query is read in NFKC character by
  character, so an error's position is that of the query as typed
* ``Gloom*`` / ``name:*hag``: a bare word with ``*`` is a wildcard name: the whole name or an
  alias must fit, ``*`` standing for any characters (grammar terminal ``PATTERN``; quoted,
  ``*`` is a plain character; in another field's value it is an error)
* ``set:munchkin`` (code or name), ``kind:monster``, ``deck:door``, ``tag:undead``,
  ``slot:headgear``, ``version:V2``, ``provenance:printed``, ``origin:designer``,
  ``name:troll`` (substring), ``big:yes``, ``manual:no``. ``deck:NAME`` matches a draw pile
  (door, treasure, ...) or the cards of the saved deck called NAME.
* comparisons ``level>=10``, ``bonus>2``, ``treasures=3``, ``gold<500``, ``copies>1``,
  ``levels=2`` (levels gained: a designer monster whose card gives none counts 1,
  :func:`number_column`); operators ``: = != < <= > >=`` (``:`` and ``=`` mean equal;
  ``=>`` is refused suggesting ``>=``).
  A comparison needs the number: a card without one (a Level unknown, ``null``) matches none of
  them, ``!=`` included (``-level=5`` keeps such cards).
  A card without the number (``null``) never matches a comparison.
* ``-term`` or ``not term`` negates, ``or`` (lower precedence than the implicit and), ``and``,
  parentheses. ``and``, ``or`` and ``not`` are keywords as whole words where an operator may
  stand (quoted, ``"not"`` is a name word).

Errors raise :class:`SearchSyntaxError` (``.position`` = 0-based offset, ``.suggestions``);
an unknown field, ``kind:``, ``slot:``, ``version:``, ``provenance:`` or ``origin:`` value
suggests the nearest ones; one with no value (``kind:`` at the end) lists them all. Values
that are data (``set:``, ``tag:``, ``deck:``) and names are not errors when unknown or empty
(an empty one matches no card): :func:`search_hints` lists the values that exist for an empty
one (``tag:``), says which ones no card has and suggests the nearest
(``munchkin_lab.cards(...)`` puts them in ``df.attrs["hints"]``; ``munchkin-lab cards``
prints them after "no cards match").
"""
from __future__ import annotations

import difflib
import itertools
import re
import sqlite3
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from sqlalchemy import ColumnElement, Engine, Select, and_, case, event, false, func, not_, or_, select, true
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import GenericFunction
from sqlalchemy.types import String

from ..engine.cards import DECKS, KINDS, SLOTS
from ..suggest import close_matches
from .errors import SearchSyntaxError
from .files import MAX_NAME, PROVENANCES, VERSIONS, single_spaces
from .models import Alias, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag

__all__ = ["SearchSyntaxError", "parse", "quoted_name", "compile_query", "select_cards", "FIELDS", "fold", "search_hints"]

NUMERIC_FIELDS = {"level": "level", "bonus": "bonus", "treasures": "treasures", "gold": "gold",
                  "copies": "copies", "levels": "levels_gained", "levels_gained": "levels_gained"}
TEXT_FIELDS = ("set", "kind", "deck", "tag", "slot", "version", "provenance", "origin", "name")
BOOL_FIELDS = ("big", "manual")
#: every field name the syntax knows
FIELDS = tuple(sorted(set(NUMERIC_FIELDS) | set(TEXT_FIELDS) | set(BOOL_FIELDS)))

MAX_TERMS = 100
#: Levels of nesting: parentheses and negations inside one another, counted as they are
#: written (``((plant))`` is 2, ``-(-plant)`` is 3).
MAX_DEPTH = 40
#: Boolean nesting (and / or / not inside one another) compiled into one SQL expression; a
#: deeper part becomes a common table expression of its own (``WITH ...``), so the SQL text
#: stays shallow: SQLite's parser refuses an expression nested about 30 deep ("parser stack
#: overflow"), which 16 levels of ``(x or level>1 (...))`` already reach.
_SQL_NESTING = 8
#: The longest search word, phrase or field value (characters): a card name's limit
#: (``files.MAX_NAME``); longer ones could match nothing and make the database refuse the
#: pattern (SQLite: "LIKE or GLOB pattern too complex").
MAX_WORD = MAX_NAME
MAX_INT = 2**31 - 1
_TRUE = {"true", "yes", "y", "1"}
_FALSE = {"false", "no", "n", "0"}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).resolve().parent / "search.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)


# --------------------------------------------------------------------------- folding


def _fold_table() -> tuple[str, str]:
    """(from, to): every Latin letter with a diacritic in U+00C0..U+024F, upper and lower
    case, and the lower-case ASCII letter it folds to (``Ł`` -> ``l``, ``ą`` -> ``a``). One
    character for one, so that PostgreSQL's ``translate()`` applies the same table."""
    special = {"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ħ": "h", "Ħ": "h",
               "ı": "i", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ƀ": "b", "ɨ": "i", "ƚ": "l"}
    src, dst = [], []
    for code in range(0xC0, 0x250):
        ch = chr(code)
        base = special.get(ch)
        if base is None:
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if len(plain) == 1 and plain.isascii() and plain.isalpha() and plain.lower() != ch:
                base = plain.lower()
        if base is not None:
            src.append(ch)
            dst.append(base)
    return "".join(src), "".join(dst)


#: Typographic quotes and dashes and the plain character each reads as (one for one, so that
#: PostgreSQL's ``translate()`` applies it too): ``Gambler’s`` is ``Gambler's``,
#: ``Witch–Hound`` is ``Witch-Hound``.
PUNCT_FROM = "\u2018\u2019\u201a\u201b\u2032\u02bc" "\u201c\u201d\u201e\u201f" \
             "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"
PUNCT_TO = "'" * 6 + '"' * 4 + "-" * 9
_PUNCT = str.maketrans(PUNCT_FROM, PUNCT_TO)
_LETTERS_FROM, _LETTERS_TO = _fold_table()
FOLD_FROM, FOLD_TO = _LETTERS_FROM + PUNCT_FROM, _LETTERS_TO + PUNCT_TO
_FOLD = str.maketrans(FOLD_FROM, FOLD_TO)


def plain_text(text: str) -> str:
    """``text`` in the form every name comparison starts from: Unicode NFKC (fullwidth
    ``Ｆｕｌｌ`` is ``Full``), invisible format characters (zero-width joiner, bidi marks)
    left out, typographic quotes and dashes made plain (:data:`PUNCT_FROM`). Case and
    diacritics kept: :func:`fold` drops them. ASCII text is returned as it is."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf").translate(_PUNCT)


def fold(text: str) -> str:
    """The one folding of names for matching: :func:`plain_text`, then lower case and no
    diacritics on Latin letters (``"Piła Łańcuchowa"`` -> ``"pila lancuchowa"``,
    ``"Ｇａｍｂｌｅｒ’s"`` -> ``"gambler's"``). Used on both sides of every name comparison:
    the search's words and the database's names (SQL ``ufold``), deck files, ``deck add``,
    ``cards show`` and the card browser (:mod:`munchkin_lab.decks.catalog`). Stored names
    keep the form they were typed in; only the comparison folds. Not a string: as it is."""
    if not isinstance(text, str):
        return text
    if text.isascii():
        return text.lower()
    return plain_text(text).translate(_FOLD).lower()


class ufold(GenericFunction):
    """SQL ``ufold(x)``: :func:`fold` in the database. SQLite calls the Python function
    registered on every connection; PostgreSQL uses ``lower(translate(x, FROM, TO))`` with the
    same table (no extension needed); other databases get ``lower(x)``."""

    type = String()
    inherit_cache = True


@compiles(ufold)
def _ufold_default(element, compiler, **kw):  # pragma: no cover - dialect dispatch
    return "lower(%s)" % compiler.process(element.clauses, **kw)


@compiles(ufold, "sqlite")
def _ufold_sqlite(element, compiler, **kw):  # pragma: no cover - dialect dispatch
    return "ufold(%s)" % compiler.process(element.clauses, **kw)


@compiles(ufold, "postgresql")
def _ufold_pg(element, compiler, **kw):  # pragma: no cover - dialect dispatch
    # NFKC first, as :func:`plain_text` (PostgreSQL 13+; only a UTF-8 database can normalize,
    # another keeps the text as it is); stored names hold no invisible character (refused when
    # written), so nothing more is left out here
    sq = lambda t: t.replace("'", "''")  # noqa: E731 - the quotes of the table in SQL
    x = compiler.process(element.clauses, **kw)
    return ("lower(translate(CASE WHEN current_setting('server_encoding') = 'UTF8' THEN normalize(%s, NFKC) "
            "ELSE %s END, '%s', '%s'))" % (x, x, sq(FOLD_FROM), sq(FOLD_TO)))


@event.listens_for(Engine, "connect")
def _register_fold(dbapi_connection, _record) -> None:  # pragma: no cover - exercised via engines
    """Every SQLite connection gets ``ufold()`` (PostgreSQL needs nothing)."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.create_function("ufold", 1, fold, deterministic=True)


# --------------------------------------------------------------------------- AST


@dataclass(frozen=True)
class Text:
    """Bare or quoted word: substring of name or alias; ``wild``: a bare word with ``*`` in
    it, a pattern the whole name or alias must fit (``*``: any run of characters)."""

    text: str
    pos: int
    wild: bool = False


@dataclass(frozen=True)
class Cmp:
    """``field op value`` (field/op/value as typed; positions of field and value)."""

    field: str
    op: str
    value: str
    pos: int
    value_pos: int
    wild: bool = False  # the value is a bare word with '*' in it (a wildcard name)


@dataclass(frozen=True)
class Not:
    """Negation of a term."""

    term: Any


@dataclass(frozen=True)
class And:
    """All terms match."""

    terms: tuple


@dataclass(frozen=True)
class Or:
    """Any term matches."""

    terms: tuple


class _ToAst(Transformer):
    def word(self, items):
        (tok,) = items
        return Text(str(tok), tok.start_pos)

    def pattern(self, items):
        (tok,) = items
        return Text(str(tok), tok.start_pos, wild=True)

    def phrase(self, items):
        (tok,) = items
        return Text(str(tok)[1:-1], tok.start_pos)

    def word_value(self, items):
        if len(items) == 2:
            return ("-" + str(items[1]), items[0].start_pos, False)
        return (str(items[0]), items[0].start_pos, False)

    def pattern_value(self, items):
        return (str(items[0]), items[0].start_pos, True)

    def string_value(self, items):
        return (str(items[0])[1:-1], items[0].start_pos, False)

    def cmp(self, items):
        field, op, (value, vpos, wild) = items
        return Cmp(str(field), str(op), value, field.start_pos, vpos, wild)

    def cmp_empty(self, items):  # ``tag:`` at the end or before ')': no value yet
        field, op = items
        return Cmp(str(field), str(op), "", field.start_pos, op.end_pos)

    def not_(self, items):
        return Not(items[-1])

    def and_(self, items):
        items = [i for i in items if not isinstance(i, Token)]
        return items[0] if len(items) == 1 else And(tuple(items))

    def or_(self, items):
        items = [i for i in items if not isinstance(i, Token)]
        return items[0] if len(items) == 1 else Or(tuple(items))


#: a keyword last (before the end of the query or a ')'): nothing after it to join or negate
_KEYWORD_LAST = re.compile(r'(?:^|[\s(])(or|and|not)\s*$', re.IGNORECASE)


def _dangling(query: str, pos: int) -> SearchSyntaxError | None:
    """The error of a query whose part before ``pos`` (the end, or a ``)``) ends with ``or``,
    ``and``, ``not`` or ``-``: that word needs a term after it. The error's position is where
    the term is missing (``pos``); the message names the word's own position too."""
    head = query[:pos]
    m = _KEYWORD_LAST.search(head)
    if m:
        word, at = m.group(1).lower(), m.start(1)
    else:
        stripped = head.rstrip()
        before = stripped[:-1].rstrip()
        if not stripped.endswith("-") or (before and before[-1] in ":=<>!"):  # 'level>=-': a value's sign
            return None
        word, at = "-", len(stripped) - 1
    if word == "not":
        return SearchSyntaxError("'not' needs a term after it (to search names for the word, quote it: \"not\")",
                                 pos, query)
    shown = query[at:at + len(word)]  # as written ('OR')
    fix = "add the term to leave out after it" if word == "-" else "add a term after it or remove it"
    if pos >= len(query):
        return SearchSyntaxError(f"the search ends with {shown!r} (position {at}): {fix}", pos, query)
    return SearchSyntaxError(f"{shown!r} (position {at}) comes right before ')': {fix}", pos, query)


#: operators written the other way round, and the one meant (``gold=>300`` is ``gold>=300``)
_SWAPPED_OPS = {"=>": ">=", "=<": "<=", "=!": "!=", "<>": "!=", ":>": ">=", ":<": "<="}


def _syntax_error(exc: UnexpectedInput, query: str) -> SearchSyntaxError:
    if isinstance(exc, UnexpectedEOF):
        return _dangling(query, len(query)) or SearchSyntaxError(
            "the query ends too early (a value or ')' is missing)", len(query), query)
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        ch = query[pos] if 0 <= pos < len(query) else ""
        if ch in "\"'":
            msg = f"unclosed quote {ch}"
        else:
            msg = f"unexpected character {ch!r}"
        return SearchSyntaxError(msg, pos, query)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        pos = len(query) if tok.type == "$END" or tok.start_pos is None else tok.start_pos
        dangling = _dangling(query, pos) if tok.type in ("$END", "RPAR") else None
        if dangling is not None:
            return dangling
        if tok.type == "$END":
            return SearchSyntaxError("the query ends too early (a value or ')' is missing)", len(query), query)
        if tok.type in ("OP", "END_OP") and pos > 0:
            two = query[pos - 1:pos + 1]
            fix = _SWAPPED_OPS.get(two)
            if fix is None and query[pos - 1] in "=:" and query[pos] in "=:":
                two, fix = query[pos - 1:pos + 1], "="
            if fix is not None:
                return SearchSyntaxError(f"{two!r} is not an operator; did you mean {fix!r}? (the operators: "
                                         f"= != < <= > >=, and ':' for '=')", pos - 1, query, suggestions=[fix])
        what = {"RPAR": "')' without a matching '('", "OP": f"operator {str(tok)!r} without a field",
                "_OR": "'or' needs a term on both sides", "_AND": "'and' needs a term on both sides"}
        return SearchSyntaxError(what.get(tok.type, f"unexpected {str(tok)!r}"), pos, query)
    return SearchSyntaxError(str(exc).splitlines()[0], getattr(exc, "pos_in_stream", 0) or 0, query)


def parse(query: str) -> Any:
    """Parse ``query`` (see :func:`_parse`) after Unicode NFKC, the form names are compared in
    (:func:`munchkin_lab.cards.designer.name_key`), character by character where a character's
    compatibility form is one character: fullwidth ``Ｐｏｔｔｅｄ`` reads as ``Potted``, and
    the query keeps its length, so an error's position is that of the query as typed (``¼``,
    whose form ``1⁄4`` is longer, stays as it is); results are cached (the AST is immutable)."""
    if isinstance(query, str) and not query.isascii():
        typed = query
        query = "".join(n if len(n := unicodedata.normalize("NFKC", ch)) == 1 else ch for ch in query)
        if query != typed:
            try:
                return parse(query)
            except SearchSyntaxError as e:  # (shown on the query as typed: the same length)
                raise SearchSyntaxError(e.reason, e.position, typed, e.suggestions) from None
    if isinstance(query, str) and len(query) <= 2000:
        return _parse_cached(query)
    return _parse(query)


def quoted_name(query: str) -> str | None:
    """The card name a query that is one quoted phrase stands for, as the search reads it
    (``'"King Tut"'`` -> ``"King Tut"``, single quotes too); None for any other query or one
    that does not parse. ``deck add`` takes such an argument as that name. The quotes may be
    typographic or fullwidth (``“King Tut”``, ``＂King Tut＂``: :func:`plain_text`)."""
    text = plain_text(query.strip()) if isinstance(query, str) else ""
    if text[:1] not in ('"', "'"):
        return None
    try:
        ast = parse(text)
    except SearchSyntaxError:
        return None
    return ast.text if isinstance(ast, Text) else None


@lru_cache(maxsize=512)
def _parse_cached(query: str) -> Any:
    return _parse(query)


def _parse(query: str) -> Any:
    """Parse ``query`` into a small AST (``Text``, ``Cmp``, ``Not``, ``And``, ``Or``; ``None``
    for an empty query).

    Raises:
        SearchSyntaxError: with ``.position`` (0-based) of the problem.
    """
    if not isinstance(query, str):
        raise SearchSyntaxError("the query must be a string", 0, "")
    if not query.strip():
        return None
    bad = next((i for i, ch in enumerate(query) if ch == "\x00"), None)
    if bad is not None:
        raise SearchSyntaxError("NUL character in the query", bad, query)
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, query) from None
    terms, depth = 0, 0
    stack = [(tree, 0)]  # (node, levels of nesting around it: '(' and '-' as written)
    while stack:
        node, d = stack.pop()
        if isinstance(node, Tree):
            if node.data == "not_" or (node.data == "or_" and node is not tree):  # '-', or '(' ... ')'
                d += 1
            depth = max(depth, d)
            if node.data in ("word", "pattern", "phrase", "cmp"):
                terms += 1
            if node.data == "word" and str(node.children[0]).lower() in ("or", "and"):
                # the lexer reads a keyword as a name word only where no keyword may stand:
                # at the start, after '(' or after another 'or'/'and' (quoted, it is a word)
                kw, at = str(node.children[0]), node.children[0].start_pos
                raise SearchSyntaxError(f"{kw!r} (position {at}) has no term before it: add a term "
                                        f"before it, or quote it (\"{kw}\") to search for the word",
                                        at, query)
            stack.extend((c, d) for c in node.children)
        elif isinstance(node, Token) and node.type in ("WORD", "PATTERN", "STRING") and len(node) > MAX_WORD + 2 * (node.type == "STRING"):
            raise SearchSyntaxError(f"a search word is too long ({len(node)} characters; at most {MAX_WORD}): "
                                    f"{node[:20]}...", node.start_pos or 0, query)
    if terms > MAX_TERMS:
        raise SearchSyntaxError(f"too many terms ({terms}; at most {MAX_TERMS})", 0, query)
    if depth > MAX_DEPTH:
        raise SearchSyntaxError(f"the query is nested too deeply ({depth} levels of parentheses and negations; "
                                f"at most {MAX_DEPTH})", 0, query)
    try:
        return _ToAst().transform(tree)
    except VisitError as exc:  # pragma: no cover - defensive
        raise SearchSyntaxError(f"cannot read the query: {exc.orig_exc}", 0, query) from None


# --------------------------------------------------------------------------- compile


def _norm(value: str) -> str:
    return value.strip().lower().replace("-", "_").replace(" ", "_")


def _choice(value: str, choices, what: str, node: Cmp, query: str) -> str:
    v = _norm(value)
    lowered = {c.lower(): c for c in choices}
    if v in lowered:
        return lowered[v]
    if not v:
        raise SearchSyntaxError(f"{what}: needs a value (one of {', '.join(choices)})", node.value_pos, query,
                                suggestions=list(choices))
    near = close_matches(v, list(lowered), n=3)
    hint = f"; did you mean {lowered[near[0]]!r}?" if near else f" (one of {', '.join(choices)})"
    raise SearchSyntaxError(f"unknown {what} {value!r}{hint}", node.value_pos, query,
                            suggestions=[lowered[n] for n in near] or list(choices))


def _contains(col, text: str):
    return ufold(col).contains(fold(text), autoescape=True)


def _visible(text: str, pos: int, query: str) -> None:
    """Refuse a name word that folds to nothing (only invisible characters, a zero-width
    space or a bidi mark, which names never hold): it would match every card."""
    if text.strip() and not fold(text).strip():
        codes = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(text) if not c.isspace())
        raise SearchSyntaxError(f"the search word at position {pos} holds only invisible characters ({codes}), "
                                f"which no card name holds: type the name's letters", pos, query)


def _fits(col, pattern: str):
    """``col`` folded fits the wildcard ``pattern`` folded, whole (``*``: any run of
    characters; ``%`` and ``_`` are plain characters)."""
    like = fold(pattern).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_").replace("*", "%")
    return ufold(col).like(like, escape="\\")


def _name_match(text: str, wild: bool = False) -> ColumnElement:
    """A card whose name or one of whose aliases holds ``text`` (both folded by :func:`fold`),
    or, ``wild``, fits the pattern ``text`` whole (``Gloom*``, ``*Hag``, ``G*m W*``)."""
    match = _fits if wild else _contains
    return or_(
        match(Card.name, text),
        Card.id.in_(select(Alias.card_id).where(match(Alias.name, text))),
    )


_cte_names = itertools.count(1)


def _compile(node: Any, query: str, depth: int = 0, conn=None) -> ColumnElement:
    """``node`` as a condition on :class:`Card`; ``depth``: the and / or / not around it.
    A part nested :data:`_SQL_NESTING` deep is ``card.id IN (SELECT id FROM <its own
    WITH query>)``, so that no SQL expression is nested deeper than that. ``conn``: the
    database that ``deck:`` names are looked up in (:func:`saved_deck_names`)."""
    if isinstance(node, (Not, And, Or)) and depth >= _SQL_NESTING:
        part = select(Card.id.label("id")).where(_compile(node, query, conn=conn)).cte(f"nested_{next(_cte_names)}")
        return Card.id.in_(select(part.c.id))
    if isinstance(node, Text):
        _visible(node.text, node.pos, query)
        return _name_match(node.text, node.wild)
    if isinstance(node, Not):
        return not_(_compile(node.term, query, depth + 1, conn))
    if isinstance(node, And):
        return and_(*(_compile(t, query, depth + 1, conn) for t in node.terms))
    if isinstance(node, Or):
        return or_(*(_compile(t, query, depth + 1, conn) for t in node.terms))
    if isinstance(node, Cmp):
        return _compile_cmp(node, query, conn)
    raise SearchSyntaxError(f"cannot compile {node!r}", 0, query)  # pragma: no cover


def saved_deck_names(conn, value: str) -> list[str]:
    """The stored name of the saved deck a ``deck:`` value names (``[]``: none), by the rule
    of every deck command (:func:`munchkin_lab.decks.store.stored_deck_name`): the deck
    stored under exactly ``value`` wins, else the one equal to it once both are
    single-spaced. The search syntax being case-insensitive, a value that names no deck so
    is then looked up by the same two steps with case ignored (``deck:'spooky mix'``:
    "Spooky Mix").

    Raises:
        munchkin_lab.decks.store.AmbiguousDeckNameError: no exact match and several saved
            decks fit (listed, with a way out).
    """
    from ..decks.store import stored_deck_name

    found = stored_deck_name(conn, value, ignore_case=True)
    return [] if found is None else [found]


def number_column(field: str) -> ColumnElement:
    """The column a number comparison on ``field`` (a key of :data:`NUMERIC_FIELDS`) reads.
    ``levels`` of a designer monster whose card gives none is 1: a monster grants 1 Level
    unless its card says otherwise (core rules, 7. Combat; the engine plays it so), and a
    designer card says all there is to say. A printed card's missing number stays unknown
    (``null``: its source did not give it; never guessed) and matches no comparison."""
    col = getattr(Card, NUMERIC_FIELDS[field])
    if NUMERIC_FIELDS[field] != "levels_gained":
        return col
    return case((and_(col.is_(None), Card.kind == "monster", Card.origin == "designer"), 1), else_=col)


def _compile_cmp(node: Cmp, query: str, conn=None) -> ColumnElement:
    field = node.field.lower()
    op = "=" if node.op == ":" else node.op
    if field in NUMERIC_FIELDS:
        col = number_column(field)
        try:
            num = int(node.value.strip())
        except ValueError:
            raise SearchSyntaxError(f"{field} needs a whole number, got {node.value!r}", node.value_pos, query) from None
        if abs(num) > MAX_INT:
            raise SearchSyntaxError(f"number {node.value!r} is out of range", node.value_pos, query)
        cond = {"=": col == num, "!=": col != num, "<": col < num, "<=": col <= num,
                ">": col > num, ">=": col >= num}[op]
        return and_(col.is_not(None), cond)
    if field not in TEXT_FIELDS and field not in BOOL_FIELDS:
        near = close_matches(field, FIELDS, n=3)
        hint = f"; did you mean {near[0]!r}?" if near else f" (known fields: {', '.join(FIELDS)})"
        raise SearchSyntaxError(f"unknown field {node.field!r}{hint}", node.pos, query,
                                suggestions=near or list(FIELDS))
    if op not in ("=", "!="):
        raise SearchSyntaxError(f"{field} only supports ':', '=' and '!=' (not {node.op!r})", node.pos, query)
    cond = _text_condition(field, node, query, conn)
    return not_(cond) if op == "!=" else cond


def _text_condition(field: str, node: Cmp, query: str, conn=None) -> ColumnElement:
    raw = node.value.strip()
    value = raw.lower()
    if node.wild and field != "name":
        raise SearchSyntaxError(f"'*' is a wildcard in names only ({field}: takes a whole value, "
                                f"e.g. {field}:{raw.replace('*', '') or 'VALUE'})", node.value_pos, query)
    if field in BOOL_FIELDS:
        if value in _TRUE:
            flag = True
        elif value in _FALSE:
            flag = False
        else:
            raise SearchSyntaxError(f"{field} needs yes or no, got {raw!r}", node.value_pos, query)
        col = getattr(Card, field)
        return col.is_(true()) if flag else col.is_(false())
    if field == "set":
        return Card.set_id.in_(select(CardSet.id).where(
            or_(func.lower(CardSet.code) == value, func.lower(CardSet.name) == value)))
    if field == "kind":
        return Card.kind == _choice(raw, KINDS, "kind", node, query)
    if field == "slot":
        return and_(Card.slot.is_not(None), Card.slot == _choice(raw, SLOTS, "slot", node, query))
    if field == "version":
        return and_(Card.version.is_not(None), Card.version == _choice(raw, VERSIONS, "version", node, query))
    if field == "provenance":
        return Card.provenance == _choice(raw, PROVENANCES, "provenance", node, query)
    if field == "origin":
        return Card.origin == _choice(raw, ("file", "designer"), "origin", node, query)
    if field == "tag":
        return Card.id.in_(select(CardTagLink.card_id).join(Tag, Tag.id == CardTagLink.tag_id)
                           .where(Tag.key == value))
    if field == "deck":
        # with no database to look in, only the deck stored under exactly that name
        names = [raw] if conn is None else saved_deck_names(conn, raw)
        saved = Card.id.in_(select(DeckEntry.card_id).join(Deck, Deck.id == DeckEntry.deck_id)
                            .where(Deck.name.in_(names)))
        pile = _norm(raw)
        return or_(Card.deck == pile, saved) if pile in DECKS else saved
    if field == "name":
        if not raw:
            raise SearchSyntaxError("name: needs a value (a word of the card's name)", node.value_pos, query)
        _visible(raw, node.value_pos, query)
        return _name_match(raw, node.wild)
    raise SearchSyntaxError(f"unknown field {field!r}", node.pos, query)  # pragma: no cover


def compile_query(query: str, conn=None) -> ColumnElement:
    """Compile ``query`` into a SQLAlchemy boolean expression over :class:`Card`.

    Args:
        conn: a connection to the database the query will run on: ``deck:NAME`` is looked
            up there (:func:`saved_deck_names`); without it ``deck:NAME`` matches only the
            deck stored under exactly NAME.
    Raises:
        SearchSyntaxError: the query cannot be parsed, names an unknown field or has a bad value.
        munchkin_lab.decks.store.AmbiguousDeckNameError: a ``deck:`` name fits several saved decks.
    """
    ast = parse(query)
    if ast is None:
        return true()
    return _compile(ast, query, conn=conn)


def select_cards(query: str = "", conn=None) -> Select:
    """``SELECT card.id FROM card WHERE <query>`` ordered by set position, set code, card
    position and name (a :class:`sqlalchemy.Select`).

    Raises:
        SearchSyntaxError: see :func:`compile_query`.
    """
    where = compile_query(query, conn)
    return (select(Card.id).join(CardSet, CardSet.id == Card.set_id).where(where)
            .order_by(CardSet.position, CardSet.code, Card.position, Card.name, Card.id))


# --------------------------------------------------------------------------- hints


def _terms(node: Any, out: list) -> None:
    """Every ``Text`` and ``Cmp`` of the AST, not under a negation."""
    if isinstance(node, (Text, Cmp)):
        out.append(node)
    elif isinstance(node, (And, Or)):
        for t in node.terms:
            _terms(t, out)


def _cmps(node: Any, out: list) -> None:
    """Every ``Cmp`` of the AST, negated ones included."""
    if isinstance(node, Cmp):
        out.append(node)
    elif isinstance(node, Not):
        _cmps(node.term, out)
    elif isinstance(node, (And, Or)):
        for t in node.terms:
            _cmps(t, out)


def _empty_value_hints(ast: Any, conn) -> list[str]:
    """For each ``set:``, ``tag:`` or ``deck:`` term written without a value (``tag:`` at the
    end of the query or before ``)``, or ``tag:""``), the values that exist, once per field,
    spelled as stored: ``"tag: needs a value; the tags: Below the Waist, Big, ..."``."""
    found: list = []
    _cmps(ast, found)
    fields = list(dict.fromkeys(t.field.lower() for t in found
                                if not t.value.strip() and t.field.lower() in ("set", "tag", "deck")))
    out = []
    for field in fields:
        if field == "set":
            rows = conn.execute(select(CardSet.code, CardSet.name).order_by(CardSet.code)).all()
            values = ", ".join(f"{c} ({nm})" if nm and nm != c else c for c, nm in rows)
            out.append(f"set: needs a value; the sets (code or name): {values}")
        elif field == "tag":
            names = [n for (_, n) in conn.execute(select(Tag.key, Tag.name).distinct().join(
                CardTagLink, CardTagLink.tag_id == Tag.id).order_by(Tag.key))]  # tags some card has, as stored
            out.append(f"tag: needs a value; the tags: {', '.join(names) or 'none'}")
        else:
            saved = [n for (n,) in conn.execute(select(Deck.name).order_by(Deck.name))]
            out.append(f"deck: needs a value; the piles: {', '.join(DECKS)}; saved decks: {', '.join(saved) or 'none'}")
    return out


def _squash(text: str) -> str:
    return fold(text).replace("_", "").replace("-", "").replace(" ", "")


def near_names(value: str, known: Mapping[str, str] | Iterable[str], n: int = 3) -> list[str]:
    """The names closest to ``value``, best first, at most ``n``, each once: the one home of
    "did you mean" for names (search's ``tag:`` / ``set:`` / ``deck:`` hints, the designer's
    undeclared tag). Compared without case, diacritics, spaces, ``-`` and ``_``
    (``"one shot"`` is ``One-Shot``): close spellings (difflib ratio >= 0.6) first, then the
    names the value starts or is part of (``swamp`` -> ``Swampy Thing``).

    Args:
        known: the names, or a mapping of their compared forms (:func:`_squash`) to what to
            show (a set's name shown as its code).
    """
    if not isinstance(known, Mapping):
        known = {_squash(k): k for k in known}
    key = _squash(value)
    hits = close_matches(key, list(known), n=n)
    hits += [k for k in known if key and (k.startswith(key) or key in k) and k not in hits]
    return list(dict.fromkeys(known[k] for k in hits))[:n]


def _show(node: Any) -> str:
    """A search term written back as a query (``-kind:monster``, ``(a or b)``)."""
    if isinstance(node, Text):
        return f'"{node.text}"' if " " in node.text else node.text
    if isinstance(node, Cmp):
        return f"{node.field}{node.op}{node.value}"
    if isinstance(node, Not):
        return "-" + _show(node.term)
    if isinstance(node, And):
        return " ".join(_show(t) for t in node.terms)
    if isinstance(node, Or):
        return "(" + " or ".join(_show(t) for t in node.terms) + ")"
    return repr(node)  # pragma: no cover


def _named_but_excluded(ast: Any, words: list[tuple[str, bool]], conn, text: str) -> str | None:
    """When a search found nothing but its name words (``(word, wildcard)``, shown as
    ``text``) match cards: a hint naming those cards and the other terms that excluded them
    (``'Plant' matches 'Potted Plant', but -kind:monster excludes it``); None when the words
    match no card (then a misspelling is likely)."""
    words = [(w, wild) for w, wild in words if w.strip() and fold(w).strip()]
    if not words:
        return None
    cond = and_(*(_name_match(w, wild) for w, wild in words))
    rows = conn.execute(select(Card.id, Card.name).where(cond).order_by(Card.name).limit(50)).all()
    if not rows:
        return None
    ids = [r.id for r in rows]
    names = list(dict.fromkeys(r.name for r in rows))
    shown = ", ".join(map(repr, names[:3])) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    others = [t for t in (ast.terms if isinstance(ast, And) else (ast,))
              if not (isinstance(t, Text) or (isinstance(t, Cmp) and t.field.lower() == "name"))]
    culprits = []
    for t in others:
        try:
            keeps = conn.execute(select(Card.id).where(Card.id.in_(ids), _compile(t, _show(t), conn=conn))
                                 .limit(1)).first()
        except SearchSyntaxError:  # pragma: no cover - the whole query compiled
            continue
        if keeps is None:
            culprits.append(_show(t))
    what = "it" if len(names) == 1 else "them"
    by = " and ".join(culprits) if culprits else "the other terms together"
    verb = "excludes" if len(culprits) == 1 else "exclude"
    return f"{text!r} matches {shown}, but {by} {verb} {what}"


def _number_hints(terms: list, conn) -> list[str]:
    """For a search that found nothing: each ``level:5`` / ``level=5`` term (a number field
    compared for equality) that no card meets, with the values cards have and the comparison to
    try: ``"no card has level 5 (level:5 is level=5); the levels cards have: 1, 2, 3, 4, 6, 8,
    ...; try level>=5 or level<=5"``."""
    out = []
    for t in terms:
        if not (isinstance(t, Cmp) and t.field.lower() in NUMERIC_FIELDS and t.op in (":", "=")):
            continue
        try:
            num = int(t.value.strip())
        except ValueError:
            continue
        field = t.field.lower()
        col = number_column(field)
        if conn.execute(select(Card.id).where(col == num).limit(1)).first() is not None:
            continue  # cards have it: another term left them out
        have = [v for (v,) in conn.execute(select(col).distinct().where(col.is_not(None)).order_by(col))]
        shown = ", ".join(map(str, have[:20])) + (", ..." if len(have) > 20 else "")
        same = f"{field}:{num} is {field}={num}; " if t.op == ":" else ""
        out.append(f"no card has {field} {num} ({same}the values cards have: {shown or 'none'}); "
                   f"try {field}>={num} or {field}<={num}")
    return out


def search_hints(query: str, conn, empty: bool = False) -> list[str]:
    """Hints for a search (strings to show the designer; empty list when none).

    * a ``set:``, ``tag:`` or ``deck:`` term with no value (``tag:`` at the end of the query
      or before ``)``): the values that exist (``"tag: needs a value; the tags: big, ..."``);
    * a ``set:`` value that is neither a set code nor a set name, or a ``tag:`` value no tag
      has: ``"no set 'scoobydoo'; did you mean 'scooby_doo'?"``; a ``deck:`` value that is
      neither a pile nor a saved deck: ``"no pile or saved deck 'dungeons'; did you mean
      'dungeon'?"``;
    * when the search found nothing (``empty``) and it has words to match names with: the
      closest card names and aliases (``"no card is named like 'Potted Plnt'; did you mean
      'Potted Plant'?"``).

    Args:
        query: the search text (already known to parse).
        conn: an open SQLAlchemy connection to the card database.
        empty: whether the search found no card.
    """
    try:
        ast = parse(query)
    except SearchSyntaxError:
        return []
    terms: list = []
    _terms(ast, terms)
    out: list[str] = _empty_value_hints(ast, conn)
    terms = [t for t in terms if not (isinstance(t, Cmp) and not t.value.strip())]  # listed above
    sets = [t for t in terms if isinstance(t, Cmp) and t.field.lower() == "set"]
    tags = [t for t in terms if isinstance(t, Cmp) and t.field.lower() == "tag"]
    if sets:
        rows = conn.execute(select(CardSet.code, CardSet.name)).all()
        names = {v.lower() for row in rows for v in row if v}
        known = {_squash(c): c for c, _ in rows}
        known.update({_squash(nm): c for c, nm in rows if nm})
        for t in sets:
            if t.value.strip().lower() not in names:
                near = near_names(t.value, known)
                tail = f"; did you mean {', '.join(map(repr, near))}?" if near else \
                    f" (sets: {', '.join(sorted(c for c, _ in rows))})"
                out.append(f"no set {t.value.strip()!r}{tail}")
    if tags:
        rows = conn.execute(select(Tag.key, Tag.name)).all()
        keys = {k for k, _ in rows}
        known = {_squash(nm): nm for _, nm in rows}
        for t in tags:
            if t.value.strip().lower() not in keys:
                near = near_names(t.value, known)
                tail = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
                out.append(f"no card has the tag {t.value.strip()!r}{tail}")
    decks = [t for t in terms if isinstance(t, Cmp) and t.field.lower() == "deck"]
    if decks:
        saved = [n for (n,) in conn.execute(select(Deck.name).order_by(Deck.name))]
        known = {_squash(p): p for p in DECKS}
        known.update({_squash(n): n for n in saved})
        for t in decks:
            value = t.value.strip()
            try:
                named = bool(saved_deck_names(conn, t.value.strip()))
            except LookupError:  # several decks fit: the search itself said so
                named = True
            if _norm(value) not in DECKS and not named:
                near = near_names(value, known)
                tail = f"; did you mean {', '.join(map(repr, near))}?" if near else (
                    f" (piles: {', '.join(DECKS)}; saved decks: {', '.join(saved) or 'none'})")
                out.append(f"no pile or saved deck {value!r}{tail}")
    if empty:
        out += _number_hints(terms, conn)
    named_terms = sorted((t for t in terms if isinstance(t, Text) or (isinstance(t, Cmp) and t.field.lower() == "name")),
                         key=lambda t: t.pos if isinstance(t, Text) else t.value_pos)  # as typed, in order
    if empty and named_terms:
        out += _name_hints(ast, query, named_terms, conn)
    return out


def _quote(text: str) -> str:
    """``text`` in quotes as the user typed it (no backslash doubled): single quotes, or
    double ones when it holds a single quote."""
    if "'" not in text:
        return f"'{text}'"
    return f'"{text}"' if '"' not in text else repr(text)


def _typed(query: str, terms: list) -> str:
    """The name words of ``terms`` as the query has them (from the first one's start to the
    last one's end, quotes included: ``'Gambler's'``); their texts joined when the query's
    text is not at hand (a query read in NFKC)."""
    spans = []
    for t in terms:
        start = t.pos if isinstance(t, Text) else t.value_pos  # (a name: term: its value)
        end = start + len(t.text if isinstance(t, Text) else t.value)
        if isinstance(t, Text) and query[t.pos:t.pos + 1] in ("'", '"') and not t.wild:
            end += 2
        elif isinstance(t, Cmp) and query[t.value_pos:t.value_pos + 1] in ("'", '"'):
            end += 2
        spans.append((start, end))
    return query[spans[0][0]:spans[-1][1]].strip()


def _split_words(query: str, terms: list) -> list[str]:
    """How the query cut what may look like one word: a quote next to a word with no space
    (``'Gambler's'`` reads as the phrase ``Gambler`` and the word ``s'``), a backslash before
    a space (``Mire\\ Hag``: no escape in the search)."""
    out = []
    for a, b in zip(terms, terms[1:]):
        a_end = _typed(query, [a])
        a_at = query.find(a_end, a.pos)
        b_at = b.pos if isinstance(b, Text) else b.value_pos
        quote = a_at >= 0 and a_at + len(a_end) == b_at and 0 < b_at < len(query) and (
            query[b_at - 1] in "'\"" or query[b_at] in "'\"")
        if quote:
            shown = query[a_at:b_at + len(_typed(query, [b]))]
            parts = " and ".join(_quote(t.text if isinstance(t, Text) else t.value) for t in (a, b))
            out.append(f"{_quote(shown)} reads as {parts} (a quote starts or ends a phrase): for a quote inside a name, "
                       f"put the name in the other quotes (\"Gambler's Brew\") or leave the quote out")
    for t in terms:
        text = t.text if isinstance(t, Text) else t.value
        if text.endswith("\\"):
            out.append(f"a backslash does not join words in the search ({_quote(_typed(query, [t]))}): put the name "
                       f"in quotes instead (\"Mire Hag\", name:\"Mire Hag\")")
    return out


def _name_hints(ast: Any, query: str, terms: list, conn) -> list[str]:
    """The hints of a search that found nothing and names cards (:func:`search_hints`):
    the words as typed, in their order; the cards they do match but other terms excluded, or
    the closest names, or that no name is close."""
    words = [(t.text if isinstance(t, Text) else t.value, t.wild) for t in terms]
    text = _typed(query, terms) or " ".join(w.strip() for w, _ in words)
    out = _split_words(query, terms)
    named = _named_but_excluded(ast, words, conn, text)
    if named is not None:  # the words match cards: another term left them out, no misspelling
        return out + [named]
    plain_words = " ".join(w.replace("*", " ").strip() for w, _ in words if w.strip())
    folded: dict[str, str] = {}  # folded name -> what the hint shows
    for (n,) in conn.execute(select(Card.name).distinct()):
        folded.setdefault(fold(n), repr(n))
    for a, n in conn.execute(select(Alias.name, Card.name).join(Card, Card.id == Alias.card_id)):
        folded.setdefault(fold(a), f"{a!r} ({n})")
    key = " ".join(fold(plain_words).split())
    near = close_matches(key, list(folded), n=3) if key else []
    if not near and key:  # word by word: each word close to a word of the name
        vocab: dict[str, set[str]] = {}
        for f in folded:
            for w in f.split():
                vocab.setdefault(w, set()).add(f)
        pools = []
        for w in key.split():
            close = close_matches(w, list(vocab), n=5)
            pools.append(set().union(*(vocab[c] for c in close)) if close else set())
        hits = set.intersection(*pools) if pools else set()
        near = sorted(hits, key=lambda f: -difflib.SequenceMatcher(None, key, f).ratio())[:3]
    if near:
        out.append(f"no card is named like {_quote(text)}; did you mean {', '.join(folded[n] for n in near)}?")
    elif any(w[1] for w in words):
        out.append(f"no card name or alias fits {_quote(text)} ('*' stands for any characters; the whole name must fit)")
    elif not any(ch.isalnum() for w, _ in words for ch in fold(w)):  # an emoji, a symbol: said, not silent
        out.append(f"no card name or alias holds {_quote(text)} (it has no letter or digit; a name word matches "
                   f"where the name has it, e.g. an emoji a designer card's name holds)")
    return out
