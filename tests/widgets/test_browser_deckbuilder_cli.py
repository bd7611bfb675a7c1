"""CardBrowser, DeckBuilder, card faces and the lab/app commands without a browser."""
from __future__ import annotations

from typer.testing import CliRunner

from munchkin_lab.widgets import CardBrowser, DeckBuilder, card_back, card_face


def test_card_face_and_back():
    html = card_face({"name": "Potted Plant", "kind": "monster", "deck": "door", "level": 1, "treasures": 1,
                      "tags": ["Plant"], "set": "munchkin", "provenance": "designer"})
    assert 'data-card="Potted Plant"' in html and "L1" in html and "1 Treasure" in html
    assert "mlab-prov-D" in html and "Monster" in html and "munchkin" in html
    assert "mlab-back-treasure" in card_back("treasure") and "DOOR" in card_back("door")


def test_search_results_detail_and_inline_error(lab_db):
    b = CardBrowser("kind:monster level>=16", url=lab_db)
    assert len(b.frame) > 0 and "<table" in b.table.html and b.results.options
    assert "Provenance" in b.detail.value and "Tags" in b.detail.value and "Aliases" in b.detail.value
    b.search_box.value = "level>>"
    assert "search syntax error" in b.error.value and "^" in b.error.value
    assert len(b.frame) > 0  # previous results kept
    b.search_box.value = "kind:monstr"
    assert "did you mean" in b.error.value  # the hint the error carries is shown
    b.search_box.value = "tag:undead"
    b.search_btn.click()
    assert b.error.value == "" and all("Undead" in t for t in b.frame["tags"])
    b.results.value = 1
    assert b.frame.iloc[1]["name"] in b.detail.value


def test_detail_follows_new_results_and_row_clicks(lab_db):
    """A new search whose results also select row 0 used to keep the previous card's detail."""
    b = CardBrowser("name:\"Net Troll\"", url=lab_db)
    assert 'data-detail="Net Troll"' in b.detail.value and b.results.value == 0
    b.search_box.value = "name:\"Potted Plant\""
    assert b.results.value == 0 and 'data-detail="Potted Plant"' in b.detail.value
    b.search_box.value = "kind:monster"
    rows = b.table.html.count('data-row="')
    assert rows == min(len(b.frame), 200) and 'tabindex="0"' in b.table.html
    b.table.pick(3)
    assert f'data-detail="{b.frame.iloc[3]["name"]}"' in b.detail.value
    b.table.pick(3)  # the same row again: still shown
    assert f'data-detail="{b.frame.iloc[3]["name"]}"' in b.detail.value
    assert "<th>Big</th>" not in b.detail.value  # no "Big: False" on every card
    big = CardBrowser("big:true", url=lab_db)
    assert len(big.frame) and "<th>Big</th><td>yes" in big.detail.value


def test_empty_set_or_tag_result_lists_the_values(lab_db):
    b = CardBrowser("set:scooby", url=lab_db)
    if len(b.frame) == 0 and not b.error.value:  # until the search itself explains unknown values
        assert "set codes:" in b.count.value and "scooby_doo" in b.count.value
    else:
        assert "scooby_doo" in b.error.value or len(b.frame)
    t = CardBrowser("tag:ghostt", url=lab_db)
    assert "Ghost" in (t.count.value + t.error.value)


def test_an_empty_tag_or_set_search_lists_the_values_once(lab_db):
    t = CardBrowser("tag:", url=lab_db)
    assert len(t.frame) == 0 and t.error.value == ""
    import re

    listed = re.search(r"tag: needs a value; the tags: ([^<]*)</div>", t.count.value).group(1).split(", ")
    assert {"Below the Waist", "Big", "Dungeon", "Ghost", "One-Shot", "Portal", "Undead"} <= set(listed)
    assert listed == sorted(listed, key=str.lower)  # (designer cards of other tests may add their tags)
    assert t.count.value.lower().count("undead") == 1  # the browser's own list is not added a second time
    s = CardBrowser("set:", url=lab_db)
    assert s.error.value == "" and "set: needs a value; the sets (code or name): fairy_dust" in s.count.value
    assert "scooby_doo (Munchkin Scooby-Doo!)" in s.count.value


def test_a_deck_value_that_is_no_pile_nor_saved_deck_says_so(lab_db):
    b = CardBrowser("deck:dungeons", url=lab_db)
    assert len(b.frame) == 0 and not b.error.value
    assert "no pile or saved deck &#x27;dungeons&#x27;; did you mean &#x27;dungeon&#x27;?" in b.count.value
    assert "piles: door, treasure, dungeon, fairy_dust, character, room_tile, ship_room; saved decks:" in b.count.value
    assert "mlab-search-hint" not in CardBrowser("deck:dungeon", url=lab_db).count.value


