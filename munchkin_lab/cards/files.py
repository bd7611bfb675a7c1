"""The card-file schema (pydantic v2 models) and the safe reading of card files.

The format is documented in ``database/README.md``; its JSON Schema, for editors, is
``database/cards.schema.json`` (written by :func:`write_json_schema`, ``munchkin-lab db
schema``). One schema serves every place a card comes from: the set files (``db check`` and
``db build`` share :func:`munchkin_lab.cards.build.load_files`), the CSV import, the designer
form (:class:`CardFile`) and the inline cards of scenario files (:class:`ScenarioCard`).

Every model forbids unknown fields and is strict: ``copies: true``, ``bonus: '+3'`` or
``big: 'false'`` are errors, not read as 1, 3 or true. Numbers must lie within
:data:`BOUNDS` (what the game can mean); texts are free of control characters. The
``effects`` part is checked by :mod:`munchkin_lab.cards.effect_schema` (one place, to be
swapped: it is the card-effect language, :mod:`munchkin_lab.engine.lang`). :func:`read_yaml` reads through
:mod:`munchkin_lab.safe_yaml` (no aliases/anchors, depth and size limits) and returns the data
plus the composed node tree, so that every problem is reported as
``path:line: card 'Name': field: message``.
"""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Optional

import yaml
from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator,
                      model_validator)
from pydantic_core import InitErrorDetails, PydanticCustomError

from .. import safe_yaml
from ..engine.cards import DECKS, FIELD_KINDS, KIND_PILES, KINDS, SLOTS, CardSpec, a_kind, kinds_text
from ..engine.lang.names import shipped
from ..engine.lang.parse import yaml_text
from ..suggest import close_matches
from .effect_schema import SHIPPED, atom_name_problems, effect_errors, error_message

Kind = Literal[KINDS]  # type: ignore[valid-type]
DeckName = Literal[DECKS]  # type: ignore[valid-type]
Slot = Literal[SLOTS]  # type: ignore[valid-type]
Provenance = Literal["printed", "inferred", "designer"]
PROVENANCES = ("printed", "inferred", "designer")
VERSIONS = ("V1", "V2")
FAMILIES = ("munchkin", "solar_storm")
SET_KINDS = ("base", "expansion", "fan")

#: Allowed range (inclusive) of every number of a card file: what the game can mean. A
#: monster's Level, Treasures and the Levels it gives, a combat bonus (an enhancer's Level
#: change), a Gold value, copies in a printed set and a set's printed card count.
BOUNDS: dict[str, tuple[int, int]] = {
    "copies": (1, 100),
    "level": (0, 100),
    "treasures": (0, 20),
    "levels_gained": (0, 10),
    "bonus": (-50, 50),
    "gold": (0, 10_000),
    "printed_cards": (0, 10_000),
}
#: Longest texts (characters): names, tags and aliases; free texts; set codes (a code names
#: its file, ``sets/<code>.yaml``, and is written in deck lines: ``[code]``).
MAX_NAME = 200
MAX_TEXT = 4000
MAX_CODE = 64

#: Tags the loader derives (name -> rule); they need not be declared or written on cards.
DERIVED_TAGS: dict[str, str] = {
    "One-Shot": "kind one_shot",
    "Big": "big: true",
    "Vehicle": "slot vehicle",
    "Portal": "kind portal",
    "Dungeon": "kind dungeon",
    "V1": "version V1",
    "V2": "version V2",
}

_CTRL_TEXT = re.compile("[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\x80-\x9F\uD800-\uDFFF]")
_CTRL_LINE = re.compile("[\x00-\x1F\x7F\x80-\x9F\u2028\u2029\uD800-\uDFFF]")


def _atom_value_hint(atom: Any) -> str | None:
    """The effect language's words for a mistyped value of a condition atom, when it has a
    close match (``gender:femal``: ``expected one of male, female (did you mean 'female'?)``),
    as the effects' ``if:`` gets them (:func:`munchkin_lab.engine.lang.parse.parse_atom`);
    else None."""
    from ..engine.lang.parse import parse_atom

    if not isinstance(atom, str):
        return None
    try:
        parse_atom(atom)
    except ValueError as exc:
        head, sep, tail = str(exc).partition(" - ")  # "gender:femal - expected one of ..."
        return tail if sep and tail.startswith("expected one of") and "did you mean" in tail else None
    return None


