"""The pure interpreter parts against a tiny fake game: conditions, targets, amounts and the
ledger of lasting changes."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from munchkin_lab.engine.lang import Context, Duration, Ledger, Target, amount_of, evaluate, expand, resolve
from munchkin_lab.engine.lang.expand import Compiler
from munchkin_lab.engine.lang.interp import CombatView, ItemView, Resolution


@dataclass
class P:
    level: int = 1
    races: tuple = ()
    classes: tuple = ()
    gender: str = "male"
    alive: bool = True
    items: tuple = ()          # ItemView in use
    in_play: tuple = ()        # card ids in play
    hireling: bool = False
    room: int = -1
    strength: int | None = None


@dataclass
class FakeWorld:
    """Seats 0..n-1; monsters are card ids with tags/levels; card names by id."""

    players: list
    active_seat: int = 0
    phase_name: str = "combat"
    fight: CombatView | None = None
    tags: dict = field(default_factory=dict)
    mlevels: dict = field(default_factory=dict)
    names: dict = field(default_factory=dict)
    dungeon_names: tuple = ()
    half_breed: tuple = ()     # seats whose single Race is hidden when `against`

    def seat_count(self): return len(self.players)
    def alive(self, s): return self.players[s].alive
    def active(self): return self.active_seat
    def phase(self): return self.phase_name
    def level(self, s): return self.players[s].level

    def races(self, s, against=False):
        p = self.players[s]
        if against and s in self.half_breed and len(p.races) == 1:
            return ()
        return p.races

    def classes(self, s, against=False): return self.players[s].classes
    def gender(self, s): return self.players[s].gender
    def in_use(self, s): return self.players[s].items
    def items_in_play(self, s): return self.players[s].in_play
    def card_name(self, c): return self.names.get(c, "")
    def has_hireling(self, s): return self.players[s].hireling
    def stands_in(self, s, room): return self.players[s].room == room

    def strength(self, s, one_shots=True):
        p = self.players[s]
        return p.strength if p.strength is not None else p.level

    def combat(self): return self.fight
    def monster_tags(self, m): return frozenset(self.tags.get(m, ()))
    def monster_level(self, m): return self.mlevels.get(m, 1)
    def dungeons(self): return self.dungeon_names


def cond(text):
    c = Compiler()
    out = c.cond(text, ())
    assert not c.problems, c.problems
    return out


def target(v):
    c = Compiler()
    out = c.target(v, ())
    assert not c.problems, c.problems
    return out


@pytest.fixture
def world():
    # Ann (0) Elf Warrior L4 fights monster 100 (Undead, L10) with helper Bob (1, Dwarf L2);
    # Cid (2) L7 Cleric; Dee (3) dead; Eve (4) L2 female.
    w = FakeWorld([P(4, ("elf",), ("warrior",), items=(ItemView("boots of butt-kicking", "footgear"),
                                                       ItemView("snow mobile", "vehicle", True))),
                   P(2, ("dwarf",)), P(7, (), ("cleric",), hireling=True, room=55),
                   P(9, alive=False), P(2, gender="female", room=55, in_play=(201,))],
                  fight=CombatView(0, 1, (100, 101), runners=(0, 1), stage="fight", winning=True,
                                   used=("flaming armor",)),
                  tags={100: {"undead"}, 101: set()}, mlevels={100: 10, 101: 2},
                  names={100: "mr. bones", 101: "lame goblin", 201: "eleven-foot pole"},
                  dungeon_names=("k-ghoul mart",))
    return w


def ctx(**kw):
    base = dict(source=500, owner=0, player=0, monster=100)
    base.update(kw)
    return Context(**base)


def test_player_atoms(world):
    c = ctx()
    assert evaluate(cond("race:elf"), c, world)
    assert not evaluate(cond("human"), c, world)
    assert evaluate(cond("human"), ctx(player=2), world)
    assert evaluate(cond("class:priest"), ctx(player=2), world)  # alias of cleric
    assert evaluate(cond("level>=4"), c, world) and not evaluate(cond("level>4"), c, world)
    assert evaluate(cond("gender:female"), ctx(player=4), world)
    assert evaluate(cond("riding"), c, world) and evaluate(cond("wears:footgear"), c, world)
    assert evaluate(cond("wears:big"), c, world) and not evaluate(cond("wears:headgear"), c, world)
    assert evaluate(cond("has_item:pole"), ctx(player=4), world)
    assert evaluate(cond("has_hireling"), ctx(player=2), world)
    assert evaluate(cond("highest_level"), ctx(player=2), world)  # Dee (L9) is dead: not counted
    assert evaluate(cond("lowest_level"), ctx(player=1), world) and evaluate(cond("lowest_level"), ctx(player=4), world)
    assert evaluate(cond("higher_level"), ctx(player=2), world)    # 7 > owner Ann's 4
    assert evaluate(cond("lower_level"), ctx(player=1), world)
    assert evaluate(cond("here"), ctx(player=2, source=55), world) and not evaluate(cond("here"), ctx(source=55), world)
    for role, seat in (("fighter", 0), ("helper", 1), ("runner", 1), ("active", 0), ("owner", 0), ("in_combat", 1)):
        assert evaluate(cond(f"role:{role}"), ctx(player=seat), world), role
    assert not evaluate(cond("role:in_combat"), ctx(player=2), world)


def test_against_hides_a_half_breeds_single_race(world):
    world.half_breed = (0,)
    assert evaluate(cond("race:elf"), ctx(), world)
    assert not evaluate(cond("race:elf"), ctx(against=True), world)


def test_monster_and_game_atoms(world):
    c = ctx()
    assert evaluate(cond({"monster": "tag:undead"}), c, world)
    assert evaluate(cond("tag:undead"), c, world)                   # player subject: the event's monster
    assert not evaluate(cond("tag:undead"), ctx(monster=101), world)
    assert evaluate(cond({"monster": "level>=10"}), c, world)
    assert evaluate(cond({"any_monster": "name:goblin"}), c, world)
    assert not evaluate(cond({"all_monsters": "tag:undead"}), c, world)
    assert evaluate(cond(["in_combat", "helped", "winning", "!alone", "own_turn", "monsters=2", "players>=5"]), c, world)
    assert not evaluate(cond("running_away"), c, world) and not evaluate(cond("no_roll_yet"), c, world)
    world.fight = CombatView(0, 1, (100, 101), runners=(0, 1), stage="run")
    assert evaluate(cond(["running_away", "no_roll_yet"]), c, world)
    world.fight = CombatView(0, 1, (100, 101), runners=(0, 1), stage="run", rolls=1, winning=True,
                             used=("flaming armor",))
    assert not evaluate(cond("no_roll_yet"), c, world)
    assert evaluate(cond("used:flaming"), c, world) and not evaluate(cond("used:napalm"), c, world)
    assert evaluate(cond("dungeon:k-ghoul mart"), c, world) and evaluate(cond("hireling_in_play"), c, world)
    assert evaluate(cond("phase:combat"), c, world)
    assert not evaluate(cond("first_roll"), c, world)
    assert evaluate(cond("first_roll"), ctx(facts={"first_roll": True}), world)
    assert not evaluate(cond("for_winning_level"), c, world)
    world.players[0].level = 9
    assert evaluate(cond("for_winning_level"), c, world)
    world.fight = None
    assert not evaluate(cond("in_combat"), c, world) and not evaluate(cond({"fighter": "race:elf"}), c, world)


def test_subjects_and_combinators(world):
    c = ctx(player=2)
    assert evaluate(cond({"any_munchkin": "race:dwarf"}), c, world)
    assert not evaluate(cond({"all_munchkins": "race:dwarf"}), c, world)
    assert evaluate(cond({"fighter": "class:warrior"}), c, world)
    assert evaluate(cond({"helper": "race:dwarf"}), c, world)
    assert evaluate(cond({"owner": "race:elf"}), c, world)
    assert evaluate(cond({"and": ["class:cleric", {"or": ["race:elf", "human"]}]}), c, world)
    assert evaluate(cond({"not": {"fighter": "race:dwarf"}}), c, world)
    world.fight = CombatView(0)  # alone
    assert not evaluate(cond({"helper": "race:dwarf"}), c, world)
    assert evaluate(cond("alone"), c, world)


def test_targets_resolve_over_seats(world):
    c = ctx(player=1)
    r = lambda v, **k: resolve(target(v), ctx(**{**dict(player=1), **k}), world).items  # noqa: E731
    assert r("each_player") == (1, 2, 4, 0)            # from the player, the dead skipped
    assert r("other_players") == (2, 4, 0)
    assert r("left_neighbour") == (2,) and r("right_neighbour") == (0,) and r("neighbours") == (2, 0)
    assert r("lowest_level") == (1, 4) and r("highest_level") == (2,)
    assert r("munchkins") == (0, 1) and r("fighter") == (0,) and r("helper") == (1,) and r("runners") == (0, 1)
    assert r("owner") == (0,) and r("active_player") == (0,)
    assert r("players_here", source=55) == (2, 4)
    assert r({"select": "each_player", "where": "race:elf"}) == (0,)
    assert r({"select": "monsters", "where": "tag:undead"}) == (100,)
    assert r("other_monsters") == (101,) and r("this_monster") == (100,)
    world.players[4].strength = -1
    assert r("lowest_strength") == (4,)
    ch = resolve(target("chosen_other_player"), c, world)
    assert ch == Resolution("player", (1, 2, 4), True)
    assert resolve(target("chosen_side"), c, world) == Resolution("side", ("munchkins", "monsters"), True)
    assert resolve(target("chosen_item"), ctx(owner=4), world) == Resolution("card", (201,), True)
    assert resolve(target("this_card"), c, world) == Resolution("card", (500,), False)
    world.fight = None
    assert r("fighter") == () and r("monsters") == ()


def test_amounts(world):
    prog = expand({"abilities": [{"when": "in_play", "who": "owner", "do": [
        {"combat_strength": {"each": 2, "per": {"select": "monsters", "where": "tag:undead"}}},
        {"combat_strength": "bonus"}, {"combat_strength": 3}]}]})
    vals = [amount_of(op.value, ctx(bonus=5), world) for op in prog.abilities[0].do]
    assert vals == [2, 5, 3]
    world.tags[101] = {"undead"}
    assert amount_of(prog.abilities[0].do[0].value, ctx(), world) == 4


def test_a_short_form_runs_through_the_pure_parts(world):
    """Drooling Slime's bonus: +4 once when the fighter or the helper is an Elf."""
    (ab,) = expand({"bonus_vs": [{"if": "race:elf", "bonus": 4}]}, "monster").abilities
    c = ctx(owner=-1, player=0, monster=100, against=True)
    assert evaluate(ab.cond, c, world)
    assert resolve(ab.who, c, world).items == (100,)
    assert amount_of(ab.do[0].value, c, world) == 4
    world.players[0].races = ()
    assert not evaluate(ab.cond, c, world)


