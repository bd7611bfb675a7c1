"""Which version of each card a simulation played: digests recorded in a result's ``config``
and the check of a saved result against the deck of that name today.

A result's ``config`` holds ``deck_ref`` (what the run was given to find its deck: a saved
deck's name, a preset, a deck file path), ``deck_digest`` (one digest of the whole card list played: every
card's data and copies) and ``deck_cards`` (card key -> a short digest of that card's data and
copies; ``deck_card_data``: the same without the copies). After ``munchkin-lab cards edit`` (or a deck edit) the deck of that name plays other
cards: :func:`deck_changes` says which, :meth:`SimResult.load <munchkin_lab.sim.results.SimResult.load>`
and :func:`~munchkin_lab.sim.compare.compare_results` warn (:class:`DeckChangedWarning`), and
a comparison of two versions of one deck labels them apart. Results written before the
digests were recorded have neither key: they load as before, unchecked. The options a run
played with (``config["options"]``: the game options and the rules modules' options) are
checked too: a deck whose options changed since (``deck option``) is named with the options
that differ (:func:`diff_options`), as an edited card is.
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
    """``(digests, names, options)`` of the deck called ``name`` today (saved deck, else
    preset: the rule of every deck command; ``options``: what a run of it records
    (:func:`~munchkin_lab.sim.simulate.run_options`), flat (:func:`options_of`), ``None`` for
    a Solar Storm deck), or None when there is none or it cannot be read."""
    try:
        from ..decks.presets import find_deck
        from .simulate import _spec_fields, run_options as deck_options

        deck = find_deck(name, url=url)
        pairs = [(_spec_fields(s), c) for s, c in deck.specs()]
        opts = None if "solar_storm" in deck.modules else options_of({"options": deck_options(deck)[0]})
    except Exception:  # noqa: BLE001 - no such deck, no database: nothing to check against
        return None
    return provenance(pairs), _names(pairs), opts


def options_of(config: dict) -> dict[str, Any] | None:
    """The game options and rules modules' options a run played with, from its ``config``
    (``options``: ``faster_play``, ``shared_victory``, ``module_options``), flat as the deck
    writes them: ``{"faster_play": False, "shared_victory": False, "fairy_dust.fairy_level":
    12}`` (a module option not set is left out: the module's default). None for a result that
    records no options, or a Solar Storm run (it has none of these)."""
    o = config.get("options")
    if not isinstance(o, dict) or o.get("solar_storm"):
        return None
    out: dict[str, Any] = {"faster_play": bool(o.get("faster_play")), "shared_victory": bool(o.get("shared_victory"))}
    for mod, kv in sorted((o.get("module_options") or {}).items()):
        for k, v in (kv or {}).items():
            out[f"{mod}.{k}"] = v
    return out


def diff_options(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    """The options that differ between two :func:`options_of` maps, as the deck writes them
    (``faster_play false -> true, fairy_dust.fairy_level none -> 12``: the game options first; a
    module option left out is ``none``, its module's default); ``""`` when they are the same or
    either is None."""
    if old is None or new is None:
        return ""
    from ..decks.model import format_option_value

    parts = []
    for k in sorted(old.keys() | new.keys(), key=lambda k: ("." in k, k)):  # game options first
        a, b = old.get(k), new.get(k)
        if a != b:
            parts.append(f"{k} {format_option_value(a)} -> {format_option_value(b)}")
    return ", ".join(parts)


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
    """A sentence when the deck named in a result's ``config`` plays other cards or other
    options today than the run did (naming the cards that changed, were added or removed, and
    the game and rules modules' options that changed: :func:`diff_options`), else None: same
    cards and options, no deck of that name now, or a result without digests (written before
    they were recorded). ``names``: card key -> label of the cards the run played (for the removed
    ones; the deck of today names the others)."""
    digest = config.get("deck_digest")
    name = config.get("deck_ref") or config.get("deck")  # what the run was given: a name, preset or file
    if not digest or not name or name == "custom":
        return None
    now = current_deck(str(name), url=url)
    if now is None:
        return None
    prov, now_names, now_options = now
    options = diff_options(options_of(config), now_options)
    if prov["deck_digest"] == digest:
        if not options:
            return None
        return (f"deck {name!r} has changed since this result was simulated: its options (then -> now) "
                f"{options}; these numbers are for the options as they were then")
    old = config.get("deck_cards") or {}
    what = describe(diff_cards(old, prov["deck_cards"], {**(names or {}), **now_names})) if old else ""
    return (f"deck {name!r} has changed since this result was simulated (digest {digest} then, "
            f"{prov['deck_digest']} now)" + (f": {what}" if what else "")
            + (f"; its options (then -> now) {options}" if options else "")
            + f"; these numbers are for the {'deck' if options else 'cards'} as {'it was' if options else 'they were'} then")


def version_tag(config: dict) -> str:
    """A short tag of the card list a run played (``deck 1a2b3c4``; ``deck version unknown``
    for a result written before the digests were recorded)."""
    d = config.get("deck_digest")
    return f"deck {d[:7]}" if d else "deck version unknown"
