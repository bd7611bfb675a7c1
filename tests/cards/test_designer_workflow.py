"""The README's designer workflow as a new user runs it: a set file given to ``cards add``,
tags of required sets, every problem of a card at once, and the hints of the set commands."""
from __future__ import annotations

from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cli import app

from test_designer_sets import url  # noqa: F401  (the fixture: mini data, no designer sets)

runner = CliRunner()
EXAMPLE = config.DATABASE_DIR / "examples" / "example_haunted_harbor.yaml"


def run(url, *args, input=None):
    return runner.invoke(app, [*args, "--url", url], input=input)


def test_cards_add_refuses_a_set_file(url):
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    r = run(url, "cards", "add", "my_fan", "--file", str(EXAMPLE))
    assert r.exit_code == 1
    assert (f"Error: {EXAMPLE}: this is a set file (code 'example_haunted_harbor'): cards add takes a card or a "
            f"list of cards, and would drop the set's header and declared tags; use `munchkin-lab set import "
            f"{EXAMPLE}`") in r.stderr
    assert run(url, "cards", "show", "Foghorn Phantom").exit_code == 1  # nothing added
