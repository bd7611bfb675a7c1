"""Card search syntax, parsed with lark (``search.lark``) and compiled to SQLAlchemy.

Syntax (case-insensitive; terms next to each other are and-ed):

* ``troll`` / ``"net troll"``: substring of the card name or of one of its aliases
* ``set:munchkin`` (code or name), ``kind:monster``, ``deck:door``, ``tag:undead``,
  ``slot:headgear``, ``version:V2``, ``provenance:printed``, ``origin:designer``,
  ``name:troll`` (substring), ``big:yes``, ``manual:no``. ``deck:NAME`` matches a draw pile
  (door, treasure, ...) or the cards of the saved deck called NAME.
* comparisons ``level>=10``, ``bonus>2``, ``treasures=3``, ``gold<500``, ``copies>1``,
  ``levels=2`` (levels gained); operators ``: = != < <= > >=`` (``:`` and ``=`` mean equal).
  A card without the number (``null``) never matches a comparison.
* ``-term`` negates, ``or`` (lower precedence than the implicit and), ``and``, parentheses.

Errors raise :class:`SearchSyntaxError` (``.position`` = 0-based offset); an unknown field
suggests the nearest one.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from sqlalchemy import ColumnElement, Select, and_, false, func, not_, or_, select, true

from ..engine.cards import DECKS, KINDS, SLOTS
from .errors import SearchSyntaxError
from .files import PROVENANCES, VERSIONS
from .models import Alias, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag
from ..config import ulower

__all__ = ["SearchSyntaxError", "parse", "compile_query", "select_cards", "FIELDS"]

NUMERIC_FIELDS = {"level": "level", "bonus": "bonus", "treasures": "treasures", "gold": "gold",
                  "copies": "copies", "levels": "levels_gained", "levels_gained": "levels_gained"}
TEXT_FIELDS = ("set", "kind", "deck", "tag", "slot", "version", "provenance", "origin", "name")
BOOL_FIELDS = ("big", "manual")
#: every field name the syntax knows
FIELDS = tuple(sorted(set(NUMERIC_FIELDS) | set(TEXT_FIELDS) | set(BOOL_FIELDS)))

MAX_TERMS = 100
MAX_DEPTH = 40
MAX_INT = 2**31 - 1
_TRUE = {"true", "yes", "y", "1"}
_FALSE = {"false", "no", "n", "0"}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = (Path(__file__).resolve().parent / "search.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)


# --------------------------------------------------------------------------- AST


@dataclass(frozen=True)
class Text:
    """Bare or quoted word: substring of name or alias."""

    text: str
    pos: int


@dataclass(frozen=True)
class Cmp:
    """``field op value`` (field/op/value as typed; positions of field and value)."""

    field: str
    op: str
    value: str
    pos: int
    value_pos: int


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

    def phrase(self, items):
        (tok,) = items
        return Text(str(tok)[1:-1], tok.start_pos)

    def word_value(self, items):
        if len(items) == 2:
            return ("-" + str(items[1]), items[0].start_pos)
        return (str(items[0]), items[0].start_pos)

    def string_value(self, items):
        return (str(items[0])[1:-1], items[0].start_pos)

    def cmp(self, items):
        field, op, (value, vpos) = items
        return Cmp(str(field), str(op), value, field.start_pos, vpos)

    def not_(self, items):
        return Not(items[-1])

    def and_(self, items):
        items = [i for i in items if not isinstance(i, Token)]
        return items[0] if len(items) == 1 else And(tuple(items))

    def or_(self, items):
        items = [i for i in items if not isinstance(i, Token)]
        return items[0] if len(items) == 1 else Or(tuple(items))


def _syntax_error(exc: UnexpectedInput, query: str) -> SearchSyntaxError:
    if isinstance(exc, UnexpectedEOF):
        return SearchSyntaxError("the query ends too early (a value or ')' is missing)", len(query), query)
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
        if tok.type == "$END":
            return SearchSyntaxError("the query ends too early (a value or ')' is missing)", len(query), query)
        pos = tok.start_pos if tok.start_pos is not None else len(query)
        what = {"RPAR": "')' without a matching '('", "OP": f"operator {str(tok)!r} without a field",
                "_OR": "'or' needs a term on both sides", "_AND": "'and' needs a term on both sides"}
        return SearchSyntaxError(what.get(tok.type, f"unexpected {str(tok)!r}"), pos, query)
    return SearchSyntaxError(str(exc).splitlines()[0], getattr(exc, "pos_in_stream", 0) or 0, query)


def parse(query: str) -> Any:
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
    stack = [(tree, 1)]
    while stack:
        node, d = stack.pop()
        depth = max(depth, d)
        if isinstance(node, Tree):
            if node.data in ("word", "phrase", "cmp"):
                terms += 1
            stack.extend((c, d + 1) for c in node.children)
    if terms > MAX_TERMS:
        raise SearchSyntaxError(f"too many terms ({terms}; at most {MAX_TERMS})", 0, query)
    if depth > MAX_DEPTH:
        raise SearchSyntaxError(f"the query is nested too deeply (at most {MAX_DEPTH} levels)", 0, query)
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
    near = difflib.get_close_matches(v, list(lowered), n=1, cutoff=0.5)
    hint = f"; did you mean {lowered[near[0]]!r}?" if near else f" (one of {', '.join(choices)})"
    raise SearchSyntaxError(f"unknown {what} {value!r}{hint}", node.value_pos, query)


def _contains(col, text: str):
    return ulower(col).contains(text.lower(), autoescape=True)


def _name_match(text: str) -> ColumnElement:
    return or_(
        _contains(Card.name, text),
        Card.id.in_(select(Alias.card_id).where(_contains(Alias.name, text))),
    )


def _compile(node: Any, query: str) -> ColumnElement:
    if isinstance(node, Text):
        return _name_match(node.text)
    if isinstance(node, Not):
        return not_(_compile(node.term, query))
    if isinstance(node, And):
        return and_(*(_compile(t, query) for t in node.terms))
    if isinstance(node, Or):
        return or_(*(_compile(t, query) for t in node.terms))
    if isinstance(node, Cmp):
        return _compile_cmp(node, query)
    raise SearchSyntaxError(f"cannot compile {node!r}", 0, query)  # pragma: no cover


def _compile_cmp(node: Cmp, query: str) -> ColumnElement:
    field = node.field.lower()
    op = "=" if node.op == ":" else node.op
    if field in NUMERIC_FIELDS:
        col = getattr(Card, NUMERIC_FIELDS[field])
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
        near = difflib.get_close_matches(field, FIELDS, n=1, cutoff=0.4)
        hint = f"; did you mean {near[0]!r}?" if near else f" (known fields: {', '.join(FIELDS)})"
        raise SearchSyntaxError(f"unknown field {node.field!r}{hint}", node.pos, query)
    if op not in ("=", "!="):
        raise SearchSyntaxError(f"{field} only supports ':', '=' and '!=' (not {node.op!r})", node.pos, query)
    cond = _text_condition(field, node, query)
    return not_(cond) if op == "!=" else cond


def _text_condition(field: str, node: Cmp, query: str) -> ColumnElement:
    raw = node.value.strip()
    value = raw.lower()
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
        saved = Card.id.in_(select(DeckEntry.card_id).join(Deck, Deck.id == DeckEntry.deck_id)
                            .where(func.lower(Deck.name) == value))
        pile = _norm(raw)
        return or_(Card.deck == pile, saved) if pile in DECKS else saved
    if field == "name":
        return _name_match(raw)
    raise SearchSyntaxError(f"unknown field {field!r}", node.pos, query)  # pragma: no cover


def compile_query(query: str) -> ColumnElement:
    """Compile ``query`` into a SQLAlchemy boolean expression over :class:`Card`.

    Raises:
        SearchSyntaxError: the query cannot be parsed, names an unknown field or has a bad value.
    """
    ast = parse(query)
    if ast is None:
        return true()
    return _compile(ast, query)


def select_cards(query: str = "") -> Select:
    """``SELECT card.id FROM card WHERE <query>`` ordered by set position, set code, card
    position and name (a :class:`sqlalchemy.Select`).

    Raises:
        SearchSyntaxError: see :func:`compile_query`.
    """
    where = compile_query(query)
    return (select(Card.id).join(CardSet, CardSet.id == Card.set_id).where(where)
            .order_by(CardSet.position, CardSet.code, Card.position, Card.name, Card.id))
