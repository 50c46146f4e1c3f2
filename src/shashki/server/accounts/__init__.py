"""Accounts: sign-up, login and sessions, roles and the administrators' page, API tokens."""
