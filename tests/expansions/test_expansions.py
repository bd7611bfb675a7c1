"""Expansion rules modules (issue 4): scenario suites, bad input, random mixed playouts with the
core invariants (card conservation, Levels 1..10, undo/redo identity, exact replay)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from munchkin_lab.engine import Action, CardSpec, Game, GameOptions
from munchkin_lab.scenarios.runner import run_file

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SUITES = ("fairy_dust", "scooby_doo", "star_munchkin_adventures")
FILES = [p for s in SUITES for p in sorted((ROOT / s).glob("*.yaml"))]


@pytest.mark.parametrize("suite", SUITES)
def test_at_least_10_scenarios_per_expansion(suite):
    assert len(list((ROOT / suite).glob("*.yaml"))) >= 10


@pytest.fixture(scope="module")
def resolver(tmp_path_factory):
    """Card names not defined inline resolve through a freshly built temp card database of every
    shipped set, as ``munchkin-lab scenario run`` does (scenarios README: inline first, then the
    database), so a rulebook example can be replayed with the cards as stored."""
    from munchkin_lab.cards.build import build
    from munchkin_lab.scenarios.runner import database_resolver

    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'cards.sqlite'}"
    build(url=url)
    resolve = database_resolver(url=url)
    resolve.url = url  # (for a test that reads a set's cards itself)
    return resolve


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path, resolver):
    r = run_file(path, resolver)
    assert r.ok, r.line()


_SETS_SCENARIO = """
players:
  - {name: Ann, hand: [Cheat!, Potion of General Studliness]}
  - {name: Bob}
