"""The board as HTML: a card table drawn from ``Game.state_dict()`` (no rules here).

:func:`board_html` is used by the live :class:`~munchkin_lab.widgets.board.Board` and by the
static export, so both look the same. Expansion parts (Dungeons, the Star Munchkin Adventures
room grid, the Solar Storm ship) are drawn when ``state_dict()`` has them, from that dict
only.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from .faces import card_back, card_face, die, esc

_ROLL_RE = re.compile(r"rolls (\d+)")
SLOT_ORDER = (("headgear", "Head"), ("armor", "Armor"), ("footgear", "Feet"), ("hands", "Hands"),
              ("other", "Other"))


class CardLookup:
    """Name -> card spec and provenance for the cards of one game.

    Args:
        specs: the game's card specs (``Game.specs``).
        provenance: card key (``set:Name``) -> provenance; cards missing from it get
            ``default``.
        default: provenance of unknown cards (``scenario`` for inline scenario cards).
    """

    def __init__(self, specs, provenance: Mapping[str, str] | None = None, default: str = "printed"):
        self.by_name: dict[str, Any] = {}
        for s in specs:
            self.by_name.setdefault(s.name, s)
        self.provenance_map = dict(provenance or {})
        self.default = default

    def spec(self, name: str):
        """The spec of card ``name`` (None when unknown)."""
        return self.by_name.get(name)

    def provenance(self, name: str) -> str:
        """Provenance mark of card ``name``."""
        s = self.by_name.get(name)
        if s is None:
            return self.default
        return self.provenance_map.get(s.key, self.default)

    def face(self, name: str, **kw) -> str:
        """Card face HTML of ``name``."""
        s = self.spec(name)
        return card_face(s if s is not None else {"name": name}, self.provenance(name), **kw)

    def back(self, name: str) -> str:
        """Card back HTML for the hidden card ``name`` (or a pile name such as ``door``)."""
        s = self.spec(name)
        return card_back(s.deck if s is not None else name)


def _cards(names, lk: CardLookup, mini: bool = True, hidden: bool = False, empty: str = "") -> str:
    inner = "".join(lk.back(n) if hidden else lk.face(n) for n in names)
    if not inner and empty:
        inner = f'<span class="mlab-sub">{esc(empty)}</span>'
    fan = " mlab-fan" if hidden else ""
    return f'<div class="mlab-cards{" mlab-mini" if mini else ""}{fan}">{inner}</div>'


def _zone(label: str, body: str) -> str:
    return f'<div class="mlab-zone"><div class="mlab-zlabel">{esc(label)}</div>{body}</div>'


def seat_html(pd: Mapping, sd: Mapping, lk: CardLookup, revealed: bool) -> str:
    """One player's place at the table."""
    cls = ["mlab-seat"]
    if pd["seat"] == sd.get("active"):
        cls.append("mlab-active")
    if pd["seat"] == sd.get("actor"):
        cls.append("mlab-actor")
    if not pd.get("alive", True):
        cls.append("mlab-dead")
    race = " + ".join(pd.get("races") or []) or "Human"
    klass = " + ".join(pd.get("classes") or []) or "no class"
    status = "alive" if pd.get("alive", True) else "DEAD"
    cs = pd.get("combat_strength")
    extra = f" · strength {cs}" if cs is not None else ""
    head = (f'<div class="mlab-seat-head"><div class="mlab-level" title="Level">{pd["level"]}</div>'
            f'<div><div class="mlab-pname">{esc(pd["name"])}</div>'
            f'<div class="mlab-sub">{esc(race)} · {esc(klass)} · {status}{esc(extra)} · '
            f'hand {pd.get("hand_count", len(pd.get("hand", [])))}/{pd.get("hand_limit", "")}</div></div></div>')
    parts = [head]
    chars = list(pd.get("races") or []) + list(pd.get("classes") or [])
    if chars:
        parts.append(_zone("Race / Class", _cards(chars, lk)))
    eq = pd.get("equipped") or {}
    slots = "".join(
        f'<div style="display:inline-block;margin-right:6px;vertical-align:top">'
        f'<div class="mlab-zlabel">{label}</div>{_cards(eq.get(key, []), lk, empty="—")}</div>'
        for key, label in SLOT_ORDER if eq.get(key) or key in ("headgear", "armor", "footgear", "hands"))
    parts.append(_zone("Equipped", slots))
    if pd.get("carried"):
        parts.append(_zone("Carried", _cards(pd["carried"], lk)))
    if pd.get("curses"):
        parts.append(_zone("Curses", _cards(pd["curses"], lk)))
    hand = pd.get("hand") or []
    parts.append(_zone(f"Hand ({'shown' if revealed else 'hidden'})", _cards(hand, lk, hidden=not revealed, empty="empty")))
    return (f'<div class="{" ".join(cls)}" data-seat="{pd["seat"]}" data-testid="seat-{pd["seat"]}">'
            f'{"".join(parts)}</div>')