# --------------------------------------------------------------------------- ledger


def test_ledger_totals_and_endings():
    L = Ledger()
    L = L.add(7, ("player", 0), "combat_strength", -5, Duration("next_combat"))
    L = L.add(8, ("player", 0), "combat_strength", 2, Duration("this_combat"))
    # this_combat made outside a combat: for the combat about to start (ends with it, or with the turn)
    L = L.add(8, ("player", 1), "combat_strength", 9, Duration("this_combat"))
    L = L.add(9, ("player", 0), "roll_mod", -1, Duration("until_lost", "headgear"))
    L = L.add(10, ("player", 1), "must_help", True, Duration("until_next_turn"))
    L = L.add(11, ("monster", 100), "grant_tag", "undead", Duration("this_combat"))
    L = L.add(12, ("player", 2), "roll_mod", 1, Duration("this_turn"))
    L = L.add(13, ("player", 3), "combat_strength", -2, Duration("good"))
    L = L.add(14, ("player", 3), "hand_limit", 1, Duration("in_play"))
    assert L.total("combat_strength", ("player", 0)) == -3
    assert L.total("combat_strength", ("player", 1)) == 9
    Lt, ended = L.turn_ended()  # no combat came: a this_combat change ends with the turn
    assert {e.source for e in ended} == {8, 11, 12} and Lt.total("combat_strength", ("player", 1)) == 0
    assert L.has("must_help", ("player", 1)) and not L.has("must_help", ("player", 0))
    assert L.tags(("monster", 100), printed={"ghost"}) == {"ghost", "undead"}
    # a combat Bob fought ends: this_combat changes end, Ann's next_combat stays (she was not in it)
    L2, ended = L.combat_ended(participants=(1,), monsters=(100,))
    assert {e.source for e in ended} == {8, 11} and L2.total("combat_strength", ("player", 1)) == 0
    assert L2.total("combat_strength", ("player", 0)) == -5
    L3, ended = L2.combat_ended(participants=(0,))
    assert [e.source for e in ended] == [7] and L3.total("combat_strength", ("player", 0)) == 0
    L4, ended = L3.item_lost(0, "armor")
    assert ended == () and L4 is L3
    L4, ended = L3.item_lost(0, "headgear")
    assert [e.source for e in ended] == [9] and not L4.holds(9)
    L5, ended = L4.turn_started(0)
    assert ended == ()
    L5, ended = L4.turn_started(1)
    assert [e.name for e in ended] == ["must_help"]
    L6, ended = L5.turn_ended()
    assert [e.source for e in ended] == [12]
    L7, ended = L6.left_play(14)
    assert [e.source for e in ended] == [14] and L7.holds(13)
    L8, ended = L7.cancel(13)
    assert [e.source for e in ended] == [13] and L8.entries == ()


