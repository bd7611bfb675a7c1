"""Board widget without a browser: every control through Button.click() and widget values."""
from __future__ import annotations

import json

from widget_helpers import pass_setup

from munchkin_lab.widgets import Board
from munchkin_lab.widgets.board import MAIN_KINDS, Journal


def test_table_shows_seats_piles_and_hidden_hands(board):
    html = board.table.html
    assert html.count('data-seat=') == 4
    assert "mlab-back-door" in html and "mlab-back-treasure" in html
    assert "door: " in html and "treasure: " in html
    assert "mlab-table" in board.table._dom_classes
    assert "mlab-board" in board._dom_classes


def test_kick_shows_drawn_card_and_log_then_undo_restores(base_deck, tmp_path):
    # seed 10: the first kick meets a monster, shown in the combat panel (with seed 7 the
    # 168-card base deck now opens on a Curse that waits for a Wishing Ring holder's answer)
    board = Board.from_deck(base_deck, seed=10, name="t", journal=tmp_path / "t.journal.jsonl")
    pass_setup(board)
    before = board.game.state_dict()
    html_before = board.table.html
    board.button_for("kick").click()
    line = board.game.log[-1]
    assert "kicks open the door" in line
    drawn = line.split(": ", 1)[1].rstrip(".")
    assert f'data-card="{drawn}"' in board.table.html
    assert "kicks open the door" in board.log_w.value
    board.undo_btn.click()
    assert board.game.state_dict() == before
    assert board.table.html == html_before
    board.redo_btn.click()
    assert board.game.log[-1] == line


def test_unavailable_kinds_are_greyed_with_reasons(board):
    legal = {a.kind for a in board.game.legal_actions()}
    for k in MAIN_KINDS:
        b = board.kind_buttons[k]
        assert b.disabled
        if k in legal:
            assert b.layout.display == "none"
        else:
            assert b.layout.display is None and b.tooltip
    assert "mlab-unavailable" in board.kind_buttons["kick"]._dom_classes


def test_step_autoplay_and_run_to_end(board):
    n0 = len(board.game.actions)
    board.step_btn.click()
    assert len(board.game.actions) == n0 + 1
    board.autoplay_n.value = 15
    board.autoplay_btn.click()
    assert len(board.game.actions) == n0 + 16
    board.run_end_btn.click()
    assert board.game.outcome() is not None
    assert "game over" in board.message.value
    assert board.step_btn.disabled
    board.step()
    assert "over" in board.message.value


def test_reveal_toggle_turns_hand_face_up(board):
    hand = board.game.state_dict()["players"][1]["hand"]
    assert "Hand (hidden)" in board.table.html
    board.reveal_box.children[1].value = True
    assert 1 in board.revealed
    assert "Hand (shown)" in board.table.html
    assert all(f'data-card="{n}"' in board.table.html for n in hand)
    board.reveal_box.children[1].value = False
    assert 1 not in board.revealed


def test_card_click_shows_detail_and_actions_that_use_it(board):
    sd = board.game.state_dict()
    seat = sd["actor"]
    board.reveal_box.children[seat].value = True
    cards = [a for a in board.game.legal_actions() if a.card >= 0]
    name = board.game.specs[cards[0].card].name
    board.table.click_card(name)
    assert name in board.detail.value and "Provenance" in board.detail.value
    assert board.detail_actions.children
    n = len(board.game.actions)
    board.detail_actions.children[0].click()
    assert len(board.game.actions) == n + 1


def test_seed_players_and_new_game(board):
    board.seed_w.value = 11
    board.players_w.value = 3
    board.new_btn.click()
    assert board.game.seed == 11
    assert len(board.game.state_dict()["players"]) == 3
    assert len(board.reveal_box.children) == 3
    assert "new game" in board.message.value


def test_save_load_and_bad_saved_game(board, tmp_path):
    board.autoplay(20)
    path = tmp_path / "g.json"
    board.path_w.value = str(path)
    board.save_btn.click()
    sd = board.game.state_dict()
    board.autoplay(5)
    board.load_btn.click()
    assert board.game.state_dict() == sd
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    board.path_w.value = str(bad)
    board.load_btn.click()
    assert "mlab-msg-error" in board.message.value and "saved game" in board.message.value
    assert board.game.state_dict() == sd


