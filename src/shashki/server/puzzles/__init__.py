"""Puzzles: positions of the archive's and the platform's analysed games where one move
wins material or the game, mined by a job, each with a Glicko-2 rating, for every
variant."""