def test_ledger_left_combat_ends_the_leavers_this_combat_changes_of_those_sources_and_their_next_combat_ones():
    L = Ledger()
    L = L.add(4, ("player", 0), "combat_strength", 2, Duration("this_combat"))   # Ann's Class
    L = L.add(5, ("player", 0), "combat_strength", 3, Duration("this_combat"))   # a One-Shot on Ann
    L = L.add(4, ("player", 0), "run_away", 1, Duration("next_combat"))
    L = L.add(7, ("player", 1), "combat_strength", -5, Duration("next_combat"))  # a Curse on Bob
    L = L.add(6, ("player", 1), "combat_strength", 1, Duration("this_combat"))   # Bob's Class
    L2, ended = L.left_combat((0,), (4, 6))
    # Ann's next-combat change is spent on the combat she leaves (core rules, 10. Curses)
    assert [(e.source, e.target, e.name) for e in ended] == [(4, ("player", 0), "combat_strength"),
                                                             (4, ("player", 0), "run_away")]
    assert L2.total("combat_strength", ("player", 0)) == 3 and L2.total("run_away", ("player", 0)) == 0
    assert L2.total("combat_strength", ("player", 1)) == -4
    L3, ended = L2.left_combat((1,), (4,))  # Bob's Class is not a source asked: only his Curse's -5 ends
    assert [(e.source, e.target, e.name) for e in ended] == [(7, ("player", 1), "combat_strength")]
    assert L3.total("combat_strength", ("player", 1)) == 1
    L4, ended = L3.left_combat((2,), (4, 6))
    assert ended == () and L4 is L3