sets: %s
expect: {players.Ann.hand#: 2}
"""


def test_a_scenario_s_sets_are_looked_in_first_then_every_set(resolver, tmp_path):
    """Scenarios README, ``sets:``: a name means the listed sets' card first (Scooby-Doo's own
    Cheat!), a name they do not hold still resolves (the base game's Potion), an unknown set code
    is a FAIL naming it; without ``sets`` the base game's card."""
    from munchkin_lab.scenarios.runner import database_resolver

    scooby = database_resolver(["scooby_doo"], url=resolver.url)
    assert scooby("Cheat!").set == "scooby_doo" and resolver("Cheat!").set == "munchkin"
    assert scooby("Potion of General Studliness").set == "munchkin"
    assert resolver.with_sets(["scooby_doo"])("Cheat!").set == "scooby_doo"
    p = tmp_path / "s.yaml"
    p.write_text(_SETS_SCENARIO % "[scooby_doo]")
    assert run_file(p, resolver).ok
    p.write_text(_SETS_SCENARIO % "[scooby_do]")
    r = run_file(p, resolver)
    assert not r.ok and "unknown set(s) scooby_do" in r.line(), r.line()


def C(**kw):
    return CardSpec.make(**kw)


CORE = [
    (C(name="Goblin", set="munchkin", kind="monster", deck="door", level=2, treasures=1), 10),
    (C(name="Ogre", set="munchkin", kind="monster", deck="door", level=8, treasures=2,
       effects={"bad_stuff": [{"lose_levels": 2}]}), 6),
    (C(name="Zombie", set="munchkin", kind="monster", deck="door", level=4, treasures=1, tags=["undead"],
       effects={"bad_stuff": [{"death": True}]}), 4),
    (C(name="Elf", set="munchkin", kind="race", deck="door"), 3),
    (C(name="Warrior", set="munchkin", kind="class", deck="door"), 3),
    (C(name="Huge", set="munchkin", kind="monster_enhancer", deck="door", bonus=5, effects={"treasures": 1}), 4),
    (C(name="Frog", set="munchkin", kind="curse", deck="door", effects={"ops": [{"lose_levels": 1}]}), 4),
    (C(name="Wandering Monster", set="munchkin", kind="special", deck="door", effects={"wandering_monster": True}), 2),
    (C(name="Sword", set="munchkin", kind="item", deck="treasure", bonus=3, slot="one_hand", gold=400), 10),
    (C(name="Helm", set="munchkin", kind="item", deck="treasure", bonus=1, slot="headgear", gold=200), 8),
    (C(name="Potion", set="munchkin", kind="one_shot", deck="treasure", bonus=3, gold=200), 10),
    (C(name="Level Up", set="munchkin", kind="go_up_a_level", deck="treasure"), 4),
]
FAIRY = [
    (C(name="Sparkly Good Fairy", set="fairy_dust", kind="monster", deck="door", manual=True), 1),
    (C(name="Dust", set="fairy_dust", kind="fairy_dust", deck="fairy_dust", manual=True), 6),
    (C(name="Dust Ring", set="fairy_dust", kind="fairy_dust", deck="fairy_dust", gold=300), 4),
]
SCOOBY = [
    (C(name="K-Ghoul Mart", set="scooby_doo", kind="dungeon", deck="dungeon"), 1),
    (C(name="Crystal Cove Neighborhood", set="scooby_doo", kind="dungeon", deck="dungeon"), 1),
    (C(name="Drive-In Movie Theater", set="scooby_doo", kind="dungeon", deck="dungeon"), 1),
    (C(name="Creepy Cemetery Entrance", set="scooby_doo", kind="portal", deck="door"), 4),
    (C(name="Snow Ghost", set="scooby_doo", kind="monster", deck="door", level=8, treasures=2, tags=["ghost"]), 3),
    (C(name="Pirate", set="scooby_doo", kind="monster", deck="door", level=3, treasures=1, tags=["pirate"]), 3),
    (C(name="Ghost Hunters", set="scooby_doo", kind="class", deck="door"), 2),
    (C(name="Teen Sleuth", set="scooby_doo", kind="class", deck="door"), 2),
    (C(name="Snow Mobile", set="scooby_doo", kind="item", deck="treasure", bonus=3, slot="vehicle", big=True, gold=500), 3),
    (C(name="Fred", set="scooby_doo", kind="character", deck="character"), 3),
    (C(name="Velma", set="scooby_doo", kind="character", deck="character"), 3),
]
SMA = [
    (C(name="START", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"indestructible": True}}), 1),
    (C(name="Corridor", set="star_munchkin_adventures", kind="room_tile", deck="room_tile"), 8),
    (C(name="Lab", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"combat_bonus": 2, "on_exit": [{"lose_levels": 1}]}}), 2),
    (C(name="Conveyor", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"forced_move": "E"}}), 2),
    (C(name="Bomb Bay", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"destroy": "N"}}), 2),
    (C(name="Brig", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"run_away_automatic_unless_fight": True}}), 1),
    (C(name="Shaft", set="star_munchkin_adventures", kind="room_tile", deck="room_tile",
       effects={"room": {"run_away_roll_required": True, "on_fail": [{"lose_levels": 1}]}}), 1),
    (C(name="Trap", set="star_munchkin_adventures", kind="trap", deck="door", effects={"ops": [{"lose_levels": 1}]}), 3),
    (C(name="Psychic", set="star_munchkin", kind="class", deck="door"), 2),
    (C(name="Bug", set="star_munchkin", kind="race", deck="door"), 2),
]
MIXES = {"core+fairy+scooby": CORE + FAIRY + SCOOBY, "sma": CORE + SMA}
OPTS = {"fairy_dust": {"fairy_level": 6}, "rooms": {"bug_900": True}}


def _check(g, total):
    z = g.all_zones()
    assert len(z) == total and len(set(z)) == total, "a card is lost or duplicated"
    for p in g.state.players:
        assert 1 <= p.level <= 10


def _playout(deck, seed, players=3, max_turns=8, history=False, each=None):
    g = Game.new(players=players, deck=deck, seed=seed, history=history,
                 options=GameOptions(max_turns=max_turns, module_options=OPTS))
    rnd = random.Random(seed)
    total = sum(n for _, n in deck)
    _check(g, total)
    steps = 0
    while g.outcome() is None and steps < 3000:
        acts = g.legal_actions()
        assert acts, f"no legal action: {g.state.phase} {g.state_dict()['pending']}"
        g.play(rnd.choice(acts))
        steps += 1
        _check(g, total)
        if each:
            each(g)
    return g


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_random_mixed_games_conserve_cards(mix):
    for seed in range(150):
        _playout(MIXES[mix], seed, players=2 + seed % 4)


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_undo_redo_and_replay(mix):
    def each(g):
        before = g.state_dict()
        g.undo()
        g.redo()
        assert g.state_dict() == before

    for seed in range(6):
        g = _playout(MIXES[mix], seed, players=3, max_turns=5, history=True, each=each)
        g2 = Game.from_json(g.to_json())
        assert g2.state_dict() == g.state_dict()


