"""The ``munchkin-lab db`` and ``munchkin-lab cards`` commands (typer CliRunner, SQLite)."""
from __future__ import annotations

import json
import textwrap

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app

from cardtest_helpers import MINI

runner = CliRunner()


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('cli') / 'cli.sqlite'}"
    res = runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)])
    assert res.exit_code == 0, res.output
    assert "built: 2 sets, 11 cards" in res.output
    return url


def test_check_ok():
    res = runner.invoke(app, ["db", "check", "--data", str(MINI)])
    assert res.exit_code == 0 and "ok: 2 sets, 11 cards" in res.output


def test_check_reports_problems_without_traceback(data_copy):
    (data_copy / "sets" / "alpha.yaml").write_text(textwrap.dedent("""\
        set: {code: alpha, name: Alpha, family: munchkin, kind: base}
        cards:
          - {name: Bad, kind: item, deck: treasure, slot: hat, source: x}
        """), encoding="utf-8")
    res = runner.invoke(app, ["db", "check", "--data", str(data_copy)])
    assert res.exit_code == 1
    assert "database/sets/alpha.yaml:3: card 'Bad': slot: unknown slot 'hat'" in res.output
    assert "Traceback" not in res.output


def test_stats(url):
    res = runner.invoke(app, ["db", "stats", "--url", url])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "Cards per set" in lines[0] and "automated" in lines[1] and "from data" in lines[1]
    alpha = next(line for line in lines if line.strip().startswith("alpha"))
    assert alpha.split()[-4:] == ["6", "10", "100%", "100%"]  # 6 cards, 10 copies, all automated, all from data
    beta = next(line for line in lines if line.strip().startswith("beta"))
    assert beta.split()[-2:] == ["80%", "80%"]
    assert "Cards per kind" in res.output and "Cards per tag" in res.output and "Undead" in res.output


def test_cards_table_csv_json(url):
    res = runner.invoke(app, ["cards", "tag:undead level>=10", "--url", url])
    assert res.exit_code == 0 and "Grave Lord" in res.output and "2 cards" in res.output
    res = runner.invoke(app, ["cards", "tag:undead", "--format", "csv", "--url", url])
    assert res.exit_code == 0 and res.output.splitlines()[0].startswith("set,name,kind")
    assert len(res.output.splitlines()) == 4
    res = runner.invoke(app, ["cards", "grave", "--format", "json", "--url", url])
    data = json.loads(res.output)
    assert data[0]["name"] == "Grave Lord" and data[0]["level"] == 16 and data[0]["bonus"] is None
    assert data[0]["aliases"] == ["Lord of Graves", "Grobowy Pan"]


def test_bad_query_exits_1_cleanly(url):
    res = runner.invoke(app, ["cards", "lvl>=3", "--url", url])
    assert res.exit_code == 1
    assert "position 0" in res.output and "did you mean 'level'?" in res.output
    assert "Traceback" not in res.output


def test_stats_without_database(tmp_path):
    res = runner.invoke(app, ["db", "stats", "--url", f"sqlite:///{tmp_path / 'none.sqlite'}"])
    assert res.exit_code == 1 and "munchkin-lab db build" in res.output


def test_read_only_commands_create_nothing(tmp_path):
    """`cards`, `db stats`, `deck list` and `deck show` on a missing SQLite file fail cleanly
    and create neither the folder nor the file."""
    folder = tmp_path / "nonexistent" / "dir"
    url = f"sqlite:///{folder / 'x.sqlite'}"
    for argv in (["cards", "x", "--url", url], ["db", "stats", "--url", url],
                 ["deck", "list", "--url", url], ["deck", "show", "Anything", "--url", url]):
        res = runner.invoke(app, argv)
        assert res.exit_code == 1, (argv, res.output)
        assert "does not exist" in res.output and "munchkin-lab db build" in res.output, (argv, res.output)
        assert "Traceback" not in res.output
        assert not (tmp_path / "nonexistent").exists(), argv


