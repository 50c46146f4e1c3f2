"""explorer: every position of the archive's games, for the opening explorer

Revision ID: g0001
Revises: r0001
Create Date: 2026-12-01

The games already in the archive are indexed here (their PDN replayed), so the explorer
knows them as it knows the games imported from now on.
"""

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'g0001'
down_revision: str | Sequence[str] | None = 'r0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('archive_positions',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('ply', sa.Integer(), nullable=False),
    sa.Column('key', sa.BigInteger(), nullable=False),
    sa.Column('move', sa.String(length=120), nullable=False),
    sa.Column('result', sa.String(length=8), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['archive_games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'ply')
    )
    with op.batch_alter_table('archive_positions', schema=None) as batch_op:
        batch_op.create_index('ix_archive_positions_key', ['key', 'move', 'result'],
                              unique=False)
    backfill()


def backfill() -> None:
    """Index the games stored before this revision."""
    from shashki.pdn.lexer import escape
    from shashki.server.archive.explorer import positions_of_pdn

    bind = op.get_bind()
    games = sa.table('archive_games', sa.column('id', sa.Integer), sa.column('result'),
                     sa.column('headers'), sa.column('movetext'))
    table = sa.table('archive_positions', sa.column('game_id'), sa.column('ply'),
                     sa.column('key'), sa.column('move'), sa.column('result'))
    last = 0
    while True:
        rows = bind.execute(sa.select(games).where(games.c.id > last)
                            .order_by(games.c.id).limit(500)).all()
        if not rows:
            break
        values = []
        for row in rows:
            headers = json.loads(row.headers or "{}")
            tags = "\n".join(f'[{k} "{escape(str(v))}"]' for k, v in headers.items())
            text = (tags + "\n\n" if tags else "") + (row.movetext or "")
            values += [{"game_id": row.id, "ply": p.ply, "key": p.key, "move": p.move,
                        "result": row.result} for p in positions_of_pdn(text)]
        if values:
            bind.execute(sa.insert(table), values)
        last = rows[-1].id


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('archive_positions', schema=None) as batch_op:
        batch_op.drop_index('ix_archive_positions_key')
    op.drop_table('archive_positions')
