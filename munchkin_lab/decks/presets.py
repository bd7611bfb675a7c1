"""Preset decks shipped in ``database/presets/`` (text deck files, see
:mod:`munchkin_lab.decks.files`): ``base``, ``base_fairy_dust``, ``base_scooby_dungeons``,
``star_munchkin_adventures``, ``solar_storm``.
"""
from __future__ import annotations

from pathlib import Path

from .. import config
from .catalog import Catalog, DeckError
from .files import read_deck
from .model import Deck

#: Folder of the preset deck files.
PRESETS_DIR: Path = config.DATABASE_DIR / "presets"


def list_presets() -> list[str]:
    """Names of the shipped presets (file stems), sorted."""
    return sorted(p.stem for p in PRESETS_DIR.glob("*.txt")) + sorted(p.stem for p in PRESETS_DIR.glob("*.y*ml"))


def preset_path(name: str) -> Path:
    """Path of preset ``name``.

    Raises:
        DeckError: no such preset (the message lists them).
    """
    for suffix in (".txt", ".yaml", ".yml"):
        p = PRESETS_DIR / f"{name}{suffix}"
        if p.is_file():
            return p
    raise DeckError(f"no preset {name!r}; presets: {', '.join(list_presets())}")


def load_preset(name: str, catalog: Catalog | None = None, url: str | None = None) -> Deck:
    """Read preset ``name`` into a :class:`Deck` (cards resolved in ``catalog`` or the
    database at ``url``).

    Raises:
        DeckError: unknown preset; the database lacks cards of a shipped set the preset takes
            whole (``* [set]``: an old database, or cards deleted there; the message names
            them and ``munchkin-lab db build``); DeckFileError when the preset no longer
            matches the data.
    """
    path = preset_path(name)
    deck = read_deck(path, catalog=catalog, url=url)
    _check_whole_sets(name, path, deck.catalog, url)
    return deck


#: (set file path, mtime ns, size) -> the card names of that shipped set file (by set code).
_SET_FILE_NAMES: dict[tuple[str, int, int], tuple[str | None, list[str]]] = {}


def _shipped_card_names() -> dict[str, list[str]]:
    """Set code -> the card names of the shipped set files (``database/sets/*.yaml``), as
    the files hold them now (cached by each file's stat). A file that cannot be read is left
    out (``db check`` reports it)."""
    from ..safe_yaml import YamlFileError, read_yaml_file

    out: dict[str, list[str]] = {}
    for path in sorted((config.DATABASE_DIR / "sets").glob("*.yaml")):
        try:
            st = path.stat()
        except OSError:
            continue
        key = (str(path), st.st_mtime_ns, st.st_size)
        if key not in _SET_FILE_NAMES:
            try:
                data = read_yaml_file(path).data
                code = data["set"]["code"]
                names = [c["name"] for c in data.get("cards") or [] if isinstance(c, dict) and "name" in c]
            except (YamlFileError, KeyError, TypeError, AttributeError):
                code, names = None, []
            _SET_FILE_NAMES[key] = (code if isinstance(code, str) else None, [str(n) for n in names])
        code, names = _SET_FILE_NAMES[key]
        if code:
            out[code] = names
    return out


def _whole_set_codes(path: Path) -> list[str]:
    """The set codes a preset file takes whole (``* [set]``, or ``*`` under a ``[set]`` section)."""
    import re

    codes, section = [], None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        m = re.fullmatch(r"\[([^\]]+)\]", line)
        if m:
            section = m.group(1).strip()
            continue
        m = re.fullmatch(r"\*\s*(?:\[([^\]]+)\])?", line)
        if m and (m.group(1) or section):
            codes.append((m.group(1) or section).strip())
    return list(dict.fromkeys(codes))


def _check_whole_sets(name: str, path: Path, catalog: Catalog, url: str | None = None) -> None:
    """Refuse a preset whose shipped sets lack cards in the database (an old database, or
    cards deleted there): the preset would silently be another deck.

    Raises:
        DeckError: naming the missing cards and ``munchkin-lab db build``.
    """
    from ..config import build_command

    files = _shipped_card_names()
    missing: list[str] = []
    for code in _whole_set_codes(path):
        info = catalog.sets.get(code)
        if code not in files or info is None or info.origin != "file":
            continue
        have = {spec.name.casefold() for spec, _ in catalog.set_cards(code)}
        missing += [f"{code}:{n}" for n in files[code] if n.casefold() not in have]
    if missing:
        shown = ", ".join(missing[:8]) + (f", ... {len(missing) - 8} more" if len(missing) > 8 else "")
        raise DeckError(f"preset {name!r}: the database lacks {len(missing)} of its card{'s' if len(missing) != 1 else ''} "
                        f"({shown}): it was built from older card files, or those cards were deleted from it; "
                        f"run `{build_command(url)}` to put the shipped cards back")


def find_deck(name: str, url: str | None = None, catalog: Catalog | None = None) -> Deck:
    """A deck as the command line names it: ``preset:NAME``, a deck file path (.txt/.yaml),
    a saved deck, or a bare preset name when no saved deck has that name (in that order).

    The one rule of every command and function that takes a deck by name (``deck check``,
    ``deck stats``, ``play --deck``, ``simulate``, ``compare``, :func:`munchkin_lab.sim.simulate`):
    a saved deck named like a preset is the saved deck; ``preset:NAME`` is always the preset
    (saved-deck names may not start with ``preset:``, :func:`~munchkin_lab.decks.model.check_saved_deck_name`).

    Raises:
        DeckError: none of those (the message names the closest saved decks and the presets).
    """
    from pathlib import Path

    from .store import load_deck

    if not isinstance(name, str) or not name.strip():
        raise DeckError(f"a deck name, preset name or deck file path is needed, got {name!r}")
    if name.startswith("preset:"):
        return load_preset(name.split(":", 1)[1], catalog=catalog, url=url)
    p = Path(name)
    if p.suffix and p.is_file():
        return read_deck(p, catalog=catalog, url=url)
    try:
        return load_deck(name, url=url, catalog=catalog)
    except DeckError as exc:
        if name in list_presets():
            return load_preset(name, catalog=catalog, url=url)
        raise DeckError(f"{exc}; not a file, a preset (presets: {', '.join(list_presets())}) or a saved deck") from None


def _preset_descriptions() -> dict[str, str]:
    """``{description: preset name}`` of the shipped presets (their ``description:`` line)."""
    out: dict[str, str] = {}
    for name in list_presets():
        try:
            path = preset_path(name)
            for line in path.read_text(encoding="utf-8").splitlines()[:40]:
                if line.startswith("description:"):
                    out.setdefault(line.split(":", 1)[1].strip().strip("'\""), name)
                    break
        except (OSError, UnicodeError, DeckError):  # pragma: no cover - an unreadable preset
            continue
    return out


def note_change_from_preset(deck: Deck) -> bool:
    """After ``deck`` was changed: a description copied from a preset (``deck new --preset``)
    no longer describes it ("every card of the munchkin set" after Ghosts were added), so it
    becomes ``based on preset 'base', changed since``. A description of the designer's own
    is kept. Returns True when the description was replaced."""
    name = _preset_descriptions().get((deck.description or "").strip())
    if name is None:
        return False
    deck.description = f"based on preset {name!r}, changed since"
    return True