def test_modules_switched_on_by_sets():
    g = Game.new(players=3, deck=MIXES["core+fairy+scooby"], seed=1)
    assert {"fairy_dust", "scooby_doo"} <= {m.name for m in g.modules}
    sd = g.state_dict()
    assert len(sd["module_state"]["scooby_doo"]["dungeons"]) == 1
    assert len(sd["module_state"]["scooby_doo"]["characters"]) == 3


def test_dungeons_without_dungeon_deck_is_an_error():
    with pytest.raises(ValueError, match="no Dungeon card"):
        Game.new(players=3, deck=CORE + SCOOBY[3:], seed=1)
    # switched off explicitly: fine
    Game.new(players=3, deck=CORE + SCOOBY[3:], seed=1,
             options=GameOptions(module_options={"scooby_doo": {"dungeons": False}}))


def test_start_dungeon_option():
    g = Game.new(players=3, deck=MIXES["core+fairy+scooby"], seed=3,
                 options=GameOptions(module_options={"scooby_doo": {"start_dungeon": "Drive-In Movie Theater"}}))
    assert g.state_dict()["module_state"]["scooby_doo"]["dungeons"] == ["Drive-In Movie Theater"]
    with pytest.raises(ValueError, match="start_dungeon"):
        Game.new(players=3, deck=MIXES["core+fairy+scooby"], seed=3,
                 options=GameOptions(module_options={"scooby_doo": {"start_dungeon": "Nowhere"}}))


def test_k_ghoul_mart_as_the_first_dungeon_is_revealed():
    """The set-up turns the first Dungeon face up: a K-Ghoul Mart there is revealed, every
    player draws a face-down Door besides the opening deal (Scooby-Doo rules, Set-Up; the
    card's on-reveal text); another first Dungeon gives nobody a fifth Door."""
    def doors(start):
        g = Game.new(players=3, deck=MIXES["core+fairy+scooby"], seed=3,
                     options=GameOptions(module_options={"scooby_doo": {"start_dungeon": start}}))
        return [sum(1 for c in p.hand if g.specs[c].deck == "door") for p in g.state.players]
    assert doors("K-Ghoul Mart") == [5, 5, 5]
    assert doors("Drive-In Movie Theater") == [4, 4, 4]


def test_grid_without_start_is_an_error():
    with pytest.raises(ValueError, match="no START"):
        Game.new(players=3, deck=CORE + SMA[1:], seed=1)


def test_fairy_top_option_puts_her_in_the_top_part():
    deck = [(CardSpec.make(name="Elf", set="munchkin", kind="race", deck="door"), 60)] + FAIRY[:1]
    for seed in range(20):
        g = Game.new(players=2, deck=deck, seed=seed, deal=False,
                     options=GameOptions(module_options={"fairy_dust": {"fairy_top": True}}))
        door = g.state.decks["door"]
        fairy = g.card_ids("Sparkly Good Fairy")[0]
        assert fairy in door[-10:]


def test_character_swap_after_death():
    g = Game.new(players=3, deck=MIXES["core+fairy+scooby"], seed=5,
                 options=GameOptions(setup_window=False))
    seat = g.state.active
    g.state.module_state["scooby_doo"]["may_swap"].append(seat)  # as after a death
    g.begin()
    ms = g.state.module_state["scooby_doo"]
    assert not [a for a in g.legal_actions() if a.kind == "character"]  # begin() rebuilds: no death yet
    ms["may_swap"].append(seat)
    old = ms["characters"][str(seat)]
    acts = [a for a in g.legal_actions() if a.kind == "character"]
    assert acts
    g.play(acts[0])
    ms = g.state.module_state["scooby_doo"]
    assert ms["characters"][str(seat)] == acts[0].card
    assert old in g.state.decks["character"]
    assert seat not in ms["may_swap"]