def test_api_read_creates_nothing(tmp_path):
    from munchkin_lab.cards.api import cards, load_specs
    from munchkin_lab.cards.errors import CardDataError

    url = f"sqlite:///{tmp_path / 'sub' / 'x.sqlite'}"
    with pytest.raises(CardDataError, match="does not exist"):
        cards("", url=url)
    with pytest.raises(CardDataError, match="does not exist"):
        load_specs(url=url)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["cards", "", "--format", "json"], ["cards", ""], ["db", "stats"]])
@pytest.mark.parametrize("attempt", range(4))
def test_broken_pipe_is_quiet(url, argv, attempt):
    """`munchkin-lab cards '' | head -1`: exit 0, nothing on stderr."""
    import subprocess
    import sys

    code = "import sys; from munchkin_lab.cli import app; sys.argv[0] = 'munchkin-lab'; app()"
    pad = ["--url", url]
    proc = subprocess.Popen([sys.executable, "-c", code, *argv, *pad],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    first = proc.stdout.read(1)
    proc.stdout.close()  # the reader goes away, as head does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert first and err == ""


def test_check_and_build_missing_data_folder(tmp_path):
    missing = tmp_path / "missing" / "folder"
    for argv in (["db", "check", "--data", str(missing)],
                 ["db", "build", "--data", str(missing), "--url", f"sqlite:///{tmp_path / 'x.sqlite'}"]):
        res = runner.invoke(app, argv)
        assert res.exit_code == 1
        assert f"Error: 1 problem in the card data:\n  {missing}: data folder not found" in res.output
        assert "tags.yaml: file missing" not in res.output


# --------------------------------------------------------------------------- properties and one voice

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.text(alphabet=st.sampled_from(list("-:=<>!()\"' abkindtgmosrv0129")), max_size=12),
                      max_size=3),
       fmt=st.sampled_from(["table", "csv", "json"]))
def test_any_query_is_an_answer_or_a_clean_error(url, words, fmt):
    # a first word that names a subcommand (cards add ...) is that command, not a query
    assume(not words or words[0] not in ("search", "add", "edit", "delete", "show"))
    res = runner.invoke(app, ["cards", *words, "--format", fmt, "--url", url])
    assert res.exit_code in (0, 1, 2), res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    if res.exit_code == 1:
        assert "Error: search syntax error at position" in res.output
    if res.exit_code == 2:  # a mistyped option (--ab, a lone -k), before any --
        head = words[:words.index("--")] if "--" in words else words
        assert "Error: No such option: " in res.output
        assert any((w.startswith("--") and len(w.split("=")[0]) > 2) or (len(w) == 2 and w[0] == "-" and w[1].isalpha())
                   for w in head), (words, res.output)


def test_a_mistyped_option_is_an_error_not_search_words(url):
    """A new user's finding: `cards kind:curse --formt table` searched for '--formt table'."""
    res = runner.invoke(app, ["cards", "kind:monster", "--formt", "table", "--url", url])
    assert res.exit_code == 2
    assert res.output.strip() == ("Error: No such option: --formt (Possible options: --format) "
                                  "(see 'root cards search --help')")  # (CliRunner's program name)
    for argv in (["--bogus"], ["-x"], ["kind:monster", "--bogus=1"]):
        res = runner.invoke(app, ["cards", *argv, "--url", url])
        assert res.exit_code == 2 and f"Error: No such option: {argv[-1].split('=')[0]}" in res.output, res.output
    res = runner.invoke(app, ["cards", "--url", url, "--", "-x"])  # after --: a search word (not 'x')
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["cards", "-kind:monster", "-grave", "--url", url])  # negations still search
    assert res.exit_code == 0 and "Flame Sword" in res.output and "Grave" not in res.output
    res = runner.invoke(app, ["deck", "add", "Mix", "Elf", "--copeis", "2", "--url", url])
    assert res.exit_code == 2 and "No such option: --copeis (Possible options: --copies" in res.output


