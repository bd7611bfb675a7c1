"""An exported position or replay of a bots-only game (no seat of a human: the seats above and
below the centre) shows every seat whole at 1280x800 (a new user's report: the fifth hand card
of a full seat was cut off in the replay page). A static page may grow taller instead: no seat
hides a line of its own."""
from __future__ import annotations

import os


def _full_seat_game():
    """A greedy 4-player base game played until one seat shows at least 12 cards (items in
    use, carried, Curses and a hand of 5+), the position a replay's last frame often has."""
    from munchkin_lab.decks import load_preset
    from munchkin_lab.engine import Game, GameOptions
    from munchkin_lab.engine.policy import greedy_policy
    from munchkin_lab.sim.simulate import resolve_deck

    deck = resolve_deck(load_preset("base"))
    for seed in range(40):
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=GameOptions(max_turns=200))
        while g.state.phase != "over":
            g.play(greedy_policy(g))
            sd = g.state_dict()
            for p in sd["players"]:
                shown = len(p["hand"]) + len(p["carried"]) + len(p["curses"]) + len(p["equipped_list"])
                if len(p["hand"]) >= 5 and shown >= 12:
                    return g
    raise AssertionError("no greedy game of 40 reached a full seat")


def test_an_exported_position_shows_every_seat_whole(browser, lab_env, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", lab_env["url"])
    from munchkin_lab.widgets import export

    g = _full_seat_game()
    path = export.write(tmp_path / "full.position.html", export.position_html(g, revealed=range(4)))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"file://{os.fspath(path)}")
        seats = page.locator(".mlab-seat")
        assert seats.count() == 4
        for i in range(4):
            hidden = seats.nth(i).evaluate("e => e.scrollHeight - e.clientHeight")
            assert hidden <= 1, (i, hidden, seats.nth(i).inner_text())
        page.screenshot(path=str(tmp_path / "full_position.png"), full_page=True)
    finally:
        page.close()
