"""Designer sets and designer cards in the card database (issue 14, items 1-2).

A **designer set** is a set a designer makes in the lab (``origin='designer'`` in
``card_set``): :func:`create_set`, :func:`list_sets`, :func:`delete_set`. It lives in the
database and round-trips to a YAML file in the format of ``database/sets/*.yaml``
(:func:`export_set` / :func:`import_set`: export, edit by hand, import back; an export of
what was imported is the same text). ``db build`` keeps designer sets and their cards.

A **designer card** (``origin='designer'``, provenance ``designer``) lives in a designer set,
never in a shipped set, so presets such as ``base`` (every card of ``munchkin``) never change
under a designer's feet: :func:`add_card`, :func:`edit_card`, :func:`delete_card`,
:func:`get_card`. Every field of the set-file format is accepted (numbers, tags, aliases,
copies, levels gained, restrictions, the provenance note ``source``, summary, ``effects``,
``manual``), checked by the same schema as the set files (:class:`~munchkin_lab.cards.files.CardFile`).

Rules every write follows (each refusal is a :class:`DesignerCardError` naming the card, the
field and the fix; nothing is written then):

* **Names may not shadow** another card's name or alias, compared as a reader tells them
  apart (:func:`name_key`: without case, diacritics, spaces or punctuation, look-alike
  letters of other scripts read as Latin: ``priest``, ``PRIEST`` and ``Priést`` all hit the
  Cleric's alias ``Priest``, ``Potted-Plant`` the Potted Plant, ``Clerіc`` with a Cyrillic
  ``і`` the Cleric); a card's own aliases follow the same rule.
* **Effects the engine cannot run are played by hand**: the engine runs the short forms of
  the effect language (``munchkin_lab.engine.effects``) and its ``abilities:`` (the full
  language, ``munchkin_lab/engine/abilities.py``); a card with a ``manual`` op is saved with
  ``manual: true``, so
  the board hands it to a person ("resolve by hand") instead of ignoring it
  (:func:`engine_notes`).
* **Edits keep the version check**: an edit names the ``row_version`` it read and is refused
  with :class:`EditConflictError` when someone saved the card in between.
* Writes are one transaction (:func:`munchkin_lab.config.run_write`).

Rule sources: the card fields and their ranges are ``database/README.md``; a card's effect
language is ``database/EFFECTS.md``; "resolve by hand" is the engine's ``manual`` card
(``munchkin_lab/engine/README.md``).
"""
from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Mapping

from pydantic import ValidationError
from sqlalchemy import Connection, delete, func, insert, select, update

from .. import config
from ..plural import listed, plural
from ..suggest import close_matches, did_you_mean
from .errors import CardDataError
from .effect_schema import SHIPPED
from .files import DERIVED_TAGS, CardFile, SetFile, SetHeader, YamlDoc, _describe, validation_problems
from .models import Alias, BuildInfo, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag

#: ``origin`` of designer sets and cards.
DESIGNER = "designer"
#: Field order of a card in an exported set file (the order of ``database/sets/*.yaml``).
CARD_ORDER = ("name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot", "big",
              "gold", "version", "usable_by", "not_usable_by", "tags", "aliases", "provenance", "source", "summary",
              "effects", "manual")
#: Field order of an exported set header.
SET_ORDER = ("code", "name", "family", "kind", "printed_cards", "requires", "source", "notes")
#: Where designer sets start in the set order (after every shipped set).
_DESIGNER_POSITION = 1000
_CARD_DEFAULTS = {"copies": 1, "big": False, "manual": False, "usable_by": [], "not_usable_by": [], "tags": [],
                  "aliases": [], "effects": {}}


class DesignerCardError(CardDataError):
    """A designer set or card cannot be saved as asked; nothing was written.

    Attributes:
        problems: one line per problem, ``"card 'Name': field: what is wrong; the fix"``.
    """

    def __init__(self, problems: str | list[str]):
        problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__(problems)
        if len(problems) == 1:  # one problem: the plain sentence
            self.args = (problems[0],)

    def __str__(self) -> str:
        return str(self.args[0])


class EditConflictError(DesignerCardError):
    """Someone else saved (or deleted) this card since it was read: reload it and redo the
    change. Nothing was written."""


@dataclass
class SavedCard:
    """What a card write did: the card's ``id``, ``key`` (``"set:Name"``), new ``row_version``,
    whether it is played by hand (``manual``) and ``notes`` for the designer (why it is
    manual, a monster without Bad Stuff, ...)."""

    id: int
    key: str
    row_version: int
    manual: bool
    notes: list[str] = field(default_factory=list)
    #: nothing changed (an edit to the values the card has): nothing written, version kept
    unchanged: bool = False


class SetImportResult(dict):
    """What :func:`import_set` did (or, with ``dry_run``, would do) to a designer set.

    As a dict: counts ``{"added", "updated", "removed", "unchanged"}`` of cards. Attributes:
    ``code`` (the set), ``created`` (the set is new), ``names`` (the card names of each count),
    ``notes`` (per-card notes, e.g. "set to manual"), ``dry_run``, ``header`` (what the file
    changes in an existing set's header and declared tags, one ``"field: old -> new"`` each;
    ``[]`` for a new set or an unchanged header), ``newer`` (updated cards that the file
    changes that were edited in the database after the file's export, or, for a file without
    an export's fingerprints, since the set's last import: the import would undo those
    edits), ``since`` (that time in words, ``"after FILE was exported"`` or ``"since ..."``),
    ``changes`` (per updated card's name, the fields the file changes, :func:`card_changes`:
    ``{"Sea Ghost": ["level 9 -> 6", "effects"]}``), ``renamed`` (the entries of ``header``
    that rename the set: its name or notes, which ``rename=True`` agrees to).
    """

    def __init__(self, code: str, created: bool, names: dict[str, list[str]], notes: list[str], dry_run: bool,
                 header: list[str] | None = None, newer: list[str] | None = None, since: str = "",
                 changes: Mapping[str, list[str]] | None = None):
        super().__init__({k: len(names[k]) for k in ("added", "updated", "removed", "unchanged")})
        self.code, self.created, self.names, self.notes, self.dry_run = code, created, names, notes, dry_run
        self.header = list(header or [])
        self.newer = list(newer or [])
        self.since = since or "after the file was exported"
        self.changes = {k: list(v) for k, v in (changes or {}).items()}

    def summary(self) -> str:
        """One line for people (plus the notes)."""
        head = "dry run, nothing written: would be " if self.dry_run else ""
        what = f"set {self.code!r} {'created' if self.created else 'updated'}: "
        parts = [f"{self[k]} {k}" + (f" ({listed(self.names[k])})" if self.names[k] and k != "unchanged" else "")
                 for k in ("added", "updated", "removed", "unchanged")]
        if self.header:
            parts.insert(0, "header: " + ", ".join(self.header))
        notes = list(self.notes)
        if self.newer:
            when = "after the file was exported" if self.since.startswith("after") else "since the set's last import"
            notes.append(f"edited in the database {when}, set back to the file's values: "
                         f"{listed(self.newer)}")
        return "\n".join([head + what + "; ".join(parts)] + [f"note: {n}" for n in notes])

    @property
    def renamed(self) -> list[str]:
        """The header changes that rename the existing set (:func:`set_renames`)."""
        return set_renames(self.header)


#: The header fields that tell a designer set apart from another of the same code: a file
#: that changes them renames the set (:func:`import_set` asks, ``rename=True``).
RENAME_FIELDS = ("name", "notes")


def set_renames(header: Iterable[str]) -> list[str]:
    """The entries of an import's header changes (``"name 'A' -> 'B'"``, one per field) that
    rename the set: its ``name`` or ``notes``, which tell it apart from another designer's set
    of the same code (a file of that one would take it over)."""
    return [h for h in header if h.split(" ", 1)[0] in RENAME_FIELDS]


# --------------------------------------------------------------------------- names


def _plain_key(name: str) -> str:
    """A name compared without case and diacritics (NFKC, typographic quotes and dashes made
    plain, ``Ł`` -> ``l``, ``é`` -> ``e``, case-folded, spaces collapsed): the part of
    :func:`name_key` that messages call "without case and diacritics"."""
    from .search import plain_text

    return _unaccented(plain_text(str(name)))


def _unaccented(text: str) -> str:
    from .search import fold

    text = fold(text)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


@functools.lru_cache(maxsize=4096)
def _latin_twin(ch: str) -> str | None:
    """The Latin letter that the letter ``ch`` of another script looks like (Cyrillic ``і``
    -> ``i``, Greek ``Α`` -> ``A``), from Unicode's confusables data (UTS #39, as the
    ``confusable_homoglyphs`` package ships it); ``None`` when it looks like none."""
    from confusable_homoglyphs import categories, confusables

    if categories.alias(ch) in ("LATIN", "COMMON"):
        return None
    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"]) or []
    for hit in found:
        for h in hit["homoglyphs"]:
            if len(h["c"]) == 1 and categories.alias(h["c"]) == "LATIN":
                return h["c"]
    return None


def lookalikes(name: str) -> list[tuple[str, str]]:
    """``(letter, Latin letter)`` for each letter of ``name`` that :func:`name_key` reads as
    the Latin letter it looks like: a letter of another script (Cyrillic, Greek...) in a
    word whose every such letter looks like a Latin one (``Clerіc`` with a Cyrillic ``і``,
    or a word written all in Cyrillic look-alikes). A word with a letter that looks like no
    Latin letter (``Клерик``, a real Russian word) is left alone. ``[]`` for ASCII names."""
    text = unicodedata.normalize("NFKC", str(name))
    if text.isascii():
        return []
    out: list[tuple[str, str]] = []
    for word in re.findall(r"[^\W\d_]+", text):
        if word.isascii():
            continue
        twins = [(ch, _latin_twin(ch)) for ch in word if not ch.isascii() and unicodedata.category(ch)[0] == "L"]
        foreign = [(ch, t) for ch, t in twins if t is not None or not _is_latin(ch)]
        if foreign and all(t is not None for _, t in foreign):
            out += [(ch, t) for ch, t in foreign if (ch, t) not in out]
    return out


def _is_latin(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("LATIN ")


def name_key(name: str) -> str:
    """The form two names are compared in, as a reader tells them apart: Unicode NFKC,
    look-alike letters of other scripts read as the Latin ones (:func:`lookalikes`:
    ``Clerіc`` with a Cyrillic ``і`` is ``Cleric``), diacritics dropped (``Ł`` -> ``l``,
    ``é`` -> ``e``), case-folded, and spaces and punctuation left out (``Potted-Plant``,
    ``PottedPlant`` and ``Potted Plant`` are one name; ``3,872 Orcs`` is ``3872 Orcs``). A
    name of punctuation only keeps it. ``name_key("Priést") == name_key("PRIEST")``."""
    text = unicodedata.normalize("NFKC", str(name))
    for ch, twin in lookalikes(text):
        text = text.replace(ch, twin)
    plain = _unaccented(text)
    key = "".join(c for c in plain if not c.isspace() and unicodedata.category(c)[0] != "P")
    return key or plain


def same_name_note(name: str, other: str) -> str:
    """Why ``name`` and ``other`` (equal :func:`name_key`) count as one name, in words for
    a refusal: ``names are compared without case and diacritics`` when that is all, else
    which spaces, punctuation or look-alike letters (each named with its code point) were
    not told apart."""
    if _plain_key(name) == _plain_key(other):
        return "names are compared without case and diacritics"
    mine = lookalikes(name)
    looks = [f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, '?')}) looks like {twin!r}"
             for ch, twin in mine + [x for x in lookalikes(other) if x not in mine]]
    head = "names are compared as a reader tells them apart: without case, diacritics, spaces or punctuation"
    if not looks:
        return head
    return head + ", and with letters of other scripts read as the Latin letters they look like: " + "; ".join(looks)


def _taken_names(conn: Connection, skip_ids: Iterable[int] = ()) -> dict[str, tuple[str, str, str]]:
    """name_key -> (what holds that name: ``"card 'Cleric' (munchkin)"``, ``"alias 'Priest'
    of card 'Cleric' (munchkin)"``; the name or alias itself; for a designer card here, the
    command that frees the name here, else ``""``) over every card and alias but the cards
    ``skip_ids``."""
    skip = set(skip_ids)
    ct, st, at = Card.__table__, CardSet.__table__, Alias.__table__
    out: dict[str, tuple[str, str, str]] = {}
    owner: dict[int, tuple[str, str, str]] = {}
    for cid, name, code, origin in conn.execute(select(ct.c.id, ct.c.name, st.c.code, ct.c.origin)
                                                .join(st, st.c.id == ct.c.set_id)):
        owner[cid] = (name, code, origin)
    aliases: dict[int, list[str]] = {}
    for cid, alias in conn.execute(select(at.c.card_id, at.c.name).order_by(at.c.id)):
        aliases.setdefault(cid, []).append(alias)
    for cid, (name, code, origin) in owner.items():
        if cid not in skip:
            what = "printed card" if origin == "file" else "designer card"
            # a rename here keeps the old name as an alias unless the edit gives the aliases:
            # the fix drops it too, or it would go on holding the name
            fix = "" if origin == "file" else (
                f"rename that designer card here: munchkin-lab cards edit {_shell(name)} "
                f"{_shell('{name: NEW NAME, aliases: ' + _flow([a for a in aliases.get(cid, [])]) + '}')} --set {code}")
            out.setdefault(name_key(name), (f"{what} {name!r} ({code})", name, fix))
    for cid, names in aliases.items():
        if cid in skip or cid not in owner:
            continue
        name, code, origin = owner[cid]
        what = "printed card" if origin == "file" else "designer card"
        for alias in names:
            fix = "" if origin == "file" else (
                f"drop that alias here: munchkin-lab cards edit {_shell(name)} "
                f"{_shell('{aliases: ' + _flow([a for a in names if a != alias]) + '}')} --set {code}")
            out.setdefault(name_key(alias), (f"alias {alias!r} of {what} {name!r} ({code})", alias, fix))
    return out


def _shell(text: str) -> str:
    """``text`` quoted for a shell command line in a message."""
    import shlex

    return shlex.quote(text)


def _flow(names: list[str]) -> str:
    """A YAML flow list of ``names`` (``[]``, ``["Bog Lurker"]``: JSON, which YAML reads)."""
    return json.dumps(list(names), ensure_ascii=False)


def _shadow_problems(cards: list[tuple[str, list[str], str]], taken: dict[str, tuple[str, str]]) -> list[str]:
    """Problems of names and aliases (``(name, aliases, who)`` per card) that shadow
    ``taken`` (:func:`_taken_names`) or each other, each naming both names and why they
    count as one (:func:`same_name_note`)."""
    problems: list[str] = []
    seen: dict[str, tuple[str, str]] = {}
    for name, aliases, who in cards:
        own = name_key(name)
        for label, value in [("name", name)] + [(f"aliases[{i}]", a) for i, a in enumerate(aliases)]:
            key = name_key(value)
            if label != "name" and key == own:
                continue
            if key in taken:
                what, other, fix = taken[key]
                problems.append(f"{who}: {label}: {value!r} shadows the {what} ({same_name_note(value, other)}); "
                                "choose another name" + (f" (in the file), or {fix}" if fix else ""))
            elif key in seen and seen[key][0] != who:
                note = same_name_note(value, seen[key][1])
                problems.append(f"{who}: {label}: {value!r} is also a name of {seen[key][0]}"
                                + ("" if note.endswith("case and diacritics") else f" ({note})")
                                + "; choose another name")
            seen.setdefault(key, (who, value))
    return problems