def test_a_bad_format_value_reads_plainly(url):
    res = runner.invoke(app, ["cards", "kind:monster", "--format", "tabel", "--url", url])
    assert res.exit_code == 2
    assert "Error: Invalid value for '--format' / '-f': 'tabel' is not one of 'table', 'csv', 'json'" in res.output
    assert "Value error" not in res.output


def test_fullwidth_letters_search_as_their_plain_forms(url):
    """A new user's finding: `cards 'Ｆｌａｍｅ'` (fullwidth) matched nothing, with no hint."""
    plain = runner.invoke(app, ["cards", "Flame", "--format", "json", "--url", url])
    wide = runner.invoke(app, ["cards", "\uff26\uff4c\uff41\uff4d\uff45", "--format", "json", "--url", url])
    assert wide.exit_code == 0, wide.output
    assert [c["name"] for c in json.loads(wide.output)] == [c["name"] for c in json.loads(plain.output)] == ["Flame Sword"]


def test_queries_may_start_with_a_dash(url):
    res = runner.invoke(app, ["cards", "-kind:monster", "--url", url])
    assert res.exit_code == 0, res.output
    assert "Grave Lord" not in res.output and "Flame Sword" in res.output
    res = runner.invoke(app, ["cards", "--url", url, "-f", "csv", "-tag:undead", "kind:monster"])
    assert res.exit_code == 0 and res.output.splitlines()[0].startswith("set,name")
    assert len(res.output.splitlines()) == 1  # every monster of the fixture is Undead
    res = runner.invoke(app, ["cards", "kind:monster", "tag:undead", "level>=10", "--url", url])
    assert "2 cards" in res.output  # several words are one query
    res = runner.invoke(app, ["cards", "--url", url, "--", "-kind:monster", "--format"])
    assert res.exit_code == 0 and res.output.startswith("no cards match")  # after --, all is query: --format
    # a word that is not one of the options is query text, even with the letters of one (-f)
    res = runner.invoke(app, ["cards", "-deck:fairy", "-kind:item", "--url", url, "-fjson"])
    assert res.exit_code == 0 and res.output.lstrip().startswith("[")


def test_hints_and_plural_forms(url):
    res = runner.invoke(app, ["cards", "tag:undaed", "--url", url])
    assert res.exit_code == 0
    assert res.output.splitlines() == ["no cards match", "hint: no card has the tag 'undaed'; did you mean 'Undead'?"]
    res = runner.invoke(app, ["cards", "deck:dungeons", "--url", url])
    assert res.exit_code == 0
    assert res.output.splitlines() == ["no cards match", "hint: no pile or saved deck 'dungeons'; did you mean 'dungeon'?"]
    res = runner.invoke(app, ["cards", "tag:", "--url", url])  # the README: an empty tag: lists the tags
    assert res.exit_code == 0
    out = res.output.splitlines()
    assert out[0] == "no cards match" and out[1].startswith("hint: tag: needs a value; the tags: ")
    assert "Undead" in out[1].split("the tags: ")[1].split(", ")
    res = runner.invoke(app, ["cards", "grave", "--url", url])
    assert res.output.splitlines()[-1] == "1 card"
    res = runner.invoke(app, ["cards", "grav lrd", "--url", url, "--format", "json"])
    assert res.stdout.strip() == "[]"


def test_db_schema_command(tmp_path):
    from munchkin_lab.cards.files import json_schema_text

    res = runner.invoke(app, ["db", "schema", "--check"])
    assert res.exit_code == 0 and "is current" in res.output
    out = tmp_path / "s.json"
    res = runner.invoke(app, ["db", "schema", "--out", str(out)])
    assert res.exit_code == 0 and out.read_text(encoding="utf-8") == json_schema_text()
    out.write_text("{}", encoding="utf-8")
    res = runner.invoke(app, ["db", "schema", "--out", str(out), "--check"])
    assert res.exit_code == 1 and "is not the current schema" in res.output


