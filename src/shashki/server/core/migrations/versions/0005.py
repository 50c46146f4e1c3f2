"""role changes: the administrators' audit record

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0005'
down_revision: str | Sequence[str] | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('role_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('old_role', sa.String(length=16), nullable=False),
    sa.Column('new_role', sa.String(length=16), nullable=False),
    sa.Column('via', sa.String(length=8), nullable=False),
    sa.Column('reason', sa.String(length=300), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['users.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_role_changes_at'), 'role_changes', ['at'], unique=False)
    op.create_index(op.f('ix_role_changes_user_id'), 'role_changes', ['user_id'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index(op.f('ix_role_changes_user_id'), table_name='role_changes')
    op.drop_index(op.f('ix_role_changes_at'), table_name='role_changes')
    op.drop_table('role_changes')
