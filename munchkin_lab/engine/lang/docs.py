"""Generate ``database/EFFECTS.md`` (the reference), ``database/effects.schema.json`` and
:mod:`.shipped_names` (the names of the shipped sets the validator checks names against).

    python -m munchkin_lab.engine.lang.docs            # write the files (atomically)
    python -m munchkin_lab.engine.lang.docs --check    # exit 1 when a committed file is stale

The reference is built from the vocabulary (:mod:`.vocab`) and the example cards of
``examples.yaml`` (next to this file): every construct is listed with the first example card
that uses it (a printed card where one exists), and every example card is shown in full with
its short forms written out. The JSON Schema comes from the pydantic models (:mod:`.schema`).
A tool, not part of the engine: it reads and writes files.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterable

from . import names as NM
from . import vocab as V
from .expand import expand
from .program import About, Ability, All, AnyOf, Atom, Cost, Not, Op, Per, Target, walk_cond
from .render import ability_to_data
from .validate import ONE_SHOT_NEVER

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples.yaml"
ROOT = HERE.parents[2]
REFERENCE = ROOT / "database" / "EFFECTS.md"
SCHEMA = ROOT / "database" / "effects.schema.json"
SHIPPED_NAMES = HERE / "shipped_names.py"
#: The card kinds whose names effects refer to (:data:`.names.KINDS`).
NAMED_KINDS = ("race", "class", "dungeon", "monster", "item", "one_shot")

#: Construct categories, in reference order: (key, title)
CATEGORIES = (("field", "ability key"), ("trigger", "trigger"), ("combinator", "condition combinator"),
              ("subject", "condition subject"), ("atom", "condition atom"), ("target", "target"),
              ("op", "op"), ("duration", "duration"), ("cost", "cost"), ("limit", "limit"),
              ("amount", "amount"), ("short", "short form"), ("room", "room field"),
              ("dungeon", "dungeon field"), ("portal", "portal field"), ("fairy_dust", "fairy_dust field"))


def load_examples(path: Path = EXAMPLES) -> list[dict]:
    """The example cards of ``examples.yaml`` (plain dicts, file order)."""
    import yaml
    with open(path, encoding="utf-8") as fh:
        return list(yaml.safe_load(fh)["cards"])


def example_names(path: Path = EXAMPLES):
    """The names the example cards' effects may refer to, as for a set file: the shipped sets'
    (:func:`.names.shipped`), the example cards' own and the tags ``examples.yaml`` declares."""
    import yaml

    from .names import shipped
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh)
    return shipped().merged([(c["name"], c["kind"]) for c in doc["cards"]],
                            [t["name"] for t in doc.get("tags") or ()])


# --------------------------------------------------------------------------- usage


def _cond_usage(c, out: set) -> None:
    for n in walk_cond(c):
        if isinstance(n, Atom):
            out.add(("atom", n.name))
        elif isinstance(n, (All, AnyOf)):
            out.add(("combinator", "and" if isinstance(n, All) else "or"))
        elif isinstance(n, Not):
            out.add(("combinator", "not"))
        elif isinstance(n, About):
            out.add(("subject", n.subject))


def _target_usage(t: Target | None, out: set) -> None:
    if t is None:
        return
    out.add(("target", t.name))
    if t.where is not None:
        out.add(("amount", "select"))  # the filter form of a target
        _cond_usage(t.where, out)


def _op_usage(op: Op, out: set) -> None:
    out.add(("op", op.name))
    _target_usage(op.who, out)
    if op.duration is not None:
        out.add(("duration", op.duration.kind))
    if isinstance(op.value, Per):
        out.add(("amount", "per"))
        _target_usage(op.value.per, out)
    elif op.value == "bonus":
        out.add(("amount", "bonus"))
    for k, v in op.params:
        if isinstance(v, Per):
            out.add(("amount", "per"))
            _target_usage(v.per, out)
        if k in ("fail", "success"):
            for x in v:
                _op_usage(x, out)
    if op.name == "if":
        _cond_usage(op.value, out)
    if op.name == "roll":
        for _r, sub in op.value:
            for x in sub:
                _op_usage(x, out)
    for x in op.then + op.orelse:
        _op_usage(x, out)