def test_exit_codes_and_interrupts(url, monkeypatch):
    from munchkin_lab.cards import api

    res = runner.invoke(app, ["cards", "--format", "xml", "--url", url])
    assert res.exit_code == 2  # a bad option is a usage error
    res = runner.invoke(app, ["cards", "lvl>3", "--url", url])
    assert res.exit_code == 1  # bad input
    res = runner.invoke(app, ["deck", "list", "--url", "garbage://"])
    assert res.exit_code == 1 and "Error: bad database URL" in res.output and "Traceback" not in res.output

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "cards", interrupted)
    res = runner.invoke(app, ["cards", "x", "--url", url])
    assert res.exit_code == 130 and "Interrupted." in res.output


@pytest.mark.parametrize("driver_message,expected", [
    ("attempt to write a readonly database", "Error: the database is read-only: attempt to write a readonly database"),
    ("database or disk is full", "Error: the disk is full: database or disk is full"),
    ("database is locked", "Error: the database is busy (locked by another program)"),
])
def test_database_write_errors_are_clean(tmp_path, monkeypatch, driver_message, expected):
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from munchkin_lab.decks import store

    url = f"sqlite:///{tmp_path / 'w.sqlite'}"
    assert runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)]).exit_code == 0

    def refuse(*a, **k):
        raise OperationalError("INSERT INTO deck ...", {}, sqlite3.OperationalError(driver_message))

    monkeypatch.setattr(store, "save_deck", refuse)
    res = runner.invoke(app, ["deck", "new", "B", "--url", url])
    assert res.exit_code == 1 and res.output.startswith(expected), res.output
    assert "Traceback" not in res.output and "INSERT" not in res.output


def test_ctrl_c_exits_130_without_a_traceback():
    """SIGINT to a running command (a folder of scenario files): ``Interrupted.``, status 130."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    scenarios = Path(__file__).resolve().parents[1] / "scenarios"
    code = "import sys; from munchkin_lab.cli import app; sys.argv[0] = 'munchkin-lab'; app()"
    proc = subprocess.Popen([sys.executable, "-c", code, "scenario", "run", str(scenarios)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()  # it runs
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert first.startswith(("PASS", "FAIL"))
    assert proc.returncode == 130, err
    assert err.strip().endswith("Interrupted.") and "Traceback" not in err


def test_disk_io_error_advises_nothing_that_loses_data(url, tmp_path):
    """Issue 17: a file-size limit (``ulimit -f 20``) makes SQLite report a disk I/O error on a
    sound database. The message says what may have happened and never says to move the
    database away or rebuild it; the file is unchanged."""
    import resource
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    db = Path(url.removeprefix("sqlite:///"))
    copy = tmp_path / "copy.sqlite"
    shutil.copy(db, copy)
    before = copy.read_bytes()

    def limit():  # runs in the child, as `ulimit -f 20` does
        resource.setrlimit(resource.RLIMIT_FSIZE, (20 * 1024, 20 * 1024))

    code = "import sys; from munchkin_lab.cli import app; sys.argv[0] = 'munchkin-lab'; app()"
    proc = subprocess.run([sys.executable, "-c", code, "cards", "Elf", "--url", f"sqlite:///{copy}"],
                          capture_output=True, text=True, preexec_fn=limit, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "disk I/O error" in proc.stderr and "the disk may be full or a file-size limit" in proc.stderr
    assert "move it away" not in proc.stderr and "db build" not in proc.stderr
    assert "Traceback" not in proc.stderr
    assert copy.read_bytes() == before


def test_unreadable_hint_never_advises_losing_data():
    from munchkin_lab.cards.build import unreadable_hint

    damaged = unreadable_hint("file is not a database")
    assert damaged.index("keep a copy first") < damaged.index("db build")
    assert "no designer cards and no saved decks" in damaged
    assert "db build" not in unreadable_hint("disk I/O error")
    assert "db build" not in unreadable_hint("database or disk is full")
    assert unreadable_hint("x", "postgresql").startswith("check the URL and the server")


def test_ctrl_c_while_the_command_line_starts_is_quiet(tmp_path):
    """Issue 17: Ctrl+C in the first second of ``db build`` (while the command modules are
    imported) printed a traceback. The handler is installed before the heavy imports: here
    SIGINT arrives exactly while pandas is imported."""
    import subprocess
    import sys

    code = textwrap.dedent(f"""
        import os, signal, sys
        sys.argv = ["munchkin-lab", "db", "build", "--url", "sqlite:///{tmp_path / 'b.sqlite'}"]
        class Interrupt:
            def find_spec(self, name, path=None, target=None):
                if name == "pandas":
                    os.kill(os.getpid(), signal.SIGINT)
                return None
        sys.meta_path.insert(0, Interrupt())
        from munchkin_lab.cli import app
        print("imported")
        app()
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 130, proc.stderr
    # one line saying what was kept (nothing: the command had not started)
    assert proc.stderr == "Interrupted before the command started: nothing was read or written.\n"
    assert proc.stdout == "" and not (tmp_path / "b.sqlite").exists()


