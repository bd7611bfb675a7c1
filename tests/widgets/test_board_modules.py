"""Board drawing the expansion state the engine really produces: the Star Munchkin Adventures
room grid and Dungeons (``state_dict()["module_state"]``) and the Solar Storm ship
(``SolarStormGame.state_dict()["grid"]``)."""
from __future__ import annotations

import re

import pytest
from widget_helpers import strip_token

from munchkin_lab.widgets import Board, words


def _preset(name):
    from munchkin_lab.decks.presets import load_preset

    return load_preset(name)


def _rooms_view(g):
    return next(v for v in g.state_dict()["module_state"].values() if "positions" in v)


def _explore(board, moves=40):
    """Play moves that grow the room grid (moving on), else the first legal action."""
    g = board.game
    for _ in range(moves):
        acts = g.legal_actions()
        if not acts:
            break
        mv = [a for a in acts if a.kind == "move" and a.n not in (None, 0, -1)]
        board.play(mv[0] if mv else acts[0])
        rooms = _rooms_view(g)["rooms"]
        if len(rooms) >= 3:
            break


@pytest.fixture()
def sma_board(lab_db, tmp_path):
    deck = _preset("star_munchkin_adventures")
    assert "rooms" in deck.modules
    board = Board.from_deck(deck, players=3, seed=3, name="sma", journal=tmp_path / "sma.jsonl")
    _explore(board)
    return board


def test_sma_grid_shows_tiles_coordinates_start_and_tokens(sma_board):
    sd = sma_board.game.state_dict()
    view = _rooms_view(sma_board.game)
    html = sma_board.table.html
    assert "Star Munchkin Adventures rooms" in html
    assert len(view["rooms"]) >= 2, view
    for k, r in view["rooms"].items():
        assert f'data-room="{k}"' in html
        assert f"({k})" in html
        if r["name"]:
            assert r["name"] in html
        for c in r["face_up"]:
            assert f'data-card="{c}"' in html
    assert html.count('data-facedown="1"') == sum(r["face_down"] for r in view["rooms"].values())
    assert "START" in html
    for who, k in view["positions"].items():
        cell = html.split(f'data-room="{k}"', 1)[1].split('class="mlab-cell', 1)[0]
        assert f'data-token="{who}"' in cell


def test_sma_grid_follows_undo(sma_board):
    html = strip_token(sma_board.table.html)
    sma_board.undo_btn.click()
    sma_board.redo_btn.click()
    assert strip_token(sma_board.table.html) == html


def _to_movement(board):
    for _ in range(300):
        if board.button_for("move") is not None:
            return
        board.shown()[0].click() if board.button_for("stay") is None else board.button_for("stay").click()
    raise AssertionError("no movement phase")


def test_sma_moves_name_direction_and_room_and_rooms_are_buttons(sma_board):
    """Four move buttons used to read "move": each now names its direction and the room (or
    new ground) it enters; the room tiles you may enter are buttons too."""
    b = sma_board
    _to_movement(b)
    sd = b.game.state_dict()
    me = sd["players"][sd["actor"]]["name"]
    view = _rooms_view(b.game)
    x, y = (int(v) for v in view["positions"][me].split(","))
    moves = [s for s in b.shown() if s.kind == "move"]
    assert moves and len({s.label for s in moves}) == len(moves)
    html = b.table.html
    for s in moves:
        d, dx, dy = words.DIRECTIONS[s.action.n]
        key = f"{x + dx},{y + dy}"
        room = view["rooms"].get(key)
        assert s.label.startswith(f"Move {d} ")
        if room and room["name"]:
            assert room["name"] in s.label and f"({key})" in s.label
        else:
            assert "new ground" in s.label
        cell = re.search(rf'<div class="mlab-cell mlab-room[^"]*mlab-can-move[^"]*" data-room="{key}" data-i="(\d+)"', html)
        assert cell and int(cell.group(1)) == s.i, (key, s.label)
    # play a move by its direction: east if offered, else the first
    pick = next((s for s in moves if s.label.startswith("Move east")), moves[0])
    d, dx, dy = words.DIRECTIONS[pick.action.n]
    b.table.click_action(pick.i)
    pos = _rooms_view(b.game)["positions"][me]
    assert pos == f"{x + dx},{y + dy}"
    assert f'data-room="{pos}"' in b.table.html


