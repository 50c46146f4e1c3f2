"""Ratings: Glicko-2 per variant and time class, their history and leaderboards
(docs/ratings.md)."""