@pytest.mark.parametrize("delay", [0.4, 1.0, 2.5])
def test_ctrl_c_early_in_db_build_never_prints_a_traceback(tmp_path, delay):
    """The console script itself, interrupted after ``delay`` seconds: exit 130 with
    ``Interrupted.`` (or 0 if the build already finished), never a traceback."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = Path(sys.executable).parent / "munchkin-lab"
    if not script.exists():  # pragma: no cover - not installed as a console script
        pytest.skip("no munchkin-lab console script next to the interpreter")
    proc = subprocess.Popen([str(script), "db", "build", "--url", f"sqlite:///{tmp_path / 'b.sqlite'}",
                             "--data", str(MINI)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    if proc.returncode == -signal.SIGINT:
        # the signal came while the interpreter was shutting down after a finished build
        # (Python puts the default handler back then): the build is whole and was reported
        assert out.startswith("built:") and (tmp_path / "b.sqlite").exists(), (out, err)
        return
    assert proc.returncode in (0, 130), err
    if proc.returncode == 130:
        assert err.strip().splitlines()[-1].startswith("Interrupted")


def test_cards_csv_spells_booleans_as_db_export(url, tmp_path):
    """Issue 17: `cards -f csv` wrote False where `db export` writes false: one spelling."""
    import csv
    import io

    res = runner.invoke(app, ["cards", "Heavy Cart", "-f", "csv", "--url", url])
    row = next(csv.DictReader(io.StringIO(res.output)))
    out = tmp_path / "all.csv"
    assert runner.invoke(app, ["db", "export", str(out), "--url", url]).exit_code == 0
    exported = next(r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))) if r["name"] == "Heavy Cart")
    assert (row["big"], row["manual"]) == ("true", "false") == (exported["big"], exported["manual"])


def test_name_hint_only_for_a_word_that_matches_nothing(url):
    """Issue 17: `cards -kind:monster Plant` said "did you mean 'Potted Plant'?" though the
    word matches it; now the hint names the term that excluded it."""
    from munchkin_lab.cards import api

    assert api.cards("-kind:monster Rattler", url=url).attrs["hints"] == [
        "'Rattler' matches 'Bone Rattler', but -kind:monster excludes it"]
    assert api.cards("Rattler kind:curse level=2", url=url).attrs["hints"] == [
        "'Rattler' matches 'Bone Rattler', but kind:curse excludes it"]
    assert api.cards("Rattler (kind:curse or level>5)", url=url).attrs["hints"] == [
        "'Rattler' matches 'Bone Rattler', but (kind:curse or level>5) excludes it"]
    hint = api.cards("Bone Ratler", url=url).attrs["hints"]
    assert hint == ["no card is named like 'Bone Ratler'; did you mean 'Bone Rattler'?"]
    res = runner.invoke(app, ["cards", "-kind:monster", "Rattler", "--url", url])
    assert res.exit_code == 0 and "hint: 'Rattler' matches 'Bone Rattler', but -kind:monster excludes it" in res.output
    assert "did you mean" not in res.output


def test_and_binds_tighter_than_or_and_comparisons_need_the_number(url):
    """What the README's search section says, on the fixture cards (Bone Rattler 2, Grave
    Lord 16; the curse has no Level)."""
    from munchkin_lab.cards import api

    def names(q):
        return set(api.cards(q, url=url)["name"])

    monsters = names("kind:monster")
    assert names("kind:monster or kind:curse level<3") == monsters | names("kind:curse level<3")
    assert names("(kind:monster or kind:curse) level<3") == names("kind:monster level<3") | names("kind:curse level<3")
    no_level = names("-level>=0")
    assert no_level and not (names("level!=5") & no_level)
    assert no_level <= names("-level=5")


def test_a_ctrl_c_lost_in_a_finalizer_is_delivered_to_the_command_again():
    """A KeyboardInterrupt raised inside a garbage-collection callback (Python prints it as
    'Exception ignored' with a traceback and drops it) goes back to the main thread, silently;
    other unraisable errors still reach Python's hook."""
    import time
    import types

    from munchkin_lab.cli import _unraisable

    seen: list = []
    with pytest.raises(KeyboardInterrupt):
        try:
            _unraisable(types.SimpleNamespace(exc_type=KeyboardInterrupt), _default=seen.append)
        except KeyboardInterrupt:  # inside the hook Python would print it as ignored again
            pytest.fail("the interrupt was raised inside the hook itself")
        time.sleep(5)  # the interrupt arrives here, within 50 ms
    assert seen == []
    other = types.SimpleNamespace(exc_type=ValueError)
    _unraisable(other, _default=seen.append)
    assert seen == [other]


