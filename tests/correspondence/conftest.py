from __future__ import annotations

from datetime import UTC, datetime

import pytest

from shashki.correspondence import SimulatedClock


@pytest.fixture
def clock() -> SimulatedClock:
    """A simulated calendar: 2 March 2026, 09:00 UTC (12:00 in Moscow)."""
    return SimulatedClock(datetime(2026, 3, 2, 9, tzinfo=UTC))
