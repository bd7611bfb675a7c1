"""Combat: strengths, the monsters in it, cards played into it, the interference window, victory
and its rewards, the end of a combat.
"""
from __future__ import annotations

from .actions import Action
from .refs import R_COMBAT, R_DEATH, R_HELP, R_PHASES, R_RUN, R_STATS, R_WHEN
from .state import CombatState
from .tables import _NO_SLOT


class Combat:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: combat: strengths, the monsters in it,
    cards played into it, the interference window, victory and its rewards, the end of a combat."""

    def player_strength(self, seat: int) -> int:
        """Combat strength of one munchkin-side player: Level + items in use + class/race
        abilities + curses (+ module modifiers). May be negative (core rules, 8. Level)."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        level_counts = items_count = True
        if c is not None:
            lnc = self._lvl_nc
            inc = self._items_nc
            for m in c.monsters:
                if lnc[m]:
                    level_counts = False
                if inc[m]:
                    items_count = False
        total = p.level if level_counts else 0
        only = None
        if p.curses:
            nxt = self._next_combat
            osl = self._only_slot
            for cu in p.curses:
                total += nxt[cu]
                o = osl[cu]
                if o is not _NO_SLOT:
                    only = o      # Malign Mirror: only that slot's items count
        if items_count and p.equipped:
            plain = self._plain_bonus
            if only is None:
                for it in p.equipped:
                    b = plain[it]
                    total += b if b is not None else self.item_bonus(seat, it)
            else:
                slots = self._slots
                for it in p.equipped:
                    if slots[it] == only:
                        total += self.item_bonus(seat, it)
        if c is not None:
            total += c.berserk.get(seat, 0)
            if c.turning.get(seat) and any(self.specs[m].has_tag("undead") for m in c.monsters):
                total += 3 * c.turning[seat]
            for thief, victim in c.backstab:
                if victim == seat:
                    total -= 2
        for mod in self._h_combat:
            total += mod.combat_modifier(self, seat)
        return total

    def monster_strength(self, i: int) -> int:
        """Strength of monster number ``i`` of the combat: Level + Monster Enhancers + its bonus
        against the fighter or helper (counted once) - core rules, 7. Combat: Help."""
        c = self.state.combat
        m = c.monsters[i]
        total = self._mlevel[m]
        mate = 1
        if c.enh[i]:
            mb = self._mbonus
            ma = self._mate
            for e in c.enh[i]:
                total += mb[e]
                if ma[e]:
                    mate += 1
        for cond in self._bonus_vs[m]:
            if self.matches(c.fighter, cond["if"], True, m) or (
                    c.helper >= 0 and self.matches(c.helper, cond["if"], True, m)):
                total += cond["bonus"]
        for mod in self._h_monster:
            total += mod.monster_modifier(self, i)
        return total * mate

    def strengths(self) -> tuple[int, int]:
        """``(munchkin side, monster side)`` combat strengths of the current combat."""
        c = self.state.combat
        if c is None:
            return (0, 0)
        mside = c.mbonus
        ms = self.monster_strength
        for i in range(len(c.monsters)):
            mside += ms(i)
        pside = c.pbonus + self.player_strength(c.fighter)
        if c.helper >= 0:
            pside += self.player_strength(c.helper)
        elif c.perplayer:
            # a double of the lone fighter (Doppleganger)
            pside += self.player_strength(c.fighter) * c.perplayer.get(c.fighter, 0)
        bp = self._bonus_per
        for used in c.used:
            per = bp[used]
            if per:
                n = sum(1 for q in (c.fighter, c.helper) if q >= 0 and self.matches(q, per["if"]))
                pside += n * per["bonus"]
        return pside, mside

    def munchkins_win(self) -> bool:
        """Munchkin side strictly stronger, or equal with a Warrior on that side (core rules,
        7. Combat: ties go to the monster; Help: a Warrior wins ties even when helping)."""
        c = self.state.combat
        if c is None or not c.monsters:
            return False
        ps, ms = self.strengths()
        if ps > ms:
            return True
        if ps == ms:
            return self.has_class(c.fighter, "warrior") or (c.helper >= 0 and self.has_class(c.helper, "warrior"))
        return False

    def treasure_count(self) -> int:
        """Treasures the current combat gives if won: per monster its printed count plus its
        Monster Enhancers', conditional extras and module modifiers (never below 0), times one
        more for each Mate on it; plus the combat's extra Treasures (core rules, 7. Combat:
        Rewards; Monster Enhancers). Requires a combat in progress."""
        c = self.state.combat
        total = 0
        for i, m in enumerate(c.monsters):
            sp = self.specs[m]
            t = sp.treasures or 0
            mate = 1
            for e in c.enh[i]:
                es = self.specs[e]
                t += es.effects.get("treasures", 0)
                if es.effects.get("mate"):
                    mate += 1
            for cond in sp.effects.get("extra_treasures", ()):
                if self.matches(c.fighter, cond["if"]):
                    t += cond["count"]
            for mod in self._h_treasure:
                t += mod.treasure_modifier(self, i)
            total += max(0, t) * mate
        return total + c.extra_treasures

    def _start_combat(self, seat: int, monster: int) -> None:
        s = self.state
        s.phase = "combat"
        s.combat = CombatState(seat, monster)
        self._monster_arrives(monster)

    def _monster_arrives(self, m: int) -> None:
        """A manual monster (a special the vocabulary cannot express) queues a ResolveByHand
        decision for the fighter as it enters the combat; its data parts still apply.
        ``on_meet`` ops hit the fighter as the monster enters (e.g. discard an item first)."""
        sp = self.specs[m]
        if sp.manual:
            self._push_manual(self.state.combat.fighter, m, discard=False)
        meet = sp.effects.get("on_meet")
        if meet:
            self._apply_ops(self.state.combat.fighter, meet, m)

    def _add_monster(self, m: int) -> None:
        c = self.state.combat
        c.monsters.append(m)
        c.enh.append([])
        self._monster_arrives(m)

    def _remove_monster(self, i: int) -> None:
        c = self.state.combat
        m = c.monsters.pop(i)
        enh = c.enh.pop(i)
        self._discard(m)
        for e in enh:
            self._discard(e)

    def _after_monster_removed(self) -> None:
        c = self.state.combat
        if not c.monsters:
            self._end_combat(won=False, empty=True)

    def _combat_changed(self, seat: int) -> None:
        """A card was played into the combat (hook point; the window player keeps acting
        until they pass, and the fighter answers when the window closes)."""

    def _window_done(self) -> None:
        """Everybody passed (core rules, 7. Combat: wait for the others to react). A declared
        victory that still stands kills the monsters; a victory undone by interference, or a
        Run Away that became a winning fight, returns the decision to the fighter; otherwise
        the Run Away rolls begin."""
        c = self.state.combat
        winning = self.munchkins_win()
        if c.intent == "win":
            if winning:
                self._resolve_win()
            else:
                c.stage = "fight"
        else:
            if winning:
                c.stage = "fight"
            else:
                self._start_run()

    def _resolve_win(self) -> None:
        """Every other player passed and the munchkin side still wins (the caller,
        :meth:`_window_done`, has just checked): it kills every monster (core rules, 7.
        Combat; Rewards)."""
        s = self.state
        c = s.combat
        if (self._h_combat or self._h_monster) and not self.munchkins_win():
            # module strength hooks are asked again, as they always were
            c.stage = "fight"
            return
        fighter, helper = c.fighter, c.helper
        levels = 0
        for i, m in enumerate(c.monsters):
            sp = self.specs[m]
            mate = 1 + sum(1 for e in c.enh[i] if self.specs[e].effects.get("mate"))
            extra = sp.effects.get("extra_levels", 0)
            words = sp.effects.get("extra_level_with")
            if words:
                # e.g. Large Angry Chicken: one more Level when killed with fire
                used = list(c.used)
                for q in (fighter, helper):
                    if q >= 0:
                        used += [it for it in s.players[q].equipped if self.can_use(q, it)]
                if any(w in self._lnames[u] for u in used for w in words):
                    extra += 1
            if sp.effects.get("extra_level_bare") and helper < 0 and not c.used and not c.pbonus \
                    and self.player_strength(fighter) == s.players[fighter].level:
                # e.g. Pukachu: one more Level when beaten alone with the bare Level
                extra += 1
            levels += ((sp.levels_gained or 1) + extra) * mate
        nkilled = len(c.monsters)
        tcount = self.treasure_count()
        for mod in self._h_won:
            mod.on_combat_won(self, fighter, helper, list(c.monsters))
        # strengths only feed the log line (module hooks may keep state: then as before)
        if self.history or self._h_combat or self._h_monster:
            ps, ms = self.strengths()
        if self.history: self._say(f"{self._pn(fighter)}{' and ' + self._pn(helper) if helper >= 0 else ''} "
                  f"{'kill' if helper >= 0 else 'kills'} {', '.join(self.name(m) for m in c.monsters)} ({ps} vs {ms}).")
        self._change_level(fighter, levels, from_kill=True)
        if helper >= 0:
            hl = 0
            if self.has_race(helper, "elf"):
                hl = nkilled
            if self.options.shared_victory:
                hl = max(hl, nkilled)
            if hl:
                self._change_level(helper, hl, from_kill=True)
        drawn = []
        for _ in range(tcount):
            t = self._draw("treasure")
            if t >= 0:
                drawn.append(t)
        self._end_combat(won=True)
        if helper < 0 or c.bribe_n <= 0:
            s.players[fighter].hand.extend(drawn)
            if self.history: self._say(f"{self._pn(fighter)} draws {len(drawn)} Treasure(s)"
                      f"{' face down' if helper < 0 else ' face up'}.")
        else:
            share = min(c.bribe_n, len(drawn))
            s.pool.extend(drawn)
            if self.history: self._say(f"Treasures face up: {', '.join(self.name(t) for t in drawn)}; "
                      f"{self._pn(helper)} gets {share}.")
            first = helper if c.bribe_first else fighter
            s.pending.append({"kind": "choose", "why": "pick", "player": first, "f": fighter,
                              "h": helper, "hq": share, "fq": len(drawn) - share})

    def _end_combat(self, won: bool, empty: bool = False) -> None:
        s = self.state
        c = s.combat
        for mod in self._h_end:
            mod.on_combat_end(self, c.fighter, c.helper, won)
        for i in range(len(c.monsters) - 1, -1, -1):
            self._remove_monster(i)
        for u in c.used:
            self._discard(u)
        c.used = []
        for q in (c.fighter, c.helper):
            if q >= 0:
                qp = s.players[q]
                for cu in qp.curses[:]:
                    ce = self.specs[cu].effects
                    if ce.get("next_combat") or ce.get("only_slot"):
                        qp.curses.remove(cu)
                        self._discard(cu)
        if c.helper >= 0 and c.bribe_items:
            fp = s.players[c.fighter]
            for it in c.bribe_items:
                if it in fp.in_play() and s.players[c.helper].alive:
                    self._remove_from_play(c.fighter, it)
                    s.players[c.helper].carried.append(it)
        if c.extra_treasures and s.players[c.fighter].alive and not won:
            for _ in range(c.extra_treasures):
                t = self._draw("treasure")
                if t >= 0:
                    s.players[c.fighter].hand.append(t)
        s.phase = "end"
        s.combat = None
        # keep a reference for _resolve_win's bribe handling
        self._last_combat = c

    def _end_all_monsters(self, fighter: int, draw: int) -> None:
        s = self.state
        cb = s.combat
        for i in range(len(cb.monsters) - 1, -1, -1):
            self._remove_monster(i)
        for _ in range(draw):
            t = self._draw("treasure")
            if t >= 0:
                s.players[fighter].hand.append(t)
        self._end_combat(won=False, empty=True)

    def _why_take_item(self, seat: int, a: Action, in_combat: bool) -> str | None:
        """Help Me Out Here!: the fighter takes item m in play of player t when that item
        turns the fight into a win (card text; core rules, 7. Interfering in Combat)."""
        s = self.state
        c = s.combat
        if not in_combat or seat != c.fighter or c.stage != "fight":
            return "Help Me Out Here! is played by the fighter during the fight (card text)"
        if not (0 <= a.target < len(s.players)) or a.target == seat or a.m not in s.players[a.target].in_play():
            return "Help Me Out Here!: m must be an item in play of another player t"
        if self._kind[a.m] != "item":
            return "Help Me Out Here!: m must be an item"
        if self.munchkins_win():
            return "Help Me Out Here!: you are already winning"
        ps, ms = self.strengths()
        gain = self.item_bonus(seat, a.m) if self.why_slot(seat, a.m) is None else 0
        if a.target == c.helper and a.m in s.players[a.target].equipped:
            gain -= self.item_bonus(a.target, a.m)
        ps += gain
        warrior = self.has_class(seat, "warrior") or (c.helper >= 0 and self.has_class(c.helper, "warrior"))
        if not (ps > ms or (ps == ms and warrior)):
            return f"{self.name(a.m)} would not win the fight for you ({ps} vs {ms}) (card text)"
        return None

    def _why_chase(self, seat: int, a: Action) -> str | None:
        """A Cleric fighting (or helping) may chase away a monster whose card allows it
        (Wannabe Vampire / Almost-Vampire; core rules, 7. Help names it for a helping Priest)."""
        c = self.state.combat
        if c is None or c.stage == "run":
            return f"chase only during a fight, before running away ({R_HELP})"
        if seat != c.fighter and seat != c.helper:
            return "only the fighter or the helper chases a monster away"
        if not self.has_class(seat, "cleric"):
            return "only a Cleric chases this monster away (monster card)"
        if not (0 <= a.n < len(c.monsters)) or not self.specs[c.monsters[a.n]].effects.get("cleric_chase"):
            return "chase: n must be a monster a Cleric may chase away (monster card)"
        return None

    def _combat_card_candidates(self, seat: int, out: list) -> None:
        s = self.state
        c = s.combat
        p = s.players[seat]
        n = len(s.players)
        nm = len(c.monsters)
        kind = self._kind
        ccat = self._ccat
        inert = self._combat_inert
        for card in p.hand:
            if inert[card]:  # Items, Races, Classes: nothing to play in a combat from here
                continue
            k = kind[card]
            if k == "one_shot":
                t = ccat[card]
                if t == 1:
                    out += self._A_monsters(seat, card, nm)
                elif t == 2:
                    out += self._A_targets(seat, card)
                elif t == 3:
                    out += self._A_sides(seat, card)
            elif k == "monster_enhancer":
                out += self._A_monsters(seat, card, nm)
            elif k == "curse" or k == "go_up_a_level":
                out += self._A_targets(seat, card)
            elif k == "monster":
                if not self._joiner[card]:  # never legal: no joining tag (see _why_combat)
                    continue
                J = self._kc[seat]["join"]
                a = J.get(card)
                if a is None:
                    a = J[card] = self._A(seat, "join", card)
                out.append(a)
            elif k == "special":
                t = ccat[card]
                if t == 4:
                    for mon in p.hand:
                        if self._kind[mon] == "monster":
                            out.append(self._A(seat, "play", card, m=mon))
                elif t == 5:
                    out.append(self._A(seat, "play", card))
                elif t == 6:
                    for mon in p.hand:
                        if self._kind[mon] == "monster":
                            for i in range(nm):
                                out.append(self._A(seat, "play", card, n=i, m=mon))
                elif t == 7 and seat == c.fighter:
                    for t in range(n):
                        if t != seat:
                            for it in s.players[t].in_play():
                                out.append(self._A(seat, "play", card, t, m=it))
                elif self._steal_level[card]:
                    out += self._A_targets(seat, card)
        esc = self._escape
        for card in p.carried:
            if kind[card] == "one_shot" and not esc[card]:
                out += self._A_sides(seat, card)
        in_side = (seat == c.fighter or seat == c.helper) and p.classes
        if in_side and self.has_class(seat, "warrior"):
            for card in p.hand + p.in_play():
                out.append(self._A(seat, "berserk", card))
        if in_side and self.has_class(seat, "cleric"):
            for card in p.hand + p.in_play():
                out.append(self._A(seat, "turning", card))
        if p.classes and self.has_class(seat, "thief") and (p.hand or p.in_play()):
            card = (p.hand or p.in_play())[0]
            for t in (c.fighter, c.helper):
                if t >= 0 and t != seat:
                    out.append(self._A(seat, "backstab", card, t))

    def _why_combat(self, seat: int, a: Action) -> str | None:
        s = self.state
        c = s.combat
        p = s.players[seat]
        k = a.kind
        stage = c.stage
        if k == "play" and stage != "run":
            # the only rule for a card played outside the Run Away stage (same answer as the
            # checks below, which never match "play" before the last line)
            return self._why_play(seat, a, in_combat=True)
        if stage == "run":
            if k == "roll":
                if not (0 <= a.n < len(c.monsters)):
                    return "roll: n must be a monster of the combat"
                if a.n in c.rolled:
                    return f"one Run Away roll per monster ({R_RUN})"
                return None
            if k == "flight":
                if not self.has_class(seat, "wizard"):
                    return "only a Wizard has flight (Wizard class card)"
                if c.flight.get(seat, 0) >= 3:
                    return "flight: at most 3 cards (Wizard class card)"
                if c.rolled:
                    return "flight is used before the first Run Away roll"
                if a.card not in p.hand and a.card not in p.in_play():
                    return "discard a card of yours"
                return None
            if k == "play":
                if a.card in p.hand or a.card in p.carried:
                    if self.specs[a.card].effects.get("escape"):
                        return None
                    if self._anytime_card(a.card):
                        return self._why_anytime_play(seat, a)
                return f"while running away you only roll, use flight or an escape card ({R_RUN})"
            if k == "discard" and (a.card in p.races or a.card in p.classes):
                return None
            if k == "give":
                return self._why_give(seat, a)
            return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"
        if k == "give":
            return self._why_give(seat, a)
        if k == "equip" or k == "unequip":
            return self._why_equip(seat, a)
        if k in ("sell", "steal") or (k == "discard" and a.card not in p.races + p.classes):
            return f"no trading, selling, stealing or item changes during combat ({R_COMBAT})"
        if k == "discard":
            return None
        if k in ("kick", "loot", "trouble", "end_turn", "charity"):
            return f"finish the combat first ({R_PHASES}, phase 1)"
        if stage == "window":
            if k == "pass":
                return None
            if k == "offer_help":
                if c.helper >= 0:
                    return f"only one player may help ({R_HELP})"
                if not p.alive:
                    return f"a dead character cannot help ({R_DEATH})"
                if seat in c.asked:
                    return f"your help was already refused in this combat ({R_HELP})"
                if any(self.specs[m].effects.get("no_help") for m in c.monsters):
                    return "this monster may not be fought with help (monster card)"
                return None
            if k in ("fight", "run", "ask_help", "evade", "charm", "roll"):
                return f"only the fighter does that; others may play a card or pass ({R_COMBAT}: Interfering in Combat)"
        else:
            if k == "pass":
                return "the fighter declares victory (fight) or runs away (run)"
            if k == "offer_help":
                return "you are the fighter: ask_help instead"
            if k == "fight":
                mw = self._mw_cache[1] if self._mw_cache[0] == self._ver else self.munchkins_win()
                if not mw:
                    ps, ms = self.strengths()
                    return f"{ps} vs {ms}: you are not winning (ties go to the monster unless a Warrior fights) ({R_COMBAT})"
                return None
            if k == "run":
                mw = self._mw_cache[1] if self._mw_cache[0] == self._ver else self.munchkins_win()
                if mw:
                    return f"you are winning: declare victory ({R_COMBAT})"
                return None
            if k == "ask_help":
                if c.helper >= 0:
                    return f"only one player may help ({R_HELP})"
                if not (0 <= a.target < len(s.players)) or a.target == seat:
                    return "ask_help: t must be another player"
                if a.target in c.asked:
                    return f"{self._pn(a.target)} already refused this combat ({R_HELP})"
                if not s.players[a.target].alive:
                    return f"a dead character cannot help ({R_DEATH})"
                if any(self.specs[m].effects.get("no_help") for m in c.monsters):
                    return "this monster may not be fought with help (monster card)"
                if a.n < 0:
                    return "ask_help: n (Treasures offered) must be >= 0"
                for it in a.cards:
                    if it not in p.in_play():
                        return f"a bribe offers only items you have in play ({R_HELP})"
                return None
            if k == "evade":
                if not (0 <= a.n < len(c.monsters)):
                    return "evade: n must be a monster of the combat"
                me = self.specs[c.monsters[a.n]].effects
                if a.card >= 0:
                    if a.card not in p.hand and a.card not in p.in_play():
                        return "evade: a card of yours (hand or in play)"
                    words = me.get("evade_discard")
                    if words and self._kind[a.card] in ("item", "one_shot") and \
                            any(w in self._lnames[a.card] for w in words):
                        return None
                    need = me.get("bribe_gold")
                    if not need:
                        return f"{self.name(c.monsters[a.n])} is not escaped by giving up {self.name(a.card)} (monster card)"
                    if self._kind[a.card] != "item":
                        return "evade: buy it off with an item of yours"
                    if (self.specs[a.card].gold or 0) < need:
                        return f"it takes an item worth at least {need} Gold (monster card)"
                    return None
                atom = me.get("not_pursue")
                if not atom or not (all(self.matches(seat, x) for x in atom) if isinstance(atom, (list, tuple))
                                    else self.matches(seat, atom)):
                    return f"{self.name(c.monsters[a.n])} does pursue you (monster card)"
                return None
            if k == "chase":
                return self._why_chase(seat, a)
            if k == "charm":
                if not self.has_class(seat, "wizard"):
                    return "only a Wizard can charm (Wizard class card)"
                if not p.hand:
                    return f"charm discards your whole hand, and you have none ({R_STATS}: Class)"
                if not (0 <= a.n < len(c.monsters)):
                    return "charm: n must be a monster of the combat"
                return None
        in_side = seat == c.fighter or seat == c.helper
        if k == "berserk" or k == "turning":
            cls_ = "warrior" if k == "berserk" else "cleric"
            if not self.has_class(seat, cls_):
                return f"only a {cls_.title()} can do that ({cls_.title()} class card)"
            if not in_side:
                return "only a player fighting in this combat"
            used = (c.berserk if k == "berserk" else c.turning).get(seat, 0)
            if k == "berserk":
                used = used
            if used >= 3:
                return f"at most 3 cards once per combat ({R_HELP}; {cls_.title()} class card)"
            if k == "turning" and not any(self.specs[m].has_tag("undead") for m in c.monsters):
                return "turning works only against Undead (Cleric class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "discard a card of yours (hand or in play)"
            return None
        if k == "backstab":
            if not self.has_class(seat, "thief"):
                return "only a Thief can backstab (Thief class card)"
            if a.target not in (c.fighter, c.helper) or a.target < 0 or a.target == seat:
                return "backstab a player who fights in this combat"
            if [seat, a.target] in c.backstab:
                return "once per victim per combat (Thief class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "discard a card of yours"
            return None
        if k == "join":
            if a.card not in p.hand or self._kind[a.card] != "monster":
                return "join: a monster from your hand"
            tags = self.specs[a.card].tags & self.joining_tags
            if not tags or not any(self.specs[m].tags & tags for m in c.monsters):
                return f"only an Undead joins an Undead's combat without a Wandering Monster ({R_WHEN}: Undead Monsters)"
            return None
        if k == "play":
            return self._why_play(seat, a, in_combat=True)
        return f"'{k}' is not possible during combat ({R_COMBAT})"
