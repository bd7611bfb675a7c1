"""Card faces and the card-table look: HTML/SVG strings and one style sheet.

Pure functions of card data (no widgets, no rules), shared by the board, the card browser,
the deck builder and the static HTML export. Every clickable card carries
``data-card="<name>"`` so the table widget can report which card was clicked.
"""
from __future__ import annotations

import html
from typing import Any, Iterable, Mapping

#: Provenance marks drawn in a card's corner.
PROVENANCE_MARKS = {"printed": ("P", "printed card"), "inferred": ("I", "numbers inferred"),
                    "designer": ("D", "designer card"), "scenario": ("S", "scenario card")}

#: Readable kind names.
KIND_LABELS = {
    "monster": "Monster", "monster_enhancer": "Enhancer", "curse": "Curse", "race": "Race",
    "class": "Class", "portal": "Portal", "trap": "Trap", "special": "Special", "item": "Item",
    "one_shot": "One-Shot", "go_up_a_level": "Go Up a Level", "dungeon": "Dungeon",
    "fairy_dust": "Fairy Dust", "character": "Character", "room_tile": "Room",
    "ship_room": "Ship Room",
}

CSS = r"""
.mlab-felt{background:radial-gradient(ellipse at center,#2f7a45 0%,#1d5a31 60%,#123d21 100%);
  border:10px solid #6b4423;border-radius:28px;padding:14px;color:#f5f1e6;
  font-family:Georgia,'DejaVu Serif',serif;box-shadow:inset 0 0 40px rgba(0,0,0,.55);}
.mlab-row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;justify-content:center}
.mlab-center{display:flex;gap:18px;align-items:flex-start;justify-content:center;margin:12px 0;
  padding:10px;border:2px dashed rgba(255,255,255,.25);border-radius:16px}
.mlab-seat{background:rgba(0,0,0,.22);border:2px solid rgba(255,255,255,.18);border-radius:14px;
  padding:8px 10px;min-width:250px;max-width:440px}
.mlab-seat.mlab-active{border-color:#ffd54a;box-shadow:0 0 14px #ffd54a}
.mlab-seat.mlab-actor{outline:3px dashed #9be7ff;outline-offset:2px}
.mlab-seat.mlab-dead{filter:grayscale(.85);opacity:.7}
.mlab-seat-head{display:flex;align-items:center;gap:8px;margin-bottom:4px}
.mlab-level{width:40px;height:40px;border-radius:50%;background:#ffd54a;color:#3a2300;
  display:flex;align-items:center;justify-content:center;font-weight:bold;font-size:20px;
  border:3px solid #a06d00;flex:none}
.mlab-pname{font-size:16px;font-weight:bold}
.mlab-sub{font-size:11px;opacity:.85}
.mlab-zone{margin-top:4px}
.mlab-zlabel{font-size:10px;text-transform:uppercase;letter-spacing:1px;opacity:.75}
.mlab-cards{display:flex;flex-wrap:wrap;gap:4px;min-height:20px}
.mlab-card{width:78px;height:110px;border-radius:7px;background:#fbf3dc;color:#2b1a0b;
  border:3px solid #8b4513;box-sizing:border-box;padding:3px 4px;position:relative;
  font-family:Georgia,'DejaVu Serif',serif;cursor:pointer;box-shadow:1px 2px 4px rgba(0,0,0,.5);
  display:flex;flex-direction:column;overflow:hidden;flex:none}
.mlab-card:hover{transform:translateY(-3px);box-shadow:2px 6px 10px rgba(0,0,0,.6)}
.mlab-card.mlab-treasure{border-color:#c9a227;background:#fff8e1}
.mlab-card.mlab-other{border-color:#4a6fa5;background:#eef3fb}
.mlab-card.mlab-selected{outline:3px solid #ff4081}
.mlab-cname{font-size:10px;font-weight:bold;line-height:1.1;max-height:34px;overflow:hidden}
.mlab-ckind{font-size:8px;text-transform:uppercase;letter-spacing:.5px;color:#7a4b1e;margin-top:1px}
.mlab-cnum{font-size:22px;font-weight:bold;text-align:center;margin:auto 0 0 0;color:#7b1010}
.mlab-cnum small{font-size:9px;display:block;color:#5b3b1b;font-weight:normal}
.mlab-ctags{font-size:7px;color:#315;max-height:18px;overflow:hidden}
.mlab-cfoot{display:flex;justify-content:space-between;font-size:7px;color:#6b5a45;margin-top:1px}
.mlab-prov{position:absolute;top:2px;right:2px;width:12px;height:12px;border-radius:50%;
  font-size:8px;line-height:12px;text-align:center;color:#fff;background:#6d4c41}
.mlab-prov-I{background:#ef6c00}.mlab-prov-D{background:#6a1b9a}.mlab-prov-S{background:#00695c}
.mlab-back{width:78px;height:110px;border-radius:7px;box-sizing:border-box;border:3px solid #f5e6c4;
  display:flex;align-items:center;justify-content:center;font-weight:bold;font-size:11px;
  letter-spacing:1px;color:#fff3d6;box-shadow:1px 2px 4px rgba(0,0,0,.5);flex:none;
  text-shadow:0 1px 2px #000;position:relative}
.mlab-back-door{background:repeating-linear-gradient(45deg,#8b3a1a,#8b3a1a 6px,#a2492a 6px,#a2492a 12px)}
.mlab-back-treasure{background:repeating-linear-gradient(45deg,#b8860b,#b8860b 6px,#d4a017 6px,#d4a017 12px)}
.mlab-back-other{background:repeating-linear-gradient(45deg,#2c4a7a,#2c4a7a 6px,#3b5d94 6px,#3b5d94 12px)}
.mlab-mini .mlab-card,.mlab-mini .mlab-back{width:52px;height:74px;padding:2px}
.mlab-mini .mlab-cname{font-size:8px}.mlab-mini .mlab-cnum{font-size:14px}
.mlab-mini .mlab-ctags,.mlab-mini .mlab-cfoot{display:none}
.mlab-mini .mlab-back{font-size:7px;letter-spacing:0}
.mlab-fan .mlab-back+.mlab-back{margin-left:-26px}
.mlab-fan .mlab-back{transform:rotate(-3deg)}.mlab-fan .mlab-back:nth-child(even){transform:rotate(3deg)}
.mlab-pile{display:flex;flex-direction:column;align-items:center;gap:3px;font-size:11px}
.mlab-count{background:#000a;border-radius:8px;padding:0 6px;font-size:11px}
.mlab-empty{width:78px;height:110px;border:2px dashed rgba(255,255,255,.35);border-radius:7px;
  display:flex;align-items:center;justify-content:center;font-size:10px;opacity:.7}
.mlab-combat{background:rgba(120,0,0,.35);border:2px solid #ff8a65;border-radius:14px;padding:8px;
  min-width:300px}
.mlab-vs{display:flex;align-items:center;gap:14px;justify-content:center;font-size:15px}
.mlab-strength{font-size:28px;font-weight:bold}
.mlab-win{color:#b9f6ca}.mlab-lose{color:#ff8a80}
.mlab-die{display:inline-block;width:26px;height:26px;border-radius:5px;background:#fff;color:#000;
  text-align:center;line-height:26px;font-weight:bold;margin:0 2px;box-shadow:1px 1px 3px #000}
.mlab-status{text-align:center;font-size:14px;margin-bottom:6px}
.mlab-grid{display:grid;gap:4px;justify-content:center}
.mlab-cell{min-width:80px;min-height:60px;border:1px solid rgba(255,255,255,.35);border-radius:6px;
  padding:3px;font-size:10px;background:rgba(0,0,0,.2)}
.mlab-token{display:inline-block;border-radius:9px;background:#ffd54a;color:#000;padding:0 5px;
  font-size:10px;margin:1px}
.mlab-detail-card .mlab-card{width:130px;height:180px}
.mlab-detail-card .mlab-cname{font-size:14px;max-height:none}
.mlab-detail-card .mlab-cnum{font-size:34px}
.mlab-detail-card .mlab-ctags{font-size:9px;max-height:none}
.mlab-msg-error{color:#b00020;font-weight:bold;white-space:pre-wrap;font-family:monospace}
.mlab-msg-warning{color:#8a5a00;white-space:pre-wrap}
.mlab-msg-ok{color:#1b5e20}
.mlab-table-html{border-collapse:collapse;font-size:12px}
.mlab-table-html th,.mlab-table-html td{border-bottom:1px solid #ddd;padding:2px 6px;text-align:left}
.mlab-log-lines{font-family:monospace;font-size:11px;max-height:220px;overflow:auto;background:#1b1b1b;
  color:#d7ffd9;padding:6px;border-radius:6px;white-space:pre-wrap}
"""


