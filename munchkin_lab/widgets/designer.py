"""Saving designer cards (provenance ``designer``, origin ``designer``) with optimistic locking.

Editing an existing card passes the ``row_version`` the editor read; when another save came
first the version no longer matches and :class:`EditConflictError` is raised (no silent
overwrite). The check is the ``Card`` table's SQLAlchemy ``version_id_col``.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy import func, select
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.orm import Session

from .. import config
from ..cards.build import derived_tags, effect_problems
from ..cards.files import CardFile
from ..cards.models import Card, CardSet, CardTagLink, Tag

FIELDS = ("name", "kind", "deck", "level", "treasures", "levels_gained", "bonus", "slot", "big", "gold",
          "summary")


class DesignerCardError(ValueError):
    """The designer card is invalid (the message names the field)."""


class EditConflictError(DesignerCardError):
    """Someone else saved this card since it was opened: reload it and redo the change."""


def _validate(values: dict[str, Any]) -> CardFile:
    data = {k: v for k, v in values.items() if k in FIELDS and v not in (None, "")}
    data["provenance"] = "designer"
    data["tags"] = list(values.get("tags") or [])
    try:
        return CardFile.model_validate(data)
    except ValidationError as e:
        msgs = []
        for err in e.errors(include_url=False):
            where = ".".join(str(x) for x in err.get("loc", ()))
            msgs.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        raise DesignerCardError("; ".join(msgs)) from None


def save_designer_card(values: dict[str, Any], set_code: str, card_id: int | None = None,
                       row_version: int | None = None, url: str | None = None) -> tuple[int, int]:
    """Insert (``card_id=None``) or update a designer card.

    Args:
        values: card fields (``name``, ``kind``, ``deck``, numbers, ``slot``, ``big``,
            ``summary``, ``tags`` as a list of declared tag names).
        set_code: the set the card belongs to.
        card_id, row_version: the card being edited and the version the editor read.
    Returns:
        ``(card_id, new row_version)``.
    Raises:
        DesignerCardError: invalid fields, unknown set or tag, duplicate name, not a designer card.
        EditConflictError: the card changed since ``row_version`` was read.
    """
    model = _validate(values)
    if problems := effect_problems(model.effects):
        raise DesignerCardError("; ".join(problems))
    engine = config.get_engine(url)
    with Session(engine) as s:
        cs = s.execute(select(CardSet).where(CardSet.code == set_code)).scalars().first()
        if cs is None:
            raise DesignerCardError(f"set: unknown set {set_code!r}")
        tag_rows = {}
        for t in model.tags:
            row = s.execute(select(Tag).where(Tag.key == t.lower())).scalars().first()
            if row is None:
                raise DesignerCardError(f"tags: undeclared tag {t!r} (declare it in database/tags.yaml)")
            tag_rows[row.id] = row
        clash = s.execute(select(Card).where(Card.set_id == cs.id, func.lower(Card.name) == model.name.lower())
                          ).scalars().first()
        if clash is not None and clash.id != card_id:
            raise DesignerCardError(f"name: set {set_code!r} already has a card named {model.name!r}")
        if card_id is None:
            pos = s.execute(select(func.max(Card.position)).where(Card.set_id == cs.id)).scalar() or 0
            card = Card(set_id=cs.id, name=model.name, position=pos + 1, origin="designer")
            s.add(card)
        else:
            card = s.get(Card, card_id)
            if card is None:
                raise EditConflictError(f"card #{card_id} was deleted by someone else")
            if card.origin != "designer":
                raise DesignerCardError(f"{card.name!r} is a printed card: copy it as a new designer card")
            if row_version is not None and card.row_version != row_version:
                raise EditConflictError(
                    f"edit conflict: {card.name!r} was saved by someone else since you opened it "
                    f"(version {row_version}, now {card.row_version}); reload it and redo your change")
            card.name = model.name
            card.set_id = cs.id
        for f in ("kind", "deck", "level", "treasures", "levels_gained", "bonus", "slot", "big", "gold", "summary"):
            setattr(card, f, getattr(model, f))
        card.provenance = "designer"
        card.origin = "designer"
        try:
            s.flush()
        except StaleDataError:
            s.rollback()
            raise EditConflictError(f"edit conflict: {model.name!r} was saved by someone else at the same "
                                    "time; reload it and redo your change") from None
        s.execute(CardTagLink.__table__.delete().where(CardTagLink.card_id == card.id))
        links = [{"card_id": card.id, "tag_id": tid, "derived": False} for tid in tag_rows]
        for d in derived_tags(model.kind, model.big, model.slot, model.version):
            row = s.execute(select(Tag).where(Tag.key == d.lower())).scalars().first()
            if row is not None and row.id not in tag_rows:
                links.append({"card_id": card.id, "tag_id": row.id, "derived": True})
        if links:
            s.execute(CardTagLink.__table__.insert(), links)
        try:
            s.commit()
        except StaleDataError:
            s.rollback()
            raise EditConflictError(f"edit conflict: {model.name!r} was saved by someone else at the same "
                                    "time; reload it and redo your change") from None
        return card.id, card.row_version


def card_identity(name: str, set_code: str, url: str | None = None) -> tuple[int, int, str]:
    """``(card id, row_version, origin)`` of card ``name`` in set ``set_code``.

    Raises:
        DesignerCardError: no such card.
    """
    engine = config.get_engine(url)
    with engine.connect() as conn:
        row = conn.execute(select(Card.id, Card.row_version, Card.origin).join(CardSet, CardSet.id == Card.set_id)
                           .where(CardSet.code == set_code, Card.name == name)).first()
    if row is None:
        raise DesignerCardError(f"no card {name!r} in set {set_code!r}")
    return int(row[0]), int(row[1]), str(row[2])
