"""uvicorn's WebSocket protocol with a short closing handshake.

When the server closes a socket (a flood, code 4429), uvicorn waits up to 10 s for the
client's answering close frame, and meanwhile reads, parses and drops every frame the client
still sends. A flooder that never reads never answers: each of its sockets cost the server
10 s of parsing as fast as it could send (a quarter of the event loop's time in the hostile
load run). An honest client answers within its round trip; one second is plenty.

>>> Sockets.close_timeout_s
1.0
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class Sockets(WebSocketsSansIOProtocol):
    """The protocol ``shashki serve`` gives uvicorn (``ws=``): uvicorn's own, closing a
    socket whose client does not answer our close within :attr:`close_timeout_s`.

    >>> issubclass(Sockets, WebSocketsSansIOProtocol)
    True
    """

    close_timeout_s = 1.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = self.close_timeout_s
