"""Events: round robin, Swiss and micro-match events on the platform, their rounds and results,
and the arbiter's console.
"""
