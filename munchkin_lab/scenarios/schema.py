"""Types of a Munchkin scenario file's values (format: ``README.md`` in this folder).

:func:`check_scenario` type-checks a parsed file before anything is built: strict whole
numbers and booleans (``seed: '7'``, ``level: true``, ``undo: 1.5`` and ``alive: 'no'`` are
errors), the allowed ranges (Levels 1..10, die results 1..6, 2..6 players...), names as text
or lists of text, and the inline ``cards`` through the card-file schema
(:class:`munchkin_lab.cards.files.ScenarioCard`, so a typo such as ``portal: {drw: 1}`` in an
inline card is an error). Every problem names the field (``players[0].level``,
``steps[3].dice[0]``, ``cards[1] (Goblin): effects.portal.drw``) and, when known, the line.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ..cards.effect_schema import error_message
from ..cards.files import ScenarioCard, YamlDoc, field_path
from ..engine.rng import SEED_RANGE

#: Largest undo/redo count, step number and turn number a scenario may ask for.
COUNT_MAX = 100_000


def _names(value: Any) -> Any:
    """A card name or a list of card names (``None`` = none)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    bad = value if not isinstance(value, list) else next(v for v in value if not isinstance(v, str))
    raise ValueError(f"expected a card name or a list of card names, got {bad!r}")


def _who(value: Any) -> Any:
    """A player: name (text) or seat (0-based whole number)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6):
        return value
    raise ValueError(f"expected a player name or a seat 0..5, got {value!r}")


def _card_ref(value: Any) -> Any:
    """A card: name (text) or card id (whole number)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100_000):
        return value
    raise ValueError(f"expected a card name or a card id, got {value!r}")


def _dice(value: Any) -> Any:
    vals = value if isinstance(value, list) else [value]
    for v in vals:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise ValueError(f"a die shows 1..6, got {v!r}")
    return value


def _expect_error(value: Any) -> Any:
    if isinstance(value, (bool, str)):
        return value
    raise ValueError(f"expected true or a piece of the refusal's text, got {value!r}")


Names = Annotated[Any, BeforeValidator(_names)]
Who = Annotated[Any, BeforeValidator(_who)]
CardRef = Annotated[Any, BeforeValidator(_card_ref)]
Dice = Annotated[Any, BeforeValidator(_dice)]
Count = Annotated[int, Field(ge=0, le=COUNT_MAX)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerModel(_Strict):
    """One seat (README, ``players``)."""

    name: str = Field(min_length=1, max_length=100)
    gender: Literal["male", "female"] = "male"
    level: int = Field(default=1, ge=1, le=10)
    race: Names = None
    races: Names = None
    class_: Names = Field(default=None, alias="class")
    classes: Names = None
    hand: Names = None
    equipped: Names = None
    carried: Names = None
    curses: Names = None
    alive: bool = True
    half_breed: Names = None
    super_munchkin: Names = None

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class StepModel(_Strict):
    """One step (README, ``steps``)."""

    actor: Who = None
    action: Optional[str] = Field(default=None, min_length=1, max_length=40)
    text: Optional[str] = Field(default=None, max_length=500)
    card: CardRef = None
    target: Annotated[Any, BeforeValidator(lambda v: v if v is None or v == "discard" else _who(v))] = None
    side: Optional[Literal["munchkin", "munchkins", "monster", "monsters"]] = None
    monster: CardRef = None
    with_: CardRef = Field(default=None, alias="with")
    cards: Names = None
    treasures: Optional[int] = Field(default=None, ge=0, le=100)
    helper_first: Optional[bool] = None
    double: CardRef = None
    mode: Optional[str] = Field(default=None, min_length=1, max_length=80)
    n: Optional[int] = Field(default=None, ge=-COUNT_MAX, le=COUNT_MAX)
    expect: Optional[dict] = None
    expect_error: Annotated[Any, BeforeValidator(_expect_error)] = None
    dice: Dice = None
    note: Any = None
    undo: Count = 0
    redo: Count = 0

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class OptionsModel(BaseModel):
    """``options`` (the engine's ``GameOptions`` fields; names the engine does not know are
    reported by it)."""

    model_config = ConfigDict(extra="allow", strict=True)

    faster_play: bool = False
    shared_victory: bool = False
    setup_window: bool = False
    first_player: int = Field(default=0, ge=0, le=5)
    max_turns: Optional[int] = Field(default=None, ge=1, le=COUNT_MAX)
    hand_limit: int = Field(default=5, ge=0, le=50)
    modules: list[str] = Field(default_factory=list)
    module_options: dict[str, dict[str, Any]] = Field(default_factory=dict)


class ScenarioModel(_Strict):
    """A whole Munchkin scenario file (``cards`` are checked one by one, see
    :func:`check_scenario`)."""

    name: Optional[str] = Field(default=None, max_length=300)
    rule: Optional[str] = None
    description: Optional[str] = None
    game: Literal["munchkin"] = "munchkin"
    seed: int = Field(default=0, ge=SEED_RANGE[0], le=SEED_RANGE[1])  # the engine's range
    options: Optional[OptionsModel] = None
    cards: Optional[list] = None
    players: list[PlayerModel] = Field(min_length=2, max_length=6)
    decks: Optional[dict[str, Names]] = None
    discards: Optional[dict[str, Names]] = None
    active: Who = 0
    turn: int = Field(default=1, ge=1, le=COUNT_MAX)
    phase: Literal["start", "trouble", "end", "setup"] = "start"
    forced_dice: Optional[list[Annotated[int, Field(ge=1, le=6)]]] = None
    deal: bool = False
    steps: Optional[list[StepModel]] = None
    expect: Optional[dict] = None
    sets: Optional[list[str]] = None


def _message(err: dict) -> str:
    typ = err["type"]
    ctx = err.get("ctx") or {}
    if typ in ("greater_than_equal", "less_than_equal"):
        op = ">=" if typ == "greater_than_equal" else "<="
        return f"must be {op} {ctx.get('ge', ctx.get('le'))}, got {err.get('input')!r}"
    if typ in ("too_short", "too_long"):
        got = ctx.get("actual_length")
        if _loc(tuple(err.get("loc", ()))) == ("players",):
            lo = ScenarioModel.model_fields["players"].metadata
            low = next((m.min_length for m in lo if getattr(m, "min_length", None) is not None), 2)
            high = next((m.max_length for m in lo if getattr(m, "max_length", None) is not None), 6)
            return f"a scenario has {low} to {high} players, got {got}"
        if typ == "too_short":
            return f"at least {ctx.get('min_length')} entries needed, got {got}"
        return f"at most {ctx.get('max_length')} entries allowed, got {got}"
    return error_message(err)


def _loc(loc: tuple) -> tuple:
    return tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))