def test_a_ctrl_c_raised_in_a_weakref_callback_reaches_the_program_silently():
    """End to end in a fresh interpreter with the console script's hook: a KeyboardInterrupt
    raised by a weak-reference callback (as SQLAlchemy's are, when Ctrl+C lands in one) is
    caught by the program's own ``except KeyboardInterrupt`` and nothing is printed."""
    import subprocess
    import sys

    code = (
        "import sys, time, weakref\n"
        "from munchkin_lab.cli import _unraisable\n"
        "sys.unraisablehook = _unraisable\n"
        "class C: pass\n"
        "def cb(ref): raise KeyboardInterrupt\n"
        "c = C(); r = weakref.ref(c, cb)\n"
        "try:\n"
        "    del c\n"
        "    for _ in range(500): time.sleep(0.01)\n"
        "    print('not interrupted')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.stdout.strip(), done.stderr) == ("interrupted", "")


@pytest.mark.parametrize("argv, env, driver", [
    (["cards", "Plant", "--url", "mysql://x@y/z"], {}, "mysql://...: its driver 'MySQLdb' is not installed"),
    (["db", "build", "--url", "oracle://x@y/z"], {}, "oracle://...: its driver 'oracledb' is not installed"),
    (["db", "stats"], {"DATABASE_URL": "mssql://x@y/z"}, "mssql://...: its driver 'pyodbc' is not installed"),
])
def test_a_url_whose_driver_is_not_installed_is_one_error_line(argv, env, driver):
    pytest.importorskip("sqlalchemy")
    for module in ("MySQLdb", "oracledb", "pyodbc"):
        if module in driver:
            try:
                __import__(module)
                pytest.skip(f"{module} is installed here")
            except ImportError:
                pass
    res = runner.invoke(app, argv, env=env)
    assert res.exit_code == 1, res.output
    assert res.output.strip().splitlines() == [
        f"Error: database URL {driver}; supported: sqlite:///path/to/file.sqlite or postgresql+psycopg://user@host/db"]


def test_stats_counts_stay_whole_numbers_with_an_empty_designer_set(tmp_path):
    """New-user finding: once an empty designer set existed, `db stats` printed every set's
    counts as decimals (147.0, 0.0)."""
    from munchkin_lab import config
    from munchkin_lab.cards import designer
    from munchkin_lab.cards.cli import stats_frames

    url = f"sqlite:///{tmp_path / 'stats.sqlite'}"
    try:
        assert runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)]).exit_code == 0
        designer.create_set("empty_fan", "Empty fan set", requires=["alpha"], url=url)
        sets = stats_frames(url)["sets"]
        assert [str(sets[c].dtype) for c in ("cards", "copies")] == ["int64", "int64"]
        res = runner.invoke(app, ["db", "stats", "--url", url])
        assert res.exit_code == 0, res.output
        rows = {line.split()[0]: line.split() for line in res.output.splitlines()[2:5]}
        assert rows["alpha"][-4:] == ["6", "10", "100%", "100%"]
        assert rows["empty_fan"][-2:] == ["0", "0"]  # no share of no cards: the percentages are blank
    finally:
        config.dispose_engine(url)


