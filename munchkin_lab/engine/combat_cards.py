"""What players do in a combat besides declaring victory or running (core rules, 7. Combat;
10. When to Play Cards; the Class cards): cards played into the fight, class powers
(Berserking, Turning, Backstab), monsters joining, another player made the fighter by a card
(``_make_fighter``), and the fighter's ways to be rid of a monster (evading one that does not
pursue, a Wizard's charm, a Cleric's chase). Action kinds
``evade``, ``charm``, ``chase``, ``berserk``, ``turning``, ``backstab``, ``join``; candidate
generators ``_cand_monster_moves`` (the fighter, per monster) and ``_cand_combat_cards``.
"""
from __future__ import annotations

from ..plural import plural
from .actions import Action
from .character import POWER_NAMES
from .kinds import charity_first, combat_only, fighter_only, running, setup_only
from .lang_compile import CHARM_HAND
from .lang.program import walk_ops
from .refs import R_COMBAT, R_HELP, R_STATS, R_WHEN

#: The card-effect language's ops that change the fight itself - its strengths and what they
#: count, who fights, its monsters, what a win brings: an ability doing one of them goes into a
#: combat only at a moment of the fight (:meth:`CombatCards._combat_moment`), as Berserking
#: does. The others stay open while running away: the Run Away roll and its modifiers, an
#: escape, Levels (a Go Up a Level), cards.
FIGHT_OPS = frozenset((
    "combat_strength", "treasures", "levels_won", "item_bonus", "grant_tag", "remove_tag",
    "no_help", "items_dont_count", "level_doesnt_count", "level_only", "counts_twice",
    "strength_twice", "wins_ties", "must_help", "compel_help", "lowest_strength_excludes_one_shots",
    "add_monster", "swap_monster", "leave_combat", "slay", "add_doors", "end_combat",
    "transfer_fighter", "take_item"))