def _no_control(value: str) -> str:
    m = _CTRL_TEXT.search(value)
    if m:
        raise ValueError(f"control character U+{ord(m.group()):04X} is not allowed")
    return value


def single_spaces(value: str) -> str:
    """``value`` with its ends stripped and every run of spaces of any width (a tab, a
    no-break space U+00A0, U+2002-U+200A, U+202F, U+3000...) made one plain space: the one
    rule of how names are stored and looked up, card names (:func:`_one_line`) and deck names
    (:func:`munchkin_lab.decks.model.check_deck_name`) alike: ``" My\u00a0 deck "`` is
    ``"My deck"``."""
    return " ".join(value.split())


def _one_line(value: str) -> str:
    """One line of text (names, codes, tags), as stored: a line break (also U+2028, U+2029),
    another control character or an invisible format character (a zero-width space) is an
    error; every run of spaces of any width (a no-break space U+00A0, U+2002-U+200A, U+202F,
    U+3000...) becomes one plain space, as the ends are stripped (``str_strip_whitespace``),
    so ``"Fen\u00a0Wisp"`` is stored as ``"Fen Wisp"``, the name :func:`munchkin_lab.cards.
    designer.name_key` already compared it as."""
    m = _CTRL_LINE.search(value)
    if m:
        what = "a line break" if m.group() in "\n\r\u2028\u2029" else f"control character U+{ord(m.group()):04X}"
        raise ValueError(f"{what} is not allowed (one line of text)")
    for ch in value:  # (a zero-width space would make a name that looks like another one)
        if unicodedata.category(ch) == "Cf":
            raise ValueError(f"invisible character U+{ord(ch):04X} ({unicodedata.name(ch, 'format character')}) "
                             "is not allowed (one line of text: names, codes, tags)")
    return single_spaces(value)


#: One line of text (names, codes, tags): no line break, no control character; runs of spaces
#: stored as one plain space (_one_line).
Line = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_one_line)]
#: Free text (summary, source, notes): line breaks allowed, no other control character.
Text = Annotated[str, Field(max_length=MAX_TEXT), AfterValidator(_no_control)]


def _num(name: str, default: Any = None) -> Any:
    lo, hi = BOUNDS[name]
    return Field(default=default, ge=lo, le=hi)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, strict=True)


class TagFile(_Strict):
    """A declared tag: display ``name`` (matched case-insensitively) and a description."""

    name: Line
    description: Optional[Text] = None


class TagsFile(_Strict):
    """``database/tags.yaml``."""

    tags: list[TagFile] = Field(default_factory=list)


class SetHeader(_Strict):
    """The ``set:`` header of a set file."""

    code: str = Field(min_length=1, max_length=MAX_CODE, pattern=r"^[a-z0-9_]+$")
    name: Line
    family: Literal[FAMILIES]  # type: ignore[valid-type]
    kind: Literal[SET_KINDS]  # type: ignore[valid-type]
    printed_cards: Optional[int] = _num("printed_cards")
    requires: list[Line] = Field(default_factory=list)
    source: Optional[Text] = None
    notes: Optional[Text] = None


class AliasFile(_Strict):
    """Another printed or translated name (``language``: ISO code such as ``pl``, optional)."""

    name: Line
    language: Optional[str] = Field(default=None, min_length=2, max_length=12, pattern=r"^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$")


def _names(info: ValidationInfo) -> Any:
    """The names context of a validation (``context={"names": ...}``, see
    :func:`munchkin_lab.cards.effect_schema.names_of`); default: the shipped sets' names."""
    ctx = info.context
    return ctx["names"] if isinstance(ctx, dict) and "names" in ctx else SHIPPED


def _effects_error(effects: Any, kind: str | None = None, runnable: bool = False, names: Any = SHIPPED) -> Any:
    """Check ``effects`` with :func:`~munchkin_lab.cards.effect_schema.effect_errors`; raise
    one pydantic error per problem, located at the offending key (so that the loader can name
    its line)."""
    if effects is None:
        return {}
    if not isinstance(effects, dict):
        raise ValueError(f"expected a mapping of effect keys, got {yaml_text(effects)}")
    problems = effect_errors(effects, kind, runnable=runnable, names=names)
    if not problems:
        return effects
    details = []
    for path, message in problems:
        value: Any = effects
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                value = None
                break
        details.append(InitErrorDetails(type=PydanticCustomError("effect", "{message}", {"message": message}),
                                        loc=tuple(path), input=value))
    raise ValidationError.from_exception_data("effects", details)


