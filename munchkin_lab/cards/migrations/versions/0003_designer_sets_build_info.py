"""card_set.origin (designer sets) and build_info (the card files a build was made from)

``card_set.origin`` is ``'file'`` for the sets of ``database/sets/*.yaml`` and ``'designer'``
for sets a designer made in the lab (``munchkin-lab set new``): ``db build`` keeps those,
as it keeps designer cards. ``build_info`` holds what ``db build`` wrote last: the data
folder and a SHA-256 of each card file, so that a database built from older files (after a
``git pull``) is noticed and reported instead of being used silently.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 09:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: Union[str, None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


# Plain ALTER TABLE ADD COLUMN (no batch copy-and-swap, which would cascade deletes on SQLite
# with foreign keys on: see 0002).


def upgrade() -> None:
    op.add_column('card_set', sa.Column('origin', sa.String(), server_default='file', nullable=False))
    # Which sets are designer sets. Before 0003 only ``db build`` made sets, each from a card
    # file and holding that file's cards (``card.origin = 'file'``). A set holding no file card
    # was therefore made in the lab: such rows come from a database of 0003 or later taken back
    # with ``alembic downgrade 0002``, which drops this column (and with it the mark) but keeps
    # the sets, their designer cards and the decks. Marking them again here is what lets
    # ``db build`` keep them instead of reading them as shipped sets gone from the files.
    op.execute("UPDATE card_set SET origin = 'designer' WHERE id NOT IN "
               "(SELECT set_id FROM card WHERE origin = 'file')")
    op.create_index('ix_card_set_origin', 'card_set', ['origin'])
    op.create_table('build_info',
                    sa.Column('key', sa.String(), nullable=False),
                    sa.Column('value', sa.JSON(), nullable=False),
                    sa.PrimaryKeyConstraint('key'))


def downgrade() -> None:
    op.drop_table('build_info')
    op.drop_index('ix_card_set_origin', table_name='card_set')
    if op.get_bind().dialect.name == 'sqlite':
        op.execute('ALTER TABLE card_set DROP COLUMN origin')
    else:
        op.drop_column('card_set', 'origin')