def test_ledger_next_turn_waits_for_the_targets_turn():
    # Scooby-Doo rules, Curses: a "your next turn" change made on the player whose turn it is
    # counts now and ends with this turn; made on another player it waits for their turn
    L = Ledger().add(5, ("player", 0), "combat_strength", -3, Duration("next_turn"), active=0)
    L = L.add(6, ("player", 1), "combat_strength", -2, Duration("next_turn"), active=0)
    L = L.add(6, ("player", 1), "no_help", True, Duration("next_turn"), active=0)
    assert L.total("combat_strength", ("player", 0)) == -3
    assert L.total("combat_strength", ("player", 1)) == 0 and not L.has("no_help", ("player", 1))
    assert L.holds(6) and Ledger.from_data(L.to_data()) == L
    L2, ended = L.turn_ended()
    assert [e.source for e in ended] == [5] and L2.holds(6)
    L3, ended = L2.turn_started(1)
    assert ended == () and L3.total("combat_strength", ("player", 1)) == -2 and L3.has("no_help", ("player", 1))
    L4, ended = L3.turn_ended()
    assert [e.source for e in ended] == [6, 6] and L4.entries == ()


def test_ledger_data_round_trip_and_immutability():
    L = Ledger().add(3, ("player", 1), "only_slot", "armor", Duration("next_combat"))
    assert Ledger.from_data(L.to_data()) == L
    assert L.values("only_slot", ("player", 1)) == ("armor",)
    L2 = L.add(4, ("side", "munchkins"), "combat_strength", 5, Duration("this_combat"))
    assert len(L.entries) == 1 and len(L2.entries) == 2
    L3, ended = L2.combat_ended(participants=())
    assert [e.source for e in ended] == [4] and L3.entries == L.entries
