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
        DeckError: unknown preset; DeckFileError when the preset no longer matches the data.
    """
    return read_deck(preset_path(name), catalog=catalog, url=url)


def find_deck(name: str, url: str | None = None, catalog: Catalog | None = None) -> Deck:
    """A deck as the command line names it: ``preset:NAME``, a deck file path (.txt/.yaml),
    a saved deck, or a bare preset name when no saved deck has that name.

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
        raise DeckError(f"{exc} (presets: {', '.join(list_presets())})") from None


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
