"""What a Solar Storm game shows: the documented ``state_dict()`` shape (its docstring is the
reference), ``view(seat)``, action labels (``describe``), and the conservation aids
``all_zones()`` / ``cube_count()``.

:class:`Views` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from ..actions import Action
from .refs import CORE_POS, OUTER


class Views:
    """Mixin: :meth:`state_dict`, :meth:`view`, :meth:`describe`, :meth:`all_zones`,
    :meth:`cube_count`."""

    def describe(self, a: Action) -> str:
        """A short readable label for ``a`` (used as ``Action.label``)."""
        s = self.state
        pn = s.players[a.player].name if 0 <= a.player < len(s.players) else f"seat {a.player}"
        k = a.kind

        def who(t: int) -> str:
            return s.players[t].name if 0 <= t < len(s.players) else str(t)

        def room(q: int) -> str:
            return self.room_name(q) if 0 <= q <= 8 else str(q)

        if k == "move":
            return f"{pn}: move to {room(a.n)}"
        if k in ("pick", "collect") or (k == "room" and self.v2_action(s.players[a.player].pos) == "Cargo Hold"):
            what = "top of the Resource deck" if a.card == -1 else f"face-up {self._rt(a.card)}"
            if k == "collect" and a.card == -1:
                what = f"{self.options.collect_from_deck} from the Resource deck"
            return f"{pn}: {k if k != 'room' else self.room_name(s.players[a.player].pos)}: {what}"
        if k in ("give", "take"):
            return f"{pn}: {k} {self._rt(a.card)} {'to' if k == 'give' else 'from'} {who(a.target)}"
        if k == "repair":
            return f"{pn}: repair with {self._rt(a.card)}"
        if k == "divert":
            return f"{pn}: divert power with {'+'.join(self._rt(c) for c in a.cards)}"
        if k == "place":
            top = ", ".join(self.damage_label(c) for c in a.cards[:a.n]) or "-"
            bot = ", ".join(self.damage_label(c) for c in a.cards[a.n:]) or "-"
            return f"{pn}: The Bridge: top [{top}], bottom [{bot}]"
        if k == "room":
            pos = s.players[a.player].pos
            nm = self.v2_action(pos) or "room"  # the action; the label names the room itself
            here = self.room_name(pos) if 0 <= pos <= 8 else nm
            if nm == "Crew Quarters":
                return f"{pn}: {here}: move {who(a.target)} to {room(a.n)}"
            if nm == "Mess Hall":
                h = len(a.cards) // 2
                return (f"{pn}: {here}: {who(a.target)} gives {'+'.join(self._rt(c) for c in a.cards[:h])}, "
                        f"{who(a.m)} gives {'+'.join(self._rt(c) for c in a.cards[h:])}")
            if nm == "Engine Room":
                return f"{pn}: {here}: take {self._rt(a.card)} from the discard"
            if nm in ("Repair Centre", "The Armoury"):
                return f"{pn}: {here}: {'Repair cube' if nm == 'Repair Centre' else 'Protection token'} to {who(a.target)}"
            if nm == "Medical Bay":
                return f"{pn}: {here}: Action tokens to {', '.join(who(t) for t in a.cards)}"
            return f"{pn}: {here if nm != 'room' else nm}"
        if k.startswith("adj_"):
            return f"{pn}: {self._by_hand_label(a)}"
        return f"{pn}: {k.replace('_', ' ')}"

    def state_dict(self) -> dict:
        """The documented public JSON shape (this docstring is its reference):

        ``{"game": "solar_storm", "turn", "active", "actor", "phase" ("actions"|"collect"|"over"),
        "actions_left", "players": [{"seat", "name", "position", "room", "hand" (type names),
        "hand_ids", "hand_count", "repair_cubes", "action_tokens", "protection_tokens"}],
        "grid": [{"position", "row", "col", "name" (no version), "card", "version",
        "icons", "covered", "cubes", "damaged", "combo", "diverted", "action" ("v2"|"manual"|
        "core"), "meeples"}], "rooms_discarded", "rooms_unused", "resources": {"deck": {"count",
        "order" (top first)}, "face_up", "face_up_ids", "discard" (top first)}, "damage": {"count",
        "order" (top first, labels), "discard"}, "supply": {"repair_cubes", "action_tokens",
        "protection_tokens"}, "diverted", "pending", "last_roll", "won", "reason", "rng",
        "forced_dice"}``. Deterministic for a given state.
        """
        s = self.state
        rt = self.res_type
        players = []
        for i, p in enumerate(s.players):
            players.append({"seat": i, "name": p.name, "position": p.pos, "room": self.room_name(p.pos),
                            "hand": [rt[c] for c in p.hand], "hand_ids": p.hand[:],
                            "hand_count": len(p.hand), "repair_cubes": p.cubes,
                            "action_tokens": p.tokens, "protection_tokens": p.protection})
        grid = []
        for pos in range(9):
            i = s.grid[pos]
            cov = s.covered[pos]
            grid.append({
                "position": pos, "row": pos // 3, "col": pos % 3, "name": self._base[i],
                "card": self.rooms[i].name, "version": self._ver[i],
                "icons": list(self.icons(pos)), "covered": None if cov is None else cov[:],
                "cubes": None if cov is None else sum(cov),
                "damaged": None if cov is None else len(cov) - sum(cov),
                "combo": list(self.combo(pos)), "diverted": s.diverted[pos] if pos != CORE_POS else None,
                "action": "core" if pos == CORE_POS else ("v2" if self.v2_action(pos) else "manual"),
                "meeples": [q.name for q in s.players if q.pos == pos],
            })
        pend = None
        if s.pending is not None:
            pend = {"kind": s.pending["kind"]}
            if s.pending["kind"] == "scavenge":
                pend["left"] = s.pending["left"]
            elif s.pending["kind"] == "bridge":
                pend["cards"] = [self.damage_label(c) for c in s.pending["cards"]]
                pend["card_ids"] = list(s.pending["cards"])
            else:
                pend["room"] = self.room_name(s.pending["room"])
        return {
            "game": "solar_storm", "turn": s.turn, "active": s.active, "actor": self.actor(),
            "phase": s.phase, "actions_left": s.actions_left, "players": players, "grid": grid,
            "rooms_discarded": [self.rooms[i].name for i in s.rooms_discarded],
            "rooms_unused": [self.rooms[i].name for i in s.rooms_unused],
            "resources": {"deck": {"count": len(s.res_deck), "order": [rt[c] for c in reversed(s.res_deck)]},
                          "face_up": [rt[c] for c in s.face_up], "face_up_ids": s.face_up[:],
                          "discard": [rt[c] for c in reversed(s.res_discard)]},
            "damage": {"count": len(s.damage_deck),
                       "order": [self.damage_label(c) for c in reversed(s.damage_deck)],
                       "discard": [self.damage_label(c) for c in reversed(s.damage_discard)]},
            "supply": {"repair_cubes": s.cube_supply, "action_tokens": s.token_supply,
                       "protection_tokens": s.protection_supply},
            "diverted": sum(1 for q in OUTER if s.diverted[q]),
            "pending": pend, "last_roll": s.last_roll, "won": s.won, "reason": s.reason or None,
            "rng": str(s.rng), "forced_dice": list(s.forced),
        }

    def view(self, seat: int) -> dict:
        """What player ``seat`` sees: :meth:`state_dict` without deck orders, the generator
        state, forced dice, and (when another player holds The Bridge's look) the looked-at
        cards. Hands stay visible (a cooperative game played open; our reading)."""
        d = self.state_dict()
        d["resources"]["deck"].pop("order", None)
        d["damage"].pop("order", None)
        d["rng"] = None
        d["forced_dice"] = None
        if d["pending"] and d["pending"]["kind"] == "bridge" and seat != self.state.active:
            d["pending"]["cards"] = ["?"] * len(d["pending"]["cards"])
            d["pending"]["card_ids"] = []
        d["viewer"] = seat
        return d

    def all_zones(self) -> dict[str, list[int]]:
        """Every Resource, Damage and room card id by family (for conservation checks): each id
        appears exactly once in its family's list."""
        s = self.state
        res = list(s.res_deck) + s.face_up + s.res_discard
        for p in s.players:
            res += p.hand
        dmg = list(s.damage_deck) + s.damage_discard
        if s.pending and s.pending["kind"] == "bridge":
            dmg += s.pending["cards"]
        rooms = [s.grid[p] for p in range(9)] + s.rooms_discarded + s.rooms_unused
        return {"resources": res, "damage": dmg, "rooms": rooms}

    def cube_count(self) -> int:
        """Repair cubes on rooms + supply + held by players (constant over a game)."""
        s = self.state
        return (sum(sum(c) for c in s.covered if c is not None) + s.cube_supply
                + sum(p.cubes for p in s.players))

    def __repr__(self) -> str:
        s = self.state
        return (f"<SolarStormGame turn={s.turn} active={s.active} phase={s.phase} "
                f"diverted={sum(1 for q in OUTER if s.diverted[q])}/8>")
