"""The engine's house (issue 12, What to build 1): no engine file over 1,000 lines, and every
module of ``munchkin_lab/engine`` (and of Solar Storm's game) is named in the engine README's
layout table, so the README says where each rule lives."""
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "munchkin_lab" / "engine"


def test_no_engine_file_over_1000_lines():
    sizes = {str(p.relative_to(ENGINE)): len(p.read_text(encoding="utf-8").splitlines())
             for p in ENGINE.rglob("*.py")}
    assert len(sizes) > 30
    assert {f: n for f, n in sizes.items() if n > 1000} == {}


def test_every_engine_module_is_in_the_readme_layout():
    readme = (ENGINE / "README.md").read_text(encoding="utf-8")
    top = sorted(p.name for p in ENGINE.glob("*.py") if p.name != "__init__.py")
    assert "lang_rolls.py" in top
    assert [name for name in top if f"`{name}`" not in readme] == []
