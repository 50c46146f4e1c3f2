"""Live play: challenges, the lobby, live games with their clocks (the hub), the game page, its
WebSocket, the games' REST API and streams.
"""
