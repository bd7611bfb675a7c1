"""Reading YAML that people write (card files, deck files, scenario files), safely.

Every YAML file of the lab is read through :func:`read_yaml_text` / :func:`read_yaml_file`:

* **Aliases and anchors are refused** (``&name`` / ``*name``): they are what makes a few
  hundred bytes expand into gigabytes (nested aliases) or loop for ever (a recursive anchor
  such as ``cards: &a [*a]``); none of the lab's formats needs them.
* **Depth and size limits**: at most :data:`MAX_DEPTH` nested mappings/sequences (deeper
  nesting would end in a ``RecursionError``) and at most ``max_bytes`` bytes
  (:data:`MAX_BYTES` by default).
* **Text only**: a NUL byte or bytes that are not UTF-8 are "not a text file"; a control
  character (raw or written as an escape such as ``"\\x01"``) and a lone surrogate
  (``"\\ud800"``, which no database can store) are reported with line and column.
* **Duplicate mapping keys** are errors (plain YAML silently keeps the last one).
* Only the YAML safe types are built (``yaml.SafeLoader``: no Python objects).

Problems come back as :class:`YamlProblem` (1-based ``line`` and ``column``, ``None`` when the
whole file is concerned) inside a :class:`YamlFileError`; nothing here raises anything else
for bad input. Callers turn the problems into their own error types (card data, deck files,
scenarios) so that every message names the file, the line and the column.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

__all__ = ["MAX_BYTES", "MAX_DEPTH", "YamlProblem", "YamlFileError", "YamlDocument",
           "read_yaml_text", "read_yaml_file", "decode_text", "control_character_problems"]

#: Default size limit of a YAML file (bytes). The largest shipped set file is about 50 kB.
MAX_BYTES = 4 * 1024 * 1024
#: Deepest nesting of mappings and sequences accepted (the lab's formats need about 8).
MAX_DEPTH = 40
#: At most this many problems of one kind are listed (a binary blob would give thousands).
MAX_LISTED = 10

# The characters YAML's reader refuses in a stream (same set as PyYAML's NON_PRINTABLE).
_RAW_BAD = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
# Characters refused inside a value once escapes are decoded: C0 controls but tab and line
# breaks, DEL, C1 controls but NEL, and lone surrogates.
_VALUE_BAD = re.compile("[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\x80-\x84\x86-\x9F\uD800-\uDFFF]")


@dataclass(frozen=True)
class YamlProblem:
    """One problem of a YAML file: ``line``/``column`` are 1-based (``None`` when the whole
    file is concerned) and ``message`` says what is wrong in plain words."""

    line: int | None
    column: int | None
    message: str

    def where(self, source: str) -> str:
        """``source:line`` (``source`` alone when the whole file is concerned). Messages
        about a character name its column themselves."""
        return source if self.line is None else f"{source}:{self.line}"

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class YamlFileError(ValueError):
    """A YAML file that cannot be read safely. ``problems`` lists every :class:`YamlProblem`
    found; ``source`` is the file name used in the message."""

    def __init__(self, problems: list[YamlProblem], source: str = "<yaml>"):
        self.problems = list(problems)
        self.source = source
        super().__init__("\n".join(f"{p.where(source)}: {p.message}" for p in self.problems))


@dataclass
class YamlDocument:
    """A parsed file: ``data`` (plain Python: dict, list, str, int, float, bool, None, dates)
    and ``node`` (the composed node tree, whose marks give the line of every key and value)."""

    data: Any
    node: yaml.Node | None


def _pos(mark) -> tuple[int | None, int | None]:
    if mark is None:
        return None, None
    return mark.line + 1, mark.column + 1


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def control_character_problems(text: str) -> list[YamlProblem]:
    """Characters a YAML stream may not hold raw (control characters, ``U+FFFE``...), each
    with its line and column; at most :data:`MAX_LISTED` are listed."""
    out: list[YamlProblem] = []
    for m in _RAW_BAD.finditer(text):
        if m.start() == 0 and m.group() == "\ufeff":  # pragma: no cover - BOM is in range
            continue
        line, col = _line_col(text, m.start())
        out.append(YamlProblem(line, col, f"control character {_char_name(m.group())} at column {col} "
                                          "is not allowed (remove it)"))
        if len(out) >= MAX_LISTED:
            break
    return out


def decode_text(data: bytes) -> tuple[str | None, list[YamlProblem]]:
    """Decode a file's bytes as UTF-8 (a BOM is dropped). Returns ``(text, [])`` or
    ``(None, [problem])`` for binary data (a NUL byte) or bytes that are not UTF-8, naming the
    line and column of the first bad byte."""
    if b"\x00" in data:
        at = data.index(b"\x00")
        line = data.count(b"\n", 0, at) + 1
        col = at - (data.rfind(b"\n", 0, at) + 1) + 1
        return None, [YamlProblem(line, col, f"not a text file (binary data: a NUL byte at column {col})")]
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [YamlProblem(line, col, f"not UTF-8 text (byte 0x{data[exc.start]:02x} at column {col})")]


class _Refused(yaml.MarkedYAMLError):
    """A construct the lab does not read (alias, anchor, too deep, control character)."""


class _SafeLoader(yaml.SafeLoader):
    """SafeLoader without aliases/anchors, with a depth limit and value checks."""

    def __init__(self, stream: str, max_depth: int):
        super().__init__(stream)
        self._depth = 0
        self._max_depth = max_depth

    def compose_node(self, parent, index):  # noqa: D401 - PyYAML hook
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(None, None, f"an alias (*{event.anchor}) is not allowed: write the "
                                       "value out (YAML anchors and aliases are refused)", event.start_mark)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(None, None, f"an anchor (&{anchor}) is not allowed: write the value out "
                                       "(YAML anchors and aliases are refused)", event.start_mark)
        nested = isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent))
        if nested:
            self._depth += 1
            if self._depth > self._max_depth:
                raise _Refused(None, None, f"nested deeper than {self._max_depth} levels", event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            if nested:
                self._depth -= 1
        return node


def _value_problems(node: yaml.Node) -> list[YamlProblem]:
    """Control characters and lone surrogates inside scalar values (after escapes), and
    duplicate mapping keys; iterative (no recursion on deep trees)."""
    out: list[YamlProblem] = []
    stack = [node]
    while stack and len(out) < MAX_LISTED:
        n = stack.pop()
        if isinstance(n, yaml.ScalarNode):
            m = _VALUE_BAD.search(n.value)
            if m is not None:
                line, col = _pos(n.start_mark)
                what = "a lone surrogate" if "\ud800" <= m.group() <= "\udfff" else "control character"
                out.append(YamlProblem(line, col, f"{what} {_char_name(m.group())} in the value at column "
                                                  f"{col} ({n.value[:40]!r}) is not allowed"))
        elif isinstance(n, yaml.MappingNode):
            seen: dict = {}
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode):
                    key = (k.tag, k.value)
                    if key in seen:
                        line, col = _pos(k.start_mark)
                        out.append(YamlProblem(line, col, f"malformed YAML: duplicate key {k.value!r}"))
                    else:
                        seen[key] = k.start_mark.line + 1
                stack.append(v)
                stack.append(k)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(reversed(n.value))
    out.sort(key=lambda p: (p.line or 0, p.column or 0))
    return out


def _yaml_problem(exc: yaml.YAMLError, text: str) -> YamlProblem:
    if isinstance(exc, yaml.reader.ReaderError):  # pragma: no cover - pre-scanned
        line, col = _line_col(text, exc.position)
        return YamlProblem(line, col, f"character {_char_name(chr(exc.character))} is not allowed")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, col = _pos(mark)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    msg = f"{context}, {problem}" if context and not isinstance(exc, _Refused) else problem
    if not isinstance(exc, _Refused):
        msg = f"malformed YAML: {msg}"
    return YamlProblem(line, col, msg)


def read_yaml_text(text: str, source: str = "<yaml>", *, max_depth: int = MAX_DEPTH) -> YamlDocument:
    """Parse one YAML document from ``text`` (see the module docstring for what is refused).

    Args:
        text: the file's text (already decoded).
        source: file name for messages.
        max_depth: deepest nesting of mappings/sequences accepted.
    Returns:
        the :class:`YamlDocument` (``data`` None for an empty file).
    Raises:
        YamlFileError: every problem found (control characters are all listed at once).
    """
    problems = control_character_problems(text)
    if problems:
        raise YamlFileError(problems, source)
    loader = _SafeLoader(text, max_depth)
    try:
        try:
            node = loader.get_single_node()
        except (yaml.YAMLError, RecursionError) as exc:
            if isinstance(exc, RecursionError):  # pragma: no cover - the depth limit comes first
                raise YamlFileError([YamlProblem(None, None, "nested too deeply")], source) from None
            raise YamlFileError([_yaml_problem(exc, text)], source) from None
        if node is None:
            return YamlDocument(None, None)
        problems = _value_problems(node)
        if problems:
            raise YamlFileError(problems, source)
        try:
            data = loader.construct_document(node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
            # e.g. an unhashable mapping key, a bad !!timestamp, !!python/... tags
            if isinstance(exc, yaml.YAMLError):
                raise YamlFileError([_yaml_problem(exc, text)], source) from None
            raise YamlFileError([YamlProblem(*_pos(node.start_mark), f"cannot read a value: {exc}")],
                                source) from None
        return YamlDocument(data, node)
    finally:
        loader.dispose()


def read_yaml_file(path: str | Path, source: str | None = None, *, max_bytes: int = MAX_BYTES,
                   max_depth: int = MAX_DEPTH) -> YamlDocument:
    """Read and parse a YAML file (UTF-8, at most ``max_bytes``).

    Raises:
        YamlFileError: unreadable file, too large, not text, or any problem of
            :func:`read_yaml_text`; the message starts with ``source`` (default: the path).
    """
    p = Path(path)
    source = source or str(p)
    try:
        size = p.stat().st_size
        if size > max_bytes:
            raise YamlFileError([YamlProblem(None, None, f"the file is too large ({size:,} bytes; "
                                                         f"at most {max_bytes:,})")], source)
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise YamlFileError([YamlProblem(None, None, f"cannot read: {exc.strerror or exc}")], source) from None
    if len(data) > max_bytes:
        raise YamlFileError([YamlProblem(None, None, f"the file is too large (more than {max_bytes:,} bytes)")],
                            source)
    text, problems = decode_text(data)
    if text is None:
        raise YamlFileError(problems, source)
    return read_yaml_text(text, source, max_depth=max_depth)
