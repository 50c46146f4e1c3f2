"""Replies by e-mail straight into the platform: an SMTP server (aiosmtpd) for the
correspondence channel (Code 5.1.1), for a site that receives its own mail.

``SHASHKI_SMTP_LISTEN=host:port`` starts it beside the web server; the domain's MX (or a
relay) delivers the replies to it. Each message goes through the same path as the HTTP
hook (``POST /api/corr/mail/inbound``): its token names the game and the player, the
sender must be that player's address, and a reply that cannot be read is answered by mail
with the reason.
"""

from __future__ import annotations

import logging
from typing import Any

from aiosmtpd.controller import Controller

from shashki.server.core.db import Database
from shashki.server.correspondence import service as corr

log = logging.getLogger("shashki.server.correspondence.mailin")

MAX_MESSAGE = 1_000_000


class Replies:
    """The aiosmtpd handler: one correspondence reply a message."""

    def __init__(self, db: Database, config: Any) -> None:
        self.db = db
        self.config = config
        """A :class:`~shashki.server.correspondence.service.CorrConfig`, or a callable giving it
        (the app's, which tests may replace)."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw: bytes = envelope.original_content or envelope.content
        if len(raw) > MAX_MESSAGE:
            return "552 message too large"
        cfg = self.config() if callable(self.config) else self.config
        try:
            with self.db.session() as s:
                result = corr.receive(s, cfg, raw)
            corr.deliver(self.db.session, cfg, result.answer, result.game_id)
        except Exception:
            log.exception("could not take a reply by e-mail")
            return "451 try again later"
        log.info("reply by e-mail: game %s, %s (%s)", result.game_id,
                 "accepted" if result.accepted else "refused", result.detail)
        return "250 OK"  # a refused reply is answered by mail with the reason


def listen(address: str, db: Database, config: Any) -> Controller:
    """Start the SMTP server on ``host:port``; stop it with ``.stop()``."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"SHASHKI_SMTP_LISTEN={address!r}: write host:port")
    ctl = Controller(Replies(db, config), hostname=host, port=int(port),
                     data_size_limit=MAX_MESSAGE)
    ctl.start()
    return ctl
