"""Combat (core rules, 7. Combat): strengths, the monsters in it, the fighter's decision
(declare victory or Run Away), the interference window, victory (its Treasures:
``rewards.py``), the end of a combat. Action kinds ``pass``, ``fight``, ``run``; candidate
generators ``_cand_window`` and ``_cand_fight`` (which also list the help asks and offers).
Help and bribes - ``ask_help``, ``offer_help``, the pending ``help`` and ``offer`` decisions
and the ``choose`` decision ``pick``: ``helping.py``. Cards and class powers in a combat:
``combat_cards.py``; Running Away: ``runaway.py``.
"""
from __future__ import annotations

from .actions import Action
from .kinds import charity_first, combat_only, running
from .refs import R_COMBAT
from .state import CombatState
from .tables import _NO_SLOT


#: the strengths memo before anything is remembered: [version, sides, win, treasures, seats]
#: (see :meth:`Combat._smemo_now`)
NO_SMEMO = (-1, None, None, None, None)
#: no fighter's list to carry over (see :meth:`Combat._carry_fight`)
NO_CARRY = (-1, ())


class Combat:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: combat (see the module docstring).

    **The strengths memo** (speed): ``player_strength``, ``strengths``, ``munchkins_win`` and
    ``treasure_count`` remember their answers for one state, ``Game._smemo`` = ``[version,
    (munchkin side, monster side), win, treasures, {seat: player strength, ("with", seat):
    munchkins_win_with, "few": its shortcut}]``, valid while
    ``Game._ver`` equals its version. The memo is read and written only between actions
    (``Game._sfree``: False while :meth:`Game.play` applies an action, and always False when a
    rules module hooks the strengths or the Treasures: ``Game._sfree_ok``), never while the
    card-effect language sums its continuous abilities (``_lx_depth``: a condition read then
    sees other numbers). Every action, undo, redo, roll-back, copy and :meth:`Game.begin`
    changes ``_ver`` (``_restored`` and the end of :meth:`Game.new` drop the memo), so a memo
    never outlives its state (code that edits the state between actions calls
    :meth:`Game.begin`, as the scenario runner does) - except across the
    actions :meth:`_keeps_strengths` names (a window ``pass`` that does not close it, a help
    request or offer, a refusal of help, a declaration that opens the window), which change
    nothing the strengths or the
    Treasures read: :meth:`Game.play` carries the memo over them to the new version."""

    def _smemo_now(self) -> list | None:
        """The strengths memo of the current state (a fresh one when the state changed), or
        None while an action applies or statics are summed (see the class docstring)."""
        if not self._sfree or self._lx_depth:
            return None
        m = self._smemo
        if m[0] != self._ver:
            m = self._smemo = [self._ver, None, None, None, {}]
        return m

    def _keeps_strengths(self, a: Action) -> bool:
        """``a`` (legal, about to be played by the seat that decides) changes nothing that the
        strengths, the winner of the fight or the Treasures read, and nothing else happens
        after it (no settling, no state-based check): a ``pass`` of the interference window
        that leaves someone in it, a help request or offer (a pending decision), a refusal of
        help (the combat's ``asked``), a declared Run Away or victory that opens a window (not
        the first declared victory of a combat when a card hears ``fight_declared`` or a
        card's condition may read ``fought``) - so the
        strengths memo carries over it
        (:meth:`Game.play`; the class docstring)."""
        s = self.state
        c = s.combat
        if c is None or s.corpses or self._sba_full or self._sba_seats or self._h_apply or \
                (c.helper >= 0 and not s.players[c.helper].alive):
            return False
        k = a.kind
        if s.pending:
            if k != "refuse" or len(s.pending) != 1:
                return False
            d = s.pending[0]
            return d["kind"] == "offer" or (d["kind"] == "help" and not d.get("backout"))
        st = c.stage
        if k == "pass":
            return st == "window" and len(c.window) > 1
        if k == "fight" or k == "run":
            # a declaration opens the window (intent, stage, window: read by no strength) when
            # someone else is alive to be in it; a fight declared for the first time in a
            # combat with the language may fire `fight_declared` and sets `fought`, which a
            # condition reads (Abilities._lang_fight_declared): not then, unless no card
            # hears that event and no card's condition reads `fought` (_lfought)
            if st != "fight" or not any(q.alive for i, q in enumerate(s.players) if i != c.fighter):
                return False
            return k == "run" or not self._lang or bool(s.lang and s.lang.get("fought")) or (
                not self._lfought and "fight_declared" not in self._lt)
        return (k == "ask_help" and st == "fight") or (k == "offer_help" and st == "window")

    def _carry_fight(self, a: Action) -> None:
        """The fighter's legal actions carried over a help request and its refusal (speed;
        :meth:`Game.play` calls this after either when :meth:`_keeps_strengths` let the
        strengths memo over it): the request only adds the pending decision, the refusal only
        takes it away and adds the refuser to the combat's ``asked``, which only the fighter's
        asks read (:meth:`_cand_fight`, :meth:`_rule_ask_target`) - so the fighter's list two
        actions later is the one before the request (``Game._flist``, of that very version,
        with the core rules alone: no module hook) less the asks of the refuser
        (``Game._fcarry``, for the version after the refusal; ``Game._fwait`` between the
        two). Every other action, undo, roll-back, copy and ``begin`` changes the version,
        so the list is never read for another state."""
        v = self._ver
        if a.kind == "ask_help":
            fl = self._flist
            if fl[0] == v - 1:
                self._fwait = (v, fl[1])
            return
        fw = self._fwait
        s = self.state
        if fw[0] == v - 1 and not s.pending and s.phase == "combat" and s.combat.stage == "fight":
            t = a.player
            self._fcarry = (v, tuple(x for x in fw[1] if x.kind != "ask_help" or x.target != t))

    def player_strength(self, seat: int) -> int:
        """Combat strength of one munchkin-side player: Level + items in use + a Hireling's
        bonus + class/race abilities + curses (+ module modifiers). May be negative (core
        rules, 8. Level)."""
        if self._sfree and not self._lx_depth:  # the strengths memo (class docstring)
            m = self._smemo
            if m[0] == self._ver:
                v = m[4].get(seat)
                if v is None:
                    v = m[4][seat] = self._player_strength(seat)
                return v
            m = self._smemo = [self._ver, None, None, None, {}]
            v = m[4][seat] = self._player_strength(seat)
            return v
        return self._player_strength(seat)

    def _lang_quiet(self, op: str) -> bool:
        """Every ``_lx(op, ...)`` of the current state adds 0: no lasting change is in force
        and no continuous ability using op ``op`` listens now (or statics are being summed, when
        they count nothing). A sum of several numbers (:meth:`strengths`) asks this once
        instead of per number."""
        return not self.state.ledger.entries and (op not in self._lstat or bool(self._lx_depth)
                                                  or not self._static_iter(op))

    def _player_strength(self, seat: int, lang: bool = True) -> int:
        """:meth:`player_strength`, computed (``lang=False``: the caller knows that the
        card-effect language adds nothing, :meth:`_lang_quiet`)."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        level_counts = items_count = True
        if c is not None:
            lnc = self._lvl_nc
            inc = self._items_nc
            lo = self._lvl_only
            alone = False
            for m in c.monsters:
                if lnc[m]:
                    level_counts = False
                if inc[m]:
                    items_count = False
                if lo[m]:
                    alone = True
            if alone:  # (Ghoulfiends: the Level and nothing else; :meth:`_level_only`)
                return p.level if level_counts else 0
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
            led = s.ledger.entries
            if led and any(e.name == "item_bonus" for e in led):
                plain = self._no_plain  # a lasting item_bonus: every item is asked (item_bonus)
            if only is None:
                for it in p.equipped:
                    b = plain[it]
                    total += b if b is not None else self.item_bonus(seat, it)
            else:
                slots = self._slots
                for it in p.equipped:
                    if slots[it] == only:
                        total += self.item_bonus(seat, it)
        if p.hireling >= 0:  # the Hireling's own bonus (Hireling card: +1)
            total += self._mbonus[p.hireling]
        if c is not None:
            total += c.berserk.get(seat, 0)
            if c.turning.get(seat) and any(self.monster_has_tag(m, "undead") for m in c.monsters):
                total += 3 * c.turning[seat]
            for thief, victim in c.backstab:
                if victim == seat:
                    total -= 2
        for mod in self._h_combat:
            total += mod.combat_modifier(self, seat)
        if lang and ("combat_strength" in self._lstat or self.state.ledger.entries):  # the card-effect language (abilities.py)
            total = self._lang_floored("combat_strength", ("player", seat), total)
        return total

    def monster_strength(self, i: int, lang: bool = True) -> int:
        """Strength of monster number ``i`` of the combat: Level + Monster Enhancers + its bonus
        against the fighter or helper (counted once) - core rules, 7. Combat: Help; times one
        more for each Mate. A monster's penalty against a Race or Class stays for a Half-Breed /
        Super Munchkin with that one card, its bonus does not (core rules, 10. Mixed Super
        Munchkin). ``lang=False``: the caller knows that the card-effect language adds nothing
        (:meth:`_lang_quiet`)."""
        c = self.state.combat
        m = c.monsters[i]
        total = self._mlevel[m]
        mate = 1
        if c.enh[i]:
            mb = self._mbonus
            ma = self._mate
            fl = self._floor_level
            floor = None
            for e in c.enh[i]:
                total += mb[e]
                if ma[e]:
                    mate += 1
                if fl[e] is not None:
                    floor = fl[e] if floor is None else max(floor, fl[e])
            if floor is not None:  # e.g. Baby: never below Level 1 (nor above the printed Level)
                total = max(total, min(floor, self._mlevel[m]))
        for cond in self._bonus_vs[m]:
            # a bonus for the monster is a disadvantage of the player's Race/Class (hidden by a
            # Super Munchkin / Half-Breed with one card); a penalty is an advantage (kept) -
            # core rules, 10. Mixed Super Munchkin
            against = cond["bonus"] > 0
            if self.matches(c.fighter, cond["if"], against, m) or (
                    c.helper >= 0 and self.matches(c.helper, cond["if"], against, m)):
                total += cond["bonus"]
        for mod in self._h_monster:
            total += mod.monster_modifier(self, i)
        if lang and ("combat_strength" in self._lstat or self.state.ledger.entries):  # the card-effect language
            total = self._lang_monster_strength(m, total)        # (abilities.py): a Level change, its floor
        return total * mate

    def _printed_kill_levels(self, i: int) -> int:
        """The Levels monster ``i`` of the combat gives when killed by its printed numbers:
        ``levels_gained`` (default 1) plus its ``extra_levels``, once more for each Mate on it
        (core rules, 7. Combat: Rewards; the Mate card) - without the conditional extras of
        :meth:`_resolve_win`."""
        c = self.state.combat
        return self._levels_of_kill(c.monsters[i], c.enh[i])

    def strengths(self) -> tuple[int, int]:
        """``(munchkin side, monster side)`` combat strengths of the current combat."""
        c = self.state.combat
        if c is None:
            return (0, 0)
        m = self._smemo_now()  # (the class docstring)
        if m is None:
            return self._strengths(c)
        r = m[1]
        if r is None:
            r = m[1] = self._strengths(c)
        return r

    def _strengths(self, c: CombatState) -> tuple[int, int]:
        """:meth:`strengths` of combat ``c`` (the current one), computed; the card-effect
        language's changes are looked for once for all its numbers (:meth:`_lang_quiet`)."""
        lang = not self._lang_quiet("combat_strength")
        mside = c.mbonus
        ms = self.monster_strength
        for i in range(len(c.monsters)):
            mside += ms(i, lang)
        ps = self._player_strength
        pside = ps(c.fighter, lang)
        alone = self._level_only(c)  # the Levels alone: nothing for the side (Ghoulfiends)
        # (no One-Shot played, no double, no side bonus, no lasting change: the One-Shots add 0)
        if not alone and (c.used or c.perplayer or c.pbonus or self.state.ledger.entries):
            pside += self._one_shots_for_munchkins(c, lang)
        if lang:  # the language: the sides' changes
            if not alone:
                pside += self._lx("combat_strength", ("side", "munchkins"))
            mside += self._lx("combat_strength", ("side", "monsters"))
        if c.helper >= 0:
            pside += ps(c.helper, lang)
        return pside, mside

    def munchkins_win(self) -> bool:
        """Munchkin side strictly stronger, or equal with a Warrior on that side (core rules,
        7. Combat: ties go to the monster; Help: a Warrior wins ties even when helping)."""
        c = self.state.combat
        if c is None or not c.monsters:
            return False
        m = self._smemo_now()  # (the class docstring)
        if m is None:
            ps, ms = self._strengths(c)
            return ps > ms or (ps == ms and self._ties_to_munchkins())
        w = m[2]
        if w is None:
            r = m[1]
            if r is None:
                r = m[1] = self._strengths(c)
            ps, ms = r
            w = m[2] = ps > ms or (ps == ms and self._ties_to_munchkins())
        return w

    def _ties_to_munchkins(self) -> bool:
        """A Warrior fights on the munchkin side (fighter or helper): a tie goes to the
        munchkins (core rules, 7. Combat: Help; Warrior class card)."""
        c = self.state.combat
        if ("wins_ties" in self._lstat or self.state.ledger.entries) and \
                any(q >= 0 and self._static_has(("player", q), "wins_ties") for q in (c.fighter, c.helper)):
            return True
        return self._holds(c.fighter, "wins_ties") or (c.helper >= 0 and self._holds(c.helper, "wins_ties"))

    def strength_needed(self) -> int | None:
        """The combat strength the munchkin side still needs to win the current combat: 0 or
        less when it wins now (:meth:`munchkins_win`; a tie goes to the monsters unless a
        Warrior is on the munchkin side - core rules, 7. Combat). None with no combat or no
        monster in it."""
        c = self.state.combat
        if c is None or not c.monsters:
            return None
        ps, ms = self.strengths()
        need = ms - ps + (0 if self._ties_to_munchkins() else 1)
        m = self._smemo_now()
        if m is not None:
            m[2] = need <= 0  # munchkins_win() of this very state
        return need

    def treasure_count(self) -> int:
        """Treasures the current combat gives if won: per monster its printed count plus its
        Monster Enhancers', conditional extras (matching the fighter or the helper) and module
        modifiers (never below 0), times one
        more for each Mate on it; plus the combat's extra Treasures and those a monster left
        behind (Pollymorph Potion) (core rules, 7. Combat: Rewards; Monster Enhancers).
        Requires a combat in progress."""
        m = self._smemo_now()  # (the class docstring)
        if m is None:
            return self._treasure_count()
        t = m[3]
        if t is None:
            t = m[3] = self._treasure_count()
        return t

    def _treasure_count(self) -> int:
        """:meth:`treasure_count`, computed."""
        c = self.state.combat
        total = 0
        for i, m in enumerate(c.monsters):
            sp = self.specs[m]
            t = sp.treasures or 0
            mate = 1
            floor = None
            for e in c.enh[i]:
                es = self._fx[e]
                t += es.get("treasures", 0)
                if es.get("mate"):
                    mate += 1
                f = es.get("min_treasures")
                if f is not None:
                    floor = f if floor is None else max(floor, f)
            if floor is not None:
                # e.g. Baby: the monster's own Treasures with its enhancers stay at least 1
                # (never more than printed); what the monster gives a player on top (an Elf's
                # extra Treasure from the Potted Plant) comes after (Baby card: -1 Treasure,
                # minimum 1)
                t = max(t, min(floor, sp.treasures or 0))
            for cond in self._fx[m].get("extra_treasures", ()):
                # a monster's ability reaches the fighter and the helper alike (core rules,
                # 7. Help): e.g. the Potted Plant's extra Treasure when an Elf helps
                if self.matches(c.fighter, cond["if"]) or (c.helper >= 0 and self.matches(c.helper, cond["if"])):
                    t += cond["count"]
            for mod in self._h_treasure:
                t += mod.treasure_modifier(self, i)
            if "treasures" in self._lstat or self.state.ledger.entries:  # the card-effect language: Treasure
                t = self._lang_treasures(m, t)                 # changes and their floor
            total += max(0, t) * mate
        return total + c.extra_treasures + c.stay_treasures

    def _start_combat(self, seat: int, monster: int) -> None:
        s = self.state
        s.phase = "combat"
        s.combat = CombatState(seat, monster)
        self._monster_arrives(monster)

    def _monster_arrives(self, m: int) -> None:
        """A manual monster (a special the vocabulary cannot express) queues a ResolveByHand
        decision for the fighter as it enters the combat; its data parts still apply.
        Its ``enters_combat`` abilities (``on_meet`` ops) hit the fighter as it enters (e.g.
        discard an item first) and, when it joins a fight that has a helper already (a
        Wandering Monster, an Undead joining), the helper too, as a helper who joins later
        meets it (:meth:`_helper_meets`; core rules, 7. Help: a monster's special abilities
        work against the helper too); then those of the other cards that hear it."""
        c = self.state.combat
        fighter = c.fighter
        if self.specs[m].manual and not any(x.resolves_manual(self, m) for x in self._h_rman):
            self._push_manual(fighter, m, discard=False)
        run = self._lrun[m]
        if run and "enters_combat" in run:  # the monster's own (on_meet)
            if self.history:  # (its own event is quiet; nobody else says what it did)
                self._say_begin(m)
            self._lang_fire_card("enters_combat", m, -1, fighter, m, own=True)
            if self.history:
                self._say_end()
            if c.helper >= 0 and self.state.combat is c and m in c.monsters:
                self._own_ops_on(m, "enters_combat", c.helper)
        if "enters_combat" in self._lt:
            self._lang_fire("enters_combat", self.state.combat.fighter, m)

    def _add_monster(self, m: int) -> None:
        """Monster ``m`` joins the combat (Wandering Monster, joining by its tag, Illusion, a
        card of the language). In the window after a Run Away was declared, the fighter gets
        the decision back when the window closes (``intent`` "rethink", :meth:`_window_done`):
        it is a new fight, to face with help, cards or a new Run Away (core rules, 7. Multiple
        Monsters: fight them all or run from them all; the rulebook is silent on a monster
        joining a declared Run Away - the reading most players take, as for a victory spoiled
        by interference)."""
        c = self.state.combat
        if c.stage == "window" and c.intent == "run":
            c.intent = "rethink"
        c.monsters.append(m)
        c.enh.append([])
        self._monster_arrives(m)

    def _remove_monster(self, i: int, kept: bool = False, slain: bool = False) -> None:
        """Monster ``i`` leaves the combat before its end, sent away by a card or an ability:
        discarded with its enhancers; the rules modules hear it (``on_monster_left``: e.g. a
        Sparkly Good Fairy slain by a card gives her Fairy Dust, Fairy Dust rules;
        ``kept``: its Treasures stay in the reward, :meth:`_remove_monster_keeping`; ``slain``:
        killed by a card, the language's ``slay``)."""
        m = self._drop_monster(i)
        for mod in self._h_mleft:
            mod.on_monster_left(self, m, kept, slain)

    def _drop_monster(self, i: int) -> int:
        """Discard monster ``i`` of the combat and its enhancers (the end of a combat, or
        :meth:`_remove_monster`); returns the monster. A Run Away goes on against the rest:
        the rolls already made keep pointing at their monsters (``CombatState.rolled``)."""
        c = self.state.combat
        m = c.monsters.pop(i)
        enh = c.enh.pop(i)
        if c.rolled:
            c.rolled = [j - (j > i) for j in c.rolled if j != i]
        self._discard(m)  # (the changes on it and its enhancers end there: Zones._discard)
        for e in enh:
            self._discard(e)
        return m

    def _remove_monster_keeping(self, i: int, slain: bool = False) -> None:
        """Monster ``i`` leaves the combat and its Treasures, as the combat counts them now (its
        Monster Enhancers', a Mate's), stay in the reward: a Wizard's charm, a Cleric's chase,
        a card that makes it leave but keeps them (core rules, 7. Combat: Rewards; the Class
        cards: "take its Treasure, no Level")."""
        c = self.state.combat
        before = self.treasure_count()
        self._remove_monster(i, kept=True, slain=slain)
        c.extra_treasures += before - self.treasure_count()

    def _after_monster_removed(self, loot: bool = False) -> None:
        """The last monster left the combat by a card or an ability (charm, evading, Magic
        Lamp, Pollymorph Potion, Out To Lunch, a Cleric's chase): the combat does not close at
        once - the others still get their interference window before its rewards (core rules,
        6. When You May Act; 7. Combat: wait for the others to react; the official FAQ: a
        Wandering Monster may still come). When everybody passed with no monster back, the
        combat ends (its Treasures, if any, drawn by the fighter); a monster that came in the
        window is the fighter's to face (:meth:`_window_done`). While running away, or with
        nobody else alive, the combat ends at once. ``loot``: the card that emptied it lets the
        fighter still Loot the Room afterwards (Friendship Potion: ``loot_room``)."""
        s = self.state
        c = s.combat
        if c.monsters:
            return
        if c.stage == "run":
            self._end_combat(won=False, empty=True, loot=loot)
            return
        c.intent = "loot" if loot or c.intent == "loot" else "empty"
        if c.stage != "window":
            n = len(s.players)
            c.stage = "window"
            c.window = [(c.fighter + i) % n for i in range(1, n) if s.players[(c.fighter + i) % n].alive]
            if self.history: self._say("No monster is left: the others may still react before the combat closes.")
        if not c.window:
            self._end_combat(won=False, empty=True, loot=c.intent == "loot")

    def _window_done(self, win: bool | None = None) -> None:
        """Everybody passed (core rules, 7. Combat: wait for the others to react). A declared
        victory that still stands kills the monsters; a victory undone by interference, a Run
        Away that became a winning fight, or a Run Away a monster joined (:meth:`_add_monster`)
        returns the decision to the fighter; otherwise the Run Away rolls begin. ``win``:
        :meth:`munchkins_win` of this position when the caller knows it (the last ``pass``:
        the strengths memo of the position before it, :meth:`_pre_win`)."""
        c = self.state.combat
        if c.intent == "rethink":  # a monster joined the declared Run Away: decide again
            c.stage = "fight"
            c.intent = ""
            return
        if c.intent == "empty" or c.intent == "loot":  # the monsters had gone (a card): rewards, or a new monster
            if c.monsters:
                c.stage = "fight"
                c.intent = ""
            else:
                self._won_empty()
            return
        winning = self.munchkins_win() if win is None else win
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
            mate = 1 + sum(1 for e in c.enh[i] if self._mate[e])
            fx = self._fx[m]
            extra = fx.get("extra_levels", 0)
            words = fx.get("extra_level_with")
            if words:
                # e.g. Large Angry Chicken: one more Level when killed with fire (the winning side's)
                used = [u for u in c.used if u not in c.for_monsters]
                for q in (fighter, helper):
                    if q >= 0:
                        used += [it for it in s.players[q].equipped if self.can_use(q, it)]
                if any(w in self._lnames[u] for u in used for w in words):
                    extra += 1
            if fx.get("extra_level_bare") and helper < 0 and set(c.used) <= set(c.for_monsters) \
                    and not c.pbonus and self.player_strength(fighter) == s.players[fighter].level:
                # e.g. Pukachu: one more Level when beaten alone on the bare Level (no One-Shot of theirs)
                extra += 1
            if "levels_won" in self._lstat or self.state.ledger.entries:
                extra += self._lx("levels_won", ("monster", m))
            levels += ((sp.levels_gained or 1) + extra) * mate
        # monsters killed: each Mate is one more monster (Mate card; the Elf's Level per monster)
        nkilled = c.slain_kills  # (and those a card slew earlier: slain_levels below)
        mates = self._mate
        for i in range(len(c.monsters)):
            nkilled += 1
            for e in c.enh[i]:
                if mates[e]:
                    nkilled += 1
        if "combat_won" in self._lt:
            self._lang_fire("combat_won", fighter)
            if s.combat is not c or not c.monsters:
                return
        tcount = self.treasure_count()
        # strengths only feed the log line (module hooks may keep state: then as before)
        if self.history or self._h_combat or self._h_monster:
            ps, ms = self.strengths()
        if self.history: self._say(f"{self._pn(fighter)}{' and ' + self._pn(helper) if helper >= 0 else ''} "
                  f"{'kill' if helper >= 0 else 'kills'} {', '.join(self.name(m) for m in c.monsters)} ({ps} vs {ms}).")
        for mod in self._h_won:  # (after the kill line: what the win earns, e.g. a helper's Fairy Dust)
            mod.on_combat_won(self, fighter, helper, list(c.monsters))
        self._pay_owed()  # (what was won before a card moved the fight: first, official FAQ)
        self._kill_levels_to(fighter, helper, levels + c.slain_levels, nkilled)
        c.forced_help = False  # the fight is won: nothing left to back out of (_backout_check)
        if tcount and c.used:
            # the reward comes once the combat is over (core rules, Card Text and These Rules,
            # 3), its One-Shots discarded by then (7. Combat), as when a card empties it
            # (_end_combat): a reshuffle or a Cleric's resurrection for the reward finds them.
            # (Where a card of the effect language listens for the combat's end, they all stay
            # on the table till then: what it hears is the combat as it was.)
            if "combat_end" not in self._lt:
                for u in c.used:
                    self._discard(u)
                c.used = []
        if helper >= 0 and tcount and self._resurrect_t_offer(fighter, tcount):
            return  # a Cleric decides first: the rest waits in _win_treasures (turn.py)
        self._win_treasures([t for t in (self._draw("treasure") for _ in range(tcount)) if t >= 0])

    def _end_combat(self, won: bool, empty: bool = False, loot: bool = False) -> None:
        """Close the combat: ``won`` (the monsters were defeated: rewards already given),
        ``empty`` (every monster left by a card or an ability: the fighter draws the extra
        Treasures and those a monster left behind - face down alone; with a helper face up
        and shared by the bribe, :meth:`_reward_treasures`; a Run Away from the rest loses them
        all, core rules, 7. Multiple Monsters), ``loot`` (Friendship Potion: the fighter may
        still Loot the Room; and after a Transferral Potion: :meth:`_may_loot_after`)."""
        s = self.state
        c = s.combat
        if c.owed:  # rewards won before a card moved the fight (CombatCards._pay_owed)
            self._pay_owed()
        # every card still in the combat hears its end before a rules module tidies the table
        # (a lost fight's monsters and enhancers into the room, the Sparkly Good Fairy back
        # among the Doors): they were in the combat when it ended
        if "combat_end" in self._lt:
            self._lang_fire("combat_end", c.fighter)
        for mod in self._h_end:
            mod.on_combat_end(self, c.fighter, c.helper, won)
        mons = list(c.monsters) if self._lang else ()
        for i in range(len(c.monsters) - 1, -1, -1):
            self._drop_monster(i)
        for u in c.used:
            self._discard(u)
        c.used = []
        for q in (c.fighter, c.helper):
            if q >= 0:
                self._spend_combat_curses(q)
        if c.helper >= 0 and c.bribe_items:
            fp = s.players[c.fighter]
            for it in c.bribe_items:
                if it in fp.in_play() and s.players[c.helper].alive:
                    self._remove_from_play(c.fighter, it)
                    self._sba_seats.add(c.helper)
                    s.players[c.helper].carried.append(it)
        # a monster got rid of by a card or an ability (charm, chase, evading for a Treasure,
        # a parrot) leaves its Treasures (a slain one its Levels too) to a combat that ends with
        # no monster left; a Run Away from the rest loses them (core rules, 7. Multiple
        # Monsters). Alone drawn face down; helped, the helped side's reward (7. Combat: still a
        # victory; Rewards: face up when helped; Help: the bribe), drawn once the combat has
        # closed, a Cleric fighter first asked to resurrect them (``resurrect_t`` ``closed``)
        extra = c.extra_treasures + c.stay_treasures if empty else 0
        helped = None
        if empty and not won and c.slain_kills and s.players[c.fighter].alive:  # monsters a card slew
            self._kill_levels_to(c.fighter, c.helper, c.slain_levels, c.slain_kills)
        if extra and s.players[c.fighter].alive and not won:
            if c.helper >= 0 and s.players[c.helper].alive:
                helped = (c.fighter, c.helper, c.bribe_n, c.bribe_first)
            else:  # (alone, or the helper died: face down, one by one - a Hoard! drawn acts at once)
                drawn = []
                for _ in range(extra):
                    t = self._draw("treasure")
                    if t >= 0:
                        drawn.append(t)
                        self._to_hand(c.fighter, t)
                self._say_treasures(c.fighter, -1, 0, drawn)
        s.phase = "trouble" if self._may_loot_after(c, loot) else "end"
        s.combat = None
        if s.pending:  # a question about help in this combat ends with it
            s.pending[:] = [d for d in s.pending if d["kind"] != "help" and d["kind"] != "offer"]
        s.last_combat_turn = s.turn
        if self._lang:  # lasting changes of this combat end (abilities.py)
            self._lang_combat_ended(c.fighter, c.helper, mons)
        # keep a reference for _resolve_win's bribe handling
        self._last_combat = c
        if helped is not None and not self._resurrect_t_offer(helped[0], extra, closed=helped):
            # (a Cleric fighter is asked first: the rest waits in turn.py's _resurrect_t_done)
            self._reward_treasures(*helped, [t for t in (self._draw("treasure") for _ in range(extra)) if t >= 0])

    def _spend_combat_curses(self, q: int) -> None:
        """The Curses of player ``q`` that last for their next combat (short forms
        ``next_combat``, ``only_slot``: Change Sex, Malign Mirror) are spent: ``q`` has fought
        or helped in a combat that is now over for them - it ended, or they left it while it
        goes on (a card made another player the fighter, a helper sent out or backing out:
        ``CombatCards._left_combat``) - so they are discarded (core rules, 10. Curses: a Curse
        for the next combat lasts until then, and counts in a combat it is played during)."""
        qp = self.state.players[q]
        fx = self._fx
        for cu in qp.curses[:]:
            ce = fx[cu]
            if ce.get("next_combat") or ce.get("only_slot"):
                self._leave_play(q, cu)
                self._discard(cu)

    def _end_all_monsters(self, fighter: int, draw: int, loot: bool = False) -> None:
        """Every monster leaves the combat (Out To Lunch, Friendship Potion...); the card's own
        ``draw`` Treasures go to ``fighter`` at once, face down, even in a helped fight (card
        text: the fighter draws them; they are the card's, not the monsters' Treasures a
        helper's bribe shares, core rules, 7. Help); the combat itself closes after the window
        (:meth:`_after_monster_removed`); ``loot``: the fighter may then still Loot the Room
        (Friendship Potion)."""
        s = self.state
        cb = s.combat
        for i in range(len(cb.monsters) - 1, -1, -1):
            self._remove_monster(i)
        got = 0
        for _ in range(draw):
            t = self._draw("treasure")
            if t >= 0:
                self._to_hand(fighter, t)
                got += 1
        if got and self.history:
            self._say(f"{self._pn(fighter)} draws {got} Treasure{'s' if got > 1 else ''} face down.")
        self._after_monster_removed(loot)

    # ------------------------------------------------------------------ candidates
    def _cand_window(self, seat: int, ok: bool, out: list) -> None:
        """A player of the interference window: ``pass``, then an offer of help."""
        S = self._simple[seat]
        out.append(S["pass"])
        if self.state.combat.helper < 0 and (not ok or self._rule_offer_help(seat) is None):
            out.append(S["offer_help"])

    def _cand_fight(self, seat: int, ok: bool, out: list) -> None:
        """The fighter: ``fight`` when winning, else ``run``; a help request to each other
        player (with no bribe, then with every Treasure, the helper picking first); then the
        ways to be rid of each monster (:meth:`_cand_monster_moves`)."""
        s = self.state
        c = s.combat
        S = self._simple[seat]
        w = self.munchkins_win()
        out.append(S["fight"] if w else S["run"])
        if c.helper < 0 and (not ok or self._why_helpless() is None):
            asked = c.asked
            players = s.players
            asks = None  # (the Treasures are counted only when somebody may be asked)
            for t in range(len(players)):
                # (_rule_ask_target, inline: another seat, not turned down, alive)
                if t != seat and (not ok or (t not in asked and players[t].alive)):
                    if asks is None:
                        tot = self.treasure_count()
                        key = (seat, "ask_help", tot)
                        asks = self._tcache.get(key)
                        if asks is None:  # per target: (plain request, request with the bribe)
                            A = self._A
                            asks = self._tcache[key] = tuple(
                                (A(seat, "ask_help", target=q), A(seat, "ask_help", target=q, n=tot, m=1) if tot else None)
                                for q in range(len(s.players)))
                    plain, bribe = asks[t]
                    out.append(plain)
                    if bribe is not None:
                        out.append(bribe)
        self._cand_monster_moves(seat, ok, out)

    # ------------------------------------------------------------------ pass
    def _why_pass(self, seat: int, a: Action) -> str | None:
        """``pass`` ends a player's part of the setup window or of the interference window
        (core rules, 4.; 7. Interfering in Combat)."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return None
        if ph == "charity":
            return charity_first()
        if ph != "combat":
            return combat_only("pass")
        st = s.combat.stage
        if st == "window":
            return None
        if st == "run":
            return running()
        return "the fighter declares victory (fight) or runs away (run)"

    def _do_pass(self, seat: int, a: Action) -> None:
        if self.state.phase == "setup":
            self._setup_pass(seat)
            return
        c = self.state.combat
        c.window.pop(0)
        if not c.window:
            self._window_done(self._pre_win())

    def _pre_win(self) -> bool | None:
        """:meth:`munchkins_win` of the position before the action that applies now, as the
        strengths memo holds it (None when it does not): the caller (the last ``pass`` of the
        window) has changed nothing it reads since (the class docstring)."""
        m = self._smemo
        if m[0] == self._ver - 1 and not self._h_apply and m[2] is not None and not self._lx_depth:
            return m[2]
        return None

    # ------------------------------------------------------------------ the fighter's decision
    def _why_fight(self, seat: int, a: Action) -> str | None:
        """``fight`` (declare victory) only when the munchkin side wins, ``run`` only when it
        does not (core rules, 7. Combat: ties go to the monster unless a Warrior fights)."""
        r = self._why_in_fight(a.kind, True)
        if r is not None:
            return r
        mw = self.munchkins_win()
        if a.kind == "fight":
            if not mw:
                ps, ms = self.strengths()
                return f"{ps} vs {ms}: you are not winning (ties go to the monster unless a Warrior fights) ({R_COMBAT})"
            return None
        if mw:
            return f"you are winning: declare victory ({R_COMBAT})"
        return None

    def _do_fight(self, seat: int, a: Action) -> None:
        """Declaring victory or Running Away opens the interference window: every other
        living player in seat order after the fighter may play cards, offer help or pass."""
        s = self.state
        c = s.combat
        k = a.kind
        n = len(s.players)
        if k == "fight" and self._lang and self._lang_fight_declared(seat):
            return  # the declared fight changed the combat (e.g. cards came in): decide again
        c.intent = "win" if k == "fight" else "run"
        c.stage = "window"
        c.window = [(c.fighter + i) % n for i in range(1, n) if s.players[(c.fighter + i) % n].alive]
        # strengths only feed the log line (module hooks may keep state: then as before)
        if self.history or self._h_combat or self._h_monster:
            ps, ms = self.strengths()
            if self.history: self._say(f"{s.players[seat].name} {'declares victory' if k == 'fight' else 'is about to Run Away'}, {ps} vs {ms}.")
        if not c.window:
            self._window_done()
