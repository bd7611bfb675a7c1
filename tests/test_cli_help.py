"""The help of every command: a flag (``--force``, ``--whole-set``, ``--help``) takes no value,
so the help shows no type beside it (typer 0.29 shows ``<bool>``, read as ``--force true``,
which is refused); a value after ``--help`` is ignored and the help is shown."""
from __future__ import annotations

import re

import typer
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


def _paths(command, path=()):
    yield list(path)
    for name, sub in (getattr(command, "commands", None) or {}).items():
        yield from _paths(sub, (*path, name))


def test_no_flag_shows_a_type_in_any_help():
    paths = list(_paths(typer.main.get_command(app)))
    assert len(paths) > 30
    for path in paths:
        r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "120"})
        assert r.exit_code == 0, (path, r.output)
        assert "<bool>" not in r.output, (path, r.output)


def test_help_with_a_value_after_it_shows_the_help():
    r = runner.invoke(app, ["db", "export", "--help", "true"], env={"COLUMNS": "120"})
    assert r.exit_code == 0 and re.search(r"Usage: \S+ db export \[OPTIONS\]", r.output)
    assert re.search(r"--force +Overwrite an existing file\.", r.output), r.output
    assert re.search(r"--help +Show this message and exit\.", r.output), r.output
    assert re.search(r"--url +<str> +SQLAlchemy database URL", r.output), r.output  # an option's value keeps its type
    r = runner.invoke(app, ["db", "export", "cards.csv", "--force", "true"])
    assert r.exit_code == 2 and "unexpected extra argument" in r.output


def test_a_number_out_of_range_is_refused_in_the_labs_words():
    """typer's own range checks (``min=``/``max=``) speak as :func:`check_range` does:
    ``--games must be at least 1, got 0`` (the option, the bound, the value typed and the
    range), exit 2, not pydantic's ``Input should be greater than or equal to 1``."""
    cases = [
        (["simulate", "base", "--games", "0"], "Error: --games must be at least 1, got 0 (allowed: 1..9223372036854775807)"),
        (["simulate", "base", "--workers", "0"], "Error: --workers must be at least 1, got 0 (allowed: 1..512)"),
        (["simulate", "base", "--connect-timeout", "0.05"], "Error: --connect-timeout must be at least 0.1, got 0.05"),
        (["compare", "base", "base", "--cards", "-1"], "Error: --cards must be at least 0, got -1 (allowed: 0..1000)"),
        (["lab", "--port", "70000", "--dry-run"], "Error: --port must be at most 65535, got 70000 (allowed: 1..65535)"),
        (["play", "--seed", "-1"], "Error: --seed must be at least 0, got -1 (allowed: 0..18446744073709551615)"),
    ]
    for args, message in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert r.output.strip().splitlines()[-1] == message, (args, r.output)
        assert "Input should" not in r.output


def test_an_argument_that_is_not_utf8_is_a_plain_usage_error():
    """New-user finding: ``munchkin-lab cards $'Pott\\xe9d'`` (Latin-1 bytes) said "'utf-8'
    codec can't encode character '\\udce9' ... surrogates not allowed". It says plainly that
    the argument is not valid UTF-8 (exit 2, a usage error)."""
    import os
    import subprocess
    import sys

    exe = os.path.join(os.path.dirname(sys.executable), "munchkin-lab")
    r = subprocess.run([exe.encode(), b"cards", b"Pott\xe9d"], capture_output=True, timeout=120,
                       env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    assert r.returncode == 2, r
    assert r.stderr.decode() == ("Error: the argument 'Pott\\xe9d' is not valid UTF-8 text: check the terminal's "
                                 "encoding (e.g. LANG=C.UTF-8) or retype it\n")
    assert r.stdout == b""
