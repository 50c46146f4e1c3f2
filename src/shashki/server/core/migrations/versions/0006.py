"""the arbiters of an event besides its chief arbiter

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0006'
down_revision: str | Sequence[str] | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('event_arbiters',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id', 'user_id', name='uq_event_arbiters_user')
    )
    op.create_index(op.f('ix_event_arbiters_event_id'), 'event_arbiters', ['event_id'],
                    unique=False)
    op.create_index(op.f('ix_event_arbiters_user_id'), 'event_arbiters', ['user_id'],
                    unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index(op.f('ix_event_arbiters_user_id'), table_name='event_arbiters')
    op.drop_index(op.f('ix_event_arbiters_event_id'), table_name='event_arbiters')
    op.drop_table('event_arbiters')
