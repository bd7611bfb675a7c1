"""The play screen as HTML, drawn from ``Game.state_dict()`` (no rules here).

One screen keeps everything a player needs in one view (1280x800 and up, JupyterLab or Voila):

* the status bar (:func:`status_html`): turn, whose turn, the phase in the game's own terms,
  who must act and why (:mod:`munchkin_lab.widgets.words`);
* the table (:func:`table_html`): seats (a head with the Level, the name and the Race and
  Class cards, items in use by slot, carried items, Curses, the hand: face up for shown
  seats, DOOR / TREASURE backs otherwise), and the centre: draw piles and discard tops, the
  combat with the breakdown of both sides, Treasures being shared, corpses, Dungeons, the
  Star Munchkin Adventures room grid (rooms you may move into are buttons) or the Solar
  Storm ship;
* the card in focus (:func:`card_detail_html`): a large face with the rules summary, numbers
  and tags (the database's provenance notes stay in the card database views);
* the legal actions (:func:`actions_html`: the first moves the game on; the any-time actions
  folded, and while they are open the "Not now" row folds away so the table keeps its
  height) and the story (:func:`log_html`, newest line in view; a line is a button that
  rewinds to it). The actions run the screen's full width below the table and the side.

:func:`board_html` (status + table) is also what the static HTML export draws, so the live
board and the export look the same. Expansion parts are drawn when ``state_dict()`` has them.

Screen readers: every count and picture has words (:func:`~munchkin_lab.widgets.faces.sr`,
visually hidden) so that what is read is a sentence ("Hand, 6 cards, limit 5:", "Door deck:
5 cards, 3 discards, on top:"), never a count run into the next word ("DOOR5discards 3").
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from . import words
from ..plural import plural
from .faces import (PROVENANCE_MARKS, back_chip, back_words, card_back, card_face, chip, deck_family, die, esc,
                    spoken_dice, sr)

_ROLL_RE = re.compile(r"rolls (\d+)")
SLOT_ORDER = (("headgear", "Head"), ("armor", "Armor"), ("footgear", "Feet"), ("hands", "Hands"),
              ("other", "Other"))


class CardLookup:
    """Name -> card spec, provenance and database facts for the cards of one game.

    Args:
        specs: the game's card specs (``Game.specs``).
        provenance: card key (``set:Name``) -> provenance; cards missing from it get
            ``default``.
        default: provenance of unknown cards (``scenario`` for inline scenario cards).
        info: card key -> database facts (``summary``, ``source``, ``aliases``, ``origin``);
            the detail pane shows them when present.
    """

    def __init__(self, specs, provenance: Mapping[str, str] | None = None, default: str = "printed",
                 info: Mapping[str, Mapping] | None = None):
        self.by_name: dict[str, Any] = {}
        for s in specs:
            self.by_name.setdefault(s.name, s)
        self.provenance_map = dict(provenance or {})
        self.default = default
        self.info = dict(info or {})

    def spec(self, name: str):
        """The spec of card ``name`` (None when unknown)."""
        return self.by_name.get(name)

    def provenance(self, name: str) -> str:
        """Provenance mark of card ``name``."""
        s = self.by_name.get(name)
        if s is None:
            return self.default
        return self.provenance_map.get(s.key, self.default)

    def facts(self, name: str) -> Mapping:
        """Database facts of card ``name`` ({} when unknown)."""
        s = self.by_name.get(name)
        return self.info.get(s.key, {}) if s is not None else {}

    def face(self, name: str, **kw) -> str:
        """Card face HTML of ``name``."""
        s = self.spec(name)
        return card_face(s if s is not None else {"name": name}, self.provenance(name), **kw)

    def chip(self, name: str, selected: bool = False) -> str:
        """A one-line chip of card ``name``."""
        s = self.spec(name)
        return chip(s if s is not None else {"name": name}, self.provenance(name), selected)

    def back(self, name: str, mini: bool = True) -> str:
        """Card back HTML for the hidden card ``name`` (or a pile name such as ``door``)."""
        s = self.spec(name)
        return card_back(s.deck if s is not None else name, mini=mini)

    def deck_of(self, name: str) -> str:
        """The draw pile of card ``name`` (its own name when it is a pile name)."""
        s = self.spec(name)
        return s.deck if s is not None else name


# ---------------------------------------------------------------------- small parts
def _chips(names: Iterable[str], lk: CardLookup, selected: str = "") -> str:
    return "".join(lk.chip(n, n == selected) for n in names)


#: The mark after a hand card picked for a Scooby-Doo exit (:func:`words.hand_picks`).
_EXIT_TAG = f'<span class="mlab-sub mlab-exit-pick" data-testid="exit-pick">({esc(words.EXIT_PICKED)})</span>'


def _hidden_chips(names: Iterable[str], lk: CardLookup) -> str:
    """A hidden hand as DOOR / TREASURE backs with counts; a screen reader hears one sentence
    ("2 Door cards and 1 Treasure card, face down")."""
    counts = Counter(deck_family(lk.deck_of(n)) for n in names)
    fams = [fam for fam in ("door", "treasure", "other") if counts[fam]]
    if not fams:
        return ""
    words = [back_words(fam, counts[fam]) for fam in fams]
    said = (", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]) + ", face down"
    return "".join(back_chip(fam, counts[fam], spoken=False) for fam in fams) + sr(said)


def _row(label: str, body: str, spoken: str = "") -> str:
    """A zone of a seat: its small label, then ``body``; a screen reader hears the label (or
    ``spoken`` instead of it) and a pause before the body."""
    shown = f'<span aria-hidden="true">{esc(label)}</span>{sr(spoken + ": ")}' if spoken else f'{esc(label)}{sr(": ")}'
    return f'<div class="mlab-zone-row"><span class="mlab-zlabel">{shown}</span>{body}</div>'


def _cards(names, lk: CardLookup, mini: bool = True, hidden: bool = False, empty: str = "") -> str:
    inner = "".join(lk.back(n) if hidden else lk.face(n, mini=mini) for n in names)
    if not inner and empty:
        inner = f'<span class="mlab-sub">{esc(empty)}</span>'
    return f'<div class="mlab-cards">{inner}</div>'


def _zone(label: str, body: str) -> str:
    return f'<div class="mlab-zone"><div class="mlab-zlabel">{esc(label)}</div>{body}</div>'


ROLES = ("human", "greedy", "random")


def _role_html(seat: int, role: str | None, editable: bool) -> str:
    if role is None:
        return ""
    if not editable:
        return f'<span class="mlab-role-tag">{esc("you" if role == "human" else role + " bot")}</span>'
    opts = "".join(f'<option value="{r}"{" selected" if r == role else ""}>{"human" if r == "human" else r + " bot"}</option>'
                   for r in ROLES)
    return (f'<select class="mlab-role" data-seat-role="{seat}" aria-label="who plays seat {seat + 1}">'
            f'{opts}</select>')


def _seat_head(inner: str, role_html: str) -> str:
    """A seat's head: ``inner`` (Level, name, Race and Class...) flows as text and wraps to
    further lines in a narrow seat; who plays the seat (``role_html``) sits at the top right,
    over a floated space of its width, so the first line flows around it and nothing is cut."""
    space = '<span class="mlab-role-space" aria-hidden="true"></span>' if role_html else ""
    return f'<div class="mlab-seat-head">{space}{inner}{role_html}</div>'


def _who_html(pd: Mapping, lk: CardLookup, selected: str = "") -> str:
    """What a seat's head says after the name: its Race and Class cards as chips (Half-Breed
    and Super Munchkin beside them), "Human" / "no Class" where it has none, then its
    Scooby-Doo Character card (the player entry's ``character``). The chips wrap inside the
    head, so a narrow seat shows them whole on a second line (never cut short)."""
    races, classes = list(pd.get("races") or []), list(pd.get("classes") or [])
    extra = {n: bool(pd.get(n.lower().replace("-", "_").replace(" ", "_"))) and lk.spec(n) is not None
             for n in ("Half-Breed", "Super Munchkin")}
    char = pd.get("character")
    char = (f'{sr(", Character")}<span class="mlab-character" title="Character card">'
            f'{lk.chip(char, selected == char)}</span>') if char else ""
    if not races and not classes:
        return '<span class="mlab-sub">Human,\u00a0no\u00a0Class</span>' + char  # kept on one line
    out = _chips(races, lk, selected) if races else '<span class="mlab-sub">Human</span>'
    if extra["Half-Breed"]:
        out += lk.chip("Half-Breed", selected == "Half-Breed")
    out += _chips(classes, lk, selected) if classes else '<span class="mlab-sub">no\u00a0Class</span>'
    if extra["Super Munchkin"]:
        out += lk.chip("Super Munchkin", selected == "Super Munchkin")
    return out + char


def seat_html(pd: Mapping, sd: Mapping, lk: CardLookup, revealed: bool, role: str | None = None,
              selected: str = "", editable: bool = True) -> str:
    """One player's place at the table (fixed size): Level, name, Race and Class, combat
    strength in a combat (during Rewards the fight's, as the combat panel), items in use by slot, carried items, Curses and the hand (chips of
    full names; a hidden hand as DOOR / TREASURE backs with counts)."""
    cls = ["mlab-seat"]
    if pd["seat"] == sd.get("active"):
        cls.append("mlab-active")
    if pd["seat"] == sd.get("actor"):
        cls.append("mlab-actor")
    if not pd.get("alive", True):
        cls.append("mlab-dead")
    race = " + ".join(pd.get("races") or []) or "Human"
    klass = " + ".join(pd.get("classes") or []) or "no Class"
    cs = pd.get("combat_strength")
    if cs is not None and sd.get("combat"):
        # Rewards (the monsters killed, the combat still on the table): the fight's strength, as
        # the combat panel shows it, not the one after the Level the kill gave (_at_kill)
        cs = _at_kill(sd["combat"])["seats"].get(pd["seat"], (None, cs))[1]
    hand = pd.get("hand") or []
    hand_n = pd.get("hand_count", len(hand))
    who = _who_html(pd, lk, selected)
    if cs is not None:
        who += f'{sr(",")} <span class="mlab-sub">combat\u00a0strength\u00a0{cs}</span>'
    if not pd.get("alive", True):
        who += ' <span class="mlab-dead-tag">DEAD</span>'
    head = _seat_head(f'<span class="mlab-level" title="Level"><span class="mlab-sr">Level </span>{pd["level"]}</span>'
                      f'{sr(", ")}<span class="mlab-pname">{esc(pd["name"])}</span> <span class="mlab-who">{who}</span>',
                      _role_html(pd["seat"], role, editable))
    parts = [head]
    eq = pd.get("equipped") or {}
    in_use = "".join(_chips(eq.get(key, []), lk, selected) for key, _label in SLOT_ORDER)
    if pd.get("hireling"):
        in_use += _chips([pd["hireling"]], lk, selected)
    if in_use:
        parts.append(_row("In use", in_use))
    if pd.get("carried"):
        parts.append(_row("Carried", _chips(pd["carried"], lk, selected)))
    if pd.get("curses"):
        parts.append(_row("Curses", _chips(pd["curses"], lk, selected)))
    # the cards picked so far for a Scooby-Doo exit stay in the hand until the fourth: marked
    body = "".join(lk.chip(n, n == selected) + (_EXIT_TAG if picked else "")
                   for n, picked in words.hand_picks(sd, pd["seat"], hand)) if revealed else _hidden_chips(hand, lk)
    # a hidden hand's backs carry the counts: its label stays short so label and backs share a line
    # the limit counts at the end of a turn (core rules, 3. Handling Cards; Charity): none in setup
    limit = pd.get("hand_limit", "") if sd.get("phase") != "setup" else ""
    hand_label = f"Hand {hand_n}" + (f"/{limit}" if limit != "" else "") if revealed or not hand_n else "Hand"
    spoken = (f"Hand, {plural(int(hand_n), 'card')}" + (f", limit {limit}" if limit != "" else "")) \
        if hand_label != "Hand" else ""
    parts.append(_row(hand_label, body or '<span class="mlab-sub">empty</span>', spoken))
    label = f"{pd['name']}, Level {pd['level']}, {race}, {klass}" + (
        f", Character {pd['character']}" if pd.get("character") else "")
    return (f'<div class="{" ".join(cls)}" data-seat="{pd["seat"]}" data-testid="seat-{pd["seat"]}" role="region" '
            f'aria-label="{esc(label)}">{"".join(parts)}</div>')


def _pile_words(name: str) -> str:
    """A draw pile as said to a screen reader: ``"Door deck"``, ``"Room tile deck"``."""
    word = (name.split(":", 1)[-1] if ":" in name else name).replace("_", " ")
    return f"{word[:1].upper()}{word[1:]} deck"


def piles_html(sd: Mapping, lk: CardLookup, compact: bool = False, css: str = "") -> str:
    """Draw piles (DOOR / TREASURE backs with counts) and the top of each discard pile;
    ``compact`` (during a combat, or on a crowded table): one line per pile, the combat or the
    seats get the room. ``css``: one more class of the piles' box."""
    if compact:
        rows = []
        for name, info in sd.get("decks", {}).items():
            count = info.get("count", 0) if isinstance(info, Mapping) else int(info)
            disc = (sd.get("discards") or {}).get(name) or []
            if not count and not disc and name not in ("door", "treasure"):
                continue
            top = lk.chip(disc[0]) if disc else ""
            said = f"{_pile_words(name)}: {plural(int(count), 'card')}, {plural(len(disc), 'discard')}" + \
                (", on top:" if disc else "")
            back = back_chip(name.split(":")[0], spoken=False)
            rows.append(f'<div class="mlab-zone-row" data-pile="{esc(name)}">{back}'
                        f'<span class="mlab-count" aria-hidden="true">{count}</span>'
                        f'<span class="mlab-sub" aria-hidden="true">discards {len(disc)}</span>{sr(said)}{top}</div>')
        return f'<div class="mlab-piles mlab-piles-compact{" " + css if css else ""}">{"".join(rows)}</div>'
    out = []
    for name, info in sd.get("decks", {}).items():
        count = info.get("count", 0) if isinstance(info, Mapping) else int(info)
        disc = (sd.get("discards") or {}).get(name) or []
        if not count and not disc and name not in ("door", "treasure"):
            continue
        back = card_back(name, mini=True).replace(" title=", ' aria-hidden="true" title=', 1) if count \
            else '<div class="mlab-empty" aria-hidden="true">empty</div>'
        top = lk.face(disc[0], mini=True) if disc else '<div class="mlab-empty" aria-hidden="true">no discards</div>'
        label = (name.split(":", 1)[-1] if ":" in name else name).replace("_", " ")
        out.append(f'<div class="mlab-pile mlab-pile-{esc(name)}" data-pile="{esc(name)}">{back}'
                   f'<span class="mlab-count"><span aria-hidden="true">{esc(label)}: {count}</span>'
                   f'{sr(_pile_words(name) + ": " + plural(int(count), "card"))}</span></div>'
                   f'<div class="mlab-pile mlab-discard-{esc(name)}">{top}'
                   f'<span class="mlab-count"><span aria-hidden="true">discards: {len(disc)}</span>'
                   f'{sr(plural(len(disc), "discard") + (", the top one above" if disc else ""))}</span></div>')
    return f'<div class="mlab-piles{" " + css if css else ""}">{"".join(out)}</div>'


def combat_breakdown(game: Any, sd: Mapping) -> dict | None:
    """Both sides of the current combat as numbers that add up to the engine's totals.

    Returns ``None`` outside a combat, else ``{"munchkins": [{"who", "rows": [(label, n)],
    "total"}], "munchkin_bonus": n, "monsters": [{"who", "rows", "total"}], "monster_bonus": n,
    "one_shots" (the munchkins' One-Shots), "monster_one_shots", "munchkin_total",
    "monster_total", "winning"}``: a player's rows are Level, each item in use
    with its bonus (``game.item_bonus``), and the rest of their combat strength (Class or Race
    abilities, Curses, Dungeon or room modifiers); a monster's rows are its Level and its
    enhancers (core rules, 7. Combat).
    """
    c = sd.get("combat")
    if not c:
        return None
    players = {p["seat"]: p for p in sd.get("players", [])}
    at_kill = _at_kill(c)
    munchkins = []
    for seat in [c["fighter"]] + ([c["helper"]] if c.get("helper") is not None else []):
        p = players.get(seat)
        if p is None:
            continue
        if seat in at_kill["seats"]:  # the combat is won: Level and strength as at the kill
            p = {**p, "level": at_kill["seats"][seat][0], "combat_strength": at_kill["seats"][seat][1]}
        total = p.get("combat_strength")
        if total is None:
            try:
                total = game.player_strength(seat)
            except Exception:  # noqa: BLE001
                total = p["level"]
        rows: list[tuple[str, int]] = [("Level", int(p["level"]))]
        item_sum = 0
        for name in p.get("equipped_list") or []:
            ids = game.card_ids(name) if hasattr(game, "card_ids") else []
            try:
                b = int(game.item_bonus(seat, ids[0])) if ids else 0
            except Exception:  # noqa: BLE001
                sp = game.specs[ids[0]] if ids else None
                b = int(getattr(sp, "bonus", 0) or 0)
            if b:
                rows.append((name, b))
                item_sum += b
        berserk = int((c.get("berserk") or {}).get(str(seat), 0) or 0)
        if berserk:
            rows.append(("Berserk", berserk))
        other = int(total) - int(p["level"]) - item_sum - berserk
        if other:
            rows.append(("Abilities, Curses, Dungeon or room", other))
        munchkins.append({"who": p["name"], "rows": rows, "total": int(total)})
    monsters = []
    for m in c.get("monsters") or []:
        rows = [("Level", int(m.get("level") or 0))]
        enh = int(m.get("strength") or 0) - int(m.get("level") or 0)
        if m.get("enhancers") or enh:
            rows.append((("Enhancers: " + ", ".join(m.get("enhancers") or [])) if m.get("enhancers")
                         else "Abilities, Dungeon or room", enh))
        monsters.append({"who": m["name"], "rows": rows, "total": int(m.get("strength") or 0)})
    ours, theirs = one_shot_sides(game, c.get("one_shots") or [])
    return {"munchkins": munchkins, "munchkin_bonus": int(c.get("munchkin_bonus") or 0),
            "monsters": monsters, "monster_bonus": int(c.get("monster_bonus") or 0),
            "one_shots": ours, "monster_one_shots": theirs,
            "munchkin_total": at_kill["munchkins"], "monster_total": at_kill["monsters"],
            "winning": bool(c.get("winning"))}


def _at_kill(c: Mapping) -> dict:
    """The strengths to show of combat ``c``: as they were at the kill once the monsters are
    killed (the engine's ``won_at``: a Cleric fighter's combat stays on the table while the
    Treasures wait, the Levels of the kill already gained), else the current ones:
    ``{"munchkins", "monsters", "seats": {seat: (Level, strength)}}``."""
    won = list(c.get("won_at") or [])
    if len(won) >= 2:
        seats = {won[i]: (won[i + 1], won[i + 2]) for i in range(2, len(won) - 2, 3)}
        return {"munchkins": int(won[0]), "monsters": int(won[1]), "seats": seats}
    return {"munchkins": int(c.get("munchkin_strength") or 0), "monsters": int(c.get("monster_strength") or 0),
            "seats": {}}


STAGE_WORDS = words.STAGE_WORDS


def one_shot_sides(game: Any, used: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split the combat's One-Shots (``state_dict()["combat"]["one_shots"]``, card names) by
    the side they were played for: ``(for the munchkins, for the monsters)``. The side is the
    one of the card's last ``play`` action (``n == 1``: for the monsters; core rules, 7.
    Combat: a One-Shot may be played for either side)."""
    side: dict[int, int] = {}
    for a in getattr(game, "actions", None) or []:
        if getattr(a, "kind", "") == "play" and getattr(a, "card", -1) >= 0:
            side[a.card] = getattr(a, "n", 0)
    ours, theirs = [], []
    for name in used:
        ids = game.card_ids(name) if hasattr(game, "card_ids") else []
        played = [side[i] for i in ids if i in side]
        (theirs if played and played[-1] == 1 else ours).append(name)
    return ours, theirs


def _side_table(entries: list[dict], bonus: int, bonus_label: str, total: int, name_once: bool = False) -> str:
    """One side of the combat breakdown: a small table per player or monster, side by side
    (two monsters, or a fighter and a helper, never stack into a column taller than the
    table's centre), then the side's bonus and its combat strength. ``name_once``: the side's
    title already names its only entry (the fighter without a helper), so its table does not."""
    cols = []
    for e in entries:
        rows = [] if len(entries) == 1 and name_once else [f'<tr><td colspan="2"><b>{esc(e["who"])}</b></td></tr>']
        rows += [f'<tr><td>{esc(label)}</td><td class="n">{n:+d}</td></tr>' if i else
                 f'<tr><td>{esc(label)}</td><td class="n">{n}</td></tr>' for i, (label, n) in enumerate(e["rows"])]
        cols.append(f'<table class="mlab-side-entry">{"".join(rows)}</table>')
    rows = []
    if bonus:
        rows.append(f'<tr><td>{esc(bonus_label)}</td><td class="n">{bonus:+d}</td></tr>')
    rows.append(f'<tr class="mlab-total"><td>Combat strength</td><td class="n">{total}</td></tr>')
    return f'<div class="mlab-side-entries">{"".join(cols)}</div><table class="mlab-side-sum">{"".join(rows)}</table>'


def combat_html(sd: Mapping, lk: CardLookup, log: Sequence[str], breakdown: Mapping | None = None) -> str:
    """The combat panel: the monsters' faces, the breakdown of both sides (Level, items,
    One-Shots, enhancers, other modifiers; :func:`combat_breakdown`), who is winning (ties go
    to the monster: core rules, 7. Combat), this turn's dice and the rewards owed when the
    combat ends (:func:`words.owed_lines`: won before a card moved the fight)."""
    c = sd.get("combat")
    if not c:
        return ""
    nm = words.names(sd)
    mons = "".join(lk.face(m["name"], mini=True) for m in c.get("monsters", []))
    side = esc(nm.get(c["fighter"], "?")) + (f" + {esc(nm.get(c.get('helper')))}" if c.get("helper") is not None else "")
    win = c.get("winning")
    turn = f"[t{sd.get('turn')}]"
    dice = ""
    for line in reversed(list(log)[-12:]):
        if not line.startswith(turn):
            break
        mt = _ROLL_RE.search(line)
        if mt:
            dice = f'<div class="mlab-sub">this turn: {esc(line[len(turn):].strip())} {die(int(mt.group(1)))}</div>'
            break
    forced = sd.get("forced_dice") or []
    if forced:
        dice += '<div class="mlab-sub">next dice: ' + "".join(die(d) for d in forced) + spoken_dice(forced) + "</div>"
    for line in words.owed_lines(sd):  # a reward a card moved the fight away from (Transferral Potion)
        dice += f'<div class="mlab-sub" data-testid="combat-owed">{esc(line)}</div>'
    if breakdown:
        osn = ", ".join(breakdown.get("one_shots") or [])
        left = _side_table(breakdown["munchkins"], breakdown["munchkin_bonus"],
                           "One-Shots and bonuses" + (f" ({osn})" if osn else ""), breakdown["munchkin_total"],
                           name_once=True)
        mos = ", ".join(breakdown.get("monster_one_shots") or [])
        right = _side_table(breakdown["monsters"], breakdown["monster_bonus"],
                            "One-Shots for the monsters" + (f" ({mos})" if mos else ""), breakdown["monster_total"])
    else:
        left = f'<div class="mlab-score" data-testid="munchkin-strength">{c.get("munchkin_strength")}</div>'
        right = f'<div class="mlab-score" data-testid="monster-strength">{c.get("monster_strength")}</div>'
    stage = STAGE_WORDS.get(c.get("stage"), str(c.get("stage") or "").capitalize())
    at_kill = _at_kill(c)
    rewards = words.phase_text(sd) == "Rewards"
    if not c.get("monsters"):  # every monster left the fight (let go, charmed away): nobody to beat
        verdict, win = "no monster left in the fight", True
    elif rewards:  # the monsters are killed, their Treasures handed out (core rules, 7. Rewards)
        verdict, stage, win = "monsters killed", "Rewards", True
    else:
        verdict = "munchkins win" if win else "monsters win (ties go to the monster)"
    return (f'<div class="mlab-combat" data-testid="combat"><div class="mlab-cards">{mons}</div>'
            f'<div class="mlab-combat-main"><div class="mlab-combat-head">'
            f'<span class="mlab-score {"mlab-win" if win else "mlab-lose"}">'
            f'<span data-testid="munchkin-strength">{at_kill["munchkins"]}</span> vs '
            f'<span data-testid="monster-strength">{at_kill["monsters"]}</span></span>{sr(":")} '
            f'<span>{esc(verdict)}</span> <span class="mlab-sub">· <span data-testid="combat-stage">{esc(stage)}</span> · '
            f'{esc(_at_stake(c.get("treasures")))}</span></div>'
            f'<div class="mlab-combat-sides"><div class="mlab-combat-side"><div><b>Munchkins: {side}</b></div>{left}</div>'
            f'<div class="mlab-combat-side"><div><b>Monsters</b></div>{right}</div></div>{dice}</div></div>')


def _at_stake(treasures: Any) -> str:
    """``"2 Treasures at stake"`` (``"Treasures at stake unknown"`` without a number)."""
    try:
        return f"{plural(int(treasures), 'Treasure')} at stake"
    except (TypeError, ValueError):
        return "Treasures at stake unknown"


def _room_key(k: Any) -> tuple[int, int] | None:
    try:
        x, y = (int(p) for p in str(k).strip("()[] ").split(","))
    except ValueError:
        return None
    return x, y


def sma_grid_html(view: Mapping, lk: CardLookup, moves: Mapping[str, tuple[int, str]] | None = None,
                  here: str | None = None) -> str:
    """The Star Munchkin Adventures room grid from ``module_state["rooms"]`` (north at the
    top): each room its tile name and ``x,y`` coordinates (START marked), the player tokens,
    face-up cards, backs of face-down Door cards, left Treasures. ``moves`` maps ``"x,y"`` to
    ``(action index, label)``: those rooms (and new ground next to the player) are buttons
    that play the move (Star Munchkin Adventures rules, Movement and Entering Rooms)."""
    rooms = view.get("rooms") or {}
    moves = dict(moves or {})
    at: dict[str, list[str]] = {}
    for who, k in (view.get("positions") or {}).items():
        at.setdefault(str(k), []).append(str(who))
    cells = {xy: (str(k), r) for k, r in rooms.items() if (xy := _room_key(k)) is not None}
    for k in moves:
        xy = _room_key(k)
        if xy is not None and xy not in cells:
            cells[xy] = (k, None)
    if not cells:
        return ""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    body = []
    for y in range(max(ys), min(ys) - 1, -1):  # north at the top
        for x in range(min(xs), max(xs) + 1):
            if (x, y) not in cells:
                body.append('<div class="mlab-cell mlab-cell-empty"></div>')
                continue
            k, r = cells[(x, y)]
            mv = moves.get(k)
            act = (f' data-i="{mv[0]}" role="button" tabindex="0" aria-label="{esc(mv[1])}" title="{esc(mv[1])}"'
                   if mv else "")
            cls = "mlab-cell mlab-room" + (" mlab-can-move" if mv else "") + (" mlab-here" if k == here else "")
            hint = f'<span class="mlab-move-hint">{esc(mv[1].split(" ", 2)[1] if mv else "")} \u2192</span>' if mv else ""
            if r is None:
                body.append(f'<div class="{cls} mlab-new-ground" data-room="{esc(k)}"{act}>{hint}'
                            f'<span class="mlab-sub">new ground ({esc(k)})</span></div>')
                continue
            name = r.get("name") or "(no tile)"
            start = ' <span class="mlab-start">START</span>' if k == "0,0" and name != "START" else ""
            toks = " ".join(f'<span class="mlab-token" data-token="{esc(n)}">{esc(n)}</span>' for n in at.get(k, []))
            up = _chips(r.get("face_up") or [], lk)
            down = "".join(f'<span class="mlab-facedown" data-facedown="1">{back_chip("door", spoken=False)}'
                           f'{sr("a face-down Door card")}</span>' for _ in range(int(r.get("face_down") or 0)))
            loot = _chips(r.get("left_treasures") or [], lk)
            loot = f'<div class="mlab-sub">left Treasures: {loot}</div>' if loot else ""
            tile = lk.chip(name) if lk.spec(name) is not None else f'<b class="mlab-room-name">{esc(name)}</b>'
            body.append(f'<div class="{cls}" data-room="{esc(k)}"{act}>{hint}'
                        f'<div>{tile}{start} <span class="mlab-sub mlab-coord">({esc(k)})</span></div>'
                        f'<div>{toks}</div><div class="mlab-zone-row">{up}{down}</div>{loot}</div>')
    w = max(xs) - min(xs) + 1
    foot = f"room tiles left: {view.get('tiles_left', '?')}"
    return (f'<div class="mlab-room-grid mlab-zone"><div class="mlab-zlabel">Star Munchkin Adventures rooms (north up)</div>'
            f'<div class="mlab-grid" style="grid-template-columns:repeat({w},auto)">{"".join(body)}</div>'
            f'<div class="mlab-sub">{esc(foot)}</div></div>')


def _cell_name(cell: Any) -> tuple[str, dict]:
    if isinstance(cell, Mapping):
        name = cell.get("name") or cell.get("room") or cell.get("card") or cell.get("tile") or ""
        return str(name or ""), dict(cell)
    return ("" if cell is None else str(cell)), {}


def grid_html(grid: Any, lk: CardLookup, names: Mapping[int, str], title: str, css: str) -> str:
    """A grid of rooms from an older ``state_dict`` entry: a list of rows, a list of cells
    with ``x``/``y``, or a mapping ``"x,y" -> cell`` (each cell a name or a dict with
    ``name``/``room``, ``tokens``/``players``, ``cards``)."""
    cells: dict[tuple[int, int], Any] = {}
    if isinstance(grid, Mapping) and any(k in grid for k in ("cells", "rooms", "grid", "tiles")):
        for k in ("cells", "rooms", "grid", "tiles"):
            if k in grid:
                grid = grid[k]
                break
    if isinstance(grid, Mapping):
        for k, v in grid.items():
            xy = _room_key(k)
            if xy is not None:
                cells[xy] = v
    elif isinstance(grid, list) and grid and all(isinstance(r, list) for r in grid):
        for y, row in enumerate(grid):
            for x, v in enumerate(row):
                cells[(x, y)] = v
    elif isinstance(grid, list):
        flat = all(not (isinstance(v, Mapping) and "x" in v) for v in grid)
        for i, v in enumerate(grid):
            if flat:
                cells[(i % 3, i // 3)] = v
            else:
                cells[(int(v.get("x", 0)), int(v.get("y", 0)))] = v
    if not cells:
        return ""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, y0 = min(xs), min(ys)
    w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
    body = []
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            if (x, y) not in cells:
                body.append("<div></div>")
                continue
            name, info = _cell_name(cells[(x, y)])
            face = lk.chip(name) if name and lk.spec(name) is not None else (f"<b>{esc(name)}</b>" if name else "")
            tokens = info.get("tokens") or info.get("players") or info.get("crew") or []
            if isinstance(tokens, (int, str)):
                tokens = [tokens]
            toks = " ".join(f'<span class="mlab-token">{esc(names.get(t, t) if isinstance(t, int) else t)}</span>'
                            for t in tokens)
            inner = _chips(info.get("cards") or [], lk)
            body.append(f'<div class="mlab-cell">{face}<div>{toks}</div>{inner}</div>')
    return (f'<div class="{css} mlab-zone"><div class="mlab-zlabel">{esc(title)}</div>'
            f'<div class="mlab-grid" style="grid-template-columns:repeat({w},auto)">{"".join(body)}</div></div>')


def _count(n: Any, word: str) -> str:
    """``plural(n, word)``; ``"? <word>s"`` when ``n`` is no number."""
    try:
        return plural(int(n), word)
    except (TypeError, ValueError):
        return f"? {word}s"


def _resources(names: Iterable[str]) -> str:
    """Resource cards as small tags, said as a list ("Data, Energy")."""
    return sr(", ").join(f'<span class="mlab-res">{esc(t)}</span>' for t in names)


def ship_html(sd: Mapping, moves: Mapping[int, tuple[int, str]] | None = None) -> str:
    """The Solar Storm ship drawn as a ship (a hull with its engines, the 3x3 rooms around the
    Energy Core): each room with its name and V1/V2 mark, every resource icon named with its
    repair cube (covered) or its damage (a red cross), diverted power as a lit badge, the
    divert combination, and the crew there. ``moves`` maps a room position to ``(action
    index, label)``: those rooms are buttons that move your meeple there."""
    moves = dict(moves or {})
    grid = sorted(sd.get("grid") or [], key=lambda r: r["position"])
    body = []
    for r in grid:
        core = r.get("action") == "core"
        ver = r.get("version")
        mark = f' <span class="mlab-version" data-version="{esc(ver)}">{esc(ver)}</span>' if ver else ""
        icons = list(r.get("icons") or [])
        cov = r.get("covered")
        cubes = ""
        if cov is not None:
            parts = []
            for j, covered in enumerate(cov):
                res = icons[j] if j < len(icons) else "?"
                icon = ('<span class="mlab-cube" title="repair cube" aria-hidden="true">\u25a0</span>'
                        + sr(" with a repair cube")) if covered else \
                    ('<span class="mlab-damage" title="damaged: no cube" aria-hidden="true">\u2715</span>' + sr(" damaged"))
                parts.append(f'<span class="mlab-res">{esc(res)} {icon}</span>')
            cubes = (f'<div class="mlab-cubes">{sr(", ").join(parts)}</div>'
                     f'<div class="mlab-sub">{esc(_count(r.get("cubes"), "repair cube"))} · '
                     f'{esc(_count(r.get("damaged"), "damaged icon"))}</div>')
        info = ""
        if r.get("diverted"):
            info += '<div><span class="mlab-power mlab-diverted" title="power diverted">\u26a1 power diverted</span></div>'
        elif r.get("combo") and not core:
            info += f'<div class="mlab-sub">divert: {esc(" + ".join(r["combo"]))}</div>'
        if r.get("action") == "manual":
            info += '<div class="mlab-sub">V1 action: by hand</div>'
        meeples = " ".join(f'<span class="mlab-token mlab-meeple" data-token="{esc(m)}">{esc(m)}</span>'
                           for m in r.get("meeples") or [])
        mv = moves.get(r["position"])
        act = (f' data-i="{mv[0]}" role="button" tabindex="0" aria-label="{esc(mv[1])}" title="{esc(mv[1])}"'
               if mv else "")
        cls = "mlab-cell mlab-ship-room" + (" mlab-core" if core else "") + (" mlab-damaged" if r.get("damaged") else "")
        cls += (" mlab-diverted" if r.get("diverted") else "") + (" mlab-can-move" if mv else "")
        body.append(f'<div class="{cls}" data-pos="{r["position"]}" data-row="{r["row"]}" data-col="{r["col"]}"{act}>'
                    f'<div><b class="mlab-room-name">{esc(r.get("name"))}</b>{mark}</div>{cubes}{info}'
                    f'<div>{meeples}</div></div>')
    if not body:
        return ""
    return (f'<div class="mlab-ship mlab-zone"><div class="mlab-zlabel">Solar Storm ship · power diverted in '
            f'{esc(sd.get("diverted"))} of 8 rooms</div><div class="mlab-hull">'
            f'<div class="mlab-grid">{"".join(body)}</div></div></div>')


def solar_table_html(sd: Mapping, moves: Mapping[int, tuple[int, str]] | None = None,
                     roles: Sequence[str] | None = None, editable: bool = True) -> str:
    """The Solar Storm table: the crew (hands are open: Resource cards by name, tokens), the
    ship, decks and supply."""
    crew = []
    for p in sd.get("players", []):
        hand = _resources(p.get("hand") or []) or '<span class="mlab-sub">no Resources</span>'
        cls = "mlab-seat" + (" mlab-active" if p["seat"] == sd.get("active") else "") + \
            (" mlab-actor" if p["seat"] == sd.get("actor") else "")
        role = roles[p["seat"]] if roles and p["seat"] < len(roles) else None
        crew.append(f'<div class="{cls}" data-seat="{p["seat"]}" data-testid="seat-{p["seat"]}" role="region" '
                    f'aria-label="{esc(p["name"])} in {esc(p.get("room"))}">'
                    + _seat_head(f'<span class="mlab-pname">{esc(p["name"])}</span> <span class="mlab-sub">in '
                                 f'{esc(p.get("room"))}</span>', _role_html(p["seat"], role, editable)) +
                    f'{_row("Resources", hand)}'
                    f'<div class="mlab-sub mlab-crew-tokens">{esc(_count(p.get("repair_cubes"), "repair cube"))} · '
                    f'{esc(_count(p.get("action_tokens"), "Action token"))} · '
                    f'{esc(_count(p.get("protection_tokens"), "Protection token"))}</div></div>')
    res = sd.get("resources") or {}
    dmg = sd.get("damage") or {}
    sup = sd.get("supply") or {}
    face_up = _resources(res.get("face_up") or []) or "none"
    piles = (f'<div class="mlab-zone mlab-sub mlab-supply"><div class="mlab-zlabel">Decks and supply</div>'
             f'<div>Resource deck: {(res.get("deck") or {}).get("count")}</div><div>face up: {face_up}</div>'
             f'<div>Resource discards: {len(res.get("discard") or [])}</div>'
             f'<div>Damage deck: {dmg.get("count")}</div>'
             f'<div>supply: {sup.get("repair_cubes")} repair cubes, {sup.get("action_tokens")} Action tokens, '
             f'{sup.get("protection_tokens")} Protection tokens</div>'
             + (f'<div>last roll: {die(sd["last_roll"])}{spoken_dice([sd["last_roll"]])}</div>' if sd.get("last_roll")
                else "") + "</div>")
    # the ship (all 3x3 rooms in view) on the left; the crew stacked and the supply on the right
    return (f'<div class="mlab-felt mlab-solar"><div class="mlab-centre mlab-solar-ship">{ship_html(sd, moves)}{piles}</div>'
            f'<div class="mlab-solar-side"><div class="mlab-seats mlab-crew" style="--mlab-cols:1">{"".join(crew)}</div>'
            f'</div></div>')


def extras_html(sd: Mapping, lk: CardLookup, moves: Mapping[str, tuple[int, str]] | None = None) -> str:
    """Dungeons in play and the Star Munchkin Adventures room grid from ``module_state`` (the
    rooms / dungeons modules' ``state_view``); older top-level ``dungeons``/``grid``/``ship``
    entries are still drawn when present."""
    names = words.names(sd)
    dv = words.dungeons_view(sd)
    rv = words.rooms_view(sd)
    out = []
    dungeons = dv["dungeons"] if dv is not None else sd.get("dungeons")
    if dungeons is None and isinstance(sd.get("dungeon"), (list, str)):
        dungeons = sd["dungeon"]
    if dv is not None or dungeons:
        if isinstance(dungeons, str):
            dungeons = [dungeons]
        dn = [d if isinstance(d, str) else _cell_name(d)[0] for d in dungeons or []]
        body = _cards(dn, lk, mini=True, empty="none")
        dv = dv or {}
        if "dungeon_deck" in dv:
            body += f'<div class="mlab-sub">Dungeon deck: {dv["dungeon_deck"]}</div>'
        out.append(f'<div class="mlab-dungeons">{_zone("Dungeon(s) in play", body)}</div>')
    if rv is not None:
        me = names.get(sd.get("actor"))
        here = str((rv.get("positions") or {}).get(me, "")) if me else None
        out.append(sma_grid_html(rv, lk, moves, here))
    else:
        grid = sd.get("grid") or sd.get("room_grid")
        if grid:
            out.append(grid_html(grid, lk, names, "Star Munchkin Adventures rooms", "mlab-room-grid"))
    ship = sd.get("ship")
    if ship:
        out.append(grid_html(ship, lk, names, "Solar Storm ship", "mlab-ship"))
    return "".join(out)


def status_html(sd: Mapping, game: Any = None, note: str = "") -> str:
    """The status bar: turn, whose turn, the phase in game words, who must act and why."""
    if game is not None:
        st = words.status(game, sd)
    else:
        st = {"turn": sd.get("turn"), "whose": f"{words.names(sd).get(sd.get('active'), '?')}'s turn",
              "phase": words.phase_text(sd), "over": sd.get("phase") == "over",
              "decision": words.game_over_text(sd) if sd.get("phase") == "over"
              else f"{words.names(sd).get(sd.get('actor'), '-')} to act"}
    over = " mlab-over" if st["over"] else ""
    busy = f'<span class="mlab-busy-note">{esc(note)}</span>' if note else ""
    return (f'<div class="mlab-statusbar{over}" data-testid="status" role="status">'
            f'<span class="mlab-turn">Turn {esc(st["turn"])} · {esc(st["whose"])}</span>{sr(". ")}'
            f'<span class="mlab-phase">{esc(st["phase"])}</span>{sr(". ")}'
            f'<span class="mlab-decision" data-testid="decision">{esc(st["decision"])}</span>{busy}</div>')


def game_over_html(sd: Mapping, chart: str = "") -> str:
    """The final table (players by Level, winners marked; the crew's result in Solar Storm)
    and the Level-over-time chart (an ``<img>``)."""
    if words.is_solar(sd):
        rows = "".join(f'<tr><td>{esc(p["name"])}</td><td>in {esc(p.get("room"))}</td>'
                       f'<td>{esc(plural(len(p.get("hand") or []), "Resource"))}</td></tr>' for p in sd.get("players", []))
        return (f'<div class="mlab-over-panel" data-testid="game-over"><h3>{esc(words.game_over_text(sd))}</h3>'
                f'<table>{rows}</table><div class="mlab-sub">power diverted in {esc(sd.get("diverted"))} of 8 rooms'
                f'</div></div>')
    winners = set(sd.get("winners") or [])
    rows = []
    for p in sorted(sd.get("players", []), key=lambda p: (-int(p.get("level") or 0), p["seat"])):
        win = p["seat"] in winners
        items = len(p.get("equipped_list") or []) + len(p.get("carried") or [])
        star = '<span aria-hidden="true">\u2605 </span>' + sr("winner: ") if win else ""
        rows.append(f'<tr class="{"mlab-winner" if win else ""}"><td>{star}{esc(p["name"])}</td>'
                    f'<td>Level {p["level"]}</td><td>{esc(" + ".join(p.get("races") or []) or "Human")}</td>'
                    f'<td>{esc(" + ".join(p.get("classes") or []) or "-")}</td><td>{esc(plural(items, "item"))}</td></tr>')
    return (f'<div class="mlab-over-panel" data-testid="game-over"><h3>{esc(words.game_over_text(sd))}</h3>'
            f'<div style="display:flex;gap:10px;align-items:flex-start"><table><tr><th>Player</th><th>Level</th>'
            f'<th>Race</th><th>Class</th><th>In play</th></tr>{"".join(rows)}</table>{chart}</div></div>')


def table_html(sd: Mapping, lk: CardLookup, revealed: set[int] | frozenset = frozenset(),
               log: Sequence[str] | None = None, *, roles: Sequence[str] | None = None, selected: str = "",
               moves: Mapping | None = None, breakdown: Mapping | None = None, over: str = "",
               editable: bool = True) -> str:
    """The table: seats in fixed-size rows (half above, half below the centre) and the centre
    (piles, combat, shared Treasures, corpses, expansions; the game-over panel at the end)."""
    if words.is_solar(sd):
        return solar_table_html(sd, moves, roles, editable)
    log = log or []
    players = sd.get("players", [])
    seats = [seat_html(p, sd, lk, p["seat"] in revealed,
                       roles[p["seat"]] if roles and p["seat"] < len(roles) else None, selected, editable)
             for p in players]
    own = own_seat(sd, revealed, roles)
    extra = ""
    if sd.get("pool"):
        extra += _zone("Treasures being shared", _cards(sd["pool"], lk))
    nm = words.names(sd)
    for corpse in sd.get("corpses") or []:
        extra += _zone(f"{nm.get(corpse.get('player'), '?')}'s corpse", _cards(corpse.get("cards", []), lk))
    middle = over or (combat_html(sd, lk, log, breakdown) + extra)
    piles = piles_html(sd, lk, compact=bool(sd.get("combat")))
    if own is not None and not sd.get("combat"):  # the one-line piles a crowded table shows instead (CSS)
        piles += piles_html(sd, lk, compact=True, css="mlab-piles-tight")
    centre = f'<div class="mlab-centre">{piles}{middle}{extras_html(sd, lk, moves)}</div>'
    if own is None:  # no seat of yours (bots only, an export): half above, half below the centre
        half = (len(seats) + 1) // 2
        style = f"--mlab-cols:{max(2, half)}"
        return (f'<div class="mlab-felt"><div class="mlab-seats" style="{style}">{"".join(seats[:half])}</div>'
                f'{centre}<div class="mlab-seats" style="{style}">{"".join(seats[half:])}</div></div>')
    # your seat below the centre, as wide as the row allows and as tall as its cards need; the
    # others compact above (with 6 players one of them beside yours)
    others = [h for p, h in zip(players, seats) if p["seat"] != own]
    mine = next(h for p, h in zip(players, seats) if p["seat"] == own)
    cols = max(1, min(3, len(others))) if len(players) <= 4 else 4
    top, rest = others[:cols], others[cols:]
    span = cols - len(rest)
    mine = mine.replace('class="mlab-seat', f'style="grid-column:span {span}" class="mlab-seat mlab-own', 1)
    style = f"--mlab-cols:{cols}"
    # the row above: a seat with more cards gets a wider column, so one full seat does not make
    # the whole row tall (issue: others' seats clipped at 1280x800)
    top_pd = [p for p in players if p["seat"] != own][:cols]
    widths = " ".join(f"minmax(min(100%,{SEAT_MIN_PX}px),{_seat_weight(p, p['seat'] in revealed):.2f}fr)" for p in top_pd)
    top_style = f"{style};grid-template-columns:{widths}"
    return (f'<div class="mlab-felt mlab-felt-own"><div class="mlab-seats mlab-seats-others" style="{top_style}">{"".join(top)}</div>'
            f'{centre}<div class="mlab-seats mlab-seats-own" style="{style}">{"".join(rest)}{mine}</div></div>')


#: The narrowest column of a seat in the row above your own (px): its head (Level, name, who plays it).
SEAT_MIN_PX = 165


def _seat_weight(pd: Mapping, revealed: bool) -> float:
    """How wide a seat wants to be in the row above your own: the square root of the length of
    what it shows (chip names, zone labels; a hidden hand as its backs), so a seat with twice
    the cards gets about 1.4 times the width (its lines pack better, the row stays low)."""
    eq = pd.get("equipped") or {}
    names = list(pd.get("races") or []) + list(pd.get("classes") or []) + list(pd.get("carried") or []) \
        + list(pd.get("curses") or []) + [n for key, _label in SLOT_ORDER for n in eq.get(key, [])]
    if pd.get("hireling"):
        names.append(pd["hireling"])
    hand = pd.get("hand") or []
    chars = sum(len(n) + 5 for n in names) + (sum(len(n) + 5 for n in hand) if revealed else 24) + 40
    return chars ** 0.5


def own_seat(sd: Mapping, revealed: set[int] | frozenset, roles: Sequence[str] | None) -> int | None:
    """The seat drawn large below the centre: the human seat to act, else the first human seat
    whose hand is shown; None without roles or with no such seat (its hand must always be
    fully visible: issue 15)."""
    if not roles:
        return None
    human = [i for i, r in enumerate(roles) if r == "human" and i in revealed]
    actor = sd.get("actor")
    if actor in human:
        return actor
    return human[0] if human else None


def board_html(sd: Mapping, lk: CardLookup, revealed: set[int] | frozenset = frozenset(),
               log: list[str] | None = None) -> str:
    """Status and table as one block (the static export and the replay frames)."""
    log = log or []
    last = f'<div class="mlab-sub mlab-lastlog" data-testid="last-log">{esc(log[-1])}</div>' if log else ""
    over = game_over_html(sd) if sd.get("phase") == "over" and not words.is_solar(sd) else ""
    return (f'<div class="mlab-board-static">{status_html(sd)}'
            f'{table_html(sd, lk, revealed, log, over=over, editable=False)}{last}</div>')


def log_html(log: Sequence[str], last: int = 80, story: Any = None, position: int | None = None) -> str:
    """The story (newest line last, kept in view by the board): each log line, then the
    explanation of what the action changed (``story``: a :class:`~munchkin_lab.widgets.words.Story`).
    With a story every line is a button that rewinds the game to just after it."""
    if story is None:
        lines = list(log)[-last:]
        return f'<div class="mlab-log-lines">{"".join(f"<div>{esc(x)}</div>" for x in reversed(lines))}</div>'
    groups = []
    for i, k, text, notes in story.lines(log, last):
        now = " mlab-now" if position is not None and k == position else ""
        g = [f'<button type="button" class="mlab-logline{now}" data-rewind="{k}" data-line="{i}" '
             f'title="rewind to here (after {k} action{"s" if k != 1 else ""})">{esc(text)}</button>']
        g += [f'<span class="mlab-lognote">\u2192 {esc(n)}</span>' for n in notes]
        groups.append(f'<div class="mlab-logentry">{"".join(g)}</div>')
    # newest first in the document; the column-reverse box shows it at the bottom, in view
    return f'<div class="mlab-log-lines" data-testid="log">{"".join(reversed(groups))}</div>'


def card_detail_html(spec: Any, provenance: str, where: str = "", facts: Mapping | None = None,
                     uses: str = "", player: bool = False) -> str:
    """The card in focus: a large face, then what the card is (kind, slot, Big, deck), its
    numbers, the rules summary (our own words, from the database), tags and ``where`` it is;
    ``uses`` is HTML of the actions that use it.

    ``player=False`` (the card database views: the deck builder's preview) adds the data
    notes meant for the people who keep the database: the provenance with its ``source`` note
    and the aliases. ``player=True`` (the board's play view) leaves them out; a card that is
    not a printed one says so in plain words ("designer card", "numbers inferred")."""
    if spec is None:
        return ""
    from ..printing.fields import face_fields

    facts = dict(facts or {})
    try:
        ff = face_fields(spec)
    except Exception:  # noqa: BLE001 - a card without a name: nothing to show
        return ""
    rows = [f"<div><b>{esc(ff['subtitle'])}</b></div>"]
    for st in ff["stats"]:
        rows.append(f"<div>{esc(st['label'])}: <b>{esc(st['value'])}</b></div>")
    rows.append(f"<div>Set: {esc(ff['set_label'])}</div>")
    tags = ", ".join(ff["tags"])
    rows.append(f"<div>Tags: {esc(tags or '—')}</div>")
    if not player:
        rows.append(f'<div>Provenance: {esc(provenance)}</div>')
        if facts.get("source"):
            rows.append(f'<div class="mlab-source" title="{esc(facts["source"])}">source: {esc(facts["source"])}</div>')
        if facts.get("aliases"):
            rows.append(f'<div class="mlab-sub">Also known as: {esc(", ".join(facts["aliases"]))}</div>')
    elif provenance != "printed":
        rows.append(f'<div class="mlab-sub">{esc(PROVENANCE_MARKS.get(provenance, ("", provenance))[1])}</div>')
    if getattr(spec, "manual", False):
        rows.append('<div class="mlab-sub">resolved by hand on the board</div>')
    if where:
        rows.append(f'<div class="mlab-sub">{esc(where)}</div>')
    summary = facts.get("summary") or ""
    summ = (f'<div class="mlab-summary" data-testid="rules-summary">{esc(summary)}</div>' if summary
            else '<div class="mlab-summary mlab-sub">no rules summary in the card database</div>')
    return (f'<div class="mlab-detail" data-detail="{esc(ff["name"])}"><div class="mlab-detail-top">'
            f'<div class="mlab-detail-card">{card_face(spec, provenance)}</div>'
            f'<div class="mlab-detail-facts">{"".join(rows)}</div></div>{summ}'
            f'<div class="mlab-uses">{uses}</div></div>')


def decision_focus_html(sd: Mapping, game: Any, lk: CardLookup) -> str:
    """The focus pane when no card is in focus (a decision about no card: Kick Down the Door,
    Charity, picking the face-up Treasures, losing items to a Curse, the end of the game): the
    phase and what is being decided, in game words, then the cards the decision is about as
    chips to hover or click (what caused it, the cards to choose from, the face-up Treasures),
    and how to read a card here."""
    phase = words.phase_text(sd)
    what = words.decision(game, sd) if game is not None else ""
    rows = []
    if not words.is_solar(sd):
        pend = words.first_pending(sd) or {}
        known = lambda names: [n for n in dict.fromkeys(names) if isinstance(n, str) and lk.spec(n) is not None]  # noqa: E731
        cause = known([words.cause_of(game, sd)]) if pend.get("kind") == "choose" and game is not None \
            and pend.get("why") in ("lose", "take", "tax", "taxpay") else []
        opts = known(pend.get("options") or []) if pend.get("kind") == "choose" else []
        pool = [n for n in known(sd.get("pool") or []) if n not in opts]
        for label, names in (("Caused by", cause), ("To choose from", opts), ("Face up", pool)):
            if names:
                rows.append(_row(label, _chips(names[:12], lk)))
    return (f'<div class="mlab-now" data-testid="decision-focus"><div class="mlab-now-phase">{esc(phase)}</div>'
            f'<div class="mlab-now-text">{esc(what)}</div>{"".join(rows)}'
            '<div class="mlab-sub mlab-now-hint">No card in focus: hover or click any card to read it here.</div></div>')


def action_button(i: int, label: str, kind: str, cards: Iterable[str] = (), primary: bool = False,
                  title: str = "") -> str:
    """One action button (``data-i`` = its index in the shown list)."""
    cls = f"mlab-act mlab-action-{esc(kind)}" + (" mlab-primary" if primary else "")
    cs = "|".join(cards)
    return (f'<button type="button" class="{cls}" data-i="{i}" data-kind="{esc(kind)}" data-cards="{esc(cs)}" '
            f'title="{esc(title or label)}">{esc(label)}</button>')


def actions_html(buttons: Sequence[str], anytime: Sequence[str] = (), nope: Sequence[tuple[str, str, str]] = (),
                 title: str = "Your move", note: str = "", anytime_count: int | None = None) -> str:
    """The actions area: the legal actions (first the one that moves the game on), the
    any-time actions folded, and the main kinds not possible now (each with its reason; folded
    away while the any-time actions or a folded row of choices are open).
    ``anytime_count``: how many actions the folded buttons hold (a group row holds several;
    default: one per entry of ``anytime``)."""
    out = [f'<div class="mlab-actions-title">{esc(title)}</div>']
    if note:
        out.append(f'<div class="mlab-sub" style="color:#5b3b1b">{esc(note)}</div>')
    out.append(f'<div class="mlab-actbar" data-testid="actions">{"".join(buttons)}</div>')
    if anytime:
        n = len(anytime) if anytime_count is None else anytime_count
        out.append(f'<details class="mlab-anytime"><summary>Any time: {plural(n, "more action")}</summary>'
                   f'<div class="mlab-actbar">{"".join(anytime)}</div></details>')
    if nope:
        chips = "".join(f'<button type="button" class="mlab-act mlab-nope mlab-unavailable" aria-disabled="true" '
                        f'data-kind="{esc(k)}" data-why="{esc(why)}" title="{esc(why)}">{esc(label)}</button>'
                        for k, label, why in nope)
        out.append(f'<div class="mlab-nope-row"><span class="mlab-zlabel mlab-nope-label">Not now</span>{chips}</div>'
                   '<div class="mlab-nope-why" aria-live="polite"></div>')
    return f'<div class="mlab-actions">{"".join(out)}</div>'


def screen_html(*, token: int, status: str, table: str, focus: str, log: str, actions: str,
                height: int = 640, faces: int = 0) -> str:
    """The whole play screen (one grid): status, table, card in focus, actions, story.
    ``token`` is the render token, ``faces`` the version of the card details the browser holds."""
    return (f'<div class="mlab-screen" data-token="{token}" data-faces="{faces}" style="--mlab-h:{height}px">{status}{table}'
            f'<div class="mlab-side"><div class="mlab-focus" data-testid="focus"><div class="mlab-focus-title">Card in focus'
            f' (hover, focus or click a card)</div><div class="mlab-focus-body">{focus}</div></div>'
            f'<div class="mlab-logbox"><div class="mlab-focus-title">Story (click a line to rewind)</div>{log}</div></div>'
            f'{actions}</div>')


Renderer = Callable[[Mapping], str]