# --------------------------------------------------------------------------- effects


def engine_notes(effects: Mapping | None, kind: str, version: str | None = None, name: str = "") -> list[str]:
    """Why the engine cannot run a card's ``effects`` by itself (each reason one sentence;
    ``[]`` when it runs them all): a ``manual`` op, a short form the engine's vocabulary
    lacks, or a ship room's ``room_action`` that is no action the Solar Storm game runs
    (:func:`munchkin_lab.engine.solar_storm.rooms_v2.room_action_of`; ``version`` and ``name``
    give the room's version: a V1 room runs none). ``abilities`` written in the full effect language run in the engine
    (``munchkin_lab/engine/abilities.py``). A card with any reason is
    saved with ``manual: true`` (resolved by hand on the board)."""
    from ..engine import effects as vocab

    if not effects:
        return []
    notes = []
    if '"manual"' in json.dumps(effects, sort_keys=True, default=str):
        notes.append("a step is resolved by hand (a manual op): the card is marked manual")
    problems = vocab.validate_effects({k: v for k, v in effects.items() if k != "abilities"})
    for msg in problems:
        notes.append(f"{msg}: not run by the engine yet: the card is resolved by hand on the board (manual)")
    if kind == "ship_room" and "room_action" in effects and not problems:
        from ..engine.solar_storm.refs import version_named
        from ..engine.solar_storm.rooms_v2 import V1_RUNS_NONE, room_action_of

        why = room_action_of(effects, version_named(version, name))[1]
        if why:  # the Solar Storm game picks the action from these keys (rooms_v2.V2_ACTIONS)
            notes.append(f"effects.room_action: {why}: " + ("" if why == V1_RUNS_NONE else "not run by the engine yet: ")
                         + "the room's action is resolved by hand on the board (manual)")
    return notes


def by_hand_why(effects: Mapping | None, kind: str, manual: bool, gold: int | None = None) -> list[str]:
    """Why a card is resolved by hand on the board (``[]`` when the engine runs it): the
    reasons :func:`engine_notes` gives (those ``cards add`` prints), else, for a card whose
    ``manual`` flag its author set while the engine could run its effects (or it has none),
    that flag, else a card of a kind the engine hands to a person when it has no effects
    (:func:`idle_notes`: a trap, Portal, Dungeon or Fairy Dust card without a value; ``gold``
    the card's Gold value). ``db check`` lists each such card with these reasons."""
    notes = engine_notes(effects if isinstance(effects, Mapping) else None, kind)
    if notes:
        return notes
    if manual:
        return ["marked manual: true" + ("" if effects else " (no effects given)")]
    return idle_notes(kind, effects, gold=gold)[1]


#: Kinds whose whole point is what the card does (its ``effects``; some a number too), and
#: what a card of the kind without effects does in play: the note ``cards add`` / ``cards
#: edit`` print and ``db check`` lists (:func:`idle_notes`). ``"idle"``: nothing happens (the
#: engine plays it and nothing comes of it); ``"hand"``: the engine hands it to a person
#: (resolve by hand) when it acts. Read from the engine's rules (``munchkin_lab/engine``): a
#: Curse's ``hits`` abilities (curses.py), a One-Shot's bonus (playing.py), a Monster
#: Enhancer's Level change (``bonus``, 10. Monster Enhancers), a special's effect keys (a
#: special without one is never offered to be played: tables.turn_category), a trap
#: (curses.py ``_trap``), a Portal and a Dungeon without data (modules/dungeons.py), a Fairy
#: Dust card without a value (modules/fairy_dust.py). A monster's note (no Bad Stuff) is
#: :func:`idle_notes`' own; Races, Classes, Go Up a Level cards and rooms do something by
#: their kind alone.
EFFECTLESS: dict[str, tuple[str, str]] = {
    "curse": ("idle", "a Curse without effects: it hits and nothing happens to its victim "
                      "(add effects.ops or abilities, or mark the card manual)"),
    "one_shot": ("idle", "a One-Shot without a bonus or effects: played in a combat, it adds nothing "
                         "(give it a bonus, effects or abilities, or mark the card manual)"),
    "monster_enhancer": ("idle", "a Monster Enhancer without a bonus (its Level change) or effects: played on a "
                                 "monster, it changes nothing (give it a bonus or effects such as treasures, "
                                 "or mark the card manual)"),
    "special": ("idle", "a special without effects: the engine never offers to play it, it can only be "
                        "discarded or given away (add effects, e.g. wandering_monster or abilities, or mark the "
                        "card manual)"),
    "item": ("idle", "an item without a bonus, a Gold value or effects: in play it gives nothing and sells "
                     "for nothing (give it a bonus, gold or effects, or mark the card manual)"),
    "character": ("idle", "a Character without effects: in play it gives its player nothing "
                          "(add abilities, or mark the card manual)"),
    "trap": ("hand", "a trap without effects: when it goes off, the board hands it to a person to resolve "
                     "by hand (add effects.ops or abilities for the engine to run it)"),
    "portal": ("hand", "a Portal without effects: when it is followed, the board hands it to a person to "
                       "resolve by hand (add effects.portal for the engine to run it)"),
    "dungeon": ("hand", "a Dungeon without effects: when it is revealed, the board hands it to a person to "
                        "resolve by hand (add effects.dungeon or abilities for the engine to run it)"),
    "fairy_dust": ("hand", "a Fairy Dust card without a Gold value or effects: played, it is handed to a "
                           "person to resolve by hand (give it gold to make it an item, or effects)"),
}


def idle_notes(kind: str, effects: Mapping | None, bonus: int | None = None, gold: int | None = None,
               manual: bool = False) -> tuple[list[str], list[str]]:
    """What a card does in play when that is nothing, or when the engine hands it to a person
    only because it has no effects (the README: no card is ignored silently): ``(idle,
    by_hand)``, each a list of notes (:data:`EFFECTLESS`; a monster without Bad Stuff, nor a
    ``caught`` ability, is idle: nothing happens to a player it catches). ``[]`` for a card
    marked ``manual`` (a person resolves it) and a card whose effects the engine cannot run
    (:func:`engine_notes` says why). ``bonus``, ``gold``: the card's numbers (a One-Shot or
    Monster Enhancer with a bonus, an item with a bonus or a value, a Fairy Dust card with a
    value do something without effects). ``cards add`` / ``cards edit`` print these notes and
    ``db check`` lists the cards."""
    e = effects if isinstance(effects, Mapping) else {}
    if manual or (e and engine_notes(e, kind)):
        return [], []
    if kind == "monster":
        if e.get("bad_stuff") or "caught" in _whens(e):
            return [], []
        return ["a monster without Bad Stuff: nothing happens to a player it catches "
                "(add effects.bad_stuff, or mark the card manual)"], []
    if kind not in EFFECTLESS or any(v not in (None, [], {}) for v in e.values()):
        return [], []  # (effects of empty lists only, {ops: []}, are no effects)
    if kind in ("one_shot", "monster_enhancer") and bonus:
        return [], []
    if kind == "item" and (bonus or gold):
        return [], []
    if kind == "fairy_dust" and gold is not None:
        return [], []
    how, note = EFFECTLESS[kind]
    return ([note], []) if how == "idle" else ([], [note])


def trigger_notes(kind: str, effects: Any, manual: bool = False) -> list[str]:
    """A note for each ability whose trigger the engine never fires on a card of ``kind``
    (``when: hits`` on a monster or an item, a listening trigger on a Curse that does not
    stay...: :func:`munchkin_lab.engine.lang.hearing.never_heard`, one table of the kinds
    that hear each trigger). ``[]`` for a card marked ``manual`` (a person resolves it).
    ``cards add`` / ``cards edit`` / ``set import`` print these notes, ``db check`` lists the
    designer cards and ``deck check`` warns of them (``effect-does-nothing``)."""
    from ..engine.lang.hearing import never_heard

    if manual or not isinstance(effects, Mapping) or not effects:
        return []
    return never_heard(kind, effects)


def _whens(effects: Mapping) -> set:
    """Every trigger (``when``) the card's ``abilities`` name (a string or a list each)."""
    out: set = set()
    for a in effects.get("abilities") or ():
        if isinstance(a, Mapping):
            w = a.get("when")
            out.update([w] if isinstance(w, str) else (x for x in (w or ()) if isinstance(x, str)))
    return out


def _set_level_notes(effects: Any) -> list[str]:
    """A note for each ``set_level`` op of ``effects`` (any depth: ops, Bad Stuff, abilities,
    then/else/roll) whose Level the engine cannot give: above 9 without ``winning: true`` it
    acts as 9, never the winning Level (core rules, 5. Starting and Ending the Game; Card Text
    and These Rules, 4), and above 10 as 10. The card is valid and runs (as ``gain_levels:
    20`` runs, up to 9: ``database/EFFECTS.md`` names each op's floors), so a note, not an
    error: a designer who wrote ``set_level: 10`` most likely meant the winning Level."""
    out: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, Mapping):
            n = v.get("set_level")
            if isinstance(n, int) and not isinstance(n, bool):
                win = v.get("winning") is True
                if n > (10 if win else 9):
                    out.append(f"set_level: {n} acts as {10 if win else 9}" + (
                        " (a Level never goes above 10)" if win else
                        ": a card never gives the winning Level (core rules, 5.); add `winning: true` "
                        "to the op if the card says it may"))
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(effects)
    return list(dict.fromkeys(out))


def _card_notes(model: CardFile, engine: list[str]) -> list[str]:
    notes = list(engine)
    e = model.effects or {}
    whens = _whens(e)
    if model.kind == "monster" and "revealed" in whens and "kicked" not in whens:
        # a new user wrote 'revealed' for 'kicked open' and saw the ability never run
        notes.append("'revealed' runs when a Dungeon is turned face up (Scooby-Doo) while this monster "
                     "is in play, not when the monster itself is kicked open: for that, use 'kicked'")
    notes += trigger_notes(model.kind, e, model.manual)
    notes += _set_level_notes(e)
    if not engine:  # a card that does nothing in play, or is resolved by hand only for want of effects
        idle, hand = idle_notes(model.kind, e, model.bonus, model.gold, model.manual)
        notes += idle + hand
    if model.kind == "monster" and model.level is None and not model.manual:
        notes.append("a monster without a Level: it fights at Level 0, an easy Level for anyone "
                     "(set level, or mark the card manual while its Level is unknown)")
    return notes


def own_manual(old: Mapping | None, manual: bool, effects: Any, kind: str, manual_set: bool) -> bool:
    """The ``manual`` flag a save of a card keeps as the designer's own (the save then adds the
    effects' reasons: :func:`engine_notes`; a card whose effects the engine cannot run is
    manual whatever this says): ``manual`` as the save gives it, except a flag the stored card
    ``old`` (its ``manual``, ``effects``, ``kind``) holds because of its effects (a ``manual``
    op, a form the engine lacks), kept as it was (``manual_set`` False: the save does not set
    it itself) while the save changes the effects or the kind: that flag follows the new
    effects (False here; the save marks the card manual again when they need it). A flag the
    designer set on effects the engine runs stays.

    One rule for every save that keeps the old flag without saying so: ``cards edit`` /
    :func:`edit_card` (``manual`` not among the changes), ``set import`` (the file's
    ``manual: true`` as stored, an export's leftover) and the card editor's form (its
    *manual* box as it was read)."""
    if manual_set or not manual or old is None or not old["manual"]:
        return manual
    if (effects or {}) == (old["effects"] or {}) and kind == old["kind"]:
        return manual
    return not engine_notes(old["effects"], old["kind"], old.get("version"), old.get("name") or "")


def manual_note(was: bool, now: bool, keep: str = "set manual: true") -> str | None:
    """What a save says when it changes a card's ``manual`` flag from ``was`` to ``now``
    (``None``: unchanged); ``keep``: how the designer keeps the flag on that route."""
    if was == now:
        return None
    return (f"manual: true -> false: the effects now run in the engine ({keep} to keep resolving the card by hand)"
            if was else "manual: false -> true: the card is now resolved by hand on the board")


# --------------------------------------------------------------------------- validation


def _describe_errors(exc: ValidationError, who: str) -> list[str]:
    out = []
    for err in exc.errors(include_url=False):
        fld, msg = _describe(err)
        out.append(f"{who}: {fld + ': ' if fld else ''}{msg}")
    return out


def known_names(conn: Connection | None = None, url: str | None = None, *,
                skip_set: str | Iterable[str] | None = None, cards: Iterable[Any] = (),
                tags: Iterable[Any] = ()) -> Any:
    """The names a card's effects may refer to (:class:`munchkin_lab.engine.lang.Names`): every
    card (``name``, ``kind``) and tag of the database - the shipped sets and the designer
    sets - plus ``cards`` / ``tags`` (the card or set file being checked: a designer's new
    Race may be used in the same set or list). ``skip_set``: leave that set's cards out (or
    those sets', the sets of a deck bundle) when it is a designer set (a set file being
    imported again brings its own; a shipped set's cards stay:
    a file taking a shipped set's code is refused for that, not for the names its cards
    use). Reads ``conn`` or a connection to ``url``."""
    from ..engine.lang.names import Names
    from .effect_schema import names_of

    if conn is None:
        with _engine(url).connect() as c:
            return known_names(c, skip_set=skip_set, cards=cards, tags=tags)
    ct, st = Card.__table__, CardSet.__table__
    q = select(ct.c.name, ct.c.kind).select_from(ct.join(st, ct.c.set_id == st.c.id))
    skip = [skip_set] if isinstance(skip_set, str) else list(skip_set or ())
    if skip:
        q = q.where(st.c.code.not_in(skip) | (st.c.origin != DESIGNER))
    rows = [(n, k) for n, k in conn.execute(q)]
    db_tags = [n for (n,) in conn.execute(select(Tag.__table__.c.name))]
    return names_of(rows + list(cards), db_tags + list(DERIVED_TAGS) + list(tags), base=Names())


