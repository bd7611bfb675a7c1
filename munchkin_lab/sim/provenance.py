"""Which version of each card a simulation played: digests recorded in a result's ``config``
and the check of a saved result against the deck of that name today.

A result's ``config`` holds ``deck_ref`` (what the run was given to find its deck: a saved
deck's name, a preset, a deck file path), ``deck_digest`` (one digest of the whole card list played: every
card's data and copies) and ``deck_cards`` (card key -> a short digest of that card's data and
copies; ``deck_card_data``: the same without the copies). After ``munchkin-lab cards edit`` (or a deck edit) the deck of that name plays other
cards: :func:`deck_changes` says which, :meth:`SimResult.load <munchkin_lab.sim.results.SimResult.load>`
and :func:`~munchkin_lab.sim.compare.compare_results` warn (:class:`DeckChangedWarning`), and
a comparison of two versions of one deck labels them apart. Results written before the
digests were recorded have neither key: they load as before, unchecked.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Sequence

#: Characters kept of each digest (hex): a card's and the deck's.
CARD_DIGEST_LEN = 12
DECK_DIGEST_LEN = 16


class DeckChangedWarning(UserWarning):
    """A simulation result played cards that differ from the deck of that name now (or two
    compared runs played two versions of one deck)."""


def _card_digest(fields: dict, copies: int) -> str:
    text = json.dumps([fields, int(copies)], sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:CARD_DIGEST_LEN]


def card_digests(spec_pairs: Sequence[tuple[dict, int]]) -> dict[str, str]:
    """Card key -> digest of the card's data (every field of its spec, effects included) and
    its copies, for the ``(spec fields, copies)`` pairs a run plays (the same key twice, as in
    two piles, gives one digest over both entries)."""
    by_key: dict[str, list] = {}
    for fields, copies in spec_pairs:
        by_key.setdefault(str(fields["key"]), []).append((fields, copies))
    out = {}
    for key, entries in sorted(by_key.items()):
        if len(entries) == 1:
            out[key] = _card_digest(*entries[0])
        else:
            out[key] = _card_digest({"entries": [_card_digest(f, c) for f, c in entries]}, 0)
    return out


def deck_digest(cards: dict[str, str]) -> str:
    """One digest of a whole card list from its :func:`card_digests`."""
    text = json.dumps(sorted(cards.items()), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DECK_DIGEST_LEN]


def provenance(spec_pairs: Sequence[tuple[dict, int]]) -> dict[str, Any]:
    """The ``config`` entries of a run: ``deck_digest``, ``deck_cards`` (data and copies) and
    ``deck_card_data`` (card key -> digest of its data alone: a card whose copies changed
    but not its data keeps it, so a comparison says "copies 1 -> 3", not "edited")."""
    cards = card_digests(spec_pairs)
    data = card_digests([(f, 0) for f, _ in spec_pairs])
    return {"deck_digest": deck_digest(cards), "deck_cards": cards, "deck_card_data": data}


def _names(spec_pairs: Sequence[tuple[dict, int]]) -> dict[str, str]:
    return {str(f["key"]): f"{f['name']} [{f['set']}]" for f, _ in spec_pairs}


def current_deck(name: str, url: str | None = None):
    """``(digests, names)`` of the deck called ``name`` today (saved deck, else preset: the
    rule of every deck command), or None when there is none or it cannot be read."""
    try:
        from ..decks.presets import find_deck
        from .simulate import _spec_fields

        deck = find_deck(name, url=url)
        pairs = [(_spec_fields(s), c) for s, c in deck.specs()]
    except Exception:  # noqa: BLE001 - no such deck, no database: nothing to check against
        return None
    return provenance(pairs), _names(pairs)


def diff_cards(old: dict[str, str], new: dict[str, str], names: dict[str, str] | None = None) -> dict[str, list[str]]:
    """The cards that differ between two ``deck_cards`` maps: ``changed`` (data or copies),
    ``added`` (only in ``new``), ``removed`` (only in ``old``); card labels from ``names``
    (else the keys), each list sorted."""
    names = names or {}

    def lab(keys):
        return sorted(names.get(k, k) for k in keys)

    return {"changed": lab(k for k in old.keys() & new.keys() if old[k] != new[k]),
            "added": lab(new.keys() - old.keys()), "removed": lab(old.keys() - new.keys())}


def describe(diff: dict[str, list[str]], limit: int = 8) -> str:
    """``changed: A, B; added: C; removed: D`` (at most ``limit`` names a list, then ``+N more``)."""
    parts = []
    for what in ("changed", "added", "removed"):
        items = diff.get(what) or []
        if items:
            shown = ", ".join(items[:limit]) + (f" +{len(items) - limit} more" if len(items) > limit else "")
            parts.append(f"{what}: {shown}")
    return "; ".join(parts)


def deck_changes(config: dict, url: str | None = None, names: dict[str, str] | None = None) -> str | None:
    """A sentence when the deck named in a result's ``config`` plays other cards today than
    the run did (naming the cards that changed, were added or removed), else None: same
    cards, no deck of that name now, or a result without digests (written before they were
    recorded). ``names``: card key -> label of the cards the run played (for the removed
    ones; the deck of today names the others)."""
    digest = config.get("deck_digest")
    name = config.get("deck_ref") or config.get("deck")  # what the run was given: a name, preset or file
    if not digest or not name or name == "custom":
        return None
    now = current_deck(str(name), url=url)
    if now is None:
        return None
    prov, now_names = now
    if prov["deck_digest"] == digest:
        return None
    old = config.get("deck_cards") or {}
    what = describe(diff_cards(old, prov["deck_cards"], {**(names or {}), **now_names})) if old else ""
    return (f"deck {name!r} has changed since this result was simulated (digest {digest} then, "
            f"{prov['deck_digest']} now)" + (f": {what}" if what else "")
            + "; these numbers are for the cards as they were then")


def version_tag(config: dict) -> str:
    """A short tag of the card list a run played (``deck 1a2b3c4``; ``deck version unknown``
    for a result written before the digests were recorded)."""
    d = config.get("deck_digest")
    return f"deck {d[:7]}" if d else "deck version unknown"