def piles_html(sd: Mapping, lk: CardLookup) -> str:
    """Draw piles (backs with counts) and the top of each discard pile."""
    out = []
    for name, info in sd.get("decks", {}).items():
        count = info.get("count", 0) if isinstance(info, Mapping) else int(info)
        disc = (sd.get("discards") or {}).get(name) or []
        back = card_back(name) if count else '<div class="mlab-empty">empty</div>'
        top = lk.face(disc[0]) if disc else '<div class="mlab-empty">no discards</div>'
        out.append(f'<div class="mlab-pile mlab-pile-{esc(name)}" data-pile="{esc(name)}">{back}'
                   f'<span class="mlab-count">{esc(name)}: {count}</span></div>'
                   f'<div class="mlab-pile mlab-discard-{esc(name)}">{top}'
                   f'<span class="mlab-count">discards: {len(disc)}</span></div>')
    return f'<div class="mlab-row">{"".join(out)}</div>'


def combat_html(sd: Mapping, lk: CardLookup, log: list[str]) -> str:
    """The combat panel: monsters with enhancers, both sides' strengths, helper, dice."""
    c = sd.get("combat")
    if not c:
        return ""
    names = {p["seat"]: p["name"] for p in sd["players"]}
    mons = []
    for m in c.get("monsters", []):
        enh = _cards(m.get("enhancers", []), lk) if m.get("enhancers") else ""
        mons.append(f'<div class="mlab-pile">{lk.face(m["name"])}'
                    f'<span class="mlab-count">strength {m.get("strength")}</span>{enh}</div>')
    helper = c.get("helper")
    side = esc(names.get(c["fighter"], "?")) + (f" + {esc(names.get(helper))}" if helper is not None else "")
    win = c.get("winning")
    dice = ""
    for line in reversed(log[-12:]):
        mt = _ROLL_RE.search(line)
        if mt:
            dice = f'last roll {die(int(mt.group(1)))}'
            break
    forced = sd.get("forced_dice") or []
    if forced:
        dice += " queued " + "".join(die(d) for d in forced)
    one_shots = _zone("One-Shots in play", _cards(c["one_shots"], lk)) if c.get("one_shots") else ""
    return (f'<div class="mlab-combat" data-testid="combat"><div class="mlab-status">Combat · {esc(c.get("stage"))}'
            f' · {c.get("treasures", "?")} Treasure(s) at stake</div>'
            f'<div class="mlab-vs"><div><div class="mlab-sub">Munchkins: {side}</div>'
            f'<div class="mlab-strength {"mlab-win" if win else "mlab-lose"}" data-testid="munchkin-strength">'
            f'{c.get("munchkin_strength")}</div></div><div>vs</div>'
            f'<div><div class="mlab-sub">Monsters</div><div class="mlab-strength" data-testid="monster-strength">'
            f'{c.get("monster_strength")}</div></div></div>'
            f'<div class="mlab-row">{"".join(mons)}</div>{one_shots}'
            f'<div class="mlab-status">{"munchkins winning" if win else "monsters winning"} {dice}</div></div>')


