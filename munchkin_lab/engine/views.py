"""What the players see: labels of actions, the documented state_dict() shape, a seat's view.
"""
from __future__ import annotations

from typing import Iterable

from ..plural import plural
from .actions import Action
from .tables import SLOT_LIMIT

#: How a pending ``take`` choice names its blind hand option (Hippogriff's ``or_hand``): never
#: the card itself, which the taker cannot see (core rules, 3. Your hand).
BLIND_HAND = "a card from the hand, blind"


class Views:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: what the players see: labels of actions,
    the documented state_dict() shape, a seat's view."""

    def describe(self, a: Action) -> str:
        """A readable label for action ``a`` (used by ``legal_actions``)."""
        for mod in self._h_label:  # a rules module's own kinds (RulesModule.describe_action)
            text = mod.describe_action(self, a)
            if text:
                return text
        who = self._pn(a.player) if 0 <= a.player < len(self.state.players) else f"seat {a.player}"
        k = a.kind
        cn = self._cn(a.card) if a.card >= 0 else ""
        tn = self._pn(a.target) if 0 <= a.target < len(self.state.players) else ""
        if k == "play":
            extra = ""
            ce = self._fx[a.card]
            if ce.get("set_die"):
                extra = f": the next die shows {a.n}"
            elif self._lang and self._prog[a.card] is not None and self._prog[a.card].ops("set_die"):
                extra = f": the die shows {a.n}"  # Loaded Die, after the roll
            elif ce.get("cancel_curse") or ce.get("reroll_escape") or ce.get("take_discard") or ce.get("escape") \
                    or ce.get("transfer_fighter"):
                extra = ""
            elif self._kind[a.card] == "one_shot" and not ce.get("discard_monster"):
                extra = " for the monsters" if a.n == 1 else " for the munchkins"
            elif self._kind[a.card] == "monster_enhancer" or ce.get("discard_monster"):
                extra = f" on {self._cn(self.state.combat.monsters[a.n])}" if self.state.combat and 0 <= a.n < len(self.state.combat.monsters) else ""
            if a.cards and self._lang and a.cards[0] in self._modes(a.card):  # a card with modes
                ab = self._prog[a.card].abilities[a.cards[0]]
                extra = (extra if ab.who.name == "chosen_side" else "") + f" ({ab.label})"
            if a.cards and self._lang and self._prog[a.card] is not None and self._prog[a.card].ops("destroy_rooms"):
                rooms = self._played_rooms(a.card, a)  # the rooms it destroys (destroy_rooms: chosen)
                extra += f": destroy {', '.join(self._cn(x) for x in rooms)}" if rooms else ""
            if tn:
                extra += f" on {tn}"
            if a.m >= 0:
                extra += f" with {self._cn(a.m)}"
            return f"{who}: play {cn}{extra}"
        if k == "use":  # (the cards it is paid with, or aims at: one label per set of them)
            paid = [self._cn(c) for c in a.cards if 0 <= c < len(self.specs)]
            with_ = (f" (with {', '.join(paid[:-1])} and {paid[-1]})" if len(paid) > 1
                     else f" (with {paid[0]})" if paid else "")
            return f"{who}: use {self._use_words(a)}{with_}"
        if k == "sell":
            return f"{who}: sell {', '.join(self._cn(c) for c in a.cards)}"
        if k == "ask_help":
            return f"{who}: ask {tn} for help" + (f" for {plural(a.n, 'Treasure')}{' (helper picks first)' if a.m == 1 else ''}" if a.n else "")
        if k == "offer_help" and a.n:
            return f"{who}: offer to help for {plural(a.n, 'Treasure')}{' (helper picks first)' if a.m == 1 else ''}"
        if k == "roll":
            mon = self.state.combat.monsters[a.n] if self.state.combat and 0 <= a.n < len(self.state.combat.monsters) else -1
            return f"{who}: roll to Run Away from {self._cn(mon)}"
        if k == "charity":
            return f"{who}: {'discard' if a.target < 0 else 'give'} {cn}" + (f" to {tn}" if tn else "")
        if k == "steal":
            return f"{who}: discard {cn} to steal {self._cn(a.m)} from {tn}"
        if k == "trade":
            return f"{who}: trade {cn} for {tn}'s {self._cn(a.m)}"
        if k == "choose" and self.state.pending and self._blind_hand(self.state.pending[0], a.card):
            return f"{who}: choose {BLIND_HAND} of {self._pn(self.state.pending[0]['from'])}"
        if k in ("choose", "pass") and self.state.pending and self.state.pending[0].get("why") == "resurrect_t":
            return (f"{who}: resurrect {cn} from the Treasure discards instead of a face-up draw (Cleric)"
                    if k == "choose" else f"{who}: draw the Treasures left (no resurrection)")
        if k == "kick" and a.n == 1:
            return f"{who}: resurrect the top Door discard instead of kicking (Cleric)"
        base = {"kick": "Kick Down the Door", "loot": "Loot the Room", "end_turn": "end the turn",
                "fight": "declare victory", "run": "Run Away", "pass": "pass",
                "offer_help": "offer to help", "accept": "accept", "refuse": "refuse",
                "carry": "carry on the table"}.get(k, k)
        parts = [f"{who}: {base}"]
        if cn:
            parts.append(cn)
        if tn:
            parts.append(f"-> {tn}")
        if k in ("evade", "charm", "chase") and self.state.combat and 0 <= a.n < len(self.state.combat.monsters):
            parts.append(self._cn(self.state.combat.monsters[a.n]))
        if k == "resolve" and a.n:
            parts.append(f"({a.n:+d} Level)")
        return " ".join(parts)

    def _use_words(self, a: Action) -> str:
        head, prep, target = self.use_words(a)
        return f"{head}{'' if prep.startswith(':') else ' '}{prep} {target}" if target else head

    def use_words(self, a: Action) -> tuple[str, str, str]:
        """What a ``use c=<card> n=<ability>`` action does, in words, as ``(head, prep,
        target)``: ``head`` the card, with the ability's label when the card has more than one
        ability ("Wizard (Charm)"; one ``use`` ability among other abilities too: "Hireling
        (escape)"; a card whose one ability it is needs none: "Gloom Totem"); ``target`` the choice the ability makes, if any
        ("P2", "Bog Wight", "the monsters", "Helm of Courage", a die value "4") with its
        ``prep`` ("on", "for", ": the die shows" for a die value); ``("...", "", "")`` without a choice. Every
        distinct choice gets words of its own (a screen listing the labels lists each)."""
        from .lang import vocab

        c = a.card
        head = self._cn(c)
        prog = self._prog[c] if self._lang and 0 <= c < len(self.specs) else None
        if prog is None or not (0 <= a.n < len(prog.abilities)):
            return head, "", ""
        ab = prog.abilities[a.n]
        uses = [i for i, _ab in self._lrun[c].get("use", ())]
        if len(uses) > 1:  # (two abilities with the same words: told apart by their place)
            label = self._ab_label(c, a.n)
            same = [i for i in uses if self._ab_label(c, i) == label]
            head += f" ({label})" if len(same) == 1 or a.n not in same else f" ({label}, {same.index(a.n) + 1})"
        elif len(prog.abilities) > 1:  # its one `use` among other abilities: named, as the log names it
            head += f" ({self._ab_label(c, a.n)})"
        if 0 <= a.target < len(self.state.players):
            return head, "on", self._pn(a.target)
        if a.m < 0:
            return head, "", ""
        if any(op.name == "set_die" for op in ab.do):
            return head, ": the die shows", str(a.m)
        td = vocab.TARGETS.get(getattr(ab.who, "name", ""))
        kind = td.kind if td is not None and td.choice else ""
        cb = self.state.combat
        if kind == "monster" and cb is not None and a.m < len(cb.monsters):
            return head, "on", self._cn(cb.monsters[a.m])
        if kind == "side":
            return head, "for", "the monsters" if a.m == 1 else "the munchkins"
        if kind == "card" and a.m < len(self.specs):
            return head, "on", self._cn(a.m)
        return head, "", ""

    def _owed_view(self) -> list[dict]:
        """The rewards a card moved away from their winners (Transferral Potion after a kill or
        a charm: ``CombatState.owed``, :meth:`CombatCards._rewards_before_transfer`), paid when
        this combat closes (:meth:`CombatCards._pay_owed`; official FAQ, Munchkin card
        questions): one entry a moved fight, ``{"player": seat, "levels": int, "treasures":
        int, "helper": seat|null, "helper_levels": int}`` - ``helper_levels`` as the helper
        would gain them now (an Elf's one a kill, :meth:`helper_levels`); [] when none. The
        board and ``play --human`` say it with the combat (``widgets.words.owed_lines``)."""
        c = self.state.combat
        out = []
        for old, helper, levels, kills, n in c.owed:
            out.append({"player": old, "levels": levels if kills else 0, "treasures": n,
                        "helper": helper if helper >= 0 else None,
                        "helper_levels": self.helper_levels(helper, kills) if helper >= 0 and kills else 0})
        return out

    def _cards(self, cs: Iterable[int]) -> list[str]:
        return [self.specs[c].name for c in cs]

    def _slot_view(self, seat: int) -> dict:
        p = self.state.players[seat]
        out: dict[str, list[str]] = {"headgear": [], "armor": [], "footgear": [], "hands": [], "other": []}
        for c in p.equipped:
            slot = self.specs[c].slot or "none"
            key = slot if slot in SLOT_LIMIT else ("hands" if slot in ("one_hand", "two_hands") else "other")
            out[key].append(self.specs[c].name)
        return out

    def state_dict(self) -> dict:
        """The documented public JSON shape (see ``munchkin_lab/engine/README.md``).

        Card names stand for cards; seats are 0-based ints. Deterministic for a given state.
        """
        s = self.state
        players = []
        c = s.combat
        for i, p in enumerate(s.players):
            races = self._cards(p.races)
            classes = self._cards(p.classes)
            players.append({
                "seat": i, "name": p.name, "gender": p.gender, "level": p.level,
                "races": races, "race": races[0] if races else "Human",
                "classes": classes, "class": classes[0] if classes else None,
                "half_breed": p.half_breed >= 0, "super_munchkin": p.super_munchkin >= 0,
                "hand": self._cards(p.hand), "hand_count": len(p.hand),
                "equipped": self._slot_view(i), "equipped_list": self._cards(p.equipped),
                "carried": self._cards(p.carried), "curses": self._cards(p.curses),
                "cheat": self.specs[p.cheat_item].name if p.cheat_item >= 0 else None,
                "alive": p.alive, "hand_limit": self.hand_limit(i),
                "hireling": self.specs[p.hireling].name if p.hireling >= 0 else None,
                "combat_strength": (self.player_strength(i)
                                    if c is not None and i in (c.fighter, c.helper) else None),
            })
            for mod in self._h_seat:  # a module's cards in play in front of the player (a Character)
                players[-1].update({k: self.name(x) if x >= 0 else None for k, x in mod.seat_cards(self, i).items()})
        combat = None
        if c is not None:
            ps, ms = self.strengths()
            mons = [self.monster_strength(i) for i in range(len(c.monsters))]
            # what the sides get beyond their players' and monsters' own strengths: One-Shots,
            # a card's change to a side, a bonus per matching player, a lone fighter's double
            pb = ps - sum(self.player_strength(q) for q in (c.fighter, c.helper) if q >= 0)
            combat = {
                "fighter": c.fighter, "helper": c.helper if c.helper >= 0 else None,
                "stage": c.stage,
                "monsters": [{"name": self.specs[m].name, "level": self.specs[m].level,
                              "enhancers": self._cards(c.enh[i]),
                              "enhancers_by": [c.played_by.get(e) for e in c.enh[i]],
                              "strength": mons[i]}
                             for i, m in enumerate(c.monsters)],
                "one_shots": self._cards(c.used),
                "one_shots_by": [c.played_by.get(u) for u in c.used],  # seats (None: not known)
                "munchkin_bonus": pb, "monster_bonus": ms - sum(mons),
                "munchkin_strength": ps, "monster_strength": ms,
                "won_at": list(c.won_at) or None,
                "winning": self.munchkins_win(),
                "treasures": self.treasure_count(),
                "berserk": {str(k): v for k, v in c.berserk.items()},
                "window": list(c.window),
                "bribe": {"treasures": c.bribe_n, "helper_first": bool(c.bribe_first),
                          "items": self._cards(c.bribe_items)},
                "pending_run_away": ([{"player": r, "monsters": [self.specs[m].name for j, m in enumerate(c.monsters)
                                                                 if not (r == c.runners[0] and j in c.rolled)]}
                                      for r in c.runners] if c.stage == "run" else []),
                "owed": self._owed_view(),
            }
        pend = []
        for d in s.pending:
            e = {"kind": d["kind"], "player": d["player"]}
            if d["kind"] == "choose":
                e["why"] = d["why"]
                opts = self.choice_options(d)
                e["options"] = self._cards(opts)
                if d.get("or_hand"):  # Hippogriff: the hand is one option, a card taken blind
                    e["from"] = d["from"]
                    e["options"] = [BLIND_HAND if self._blind_hand(d, c) else nm
                                    for c, nm in zip(opts, e["options"])]
                if "owe" in d:
                    e["owe"] = d["owe"]
                if "picked" in d:  # a pick of several cards (a Scooby-Doo exit): how many so far
                    e["picked"] = len(d["picked"])
            elif d["kind"] == "manual":
                e["card"] = self.name(d["card"])
            elif d["kind"] == "cancel":
                e["card"] = self.name(d["card"])
                e["victim"] = d["victim"]
            elif d["kind"] == "glue":
                e["runner"] = d["runner"]
                e["monster"] = self.name(s.combat.monsters[d["monster"]]) if s.combat else None
            elif d["kind"] == "flight":
                e["monster"] = self.name(s.combat.monsters[d["monster"]]) if s.combat else None
                e["die"] = d["die"]
            elif d["kind"] == "react":
                e["card"] = self.name(d["card"])
                e["ability"] = d["ability"]
                e["event"] = d["event"]
                e["label"] = self._ab_label(d["card"], d["ability"])
                die = dict(d["ctx"][2]).get("die")
                if die is not None:  # a reaction to a die roll sees what the die shows
                    e["die"] = die
            elif d["kind"] in ("gift", "trade"):
                e["from"] = d["from"]
                e["card"] = self.name(d["card"])
                if d["kind"] == "trade":  # the receiver's Item asked for in exchange
                    e["for"] = self.name(d["for"])
            elif d["kind"] in ("help", "offer"):
                e["from"] = d["from"]
                e["treasures"] = d.get("n", 0)  # the bribe asked of a helper, or an offer's price
                if d["kind"] == "help":
                    if d.get("backout"):  # a forced helper may leave a fight for the win
                        e["backout"] = True
            pend.append(e)
        out = {
            "turn": s.turn, "active": s.active, "phase": s.phase, "actor": self.actor(),
            "players": players,
            "decks": {k: {"count": len(v), "order": self._cards(reversed(v))} for k, v in s.decks.items()},
            "discards": {k: self._cards(reversed(v)) for k, v in s.discards.items()},
            "combat": combat, "pending": pend,
            "pool": self._cards(s.pool),
            "corpses": [{"player": a, "cards": self._cards(b)} for a, b in s.corpses],
            "charity": ({"excess": s.charity[0], "given": {str(k): v for k, v in s.charity[1].items()}}
                        if s.charity else None),
            "winners": list(s.winners), "winner_names": [s.players[w].name for w in s.winners],
            "reason": s.reason or None,
            "rng": str(s.rng), "forced_dice": list(s.forced),
            "removed": self._cards(s.removed),
            "modules": [m.name for m in self.modules],
            "module_state": {m.name: v for m in self.modules if (v := m.state_view(self)) is not None},
        }
        if self._lang:  # a card list using the card-effect language: its lasting changes
            out["lasting"] = self._lasting_view()
        peeks = s.lang.get("peek") if s.lang else None
        if peeks:  # what each player saw at their last peek (op peek, a Psychic's): hidden in view()
            out["peeks"] = {s.players[int(k)].name: self._peek_view(v) for k, v in sorted(peeks.items())}
        return out

    def _peek_view(self, v: dict) -> dict:
        """A player's last peek in words: ``{"deck", "cards", "turn"}`` - the pile looked at
        (the op ``peek: deck``: ``door``, ``treasure``...; the Psychic's look at the next room
        tile: ``room_tile``), the cards seen (top first), the turn; a Psychic's look into a
        room (Star Munchkin Adventures) is ``deck: "room"`` with ``room: "x,y"`` and that room's
        cards (face-up ones first)."""
        out = {"deck": v["deck"], "cards": self._cards(v["cards"]), "turn": v["turn"]}
        if "room" in v:
            out["room"] = v["room"]
        return out

    def view(self, seat: int) -> dict:
        """What player ``seat`` may see: :meth:`state_dict` with the other players' hands as
        card backs (``"door"``/``"treasure"``) and the deck order hidden (core rules, 3.
        Handling Cards: your hand is yours); so are the options of a pending ``choose`` that
        are cards of another player's hand (a Cleric's resurrection, a loss that may take hand
        cards: shown as their backs). A pending ``cancel``, ``glue`` or from-the-hand
        ``react`` decision (Loaded Die, Invisibility Potion: its card hidden as well) put to
        another seat shows ``player: None`` (and, first in the queue, ``actor: None``): only
        its holder knows they hold a card that reacts (the silent window, curses.py). What
        ``seat`` saw at its last peek (op ``peek``; a Psychic's look at a room or the next room
        tile, Star Munchkin Adventures) is ``seen`` (``{deck, cards, turn}``, the cards top
        first; ``room`` for a room: :meth:`_peek_view`); the others' peeks are left out."""
        d = self.state_dict()
        hidden: set[int] = set()  # the cards in the other players' hands
        for i, pd in enumerate(d["players"]):
            if i != seat:
                hand = self.state.players[i].hand
                pd["hand"] = [self.specs[c].deck for c in hand]
                hidden.update(hand)
        for v in d["decks"].values():
            v.pop("order", None)
        d["rng"] = None
        d["forced_dice"] = None
        d["viewer"] = seat
        # a peek (op peek) is seen by the player who looked alone: theirs as "seen", no other
        mine = (self.state.lang or {}).get("peek", {}).get(str(seat))
        d.pop("peeks", None)
        if mine:
            d["seen"] = self._peek_view(mine)
        # a silent reaction point (a Curse's cancel, a Flask of Glue, a reaction from a hand):
        # who may react is hidden from the other seats - holding such a card is hidden
        # information (curses.py)
        for i, (pe, raw) in enumerate(zip(d["pending"], self.state.pending)):
            if raw["kind"] == "choose" and hidden:
                # a choice among cards of a hand (a Cleric's resurrection, a loss of Items or
                # hand cards): another seat sees those options as card backs, as the hand
                opts = self.choice_options(raw)
                if not hidden.isdisjoint(opts):
                    pe["options"] = [self.specs[c].deck if c in hidden and nm != BLIND_HAND else nm
                                     for c, nm in zip(opts, pe["options"])]
            if self._hidden_reaction(raw) and pe["player"] != seat:
                pe["player"] = None
                if pe["kind"] == "react":  # a reaction from a hand: which card is hidden too
                    pe["card"] = pe["label"] = pe["ability"] = None
                if i == 0:
                    d["actor"] = None
        return d