def esc(value: Any) -> str:
    """HTML-escape ``value`` (``None`` -> empty string)."""
    return "" if value is None else html.escape(str(value), quote=True)


def _get(card: Any, field: str, default: Any = None) -> Any:
    if isinstance(card, Mapping):
        v = card.get(field, default)
    elif hasattr(card, "iloc") and hasattr(card, "index"):  # a pandas row
        v = card[field] if field in card.index else default
    else:
        v = getattr(card, field, default)
    try:
        import pandas as pd  # local: faces stay importable without pandas in odd setups

        if v is not None and not isinstance(v, (list, tuple, set, frozenset, dict)) and pd.isna(v):
            return default
    except (ImportError, TypeError, ValueError):
        pass
    return v


def deck_family(deck: str | None) -> str:
    """``door``/``treasure``/``other``: the colour family of a card of draw pile ``deck``."""
    if deck in ("door", "treasure"):
        return deck
    return "other"


def card_face(card: Any, provenance: str | None = None, selected: bool = False,
              extra_class: str = "") -> str:
    """HTML of one face-up card.

    Args:
        card: a :class:`~munchkin_lab.engine.CardSpec`, a card row (``pandas.Series``/dict
            with the card columns) or anything with ``name``/``kind``/``deck`` fields.
        provenance: ``printed``/``inferred``/``designer``/``scenario`` (default: the card's
            ``provenance`` field when it has one).
        selected: draw the selection outline.
    """
    name = _get(card, "name", "?")
    kind = _get(card, "kind", "") or ""
    deck = _get(card, "deck", "") or ""
    level = _get(card, "level")
    bonus = _get(card, "bonus")
    treasures = _get(card, "treasures")
    gold = _get(card, "gold")
    tags = _get(card, "tags", ()) or ()
    set_code = _get(card, "set", "") or ""
    prov = provenance or _get(card, "provenance") or "printed"
    mark, mark_title = PROVENANCE_MARKS.get(prov, (prov[:1].upper(), prov))
    if kind == "monster" and level is not None:
        num = f"L{int(level)}<small>{'' if treasures is None else f'{int(treasures)} Treasure' + ('s' if int(treasures) != 1 else '')}</small>"
    elif bonus is not None:
        num = f"{int(bonus):+d}<small>{'' if gold in (None, 0) else f'{int(gold)} Gold'}</small>"
    elif gold not in (None, 0):
        num = f"<small>{int(gold)} Gold</small>"
    else:
        num = ""
    shown_tags = [t for t in sorted(tags, key=str.lower)][:4]
    classes = f"mlab-card mlab-{deck_family(deck)} mlab-kind-{esc(kind)}"
    if selected:
        classes += " mlab-selected"
    if extra_class:
        classes += " " + extra_class
    title = f"{name} ({KIND_LABELS.get(kind, kind)}, {set_code})"
    return (f'<div class="{classes}" data-card="{esc(name)}" title="{esc(title)}">'
            f'<span class="mlab-prov mlab-prov-{esc(mark)}" title="{esc(mark_title)}">{esc(mark)}</span>'
            f'<div class="mlab-cname">{esc(name)}</div>'
            f'<div class="mlab-ckind">{esc(KIND_LABELS.get(kind, kind))}</div>'
            f'<div class="mlab-cnum">{num}</div>'
            f'<div class="mlab-ctags">{esc(" · ".join(shown_tags))}</div>'
            f'<div class="mlab-cfoot"><span>{esc(set_code)}</span><span>{esc(deck)}</span></div>'
            f'</div>')