def _cell_name(cell: Any) -> tuple[str, dict]:
    if isinstance(cell, Mapping):
        name = cell.get("name") or cell.get("room") or cell.get("card") or cell.get("tile") or ""
        return str(name or ""), dict(cell)
    return ("" if cell is None else str(cell)), {}


def _cell_html(cell: Any, lk: CardLookup, names: Mapping[int, str]) -> str:
    name, info = _cell_name(cell)
    face = lk.face(name) if name and lk.spec(name) is not None else (f"<b>{esc(name)}</b>" if name else "")
    tokens = info.get("tokens") or info.get("players") or info.get("crew") or []
    if isinstance(tokens, (int, str)):
        tokens = [tokens]
    toks = "".join(f'<span class="mlab-token">{esc(names.get(t, t) if isinstance(t, int) else t)}</span>'
                   for t in tokens)
    cards = info.get("cards") or []
    inner = _cards(cards, lk) if cards else ""
    extra = " ".join(f"{esc(k)}: {esc(v)}" for k, v in info.items()
                     if k in ("version", "damage", "status", "power", "energy") and v not in (None, ""))
    return f'<div class="mlab-cell mlab-mini">{face}<div>{toks}</div>{inner}<div class="mlab-sub">{extra}</div></div>'


def grid_html(grid: Any, lk: CardLookup, names: Mapping[int, str], title: str, css: str) -> str:
    """A grid of rooms from a ``state_dict`` entry: a list of rows, a list of cells with
    ``x``/``y``, or a mapping ``"x,y" -> cell`` (each cell a name or a dict with ``name``/
    ``room``, ``tokens``/``players``, ``cards``)."""
    cells: dict[tuple[int, int], Any] = {}
    if isinstance(grid, Mapping) and any(k in grid for k in ("cells", "rooms", "grid", "tiles")):
        for k in ("cells", "rooms", "grid", "tiles"):
            if k in grid:
                grid = grid[k]
                break
    if isinstance(grid, Mapping):
        for k, v in grid.items():
            try:
                x, y = (int(p) for p in str(k).strip("()[] ").split(","))
            except ValueError:
                continue
            cells[(x, y)] = v
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
            body.append(_cell_html(cells[(x, y)], lk, names) if (x, y) in cells else '<div></div>')
    return (f'<div class="{css}"><div class="mlab-status">{esc(title)}</div>'
            f'<div class="mlab-grid" style="grid-template-columns:repeat({w},auto)">{"".join(body)}</div></div>')


def _room_key(k: Any) -> tuple[int, int] | None:
    try:
        x, y = (int(p) for p in str(k).strip("()[] ").split(","))
    except ValueError:
        return None
    return x, y


