"""Composition contests on the platform: composing tournaments (entries under a
pseudonym, judges who see only diagrams and solutions, the award) and solving
competitions (positions, a time limit, solutions move by move, standings).

The rules and their scoring are :mod:`shashki.composition`'s; this package keeps the
contests in tables, appoints each contest's director and judges (per contest, never a
global role), and shows the pages. See docs/composition.md.
"""
