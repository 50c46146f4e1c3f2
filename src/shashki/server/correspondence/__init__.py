"""Correspondence play on the platform (Code chapter V): games by site or e-mail, leave, the
judge's and captain's forms, events, the mail channel.
"""