def sma_grid_html(view: Mapping, lk: CardLookup) -> str:
    """The Star Munchkin Adventures room grid from ``module_state["rooms"]`` (the rooms module's
    ``state_view``): each room its tile name and ``x,y`` coordinates (START marked), the player
    tokens standing there, face-up cards, card backs for face-down cards and left treasures."""
    rooms = view.get("rooms") or {}
    at: dict[str, list[str]] = {}
    for who, k in (view.get("positions") or {}).items():
        at.setdefault(str(k), []).append(str(who))
    cells = {xy: (str(k), r) for k, r in rooms.items() if (xy := _room_key(k)) is not None}
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
            name = r.get("name") or "(no tile)"
            start = ' <span class="mlab-start">START</span>' if k == "0,0" and name != "START" else ""
            toks = "".join(f'<span class="mlab-token" data-token="{esc(n)}">{esc(n)}</span>' for n in at.get(k, []))
            up = _cards(r.get("face_up") or [], lk)
            down = "".join(f'<span class="mlab-facedown" data-facedown="1">{lk.back("door")}</span>'
                           for _ in range(int(r.get("face_down") or 0)))
            loot = _cards(r.get("left_treasures") or [], lk)
            loot = f'<div class="mlab-sub">left treasures</div>{loot}' if loot else ""
            body.append(f'<div class="mlab-cell mlab-room" data-room="{esc(k)}">'
                        f'<div><b class="mlab-room-name">{esc(name)}</b>{start} '
                        f'<span class="mlab-sub mlab-coord">({esc(k)})</span></div>'
                        f'<div>{toks}</div><div class="mlab-row">{up}{down}</div>{loot}</div>')
    w = max(xs) - min(xs) + 1
    foot = f"room tiles left: {view.get('tiles_left', '?')}"
    return (f'<div class="mlab-room-grid"><div class="mlab-status">Star Munchkin Adventures rooms</div>'
            f'<div class="mlab-grid" style="grid-template-columns:repeat({w},auto)">{"".join(body)}</div>'
            f'<div class="mlab-sub">{esc(foot)}</div></div>')


def ship_html(sd: Mapping) -> str:
    """The Solar Storm 3x3 ship from a ``SolarStormGame.state_dict()``: every room with its
    name, V1/V2 mark, repair cubes and damage, diverted power, icons and the meeples there
    (the Energy Core in the centre)."""
    grid = sorted(sd.get("grid") or [], key=lambda r: r["position"])
    body = []
    for r in grid:
        core = r.get("action") == "core"
        ver = r.get("version")
        mark = f' <span class="mlab-version" data-version="{esc(ver)}">{esc(ver)}</span>' if ver else ""
        cubes = ""
        if r.get("covered") is not None:
            cubes = "".join('<span class="mlab-cube" title="repair cube">■</span>' if c
                            else '<span class="mlab-damage" title="damaged">□</span>' for c in r["covered"])
            cubes = (f'<div class="mlab-cubes">{cubes} <span class="mlab-sub">cubes {r.get("cubes")}'
                     f' · damaged {r.get("damaged")}</span></div>')
        icons = " ".join(r.get("icons") or [])
        info = f'<div class="mlab-sub">icons {esc(icons)}</div>' if icons else ""
        if r.get("diverted"):
            info += '<div class="mlab-sub mlab-diverted">power diverted</div>'
        meeples = "".join(f'<span class="mlab-token mlab-meeple" data-token="{esc(m)}">{esc(m)}</span>'
                          for m in r.get("meeples") or [])
        cls = "mlab-cell mlab-ship-room" + (" mlab-core" if core else "")
        body.append(f'<div class="{cls}" data-pos="{r["position"]}" data-row="{r["row"]}" data-col="{r["col"]}">'
                    f'<div><b class="mlab-room-name">{esc(r.get("name"))}</b>{mark}</div>{cubes}{info}'
                    f'<div>{meeples}</div></div>')
    if not body:
        return ""
    return (f'<div class="mlab-ship"><div class="mlab-status">Solar Storm ship</div>'
            f'<div class="mlab-grid" style="grid-template-columns:repeat(3,auto)">{"".join(body)}</div></div>')


