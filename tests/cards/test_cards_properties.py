"""Property tests: any card file gives either data or clear problems (never another exception),
numbers are accepted exactly within their ranges, and what `db check` accepts `db build` stores."""
from __future__ import annotations

import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_lab.engine.cards import FIELD_KINDS
from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, load_files
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.files import BOUNDS

from cardtest_helpers import MINI
from test_cards_loader import HEADER

SETTINGS = dict(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
FIELDS = ["name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot", "big",
          "gold", "version", "usable_by", "not_usable_by", "tags", "aliases", "provenance", "source",
          "summary", "effects", "manual", "colour"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-2**80, max_value=2**80),
                    st.floats(allow_nan=True), st.text(max_size=12),
                    st.sampled_from(["monster", "door", "treasure", "item", "none", "Undead", "+3", "false",
                                     "race:elf", "V1", "printed", "designer", "\x01", "\ud800x"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
cards = st.dictionaries(st.sampled_from(FIELDS), values, max_size=8)
effects = st.dictionaries(st.sampled_from(["portal", "dungeon", "room", "room_action", "fairy_dust", "vehicle",
                                           "bad_stuff", "run_away", "bonus_vs", "ops", "mate", "flying"]),
                          values, max_size=3)


def _write(data_dir, doc) -> None:
    text = doc if isinstance(doc, str) else yaml.safe_dump(doc, allow_unicode=True)
    (data_dir / "sets" / "gamma.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")


def _outcome(data_dir):
    """``None`` when the files load, else the problems; any other exception fails the test."""
    try:
        load_files(data_dir)
    except CardDataError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        assert "Traceback" not in str(exc)
        return exc.problems
    return None


@pytest.fixture
def data(tmp_path, monkeypatch):
    dest = tmp_path / "database"
    shutil.copytree(MINI, dest)
    monkeypatch.chdir(tmp_path)  # problems name files relative to the current folder
    return dest




@settings(**SETTINGS)
@given(doc=values)
def test_any_yaml_document_is_data_or_problems(data, doc):
    _write(data, {"set": {"code": "gamma", "name": "Gamma", "family": "munchkin", "kind": "fan"}, "cards": doc})
    problems = _outcome(data)
    if problems is not None:
        assert all(p.startswith("database/sets/gamma.yaml") for p in problems), problems


@settings(**SETTINGS)
@given(raw=st.text(max_size=200))
def test_any_text_is_data_or_problems(data, raw):
    (data / "sets" / "gamma.yaml").write_text(raw, encoding="utf-8", errors="surrogatepass")
    problems = _outcome(data)
    if problems is not None:
        assert all(p.startswith("database/sets/gamma.yaml") for p in problems), problems


@settings(**SETTINGS)
@given(card=cards, eff=effects)
def test_any_card_is_data_or_problems_naming_the_card(data, card, eff):
    card = {"name": "Thing", "kind": "monster", "deck": "door", "source": "x", **card}
    if eff:
        card["effects"] = eff
    _write(data, {"set": {"code": "gamma", "name": "Gamma", "family": "munchkin", "kind": "fan"}, "cards": [card]})
    problems = _outcome(data)
    if problems is not None:
        for p in problems:
            assert p.startswith("database/sets/gamma.yaml:"), p


@settings(**SETTINGS)
@given(field=st.sampled_from(sorted(set(BOUNDS) - {"printed_cards"})),
       value=st.one_of(st.integers(), st.integers(min_value=-2**70, max_value=2**70), st.integers(-120, 10_100)))
def test_numbers_are_accepted_exactly_within_their_range(data, field, value):
    kind = FIELD_KINDS.get(field, ("monster",))[0]  # a kind that reads the field
    deck = "treasure" if kind == "item" else "door"
    _write(data, HEADER + f"  - name: Odd\n    kind: {kind}\n    deck: {deck}\n    source: x\n    {field}: {value}\n")
    problems = _outcome(data)
    lo, hi = BOUNDS[field]
    if lo <= value <= hi:
        assert problems is None
    else:
        assert problems is not None and len(problems) == 1
        assert f"card 'Odd': {field}: must be" in problems[0] and f"(allowed: {lo}..{hi})" in problems[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A built database of the fixture data (its file bytes are compared after failed builds)."""
    folder = tmp_path_factory.mktemp("prop_db")
    url = f"sqlite:///{folder / 'p.sqlite'}"
    build(url, MINI)
    config.dispose_engine(url)
    return url, folder / "p.sqlite"


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(card=cards)
def test_check_and_build_agree_and_failed_builds_write_nothing(data, built, card):
    url, path = built
    card = {"name": "Thing", "kind": "monster", "deck": "door", "source": "x", **card}
    _write(data, {"set": {"code": "gamma", "name": "Gamma", "family": "munchkin", "kind": "fan"}, "cards": [card]})
    problems = _outcome(data)
    before = path.read_bytes()
    if problems is None:  # what check accepts, build stores
        scratch = path.parent / "scratch.sqlite"
        scratch_url = f"sqlite:///{scratch}"
        try:
            build(scratch_url, data)
            assert "Thing" in set(api.cards("", url=scratch_url)["name"])
        finally:
            config.dispose_engine(scratch_url)
            for p in path.parent.glob("scratch.sqlite*"):
                p.unlink()
    else:
        with pytest.raises(CardDataError) as info:
            build(url, data)
        assert info.value.problems == problems  # the same problems, from the same checks
        config.dispose_engine(url)
        assert path.read_bytes() == before