#: The fields a Fairy Dust card reads only as an Item, i.e. with a Gold value
#: (:meth:`CardFields._dust_item_fields`).
DUST_ITEM_FIELDS = ("bonus", "slot", "big", "usable_by", "not_usable_by")


class CardFields(_Strict):
    """The fields every card has, wherever it is written (set file, CSV, designer form,
    scenario file): identity, vocabulary, numbers (:data:`BOUNDS`), restrictions, tags and
    ``effects``."""

    name: Line
    kind: Kind
    deck: DeckName
    level: Optional[int] = _num("level")
    treasures: Optional[int] = _num("treasures")
    levels_gained: Optional[int] = _num("levels_gained")
    bonus: Optional[int] = _num("bonus")
    slot: Optional[Slot] = None
    big: bool = False
    gold: Optional[int] = _num("gold")
    version: Optional[Literal[VERSIONS]] = None  # type: ignore[valid-type]
    usable_by: list[Line] = Field(default_factory=list)
    not_usable_by: list[Line] = Field(default_factory=list)
    tags: list[Line] = Field(default_factory=list)
    effects: dict[str, Any] = Field(default_factory=dict)
    manual: bool = False

    #: Check the short forms against the engine's vocabulary too: True for cards that are
    #: played at once (scenario cards); set files get that rule from the loader.
    _runnable: ClassVar[bool] = False

    # The names in ``effects``, ``usable_by`` and ``not_usable_by`` (Races, Classes, tags,
    # card names) must exist: among the names of the validation context
    # (``model_validate(data, context={"names": effect_schema.names_of(...)})``: the loader,
    # the designer and the scenario runner pass every set plus the cards being checked),
    # else among the shipped sets' names; ``{"names": None}`` leaves them unchecked.

    @field_validator("effects", mode="before")
    @classmethod
    def _check_effects(cls, value: Any, info: ValidationInfo) -> Any:
        kind = info.data.get("kind") if isinstance(info.data, dict) else None
        return _effects_error(value, kind if isinstance(kind, str) else None, runnable=cls._runnable,
                              names=_names(info))

    @field_validator("usable_by", "not_usable_by")
    @classmethod
    def _atoms(cls, value: list[str], info: ValidationInfo) -> list[str]:
        from ..engine.effects import valid_atom

        bad = [a for a in value if not valid_atom(a)]
        if bad:
            names = _names(info)
            meant = isinstance(bad[0], str) and (names if hasattr(names, "atom_for") else shipped()).atom_for(bad[0])
            if meant:
                raise ValueError(f"bad condition atom {bad[0]!r} (did you mean {meant!r}?)")
            close = _atom_value_hint(bad[0])
            raise ValueError(f"bad condition atom {yaml_text(bad[0])}" + (f": {close}" if close else
                             " (e.g. race:elf, class:wizard, gender:female, human)"))
        unknown = atom_name_problems(value, _names(info))
        if unknown:
            raise ValueError("; ".join(unknown))
        return value

    @field_validator("deck")
    @classmethod
    def _pile_of_kind(cls, value: str, info: ValidationInfo) -> str:
        """A card lies in the pile its kind is dealt from (:data:`munchkin_lab.engine.cards.
        KIND_PILES`): a monster in the Treasure deck, or a Race in the Character pile, would
        never be played."""
        kind = info.data.get("kind") if isinstance(info.data, dict) else None
        piles = KIND_PILES.get(kind) if isinstance(kind, str) else None
        if piles is None or value in piles:
            return value
        raise PydanticCustomError("pile", "{a_kind} lies in the {piles} pile, not {pile}: it would never be played",
                                  {"a_kind": a_kind(kind), "piles": " or ".join(piles), "pile": value})

    @field_validator(*FIELD_KINDS)
    @classmethod
    def _read_on_kind(cls, value: Any, info: ValidationInfo) -> Any:
        """A field the engine reads only on some kinds (:data:`munchkin_lab.engine.cards.
        FIELD_KINDS`) is refused on another kind, where it would do nothing (a Race's
        ``level``, ``slot`` or ``gold``). Its empty value (none, false, []) is fine anywhere, and
        so is ``gold: 0`` (a worthless card, as printed: the Hireling)."""
        kind = info.data.get("kind") if isinstance(info.data, dict) else None
        kinds = FIELD_KINDS[info.field_name]
        if not isinstance(kind, str) or kind in kinds or value is None or value is False or value == [] \
                or (info.field_name == "gold" and value == 0):
            return value
        raise PydanticCustomError("kind", "`{field}` is read on {kinds} only, not on {a_kind}: it would do nothing",
                                  {"field": info.field_name, "kinds": kinds_text(kinds), "a_kind": a_kind(kind)})

    @model_validator(mode="after")
    def _dust_item_fields(self) -> "CardFields":
        """A Fairy Dust card is an Item only when it has a Gold value (Munchkin Fairy Dust
        rules, Getting Fairy Dust Cards: valued cards are Items, the others are not; the engine's
        ``Items._dust_item``). Without ``gold`` the Item fields (:data:`DUST_ITEM_FIELDS`) would
        do nothing - such a card is never in play nor in use - so they are refused, each at its
        key, like a field on a kind that does not read it."""
        if self.kind != "fairy_dust" or self.gold is not None:
            return self
        bad = [f for f in DUST_ITEM_FIELDS if getattr(self, f) not in (None, False, [])]
        if not bad:
            return self
        raise ValidationError.from_exception_data("CardFields", [InitErrorDetails(
            type=PydanticCustomError("kind", "`{field}` is read on a Fairy Dust card only when it has a `gold` "
                                     "value (then it is an Item): without one it would do nothing",
                                     {"field": f}), loc=(f,), input=getattr(self, f)) for f in bad])


