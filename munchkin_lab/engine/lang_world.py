"""The engine's answer to the interpreter's :class:`~munchkin_lab.engine.lang.interp.World`
protocol: read-only questions about a game's position that conditions and targets ask
(``engine/lang/README.md``, *If* and *Who*).
"""
from __future__ import annotations

from .lang.interp import ItemView

#: Kinds of card that never sit in front of a player (the combat, Dungeons, the room grid).
_OFF_PLAYER_KINDS = frozenset({"monster", "monster_enhancer", "dungeon", "portal", "room_tile"})


class _CombatView:
    """The combat as the interpreter's conditions see it (``interp.CombatView``'s fields), the
    costly ones computed on first use (``winning`` asks the strengths)."""

    __slots__ = ("g", "fighter", "helper", "monsters", "runners", "stage", "rolls", "fought",
                 "one_shots", "_win", "_used", "_wl", "_bare", "_mates")

    def __init__(self, g) -> None:
        c = g.state.combat
        lang = g.state.lang or {}
        self.g = g
        self.fighter = c.fighter
        self.helper = c.helper
        self.monsters = tuple(c.monsters)
        self.runners = tuple(c.runners) if c.stage == "run" else ()
        self.stage = c.stage
        self.rolls = len(lang.get("rolled", ()))
        self.fought = bool(lang.get("fought"))
        self.one_shots = sum(1 for u in c.used if g._kind[u] == "one_shot")
        self._win = self._used = self._wl = self._bare = self._mates = None

    @property
    def mates(self) -> dict:
        """The Mates on each monster of the combat (card id -> count; none: absent)."""
        if self._mates is None:
            g = self.g
            c = g.state.combat
            ma = g._mate
            out = {}
            for i, m in enumerate(c.monsters):
                k = sum(1 for e in c.enh[i] if ma[e])
                if k:
                    out[m] = k
            self._mates = out
        return self._mates

    @property
    def winning(self) -> bool:
        if self._win is None:
            g = self.g
            # a condition read while the strengths are being summed sees "not winning"
            self._win = False if g._lx_depth else g.munchkins_win()
        return self._win

    @property
    def used(self) -> tuple:
        if self._used is None:
            g = self.g
            c = g.state.combat
            names = [g._lnames[u] for u in c.used if u not in c.for_monsters]  # (the winning side's)
            for q in (c.fighter, c.helper):
                if q >= 0:
                    names += [g._lnames[it] for it in g.state.players[q].equipped if g.can_use(q, it)]
            self._used = tuple(names)
        return self._used

    @property
    def win_levels(self) -> int:
        if self._wl is None:
            self._wl = self.g._win_levels()
        return self._wl

    @property
    def bare(self) -> bool:
        if self._bare is None:
            g = self.g
            c = g.state.combat
            self._bare = (c.helper < 0 and set(c.used) <= set(c.for_monsters) and not c.pbonus and not g._lx_depth
                          and g.player_strength(c.fighter) == g.state.players[c.fighter].level)
        return self._bare


class EngineWorld:
    """The engine's answer to :class:`munchkin_lab.engine.lang.interp.World`: read-only
    questions about the position of game ``g`` (one object per event; the combat view is
    built once)."""

    __slots__ = ("g", "_cv")

    def __init__(self, g) -> None:
        self.g = g
        self._cv = False

    def seat_count(self) -> int:
        return len(self.g.state.players)

    def alive(self, seat: int) -> bool:
        return self.g.state.players[seat].alive

    def active(self) -> int:
        return self.g.state.active

    def phase(self) -> str:
        return self.g.state.phase

    def level(self, seat: int) -> int:
        return self.g.state.players[seat].level

    def races(self, seat: int, against: bool = False):
        p = self.g.state.players[seat]
        if against and p.half_breed >= 0 and len(p.races) == 1:
            return ()  # a Half-Breed with one Race: its disadvantages do not count (10.)
        ln = self.g._lnames
        return tuple(ln[c] for c in p.races)

    def classes(self, seat: int, against: bool = False):
        p = self.g.state.players[seat]
        if against and p.super_munchkin >= 0 and len(p.classes) == 1:
            return ()
        ln = self.g._lnames
        return tuple(ln[c] for c in p.classes)

    def gender(self, seat: int) -> str:
        return self.g.state.players[seat].gender

    def in_use(self, seat: int):
        g = self.g
        out = []
        for it in g.state.players[seat].equipped:
            if g._lasting_item(it) and g.can_use(seat, it):  # (a Fairy Dust Item in use too)
                sp = g.specs[it]
                out.append(ItemView(g._lnames[it], sp.slot or "none", bool(sp.big)))
        return out

    def items_in_play(self, seat: int):
        g = self.g
        p = g.state.players[seat]
        return tuple(c for c in p.equipped + p.carried if g._lasting_item(c))

    def card_name(self, card: int) -> str:
        return self.g._lnames[card]

    def has_hireling(self, seat: int) -> bool:
        return self.g.state.players[seat].hireling >= 0

    def stands_in(self, seat: int, room_card: int) -> bool:
        ms = self.g.state.module_state.get("rooms")
        if not ms:
            return False
        r = ms["grid"].get(ms["pos"][seat])
        return r is not None and r["tile"] == room_card

    def strength(self, seat: int, one_shots: bool = True) -> int:
        return self.g.player_strength(seat)

    def combat(self):
        if self._cv is False:
            self._cv = _CombatView(self.g) if self.g.state.combat is not None else None
        return self._cv

    def monster_tags(self, monster: int) -> frozenset:
        return self.g.monster_tags(monster)

    def monster_level(self, monster: int) -> int:
        return self.g.specs[monster].level or 0

    def dungeons(self):
        ms = self.g.state.module_state.get("scooby_doo")
        if not ms:
            return ()
        return tuple(self.g._lnames[d] for d in ms.get("in_play", ()))