def solar_board_html(sd: Mapping, log: list[str] | None = None) -> str:
    """The whole Solar Storm table: status, the ship, crew (hands are open), decks and supply."""
    log = log or []
    names = {p["seat"]: p["name"] for p in sd.get("players", [])}
    if sd.get("phase") == "over":
        status = (f'<div class="mlab-status mlab-over" data-testid="status">Game over: '
                  f'{"the crew wins" if sd.get("won") else "the crew loses"} ({esc(sd.get("reason"))}) '
                  f'after {sd.get("turn")} turns</div>')
    else:
        pend = sd.get("pending")
        ptxt = f" · waiting for: {esc(pend.get('kind'))}" if pend else ""
        status = (f'<div class="mlab-status" data-testid="status">Turn {sd.get("turn")} · '
                  f'{esc(names.get(sd.get("active")))}\'s turn · phase {esc(sd.get("phase"))} · '
                  f'actions left {sd.get("actions_left")} · {esc(names.get(sd.get("actor"), "-"))} to act{ptxt}</div>')
    crew = []
    for p in sd.get("players", []):
        crew.append(f'<div class="mlab-seat" data-seat="{p["seat"]}"><b>{esc(p["name"])}</b> in '
                    f'{esc(p.get("room"))}<div class="mlab-sub">hand: {esc(" ".join(p.get("hand") or []) or "-")}'
                    f' · repair cubes {p.get("repair_cubes")} · action tokens {p.get("action_tokens")}'
                    f' · protection {p.get("protection_tokens")}</div></div>')
    res = sd.get("resources") or {}
    dmg = sd.get("damage") or {}
    sup = sd.get("supply") or {}
    piles = (f'<div class="mlab-piles mlab-sub">resource deck: {(res.get("deck") or {}).get("count")} · '
             f'face up: {esc(" ".join(res.get("face_up") or []) or "-")} · damage deck: {dmg.get("count")} · '
             f'supply: cubes {sup.get("repair_cubes")}, action tokens {sup.get("action_tokens")}, '
             f'protection {sup.get("protection_tokens")}</div>')
    last = f'<div class="mlab-sub mlab-lastlog" data-testid="last-log">{esc(log[-1])}</div>' if log else ""
    return (f'<div class="mlab-felt mlab-solar">{status}<div class="mlab-row">{"".join(crew)}</div>'
            f'<div class="mlab-row">{ship_html(sd)}<div class="mlab-center">{piles}</div></div>{last}</div>')


def extras_html(sd: Mapping, lk: CardLookup) -> str:
    """Dungeons in play and the Star Munchkin Adventures room grid from ``module_state`` (the
    rooms / dungeons modules' ``state_view``); older top-level ``dungeons``/``grid``/``ship``
    entries are still drawn when present."""
    names = {p["seat"]: p["name"] for p in sd.get("players", [])}
    ms = sd.get("module_state") or {}
    # modules are found by the shape of their view, not their name (the Dungeons module is
    # registered as e.g. ``scooby_doo``)
    dv = next((v for v in ms.values() if isinstance(v, Mapping) and isinstance(v.get("dungeons"), list)), None)
    rv = next((v for v in ms.values() if isinstance(v, Mapping) and isinstance(v.get("rooms"), Mapping)
               and "positions" in v), None)
    out = []
    dungeons = dv["dungeons"] if dv is not None else sd.get("dungeons")
    if dungeons is None and isinstance(sd.get("dungeon"), (list, str)):
        dungeons = sd["dungeon"]
    if dv is not None or dungeons:
        if isinstance(dungeons, str):
            dungeons = [dungeons]
        dn = [d if isinstance(d, str) else _cell_name(d)[0] for d in dungeons or []]
        body = _cards(dn, lk, mini=False, empty="none")
        dv = dv or {}
        if dv.get("characters"):
            body += '<div class="mlab-sub">' + esc(", ".join(f"{k}: {v}" for k, v in dv["characters"].items())) + "</div>"
        if "dungeon_deck" in dv:
            body += f'<div class="mlab-sub">dungeon deck: {dv["dungeon_deck"]}</div>'
        out.append(f'<div class="mlab-dungeons">{_zone("Dungeon(s) in play", body)}</div>')
    if rv is not None:
        out.append(sma_grid_html(rv, lk))
    else:
        grid = sd.get("grid") or sd.get("room_grid")
        if grid:
            out.append(grid_html(grid, lk, names, "Star Munchkin Adventures rooms", "mlab-room-grid"))
    ship = sd.get("ship")
    if ship:
        out.append(grid_html(ship, lk, names, "Solar Storm ship", "mlab-ship"))
    return f'<div class="mlab-row">{"".join(out)}</div>' if out else ""


