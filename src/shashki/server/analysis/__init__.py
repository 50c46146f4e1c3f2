"""The free analysis board: any position (set up, or a FEN), moves played on it as a tree of
variations, the engine's lines live as it deepens (server-sent events from an engine
process of its own), and a retry of a game's mistake."""