class CardFile(CardFields):
    """One card entry of a set file (see ``database/README.md``)."""

    copies: int = _num("copies", 1)
    aliases: list[AliasFile] = Field(default_factory=list)
    provenance: Provenance = "printed"
    source: Optional[Text] = None
    summary: Optional[Text] = None

    @field_validator("aliases", mode="before")
    @classmethod
    def _plain_alias(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"name": v} if isinstance(v, str) else v for v in value]
        return value

    @field_validator("aliases", mode="after")
    @classmethod
    def _no_repeated_alias(cls, value: list[AliasFile]) -> list[AliasFile]:
        """An alias is listed once per card: the same name twice (case aside; names are
        compared single-spaced, :data:`Line`) is refused, unless both entries give a
        language and the languages differ (one word in two languages)."""
        first: dict[str, list[tuple[int, AliasFile]]] = {}
        for j, a in enumerate(value):
            for i, b in first.get(a.name.casefold(), []):
                if a.language is None or b.language is None or a.language.lower() == b.language.lower():
                    same = "" if a.name == b.name else f" as {b.name!r}"
                    message = f"alias {a.name!r} is listed twice (aliases[{i}]{same} and aliases[{j}]); list it once"
                    raise PydanticCustomError("alias", "{message}", {"message": message})
            first.setdefault(a.name.casefold(), []).append((j, a))
        return value

    @field_validator("source", "summary", mode="after")
    @classmethod
    def _empty_is_none(cls, value: Optional[str]) -> Optional[str]:
        return value or None

    @model_validator(mode="after")
    def _source_required(self) -> "CardFile":
        if self.provenance in ("printed", "inferred") and not (self.source or "").strip():
            raise ValueError(f"source: required when provenance is {self.provenance!r} (add source: saying where "
                             "the card's facts come from, or provenance: designer for a card of your own)")
        return self


