"""The web platform: ``shashki serve``.

FastAPI app (:func:`~shashki.server.app.create_app`) with SQLAlchemy models and Alembic
migrations, argon2 passwords, cookie sessions with CSRF tokens, and live games over
WebSockets whose clocks the server keeps (:mod:`shashki.server.play.live`). All rules come
from :class:`shashki.game.Game`; the server adds none.
"""

from shashki.server.core.settings import Settings

__all__ = ["Settings"]