def test_a_number_no_card_has_gets_a_hint(url):
    """New-user finding: ``cards 'level:5'`` printed "no cards match" and nothing else. The
    hint says level:5 is level=5, lists the levels cards have and what to try."""
    res = runner.invoke(app, ["cards", "level:5", "--url", url])
    assert res.exit_code == 0
    assert res.output.splitlines() == [
        "no cards match",
        "hint: no card has level 5 (level:5 is level=5; the values cards have: 2, 10, 16); try level>=5 or level<=5"]
    res = runner.invoke(app, ["cards", "level=2", "kind:curse", "--url", url])  # level 2 exists: no such hint
    assert "no card has level" not in res.output


def test_db_build_and_check_of_a_file_that_is_not_a_database_say_what_readers_say(tmp_path):
    """A new user's finding: ``db build`` on a file that is not a database said only
    ``Error: database error: file is not a database``; the readers of the same file explain
    how to keep a copy first and how to rebuild. Now all say the same; the file is untouched."""
    path = tmp_path / "cards.sqlite"
    path.write_bytes(b"this is not a database\n" * 10)
    url = f"sqlite:///{path}"
    reader = runner.invoke(app, ["cards", "Elf", "--url", url])
    assert reader.exit_code == 1 and "keep a copy first" in reader.stderr
    for argv in (["db", "build"], ["db", "check"]):
        r = runner.invoke(app, [*argv, "--url", url, "--data", str(MINI)])
        assert (r.exit_code, r.stderr) == (1, reader.stderr), argv
    assert path.read_bytes() == b"this is not a database\n" * 10


def test_the_db_build_hint_shows_a_path_as_typed(tmp_path):
    """A new user's finding: the hint percent-encoded a path's letters (``d%C3%A9signer
    A/cards %E2%98%A0.sqlite``) while the rest of the message showed them raw; now raw,
    shell-quoted (it has a space), so it can be run as shown; a password stays masked."""
    from munchkin_lab import config

    folder = tmp_path / "désigner A"
    folder.mkdir()
    url = f"sqlite:///{folder}/cards ☠.sqlite"
    r = runner.invoke(app, ["cards", "Elf", "--url", url])
    assert r.exit_code == 1
    assert r.stderr.endswith(f"; run `munchkin-lab db build --url '{url}'` first\n")
    assert "%" not in r.stderr
    assert config.build_command("postgresql+psycopg://bob:s3cret@host/db") == \
        "munchkin-lab db build --url 'postgresql+psycopg://bob:***@host/db'"