class ScenarioCard(CardFields):
    """An inline card of a scenario file (``cards:``): the :class:`CardFields` plus the set
    code (default ``scenario``) and, rarely, an explicit engine ``key``. No provenance or
    source: the scenario file is the source."""

    _runnable: ClassVar[bool] = True

    set: str = Field(default="scenario", min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")
    key: Optional[Line] = None

    def spec(self) -> CardSpec:
        """The engine's frozen :class:`CardSpec` of this card."""
        fields = self.model_dump(exclude_none=True)
        return CardSpec.make(**fields)


class SetFile(_Strict):
    """A ``database/sets/<code>.yaml`` file."""

    set: SetHeader
    tags: list[TagFile] = Field(default_factory=list)
    cards: list[CardFile] = Field(default_factory=list)


# --------------------------------------------------------------------------- YAML + lines


class YamlDoc:
    """A parsed YAML file: ``data`` (plain Python) and ``node`` (composed tree with marks)."""

    def __init__(self, path: Path, data: Any, node: yaml.Node | None, display: str | None = None):
        self.path = path
        self.path_display = display or str(path)
        self.data = data
        self.node = node

    def line_of(self, loc: tuple) -> int | None:
        """1-based line of the node at ``loc`` (mapping keys / sequence indexes); the deepest
        existing ancestor's line when the path does not exist (e.g. a missing field)."""
        node = self.node
        line = node.start_mark.line + 1 if node is not None else None
        for part in loc:
            nxt = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if k.value == part:
                        nxt = v if not isinstance(v, yaml.ScalarNode) else k
                        # point at the key line for scalars (same line in practice)
                        break
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                nxt = node.value[part]
            if nxt is None:
                break
            node = nxt
            line = node.start_mark.line + 1
        return line


def read_yaml(path: Path, display: str, max_bytes: int = safe_yaml.MAX_BYTES) -> tuple[YamlDoc | None, list[str]]:
    """Parse ``path`` through :mod:`munchkin_lab.safe_yaml`; return ``(document, problems)``.
    Unreadable, too large or binary files, malformed YAML, aliases/anchors, nesting deeper
    than :data:`munchkin_lab.safe_yaml.MAX_DEPTH`, control characters and duplicate mapping
    keys become problems ``"display:line: message"`` (never an exception)."""
    try:
        doc = safe_yaml.read_yaml_file(path, display, max_bytes=max_bytes)
    except safe_yaml.YamlFileError as exc:
        return None, [f"{p.where(display)}: {p.message}" for p in exc.problems]
    return YamlDoc(Path(path), doc.data, doc.node, display), []


def field_path(loc: tuple) -> str:
    """``("aliases", 1, "name")`` -> ``"aliases[1].name"``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _describe(err: dict, model: type | None = None) -> tuple[str, str]:
    """(field path, message) for one pydantic error on a card-file model; ``model``: the
    model validated when it is not a set file's card (:class:`ScenarioCard`): the
    did-you-mean hint offers its fields."""
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    typ = err["type"]
    field = field_path(loc)
    names = [p for p in loc if isinstance(p, str)]
    last = names[-1] if names else "value"
    ctx = err.get("ctx") or {}
    if typ == "literal_error":
        expected = str(ctx.get("expected", ""))
        near = close_matches(str(err.get("input")).lower(), re.findall(r"'([^']*)'", expected), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        return field, f"unknown {last} {yaml_text(err.get('input'))}{hint} (expected {expected})"
    if typ == "extra_forbidden" and len(loc) == 1 and isinstance(loc[0], str):
        if model is ScenarioCard and loc[0] in CardFile.model_fields:
            return field, ("not a field of a scenario card: the scenario file is its source "
                           "(provenance and source belong to cards in set files)")
        known = sorted(set((model or CardFile).model_fields) | (set() if model else set(SetHeader.model_fields)))
        near = close_matches(loc[0].lower(), known, n=1)
        return field, "unknown field" + (f"; did you mean {near[0]!r}?" if near else "")
    if typ == "extra_forbidden" and len(loc) == 2 and loc[0] == "set" and isinstance(loc[1], str) and model is None:
        # a set file's header (set: code, name, family, ...), as a card's fields get one
        near = close_matches(loc[1].lower(), sorted(SetHeader.model_fields), n=1)
        return field, "unknown field" + (f"; did you mean {near[0]!r}?" if near else "")
    if typ in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        op = {"greater_than_equal": ">=", "less_than_equal": "<=", "greater_than": ">", "less_than": "<"}[typ]
        limit = ctx.get({">=": "ge", "<=": "le", ">": "gt", "<": "lt"}[op])
        allowed = ""
        if last in BOUNDS and len(names) == 1:
            allowed = " (allowed: {}..{})".format(*BOUNDS[last])
        return field, f"must be {op} {limit}, got {yaml_text(err.get('input'))}{allowed}"
    if typ == "string_too_long":
        return field, f"too long ({len(str(err.get('input')))} characters; at most {ctx.get('max_length')})"
    if typ == "effect":
        return field, str(err["msg"])
    if typ == "value_error":
        msg = str(ctx.get("error", err["msg"]))
        if ": " in msg and not field:
            f, m = msg.split(": ", 1)
            return f, m
        return field, msg
    return field, error_message(err)


def validation_problems(doc: YamlDoc, exc: ValidationError, card_prefix: tuple = ("cards",),
                        at: tuple = ()) -> list[str]:
    """Turn a pydantic error on ``doc`` into ``path:line: card 'Name': field: message`` lines.
    ``at``: where in ``doc`` the validated value lies (``("cards", 3)`` for one card checked
    on its own)."""
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(at) + tuple(err["loc"])
        line = doc.line_of(loc)
        where = f"{doc.path_display}:{line}" if line else doc.path_display
        who = ""
        n = len(card_prefix)
        if loc[:n] == card_prefix and len(loc) > n and isinstance(loc[n], int):
            raw = _index(doc.data, loc[: n + 1])
            name = raw.get("name") if isinstance(raw, dict) else None
            who = f"card {name!r}: " if name else f"card #{loc[n] + 1}: "
            field, msg = _describe({**err, "loc": loc[n + 1:]})
        else:
            field, msg = _describe(err)
        out.append(f"{where}: {who}{field + ': ' if field else ''}{msg}")
    return out


def _index(data: Any, loc: tuple) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


# --------------------------------------------------------------------------- JSON Schema

#: Where the exported JSON Schema of set files lives (``munchkin-lab db schema``).
SCHEMA_FILE = "cards.schema.json"
#: The effect language's JSON Schema, in the same folder (referred to, not copied).
EFFECTS_SCHEMA_FILE = "effects.schema.json"


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a set file (``database/sets/<code>.yaml``), built
    from :class:`SetFile`; ``effects`` refers to the effect language's schema next to it
    (``effects.schema.json``, generated by ``python -m munchkin_lab.engine.lang.docs``), so
    that the effect part lives in one place.
    Editors that speak JSON Schema (VS Code's YAML extension, IntelliJ) validate and complete
    card files with it. ``tags.yaml`` has the shape of :class:`TagsFile` (the set file's
    ``tags`` list)."""
    schema = SetFile.model_json_schema(by_alias=True, mode="validation")
    defs = schema.setdefault("$defs", {})
    defs["Effects"] = {"$ref": EFFECTS_SCHEMA_FILE,
                       "description": "the card-effect language: database/effects.schema.json (database/EFFECTS.md)"}
    card = defs["CardFile"]
    card["properties"]["effects"] = {"anyOf": [{"$ref": "#/$defs/Effects"}, {"type": "null"}],
                                     "description": "structured effects (database/README.md, Effects)"}
    card["properties"]["aliases"]["items"] = {"anyOf": [{"$ref": "#/$defs/AliasFile"},
                                                        {"type": "string", "minLength": 1}]}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://munchkin-lab.invalid/database/cards.schema.json"
    schema["title"] = "munchkin-lab set file"
    schema["description"] = ("A database/sets/<code>.yaml file: the set header, the tags it declares and "
                             "its cards (format: database/README.md). Generated by `munchkin-lab db schema`.")
    return schema


def json_schema_text() -> str:
    """:func:`json_schema` as the committed file's text (sorted keys, 2-space indent)."""
    return json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_json_schema(path: str | Path | None = None, *, exclusive: bool = False) -> Path:
    """Write :func:`json_schema_text` to ``path`` (default ``database/cards.schema.json``)
    atomically; returns the path.

    Args:
        exclusive: never replace a file at ``path`` (``db schema --out F`` without
            ``--force``, which checked at its start that F was free): a file that appeared
            there meanwhile is kept and the schema goes beside it
            (:func:`munchkin_lab.fileio.atomic_path`).
    Raises:
        FileAppearedError: (``exclusive``) ``path`` was taken meanwhile; the schema is in
            its ``kept`` file (``<name>.not-replaced.json``).
        OSError: the file cannot be written; the previous one is kept.
    """
    from .. import config
    from ..fileio import atomic_write_text

    target = Path(path) if path is not None else config.DATABASE_DIR / SCHEMA_FILE
    atomic_write_text(target, json_schema_text(), exclusive=exclusive)
    return target
