"""Pydantic (v2) models of the card files and their YAML reading with line numbers.

The format is documented in ``database/README.md``. Every model forbids unknown fields.
:func:`read_yaml` returns the data plus the composed YAML node tree, so that validation
errors can be reported as ``path:line: card 'Name': field: message``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..engine.cards import DECKS, KINDS, SLOTS

Kind = Literal[KINDS]  # type: ignore[valid-type]
DeckName = Literal[DECKS]  # type: ignore[valid-type]
Slot = Literal[SLOTS]  # type: ignore[valid-type]
Provenance = Literal["printed", "inferred", "designer"]
PROVENANCES = ("printed", "inferred", "designer")
VERSIONS = ("V1", "V2")
FAMILIES = ("munchkin", "solar_storm")
SET_KINDS = ("base", "expansion", "fan")

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


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class TagFile(_Strict):
    """A declared tag: display ``name`` (matched case-insensitively) and a description."""

    name: str = Field(min_length=1)
    description: Optional[str] = None


class TagsFile(_Strict):
    """``database/tags.yaml``."""

    tags: list[TagFile] = Field(default_factory=list)


class SetHeader(_Strict):
    """The ``set:`` header of a set file."""

    code: str = Field(min_length=1, pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    family: Literal[FAMILIES]  # type: ignore[valid-type]
    kind: Literal[SET_KINDS]  # type: ignore[valid-type]
    printed_cards: Optional[int] = Field(default=None, ge=0)
    requires: list[str] = Field(default_factory=list)
    source: Optional[str] = None
    notes: Optional[str] = None


class AliasFile(_Strict):
    """Another printed or translated name (``language``: ISO code such as ``pl``, optional)."""

    name: str = Field(min_length=1)
    language: Optional[str] = None


class CardFile(_Strict):
    """One card entry of a set file (see ``database/README.md``)."""

    name: str = Field(min_length=1)
    kind: Kind
    deck: DeckName
    copies: int = Field(default=1, ge=1)
    level: Optional[int] = Field(default=None, ge=0)
    treasures: Optional[int] = Field(default=None, ge=0)
    levels_gained: Optional[int] = Field(default=None, ge=0)
    bonus: Optional[int] = None
    slot: Optional[Slot] = None
    big: bool = False
    gold: Optional[int] = Field(default=None, ge=0)
    version: Optional[Literal[VERSIONS]] = None  # type: ignore[valid-type]
    usable_by: list[str] = Field(default_factory=list)
    not_usable_by: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)
    aliases: list[AliasFile] = Field(default_factory=list)
    provenance: Provenance = "printed"
    source: Optional[str] = None
    summary: Optional[str] = None
    effects: dict[str, Any] = Field(default_factory=dict)
    manual: bool = False

    @field_validator("aliases", mode="before")
    @classmethod
    def _plain_alias(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"name": v} if isinstance(v, str) else v for v in value]
        return value

    @field_validator("source", "summary", mode="after")
    @classmethod
    def _empty_is_none(cls, value: Optional[str]) -> Optional[str]:
        return value or None

    @field_validator("effects", mode="before")
    @classmethod
    def _none_effects(cls, value: Any) -> Any:
        return {} if value is None else value

    @model_validator(mode="after")
    def _source_required(self) -> "CardFile":
        if self.provenance in ("printed", "inferred") and not (self.source or "").strip():
            raise ValueError(f"source: required when provenance is {self.provenance!r}")
        return self


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


class _LineLoader(yaml.SafeLoader):
    """Safe loader (no custom tags)."""


def read_yaml(path: Path, display: str) -> tuple[YamlDoc | None, list[str]]:
    """Parse ``path``; return (document, problems). Malformed YAML and duplicate mapping keys
    become problems ``"display:line: malformed YAML: ..."``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [f"{display}: cannot read: {exc}"]
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        problems = _duplicate_keys(node, display) if node is not None else []
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{display}:{mark.line + 1}" if mark is not None else display
        problem = getattr(exc, "problem", None) or str(exc)
        ctx = getattr(exc, "context", None)
        msg = f"{ctx}, {problem}" if ctx else problem
        return None, [f"{where}: malformed YAML: {msg}"]
    finally:
        loader.dispose()
    if problems:
        return None, problems
    return YamlDoc(path, data, node, display), []


def _duplicate_keys(node: yaml.Node, display: str) -> list[str]:
    problems: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.MappingNode):
            seen: set = set()
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode):
                    if k.value in seen:
                        problems.append(
                            f"{display}:{k.start_mark.line + 1}: malformed YAML: duplicate key {k.value!r}"
                        )
                    seen.add(k.value)
                stack.append(v)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
    return problems


def _describe(err: dict) -> tuple[str, str]:
    """(field path, message) for one pydantic error."""
    loc = [str(p) for p in err["loc"] if not isinstance(p, int)]
    typ = err["type"]
    field = ".".join(loc)
    if typ == "extra_forbidden":
        return field, "unknown field"
    if typ == "missing":
        return field, "required field is missing"
    if typ == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        last = loc[-1] if loc else "value"
        return field, f"unknown {last} {err.get('input')!r} (expected {expected})"
    if typ == "greater_than_equal":
        return field, f"must be >= {err['ctx']['ge']}, got {err.get('input')!r}"
    if typ == "value_error":
        msg = str(err.get("ctx", {}).get("error", err["msg"]))
        if ": " in msg and not field:
            f, m = msg.split(": ", 1)
            return f, m
        return field, msg
    return field, err["msg"]


def validation_problems(doc: YamlDoc, exc: ValidationError, card_prefix: tuple = ("cards",)) -> list[str]:
    """Turn a pydantic error on ``doc`` into ``path:line: card 'Name': field: message`` lines."""
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
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
