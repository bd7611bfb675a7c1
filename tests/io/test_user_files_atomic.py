"""The user's files written through fileio: deck files (``Deck.export``, ``deck export
--force``) and the board's HTML pages (``widgets.export.write``) keep the previous file on a
full disk (a file-size limit, RLIMIT_FSIZE) or a failed rename, and never create folders."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from munchkin_lab.decks import Catalog, Deck
from munchkin_lab.engine.cards import CardSpec

SPECS = [CardSpec.make(set="munchkin", name=f"Potted Plant {i}", kind="monster", deck="door", level=1,
                       treasures=1) for i in range(40)]


def _deck() -> Deck:
    d = Deck("Plants", catalog=Catalog([(s, 2) for s in SPECS]))
    for s in SPECS:
        d.add(s.name, 2)
    return d


@pytest.fixture(scope="module")
def db_url(tmp_path_factory):
    from munchkin_lab.cards.build import build

    url = f"sqlite:///{tmp_path_factory.mktemp('filesdb') / 'cards.sqlite'}"
    build(url=url)
    return url


def test_deck_export_replaces_atomically_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    from munchkin_lab import fileio

    out = tmp_path / "plants.txt"
    out.write_text("previous deck\n")
    with pytest.raises(FileExistsError, match=r"plants\.txt' already exists; pass overwrite=True"):
        _deck().export(out)
    assert out.read_text() == "previous deck\n"
    _deck().export(out, overwrite=True)
    assert "2 Potted Plant 7" in out.read_text()
    good = out.read_text()

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, "replace", broken)
    with pytest.raises(OSError):
        _deck().export(out, overwrite=True)
    assert out.read_text() == good and [p.name for p in tmp_path.iterdir()] == ["plants.txt"]
    monkeypatch.undo()
    with pytest.raises(FileNotFoundError):
        _deck().export(tmp_path / "missing" / "plants.yaml")
    assert not (tmp_path / "missing").exists()


FULL = textwrap.dedent("""
    import resource, signal, sys
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    PREPARE
    resource.setrlimit(resource.RLIMIT_FSIZE, (CAP, CAP))
    RUN
""")


def _run(prepare: str, run: str, cap: int) -> subprocess.CompletedProcess:
    code = FULL.replace("PREPARE", prepare).replace("RUN", run).replace("CAP", str(cap))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ))


def test_full_disk_keeps_the_previous_deck_file_api(tmp_path):
    out = tmp_path / "plants.txt"
    out.write_text("previous deck\n")
    r = _run(textwrap.dedent(f"""
        sys.path.insert(0, {os.path.dirname(__file__)!r})
        from test_user_files_atomic import _deck
        d = _deck()
    """), textwrap.dedent(f"""
        try:
            d.export({str(out)!r}, overwrite=True)
        except OSError as exc:
            print("refused", exc.errno)
    """), 200)
    assert r.stdout.startswith("refused"), (r.stdout, r.stderr)
    assert out.read_text() == "previous deck\n"
    assert [p.name for p in tmp_path.iterdir()] == ["plants.txt"]


def test_full_disk_keeps_the_previous_file_of_deck_export_force(db_url, tmp_path):
    out = tmp_path / "base.txt"
    out.write_text("previous deck\n")
    r = _run(textwrap.dedent(f"""
        from munchkin_lab.cli import app
        from munchkin_lab.decks.presets import find_deck
        find_deck("base", url={db_url!r})  # the card database is read before the limit
    """), textwrap.dedent(f"""
        sys.argv = ["munchkin-lab", "deck", "export", "base", {str(out)!r}, "--force", "--url", {db_url!r}]
        app()
    """), 1000)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"Error: cannot write '{out}'" in r.stderr and "previous file (if any) is kept" in r.stderr
    assert "Traceback" not in r.stderr
    assert out.read_text() == "previous deck\n"
    assert [p.name for p in tmp_path.iterdir()] == ["base.txt"]


def test_html_export_write_keeps_the_previous_page(tmp_path):
    from munchkin_lab.widgets.export import write

    page = tmp_path / "position.html"
    write(page, "<p>first</p>")
    assert page.read_text() == "<p>first</p>"
    r = _run("from munchkin_lab.widgets.export import write", textwrap.dedent(f"""
        try:
            write({str(page)!r}, "<p>" + "x" * 100000 + "</p>")
        except OSError as exc:
            print("refused", exc.errno)
    """), 5000)
    assert r.stdout.startswith("refused"), (r.stdout, r.stderr)
    assert page.read_text() == "<p>first</p>"
    assert [p.name for p in tmp_path.iterdir()] == ["position.html"]
    with pytest.raises(FileNotFoundError):
        write(tmp_path / "nope" / "x.html", "<p>")
