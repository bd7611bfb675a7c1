"""Every command and snippet of README.md runs, so the README cannot drift from the code.

Bash blocks: each line is run verbatim by ``bash -o pipefail -c`` in a scratch folder that
links the repository's ``.venv`` and ``tests`` (so ``.venv/bin/munchkin-lab ...`` and
``tests/scenarios/core`` work as written), with ``DATABASE_URL`` on a fresh SQLite file; every
command must exit 0 with nothing on stderr but warnings and progress. A line whose comment says
``README test: --help`` (commands that serve until Ctrl+C) is run with ``--help`` instead; a
line whose comment says ``README test: skip (reason)`` is reported as a skipped test with that
reason. Python blocks run in one namespace each, in the same folder and database, in README
order (the deck commands and snippets depend on the lines before them).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
MARK = re.compile(r"#\s*README test:\s*(skip|--help)\b\s*(.*)$")


def blocks() -> list[tuple[str, str, int]]:
    """``(language, code, line number)`` of every fenced block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 2) for m in FENCE.finditer(text)]


def steps() -> list[tuple[str, str, int, str | None]]:
    """``(kind, code, line, mark)``: one bash line or one python block per step, in order."""
    out = []
    for lang, code, first in blocks():
        if lang == "python":
            out.append(("python", code, first, None))
        elif lang in ("bash", "sh"):
            for i, line in enumerate(code.splitlines()):
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                m = MARK.search(line)
                out.append(("bash", line, first + i, m.group(1) if m else None))
    return out


def _command(line: str, mark: str | None) -> str:
    """The line without its comment (``--help`` appended for serving commands)."""
    cmd = line.split(" #", 1)[0].rstrip() if " #" in line else line.rstrip()
    return cmd + " --help" if mark == "--help" else cmd


def test_the_readme_has_commands_and_snippets():
    kinds = [k for k, *_ in steps()]
    assert kinds.count("bash") >= 25 and kinds.count("python") >= 3


SKIPPED = [(code, line) for kind, code, line, mark in steps() if mark == "skip"]


@pytest.mark.parametrize("code,line", SKIPPED, ids=[f"README.md:{n}" for _, n in SKIPPED])
def test_skipped_lines_say_why(code, line):
    reason = MARK.search(code).group(2).strip()
    assert reason.startswith("(") and len(reason) > 10, f"README.md:{line}: a skip needs a reason in parentheses"
    pytest.skip(f"README.md:{line}: `{_command(code, None)}` {reason}")


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A folder like the repository root (links to .venv and tests) and a fresh database."""
    work = tmp_path / "work"
    work.mkdir()
    venv = ROOT / ".venv"
    if venv.is_dir():
        (work / ".venv").symlink_to(venv)
    else:  # pragma: no cover - a venv elsewhere: make .venv/bin/munchkin-lab point at it
        (work / ".venv" / "bin").mkdir(parents=True)
        exe = shutil.which("munchkin-lab") or ""
        (work / ".venv" / "bin" / "munchkin-lab").symlink_to(exe)
    (work / "tests").symlink_to(ROOT / "tests")
    url = f"sqlite:///{tmp_path / 'readme.sqlite'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(work)
    from munchkin_lab.cards.build import build

    build(url)
    yield work
    from munchkin_lab import config

    config.dispose_engine(url)


def _stderr_is_clean(err: str) -> bool:
    """Nothing but warnings and progress bars on stderr (no error, no traceback)."""
    bad = [ln for ln in err.splitlines() if "Traceback" in ln or ln.startswith("Error")]
    return not bad


def test_every_command_and_snippet_runs(scratch):
    from munchkin_lab.decks import catalog

    failures = []
    ran = 0
    for kind, code, line, mark in steps():
        if mark == "skip":
            continue
        if kind == "python":
            catalog.forget_catalogs()
            try:
                exec(compile(code, f"README.md:{line}", "exec"), {"__name__": "__readme__"})
            except Exception as exc:  # noqa: BLE001 - collected and reported below
                failures.append(f"README.md:{line}: python block: {type(exc).__name__}: {exc}")
            ran += 1
            continue
        cmd = _command(code, mark)
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=scratch, capture_output=True,
                              text=True, timeout=600, env={**os.environ, "COLUMNS": "120"})
        ran += 1
        if proc.returncode != 0 or not _stderr_is_clean(proc.stderr):
            failures.append(f"README.md:{line}: `{cmd}` exited {proc.returncode}: "
                            f"{(proc.stderr or proc.stdout)[-800:]}")
    assert not failures, "\n".join(failures)
    assert ran >= 25
    # the files the README's commands write are there
    for name in ("my_mix.txt", "results.parquet", "cards.pdf"):
        assert (scratch / name).is_file(), name


def test_readme_names_the_default_ports_and_every_notebook():
    text = README.read_text(encoding="utf-8")
    assert "**8888** for `lab`" in text and "**8866** for `app`" in text
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"`{nb.name}`" in text, nb.name


def test_readme_runs_every_deck_command():
    """Each ``deck`` command is run by a command line of the README (``deck rename``, ``deck
    show``, ``deck list`` and ``deck import`` were missing), so the README lists them all."""
    from typer.main import get_command

    from munchkin_lab.cli import app

    deck = get_command(app).commands["deck"]
    ran = {m.group(1) for kind, code, _, mark in steps() if kind == "bash" and mark != "skip"
           for m in re.finditer(r"munchkin-lab deck ([\w-]+)", code.split(" #", 1)[0])}
    assert set(deck.commands) - ran == set(), sorted(set(deck.commands) - ran)


def test_readme_commands_name_real_commands():
    """Every ``munchkin-lab X`` of the README is a command of the app (so a renamed command
    cannot linger in the docs)."""
    from typer.main import get_command

    from munchkin_lab.cli import app

    group = get_command(app)
    names = set(group.commands)
    used = set(re.findall(r"munchkin-lab (\w[\w-]*)", README.read_text(encoding="utf-8")))
    assert used and used <= names | {"COMMAND"}, used - names
    assert sys.executable