def card_model(card: Mapping[str, Any], who: str | None = None, names: Any = SHIPPED) -> CardFile:
    """Validate one designer card given as a mapping in the set-file form (``name``, ``kind``,
    ``deck``, numbers, ``tags``, ``aliases``, ``effects``, ...; ``provenance`` may be left out:
    it is ``designer``; ``set``, ``row_version``, ``origin`` and ``id`` are ignored).
    ``names``: what the names in its effects and ``usable_by`` must name (:func:`known_names`;
    default the shipped sets' names, ``None``: not checked).

    Returns:
        the :class:`~munchkin_lab.cards.files.CardFile`.
    Raises:
        DesignerCardError: every problem, ``"card 'Name': field: message"``.
    """
    if not isinstance(card, Mapping):
        raise DesignerCardError(f"a card is a mapping of fields (name, kind, deck, ...), got {type(card).__name__}")
    data = {k: v for k, v in card.items() if k not in ("set", "row_version", "origin", "id", "key")}
    name = data.get("name")
    who = who or (f"card {name!r}" if isinstance(name, str) and name else "card")
    prov = data.get("provenance", DESIGNER)
    if prov != DESIGNER:
        raise DesignerCardError(f"{who}: provenance: a designer card is 'designer', got {prov!r} "
                                "('printed' and 'inferred' belong to the shipped set files)")
    data["provenance"] = DESIGNER
    try:
        return CardFile.model_validate(data, context={"names": names})
    except ValidationError as exc:
        raise DesignerCardError(_describe_errors(exc, who)) from None


def _set_row(conn: Connection, code: str) -> Mapping | None:
    st = CardSet.__table__
    return conn.execute(select(st).where(st.c.code == code)).mappings().first()


def _designer_set(conn: Connection, code: str) -> Mapping:
    """The ``card_set`` row of designer set ``code``.

    Raises:
        DesignerCardError: no such set, or a shipped set (with the fix).
    """
    row = _set_row(conn, code)
    if row is None:
        sets = [c for (c,) in conn.execute(select(CardSet.code).where(CardSet.origin == DESIGNER).order_by(CardSet.code))]
        near = close_matches(code, sets, n=2)
        if near:
            hint = f"; did you mean {' or '.join(map(repr, near))}?"
        else:
            hint = (f"; designer sets: {', '.join(sets)}" if sets else "; there is none yet") + \
                ": create one with `munchkin-lab set new CODE NAME`"
        raise DesignerCardError(f"set: no designer set {code!r}{hint}")
    if row["origin"] != DESIGNER:
        raise DesignerCardError(f"set: {code!r} is a shipped set: its cards come from database/sets/{code}.yaml and "
                                "never change in the lab (presets use it); put designer cards in a designer set "
                                "(`munchkin-lab set new CODE NAME`)")
    return row


def _tag_rows(conn: Connection) -> dict[str, Mapping]:
    return {r["key"]: r for r in conn.execute(select(Tag.__table__)).mappings()}


def _required_sets(conn: Connection, requires: Iterable[str]) -> set[str]:
    """The set codes ``requires`` names and, in turn, the sets those require (transitively)."""
    return _closure({c: list(r or []) for c, r in conn.execute(select(CardSet.code, CardSet.requires))}, requires)


def _closure(needs: Mapping[str, list[str]], requires: Iterable[str]) -> set[str]:
    """The set codes ``requires`` and, in turn, those they need by ``needs`` (code -> requires)."""
    out: set[str] = set()
    todo = list(requires)
    while todo:
        c = todo.pop()
        if c not in out:
            out.add(c)
            todo += needs.get(c, [])
    return out


def _resolve_tags(model: CardFile, tags: dict[str, Mapping], set_code: str, who: str,
                  extra: Mapping[str, str] | None = None,
                  dropped: Mapping[str, str] | None = None,
                  required: Iterable[str] = ()) -> tuple[list[str], list[str], list[str]]:
    """(explicit tag names, derived tag names, problems): a card may use the standard tags
    (``tags.yaml``), its own set's tags (``extra``: key -> name), the tags declared by the sets
    its set requires (``required``: their codes, transitively, :func:`_required_sets`; a set
    built on another plays with its cards, so with its tags) and the derived ones.
    ``dropped`` (key -> name): tags the set declared that its file no longer declares (a
    card may not keep one: it would stay in the database undeclared)."""
    from .build import derived_tags

    explicit, problems = _check_tags(model.tags, tags, set_code, who, extra, dropped, required)
    derived = [d for d in derived_tags(model.kind, model.big, model.slot, model.version) if d not in explicit]
    return explicit, derived, problems


