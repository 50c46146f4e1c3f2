"""Finding a game: the lobby page, quick-pairing pools and open seeks with a rating range,
and the players' pages (docs/ratings.md)."""