def test_designer_card_add_edit_and_conflict(designer_db):
    a = CardBrowser("", url=designer_db)
    a.new_btn.click()
    a.f_name.value, a.f_kind.value, a.f_deck.value = "Test Slime", "monster", "door"
    a.f_level.value, a.f_treasures.value, a.f_tags.value = "3", "1", "Undead"
    if "widget_lab" not in a.f_set.options:  # a designer set of one's own, made in the form
        a.s_code.value, a.s_name.value = "widget_lab", "Widget lab"
        a.s_create.click()
        assert "created designer set widget_lab" in a.form_msg.value
    assert a.f_set.value == "widget_lab"
    a.save_btn.click()
    assert "saved" in a.form_msg.value
    from munchkin_lab.cards.api import card

    row = card("Test Slime", url=designer_db)
    assert row["provenance"] == "designer" and row["origin"] == "designer" and "Undead" in row["tags"]
    one, two = CardBrowser("name:\"Test Slime\"", url=designer_db), CardBrowser("name:\"Test Slime\"", url=designer_db)
    one.edit_btn.click(); two.edit_btn.click()
    one.f_level.value = "4"; one.save_btn.click()
    assert "saved" in one.form_msg.value
    two.f_level.value = "5"; two.save_btn.click()
    assert "edit conflict" in two.form_msg.value
    assert int(card("Test Slime", url=designer_db)["level"]) == 4
    two.f_level.value = "x"; assert not two.save_card() and "whole number" in two.form_msg.value
    two.new_card(); two.f_name.value = "Bad"; two.f_tags.value = "NoSuchTag"
    assert not two.save_card() and "undeclared tag" in two.form_msg.value
    p = CardBrowser("name:\"Potted Plant\"", url=designer_db)
    p.edit_btn.click()
    assert "printed card" in p.form_msg.value and p.editing is None


def test_deck_builder_controls(designer_db, tmp_path):
    d = DeckBuilder(name="Widget mix", url=designer_db, plots=True)
    assert "0 cards" in d.stats_w.value
    d.set_w.value = "munchkin"
    d.add_set_btn.click()
    size0 = int(d.stats_text().split()[0])
    assert size0 > 100 and "<img" in d.plots_w.value and "kick shows a monster" in d.odds_w.value
    d.search_w.value = "tag:ghost"
    assert d.found_w.options
    d.add_btn.click()
    assert int(d.stats_text().split()[0]) == size0 + 1
    key = d.found_w.value
    d.entries_w.value = key
    d.up_btn.click(); assert d.deck.copies(key) == 2
    d.down_btn.click(); assert d.deck.copies(key) == 1
    d.remove_btn.click(); assert key not in d.deck.entries
    d.search_w.value = "level>>"
    assert "bad search" in d.message.value
    d.find_btn.click()
    d.save_btn.click(); assert "saved" in d.message.value
    d.load_name_w.value = "Widget mix"; d.load_btn.click(); assert "loaded" in d.message.value
    d.load_name_w.value = "nope"; d.load_btn.click(); assert "cannot load" in d.message.value
    assert int(d.stats_text().split()[0]) == size0
    d.path_w.value = str(tmp_path / "mix.txt"); d.export_btn.click(); assert "exported" in d.message.value
    d.import_btn.click(); assert "imported" in d.message.value
    bad = tmp_path / "bad.txt"; bad.write_text("3 No Such Card Anywhere\n")
    d.path_w.value = str(bad); d.import_btn.click(); assert "cannot import" in d.message.value
    assert int(d.stats_text().split()[0]) == size0
    d.preset_w.value = "base_fairy_dust"; d.preset_btn.click(); assert "fairy_dust" in d.stats_w.value
    d.name_w.value = "Renamed"; assert d.deck.name == "Renamed"


def test_deck_list_grouped_by_kind_with_counts_and_preview(lab_db):
    d = DeckBuilder("base", url=lab_db, plots=False)
    labels = [t for t, _v in d.entries_w.options]
    heads = [t for t, v in d.entries_w.options if str(v).startswith("kind:")]
    assert heads and heads[0].startswith("\u25be Monster: ") and len(labels) == len(heads) + len(d.deck.entries)
    total = sum(int(h.split(": ", 1)[1].split()[0]) for h in heads)
    assert total == d.deck.size
    kinds = [t for t, v in d.kind_w.options]
    assert kinds[0] == f"all kinds ({d.deck.size} cards)" and any(k.startswith("Curse (") for k in kinds)
    d.kind_w.value = "curse"
    assert all(not str(v).startswith("kind:") for _t, v in d.entries_w.options)
    assert all(d.deck.catalog.spec(v).kind == "curse" for _t, v in d.entries_w.options)
    key = d.entries_w.options[0][1]
    d.entries_w.value = key
    name = d.deck.catalog.spec(key).name
    assert f'data-detail="{name}"' in d.preview_w.value and "in the deck" in d.preview_w.value
    d.up_btn.click()
    assert d.kind_w.value == "curse" and d.entries_w.value == key
    d.kind_w.value = ""
    d.entries_w.value = "kind:monster"
    assert "Monster" in d.preview_w.value
    d.up_btn.click()
    assert "pick a card" in d.message.value
    assert all(b.layout.width == "auto" and b.layout.flex == "none"
               for b in (d.add_set_btn, d.save_btn, d.load_btn, d.export_btn, d.import_btn, d.preset_btn))