def _check_tags(names: Iterable[Any], tags: dict[str, Mapping], set_code: str, who: str,
                extra: Mapping[str, str] | None = None, dropped: Mapping[str, str] | None = None,
                required: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """(tag names as stored, problems) of a card's tag list ``names`` (see :func:`_resolve_tags`;
    also the raw list of a card whose other fields are wrong, so that all its problems are told
    at once: an entry that is no text is the schema's to report). An undeclared tag gets the
    closest usable ones as a did-you-mean."""
    from .search import near_names

    derived_keys = {d.lower(): d for d in DERIVED_TAGS}
    usable = {None, set_code, *required}
    explicit, problems = [], []
    for j, t in enumerate(names):
        if not isinstance(t, str):
            continue
        key = t.lower()
        row = tags.get(key)
        if extra and key in extra:
            name = extra[key]
        elif dropped and key in dropped:
            problems.append(f"{who}: tags[{j}]: tag {t!r} is no longer declared in the file's tags: (set {set_code!r} "
                            "declared it); declare it again, or take it off the card")
            continue
        elif row is not None and row["declared_in"] in usable:
            name = row["name"]
        elif key in derived_keys:
            name = derived_keys[key]
        else:
            declared = sorted({r["name"] for r in tags.values() if r["declared_in"] in usable}
                              | set((extra or {}).values()))
            near = near_names(t, declared, n=2)
            hint = "; did you mean " + " or ".join(map(repr, near)) + "?" if near else ""
            problems.append(f"{who}: tags[{j}]: undeclared tag {t!r}{hint} (declared: {', '.join(declared)}; a "
                            "designer set declares its own in its file's tags:)")
            continue
        if name not in explicit:
            explicit.append(name)
    return explicit, problems


def _raw_tag_problems(conn: Connection, cards: Iterable[tuple[Any, str, Callable[[int], str]]], set_code: str,
                      requires: Iterable[Any], own: Iterable[Any] = ()) -> list[str]:
    """The tag problems of cards whose other fields are wrong (told with those, not after they
    are mended): ``cards`` are (the raw card, who, the place of its tag ``j``) of designer set
    ``set_code`` requiring ``requires`` and declaring ``own`` (raw tag entries of a set file)."""
    tags = _tag_rows(conn)
    extra = {t["name"].lower(): t["name"] for t in own if isinstance(t, Mapping) and isinstance(t.get("name"), str)}
    required = _required_sets(conn, [r for r in requires if isinstance(r, str)]) - {set_code}
    out = []
    for card, who, place in cards:
        raw = card.get("tags") if isinstance(card, Mapping) else None
        if isinstance(raw, list):
            for p in _check_tags(raw, tags, set_code, who, extra, None, required)[1]:
                j = re.search(r": tags\[(\d+)\]: ", p)
                out.append((place(int(j.group(1))) if j else "") + p)
    return out


def _values(model: CardFile, manual: bool) -> dict[str, Any]:
    """The ``card`` columns of a validated card (plain JSON values)."""
    plain = json.loads(json.dumps(model.model_dump(include={"usable_by", "not_usable_by", "effects"})))
    return {"name": model.name, "kind": model.kind, "deck": model.deck, "copies": model.copies,
            "level": model.level, "treasures": model.treasures, "levels_gained": model.levels_gained,
            "bonus": model.bonus, "slot": model.slot, "big": model.big, "gold": model.gold,
            "version": model.version, "usable_by": plain["usable_by"], "not_usable_by": plain["not_usable_by"],
            "provenance": DESIGNER, "source": model.source, "summary": model.summary,
            "effects": plain["effects"], "manual": manual}


def _tag_id(conn: Connection, tags: dict[str, Mapping], name: str) -> int:
    key = name.lower()
    row = tags.get(key)
    if row is None:  # a derived tag not stored yet
        tt = Tag.__table__
        tid = conn.execute(insert(tt).returning(tt.c.id), {"name": DERIVED_TAGS.get(name, name), "key": key,
                                                           "description": "derived by the loader"}).scalar_one()
        tags[key] = {"id": tid, "name": name, "key": key, "declared_in": None}
        return tid
    return row["id"]


def _same_card(conn: Connection, old: Mapping, values: Mapping, tags: dict[str, Mapping], explicit: list[str],
               derived: list[str], aliases: list[dict]) -> bool:
    """Whether the stored card ``old`` already has ``values``, these tag links and aliases."""
    if any(old[k] != v for k, v in values.items()):
        return False
    lt, at = CardTagLink.__table__, Alias.__table__
    if any(t.lower() not in tags for t in (*explicit, *derived)):
        return False  # a derived tag not stored yet
    want = {(tags[t.lower()]["id"], False) for t in explicit} | {(tags[t.lower()]["id"], True) for t in derived}
    have = {(t, bool(d)) for t, d in conn.execute(select(lt.c.tag_id, lt.c.derived).where(lt.c.card_id == old["id"]))}
    stored = [{"name": n, "language": lang} for n, lang in
              conn.execute(select(at.c.name, at.c.language).where(at.c.card_id == old["id"]).order_by(at.c.id))]
    return have == want and stored == list(aliases)


def _write_links(conn: Connection, cid: int, tags: dict[str, Mapping], explicit: list[str], derived: list[str],
                 aliases: list[dict]) -> None:
    lt, at = CardTagLink.__table__, Alias.__table__
    conn.execute(delete(lt).where(lt.c.card_id == cid))
    conn.execute(delete(at).where(at.c.card_id == cid))
    links = sorted({(_tag_id(conn, tags, t), False) for t in explicit} | {(_tag_id(conn, tags, t), True) for t in derived})
    if links:
        conn.execute(insert(lt), [{"card_id": cid, "tag_id": t, "derived": d} for t, d in links])
    if aliases:
        conn.execute(insert(at), [{"card_id": cid, **a} for a in aliases])


def _aliases(model: CardFile) -> list[dict]:
    return [{"name": a.name, "language": a.language} for a in model.aliases]


def _deck_users(conn: Connection, card_ids: list[int]) -> dict[int, list[str]]:
    """card id -> names of the saved decks that hold it."""
    if not card_ids:
        return {}
    out: dict[int, list[str]] = {}
    for cid, name in conn.execute(select(DeckEntry.card_id, Deck.name).join(Deck, Deck.id == DeckEntry.deck_id)
                                  .where(DeckEntry.card_id.in_(card_ids)).order_by(Deck.name)):
        out.setdefault(cid, []).append(name)
    return out


def _forget_caches() -> None:
    """Deck catalogs and board provenance maps cached in this process see the change. A
    module not imported yet holds no cache: it is not imported for this (importing the widgets
    takes seconds, after a commit that the user may be interrupting)."""
    import sys

    for module, forget in (("munchkin_lab.decks.catalog", "forget_catalogs"),
                           ("munchkin_lab.widgets.board", "forget_provenance")):
        try:
            getattr(sys.modules[module], forget)()
        except Exception:  # noqa: BLE001 - not imported: nothing cached
            pass


def _engine(url: str | None):
    from .api import open_engine

    return open_engine(url)


# --------------------------------------------------------------------------- sets


def create_set(code: str, name: str, family: str | None = None, *, requires: Iterable[str] = (),
               source: str | None = None, notes: str | None = None, url: str | None = None) -> dict:
    """Create an empty designer set.

    Args:
        code: lower-case id (letters, digits, ``_``; at most 64), unique among all sets.
        name: display name (one line).
        family: game family, ``munchkin`` or ``solar_storm``; default: the family of the
            sets it requires (``munchkin`` when it requires none). A family other than
            theirs is refused: a mix holds the cards of one game.
        requires: set codes the set needs (e.g. ``["munchkin"]``).
        source, notes: free text (where the ideas come from; remarks).
    Returns:
        the set as exported (``{"code", "name", "family", "kind": "fan", ...}``).
    Raises:
        DesignerCardError: a bad field (named), a code already taken (shipped or designer),
            an unknown required set, a family other than the required sets', required sets
            of two families.
    """
    fields = {"code": code, "name": name, "family": family or "munchkin", "kind": "fan", "requires": list(requires),
              "source": source, "notes": notes}
    _header(fields)  # bad fields are named before the database is opened

    def work(conn: Connection) -> dict:
        from .build import TABLES

        config.lock_tables(conn, TABLES)
        families = _families(conn, fields["requires"])
        if family is None and len(families) > 1:  # no family given, none to follow
            rows = _set_families(conn, fields["requires"])
            raise DesignerCardError(
                f"set {fields['code']!r}: requires sets of {len(families)} games "
                f"({', '.join(f'{c} ({rows[c]})' for c in fields['requires'] if rows.get(c))}): a set mixes "
                f"with the sets of its own game only; require the sets of one family")
        header = _header({**fields, "family": family or (families[0] if families else "munchkin")})
        if _set_row(conn, header.code) is not None:
            raise DesignerCardError(f"set: code {header.code!r} is taken; choose another code")
        _check_requires(conn, header)
        _insert_set(conn, header)
        return _header_dict(header)

    return config.run_write(_engine(url), work, saved=lambda out: f"designer set {out['code']!r} was saved",
                            after=_forget_caches)


def _header(data: Mapping) -> SetHeader:
    try:
        return SetHeader.model_validate({k: v for k, v in data.items() if v is not None or k in ("printed_cards",)})
    except ValidationError as exc:
        raise DesignerCardError(_describe_errors(exc, "set")) from None


def _set_families(conn: Connection, codes: Iterable[str]) -> dict[str, str]:
    """``{code: game family}`` of the known sets among ``codes``."""
    codes = list(codes)
    return dict(conn.execute(select(CardSet.code, CardSet.family).where(CardSet.code.in_(codes))).all()) if codes else {}


def _families(conn: Connection, codes: Iterable[str]) -> list[str]:
    """The game families of the sets ``codes`` (known ones), each once, in order."""
    codes = list(codes)
    rows = _set_families(conn, codes)
    return list(dict.fromkeys(rows[c] for c in codes if rows.get(c)))


def _family_problem(conn: Connection, header: SetHeader) -> str | None:
    """Why ``header``'s family does not fit the sets it requires (``None`` when it does): a
    set of one family cannot need a set of another (the mix would be refused later by
    ``deck check``, after the designer made the cards)."""
    rows = _set_families(conn, header.requires)
    other = [f"{c} ({rows[c]})" for c in header.requires if rows.get(c) and rows[c] != header.family]
    if not other:
        return None
    want = sorted({rows[c] for c in header.requires if rows.get(c)})
    fix = f"family {want[0]!r} (set new --family {want[0]})" if len(want) == 1 else "sets of one family only"
    return (f"set {header.code!r}: family: {header.family!r}, but it requires {', '.join(other)}: a set mixes with "
            f"the sets of its own game only; use {fix}")


def _check_requires(conn: Connection, header: SetHeader) -> None:
    known = set(conn.execute(select(CardSet.code)).scalars())
    bad = [r for r in header.requires if r not in known]
    if bad:
        raise DesignerCardError(f"set {header.code!r}: requires: unknown set(s) "
                                f"{', '.join(r + did_you_mean(r, known) for r in bad)} "
                                f"(known: {', '.join(sorted(known))})")
    problem = _family_problem(conn, header)
    if problem:
        raise DesignerCardError(problem)


def _insert_set(conn: Connection, header: SetHeader) -> int:
    st = CardSet.__table__
    pos = conn.execute(select(func.max(st.c.position))).scalar() or 0
    values = json.loads(json.dumps(header.model_dump()))
    return conn.execute(insert(st).returning(st.c.id),
                        {**values, "origin": DESIGNER, "position": max(pos + 1, _DESIGNER_POSITION)}).scalar_one()


def _header_dict(header: SetHeader | Mapping) -> dict:
    data = header.model_dump() if isinstance(header, SetHeader) else dict(header)
    return {k: (list(data[k]) if k == "requires" else data.get(k)) for k in SET_ORDER}


def list_sets(url: str | None = None) -> "Any":
    """Every set as a DataFrame: ``code``, ``name``, ``family``, ``kind``, ``origin``
    (``file`` = shipped, ``designer``), ``cards``, ``copies``; in set order."""
    import pandas as pd

    st, ct = CardSet.__table__, Card.__table__
    with _engine(url).connect() as conn:
        counts = {sid: (n, c) for sid, n, c in conn.execute(
            select(ct.c.set_id, func.count(), func.coalesce(func.sum(ct.c.copies), 0)).group_by(ct.c.set_id))}
        rows = [(r["code"], r["name"], r["family"], r["kind"], r["origin"], *counts.get(r["id"], (0, 0)))
                for r in conn.execute(select(st).order_by(st.c.position, st.c.code)).mappings()]
    return pd.DataFrame(rows, columns=["code", "name", "family", "kind", "origin", "cards", "copies"]).astype(
        {"cards": int, "copies": int})


def _deletable_set(conn: Connection, code: str) -> tuple[Mapping, list[int]]:
    """(the row, the card ids) of designer set ``code`` when it may be deleted.

    Raises:
        DesignerCardError: see :func:`delete_set`.
    """
    row = _designer_set(conn, code)
    ct = Card.__table__
    ids = list(conn.execute(select(ct.c.id).where(ct.c.set_id == row["id"])).scalars())
    used = _deck_users(conn, ids)
    if used:
        names = sorted({d for ds in used.values() for d in ds})
        raise DesignerCardError(f"set {code!r}: saved deck(s) {', '.join(map(repr, names))} hold its cards; remove "
                                "them from the decks (or delete the decks) first")
    needing = [c for c, req in conn.execute(select(CardSet.code, CardSet.requires)) if code in (req or [])]
    if needing:
        raise DesignerCardError(f"set {code!r}: set(s) {', '.join(needing)} require it; delete or change them first")
    return row, ids


def check_delete_set(code: str, url: str | None = None) -> int:
    """The number of cards :func:`delete_set` would delete, read only (``set delete`` asks
    with it), or the refusal it would give (raised the same way), so that nobody is asked
    about a deletion that will be refused."""
    with _engine(url).connect() as conn:
        return len(_deletable_set(conn, code)[1])


def delete_set(code: str, url: str | None = None) -> int:
    """Delete designer set ``code`` with its cards and the tags it declares.

    Returns:
        the number of cards deleted.
    Raises:
        DesignerCardError: no such designer set, a shipped set, or a saved deck holds one of
            its cards (named, with the fix); nothing is deleted.
    """
    def work(conn: Connection) -> int:
        from .build import TABLES

        config.lock_tables(conn, TABLES + ("build_info",))
        row, ids = _deletable_set(conn, code)
        _delete_cards(conn, ids)
        conn.execute(delete(CardSet.__table__).where(CardSet.__table__.c.id == row["id"]))
        _drop_unused_set_tags(conn, code, keep=())
        bt = BuildInfo.__table__
        conn.execute(delete(bt).where(bt.c.key == _imported_key(code)))
        return len(ids)

    return config.run_write(_engine(url), work, saved=f"the deletion of designer set {code!r} was saved",
                            after=_forget_caches)


def _delete_cards(conn: Connection, ids: list[int]) -> None:
    if not ids:
        return
    lt, at, ct = CardTagLink.__table__, Alias.__table__, Card.__table__
    conn.execute(delete(lt).where(lt.c.card_id.in_(ids)))
    conn.execute(delete(at).where(at.c.card_id.in_(ids)))
    conn.execute(delete(ct).where(ct.c.id.in_(ids)))


def _drop_unused_set_tags(conn: Connection, code: str, keep: Iterable[str]) -> None:
    tt, lt = Tag.__table__, CardTagLink.__table__
    keys = [k.lower() for k in keep]
    where = (tt.c.declared_in == code) & tt.c.id.not_in(select(lt.c.tag_id).distinct())
    if keys:
        where = where & tt.c.key.not_in(keys)
    conn.execute(delete(tt).where(where))


# --------------------------------------------------------------------------- cards


def _card_row(conn: Connection, name: str, set_code: str | None) -> Mapping | None:
    """The stored row of card ``name`` (exact name first, then name_key) in ``set_code``."""
    ct, st = Card.__table__, CardSet.__table__
    q = select(ct, st.c.code.label("set_code"), st.c.origin.label("set_origin")).join(st, st.c.id == ct.c.set_id)
    if set_code is not None:
        q = q.where(st.c.code == set_code)
    rows = conn.execute(q.where(func.lower(ct.c.name) == str(name).lower())).mappings().all()
    if not rows:
        key = name_key(name)
        rows = [r for r in conn.execute(q).mappings() if name_key(r["name"]) == key]
    if len(rows) > 1:
        raise DesignerCardError(f"card {name!r}: in several sets ({', '.join(r['set_code'] for r in rows)}); "
                                "name the set")
    return rows[0] if rows else None


def _find_card(conn: Connection, name: str, set_code: str | None) -> Mapping:
    """The stored row of card ``name`` in ``set_code`` (any set when ``None``): by name
    (exact, then :func:`name_key`), else by alias, as ``cards show`` and
    :func:`munchkin_lab.cards.api.card` find a card (``"Bilge Spook"`` is Sea Ghost).

    Raises:
        DesignerCardError: no such card (with the closest names: ``did you mean 'Bog
            Lurker'?``), or several (name the set).
    """
    row = _card_row(conn, name, set_code)
    if row is not None:
        return row
    ct, st, at = Card.__table__, CardSet.__table__, Alias.__table__
    key = name_key(name)
    q = select(ct, st.c.code.label("set_code"), st.c.origin.label("set_origin")).join(st, st.c.id == ct.c.set_id)
    if set_code is not None:
        q = q.where(st.c.code == set_code)
    ids = sorted({cid for cid, alias in conn.execute(select(at.c.card_id, at.c.name)) if name_key(alias) == key})
    rows = conn.execute(q.where(ct.c.id.in_(ids))).mappings().all() if ids else []
    if len(rows) > 1:
        keys = ", ".join(f"{r['set_code']}:{r['name']}" for r in rows)
        raise DesignerCardError(f"card {name!r}: an alias of several cards ({keys}); give the card's name (and --set)")
    if rows:
        return rows[0]

    nq = select(ct.c.name).join(st, st.c.id == ct.c.set_id)
    aq = select(at.c.name).join(ct, ct.c.id == at.c.card_id).join(st, st.c.id == ct.c.set_id)
    if set_code is not None:
        nq, aq = nq.where(st.c.code == set_code), aq.where(st.c.code == set_code)
    every = {n.lower(): n for (n,) in conn.execute(nq.union(aq))}
    near = [every[n] for n in close_matches(str(name).lower(), list(every), n=3)]
    where = f" in set {set_code!r}" if set_code else ""
    hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
    raise DesignerCardError(f"card {name!r}: no such card{where}{hint}")


def add_card(card: Mapping[str, Any], set_code: str, url: str | None = None) -> SavedCard:
    """Add a designer card to designer set ``set_code``.

    Args:
        card: the card in the set-file form (see :func:`card_model`).
        set_code: a designer set (never a shipped one).
    Returns:
        :class:`SavedCard` (``row_version`` 1; ``manual`` and its ``notes``).
    Raises:
        DesignerCardError: invalid fields, a shipped or unknown set, an undeclared tag, a
            name or alias that shadows another card's (named with the fix).
    """
    return save_card(card, set_code, url=url)


def _card_model_in(card: Any, doc: YamlDoc | None, loc: tuple, names: Any = SHIPPED
                   ) -> tuple[CardFile | None, str, list[str]]:
    """(model or None, who, problems) of one card found at ``loc`` in ``doc`` (a file or the
    command line); each problem is ``source:line: card 'Name': field: message``. ``names``:
    what the names of its effects and ``usable_by`` must name (:func:`known_names`)."""
    name = card.get("name") if isinstance(card, Mapping) else None
    who = f"card {name!r}" if isinstance(name, str) and name else f"card #{loc[-1] + 1 if loc else 1}"
    if not isinstance(card, Mapping):
        return None, who, [f"{_where(doc, loc)}{who}: a card is a mapping of fields (name, kind, deck, ...), "
                           f"got {type(card).__name__}"]
    prov = card.get("provenance", DESIGNER)
    if prov != DESIGNER:
        return None, who, [f"{_where(doc, loc + ('provenance',))}{who}: provenance: a designer card is 'designer', "
                           f"got {prov!r} ('printed' and 'inferred' belong to the shipped set files)"]
    data = {k: v for k, v in card.items() if k not in ("set", "row_version", "origin", "id", "key")}
    data["provenance"] = DESIGNER
    try:
        return CardFile.model_validate(data, context={"names": names}), who, []
    except ValidationError as exc:
        out = []
        for err in exc.errors(include_url=False):
            fld, msg = _describe(err)
            out.append(f"{_where(doc, loc + tuple(err['loc']))}{who}: {fld + ': ' if fld else ''}{msg}")
        return None, who, out


def add_cards(cards: list[Mapping[str, Any]], set_code: str, url: str | None = None, *,
              doc: YamlDoc | None = None, at: tuple | None = ()) -> list[SavedCard]:
    """Add several designer cards to designer set ``set_code``, all or nothing (``cards
    add --file``): every card is checked first (fields, tags, names against the database
    and against each other), then all are written in one transaction; on any problem
    nothing is written.

    Args:
        cards: the cards in the set-file form (see :func:`card_model`).
        doc: the parsed file they come from (problems then name its line); ``at``: where
            the list lies in it (``()`` for a top-level list, ``("cards",)`` for a ``cards:``
            key, ``None`` when the document is the one card itself).
    Returns:
        one :class:`SavedCard` per card, in order.
    Raises:
        DesignerCardError: every problem of every card, ``file:line: card 'Name': field: message``.
    """
    checked, problems, raws = [], [], []
    # the names their effects and usable_by may name: the database's (designer sets too) and
    # the list's own (a new Race and an item restricted to it, in one file)
    names = known_names(url=url, cards=[c for c in cards if isinstance(c, Mapping)])
    for i, card in enumerate(cards):
        loc = at + (i,) if at is not None else ()
        model, who, errs = _card_model_in(card, doc, loc, names)
        problems += errs
        raws.append((card, who, lambda j, loc=loc: _where(doc, loc + ("tags", j))))
        if model is not None:
            where = _where(doc, loc + ("name",))
            first = next((w for m, _, w, _ in checked if name_key(m.name) == name_key(model.name)), None)
            if first is not None:
                problems.append(f"{where}{who}: name: the list holds it twice (first at {first.rstrip(': ') or 'an earlier card'})")
                continue
            checked.append((model, who, where, loc))
    if problems:  # with the cards' tag problems, so that all are told at once
        from .build import _by_place

        with _engine(url).connect() as conn:
            srow = _set_row(conn, set_code)
            if srow is not None and srow["origin"] == DESIGNER:
                problems += _raw_tag_problems(conn, raws, set_code, srow["requires"] or [])
        raise DesignerCardError(_by_place(problems))

    def work(conn: Connection) -> list[SavedCard]:
        from .build import TABLES

        config.lock_tables(conn, TABLES)
        srow = _designer_set(conn, set_code)
        tags, taken, found = _tag_rows(conn), _taken_names(conn), []
        for model, who, where, loc in checked:
            for p in _resolve_tags(model, tags, srow["code"], who,
                                   required=_required_sets(conn, srow["requires"] or []))[2]:
                j = re.match(r"[^:]*: tags\[(\d+)\]", p)
                found.append((_where(doc, loc + ("tags", int(j.group(1)))) if j else where) + p)
        named = [(m.name, [a.name for a in m.aliases], who) for m, who, _, _ in checked]
        places = {who: where for _, who, where, _ in checked}
        found += [places.get(p.split(": ", 1)[0], "") + p for p in _shadow_problems(named, taken)]
        if found:
            from .build import _by_place

            raise DesignerCardError(_by_place(found))
        return [_store(conn, srow, model, None, None, who) for model, who, _, _ in checked]

    return config.run_write(_engine(url), work, saved=_cards_saved, after=_forget_caches)


def _cards_saved(saved: SavedCard | list[SavedCard]) -> str:
    """What a card write kept, for people: ``card my_fan:Sea Ghost (version 2) was saved``
    (the line of a Ctrl-C after its commit, :class:`munchkin_lab.config.CommittedInterrupt`)."""
    from ..plural import listed, plural

    if isinstance(saved, list) and len(saved) == 1:
        saved = saved[0]
    if isinstance(saved, SavedCard):
        return f"card {saved.key} (version {saved.row_version}) was saved"
    return f"{plural(len(saved), 'card')} {'were' if len(saved) != 1 else 'was'} saved: {listed([c.key for c in saved], 20)}"


def _future_version(who: str, row: Mapping, version: int) -> str:
    """The refusal of a ``row_version`` the card has not reached (a typo, or another database)."""
    return (f"{who}: version {version} is not a version this card has had: it is at version {row['row_version']} "
            f"(`munchkin-lab cards show {row['name']!r}` shows it); pass the version you read")


def save_card(card: Mapping[str, Any], set_code: str, card_id: int | None = None, row_version: int | None = None,
              url: str | None = None, *, manual_set: bool = True, keep_manual: str = "set manual: true") -> SavedCard:
    """Insert (``card_id=None``) or replace a designer card as a whole (the form's save).

    Args:
        card: every field of the card (set-file form).
        set_code: the designer set it goes to (an edit may move it to another designer set).
        card_id, row_version: the card being edited and the version the editor read
            (``row_version=None``: no version check).
        manual_set: ``card``'s ``manual`` is the designer's say (default); False: it is the
            stored flag kept as it was (the editor's box untouched), which follows the
            effects when it came from the stored effects (:func:`own_manual`).
        keep_manual: how the designer keeps a flag that changed to false, in its note.
    Returns:
        :class:`SavedCard` (a changed ``manual`` flag of an edited card is its first note:
        :func:`manual_note`).
    Raises:
        DesignerCardError: see :func:`add_card`; editing a printed card (copy it instead).
        EditConflictError: the card was saved or deleted since ``row_version`` was read.
    """
    try:
        model = card_model(card, names=None)  # its form first; its names against the database below
    except DesignerCardError as exc:  # told with its tags' problems (as cards add and set import)
        name = card.get("name") if isinstance(card, Mapping) else None
        with _engine(url).connect() as conn:
            srow = _set_row(conn, set_code)
            extra = [] if srow is None or srow["origin"] != DESIGNER else _raw_tag_problems(
                conn, [(card, f"card {name!r}" if isinstance(name, str) and name else "card", lambda j: "")],
                set_code, srow["requires"] or [])
        if extra:
            raise DesignerCardError(exc.problems + extra) from None
        raise
    who = f"card {model.name!r}"

    def work(conn: Connection) -> SavedCard:
        from .build import TABLES

        config.lock_tables(conn, TABLES)
        card_model(card, names=known_names(conn, cards=[(model.name, model.kind)]))
        srow = _designer_set(conn, set_code)
        ct = Card.__table__
        old = None
        if card_id is not None:
            old = conn.execute(select(ct).where(ct.c.id == card_id)).mappings().first()
            if old is None:
                raise EditConflictError(f"{who}: it was deleted by someone else since you opened it; "
                                        "save it as a new card")
            if old["origin"] != DESIGNER:
                raise DesignerCardError(f"{who}: {old['name']!r} is a printed card and never changes in the lab: "
                                        "save a copy under a new name in a designer set")
            if row_version is not None and row_version > old["row_version"]:
                raise DesignerCardError(_future_version(who, old, row_version))
            if row_version is not None and old["row_version"] != row_version:
                raise EditConflictError(
                    f"{who}: edit conflict: {old['name']!r} was saved by someone else since you opened it "
                    f"(version {row_version}, now {old['row_version']}); reload it and redo your change")
        return _store(conn, srow, model, old, row_version, who, manual_set, keep_manual)

    return config.run_write(_engine(url), work, saved=_cards_saved, after=_forget_caches)


def _store(conn: Connection, srow: Mapping, model: CardFile, old: Mapping | None, expected: int | None,
           who: str, manual_set: bool = True, keep_manual: str = "set manual: true") -> SavedCard:
    """Validate ``model`` against the database and write it (insert, or update ``old``; its
    ``manual`` flag: :func:`own_manual`, a change said in the notes)."""
    ct = Card.__table__
    tags = _tag_rows(conn)
    explicit, derived, problems = _resolve_tags(model, tags, srow["code"], who,
                                                required=_required_sets(conn, srow["requires"] or []))
    family = _family_card_problem(SimpleNamespace(code=srow["code"], family=srow["family"]), [(model.name, model.deck)])
    if family:  # the check of set import (a set holds the cards of its own game)
        problems.append(f"{who}: deck: {family}")
    taken = _taken_names(conn, skip_ids=[old["id"]] if old is not None else [])
    problems += _shadow_problems([(model.name, [a.name for a in model.aliases], who)], taken)
    if problems:
        raise DesignerCardError(problems)
    engine = engine_notes(model.effects, model.kind, model.version, model.name)
    manual = bool(own_manual(old, model.manual, model.effects, model.kind, manual_set) or engine)
    values = _values(model, manual)
    if old is None:
        pos = conn.execute(select(func.max(ct.c.position)).where(ct.c.set_id == srow["id"])).scalar()
        cid = conn.execute(insert(ct).returning(ct.c.id), {
            **values, "set_id": srow["id"], "origin": DESIGNER, "position": (pos if pos is not None else -1) + 1,
            "row_version": 1}).scalar_one()
        version = 1
    else:
        cid = old["id"]
        where = [ct.c.id == cid]
        if expected is not None:
            where.append(ct.c.row_version == expected)
        moved = {"set_id": srow["id"]} if old["set_id"] != srow["id"] else {}
        if not moved and _same_card(conn, old, values, tags, explicit, derived, _aliases(model)):
            # nothing to write: the version stays, so no other editor gets a conflict for nothing
            return SavedCard(cid, f"{srow['code']}:{model.name}", int(old["row_version"]), manual,
                             _card_notes(model, engine), unchanged=True)
        if moved:
            pos = conn.execute(select(func.max(ct.c.position)).where(ct.c.set_id == srow["id"])).scalar()
            moved["position"] = (pos if pos is not None else -1) + 1
        version = conn.execute(update(ct).where(*where).values(**values, **moved, row_version=ct.c.row_version + 1)
                               .returning(ct.c.row_version)).scalar()
        if version is None:
            raise EditConflictError(f"{who}: edit conflict: saved by someone else at the same time; reload it and "
                                    "redo your change")
    _write_links(conn, cid, tags, explicit, derived, _aliases(model))
    notes = _card_notes(model, engine)
    changed = manual_note(bool(old["manual"]), manual, keep_manual) if old is not None else None
    return SavedCard(cid, f"{srow['code']}:{model.name}", int(version), manual,
                     [changed] + notes if changed else notes)


def edit_card(name: str, set_code: str | None, changes: Mapping[str, Any], row_version: int | None = None,
              url: str | None = None) -> SavedCard:
    """Change some fields of designer card ``name`` (the others stay); ``changes`` may hold
    ``name`` (a rename) and ``set`` (a move to another designer set). A field set to ``None``
    goes back to its default (``level: null`` = unknown). A rename keeps the old name as an
    alias (a note says so) unless ``changes`` gives ``aliases`` itself: decks, deck files and
    the set file exported from here then still find the card by its old name, on this machine
    and on another designer's (set import follows a rename written as an alias).

    ``manual`` follows the effects: a card that was manual because of its effects (a
    ``manual`` op, a form the engine lacks) and gets effects the engine runs is no longer
    manual, unless ``changes`` sets ``manual`` itself; a flag the designer set on effects the
    engine runs stays. A change of the flag is the first of the returned ``notes``.

    Args:
        name: the card's name (or an alias-free name key match); ``set_code``: its set (needed
            when several sets hold that name).
        row_version: the version read (``None``: no check).
    Returns:
        :class:`SavedCard`.
    Raises:
        DesignerCardError: no such card, a printed card, invalid fields, a shadowing name.
        EditConflictError: the card changed since ``row_version`` was read.
    """
    if not isinstance(changes, Mapping):
        raise DesignerCardError(f"card {name!r}: changes are a mapping of fields, got {type(changes).__name__}")
    with _engine(url).connect() as conn:
        row = _find_card(conn, name, set_code)
    current = get_card(row["name"], row["set_code"], url=url)
    if current["origin"] != DESIGNER:
        raise DesignerCardError(f"card {row['name']!r}: a printed card never changes in the lab: add a copy under a "
                                "new name to a designer set (munchkin-lab cards add)")
    merged = {k: v for k, v in current.items() if k not in ("set", "row_version", "origin")}
    for k, v in changes.items():
        if k in ("set", "row_version", "origin", "id", "key"):
            continue
        if v is None:
            merged.pop(k, None)
        else:
            merged[k] = v
    target = str(changes.get("set") or row["set_code"])
    # a rename keeps the old name as an alias (unless the edit says what the aliases are)
    kept = None
    if "name" in changes and "aliases" not in changes and isinstance(merged.get("name"), str):
        aliases, kept = renamed_aliases(current["name"], merged["name"], merged.get("aliases") or [])
        if kept is not None:
            merged["aliases"] = aliases
    # a flag the old effects gave follows the new ones unless the edit sets it (own_manual)
    saved = save_card(merged, target, card_id=row["id"], row_version=row_version, url=url,
                      manual_set="manual" in changes)
    if kept is not None:
        saved.notes.append(kept_alias_note(kept, f"cards edit {merged['name']!r} '{{aliases: []}}'"))
    return saved


def renamed_aliases(old_name: str, new_name: str, aliases: Iterable[Any]) -> tuple[list, str | None]:
    """The aliases of a card renamed from ``old_name`` to ``new_name``: ``aliases`` (set-file
    form: names or ``{name, language}``) plus the old name, so that decks, deck files and set
    files that name the card the old way still find it, here and on the machines the set file
    goes to (set import matches a card by a former name written as its alias:
    :func:`matched_rows`). Returns ``(aliases, the old name kept)``; ``(aliases, None)`` when
    the name did not change (by :func:`name_key`: case, accents, spacing) or the aliases hold
    the old name already. The one rule of ``cards edit`` (:func:`edit_card`) and the card
    editor's rename (``munchkin_lab.widgets.browser``)."""
    aliases = list(aliases)
    if name_key(new_name) == name_key(old_name):
        return aliases, None
    have = [a["name"] if isinstance(a, Mapping) else a for a in aliases]
    if any(name_key(str(a)) == name_key(old_name) for a in have):
        return aliases, None
    return [*aliases, old_name], old_name


def kept_alias_note(kept: str, drop: str) -> str:
    """The note of a rename that kept the old name ``kept`` as an alias (:func:`renamed_aliases`);
    ``drop``: how to drop it on this path (``"cards edit 'New' '{aliases: []}'"``)."""
    return (f"kept the old name {kept!r} as an alias, so decks and files that name it still find the card "
            f"(to drop it: {drop})")


def delete_card(name: str, set_code: str | None = None, row_version: int | None = None,
                url: str | None = None) -> str:
    """Delete designer card ``name``.

    Returns:
        its key ``"set:Name"``.
    Raises:
        DesignerCardError: no such card, a printed card, or a saved deck holds it (named;
            remove it from the deck first).
        EditConflictError: the card changed since ``row_version`` was read.
    """
    def work(conn: Connection) -> str:
        from .build import TABLES

        config.lock_tables(conn, TABLES)
        row = _find_card(conn, name, set_code)
        who = f"card {row['name']!r}"
        if row["origin"] != DESIGNER:
            raise DesignerCardError(f"{who}: a printed card is never deleted in the lab (it comes from "
                                    f"database/sets/{row['set_code']}.yaml)")
        if row_version is not None and row_version > row["row_version"]:
            raise DesignerCardError(_future_version(who, row, row_version))
        if row_version is not None and row["row_version"] != row_version:
            raise EditConflictError(f"{who}: edit conflict: saved by someone else since you opened it (version "
                                    f"{row_version}, now {row['row_version']}); reload it first")
        used = _deck_users(conn, [row["id"]]).get(row["id"])
        if used:
            raise DesignerCardError(f"{who}: saved deck(s) {', '.join(map(repr, used))} hold it; remove it from them "
                                    f"first (munchkin-lab deck remove DECK {row['name']!r})")
        _delete_cards(conn, [row["id"]])
        return f"{row['set_code']}:{row['name']}"

    return config.run_write(_engine(url), work, saved=lambda key: f"the deletion of card {key} was saved",
                            after=_forget_caches)


def get_card(name: str, set_code: str | None = None, url: str | None = None) -> dict:
    """One card in the set-file form (only fields that differ from their defaults, in
    :data:`CARD_ORDER`) plus ``set``, ``origin`` and ``row_version``.

    A name that is no card's is looked up as an alias too (``cards show "Bilge Spook"`` shows
    Sea Ghost, as :func:`munchkin_lab.cards.api.card` finds it).

    Raises:
        DesignerCardError: no such card (or several: name the set).
    """
    from .api import _rows

    with _engine(url).connect() as conn:
        row = _find_card(conn, name, set_code)
        rows = _rows(conn, Card.id == row["id"])
    r = rows[0]
    return {**card_dict(r), "set": r["set"], "origin": r["origin"], "row_version": int(r["row_version"])}


def card_dict(r: Mapping[str, Any]) -> dict:
    """A card row (as :func:`munchkin_lab.cards.api._rows` gives it) in the set-file form:
    the fields of :data:`CARD_ORDER` that are set (no ``None``, no default), explicit tags only,
    aliases as names (``{name, language}`` when a language is known)."""
    out: dict[str, Any] = {}
    for k in CARD_ORDER:
        if k == "tags":
            v = [n for n, d in r["_tags"] if not d] if "_tags" in r else list(r.get("tags") or [])
        elif k == "aliases":
            src = r.get("_aliases")
            if src is None:
                src = [{"name": a, "language": None} for a in (r.get("aliases") or [])]
            v = [a["name"] if not a.get("language") else {"name": a["name"], "language": a["language"]} for a in src]
        else:
            v = r.get(k)
        if v is None or (k in _CARD_DEFAULTS and v == _CARD_DEFAULTS[k]):
            continue
        if hasattr(v, "item") and not isinstance(v, (list, dict, str)):
            v = v.item()
        out[k] = json.loads(json.dumps(v)) if isinstance(v, (list, dict)) else v
    return out


# --------------------------------------------------------------------------- YAML round trip


def _dump(doc: Any) -> str:
    import yaml

    class _Dumper(yaml.SafeDumper):
        def increase_indent(self, flow: bool = False, indentless: bool = False):  # lists indented, as in sets/
            return super().increase_indent(flow, False)

    def _str(dumper, value: str):
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    _Dumper.add_representer(str, _str)
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


def card_yaml(card: Mapping[str, Any]) -> str:
    """One card as YAML in the set-file form (what the editor shows): the fields of
    :data:`CARD_ORDER` in that order, defaults left out."""
    data = {k: card[k] for k in CARD_ORDER if k in card and card[k] is not None
            and not (k in _CARD_DEFAULTS and card[k] == _CARD_DEFAULTS[k])}
    return _dump(data)


def parse_card_text(text: str, source: str = "<card>") -> dict:
    """A card written as YAML or JSON (JSON is YAML too), read safely
    (:mod:`munchkin_lab.safe_yaml`: no aliases, depth and size limits, control characters).

    Raises:
        DesignerCardError: not readable, or not a mapping (with line and column).
    """
    from .. import safe_yaml

    try:
        doc = safe_yaml.read_yaml_text(text, source)
    except safe_yaml.YamlFileError as exc:
        raise DesignerCardError([f"{p.where(source)}: {p.message}" for p in exc.problems]) from None
    if not isinstance(doc.data, dict):
        raise DesignerCardError(f"{source}: a card is a mapping of fields, e.g. "
                                "{name: Sea Ghost, kind: monster, deck: door, level: 4}")
    return doc.data


#: The suffixes of a set file and their words in the refusal of another name (``set export``
#: and :func:`export_set` alike, :func:`munchkin_lab.fileio.check_suffix`).
SET_SUFFIXES, SET_FILE_WHAT = (".yaml", ".yml"), "a set file is YAML"


def export_set(code: str, path: str | Path | None = None, url: str | None = None,
               overwrite: bool = False) -> str:
    """A set as the text of a set file (``database/sets/<code>.yaml`` format: the header,
    the tags the set declares, its cards in set order, defaults left out). With ``path`` the
    text is also written there atomically (:func:`munchkin_lab.fileio.atomic_write_text`);
    an existing file is replaced only with ``overwrite=True`` (``set export --force``); without
    it the final rename is exclusive too: a file another program writes at ``path`` meanwhile
    is never replaced.

    Returns:
        the YAML text.
    Raises:
        OutputFileError: (a ``ValueError``) ``path`` does not end in ``.yaml`` or ``.yml``,
            checked first as ``set export`` does (nothing is read or written).
        FileExistsError: ``path`` exists and ``overwrite`` is False (nothing is written);
            :class:`~munchkin_lab.fileio.FileAppearedError` (one) when it appeared while the
            set was read: that file is kept, the set is in the error's ``kept`` file
            (``<name>.not-replaced.yaml``) and the text in its ``result``.
        DesignerCardError: no such set.
        OSError: ``path`` cannot be written (the previous file stays).
    """
    if path is not None:
        from ..fileio import refuse_existing

        refuse_shipped_folder(path)
        refuse_existing(path, overwrite, suffixes=SET_SUFFIXES, what=SET_FILE_WHAT)
    from .api import _rows

    st, tt = CardSet.__table__, Tag.__table__
    with _engine(url).connect() as conn:
        row = _set_row(conn, code)
        if row is None:
            raise DesignerCardError(f"set: no set {code!r}")
        tags = [{"name": n, **({"description": d} if d else {})}
                for n, d in conn.execute(select(tt.c.name, tt.c.description).where(tt.c.declared_in == code)
                                         .order_by(tt.c.id))]
        cards = _rows(conn, Card.set_id == row["id"])
    header = {k: (list(row[k] or []) if k == "requires" else row[k]) for k in SET_ORDER}
    doc: dict[str, Any] = {"set": header}
    if tags:
        doc["tags"] = tags
    doc["cards"] = [card_dict(r) for r in cards]
    what = "A designer set" if row["origin"] == DESIGNER else "A shipped set"
    prints = ""
    if row["origin"] == DESIGNER and doc["cards"]:  # by content: equal sets give equal text in any database
        prints = _FINGERPRINTS + json.dumps({c["name"]: _card_fingerprint(c) for c in doc["cards"]},
                                            ensure_ascii=False) + "\n"
    text = (f"# {what} exported by munchkin-lab (format: database/README.md). Edit it and bring it back with\n"
            f"# `munchkin-lab set import FILE`.\n" + prints + _dump(doc))
    if path is not None:
        from ..fileio import FileAppearedError, atomic_write_text

        try:
            atomic_write_text(path, text, exclusive=not overwrite)
        except FileAppearedError as exc:
            exc.result = text
            raise
    return text


def refuse_shipped_folder(path: str | Path) -> None:
    """An export is never written into the shipped sets' folder (``database/sets/``, the
    source of truth that ``db build`` reads): ``--force`` would replace a shipped set's file,
    and a new file there would become a shipped set at the next build. Designer sets live in
    the database; their files go anywhere else (README, Designer cards). Links and ``..`` are
    resolved first.

    Raises:
        DesignerCardError: ``path`` lies in that folder (nothing is written).
    """
    shipped = (config.DATABASE_DIR / "sets").resolve()
    where = Path(path).expanduser().resolve().parent
    if where == shipped or shipped in where.parents:
        raise DesignerCardError(f"{path}: not written: {shipped} holds the shipped sets (the card files db build "
                                "reads); a designer set lives in the database, export it to a file elsewhere, "
                                "e.g. my_set.yaml")


def read_set_text(text: str, source: str = "<set>") -> SetFile:
    """Parse and validate the text of a set file (safe YAML and the set-file schema; the names
    its effects refer to against the shipped sets and the file's own cards and tags).

    Raises:
        DesignerCardError: every problem as ``source:line: card 'Name': field: message``.
    """
    return _read_set(text, source)[0]


def designer_set_data(data: Any) -> Any:
    """The data of a designer set file with ``provenance: designer`` on every card that does
    not say its provenance (a card written by hand in a designer set is the designer's own,
    as in ``cards add``; the shipped set files' default, ``printed``, would ask for a
    ``source:``). ``data`` itself is not changed."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        return data
    cards = [({**c, "provenance": DESIGNER} if isinstance(c, dict) and "provenance" not in c else c)
             for c in data["cards"]]
    return {**data, "cards": cards}


def _file_cards(data: Any) -> tuple[list, list]:
    """The raw ``cards`` and ``tags`` lists of a parsed set file (empty when malformed)."""
    if not isinstance(data, dict):
        return [], []
    cards = data.get("cards") if isinstance(data.get("cards"), list) else []
    tags = data.get("tags") if isinstance(data.get("tags"), list) else []
    return cards, tags


def _duplicate_problems(doc: YamlDoc | None, names: list[Any], code: Any) -> list[str]:
    """``name: duplicate card`` of every card (``names``: the cards' names in file order, valid
    or not) whose name an earlier card of the file has: the check ``db check`` makes
    (:func:`munchkin_lab.cards.build.duplicate_cards`), worded as the set import words it."""
    from .build import duplicate_cards

    out = []
    for i, first in duplicate_cards(enumerate(names)).items():
        at = _where(doc, ("cards", first)).rstrip(": ") or f"card #{first + 1}"
        out.append(f"{_where(doc, ('cards', i))}card {names[i]!r}: name: duplicate card in set {code!r} (first at {at})")
    return out


def _read_set(text: str, source: str, names: Any = None,
              more: Callable[[YamlDoc], list[str]] | None = None) -> tuple[SetFile, YamlDoc]:
    """Parse and validate a set file's text. ``names(data)`` gives the names its effects may
    refer to from the parsed data (default: the shipped sets' plus the file's cards and tags);
    ``more(doc)``: further problems told with the schema's when it refuses the file (the cards'
    tags against the database: all problems at once); a refused file's duplicate card names
    are told with them too (a bad card hides no duplicate, as in ``db check``)."""
    from .. import safe_yaml
    from .effect_schema import names_of

    try:
        sdoc = safe_yaml.read_yaml_text(text, source)
    except safe_yaml.YamlFileError as exc:
        raise DesignerCardError([f"{p.where(source)}: {p.message}" for p in exc.problems]) from None
    doc = YamlDoc(Path(source), sdoc.data, sdoc.node, source)
    if not isinstance(doc.data, dict):
        raise DesignerCardError(f"{source}: a set file is a mapping with set:, tags: and cards: "
                                "(database/README.md)")
    ctx = names(doc.data) if names is not None else names_of(*_file_cards(doc.data))
    try:
        return SetFile.model_validate(designer_set_data(doc.data), context={"names": ctx}), doc
    except ValidationError as exc:
        from .build import _by_place

        head = doc.data.get("set") if isinstance(doc.data.get("set"), dict) else {}
        dups = _duplicate_problems(doc, [c.get("name") if isinstance(c, Mapping) else None
                                         for c in _file_cards(doc.data)[0]], head.get("code"))
        raise DesignerCardError(_by_place(validation_problems(doc, exc) + dups + (more(doc) if more else []))) from None


def _where(doc: YamlDoc | None, loc: tuple) -> str:
    if doc is None:
        return ""
    line = doc.line_of(loc)
    return f"{doc.path_display}:{line}: " if line else f"{doc.path_display}: "


@dataclass
class _SetPlan:
    header: SetHeader
    set_row: Mapping | None
    tags: list[tuple[str, str | None]]
    todo: list[tuple[CardFile, Mapping | None, dict, list[str], list[str]]]
    gone: list[Mapping]
    names: dict[str, list[str]]
    notes: list[str]
    header_changed: bool
    header_changes: list[str]


def _plan_set(conn: Connection, sf: SetFile, doc: YamlDoc | None = None, *,
              allow_existing: bool = True, also_known: Iterable[str] = (),
              exported: Mapping[str, str] | None = None) -> _SetPlan:
    """Check a designer set file against the database and work out the changes (no writes).
    ``also_known``: set codes that ``requires:`` may name besides the database's (the other
    sets of a deck bundle, whose own problems are reported on their own). ``exported``: the
    file's export fingerprints (:func:`_exported_fingerprints`), which tell the refusal of a
    card a saved deck holds which side renamed it (:func:`_renamed_hint`).

    Raises:
        DesignerCardError: every problem found.
    """
    from .api import _rows

    code = sf.set.code
    problems: list[str] = []
    srow = _set_row(conn, code)
    if srow is not None and srow["origin"] != DESIGNER:
        raise DesignerCardError(f"{_where(doc, ('set', 'code'))}set: code: {code!r} is a shipped set "
                                f"(database/sets/{code}.yaml); a designer set needs a code of its own")
    if srow is not None and not allow_existing:
        raise DesignerCardError(f"{_where(doc, ('set', 'code'))}set: code: a set {code!r} exists already")
    known = set(conn.execute(select(CardSet.code)).scalars()) | {code} | set(also_known)
    for req in sf.set.requires:
        if req not in known:
            problems.append(f"{_where(doc, ('set', 'requires'))}set: requires: unknown set {req!r}"
                            f"{did_you_mean(req, known)}")
    family = _family_problem(conn, sf.set)
    if family:
        problems.append(f"{_where(doc, ('set', 'family'))}{family}")
    family = _family_card_problem(sf.set, [(c.name, c.deck) for c in sf.cards])
    if family:
        problems.append(f"{_where(doc, ('set', 'family'))}{family}")
    tags = _tag_rows(conn)
    required = _required_sets(conn, sf.set.requires) - {code}
    own_tags = {t.name.lower(): t.name for t in sf.tags}
    for i, t in enumerate(sf.tags):
        row = tags.get(t.name.lower())
        if row is not None and row["declared_in"] in required:
            problems.append(f"{_where(doc, ('tags', i))}tags[{i}]: tag {t.name!r} is declared by set "
                            f"{row['declared_in']!r}, which this set requires: its cards use it as it is; take it "
                            "out of this file's tags:")
        elif row is not None and row["declared_in"] not in (None, code):
            problems.append(f"{_where(doc, ('tags', i))}tags[{i}]: tag {t.name!r} is declared by set "
                            f"{row['declared_in']!r}; use another name")
    dropped = {k: r["name"] for k, r in tags.items() if r["declared_in"] == code and k not in own_tags}
    problems += _orphan_problems(conn, code, sf.set.requires, dropped, doc)
    # matched by name, then by name_key (matched_rows): a name written with other case,
    # spacing, punctuation or accents is the same card renamed (same id, the decks holding
    # it kept), not a removal and an addition
    rows = _rows(conn, Card.set_id == srow["id"]) if srow is not None else []
    own_ids = [r["id"] for r in rows]
    taken = _taken_names(conn, skip_ids=own_ids)
    from .build import duplicate_cards

    repeats = duplicate_cards(enumerate(c.name for c in sf.cards))  # told below, checked no further
    problems += _duplicate_problems(doc, [c.name for c in sf.cards], code)
    checked = []
    for i, c in enumerate(sf.cards):
        where = _where(doc, ("cards", i))
        who = f"{where}card {c.name!r}"
        if c.provenance != DESIGNER:
            problems.append(f"{who}: provenance: cards of a designer set are 'designer', got {c.provenance!r}")
        if i in repeats:
            continue
        explicit, derived, errs = _resolve_tags(c, tags, code, who, extra=own_tags, dropped=dropped,
                                                required=required)
        problems += errs
        checked.append((c, explicit, derived, who))
    # names and aliases against the database and each other (one report per clash: this also
    # covers an alias that is another card's name or alias, which build.alias_problems checks
    # in the shipped files)
    problems += _shadow_problems([(c.name, [a.name for a in c.aliases], who) for c, _, _, who in checked], taken)
    stored = matched_rows(rows, [c.name for c, _, _, _ in checked],
                          {c.name: [a.name for a in c.aliases] for c, _, _, _ in checked})
    names: dict[str, list[str]] = {"added": [], "updated": [], "removed": [], "unchanged": []}
    notes: list[str] = []
    idle_of: dict[str, list[str]] = {}  # a note of idle_notes -> the cards it is about
    todo = []
    for c, explicit, derived, who in checked:
        old = stored.get(c.name)
        engine = engine_notes(c.effects, c.kind, c.version, c.name)
        # the file's manual: true as stored (an export's) is no say of the designer's: a flag
        # the stored effects gave follows the file's effects (own_manual, as cards edit does)
        own = own_manual(old, c.manual, c.effects, c.kind, old is None or c.manual != bool(old["manual"]))
        manual = bool(own or engine)
        if manual and not c.manual:
            notes.append(f"card {c.name!r}: manual: set to true ({engine[0]})")
        elif c.manual and not manual:
            notes.append(f"card {c.name!r}: {manual_note(True, False, 'import it again with manual: true')}")
        values = _values(c, manual)
        if old is None:
            names["added"].append(c.name)
        else:
            same = all(old[k] == v for k, v in values.items())
            same = same and sorted(n for n, d in old["_tags"] if not d) == sorted(explicit)
            same = same and old["_aliases"] == _aliases(c)
            if same:
                names["unchanged"].append(c.name)
                continue
            names["updated"].append(c.name)
            if old["name"] != c.name:
                notes.append(f"card {c.name!r}: name: {old['name']!r} -> {c.name!r} (the same card renamed)")
        if not engine:  # a card added or changed that does nothing in play: the note cards add gives
            idle, hand = idle_notes(c.kind, c.effects, c.bonus, c.gold, manual)
            for n in idle + hand:
                idle_of.setdefault(n, []).append(c.name)
        todo.append((c, old, values, explicit, derived))
    # one note per kind of card that does nothing, naming its cards (a set of 12 such monsters)
    notes += [f"{'card' if len(who) == 1 else plural(len(who), 'card') + ':'} "
              f"{listed([repr(w) for w in who])}: {n}" for n, who in idle_of.items()]
    kept = {r["id"] for r in stored.values()}
    gone = [r for r in rows if r["id"] not in kept]
    used = _deck_users(conn, [r["id"] for r in gone])
    new_cards = [(c, values) for c, old, values, _e, _d in todo if old is None]
    vouched = [exported or {}, _imported_fingerprints(conn, code)] if used else []
    for r in gone:
        if r["id"] in used:
            seen_so = any(_card_fingerprint(card_dict(r)) == v.get(r["name"].lower()) for v in vouched)
            problems.append(f"{doc.path_display + ': ' if doc is not None else ''}card {r['name']!r}: missing from "
                            f"the file but saved deck(s) "
                            f"{', '.join(map(repr, used[r['id']]))} hold it: "
                            + _renamed_hint(r, new_cards, code, used[r["id"]], seen_so))
        names["removed"].append(r["name"])
    if problems:
        from .build import _by_place

        raise DesignerCardError(_by_place(problems))  # by line, as db check
    changes: list[str] = []
    if srow is not None:
        for k in SET_ORDER:
            was = list(srow[k] or []) if k == "requires" else srow[k]
            now = list(getattr(sf.set, k)) if k == "requires" else getattr(sf.set, k)
            if was != now:
                changes.append(f"{k} {_short(was)} -> {_short(now)}")
        stored_tags = {r["name"]: r["description"] for r in tags.values() if r["declared_in"] == code}
        file_tags = {t.name: t.description for t in sf.tags}
        changes += [f"tag {t!r} declared" for t in file_tags if t not in stored_tags]
        changes += [f"tag {t!r} no longer declared" for t in stored_tags if t not in file_tags]
        changes += [f"tag {t!r} description changed" for t in file_tags
                    if t in stored_tags and stored_tags[t] != file_tags[t]]
    return _SetPlan(sf.set, srow, [(t.name, t.description) for t in sf.tags], todo, gone, names, notes,
                    srow is None or bool(changes), changes)


def _orphan_problems(conn: Connection, code: str, requires: Iterable[str], dropped: Mapping[str, str],
                     doc: YamlDoc | None) -> list[str]:
    """The cards of OTHER designer sets that an import of set ``code`` (requiring ``requires``,
    no longer declaring the tags ``dropped``: key -> name) would leave with a tag they may not
    carry: a tag ``code`` declared and its file drops while a card of a set requiring it carries
    it, or a tag of a set that, without one of ``code``'s requirements, a set built on ``code``
    would no longer require. Such an import is refused naming the tag, the card and its set
    (a tag is never left in the database undeclared, nor a card with a tag its set cannot use;
    the file's own cards are :func:`_check_tags`' to check). Tags a card already could not use
    before this import are not this import's doing and are not told here."""
    st, ct, tt, lt = CardSet.__table__, Card.__table__, Tag.__table__, CardTagLink.__table__
    needs = {c: list(r or []) for c, r in conn.execute(select(st.c.code, st.c.requires))}
    before = dict(needs)
    needs[code] = list(requires)

    rows = conn.execute(select(ct.c.name, st.c.code, tt.c.name, tt.c.key, tt.c.declared_in)
                        .select_from(lt.join(ct, ct.c.id == lt.c.card_id).join(st, st.c.id == ct.c.set_id)
                                     .join(tt, tt.c.id == lt.c.tag_id))
                        .where(lt.c.derived.is_(False), tt.c.declared_in.is_not(None), st.c.code != code,
                               st.c.origin == DESIGNER)
                        .order_by(st.c.code, ct.c.name)).all()
    out = []
    for card, owner, tag, key, declared in rows:
        if declared == owner or declared not in _closure(before, before.get(owner, [])):
            continue  # its own tag, or not usable before this import either
        if declared == code and key in dropped:
            out.append(f"{_where(doc, ('set', 'code'))}tags: tag {tag!r} is no longer declared in the file's tags:, "
                       f"but card {card!r} of set {owner!r} (which requires {code!r}) carries it; declare it "
                       f"again, or take it off that card first")
        elif declared not in _closure(needs, needs.get(owner, [])):
            out.append(f"{_where(doc, ('set', 'requires'))}set: requires: set {owner!r} (built on {code!r}) would no "
                       f"longer require {declared!r}, whose tag {tag!r} its card {card!r} carries; keep the "
                       f"requirement, or take the tag off that card first")
    return out