def status_html(sd: Mapping) -> str:
    """The turn / phase / who-acts line (and the winner when the game is over)."""
    names = {p["seat"]: p["name"] for p in sd["players"]}
    if sd.get("phase") == "over":
        who = " and ".join(sd.get("winner_names") or []) or "nobody"
        return (f'<div class="mlab-status mlab-over" data-testid="status">Game over: {esc(who)} '
                f'wins ({esc(sd.get("reason"))}) after {sd.get("turn")} turns</div>')
    actor = sd.get("actor")
    pend = sd.get("pending") or []
    ptxt = f" · waiting for: {esc(pend[0].get('kind'))}" if pend else ""
    return (f'<div class="mlab-status" data-testid="status">Turn {sd.get("turn")} · {esc(names.get(sd.get("active")))}'
            f"'s turn · phase {esc(sd.get('phase'))} · "
            f'{esc(names.get(actor, "-"))} to act{ptxt}</div>')


def board_html(sd: Mapping, lk: CardLookup, revealed: set[int] | frozenset = frozenset(),
               log: list[str] | None = None) -> str:
    """The whole table: status, seats around the centre (piles, combat, expansions)."""
    if sd.get("game") == "solar_storm":
        return solar_board_html(sd, log)
    log = log or []
    players = sd.get("players", [])
    seats = [seat_html(p, sd, lk, p["seat"] in revealed) for p in players]
    half = (len(seats) + 1) // 2
    top, bottom = seats[:half], seats[half:]
    extra = ""
    if sd.get("pool"):
        extra += _zone("Treasures being shared", _cards(sd["pool"], lk))
    for corpse in sd.get("corpses") or []:
        extra += _zone(f"Corpse of seat {corpse.get('player')}", _cards(corpse.get("cards", []), lk))
    centre = (f'<div class="mlab-center">{piles_html(sd, lk)}{combat_html(sd, lk, log)}{extra}</div>'
              f'{extras_html(sd, lk)}')
    last = f'<div class="mlab-sub mlab-lastlog" data-testid="last-log">{esc(log[-1])}</div>' if log else ""
    return (f'<div class="mlab-felt">{status_html(sd)}<div class="mlab-row">{"".join(top)}</div>'
            f'{centre}<div class="mlab-row">{"".join(bottom)}</div>{last}</div>')


def log_html(log: list[str], last: int = 40) -> str:
    """The event log (newest last) as a scrolling block."""
    lines = log[-last:]
    return f'<div class="mlab-log-lines">{esc(chr(10).join(lines))}</div>'


def card_detail_html(spec: Any, provenance: str, where: str = "") -> str:
    """A large card face and its numbers (for the board's detail pane)."""
    if spec is None:
        return ""
    rows = []
    for label, field in (("Kind", "kind"), ("Deck", "deck"), ("Level", "level"), ("Treasures", "treasures"),
                         ("Bonus", "bonus"), ("Slot", "slot"), ("Gold", "gold"), ("Set", "set")):
        v = getattr(spec, field, None)
        if v is not None:
            rows.append(f"<tr><th>{label}</th><td>{esc(v)}</td></tr>")
    tags = ", ".join(sorted(getattr(spec, "tags", ()) or ()))
    rows.append(f"<tr><th>Tags</th><td>{esc(tags or '—')}</td></tr>")
    rows.append(f"<tr><th>Provenance</th><td>{esc(provenance)}</td></tr>")
    if where:
        rows.append(f"<tr><th>Where</th><td>{esc(where)}</td></tr>")
    return (f'<div style="display:flex;gap:12px"><div class="mlab-detail-card">{card_face(spec, provenance)}</div>'
            f'<table class="mlab-table-html">{"".join(rows)}</table></div>')


Renderer = Callable[[Mapping], str]
