"""events, pairings, arbiters' rulings and sanctions

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

"""
from collections.abc import Sequence

# revision identifiers, used by Alembic.
revision: str = '0002'
down_revision: str | Sequence[str] | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""


def downgrade() -> None:
    """Downgrade schema."""
