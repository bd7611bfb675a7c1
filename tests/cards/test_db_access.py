"""A card database this user may only read, and a database server that cannot be reached
(new-user findings 6 and 7): reading a read-only SQLite file works and leaves no ``-wal`` /
``-shm`` file behind, a write says exactly why it is refused, and a connection failure is
said as such (not as "a problem in the card data"), the password masked."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from munchkin_lab.cards.build import build
from munchkin_lab.cli import app

from cardtest_helpers import MINI

REPO = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "import sys; from munchkin_lab.cli import app; sys.argv[0] = 'munchkin-lab'; app()"]
#: root may write any file: the commands run without the capabilities that allow it
DROP = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner"] if os.geteuid() == 0 else []


def _run(*argv: str) -> subprocess.CompletedProcess:
    if DROP and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: every file is writable")
    return subprocess.run([*DROP, *CLI, *argv], env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True,
                          text=True, timeout=120)


@pytest.fixture()
def built(tmp_path):
    """A built database ``tmp_path/ro/db.sqlite`` (its WAL folded in); the folder and the
    file made writable again afterwards, so that pytest can remove them."""
    from munchkin_lab import config

    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "db.sqlite"
    url = f"sqlite:///{path}"
    build(url, MINI)
    config.checkpoint_sqlite()
    config.dispose_engine(url)
    assert sorted(p.name for p in folder.iterdir()) == ["db.sqlite"]
    yield path
    folder.chmod(0o755)
    path.chmod(0o644)


@pytest.mark.parametrize("folder_too", [True, False], ids=["folder-read-only", "file-read-only"])
def test_a_read_only_database_reads_and_leaves_nothing_behind(built, folder_too):
    built.chmod(0o444)
    if folder_too:
        built.parent.chmod(0o555)
    url = f"sqlite:///{built}"
    before = built.read_bytes()
    r = _run("cards", "Potion", "--url", url)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "1 card" and "Potion" in r.stdout
    r = _run("deck", "list", "--url", url)
    assert (r.returncode, r.stdout.strip()) == (0, "(none)"), r.stderr
    r = _run("deck", "new", "Mix", "--url", url)
    assert r.returncode == 1
    assert r.stderr.strip() == (f"Error: cannot write the card database: the file {built} is read-only for this "
                                "user; nothing was written")
    assert sorted(p.name for p in built.parent.iterdir()) == ["db.sqlite"]  # no -wal, no -shm
    assert built.read_bytes() == before


def test_a_writable_file_in_a_read_only_folder_reads_and_says_why_it_is_not_written(built):
    built.parent.chmod(0o555)
    url = f"sqlite:///{built}"
    r = _run("cards", "Potion", "--url", url)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "1 card", r.stderr
    r = _run("deck", "new", "Mix", "--url", url)
    assert r.returncode == 1
    assert r.stderr.strip() == (f"Error: cannot write the card database: its folder {built.parent} is not writable "
                                "for this user (SQLite creates db.sqlite-wal and db.sqlite-shm beside the file to "
                                "write); nothing was written")
    assert sorted(p.name for p in built.parent.iterdir()) == ["db.sqlite"]


def test_changes_in_a_wal_that_cannot_be_read_are_named(built):
    """A ``-wal`` holding changes not yet in the file, beside a read-only file in a read-only
    folder: SQLite would need to create the ``-shm`` to read them. The message says so and
    how to fold them in (it never advises a rebuild)."""
    import sqlite3

    con = sqlite3.connect(built)
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("UPDATE card SET summary = 'x' WHERE name = 'Potion'")
    con.commit()
    shutil.copy(built.with_name("db.sqlite-wal"), built.parent / "keep-wal")
    con.close()  # (folds the WAL in and removes it: put the copy back)
    shutil.move(built.parent / "keep-wal", built.with_name("db.sqlite-wal"))
    built.chmod(0o444)
    built.parent.chmod(0o555)
    r = _run("cards", "Potion", "--url", f"sqlite:///{built}")
    assert r.returncode == 1
    assert r.stderr.strip() == (
        f"Error: sqlite:///{built}: cannot read the card database (unable to open database file); it is opened "
        f"read-only because the file {built} is read-only for this user, and db.sqlite-wal beside it holds changes "
        "not yet in the file, which SQLite reads only through db.sqlite-shm, a file it may not create there: "
        "someone who may write the folder can fold them into the file by running any munchkin-lab command on it "
        "(e.g. `munchkin-lab db stats`); the file was not changed")
    built.parent.chmod(0o755)
    built.with_name("db.sqlite-wal").chmod(0o644)


@pytest.mark.parametrize("argv", [["cards", "Plant"], ["deck", "list"], ["db", "build"]])
def test_a_server_that_cannot_be_reached_is_no_card_data_problem(argv):
    """Port 1 of this machine refuses the connection. The message says the server cannot be
    reached and what to check; not "1 problem in the card data", not `db build`; the
    password stays masked."""
    url = "postgresql+psycopg://nobody:s3cret@127.0.0.1:1/nodb"
    res = CliRunner().invoke(app, [*argv, "--url", url])
    assert res.exit_code == 1
    text = res.output.strip()
    shown = "postgresql+psycopg://nobody:***@127.0.0.1:1/nodb: " if argv[0] != "db" else ""
    assert text.startswith(f"Error: {shown}cannot connect to the database server (connection failed: "), text
    assert text.endswith("); check the URL (host, port, database name, user, password) and that the server is "
                         "running and accepts connections; nothing was read or written"), text
    assert "s3cret" not in text and "card data" not in text and "db build" not in text


@pytest.mark.parametrize("folder_too", [True, False], ids=["folder-read-only", "file-read-only"])
def test_db_check_of_a_read_only_database_checks_it(built, folder_too):
    """A new user's finding: ``db check`` (validation only) refused a read-only file ("cannot
    write the card database"). It checks it as it checks a writable one, on a copy in memory."""
    url = f"sqlite:///{built}"
    writable = _run("db", "check", "--data", str(MINI), "--url", url)
    assert writable.returncode == 0, writable.stderr
    config_files = sorted(p.name for p in built.parent.iterdir())
    built.chmod(0o444)
    if folder_too:
        built.parent.chmod(0o555)
    before = built.read_bytes()
    r = _run("db", "check", "--data", str(MINI), "--url", url)
    assert (r.returncode, r.stderr, r.stdout) == (0, "", writable.stdout)
    assert r.stdout.startswith("ok: ")
    assert built.read_bytes() == before
    assert sorted(p.name for p in built.parent.iterdir()) == config_files