def ability_usage(ab: Ability) -> set:
    """Every construct one compiled ability uses: ``{(category, name), ...}``."""
    out: set = set()
    for t in ab.when:
        out.add(("trigger", t))
    _cond_usage(ab.cond, out)
    _target_usage(ab.who, out)
    _target_usage(ab.by, out)
    for c in ab.cost:
        out.add(("cost", c.what))
    if ab.limit is not None:
        out.add(("limit", ab.limit.per))
    for op in ab.do:
        _op_usage(op, out)
    return out


def _raw_usage(eff: Any, out: set) -> None:
    """Constructs visible only in the written data: short forms, short ops, part fields,
    ability keys."""
    if not isinstance(eff, dict):
        return
    for k, v in eff.items():
        if k in V.SHORT_SPECS:
            out.add(("short", k))
        if k in ("room", "dungeon", "portal", "fairy_dust") and isinstance(v, dict):
            for f in v:
                out.add((k, f))
    for ab in eff.get("abilities") or []:
        for f in ab:
            out.add(("field", f))

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in V.OPS:
                    out.add(("op", k))
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(eff)


def card_usage(card: dict) -> set:
    """Every construct an example card uses (compiled and written)."""
    out: set = set()
    prog = expand(card.get("effects") or {}, card.get("kind"))
    for ab in prog.abilities:
        out |= ability_usage(ab)
    _raw_usage(card.get("effects") or {}, out)
    return out


def constructs() -> list[tuple[str, str]]:
    """Every construct of the language, in reference order."""
    out = [("field", k) for k in V.ABILITY_FIELDS]
    out += [("trigger", k) for k in V.TRIGGERS]
    out += [("combinator", k) for k in V.COMBINATORS]
    out += [("subject", k) for k in V.SUBJECTS]
    out += [("atom", k) for k in V.ATOMS]
    out += [("target", k) for k in V.TARGETS]
    out += [("op", k) for k in V.OPS]
    out += [("duration", k) for k in V.DURATIONS] + [("duration", "until_lost")]
    out += [("cost", k) for k in V.COST_WHAT]
    out += [("limit", k) for k in V.LIMIT_PER]
    out += [("amount", k) for k in ("bonus", "per", "select")]
    out += [("short", k) for k in V.SHORT_SPECS]
    out += [("room", k) for k in V.ROOM_FIELDS] + [("dungeon", k) for k in V.DUNGEON_FIELDS]
    out += [("portal", k) for k in V.PORTAL_FIELDS] + [("fairy_dust", k) for k in V.FAIRY_DUST_FIELDS]
    return out


def first_examples(cards: list[dict]) -> dict:
    """``(category, name) -> card`` for the first example card using each construct,
    printed cards before designer ones."""
    order = [c for c in cards if c.get("provenance") != "designer"] + \
            [c for c in cards if c.get("provenance") == "designer"]
    found: dict = {}
    for c in order:
        for u in card_usage(c):
            found.setdefault(u, c)
    return found


# --------------------------------------------------------------------------- text


def anchor(name: str) -> str:
    return "card-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _ex(found: dict, key) -> str:
    c = found.get(key)
    return f"[{c['name']}](#{anchor(c['name'])})" if c else "-"


def _yaml(obj: Any) -> str:
    import yaml
    return yaml.safe_dump(obj, sort_keys=False, default_flow_style=None, width=96,
                          allow_unicode=True).rstrip()


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _table(head: Iterable[str], rows: Iterable[Iterable[str]]) -> list[str]:
    head = list(head)
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_md(str(x)) for x in r) + " |" for r in rows]
    return out + [""]


