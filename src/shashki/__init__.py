"""shashki."""