def test_ghosts_without_dungeons_play_with_dungeons_off():
    """Scooby-Doo Ghost/Pirate monsters, Vehicles and Characters but no Dungeon or Portal
    card: the module stays on (joining, Characters) and plays without Dungeons."""
    no_dungeons = [pair for pair in SCOOBY if pair[0].kind not in ("dungeon", "portal")]
    g = Game.new(players=3, deck=CORE + no_dungeons, seed=1)
    assert "scooby_doo" in {m.name for m in g.modules}
    ms = g.state_dict()["module_state"]["scooby_doo"]
    assert ms["dungeons"] == [] and ms["dungeon_deck"] == 0
    assert len(ms["characters"]) == 3
    assert not any(a.kind == "exit" for a in g.legal_actions())
    # asking for Dungeons explicitly still needs a Dungeon card
    with pytest.raises(ValueError, match="no Dungeon card"):
        Game.new(players=3, deck=CORE + no_dungeons, seed=1,
                 options=GameOptions(module_options={"scooby_doo": {"dungeons": True}}))


def _set_card(set_code, name):
    """The CardSpec of ``name`` as stored in ``database/sets/<set_code>.yaml`` (no database)."""
    import yaml

    from munchkin_lab import config
    data = yaml.safe_load((config.DATABASE_DIR / "sets" / f"{set_code}.yaml").read_text())
    fields = ("name", "kind", "deck", "level", "treasures", "levels_gained", "bonus", "slot", "big",
              "gold", "tags", "effects", "manual", "usable_by", "not_usable_by")
    cd = next(c for c in data["cards"] if c["name"] == name)
    return CardSpec.make(set=set_code, **{k: v for k, v in cd.items() if k in fields})


def test_scooby_snacks_data_gives_five_alone_and_ten_with_a_helper():
    """The stored Scooby Snacks (Scooby-Doo rules, One-Shots): +5 to the munchkin side, +10
    when there is a helper; never for the monsters."""
    snacks = _set_card("scooby_doo", "Scooby Snacks")
    assert snacks.manual is False and snacks.bonus is None
    ghost = C(name="Phantom", set="scooby_doo", kind="monster", deck="door", level=12, treasures=1, tags=["ghost"])
    g = Game.new(players=["Ann", "Bob"], deck=[ghost, snacks, snacks], seed=1, deal=False,
                 options=GameOptions(setup_window=False, modules=("scooby_doo",),
                                     module_options={"scooby_doo": {"dungeons": False}}))
    s = g.state
    s.decks["door"] = [0]
    s.decks["treasure"] = []
    s.players[0].hand = [1, 2]
    s.players[0].level = 2
    s.players[1].level = 2
    g.begin()
    g.play("0 kick")
    assert "munchkin side" in g.why_not(Action.parse("0 play c=1 n=1"))
    g.play("0 play c=1 n=0")
    assert g.strengths() == (7, 12)
    g.play("0 ask_help t=1")
    g.play("1 accept")
    assert g.strengths() == (14, 12) and g.munchkins_win()


def test_character_dealt_at_setup_is_in_play():
    """Scooby-Doo Set-Up deals every player a Character card: it comes into play then - a
    manual one is resolved by hand (a ``manual`` decision per player, in seat order), its
    continuous abilities count for its owner, ``state_dict`` names it in the player's entry."""
    nemo = C(name="Captain Nemo", set="scooby_doo", kind="character", deck="character",
             effects={"abilities": [{"when": "in_play", "who": "owner", "do": [{"combat_strength": 2}]}]})
    odd = C(name="Odd One", set="scooby_doo", kind="character", deck="character", manual=True)
    g = Game.new(players=3, deck=CORE + [(odd, 3)], seed=2,
                 options=GameOptions(module_options={"scooby_doo": {"dungeons": False}}))
    pend = g.state_dict()["pending"]
    assert [(d["kind"], d["player"], d["card"]) for d in pend] == [("manual", i, "Odd One") for i in range(3)]
    assert [p["character"] for p in g.state_dict()["players"]] == ["Odd One"] * 3
    g = Game.new(players=3, deck=CORE + [(nemo, 3)], seed=2,
                 options=GameOptions(module_options={"scooby_doo": {"dungeons": False}}))
    assert not g.state_dict()["pending"]
    assert [g.player_strength(i) - g.state.players[i].level for i in range(3)] == [2, 2, 2]
    core_only = Game.new(players=3, deck=CORE, seed=2)
    assert "character" not in core_only.state_dict()["players"][0]