def card_back(deck: str | None, label: str | None = None) -> str:
    """HTML of a face-down card of draw pile ``deck`` (Door, Treasure or another pile)."""
    fam = deck_family(deck)
    text = label or {"door": "DOOR", "treasure": "TREASURE"}.get(fam, (deck or "card").replace("_", " ").upper())
    return f'<div class="mlab-back mlab-back-{fam}" title="face-down {esc(deck)} card">{esc(text)}</div>'


def card_row(cards: Iterable[str], lookup, provenance, mini: bool = False) -> str:
    """A row of face-up cards named ``cards`` (``lookup(name)`` -> spec, ``provenance(name)``)."""
    parts = []
    for name in cards:
        spec = lookup(name)
        parts.append(card_face(spec if spec is not None else {"name": name}, provenance(name)))
    cls = "mlab-cards mlab-mini" if mini else "mlab-cards"
    return f'<div class="{cls}">{"".join(parts)}</div>'


def die(value: int) -> str:
    """One die showing ``value``."""
    return f'<span class="mlab-die">{int(value)}</span>'


def page(body: str, title: str = "munchkin-lab", script: str = "") -> str:
    """A self-contained HTML page (style sheet inline, no network) around ``body``."""
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'>"
            f"<title>{esc(title)}</title><style>{CSS}\nbody{{background:#2a1a0e;margin:16px}}</style>"
            f"</head><body>{body}{script}</body></html>")
