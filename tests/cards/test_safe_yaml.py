"""Card files read safely: aliases, anchors, depth, size, control characters, binary data."""
from __future__ import annotations

import time

import pytest

from munchkin_lab import safe_yaml
from munchkin_lab.cards.build import load_files
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.safe_yaml import YamlFileError, read_yaml_text

from test_cards_loader import HEADER


def _problems(text: str) -> list[str]:
    with pytest.raises(YamlFileError) as info:
        read_yaml_text(text, "f.yaml")
    return [f"{p.where('f.yaml')}: {p.message}" for p in info.value.problems]


def test_recursive_anchor_is_refused_at_once():
    t = time.perf_counter()
    assert _problems("cards: &a [*a]") == [
        "f.yaml:1: an anchor (&a) is not allowed: write the value out (YAML anchors and aliases are refused)"]
    assert time.perf_counter() - t < 1.0  # the old loader never returned


def test_alias_without_anchor_and_nested_aliases():
    assert "an alias (*x) is not allowed" in _problems("a: *x")[0]
    bomb = "a: &a [1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    (p,) = _problems(bomb)
    assert p.startswith("f.yaml:1: an anchor (&a)") and len(p) < 200  # no 254 MB message


def test_depth_limit():
    deep = "a: " + "[" * (safe_yaml.MAX_DEPTH + 5) + "]" * (safe_yaml.MAX_DEPTH + 5)
    (p,) = _problems(deep)
    assert f"nested deeper than {safe_yaml.MAX_DEPTH} levels" in p
    ok = "a: " + "[" * 10 + "1" + "]" * 10
    assert read_yaml_text(ok).data == {"a": [[[[[[[[[[1]]]]]]]]]]}


def test_control_characters_name_line_and_column():
    assert _problems("a: 1\nb: x\x01y\n") == [
        "f.yaml:2: control character U+0001 at column 5 is not allowed (remove it)"]
    # written as an escape: found in the value
    (p,) = _problems('a: 1\nname: "Goblin\\x07"\n')
    assert p.startswith("f.yaml:2: control character U+0007 in the value at column 7")
    (p,) = _problems('name: "\\ud800"')
    assert "lone surrogate U+D800" in p


def test_duplicate_keys_and_unhashable_keys():
    assert _problems("a: 1\nb: 2\na: 3\n") == ["f.yaml:3: malformed YAML: duplicate key 'a'"]
    assert "unhashable key" in _problems("? [a]\n: 1\n")[0]


def test_python_tags_refused():
    (p,) = _problems("a: !!python/object/apply:os.system ['true']")
    assert "could not determine a constructor" in p


def test_file_limits(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 2000 + "\n")
    with pytest.raises(YamlFileError, match="too large"):
        safe_yaml.read_yaml_file(big, max_bytes=1000)
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"a: 1\nb: \x00\x01")
    with pytest.raises(YamlFileError) as info:
        safe_yaml.read_yaml_file(binary)
    assert str(info.value) == f"{binary}:2: not a text file (binary data: a NUL byte at column 4)"
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("a: caf\xe9\n".encode("latin-1"))
    with pytest.raises(YamlFileError, match=r":1: not UTF-8 text \(byte 0xe9 at column 7\)"):
        safe_yaml.read_yaml_file(latin)


@pytest.mark.parametrize("body,expected", [
    ("  - name: Loop\n    kind: curse\n    deck: door\n    source: x\n    effects: &e {ops: *e}\n",
     "database/sets/gamma.yaml:11: an anchor (&e) is not allowed"),
    ("  - name: Ctl\x02\n    kind: curse\n", "database/sets/gamma.yaml:7: control character U+0002 at column 14"),
    ("  - name: \"Bell\\a\"\n    kind: curse\n    deck: door\n    source: x\n",
     "database/sets/gamma.yaml:7: control character U+0007 in the value"),
])
def test_card_files_report_file_and_line(data_copy, body, expected):
    (data_copy / "sets" / "gamma.yaml").write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_files(data_copy)
    (p,) = info.value.problems
    assert p.startswith(expected), p


def test_binary_card_file(data_copy):
    (data_copy / "sets" / "gamma.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(CardDataError) as info:
        load_files(data_copy)
    assert info.value.problems == ["database/sets/gamma.yaml:3: not a text file (binary data: a NUL byte at column 1)"]
