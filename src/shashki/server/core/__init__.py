"""What every feature of the platform shares: the database, settings, errors, the bus between
instances, rate limits, texts, the web helpers and the base template.
"""