def test_illegal_action_and_bad_scenario_are_messages(board, tmp_path):
    sd = board.game.state_dict()
    board.play("0 fight")
    assert "mlab-msg-error" in board.message.value
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [one]\n")
    board.load_scenario(bad)
    assert "ScenarioError" in board.message.value
    assert board.game.state_dict() == sd


def test_journal_resume_mid_combat(board, tmp_path):
    pass_setup(board)
    for _ in range(40):
        if board.game.state_dict()["combat"]:
            break
        board.step()
    assert board.game.state_dict()["combat"], "no combat reached"
    board.undo(); board.redo(); board.undo()
    again = Board.resume(tmp_path / "t.journal.jsonl")
    assert again.game.state_dict() == board.game.state_dict()
    assert again.game.log == board.game.log
    again.redo()
    board.redo()
    assert again.game.state_dict() == board.game.state_dict()


def test_journal_torn_line_and_missing_file(board, tmp_path):
    board.autoplay(6)
    p = tmp_path / "t.journal.jsonl"
    with p.open("a") as fh:
        fh.write('{"a": "0 ki')
    game, _ = Journal.replay(p)
    assert game.state_dict() == board.game.state_dict()
    missing = Board.resume(tmp_path / "nope.jsonl")
    assert "cannot resume" in missing.message.value


def test_export_position_and_replay_are_offline(board, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board.autoplay(8)
    pos = board.export_html(tmp_path / "p.html")
    rep = board.export_replay(tmp_path / "r.html")
    for p in (pos, rep):
        text = p.read_text()
        assert "mlab-felt" in text and "<script src" not in text and "<link" not in text
    data = rep.read_text()
    assert data.count("mlab-felt") >= 1 and '"frames"' in data
    board.export_btn.click(); board.replay_btn.click()
    assert (tmp_path / "t.position.html").exists() and (tmp_path / "t.replay.html").exists()


def test_scenario_board(lab_db):
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scenarios" / "core" / "combat_worked_example.yaml"
    b = Board.from_scenario(path, journal=False)
    assert 'mlab-prov-S' in b.table.html
    b.play(b.button_for("kick")._mlab_action)
    assert b.game.state_dict()["combat"] is not None
    assert 'data-testid="combat"' in b.table.html and "Forum Troll" in b.table.html


def test_expansion_parts_render_from_state_dict():
    from munchkin_lab.engine import CardSpec
    from munchkin_lab.widgets import render

    lk = render.CardLookup([CardSpec.make(name="Bridge", set="ss", kind="ship_room", deck="ship_room")])
    sd = {"players": [{"seat": 0, "name": "A"}], "ship": [["Bridge", None, "X"], [None, None, None], [None, None, None]],
          "grid": {"0,0": {"name": "START", "tokens": [0]}, "1,0": "Hall"}, "dungeons": ["Bridge"]}
    html = render.extras_html(sd, lk)
    assert "Solar Storm ship" in html and "Star Munchkin Adventures rooms" in html and "Dungeon" in html
    assert 'data-card="Bridge"' in html and "mlab-token" in html


def test_render_is_fast(board):
    board.autoplay(30)
    assert min(board.render_ms) < 100


def test_journal_lines(board, tmp_path):
    pass_setup(board)
    lines = (tmp_path / "t.journal.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["format"] == "munchkin-lab-journal/1"
    assert all("a" in json.loads(x) for x in lines[1:])


def test_binary_scenario_is_a_clean_error(board, tmp_path):
    import pytest
    from munchkin_lab.scenarios.runner import ScenarioError

    bin_file = tmp_path / "picture.yaml"
    bin_file.write_bytes(bytes([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00]))
    with pytest.raises(ScenarioError, match="not a text file"):
        Board.from_scenario(bin_file, journal=False)
    sd = board.game.state_dict()
    board.load_scenario(bin_file)
    assert "mlab-msg-error" in board.message.value and "not a text file" in board.message.value
    assert board.game.state_dict() == sd


def test_default_journal_goes_to_cwd_and_is_git_ignored(base_deck, tmp_path, monkeypatch):
    import subprocess
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    b = Board.from_deck(base_deck, seed=7)
    assert b.journal.path == tmp_path / "board.journal.jsonl" and b.journal.path.exists()
    assert "current working folder" in Board.__doc__ and "journal=False" in Board.__doc__
    repo = Path(__file__).resolve().parents[2]
    for rel in ("board.journal.jsonl", "notebooks/mix.journal.jsonl"):
        r = subprocess.run(["git", "check-ignore", "-q", rel], cwd=repo)
        assert r.returncode == 0, rel
