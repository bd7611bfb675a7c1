"""The play screen as a player uses it: seats played by bots, the story, rewinds, game words."""
from __future__ import annotations

import re

import pytest
from widget_helpers import play_first_until

from munchkin_lab.engine import GameOptions
from munchkin_lab.widgets import Board, words


@pytest.fixture()
def vs_bots(base_deck, tmp_path):
    """P1 human against three greedy bots, six turns at most."""
    return Board.from_deck(base_deck, seed=11, options=GameOptions(max_turns=6), name="vb",
                           journal=tmp_path / "vb.journal.jsonl", seats=["human", "greedy", "greedy", "greedy"])


def test_human_vs_bots_is_played_to_the_end_by_clicking_only_the_humans_actions(vs_bots):
    b = vs_bots
    clicks = 0
    while b.game.outcome() is None:
        assert b.game.actor() == 0, "a bot seat waits for a click"
        shown = b.shown()
        assert shown and all(s.action.player == 0 for s in shown)
        shown[0].click()
        clicks += 1
        assert clicks < 600
    out = b.game.outcome()
    assert out.reason in ("turn limit", "level 10")
    html = b.table.html
    over = html.split('data-testid="game-over"', 1)[1]
    assert "Game over" in over and all(f">{p['name']}<" in over or p["name"] in over
                                       for p in b.game.state_dict()["players"])
    assert 'data-testid="level-chart"' in over and "data:image/png;base64," in over
    assert sum(1 for a in b.game.actions if a.player == 0) == clicks
    assert any(a.player != 0 for a in b.game.actions)
    again = Board.resume(b.journal.path)
    assert again.game.state_dict() == b.game.state_dict() and again.seats == b.seats


def test_bots_play_their_windows_and_undo_goes_back_to_your_decision(vs_bots):
    b = vs_bots
    play_first_until(b, lambda x: x.button_for("kick") is not None)
    before = b.game.state_dict()
    n = len(b.game.actions)
    b.click("Kick Down the Door")
    assert b.game.actor() == 0 or b.game.outcome() is not None
    played_by_bots = len(b.game.actions) - n - 1
    b.undo()
    assert b.game.state_dict() == before
    msg = b.message.value
    assert "Undid P1: Kick Down the Door" in msg
    if played_by_bots:
        assert f"and {played_by_bots} bot action{'' if played_by_bots == 1 else 's'} after it" in msg
    b.redo()
    assert len(b.game.actions) == n + 1 + played_by_bots and "Redid P1: Kick Down the Door" in b.message.value


def test_a_log_click_rewinds_and_redo_steps_forward(board, tmp_path):
    board.autoplay(25)
    html = board.table.html
    lines = re.findall(r'data-rewind="(\d+)" data-line="(\d+)"[^>]*>([^<]*)</button>', html)
    pos, line_no, text = next((int(p), int(i), t) for p, i, t in lines if 5 < int(p) < 20)
    after = board.game.state_dict()
    board.table.click_log(pos)
    assert len(board.game.actions) == pos
    assert board.game.log[-1].replace("'", "&#x27;") == text or board.game.log[int(line_no)]
    assert "Rewound" in board.message.value and board.can_redo()
    assert Board.resume(tmp_path / "t.journal.jsonl").game.state_dict() == board.game.state_dict()
    for _ in range(25 - pos):
        board.redo()
    assert board.game.state_dict() == after
    stale = board.table.token() - 1
    board.table.click_log(0, stale)
    assert len(board.game.actions) == 25


def test_rewind_pauses_bots_until_resumed(vs_bots):
    b = vs_bots
    play_first_until(b, lambda x: sum(1 for a in x.game.actions if a.player != 0) > 6)
    k = next(i for i, a in enumerate(b.game.actions) if a.player != 0 and i > 0)
    b.rewind(k)
    assert len(b.game.actions) == k and b.paused and b._bot_to_act()
    assert "Bots paused" in b.table.html
    b.resume_bots()
    assert b.game.actor() == 0 or b.game.outcome() is not None