def test_deck_checks_shown(lab_db):
    d = DeckBuilder(name="Tiny", url=lab_db, plots=False)
    d.add("Half-Breed")
    assert "mlab-check-" in d.checks_w.value


def test_lab_and_app_commands_keep_token():
    from munchkin_lab.cli import app

    r = CliRunner().invoke(app, ["lab", "--dry-run"])
    assert r.exit_code == 0 and "127.0.0.1" in r.output and "token=" in r.output
    assert "JUPYTER_TOKEN=<token> " in r.output and "IdentityProvider.token" not in r.output  # not on argv
    r = CliRunner().invoke(app, ["lab", "--dry-run", "--ip", "0.0.0.0"])
    assert "ServerApp.ip=0.0.0.0" in r.output and "token=" in r.output
    r = CliRunner().invoke(app, ["app", "--dry-run"])
    assert r.exit_code == 0 and "03_board.ipynb" in r.output and "--Voila.auto_token=True" in r.output
    assert "127.0.0.1" in r.output and "--token=" not in r.output
    r = CliRunner().invoke(app, ["app", "--dry-run", "--ip", "0.0.0.0"])
    assert "token=" in r.output and "--token=" not in r.output


def test_api_takes_preset_names_like_the_cli(lab_db, tmp_path, monkeypatch):
    import pytest

    from munchkin_lab.decks import DeckError, load_preset
    from munchkin_lab.widgets import Board

    monkeypatch.chdir(tmp_path)  # the board's journal
    d = DeckBuilder("base", url=lab_db, plots=False)
    base = load_preset("base", url=lab_db)
    assert d.deck.name == "Munchkin (base game)" and d.deck == base and d.deck.size > 150
    assert DeckBuilder("preset:base_fairy_dust", url=lab_db, plots=False).deck.modules == ("fairy_dust",)
    b = Board.from_deck("base", seed=7)
    ref = Board.from_deck(load_preset("base"), seed=7, journal=False)
    assert b.game.state_dict() == ref.game.state_dict()
    assert len(b.game.specs) == base.size
    with pytest.raises(ValueError, match="no deck given"):
        Board.from_deck(None)
    with pytest.raises(DeckError, match="no deck named 'no-such-deck'.*presets: base"):
        Board.from_deck("no-such-deck")
    with pytest.raises(ValueError, match="not a deck: 42"):
        Board.from_deck(42)


def test_lab_and_app_check_the_port_first():
    import socket

    from munchkin_lab.cli import app

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        for cmd in ("lab", "app"):
            r = CliRunner().invoke(app, [cmd, "--port", str(port)])  # not --dry-run: must stop before exec
            assert r.exit_code == 1
            assert f"Error: port {port} on 127.0.0.1 is already in use" in r.output
            assert "token=" not in r.output and "http://" not in r.output
    from munchkin_lab.widgets.cli import choose_port, port_free

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert not port_free(port)
        got, note = choose_port(None, port)
        assert got > port and note == f"port {port} is in use: using port {got}"
        r = CliRunner().invoke(app, ["lab", "--dry-run", "--port", str(port + 1)] if port_free(port + 1) else ["lab", "--dry-run"])
        assert r.exit_code == 0


def test_a_bad_ip_is_named_not_taken_for_busy_ports():
    """``lab --ip 'bad host'`` said "no free port"; now the address and why, before any port."""
    from munchkin_lab.cli import app

    for cmd in ("lab", "app"):
        r = CliRunner().invoke(app, [cmd, "--ip", "bad host", "--dry-run"])
        assert r.exit_code == 1 and r.output.startswith(
            "Error: 'bad host' is not an address or a host name this computer knows ("), r.output
        assert "no free port" not in r.output and "token=" not in r.output
        r = CliRunner().invoke(app, [cmd, "--ip", "192.0.2.7", "--dry-run"])  # TEST-NET-1: never this computer's
        assert r.exit_code == 1 and r.output.startswith("Error: cannot listen on '192.0.2.7': "), r.output
        r = CliRunner().invoke(app, [cmd, "--ip", "127.0.0.1", "--dry-run"])
        assert r.exit_code == 0, r.output


def test_deck_builder_print_sheet(lab_db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    d = DeckBuilder("preset:base_fairy_dust", url=lab_db, plots=False)
    assert "mlab-deck-print" in d.print_box.button._dom_classes
    d.print_box.button.click()
    result = d.print_box.last_result
    assert result is not None and result.path.exists() and result.path.parent == tmp_path
    assert result.cards == d.deck.size  # copies as in the deck
    assert "Download" in d.print_box.last_html and "application/pdf" in d.print_box.last_html
    empty = DeckBuilder(name="Nothing yet", url=lab_db, plots=False)
    empty.print_box.button.click()
    assert empty.print_box.last_result is None and "Cannot print" in empty.print_box.last_html


def test_lab_and_app_refuse_a_port_out_of_range_as_a_usage_error():
    from munchkin_lab.cli import app

    for cmd in ("lab", "app"):
        for port in ("0", "65536", "-5"):
            r = CliRunner().invoke(app, [cmd, "--dry-run", "--port", port])
            assert r.exit_code == 2, (cmd, port, r.output)
            assert "--port" in r.output and "http://" not in r.output
