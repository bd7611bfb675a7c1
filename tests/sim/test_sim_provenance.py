"""Simulation results a designer can trust when balancing (a new user's findings): which
version of each card a result played, Curses in front of a player counted as held, and the
per-card comparison of an A/B of one card's two versions."""
from __future__ import annotations

import json
import warnings

import pytest

from munchkin_lab.cards import designer as D
from munchkin_lab.decks import Deck
from munchkin_lab.decks.store import delete_deck
from munchkin_lab.sim import compare_results, simulate
from munchkin_lab.sim.compare import card_table, text_table
from munchkin_lab.sim.provenance import DeckChangedWarning
from munchkin_lab.sim.results import SimResult

HAG = {"name": "Bog Hag", "kind": "monster", "deck": "door", "level": 8, "treasures": 2, "copies": 3,
       "summary": "Bad Stuff: lose 2 Levels.", "effects": {"bad_stuff": [{"lose_levels": 2}]}}


@pytest.fixture
def bog(sim_url):
    """The session's database with the designer set ``bogp_fan`` (Bog Hag and its variant copy
    Bog Hag Mk2 at Level 10) and two saved decks, base plus one of them: ``Bog A`` and ``Bog B``
    (all removed afterwards)."""
    D.create_set("bogp_fan", "Bog for provenance", requires=["munchkin"], url=sim_url)
    D.add_card(HAG, "bogp_fan", url=sim_url)
    D.add_card(dict(HAG, name="Bog Hag Mk2", level=10), "bogp_fan", url=sim_url)
    for name, card in (("Bog A", "Bog Hag"), ("Bog B", "Bog Hag Mk2")):
        d = Deck(name, url=sim_url)
        d.add_set("munchkin")
        d.add(card, 3)
        d.save()
    try:
        yield sim_url
    finally:
        for name in ("Bog A", "Bog B"):
            delete_deck(name, url=sim_url)
        D.delete_set("bogp_fan", url=sim_url)


def run(deck, url, seed=4, games=16):
    return simulate(deck, players=4, games=games, seed=seed, workers=1, progress=False, url=url)