def _renamed_hint(row: Mapping, new_cards: list, code: str, decks: list[str], seen_so: bool = True) -> str:
    """The ways on for stored card ``row`` missing from a set file while saved ``decks`` hold
    it; ``new_cards``: the file's ``(card, values)`` the set does not hold yet. A new card with
    all of ``row``'s fields but the name (else the one new card of its kind and pile) is likely
    the same card under another name, and the message names it.

    ``seen_so``: ``row`` is as the file's export saw it or as the set's last import left it
    (its fingerprint): the rename is the file's (made in the file, or by ``cards edit`` on
    another machine: the file carries the new name only), and the message says how to follow
    it here (rename the card here, or give the new name the old one as an alias in the file).
    Otherwise the card was changed here since, and the file may be the older side (a rename
    made here whose kept alias was dropped: a rename that kept it is matched by it,
    :func:`matched_rows`): the message gives that way first (the file brought in line with
    the name here, or the set exported again), then the other."""
    same = [c.name for c, v in new_cards if all(row.get(k) == x for k, x in v.items() if k != "name")]
    like = same or [c.name for c, v in new_cards if v["kind"] == row.get("kind") and v["deck"] == row.get("deck")]
    tail = (f"put it back in the file, or remove it from the decks first (munchkin-lab deck remove "
            f"{decks[0]!r} {row['name']!r})")
    if len(like) != 1:
        return tail
    new = like[0]
    why = "with all of its fields" if same else f"the one new {row.get('kind')} of the file"

    def follow(where: str) -> str:
        return (f"rename it{where} first (munchkin-lab cards edit {row['name']!r} '{{name: {new}}}' --set {code}; "
                f"the decks follow it) or give {new!r} the alias {row['name']!r} in the file, then import again")

    if seen_so:
        return f"it looks renamed to {new!r} ({why}): to follow the rename here, {follow('')}; else {tail}"
    return (f"it looks like the same card as the file's {new!r} ({why}) under another name, and the card here "
            f"changed since the file's export (or the set's last import): if it was renamed here, the file is "
            f"older: rename {new!r} to {row['name']!r} in the file (or export the set again: munchkin-lab set "
            f"export {code} FILE), then import again; if the file renamed it, {follow(' here')}; else {tail}")