class CombatCards:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: cards and class powers in a combat
    (see the module docstring)."""

    # ------------------------------------------------------------------ the share of a helper
    def _why_bribe(self, seat: int, a: Action) -> str | None:
        """The share named by a help request (``ask_help``) or an offer of help (``offer_help``),
        refused rather than read another way (core rules, 7. Help: the fighter may offer any
        number of the monster's Treasures and Items in play; sharing Treasures, who picks first
        is agreed): ``n`` from 0 to the Treasures the combat gives now (:meth:`treasure_count`;
        the rulebook is silent on a share above the count: refused, as most players would - it
        is no number of the monster's Treasures; should the count drop later, the helper gets
        what there is); ``m`` 1 when the helper
        picks first, 0 (or -1, unset) when the fighter does - picking first needs a share;
        ``cards`` Items the fighter has in play, and only in a request (an offer asks for
        Treasures)."""
        tot = self.treasure_count()
        if not 0 <= a.n <= tot:
            return (f"a share of {plural(a.n, 'Treasure')} is not possible: the combat gives "
                    f"{plural(tot, 'Treasure')} now, so a share is 0 to {tot} ({R_HELP})")
        if a.m not in (-1, 0, 1):
            return f"who picks first is m=1 (the helper) or m=0 (the fighter), not m={a.m} ({R_HELP})"
        if a.m == 1 and not a.n:
            return f"the helper picks first only from a share of Treasures: name one (n) ({R_HELP})"
        if a.kind == "offer_help":
            return f"an offer of help asks for Treasures only, no cards ({R_HELP})" if a.cards else None
        p = self.state.players[seat]
        for it in a.cards:
            if it not in p.in_play():
                return f"a bribe offers only items you have in play ({R_HELP})"
        return None

    def munchkins_win_with(self, helper: int) -> bool:
        """Would the munchkin side win the current combat with player ``helper`` as its
        helper: their combat strength added, the monsters' bonuses against them counted once,
        a Warrior's tie (core rules, 7. Combat: Help; :meth:`munchkins_win`). A question for
        bots and tools, not a rule check: whether that help may be asked or offered is
        :meth:`why_not`'s. With a helper in the combat already, ``helper`` that player or the
        fighter: :meth:`munchkins_win`. False with no combat or no monster in it. Where the
        helper changes only their own strength and the monsters' bonuses against them
        (:meth:`_helper_terms_few`) it is read off the strengths of the position, those
        monsters' strengths asked again with the helper in; else the strengths are computed
        with the helper in (:meth:`_win_with_helper_in`); the answer is kept in the strengths
        memo (its ``("with", seat)`` entry, :class:`~munchkin_lab.engine.combat.Combat`)."""
        c = self.state.combat
        if c is None or not c.monsters:
            return False
        if c.helper >= 0 or helper == c.fighter or not 0 <= helper < len(self.state.players):
            return self.munchkins_win()
        m = self._smemo_now()
        if m is None:
            return self._win_with_helper_in(helper)
        key = ("with", helper)
        memo = m[4]
        w = memo.get(key)
        if w is None:
            few = memo.get("few")
            if few is None:  # (once per position: the monsters with a bonus against someone)
                few = memo["few"] = self._helper_terms_few(c) or False
            if few:
                vs, ms_vs = few
                ps, ms = self.strengths()
                ps += self.player_strength(helper)
                if vs:
                    ms -= ms_vs
                    c.helper = helper
                    try:
                        for i in vs:
                            ms += self.monster_strength(i, False)
                    finally:
                        c.helper = -1
                w = ps > ms or (ps == ms and (self._ties_to_munchkins() or self._holds(helper, "wins_ties")))
            else:
                w = self._win_with_helper_in(helper)
            memo[key] = w
        return w

    def _helper_terms_few(self, c) -> tuple | None:
        """``(monsters, their strength)`` when a helper would change the strengths of combat
        ``c`` by their own combat strength and the bonuses against them of those monsters
        (indices: the ones with a bonus against a Race, Class or sex) alone, and a tie by their
        own Warrior's power: no One-Shot counted per matching player nor a lone fighter's
        double (:meth:`_one_shots_for_munchkins`), no change of the card-effect language to a
        strength or to who wins ties (the terms of :meth:`Combat._strengths` that read the
        helper; rules modules that change strengths leave the strengths memo off). Else
        None."""
        if c.perplayer or self.state.ledger.entries or "wins_ties" in self._lstat \
                or not self._lang_quiet("combat_strength"):
            return None
        bp = self._bonus_per
        for u in c.used:
            if bp[u]:
                return None
        bv = self._bonus_vs
        vs = tuple(i for i, mon in enumerate(c.monsters) if bv[mon])
        return vs, sum(self.monster_strength(i, False) for i in vs)

    def _win_with_helper_in(self, helper: int) -> bool:
        """:meth:`munchkins_win_with` computed: the strengths with ``helper`` in the combat for
        the time of the sum (no helper in the combat now), the memo left alone."""
        c = self.state.combat
        sfree = self._sfree
        self._sfree = False  # (the strengths memo holds the position as it is)
        c.helper = helper
        try:
            ps, ms = self._strengths(c)
            return ps > ms or (ps == ms and self._ties_to_munchkins())
        finally:
            c.helper = -1
            self._sfree = sfree

    # ------------------------------------------------------------------ stage gates
    def _why_in_fight(self, k: str, fighter: bool) -> str | None:
        """The refusal of a combat kind outside a fight or interference window (``fighter``:
        a kind of the fighter alone, refused to the window's players); None when allowed."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "charity":
            return charity_first()
        if ph != "combat":
            return combat_only(k)
        st = s.combat.stage
        if st == "run":
            return running()
        if fighter and st == "window":
            return fighter_only()
        return None

    # ------------------------------------------------------------------ any moment of a fight
    def _combat_moment(self) -> bool:
        """Is this a moment at which a player, while another one decides, may put cards and
        powers into the combat: a fight (the fighter deciding) or an interference window,
        never while running away (core rules, 10. When to Play Cards: Monster Enhancers "by
        any player during any combat"; 7. Interfering in Combat: single-use cards, a
        Wandering Monster, a Thief's backstab; 7. Help: a helping Warrior's Berserking).
        The window still gives everyone a last turn to react after a declaration; this is
        the rest of the combat. The kinds' own checks decide the rest.

        The one home of when the fight is over for those cards (refusal:
        :func:`~munchkin_lab.engine.kinds.run_closed`). A declared Run Away is a declaration like a victory: the
        others may still react to it in its window - a Monster Enhancer (a Mate's -1 to run
        counts), a Wandering Monster (the fighter then decides again), a card that turns
        the fight. Once the window closed and the Run Away rolls begin, the fight is
        decided: no Monster Enhancer, One-Shot for a side or Wandering Monster, between the
        rolls against two monsters either (core rules, 7. Running Away: the runners roll,
        each monster catches or not; 6. When You May Act lists what stays open then - a
        Race or Class discarded, a Go Up a Level, a Hireling, a Curse). The rulebook does not
        say when "any combat" stops for enhancers; this is the reading most players take
        (a monster's strength no longer matters once the die is rolled)."""
        s = self.state
        c = s.combat
        return s.phase == "combat" and c is not None and (c.stage == "fight" or c.stage == "window")

    def _why_fight_closed(self, ops) -> str | None:
        """Why an ability doing ``ops`` (a ``use`` ability, a played mode) may not act now: one
        of them changes the fight (:data:`FIGHT_OPS`) and the combat is past its moments
        (:meth:`_combat_moment`: the Run Away rolls began) - the refusal Berserking gets
        (:func:`~munchkin_lab.engine.kinds.running`; core rules, 7. Running Away). None when
        allowed (no combat, a moment of the fight, or no such op)."""
        c = self.state.combat
        if c is None or self._combat_moment():
            return None
        for op in walk_ops(ops):
            if op.name in FIGHT_OPS:
                return running()
        return None

    def _combat_card(self, seat: int, c: int) -> bool:
        """Card ``c`` is one ``seat`` puts into a combat from the hand (or a One-Shot carried on
        the table): a One-Shot, a Monster Enhancer, or a Special that is not a Half-Breed or
        Super Munchkin (a Wandering Monster, Illusion...). Their checks (``_why_play``, in a
        combat) say whether the play is legal now."""
        if c < 0:
            return False
        k = self._kind[c]
        p = self.state.players[seat]
        if k == "one_shot":
            return c in p.hand or c in p.carried
        return (k == "monster_enhancer" or (k == "special" and not self._char_special(c))) and c in p.hand

    def _combat_play_ok(self, seat: int, a: Action) -> bool:
        """``anytime_ok`` of ``join``, ``backstab``, ``berserk``, ``turning``: at any moment of a
        fight or window (:meth:`_combat_moment`)."""
        return self._combat_moment()

    def _why_combat_anytime(self, seat: int, a: Action, actor: int) -> str | None:
        """``join``, ``backstab``, ``berserk``, ``turning`` - and ``use`` of a Race's or Class's
        ability in the language (``LangActions._use_anytime_ok``) - of a player who is not the
        one deciding now (:meth:`_combat_moment`): the kind's own check."""
        return self._CHECK[a.kind](self, seat, a)

    def _combat_changed(self, seat: int) -> None:
        """A card (or a power, an ability) was put into the combat by ``seat``, or a helper
        joined it (``Helping._helper_meets``). In the interference window it opens the window
        again to every living player but the fighter: the one deciding now keeps deciding until
        they pass, then the others in seat order after them, those who passed before included
        (core rules, 6. When You May Act; 7. Combat: the others get time to react before the
        fight resolves). The rulebook does not say whether a player who passed may answer a
        change made after their pass; we take the reading most players use: every card played,
        and a helper joining, gives everyone a fresh chance. Only such a change re-opens it:
        when everybody passes with nothing new the window closes. The fighter
        answers when it closes (``Combat._window_done``)."""
        s = self.state
        c = s.combat
        if c is None or c.stage != "window" or not c.window:
            return
        head = c.window[0]
        n = len(s.players)
        ps = s.players
        c.window = [head] + [q for q in ((head + i) % n for i in range(1, n))
                             if q != c.fighter and ps[q].alive]

    def _lay_in_combat(self, seat: int, c: int, monster: int = -1) -> None:
        """Card ``c``, played by ``seat``, lies in the combat until it ends (core rules, 7.
        Combat: the cards played into it are discarded when it ends): a Monster Enhancer on
        monster ``monster`` (its index), else a One-Shot (``CombatState.used``). The one place
        that records who played it (``CombatState.played_by``: its owner while it lies there,
        ``Abilities._owner_in_combat``)."""
        cb = self.state.combat
        (cb.enh[monster] if monster >= 0 else cb.used).append(c)
        cb.played_by[c] = seat

    def _level_only(self, c) -> bool:
        """A monster of combat ``c`` lets the munchkin side fight with its Levels only
        (``level_only``: Ghoulfiends - no item nor any other bonus helps, the Level alone
        counts: the printed text as public card lists give it, card_facts_more.md source D
        "fight with your Level"). Each player's combat strength is then their Level: no item,
        One-Shot, Hireling, Race or Class ability (Berserking, Turning), Curse modifier or
        card-effect change counts, for the fighter and the helper alike, for the whole combat
        (core rules, 7. Combat: Multiple Monsters). A penalty is no bonus, but "Level only"
        leaves none either: the reading most players would take. The monsters' side is not
        touched, and a Warrior still wins ties (no bonus)."""
        lo = self._lvl_only
        for m in c.monsters:
            if lo[m]:
                return True
        return False

    def _one_shots_for_munchkins(self, c, lang: bool) -> int:
        """What the One-Shots played for the munchkin side of combat ``c`` add to it
        (:meth:`Combat._strengths`): their bonuses, those per matching player (Yuppie Water),
        a lone fighter's double (Doppleganger). Against a monster whose items do not count
        (``items_dont_count``: Ghoulfiends) they add nothing, and the language's lasting
        changes a One-Shot made on the munchkin side are taken back off: a One-Shot is a
        Single-Use Item (core rules, 9. Items), and no item helps against it (card_facts.md
        table d #21; card_facts_more.md source D: no items can help, fight with your Level).
        One-Shots for the monster side still count (the card bars only help to the players:
        the reading most players would take)."""
        inc = self._items_nc
        if any(inc[m] for m in c.monsters):
            led = self.state.ledger.entries
            kind = self._kind
            return -sum(e.value for e in led if e.name == "combat_strength" and e.target == ("side", "munchkins")
                        and kind[e.source] == "one_shot" and type(e.value) is int) if led else 0
        total = c.pbonus
        if c.helper < 0 and c.perplayer:  # a double of the lone fighter (Doppleganger)
            total += self._player_strength(c.fighter, lang) * c.perplayer.get(c.fighter, 0)
        bp = self._bonus_per
        for used in c.used:
            per = bp[used]
            if per:
                n = sum(1 for q in (c.fighter, c.helper) if q >= 0 and self.matches(q, per["if"]))
                total += n * per["bonus"]
        return total

    def _why_not_transfer(self, target: int) -> str | None:
        """Why another player cannot be made the fighter now (Transferral Potion, the
        language's ``transfer_fighter``; :meth:`_make_fighter`), or None: the one home of that
        rule. Not once the Run Away rolls began (card text: before anyone runs); not with no
        monster left in the combat - core rules, 7. Combat: a combat with no monster is over,
        only the others' last reactions are left (the window of
        ``Combat._after_monster_removed``; a Wandering Monster brought in then makes it a
        fight again, and then the potion may move it); nobody is attacked by no monster. The
        target is another living player than the fighter."""
        s = self.state
        cb = s.combat
        if cb is None:
            return "there is no combat"
        if cb.stage == "run":
            return "it is played before anyone runs away (card text)"
        if not cb.monsters:
            return f"no monster is left in the combat: it is over ({R_COMBAT})"
        if not (0 <= target < len(s.players)) or target == cb.fighter or not s.players[target].alive:
            return "t must be another living player than the fighter"
        return None

    def _make_fighter(self, seat: int) -> int:
        """A card makes ``seat`` the fighter of the combat instead of the fighter now
        (Transferral Potion, the language's ``transfer_fighter``): the one home of that
        change; returns the old fighter. The old fighter and the helper leave the combat
        (``seat`` stays in it when they were the helper: :meth:`_left_combat`), the help asked
        and the bribe offered are off, and ``seat`` decides afresh (a fight, no window open, no
        declaration). What ``seat`` had put in stays theirs, counts included (a helper made the
        fighter keeps their Berserking and its count, and a backstab on them still counts: they
        are in the same combat). One-Shots played for a side stay with the side.
        The old fighter is out of the combat like any other player: the new fighter may ask
        them for help (core rules, 7. Help: any player may be asked). The rulebook is silent on
        a fighter changed by a card (the card's text is not in our sources): this is the
        reading most players would take.

        What the old fighter won before the change stays theirs, given when the combat closes
        (:meth:`_rewards_before_transfer`)."""
        cb = self.state.combat
        old = cb.fighter
        self._rewards_before_transfer(old, cb.helper)
        gone = {old, cb.helper} - {seat, -1}
        cb.fighter = seat
        cb.helper = -1
        cb.forced_help = False
        cb.asked = []
        cb.bribe_n = 0
        cb.bribe_first = 0
        cb.bribe_items = []
        self._left_combat(gone)
        cb.stage = "fight"
        cb.window = []
        cb.intent = ""
        self._fighter_changed(old)
        return old

    def _may_loot_after(self, c, loot: bool) -> bool:
        """Whether the turn goes back to the phase where the active player may still Loot the
        Room when combat ``c`` closes (core rules, 6. phase 3: not after meeting a monster):
        ``loot``, a card that ended it says so (Friendship Potion, card_facts_more.md 2c: the
        fighter, if alive); or a card made another player the fighter (:meth:`_make_fighter`)
        and the combat closes with the active player, alive, no longer fighting it -
        Transferral Potion, card_facts_more.md source D: the first player resumes the turn and
        may loot the room whether the moved combat was won or lost. Not Look for Trouble (a
        combat took place this turn). A fight moved back to the active player is theirs: no
        loot. Source D is a one-line summary of the card; the rulebook is silent."""
        s = self.state
        if loot:
            return s.players[c.fighter].alive
        return c.fighter != s.active and s.players[s.active].alive

    def _left_combat(self, gone) -> None:
        """Players ``gone`` left a combat that goes on without them - made no longer the fighter
        by a card (:meth:`_make_fighter`), a helper sent out by a monster nobody may help
        against, a forced helper backing out, a helper who died (``StateChecks``,
        ``Helping._answer_help``, ``Character._kill``): the one home of what leaves with them.

        What they had put into this fight for themselves - with their own Race and Class
        abilities (a Warrior's Berserking, a Cleric's Turning, a Wizard's Flight, a Thief's
        backstab by them or on them; in the language the ``this_combat`` changes any Race,
        Class, Half-Breed, Super Munchkin, Item, Cheat! or Hireling card in play made on them
        and those their own made on a player: ``Ledger.left_combat``,
        :meth:`_own_ability_cards`), or a double of their own strength (Doppleganger) - stops
        applying with them (core rules, 7. Combat: a player's combat strength counts only while
        they fight or help; the Warrior class card: the discards are for that fight); their
        per-combat counts go with it (Berserking's 3 cards, a ``limit: {per: combat}`` of the
        abilities of their own such cards in the language, and the ``each_target`` counts of
        any such card's ability on them, as a backstab's): back in the combat as a helper they
        fight anew. Their Curses for the next combat are spent on this one and end
        (``Combat._spend_combat_curses``; in the language its ``next_combat`` changes on them,
        ``Ledger.left_combat``). The rulebook is silent on a player leaving a combat that goes
        on; this is the reading most players would take."""
        cb = self.state.combat
        for q in gone:  # their Curses for the next combat are spent on this one (10. Curses)
            self._spend_combat_curses(q)
        for k in ("berserk", "turning", "flight", "perplayer"):
            d = getattr(cb, k)
            if any(q in d for q in gone):
                setattr(cb, k, {q: v for q, v in d.items() if q not in gone})
        cb.backstab = [b for b in cb.backstab if b[0] not in gone and b[1] not in gone]
        led = self.state.ledger
        ps = self.state.players
        own = [c for q in gone for c in self._own_ability_cards(q)]
        rc = [c for q in range(len(ps)) for c in self._own_ability_cards(q)]
        if led.entries:  # the same written in the language: the cards' changes on them, by them
            self.state.ledger, ended = led.left_combat(tuple(gone), rc, own)
            self._ledger_ended(ended)
        if rc:  # and the uses of those cards
            if own:
                self._limits_reset("combat", own)
            self._limits_reset("combat", rc, gone)

    def _rewards_before_transfer(self, old: int, helper: int) -> None:
        """The fighter changes (:meth:`_make_fighter`) after monsters were slain by a card or got
        rid of with their Treasures kept (a charm, a chase): those Levels (the kills, for an
        Elf helper too) and Treasures are the old fighter's, not the new one's, and they come
        after the moved combat has been resolved, drawn before the new fighter's Treasures
        should that one win too - official FAQ (worldofmunchkin.com/faq), Munchkin card
        questions (Wandering Monster, then Transferral Potion); core rules, Card Text and These
        Rules 3: no reward during the combat. They wait in the combat's ``owed`` until it
        closes (:meth:`_pay_owed`); the new fighter's reward counts without them."""
        cb = self.state.combat
        if not (cb.slain_kills or cb.extra_treasures):
            return
        cb.owed.append([old, helper, cb.slain_levels, cb.slain_kills, cb.extra_treasures])
        cb.slain_levels = cb.slain_kills = cb.extra_treasures = 0

    def _pay_owed(self) -> None:
        """The combat closes (won, run from, emptied, its fighter dead): what its fighters
        won before a card moved it to another player (``owed``, :meth:`_rewards_before_transfer`)
        is given now, in the order it was won and before the last fighter's own reward: the
        Levels of the monsters a card slew (an Elf helper's one per kill), then the Treasures,
        drawn face down. A player who died meanwhile gets nothing (core rules, 7. Death: dead
        characters receive no cards and gain no Levels)."""
        cb = self.state.combat
        if cb is None or not cb.owed:
            return
        owed, cb.owed = cb.owed, []
        players = self.state.players
        for old, helper, levels, kills, n in owed:
            if kills:
                won = cb.won_at
                self._kill_levels_to(old, helper, levels, kills)
                cb.won_at = won  # (the record of this combat's own kill, not this one)
            if n and players[old].alive:
                for _ in range(n):
                    t = self._draw("treasure")
                    if t >= 0:
                        self._to_hand(old, t)
                if self.history: self._say(f"{self._pn(old)} draws {plural(n, 'Treasure')} won before the fight moved.")

    def _own_ability_cards(self, seat: int) -> list[int]:
        """The cards in play through which ``seat`` uses abilities of their own in a fight:
        Race and Class cards, Half-Breed, Super Munchkin, a module's cards in front of them (a
        Scooby-Doo Character card: ``RulesModule.seat_cards``), then what they have in play that
        counts only in their own fight (:meth:`_own_fight_cards`) - what :meth:`_make_fighter`
        drops with a player who leaves the combat."""
        p = self.state.players[seat]
        return [*p.races, *p.classes, *(c for c in (p.half_breed, p.super_munchkin) if c >= 0),
                *(c for m in self._h_seat for c in m.seat_cards(self, seat).values() if c >= 0),
                *self._own_fight_cards(seat)]

    def _own_fight_cards(self, seat: int) -> list[int]:
        """Of :meth:`_own_ability_cards`, those that work for ``seat`` only in a fight they are
        in: the Items in play, the Cheat! on one of them and the Hireling (a follower whose
        bonus counts in its owner's fight, Hireling card; core rules, 6. When You May Act;
        9. Treasures and Items)."""
        p = self.state.players[seat]
        return [*p.in_play(), *(c for c in (p.cheat, p.hireling) if c >= 0)]

    def _fighter_changed(self, old: int) -> None:
        """A card made another player the fighter instead of ``old`` (:meth:`_make_fighter`),
        the combat already set for them: the one place the rules modules hear of it
        (``RulesModule.on_fighter_changed``; a Star Munchkin Adventures player then moves into
        the room of the combat at once)."""
        for mod in self._h_fighter:
            mod.on_fighter_changed(self, old, self.state.combat.fighter)

    # ------------------------------------------------------------------ the fighter, per monster
    def _cand_monster_moves(self, seat: int, ok: bool, out: list) -> None:
        """Per monster (in order): evading it when it does not pursue the fighter, buying it
        off with a card, a Wizard's charm, a Cleric's chase."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        A = self._A
        wizard = bool(p.hand and (p.classes or p.races) and self._holds(seat, "charm"))
        fx = self._fight_extra
        for i, m in enumerate(c.monsters):
            if not (wizard or fx[m]):  # no evade, charm or chase against this one
                continue
            me = self._fx[m]
            if me.get("not_pursue"):
                a = A(seat, "evade", n=i)
                if not ok or self._rule_evade(seat, a) is None:
                    out.append(a)
            if me.get("bribe_gold") or me.get("evade_discard"):
                for it in p.in_play() + p.hand:
                    if self._is_item(it):
                        a = A(seat, "evade", it, n=i)
                        if not ok or self._rule_evade(seat, a) is None:
                            out.append(a)
            if wizard:
                a = A(seat, "charm", n=i)
                if not ok or self._rule_charm(seat, a) is None:
                    out.append(a)
            if me.get("cleric_chase"):
                a = A(seat, "chase", n=i)
                if not ok or self._why_chase(seat, a) is None:
                    out.append(a)

    def _why_evade(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight("evade", True)
        return r if r is not None else self._rule_evade(seat, a)

    def _rule_evade(self, seat: int, a: Action) -> str | None:
        """Monster n lets the fighter go: it does not pursue them (``not_pursue``) nor their
        helper (core rules, 7. Help: a monster's abilities reach the helper too; a pursued
        helper is not let go by the fighter - both may run instead, and the monster lets go
        only those it ignores), or it is bought off with an Item of enough Gold
        (``bribe_gold``) or a card it names (``evade_discard``) - the monster cards."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        if not (0 <= a.n < len(c.monsters)):
            return "evade: n must be a monster of the combat"
        me = self._fx[c.monsters[a.n]]
        if a.card >= 0:
            if a.card not in p.hand and a.card not in p.in_play():
                return "evade: a card of yours (hand or in play)"
            words = me.get("evade_discard")
            if words and self._is_item(a.card) and \
                    any(w in self._lnames[a.card] for w in words):
                return None
            need = me.get("bribe_gold")
            if not need:
                return f"{self.name(c.monsters[a.n])} is not escaped by giving up {self.name(a.card)} (monster card)"
            if not self._is_item(a.card):
                return "evade: buy it off with an item of yours"
            if (self.specs[a.card].gold or 0) < need:
                return f"it takes an item worth at least {need} Gold (monster card)"
            return None
        if self._pursues(seat, c.monsters[a.n]):
            return f"{self.name(c.monsters[a.n])} does pursue you (monster card)"
        if c.helper >= 0 and self._pursues(c.helper, c.monsters[a.n]):
            # its ability reaches the helper too: letting it go would free a pursued helper
            return (f"{self.name(c.monsters[a.n])} does pursue your helper {self._pn(c.helper)}: run away "
                    f"instead (monster card; {R_HELP})")
        return None

    def _pursues(self, seat: int, m: int) -> bool:
        """Does monster ``m`` pursue player ``seat``: not when its ``not_pursue`` condition
        (every atom of a list) matches the player - e.g. "ignores players of Level 3 or less"
        (the monster cards; core rules, 7. Help: its abilities reach the helper too).
        A negated Race/Class atom ("ignores players ... except Elves": ``!race:elf``) makes
        that Race/Class a disadvantage: a Half-Breed / Super Munchkin with that one card is
        ignored like anyone else (core rules, 10. Mixed Super Munchkin: none of its
        disadvantages)."""
        atom = self._fx[m].get("not_pursue")
        if not atom:
            return True
        if isinstance(atom, (list, tuple)):
            return not all(self.matches(seat, x, x[:1] == "!") for x in atom)
        return not self.matches(seat, atom, atom[:1] == "!")

    def _do_evade(self, seat: int, a: Action) -> None:
        c = self.state.combat
        p = self.state.players[seat]
        me = self._fx[c.monsters[a.n]]
        if a.card >= 0:
            self._lose_card(seat, a.card)
            if self.history: self._say(f"{p.name} gets rid of {self.name(c.monsters[a.n])} by giving up {self.name(a.card)}.")
        else:
            if self.history: self._say(f"{p.name} lets {self.name(c.monsters[a.n])} go.")
            c.extra_treasures += me.get("evade_treasures", 0)
        self._remove_monster(a.n)
        self._after_monster_removed()

    def _why_charm(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight("charm", False)
        return r if r is not None else self._rule_charm(seat, a)

    def _why_charm_any(self, seat: int, a: Action, actor: int) -> str | None:
        """The helper's charm while another player decides (``anytime_ok``: :meth:`_chase_ok`,
        the helper at any time of the fight, as a helping Cleric chases)."""
        return self._why_charm(seat, a)

    def _rule_charm(self, seat: int, a: Action) -> str | None:
        """A Wizard fighter discards the whole hand, which must hold at least
        :data:`~munchkin_lab.engine.lang_compile.CHARM_HAND` (3) cards: monster n leaves, its
        Treasures are drawn - as the combat counts them, its Monster Enhancers' included - no
        Level; other monsters stay to be fought (Wizard class card; its language form
        ``cost: {discard: hand, count: 3}``, ``leave_combat: keep``).

        The fighter or the helper may charm: a helper's Race and Class abilities work in the
        combat they help in (core rules, 7. Help: abilities work for the helper "and vice
        versa", a helping Priest chases the Almost-Vampire away); the card's "instead of
        fighting it" is read as the munchkin side not fighting that monster. The charmed
        monster's Treasures stay in the side's reward, shared by the bribe."""
        c = self.state.combat
        if seat != c.fighter and seat != c.helper:
            return "only the fighter or the helper charms a monster away (Wizard card)"
        r = self._why_no_power(seat, "charm")
        if r is not None:
            return r
        n = len(self.state.players[seat].hand)
        if not n:
            return f"charm discards your whole hand, and you have none ({R_STATS}: Class)"
        if n < CHARM_HAND:
            return f"charm discards your whole hand of at least {CHARM_HAND} cards; you hold {n} (Wizard card)"
        if not (0 <= a.n < len(c.monsters)):
            return "charm: n must be a monster of the combat"
        return None

    def _do_charm(self, seat: int, a: Action) -> None:
        c = self.state.combat
        p = self.state.players[seat]
        for card in p.hand[:]:
            self._lose_card(seat, card)
        m = c.monsters[a.n]
        if self.history: self._say(f"{p.name} charms {self.name(m)} away.")
        self._remove_monster_keeping(a.n)
        self._after_monster_removed()

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
        if not (0 <= a.n < len(c.monsters)) or not self._fx[c.monsters[a.n]].get("cleric_chase"):
            return "chase: n must be a monster a Cleric may chase away (monster card)"
        return None

    def _why_chase_kind(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight("chase", False)
        return r if r is not None else self._why_chase(seat, a)

    def _chase_ok(self, seat: int, a: Action) -> bool:
        """The helper may chase while another player decides (any time of the fight)."""
        c = self.state.combat
        return c is not None and seat == c.helper

    def _why_chase_any(self, seat: int, a: Action, actor: int) -> str | None:
        return self._why_chase(seat, a)

    def _do_chase(self, seat: int, a: Action) -> None:
        c = self.state.combat
        p = self.state.players[seat]
        m = c.monsters[a.n]
        self._remove_monster_keeping(a.n)
        if self.history: self._say(f"{p.name} chases {self.name(m)} away (Cleric): its Treasures, no Level.")
        self._after_monster_removed()

    # ------------------------------------------------------------------ class powers
    def _why_power_seat(self, seat: int, k: str) -> str | None:
        """Berserking (Warrior) / Turning (Cleric, against Undead): a player fighting in this
        combat whose Race or Class card has the power (its compiled record), up to 3 cards per
        combat (the Class cards; core rules, 7. Help).

        Each ``berserk`` / ``turning`` action is one card (+1, Turning +3), at most 3 per
        player and combat, at any moment of the fight or its window. The Warrior's limit is
        the Class card's (card_facts.md: up to 3 cards in combat, +1 each) and core rules, 7.
        Help: the discarding is once per combat, not once per monster - so 3 cards in all,
        however many monsters join. Whether the cards must go down together the rulebooks do
        not say: the Combat Example discards three at one moment but does not require it, and
        the Class text says "up to 3 in combat", not "at once". Most players add them as the
        fight turns (an enhancer comes, a card goes), the reading kept here
        (``warrior_berserk_cards_may_come_one_at_a_time``); three at once are three actions."""
        c = self.state.combat
        card = POWER_NAMES[k][1]
        if seat != c.fighter and seat != c.helper:
            return "only a player fighting in this combat"
        r = self._why_no_power(seat, k)
        if r is not None:
            return r
        used = (c.berserk if k == "berserk" else c.turning).get(seat, 0)
        if used >= 3:
            return f"at most 3 cards once per combat ({R_HELP}; {card} class card)"
        if k == "turning" and not any(self.monster_has_tag(m, "undead") for m in c.monsters):
            return "turning works only against Undead (Cleric class card)"
        return None

    def _rule_power(self, seat: int, a: Action) -> str | None:
        r = self._why_power_seat(seat, a.kind)
        if r is not None:
            return r
        return self._why_ability_discard(seat, a.card, a.kind, "discard a card of yours (hand or in play)")

    def _why_class_power(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight(a.kind, False)
        return r if r is not None else self._rule_power(seat, a)

    def _do_power(self, seat: int, a: Action) -> None:
        """Berserking, Turning, flight: the card is discarded, +1 (Turning +3 vs Undead)."""
        k = a.kind
        self._lose_card(seat, a.card)
        d = getattr(self.state.combat, k)
        d[seat] = d.get(seat, 0) + 1
        if self.history: self._say(f"{self.state.players[seat].name} discards {self.name(a.card)} ({k}).")
        self._combat_changed(seat)

    def _why_backstab_seat(self, seat: int) -> str | None:
        return self._why_no_power(seat, "backstab")

    def _rule_backstab(self, seat: int, a: Action) -> str | None:
        """A Thief discards a card: -2 to a player fighting in this combat, once per victim
        per combat (Thief class card)."""
        c = self.state.combat
        r = self._why_backstab_seat(seat)
        if r is not None:
            return r
        if a.target not in (c.fighter, c.helper) or a.target < 0 or a.target == seat:
            return "backstab a player who fights in this combat"
        if [seat, a.target] in c.backstab:
            return "once per victim per combat (Thief class card)"
        return self._why_ability_discard(seat, a.card, "backstab", "discard a card of yours")

    def _why_backstab(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight("backstab", False)
        return r if r is not None else self._rule_backstab(seat, a)

    def _do_backstab(self, seat: int, a: Action) -> None:
        self._lose_card(seat, a.card)
        self.state.combat.backstab.append([seat, a.target])
        if self.history: self._say(f"{self.state.players[seat].name} backstabs {self._pn(a.target)} (-2).")
        self._combat_changed(seat)

    # ------------------------------------------------------------------ joining monsters
    def _rule_join(self, seat: int, a: Action, words: bool = True) -> str | None:
        """An Undead (a module's joining tag) from the hand joins a combat with a monster of
        the same tag, without a Wandering Monster (core rules, 10. Undead Monsters). Monster
        Enhancers from the hand may come in with it (``cs``); one that makes the monster
        Undead (the card-effect language's ``grant_tag``) lets it join so (10. Undead: a card
        may make a monster Undead). ``words=False``: a caller that only asks whether it is
        refused (the candidates) gets a short refusal instead of :meth:`_join_refused`'s."""
        c = self.state.combat
        hand = self.state.players[seat].hand
        if a.card not in hand or self._kind[a.card] != "monster":
            return "join: a monster from your hand"
        if a.cards and (len(set(a.cards)) != len(a.cards) or
                        any(e not in hand or self._kind[e] != "monster_enhancer" for e in a.cards)):
            return f"join: cs lists Monster Enhancers from your hand that come in with the monster ({R_WHEN}: Monster Enhancers)"
        tags = self.specs[a.card].tags
        if self._lang:
            tags = self.monster_tags(a.card)
            for e in a.cards:
                tags = tags | self._granted_tags(e)
        tags = tags & self.joining_tags
        if not tags or not any((self.monster_tags(m) if self._lang else self.specs[m].tags) & tags for m in c.monsters):
            # (the candidates' yes/no needs no words: _join_refused's text would be thrown away)
            return self._join_refused(a.card, tags) if words else "no monster of its kind to join"
        return None

    def _join_refused(self, card: int, tags: frozenset) -> str:
        """Why ``card`` may not join: the joining tags it has (none: those of the game), each
        named with the rule of the module that gives it (core rules, 10. Undead Monsters;
        Scooby-Doo rules, Ghost and Pirate Monsters)."""
        why = tags or self.joining_tags
        names = [t.title() for t in sorted(why)]
        some = [("an " if n[0] in "AEIOU" else "a ") + n for n in names]
        src = "; ".join(dict.fromkeys(m.joining_rule for m in self.modules
                                      if m.joining_rule and why & set(m.joining_tags)))
        tail = f" without a Wandering Monster ({src})" if src else " without a Wandering Monster"
        if not tags:
            if len(some) == 1:
                return f"only {some[0]} joins a combat with {some[0]} in it" + tail
            return f"only {', '.join(some[:-1])} or {some[-1]} joins a combat with a monster of its kind" + tail
        return (f"{self.name(card)} ({', '.join(names)}) joins only a combat with "
                f"{' or '.join(some)} in it" + tail)

    def _why_join(self, seat: int, a: Action) -> str | None:
        r = self._why_in_fight("join", False)
        return r if r is not None else self._rule_join(seat, a)

    def _do_join(self, seat: int, a: Action) -> None:
        p = self.state.players[seat]
        p.hand.remove(a.card)
        if self.history: self._say(f"{p.name} adds {self.name(a.card)} to the combat (joining).")
        self._add_monster(a.card)
        c = self.state.combat
        for e in a.cards:  # Monster Enhancers that come in with it
            p.hand.remove(e)
            if c is None:
                self._discard(e)
                continue
            i = len(c.monsters) - 1
            self._lay_in_combat(seat, e, i)
            if self.history: self._say(f"{p.name} plays {self.name(e)} on {self.name(a.card)}.")
            if self._lang and self._lplayed[e]:
                self._lang_played(seat, e, Action(seat, "play", e, n=i), a.card)
        self._combat_changed(seat)

    # ------------------------------------------------------------------ candidates
    def _cand_combat_cards(self, seat: int, ok: bool, out: list) -> None:
        """The cards and powers of ``seat`` in a fight or window: per hand card its plays (by
        :func:`~munchkin_lab.engine.tables.combat_category`; a Monster Enhancer per monster, a
        Curse or Go Up a Level per seat, a joining monster), the carried One-Shots (per side),
        Berserking and Turning (hand, then items in play), a Thief's backstabs."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        n = len(s.players)
        nm = len(c.monsters)
        kind = self._kind
        ccat = self._ccat
        plan = self._cplan  # the branch of each kind (tables._COMBAT_PLAN)
        A = self._A
        start = len(out)
        givers = None  # the hand's enhancers that give a monster a joining tag (looked for once)
        for card in p.hand:
            k = plan[card]
            if not k:  # Items, Races, Classes...: nothing to play in a combat from here
                continue
            if k == 1:  # a One-Shot
                t = ccat[card]
                if t == 1:
                    out += self._A_monsters(seat, card, nm)
                elif t == 2:
                    out += self._A_targets(seat, card)
                elif t == 3:
                    out += self._A_sides(seat, card)
                elif t == 8:  # the card-effect language: per mode and choice (lang_actions.py)
                    self._lang_play_cands(seat, card, out)
            elif k == 2:  # a Monster Enhancer
                out += self._A_monsters(seat, card, nm)
            elif k == 3:  # a Curse or a Go Up a Level
                if ok and self._goup_gate[card] and self._go_up_card_rule(card, seat) is not None:
                    continue  # (its own conditions fail for every target: _rule_go_up)
                if ok and kind[card] == "curse" and not self._anyplay[card]:
                    # a Curse from the hand: _why_play's answer is _rule_curse_target's (its
                    # language branch leaves a Curse to the core), asked here, so the
                    # candidates listed before it are checked first and these are not again
                    if len(out) > start:
                        self._keep_legal(seat, out, start)
                    rule = self._rule_curse_target
                    out += [a for t, a in enumerate(self._A_targets(seat, card)) if rule(t) is None]
                    start = len(out)
                    continue
                out += self._A_targets(seat, card)
            elif k == 4:  # a monster
                if not self._joiner[card]:  # a monster without a joining tag never joins (_rule_join)
                    if self._lang:  # ... unless an enhancer from the hand gives it one
                        if givers is None:
                            jt = self.joining_tags
                            givers = [e for e in p.hand if kind[e] == "monster_enhancer" and self._granted_tags(e) & jt]
                        for e in givers:
                            out.append(A(seat, "join", card, cards=(e,)))
                    continue
                J = self._kc[seat]["join"]
                a = J.get(card)
                if a is None:
                    a = J[card] = A(seat, "join", card)
                out.append(a)
            elif k == 5:  # a Special
                t = ccat[card]
                if t == 4:
                    for mon in p.hand:
                        if kind[mon] == "monster":
                            out.append(A(seat, "play", card, m=mon))
                elif t == 5:
                    P = self._kc[seat]["play"]  # (the shared candidate of _A, looked up by card)
                    a = P.get(card)
                    if a is None:
                        a = P[card] = A(seat, "play", card)
                    out.append(a)
                elif t == 6:
                    for mon in p.hand:
                        if kind[mon] == "monster":
                            for i in range(nm):
                                out.append(A(seat, "play", card, n=i, m=mon))
                elif t == 7:
                    if ok and self._take_gate[card] and (seat != c.fighter or c.stage != "fight"):
                        continue  # (the fighter's alone, in the fight: _why_take_item)
                    for t in range(n):
                        if t != seat:
                            for it in s.players[t].in_play():
                                out.append(A(seat, "play", card, t, m=it))
                elif t == 8:
                    self._lang_play_cands(seat, card, out)
                elif self._steal_level[card]:
                    out += self._A_targets(seat, card)
        esc = self._escape
        for card in p.carried:  # One-Shots carried on the table: the same plays as from the hand
            if kind[card] == "one_shot" and not esc[card]:
                t = ccat[card]
                if t == 8:
                    self._lang_play_cands(seat, card, out)
                elif t == 1:
                    out += self._A_monsters(seat, card, nm)
                elif t == 2:
                    out += self._A_targets(seat, card)
                elif t == 3:
                    out += self._A_sides(seat, card)
        if ok and len(out) > start:
            self._keep_legal(seat, out, start)
        if p.classes or p.races:
            # (a power's refusal needs a fighting seat and the power first: _why_power_seat
            # would build the same refusal text for a bystander or a player without it)
            fighting = seat == c.fighter or seat == c.helper
            for k in ("berserk", "turning"):
                if not ok or (fighting and self._holds(seat, k) and self._why_power_seat(seat, k) is None):
                    K = self._kc[seat][k]
                    for card in p.hand + p.in_play():
                        a = K.get(card)
                        if a is None:
                            a = K[card] = A(seat, k, card)
                        out.append(a)
            # (_why_backstab_seat is None exactly when the seat holds the power: asked as a bool)
            if (p.hand or p.in_play()) and (not ok or self._holds(seat, "backstab")):
                card = (p.hand or p.in_play())[0]
                for t in (c.fighter, c.helper):
                    if t >= 0 and t != seat:
                        a = A(seat, "backstab", card, t)
                        if not ok or self._rule_backstab(seat, a) is None:
                            out.append(a)

    def _keep_legal(self, seat: int, out: list, start: int) -> None:
        """Keep of the plays and joins ``out[start:]`` of :meth:`_cand_combat_cards` those the
        checks of their kinds pass: a play is _why_play's (in a combat), a join _rule_join's."""
        wp = self._why_play
        out[start:] = [a for a in out[start:] if (wp(seat, a, True) if a.kind == "play" else
                                                  self._rule_join(seat, a, False)) is None]

    def _why_take_item(self, seat: int, a: Action, in_combat: bool) -> str | None:
        """Help Me Out Here!: the fighter takes item m in play of player t when that item
        turns the fight into a win (card text; core rules, 7. Interfering in Combat)."""
        s = self.state
        c = s.combat
        if not in_combat or seat != c.fighter or c.stage != "fight":
            return "Help Me Out Here! is played by the fighter during the fight (card text)"
        if not (0 <= a.target < len(s.players)) or a.target == seat or a.m not in s.players[a.target].in_play():
            return "Help Me Out Here!: m must be an item in play of another player t"
        if not self._lasting_item(a.m):  # (a Fairy Dust Item too)
            return "Help Me Out Here!: m must be an item"
        if self.munchkins_win():
            return "Help Me Out Here!: you are already winning"
        ps, ms = self.strengths()
        gain = self.item_bonus(seat, a.m) if self.why_slot(seat, a.m) is None else 0
        if a.target == c.helper and a.m in s.players[a.target].equipped:
            gain -= self.item_bonus(a.target, a.m)
        ps += gain
        if not (ps > ms or (ps == ms and self._ties_to_munchkins())):
            return f"{self.name(a.m)} would not win the fight for you ({ps} vs {ms}) (card text)"
        return None
