"""The short forms of the card-effect language (today's card keys such as ``bad_stuff``,
``bonus_vs``, ``side``, and the expansion parts ``room``, ``dungeon``, ``portal``...): their
values checked, and what each stands for in the long form (:data:`.vocab.SHORT_FORMS`). A
mixin of :class:`~.expand.Compiler`; the engine never reads a short form itself."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import FrozenDict
from . import vocab as V
from .parse import _BAD, _RANGE_RE, _freeze, _is_int, _key, _kind_name, _trigger_ctx, yaml_text
from .problems import Problem
from .program import OWNER, PLAYER, About, Ability, All, AnyOf, Atom, Cost, Duration, Not, Op, Per, Target

#: the short forms read on monsters only (:data:`.vocab.SHORT_KINDS`; the Fairy's part aside)
_MONSTER_KEYS = frozenset(k for k, ks in V.SHORT_KINDS.items() if ks == ("monster",) and k != "fairy_dust")
_THIS_MONSTER = Target("this_monster")
_FIGHTER = Target("fighter")
_IN_COMBAT = Atom(False, "in_combat")
_OWN_TURN = Atom(False, "own_turn")
_NO_COMBAT = Atom(True, "in_combat")
_HERE = About("fighter", Atom(False, "here"))
_IN_PLAY = Duration("in_play")
_THIS_COMBAT = Duration("this_combat")
#: The trigger of each short-form op list (its ops get that trigger's default duration).
_SHORT_TRIGGER = {"bad_stuff": "caught", "on_escape": "escaped", "on_meet": "enters_combat",
                  "ops": "hits"}


class ShortForms:
    """Mixin of :class:`~.expand.Compiler`: the short forms' values and their abilities."""

    def room_action(self, v: Any, path) -> Any:
        path = tuple(path)
        subs = {
            "move_meeple": {"which": "word", "including_own": "bool", "to": "word"},
            "draw_resources": {"count": "posint", "from": "list:deck|face_up"},
            "swap_between_two_others": {"min_cards": "posint", "max_cards": "posint",
                                        "all_agree": "bool", "active_player_excluded": "bool"},
            "give_repair_cube": {"count": "posint", "from": "word", "to": "word",
                                 "requires_supply": "bool"},
            "give_action_tokens": {"max": "posint", "from": "word", "to": "word",
                                   "split_freely": "bool"},
            "give_protection_token": {"count": "posint", "from": "word", "to": "word"},
        }
        scalars = {"action_cost": "posint", "min_players": "posint", "max_players": "posint",
                   "take_from_resource_discard": "posint", "then_mill_resource_deck": "posint",
                   "held_cube_repairs_without_discard": "bool", "look_at_damage": "posint",
                   "return_min": "posint", "return_to": "list:top|bottom", "any_order": "bool",
                   "hull_breach_stays_bottom": "bool", "protection_prevents_room_damage": "bool",
                   "returned_only_when_used": "bool"}
        if not self.mapping(v, path, tuple(V.ROOM_ACTION_FIELDS), "room_action"):
            return _BAD
        ok = all(k in V.ROOM_ACTION_FIELDS for k in v)

        def check(spec, x, p):
            if spec.startswith("list:"):
                ch = spec[5:].split("|")
                if isinstance(x, (list, tuple)) and x and all(isinstance(e, str) and e in ch for e in x):
                    return True
                self.err(p, f"expected a non-empty list of {', '.join(ch)}, got {yaml_text(x)}")
                return False
            return self.spec(spec, x, p) is not _BAD

        for k, x in v.items():
            if k in scalars:
                ok = check(scalars[k], x, path + (k,)) and ok
            elif k in subs:
                if not self.mapping(x, path + (k,), tuple(subs[k]), f"room_action.{k}"):
                    ok = False
                    continue
                for kk, xx in x.items():
                    if kk in subs[k]:
                        ok = check(subs[k][kk], xx, path + (k, kk)) and ok
                    else:
                        ok = False
        if ok and "min_players" in v and "max_players" in v and v["min_players"] > v["max_players"]:
            ok = bool(self.err(path + ("min_players",), "min_players is above max_players")) and False
        return _freeze(v) if ok else _BAD

    def short_value(self, key: str, spec: str, val: Any) -> Any:
        p = (key,)
        if spec in ("cond_bonus", "cond_count", "one_cond_bonus"):
            num = "count" if spec == "cond_count" else "bonus"
            items = [val] if spec == "one_cond_bonus" else val
            if not isinstance(items, (list, tuple)) or (spec == "one_cond_bonus" and not isinstance(val, Mapping)):
                return self.err(p, f"expected {'a mapping' if spec == 'one_cond_bonus' else 'a list of'} "
                                f"{{if: ATOM, {num}: INT}}")
            out = []
            for i, it in enumerate(items):
                q = p if spec == "one_cond_bonus" else p + (i,)
                if not self.mapping(it, q, ("if", num), f"{{if: ATOM, {num}: INT}}", ("if", num)):
                    out.append(_BAD)
                    continue
                a = self.spec("atom", it["if"], q + ("if",))
                n = self.spec("int", it[num], q + (num,))
                out.append(_BAD if _BAD in (a, n) else (a, n))
            if any(o is _BAD for o in out):
                return _BAD
            return out[0] if spec == "one_cond_bonus" else tuple(out)
        if spec == "ops":
            return self.ops(val, p, _trigger_ctx(_SHORT_TRIGGER.get(key, "caught")))
        if spec in ("room", "dungeon", "portal", "fairy_dust", "vehicle"):
            return self.part(key, val)
        out = self.spec(spec, val, p)
        self.named(V.FIELD_NAMES.get(key), out, p)
        return out

    def part(self, key: str, v: Any) -> Any:  # noqa: C901
        p = (key,)
        fields = {"room": V.ROOM_FIELDS, "dungeon": V.DUNGEON_FIELDS, "portal": V.PORTAL_FIELDS,
                  "fairy_dust": V.FAIRY_DUST_FIELDS, "vehicle": {}}[key]
        if key == "vehicle":
            if not isinstance(v, Mapping):
                return self.err(p, f"expected a mapping, got {_kind_name(v)}")
            for k in v:
                self.err(p + (_key(k),), "no Vehicle field is defined yet: the Vehicle rules use the "
                         "card's slot (vehicle) and Big; write abilities under `when` instead")
            return _BAD if v else {}
        if not self.mapping(v, p, tuple(fields), key):
            return _BAD
        out: dict[str, Any] = {}
        for k, x in v.items():
            if k not in fields:
                out[_key(k)] = _BAD  # reported by mapping()
                continue
            q = p + (k,)
            if key == "room":
                if k in ("on_entry", "on_exit", "on_fail"):
                    out[k] = self.ops(x, q, _trigger_ctx("leave_room" if k == "on_exit" else "enter_room"))
                elif k in ("combat_bonus", "monster_bonus", "run_away"):
                    out[k] = self.spec("int", x, q)
                elif k == "fight_draws":
                    out[k] = self.spec("nonneg", x, q)
                elif k == "forced_move":
                    out[k] = x if isinstance(x, bool) else self.spec("enum:N|E|S|W", x, q)
                elif k == "destroy":
                    out[k] = self.spec("enum:self|N|E|S|W", x, q)
                else:
                    out[k] = self.spec("bool", x, q)
            elif key == "dungeon":
                if k == "bonus_if":
                    out[k] = self.short_value_at(q, "cond_bonus", x)
                elif k == "vs_tag":
                    if not isinstance(x, (list, tuple)):
                        out[k] = self.err(q, "expected a list of {tag: NAME, bonus: INT}")
                        continue
                    items = []
                    for i, it in enumerate(x):
                        if not self.mapping(it, q + (i,), ("tag", "bonus"), "{tag: NAME, bonus: INT}",
                                            ("tag", "bonus")):
                            items.append(_BAD)
                            continue
                        t = self.spec("word", it["tag"], q + (i, "tag"))
                        self.named(V.FIELD_NAMES.get("dungeon.vs_tag.tag"), t, q + (i, "tag"))
                        b = self.spec("int", it["bonus"], q + (i, "bonus"))
                        items.append(_BAD if _BAD in (t, b) else (t, b))
                    out[k] = _BAD if _BAD in items else tuple(items)
                elif k == "vehicle_bonus":
                    out[k] = self.spec("int", x, q)
                else:  # on_reveal
                    if self.mapping(x, q, ("reshuffle_door_discards", "each_draws_door"), "on_reveal"):
                        sub = {kk: self.spec("bool", xx, q + (kk,)) for kk, xx in x.items()}
                        out[k] = _BAD if _BAD in sub.values() else sub
                    else:
                        out[k] = _BAD
            elif key == "portal":
                if k == "discard_dungeons":
                    out[k] = self.spec("bool", x, q)
                elif _is_int(x):
                    out[k] = self.spec("nonneg", x, q)
                elif isinstance(x, Mapping) and x:
                    rng: list = []
                    for r, n in x.items():
                        m = _RANGE_RE.match(str(r).strip())
                        if not m or (m.group(2) and int(m.group(2)) < int(m.group(1))):
                            rng.append(self.err(q + (_key(r),), f"expected a die range like '1-3', got {yaml_text(r)}"))
                            continue
                        nn = self.spec("nonneg", n, q + (_key(r),))
                        rng.append(_BAD if nn is _BAD else ((int(m.group(1)), int(m.group(2) or m.group(1))), nn))
                    out[k] = _BAD if _BAD in rng else tuple(sorted(rng))
                else:
                    out[k] = self.err(q, "expected a number of Dungeons or {die range: number}")
            else:  # fairy_dust
                out[k] = self.spec("bool", x, q)
        if key == "room" and "on_fail" in v and not v.get("run_away_roll_required"):
            self.err(p + ("on_fail",), "on_fail: only with run_away_roll_required: true")
            return _BAD
        if key == "room" and "fight_draws" in v and not v.get("run_away_automatic_unless_fight"):
            self.err(p + ("fight_draws",), "fight_draws: only with run_away_automatic_unless_fight: true")
            return _BAD
        return _BAD if any(x is _BAD for x in out.values()) else out

    def short_value_at(self, path, spec: str, val: Any) -> Any:
        saved = len(self.problems)
        res = self.short_value("__", spec, val)
        # re-root the problems recorded under the placeholder key
        for i in range(saved, len(self.problems)):
            pr = self.problems[i]
            self.problems[i] = Problem(tuple(path) + pr.path[1:], pr.message)
        return res

    # ------------------------------------------------------------------ short forms
    def shorts(self, eff: Mapping, vals: dict) -> list[Ability]:  # noqa: C901 - one table
        kind = self.kind
        monster = kind == "monster" or (kind is None and any(k in eff for k in _MONSTER_KEYS))
        out: list[Ability] = []
        played: list[Ability] = []

        def ab(when, do, origin, **kw) -> Ability:
            a = Ability(tuple(when) if isinstance(when, (list, tuple)) else (when,), tuple(do), origin=origin, **kw)
            out.append(a)
            return a

        def play(do, origin, cond=None, who=PLAYER, **kw) -> None:
            a = Ability(("played",), tuple(do), cond, who, origin=origin, **kw)
            played.append(a)
            out.append(a)

        def lasting(name, value, dur=_IN_PLAY, who=None, params=()) -> Op:
            return Op(name, value, who, dur, tuple(params))

        for key in eff:
            if key == "abilities" or key not in vals:
                continue
            v = vals[key]
            if v is False or v is None:
                continue
            if key == "bonus_vs":
                for i, (a, b) in enumerate(v):
                    ab("in_play", [lasting("combat_strength", b)], f"bonus_vs[{i}]",
                       cond=About("any_munchkin", a), who=_THIS_MONSTER)
            elif key == "run_away":
                on_monster = monster or kind == "monster_enhancer"
                ab("in_play", [lasting("run_away", v)], key, who=_THIS_MONSTER if on_monster else OWNER)
            elif key in ("no_run_away", "no_help", "items_dont_count", "level_doesnt_count", "level_only"):
                ab("in_play", [lasting(key, True)], key, who=_THIS_MONSTER)
            elif key == "not_pursue":
                do = [Op("leave_combat", "none")]
                n = vals.get("evade_treasures") or 0
                if n:
                    do.append(Op("draw", "treasure", _FIGHTER, params=(("count", n),)))
                cond = About("fighter", v[0] if len(v) == 1 else All(v))
                ab("use", do, key, cond=cond, who=_THIS_MONSTER, by=_FIGHTER, label="let it go")
            elif key == "evade_discard":
                ab("use", [Op("leave_combat", "none")], key, who=_THIS_MONSTER, by=_FIGHTER,
                   cost=(Cost("item", named=v),), label="get away by discarding")
            elif key == "bribe_gold":
                ab("use", [Op("leave_combat", "none")], key, who=_THIS_MONSTER, by=_FIGHTER,
                   cost=(Cost("item", worth=v) if v > 0 else Cost("item"),), label="buy it off")
            elif key == "extra_treasures":
                for i, (a, n) in enumerate(v):
                    ab("in_play", [lasting("treasures", n)], f"extra_treasures[{i}]",
                       cond=About("any_munchkin", a), who=_THIS_MONSTER)
            elif key == "extra_levels":
                ab("in_play", [lasting("levels_won", v)], key, who=_THIS_MONSTER)
            elif key == "extra_level_with":
                used = tuple(Atom(False, "used", w) for w in v)
                ab("in_play", [lasting("levels_won", 1)], key, who=_THIS_MONSTER,
                   cond=used[0] if len(used) == 1 else AnyOf(used))
            elif key == "extra_level_bare":
                ab("in_play", [lasting("levels_won", 1)], key, who=_THIS_MONSTER, cond=Atom(False, "bare"))
            elif key == "cleric_chase":
                ab("use", [Op("leave_combat", "keep")], key, who=_THIS_MONSTER,
                   by=Target("munchkins", Atom(False, "class", "cleric")), label="chase it away")
            elif key == "on_meet":
                if v:
                    ab("enters_combat", v, key, who=_FIGHTER)
            elif key == "bad_stuff":
                if v:
                    ab("caught", v, key)
            elif key == "on_escape":
                if v:
                    ab("escaped", v, key)
            elif key == "bonus_if":
                chain: tuple = ()
                for a, b in reversed(v):
                    chain = (Op("if", About("owner", a), then=(lasting("item_bonus", b),), orelse=chain),)
                if chain:
                    ab("in_play", chain, key, who=Target("this_card"))
            elif key == "side":
                who = {"munchkin": "munchkin_side", "monster": "monster_side"}.get(v, "chosen_side")
                play([lasting("combat_strength", "bonus", _THIS_COMBAT)], key, _IN_COMBAT, Target(who))
            elif key == "escape":
                who = Target("runners") if vals.get("escape_both") else OWNER
                play([Op("escape", True)], key, Atom(False, "running_away"), who)
            elif key == "discard_monster":
                keep = "keep" if vals.get("leave_treasure") else \
                    "keep_if_alone" if vals.get("keep_treasure") else "none"
                play([Op("leave_combat", keep)], key, _IN_COMBAT, Target("chosen_monster"))
            elif key == "end_combat":
                do = [Op("end_combat", True, params=(("loot_room", True),) if vals.get("loot_room") else ())]
                n = vals.get("draw_treasures") or 0
                if n:
                    do.append(Op("draw", "treasure", _FIGHTER, params=(("count", n),)))
                play(do, key, _IN_COMBAT)
            elif key == "draw_treasures":
                if not vals.get("end_combat") and v:
                    play([Op("draw", "treasure", params=(("count", v),))], key,
                         All((_OWN_TURN, _NO_COMBAT)), OWNER)
            elif key == "bonus_per":
                a, b = v
                play([lasting("combat_strength", Per(b, Target("munchkins", a)), _THIS_COMBAT)], key,
                     _IN_COMBAT, Target("munchkin_side"))
            elif key == "double_fighter":
                play([lasting("strength_twice", True, _THIS_COMBAT)], key,
                     All((_IN_COMBAT, Atom(False, "alone"))), _FIGHTER)
            elif key == "transfer_fighter":
                play([Op("transfer_fighter", True)], key, _IN_COMBAT, Target("chosen_other_player"))
            elif key == "set_die":
                play([Op("set_die", "next")], key, None, OWNER)
            elif key == "take_discard":
                play([Op("take_discard", True)], key, All((_OWN_TURN, _NO_COMBAT)), OWNER)
            elif key == "reroll_escape":
                ab("run_away_rolled", [Op("reroll", True)], key, may=True, from_hand=True,
                   cond=All((Atom(False, "succeeded"), Not(About("player", Atom(False, "role", "owner"))))))
            elif key == "treasures":
                fl = vals.get("min_treasures")
                play([lasting("treasures", v, _THIS_COMBAT, params=(("floor", fl),) if fl else ())], key,
                     _IN_COMBAT, _THIS_MONSTER)
            elif key == "min_level":
                play([lasting("combat_strength", 0, _THIS_COMBAT, params=(("floor", v),))], key,
                     _IN_COMBAT, _THIS_MONSTER)
            elif key in ("not_highest", "needs_hireling"):
                order = [k for k in vals if k in ("not_highest", "needs_hireling") and vals[k]]
                if order and order[0] != key:
                    continue  # one ability for both conditions, at the first of them
                conds = []
                if vals.get("not_highest"):
                    conds.append(Not(Atom(False, "highest_level")))
                if vals.get("needs_hireling"):
                    conds.append(Atom(False, "hireling_in_play"))
                do = [Op("levels", vals.get("levels", 1) or 1)]
                if vals.get("kill_hireling"):
                    do.append(Op("lose_hireling", True, Target("each_player")))
                play(do, key, conds[0] if len(conds) == 1 else All(tuple(conds)), Target("chosen_player"))
            elif key == "after_combat":
                ab("combat_end", [Op("levels", vals.get("levels", 1) or 1)], key,
                   who=Target("chosen_player"), from_hand=True, may=True)
            elif key == "ignore_kicked_curses":
                ab("cursed", [Op("cancel_curse", True)], key, cond=Atom(False, "from_kick"))
            elif key == "mate":
                play([lasting("counts_twice", True, _THIS_COMBAT)], key, _IN_COMBAT, _THIS_MONSTER)
            elif key == "ops":
                if v:
                    ab("hits", v, key)
            elif key in ("persistent", "roll_mod", "next_combat", "only_slot"):
                lost = vals.get("removed_with")
                good = Duration("until_lost", lost) if lost else Duration("good")
                if key == "persistent":
                    if not any(k in vals for k in ("roll_mod", "next_combat", "only_slot")):
                        ab("hits", [lasting("stays", True, good)], key)
                elif key == "roll_mod":
                    ab("hits", [lasting("roll_mod", v, good)], key)
                elif key == "next_combat":
                    ab("hits", [lasting("combat_strength", v, Duration("next_combat"))], key)
                else:
                    ab("hits", [lasting("only_slot", v, Duration("next_combat"))], key)
                if lost and key != "persistent" and "roll_mod" not in vals and \
                        key == next(k for k in eff if k in ("next_combat", "only_slot")):
                    # the card also ends when that item is lost (no roll_mod carries it)
                    ab("hits", [lasting("stays", True, good)], "removed_with")
            elif key == "levels":
                play([Op("levels", v)], key, None, Target("chosen_player"))
            elif key == "wandering_monster":
                play([Op("add_monster", "from_hand")], key, _IN_COMBAT)
            elif key in ("half_breed", "super_munchkin", "hireling"):
                play([lasting(key, True)], key, None, OWNER)
            elif key == "cheat":
                play([lasting("cheat", True)], key, None, Target("chosen_item"))
            elif key == "level_for":
                win = (("winning", True),) if vals.get("may_win") else ()
                play([Op("levels", 1, params=win)], key, None, Target("each_player", v))
            elif key == "cancel_curse":
                play([Op("cancel_curse", True)], key, None, Target("chosen_player"))
            elif key == "steal_level":
                play([Op("levels", -1, Target("chosen_other_player")), Op("levels", 1, OWNER)], key)
            elif key == "swap_monster":
                play([Op("swap_monster", True)], key, _IN_COMBAT, Target("chosen_monster"))
            elif key == "take_item":
                play([Op("take_item", "decisive")], key, _IN_COMBAT, Target("chosen_other_player"))
            elif key == "room_action":
                ab("use", [Op("room_action", v)], key, who=OWNER, label="room action")
            elif key == "room":
                self.room_abilities(v, ab, lasting)
            elif key == "dungeon":
                self.dungeon_abilities(v, ab, lasting)
            elif key == "portal":
                do = []
                if v.get("discard_dungeons"):
                    do.append(Op("discard_dungeons", True))
                d = v.get("draw")
                if _is_int(d) and d:
                    do.append(Op("draw", "dungeon", params=(("count", d),)))
                elif isinstance(d, tuple):
                    do.append(Op("roll", tuple((r, (Op("draw", "dungeon", params=(("count", n),)),))
                                               for r, n in d)))
                if do:
                    ab(("kicked", "played"), do, key)
            elif key == "fairy_dust":
                if v.get("fairy"):
                    ab("in_play", [lasting("fairy", True)], "fairy_dust.fairy", who=_THIS_MONSTER)
        if vals.get("on_draw") == "resolve" and played:
            for i, a in enumerate(out):
                if a in played:
                    out[i] = Ability(a.when + ("drawn",), a.do, a.cond, a.who, a.by, a.may, a.cost, a.limit,
                                     a.label, a.origin)
        if vals.get("own_turn") and played:
            for i, a in enumerate(out):
                if a in played:
                    c = _OWN_TURN if a.cond is None else All((_OWN_TURN, a.cond))
                    out[i] = Ability(a.when, a.do, c, a.who, a.by, a.may, a.cost, a.limit, a.label, a.origin)
        return out

    def room_abilities(self, r: dict, ab, lasting) -> None:
        """Room tile short forms, in the order the rooms module applies them on entry."""
        munch, mons, runners, card = (Target("munchkins"), Target("monsters"), Target("runners"),
                                      Target("this_card"))
        if r.get("on_exit"):
            ab("leave_room", r["on_exit"], "room.on_exit")
        if r.get("on_entry"):
            ab("enter_room", r["on_entry"], "room.on_entry")
        if r.get("run_away_roll_required"):
            fail = r.get("on_fail") or (Op("manual", "Run Away failed in this room"),)
            ab("enter_room", [Op("run_away_roll", True, params=(("fail", tuple(fail)),))],
               "room.run_away_roll_required")
        if r.get("destroy"):
            ab("enter_room", [Op("destroy_rooms", r["destroy"])], "room.destroy")
        fm = r.get("forced_move")
        if fm:
            cond = All((Not(Atom(False, "room_has_cards")), Not(Atom(False, "forced_entry"))))
            op = Op("manual", "forced move, direction not known") if fm is True else Op("move", fm)
            ab("enter_room", [op], "room.forced_move", cond=cond)
        if r.get("combat_bonus"):
            ab("in_play", [lasting("combat_strength", r["combat_bonus"])], "room.combat_bonus",
               cond=_HERE, who=munch)
        if r.get("monster_bonus"):
            ab("in_play", [lasting("combat_strength", r["monster_bonus"])], "room.monster_bonus",
               cond=_HERE, who=mons)
        if r.get("run_away"):
            ab("in_play", [lasting("run_away", r["run_away"])], "room.run_away", cond=_HERE, who=runners)
        if r.get("run_away_automatic_unless_fight"):
            ab("in_play", [lasting("auto_escape", True)], "room.run_away_automatic_unless_fight",
               cond=All((_HERE, Not(Atom(False, "fought")))), who=runners)
            n = r.get("fight_draws", 2)
            if n:
                ab("fight_declared", [Op("add_doors", n)], "room.fight_draws", cond=_HERE, who=_FIGHTER)
        for flag, op in (("indestructible", "indestructible"), ("start", "start_room"),
                         ("full_level_must_count", "full_level_must_count"),
                         ("items_optional", "items_optional"),
                         ("lowest_combat_strength_excludes_one_shots", "lowest_strength_excludes_one_shots")):
            if r.get(flag):
                ab("in_play", [lasting(op, True)], f"room.{flag}", who=card)

    def dungeon_abilities(self, d: dict, ab, lasting) -> None:
        for i, (a, b) in enumerate(d.get("bonus_if", ())):
            ab("in_play", [lasting("combat_strength", b)], f"dungeon.bonus_if[{i}]",
               who=Target("munchkins", a))
        for i, (t, b) in enumerate(d.get("vs_tag", ())):
            ab("in_play", [lasting("combat_strength", b)], f"dungeon.vs_tag[{i}]",
               who=Target("munchkins"), cond=About("any_monster", Atom(False, "tag", t)))
        if d.get("vehicle_bonus"):
            ab("in_play", [lasting("combat_strength", d["vehicle_bonus"])], "dungeon.vehicle_bonus",
               who=Target("munchkins", Atom(False, "riding")))
        rev = d.get("on_reveal") or {}
        do = []
        if rev.get("reshuffle_door_discards"):
            do.append(Op("reshuffle", "door"))
        if rev.get("each_draws_door"):
            do.append(Op("draw", "door", Target("each_player"), params=(("count", 1),)))
        if do:
            ab("revealed", do, "dungeon.on_reveal")


#: The expansion parts the rules modules own (kept as records on ``Program.parts``).
_PART_KEYS = ("room", "room_action", "dungeon", "portal", "fairy_dust", "vehicle")
#: The op lists of a room record (compiled in the record).
_ROOM_OPS = ("on_entry", "on_exit", "on_fail")


def _part_record(raw: Any, parsed: Any) -> FrozenDict:
    """A module-owned part as the rules module reads it: the card's record (frozen), its op
    lists replaced by the compiled ops."""
    rec = dict(_freeze(raw))
    if isinstance(parsed, Mapping):
        for k in _ROOM_OPS:
            if k in rec and k in parsed:
                rec[k] = parsed[k]
    return FrozenDict(rec)