def matched_rows(rows: list[Mapping], names: Iterable[str],
                 aliases: Mapping[str, Iterable[str]] | None = None,
                 ids: Mapping[str, int] | None = None) -> dict[str, Mapping]:
    """``{name: the stored row it is}`` for the ``names`` of a file (a set file, a CSV) among
    the stored cards ``rows`` of one set: the row of that name (case-insensitive) first, else
    the one row left whose :func:`name_key` is the name's (the same card renamed: other case,
    accents, spacing or punctuation); each row is matched once, names without a row are left
    out. Two stored rows of one key (kept from before names were compared so) are matched
    only by their own names. Then a name still without a row takes the row left of the id
    ``ids`` gives it (name -> the stored card's id a file carries: the ``card_id`` of a
    ``db export`` CSV; a set file carries none), then the row left whose name
    is one of its ``aliases`` (name -> the file card's aliases): the card renamed elsewhere,
    its former name written as an alias in the file, is the same card. Last, a name still
    without a row takes the one row left that holds it (by :func:`name_key`) as one of its
    own stored aliases (``row["_aliases"]``: ``[{name, language}]``): the card renamed here
    (``cards edit`` and the card editor keep the old name as an alias, :func:`renamed_aliases`)
    and the file older than that rename, the same card (an edit, not a removal and an
    addition). A name that two stored rows hold as an alias matches neither. The alias steps
    skip printed cards (``origin`` ``file``, ``db import`` of a shipped set): a printed card's
    name and aliases are its set file's, no former names."""
    by_name = {r["name"].lower(): r for r in rows}
    names = list(names)
    out: dict[str, Mapping] = {}
    used: set[int] = set()
    for n in names:
        row = by_name.get(n.lower())
        if row is not None and row["id"] not in used:
            out[n] = row
            used.add(row["id"])
    by_key: dict[str, list[Mapping]] = {}
    for r in rows:
        by_key.setdefault(name_key(r["name"]), []).append(r)
    for n in names:
        if n in out:
            continue
        left = [r for r in by_key.get(name_key(n), []) if r["id"] not in used]
        if len(by_key.get(name_key(n), [])) == 1 and left:
            out[n] = left[0]
            used.add(left[0]["id"])
    by_id = {r["id"]: r for r in rows}
    for n in names:
        row = by_id.get((ids or {}).get(n))
        if n not in out and row is not None and row["id"] not in used:
            out[n] = row
            used.add(row["id"])
    for n in names:
        if n not in out:
            for a in (aliases or {}).get(n, ()):
                row = by_name.get(str(a).lower())
                if row is not None and row["id"] not in used and row.get("origin") != "file":
                    out[n] = row
                    used.add(row["id"])
                    break
    by_alias: dict[str, list[Mapping]] = {}
    for r in (r for r in rows if r.get("origin") != "file"):
        for key in {name_key(str(a["name"] if isinstance(a, Mapping) else a)) for a in (r.get("_aliases") or ())}:
            by_alias.setdefault(key, []).append(r)
    for n in names:
        holders = by_alias.get(name_key(n), [])
        if n not in out and len(holders) == 1 and holders[0]["id"] not in used:
            out[n] = holders[0]
            used.add(holders[0]["id"])
    return out


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (a long ``notes`` in a summary)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _family_card_problem(header: Any, cards: list[tuple[str, str]]) -> str | None:
    """Why the set ``header``'s family does not fit its cards ``(name, deck)`` (``None`` when
    it does): a ``solar_storm`` set holds no Munchkin cards (Door, Treasure... piles) and a
    ``munchkin`` set no ship rooms, as ``deck check`` tells the games apart by their piles."""
    from ..decks.checks import _MUNCHKIN_DECKS as _MUNCHKIN_PILES

    if header.family == "solar_storm":
        other = [n for n, d in cards if d in _MUNCHKIN_PILES]
        game, right = "Munchkin", "munchkin"
    else:
        other = [n for n, d in cards if d not in _MUNCHKIN_PILES]
        game, right = "Solar Storm", "solar_storm"
    if not other:
        return None
    shown = ", ".join(map(repr, other[:5])) + (", ..." if len(other) > 5 else "")
    return (f"set {header.code!r}: family: {header.family!r}, but it holds {len(other)} {game} "
            f"card{'s' if len(other) != 1 else ''} ({shown}): a set holds the cards of its own game; "
            f"use family {right!r} or move those cards to a set of their game")