def _spec_text(spec: str) -> str:
    if spec.startswith("enum:"):
        return " | ".join(f"`{x}`" for x in spec[5:].split("|"))
    return {"true": "`true`", "bool": "true/false", "int": "integer", "posint": "integer >= 1",
            "nonneg": "integer >= 0", "amount": "amount", "posamount": "amount >= 1", "str": "short note", "word": "name",
            "words": "list of words", "atom": "atom", "atoms": "atom or list", "cond": "condition",
            "ops": "op list", "rolls": "{die range: op list}", "target": "target",
            "levelset": "integer >= 1 or `lowest`", "room_action": "room-action record (section 9)",
            "duration": "duration", "cond_bonus": "[{if: ATOM, bonus: INT}]",
            "cond_count": "[{if: ATOM, count: INT}]", "one_cond_bonus": "{if: ATOM, bonus: INT}",
            "room": "mapping (section 9)", "dungeon": "mapping (section 9)",
            "portal": "mapping (section 9)", "fairy_dust": "mapping (section 9)",
            "vehicle": "empty mapping (section 9)"}.get(spec, spec)


def _atom_form(a: V.AtomDef) -> str:
    if a.arg == "none":
        return f"`{a.name}`"
    if a.arg == "name":
        return f"`{a.name}:NAME`"
    if a.arg == "enum":
        return f"`{a.name}:{'|'.join(a.choices)}`"
    return f"`{a.name}>=N` (`<=` `<` `>` `=`)"


def _name_places(kind: str) -> list[str]:
    """Where the names of ``kind`` appear (:data:`.vocab.ATOM_NAMES`, :data:`.vocab.FIELD_NAMES`)."""
    out = [f"`{a}:{'WORD' if kind in NM.WORDS else 'NAME'}`" for a, k in V.ATOM_NAMES.items() if k == kind]
    for f, k in V.FIELD_NAMES.items():
        if k == kind:
            parts = f.split(".")
            out.append(f"`{parts[0]}`" if len(parts) == 1 else f"`{parts[0]}` `{'.'.join(parts[1:])}`")
    return out


