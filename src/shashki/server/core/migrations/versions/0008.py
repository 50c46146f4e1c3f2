"""the games of an event's play-offs (Code 3.16.2)

Revision ID: 0008
Revises: c0001
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0008'
down_revision: str | Sequence[str] | None = 'c0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('event_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('playoff', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.drop_constraint('uq_event_games_slot', type_='unique')
        batch_op.create_unique_constraint('uq_event_games_slot',
                                          ['event_id', 'playoff', 'round', 'board', 'game_no'])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('event_games', schema=None) as batch_op:
        batch_op.drop_constraint('uq_event_games_slot', type_='unique')
        batch_op.create_unique_constraint('uq_event_games_slot',
                                          ['event_id', 'round', 'board', 'game_no'])
        batch_op.drop_column('playoff')
