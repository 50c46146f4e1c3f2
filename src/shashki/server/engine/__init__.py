"""The engine on the platform: games against the engine in worker processes, post-game
analysis.
"""
