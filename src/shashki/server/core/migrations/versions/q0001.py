"""players: takebacks (moves kept, marked taken back), rated correspondence games and
their rating changes, the correspondence turn e-mail setting

Revision ID: q0001
Revises: p0001
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'q0001'
down_revision: str | Sequence[str] | None = 'p0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOT_TAKEN_BACK = sa.text("NOT taken_back")


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('taken_back', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.drop_constraint('uq_moves_game_ply', type_='unique')
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.alter_column('taken_back', server_default=None)
        batch_op.create_index('uq_moves_game_ply', ['game_id', 'ply'], unique=True,
                              sqlite_where=NOT_TAKEN_BACK, postgresql_where=NOT_TAKEN_BACK)

    with op.batch_alter_table('corr_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('corr_games', schema=None) as batch_op:
        batch_op.alter_column('rated', server_default=None)

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('turn_mail', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.alter_column('turn_mail', server_default=None)

    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.alter_column('game_id', existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column('corr_game_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_rating_changes_corr_game', 'corr_games',
                                    ['corr_game_id'], ['id'], ondelete='CASCADE')
        batch_op.create_unique_constraint('uq_rating_changes_corr_user',
                                          ['corr_game_id', 'user_id'])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.drop_constraint('uq_rating_changes_corr_user', type_='unique')
        batch_op.drop_constraint('fk_rating_changes_corr_game', type_='foreignkey')
        batch_op.drop_column('corr_game_id')
    op.execute("DELETE FROM rating_changes WHERE game_id IS NULL")
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.alter_column('game_id', existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('turn_mail')
    with op.batch_alter_table('corr_games', schema=None) as batch_op:
        batch_op.drop_column('rated')
    op.execute("DELETE FROM moves WHERE taken_back")
    with op.batch_alter_table('moves', schema=None) as batch_op:
        batch_op.drop_index('uq_moves_game_ply')
        batch_op.drop_column('taken_back')
        batch_op.create_unique_constraint('uq_moves_game_ply', ['game_id', 'ply'])