def build_reference(cards: list[dict]) -> str:  # noqa: C901 - one document
    """The text of ``database/EFFECTS.md``."""
    found = first_examples(cards)
    L: list[str] = []
    a = L.append
    a("# Card effects: the reference")
    a("")
    a("<!-- Generated by `python -m munchkin_lab.engine.lang.docs` from munchkin_lab/engine/lang/vocab.py "
      "and examples.yaml. Do not edit by hand. -->")
    a("")
    a("What a card does is written in its `effects` mapping, in one small language shared by every set "
      "file, scenario card and designer card. Read this page like a menu: each construct has a line "
      "saying what it does and the name of an example card (a printed card where one exists, else a "
      "designer's), shown in full at the end.")
    a("")
    a("`effects` holds today's keys (`bad_stuff`, `bonus_vs`, `mate`, `room`, ...: the **short forms**, "
      "section 8) and, under `abilities:`, abilities written in the language itself. Both compile to "
      "one program the engine runs. An ability says **when** (a trigger), **if** (a condition), **who** "
      "(a target), **do** (ops) and, for lasting changes, **for how long**:")
    a("")
    a("```yaml")
    a(_yaml({"effects": {"abilities": [
        {"when": "revealed", "who": "each_player", "do": [{"levels": 1}]},
        {"when": "hits", "do": [{"combat_strength": -2, "for": "good"}]},
        {"when": "use", "if": {"owner": "role:in_combat"}, "cost": [{"discard": "card"}],
         "limit": {"times": 3, "per": "combat"}, "who": "owner", "label": "Berserk",
         "do": [{"combat_strength": 1}]}]}}))
    a("```")
    a("")
    a("Checking: `munchkin-lab db check` reports every problem of every card in one run, as "
      "`file:line: card 'Name': path: problem`, with the path of the key inside `effects` "
      "(`bad_stuff[0].lose_item`, `abilities[1].do[0].levels`). An unknown trigger, target, op or key, "
      "a wrong type, a duration on an op that happens at once: each is an error, nothing is ignored. "
      "The names an effect refers to must exist too (section 3, *Names*): `class:wizzard` is "
      "`unknown class 'wizzard' (did you mean 'Wizard'?)`. "
      "Editors can validate and complete the `effects` value with the JSON Schema "
      "`database/effects.schema.json`. From Python: `munchkin_lab.engine.lang.validate(effects)`.")
    a("")
    a("Copyright: names and numbers are facts; effects are structured fields and summaries in our own "
      "words, never card text. What the language cannot say, or what our sources do not tell, is a "
      "`manual` op (resolved by hand) and the card is marked `manual: true`.")
    a("")
    a("Contents: [1. An ability](#1-an-ability) · [2. When](#2-when-triggers) · "
      "[3. If](#3-if-conditions) · [4. Who](#4-who-targets) · [5. Do](#5-do-ops) · "
      "[6. For how long](#6-for-how-long-durations) · [7. Costs, limits, amounts](#7-costs-limits-and-amounts) · "
      "[8. Short forms](#8-short-forms-todays-keys) · [9. Expansion parts](#9-expansion-parts) · "
      "[10. Example cards](#10-example-cards)")
    a("")

    a("## 1. An ability")
    a("")
    a("One entry of `abilities:`. Only `when` and `do` are required.")
    a("")
    L += _table(["key", "meaning", "example"],
                [(f"`{k}`", t, _ex(found, ("field", k))) for k, t in V.ABILITY_FIELDS.items()])
    a("Every op may also say `who` (a target of its own, instead of the ability's) and `else` (ops run "
      "when it found nothing to act on, e.g. no footgear to lose). Lasting ops (section 5) may say `for`.")
    a("")

    a("## 2. When: triggers")
    a("")
    a("\"The player\" is who the event is about: the default `who` and the subject of bare condition "
      "atoms. The default duration is what lasting ops get when neither the op nor the ability says `for`; "
      "\"-\" means the card must say it. Triggers fire for every card in play (and, with `from_hand`, "
      "in its owner's hand) that waits for them; `if` narrows them (e.g. `{player: role:owner}`). "
      "A One-Shot played into a combat lies on the table until the combat ends (core rules, 7. Combat), "
      "so it hears that combat's later events (`combat_won`, `combat_end`, `escaped`...) as the monsters "
      "and their enhancers do (the player is the event's; its owner there, as a Monster Enhancer's, is "
      "the player who played it: `who: owner` reaches them, a `may` is offered to them); a One-Shot ability "
      "only for " + ", ".join(f"`{t}`" for t in sorted(ONE_SHOT_NEVER)) + " (none happens in a combat) "
      "is refused unless it is a `from_hand` reaction.")
    a("")
    L += _table(["when", "fires", "the player", "default for", "rule", "example"],
                [(f"`{t.name}`", t.fires, t.player, f"`{t.default_for}`" if t.default_for else "-",
                  t.source, _ex(found, ("trigger", t.name))) for t in V.TRIGGERS.values()])

    a("## 3. If: conditions")
    a("")
    a("A condition is an **atom** (a string), a **list** (every part holds), or a mapping with one key: "
      "`and`, `or` (lists), `not`, or a **subject** that says whom the condition is about. Bare atoms "
      "test the player of the event (in `where:`, each candidate; in an op's `if`, the op's target). "
      "A leading `!` negates an atom: `\"!race:elf\"` (quote it in YAML). An event fact (`from_kick`, "
      "`drawn_face_up`, `first_roll`, `succeeded`, `failed`, `room_has_cards`, `forced_entry`, "
      "`curse_pending`) is set only by the events its line names; in an ability of another trigger it "
      "would never be true, so the card is refused.")
    a("")
    L += _table(["combinator", "meaning", "example"],
                [("`and`", "every condition of the list holds", _ex(found, ("combinator", "and"))),
                 ("`or`", "at least one holds", _ex(found, ("combinator", "or"))),
                 ("`not`", "the condition does not hold", _ex(found, ("combinator", "not"))),
                 ("a list", "the same as `and`", "-")])
    L += _table(["subject", "tests", "example"],
                [(f"`{k}`", t, _ex(found, ("subject", k))) for k, t in V.SUBJECTS.items()])
    L += _table(["atom", "tests", "on", "example"],
                [(_atom_form(d), d.text + (f" ({d.source})" if d.source else ""), d.subject,
                  _ex(found, ("atom", d.name))) for d in V.ATOMS.values()])
    a("### Names")
    a("")
    a("The names an atom or a field refers to must exist, else the card is refused (a misspelt name "
      "would be an ability that never fires): `db check`, a set import, `cards add`/`edit`, the "
      "designer form and the scenario runner check them against every set of the database plus the "
      "cards of the file being checked (a new Race or Class card in the same set counts); "
      "`validate(effects)` alone checks against the shipped sets (`names=` gives another context). "
      "An item's `usable_by` / `not_usable_by` atoms are checked the same way. Case does not "
      "matter; a name is compared as the engine matches it (the atom's name with runs of spaces "
      "made one, a card's name without its surrounding spaces). A word is found when a card name "
      "of that kind holds it.")
    a("")
    L += _table(["name", "must be", "in"], [(k, NM.MEANS[k], ", ".join(_name_places(k))) for k in NM.MEANS])

    a("## 4. Who: targets")
    a("")
    a("A target is a name, or `{select: NAME, where: CONDITION}` to keep only the candidates the "
      "condition holds for (example: " + _ex(found, ("amount", "select")) + "). Players are living "
      "players. A *choice* target asks the card's owner to pick one when the ability runs.")
    a("")
    L += _table(["who", "kind", "stands for", "example"],
                [(f"`{t.name}`", t.kind + (" (choice)" if t.choice else ""), t.text,
                  _ex(found, ("target", t.name))) for t in V.TARGETS.values()])

    a("## 5. Do: ops")
    a("")
    a("An op is a mapping with one main key. *At once* ops happen when the ability runs; *lasting* ops "
      "set up a change that lasts (section 6) and, in a continuous ability (`when: in_play`), last "
      "while the card is in play and its `if` holds. Short forms of ops (`gain_levels`, `lose_levels`, "
      "`if_match`) are today's names for `levels` and `if`.")
    a("")
    groups = (("levels", "Levels and life"), ("cards", "Cards and items"), ("combat", "Combat"),
              ("rooms", "Rooms and Dungeons"), ("control", "Control"), ("lasting", "Lasting changes"),
              ("switch", "Rule switches (lasting, value `true`)"))
    for g, title in groups:
        a(f"### {title}")
        a("")
        rows = []
        for d in V.OPS.values():
            if d.group != g:
                continue
            canon = V.OPS[d.short] if d.short else d
            fields = ", ".join(f"`{k}`: {_spec_text(s)}" for k, s in d.fields.items()) or "-"
            what = d.text + (f". Floors: {d.floors}" if d.floors else "") + (f" ({d.source})" if d.source else "")
            rows.append((f"`{d.name}`", _spec_text(d.value), "lasting" if canon.lasting else "at once",
                         ", ".join(canon.acts_on), what, fields, _ex(found, ("op", d.name))))
        L += _table(["op", "value", "kind", "acts on", "what it does", "fields", "example"], rows)

    a("### What needs an expansion's part of the game")
    a("")
    a("Some constructs act on a part of the game the core game lacks: without it they do nothing (a "
      "condition never holds, a trigger never comes). `munchkin-lab deck check` warns of them "
      "(`effect-does-nothing`) in a mix holding no card of that kind, pile or slot; `combat`: an op "
      "that needs a combat (those below, and an op on a monster or a side) in an ability that may fire "
      "out of one (a Curse's `hits`: a Curse kicked open hits out of a combat), unless an `if` keeps it "
      "to a combat or the op has an `else`.")
    a("")
    needs: dict[str, list[str]] = {p: [] for p in V.NEEDS}
    for what, table in (("op", V.OPS), ("trigger", V.TRIGGERS), ("target", V.TARGETS), ("atom", V.ATOMS)):
        for d in table.values():
            if isinstance(d.needs, dict):
                for v, p in d.needs.items():
                    needs[p].append(f"{what} `{d.name}: {v}`")
            elif d.needs:
                needs[d.needs].append(f"{what} `{d.name}`")
    L += _table(["part", "what it is", "needed by"],
                [(f"`{p}`", V.NEEDS[p], ", ".join(needs[p])) for p in V.NEEDS])

    a("## 6. For how long: durations")
    a("")
    a("`for:` on a lasting op (or on the ability, for all its lasting ops). A Curse whose change lasts "
      "stays in front of its victim until the change ends; removing the Curse ends it.")
    a("")
    L += _table(["for", "ends", "rule", "example"],
                [(f"`{d.name}`", d.ends, d.source, _ex(found, ("duration", d.name))) for d in V.DURATIONS.values()]
                + [("`{until_lost: SLOT}`", "when the target loses their item of that slot ("
                    + ", ".join(V.UNTIL_LOST_SLOTS) + ")", "core rules, 10. Curses",
                    _ex(found, ("duration", "until_lost")))])

    a("## 7. Costs, limits and amounts")
    a("")
    a("`cost:` is a list of `{discard: WHAT, count: N}` paid by the player using the ability (items "
      "also take `worth: N`, `named: [words]`, `tagged: [tags]`). `limit: {times: N, per: combat|turn|"
      "game|roll, each_target: true}` caps how often it is used.")
    a("")
    L += _table(["discard", "pays with", "example"],
                [(f"`{k}`", t, _ex(found, ("cost", k))) for k, t in V.COST_WHAT.items()])
    L += _table(["limit per", "example"], [(f"`{k}`", _ex(found, ("limit", k))) for k in V.LIMIT_PER])
    a("An **amount** is an integer, `bonus` (the card's printed bonus; example: "
      + _ex(found, ("amount", "bonus")) + ") or `{each: N, per: TARGET}` (N for each target; a monster with a Mate on it counts once more "
      "per Mate, the Mate being a twin just like it; example: "
      + _ex(found, ("amount", "per")) + ").")
    a("")
    a(f"Every integer lies within -{V.INT_MAX}..{V.INT_MAX}: an `integer` or an amount's number is "
      f"-{V.INT_MAX}..{V.INT_MAX}, an `integer >= 0` 0..{V.INT_MAX}, an `integer >= 1` (or `amount >= 1`) "
      f"1..{V.INT_MAX}; a value out of its range is refused naming that range (`lose_levels: 10001`: "
      f"`expected an integer >= 0 and <= {V.INT_MAX}, got 10001`).")
    a("")

    a("## 8. Short forms (today's keys)")
    a("")
    a("Every key the set files and scenario cards use today is a short form of the language: it "
      "compiles to the abilities in the last column (kind-dependent keys say so). The example cards "
      "in section 10 show each one written out.")
    a("")
    L += _table(["key", "value", "stands for", "example"],
                [(f"`{k}`", _spec_text(V.SHORT_SPECS[k]), t, _ex(found, ("short", k)))
                 for k, t in V.SHORT_FORMS.items()])

    a("## 9. Expansion parts")
    a("")
    a("The mappings `room` (Star Munchkin Adventures tiles), `dungeon` and `portal` (Scooby-Doo), "
      "`fairy_dust`, `vehicle` and `room_action` (Solar Storm) are short forms too; each field is "
      "checked (a typo such as `portal: {drw: 1}` is an error). Room fields apply on entry in this "
      "order: `on_exit` of the room left, `on_entry`, `run_away_roll_required`, `destroy`, then the "
      "room's cards, then `forced_move`.")
    a("")
    for part, fields in (("room", V.ROOM_FIELDS), ("dungeon", V.DUNGEON_FIELDS),
                         ("portal", V.PORTAL_FIELDS), ("fairy_dust", V.FAIRY_DUST_FIELDS)):
        L += _table([f"`{part}` field", "value and meaning", "example"],
                    [(f"`{k}`", t, _ex(found, (part, k))) for k, t in fields.items()])
    a("`vehicle`: no field is defined yet (Vehicles are items with slot `vehicle`); any key is an error.")
    a("")
    L += _table(["`room_action` field", "value"], [(f"`{k}`", t) for k, t in V.ROOM_ACTION_FIELDS.items()])

    a("## 10. Example cards")
    a("")
    a("From `munchkin_lab/engine/lang/examples.yaml`: corrections of printed cards from "
      "`shared/data/card_facts_more.md` and the rulebooks (*corrects*), cards as shipped (*same*), "
      "and new cards (*new*; designer cards show constructs no printed card needs).")
    a("")
    for c in cards:
        a(f'<a id="{anchor(c["name"])}"></a>')
        a(f"### {c['name']}")
        a("")
        meta = f"*{c.get('set')}, {c.get('kind')}, {c.get('provenance', 'printed')}, {c.get('status')}*"
        if c.get("manual"):
            meta += " · manual"
        a(meta + (f" · {c['summary']}" if c.get("summary") else ""))
        a("")
        eff = c.get("effects") or {}
        if not eff:
            a("No effects: its numbers are card fields.")
            a("")
            continue
        a("```yaml")
        a(_yaml(eff))
        a("```")
        prog = expand(eff, c.get("kind"))
        short = [ab for ab in prog.abilities if not ab.origin.startswith("abilities[")]
        if short:
            a("")
            a("Short forms written out:")
            a("")
            a("```yaml")
            a(_yaml({"abilities": [ability_to_data(ab) for ab in short]}))
            a("```")
        a("")
    return "\n".join(L).rstrip() + "\n"


