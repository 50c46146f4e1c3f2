"""correspondence games start when accepted; a judge named for a game outside an event

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0007'
down_revision: str | Sequence[str] | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('corr_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('invited_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('judge_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_corr_games_invited_id_users', 'users',
                                    ['invited_id'], ['id'])
        batch_op.create_foreign_key('fk_corr_games_judge_id_users', 'users',
                                    ['judge_id'], ['id'])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('corr_games', schema=None) as batch_op:
        batch_op.drop_constraint('fk_corr_games_judge_id_users', type_='foreignkey')
        batch_op.drop_constraint('fk_corr_games_invited_id_users', type_='foreignkey')
        batch_op.drop_column('judge_id')
        batch_op.drop_column('invited_id')