def test_story_explains_bad_stuff_and_levels(base_deck):
    for seed in range(1, 15):  # the first seed whose game has Bad Stuff
        b = Board.from_deck(base_deck, seed=seed, journal=False)
        b.run_to_end()
        notes = [n for ns in b.story.notes for n in ns]
        if any(n.startswith("Bad Stuff of ") for n in notes):
            break
    assert any(re.fullmatch(r"Bad Stuff of [^:]+: P\d (loses .+)", n) for n in notes), notes[:20]
    assert any(re.search(r"P\d goes up 1 Level \(\d+ \u2192 \d+\)", n) for n in notes)
    # the numbers add up: "loses 2 Levels (5 -> 3)" (a note may say more than one change)
    for m in (m for n in notes for m in re.finditer(r"loses (\d+) Levels? \((\d+) \u2192 (\d+)\)", n)):
        assert int(m.group(2)) - int(m.group(3)) == int(m.group(1))
    html = b.table.html
    assert 'class="mlab-lognote"' in html


def test_changes_say_what_was_lost_by_whom():
    def p(seat, level, eq=(), carried=(), hand=3, alive=True):
        return {"seat": seat, "name": f"P{seat + 1}", "level": level, "equipped_list": list(eq),
                "carried": list(carried), "races": [], "classes": [], "hireling": None, "hand_count": hand,
                "alive": alive}

    before = {"players": [p(0, 5, ["Staff of Napalm"]), p(1, 3)]}
    after = {"players": [p(0, 3), p(1, 3, ["Staff of Napalm"], hand=2)]}
    from munchkin_lab.engine import Action

    got = words.changes(before, after, Action(0, "roll", n=0), ["[t3] P1 rolls 2: Net Troll catches them."])
    assert got == ["P1 loses 2 Levels (5 \u2192 3) and loses Staff of Napalm",
                   "P2 loses 1 card from the hand", "P2 takes Staff of Napalm from P1"]
    said = words.changes(before, after, Action(0, "roll"), ["[t3] P1 loses Staff of Napalm."])
    assert said[0] == "P1 loses 2 Levels (5 \u2192 3)"


def test_combat_breakdown_adds_up(base_deck):
    from munchkin_lab.widgets.render import combat_breakdown

    b = Board.from_deck(base_deck, seed=3, journal=False)
    seen = 0
    for _ in range(600):
        sd = b.game.state_dict()
        if sd["combat"]:
            bd = combat_breakdown(b.game, sd)
            for side in bd["munchkins"] + bd["monsters"]:
                assert sum(n for _l, n in side["rows"]) == side["total"]
            assert sum(s["total"] for s in bd["munchkins"]) + bd["munchkin_bonus"] == bd["munchkin_total"]
            # a won combat still on the table (a Cleric's Rewards) shows the strengths at the kill
            won = sd["combat"]["won_at"] or [sd["combat"]["munchkin_strength"], sd["combat"]["monster_strength"]]
            assert bd["munchkin_total"] == won[0]
            assert bd["monster_total"] == won[1]
            html = b.table.html
            assert "Combat strength" in html and f"{won[0]}</span> vs" in html
            seen += 1
        if b.game.outcome() is not None:
            break
        b.step()
    assert seen > 5


def test_seat_roles_from_the_seat_menu(board):
    board.table.choose_role(1, "random")
    assert board.seats[1] == "random"
    assert 'data-seat-role="1"' in board.table.html and '<option value="random" selected>' in board.table.html
    board.table.choose_role(1, "wizard")
    assert "unknown role" in board.message.value and board.seats[1] == "random"
    with pytest.raises(ValueError, match="unknown role"):
        board.set_seats(["human", "cheater", "human", "human"])
    board.set_seats(["greedy"] * 4)  # four bots play at once to the end (watch four bots)
    assert board.game.outcome() is not None