def build_schema() -> str:
    """The text of ``database/effects.schema.json``."""
    from .schema import json_schema
    return json.dumps(json_schema(), indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def build_shipped_names(data_dir: Path = ROOT / "database") -> str:
    """The text of :mod:`.shipped_names`: the ``(name, kind)`` of every shipped card whose name
    an effect may refer to (:data:`NAMED_KINDS`) and every tag of ``tags.yaml`` and of the
    sets' ``tags:``, in file order (the validator's default names, :func:`.names.shipped`)."""
    import yaml

    tags: list[str] = []
    cards: list[tuple[str, str]] = []
    files = [data_dir / "tags.yaml"] + sorted((data_dir / "sets").glob("*.yaml"))
    for path in files:
        with open(path, encoding="utf-8") as fh:
            doc = yaml.safe_load(fh) or {}
        for t in doc.get("tags") or ():
            if t["name"] not in tags:
                tags.append(t["name"])
        for c in doc.get("cards") or ():
            if c.get("kind") in NAMED_KINDS and (c["name"], c["kind"]) not in cards:
                cards.append((c["name"], c["kind"]))
    L = ['"""The names of the shipped sets (``database/sets/*.yaml``, ``database/tags.yaml``): the',
         "default names the effect validator checks Races, Classes, tags and card names against",
         "(:func:`munchkin_lab.engine.lang.names.shipped`).",
         "",
         "Generated by ``python -m munchkin_lab.engine.lang.docs``; do not edit by hand.",
         '"""',
         "",
         "TAGS = ("]
    L += [f"    {t!r}," for t in tags]
    L += [")", "", "CARDS = ("]
    L += [f"    ({n!r}, {k!r})," for n, k in cards]
    L += [")", ""]
    return "\n".join(L)


def outputs() -> dict[Path, str]:
    """``{path: text}`` of the generated files."""
    return {REFERENCE: build_reference(load_examples()), SCHEMA: build_schema(),
            SHIPPED_NAMES: build_shipped_names()}


def main(argv: list[str] | None = None) -> int:
    """Write the generated files (``--check``: only compare, exit 1 when stale)."""
    ap = argparse.ArgumentParser(prog="python -m munchkin_lab.engine.lang.docs",
                                 description="Generate database/EFFECTS.md, database/effects.schema.json and the "
                                             "shipped names (munchkin_lab/engine/lang/shipped_names.py)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a committed file differs")
    args = ap.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        if args.check:
            stale.append(path)
        else:
            from ...fileio import atomic_write_text
            atomic_write_text(path, text)
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("stale (run python -m munchkin_lab.engine.lang.docs): "
              + ", ".join(str(p.relative_to(ROOT)) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