def _apply_set(conn: Connection, plan: _SetPlan) -> None:
    st, tt, ct = CardSet.__table__, Tag.__table__, Card.__table__
    code = plan.header.code
    if plan.set_row is None:
        sid = _insert_set(conn, plan.header)
    else:
        sid = plan.set_row["id"]
        values = json.loads(json.dumps(plan.header.model_dump()))
        conn.execute(update(st).where(st.c.id == sid).values(**{k: v for k, v in values.items() if k != "code"}))
    have = {r["key"]: r for r in conn.execute(select(tt).where(tt.c.declared_in == code)).mappings()}
    for name, desc in plan.tags:
        key = name.lower()
        if key in have:
            conn.execute(update(tt).where(tt.c.id == have[key]["id"]).values(name=name, description=desc))
        elif conn.execute(select(tt.c.id).where(tt.c.key == key)).first() is None:
            conn.execute(insert(tt), {"name": name, "key": key, "description": desc, "declared_in": code})
    _delete_cards(conn, [r["id"] for r in plan.gone])
    tags = _tag_rows(conn)
    for c, old, values, explicit, derived in plan.todo:
        if old is None:
            cid = conn.execute(insert(ct).returning(ct.c.id), {
                **values, "set_id": sid, "origin": DESIGNER, "position": 0, "row_version": 1}).scalar_one()
        else:
            cid = old["id"]
            conn.execute(update(ct).where(ct.c.id == cid).values(**values, row_version=ct.c.row_version + 1))
        _write_links(conn, cid, tags, explicit, derived, _aliases(c))
    _drop_unused_set_tags(conn, code, keep=[n for n, _ in plan.tags])


def _renumber(conn: Connection, sid: int, names: list[str]) -> None:
    ct = Card.__table__
    ids = {n.lower(): cid for cid, n in conn.execute(select(ct.c.id, ct.c.name).where(ct.c.set_id == sid))}
    for pos, n in enumerate(names):
        cid = ids.get(n.lower())
        if cid is not None:
            conn.execute(update(ct).where(ct.c.id == cid, ct.c.position != pos).values(position=pos))


class SetConsentError(DesignerCardError):
    """A set import would lose stored cards or edits and the caller did not agree to it;
    nothing was written. ``removed``: cards of the set the file lacks (agree with
    ``remove_missing``); ``newer``: cards edited in the database after the file's export
    (or, for a file without its fingerprints, the set's last import), whose edits the import
    would undo, whether or not the file changed them too (agree with ``overwrite_newer``);
    ``renamed``: the changes of the set's name or notes the file makes (``"name 'A' -> 'B'"``:
    agree with ``rename``)."""

    def __init__(self, message: str, removed: list[str], newer: Iterable[str] = (), renamed: Iterable[str] = ()):
        super().__init__(message)
        self.removed, self.newer, self.renamed = list(removed), list(newer), list(renamed)


def _names(names: list[str]) -> str:
    """At most 20 names, quoted, then how many more."""
    return listed([repr(n) for n in names], 20)


#: Fields whose values a card's changes show (``"gold 300 -> 400"``): short ones; the others
#: (text, lists, effects) are only named.
_VALUE_FIELDS = frozenset({"name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot",
                           "big", "gold", "version", "manual"})
#: At most this many fields per card, and cards with their fields, in a list of changed cards.
_CHANGES_PER_CARD, _CHANGED_CARDS = 5, 10