def test_auto_pass_skips_windows_where_passing_is_all(base_deck):
    b = Board.from_deck(base_deck, seed=11, journal=False, seats=["human", "greedy", "greedy", "greedy"],
                        auto_pass=True, options=GameOptions(max_turns=4))
    while b.game.outcome() is None:
        acts = b.game.legal_actions()
        sd = b.game.state_dict()
        assert not (len(acts) == 1 and acts[0].kind == "pass" and sd["phase"] != "setup")
        b.shown()[0].click()


def test_labels_name_cards_targets_and_causes(base_deck):
    """Every label of whole games is in game words: no engine ids, no bare kinds; the item a
    victim gives up or another player takes names where it goes and why."""
    seen = set()
    for seed in range(5, 20):
        b = Board.from_deck(base_deck, seed=seed, journal=False)
        g = b.game
        for _ in range(900):
            if g.outcome() is not None:
                break
            sd = g.state_dict()
            for a in g.legal_actions(seat=g.actor()):
                text = words.action_text(g, a, sd)
                assert text and not re.search(r"\b(c|t|n|m|cs)=|\bcard -?\d+\b|\bseat \d\b", text), (a, text)
                if a.kind == "choose" and sd["pending"][0]["why"] == "take":
                    assert re.fullmatch(r"Take .+ from P\d( \(.+\))?", text), text
                    seen.add("take")
                if a.kind == "choose" and sd["pending"][0]["why"] == "lose":
                    assert text.startswith("Give up "), text
                    seen.add("lose")
            st = words.status(g, sd)
            assert st["decision"] and "waiting for" not in st["decision"] and st["phase"] != "trouble"
            b.step()
        if "lose" in seen:
            break
    assert "lose" in seen


def test_a_curse_is_called_a_curse_not_bad_stuff(base_deck):
    """Issue 12 rules finding 4: a decision or label caused by a Curse names the Curse (core
    rules, 10. Curses); a monster's is its Bad Stuff (7. Running Away and Bad Stuff)."""
    from munchkin_lab.engine import Action
    from munchkin_lab.scenarios.runner import build_game

    specs = {sp.name: sp for sp, _n in base_deck}
    sc = {"players": [{"name": "P1", "level": 3, "equipped": ["Helm of Courage", "Leather Armor"]},
                      {"name": "P2", "hand": ["Truly Obnoxious Curse", "Lose 1 Small Item"]}],
          "decks": {"door": ["Net Troll"], "treasure": []}}
    g = build_game(sc, specs.get)
    g.play(Action(1, "play", g.state.players[1].hand[0], target=0))
    sd = g.state_dict()
    assert words.decision(g, sd) == "P1 must choose what to lose to Truly Obnoxious Curse"
    labels = [words.action_text(g, a, sd) for a in g.legal_actions()]
    assert labels == ["Give up Helm of Courage (Truly Obnoxious Curse)", "Give up Leather Armor (Truly Obnoxious Curse)"]
    g.play(g.legal_actions()[0])
    g.play(Action(1, "play", g.state.players[1].hand[0], target=0))
    sd = g.state_dict()
    assert sd["pending"] == [] and "Bad Stuff" not in words.decision(g, sd)
    assert words.cause_words(g, "Lose 1 Small Item") == "the Curse Lose 1 Small Item"
    assert words.cause_words(g, "Net Troll") == "Net Troll's Bad Stuff"
    # one home for these words: the board's are the log's (a log line opens with a capital)
    from munchkin_lab.engine import victims

    for name in ("Lose 1 Small Item", "Net Troll", "Truly Obnoxious Curse", "Helm of Courage"):
        i = next(k for k, sp in enumerate(g.specs) if sp.name == name)
        w = words.cause_words(g, name)
        assert w == victims.cause_words(name, g.specs[i].kind) and g._cause_words(i) == w[:1].upper() + w[1:]
    assert g._cause_words(next(k for k, sp in enumerate(g.specs) if sp.name == "Lose 1 Small Item")) \
        == "The Curse Lose 1 Small Item"