def test_the_scooby_doo_super_munchkin_card_runs_as_the_core_one(resolver):
    """Scooby-Doo rules, Character Stats: Super Munchkin works as the core card (two Classes, or
    one with its advantages only; never the same Class twice): the set's own card runs in the
    engine, no longer handed to a person (it was ``manual`` with no effects)."""
    from munchkin_lab.cards.api import load_specs
    from munchkin_lab.scenarios.runner import build_game

    ours = next(sp for sp, _ in load_specs(sets=["scooby_doo"], url=resolver.url) if sp.name == "Super Munchkin")
    assert not ours.manual
    g = build_game({"options": {"modules": ["scooby_doo"]},
                    "players": [{"name": "Ann", "level": 3, "class": "Ghost Hunters", "super_munchkin": "Super Munchkin",
                                 "hand": ["Ghost Hunters", "Teen Sleuth"]}, {"name": "Bob"}],
                    "decks": {"dungeon_in_play": ["Drive-In Movie Theater"]}, "phase": "trouble"},
                   lambda n: ours if n == "Super Munchkin" else resolver(n))
    sleuth = next(c for c in g.state.players[0].hand if g.name(c) == "Teen Sleuth")
    twin = next(c for c in g.state.players[0].hand if g.name(c) == "Ghost Hunters")
    assert "two identical Classes" in (g.why_not(Action(0, "play", twin)) or "")
    g.play(Action(0, "play", sleuth))
    assert sorted(g.name(c) for c in g.state.players[0].classes) == ["Ghost Hunters", "Teen Sleuth"]


def test_the_scooby_doo_cheat_and_wandering_monster_cards_run_as_the_core_ones(resolver):
    """Scooby-Doo rules, Treasures: Items (Cheat!: attached to an Item you have in play or play
    from the hand, it makes that Item legal for you; Vehicles: Cheat! cards allow an extra
    Vehicle) and Interfering With Combat (a Wandering Monster card adds a monster from the hand
    to any combat): the rulebook gives both cards' rules, so the set's own cards run in the
    engine as the core ones do; they were ``manual`` with no effects."""
    from munchkin_lab.cards.api import load_specs
    from munchkin_lab.scenarios.runner import build_game

    ours = {sp.name: sp for sp, _ in load_specs(sets=["scooby_doo"], url=resolver.url)
            if sp.name in ("Cheat!", "Wandering Monster")}
    assert not ours["Cheat!"].manual and not ours["Wandering Monster"].manual
    cart = {"name": "Mine Cart", "kind": "item", "deck": "treasure", "bonus": 1, "slot": "vehicle", "big": True}
    g = build_game({"options": {"modules": ["scooby_doo"]},
                    "cards": [cart],
                    "players": [{"name": "Ann", "level": 3, "hand": ["Mine Cart", "Cheat!", "Wandering Monster", "Potted Plant"],
                                 "equipped": ["Snow Mobile"]}, {"name": "Bob"}],
                    "decks": {"dungeon_in_play": ["Drive-In Movie Theater"], "door": ["Lame Goblin"]}},
                   lambda n: ours.get(n) or resolver(n))
    p = g.state.players[0]
    card = {g.name(c): c for c in p.hand + p.equipped}
    g.play(Action(0, "play", card["Cheat!"], m=card["Snow Mobile"]))
    g.play(Action(0, "play", card["Mine Cart"]))
    assert sorted(g.name(c) for c in p.equipped) == ["Mine Cart", "Snow Mobile"]
    g.play(Action(0, "kick"))
    g.play(Action(0, "play", card["Wandering Monster"], m=card["Potted Plant"]))
    assert sorted(g.name(m) for m in g.state.combat.monsters) == ["Lame Goblin", "Potted Plant"]