def _plain(field_name: str, value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return repr(value) if field_name == "name" else str(value)


def card_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The fields in which card ``after`` differs from card ``before`` (both in the set-file
    form, :func:`card_dict`: a missing field is its default), in :data:`CARD_ORDER`: a short
    field with its values (``"gold 300 -> 400"``, ``"level none -> 3"``, ``"name 'A' -> 'B'"``),
    the others by name only (``"effects"``, ``"summary"``, ``"tags"``). What an import's consent
    message (``set import``, ``db import``) tells per card.

    >>> card_changes({"name": "X", "gold": 300, "level": 2},
    ...              {"name": "X", "gold": 400, "level": 3, "summary": "New"})
    ['gold 300 -> 400', 'level 2 -> 3', 'summary']
    """
    out = []
    for k in CARD_ORDER:
        b, a = before.get(k, _CARD_DEFAULTS.get(k)), after.get(k, _CARD_DEFAULTS.get(k))
        if b == a:
            continue
        out.append(f"{k} {_plain(k, b)} -> {_plain(k, a)}" if k in _VALUE_FIELDS else k)
    return out


def changed_cards(names: list[str], changes: Mapping[str, list[str]] | None = None, quote: bool = True) -> str:
    """``names`` for a message, each with the fields that would change when ``changes``
    (name -> :func:`card_changes`) knows them: ``'Sea Ghost' (gold 300 -> 400, level, effects)``.
    At most :data:`_CHANGES_PER_CARD` fields a card and :data:`_CHANGED_CARDS` cards, then
    how many more (:func:`munchkin_lab.plural.listed`). One wording for ``set import`` and
    ``db import``, in the refusal (``quote``: names as ``repr``) and the command's question."""
    changes = changes or {}

    def one(n: str) -> str:
        shown = repr(n) if quote else n
        fields = changes.get(n)
        return f"{shown} ({listed(fields, _CHANGES_PER_CARD)})" if fields else shown

    return listed([one(n) for n in names], _CHANGED_CARDS)


def _consent_refused(code: str | None, disp: str, gone: list[str], newer: list[str], updated: list[str],
                     since: str, csv: bool = False, changes: Mapping[str, list[str]] | None = None,
                     renamed: list[str] | None = None) -> SetConsentError:
    """The refusal of an import (``set import`` of set ``code``; with ``csv``, ``db import`` of
    the CSV ``disp``) that would rename the set (``renamed``: its name or notes changed, as
    :func:`set_renames` gives them), remove cards or undo edits saved after the file's export,
    without the caller's consent: one wording for both. ``changes``: per card name, the fields
    the import would change (:func:`card_changes`), told after each name."""
    parts, agree = [], []
    if renamed:
        parts.append(f"the file would rename the set: {', '.join(renamed)} (a file of another designer's set "
                     "with the same code would take this one over)")
        agree.append("rename=True")
    if gone:
        parts.append(f"{len(gone)} card(s) of the database are not in {disp} and would be removed: {_names(gone)}")
        agree.append("remove_missing=True")
    if newer:
        parts.append(f"{len(newer)} card(s) were edited in the database {since} and would lose "
                     f"those edits: {changed_cards(newer, changes)}")
        agree.append("overwrite_newer=True")
    others = [n for n in updated if n not in newer]
    if others:
        parts.append(f"it would also change {len(others)} card(s) to the file's values: "
                     f"{changed_cards(others, changes)}")
    who, again, command = ((f"{disp}", "the cards again (`munchkin-lab db export FILE`)", "db import")
                           if csv else (f"set {code!r}", f"the set again (`munchkin-lab set export {code} FILE`)",
                                        "set import"))
    return SetConsentError(
        f"{who}: " + "; ".join(parts) + f". Nothing was written. If the file is older than the database, "
        f"export {again} and edit that; to go ahead, confirm the "
        f"import (`munchkin-lab {command} FILE` asks; --yes) or pass {' and '.join(agree)}", gone, newer,
        renamed or ())


#: The comment line of an exported designer set that holds its cards' fingerprints.
_FINGERPRINTS = "# card fingerprints (set import spots edits saved after this export): "


def _card_fingerprint(card: Any) -> str:
    """A short hash of a card in the set-file form (:func:`card_dict`, or the card as read
    from a set file): equal for equal cards, in any database."""
    import hashlib

    return hashlib.sha256(json.dumps(card, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()[:12]


def _imported_key(code: str) -> str:
    """The ``build_info`` key under which the last ``set import`` of designer set ``code``
    keeps its cards' fingerprints as it wrote them."""
    return f"set_import:{code}"


def _imported_fingerprints(conn: Connection, code: str) -> dict[str, str]:
    """``{name (lower case): fingerprint}`` of set ``code``'s cards as its last import wrote
    them (``{}`` when none is recorded): a card that still has that content was changed since
    an export by an import (the designer's export, edit, import loop), or edited and then
    edited back by hand: either way it holds no database edit an import could lose (the
    ``row_version`` the record also keeps moves on with every edit, an undone one too, so it
    is not compared)."""
    from .build import _build_value

    value = _build_value(conn, _imported_key(code))
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v[0]) for k, v in value.items() if isinstance(v, list) and len(v) == 2}


def _record_import(conn: Connection, code: str, sid: int) -> None:
    """Keep set ``code``'s cards' fingerprints and versions as this import leaves them
    (``build_info``)."""
    from .api import _rows

    bt = BuildInfo.__table__
    prints = {r["name"].lower(): [_card_fingerprint(card_dict(r)), r["row_version"]]
              for r in _rows(conn, Card.set_id == sid)}
    conn.execute(delete(bt).where(bt.c.key == _imported_key(code)))
    conn.execute(insert(bt), {"key": _imported_key(code), "value": prints})


def _exported_fingerprints(text: str) -> dict[str, str]:
    """``{name (lower case): fingerprint}`` from an exported set file's comment (``{}`` when
    the file has none: written by hand, or its comments dropped)."""
    for line in text.splitlines()[:5]:
        if line.startswith(_FINGERPRINTS):
            try:
                data = json.loads(line[len(_FINGERPRINTS):])
            except ValueError:
                return {}
            return {str(k).lower(): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    return {}


def _set_of_bundle(text: str, disp: str, code: str | None) -> tuple[str, str]:
    """``(text, source)`` of a set file: ``text`` itself, or, when ``text`` is a deck bundle,
    the set file of its designer set ``code`` (the only one when ``code`` is ``None``) with
    ``source`` ``"FILE (set CODE)"``. Lines in messages are then those of that set's text.

    Raises:
        DesignerCardError: a bundle without that set (naming the ones it has), or ``code``
            given for a file that is no bundle.
    """
    if "bundle" not in text:
        data = None
    else:
        from .. import safe_yaml

        try:
            data = safe_yaml.read_yaml_text(text, disp).data
        except safe_yaml.YamlFileError:
            data = None  # reported by the set-file reader
    if not (isinstance(data, dict) and "bundle" in data and isinstance(data.get("sets"), list)):
        if code is not None:
            raise DesignerCardError(f"{disp}: --set/bundle_set is for a deck bundle; this is a set file")
        return text, disp
    sets = [r for r in data["sets"] if isinstance(r, dict) and isinstance(r.get("set"), dict)]
    codes = [str(r["set"].get("code")) for r in sets]
    if code is None and len(sets) == 1:
        code = codes[0]
    if code is None or code not in codes:
        have = ", ".join(codes) or "none"
        what = f"no designer set {code!r}" if code is not None else "several designer sets"
        raise DesignerCardError(f"{disp}: the bundle holds {what} (its sets: {have}); name one with --set CODE")
    raw = sets[codes.index(code)]
    return (f"# set {code} of the deck bundle {disp}\n" + _dump(raw)), f"{disp} (set {code})"


def import_set(source: str | Path, url: str | None = None, *, dry_run: bool = False, text: str | None = None,
               create_only: bool = False, remove_missing: bool = False,
               expect_removed: Iterable[str] | None = None, bundle_set: str | None = None,
               overwrite_newer: bool = False, expect_newer: Iterable[str] | None = None,
               rename: bool = False) -> SetImportResult:
    """Bring a designer set file into the database: the set (created, or brought in line
    with the file: header, declared tags, cards added, updated or removed; unchanged cards
    keep their ``row_version``) and its cards in file order. A file card is the stored card of
    its name, else of a name written differently, of a former name written as its alias, or
    of the name a stored card kept as its alias when renamed here (a file older than that
    rename: an edit of that card, asked for below): :func:`matched_rows`.

    A file that changes an existing set's name or notes (what tells it apart from another
    designer's set of the same code, whose file would otherwise take this one over) is
    imported only with ``rename=True`` (the user agreed; ``set import`` asks): by default it is
    refused with :class:`SetConsentError` naming the set's code and the old and new values.
    Cards of the set that the file does not hold are removed only with ``remove_missing=True``
    (the user agreed): by default such an import is refused with :class:`SetConsentError`
    listing them (an older export imported back would otherwise drop the cards added since).
    A file written by :func:`export_set` carries its cards' fingerprints (a comment line): a
    card edited in the database after that export, which the import would change (back to
    the export, or to the file's own edit of it: both sides edited), takes the file's values
    only with ``overwrite_newer=True``. A card changed since only by a ``set import`` is no
    such edit (export, edit the file, import, edit it again, import again asks nothing), nor
    is an edit undone by hand (the card as the last import wrote it again): each import keeps
    the fingerprints it wrote (``build_info`` key ``set_import:CODE``; the content is
    compared, not the version). For a file without fingerprints (written by hand, its comments
    dropped, a bundle's set) only the last import vouches for a card. The CLI lists both,
    and the other cards the file changes, and asks.

    The file is read as safely as the shipped set files and checked by the same schema
    (errors name ``file:line``, the card and the field); then against the database: a code
    of a shipped set, names or aliases that shadow other cards (:func:`name_key`), undeclared tags, a tag the file
    stops declaring, or a requirement it drops, that cards of other sets still need (:func:`_orphan_problems`:
    named with the card and its set), unknown required sets, and cards missing from
    the file that a saved deck still holds are refused; everything is checked before anything
    is written, in one transaction.

    Args:
        source: the file (its path; also the name in messages when ``text`` is given).
        dry_run: only work out what would change.
        text: the file's text instead of reading ``source``.
        create_only: refuse when the set exists already.
        remove_missing: remove the set's cards that the file does not hold (default: refuse).
        overwrite_newer: set cards edited in the database after the file's export back to
            the file's values (default: refuse).
        rename: change an existing set's name or notes to the file's (default: refuse).
        bundle_set: ``source`` may also be a deck bundle (``deck bundle``): its designer set of
            this code is imported (``None``: the bundle's only set); this brings a set here up
            to the bundle's version, so that ``deck import-bundle`` then uses it as it is.
        expect_removed: with ``remove_missing``, the card names a dry run showed as to be
            removed (and the user agreed to): refused if the import would now remove any
            other card (someone added one in between).
        expect_newer: with ``overwrite_newer``, the card names a dry run showed as edited in
            the database since the export (and the user agreed to undo): refused if the import
            would now undo the edits of any other card (someone saved one in between).
    Returns:
        :class:`SetImportResult`.
    Raises:
        SetConsentError: the set would be renamed without ``rename``, cards removed without
            ``remove_missing`` (or beyond ``expect_removed``), or later edits undone without
            ``overwrite_newer`` (or beyond ``expect_newer``); nothing is written.
        DesignerCardError: every problem; nothing is written.
        OSError: the file cannot be read.
    """
    disp = str(source)
    if text is None:
        path = Path(source)
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise DesignerCardError(f"{disp}: cannot read: {exc.strerror or exc}") from None
        from .. import safe_yaml

        if size > safe_yaml.MAX_BYTES:
            raise DesignerCardError(f"{disp}: the file is too large ({size:,} bytes; at most {safe_yaml.MAX_BYTES:,})")
        raw = path.read_bytes()
        text, probs = safe_yaml.decode_text(raw)
        if text is None:
            raise DesignerCardError([f"{p.where(disp)}: {p.message}" for p in probs])

    text, disp = _set_of_bundle(text, disp, bundle_set)

    def names(data: Any) -> Any:  # the database's, this set's own taken from the file
        code = data.get("set", {}).get("code") if isinstance(data.get("set"), dict) else None
        cards, tags = _file_cards(data)
        return known_names(url=url, skip_set=code if isinstance(code, str) else None, cards=cards, tags=tags)

    def tag_problems(doc: YamlDoc) -> list[str]:  # the cards' tags, told with the schema's problems
        head = doc.data.get("set") if isinstance(doc.data.get("set"), dict) else {}
        code, requires = head.get("code"), head.get("requires")
        cards, own = _file_cards(doc.data)
        if not isinstance(code, str):
            return []
        raws, named, seen = [], [], set()
        for i, c in enumerate(cards):
            name = c.get("name") if isinstance(c, Mapping) else None
            who = f"card {name!r}" if isinstance(name, str) else f"card #{i + 1}"
            raws.append((c, who, lambda j, i=i: _where(doc, ("cards", i, "tags", j))))
            if isinstance(name, str) and name.strip() and name.lower() not in seen:
                seen.add(name.lower())
                aliases = c.get("aliases") if isinstance(c.get("aliases"), list) else []
                alias_names = [a if isinstance(a, str) else a.get("name") if isinstance(a, Mapping) else None
                               for a in aliases]
                named.append((name, [a for a in alias_names if isinstance(a, str)],
                              f"{_where(doc, ('cards', i))}card {name!r}"))
        with _engine(url).connect() as conn:
            srow = _set_row(conn, code)
            ct = Card.__table__
            own_ids = list(conn.scalars(select(ct.c.id).where(ct.c.set_id == srow["id"]))) if srow is not None else []
            # the names that shadow others too (as _plan_set tells them): every problem at once
            return (_raw_tag_problems(conn, raws, code, requires if isinstance(requires, list) else [], own)
                    + _shadow_problems(named, _taken_names(conn, skip_ids=own_ids)))

    sf, doc = _read_set(text, disp, names, tag_problems)

    allowed = None if expect_removed is None else {n.lower() for n in expect_removed}
    allowed_newer = None if expect_newer is None else {n.lower() for n in expect_newer}
    exported = _exported_fingerprints(text)  # the cards as exported
    since = (f"after {disp} was exported" if exported else
             f"since the set's last import ({disp} has no export fingerprints to tell it is newer)")
    newer: list[str] = []
    changes: dict[str, list[str]] = {}

    def plan_of(conn: Connection) -> _SetPlan:
        plan = _plan_set(conn, sf, doc, allow_existing=not create_only, exported=exported)
        gone = plan.names["removed"]
        # per updated card, the fields the import changes (the consent message names them)
        changes.clear()
        changes.update({c.name: card_changes(card_dict(old), card_dict(
            {**values, "_tags": [(t, False) for t in explicit], "_aliases": _aliases(c)}))
            for c, old, values, explicit, _derived in plan.todo if old is not None})
        # A card the import changes loses the edits saved in the database since, unless the
        # stored card is as the file's export saw it or as the last import left it (the file
        # changed it: the designer's edit; or an edit undone by hand: nothing to lose). A file
        # without fingerprints (written by hand, its comments dropped, a bundle's set) vouches
        # for none: only the last import can.
        imported = _imported_fingerprints(conn, sf.set.code)
        newer[:] = [c.name for c, old, *_ in plan.todo if old is not None
                    and _card_fingerprint(card_dict(old)) not in (exported.get(old["name"].lower()),
                                                                  imported.get(old["name"].lower()))]
        if dry_run:
            return plan
        renamed = set_renames(plan.header_changes) if plan.set_row is not None else []
        if (gone and not remove_missing) or (newer and not overwrite_newer) or (renamed and not rename):
            raise _consent_refused(sf.set.code, disp, [] if remove_missing else gone,
                                   [] if overwrite_newer else newer, plan.names["updated"], since,
                                   changes=changes, renamed=[] if rename else renamed)
        extra = [n for n in gone if allowed is not None and n.lower() not in allowed]
        extra_newer = [n for n in newer if allowed_newer is not None and n.lower() not in allowed_newer]
        if extra or extra_newer:
            what = ([f"remove {_names(extra)}"] if extra else []) + (
                [f"undo the database edits of {_names(extra_newer)}"] if extra_newer else [])
            raise SetConsentError(f"set {sf.set.code!r}: the database changed since the preview: the import "
                                  f"would now also {' and '.join(what)}; nothing was written, run it again",
                                  extra, extra_newer)
        return plan

    if dry_run:
        with _engine(url).connect() as conn:
            plan = plan_of(conn)
        return SetImportResult(sf.set.code, plan.set_row is None, plan.names, plan.notes, True, plan.header_changes,
                               newer, since, changes)

    def work(conn: Connection) -> SetImportResult:
        from .build import TABLES

        config.lock_tables(conn, TABLES + ("build_info",))
        plan = plan_of(conn)
        _apply_set(conn, plan)
        sid = conn.execute(select(CardSet.id).where(CardSet.code == sf.set.code)).scalar_one()
        _renumber(conn, sid, [c.name for c in sf.cards])
        _record_import(conn, sf.set.code, sid)
        return SetImportResult(sf.set.code, plan.set_row is None, plan.names, plan.notes, False, plan.header_changes,
                               newer, since, changes)

    # The commit point: a Ctrl-C before it rolls the import back (a plain KeyboardInterrupt,
    # nothing changed); one during the commit or the caches' clean-up after it is
    # config.CommittedInterrupt carrying the result (run_write), so that the caller can say
    # the import was saved.
    return config.run_write(_engine(url), work, after=_forget_caches,
                            saved=lambda r: f"the import of designer set {r.code!r} was saved")
