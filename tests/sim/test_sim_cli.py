"""The simulate and compare commands (typer CliRunner)."""
from __future__ import annotations

import re

import pytest

import pandas as pd
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


def _flat(text: str) -> str:
    """Command output with rich's error box and line wrapping taken out."""
    return re.sub(r"[\s\u2500-\u257f]+", " ", text)


def test_simulate_writes_parquet(sim_url, tmp_path):
    out = tmp_path / "results.parquet"
    res = runner.invoke(app, ["simulate", "base", "--games", "6", "--players", "4", "--workers", "1",
                              "--seed", "1", "--out", str(out), "--bots", "greedy,random",
                              "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    assert "win rate" in res.output and "P4" in res.output
    assert f"wrote {out} (per-game, card, seat, summary and Level tables)" in res.output
    games = pd.read_parquet(out)  # the per-game table is the file's data
    assert list(games["game"]) == list(range(6)) and "end_cause" in games
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.parquet"]  # one file, no companions
    from munchkin_lab.sim import SimResult, simulate

    back = SimResult.load(out)
    assert back.config["bots"] == ["greedy", "random", "greedy", "random"]
    assert {"key", "drawn", "killed", "win_share_when_held"} <= set(back.cards)
    assert back.cards["drawn"].sum() >= 4 * 8 * 6
    same = simulate("base", games=6, players=4, workers=1, seed=1, bots="greedy,random", progress=False,
                    url=sim_url)
    pd.testing.assert_frame_equal(back.games, same.games)
    pd.testing.assert_frame_equal(back.seats, same.seats)
    pd.testing.assert_frame_equal(back.cards, same.cards)


def test_simulate_deck_file(sim_url, tmp_path, base_deck):
    path = tmp_path / "mine.txt"
    base_deck.export(path)
    res = runner.invoke(app, ["simulate", str(path), "--games", "2", "--workers", "1", "--no-progress",
                              "--url", sim_url])
    assert res.exit_code == 0, res.output


def test_compare_command(sim_url, tmp_path):
    res = runner.invoke(app, ["compare", "base", "base", "--games", "4", "--workers", "1", "--seed", "2",
                              "--bots-b", "random", "--no-progress", "--url", sim_url,
                              "--plots", str(tmp_path / "plots"), "--turn-cap", "80"])
    assert res.exit_code == 0, res.output
    assert "B-A" in res.output and "turns" in res.output
    assert "cards in both runs (played = times played, A / B; win share = share of wins when held; B-A in points):" \
        in res.output
    listed = res.output.split("cards in both runs")[1].splitlines()
    head = listed[1]
    assert re.match(r"card +played +held +win share +B-A \(95% CI\) +kill rate +kill B-A \(95% CI\) +\*$", head), head
    first = listed[2]
    assert re.search(r"\] +\d[\d,]* / \d[\d,]* +\d[\d,]* / \d[\d,]* +(\d+%|-) -> (\d+%|-) ", first), first  # played, held, shares
    monster = next(line for line in listed[2:] if re.search(r"\d+% -> \d+% +[+-]\d+ \([+-]\d+ to [+-]\d+\)( +\*)?$", line))
    assert monster  # a monster's kill rate A -> B with its B-A interval
    legend = next(line for line in listed if line.startswith("ranked:"))
    m = int(re.search(r"corrected for the (\d+) differences compared", legend).group(1))
    assert m >= 10 and "by p-value" in legend and "Bonferroni" in legend
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["cards.png", "lengths.png", "levels.png",
                                                                      "win_rates.png"]
    # a second run keeps the first run's plots unless --force (refused before any game)
    before = {p.name: p.read_bytes() for p in (tmp_path / "plots").iterdir()}
    again = ["compare", "base", "base", "--games", "4", "--workers", "1", "--seed", "3", "--bots-b", "random",
             "--no-progress", "--url", sim_url, "--plots", str(tmp_path / "plots"), "--turn-cap", "80"]
    res = runner.invoke(app, again)
    assert res.exit_code == 1, res.output
    assert "already exist (use --force to overwrite)" in res.output and "B-A" not in res.output
    assert {p.name: p.read_bytes() for p in (tmp_path / "plots").iterdir()} == before
    res = runner.invoke(app, again + ["--force"])
    assert res.exit_code == 0, res.output
    assert {p.name: p.read_bytes() for p in (tmp_path / "plots").iterdir()} != before


def test_compare_reports_the_turn_cap_share_and_the_times_each_card_was_played(sim_url, tmp_path):
    """New-user finding 7: seat win rates adding up to ~67% with no word of the games that
    reached the turn cap; per card only "held" (at the end), so a Curse played and discarded
    showed nothing. compare prints both sides' turn-cap share, and every card row the times
    it was played (the simulator's ``played`` count). Finding 9: ``--max-turns`` is the same
    option as ``--turn-cap`` on simulate and compare (and play)."""
    from munchkin_lab.sim import SimResult
    from munchkin_lab.sim.compare import card_table, compare_results

    a, b = tmp_path / "a.parquet", tmp_path / "b.parquet"
    for out, seed in ((a, 5), (b, 6)):  # a turn cap this low ends most games without a winner
        res = runner.invoke(app, ["simulate", "base", "--games", "12", "--workers", "1", "--seed", str(seed),
                                  "--max-turns", "6", "--no-progress", "--url", sim_url, "--out", str(out)])
        assert res.exit_code == 0, res.output
    ra, rb = SimResult.load(a), SimResult.load(b)
    assert ra.config["turn_cap"] == rb.config["turn_cap"] == 6
    res = runner.invoke(app, ["compare", str(a), str(b), "--no-progress", "--url", sim_url, "--cards", "200"])
    assert res.exit_code == 0, res.output
    cap = [dict(zip(r.summary["metric"], r.summary["value"]))["turn_cap_rate"] for r in (ra, rb)]
    won = [dict(zip(r.summary["metric"], r.summary["value"]))["decided_rate"] for r in (ra, rb)]
    assert cap[0] > 0 and sum(ra.seats["win_rate"]) == pytest.approx(won[0])
    line = next(ln for ln in res.output.splitlines() if ln.startswith("turn cap reached: "))
    assert line.startswith(f"turn cap reached: {cap[0]:.1%} vs {cap[1]:.1%}, {(cap[1] - cap[0]) * 100:+.1f} (")
    assert line.endswith(f"points; games with a winner {won[0]:.1%} vs {won[1]:.1%} (the seats' win rates add up "
                         "to these)")
    cmp = compare_results(ra, rb, check_decks=False)
    other = cmp.other.set_index("metric")
    assert other.loc["turn_cap_rate", "a"] == pytest.approx(cap[0]) and other.loc["turn_cap_rate", "b"] == pytest.approx(cap[1])
    played = {k: (int(x), int(y)) for k, x, y in zip(cmp.cards["key"], cmp.cards["played_a"], cmp.cards["played_b"])}
    for r, i in ((ra, 0), (rb, 1)):
        assert {k: v[i] for k, v in played.items()} == dict(zip(r.cards["key"], r.cards["played"].astype(int)))
    assert sum(x + y for x, y in played.values()) > 0
    from munchkin_lab.sim.compare import _by_design

    rest = cmp.cards[~_by_design(cmp.cards) & cmp.cards["p_value"].notna()]
    table = card_table(cmp.cards, top=500)["compared"]
    assert len(table) == len(rest) > 5
    assert list(table["played"]) == [f"{x:,} / {y:,}" for x, y in zip(rest["played_a"], rest["played_b"])]
    # the same option under both names, on compare too (a deck played now)
    for flag in ("--turn-cap", "--max-turns"):
        res = runner.invoke(app, ["compare", "base", "base", "--games", "2", "--workers", "1", "--seed", "2",
                                  flag, "4", "--no-progress", "--url", sim_url, "--cards", "0"])
        assert res.exit_code == 0, res.output
        assert "turn cap reached: 100.0% vs 100.0%, +0.0 (" in res.output  # nobody reaches Level 10 in 4 turns


def test_play_takes_the_turn_cap_under_both_names():
    for flag in ("--turn-cap", "--max-turns"):
        r = runner.invoke(app, ["play", flag, "3", "--quiet", "--tail", "0"])
        assert r.exit_code == 0 and r.output.startswith("No winner (turn limit) after 3 turns, "), r.output
    r = runner.invoke(app, ["play", "--help"])
    assert "--turn-cap" in r.output and "--max-turns" in r.output
    r = runner.invoke(app, ["play", "--turn-cap", "0"])
    assert r.exit_code == 2 and "Error: --turn-cap must be at least 1, got 0" in r.output


def test_bad_input_exits_1_without_traceback(sim_url, tmp_path):
    (tmp_path / "d.parquet").mkdir()
    for args, text in ((["simulate", "nope", "--games", "2"], "not a file, a preset"),
                       (["compare", "base", "nope", "--games", "2"], "not a file, a preset"),
                       (["simulate", "base", "--games", "2", "--scheduler", "tcp://127.0.0.1:9",
                         "--connect-timeout", "1"], "unreachable"),
                       (["simulate", "base", "--games", "2", "--out", str(tmp_path / "no" / "dir" / "x.parquet")],
                        f"folder '{tmp_path / 'no' / 'dir'}' does not exist"),
                       (["simulate", "base", "--games", "2", "--out", str(tmp_path / "d.parquet")], "it is a folder"),
                       (["compare", "base", "base", "--games", "2", "--plots", str(tmp_path / "a" / "b")],
                        f"folder '{tmp_path / 'a'}' does not exist")):
        res = runner.invoke(app, args + ["--url", sim_url, "--no-progress"])
        assert res.exit_code == 1, (args, res.output)
        assert "Error:" in res.output and text in res.output
        assert "Traceback" not in res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.parquet"]  # no folder was created


def test_usage_errors_exit_2_before_any_game(sim_url, tmp_path):
    for args, text in ((["simulate", "base", "--games", "0"], "--games"),
                       (["simulate", "base", "--players", "7"], "--players"),
                       (["simulate", "base", "--workers", "0"], "--workers"),
                       (["simulate", "base", "--turn-cap", "0"], "--turn-cap"),
                       (["simulate", "base", "--bots", "greedy,smart"], "unknown bot 'smart'"),
                       (["compare", "base", "base", "--bots-b", "smart"], "unknown bot 'smart'"),
                       (["simulate", "base", "--out", str(tmp_path / "x.txt")], "suffix '.txt'"),
                       (["simulate", "base", "--out", str(tmp_path / "results")], "no suffix"),
                       (["simulate", "base", "--no-such-option"], "No such option")):
        res = runner.invoke(app, args + ["--url", sim_url, "--no-progress"])
        assert res.exit_code == 2, (args, res.output)
        assert text in _flat(res.output), (args, res.output)
        assert "Traceback" not in res.output and "win rate" not in res.output
    assert list(tmp_path.iterdir()) == []


def test_out_writes_the_format_its_suffix_names(sim_url, tmp_path):
    import json

    from munchkin_lab.sim import SimResult

    base = ["simulate", "base", "--games", "5", "--workers", "1", "--seed", "3", "--no-progress", "--url", sim_url]
    for name in ("r.parquet", "r.json", "r.csv"):
        res = runner.invoke(app, base + ["--out", str(tmp_path / name)])
        assert res.exit_code == 0, res.output
    before = (tmp_path / "r.csv").read_bytes()
    res = runner.invoke(app, base + ["--out", str(tmp_path / "r.csv"), "--seed", "4"])
    assert res.exit_code == 1 and f"'{tmp_path / 'r.csv'}' already exists (use --force to overwrite it)" in res.output
    assert (tmp_path / "r.csv").read_bytes() == before
    res = runner.invoke(app, base + ["--out", str(tmp_path / "r.csv"), "--force"])  # the same run again
    assert res.exit_code == 0, res.output
    assert (tmp_path / "r.csv").read_bytes() == before
    pq = SimResult.load(tmp_path / "r.parquet")
    js = SimResult.load(tmp_path / "r.json")
    for t in ("games", "cards", "seats", "summary", "levels"):
        pd.testing.assert_frame_equal(getattr(pq, t), getattr(js, t))
    assert js.config == pq.config and js.totals == pq.totals
    doc = json.loads((tmp_path / "r.json").read_text())
    assert doc["format"] == "munchkin-lab simulation result" and len(doc["games"]) == 5
    csv = pd.read_csv(tmp_path / "r.csv", keep_default_na=False)
    assert list(csv["game"]) == list(range(5))
    assert list(csv["seed"].astype("uint64")) == list(pq.games["seed"])
    assert list(csv["turns"]) == list(pq.games["turns"]) and list(csv["winners"].astype(str)) == list(pq.games["winners"])
    assert (tmp_path / "r.parquet").read_bytes()[:4] == b"PAR1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv", "r.json", "r.parquet"]


@pytest.mark.parametrize("cmd", [["simulate", "base"], ["compare", "base", "base"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_seed_out_of_range_names_the_option_before_any_game(cmd, seed):
    r = CliRunner().invoke(app, [*cmd, "--games", "2", "--seed", seed, "--no-progress"])
    assert r.exit_code == 2
    assert "Error: --seed must be at " in r.output and "(allowed: 0..18446744073709551615)" in r.output
    assert "game/s" not in r.output


def test_the_largest_play_seed_is_a_simulate_and_compare_seed_too():
    """New-user finding: ``play --seed 18446744073709551615`` worked, simulate/compare refused
    seeds above 2**63-1. One range (engine.rng.SEED_RANGE) for every command."""
    from munchkin_lab.engine.rng import SEED_RANGE

    top = str(SEED_RANGE[1])
    assert top == str(2**64 - 1)
    r = CliRunner().invoke(app, ["simulate", "base", "--games", "1", "--players", "3", "--seed", top,
                                 "--workers", "1", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert f"seed {top}" in r.stdout
    r = CliRunner().invoke(app, ["compare", "base", "base", "--games", "1", "--players", "3", "--seed", top,
                                 "--workers", "1", "--no-progress", "--cards", "0"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("A = Munchkin (base game) (greedy) [run A], 1 games; ")


def test_simulate_api_names_a_bad_seed():
    from munchkin_lab.sim import simulate

    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2\\*\\*64-1, got -1"):
        simulate("base", games=2, seed=-1, progress=False)


def test_compare_takes_a_saved_result_and_plays_the_deck_with_its_settings(tmp_path):
    """New-user finding: ``compare r100.parquet "Swamp Mix"`` read the result as a deck file
    (``not a text file (binary data)``). A saved result is compared as it is; the deck on the
    other side is played with the result's players, games, seed, bots and turn cap."""
    out = tmp_path / "r.parquet"
    r = CliRunner().invoke(app, ["simulate", "base", "--games", "4", "--players", "3", "--seed", "5", "--turn-cap",
                                 "120", "--workers", "1", "--no-progress", "--out", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["compare", str(out), "base", "--workers", "1", "--no-progress", "--cards", "0"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("A = ") and ", 4 games; B = " in lines[0] and lines[0].endswith(", 4 games")
    seats = [ln for ln in lines if ln.startswith("P")]
    assert len(seats) == 3  # the result's 3 players, not the default table
    assert all(" +0.0 (" in ln for ln in seats), seats  # same deck, seed, bots, cap: the same games
    r = CliRunner().invoke(app, ["compare", str(out), str(out), "--no-progress", "--cards", "0"])
    assert r.exit_code == 0 and r.stdout.startswith("A = "), r.output
    # another table size than the saved run's: said as such (it was "bots: 3 bots for 4 players")
    r = CliRunner().invoke(app, ["compare", str(out), "base", "--players", "4", "--no-progress"])
    assert r.exit_code == 2, r.output
    assert "cannot compare seats of 3- and 4-player runs: r.parquet was played with 3 players" in \
        " ".join(r.output.split()), r.output
    csv = tmp_path / "r.csv"
    csv.write_text("game\n0\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["compare", str(csv), "base", "--no-progress"])
    assert r.exit_code == 1
    assert (f"{csv}: a .csv result holds the per-game table only, so compare cannot read it; compare takes decks "
            "or results saved as .parquet or .json") in r.output
    r = CliRunner().invoke(app, ["compare", "base"])
    assert r.exit_code == 2 and "Missing argument 'DECK_B'" in r.output


def test_simulate_and_compare_warn_of_a_printed_card_changed_in_the_database(tmp_path):
    """A CSV import changed Potted Plant's Level in this database: `simulate base`, `deck
    check` and `compare` say the run played it as changed (the presets are built on the printed cards;
    new-user finding: nothing said so before), naming the card and the way back."""
    import csv

    from munchkin_lab.cards import api
    from munchkin_lab.cards.build import build

    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    build(url=url)
    args = ["simulate", "base", "--games", "2", "--workers", "1", "--no-progress", "--url", url]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert "printed card" not in r.output
    path = tmp_path / "cards.csv"
    api.export_csv(path, url=url)
    rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
    row = next(x for x in rows if x["name"] == "Potted Plant")
    row["level"] = str(int(row["level"]) + 2)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerow(row)
    assert api.import_csv(path, url=url)["updated"] == 1
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert ("warning: a printed card of this deck changed in this database since the last build "
            "(a CSV import: munchkin:Potted Plant)") in r.output
    r = runner.invoke(app, ["deck", "check", "base", "--url", url])
    assert r.exit_code == 0, r.output
    assert ("warning: a printed card of this deck changed in this database since the last build "
            "(a CSV import: munchkin:Potted Plant)") in r.output and "[printed-edited;" in r.output
    r = runner.invoke(app, ["compare", "base", "base", "--games", "2", "--workers", "1", "--no-progress", "--url", url])
    assert r.exit_code == 0, r.output
    assert "warning: deck A: a printed card of this deck changed" in r.output
    assert "warning: deck B: a printed card of this deck changed" in r.output


def test_two_saved_partial_results_compare_as_far_as_they_went(base_deck, sim_url, tmp_path):
    """New-user finding: two interrupted results saved by ``simulate --out`` were "nothing
    compared" with exit 130, though nobody pressed Ctrl+C; one partial result against a deck
    compared. Both compare now, exit 0, each with a note that it is partial."""
    from munchkin_lab.sim import SimResult, simulate

    paths = []
    for side, seed, done in (("A", 1, 5), ("B", 2, 4)):
        r = simulate(base_deck, games=done, seed=seed, workers=1, progress=False)
        r.interrupted, r.config["games"] = True, 20  # what a Ctrl-C after `done` of 20 games saves
        p = tmp_path / f"{side}.parquet"
        r.save(p)
        assert SimResult.load(p, url=sim_url).interrupted
        paths.append(p)
    res = runner.invoke(app, ["compare", str(paths[0]), str(paths[1]), "--cards", "0", "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    assert "Interrupted" not in res.output and "nothing compared" not in res.output
    assert ", 5 games; B = " in res.output and res.output.count("\nP") == 4
    assert "note: run A was interrupted after 5 of 20 games: compared as far as it went." in res.output
    assert "note: run B was interrupted after 4 of 20 games: compared as far as it went." in res.output
    # one partial result against a deck: the same note for it, none for the run played in full
    res = runner.invoke(app, ["compare", "base", str(paths[1]), "--games", "3", "--workers", "1", "--cards", "0",
                              "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    assert "note: run B was interrupted after 4 of 20 games" in res.output and "run A was interrupted" not in res.output