def test_dungeons_in_play_from_module_state(lab_db, tmp_path):
    from munchkin_lab.decks.presets import list_presets

    deck = None
    for name in list_presets():
        d = _preset(name)
        if "dungeons" in d.modules:
            deck = d
            break
    if deck is None:
        pytest.skip("no preset with the dungeons module")
    board = Board.from_deck(deck, players=3, seed=1, journal=False)
    ms = board.game.state_dict()["module_state"]
    dn = next(v["dungeons"] for v in ms.values() if isinstance(v.get("dungeons"), list))
    assert dn
    html = board.table.html
    assert "Dungeon(s) in play" in html
    for d in dn:
        assert f'data-card="{d}"' in html
    # "exit": the player then picks the four cards, any four of the hand, one button each
    for _ in range(200):
        ex = board.button_for("exit")
        if ex is not None:
            break
        board.step()
    else:
        pytest.fail("no exit offered")
    assert ex.label == "Discover an exit: choose four cards from your hand to discard"
    seat = ex.action.player
    hand = list(board.game.state.players[seat].hand)
    ex.click()
    picked = []
    for i in range(4):
        picks = [b for b in board.shown() if b.action.kind == "choose"]
        left = [c for c in hand if c not in picked]
        assert sorted(b.action.card for b in picks) == sorted(left)  # every card not picked yet
        assert {b.label for b in picks} == {f"Discard {board.game.specs[c].name} for the exit ({i + 1} of 4)"
                                            for c in left}
        last = max(picks, key=lambda b: left.index(b.action.card))  # the hand's last: not the first four
        picked.append(last.action.card)
        last.click()
    after = board.game.state.players[seat].hand
    assert all(c not in after for c in picked)
    named = [board.game.specs[c].name for c in picked]  # the log names the four discards
    assert f"discards {', '.join(named[:3])} and {named[3]} and discovers an exit." in " ".join(board.game.log[-5:])


def test_solar_storm_board_shows_ship_and_actions(lab_db, tmp_path):
    deck = _preset("solar_storm")
    board = Board.from_deck(deck, players=3, seed=1, name="ss", journal=tmp_path / "ss.jsonl")
    from munchkin_lab.engine.solar_storm import SolarStormGame

    assert isinstance(board.game, SolarStormGame)
    sd = board.game.state_dict()
    html = board.table.html
    assert "Solar Storm ship" in html
    rooms = re.findall(r'class="mlab-cell mlab-ship-room[^"]*" data-pos="(\d)"', html)
    assert rooms == [str(i) for i in range(9)]
    centre = html.split('data-pos="4"', 1)[1].split('data-pos="5"', 1)[0]
    assert "Energy Core" in centre and 'data-row="1" data-col="1"' in centre
    assert "mlab-core" in html.split('data-pos="4"', 1)[0].rsplit("<div", 1)[1]
    for r in sd["grid"]:
        assert r["name"] in html
        if r["version"]:
            assert f'data-version="{r["version"]}"' in html
        for m in r["meeples"]:
            assert f'data-token="{m}"' in html
    assert 'data-version="V1"' in html or 'data-version="V2"' in html
    assert html.count("class=\"mlab-cube\"") == sum(r["cubes"] or 0 for r in sd["grid"])
    labels = board.action_labels()
    assert labels and len(labels) == len(board.game.legal_actions()[:len(labels)])
    legal = {a.kind for a in board.game.legal_actions()}
    assert [k for k, _why in board.unavailable()] == [k for k in words.SOLAR_KIND_WORDS if k not in legal]
    # resources named (not letters), damage and diverted power drawn
    assert "A" not in {t for p in sd["players"] for t in p["hand"]}
    assert any(f'<span class="mlab-res">{t}' in html for t in ("Data", "Metal", "Nanobots", "Energy"))
    assert html.count('class="mlab-damage"') == sum(r["damaged"] or 0 for r in sd["grid"])
    assert "mlab-hull" in html
    # playing a button moves the game and redraws the ship; a room you may enter is a button
    mv = next(s for s in board.shown() if s.kind == "move")
    dest = mv.action.n
    who = sd["players"][mv.action.player]["name"]
    assert re.search(rf'data-pos="{dest}"[^>]*data-i="{mv.i}"', html)
    mv.click()
    html = board.table.html
    cell = html.split(f'data-pos="{dest}"', 1)[1].split("mlab-ship-room", 1)[0]
    assert f'data-token="{who}"' in cell
    board.step_btn.click()
    board.undo_btn.click()
    assert board.message.value == "" or "error" not in board.message.value
    resumed = Board.resume(tmp_path / "ss.jsonl")
    assert "cannot resume" not in resumed.message.value
    assert resumed.game.state_dict() == board.game.state_dict()