def test_a_result_records_the_cards_it_played_and_warns_once_one_is_edited(bog, tmp_path):
    old = run("Bog A", bog)
    cfg = old.config
    assert cfg["deck_ref"] == "Bog A" and len(cfg["deck_digest"]) == 16
    assert len(cfg["deck_cards"]) == len(old.cards) and "bogp_fan:Bog Hag" in cfg["deck_cards"]
    old.save(tmp_path / "old.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing changed yet: no warning
        back = SimResult.load(tmp_path / "old.json", url=bog)
    assert back.config == old.config and back.deck_changed is None

    D.edit_card("Bog Hag", "bogp_fan", {"level": 10}, url=bog)  # `munchkin-lab cards edit`
    with pytest.warns(DeckChangedWarning, match=r"deck 'Bog A' has changed .*changed: Bog Hag \[bogp_fan\];"):
        back = SimResult.load(tmp_path / "old.json", url=bog)
    assert "Bog Hag [bogp_fan]" in back.deck_changed and "Potted Plant" not in back.deck_changed
    new = run("Bog A", bog)
    assert new.config["deck_digest"] != old.config["deck_digest"]
    changed = [k for k in new.config["deck_cards"] if new.config["deck_cards"][k] != old.config["deck_cards"][k]]
    assert changed == ["bogp_fan:Bog Hag"]

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once, at load; the comparison notes it
        cmp = compare_results(back, new, url=bog)
    unchecked = SimResult.load(tmp_path / "old.json", check_deck=False)
    assert unchecked.deck_changed is None
    with pytest.warns(DeckChangedWarning, match="changed: Bog Hag"):  # compare_results checks it
        assert compare_results(unchecked, new, url=bog).notes == cmp.notes
    # two versions of one deck, same bots: told apart by the deck version
    assert cmp.label_a == f"Bog A (greedy) [deck {old.config['deck_digest'][:7]}]"
    assert cmp.label_b == f"Bog A (greedy) [deck {new.config['deck_digest'][:7]}]"
    assert any(n.startswith("run A: deck 'Bog A' has changed") for n in cmp.notes)
    assert "A and B played two versions of deck 'Bog A' (A -> B changed: Bog Hag [bogp_fan])." in cmp.notes
    hag = cmp.cards.set_index("name").loc["Bog Hag"]
    assert hag["runs"] == "both" and bool(hag["edited"])
    assert cmp.cards["name"].iloc[0] == "Bog Hag"  # the card changed by design comes first
    assert cmp.cards["edited"].sum() == 1


def test_an_old_result_without_digests_still_loads_unchecked(bog, tmp_path):
    r = run("Bog A", bog, games=4)
    r.save(tmp_path / "r.json")
    doc = json.loads((tmp_path / "r.json").read_text())
    for k in ("deck_digest", "deck_cards", "deck_ref"):
        del doc["config"][k]
    (tmp_path / "old.json").write_text(json.dumps(doc))
    D.edit_card("Bog Hag", "bogp_fan", {"level": 9}, url=bog)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        back = SimResult.load(tmp_path / "old.json", url=bog)
    assert back.deck_changed is None and back.n_games == 4
    cmp = compare_results(back, r, check_decks=False)
    assert cmp.label_a.endswith("[deck version unknown]")
    assert any("not recorded" in n for n in cmp.notes)


def test_curses_in_front_of_a_player_count_as_held(sim_url):
    """Chicken On Your Head stays in front of its victim: it used to show held 0 (only hand,
    Items, Race and Class were read)."""
    from munchkin_lab.sim import replay_game

    r = simulate("base", players=4, games=40, seed=0, workers=1, progress=False, url=sim_url)
    c = r.cards.set_index("name")
    held = wins = 0  # counted afresh: the 40 games replayed, the Chicken in front of whom at the end
    for n in range(40):
        g = replay_game("base", n, players=4, seed=0, url=sim_url, history=False)
        for q, p in enumerate(g.state.players):
            if any(g.specs[x].name == "Chicken On Your Head" for x in p.curses + p.hand):
                held += 1
                wins += q in g.state.winners
    assert held > 0  # (the seed gives it to somebody)
    assert (int(c.loc["Chicken On Your Head", "held"]), int(c.loc["Chicken On Your Head", "held_wins"])) == (held, wins)
    assert c.loc["Chicken On Your Head", "win_share_when_held"] == pytest.approx(wins / held)
    assert int(c.loc["Lose 1 Level", "held"]) == 0  # a Curse that does its harm and goes is never held


def test_an_ab_of_one_cards_two_versions_shows_both_with_kill_rates(bog):
    a, b = run("Bog A", bog, games=30), run("Bog B", bog, games=30)
    cmp = compare_results(a, b, check_decks=False)
    t = cmp.cards
    assert list(t["name"][:2]) == ["Bog Hag", "Bog Hag Mk2"] and list(t["runs"][:2]) == ["A only", "B only"]
    hag = t.set_index("name").loc["Bog Hag"]
    ca = a.cards.set_index("name").loc["Bog Hag"]
    assert (hag["killed_a"], hag["fled_a"]) == (ca["killed"], ca["fled"]) and ca["killed"] + ca["fled"] > 0
    assert hag["kill_rate_a"] == pytest.approx(ca["kill_rate"])
    assert hag["kill_low_a"] <= hag["kill_rate_a"] <= hag["kill_high_a"] and hag["kill_high_a"] - hag["kill_low_a"] > 0
    assert hag["killed_b"] == 0 and hag["p_value"] != hag["p_value"]  # only in A: no difference
    rest = t[t["runs"] == "both"].dropna(subset=["p_value"])
    assert list(rest["p_value"][~rest["significant"]]) == sorted(rest["p_value"][~rest["significant"]])
    monsters = rest[rest["kind"] == "monster"].dropna(subset=["kill_diff"])
    assert len(monsters) > 5 and (monsters["kill_ci_low"] <= monsters["kill_diff"]).all()
    tables = cmp.card_table(top=5, width=18)
    one = tables["one_run"]
    assert list(one["card"]) == ["Bog Hag [bogp_fan]", "Bog Hag Mk2 [bogp…"]  # cut with an ellipsis
    assert list(one["runs"]) == ["A only", "B only"]
    lo, hi = round(hag["kill_low_a"] * 100), round(hag["kill_high_a"] * 100)
    assert one["kill 95% CI"].iloc[0] == f"A {lo}-{hi}%"
    assert len(tables["compared"]) == 5
    text = text_table(one, left=("card", "runs"))
    assert text.splitlines()[1].startswith("Bog Hag [bogp_fan]  A only")


def test_card_names_are_cut_with_an_ellipsis_keeping_the_set():
    import pandas as pd

    from munchkin_lab.sim.compare import card_impact
    import types

    def res(held):
        df = pd.DataFrame([{"key": "x:Unspeakably Awful Indescribable Horror", "name": "Unspeakably Awful "
                            "Indescribable Horror", "set": "munchkin", "kind": "monster", "copies": 1,
                            "held": held, "held_wins": 1, "killed": 3, "fled": 1}])
        return types.SimpleNamespace(cards=df)

    t = card_table(card_impact(res(4), res(5)))["compared"]
    assert t["card"].iloc[0] == "Unspeakably Awful In\u2026 [munchkin]" and len(t["card"].iloc[0]) == 32
    assert t["kill rate"].iloc[0] == "75% -> 75%" and t["kill B-A (95% CI)"].iloc[0].startswith("+0 (")


def test_compare_command_lists_the_cards_of_one_run_first(bog):
    import re

    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    res = CliRunner().invoke(app, ["compare", "Bog A", "Bog B", "--games", "12", "--workers", "1", "--seed", "3",
                                   "--no-progress", "--url", bog, "--cards", "3"])
    assert res.exit_code == 0, res.output
    one = res.output.split("cards in one run only, edited or in other copies (2; ")[1].splitlines()
    assert re.match(r"card +runs +played +held +win share +kill rate +kill 95% CI +\*$", one[1])
    assert re.match(r"Bog Hag \[bogp_fan\] +A only +\d+ / - +\d+ / - +(\d+%|-) +\d+% +A \d+-\d+%$", one[2]), one[2]
    assert re.match(r"Bog Hag Mk2 \[bogp_fan\] +B only +- / \d+ +- / \d+ +(\d+%|-) +\d+% +B \d+-\d+%$", one[3]), one[3]
    both = res.output.split("cards in both runs")[1].splitlines()
    assert len([ln for ln in both[2:] if not ln.startswith("ranked:")]) == 3  # --cards 3


def test_simulate_command_names_the_deck_version_it_played(bog, tmp_path):
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    res = CliRunner().invoke(app, ["simulate", "Bog A", "--games", "2", "--workers", "1", "--no-progress",
                                   "--url", bog, "--out", str(tmp_path / "r.json")])
    assert res.exit_code == 0, res.output
    r = SimResult.load(tmp_path / "r.json", url=bog)
    assert res.output.startswith(f"Bog A [deck {r.config['deck_digest'][:7]}]: 2 games, 4 players")


def test_a_card_whose_copies_alone_changed_is_not_edited(bog, tmp_path):
    """A new user's finding: one more copy of a card was labelled "edited"."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    d = Deck("Bog C", url=bog)
    d.add_set("munchkin")
    d.add("Bog Hag", 2)  # Bog A plays 3
    d.save()
    try:
        a, c = run("Bog A", bog, games=6), run("Bog C", bog, games=6)
        t = compare_results(a, c, check_decks=False).cards.set_index("name")
        assert (t.loc["Bog Hag", "copies_a"], t.loc["Bog Hag", "copies_b"]) == (3, 2)
        assert not t["edited"].any() and t.index[0] == "Bog Hag"  # a change by design, first
        one = card_table(t.reset_index())["one_run"].set_index("card")
        assert one.loc["Bog Hag [bogp_fan]", "runs"] == "copies 3 -> 2" and len(one) == 1
        D.edit_card("Bog Hag", "bogp_fan", {"level": 9}, url=bog)
        e = run("Bog A", bog, games=6)
        one = card_table(compare_results(c, e, check_decks=False).cards)["one_run"].set_index("card")
        assert one.loc["Bog Hag [bogp_fan]", "runs"] == "edited, copies 2 -> 3"
        res = CliRunner().invoke(app, ["compare", "Bog A", "Bog C", "--games", "4", "--workers", "1",
                                       "--no-progress", "--url", bog, "--cards", "2"])
        assert res.exit_code == 0, res.output
        line = [ln for ln in res.output.splitlines() if ln.startswith("Bog Hag [bogp_fan]")][0]
        assert "copies 3 -> 2" in line and "edited" not in line
    finally:
        delete_deck("Bog C", url=bog)


def test_simulate_and_compare_warn_of_monsters_of_unknown_level(sim_url):
    """A new user's finding: Wolfman (Level null) played at Level 0 in simulations, unsaid."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import app
    from munchkin_lab.decks.presets import find_deck

    d = Deck("Wolfy", url=sim_url)
    d.add_set("munchkin")
    d.add("Wolfman", set="scooby_doo")
    d.save()
    try:
        unknown = [s for s, _ in find_deck("Wolfy", url=sim_url).specs() if s.kind == "monster" and s.level is None]
        assert [s.name for s in unknown] == ["Wolfman"]
        res = CliRunner().invoke(app, ["simulate", "Wolfy", "--games", "2", "--workers", "1", "--no-progress",
                                       "--url", sim_url])
        assert res.exit_code == 0, res.output
        assert ("warning: 1 monster of unknown Level (Wolfman [scooby_doo]) played at Level 0, so the numbers "
                "with them are not the printed game's (deck check: unknown-level)") in res.output
        res = CliRunner().invoke(app, ["compare", "base", "Wolfy", "--games", "2", "--workers", "1",
                                       "--no-progress", "--url", sim_url])
        assert res.exit_code == 0, res.output
        assert "warning: deck B: 1 monster of unknown Level (Wolfman [scooby_doo])" in res.output
        assert "deck A:" not in res.output  # the base set's monsters all have a Level
    finally:
        delete_deck("Wolfy", url=sim_url)


def test_a_saved_result_against_its_deck_with_other_options_notes_them(bog, tmp_path):
    """`deck option` between a saved run and a compare against the deck of its name: the
    comparison's notes name the options that changed, as they name an edited card."""
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    d = Deck.load("Bog A", url=bog)
    d.set_option("fairy_dust.fairy_level", 12)  # (no Fairy in the deck: still an option of it)
    d.save(replace=True)
    old = run("Bog A", bog, games=6)
    assert old.config["options"]["module_options"] == {"fairy_dust": {"fairy_level": 12}}
    old.save(tmp_path / "old.json")
    d = Deck.load("Bog A", url=bog)
    d.set_option("fairy_dust.fairy_level", None)
    d.set_option("faster_play", True)
    d.save(replace=True)
    said = ("deck 'Bog A' has changed since this result was simulated: its options (then -> now) faster_play "
            "false -> true, fairy_dust.fairy_level 12 -> none; these numbers are for the options as they were then")
    with pytest.warns(DeckChangedWarning) as caught:
        back = SimResult.load(tmp_path / "old.json", url=bog)
    assert back.deck_changed == said and said in str(caught[0].message)
    new = run("Bog A", bog, games=6)
    assert new.config["deck_digest"] == old.config["deck_digest"]  # the same cards
    cmp = compare_results(back, new, url=bog)
    assert cmp.notes == [f"run A: {said}.",
                         "A and B played deck 'Bog A' with other options (A -> B faster_play false -> true, "
                         "fairy_dust.fairy_level 12 -> none)."]
    res = CliRunner().invoke(app, ["compare", str(tmp_path / "old.json"), "Bog A", "--games", "6", "--workers", "1",
                                   "--no-progress", "--cards", "0", "--url", bog])
    assert res.exit_code == 0, res.output
    assert f"note: run A: {said}." in res.stdout
    assert "note: A and B played deck 'Bog A' with other options (A -> B faster_play false -> true" in res.stdout
    # the same options again: no note
    d = Deck.load("Bog A", url=bog)
    d.set_option("fairy_dust.fairy_level", 12)
    d.set_option("faster_play", False)
    d.save(replace=True)
    again = SimResult.load(tmp_path / "old.json", url=bog)
    assert again.deck_changed is None
    assert compare_results(again, run("Bog A", bog, games=6), url=bog).notes == []
    # a card edited and an option changed: one sentence names both
    D.edit_card("Bog Hag", "bogp_fan", {"level": 9}, url=bog)
    d = Deck.load("Bog A", url=bog)
    d.set_option("shared_victory", True)
    d.save(replace=True)
    with pytest.warns(DeckChangedWarning):
        both = SimResult.load(tmp_path / "old.json", url=bog).deck_changed
    assert ": changed: Bog Hag [bogp_fan]; its options (then -> now) shared_victory false -> true; these numbers " \
           "are for the deck as it was then" in both


def test_options_of_a_run_and_their_differences():
    from munchkin_lab.sim.provenance import diff_options, options_of

    a = options_of({"options": {"faster_play": False, "shared_victory": True,
                                "module_options": {"scooby_doo": {"start_dungeon": "K-Ghoul Mart"}}}})
    assert a == {"faster_play": False, "shared_victory": True, "scooby_doo.start_dungeon": "K-Ghoul Mart"}
    b = options_of({"options": {"faster_play": True, "shared_victory": True,
                                "module_options": {"fairy_dust": {"fairy_level": 12}}}})
    assert diff_options(a, b) == ('faster_play false -> true, fairy_dust.fairy_level none -> 12, '
                                  'scooby_doo.start_dungeon "K-Ghoul Mart" -> none')
    assert diff_options(a, dict(a)) == ""
    assert options_of({}) is None and options_of({"options": {"solar_storm": True}}) is None
    assert diff_options(None, b) == ""  # a result that recorded no options: nothing to compare
