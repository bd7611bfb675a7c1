"""Inline cards for the printing tests (plain dicts, our own words; they never change, so the
reference images do not depend on the card data files)."""
from __future__ import annotations

from munchkin_lab.printing.fonts import text_width

EPS = 0.01


def assert_inside(lay):
    """Every text run lies inside its box, and every box inside the trimmed card."""
    for run in lay.runs:
        x0, y0, x1, y1 = run.box
        assert -EPS <= x0 and x1 <= lay.width + EPS and -EPS <= y0 and y1 <= lay.height + EPS, run
        assert run.left >= x0 - EPS, (run.text, run.left, x0)
        assert run.left + text_width(run.text, run.font, run.size) <= x1 + EPS, (run.text, run.box)
        assert run.y - 0.24 * run.size >= y0 - EPS, (run.text, run.y, run.box)
        assert run.y + 0.76 * run.size <= y1 + EPS, (run.text, run.y, run.box)


LONG_NAME = ("The Extraordinarily Long-Winded Supercalifragilisticexpialidocious Monster of "
             "Unreasonable Name Length Who Never Stops")
LONG_SUMMARY = " ".join(["A designer wrote far too much here, and the card must still hold it."] * 14)


def inline_cards() -> list[dict]:
    """Fixed cards (plain dicts, our own words) for layout tests and reference images."""
    return [
        {"set": "munchkin", "name": "Test Slime", "kind": "monster", "deck": "door", "level": 4, "treasures": 2,
         "levels_gained": 1, "tags": ["Undead"], "provenance": "printed",
         "summary": "Slow to chase: +2 to Run Away. Bad Stuff: lose your footgear."},
        {"set": "munchkin", "name": LONG_NAME, "kind": "monster", "deck": "door", "level": 18, "treasures": 5,
         "levels_gained": 2, "tags": ["Undead", "Ghost", "Pirate", "Dragon", "Portal", "Vehicle"],
         "provenance": "designer", "manual": True, "summary": LONG_SUMMARY},
        {"set": "munchkin", "name": "Grumpy", "kind": "monster_enhancer", "deck": "door", "bonus": 5,
         "effects": {"treasures": 1}, "summary": "The monster gets +5 and one more Treasure."},
        {"set": "fairy_dust", "name": "Fairy Dust (unnamed card)", "kind": "fairy_dust", "deck": "fairy_dust",
         "provenance": "inferred", "manual": True, "summary": "Placeholder for a card we only know by count."},
        {"set": "munchkin", "name": "Test Sandals", "kind": "item", "deck": "treasure", "bonus": 2,
         "slot": "footgear", "gold": 400, "tags": [], "summary": "Footwear with a +2 bonus."},
        {"set": "munchkin", "name": "Test Boulder", "kind": "item", "deck": "treasure", "bonus": 3,
         "slot": "two_hands", "big": True, "gold": 0, "summary": "A big rock. Worth nothing when sold."},
        {"set": "scooby_doo", "name": "Test Dungeon", "kind": "dungeon", "deck": "dungeon", "bonus": 2,
         "summary": "Ghosts fight at +2 here."},
        {"set": "munchkin", "name": "Test Curse", "kind": "curse", "deck": "door",
         "summary": "Lose the headgear you wear."},
        {"set": "munchkin", "name": "Test Level", "kind": "go_up_a_level", "deck": "treasure", "gold": None,
         "summary": "Go up one level."},
    ]


def inline_tiles() -> list[dict]:
    """Fixed square tiles: a room tile, two ship rooms and an Energy Core."""
    return [
        {"set": "star_munchkin_adventures", "name": "Test Airlock", "kind": "room_tile", "deck": "room_tile",
         "summary": "Tokens entering here move on at once."},
        {"set": "solar_storm", "name": "Test Lab (V1)", "kind": "ship_room", "deck": "ship_room", "version": "V1",
         "tags": ["V1"], "manual": True, "summary": "Older side of the room; its action is not known to us."},
        {"set": "solar_storm", "name": "Test Lab (V2)", "kind": "ship_room", "deck": "ship_room", "version": "V2",
         "tags": ["V2"], "summary": "Draw one card and keep it."},
        {"set": "solar_storm", "name": "Energy Core", "kind": "ship_room", "deck": "ship_room",
         "summary": "Centre of the ship; cannot be damaged."},
        {"set": "star_munchkin_adventures", "name": LONG_NAME, "kind": "room_tile", "deck": "room_tile",
         "provenance": "designer", "summary": LONG_SUMMARY},
    ]