def _field(loc: tuple) -> str:
    """Field name as the runner's messages write it: steps are ``step N`` (1-based)."""
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        rest = field_path(loc[2:])
        return f"step {loc[1] + 1}" + (f".{rest}" if rest and not rest.startswith("[") else rest)
    return field_path(loc) or "file"


def check_scenario(data: dict, doc: YamlDoc | None = None, names: Any = None) -> list[tuple[int | None, str]]:
    """Every type and range problem of a parsed Munchkin scenario, as ``(line, "field:
    message")`` pairs by line (line ``None`` when unknown: those last; empty list when fine).
    Never raises.
    ``names``: the names the inline cards' effects and ``usable_by`` may name besides the
    scenario's own inline cards (:func:`munchkin_lab.cards.designer.known_names`: the
    database's, designer sets included; default: the shipped sets')."""
    out: list[tuple[int | None, str]] = []

    def line(loc: tuple) -> int | None:
        return doc.line_of(loc) if doc is not None else None

    try:
        ScenarioModel.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            loc = _loc(tuple(err["loc"]))
            if loc[:1] == ("cards",) and len(loc) > 1:
                continue  # the cards are checked below with their names
            out.append((line(loc), f"{_field(loc)}: {_message(err)}"))
    cards = data.get("cards")
    if isinstance(cards, list):
        from ..cards.effect_schema import names_of

        names = names_of(cards, base=names)  # the known names and the inline cards'
        for i, cd in enumerate(cards):
            if not isinstance(cd, dict):
                out.append((line(("cards", i)), f"cards[{i}]: a card mapping with at least name, kind, deck"))
                continue
            try:
                ScenarioCard.model_validate(cd, context={"names": names})
            except ValidationError as exc:
                who = f" ({cd.get('name')})" if isinstance(cd.get("name"), str) else ""
                for err in exc.errors(include_url=False):
                    loc = _loc(tuple(err["loc"]))
                    from ..cards.files import _describe

                    fld, msg = _describe({**err, "loc": loc}, ScenarioCard)
                    out.append((line(("cards", i) + loc), f"cards[{i}]{who}: {fld + ': ' if fld else ''}{msg}"))
    # in file order (a problem without a line last, in the order found)
    return sorted(out, key=lambda p: (p[0] is None, p[0] or 0))


__all__ = ["check_scenario", "ScenarioModel", "PlayerModel", "StepModel", "OptionsModel"]
